//! Misère Sprouts (engine::sprouts::misere), natively: the published outcomes, and an
//! independent plain search on the drawn board (no canonical form, no table) agreeing with it.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::rng::Rng;
use gamelab::engine::sprouts::board::Board;
use gamelab::engine::sprouts::misere::{MisereStop, MisereTable};
use gamelab::engine::sprouts::Position;

/// Misère outcomes from n = 1 spot, W: the first player wins (OEIS A164950; Lemoine & Viennot).
const PUBLISHED: &str = "WLLLWWLLLWWWLLLWWWLL";

#[test]
fn the_published_misere_outcomes_up_to_seven_spots() {
    let mut table = MisereTable::new();
    for (n, expected) in PUBLISHED.chars().enumerate().take(7) {
        let n = n + 1;
        let wins = table.wins(&Position::spots(n), 10_000_000).unwrap();
        assert_eq!(if wins { 'W' } else { 'L' }, expected, "{n} spots");
    }
    // (7 spots: about 210,000 positions.)
    assert!(table.len() > 100_000, "{} positions", table.len());
}

/// The plain search on the drawn board: every pencil move tried, no position remembered.
/// Counts the positions it visits against `left`.
fn board_wins(board: &Board, left: &mut u64) -> bool {
    *left = left.checked_sub(1).expect("the plain search stays small");
    let moves = board.moves().expect("a small board's moves are listed");
    if moves.is_empty() {
        return true;
    }
    moves.iter().any(|m| {
        let mut next = board.clone();
        next.play(m).unwrap();
        !board_wins(&next, left)
    })
}

#[test]
fn a_plain_search_on_the_board_agrees() {
    let mut table = MisereTable::new();
    // From the start, 1 and 2 spots.
    for n in 1..=2 {
        let mut left = 5_000_000;
        let plain = board_wins(&Board::new(n), &mut left);
        assert_eq!(plain, table.wins(&Position::spots(n), 1_000_000).unwrap());
    }
    // Positions part-way through random games of 3 to 6 spots, once few lives are left.
    let mut rng = Rng::new(0x5EED_1234_5678_9ABC);
    let (mut compared, mut won) = (0, 0);
    for game in 0..120 {
        let mut board = Board::new(3 + game % 4);
        loop {
            let lives: u32 = (0..board.spots()).map(|s| u32::from(board.lives(s))).sum();
            let moves = board.moves().unwrap();
            if moves.is_empty() || lives <= 9 {
                break;
            }
            board.play(&moves[rng.below(moves.len())]).unwrap();
        }
        let mut left = 5_000_000;
        let plain = board_wins(&board, &mut left);
        let fast = table.wins(&board.position(), 1_000_000).unwrap();
        assert_eq!(plain, fast, "game {game}");
        compared += 1;
        won += usize::from(plain);
    }
    // Both outcomes are met, so agreeing means something.
    assert!(
        compared == 120 && won > 10 && won < 110,
        "{won} of {compared} won"
    );
}

#[test]
fn a_search_over_its_budget_says_so_and_goes_on() {
    let mut table = MisereTable::new();
    let five = Position::spots(5);
    assert!(matches!(table.wins(&five, 100), Err(MisereStop::Budget(_))));
    let done = table.expansions;
    assert!((100..=101).contains(&done), "{done}");
    // What was solved is kept: the rest is looked at in the next call.
    assert!(table.wins(&five, 10_000_000).unwrap());
}
