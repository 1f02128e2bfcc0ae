//! `cargo bench --bench chain_reaction_solve`: the exact solver from the empty board of each
//! small board, two players, one core: the value, positions searched, time and table size.
//! `CHAIN_BOARDS="4x4 3x5"` picks the boards (default: every board up to 3 × 4 and 2 × 6);
//! `CHAIN_TABLE_BITS` sets the table (2^bits places of 8 bytes; default by the board);
//! `CHAIN_EVERY_MOVE=1` also values every first move (what the page's analysis shows), afresh.

use std::time::Instant;

use gamelab::engine::chain_reaction::solve::{table_bits, Solver, Value};
use gamelab::engine::chain_reaction::{Game, Settings};
use gamelab::engine::stop::Stop;

fn main() {
    let boards =
        std::env::var("CHAIN_BOARDS").unwrap_or_else(|_| "2x2 2x3 2x4 3x3 2x5 2x6 3x4".into());
    println!("| board | first player | positions | time | table | best first moves (row, column from 1) |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for board in boards.split_whitespace() {
        let Some((rows, cols)) = board
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        else {
            eprintln!("'{board}' is not RxC");
            std::process::exit(2);
        };
        let Ok(settings) = Settings::new(rows, cols, 2) else {
            eprintln!("{board} is not a board");
            std::process::exit(2);
        };
        let bits = std::env::var("CHAIN_TABLE_BITS")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or_else(|| table_bits(settings));
        let start = Instant::now();
        let solution = Solver::new(settings, bits)
            .and_then(|mut s| s.solve(&Game::new(settings), u64::MAX, &Stop::never()));
        let seconds = start.elapsed().as_secs_f64();
        match solution {
            Ok(s) => {
                let value = match s.value {
                    Value::Win { plies } => format!("win in {plies}"),
                    Value::Loss { plies } => format!("loss in {plies}"),
                };
                let best: Vec<String> = s
                    .best
                    .iter()
                    .map(|&c| format!("({}, {})", c / cols + 1, c % cols + 1))
                    .collect();
                println!(
                    "| {rows} × {cols} | {value} | {} | {seconds:.2} s | 2^{bits} ({} MB) | {} |",
                    s.positions,
                    (8usize << bits) >> 20,
                    best.join(" ")
                );
            }
            Err(e) => println!("| {rows} × {cols} | {e:?} | | {seconds:.2} s | 2^{bits} |"),
        }
        if std::env::var("CHAIN_EVERY_MOVE").is_ok_and(|v| v == "1") {
            let start = Instant::now();
            let mut positions = 0;
            let values = Solver::new(settings, bits).and_then(|mut s| {
                let v = s.values(&Game::new(settings), u64::MAX, &Stop::never());
                positions = s.positions();
                v
            });
            let seconds = start.elapsed().as_secs_f64();
            let wins = values
                .as_ref()
                .map_or(0, |v| v.iter().filter(|m| m.1.is_win()).count());
            println!(
                "| {rows} × {cols}, every first move | {wins} of {} win | {positions} | {seconds:.2} s | 2^{bits} |",
                rows * cols
            );
        }
    }
}
