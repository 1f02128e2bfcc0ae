//! Dots and Boxes (specs/dots-and-boxes.md): lines numbered as OpenSpiel's action ids, the
//! "move again" rule, DBN position strings, and an exact solver for small boards.
//! Plain Rust, no web dependencies.
//!
//! - `board`: geometry (line ids, boxes, sides) and the game with undo/redo;
//! - `lines`: a position as drawn lines (taken sides, safe lines);
//! - `original`: the seed's rule-based player (Rules 4–17);
//! - `solver`: exact values by alpha-beta with a two-bound transposition table.

pub mod board;
pub mod lines;
pub mod original;
pub mod solver;

pub use board::{Board, Game, MoveError};
