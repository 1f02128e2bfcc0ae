//! `gamelab <game> <command>`: the native harnesses. Input on stdin, results on stdout,
//! a message on stderr and exit status 2 for bad input.
//!
//! The harnesses are native only (threads, processes, files). `wasm-pack test` builds every
//! target for wasm32 with default features, so there this binary compiles to an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod native;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
