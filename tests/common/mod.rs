//! Helpers shared by the native integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `tests/data/<relative>`: the vectors and course tests, with their origins in its README.
pub fn testdata(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(relative)
}

pub fn read_json(relative: &str) -> serde_json::Value {
    let path = testdata(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
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

/// Runs the real `gamelab` binary with `args`, feeding `stdin`.
#[cfg(feature = "cli")]
pub fn gamelab(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gamelab binary runs");
    // A command that refuses its arguments exits before reading its input: the pipe is then
    // closed, which is no failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
    child.wait_with_output().unwrap()
}

/// A tiny deterministic generator for tests (no dependency on the engines' own).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number from 0 to n − 1.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A random two-player Chain Reaction game `moves` plies in on `rows` × `cols` (None if it
/// ended on the way): the positions the solver's tests check.
pub fn chain_position(
    rows: usize,
    cols: usize,
    moves: usize,
    rng: &mut Lcg,
) -> Option<gamelab::engine::chain_reaction::Game> {
    use gamelab::engine::chain_reaction::{Game, Settings};
    let mut game = Game::new(Settings::new(rows, cols, 2).ok()?);
    for _ in 0..moves {
        let legal = game.legal_cells();
        game.play_cell_quietly(legal[rng.below(legal.len())]).ok()?;
        if game.is_over() {
            return None;
        }
    }
    Some(game)
}
