//! Misère Sprouts: the player who cannot move wins.
//!
//! Nimbers do not carry over to misère play, but misère game trees do simplify (Conway's
//! canonical forms), and a land's simplified tree is usually tiny. So `solver` turns every small
//! land into its canonical tree (`trees`) and searches the rest of a position as Sprouts,
//! alongside the trees; `plain` searches whole positions, nothing simplified, as a yardstick.
//! The theory, with its sources, is in docs/misere.md.

pub mod base;
mod generations;
mod key;
mod kids;
pub mod plain;
pub mod player;
mod pn;
pub mod search;
pub mod solver;
pub mod trees;

pub use base::{BaseCounts, BaseError, BaseReader, MAX_TREE_LIVES, MISERE_HEADER};
pub use plain::Plain;
pub use player::Perfect;
pub use search::{Child, Level, Search};
pub use solver::Solver;
pub use trees::{TreeId, Trees};

/// Why a misère search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfinished {
    /// It would have had to do more work than it was allowed (the figure is the limit).
    Budget(u64),
    /// The engine could not list a position's children (too large for its names).
    TooLarge(String),
    /// Its `Stop` asked it to (a time limit, the page's Stop button).
    Stopped,
    /// It needs more than its memory limit (the figure, in bytes): what it must keep (lost
    /// states, lands' trees) outgrew it, or its caches had to be emptied again at once.
    Memory(usize),
}
