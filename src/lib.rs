//! gamelab: five classic course applets in Rust and WebAssembly.
//!
//! `engine` is plain Rust (no web dependencies); `draw` is a small drawing interface with an
//! in-memory raster (TGA/PNG export, tests); `ui` mounts the games in a page (wasm only).

pub mod bench;
// The command-line harnesses are native only (threads, files, clocks).
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod draw;
pub mod echo;
pub mod embedding;
pub mod engine;
pub mod games;
// The Sprouts engine for Python (maturin builds it; never in the wasm or CLI builds).
pub mod options;
#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
pub mod python;
pub mod scorm;
pub mod seal;
pub mod small_alloc;

// Small blocks from free lists by size class: about a fifth of a Sprouts search was allocation.
#[global_allocator]
static ALLOCATOR: small_alloc::SmallAlloc = small_alloc::SmallAlloc;

#[cfg(target_arch = "wasm32")]
pub mod ui;
