//! Misère Sprouts (engine::sprouts::misere), natively: the published outcomes, an independent
//! plain search on the drawn board (no canonical form, no table) agreeing with the plain
//! search, and the fast search (lands as misère trees) agreeing with both.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::rng::Rng;
use gamelab::engine::sprouts::board::Board;
use gamelab::engine::sprouts::misere;
use gamelab::engine::sprouts::Position;
use gamelab::engine::stop::Stop;

/// Misère outcomes from n = 1 spot, W: the first player wins (OEIS A164950; Lemoine & Viennot).
const PUBLISHED: &str = "WLLLWWLLLWWWLLLWWWLL";

#[test]
fn the_fast_search_finds_the_published_outcomes_up_to_ten_spots() {
    let mut misere = misere::Solver::new();
    for (n, expected) in PUBLISHED.chars().enumerate().take(10) {
        let n = n + 1;
        let wins = misere.wins(&Position::spots(n), 50_000_000).unwrap();
        assert_eq!(if wins { 'W' } else { 'L' }, expected, "{n} spots");
    }
}

#[test]
fn a_solver_short_of_memory_forgets_and_still_finds_the_published_outcomes() {
    // 2.5 MB: well below the 11 MB 11 spots holds unbounded, so the caches are emptied on the
    // way, and the answers stay right.
    let limit = 5 << 19;
    let mut misere = misere::Solver::new();
    misere.set_memory_limit(limit);
    for (n, expected) in PUBLISHED.chars().enumerate().take(11) {
        let n = n + 1;
        let wins = misere.wins(&Position::spots(n), 50_000_000).unwrap();
        assert_eq!(if wins { 'W' } else { 'L' }, expected, "{n} spots");
        // The running counts agree with counting afresh.
        assert_eq!(misere.trees.bytes(), misere.trees.bytes_counted());
    }
    assert!(
        misere.emptied > 0,
        "nothing was forgotten under {limit} bytes"
    );
    assert!(misere.bytes() <= limit, "{} bytes", misere.bytes());
}

/// Positions part-way through random games of `spots`, once `lives` or fewer are left.
fn random_positions(
    rng: &mut Rng,
    count: usize,
    spots: std::ops::Range<usize>,
    lives: u32,
) -> Vec<Board> {
    (0..count)
        .map(|game| {
            let mut board = Board::new(spots.start + game % spots.len());
            loop {
                let left: u32 = (0..board.spots()).map(|s| u32::from(board.lives(s))).sum();
                let moves = board.moves().unwrap();
                if moves.is_empty() || left <= lives {
                    return board;
                }
                board.play(&moves[rng.below(moves.len())]).unwrap();
            }
        })
        .collect()
}

#[test]
fn the_fast_search_agrees_with_the_plain_one() {
    // Larger positions than the board search can take, with every size of land made a tree
    // (0: none, 10: the default) so the trees, their sums and the search with them are all used.
    let mut rng = Rng::new(0x0DD5_EED5_2026_1126);
    let boards = random_positions(&mut rng, 60, 4..8, 13);
    let mut plain = misere::Plain::new();
    let mut fast: Vec<misere::Solver> = [0, 4, 7, 10, 12]
        .map(misere::Solver::with_small_lives)
        .into();
    let mut won = 0;
    for (i, board) in boards.iter().enumerate() {
        let position = board.position();
        let expected = plain.wins(&position, 10_000_000).unwrap();
        for misere in &mut fast {
            let got = misere.wins(&position, 10_000_000).unwrap();
            assert_eq!(
                got, expected,
                "position {i}, lands under {} lives as trees",
                misere.small_lives
            );
        }
        won += usize::from(expected);
    }
    assert!(won > 10 && won < 50, "{won} of 60 won");
}

#[test]
fn the_fast_search_agrees_with_the_board() {
    let mut rng = Rng::new(0xB0A2_D5EE_D000_0043);
    let mut misere = misere::Solver::new();
    for (i, board) in random_positions(&mut rng, 80, 3..7, 9).iter().enumerate() {
        let mut left = 5_000_000;
        let plain = board_wins(board, &mut left);
        assert_eq!(
            plain,
            misere.wins(&board.position(), 1_000_000).unwrap(),
            "position {i}"
        );
    }
}

#[test]
fn the_fast_search_over_its_budget_says_so_and_goes_on() {
    let mut misere = misere::Solver::new();
    let nine = Position::spots(9);
    assert_eq!(
        misere.wins(&nine, 500),
        Err(misere::Unfinished::Budget(500))
    );
    assert!(misere.work() <= 501, "{}", misere.work());
    let before = misere.work();
    assert!(!misere.wins(&nine, 50_000_000).unwrap());
    assert!(misere.work() > before);
}

#[test]
fn the_plain_search_finds_the_published_outcomes_up_to_seven_spots() {
    let mut table = misere::Plain::new();
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
    let mut table = misere::Plain::new();
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
    let mut table = misere::Plain::new();
    let five = Position::spots(5);
    assert!(matches!(
        table.wins(&five, 100),
        Err(misere::Unfinished::Budget(_))
    ));
    let done = table.expansions;
    assert!((100..=101).contains(&done), "{done}");
    // What was solved is kept: the rest is looked at in the next call.
    assert!(table.wins(&five, 10_000_000).unwrap());
}

#[test]
fn a_base_read_back_is_checked_and_answers_without_searching() {
    let mut misere = misere::Solver::new();
    assert!(misere.wins(&Position::spots(6), 10_000_000).unwrap());
    assert!(!misere.wins(&Position::spots(8), 10_000_000).unwrap());
    let text = misere.write_base();
    let (mut read, counts) =
        misere::Solver::read_base(&text, misere.small_lives, 10_000_000, Stop::never()).unwrap();
    // Written again straight away: every line is kept (checking may add lands it worked out),
    // but for a land whose written form reads back as another way of writing it (a land the
    // canonical form can write two ways: the same land, written as it reads now).
    let again = read.write_base();
    let lines: std::collections::HashSet<&str> = again.lines().collect();
    let rewritten = |line: &str| {
        let Some(rest) = line.strip_prefix("land ") else {
            return false;
        };
        let (written, _) = rest.rsplit_once(' ').unwrap();
        Position::parse(written)
            .unwrap()
            .write(gamelab::engine::sprouts::Notation::Glop2)
            != written
    };
    let missing: Vec<&str> = text
        .lines()
        .filter(|l| !lines.contains(l) && !rewritten(l))
        .collect();
    assert!(
        missing.is_empty(),
        "{} lines of {} not written again: {missing:?}",
        missing.len(),
        text.lines().count()
    );
    assert!(
        counts.trees > 20 && counts.lands > 1000 && counts.losses > 20,
        "{counts:?}"
    );
    let before = read.work();
    assert!(!read.wins(&Position::spots(8), 10_000_000).unwrap());
    assert!(read.wins(&Position::spots(6), 10_000_000).unwrap());
    // 6 spots is won: its lost answer is in the base, found at the first step.
    assert!(read.work() - before <= 2, "{}", read.work() - before);
    // Checking has a budget too.
    assert!(matches!(
        misere::Solver::read_base(&text, misere.small_lives, 100, Stop::never()),
        Err(gamelab::engine::sprouts::misere::BaseError::Budget(_))
    ));
    // The command line picks which lands become trees by the position's size, so a base written
    // with one threshold is read with another: its states are the same games either way, and
    // they are checked again as such.
    // A lower threshold than the base's would search as Sprouts lands the base left to their
    // trees, so the base's own is used: the line `tree-lives N` says it.
    assert!(text.lines().nth(1) == Some(&format!("tree-lives {}", misere.small_lives)));
    for small_lives in [misere.small_lives - 2, misere.small_lives + 1] {
        let (mut other, _) =
            misere::Solver::read_base(&text, small_lives, 10_000_000, Stop::never()).unwrap();
        assert_eq!(other.small_lives, small_lives.max(misere.small_lives));
        assert!(!other.wins(&Position::spots(8), 10_000_000).unwrap());
        assert!(other.wins(&Position::spots(6), 10_000_000).unwrap());
    }
}

#[test]
fn the_misere_player_finds_winning_moves_in_small_steps() {
    use gamelab::engine::sprouts::children;
    use gamelab::engine::sprouts::misere;
    use gamelab::engine::sprouts::player::Thought;
    let mut solver = misere::Solver::new();
    let mut plain = misere::Plain::new();
    for (n, expected) in PUBLISHED.chars().enumerate().take(8) {
        let start = Position::spots(n + 1);
        let kids = children(&start).unwrap();
        let mut player = misere::Perfect::new(kids.clone());
        let mut steps = 0;
        while *player.thought() == Thought::Thinking {
            player.step(&mut solver, 300).unwrap();
            steps += 1;
            assert!(steps < 100_000, "{} spots: no end", n + 1);
        }
        match player.thought() {
            Thought::Wins(k) => {
                assert_eq!(expected, 'W', "{} spots", n + 1);
                // The move chosen leaves a position the opponent loses, by the plain search.
                assert!(!plain.wins(&kids[*k], 10_000_000).unwrap());
                assert_eq!(player.choice(), *k);
            }
            Thought::Loses => assert_eq!(expected, 'L', "{} spots", n + 1),
            Thought::Thinking => unreachable!(),
        }
    }
}

/// The levelled search (Glop's page) in small steps: the published outcomes up to nine spots,
/// and the same answers as the recursive search on random positions, with a fresh solver each.
#[test]
fn the_levelled_search_in_steps_finds_the_same_outcomes() {
    use gamelab::engine::sprouts::misere;
    let run = |position: &Position, budget: u64| {
        let mut solver = misere::Solver::new();
        let mut search = misere::Search::new(position.clone());
        for _ in 0..1_000_000 {
            if let Some(wins) = search.step(&mut solver, budget).unwrap() {
                return wins;
            }
        }
        panic!("no answer for {position:?}");
    };
    for (n, expected) in PUBLISHED.chars().enumerate().take(9) {
        let wins = run(&Position::spots(n + 1), 200);
        assert_eq!(if wins { 'W' } else { 'L' }, expected, "{} spots", n + 1);
    }
    let mut rng = Rng::new(0x1E7E_15ED_2026_1127);
    for board in random_positions(&mut rng, 40, 4..8, 13) {
        let position = board.position();
        let expected = misere::Solver::new().wins(&position, u64::MAX).unwrap();
        assert_eq!(run(&position, 37), expected, "{position:?}");
    }
}

/// Levels show where the search stands; a zap moves a level to another child (dropping the
/// levels below), a step moves it to the next child not yet ruled out, and refusals say why;
/// the answer after zapping is still right.
#[test]
fn the_levelled_search_shows_its_levels_and_can_be_zapped() {
    use gamelab::engine::sprouts::misere;
    let mut solver = misere::Solver::new();
    let mut search = misere::Search::new(Position::spots(9));
    search.step(&mut solver, 300).unwrap();
    let levels = search.levels();
    assert!(levels.len() >= 2, "{levels:?}");
    let top = &levels[0];
    assert_eq!(top.lands, Position::spots(9));
    assert!(top.count >= 3 && top.alive <= top.count);
    let children = search.level_children(0);
    assert_eq!(children.len(), top.count);
    assert!(children[top.numero - 1].current);
    assert!(children[..top.numero - 1].iter().all(|c| c.won));
    // A child ruled out cannot be zapped to; one still open can.
    if top.numero > 1 {
        assert!(search.zap(0, 0).unwrap_err().contains("already shown won"));
    }
    // The children still open: the one looked at first, as the search goes in order.
    let open: Vec<usize> = (0..children.len()).filter(|&k| !children[k].won).collect();
    assert_eq!(open[0] + 1, top.numero);
    assert!(open.len() >= 2, "{children:?}");
    search.zap(0, open[1]).unwrap();
    let levels = search.levels();
    assert_eq!(levels.len(), 1);
    assert_eq!(levels[0].numero, open[1] + 1);
    search.zap_step(0, true).unwrap();
    assert_eq!(search.levels()[0].numero, open[2 % open.len()] + 1);
    search.zap_step(0, false).unwrap();
    assert_eq!(search.levels()[0].numero, open[1] + 1);
    assert!(search.zap(5, 0).unwrap_err().contains("no level 6"));
    assert!(search.zap(0, top.count).is_err());
    let mut answer = None;
    for _ in 0..100_000 {
        answer = search.step(&mut solver, 3_000).unwrap();
        if answer.is_some() {
            break;
        }
    }
    // Nine spots is a misère loss for the first player.
    assert_eq!(answer, Some(false));
    assert!(search.levels().is_empty());
}

/// A base read a few lines at a time (as a page reads one in its slices) comes out the same as
/// read at once; a tampered loss is refused at its line in steps too, and a trusting reader (a
/// text the page sealed itself) reads the lines without checking the losses.
#[test]
fn a_base_read_in_small_steps_is_the_same_and_still_checked() {
    use gamelab::engine::sprouts::misere::{BaseCounts, BaseError, BaseReader};
    let mut misere = misere::Solver::new();
    assert!(!misere.wins(&Position::spots(7), 10_000_000).unwrap());
    let text = misere.write_base();
    let (whole, counts) =
        misere::Solver::read_base(&text, misere.small_lives, 10_000_000, Stop::never()).unwrap();
    let read_in_steps =
        |reader: BaseReader| -> Result<(misere::Solver, BaseCounts, usize), BaseError> {
            let mut reader = reader;
            let mut steps = 0;
            let mut last = 0.0;
            while !reader.step(10)? {
                steps += 1;
                assert!(reader.progress() >= last && reader.progress() <= 1.0);
                last = reader.progress();
            }
            let (read, stepped) = reader.finish();
            Ok((read, stepped, steps))
        };
    let (stepped, stepped_counts, steps) =
        read_in_steps(BaseReader::new(&text, misere.small_lives, 10_000_000).unwrap()).unwrap();
    assert!(steps > 10, "{steps} steps");
    assert_eq!(stepped_counts, counts);
    assert_eq!(stepped.write_base(), whole.write_base());
    // A lost state that is not lost: the start of 6 spots (a misère win) claimed lost.
    let mut six = misere::Solver::new();
    let six_state = {
        assert!(six.wins(&Position::spots(6), 10_000_000).unwrap());
        Position::spots(6).write(gamelab::engine::sprouts::Notation::Glop2)
    };
    let tampered = format!("{text}loss {six_state} ;\n");
    let refused =
        read_in_steps(BaseReader::new(&tampered, misere.small_lives, 10_000_000).unwrap());
    match refused {
        Err(BaseError::Refuted { line, message }) => {
            assert_eq!(line, tampered.lines().count(), "{message}");
            assert!(message.starts_with("not lost"), "{message}");
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a false loss was taken"),
    }
    let trusted = BaseReader::new(&tampered, misere.small_lives, 10_000_000)
        .unwrap()
        .trusting();
    let (_, trusted_counts, _) = read_in_steps(trusted).unwrap();
    assert_eq!(trusted_counts.losses, counts.losses + 1);
    assert!(matches!(
        BaseReader::new("3 0.0.}]!\n", misere.small_lives, 1000),
        Err(BaseError::Refuted { line: 1, .. })
    ));
    // The tree {0} is the heap of one, tree 1 already: a second definition is refused.
    let twice = format!(
        "{}\ntree 0\n",
        gamelab::engine::sprouts::misere::MISERE_HEADER
    );
    match misere::Solver::read_base(&twice, misere.small_lives, 1000, Stop::never()) {
        Err(BaseError::Refuted { line: 2, message }) => assert!(message.contains("twice")),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a tree defined twice was taken"),
    }
    // Only the trees lands and lost states use are written, not every tree in the arena:
    // nim heaps up to 12 are made here and no land of 7 spots has one.
    let used = text.lines().filter(|l| l.starts_with("tree")).count();
    misere.trees.nim(12);
    let written = misere
        .write_base()
        .lines()
        .filter(|l| l.starts_with("tree"))
        .count();
    assert_eq!(written, used);
    assert!(
        written < misere.trees.len(),
        "{written} of {}",
        misere.trees.len()
    );
}

/// Searches begun on different children of the start (as the page's workers are) reach the
/// same answers.
#[test]
fn levelled_searches_begun_on_other_children_agree() {
    use gamelab::engine::sprouts::misere;
    for (n, expected) in PUBLISHED.chars().enumerate().take(8) {
        for first in [1, 2, 5] {
            let mut solver = misere::Solver::new();
            let mut search = misere::Search::new(Position::spots(n + 1)).trying_first(first);
            let mut answer = None;
            for _ in 0..100_000 {
                answer = search.step(&mut solver, 500).unwrap();
                if answer.is_some() {
                    break;
                }
            }
            let wins = answer.expect("an answer");
            assert_eq!(
                if wins { 'W' } else { 'L' },
                expected,
                "{} spots, first {first}",
                n + 1
            );
        }
    }
    let mut solver = misere::Solver::new();
    let mut search = misere::Search::new(Position::spots(9)).trying_first(3);
    search.step(&mut solver, 1).unwrap();
    assert_eq!(search.levels()[0].numero, 4);
}

#[test]
fn sums_of_many_equal_small_lands_end_and_agree_with_a_brute_force_and_nim() {
    // 67 copies of `1a1a` once made df-pn's numbers reach their ceiling at the root, and the
    // search spun there for ever without work. A brute force over whole positions settles a
    // few copies; from there, `1a1a` is a nim heap of two (its tree is the arena's), and a sum
    // of heaps of two is lost in misère play exactly when their count is even.
    let mut misere = misere::Solver::new();
    let land = Position::parse("1a1a").unwrap();
    let tree = misere.land_tree(&land.lands()[0], 1_000_000).unwrap();
    assert_eq!(tree, misere.trees.nim(2), "1a1a is a heap of two");
    let mut plain = misere::Plain::new();
    for copies in 1..=6 {
        let sum = Position::parse(&vec!["1a1a"; copies].join("+")).unwrap();
        let brute = plain.wins(&sum, 10_000_000).unwrap();
        assert_eq!(misere.wins(&sum, 10_000_000).unwrap(), brute, "{copies}");
        assert_eq!(brute, copies % 2 == 1, "{copies}");
    }
    for copies in [66, 67, 80, 201, 2000] {
        let sum = Position::parse(&vec!["1a1a"; copies].join("+")).unwrap();
        let mut fresh = misere::Solver::new();
        // A node budget, not a clock: 2,000 copies take about 40,000 units of work.
        let wins = fresh.wins(&sum, 5_000_000).unwrap();
        assert_eq!(wins, copies % 2 == 1, "{copies} copies");
    }
}
