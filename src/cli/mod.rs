//! The command-line harnesses as plain functions: text in, bytes out, or a message naming what
//! was wrong. `src/bin/gamelab` only does the I/O, so tests can call these directly.

pub mod ade;
#[cfg(not(target_arch = "wasm32"))]
pub mod bazaar;
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

/// One JSON object from the input, or a message saying what it should be.
pub(crate) fn json_object(input: &str, shape: &str) -> Result<serde_json::Value, CliError> {
    let request: serde_json::Value = serde_json::from_str(input).map_err(|e| format!("the input is not JSON: {e}"))?;
    if !request.is_object() {
        return Err(format!("the input must be one JSON object {shape}"));
    }
    Ok(request)
}

/// A whole-number field of a request.
pub(crate) fn json_count(request: &serde_json::Value, name: &str) -> Result<usize, CliError> {
    match request.get(name) {
        None => Err(format!("missing \"{name}\"")),
        Some(v) => v.as_u64().map(|n| n as usize).ok_or_else(|| format!("\"{name}\" must be a whole number, not {v}")),
    }
}
