//! Misère canonical trees (engine::sprouts::misere::trees), against published counts and a
//! plain outcome search on unsimplified trees.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::misere::trees::{Trees, ONE, ZERO};

#[test]
fn games_born_by_day_four_are_the_published_count() {
    // Distinct misère games born by day 0, 1, 2, 3, 4: 1, 2, 3, 5, 22 (Conway, On Numbers and
    // Games, ch. 12; Siegel, arXiv:2012.08554).
    let mut trees = Trees::new();
    let mut born = vec![ZERO];
    let mut counts = vec![1];
    for _day in 1..=4 {
        let mut next = std::collections::BTreeSet::new();
        for subset in 0u32..(1 << born.len()) {
            let options = (0..born.len())
                .filter(|i| subset >> i & 1 == 1)
                .map(|i| born[i])
                .collect();
            next.insert(trees.game(options).unwrap());
        }
        born = next.into_iter().collect();
        counts.push(born.len());
    }
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

#[test]
fn one_plus_one_is_zero() {
    let mut trees = Trees::new();
    assert_eq!(trees.add(ONE, ONE).unwrap(), ZERO);
    let two = trees.nim(2);
    assert_ne!(trees.add(two, two).unwrap(), ZERO);
}

/// A game tree as it is, nothing simplified.
#[derive(Clone, Debug)]
struct Raw(Vec<Raw>);

impl From<Vec<Raw>> for Raw {
    fn from(options: Vec<Raw>) -> Raw {
        Raw(options)
    }
}

/// Misère outcome of a sum of raw trees, by plain search: whether the mover wins.
fn raw_wins(parts: &[Raw]) -> bool {
    let mut any_move = false;
    for (i, part) in parts.iter().enumerate() {
        for option in &part.0 {
            any_move = true;
            let mut next = parts.to_vec();
            next[i] = option.clone();
            if !raw_wins(&next) {
                return true;
            }
        }
    }
    !any_move
}

fn random_raw(rng: &mut gamelab::engine::rng::Rng, depth: u32) -> Raw {
    if depth == 0 {
        return Raw(Vec::new());
    }
    let count = rng.below(4);
    (0..count)
        .map(|_| {
            let below = rng.below(depth as usize) as u32;
            random_raw(rng, below)
        })
        .collect::<Vec<_>>()
        .into()
}

fn canonical(trees: &mut Trees, raw: &Raw) -> gamelab::engine::sprouts::misere::TreeId {
    let options = raw.0.iter().map(|o| canonical(trees, o)).collect();
    trees.game(options).unwrap()
}

#[test]
fn simplified_trees_keep_the_outcome_of_every_sum() {
    // For random G and X, G + X played out in full has the outcome of canon(G) + canon(X),
    // and of canon(G) + X: so simplifying never changes what any sum is worth.
    let mut rng = gamelab::engine::rng::Rng::new(0x07EE_50F6_A3E5);
    let mut trees = Trees::new();
    let (mut simplified, mut won) = (0, 0);
    for _ in 0..400 {
        let g = random_raw(&mut rng, 4);
        let x = random_raw(&mut rng, 3);
        let expected = raw_wins(&[g.clone(), x.clone()]);
        let (cg, cx) = (canonical(&mut trees, &g), canonical(&mut trees, &x));
        let sum = trees.add(cg, cx).unwrap();
        assert_eq!(trees.wins(sum), expected, "{g:?} + {x:?}");
        // Played out with G's simplest tree as a raw tree, X as it is.
        let written = to_raw(&trees, cg);
        assert_eq!(raw_wins(&[written, x.clone()]), expected);
        simplified += usize::from(size(&g) > size(&to_raw(&trees, cg)));
        won += usize::from(expected);
    }
    assert!(
        simplified > 50 && won > 50 && won < 350,
        "{simplified} simplified, {won} won"
    );
}

fn to_raw(trees: &Trees, tree: gamelab::engine::sprouts::misere::TreeId) -> Raw {
    Raw(trees
        .options(tree)
        .iter()
        .map(|&o| to_raw(trees, o))
        .collect())
}

fn size(raw: &Raw) -> usize {
    1 + raw.0.iter().map(size).sum::<usize>()
}

#[test]
fn work_past_the_step_limit_stops_cleanly() {
    let mut trees = Trees::new();
    let five = trees.nim(5);
    let six = trees.nim(6);
    trees.step_limit = trees.steps + 3;
    assert!(trees.add(five, six).is_err());
    trees.step_limit = u64::MAX;
    let sum = trees.add(five, six).unwrap();
    // With a heap above 1, misère Nim is won as normal Nim: 5 xor 6 is not 0.
    assert!(trees.wins(sum));
    let again = trees.add(six, five).unwrap();
    assert_eq!(sum, again);
}
