//! The text form of an ADE position, used by shareable URLs and embed attributes:
//! `E8/1,0,0,0,0,0,0,0/12` = graph, start values in canonical order, layers fired (optional;
//! present means Playing mode).

use super::graph::AdeGraph;
use super::values::parse_node_value;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedPosition {
    pub graph: AdeGraph,
    pub start: Vec<i64>,
    /// Layers fired from the start; `None` = Editing mode.
    pub fired: Option<usize>,
}

/// Longest play a link may ask to replay (replaying is cheap, but a link must not hang a page).
pub const MAX_SHARED_LAYERS: usize = 100_000;

impl SharedPosition {
    pub fn to_text(&self) -> String {
        let values: Vec<String> = self.start.iter().map(i64::to_string).collect();
        match self.fired {
            Some(fired) => format!("{}/{}/{fired}", self.graph.name(), values.join(",")),
            None => format!("{}/{}", self.graph.name(), values.join(",")),
        }
    }

    pub fn parse(text: &str) -> Result<SharedPosition, String> {
        let mut parts = text.trim().split('/');
        let graph = AdeGraph::parse(parts.next().unwrap_or("")).map_err(|e| e.to_string())?;
        let start = match parts.next() {
            Some(values) => parse_values(&graph, values)?,
            None => default_start(&graph),
        };
        let fired = match parts.next() {
            Some(n) => Some(
                n.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= MAX_SHARED_LAYERS)
                    .ok_or_else(|| {
                        format!(
                            "'{}' is not a number of layers from 0 to {MAX_SHARED_LAYERS}",
                            crate::echo::echo(n)
                        )
                    })?,
            ),
            None => None,
        };
        if parts.next().is_some() {
            return Err("expected graph/values/layers, like E8/1,0,0,0,0,0,0,0/12".to_string());
        }
        Ok(SharedPosition {
            graph,
            start,
            fired,
        })
    }
}

/// The values after Load: V1 = 1, all others 0 (a single 1, like the original applet).
pub fn default_start(graph: &AdeGraph) -> Vec<i64> {
    let mut start = vec![0; graph.node_count()];
    if let Some(v1) = graph.index_of("V1") {
        start[v1] = 1;
    }
    start
}

/// `1,0,-2,...`: one integer per node, in canonical order.
pub fn parse_values(graph: &AdeGraph, text: &str) -> Result<Vec<i64>, String> {
    let items: Vec<&str> = text.split(',').collect();
    graph.check_value_count(items.len())?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| parse_node_value(item).map_err(|e| format!("{}: {e}", graph.label(i))))
        .collect()
}
