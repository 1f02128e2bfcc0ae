//! Pure game logic: no web dependencies, tested and benchmarked natively.
//! One module per game; `turn` is the shape the turn-based ones share.

pub mod ade;
pub mod bazaar;
pub mod chain_reaction;
pub mod dots_boxes;
pub mod generation;
pub mod machine;
pub mod rng;
pub mod search;
pub mod sprouts;
pub mod stop;
pub mod turn;
