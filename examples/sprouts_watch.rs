//! Watches a long search: stats and the top levels every so many expansions.
use gamelab::engine::sprouts::*;
fn main() {
    let text = std::env::args().nth(1).unwrap_or("0*12".into());
    let position = Position::parse(&text).unwrap();
    let mut search = Search::new(position, Goal::Outcome { nimber_part: 0 }).unwrap();
    let quiet = std::env::var("QUIET").is_ok();
    let mut db = Database::new();
    let t = std::time::Instant::now();
    loop {
        let p = search.step(&mut db, None, 100_000);
        let s = search.stats();
        println!("{:?} expansions={} couples={} {:?}", p, s.expansions, db.len(), t.elapsed());
        for l in search.levels().iter().take(if quiet { 0 } else { 6 }) {
            println!("   {}/{} alive={} lives={} n={} {}", l.numero, l.count, l.alive, l.lives, l.nimber, l.position.write(Notation::Glop2));
        }
        if p != Progress::Running { break; }
    }
}
