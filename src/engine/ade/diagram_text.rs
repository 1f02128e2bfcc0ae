//! A diagram as one line of text, for share links, the play page's address, Embed this and the
//! CLI: a preset's name (`E8`, `B3`, `~A4`), or `N:edges` for any graph of N nodes, either
//! followed by `@places` when its nodes are not where they would be drawn anyway.
//!
//! - Edges join node numbers 1..N: `1-2` is −1 both ways; `2-3.2.1` sets a_23 = −2, a_32 = −1.
//! - Places are `x,y` in steps between neighbours, one per node, separated by `;`.
//!
//! Example: B3 is also `3:1-2,2-3.1.2`; the IMO pentagon is `5:1-2,2-3,3-4,4-5,5-1`.

use super::cartan::{Cartan, MOST_ENTRY, MOST_NODES};
use super::diagram::{identity_rows, Diagram, Place};
use super::presets::preset;

/// The longest text a diagram is read from (a 64-node graph with every edge weighted and every
/// node placed stays under it).
pub const MOST_TEXT: usize = 40_000;

/// The text of a diagram: what `parse` reads back to the same matrix and places.
pub fn format(diagram: &Diagram) -> String {
    if let Some(name) = diagram.preset_name() {
        let same_places = preset(name).is_some_and(|p| p.places() == diagram.places());
        return if same_places {
            name.to_string()
        } else {
            format!("{name}@{}", places_text(diagram.places()))
        };
    }
    let edges: Vec<String> = diagram
        .edges()
        .into_iter()
        .map(|(a, b)| match diagram.weights(a, b) {
            (1, 1) => format!("{}-{}", a + 1, b + 1),
            (p, q) => format!("{}-{}.{p}.{q}", a + 1, b + 1),
        })
        .collect();
    let text = format!("{}:{}", diagram.n(), edges.join(","));
    let laid_out = Diagram::of_cartan(diagram.cartan().clone(), None)
        .is_ok_and(|d| d.places() == diagram.places());
    if laid_out {
        text
    } else {
        format!("{text}@{}", places_text(diagram.places()))
    }
}

fn places_text(places: &[Place]) -> String {
    places
        .iter()
        .map(|(x, y)| format!("{},{}", number(*x), number(*y)))
        .collect::<Vec<_>>()
        .join(";")
}

/// A place's coordinate without a trailing `.0`.
fn number(v: f64) -> String {
    let v = if v == 0.0 { 0.0 } else { v };
    format!("{v}")
}

/// Reads a diagram's text (see the module's comment); the message says what is wrong.
pub fn parse(text: &str) -> Result<Diagram, String> {
    let text = text.trim();
    if text.len() > MOST_TEXT {
        return Err(format!(
            "a graph's text has at most {MOST_TEXT} characters, not {}",
            text.len()
        ));
    }
    let (graph, places) = match text.split_once('@') {
        Some((graph, places)) => (graph.trim(), Some(parse_places(places)?)),
        None => (text, None),
    };
    let diagram = match graph.split_once(':') {
        Some((count, edges)) => {
            let cartan = parse_edges(count, edges)?;
            Diagram::of_cartan(cartan, None)?
        }
        None => preset(graph).ok_or_else(|| match Diagram::parse(graph) {
            // An A, D or E out of range says its range.
            Err(e @ super::diagram::GraphError::OutOfRange { .. }) => e.to_string(),
            _ => format!(
                "'{}' is not a graph: give a preset's name such as E8, B3, ~A4, or N:edges such as 3:1-2,2-3",
                crate::echo::echo(graph)
            ),
        })?,
    };
    match places {
        Some(places) => diagram.with_places(places),
        None => Ok(diagram),
    }
}

fn parse_edges(count: &str, edges: &str) -> Result<Cartan, String> {
    let n: usize = count
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=MOST_NODES).contains(n))
        .ok_or_else(|| {
            format!(
                "'{}' is not a number of nodes from 1 to {MOST_NODES}",
                crate::echo::echo(count)
            )
        })?;
    let mut rows = identity_rows(n);
    for item in edges.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = || {
            format!(
                "'{}' is not an edge: write 1-2, or 2-3.2.1 for a_23 = -2 and a_32 = -1",
                crate::echo::echo(item)
            )
        };
        let mut parts = item.split('.');
        let (a, b) = parts
            .next()
            .and_then(|e| e.split_once('-'))
            .ok_or_else(bad)?;
        let node = |t: &str| -> Result<usize, String> {
            t.trim()
                .parse::<usize>()
                .ok()
                .filter(|k| (1..=n).contains(k))
                .map(|k| k - 1)
                .ok_or_else(|| {
                    format!(
                        "edge '{}': nodes are numbered 1 to {n}",
                        crate::echo::echo(item)
                    )
                })
        };
        let (a, b) = (node(a)?, node(b)?);
        let weight = |t: Option<&str>| -> Result<i64, String> {
            match t {
                None => Ok(1),
                Some(t) => t
                    .trim()
                    .parse::<i64>()
                    .ok()
                    .filter(|w| (1..=MOST_ENTRY).contains(w))
                    .ok_or_else(|| {
                        format!(
                            "edge '{}': a weight is a whole number from 1 to {MOST_ENTRY}",
                            crate::echo::echo(item)
                        )
                    }),
            }
        };
        let (p, q) = (weight(parts.next())?, weight(parts.next())?);
        if parts.next().is_some() {
            return Err(bad());
        }
        if a == b {
            return Err(format!(
                "edge '{}' joins a node to itself",
                crate::echo::echo(item)
            ));
        }
        if rows[a][b] != 0 {
            return Err(format!("edge '{}' is given twice", crate::echo::echo(item)));
        }
        rows[a][b] = -p;
        rows[b][a] = -q;
    }
    Cartan::new(rows)
}

fn parse_places(text: &str) -> Result<Vec<Place>, String> {
    text.split(';')
        .enumerate()
        .map(|(i, pair)| {
            let bad = || {
                format!(
                    "place {} '{}' is not x,y (two numbers)",
                    i + 1,
                    crate::echo::echo(pair)
                )
            };
            let (x, y) = pair.split_once(',').ok_or_else(bad)?;
            let x: f64 = x.trim().parse().map_err(|_| bad())?;
            let y: f64 = y.trim().parse().map_err(|_| bad())?;
            Ok((x, y))
        })
        .collect()
}
