//! Helpers shared by the native integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/testdata/<relative>` from the project root (test data is never copied in).
pub fn testdata(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/testdata").join(relative)
}

pub fn read_json(relative: &str) -> serde_json::Value {
    let path = testdata(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

pub fn read_bytes(relative: &str) -> Vec<u8> {
    let path = testdata(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[allow(dead_code)]
pub fn read_text(relative: &str) -> String {
    String::from_utf8(read_bytes(relative)).expect("test data is UTF-8")
}
