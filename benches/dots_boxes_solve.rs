//! `cargo bench --bench dots_boxes_solve`: time and nodes to solve the empty board (its value
//! only, then with every first move's value) for small boards, then 3 × 4's value, its optimal
//! first moves (what `solve` prints) and every first move's value, and the page's analysis of a
//! 4 × 4 position of 30 undrawn lines (every line's value).
//! `DOTS_4X4=1` adds the 4 × 4 attempt: the outcome by the (−1, 1) window with a 2^27-entry
//! table (2 GB), as published solvers use for 4 × 4; `DOTS_TABLE_BITS` sets that table's size.

use std::time::Instant;

use gamelab::engine::dots_boxes::solver::Solver;
use gamelab::engine::dots_boxes::Board;

fn main() {
    println!(
        "native ({}), Dots and Boxes exact solves of the empty board:",
        std::env::consts::ARCH
    );
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 4), (2, 5)] {
        let board = Board::new(rows, cols).expect("a valid board");
        let mut solver = Solver::new(&board).expect("small enough");
        let started = Instant::now();
        let value = solver.value(0);
        let (value_time, value_nodes) = (started.elapsed().as_secs_f64(), solver.nodes);
        let moves = solver.move_values(0);
        let all_time = started.elapsed().as_secs_f64();
        let best = moves.iter().filter(|m| m.1 == value).count();
        println!(
            "  {rows} x {cols}: value {value:+} in {value_time:.3} s ({value_nodes} nodes); with all {} first moves {all_time:.3} s ({} nodes); {best} optimal",
            moves.len(),
            solver.nodes
        );
    }
    let board = Board::new(3, 4).expect("a valid board");
    let mut solver = Solver::with_table(&board, 24).expect("small enough");
    let started = Instant::now();
    let value = solver.value(0);
    println!(
        "  3 x 4: value {value:+} in {:.2} s ({} nodes, 2^24-entry table)",
        started.elapsed().as_secs_f64(),
        solver.nodes
    );
    // What `gamelab dots-and-boxes solve` does (the value, then which first moves reach it),
    // and every first move's value, each with a fresh solver of the default memory.
    let mut solver = Solver::new(&board).expect("small enough");
    let started = Instant::now();
    let (value, best) = solver
        .try_best_moves(0, u64::MAX)
        .expect("no budget to run out");
    println!(
        "  3 x 4: value {value:+} and the optimal first moves {best:?} in {:.2} s ({} nodes, {} MB table)",
        started.elapsed().as_secs_f64(),
        solver.nodes,
        solver.table_bytes() >> 20
    );
    let mut solver = Solver::new(&board).expect("small enough");
    let started = Instant::now();
    let moves = solver.move_values(0);
    let ties = moves.iter().filter(|m| m.1 == 0).count();
    println!(
        "  3 x 4: every first move's value in {:.2} s ({} nodes, {} MB table); {ties} tie, the others lose by {}",
        started.elapsed().as_secs_f64(),
        solver.nodes,
        solver.table_bytes() >> 20,
        -moves.iter().map(|m| m.1).min().unwrap_or(0)
    );
    let clock = {
        let origin = Instant::now();
        move || origin.elapsed().as_secs_f64()
    };
    println!("  {}", gamelab::bench::dots_boxes_analysis(&clock));
    if std::env::var("DOTS_4X4").is_ok() {
        let bits = std::env::var("DOTS_TABLE_BITS")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(27);
        let board = Board::new(4, 4).expect("a valid board");
        let mut solver = Solver::with_table(&board, bits).expect("40 lines");
        let started = Instant::now();
        let outcome = solver.outcome(0);
        println!(
            "  4 x 4: outcome {outcome:+} (window -1..1) in {:.1} s ({} nodes, 2^{bits}-entry table)",
            started.elapsed().as_secs_f64(),
            solver.nodes
        );
    }
}
