//! Every command the README and docs/ show as a `$ …` line in a `sh` block is run as shown, in a
//! scratch folder that sees the repository's tests/data, and must print what the page shows under
//! it. Thinking times (`ms_per_move`) are the machine's and are not compared. The one pair that
//! needs two programs at once (the TCP server and its clients) is tests/bazaar_tcp.rs's.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

struct Example {
    place: String,
    command: String,
    output: Vec<String>,
}

/// The `$` examples of one Markdown text.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_sh = false;
    let mut continued = false;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_sh = line.trim() == "```sh" && !in_sh;
            continued = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                place: format!("{name}:{}", number + 1),
                command: command.trim_end_matches('\\').to_string(),
                output: Vec::new(),
            });
            continued = line.ends_with('\\');
        } else if let Some(last) = found.last_mut() {
            if continued {
                last.command.push_str(line.trim_end_matches('\\'));
                continued = line.ends_with('\\');
            } else {
                last.output.push(line.to_string());
            }
        }
    }
    found
}

/// The output with the thinking times blanked.
fn comparable(line: &str) -> String {
    match line.find("\"ms_per_move\":[") {
        Some(start) => {
            let open = start + "\"ms_per_move\":[".len();
            let close = line[open..].find(']').map_or(line.len(), |k| open + k);
            format!("{}…{}", &line[..open], &line[close..])
        }
        None => line.to_string(),
    }
}

fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is there")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn every_documented_command_prints_what_the_docs_show() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_gamelab"));
    let scratch = std::env::temp_dir().join(format!("gamelab-doc-examples-{}", std::process::id()));
    std::fs::create_dir_all(scratch.join("tests")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("tests/data"), scratch.join("tests/data")).unwrap();
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for file in documents(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        for example in examples(&name, &text) {
            // The server and its clients run at once: tests/bazaar_tcp.rs does that pair.
            if example.command.contains("xserver 45678") || example.command.contains("xclients") {
                continue;
            }
            let run = Command::new("bash")
                .arg("-c")
                .arg(format!("set -o pipefail; {}", example.command))
                .current_dir(&scratch)
                .env("PATH", &path)
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&run.stdout);
            let printed: Vec<String> = printed.lines().map(comparable).collect();
            let shown: Vec<String> = example.output.iter().map(|l| comparable(l)).collect();
            assert!(
                run.status.success(),
                "{}: `{}` failed: {}",
                example.place,
                example.command,
                String::from_utf8_lossy(&run.stderr)
            );
            assert_eq!(
                printed, shown,
                "{}: `{}` prints something else than the docs show",
                example.place, example.command
            );
            ran += 1;
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    assert!(
        ran >= 12,
        "only {ran} examples found: is the parser still right?"
    );
}
