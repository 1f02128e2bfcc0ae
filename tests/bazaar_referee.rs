//! The Bazaar referee with misbehaving players: each kind of misbehaviour kicks exactly that
//! player, at the right call, and the others play on; real time limits; panics; the rules it
//! applies along the way (scoring, the price of exchanging, refills).
#![cfg(not(target_arch = "wasm32"))]

use std::time::{Duration, Instant};

use gamelab::engine::bazaar::actors::{Actor, Cheat, Misbehaviour, Player};
use gamelab::engine::bazaar::cards::{points, Card};
use gamelab::engine::bazaar::driver;
use gamelab::engine::bazaar::equations::Equation;
use gamelab::engine::bazaar::pebbles::{Bag, Pebble};
use gamelab::engine::bazaar::referee::{Event, Method, Price, Referee};
use gamelab::engine::bazaar::state::{GameState, PlayerState, TurnState};
use gamelab::engine::bazaar::strategy::Policy;

use Pebble::{Blue, Green, Red, White, Yellow};

const LIMIT: Duration = Duration::from_millis(200);

fn card(pebbles: [Pebble; 5], face: bool) -> Card {
    Card {
        pebbles: pebbles.to_vec(),
        face,
    }
}

fn equations() -> Vec<Equation> {
    vec![
        Equation::new(vec![Red], vec![Blue, Blue]),
        Equation::new(vec![White, White], vec![Green]),
        Equation::new(vec![Yellow], vec![Red, Green]),
    ]
}

/// A game of `n` players with empty wallets, a full bank and 20 cards.
fn game(n: usize) -> GameState {
    let colours = Pebble::ALL;
    let cards: Vec<Card> = (0..20)
        .map(|i| {
            card(
                std::array::from_fn(|k| colours[(i + k * (i % 3 + 1)) % 5]),
                i % 4 == 0,
            )
        })
        .collect();
    GameState {
        bank: Bag::uniform(20),
        visibles: cards[..4].to_vec(),
        hidden: cards[4..].to_vec(),
        players: (0..n).map(|_| PlayerState::default()).collect(),
    }
}

fn play(actors: Vec<Actor>) -> Referee {
    let names = actors.iter().map(|a| a.name.clone()).collect();
    let mut referee = Referee::new(equations(), game(actors.len()), names, None).unwrap();
    driver::run(
        &mut referee,
        actors
            .into_iter()
            .map(|a| Box::new(a) as Box<dyn Player>)
            .collect(),
        LIMIT,
    );
    referee
}

/// The kicks of a finished game: (seat, method, reason), and the turn each happened in.
fn kicks(referee: &Referee) -> Vec<(usize, Method, String, u32)> {
    let mut turn = 0;
    let mut out = Vec::new();
    for event in referee.log() {
        match event {
            Event::Turn { number, .. } => turn = *number,
            Event::Kicked { seat, method, why } => out.push((*seat, *method, why.clone(), turn)),
            _ => {}
        }
    }
    out
}

fn good(name: &str) -> Actor {
    Actor::new(name, Policy::Points, Misbehaviour::None)
}

#[test]
fn a_raising_actor_is_kicked_at_its_first_call_of_that_method_only() {
    for method in [
        Method::Setup,
        Method::PebbleOrTrades,
        Method::Cards,
        Method::Win,
    ] {
        let referee = play(vec![
            good("Adam"),
            Actor::new("Zeina", Policy::Size, Misbehaviour::Raise(method)),
            good("Eve"),
        ]);
        let kicked = kicks(&referee);
        assert_eq!(kicked.len(), 1, "{method:?}: {kicked:?}");
        let (seat, m, why, turn) = &kicked[0];
        assert_eq!((*seat, *m), (1, method), "{why}");
        assert!(why.contains("raised an exception"), "{why}");
        match method {
            Method::Setup => assert_eq!(*turn, 0, "kicked before the first turn"),
            Method::PebbleOrTrades | Method::Cards => {
                assert_eq!(*turn, 2, "kicked at its own first turn")
            }
            Method::Win => assert!(*turn > 2, "kicked after the game"),
        }
        let outcome = referee.outcome().unwrap();
        assert_eq!(outcome.dropouts, vec!["Zeina"]);
        assert!(
            !outcome.winners.is_empty() && !outcome.winners.contains(&"Zeina".to_string()),
            "the others finish: {outcome:?}"
        );
    }
}

#[test]
fn each_cheat_is_kicked_for_its_own_rule_break() {
    // Wallets and bank arranged so that every cheat has something to cheat with.
    let cases = [
        (
            Cheat::UseNonExistentEquation,
            Method::PebbleOrTrades,
            "is not one of the equations",
        ),
        (Cheat::BankCannotTrade, Method::PebbleOrTrades, "the bank"),
        (
            Cheat::WalletCannotTrade,
            Method::PebbleOrTrades,
            "the wallet",
        ),
        (
            Cheat::BuyUnavailableCard,
            Method::Cards,
            "is not among the visible cards",
        ),
        (
            Cheat::WalletCannotBuyCard,
            Method::Cards,
            "cannot pay for it",
        ),
    ];
    for (cheat, method, says) in cases {
        let mut state = game(2);
        state.bank = Bag::of(&[Red, Red, White, White, Green]);
        state.players[1].wallet = Bag::of(&[Red]);
        let names = vec!["Adam".to_string(), "Quixote".to_string()];
        let mut referee = Referee::new(equations(), state, names, None).unwrap();
        let actors: Vec<Box<dyn Player>> = vec![
            Box::new(good("Adam")),
            Box::new(Actor::new(
                "Quixote",
                Policy::Size,
                Misbehaviour::Cheat(cheat),
            )),
        ];
        driver::run(&mut referee, actors, LIMIT);
        let kicked = kicks(&referee);
        assert_eq!(kicked.len(), 1, "{cheat:?}: {kicked:?}");
        let (seat, m, why, _) = &kicked[0];
        assert_eq!((*seat, *m), (1, method), "{cheat:?}: {why}");
        assert!(why.contains(says), "{cheat:?}: {why}");
        assert_eq!(referee.outcome().unwrap().dropouts, vec!["Quixote"]);
    }
}

#[test]
fn a_looping_actor_is_kicked_by_the_time_limit_on_its_kth_call() {
    for (method, count) in [
        (Method::Setup, 1),
        (Method::PebbleOrTrades, 3),
        (Method::Cards, 2),
        (Method::Win, 1),
    ] {
        let started = Instant::now();
        let referee = play(vec![
            good("Adam"),
            Actor::new("Ian", Policy::Size, Misbehaviour::Loop(method, count)),
            good("Eve"),
        ]);
        let kicked = kicks(&referee);
        assert_eq!(kicked.len(), 1, "{method:?}: {kicked:?}");
        let (seat, m, why, turn) = &kicked[0];
        assert_eq!(
            (*seat, *m, why.as_str()),
            (1, method, "it took longer than its time limit of 200 ms")
        );
        match method {
            // Seat 1 plays turns 2, 5, 8, …: its 3rd first question is in turn 8.
            Method::PebbleOrTrades => assert_eq!(*turn, 8),
            Method::Cards => assert_eq!(*turn, 5),
            _ => {}
        }
        assert_eq!(referee.outcome().unwrap().dropouts, vec!["Ian"]);
        assert!(
            started.elapsed() < LIMIT * 10,
            "one time-out, not a hang: {:?}",
            started.elapsed()
        );
    }
    // A count the method never reaches changes nothing.
    let referee = play(vec![
        good("Adam"),
        Actor::new("Hannah", Policy::Size, Misbehaviour::Loop(Method::Win, 2)),
    ]);
    assert!(kicks(&referee).is_empty());
}

/// A player written without the course's actors: panics, or sleeps past the limit.
struct Rogue {
    name: &'static str,
    panic_on_cards: bool,
    sleep: Duration,
}

impl Player for Rogue {
    fn name(&self) -> String {
        self.name.into()
    }
    fn setup(&mut self, _: &[Equation]) -> Result<(), String> {
        Ok(())
    }
    fn request_pebble_or_trades(&mut self, _: &TurnState) -> Result<Option<Vec<Equation>>, String> {
        std::thread::sleep(self.sleep);
        Ok(None)
    }
    fn request_cards(&mut self, _: &TurnState) -> Result<Vec<Card>, String> {
        if self.panic_on_cards {
            panic!("index out of bounds in a user's player");
        }
        Ok(Vec::new())
    }
    fn win(&mut self, _: bool) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn a_panic_or_a_slow_answer_in_a_players_code_eliminates_it() {
    let names = vec!["Adam".to_string(), "Rogue".to_string()];
    let mut referee = Referee::new(equations(), game(2), names.clone(), None).unwrap();
    let players: Vec<Box<dyn Player>> = vec![
        Box::new(good("Adam")),
        Box::new(Rogue {
            name: "Rogue",
            panic_on_cards: true,
            sleep: Duration::ZERO,
        }),
    ];
    // A generous limit here: printing a panic's backtrace (RUST_BACKTRACE) can take a while.
    driver::run(&mut referee, players, Duration::from_secs(20));
    let kicked = kicks(&referee);
    assert_eq!(kicked.len(), 1);
    assert!(
        kicked[0].2.contains("panicked: index out of bounds"),
        "{:?}",
        kicked[0]
    );

    let mut referee = Referee::new(equations(), game(2), names, None).unwrap();
    let players: Vec<Box<dyn Player>> = vec![
        Box::new(good("Adam")),
        Box::new(Rogue {
            name: "Rogue",
            panic_on_cards: false,
            sleep: LIMIT * 3,
        }),
    ];
    let started = Instant::now();
    driver::run(&mut referee, players, LIMIT);
    assert!(
        started.elapsed() < LIMIT * 3,
        "the referee did not wait for the slow player"
    );
    assert_eq!(
        kicks(&referee)[0].2,
        "it took longer than its time limit of 200 ms"
    );
    assert_eq!(referee.outcome().unwrap().winners, vec!["Adam"]);
}

#[test]
fn eliminated_pebbles_vanish_and_the_price_of_exchanging_is_the_bottom_card() {
    // Adam exchanges at once (r -> bb is usable); the bottom card goes.
    let mut state = game(2);
    state.players[0].wallet = Bag::of(&[Red]);
    let bottom = state.hidden.last().cloned().unwrap();
    let mut referee = Referee::new(
        equations(),
        state,
        vec!["Adam".into(), "Zeina".into()],
        None,
    )
    .unwrap();
    let actors: Vec<Box<dyn Player>> = vec![
        Box::new(good("Adam")),
        Box::new(Actor::new(
            "Zeina",
            Policy::Size,
            Misbehaviour::Raise(Method::PebbleOrTrades),
        )),
    ];
    driver::run(&mut referee, actors, LIMIT);
    let price = referee.log().iter().find_map(|e| match e {
        Event::Exchanged { seat: 0, price, .. } => Some(price.clone()),
        _ => None,
    });
    assert_eq!(price, Some(Price::BottomCard(bottom)));
    assert_eq!(
        referee.state().players[1].wallet,
        Bag::new(),
        "the kicked player's wallet is gone"
    );
    // Pebbles in the game: no pebble returned to the bank from Zeina (she had none anyway),
    // and the total of bank and Adam's wallet never exceeds the 100 it started with.
    let total = referee
        .state()
        .bank
        .plus(&referee.state().players[0].wallet);
    assert!(total.size() <= 101);
}

#[test]
fn the_scoring_table_and_the_course_example() {
    assert_eq!(
        [
            points(false, 3),
            points(false, 2),
            points(false, 1),
            points(false, 0)
        ],
        [1, 2, 3, 5]
    );
    assert_eq!(
        [
            points(true, 7),
            points(true, 2),
            points(true, 1),
            points(true, 0)
        ],
        [2, 3, 5, 8]
    );
    let turn = TurnState {
        bank: Bag::of(&[
            Green, Green, Green, Green, Green, Blue, Blue, Blue, Blue, Blue,
        ]),
        visibles: vec![
            card([Green, Green, Green, Green, Red], false),
            card([Blue, Blue, Blue, Blue, Red], false),
        ],
        active: PlayerState {
            wallet: Bag::of(&[Red, Red]),
            ..Default::default()
        },
        scores: Vec::new(),
    };
    let eqs = vec![
        Equation::new(vec![Red], vec![Blue, Blue, Blue, Blue]),
        Equation::new(vec![Red], vec![Green, Green, Green, Green]),
    ];
    let plan = gamelab::engine::bazaar::strategy::best_plan(
        &eqs,
        &turn.active.wallet,
        &turn.bank,
        &turn.visibles,
        Policy::Points,
    );
    assert_eq!(plan.exchanges, vec![eqs[0].clone()]);
    assert_eq!(plan.purchase.points, 5);
    assert!(plan.purchase.wallet.is_empty());
}

#[test]
fn the_remote_protocol_round_trips_calls_and_replies() {
    use gamelab::engine::bazaar::json::{call_out, reply_in, reply_out};
    use gamelab::engine::bazaar::referee::{Call, Reply};
    let turn = game(2).turn_state().unwrap();
    let call = call_out(&Call::PebbleOrTrades(turn));
    assert_eq!(call[0], "request-pebble-or-trades");
    assert_eq!(call[1][0]["active"]["score"], 0);
    assert_eq!(
        call_out(&Call::Win(true)),
        serde_json::json!(["win", [true]])
    );
    for (method, reply) in [
        (Method::Setup, Reply::Void),
        (Method::PebbleOrTrades, Reply::Pebble),
        (Method::PebbleOrTrades, Reply::Trades(equations())),
        (Method::Cards, Reply::Cards(game(1).visibles)),
        (Method::Win, Reply::Void),
    ] {
        assert_eq!(reply_in(method, &reply_out(&reply)), Ok(reply));
    }
    assert!(reply_in(Method::Setup, &serde_json::json!("ok"))
        .unwrap_err()
        .contains("instead of \"void\""));
    assert!(reply_in(Method::PebbleOrTrades, &serde_json::json!(true))
        .unwrap_err()
        .contains("false or a list of exchanges"));
    assert!(reply_in(
        Method::Cards,
        &serde_json::json!([{"pebbles": ["gold"], "face?": false}])
    )
    .unwrap_err()
    .contains("\"gold\" is not a pebble"));
}

#[test]
fn the_random_draw_follows_the_bank_and_replays_from_its_seed() {
    use gamelab::engine::bazaar::rules::draw_random_pebble;
    use gamelab::engine::rng::Rng;
    let bank = Bag::of(&[Green, Green, Green, Yellow]);
    let mut rng = Rng::new(9);
    let draws: Vec<Pebble> = (0..400)
        .map(|_| draw_random_pebble(&bank, &mut rng).unwrap())
        .collect();
    let greens = draws.iter().filter(|p| **p == Green).count();
    assert!(
        draws.iter().all(|p| [Green, Yellow].contains(p)),
        "only what the bank has"
    );
    assert!(
        (250..350).contains(&greens),
        "three greens in four: {greens} of 400"
    );
    assert_eq!(draw_random_pebble(&Bag::new(), &mut rng), None);
    let run = |seed| {
        let names = vec!["Adam".to_string(), "Eve".to_string()];
        let mut referee = Referee::new(equations(), game(2), names, None).unwrap();
        referee.draw_at_random(seed);
        let mut players: Vec<Box<dyn Player>> = vec![Box::new(good("Adam")), Box::new(good("Eve"))];
        gamelab::engine::bazaar::referee::run_direct(&mut referee, &mut players);
        referee.log().to_vec()
    };
    assert_eq!(run(5), run(5), "the same seed, the same game");
}

/// A rule break names exchanges and cards by the numbers the table shows (equation 3, card 2),
/// besides their place in the request.
#[test]
fn rule_breaks_name_equations_and_cards_as_the_table_numbers_them() {
    use gamelab::engine::bazaar::rules;
    let eqs = equations();
    let wallet = Bag::of(&[Yellow]);
    let bank = Bag::uniform(20);
    // Yellow → red + green (equation 3 as written), then red + green → yellow again is fine;
    // green → white white (equation 2 flipped) needs a green the wallet no longer has.
    let request = vec![
        eqs[2].clone(),
        eqs[2].flipped(),
        Equation::new(vec![Green], vec![White, White]),
    ];
    let why = rules::exchange(&eqs, &request, &wallet, &bank).unwrap_err();
    assert!(
        why.starts_with("the 3rd exchange (equation 2, g → ww): the wallet (y) cannot pay g"),
        "{why}"
    );
    let stranger = Equation::new(vec![Blue], vec![Yellow]);
    let why = rules::exchange(&eqs, &[stranger], &wallet, &bank).unwrap_err();
    assert!(
        why.starts_with("the 1st exchange (b → y) is not one of"),
        "{why}"
    );
    // Cards: the second bought is visible card 3; after card 1 is bought it is still "card 3".
    let visibles = vec![
        card([Red, White, Blue, Green, Yellow], false),
        card([Red, Red, Red, Red, Red], false),
        card([Blue, Blue, Blue, Blue, Blue], true),
    ];
    let rich = Bag::uniform(1);
    let why = rules::buy(
        &rich,
        &visibles,
        &[visibles[0].clone(), visibles[2].clone()],
    )
    .unwrap_err();
    assert!(why.starts_with("the 2nd card bought (card 3, "), "{why}");
    let why = rules::buy(
        &rich,
        &visibles,
        &[visibles[0].clone(), visibles[0].clone()],
    )
    .unwrap_err();
    assert!(why.contains("not among the visible cards left"), "{why}");
    assert_eq!(rules::ordinal(12), "12th");
    assert_eq!(rules::ordinal(22), "22nd");
}

/// Any state of a game, written as the course's Game JSON, reads back as the same game: the
/// players still in it, in turn order, with their wallets, scores and bought cards.
#[test]
fn every_state_of_a_game_round_trips_through_the_course_game_json() {
    use gamelab::engine::bazaar::json;
    use gamelab::engine::bazaar::referee::Failure;
    use gamelab::engine::bazaar::setup::random_game;
    use gamelab::engine::rng::Rng;
    for seed in 1..12 {
        let players = 2 + seed as usize % 4;
        let (equations, state) = random_game(players, &mut Rng::new(seed));
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut referee = Referee::new(equations, state, names.clone(), None).unwrap();
        let mut actors: Vec<Actor> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let cheat = if i == 1 && seed % 3 == 0 {
                    Misbehaviour::Cheat(Cheat::WalletCannotBuyCard)
                } else {
                    Misbehaviour::None
                };
                Actor::new(n, Policy::Points, cheat)
            })
            .collect();
        let mut states = 0;
        while let Some((seat, call)) = referee.next_call() {
            let answer = gamelab::engine::bazaar::actors::call(&mut actors[seat], &call)
                .map_err(Failure::Error);
            referee.answer(seat, answer).unwrap();
            let written = json::game_out(referee.state(), referee.order());
            let read = json::game(&written, "the game").unwrap();
            let live = referee.state();
            assert_eq!(read.bank, live.bank);
            assert_eq!(read.visibles, live.visibles);
            assert_eq!(read.hidden, live.hidden);
            let expected: Vec<_> = referee
                .order()
                .iter()
                .map(|&s| live.players[s].clone())
                .collect();
            assert_eq!(read.players, expected, "seed {seed}");
            states += 1;
        }
        assert!(states > players, "a whole game was played");
        assert!(referee.outcome().is_some());
    }
}

/// The referee keeps the game's one history, which the page's observer steps through: the start
/// first, then each state an answer changed (each once), captioned by the move that made it.
#[test]
fn the_referee_keeps_every_state_of_the_game_for_the_observer() {
    let referee = play(vec![good("a"), good("b")]);
    let history = referee.history();
    assert!(history.len() > 2, "{} states", history.len());
    assert_eq!(history[0].caption, "the start of the game");
    let last = history.last().unwrap();
    assert_eq!(&last.state, referee.state(), "the last state is the game's");
    assert_eq!(last.order, referee.order());
    for pair in history.windows(2) {
        assert!(
            pair[0].state != pair[1].state || pair[0].order != pair[1].order,
            "a state kept twice"
        );
    }
    assert!(history[1..].iter().all(|s| !s.caption.is_empty()));
}

/// A game's answers, given again to a referee with the same setup, make the same game: its
/// log, its states and its outcome, a kick for a failure included (a share link is the setup
/// and these answers). A transcript that does not fit its calls is refused at the first answer
/// that does not, naming it.
#[test]
fn a_games_answers_replay_it_exactly() {
    use gamelab::engine::bazaar::referee::{run_direct, Failure, Reply};
    let names = vec!["Adam".to_string(), "Eve".to_string(), "Cain".to_string()];
    let fresh = || {
        let mut referee = Referee::new(equations(), game(3), names.clone(), None).unwrap();
        referee.draw_at_random(11);
        referee
    };
    let mut played = fresh();
    // Cain fails at its first call (the setup): the failure is an answer too.
    played.answer(0, Ok(Reply::Void)).unwrap();
    played.answer(1, Ok(Reply::Void)).unwrap();
    played
        .answer(2, Err(Failure::Error("no such file".into())))
        .unwrap();
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(good("Adam")),
        Box::new(Actor::new("Eve", Policy::Size, Misbehaviour::None)),
        Box::new(good("Cain")),
    ];
    run_direct(&mut played, &mut players);
    assert!(played.outcome().is_some());
    let answers = played.answers().to_vec();
    assert!(answers.len() > 10, "{} answers", answers.len());
    assert_eq!(answers[2], serde_json::json!({ "failed": "no such file" }));
    // Through text, as a link carries them.
    let text = serde_json::to_string(&answers).unwrap();
    let read: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut again = fresh();
    again.replay(&read, |_, _| {}).unwrap();
    assert_eq!(again.log(), played.log());
    assert_eq!(again.history(), played.history());
    assert_eq!(again.answers(), played.answers());
    // Half of it stops half-way, where a game goes on.
    let mut half = fresh();
    half.replay(&read[..answers.len() / 2], |_, _| {}).unwrap();
    assert!(half.next_call().is_some());
    // One answer too many, or an answer to the wrong call, is named by its place.
    let mut extra = read.clone();
    extra.push(serde_json::json!("void"));
    let err = fresh().replay(&extra, |_, _| {}).unwrap_err();
    assert!(err.contains(&format!("answer {}", extra.len())), "{err}");
    let mut wrong = read.clone();
    wrong[0] = serde_json::json!(false);
    let err = fresh().replay(&wrong, |_, _| {}).unwrap_err();
    assert!(err.starts_with("answer 1 does not fit its call"), "{err}");
}
