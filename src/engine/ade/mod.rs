//! The ADE Concurrent Game and the numbers game: integers on the nodes of a graph (the seed's
//! A, D and E, or any generalized Cartan matrix, `diagram`); every positive node fires at once
//! (`v' = v − A·v⁺`), or one chosen node does; and any graph's type and roots (`cartan`). The
//! rules in the project's words: docs/ade.md.

pub mod cartan;
mod diagram;
pub mod diagram_text;
mod layout;
mod play;
pub mod presets;
mod share;
mod trace;
mod values;
mod verdict;

pub use diagram::{Diagram, Family, GraphError, GraphKind, Place, MAX_N};
pub use play::{
    two_orders, ExhaustRun, FireOutcome, Game, Move, StopReason, Style, HISTORY_BYTES_LIMIT,
};
pub use share::{
    default_start, moves_text, parse_moves, parse_values, SharedPosition, MAX_SHARED_LAYERS,
};
pub use trace::trace_line;
pub use values::{parse_integer, parse_node_value, ValueError, Values};
pub use verdict::{
    e9_delta_dot, numbers_game_length, type_sentence, verdict, verdict_for, Verdict, E9_DELTA,
};
