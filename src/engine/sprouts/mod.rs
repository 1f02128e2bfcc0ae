//! Sprouts, as analysed by Glop 1.0 (Lemoine & Viennot): positions in Glop's string notations,
//! children, canonization, win/loss and nimber search with a database of losing couples,
//! check computations (certificates), proof graphs and filters. Plain Rust, no web dependencies.
//!
//! Where things live:
//! - `symbols`: the symbol codes and Glop's comparison order;
//! - `position`: canonical lands and positions, lives, child estimates;
//! - `notation`: reading and writing the 1.0 and 2.x notations;
//! - `canon`: reduction, land splitting and canonization of generated positions;
//! - `children`: move generation;
//! - `database`: the compact store of losing couples, `.spr` files, merging, filters;
//! - `search`: the stoppable, resumable loss search with levels and zapping (Glop's depth-first
//!   and probing strategies), and what every strategy offers (`Computation`);
//! - `dfpn`: the depth-first proof-number search, the default;
//! - `solving`: the one front every caller solves through (a request, a stepping computation,
//!   typed errors), over the searches above, misère play and teams;
//! - `parallel`: natively, a team of df-pn searches on as many threads, sharing their losses;
//! - `exchange`: couples as 16-bit words, as the page's workers pass them to one another;
//! - `proof`: check computations, complete check and the Graphviz proof graph;
//! - `play`: the game move by move, as a turn game (engine::turn);
//! - `misere`: misère play (the player who cannot move wins): canonical misère trees of small
//!   lands, searched with the rest;
//! - `board`, `drawing`, `route`, `player`, `drawn`: the game drawn: the board's moves, strokes read
//!   into them, the computer's strokes and its choice of move;
//! - `thinker`: the computer's turn on the drawn board (searching, drafting, making room), stepped
//!   by a page.

pub mod board;
pub mod canon;
pub mod children;
pub mod database;
pub mod dfpn;
pub mod drawing;
pub mod drawn;
pub mod exchange;
pub mod layout;
pub mod misere;
pub mod notation;
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
pub mod play;
pub mod player;
pub mod position;
pub mod proof;
pub mod route;
pub mod search;
pub mod solving;
pub mod symbols;
pub mod thinker;

pub use children::{check_computable, children, TooLarge};
pub use database::{Database, Filter};
pub use notation::{Notation, ParseError};
pub use position::{Land, Position};
pub use search::{
    children_with_nimbers, solve, solve_with, Answer, Computation, Contradiction, Couple, Goal,
    Progress, Search, Stats, Strategy, Verdict,
};
pub use solving::{Bases, Question, Request, SolveError, Solving, Workers};
