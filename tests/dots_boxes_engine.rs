//! Dots and Boxes: rules and numbering, and the exact solver against the shared values.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::dots_boxes::board::parse_dbn;
use gamelab::engine::dots_boxes::solver::{mask_of, Opening, Solver};
use gamelab::engine::dots_boxes::{Board, Game, MoveError};
use gamelab::engine::turn::Record;

#[test]
fn every_shared_value_and_move_value() {
    let data = common::read_json("dots-and-boxes/exact_values.json");
    for entry in data["boards"].as_array().unwrap() {
        let (rows, cols) = (
            entry["rows"].as_u64().unwrap() as usize,
            entry["cols"].as_u64().unwrap() as usize,
        );
        let board = Board::new(rows, cols).unwrap();
        assert_eq!(board.lines() as u64, entry["edges"].as_u64().unwrap());
        let mut solver = Solver::new(&board).unwrap();
        for (p, position) in entry["positions"].as_array().unwrap().iter().enumerate() {
            let drawn = parse_dbn(&board, position["dbn"].as_str().unwrap()).unwrap();
            let mask = mask_of(drawn.into_iter());
            assert_eq!(
                solver.value(mask) as i64,
                position["value"].as_i64().unwrap(),
                "{rows}x{cols} position {p}"
            );
            let want = position["move_values"].as_object().unwrap();
            let got = solver.move_values(mask);
            assert_eq!(
                got.len(),
                want.len(),
                "{rows}x{cols} position {p}: the legal moves"
            );
            for (line, value) in got {
                assert_eq!(
                    value as i64,
                    want[&line.to_string()].as_i64().unwrap(),
                    "{rows}x{cols} position {p} line {line}"
                );
            }
        }
    }
}

/// Issue 17's fact, which two independent solvers agree on: on the empty 3 × 4 board exactly
/// the first moves 18, 23 and 28 tie, and every other first move loses by 2.
#[test]
fn on_three_by_four_only_18_23_and_28_tie_and_every_other_first_move_loses_by_two() {
    let board = Board::new(3, 4).unwrap();
    let mut solver = Solver::new(&board).unwrap();
    let values = solver.move_values(0);
    assert_eq!(values.len(), 31, "every line of the empty board");
    for (line, value) in values {
        let want = if [18, 23, 28].contains(&line) { 0 } else { -2 };
        assert_eq!(value, want, "first move {line}");
    }
}

#[test]
fn numbering_scoring_and_moving_again() {
    let board = Board::new(2, 2).unwrap();
    assert_eq!(board.lines(), 12);
    assert_eq!(board.sides[0], [0, 2, 6, 7]);
    assert_eq!(board.sides[3], [3, 5, 10, 11]);
    assert_eq!(board.describe(2), "h 1 0");
    assert_eq!(board.describe(10), "v 1 1");
    let mut game = Game::new(board.clone());
    for line in [0, 2, 6] {
        assert_eq!(game.play(line).unwrap(), 0);
    }
    assert_eq!(game.current(), 1);
    assert_eq!(
        game.play(7).unwrap(),
        1,
        "P2 completes box 0 and moves again"
    );
    assert_eq!(game.current(), 1);
    assert_eq!(game.scores(), [0, 1]);
    assert_eq!(game.box_owner(0), Some(1));
    assert_eq!(game.drawn_by(0), Some(0));
    assert_eq!(game.dbn(), "101000110000");
    let before = game.clone();
    assert_eq!(game.play(7), Err(MoveError::Taken { line: 7 }));
    assert_eq!(
        game.play(12),
        Err(MoveError::OutOfRange {
            line: 12,
            lines: 12
        })
    );
    assert_eq!(game, before);
    // Undo and redo: the turn games' one history.
    let mut record: Record<Game> = Record::new(board.clone());
    for &line in before.moves() {
        record.play(line).unwrap();
    }
    assert!(record.undo());
    assert_eq!(record.game().scores(), [0, 0]);
    assert_eq!(record.game().current(), 1);
    assert!(record.redo());
    assert_eq!(record.game(), &before);
    assert!(Board::new(0, 3).is_err() && Board::new(3, 11).is_err());
    assert!(
        parse_dbn(&board, "10100011000").is_err() && parse_dbn(&board, "10100011000x").is_err()
    );
}

#[test]
fn a_full_game_ends_with_every_box_owned() {
    let board = Board::new(3, 4).unwrap();
    let mut game = Game::new(board.clone());
    let mut state = 12345u64;
    while !game.is_over() {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let legal = game.legal();
        game.play(legal[(state >> 33) as usize % legal.len()])
            .unwrap();
    }
    assert_eq!(game.scores()[0] + game.scores()[1], 12);
    assert_eq!(game.play(0), Err(MoveError::GameOver));
    let replayed = Game::from_moves(board, game.moves()).unwrap();
    assert_eq!(replayed.dbn(), game.dbn());
}

/// A seeded stream of pseudo-random numbers (a linear congruential generator's high bits).
fn numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    }
}

/// A solver without any of the pruning the tests below check: no chain rules, no sacrifice
/// bound, every sacrifice searched, no move cut off or skipped by what the table knows of the
/// position it leads to.
fn plain_solver(board: &Board) -> Solver {
    let mut plain = Solver::new(board).unwrap();
    plain.techniques.chain_rules = false;
    plain.techniques.transposition_cutoffs = false;
    plain.techniques.sacrifice_cutoffs = false;
    plain.techniques.loony_bound = false;
    plain.techniques.handouts = false;
    plain.techniques.equal_openings = false;
    plain
}

/// A position with no capturable box: lines drawn in a random order, each unless it gives a box
/// a third side, until a random number of them is drawn.
fn random_quiet_position(board: &Board, next: &mut impl FnMut() -> u64) -> u64 {
    let wanted = 3 + next() as usize % board.lines();
    let mut mask = 0u64;
    for _ in 0..4 * board.lines() {
        let line = next() as usize % board.lines();
        if mask.count_ones() as usize >= wanted {
            break;
        }
        let after = mask | 1 << line;
        let quiet = board
            .sides
            .iter()
            .all(|sides| sides.iter().filter(|&&l| after & 1 << l != 0).count() < 3);
        if quiet {
            mask = after;
        }
    }
    mask
}

/// Calls `check` with a plain solver, its board's name and each position of 260 random ones
/// with no capturable box on four small boards, each undrawn line in turn.
fn for_quiet_positions(seed: u64, mut check: impl FnMut(&mut Solver, &str, u64, usize)) {
    let mut next = numbers(seed);
    for (rows, cols, positions) in [(1, 5, 80), (2, 3, 80), (2, 4, 60), (3, 3, 40)] {
        let board = Board::new(rows, cols).unwrap();
        let mut plain = plain_solver(&board);
        let name = format!("{rows} x {cols}");
        for _ in 0..positions {
            let mask = random_quiet_position(&board, &mut next);
            for line in (0..board.lines()).filter(|&l| mask & 1 << l == 0) {
                check(&mut plain, &name, mask, line);
            }
        }
    }
}

/// A half-hearted handout (a chain of two boxes opened at one end), which the search skips, is
/// never worth more than the hard-hearted one (the line between the two boxes) by a plain
/// search of random positions, and often worth less (the opponent declines the two).
#[test]
fn a_half_hearted_handout_is_never_better_than_the_hard_hearted_one() {
    let (mut found, mut worse) = (0, 0);
    for_quiet_positions(11, |plain, board, mask, line| {
        let Some(Opening::HalfHearted { middle }) = plain.opening(mask, line) else {
            return;
        };
        let (half, hard) = (plain.move_value(mask, line), plain.move_value(mask, middle));
        assert!(
            half <= hard,
            "{board}, lines {mask:#x}: {line} is worth {half} > {hard} for {middle}"
        );
        found += 1;
        worse += usize::from(half < hard);
    });
    assert!(found >= 100, "{found} half-hearted handouts");
    assert!(
        worse >= 10,
        "worse than hard-hearted {worse} times of {found}"
    );
}

/// Every line of a chain of one box or of three and more, or of a loop, opens it equally well
/// (the search tries one per chain): by a plain search of random positions, all the lines that
/// open one group have one value.
#[test]
fn every_line_of_a_chain_or_loop_opens_it_equally_well() {
    let (mut groups, mut long) = (0, 0);
    // (position, group, value of its first line)
    let mut seen: Vec<(u64, u64, i32)> = Vec::new();
    for_quiet_positions(5, |plain, board, mask, line| {
        let Some(opening @ Opening::Group { boxes: group, .. }) = plain.opening(mask, line) else {
            return;
        };
        // The search bounds the group's lines by the group: the same as line by line.
        assert_eq!(opening.bound(), plain.sacrifice_bound(mask, line));
        let value = plain.move_value(mask, line);
        match seen.iter().find(|s| s.0 == mask && s.1 == group) {
            Some(&(_, _, first)) => assert_eq!(
                value, first,
                "{board}, lines {mask:#x}: {line} opens {group:#b} unlike the first"
            ),
            None => {
                seen.push((mask, group, value));
                groups += 1;
                long += usize::from(group.count_ones() >= 3);
            }
        }
    });
    assert!(
        groups >= 200 && long >= 50,
        "{groups} groups, {long} of three boxes or more"
    );
}

/// The bound on a sacrifice the opponent can double-deal holds for every such sacrifice of
/// random positions (its value by a plain search is at most the bound), and is reached often:
/// a bound one box tighter would be wrong.
#[test]
fn a_sacrifice_is_worth_at_most_its_double_dealing_bound() {
    let (mut bounded, mut reached) = (0, 0);
    for_quiet_positions(7, |plain, board, mask, line| {
        let Some(bound) = plain.sacrifice_bound(mask, line) else {
            return;
        };
        let value = plain.move_value(mask, line);
        assert!(
            value <= bound,
            "{board}, lines {mask:#x}: drawing {line} is worth {value} > {bound}"
        );
        bounded += 1;
        reached += usize::from(value == bound);
    });
    assert!(bounded >= 200, "{bounded} sacrifices bounded");
    assert!(
        reached >= 20,
        "the bound was reached {reached} times of {bounded}"
    );
}

/// The chain rules, the bound on sacrifices that can be double-dealt, skipping half-hearted
/// handouts and equal openings, the transposition cutoffs, the corner equivalence and the
/// table keys change no value:
/// every value and move value of random positions matches a plain search (no chain rules, no
/// sacrifice bound, every sacrifice) on boards up to 3 × 3.
#[test]
fn pruning_changes_no_value_on_random_positions() {
    let mut next = numbers(99);
    for (rows, cols, positions) in [
        (1, 3, 60),
        (2, 2, 60),
        (2, 3, 60),
        (3, 2, 40),
        (3, 3, 30),
        (1, 5, 40),
    ] {
        let board = Board::new(rows, cols).unwrap();
        let mut pruned = Solver::new(&board).unwrap();
        let mut plain = plain_solver(&board);
        for p in 0..positions {
            // Between a third and all of the lines drawn, so that chains and loops are common.
            let density = 35 + next() % 60;
            let mask = (0..board.lines())
                .filter(|_| next() % 100 < density)
                .fold(0u64, |m, l| m | 1 << l);
            if mask.count_ones() as usize == board.lines()
                || (rows * cols == 9 && mask.count_ones() < 8)
            {
                continue;
            }
            assert_eq!(
                pruned.move_values(mask),
                plain.move_values(mask),
                "{rows}x{cols} position {p}: {mask:b}"
            );
        }
    }
}

#[test]
fn an_interrupted_search_resumes_to_the_same_value() {
    let board = Board::new(3, 3).unwrap();
    let mut solver = Solver::new(&board).unwrap();
    let mut tries = 0;
    let value = loop {
        tries += 1;
        if let Some(v) = solver.try_value(0, 20_000) {
            break v;
        }
    };
    assert!(tries > 1, "20,000 nodes are not enough for 3 x 3 at once");
    assert_eq!(value, -3);
    assert_eq!(solver.outcome(0), -1);
}

mod notation {
    use gamelab::engine::dots_boxes::board::parse_dbn;
    use gamelab::engine::dots_boxes::notation::{export, from_ksquares, import};
    use gamelab::engine::dots_boxes::{Board, Game};
    use gamelab::engine::turn::Record;
    use proptest::prelude::*;
    use serde_json::{json, Value};

    #[test]
    fn export_is_the_spec_format_and_imports_back() {
        let game = Game::from_moves(Board::new(2, 2).unwrap(), &[0, 2, 6, 7, 1]).unwrap();
        let text = export(&game);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            value,
            json!({"rows": 2, "cols": 2, "moves": [0, 2, 6, 7, 1], "dbn": "111000110000"})
        );
        let back = import(&text).unwrap();
        assert_eq!(back, game, "scores, owners and the side to move come back");
    }

    #[test]
    fn a_bare_position_is_set_up_with_nobody_owning_its_boxes() {
        // A finished position has nothing to play, and a DBN string does not say who took its
        // boxes: refused, not shown as a 0-0 tie with every box unowned.
        for finished in [
            r#"{"rows": 1, "cols": 1, "dbn": "1111"}"#,
            r#"{"rows": 3, "cols": 3, "dbn": "111111111111111111111111"}"#,
        ] {
            let refused = import(finished).unwrap_err();
            assert!(refused.contains("nothing left to play"), "{refused}");
        }
        let game = import(r#"{"rows": 1, "cols": 1, "dbn": "1110"}"#).unwrap();
        assert!(!game.is_over());
        assert_eq!(game.scores(), [0, 0]);
        let mut game = import(r#"{"rows": 2, "cols": 2, "dbn": "101000100000"}"#).unwrap();
        assert_eq!(game.current(), 0);
        let mut record = Record::from_start(game.clone());
        assert_eq!(
            game.play(7),
            Ok(1),
            "P1 completes box 0 of the set-up position"
        );
        assert_eq!(game.scores(), [1, 0]);
        let text = export(&game);
        assert!(text.contains(r#""start":"101000100000""#), "{text}");
        assert_eq!(import(&text).unwrap(), game);
        record.play(7).unwrap();
        assert_eq!(record.game(), &game);
        assert!(
            record.undo() && !record.undo(),
            "undo stops at the set-up position"
        );
    }

    #[test]
    fn ksquares_numbering_converts_box_by_box() {
        // OpenSpiel's numbering: box b has top ⌊b/w⌋(2w+1) + b mod w, left = top + w, right = left + 1,
        // bottom = right + w, in KSquares' numbering.
        for (rows, cols) in [(1, 1), (2, 3), (5, 5), (3, 7)] {
            let board = Board::new(rows, cols).unwrap();
            let w = cols;
            for b in 0..board.boxes() {
                let top = b / w * (2 * w + 1) + b % w;
                let (left, right, bottom) = (top + w, top + w + 1, top + 2 * w + 1);
                let [t, bo, l, r] = board.sides[b];
                assert_eq!(
                    [top, bottom, left, right].map(|k| from_ksquares(&board, k)),
                    [Some(t), Some(bo), Some(l), Some(r)]
                );
            }
            assert_eq!(from_ksquares(&board, board.lines()), None);
        }
        let game = import(r#"{"rows": 2, "cols": 2, "numbering": "ksquares", "moves": [0, 2, 5]}"#)
            .unwrap();
        assert_eq!(game.moves(), &[0, 6, 2]);
    }

    #[test]
    fn bad_imports_name_what_is_wrong() {
        let cases = [
            ("[1, 2]", "JSON object"),
            ("{\"rows\": 2, \"cols\": 2", "not JSON"),
            (r#"{"rows": 2, "moves": []}"#, "\"cols\""),
            (r#"{"rows": 11, "cols": 2, "moves": []}"#, "1 to 10"),
            (r#"{"rows": 2, "cols": 2}"#, "\"moves\""),
            (
                r#"{"rows": 2, "cols": 2, "moves": [0, 0]}"#,
                "move 2 (0) is illegal: line 0 is already drawn",
            ),
            (
                r#"{"rows": 2, "cols": 2, "moves": [12]}"#,
                "line 12 does not exist",
            ),
            (r#"{"rows": 2, "cols": 2, "moves": ["a"]}"#, "move 1"),
            (
                r#"{"rows": 2, "cols": 2, "dbn": "10100011000"}"#,
                "12 characters",
            ),
            (r#"{"rows": 2, "cols": 2, "dbn": "1010001100x0"}"#, "'x'"),
            // Text that is no DBN at all says so, not that it is a short one.
            (
                r#"{"rows": 3, "cols": 3, "dbn": "hello"}"#,
                "'hello' is not a DBN string",
            ),
            (
                r#"{"rows": 2, "cols": 2, "moves": [0], "dbn": "000000000000"}"#,
                "does not match",
            ),
            (
                r#"{"rows": 2, "cols": 2, "moves": [], "numbering": "dabble"}"#,
                "numbering",
            ),
            (
                r#"{"rows": 2, "cols": 2, "numbering": "ksquares", "moves": [14]}"#,
                "KSquares",
            ),
        ];
        for (text, says) in cases {
            let error = import(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    proptest! {
        #[test]
        fn random_games_round_trip(rows in 1usize..6, cols in 1usize..6, picks in proptest::collection::vec(any::<usize>(), 0..60)) {
            let mut game = Game::new(Board::new(rows, cols).unwrap());
            for p in picks {
                let legal = game.legal();
                if legal.is_empty() { break; }
                game.play(legal[p % legal.len()]).unwrap();
            }
            prop_assert_eq!(import(&export(&game)).unwrap(), game.clone());
            let position = parse_dbn(game.board(), &game.dbn()).unwrap();
            prop_assert_eq!(position, game.drawn());
        }

        #[test]
        fn import_never_panics(text in ".{0,80}", rows in 0u64..12, moves in proptest::collection::vec(0u64..70, 0..20)) {
            let _ = import(&text);
            let _ = import(&json!({"rows": rows, "cols": 3, "moves": moves}).to_string());
            let _ = import(&json!({"rows": rows, "cols": 2, "dbn": text}).to_string());
        }
    }
}

#[test]
fn the_keyboard_cursor_reaches_every_line_and_up_undoes_down() {
    use gamelab::engine::dots_boxes::Direction::{Down, Left, Right, Up};
    for (rows, cols) in [(1, 1), (2, 2), (3, 5), (10, 10)] {
        let board = Board::new(rows, cols).unwrap();
        let mut seen = vec![false; board.lines()];
        let mut frontier = vec![0];
        while let Some(line) = frontier.pop() {
            if std::mem::replace(&mut seen[line], true) {
                continue;
            }
            for d in [Up, Down, Left, Right] {
                let next = board.step(line, d);
                assert!(next < board.lines());
                frontier.push(next);
            }
        }
        assert!(
            seen.iter().all(|s| *s),
            "{rows}x{cols}: every line reachable from line 0"
        );
        for line in 0..board.lines() {
            let down = board.step(line, Down);
            // (A vertical line of the last column goes down to the last horizontal one, whose
            // Up is its own left vertical: the one exception.)
            let last_column =
                line >= (rows + 1) * cols && (line - (rows + 1) * cols) % (cols + 1) == cols;
            if down != line && !last_column {
                assert_eq!(board.step(down, Up), line, "{rows}x{cols} line {line}");
            }
        }
    }
    // 2 × 2: from the top-left horizontal line 0, Down is the vertical 6, then the horizontal 2.
    let board = Board::new(2, 2).unwrap();
    assert_eq!(
        [
            board.step(0, Down),
            board.step(6, Down),
            board.step(2, Up),
            board.step(6, Up)
        ],
        [6, 2, 6, 0]
    );
    assert_eq!(
        [
            board.step(0, Left),
            board.step(1, Right),
            board.step(8, Right),
            board.step(4, Down)
        ],
        [0, 1, 8, 4]
    );
}

#[test]
fn share_links_round_trip_and_tolerate_spaces() {
    use gamelab::engine::dots_boxes::notation::{link_text, parse_link};
    let game = Game::from_moves(Board::new(3, 3).unwrap(), &[1, 2, 13]).unwrap();
    assert_eq!(link_text(&game), "3x3/1.2.13");
    assert_eq!(parse_link(&link_text(&game)).unwrap().moves(), game.moves());
    // What an address bar makes of a hand-typed link (`%20` decoded to spaces).
    assert_eq!(parse_link("3x3/ 1. 2").unwrap().moves(), &[1, 2]);
    assert!(parse_link("3x3/1.1")
        .unwrap_err()
        .contains("move 2 is illegal"));
    assert!(parse_link("3by3/1").unwrap_err().contains("rows x columns"));
}

#[test]
fn a_share_link_keeps_a_set_up_position() {
    use gamelab::engine::dots_boxes::notation::{link_text, parse_link_record, record_of};
    let board = Board::new(2, 2).unwrap();
    let mut drawn = vec![false; board.lines()];
    drawn[0] = true;
    drawn[7] = true;
    let mut game = Game::from_position(board, &drawn);
    game.play(3).unwrap();
    let text = link_text(&game);
    assert_eq!(text, "2x2~100000010000/3");
    let mut record = parse_link_record(&text).unwrap();
    assert_eq!(record.game(), &game);
    // Undo goes back to the set-up position, not to an empty board.
    assert!(record.undo());
    assert_eq!(record.game().drawn(), drawn);
    assert!(!record.undo());
    assert_eq!(record_of(&game).game(), &game);
    assert!(parse_link_record("2x2~10/3").unwrap_err().contains("12"));
}
