//! Bazaar (docs/bazaar.md): the trading game of Northeastern's CS 4500, Fall 2024. Plain Rust,
//! no web dependencies.
//!
//! - `pebbles`, `equations`, `cards`: the pieces and their tie-breaking orders;
//! - `state`: the game state and what a player sees of it;
//! - `rules`: exchanges, purchases and points, the pebble draw, the end of the game, bonuses;
//! - `setup`: a new random game from a seed;
//! - `strategy`: the course's purchase-points / purchase-size search;
//! - `actors`: the player trait, and the course's actors (raising, cheating, looping);
//! - `referee`: the referee as a state machine of calls and answers;
//! - `driver`: natively, players in threads with a time limit per call;
//!   `referee::run_direct` calls trusted players directly (benchmarks, the page's built-in seats);
//! - `json`: the course's JSON data definitions;
//! - `harness`: the course's milestone harnesses: reading tests, comparing outputs;
//! - `wire`: the remote protocol on a byte stream (bounded reads of JSON values, calls).

pub mod actors;
pub mod cards;
#[cfg(not(target_arch = "wasm32"))]
pub mod driver;
pub mod equations;
pub mod harness;
pub mod json;
pub mod pebbles;
pub mod referee;
pub mod rules;
pub mod setup;
pub mod state;
pub mod strategy;
pub mod wire;
