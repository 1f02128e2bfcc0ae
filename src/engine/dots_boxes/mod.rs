//! Dots and Boxes (docs/dots-and-boxes.md): lines numbered as OpenSpiel's action ids, the
//! "move again" rule, DBN position strings, and an exact solver for small boards.
//! Plain Rust, no web dependencies.
//!
//! - `analysis`: the solved value and win/draw/loss marks of every line, in slices;
//! - `board`: geometry (line ids, boxes, sides) and the game with undo/redo;
//! - `lines`: a position as drawn lines (taken sides, safe lines);
//! - `notation`: export and import (OpenSpiel ids, DBN, KSquares' numbering);
//! - `original`: the seed's rule-based player (Rules 4–17);
//! - `endgame`: chains and loops, and the exact value of simple loony endgames;
//! - `strong`: the Strong player's play beyond exact search (control, chain counting);
//! - `players`: the levels and a player that thinks in slices;
//! - `solver`: exact values by alpha-beta with a two-bound transposition table.

pub mod analysis;
pub mod board;
pub mod endgame;
pub mod lines;
pub mod notation;
pub mod original;
pub mod players;
pub mod solver;
pub mod strong;

pub use board::{Board, Direction, Game, MoveError};
pub use players::{Level, Player};
