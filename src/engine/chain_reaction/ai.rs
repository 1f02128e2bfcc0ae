//! Chain Reaction's computer levels, as what the game knows handed to the generic players of
//! engine::search: random; greedy (the most orbs after the move); minimax (alpha-beta, paranoid
//! for more than two players, over Agnishom Chattopadhyay's evaluation, each node narrowed to its
//! `MINIMAX_WIDTH` best children); Monte-Carlo tree search (UCT whose playouts are two random
//! plies judged by the same evaluation: random playouts to the end are too noisy here). Work is
//! counted in root moves or playouts, so a caller can bound it exactly (tests) or by time (the
//! page, in slices; the command line, through a `Stop`).

use super::explain::explain;
use super::game::Game;
use super::perfect::Perfect;

pub use crate::engine::rng::Rng;
use crate::engine::search::{AlphaBeta, Greedy, Mcts, RandomPlayer};
use crate::engine::stop::Stop;
use crate::engine::turn::Thinker;

/// The deepest minimax and the most playouts a level may ask for: they bound a move's work, and
/// a Monte-Carlo tree keeps a board per playout (50,000 on 20 × 20 take about 260 MB).
pub const MAX_MINIMAX_DEPTH: u32 = 6;
pub const MAX_PLAYOUTS: u32 = 50_000;

/// The computer levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Random,
    Greedy,
    Minimax {
        depth: u32,
    },
    MonteCarlo {
        playouts: u32,
    },
    /// The exact solver's move where it settles the position (`perfect`).
    Perfect,
    /// The published player this game's strength is measured against (`baseline`).
    Baseline {
        depth: u32,
    },
}

/// The baseline: the strongest published open-source player's method, in this crate's own
/// code (notshridhar/chain-reaction-ai's minimax agent): the evaluation below (which that
/// player shares with Chattopadhyay's), every move searched (two moves each, four plies), and
/// a random choice among the three best moves that look good, weighted 6, 4, 2. With a clock
/// (`baseline-N` and a time per move) it deepens up to N plies as the time allows.
pub const BASELINE_DEPTH: u32 = 4;
pub const MAX_BASELINE_DEPTH: u32 = 12;
pub const BASELINE_WEIGHTS: [u32; 3] = [6, 4, 2];

/// What the perfect level plays where the solver cannot settle the position.
pub const STRONGEST_HEURISTIC: Level = Level::Minimax { depth: 4 };

impl Level {
    pub fn name(&self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Minimax { depth } => format!("minimax-{depth}"),
            Level::MonteCarlo {
                playouts: MAX_PLAYOUTS,
            } => "mcts".into(),
            Level::MonteCarlo { playouts } => format!("mcts-{playouts}"),
            Level::Perfect => "perfect".into(),
            Level::Baseline {
                depth: BASELINE_DEPTH,
            } => "baseline".into(),
            Level::Baseline { depth } => format!("baseline-{depth}"),
        }
    }

    /// Reads `random`, `greedy`, `minimax[-depth]`, `mcts[-playouts]`, `perfect`.
    pub fn parse(text: &str) -> Result<Level, String> {
        let shown = crate::echo::echo(text);
        let (name, number) =
            match text.split_once('-') {
                Some((n, k)) => (
                    n,
                    Some(k.parse::<u32>().map_err(|_| {
                        format!("'{shown}': the number after - is not a whole number")
                    })?),
                ),
                None => (text, None),
            };
        match (name, number) {
            ("random", None) => Ok(Level::Random),
            ("greedy", None) => Ok(Level::Greedy),
            ("perfect", None) => Ok(Level::Perfect),
            ("baseline", d) => match d.unwrap_or(BASELINE_DEPTH) {
                depth @ 1..=MAX_BASELINE_DEPTH => Ok(Level::Baseline { depth }),
                depth => Err(format!(
                    "'{shown}': the baseline's depth goes from 1 to {MAX_BASELINE_DEPTH}, not {depth}"
                )),
            },
            ("minimax", d) => match d.unwrap_or(3) {
                depth @ 1..=MAX_MINIMAX_DEPTH => Ok(Level::Minimax { depth }),
                depth => Err(format!(
                    "'{shown}': the minimax depth goes from 1 to {MAX_MINIMAX_DEPTH}, not {depth}"
                )),
            },
            // `mcts` alone is the page's Monte-Carlo: as many playouts as its time per move
            // allows, up to the most a move may ask for.
            ("mcts", p) => match p.unwrap_or(MAX_PLAYOUTS) {
                playouts @ 1..=MAX_PLAYOUTS => Ok(Level::MonteCarlo { playouts }),
                playouts => Err(format!(
                    "'{shown}': the playouts go from 1 to {MAX_PLAYOUTS}, not {playouts}"
                )),
            },
            _ => Err(format!(
                "unknown level '{shown}': random, greedy, minimax[-depth], mcts[-playouts], perfect, baseline[-depth]"
            )),
        }
    }
}

/// A computer player of one level: the generic player with Chain Reaction's knowledge.
pub struct Player {
    level: Level,
    search: Box<dyn Thinker<Game>>,
    stop: Stop,
    /// The position of the last move it gave, and the move (what `reason` explains).
    last: Option<(Game, usize)>,
}

impl Player {
    pub fn new(level: Level, seed: u64) -> Player {
        Player::stopped_by(level, seed, Stop::never())
    }

    /// A player whose thinking gives up (`choose` answers None) once `stop` asks: a minimax move
    /// of 8 players on 20 × 20 at depth 6 takes about ten seconds.
    pub fn stopped_by(level: Level, seed: u64, stop: Stop) -> Player {
        Player {
            level,
            search: search(level, seed, &stop),
            stop,
            last: None,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Thinks `game` through to a move (None when the game is over or the stop asked).
    pub fn choose(&mut self, game: &Game) -> Option<usize> {
        loop {
            if game.is_over() || self.stop.requested() {
                return None;
            }
            if let Some(cell) = self.think(game, 64) {
                return Some(cell);
            }
        }
    }

    fn gave(&mut self, game: &Game, cell: Option<usize>) -> Option<usize> {
        if let Some(cell) = cell {
            self.last = Some((game.clone(), cell));
        }
        cell
    }
}

/// The search a level plays with.
fn search(level: Level, seed: u64, stop: &Stop) -> Box<dyn Thinker<Game>> {
    match level {
        Level::Random => Box::new(RandomPlayer::new(seed)),
        Level::Greedy => Box::new(Greedy::new(orbs, seed)),
        Level::Minimax { depth } => Box::new(
            AlphaBeta::new(depth, evaluation, seed)
                .narrowed(MINIMAX_WIDTH)
                .stopped_by(stop.clone()),
        ),
        Level::MonteCarlo { playouts } => {
            Box::new(Mcts::with_rollout(playouts, short_playout, seed))
        }
        // Every child at every node (no narrowing), and a weighted choice among the best.
        Level::Baseline { depth } => Box::new(
            AlphaBeta::new(depth, evaluation, seed)
                .choosing(&BASELINE_WEIGHTS)
                .stopped_by(stop.clone()),
        ),
        Level::Perfect => Box::new(Perfect::new(
            search(STRONGEST_HEURISTIC, seed, stop),
            seed,
            stop.clone(),
        )),
    }
}

impl Thinker<Game> for Player {
    fn think(&mut self, game: &Game, units: u32) -> Option<usize> {
        let cell = self.search.think(game, units);
        self.gave(game, cell)
    }

    fn decide_now(&mut self, game: &Game) -> Option<usize> {
        let cell = self.search.decide_now(game);
        self.gave(game, cell)
    }

    /// Why the last move matters (`explain`: what it did, a page says itself), and what the
    /// level's search says of it.
    fn reason(&self) -> Option<String> {
        let (game, cell) = self.last.as_ref()?;
        let mut why = explain(game, *cell).why;
        if let Some(more) = self.search.reason() {
            why = format!("{why} {more}");
        }
        Some(why)
    }
}

/// The chosen cell for the player to move (`None` if the game is over), a fresh player of
/// `level` seeded from `rng`.
pub fn choose(game: &Game, level: Level, rng: &mut Rng) -> Option<usize> {
    Player::new(level, rng.next_u64()).choose(game)
}

/// One game between levels (seat i plays `levels[i]`); the winner.
pub fn play_match(settings: super::Settings, levels: &[Level], seed: u64) -> Option<usize> {
    let mut rng = Rng::new(seed);
    let mut players: Vec<Player> = levels
        .iter()
        .map(|&level| Player::new(level, rng.next_u64()))
        .collect();
    let mut game = Game::new(settings);
    while let Some(me) = game.current() {
        let count = players.len();
        let cell = players.get_mut(me % count)?.choose(&game)?;
        game.play_cell(cell).ok()?;
    }
    game.winner()
}

/// Greedy's measure: the mover's orbs, as a share of the most a board can hold.
fn orbs(game: &Game, player: usize) -> f64 {
    game.orbs_of(player) as f64 / (4 * game.settings().cells()) as f64
}

pub const WIN: i64 = 10_000;

/// Agnishom Chattopadhyay's evaluation of a board for `player`.
pub fn evaluate(game: &Game, player: usize) -> i64 {
    match game.winner() {
        Some(w) if w == player => return WIN,
        Some(_) => return -WIN,
        None if game.is_eliminated(player) => return -WIN,
        None => {}
    }
    let s = game.settings();
    let mut score = game.orbs_of(player) as i64;
    let short = |cell: usize| {
        game.cell(cell)
            .is_some_and(|(_, n)| n + 1 == s.critical_mass(cell))
    };
    for cell in 0..s.cells() {
        let Some((owner, _)) = game.cell(cell) else {
            continue;
        };
        if owner != player {
            continue;
        }
        let mass = s.critical_mass(cell) as i64;
        let mut threatened = false;
        for n in s.neighbours(cell) {
            if let Some((other, _)) = game.cell(n) {
                if other != player && short(n) {
                    score -= 5 - mass;
                    threatened = true;
                }
            }
        }
        if !threatened {
            score += match mass {
                2 => 3,
                3 => 2,
                _ => 0,
            };
            if short(cell) {
                score += 2;
            }
        }
    }
    // Connected groups of the player's cells one short of critical mass: 2 × size each.
    let mut seen = vec![false; s.cells()];
    for start in 0..s.cells() {
        if seen[start] || !short(start) || game.cell(start).map(|c| c.0) != Some(player) {
            continue;
        }
        let mut stack = vec![start];
        seen[start] = true;
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for n in s.neighbours(c) {
                if !seen[n] && short(n) && game.cell(n).map(|c| c.0) == Some(player) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        if size > 1 {
            score += 2 * size;
        }
    }
    score
}

/// The evaluation scaled into (−1, 1), as the generic players take it.
fn evaluation(game: &Game, player: usize) -> f64 {
    evaluate(game, player) as f64 / (WIN + 1) as f64
}

/// How many children, best first by their evaluation, a minimax node looks at.
pub const MINIMAX_WIDTH: usize = 8;

/// A random game from here; the winner (placements are bounded by, so it ends).
pub fn playout(game: &mut Game, rng: &mut Rng) -> Option<usize> {
    let mut moves = Vec::with_capacity(game.settings().cells());
    while !game.is_over() {
        game.legal_cells_into(&mut moves);
        let cell = moves[rng.below(moves.len())];
        if game.play_cell_quietly(cell).is_err() {
            return None;
        }
    }
    game.winner()
}

/// Random plies played from a new node before the position is judged.
pub const PLAYOUT_PLIES: usize = 2;

/// Monte-Carlo's rollout: each player's chance of winning after a short random playout, 1 or 0
/// if the game ended, else the evaluation against the best rival squashed into (0, 1).
fn short_playout(game: &mut Game, rng: &mut Rng) -> Vec<f64> {
    let players = game.settings().players;
    let mut moves = Vec::with_capacity(game.settings().cells());
    for _ in 0..PLAYOUT_PLIES {
        if game.is_over() {
            break;
        }
        game.legal_cells_into(&mut moves);
        if moves.is_empty()
            || game
                .play_cell_quietly(moves[rng.below(moves.len())])
                .is_err()
        {
            break;
        }
    }
    if let Some(w) = game.winner() {
        return (0..players)
            .map(|p| if p == w { 1.0 } else { 0.0 })
            .collect();
    }
    let scores: Vec<f64> = (0..players).map(|p| evaluate(game, p) as f64).collect();
    (0..players)
        .map(|p| {
            let rival = (0..players)
                .filter(|&q| q != p)
                .map(|q| scores[q])
                .fold(f64::MIN, f64::max);
            1.0 / (1.0 + (-(scores[p] - rival) / 20.0).exp())
        })
        .collect()
}
