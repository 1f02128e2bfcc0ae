//! Monte-Carlo tree search (UCT) for any turn game: each iteration walks down the tree by the
//! UCB1 rule, adds one child, plays at random to the end and backs the returns up (each node
//! counts the returns of the player who moved into it). Works `units` playouts per step up to
//! its playouts; the most visited move is the answer at any moment, and a move that wins at
//! once is taken without searching. A game may replace the random playout by its own `Rollout`
//! (Chain Reaction plays two random plies and judges the rest by its evaluation).

use crate::engine::rng::Rng;
use crate::engine::turn::{Thinker, TurnGame};

const EXPLORATION: f64 = 1.4;
/// A random playout longer than this counts as a draw (every game here ends much sooner).
const PLAYOUT_CAP: usize = 10_000;

/// Plays on from a new node and says what each player made of it (the game's returns, or a
/// judgement of the position reached, higher is better).
pub type Rollout<G> = fn(&mut G, &mut Rng) -> Vec<f64>;

/// Random moves to the end (or to `PLAYOUT_CAP`), then the returns.
pub fn random_playout<G: TurnGame<Move: Copy>>(game: &mut G, rng: &mut Rng) -> Vec<f64> {
    for _ in 0..PLAYOUT_CAP {
        let moves = game.legal_moves();
        if moves.is_empty() || game.apply(moves[rng.below(moves.len())]).is_err() {
            break;
        }
    }
    game.returns()
}

struct Node<G: TurnGame<Move: Copy>> {
    game: G,
    /// The player who moved into this node.
    mover: usize,
    untried: Vec<G::Move>,
    children: Vec<(G::Move, usize)>,
    visits: u32,
    total: f64,
}

pub struct Mcts<G: TurnGame<Move: Copy>> {
    playouts: u32,
    rollout: Rollout<G>,
    rng: Rng,
    nodes: Vec<Node<G>>,
    /// A move that wins at once from the root, if there is one.
    winning: Option<G::Move>,
}

impl<G: TurnGame<Move: Copy>> Mcts<G> {
    /// At most `playouts` playouts a move (the caller's clock may stop it sooner).
    pub fn new(playouts: u32, seed: u64) -> Mcts<G> {
        Mcts::with_rollout(playouts, random_playout, seed)
    }

    /// Ends each iteration with `rollout` instead of a random playout.
    pub fn with_rollout(playouts: u32, rollout: Rollout<G>, seed: u64) -> Mcts<G> {
        Mcts {
            playouts: playouts.max(1),
            rollout,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            winning: None,
        }
    }

    /// Playouts done from the position being thought about.
    pub fn playouts(&self) -> u32 {
        self.nodes.first().map_or(0, |root| root.visits)
    }

    fn start(&mut self, game: &G) {
        if self.nodes.first().is_some_and(|root| root.game == *game) {
            return;
        }
        self.nodes = vec![Node {
            game: game.clone(),
            mover: game.to_move().unwrap_or(0),
            untried: game.legal_moves(),
            children: Vec::new(),
            visits: 0,
            total: 0.0,
        }];
        self.winning = winning_move(game);
    }

    fn iterate(&mut self) {
        let nodes = &mut self.nodes;
        let mut path = vec![0usize];
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let log = (nodes[at].visits.max(1) as f64).ln();
            let ucb = |n: &Node<G>| {
                let visits = n.visits.max(1) as f64;
                n.total / visits + EXPLORATION * (log / visits).sqrt()
            };
            at = nodes[at]
                .children
                .iter()
                .map(|&(_, c)| c)
                .max_by(|&a, &b| ucb(&nodes[a]).total_cmp(&ucb(&nodes[b])))
                .unwrap_or(at);
            path.push(at);
        }
        if !nodes[at].untried.is_empty() {
            let k = self.rng.below(nodes[at].untried.len());
            let m = nodes[at].untried.swap_remove(k);
            let mover = nodes[at].game.to_move().unwrap_or(0);
            let mut game = nodes[at].game.clone();
            if game.apply(m).is_ok() {
                let untried = game.legal_moves();
                nodes.push(Node {
                    game,
                    mover,
                    untried,
                    children: Vec::new(),
                    visits: 0,
                    total: 0.0,
                });
                let id = nodes.len() - 1;
                nodes[at].children.push((m, id));
                at = id;
                path.push(at);
            }
        }
        let mut game = nodes[at].game.clone();
        let returns = (self.rollout)(&mut game, &mut self.rng);
        for &n in &path {
            nodes[n].visits += 1;
            nodes[n].total += returns.get(nodes[n].mover).copied().unwrap_or(0.0);
        }
    }

    fn best(&self) -> Option<G::Move> {
        if self.winning.is_some() {
            return self.winning;
        }
        let root = self.nodes.first()?;
        root.children
            .iter()
            .max_by_key(|&&(_, c)| self.nodes[c].visits)
            .map(|&(m, _)| m)
            .or_else(|| root.untried.first().copied())
    }
}

impl<G: TurnGame<Move: Copy>> Thinker<G> for Mcts<G> {
    fn think(&mut self, game: &G, units: u32) -> Option<G::Move> {
        game.to_move()?;
        self.start(game);
        if self.winning.is_some() {
            return self.winning;
        }
        for _ in 0..units.clamp(1, 256) {
            if self.nodes[0].visits >= self.playouts {
                break;
            }
            self.iterate();
        }
        (self.nodes[0].visits >= self.playouts)
            .then(|| self.best())
            .flatten()
    }

    fn decide_now(&mut self, game: &G) -> Option<G::Move> {
        game.to_move()?;
        self.start(game);
        self.best()
    }
}

/// A move after which the game is over and the mover has the best returns of all, won outright.
fn winning_move<G: TurnGame<Move: Copy>>(game: &G) -> Option<G::Move> {
    let mover = game.to_move()?;
    game.legal_moves().into_iter().find(|&m| {
        let mut next = game.clone();
        if next.apply(m).is_err() || next.to_move().is_some() {
            return false;
        }
        let returns = next.returns();
        let mine = returns.get(mover).copied().unwrap_or(0.0);
        mine > 0.0
            && returns
                .iter()
                .enumerate()
                .all(|(p, &r)| p == mover || r < mine)
    })
}
