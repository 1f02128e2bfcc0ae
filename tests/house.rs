//! Habits of the house that a reader of the code relies on, checked on the sources themselves.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The functions of a file (name, lines from `fn` to its closing brace), as rustfmt lays
/// them out: the body ends at the first `}` line indented as the `fn` line.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let after_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
        ]
        .iter()
        .find_map(|p| trimmed.strip_prefix(p));
        let Some(rest) = after_fn else { continue };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let indent = &line[..line.len() - trimmed.len()];
        // A declaration without a body (a trait's) ends with `;` before any `{`.
        let Some(open) = (i..lines.len()).find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (open + 1..lines.len()).find(|&j| lines[j].trim_end() == close) {
            out.push((name, end - i + 1));
        }
    }
    out
}

#[test]
fn at_most_five_functions_run_over_a_hundred_lines() {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let mut long = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (name, lines) in functions(&text) {
            if lines > 100 {
                long.push(format!("{} {name}: {lines} lines", file.display()));
            }
        }
    }
    assert!(
        long.len() <= 5,
        "{} functions over 100 lines (split one before adding another):\n{}",
        long.len(),
        long.join("\n")
    );
}

#[test]
fn the_function_reader_measures_bodies_and_skips_declarations() {
    let text = "trait T {\n    fn f(&self);\n}\n\nfn g() {\n    let x = 1;\n}\n";
    assert_eq!(functions(text), vec![("g".to_string(), 3)]);
}
