//! Effort of the plain search on the n-spot starts (outcome), a fresh base each time.
use gamelab::engine::sprouts::*;
fn main() {
    let max: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(11);
    let t0 = std::time::Instant::now();
    for n in 1..=max {
        let mut db = Database::new();
        let t = std::time::Instant::now();
        let (answer, stats) = solve(&Position::spots(n), Goal::Outcome { nimber_part: 0 }, &mut db).unwrap();
        println!("{n} {answer:?} expansions={} couples={} bytes={} {:?}", stats.expansions, db.len(), db.memory_bytes(), t.elapsed());
    }
    println!("total {:?}", t0.elapsed());
    for text in ["0*4.A|0*4.A+0*3", "0*4.A|0*4.A+0.1a2a"] {
        let mut db = Database::new();
        let t = std::time::Instant::now();
        let (answer, stats) = solve(&Position::parse(text).unwrap(), Goal::Outcome { nimber_part: 0 }, &mut db).unwrap();
        println!("{text} {answer:?} expansions={} couples={} {:?}", stats.expansions, db.len(), t.elapsed());
    }
}
