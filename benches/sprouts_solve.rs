//! `cargo bench --bench sprouts_solve [MAX_N [LIMIT_SECONDS [SEARCH [MIN_N [THREADS]]]]]`: the
//! outcome of the n-spot game for n = MIN_N..MAX_N (defaults 1 and 14), each with a fresh base
//! and at most LIMIT_SECONDS (default 600), with the search SEARCH (dfpn, probing or
//! depth-first; default: the engine's default), df-pn on THREADS threads if more than 1. The same code runs in the browser (tests/wasm_bench.rs);
//! scripts/bench.sh prints both.

use std::time::Instant;

use gamelab::bench::SproutsFigure;
use gamelab::engine::sprouts::Strategy;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let max: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(14);
    let limit: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(600.0);
    let strategy = match args.get(2).map(String::as_str) {
        Some("dfpn") => Strategy::ProofNumber,
        Some("probing") => Strategy::Probing,
        Some("depth-first") => Strategy::DepthFirst,
        _ => Strategy::default(),
    };
    let min: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let threads: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    println!(
        "native ({}), Sprouts n-spot outcomes, {}, fresh base each:",
        std::env::consts::ARCH,
        if threads > 1 {
            format!("a team of {threads} df-pn searches")
        } else {
            format!("{strategy:?} search")
        }
    );
    let mut total = 0.0;
    for n in min..=max {
        let figure = if threads > 1 {
            team(&clock, n, limit, threads)
        } else {
            gamelab::bench::sprouts_spots(&clock, n, limit, strategy)
        };
        total += figure.seconds;
        println!("  {}", figure.line());
        if n == 12 {
            println!("  n = {min}..12 in {total:.2} s in all");
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn team(clock: &dyn Fn() -> f64, n: usize, limit: f64, threads: usize) -> SproutsFigure {
    gamelab::bench::sprouts_spots_team(clock, n, limit, threads)
}

/// No threads on wasm32: one df-pn search.
#[cfg(target_arch = "wasm32")]
fn team(clock: &dyn Fn() -> f64, n: usize, limit: f64, _threads: usize) -> SproutsFigure {
    gamelab::bench::sprouts_spots(clock, n, limit, Strategy::ProofNumber)
}
