//! A play: the start values and every state after it, with undo, loop detection and an
//! exhaust loop that a caller runs in slices (so a page never freezes).

use num_bigint::BigInt;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::graph::AdeGraph;
use super::share::SharedPosition;
use super::values::Values;
use crate::engine::generation;
use crate::engine::turn::{History, Saved};

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
}

impl ExhaustRun {
    pub fn new(cap: usize) -> ExhaustRun {
        ExhaustRun { cap, fired: 0 }
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
    graph: AdeGraph,
    /// `states[0]` is the start; `states[t]` the state after layer t.
    states: Vec<Values>,
    /// Hash of a state → the indices of the states with that hash (for loop detection).
    seen: HashMap<u64, Vec<usize>>,
    /// Approximate memory of `states` and `seen`.
    bytes: usize,
    /// Layers undone (a new fire forgets them): Redo fires them again.
    undone: usize,
    /// Changes at every change of the play (`engine::generation`).
    generation: u64,
}

impl Game {
    /// A play from `start`, which must have one value per node.
    pub fn new(graph: AdeGraph, start: Values) -> Result<Game, String> {
        graph.check_value_count(start.len())?;
        let mut play = Game {
            graph,
            states: Vec::new(),
            seen: HashMap::new(),
            bytes: 0,
            undone: 0,
            generation: generation::next(),
        };
        play.push(start);
        Ok(play)
    }

    pub fn graph(&self) -> &AdeGraph {
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

    /// Layer `t` (1-based): the nodes that fired in fire number t, with the values they fired.
    pub fn layer(&self, t: usize) -> Vec<(usize, BigInt)> {
        self.state_before_layer(t)
            .map(Values::positives)
            .unwrap_or_default()
    }

    /// Every layer so far, layer 1 first.
    pub fn layers(&self) -> Vec<Vec<(usize, BigInt)>> {
        (1..=self.layer_count()).map(|t| self.layer(t)).collect()
    }

    /// The sum of the values fired in layer `t`.
    pub fn layer_sum(&self, t: usize) -> BigInt {
        self.state_before_layer(t)
            .map(Values::positive_sum)
            .unwrap_or_default()
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

    /// Fires every positive node once (forgetting the layers undone).
    pub fn fire(&mut self) -> FireOutcome {
        self.undone = 0;
        self.fire_again()
    }

    /// Fires every positive node once, keeping the layers undone (Redo: firing is
    /// deterministic, so the layer undone comes back as it was).
    fn fire_again(&mut self) -> FireOutcome {
        if self.is_terminal() {
            return FireOutcome::Terminal;
        }
        let next = self.current().fire(&self.graph);
        let first = self.find(&next);
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
        self.undone += 1;
        self.generation = generation::next();
        true
    }

    /// Fires the last layer undone again; false when none was.
    pub fn redo(&mut self) -> bool {
        if self.undone == 0 || self.is_terminal() {
            return false;
        }
        self.undone -= 1;
        self.fire_again();
        true
    }

    pub fn can_redo(&self) -> bool {
        self.undone > 0
    }

    /// A number that changes whenever the play does (a fire, an undo, a redo).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The play as a shared position: its graph, its start (whole numbers, as every start is
    /// entered) and the layers fired.
    pub fn shared(&self) -> SharedPosition {
        SharedPosition {
            graph: self.graph.clone(),
            start: (0..self.graph.node_count())
                .map(|i| self.start().get_i64(i).unwrap_or(0))
                .collect(),
            fired: Some(self.layer_count()),
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
            if let FireOutcome::Repeated { first, again } = self.fire() {
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
        let mut run = ExhaustRun::new(cap);
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
        let graph = AdeGraph::parse("A2").unwrap();
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
