//! `cargo bench --bench ade_fire`: layers per second of Fire, natively (the same code runs in
//! the browser through www/bench.html; scripts/bench.sh prints both).

use std::time::Instant;

fn main() {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    println!("native ({}):", std::env::consts::ARCH);
    for figure in gamelab::bench::ade_fire(&clock, 200_000) {
        println!("  {}", figure.line());
    }
}
