//! `cargo bench --bench sprouts_solve [MAX_N [LIMIT_SECONDS]]`: the outcome of the n-spot game
//! for n = 1..MAX_N (default 14), each with a fresh base and at most LIMIT_SECONDS (default
//! 600). The same code runs in the browser (tests/wasm_bench.rs); scripts/bench.sh prints both.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let max: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(14);
    let limit: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(600.0);
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    println!(
        "native ({}), Sprouts n-spot outcomes, fresh base each:",
        std::env::consts::ARCH
    );
    let mut total = 0.0;
    for n in 1..=max {
        let figure = gamelab::bench::sprouts_spots(&clock, n, limit);
        total += figure.seconds;
        println!("  {}", figure.line());
        if n == 12 {
            println!("  n = 1..12 in {total:.2} s in all");
        }
    }
}
