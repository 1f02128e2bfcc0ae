//! Chain Reaction (docs/chain-reaction.md): 2–8 players drop orbs on an R × C grid; a cell at
//! its critical mass (its number of neighbours) explodes into its neighbours and takes them over.
//! Plain Rust, no web dependencies.
//!
//! - `game`: settings, the state, moves with waves of explosions, undo, the text forms;
//! - `automaton`: the report's per-cell automaton states (S10 … S33, S'10 …);
//! - `solve`: exact values of two-player positions on small boards;
//! - `link`: a game in a share link.

pub mod ai;
pub mod automaton;
pub mod game;
pub mod solve;

pub use game::{Game, MoveError, MoveReport, Settings, SettingsError};
