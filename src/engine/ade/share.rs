//! The text form of an ADE position, used by shareable URLs and embed attributes:
//! `E8/1,0,0,0,0,0,0,0/12` = graph (`diagram_text`), start values in node order, moves made
//! (optional; present means Playing mode): a number of concurrent layers, or a list such as
//! `V3,V1,2` where `V3` is node V3 fired alone and `2` two layers.

use super::diagram::Diagram;
use super::diagram_text;
use super::play::Move;
use super::presets::preset_start;
use super::values::parse_node_value;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedPosition {
    pub graph: Diagram,
    pub start: Vec<i64>,
    /// Moves made from the start; `None` = Editing mode.
    pub moves: Option<Vec<Move>>,
}

/// Longest play a link may ask to replay (replaying is cheap, but a link must not hang a page).
pub const MAX_SHARED_LAYERS: usize = 100_000;

impl SharedPosition {
    pub fn to_text(&self) -> String {
        let values: Vec<String> = self.start.iter().map(i64::to_string).collect();
        let graph = diagram_text::format(&self.graph);
        match &self.moves {
            Some(moves) => format!(
                "{graph}/{}/{}",
                values.join(","),
                moves_text(&self.graph, moves)
            ),
            None => format!("{graph}/{}", values.join(",")),
        }
    }

    /// The number of moves made, 0 while editing.
    pub fn move_count(&self) -> usize {
        self.moves.as_ref().map_or(0, Vec::len)
    }

    pub fn parse(text: &str) -> Result<SharedPosition, String> {
        let mut parts = text.trim().split('/');
        let graph = diagram_text::parse(parts.next().unwrap_or(""))?;
        let start = match parts.next() {
            Some(values) => parse_values(&graph, values)?,
            None => default_start(&graph),
        };
        let moves = match parts.next() {
            Some(text) => Some(parse_moves(&graph, text)?),
            None => None,
        };
        if parts.next().is_some() {
            return Err("expected graph/values/layers, like E8/1,0,0,0,0,0,0,0/12".to_string());
        }
        Ok(SharedPosition {
            graph,
            start,
            moves,
        })
    }
}

/// The values after Load: V1 = 1, all others 0 (a single 1, like the original applet), or
/// the preset's own start.
pub fn default_start(graph: &Diagram) -> Vec<i64> {
    if let Some(start) = graph.preset_name().and_then(preset_start) {
        if start.len() == graph.node_count() {
            return start;
        }
    }
    let mut start = vec![0; graph.node_count()];
    if let Some(v1) = graph.index_of("V1") {
        start[v1] = 1;
    }
    start
}

/// `1,0,-2,...`: one integer per node, in canonical order.
pub fn parse_values(graph: &Diagram, text: &str) -> Result<Vec<i64>, String> {
    let items: Vec<&str> = text.split(',').collect();
    graph.check_value_count(items.len())?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| parse_node_value(item).map_err(|e| format!("{}: {e}", graph.label(i))))
        .collect()
}

/// Moves as text: runs of layers as their count, single fires as their node's label.
pub fn moves_text(graph: &Diagram, moves: &[Move]) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut layers = 0usize;
    for step in moves {
        match step {
            Move::Layer => layers += 1,
            Move::Node(i) => {
                if layers > 0 {
                    items.push(layers.to_string());
                    layers = 0;
                }
                items.push(graph.label(*i));
            }
        }
    }
    if layers > 0 || items.is_empty() {
        items.push(layers.to_string());
    }
    items.join(",")
}

/// Reads `12` or `V3,V1,2`; at most `MAX_SHARED_LAYERS` moves in all.
pub fn parse_moves(graph: &Diagram, text: &str) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    for item in text.split(',').map(str::trim) {
        let too_many = || format!("a link replays at most {MAX_SHARED_LAYERS} moves");
        if item.starts_with(['V', 'v']) {
            let i = graph.index_of(item).ok_or_else(|| {
                format!(
                    "'{}' is not a node of {}",
                    crate::echo::echo(item),
                    graph.name()
                )
            })?;
            if moves.len() >= MAX_SHARED_LAYERS {
                return Err(too_many());
            }
            moves.push(Move::Node(i));
        } else {
            let count = item
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= MAX_SHARED_LAYERS)
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a number of layers from 0 to {MAX_SHARED_LAYERS} or a node such as V3",
                        crate::echo::echo(item)
                    )
                })?;
            if moves.len() + count > MAX_SHARED_LAYERS {
                return Err(too_many());
            }
            moves.extend(std::iter::repeat_n(Move::Layer, count));
        }
    }
    Ok(moves)
}
