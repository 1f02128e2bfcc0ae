//! What can be said of a play before it is run, part by part (each connected part of the graph
//! plays on its own):
//! - a finite type ends, whatever the start and the order of firing;
//! - if c·v > 0 for the positive vector c with cᵀA = 0 (an affine part's null vector, of the
//!   transposed matrix), the play never ends: c·v never changes, and a state with no positive
//!   value has c·v ≤ 0; in the numbers game c·v = 0 never ends either (from a state other than
//!   zero: each move is a reflection, and only zero reflects to zero), and c·v < 0 ends
//!   (Eriksson's strong convergence: the affine group's Tits cone);
//! - in the numbers game, a start with no negative value on a part that is not of finite type
//!   never ends (from there a play ends exactly when the group is finite); concurrent firing
//!   plays the same while the positive nodes are never neighbours, which a bipartite part keeps
//!   from such a start when they lie on one side of it.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::cartan::{self, Kind};
use super::diagram::Diagram;
use super::play::Style;
use super::values::Values;

/// The null vector δ of E9 (affine Ẽ8) in canonical order V0..V8: C·δ = 0, so δ·v is invariant.
pub const E9_DELTA: [i64; 9] = [3, 2, 4, 6, 5, 4, 3, 2, 1];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every play terminates (finite type).
    WillTerminate,
    /// This play ends, for the reason given (an affine graph's numbers game with c·v < 0).
    Ends(String),
    /// Proven never to terminate, with the reason.
    NeverTerminates(String),
    /// Nothing proven: Exhaust fire may never finish.
    Unknown(String),
}

impl Verdict {
    pub fn describe(&self) -> String {
        match self {
            Verdict::WillTerminate => "Exhaust fire will terminate".to_string(),
            Verdict::Ends(why) => format!("this play ends: {why}"),
            Verdict::NeverTerminates(why) => format!("will never terminate: {why}"),
            Verdict::Unknown(why) => why.clone(),
        }
    }
}

/// What the graph is, part by part: "E8 · finite type · Coxeter number h = 30" for the seed's
/// graphs, as the applet always said; for the others each part's type with its reason: a
/// finite one's name, Coxeter number and positive roots, an affine one's name and null vector.
pub fn type_sentence(graph: &Diagram) -> String {
    if graph.family().is_some() {
        let mut about = format!("{} · {}", graph.name(), graph.kind().describe());
        if let Some(h) = graph.coxeter_number() {
            let roots = graph.n() as u32 * h / 2;
            about.push_str(&format!(
                " · Coxeter number h = {h} · {roots} positive root{}",
                if roots == 1 { "" } else { "s" }
            ));
        }
        return about;
    }
    let parts = cartan::verdict(graph.cartan());
    let words: Vec<String> = parts
        .iter()
        .map(|part| {
            let nodes = if parts.len() > 1 {
                let first = graph.label(part.nodes[0]);
                format!("the part with {first}: ")
            } else {
                String::new()
            };
            let what = match (part.kind, &part.name) {
                (Kind::Finite, Some(name)) => {
                    let roots = part.positive_roots.unwrap_or(0);
                    format!(
                        "finite type {name}, Coxeter number h = {}, {roots} positive root{}",
                        part.coxeter_number.unwrap_or(0),
                        if roots == 1 { "" } else { "s" }
                    )
                }
                (Kind::Finite, None) => "finite type".to_string(),
                (Kind::Affine, name) => format!(
                    "{}, null vector δ = ({})",
                    name.clone().unwrap_or_else(|| "affine type".into()),
                    part.null_vector
                        .as_ref()
                        .map(|d| d.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
                        .unwrap_or_default()
                ),
                (Kind::Indefinite, _) => {
                    "indefinite type (neither finite nor affine: its plays may grow for ever)"
                        .to_string()
                }
            };
            format!("{nodes}{what}")
        })
        .collect();
    format!("{} · {}", graph.name(), words.join("; "))
}

/// How many moves the numbers game takes from `values` on a graph of finite type (the same in
/// every order); None on other graphs, or past `most` moves.
pub fn numbers_game_length(graph: &Diagram, values: &Values, most: usize) -> Option<usize> {
    if cartan::overall(&cartan::verdict(graph.cartan())) != Kind::Finite {
        return None;
    }
    let mut play = super::Game::new(graph.clone(), values.clone()).ok()?;
    let (reason, moves) =
        play.exhaust_with(super::ExhaustRun::with_style(most, Style::FirstPositive));
    (reason == super::StopReason::Terminated).then_some(moves)
}

/// δ·v for E9 (the first nine values).
pub fn e9_delta_dot(values: &Values) -> BigInt {
    (0..values.len().min(9))
        .map(|i| values.get(i) * BigInt::from(E9_DELTA[i]))
        .sum()
}

/// The verdict of concurrent firing (the seed's game).
pub fn verdict(graph: &Diagram, values: &Values) -> Verdict {
    verdict_for(graph, values, Style::Concurrent)
}

/// The verdict of a play whose moves are chosen as `style` says.
pub fn verdict_for(graph: &Diagram, values: &Values, style: Style) -> Verdict {
    let parts = cartan::verdict(graph.cartan());
    let several = parts.len() > 1;
    let mut unknown: Option<String> = None;
    let mut ends: Option<String> = None;
    for part in &parts {
        let named = |why: String| {
            if several {
                format!("{why} (on the part with {})", graph.label(part.nodes[0]))
            } else {
                why
            }
        };
        match part_verdict(graph, values, style, part) {
            Verdict::NeverTerminates(why) => return Verdict::NeverTerminates(named(why)),
            Verdict::Unknown(why) => {
                unknown.get_or_insert(why);
            }
            Verdict::Ends(why) => {
                ends.get_or_insert(named(why));
            }
            Verdict::WillTerminate => {}
        }
    }
    match (unknown, ends) {
        (Some(why), _) => Verdict::Unknown(why),
        (None, Some(why)) => Verdict::Ends(why),
        (None, None) => Verdict::WillTerminate,
    }
}

fn part_verdict(
    graph: &Diagram,
    values: &Values,
    style: Style,
    part: &cartan::Component,
) -> Verdict {
    let nodes = &part.nodes;
    let positive = nodes.iter().any(|&i| values.is_positive(i));
    if part.kind == Kind::Finite || !positive {
        return Verdict::WillTerminate;
    }
    let one_at_a_time = style != Style::Concurrent;
    let may_not_finish = || {
        Verdict::Unknown("this graph is not of finite type: Exhaust fire may never finish".into())
    };
    if part.kind == Kind::Affine {
        let transposed = graph.cartan().restrict(nodes).transpose();
        let Some(c) = cartan::positive_null_vector(&transposed) else {
            return may_not_finish();
        };
        let d: BigInt = nodes
            .iter()
            .zip(&c)
            .map(|(&i, &ci)| values.get(i) * BigInt::from(ci))
            .sum();
        // The seed's E9 says δ·v, as it always did; other graphs name c, which differs from
        // δ where the matrix is not symmetric.
        let (dot, defined) = if graph.family().is_some() {
            ("δ·v", String::new())
        } else {
            let c: Vec<String> = c.iter().map(i64::to_string).collect();
            ("c·v", format!(" (c = ({}), cᵀA = 0)", c.join(", ")))
        };
        return if d.is_positive() {
            Verdict::NeverTerminates(format!(
                "{dot} = {d} > 0 is invariant{defined} and a terminal state has {dot} ≤ 0"
            ))
        } else if one_at_a_time && d.is_zero() {
            Verdict::NeverTerminates(format!(
                "{dot} = 0 is invariant{defined}: only the zero state ends such a play, and no move reaches it"
            ))
        } else if one_at_a_time {
            Verdict::Ends(format!(
                "{dot} = {d} < 0{defined}, and on an affine graph the numbers game ends exactly from such a start"
            ))
        } else if d.is_zero() {
            Verdict::Unknown(format!(
                "this graph is not of finite type: with {dot} = 0 the play may loop or reach zero"
            ))
        } else {
            may_not_finish()
        };
    }
    let non_negative = nodes.iter().all(|&i| values.sign(i).is_ge());
    if non_negative && (one_at_a_time || single_colour(graph, nodes, values)) {
        Verdict::NeverTerminates(
            "a non-negative start on a graph that is not a Dynkin diagram plays as the numbers game, which never terminates there"
                .to_string(),
        )
    } else {
        may_not_finish()
    }
}

/// Whether the part is bipartite and its positive nodes lie on one side.
fn single_colour(graph: &Diagram, nodes: &[usize], values: &Values) -> bool {
    let mut colour = vec![u8::MAX; graph.node_count()];
    let mut stack = vec![nodes[0]];
    colour[nodes[0]] = 0;
    while let Some(a) = stack.pop() {
        for b in graph.neighbours(a) {
            if colour[b] == u8::MAX {
                colour[b] = 1 - colour[a];
                stack.push(b);
            } else if colour[b] == colour[a] {
                return false;
            }
        }
    }
    let mut seen = [false, false];
    for &i in nodes {
        if values.is_positive(i) {
            seen[colour[i] as usize] = true;
        }
    }
    !(seen[0] && seen[1])
}
