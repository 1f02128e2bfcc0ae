//! Chain Reaction (docs/chain-reaction.md): 2–8 players drop orbs on an R × C grid; a cell at
//! its critical mass (its number of neighbours) explodes into its neighbours and takes them over.
//! Plain Rust, no web dependencies.
//!
//! - `game`: settings, the state, moves with waves of explosions, undo, the text forms;
//! - `automaton`: the report's per-cell automaton states (S10 … S33, S'10 …);
//! - `ai`: the computer levels, weakest first;
//! - `solve`: exact values of two-player positions on small boards, and on them `perfect`, the
//!   level that plays them, and `analysis`, every cell's value worked out in slices;
//! - `explain`: a move in words (the chain, the cells taken, the threat answered).

pub mod ai;
pub mod analysis;
pub mod automaton;
pub mod explain;
pub mod game;
pub mod perfect;
pub mod solve;

pub use game::{Game, MoveError, MoveReport, Settings, SettingsError};
