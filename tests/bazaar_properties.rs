//! Bazaar invariants over random games: every game ends, the outcome is consistent, no pebble
//! appears from nowhere, and every strategy plan is legal under the rules.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::bazaar::actors::{Actor, Cheat, Misbehaviour, Player};
use gamelab::engine::bazaar::referee::{run_direct, Event, Method, Referee};
use gamelab::engine::bazaar::rules;
use gamelab::engine::bazaar::setup::random_game;
use gamelab::engine::bazaar::strategy::{best_plan, Policy};
use gamelab::engine::rng::Rng;
use proptest::prelude::*;

const NAMES: [&str; 6] = ["Adam", "Eve", "Carl", "Dana", "Finn", "Gwen"];

fn behaviour(code: u8) -> Misbehaviour {
    match code % 12 {
        0..=5 => Misbehaviour::None,
        6 => Misbehaviour::Raise(Method::PebbleOrTrades),
        7 => Misbehaviour::Raise(Method::Cards),
        8 => Misbehaviour::Raise(Method::Win),
        n => Misbehaviour::Cheat(Cheat::ALL[(n as usize + code as usize) % 5]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_games_end_consistently_and_make_no_pebbles(seed in any::<u64>(), codes in proptest::collection::vec(any::<u8>(), 2..=6)) {
        let n = codes.len();
        let (equations, state) = random_game(n, &mut Rng::new(seed));
        let start = state.bank.size();
        let names: Vec<String> = NAMES[..n].iter().map(|s| s.to_string()).collect();
        let mut referee = Referee::new(equations, state, names.clone(), None).unwrap();
        let mut players: Vec<Box<dyn Player>> = codes
            .iter()
            .enumerate()
            .map(|(i, &c)| Box::new(Actor::new(NAMES[i], if c % 2 == 0 { Policy::Points } else { Policy::Size }, behaviour(c))) as Box<dyn Player>)
            .collect();
        run_direct(&mut referee, &mut players);
        let outcome = referee.outcome().expect("every game ends");
        // Winners and drop-outs are disjoint, sorted, and drop-outs are exactly the kicked seats.
        prop_assert!(outcome.winners.iter().all(|w| !outcome.dropouts.contains(w)));
        prop_assert!(outcome.winners.windows(2).all(|w| w[0] <= w[1]) && outcome.dropouts.windows(2).all(|w| w[0] <= w[1]));
        let kicked: Vec<String> = (0..n).filter(|&s| referee.is_kicked(s)).map(|s| names[s].clone()).collect();
        let mut sorted = kicked.clone();
        sorted.sort();
        prop_assert_eq!(&outcome.dropouts, &sorted);
        // Actors that play by the rules are never eliminated.
        for (i, &c) in codes.iter().enumerate() {
            if behaviour(c) == Misbehaviour::None {
                prop_assert!(!referee.is_kicked(i), "{} played by the rules", NAMES[i]);
            }
        }
        // Pebbles only move between bank and wallets, or vanish with an eliminated player.
        let now = referee.state().players.iter().fold(referee.state().bank, |all, p| all.plus(&p.wallet));
        prop_assert!(now.size() <= start);
        if kicked.is_empty() {
            prop_assert_eq!(now.size(), start);
        }
        // Scores come only from purchases (no bonus here).
        for seat in 0..n {
            let bought: u32 = referee.log().iter().filter_map(|e| match e {
                Event::Bought { seat: s, points, .. } if *s == seat => Some(*points),
                _ => None,
            }).sum();
            prop_assert_eq!(referee.state().players[seat].score.clone(), bought.into());
        }
    }

    #[test]
    fn strategy_plans_are_legal(seed in any::<u64>(), draws in 0usize..14, size in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let (equations, mut state) = random_game(2, &mut rng);
        // A random wallet drawn from the bank.
        for _ in 0..draws {
            let colour = gamelab::engine::bazaar::pebbles::Pebble::ALL[rng.below(5)];
            let mut one = gamelab::engine::bazaar::pebbles::Bag::new();
            one.add(colour, 1);
            state.bank = state.bank.minus(&one).unwrap();
            state.players[0].wallet.add(colour, 1);
        }
        let policy = if size { Policy::Size } else { Policy::Points };
        let wallet = state.players[0].wallet;
        let plan = best_plan(&equations, &wallet, &state.bank, &state.visibles, policy);
        prop_assert!(plan.exchanges.len() <= 4);
        let (after, _) = rules::exchange(&equations, &plan.exchanges, &wallet, &state.bank).expect("the exchanges are legal");
        let purchase = rules::buy(&after, &state.visibles, &plan.purchase.cards).expect("the purchase is legal");
        prop_assert_eq!(purchase.points, plan.purchase.points);
        prop_assert_eq!(purchase.wallet, plan.purchase.wallet);
        // The purchase is maximal: no visible card left can be paid for with what remains.
        prop_assert!(purchase.visibles.iter().all(|c| !purchase.wallet.contains(&c.bag())));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The wire reader on arbitrary bytes: a value, an error, or the end; never a panic, never
    /// more than its limit read for one value (and the whitespace before it, which is skipped).
    #[test]
    fn the_wire_reader_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300), limit in 1usize..120) {
        use gamelab::engine::bazaar::wire::{read_value, WireError};
        let mut stream = std::io::Cursor::new(bytes.clone());
        for _ in 0..=bytes.len() {
            let before = stream.position();
            let space = bytes[before as usize..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
                .count() as u64;
            match read_value(&mut stream, limit) {
                Err(WireError::Closed) => break,
                _ => prop_assert!(stream.position() - before <= limit as u64 + space),
            }
            if stream.position() == before {
                break; // nothing taken: an error at the very end
            }
        }
    }

    /// Every JSON value a peer may send reads back as written, one after another.
    #[test]
    fn wire_lines_read_back(words in proptest::collection::vec("[a-z\"\\\\\\]\\[{} ]{0,12}", 1..6), flags in proptest::collection::vec(any::<bool>(), 1..6)) {
        use gamelab::engine::bazaar::wire::{line, read_value, MAX_MESSAGE_BYTES};
        let values: Vec<serde_json::Value> = words.iter().zip(flags.iter().cycle()).map(|(w, &f)| {
            if f { serde_json::json!([w, {"k": [w, false]}]) } else { serde_json::json!(w) }
        }).chain([serde_json::json!(false)]).collect();
        let bytes: Vec<u8> = values.iter().flat_map(line).collect();
        let mut stream = std::io::Cursor::new(bytes);
        for v in &values {
            prop_assert_eq!(&read_value(&mut stream, MAX_MESSAGE_BYTES).unwrap(), v);
        }
    }
}

/// What a person's seat is offered: which exchanges and cards can be paid now, given what is
/// already chosen (the page showed twenty exchange buttons and none marked usable).
#[test]
fn the_next_exchanges_and_cards_are_the_ones_that_can_be_paid() {
    use gamelab::engine::bazaar::cards::Card;
    use gamelab::engine::bazaar::equations::Equation;
    use gamelab::engine::bazaar::pebbles::{Bag, Pebble::*};
    let equations = vec![
        Equation::new(vec![Red, Red], vec![Blue]),
        Equation::new(vec![Green], vec![White, Yellow]),
    ];
    let wallet = Bag::of(&[Red, Red, Green]);
    let bank = Bag::of(&[Blue, White]);
    // R R → B (the bank has a blue): yes; B → R R: no blue in the wallet; G → W Y: the bank has
    // no yellow; W Y → G: the wallet has neither.
    assert_eq!(
        rules::next_exchanges(&equations, &[], &wallet, &bank),
        vec![true, false, false, false]
    );
    // After R R → B, the blue can go back: B → R R (the bank has the reds now).
    let chosen = [equations[0].clone()];
    assert_eq!(
        rules::next_exchanges(&equations, &chosen, &wallet, &bank),
        vec![false, true, false, false]
    );
    let card = |pebbles: Vec<_>| Card {
        pebbles,
        face: false,
    };
    let visibles = vec![
        card(vec![Red, Red, Green, Blue, Blue]),
        card(vec![Red, Red, Red, Red, Red]),
        card(vec![Red, Red, Green, Blue, Blue]),
    ];
    let rich = Bag::of(&[Red, Red, Green, Blue, Blue, Red, Red, Green, Blue, Blue]);
    assert_eq!(
        rules::next_cards(&rich, &visibles, &[]),
        vec![true, false, true]
    );
    // One of the two twins bought: the other can still be, from what is left.
    let bought = [visibles[0].clone()];
    assert_eq!(
        rules::next_cards(&rich, &visibles, &bought),
        vec![true, false, true]
    );
    let poor = Bag::of(&[Red, Red, Green, Blue, Blue]);
    assert_eq!(
        rules::next_cards(&poor, &visibles, &bought),
        vec![false, false, false]
    );
}
