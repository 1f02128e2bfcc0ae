//! The ADE Concurrent Game: integers on the nodes of an A, D or E graph; every positive node
//! fires at once (`v' = v − C·v⁺`); and any graph's type and roots (`cartan`). The rules in
//! the project's words: docs/ade.md.

pub mod cartan;
mod graph;
mod play;
mod share;
mod trace;
mod values;
mod verdict;

pub use graph::{AdeGraph, Family, GraphError, GraphKind, MAX_N};
pub use play::{ExhaustRun, FireOutcome, Game, StopReason, HISTORY_BYTES_LIMIT};
pub use share::{default_start, parse_values, SharedPosition, MAX_SHARED_LAYERS};
pub use trace::trace_line;
pub use values::{parse_integer, parse_node_value, ValueError, Values};
pub use verdict::{e9_delta_dot, verdict, Verdict, E9_DELTA};
