//! `cargo bench --bench chain_reaction_playouts`: random playouts per second on 9 × 6, natively
//! (the same code runs in the browser through tests/wasm_bench.rs).

use std::time::Instant;

fn main() {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    println!("native ({}):", std::env::consts::ARCH);
    println!(
        "  {}",
        gamelab::bench::chain_reaction_playouts(&clock, 20_000)
    );
}
