//! The misère search: a position is searched as Sprouts while its lands are large, and each land
//! small enough (fewer lives than `small_lives`) is replaced by its canonical misère tree, worked
//! out once from all its children. A state is then the large lands plus a list of trees, and a
//! move is a Sprouts move in a land or a move inside one tree. This is the shape of Lemoine and
//! Viennot's search with reduced canonical trees (arXiv:0908.4407).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::generations::Generations;
use super::key::{state_key, Key};
use super::kids::LandMoves;
use super::pn::ProofNumbers;
use super::trees::{OutOfSteps, TreeId, Trees, ONE, ZERO};
use super::Unfinished;
use crate::engine::sprouts::children::{children_until, Cut};
use crate::engine::sprouts::{Land, Position};
use crate::engine::stop::Stop;

/// Lands with fewer lives than this become trees unless the caller says otherwise. Measured
/// (docs/benchmarks.md): 12 is quickest for 12 to 14 spots taken together; below it more
/// lands are searched as Sprouts, above it lands' trees multiply and cost more than they save.
pub const SMALL_LIVES: u32 = 12;

/// The threshold for positions of `lives` lives: from 15 spots (45 lives) up, 13 (measured with
/// df-pn: 15, 16 and 17 spots 113, 247 and 412 s against 228, 318 and 546 s with 12; 14
/// spots 28 s against 19 s, 10 spots 4.8 s against 1.4 s).
pub fn small_lives_for(lives: u32) -> u32 {
    if lives >= 45 {
        13
    } else {
        SMALL_LIVES
    }
}

/// The memory a solver's tables may use unless its caller says otherwise (`set_memory_limit`):
/// what a page can spare per worker (the process holds about twice what the tables count).
/// The command line sizes it to the machine.
pub const DEFAULT_MEMORY_LIMIT: usize = 256 << 20;

/// The memory limit a native caller sizes to the machine: a quarter of the memory free now
/// (the tables' count runs at about half of what the process holds: 3.0 GB counted, 6.5 GB
/// resident at 15 spots), or the default where the system does not say.
pub fn machine_memory_limit() -> usize {
    crate::engine::machine::available_bytes()
        .map(|free| usize::try_from(free / 4).unwrap_or(usize::MAX))
        .unwrap_or(DEFAULT_MEMORY_LIMIT)
}

/// Of the memory limit, the share the large lands' moves may take in their young half (so up
/// to twice this in all).
const MOVES_SHARE: usize = 8;

/// Approximate bytes a settled state takes in its table (fingerprint, answer, the table's
/// own room).
const SETTLED_BYTES: usize = 40;

/// Caches emptied twice within this much work: memory is too short for the search.
const THRASHING: u64 = 2_000;

/// FxHash-style hashing: the keys are positions and trees the search made itself, never chosen
/// by an adversary, and with the standard SipHash hashing took about 15 % of the time (perf,
/// 12 spots).
#[derive(Default)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u128(&mut self, word: u128) {
        // Fingerprints are well mixed already.
        self.write_u64(word as u64 ^ (word >> 64) as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;
pub(crate) type FxSet<K> = std::collections::HashSet<K, BuildHasherDefault<Fx>>;

/// A position part-way: the lands still searched as Sprouts, and the trees standing for the
/// others (sorted; no `ZERO`, and at most one `ONE`, since two cancel).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct State {
    pub(crate) lands: Position,
    pub(crate) trees: Vec<TreeId>,
}

impl State {
    /// Approximate heap bytes of the state, as a table's key.
    pub(crate) fn bytes(&self) -> usize {
        let lands: usize = self.lands.lands().iter().map(|l| l.bytes() + 24).sum();
        lands + 4 * self.trees.len() + 64
    }

    /// Its fingerprint (`key`), worked out from scratch.
    pub(crate) fn key(&self) -> Key {
        state_key(self.lands.lands(), &self.trees)
    }
}

/// Where a solver's memory is, in approximate heap bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    /// The trees' arena and its remembered simplifications and sums.
    pub trees: usize,
    /// Lands and their trees.
    pub lands: usize,
    /// Settled states.
    pub states: usize,
    /// Large lands' moves remembered.
    pub moves: usize,
    /// df-pn's numbers and remembered children.
    pub numbers: usize,
}

impl Memory {
    pub fn total(&self) -> usize {
        self.trees + self.lands + self.states + self.moves + self.numbers
    }
}

impl std::fmt::Display for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mb = |b: usize| b >> 20;
        write!(
            f,
            "{} MB (trees {}, lands {}, states {}, moves {}, df-pn {})",
            mb(self.total()),
            mb(self.trees),
            mb(self.lands),
            mb(self.states),
            mb(self.moves),
            mb(self.numbers)
        )
    }
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.lands.write(crate::engine::sprouts::Notation::Glop2))?;
        f.write_str(" ;")?;
        for tree in &self.trees {
            write!(f, " {}", tree.index())?;
        }
        Ok(())
    }
}

/// The misère solver with everything it has worked out: trees, lands' trees and states.
pub struct Solver {
    pub trees: Trees,
    land_trees: FxMap<Land, TreeId>,
    /// Settled states by fingerprint (`key`): whether the player to move wins.
    states: FxMap<Key, bool>,
    /// The states settled lost, in full: what a base's proof is made of.
    lost: Vec<State>,
    /// The moves of large lands already listed (`kids`): the same lands come back with many
    /// different lands and trees beside them.
    pub(crate) moves: Generations<Land, Rc<LandMoves>>,
    /// Approximate bytes of `states` and `land_trees`, kept as they grow.
    states_bytes: usize,
    lands_bytes: usize,
    /// The bytes the tables may hold (approximately): past it the caches are emptied, then
    /// the states won forgotten, and past that the search stops (`Unfinished::Memory`).
    memory_limit: usize,
    /// The work done when the caches were last emptied for memory.
    emptied_at: Option<u64>,
    /// How many times the caches were emptied for memory.
    pub emptied: u64,
    /// States and lands expanded (children listed) so far.
    pub expansions: u64,
    /// Lands with fewer lives become trees.
    pub small_lives: u32,
    /// The proof-number search's numbers for states not settled yet.
    pn: ProofNumbers,
    /// While a df-pn search runs, it holds `pn` itself: the bytes it reports, and whether
    /// it must empty its tables to keep inside the memory limit.
    pub(crate) numbers_bytes: usize,
    pub(crate) numbers_forget: bool,
    limit: u64,
    stop: Stop,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_small_lives(SMALL_LIVES)
    }

    pub fn with_small_lives(small_lives: u32) -> Solver {
        Solver {
            trees: Trees::new(),
            land_trees: FxMap::default(),
            states: FxMap::default(),
            lost: Vec::new(),
            moves: Generations::new(DEFAULT_MEMORY_LIMIT / MOVES_SHARE),
            states_bytes: 0,
            lands_bytes: 0,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            emptied_at: None,
            emptied: 0,
            expansions: 0,
            small_lives,
            pn: ProofNumbers::default(),
            numbers_bytes: 0,
            numbers_forget: false,
            limit: u64::MAX,
            stop: Stop::never(),
        }
    }

    /// The work done so far: expansions plus the trees' simplifications and sums. Budgets are
    /// counted in it.
    pub fn work(&self) -> u64 {
        self.expansions + self.trees.steps
    }

    /// States solved and lands turned into trees.
    pub fn solved(&self) -> (usize, usize) {
        (self.states.len(), self.land_trees.len())
    }

    /// Approximate heap bytes held.
    pub fn bytes(&self) -> usize {
        self.memory().total()
    }

    /// Approximate heap bytes held, part by part (running counts, kept as the tables change).
    pub fn memory(&self) -> Memory {
        Memory {
            trees: self.trees.bytes(),
            lands: self.lands_bytes,
            states: self.states_bytes,
            moves: self.moves.bytes(),
            numbers: self.pn.bytes() + self.numbers_bytes,
        }
    }

    /// How many times each cache has aged, dropping its older half: large lands' moves,
    /// df-pn's numbers, df-pn's remembered children. Often means the search is short of memory.
    pub fn cache_ages(&self) -> (u64, u64, u64) {
        let (numbers, kids) = self.pn.aged();
        (self.moves.aged, numbers, kids)
    }

    /// Bounds the solver's tables to about `bytes` (see `memory_limit`).
    pub fn set_memory_limit(&mut self, bytes: usize) {
        self.memory_limit = bytes;
        self.moves.set_young_limit(bytes / MOVES_SHARE);
        self.pn.set_memory_limit(bytes);
    }

    /// Keeps the tables inside the memory limit: the caches go first (they are only work
    /// saved), then the states won (losses make a base's proof; wins are found again
    /// quickly, by one losing answer); if that is not enough the search stops.
    fn within_memory(&mut self) -> Result<(), Unfinished> {
        if self.memory().total() <= self.memory_limit {
            return Ok(());
        }
        // Emptied again so soon, the caches save nothing: the limit is too tight to go on.
        if self
            .emptied_at
            .is_some_and(|at| self.work() < at + THRASHING)
        {
            return Err(Unfinished::Memory(self.memory_limit));
        }
        self.emptied_at = Some(self.work());
        self.empty_caches();
        if self.memory().total() <= self.memory_limit {
            return Ok(());
        }
        self.states.retain(|_, wins| !*wins);
        self.states_bytes =
            self.states.len() * SETTLED_BYTES + self.lost.iter().map(State::bytes).sum::<usize>();
        if self.memory().total() <= self.memory_limit * 3 / 4 {
            return Ok(());
        }
        Err(Unfinished::Memory(self.memory_limit))
    }

    /// Empties the caches (only work saved): large lands' moves, df-pn's tables (the search
    /// holds them while it runs, so it is asked to) and the trees' sums.
    fn empty_caches(&mut self) {
        self.emptied += 1;
        self.moves.clear();
        self.pn.forget();
        self.numbers_forget = true;
        self.numbers_bytes = 0;
        self.trees.forget_sums();
    }

    /// Whether the player to move in `position` wins in misère play, doing no more than
    /// `budget` work (what was solved is kept, and the proof numbers, so a second call goes on
    /// from it). The search is df-pn (`pn`).
    pub fn wins(&mut self, position: &Position, budget: u64) -> Result<bool, Unfinished> {
        let mut pn = std::mem::take(&mut self.pn);
        let wins = pn.wins(self, position, budget);
        self.pn = pn;
        self.numbers_bytes = 0;
        // The limit is looked at every 256 expansions, so a search can end a little past it;
        // a solver at rest keeps inside it.
        if self.memory().total() > self.memory_limit {
            self.empty_caches();
        }
        self.numbers_forget = false;
        wins
    }

    /// The canonical misère tree of a land (worked out from all its children).
    pub fn land_tree(&mut self, land: &Land, budget: u64) -> Result<TreeId, Unfinished> {
        self.set_budget(budget);
        self.tree_of_land(land)
    }

    fn state(&mut self, lands: Vec<Land>, mut trees: Vec<TreeId>) -> Result<State, Unfinished> {
        let mut large = Vec::new();
        for land in lands {
            if land.lives() < self.small_lives {
                trees.push(self.tree_of_land(&land)?);
            } else {
                large.push(land);
            }
        }
        Ok(State {
            lands: Position::from_lands(large),
            trees: tidy(trees),
        })
    }

    /// A land's tree: remembered, or worked out from its children (never read from a base
    /// unchecked).
    pub(crate) fn tree_of_land(&mut self, land: &Land) -> Result<TreeId, Unfinished> {
        if let Some(&tree) = self.land_trees.get(land) {
            return Ok(tree);
        }
        self.expand()?;
        let kids = self.children_of(land)?;
        let mut options = Vec::with_capacity(kids.len());
        for kid in kids {
            let mut sum = ZERO;
            for part in kid.lands() {
                let tree = self.tree_of_land(part)?;
                sum = self.in_trees(|t| t.add(sum, tree))?;
            }
            options.push(sum);
        }
        let tree = self.in_trees(|t| t.game(options))?;
        self.remember_land(land.clone(), tree);
        Ok(tree)
    }

    /// Runs `f` on the trees under what is left of the budget.
    fn in_trees<T>(
        &mut self,
        f: impl FnOnce(&mut Trees) -> Result<T, OutOfSteps>,
    ) -> Result<T, Unfinished> {
        let left = self.limit.saturating_sub(self.work());
        self.trees.step_limit = self.trees.steps.saturating_add(left);
        f(&mut self.trees).map_err(|OutOfSteps| {
            if self.trees.steps < self.trees.step_limit {
                Unfinished::Stopped
            } else {
                Unfinished::Budget(self.limit)
            }
        })
    }

    /// The lands made trees so far.
    pub(crate) fn land_trees(&self) -> impl Iterator<Item = (&Land, &TreeId)> {
        self.land_trees.iter()
    }

    /// The states proved lost so far.
    pub(crate) fn losses(&self) -> impl Iterator<Item = &State> {
        self.lost.iter()
    }

    pub(crate) fn set_budget(&mut self, budget: u64) {
        self.limit = self.work().saturating_add(budget);
    }

    pub(crate) fn tree_of(&mut self, options: Vec<TreeId>) -> Result<TreeId, Unfinished> {
        self.in_trees(|t| t.game(options))
    }

    pub(crate) fn state_of(
        &mut self,
        position: Position,
        trees: Vec<TreeId>,
    ) -> Result<State, Unfinished> {
        self.state(position.into_lands(), trees)
    }

    /// A land's tree, taken as given (a base this program sealed itself).
    pub(crate) fn remember_land(&mut self, land: Land, tree: TreeId) {
        let bytes = land.bytes() + 48;
        if self.land_trees.insert(land, tree).is_none() {
            self.lands_bytes += bytes;
        }
    }

    pub(crate) fn remember_loss(&mut self, state: State) {
        self.settle(state, false);
    }

    /// What the trees alone say of a state with no large land and at most one tree (none: no
    /// move left, so the player to move has won).
    pub(crate) fn decided(&self, state: &State) -> Option<bool> {
        if !state.lands.is_empty() {
            return None;
        }
        match state.trees.as_slice() {
            [] => Some(true),
            [tree] => Some(self.trees.wins(*tree)),
            _ => None,
        }
    }

    /// For a state claimed lost: a move from it that no lost state answers, if there is one
    /// (`Ok(None)`: every move is answered, by a state in `claimed` or one the trees decide).
    pub(crate) fn unanswered_move(
        &mut self,
        state: &State,
        claimed: &std::collections::HashSet<State>,
    ) -> Result<Option<String>, Unfinished> {
        match self.decided(state) {
            Some(true) => return Ok(Some("nothing: the player to move wins".into())),
            Some(false) => return Ok(None),
            None => {}
        }
        self.expand()?;
        for kid in self.children(state)? {
            if self.decided(&kid) == Some(true) {
                continue;
            }
            if self.decided(&kid) == Some(false) || claimed.contains(&kid) {
                return Ok(Some(kid.to_string()));
            }
            self.expand()?;
            let answered = self
                .children(&kid)?
                .iter()
                .any(|g| self.decided(g) == Some(false) || claimed.contains(g));
            if !answered {
                return Ok(Some(kid.to_string()));
            }
        }
        Ok(None)
    }

    /// Asks the search to stop when `stop` says so (looked at every 256 expansions, every
    /// 1,024 steps of the trees and while a large land's children are listed).
    pub fn set_stop(&mut self, stop: Stop) {
        self.trees.stop = stop.clone();
        self.stop = stop;
    }

    /// The canonical children of a land alone, listed under the solver's stop (a land of
    /// thousands of spots takes seconds).
    pub(crate) fn children_of(&self, land: &Land) -> Result<Vec<Position>, Unfinished> {
        children_until(&Position::from_lands(vec![land.clone()]), &self.stop).map_err(|cut| {
            match cut {
                Cut::Stopped => Unfinished::Stopped,
                Cut::TooLarge(why) => Unfinished::TooLarge(why.0),
            }
        })
    }

    pub(crate) fn expand(&mut self) -> Result<(), Unfinished> {
        if self.work() >= self.limit {
            return Err(Unfinished::Budget(self.limit));
        }
        if self.expansions % 256 == 255 {
            if self.stop.requested() {
                return Err(Unfinished::Stopped);
            }
            self.within_memory()?;
        }
        self.expansions += 1;
        Ok(())
    }

    /// What is known of a state: from the trees alone, or solved before.
    pub(crate) fn known(&self, state: &State) -> Option<bool> {
        self.known_as(state, state.key())
    }

    /// The same, for a state whose fingerprint is worked out already.
    pub(crate) fn known_as(&self, state: &State, key: Key) -> Option<bool> {
        self.decided(state).or_else(|| self.known_key(key))
    }

    /// What was settled of the state with this fingerprint.
    pub(crate) fn known_key(&self, key: Key) -> Option<bool> {
        self.states.get(&key).copied()
    }

    /// Whether the player to move in a state wins, now known.
    pub(crate) fn settle(&mut self, state: State, wins: bool) {
        self.settle_key(state.key(), &state, wins);
    }

    /// The same, for a state whose fingerprint is known (a lost state is kept in full).
    pub(crate) fn settle_key(&mut self, key: Key, state: &State, wins: bool) {
        if self.states.insert(key, wins).is_none() {
            self.states_bytes += SETTLED_BYTES;
            if !wins {
                self.states_bytes += state.bytes();
                self.lost.push(state.clone());
            }
        }
    }

    /// A state's starting state: its small lands made trees.
    pub(crate) fn start(&mut self, position: &Position) -> Result<State, Unfinished> {
        self.state(position.lands().to_vec(), Vec::new())
    }

    /// A state expanded: its children, fewest moves first (a child is shown lost by answering
    /// each of its moves, so one with few is quick to settle: this order took 8 spots from 24 s
    /// to 0.2 s).
    pub(crate) fn sorted_children(&mut self, state: &State) -> Result<Vec<State>, Unfinished> {
        self.expand()?;
        let mut kids = self.children(state)?;
        kids.sort_by_cached_key(|k| self.estimated_moves(k));
        Ok(kids)
    }

    /// About how many moves a state has: its lands' estimate plus its trees' options.
    pub(crate) fn estimated_moves(&self, state: &State) -> u64 {
        let tree_moves: u64 = state
            .trees
            .iter()
            .map(|&t| self.trees.options(t).len() as u64)
            .sum();
        state.lands.estimated_children() + tree_moves
    }

    /// A state's children, built (df-pn lists them unbuilt: `kids`), in the order of `steps`.
    fn children(&mut self, state: &State) -> Result<Vec<State>, Unfinished> {
        let steps = self.steps(state)?;
        steps
            .into_iter()
            .map(|step| self.child(state, step))
            .collect()
    }
}

/// Trees sorted, `ZERO`s dropped and `ONE`s paired off (in misère play, too, a nim heap of
/// one added twice is the same as nothing: docs/misere.md).
pub(crate) fn tidy(mut trees: Vec<TreeId>) -> Vec<TreeId> {
    let ones = trees.iter().filter(|&&t| t == ONE).count();
    trees.retain(|&t| t != ZERO && t != ONE);
    if ones % 2 == 1 {
        trees.push(ONE);
    }
    trees.sort_unstable();
    trees
}

#[cfg(test)]
mod tests {
    use super::{small_lives_for, SMALL_LIVES};
    use crate::engine::sprouts::Position;

    #[test]
    fn lands_become_trees_from_thirteen_lives_down_from_fifteen_spots_on() {
        assert_eq!(small_lives_for(Position::spots(14).lives()), SMALL_LIVES);
        assert_eq!(small_lives_for(Position::spots(15).lives()), 13);
        assert_eq!(small_lives_for(0), SMALL_LIVES);
    }
}
