//! `cargo bench --bench bazaar`: games per second between two purchase-points players from random
//! starts, and the strategy search's time on every valid course test of milestone 5 (the worst named).

use std::time::Instant;

use gamelab::engine::bazaar::json;
use gamelab::engine::bazaar::strategy::{best_plan, Policy};

fn main() {
    let started = Instant::now();
    let clock = || started.elapsed().as_secs_f64();
    println!("native ({}):", std::env::consts::ARCH);
    println!("  {}", gamelab::bench::bazaar_games(&clock, 200));
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bazaar/5-xstrategy");
    let mut timings = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("invalid") {
                    stack.push(path);
                }
            } else if path.to_string_lossy().ends_with("-in.json") {
                let Ok(values) = json::values(&std::fs::read_to_string(&path).unwrap_or_default())
                else {
                    continue;
                };
                let (Ok(equations), Ok(turn)) = (
                    json::equations(&values[0], "equations"),
                    json::turn_state(&values[1], "turn"),
                ) else {
                    continue;
                };
                let policy = values[2]
                    .as_str()
                    .and_then(Policy::parse)
                    .unwrap_or(Policy::Points);
                let t = Instant::now();
                let runs = 5;
                for _ in 0..runs {
                    std::hint::black_box(best_plan(
                        &equations,
                        &turn.active.wallet,
                        &turn.bank,
                        &turn.visibles,
                        policy,
                    ));
                }
                timings.push((t.elapsed().as_secs_f64() / runs as f64, path));
            }
        }
    }
    timings.sort_by(|a, b| b.0.total_cmp(&a.0));
    let total: f64 = timings.iter().map(|t| t.0).sum();
    if let Some((worst, path)) = timings.first() {
        println!(
            "  strategy search on the {} milestone-5 course inputs: worst {:.2} ms ({}), mean {:.3} ms",
            timings.len(),
            worst * 1000.0,
            path.strip_prefix(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bazaar")).unwrap_or(path).display(),
            total / timings.len() as f64 * 1000.0
        );
    }
}
