//! Computer players: random, greedy (best immediate orb gain), minimax with
//! alpha-beta (paranoid for more than two players) over Agnishom Chattopadhyay's evaluation, and
//! Monte-Carlo tree search (UCT, short random playouts judged by the evaluation). Work is counted in nodes or playouts, so a
//! caller can bound it exactly (tests) or by time (the page, in slices).

use super::game::Game;

pub use crate::engine::rng::Rng;
use crate::engine::stop::Stop;

/// The deepest minimax and the most playouts a level may ask for: they bound a move's work, and
/// a Monte-Carlo tree keeps a board per playout (50,000 on 20 × 20 take about 260 MB).
pub const MAX_MINIMAX_DEPTH: u32 = 6;
pub const MAX_PLAYOUTS: u32 = 50_000;

/// The computer levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Random,
    Greedy,
    Minimax { depth: u32 },
    MonteCarlo { playouts: u32 },
}

impl Level {
    pub fn name(&self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Minimax { depth } => format!("minimax-{depth}"),
            Level::MonteCarlo { playouts } => format!("mcts-{playouts}"),
        }
    }

    /// Reads `random`, `greedy`, `minimax[-depth]`, `mcts[-playouts]`.
    pub fn parse(text: &str) -> Result<Level, String> {
        let (name, number) =
            match text.split_once('-') {
                Some((n, k)) => (
                    n,
                    Some(k.parse::<u32>().map_err(|_| {
                        format!("'{text}': the number after - is not a whole number")
                    })?),
                ),
                None => (text, None),
            };
        match (name, number) {
            ("random", None) => Ok(Level::Random),
            ("greedy", None) => Ok(Level::Greedy),
            ("minimax", d) => match d.unwrap_or(3) {
                depth @ 1..=MAX_MINIMAX_DEPTH => Ok(Level::Minimax { depth }),
                depth => Err(format!(
                    "'{text}': the minimax depth goes from 1 to {MAX_MINIMAX_DEPTH}, not {depth}"
                )),
            },
            ("mcts", p) => match p.unwrap_or(1000) {
                playouts @ 1..=MAX_PLAYOUTS => Ok(Level::MonteCarlo { playouts }),
                playouts => Err(format!(
                    "'{text}': the playouts go from 1 to {MAX_PLAYOUTS}, not {playouts}"
                )),
            },
            _ => Err(format!(
                "unknown level '{text}': random, greedy, minimax[-depth], mcts[-playouts]"
            )),
        }
    }
}

/// The chosen cell for the player to move (`None` if the game is over).
pub fn choose(game: &Game, level: Level, rng: &mut Rng) -> Option<usize> {
    let moves = game.legal_cells();
    if moves.is_empty() {
        return None;
    }
    Some(match level {
        Level::Random => moves[rng.below(moves.len())],
        Level::Greedy => greedy(game, &moves, rng),
        Level::Minimax { depth } => minimax_move(game, depth, rng),
        Level::MonteCarlo { playouts } => mcts_move(game, playouts, rng),
    })
}

fn after(game: &Game, cell: usize) -> Game {
    let mut next = game.clone();
    let _ = next.play_cell_quietly(cell);
    next
}

/// The move that leaves the mover the most orbs (a win first), ties at random.
fn greedy(game: &Game, moves: &[usize], rng: &mut Rng) -> usize {
    let me = game.current().unwrap_or(0);
    let scored = moves.iter().map(|&m| {
        let next = after(game, m);
        (
            m,
            if next.winner() == Some(me) {
                i64::MAX
            } else {
                next.orbs_of(me) as i64
            },
        )
    });
    best_at_random(scored, rng).unwrap_or(moves[0])
}

/// One of the best-scored moves, chosen at random among equals.
fn best_at_random(scored: impl Iterator<Item = (usize, i64)>, rng: &mut Rng) -> Option<usize> {
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for (m, score) in scored {
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len())])
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

/// How many moves, best first by one-ply evaluation, a minimax node looks at.
pub const MINIMAX_WIDTH: usize = 8;

fn ordered_moves(game: &Game, player: usize, maximise: bool) -> Vec<(usize, Game)> {
    let mut scored: Vec<(i64, usize, Game)> = game
        .legal_cells()
        .into_iter()
        .map(|m| {
            let next = after(game, m);
            (evaluate(&next, player), m, next)
        })
        .collect();
    scored.sort_by_key(|(score, m, _)| (if maximise { -*score } else { *score }, *m));
    scored
        .into_iter()
        .take(MINIMAX_WIDTH)
        .map(|(_, m, g)| (m, g))
        .collect()
}

/// Asks a `Stop` at every node of a search (a node evaluates every legal cell, so the question
/// costs nothing beside it); once told to stop, the search unwinds with values to throw away.
struct Watch<'a> {
    stop: &'a Stop,
    stopped: bool,
}

impl Watch<'_> {
    fn new(stop: &Stop) -> Watch<'_> {
        Watch {
            stop,
            stopped: false,
        }
    }

    fn stopped(&mut self) -> bool {
        self.stopped = self.stopped || self.stop.requested();
        self.stopped
    }
}

/// Alpha-beta for `me` (paranoid: every other player minimises `me`'s evaluation).
fn alphabeta(
    game: &Game,
    me: usize,
    depth: u32,
    mut alpha: i64,
    mut beta: i64,
    watch: &mut Watch,
) -> i64 {
    if depth == 0 || game.is_over() || watch.stopped() {
        return evaluate(game, me);
    }
    let maximise = game.current() == Some(me);
    let mut best = if maximise { i64::MIN } else { i64::MAX };
    for (_, next) in ordered_moves(game, me, maximise) {
        let value = alphabeta(&next, me, depth - 1, alpha, beta, watch);
        if maximise {
            best = best.max(value);
            alpha = alpha.max(value);
        } else {
            best = best.min(value);
            beta = beta.min(value);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

fn minimax_move(game: &Game, depth: u32, rng: &mut Rng) -> usize {
    minimax_move_until(game, depth, rng, &Stop::never()).unwrap_or_else(|| game.legal_cells()[0])
}

/// Minimax's move, unless `stop` asks to stop first (None then: 8 players on 20 × 20 take about
/// ten seconds a move at depth 6). The same move as `choose` when not stopped.
pub fn minimax_move_until(game: &Game, depth: u32, rng: &mut Rng, stop: &Stop) -> Option<usize> {
    let me = game.current().unwrap_or(0);
    let mut watch = Watch::new(stop);
    let mut scored = Vec::new();
    for (m, next) in ordered_moves(game, me, true) {
        let value = alphabeta(
            &next,
            me,
            depth.saturating_sub(1),
            i64::MIN,
            i64::MAX,
            &mut watch,
        );
        if watch.stopped {
            return None;
        }
        scored.push((m, value));
    }
    Some(best_at_random(scored.into_iter(), rng).unwrap_or_else(|| game.legal_cells()[0]))
}

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
/// UCT exploration constant (values are win chances in [0, 1]).
pub const EXPLORATION: f64 = 1.4;

/// Each player's chance of winning after a short random playout: 1 or 0 if the game ended,
/// else the evaluation squashed into (0, 1).
fn short_playout(game: &mut Game, rng: &mut Rng) -> Vec<f64> {
    let players = game.settings().players;
    for _ in 0..PLAYOUT_PLIES {
        let Some(me) = game.current() else { break };
        let moves: Vec<usize> = (0..game.settings().cells())
            .filter(|&c| game.cell(c).is_none_or(|(o, _)| o == me))
            .collect();
        if moves.is_empty()
            || game
                .play_cell_quietly(moves[rng.below(moves.len())])
                .is_err()
        {
            break;
        }
    }
    match game.winner() {
        Some(w) => (0..players)
            .map(|p| if p == w { 1.0 } else { 0.0 })
            .collect(),
        None => {
            // Each player's evaluation against the best of the others, squashed into (0, 1).
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
    }
}

struct Node {
    game: Game,
    /// The player who moved into this node (whose wins are counted here).
    mover: usize,
    untried: Vec<usize>,
    children: Vec<(usize, usize)>,
    visits: u32,
    wins: f64,
}

/// UCT: `playouts` iterations from the current position, each ending in a short random playout.
fn mcts_move(game: &Game, playouts: u32, rng: &mut Rng) -> usize {
    let mut tree = Mcts::new(game);
    tree.run(playouts, rng);
    tree.best().unwrap_or_else(|| game.legal_cells()[0])
}

/// A Monte-Carlo tree that grows by any number of playouts at a time, so a page can think in
/// slices within a time budget and stop whenever it likes.
pub struct Mcts {
    nodes: Vec<Node>,
    /// A move that wins at once, if there is one (taken without searching).
    winning: Option<usize>,
}

impl Mcts {
    pub fn new(game: &Game) -> Mcts {
        let me = game.current().unwrap_or(0);
        let winning = game
            .legal_cells()
            .into_iter()
            .find(|&m| after(game, m).winner() == Some(me));
        Mcts {
            nodes: vec![Node {
                game: game.clone(),
                mover: me,
                untried: game.legal_cells(),
                children: Vec::new(),
                visits: 0,
                wins: 0.0,
            }],
            winning,
        }
    }

    /// Whether a move that wins at once was found (then no playout is needed).
    pub fn is_decided(&self) -> bool {
        self.winning.is_some()
    }

    /// Playouts done so far.
    pub fn playouts(&self) -> u32 {
        self.nodes[0].visits
    }

    /// The most visited move (or the winning one).
    pub fn best(&self) -> Option<usize> {
        if self.winning.is_some() {
            return self.winning;
        }
        self.nodes[0]
            .children
            .iter()
            .max_by_key(|(_, c)| self.nodes[*c].visits)
            .map(|(m, _)| *m)
    }

    /// Grows the tree by `playouts` iterations of selection, expansion, simulation, backup.
    pub fn run(&mut self, playouts: u32, rng: &mut Rng) {
        if self.winning.is_some() {
            return;
        }
        let nodes = &mut self.nodes;
        for _ in 0..playouts {
            // Selection
            let mut path = vec![0usize];
            let mut at = 0;
            while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
                let log = (nodes[at].visits.max(1) as f64).ln();
                let score = |n: &Node| {
                    n.wins / n.visits.max(1) as f64
                        + EXPLORATION * (log / n.visits.max(1) as f64).sqrt()
                };
                let (_, child) = *nodes[at]
                    .children
                    .iter()
                    .max_by(|a, b| score(&nodes[a.1]).total_cmp(&score(&nodes[b.1])))
                    .unwrap_or(&(0, 0));
                at = child;
                path.push(at);
            }
            // Expansion
            if !nodes[at].untried.is_empty() && !nodes[at].game.is_over() {
                let k = rng.below(nodes[at].untried.len());
                let m = nodes[at].untried.swap_remove(k);
                let mover = nodes[at].game.current().unwrap_or(0);
                let next = after(&nodes[at].game, m);
                let untried = next.legal_cells();
                nodes.push(Node {
                    game: next,
                    mover,
                    untried,
                    children: Vec::new(),
                    visits: 0,
                    wins: 0.0,
                });
                let id = nodes.len() - 1;
                nodes[at].children.push((m, id));
                at = id;
                path.push(at);
            }
            // Simulation: a short random playout, then the evaluation as a win chance (random
            // playouts to the end are too noisy in this game;).
            let mut sim = nodes[at].game.clone();
            let values = short_playout(&mut sim, rng);
            // Backpropagation
            for &n in &path {
                nodes[n].visits += 1;
                nodes[n].wins += values[nodes[n].mover];
            }
        }
    }
}

/// One game between levels (seat i plays `levels[i]`); the winner.
pub fn play_match(settings: super::Settings, levels: &[Level], seed: u64) -> Option<usize> {
    let mut game = Game::new(settings);
    let mut rng = Rng::new(seed);
    while !game.is_over() {
        let me = game.current()?;
        let cell = choose(&game, levels[me % levels.len()], &mut rng)?;
        game.play_cell(cell).ok()?;
    }
    game.winner()
}

/// A computer deciding one move in small pieces, so a page can think on a real clock: every
/// level answers `think` within about `units` of work (playouts, or minimax root moves) and
/// `decide_now` at any moment with what it has found. Minimax deepens one ply at a time up to
/// its depth (one root move a call); Monte-Carlo grows its tree `units` playouts a call (at most
/// 64) until its playouts or the caller's clock run out.
pub struct Thinker {
    level: Level,
    rng: Rng,
    /// The position being thought about (a new one starts afresh).
    position: Option<Game>,
    mcts: Option<Mcts>,
    deepening: Option<Deepening>,
}

/// Iterative deepening at the root: each root move searched at `depth`, one per step; the best
/// move of the deepest finished depth is the answer so far.
struct Deepening {
    me: usize,
    moves: Vec<(usize, Game)>,
    depth: u32,
    next: usize,
    scores: Vec<(usize, i64)>,
    best: Option<usize>,
}

impl Thinker {
    pub fn new(level: Level, seed: u64) -> Thinker {
        Thinker {
            level,
            rng: Rng::new(seed),
            position: None,
            mcts: None,
            deepening: None,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    fn start(&mut self, game: &Game) {
        if self.position.as_ref() == Some(game) {
            return;
        }
        self.position = Some(game.clone());
        self.mcts = None;
        self.deepening = None;
        match self.level {
            Level::MonteCarlo { .. } => self.mcts = Some(Mcts::new(game)),
            Level::Minimax { .. } => {
                let me = game.current().unwrap_or(0);
                self.deepening = Some(Deepening {
                    me,
                    moves: ordered_moves(game, me, true),
                    depth: 1,
                    next: 0,
                    scores: Vec::new(),
                    best: None,
                });
            }
            _ => {}
        }
    }

    /// Thinks about `game` for about `units` of work; the move once decided.
    pub fn think(&mut self, game: &Game, units: u32) -> Option<usize> {
        if game.is_over() {
            return None;
        }
        self.start(game);
        match self.level {
            Level::Random | Level::Greedy => choose(game, self.level, &mut self.rng),
            Level::MonteCarlo { playouts } => {
                let tree = self.mcts.as_mut()?;
                if tree.is_decided() {
                    return tree.best();
                }
                let left = playouts.saturating_sub(tree.playouts());
                tree.run(units.clamp(1, 64).min(left), &mut self.rng);
                (tree.playouts() >= playouts).then(|| tree.best()).flatten()
            }
            Level::Minimax { depth } => {
                // One root move a call, whatever `units` says: at depth 6 one takes ~0.1 s.
                let search = self.deepening.as_mut()?;
                if let Some((m, next)) = search.moves.get(search.next) {
                    let never = Stop::never();
                    let mut watch = Watch::new(&never);
                    let value = alphabeta(
                        next,
                        search.me,
                        search.depth - 1,
                        i64::MIN,
                        i64::MAX,
                        &mut watch,
                    );
                    search.scores.push((*m, value));
                    search.next += 1;
                }
                if search.next < search.moves.len() {
                    return None;
                }
                search.best = best_at_random(search.scores.drain(..), &mut self.rng);
                if search.depth >= depth {
                    return search.best;
                }
                search.depth += 1;
                search.next = 0;
                None
            }
        }
    }

    /// The move now, with what thinking found so far (the caller's clock ran out).
    pub fn decide_now(&mut self, game: &Game) -> Option<usize> {
        if game.is_over() {
            return None;
        }
        self.start(game);
        let found = match self.level {
            Level::MonteCarlo { .. } => self.mcts.as_ref().and_then(Mcts::best),
            Level::Minimax { .. } => self.deepening.as_ref().and_then(|d| d.best),
            _ => None,
        };
        found.or_else(|| choose(game, Level::Greedy, &mut self.rng))
    }
}

impl crate::engine::turn::Thinker<Game> for Thinker {
    fn think(&mut self, game: &Game, units: u32) -> Option<usize> {
        Thinker::think(self, game, units)
    }

    fn decide_now(&mut self, game: &Game) -> Option<usize> {
        Thinker::decide_now(self, game)
    }
}
