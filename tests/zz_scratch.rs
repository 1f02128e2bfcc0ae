use gamelab::engine::sprouts::misere::Misere;
use gamelab::engine::sprouts::Position;
#[test]
fn split() {
    for n in [10usize, 11] {
        let mut m = Misere::new();
        let t = std::time::Instant::now();
        m.wins(&Position::spots(n), u64::MAX).unwrap();
        println!("n={n} {:?} expansions {} tree steps {} trees {} solved {:?}", t.elapsed(), m.expansions, m.trees.steps, m.trees.len(), m.solved());
    }
}
