//! A play: the start values and every state after it, with undo, loop detection and an
//! exhaust loop that a caller runs in slices (so a page never freezes).

use num_bigint::BigInt;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::diagram::Diagram;
use super::share::SharedPosition;
use super::values::Values;
use crate::engine::generation;
use crate::engine::turn::{History, Saved};

/// One move of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Every positive node fires at once (the seed's concurrent game).
    Layer,
    /// One positive node fires alone (the classic numbers game).
    Node(usize),
}

/// How a run chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Every positive node at once, layer after layer.
    Concurrent,
    /// One node at a time: the first positive node by number.
    FirstPositive,
    /// One node at a time: the last positive node by number.
    LastPositive,
    /// One node at a time, going round the nodes in order from the last one fired, firing
    /// each that is positive ("fire every node in turn").
    InTurn,
}

/// What one fire did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FireOutcome {
    /// No node was positive: nothing fired (the state is terminal).
    Terminal,
    /// A layer fired and produced a state not seen before in this play.
    Fired,
    /// A layer fired and produced the state already reached after layer `first`; the new state
    /// is the one after layer `again` (period `again − first`).
    Repeated { first: usize, again: usize },
}

/// Why an exhaust run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// No node is positive.
    Terminated,
    /// The state after layer `again` equals the state after layer `first`.
    Loop { first: usize, again: usize },
    /// The run fired its cap of layers without reaching a terminal state.
    Cap { layers: usize },
    /// The stored history reached `HISTORY_BYTES_LIMIT` (values grow without bound).
    SizeLimit { layers: usize },
    /// A value passed `MAX_VALUE_BITS`.
    ValueLimit { layers: usize },
}

/// The most memory a play's history (every state, for undo and loop detection) may take. With
/// what is made from it (a trace, a picture) a run stays well under 1 GB.
pub const HISTORY_BYTES_LIMIT: usize = 64 << 20;

/// The most bits a value may reach before a run stops (about 120,000 decimal digits): writing a
/// value out in decimal costs time quadratic in its digits, about 20 ms at this size.
pub const MAX_VALUE_BITS: u64 = 400_000;

impl StopReason {
    /// The sentence the status line and the CLI show.
    pub fn describe(&self) -> String {
        match self {
            StopReason::Terminated => "no node is positive: the play has terminated".to_string(),
            StopReason::Loop { first, again } => format!(
                "the play loops: the state after layer {again} equals the state after layer {first} (period {})",
                again - first
            ),
            StopReason::Cap { layers } => {
                format!("stopped after {layers} layers without reaching a terminal state")
            }
            StopReason::SizeLimit { layers } => format!(
                "stopped after {layers} layers: the history of this play has reached its memory limit of {} MiB",
                HISTORY_BYTES_LIMIT >> 20
            ),
            StopReason::ValueLimit { layers } => format!(
                "stopped after {layers} layers: a value has passed {MAX_VALUE_BITS} bits (about {} digits), the most a play computes",
                MAX_VALUE_BITS * 30103 / 100000
            ),
        }
    }
}

/// One Exhaust-fire request: at most `cap` layers, fired over as many slices as the caller likes.
#[derive(Clone, Debug)]
pub struct ExhaustRun {
    cap: usize,
    fired: usize,
    style: Style,
}

impl ExhaustRun {
    /// Up to `cap` concurrent layers.
    pub fn new(cap: usize) -> ExhaustRun {
        ExhaustRun::with_style(cap, Style::Concurrent)
    }

    /// Up to `cap` moves chosen as `style` says.
    pub fn with_style(cap: usize, style: Style) -> ExhaustRun {
        ExhaustRun {
            cap,
            fired: 0,
            style,
        }
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// Layers fired by this run so far.
    pub fn fired(&self) -> usize {
        self.fired
    }

    pub fn cap(&self) -> usize {
        self.cap
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    graph: Diagram,
    /// `states[0]` is the start; `states[t]` the state after move t.
    states: Vec<Values>,
    /// `moves[t − 1]` made `states[t]`.
    moves: Vec<Move>,
    /// Hash of a state → the indices of the states with that hash (for loop detection).
    seen: HashMap<u64, Vec<usize>>,
    /// Approximate memory of `states` and `seen`.
    bytes: usize,
    /// Moves undone, the last undone on top (a new move forgets them): Redo makes them again.
    undone: Vec<Move>,
    /// Changes at every change of the play (`engine::generation`).
    generation: u64,
}

impl Game {
    /// A play from `start`, which must have one value per node.
    pub fn new(graph: Diagram, start: Values) -> Result<Game, String> {
        graph.check_value_count(start.len())?;
        let mut play = Game {
            graph,
            states: Vec::new(),
            moves: Vec::new(),
            seen: HashMap::new(),
            bytes: 0,
            undone: Vec::new(),
            generation: generation::next(),
        };
        play.push(start);
        Ok(play)
    }

    pub fn graph(&self) -> &Diagram {
        &self.graph
    }

    pub fn start(&self) -> &Values {
        &self.states[0]
    }

    pub fn current(&self) -> &Values {
        self.states.last().unwrap_or(&self.states[0])
    }

    /// Every state, the start first.
    pub fn states(&self) -> &[Values] {
        &self.states
    }

    /// Number of layers fired so far.
    pub fn layer_count(&self) -> usize {
        self.states.len() - 1
    }

    pub fn is_terminal(&self) -> bool {
        !self.current().any_positive()
    }

    /// Every move so far, the first first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Layer `t` (1-based): the nodes that fired in move t, with the values they fired (one
    /// node for a move of the numbers game).
    pub fn layer(&self, t: usize) -> Vec<(usize, BigInt)> {
        let Some(before) = self.state_before_layer(t) else {
            return Vec::new();
        };
        match self.moves[t - 1] {
            Move::Layer => before.positives(),
            Move::Node(i) => vec![(i, before.get(i))],
        }
    }

    /// Every layer so far, layer 1 first.
    pub fn layers(&self) -> Vec<Vec<(usize, BigInt)>> {
        (1..=self.layer_count()).map(|t| self.layer(t)).collect()
    }

    /// The sum of the values fired in layer `t`.
    pub fn layer_sum(&self, t: usize) -> BigInt {
        match self.moves.get(t.wrapping_sub(1)) {
            Some(Move::Layer) => self
                .state_before_layer(t)
                .map(Values::positive_sum)
                .unwrap_or_default(),
            _ => self.layer(t).into_iter().map(|(_, v)| v).sum(),
        }
    }

    /// The state that fire number `t` (1-based) fired from, when that fire happened.
    fn state_before_layer(&self, t: usize) -> Option<&Values> {
        (1..=self.layer_count())
            .contains(&t)
            .then(|| &self.states[t - 1])
    }

    /// Approximate memory of the whole history (what `HISTORY_BYTES_LIMIT` bounds).
    pub fn history_bytes(&self) -> usize {
        self.bytes
    }

    /// Fires every positive node once (forgetting the moves undone).
    pub fn fire(&mut self) -> FireOutcome {
        self.undone.clear();
        self.make(Move::Layer)
    }

    /// Fires node `i` alone, the numbers game's move (forgetting the moves undone); Err when
    /// it is not a node or not positive.
    pub fn fire_node(&mut self, i: usize) -> Result<FireOutcome, String> {
        if i >= self.graph.node_count() {
            return Err(format!("{} has no node {}", self.graph.name(), i + 1));
        }
        if !self.current().is_positive(i) {
            return Err(format!(
                "{} is not positive: only a positive node fires",
                self.graph.label(i)
            ));
        }
        self.undone.clear();
        Ok(self.make(Move::Node(i)))
    }

    /// Makes one move, as a link or a replay names it (forgetting the moves undone).
    pub fn make_move(&mut self, step: Move) -> Result<FireOutcome, String> {
        match step {
            Move::Layer => Ok(self.fire()),
            Move::Node(i) => self.fire_node(i),
        }
    }

    /// Goes once round the nodes from the one after the last fired, firing each that is
    /// positive when its turn comes ("fire every node in turn"); how many fired, and whether a
    /// state came back.
    pub fn fire_round(&mut self) -> (usize, Option<FireOutcome>) {
        let n = self.graph.node_count();
        let from = match self.moves.last() {
            Some(Move::Node(last)) => last + 1,
            _ => 0,
        };
        let mut fired = 0;
        for k in 0..n {
            let i = (from + k) % n;
            if self.current().is_positive(i) && self.full(0).is_none() {
                fired += 1;
                if let Ok(outcome @ FireOutcome::Repeated { .. }) = self.fire_node(i) {
                    return (fired, Some(outcome));
                }
            }
        }
        (fired, None)
    }

    /// The node a one-at-a-time run fires next, if any is positive.
    pub fn chosen_node(&self, style: Style) -> Option<usize> {
        let n = self.graph.node_count();
        let state = self.current();
        if style == Style::LastPositive {
            return (0..n).rev().find(|&i| state.is_positive(i));
        }
        let from = match (style, self.moves.last()) {
            (Style::InTurn, Some(Move::Node(last))) => last + 1,
            _ => 0,
        };
        (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| state.is_positive(i))
    }

    /// Makes a move, keeping the moves undone (Redo: firing is deterministic, so a move undone
    /// comes back as it was).
    fn make(&mut self, step: Move) -> FireOutcome {
        if self.is_terminal() {
            return FireOutcome::Terminal;
        }
        let next = match step {
            Move::Layer => self.current().fire(&self.graph),
            Move::Node(i) if self.current().is_positive(i) => {
                self.current().fire_node(&self.graph, i)
            }
            Move::Node(_) => return FireOutcome::Terminal,
        };
        let first = self.find(&next);
        self.moves.push(step);
        self.push(next);
        match first {
            Some(first) => FireOutcome::Repeated {
                first,
                again: self.layer_count(),
            },
            None => FireOutcome::Fired,
        }
    }

    /// Steps back one layer; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.states.len() <= 1 {
            return false;
        }
        let index = self.states.len() - 1;
        if let Some(step) = self.moves.pop() {
            self.undone.push(step);
        }
        if let Some(last) = self.states.pop() {
            self.bytes = self.bytes.saturating_sub(stored_bytes(&last));
            let key = hash_of(&last);
            if let Some(list) = self.seen.get_mut(&key) {
                list.retain(|&i| i != index);
                if list.is_empty() {
                    self.seen.remove(&key);
                }
            }
        }
        self.generation = generation::next();
        true
    }

    /// Makes the last move undone again; false when none was.
    pub fn redo(&mut self) -> bool {
        if self.is_terminal() {
            return false;
        }
        let Some(step) = self.undone.pop() else {
            return false;
        };
        self.make(step);
        true
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// A number that changes whenever the play does (a fire, an undo, a redo).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The play as a shared position: its graph, its start (whole numbers, as every start is
    /// entered) and the moves made.
    pub fn shared(&self) -> SharedPosition {
        SharedPosition {
            graph: self.graph.clone(),
            start: (0..self.graph.node_count())
                .map(|i| self.start().get_i64(i).unwrap_or(0))
                .collect(),
            moves: Some(self.moves.clone()),
        }
    }

    /// Back to the start.
    pub fn reset(&mut self) {
        while self.undo() {}
    }

    /// Fires up to `budget` layers of an exhaust run; `None` while the run should go on.
    pub fn exhaust_step(&mut self, run: &mut ExhaustRun, budget: usize) -> Option<StopReason> {
        for _ in 0..budget {
            if self.is_terminal() {
                return Some(StopReason::Terminated);
            }
            if run.fired >= run.cap {
                return Some(StopReason::Cap { layers: run.fired });
            }
            if let Some(full) = self.full(run.fired) {
                return Some(full);
            }
            run.fired += 1;
            let outcome = match run.style {
                Style::Concurrent => self.fire(),
                style => match self.chosen_node(style) {
                    Some(i) => self.fire_node(i).unwrap_or(FireOutcome::Terminal),
                    None => FireOutcome::Terminal,
                },
            };
            if let FireOutcome::Repeated { first, again } = outcome {
                return Some(StopReason::Loop { first, again });
            }
        }
        if self.is_terminal() {
            return Some(StopReason::Terminated);
        }
        if run.fired >= run.cap {
            return Some(StopReason::Cap { layers: run.fired });
        }
        None
    }

    /// Why no more layers may be fired (after `layers` of a run), if so: the history's memory or
    /// a value's size is at its limit.
    pub fn full(&self, layers: usize) -> Option<StopReason> {
        if self.bytes >= HISTORY_BYTES_LIMIT {
            return Some(StopReason::SizeLimit { layers });
        }
        if self.current().max_bits() > MAX_VALUE_BITS {
            return Some(StopReason::ValueLimit { layers });
        }
        None
    }

    /// Runs a whole exhaust request at once (for the CLI and tests).
    pub fn exhaust(&mut self, cap: usize) -> (StopReason, usize) {
        self.exhaust_with(ExhaustRun::new(cap))
    }

    /// Runs a whole run at once, its moves chosen as its style says.
    pub fn exhaust_with(&mut self, run: ExhaustRun) -> (StopReason, usize) {
        let mut run = run;
        loop {
            if let Some(reason) = self.exhaust_step(&mut run, 4096) {
                return (reason, run.fired);
            }
        }
    }

    fn find(&self, state: &Values) -> Option<usize> {
        let list = self.seen.get(&hash_of(state))?;
        list.iter().copied().find(|&i| self.states[i] == *state)
    }

    fn push(&mut self, state: Values) {
        let index = self.states.len();
        self.bytes += stored_bytes(&state);
        self.seen.entry(hash_of(&state)).or_default().push(index);
        self.states.push(state);
        self.generation = generation::next();
    }
}

/// Two plays of the numbers game from one start, the lowest-numbered positive node fired first
/// in one and the highest in the other, each up to `most` moves: strong convergence says that if
/// one ends, both end at the same state after the same number of moves.
pub fn two_orders(graph: &Diagram, start: &Values, most: usize) -> Result<[Game; 2], String> {
    let play = |style| -> Result<Game, String> {
        let mut game = Game::new(graph.clone(), start.clone())?;
        game.exhaust_with(ExhaustRun::with_style(most, style));
        Ok(game)
    };
    Ok([play(Style::FirstPositive)?, play(Style::LastPositive)?])
}

/// A play's text is its shared position (`E8/1,0,…/12`): what share links and the browser keep.
impl Saved for Game {
    fn text(&self) -> String {
        self.shared().to_text()
    }

    fn generation(&self) -> u64 {
        self.generation
    }
}

/// One player fires, until no node is positive.
impl History for Game {
    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn redo(&mut self) -> bool {
        Game::redo(self)
    }

    fn player_to_move(&self) -> Option<usize> {
        (!self.is_terminal()).then_some(0)
    }
}

/// A state's memory plus its entry in the loop-detection map.
fn stored_bytes(state: &Values) -> usize {
    state.approx_bytes() + 40
}

fn hash_of(state: &Values) -> u64 {
    let mut hasher = DefaultHasher::new();
    state.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn a_run_stops_when_a_value_passes_its_size_limit() {
        let graph = Diagram::parse("A2").unwrap();
        let huge = BigInt::from(1) << (MAX_VALUE_BITS as usize + 1);
        let mut play = Game::new(graph, Values::from_big(vec![huge, BigInt::from(-1)])).unwrap();
        let mut run = ExhaustRun::new(1000);
        assert_eq!(
            play.exhaust_step(&mut run, 10),
            Some(StopReason::ValueLimit { layers: 0 })
        );
        assert!(StopReason::ValueLimit { layers: 0 }
            .describe()
            .contains("digits"));
    }
}
