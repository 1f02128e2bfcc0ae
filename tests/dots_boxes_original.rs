//! The seed's rule-based player ("Original"): each of Rules 1–17 on a position built
//! for it, the worked examples of the seed's rules, and legality on random positions.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::dots_boxes::lines::Lines;
use gamelab::engine::dots_boxes::original::{capture_group, choose, groups, Choice, Rule};
use gamelab::engine::dots_boxes::{Board, Game, MoveError};
use gamelab::engine::rng::Rng;
use proptest::prelude::*;

fn position(board: &Board, drawn: &[usize]) -> Vec<bool> {
    board.drawn_of(drawn)
}

fn original(rows: usize, cols: usize, drawn: &[usize]) -> (usize, Rule) {
    let board = Board::new(rows, cols).unwrap();
    let lines = Lines::new(&board, position(&board, drawn));
    choose(&lines, Choice::Smallest).expect("a line to draw")
}

#[test]
fn rule_1_a_drawn_line_is_refused_and_nothing_changes() {
    let mut game = Game::from_moves(Board::new(2, 2).unwrap(), &[0]).unwrap();
    let before = game.clone();
    assert_eq!(game.play(0), Err(MoveError::Taken { line: 0 }));
    assert_eq!(game, before);
    assert_eq!(game.current(), 1, "the human chooses again");
}

#[test]
fn rule_2_completing_a_box_moves_again() {
    // P1 draws 0, P2 draws 2, P1 draws 6, P2 completes box 0 with 7 and moves again.
    let mut game = Game::from_moves(Board::new(2, 2).unwrap(), &[0, 2, 6]).unwrap();
    assert_eq!(game.current(), 1);
    assert_eq!(game.play(7), Ok(1));
    assert_eq!(game.current(), 1);
    assert_eq!(game.box_owner(0), Some(1));
}

#[test]
fn rule_3_otherwise_the_turn_passes() {
    let mut game = Game::new(Board::new(2, 2).unwrap());
    assert_eq!(game.play(0), Ok(0));
    assert_eq!(game.current(), 1);
}

#[test]
fn rule_4_captures_a_box_of_a_long_group_first() {
    // 1 × 3: box 0 has 0, 3, 6; boxes 1 and 2 have their top and bottom: a group of three.
    let board = Board::new(1, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &[0, 1, 2, 3, 4, 5, 6]));
    assert_eq!(capture_group(&lines, 0), vec![0, 1, 2]);
    assert_eq!(
        original(1, 3, &[0, 1, 2, 3, 4, 5, 6]),
        (7, Rule::CaptureLong)
    );
    // 1 × 5: a lone three-sided box 0 (smaller index) and a long group from box 4: Rule 4 first.
    assert_eq!(
        original(1, 5, &[0, 5, 10, 4, 9, 15, 3, 8, 2, 7]),
        (14, Rule::CaptureLong)
    );
}

#[test]
fn rule_5_captures_a_lone_box() {
    let board = Board::new(1, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &[0, 3, 6]));
    assert_eq!(capture_group(&lines, 0), vec![0]);
    assert_eq!(original(1, 3, &[0, 3, 6]), (7, Rule::CaptureSingle));
}

#[test]
fn rule_6_hands_over_a_domino_as_in_the_worked_example() {
    // The seed's worked example: box (0,0) has 0, 2, 6; box (0,1) has 1, 8; box (1,1) has none: draw 3.
    let board = Board::new(2, 2).unwrap();
    let lines = Lines::new(&board, position(&board, &[0, 2, 6, 1, 8]));
    assert_eq!(capture_group(&lines, 0), vec![0, 1]);
    assert_eq!(original(2, 2, &[0, 2, 6, 1, 8]), (3, Rule::Domino));
}

#[test]
fn rule_6_takes_a_domino_whose_boxes_share_their_last_line() {
    // 1 × 2 with every line but the middle one (5): both boxes three-sided.
    assert_eq!(
        original(1, 2, &[0, 1, 2, 3, 4, 6]),
        (5, Rule::CaptureDomino)
    );
}

#[test]
fn rule_7_draws_a_safe_shared_line_as_in_the_worked_example() {
    // The seed's worked example: after the human's 0 the safe shared lines are 2, 3, 7, 10; the computer draws 2.
    assert_eq!(original(2, 2, &[0]), (2, Rule::SafeShared));
    let board = Board::new(2, 2).unwrap();
    let lines = Lines::new(&board, position(&board, &[0]));
    let mut rng = Rng::new(7);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let (line, rule) = choose(&lines, Choice::Random(&mut rng)).unwrap();
        assert_eq!(rule, Rule::SafeShared);
        seen.insert(line);
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        vec![2, 3, 7, 10],
        "Original (random) picks among them"
    );
}

#[test]
fn rule_8_draws_a_safe_border_line_when_no_shared_one_is_left() {
    // 1 × 2 with the middle line drawn: no shared line is left, every border line is safe.
    assert_eq!(original(1, 2, &[5]), (0, Rule::SafeBorder));
    // Shared lines that would give a box a third side are not safe: 2 × 2 with box 0 two-sided.
    assert_eq!(original(2, 2, &[0, 6, 3, 10]), (1, Rule::SafeBorder));
}

/// 3 × 3 with no safe line and no three-sided box: box 0 alone (both free sides on the border),
/// boxes 1 and 2 a pair, boxes 3..8 a snake of six.
const GROUPS_1_2_6: [usize; 12] = [3, 13, 4, 5, 15, 6, 7, 19, 23, 11, 10, 9];

#[test]
fn rules_9_and_10_sacrifice_the_smallest_group_a_lone_box_first() {
    assert_eq!(original(3, 3, &GROUPS_1_2_6), (0, Rule::SacrificeSingle));
}

#[test]
fn rule_11_opens_a_long_group_at_its_smallest_box() {
    let mut drawn = GROUPS_1_2_6.to_vec();
    drawn.extend([0, 12, 1, 14, 2]); // boxes 0, 1 and 2 taken: only the snake is left
    assert_eq!(original(3, 3, &drawn), (16, Rule::SacrificeGroup));
    // A loop counts as a group too (the seed treats loops like chains): 2 × 2, outer lines drawn.
    assert_eq!(
        original(2, 2, &[0, 1, 4, 5, 6, 8, 9, 11]),
        (2, Rule::SacrificeGroup)
    );
}

#[test]
fn rule_12_cuts_a_pair_between_its_two_boxes() {
    let mut drawn = GROUPS_1_2_6.to_vec();
    drawn.extend([0, 12]); // box 0 taken: the pair is now the smallest group
    assert_eq!(original(3, 3, &drawn), (14, Rule::HardHeartedHandout));
}

#[test]
fn rule_13_groups_are_forgotten_and_recomputed_every_time() {
    // The pair is cut (Rule 12); on the next call the two boxes are simply taken, then the
    // snake alone is a group: nothing of the earlier division is remembered.
    let board = Board::new(3, 3).unwrap();
    let mut drawn = GROUPS_1_2_6.to_vec();
    drawn.extend([0, 12]);
    assert_eq!(original(3, 3, &drawn), (14, Rule::HardHeartedHandout));
    drawn.push(14);
    assert_eq!(original(3, 3, &drawn), (1, Rule::CaptureSingle));
    drawn.extend([1, 2]);
    let lines = Lines::new(&board, position(&board, &drawn));
    assert_eq!(groups(&lines), vec![vec![3, 4, 5, 6, 7, 8]]);
    assert_eq!(
        choose(&lines, Choice::Smallest),
        Some((16, Rule::SacrificeGroup))
    );
}

#[test]
fn rules_14_to_17_divide_into_groups_in_discovery_order() {
    let board = Board::new(3, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &GROUPS_1_2_6));
    // Rule 14 starts from the smallest shared line between two-sided boxes: 8 (boxes 5 and 8),
    // Rule 15 spreads through the snake, Rule 16 closes it; then line 14 (the pair); Rule 17
    // returns, and the lone box forms a group of one.
    assert_eq!(
        groups(&lines),
        vec![vec![3, 4, 5, 6, 7, 8], vec![1, 2], vec![0]]
    );
}

#[test]
fn rule_16_resets_boxes_that_were_only_raised() {
    // 3 × 3: the centre box has no drawn side; chain {0, 1, 3} touches it twice and chain
    // {5, 7, 8} twice. Raised twice by each it never reaches three selected sides, so it joins
    // neither group (without the reset the second group would push it to four). No line is safe
    // although a box has no drawn side: Rule 9 still applies. Equal sizes: the group
    // with the smallest box is opened, at box 0's smallest free side.
    let drawn = [0, 1, 2, 5, 6, 9, 10, 11, 12, 14, 15, 16, 19, 20, 21, 23];
    let board = Board::new(3, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &drawn));
    assert_eq!(lines.taken(4), 0);
    assert_eq!(groups(&lines), vec![vec![0, 1, 3], vec![5, 7, 8]]);
    assert_eq!(original(3, 3, &drawn), (3, Rule::SacrificeGroup));
}

#[test]
fn original_against_itself_finishes_every_board() {
    for (rows, cols) in [(1, 1), (2, 2), (3, 3), (4, 5), (6, 6)] {
        let mut game = Game::new(Board::new(rows, cols).unwrap());
        while !game.is_over() {
            let lines = Lines::new(game.board(), game.drawn());
            let (line, _) = choose(&lines, Choice::Smallest).expect("a move while lines are left");
            game.play(line).expect("a legal line");
        }
        assert_eq!(game.scores().iter().sum::<usize>(), rows * cols);
    }
}

proptest! {
    #[test]
    fn original_draws_an_undrawn_line_in_any_position(rows in 1usize..6, cols in 1usize..6, bits in any::<u64>(), seed in any::<u64>()) {
        let board = Board::new(rows, cols).unwrap();
        let drawn: Vec<bool> = (0..board.lines()).map(|l| bits >> (l % 64) & 1 == 1 && l % 3 != 2).collect();
        let lines = Lines::new(&board, drawn.clone());
        let undrawn = drawn.iter().filter(|d| !**d).count();
        for picked in [choose(&lines, Choice::Smallest), choose(&lines, Choice::Random(&mut Rng::new(seed)))] {
            match picked {
                Some((line, _)) => prop_assert!(!drawn[line]),
                None => prop_assert_eq!(undrawn, 0),
            }
        }
    }
}
