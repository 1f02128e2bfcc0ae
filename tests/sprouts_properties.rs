//! Property tests of the Sprouts engine: notation round trips, canonical forms, moves and lives,
//! nimbers under the relabellings of the spec, and a parser that never panics.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::children::raw_children;
use gamelab::engine::sprouts::database::parse_spr;
use gamelab::engine::sprouts::notation::{append_glop2, parse_written, write_trees};
use gamelab::engine::sprouts::position::Tree;
use gamelab::engine::sprouts::symbols::*;
use gamelab::engine::sprouts::{
    children, exchange, solve, Answer, Database, Goal, Notation, Position,
};
use proptest::prelude::*;

/// A position reached by playing `moves` (child indices, wrapped) from `spots` spots.
fn played(spots: usize, moves: &[u16]) -> Position {
    let mut p = Position::spots(spots);
    for &m in moves {
        let next = children(&p).unwrap();
        if next.is_empty() {
            break;
        }
        p = next[m as usize % next.len()].clone();
    }
    p
}

/// Positions of 40 to 70 spots a few moves in: past the one-byte limits of earlier versions.
fn large_positions() -> impl Strategy<Value = Position> {
    (40usize..=70, prop::collection::vec(any::<u16>(), 0..4))
        .prop_map(|(spots, moves)| played(spots, &moves))
}

fn positions() -> impl Strategy<Value = Position> {
    (1usize..=7, prop::collection::vec(any::<u16>(), 0..12))
        .prop_map(|(spots, moves)| played(spots, &moves))
}

fn small_positions() -> impl Strategy<Value = Position> {
    (1usize..=4, prop::collection::vec(any::<u16>(), 0..8))
        .prop_map(|(spots, moves)| played(spots, &moves))
}

/// Lives of a raw child (all names global), vertex by vertex: a digit d has 3 − d, a name seen
/// k times 3 − k (a name met three times has just died).
fn raw_lives(tree: &Tree) -> i64 {
    let mut counts = vec![0i64; Sym::MAX as usize + 1];
    let mut lives = 0;
    for &s in tree.iter().flatten().flatten() {
        if is_letter(s) {
            counts[s as usize] += 1;
        } else {
            lives += digit_lives(s) as i64;
        }
    }
    lives
        + counts
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| 3 - c)
            .sum::<i64>()
}

fn nimber(p: &Position, db: &mut Database) -> u8 {
    match solve(p, Goal::Nimber, db).unwrap().0 {
        Answer::Nimber(n) => n,
        other => panic!("{other:?}"),
    }
}

/// A tiny deterministic generator for the transformations below.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.roll(i + 1);
            items.swap(i, j);
        }
    }
}

/// Renames the upper-case letters of every land and the lower-case ones of every boundary by
/// random permutations, and shuffles the lands.
fn relabelled(p: &Position, dice: &mut Dice) -> String {
    let mut lands: Vec<Tree> = p.lands().iter().map(|l| l.tree()).collect();
    for land in &mut lands {
        let mut upper: Vec<Sym> = (UPPER_FIRST..UPPER_FIRST + 25).collect();
        dice.shuffle(&mut upper);
        for boundary in land.iter_mut().flatten() {
            let mut lower: Vec<Sym> = (LOWER_FIRST..LOWER_FIRST + 12).collect();
            dice.shuffle(&mut lower);
            for s in boundary.iter_mut() {
                if is_upper(*s) {
                    *s = upper[(*s - UPPER_FIRST) as usize % 25];
                } else if is_lower(*s) {
                    *s = lower[(*s - LOWER_FIRST) as usize % 12];
                }
            }
        }
    }
    dice.shuffle(&mut lands);
    write_trees(&lands, Notation::Glop2)
}

/// Rotates every boundary, mirrors some regions, shuffles boundaries and regions: the same
/// drawing on the sphere, which the pseudo-canonical form may write differently.
fn redrawn(p: &Position, dice: &mut Dice) -> String {
    let mut lands: Vec<Tree> = p.lands().iter().map(|l| l.tree()).collect();
    for land in &mut lands {
        for region in land.iter_mut() {
            let mirror = dice.roll(2) == 1;
            for boundary in region.iter_mut() {
                let k = dice.roll(boundary.len());
                boundary.rotate_left(k);
                if mirror {
                    boundary.reverse();
                }
            }
            dice.shuffle(region);
        }
        dice.shuffle(land);
    }
    write_trees(&lands, Notation::Glop10)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn writing_and_reading_back_gives_the_same_position(p in positions()) {
        for notation in [Notation::Glop10, Notation::Glop2] {
            let text = p.write(notation);
            prop_assert_eq!(parse_written(&text).unwrap().literal(), p.clone(), "{}", text);
            prop_assert_eq!(parse_written(&text).unwrap().write(notation), text);
        }
    }

    #[test]
    fn the_move_orders_flat_writer_writes_what_the_tree_writer_does(
        small in positions(),
        large in large_positions(),
        seed in any::<u64>(),
    ) {
        // As played, and as written with other letter names and land order (not canonical).
        let renamed = parse_written(&relabelled(&large, &mut Dice(seed))).unwrap().literal();
        for p in [Position::empty(), small, large, renamed] {
            let mut out = "before ".to_string();
            append_glop2(&p, &mut out);
            prop_assert_eq!(out, format!("before {}", p.write(Notation::Glop2)));
        }
    }

    #[test]
    fn estimated_children_follow_the_specs_formula(small in positions(), large in large_positions()) {
        // The raw children's count, pair by pair: Σ |B1|·|B2| + Σ ⌊|B|² · 2^(nb−1) / 2⌋ per region.
        for p in [small, large] {
            let mut expected: u128 = 0;
            for land in p.lands() {
                for region in land.tree() {
                    let sizes: Vec<u128> = region.iter().map(|b| b.len() as u128).collect();
                    for i in 0..sizes.len() {
                        for j in i + 1..sizes.len() {
                            expected += sizes[i] * sizes[j];
                        }
                        expected += sizes[i] * sizes[i] * (1u128 << (sizes.len() - 1)) / 2;
                    }
                }
            }
            let expected = u64::try_from(expected).unwrap_or(u64::MAX);
            prop_assert_eq!(p.estimated_children(), expected, "{}", p.write(Notation::Glop2));
        }
    }

    #[test]
    fn couples_pass_between_workers_unchanged(p in positions(), nimber in 0u8..=250) {
        let couples: Vec<(gamelab::engine::sprouts::Land, u8)> =
            p.lands().iter().map(|l| (l.clone(), nimber)).collect();
        let words = exchange::encode(couples.iter().map(|(l, n)| (l, *n)));
        prop_assert_eq!(exchange::decode(&words).unwrap(), couples);
    }

    #[test]
    fn any_words_decode_or_are_refused_without_panicking(
        words in prop::collection::vec(
            prop_oneof![0u16..300, Just(END_BOUNDARY), Just(END_REGION), Just(END_LAND), any::<u16>()],
            0..64,
        )
    ) {
        if let Ok(couples) = exchange::decode(&words) {
            // What decodes encodes back to the same words.
            prop_assert_eq!(exchange::encode(couples.iter().map(|(l, n)| (l, *n))), words);
        }
    }

    #[test]
    fn the_canonical_form_of_input_is_stable(p in positions()) {
        let once = Position::parse(&p.write(Notation::Glop2)).unwrap();
        let twice = Position::parse(&once.write(Notation::Glop10)).unwrap();
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn canonical_form_ignores_letter_names_and_land_order(p in positions(), seed in any::<u64>()) {
        let canonical = Position::parse(&p.write(Notation::Glop2)).unwrap();
        let text = relabelled(&p, &mut Dice(seed));
        prop_assert_eq!(Position::parse(&text).unwrap(), canonical, "{}", text);
    }

    #[test]
    fn every_move_uses_exactly_one_life(p in positions()) {
        for land in p.lands() {
            let before = land.lives() as i64;
            for raw in raw_children(land) {
                prop_assert_eq!(raw_lives(&raw), before - 1, "{} -> {}", land.write(Notation::Glop2), write_trees(std::slice::from_ref(&raw), Notation::Glop2));
            }
        }
        // Dead material is dropped from written positions, so they lose at least one life.
        for child in children(&p).unwrap() {
            prop_assert!(child.lives() < p.lives());
        }
    }

    #[test]
    fn large_positions_round_trip_canonize_alike_and_move_by_one_life(p in large_positions(), seed in any::<u64>()) {
        prop_assert!(p.lives() > 100);
        let text = p.write(Notation::Glop2);
        prop_assert_eq!(parse_written(&text).unwrap().literal(), p.clone(), "{}", text);
        prop_assert_eq!(Position::parse(&relabelled(&p, &mut Dice(seed))).unwrap(), Position::parse(&text).unwrap());
        for land in p.lands() {
            let before = land.lives() as i64;
            for raw in raw_children(land).into_iter().take(200) {
                prop_assert_eq!(raw_lives(&raw), before - 1);
            }
        }
    }

    #[test]
    fn redrawing_a_position_keeps_its_nimber(p in small_positions(), seed in any::<u64>()) {
        let mut db = Database::new();
        let text = redrawn(&p, &mut Dice(seed));
        let variant = Position::parse(&text).unwrap();
        prop_assert_eq!(nimber(&variant, &mut db), nimber(&p, &mut db), "{}", text);
    }

    #[test]
    fn the_parser_never_panics_on_glop_like_text(text in "[0-3a-nA-Zo-z.}\\]!|+*()@{#=-]{0,40}") {
        let _ = Position::parse(&text);
    }

    #[test]
    fn the_parser_never_panics_on_any_text(text in any::<String>()) {
        let _ = Position::parse(&text);
    }

    #[test]
    fn the_database_reader_never_panics(body in "[0-2a-cA-C.|+*! \\n0-9]{0,80}") {
        let _ = parse_spr(&format!("[Positions+Nimber]\n{body}"));
        let _ = parse_spr(&body);
    }
}

#[test]
fn errors_name_the_place_and_what_was_expected() {
    let cases = [
        ("", 1, "empty"),
        ("0.0.}]", 5, "1.0 notation"),
        ("0.0.}!", 6, "end with ']'"),
        ("0.0}]!", 4, "expected '.'"),
        ("0..0", 3, "empty boundary"),
        ("01", 1, "alone"),
        ("1a1b", 2, "lower-case letter a"),
        ("A|A|A", 5, "3 times"),
        ("0.AB.A", 6, "twice in one region"),
        ("0*0", 3, "count"),
        ("12x", 3, "surfaces"),
        ("3", 1, "dead vertex"),
        ("0.}]!0.}]!", 6, "'!' ends"), // what follows the ! is what is wrong
        ("0.}}]!", 4, "empty region"),
        ("Z(0)", 3, "Z(k) needs k"),
    ];
    for (text, at, words) in cases {
        let e = Position::parse(text).unwrap_err();
        assert_eq!(e.at, at, "{text}: {e}");
        assert!(e.message.contains(words), "{text}: {e}");
    }
}

/// Writes `names` (0-based) as extended upper-case names in the given order.
fn upper_run(names: &[usize]) -> String {
    names.iter().map(|k| format!("Z({})", k + 1)).collect()
}

#[test]
fn lands_with_hundreds_of_letter_names_canonize_whatever_the_names() {
    // Two regions sharing 300 vertices (300 lives, far past the old 140 upper-case names).
    let mut dice = Dice(7);
    let names: Vec<usize> = (0..300).collect();
    let plain = format!("0.{}|{}", upper_run(&names), upper_run(&names));
    let canonical = Position::parse(&plain).unwrap();
    assert_eq!(canonical.lives(), 303);
    let mut renamed = names.clone();
    dice.shuffle(&mut renamed);
    let relabelled = format!("{}|0.{}", upper_run(&renamed), upper_run(&renamed));
    assert_eq!(Position::parse(&relabelled).unwrap(), canonical);
    // Rotating one boundary and mirroring a region is the same drawing too.
    let mut turned = names.clone();
    turned.rotate_left(117);
    let mut mirrored = names.clone();
    mirrored.reverse();
    let redrawn = format!("{}.0|{}", upper_run(&mirrored), upper_run(&turned));
    let again = Position::parse(&redrawn).unwrap();
    assert_eq!(again.lives(), 303);
    assert_eq!(
        Position::parse(&again.write(Notation::Glop10)).unwrap(),
        again
    );
    // One boundary with 150 nested lower-case pairs (past the old 100 names a boundary).
    let nested: String = (1..=150)
        .map(|k| format!("m({k})"))
        .chain((1..=150).rev().map(|k| format!("m({k})")))
        .collect();
    let lower = Position::parse(&format!("0.{nested}")).unwrap();
    assert_eq!(lower.lives(), 153);
    let written = lower.write(Notation::Glop2);
    assert!(written.contains("m(140)"), "{written}");
    assert_eq!(Position::parse(&written).unwrap(), lower);
}

#[test]
fn extended_letter_names_are_read_and_written() {
    // Z(k) is the k-th upper-case name, m(k) the k-th lower-case one.
    assert_eq!(
        Position::parse("Z(1)Z(2)|Z(1)Z(2)").unwrap(),
        Position::parse("AB|AB").unwrap()
    );
    assert_eq!(
        Position::parse("1m(1)1m(1)").unwrap(),
        Position::parse("1a1a").unwrap()
    );
    // Past Y (25 names) a whole class switches to the extended form, and reads back the same.
    let text = "Z(26)Z(27)|Z(26)Z(27)";
    assert_eq!(parse_written(text).unwrap().write(Notation::Glop2), text);
    let lower = "1m(13)1m(13)";
    assert_eq!(parse_written(lower).unwrap().write(Notation::Glop2), lower);
    let wide: Tree = vec![
        vec![(0..30).map(|k| UPPER_FIRST + k).collect()],
        vec![(0..30).map(|k| UPPER_FIRST + k).collect()],
    ];
    let written = write_trees(&[wide], Notation::Glop2);
    assert!(
        written.starts_with("Z(1)Z(2)") && written.contains("Z(30)|Z(1)"),
        "{written}"
    );
    assert_eq!(
        parse_written(&written).unwrap().write(Notation::Glop2),
        written
    );
}
