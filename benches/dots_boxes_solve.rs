//! `cargo bench --bench dots_boxes_solve`: time and nodes to solve the empty board (its value
//! only, then with every first move's value) for small boards.

use std::time::Instant;

use gamelab::engine::dots_boxes::solver::Solver;
use gamelab::engine::dots_boxes::Board;

fn main() {
    println!("native ({}), Dots and Boxes exact solves of the empty board:", std::env::consts::ARCH);
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 4)] {
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
}
