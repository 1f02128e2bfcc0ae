//! The command-line harnesses as plain functions: text in, bytes out, or a message naming what
//! was wrong. `src/bin/gamelab` only does the I/O, so tests can call these directly.

pub mod ade;
pub mod chain_reaction;
pub mod dots_boxes;
pub mod sprouts;

/// What a harness gives back on success.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Text(String),
    Bytes(Vec<u8>),
    /// Text for stdout and a log (counts, times) for stderr.
    Logged { text: String, log: String },
}

/// A failed request: the message for stderr (exit status 2).
pub type CliError = String;
