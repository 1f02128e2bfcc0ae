//! Misère bases: what a misère search proved, as text, and the check that rebuilds trust in it.
//!
//! A base starts with its own first line (`MISERE_HEADER`), so it is never read as a normal-play
//! `.spr` file, nor a `.spr` file as a misère base. A second line `tree-lives N` says which lands
//! were made trees (fewer than N lives): a base is read with at least that threshold, since its
//! proof leaves to the trees what a lower one would search as Sprouts. Then, one per line:
//! - `tree A B …`: a canonical misère tree by its options (earlier trees, by number: 0 is the
//!   empty game, 1 the heap of one, each `tree` line the next number);
//! - `land POSITION T`: a land (a one-land position, 2.x notation) whose tree is T;
//! - `loss POSITION ; T …`: a lost state: the large lands (`!` for none) and the trees beside them.
//!
//! Reading checks every line before anything is used: a tree must be in simplest form, a land's
//! tree is worked out again from its children, and every move from a lost state must be answered
//! by a move to another lost state in the base (or to one the trees alone decide as lost).

use super::solver::{Solver, State};
use super::trees::{TreeId, ONE, ZERO};
use super::Unfinished;
use crate::engine::sprouts::{Land, Notation, Position};
use crate::engine::stop::Stop;

/// The first line of every misère base.
pub const MISERE_HEADER: &str = "# gamelab misère Sprouts base 1";

/// The second line's word: `tree-lives N`.
const TREE_LIVES: &str = "tree-lives";
/// The largest threshold a base may name: lands' trees past it cost more than any search
/// here can afford (docs/benchmarks.md: 5 spots alone made 2.9 million trees with 12).
pub const MAX_TREE_LIVES: u32 = 24;

/// Why a base was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseError {
    /// The text is not a misère base, or a line is wrong (1-based line number, reason).
    Refuted { line: usize, message: String },
    /// Checking needed more work than allowed.
    Budget(u64),
    /// The reader's `Stop` asked (a time limit, a page's slice that ran too long).
    Stopped,
    /// Checking needed more than the solver's memory limit (bytes).
    Memory(usize),
    /// A position too large to list its moves.
    TooLarge(String),
}

impl std::fmt::Display for BaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BaseError::Refuted { line, message } => write!(f, "line {line}: {message}"),
            BaseError::Budget(limit) => write!(f, "checking needed more than {limit} nodes"),
            BaseError::Stopped => f.write_str("checking was stopped before it was done"),
            BaseError::Memory(bytes) => write!(
                f,
                "checking needed more than the memory limit of {} MB",
                bytes >> 20
            ),
            BaseError::TooLarge(why) => f.write_str(why),
        }
    }
}

/// What a checked base held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseCounts {
    pub trees: usize,
    pub lands: usize,
    pub losses: usize,
}

impl Solver {
    /// The base: the trees lands and lost states use (with their options, and theirs), every
    /// land made a tree and every lost state, in an order a reader can check line by line
    /// (trees before their users, lands by lives). Trees are numbered in the base's own order:
    /// the arena also holds trees made only on the way to simplifying others, never written.
    pub fn write_base(&self) -> String {
        let lands: Vec<(&Land, &TreeId)> = self.land_trees().collect();
        let losses: Vec<&State> = self.losses().collect();
        // The trees used, closed under options; an option is always older than its tree, so
        // the arena's order is an order a reader can follow.
        let mut used = vec![false; self.trees.len()];
        let mut todo: Vec<TreeId> = lands.iter().map(|(_, &t)| t).collect();
        todo.extend(losses.iter().flat_map(|s| s.trees.iter().copied()));
        while let Some(tree) = todo.pop() {
            if !std::mem::replace(&mut used[tree.index()], true) {
                todo.extend_from_slice(self.trees.options(tree));
            }
        }
        // Base numbers: 0 and 1 as always, then each tree written in turn.
        let mut number = vec![0usize; self.trees.len()];
        number[ONE.index()] = 1;
        let mut out = format!("{MISERE_HEADER}\n{TREE_LIVES} {}\n", self.small_lives);
        let mut next = 2;
        for id in 2..self.trees.len() {
            if !used[id] {
                continue;
            }
            number[id] = next;
            next += 1;
            out.push_str("tree");
            for option in self.trees.options(TreeId::from_index(id)) {
                out.push_str(&format!(" {}", number[option.index()]));
            }
            out.push('\n');
        }
        // Lands and lost states by lives, then by their lines: each written once and sorted
        // as text (sorting the positions themselves was most of the writing's time).
        let mut lines: Vec<(u32, String)> = lands
            .into_iter()
            .map(|(land, tree)| {
                let written = Position::from_lands(vec![land.clone()]).write(Notation::Glop2);
                (
                    land.lives(),
                    format!("land {written} {}\n", number[tree.index()]),
                )
            })
            .collect();
        lines.sort_unstable();
        let mut lost: Vec<(u32, String)> = losses
            .into_iter()
            .map(|state| {
                let mut line = format!("loss {} ;", state.lands.write(Notation::Glop2));
                for tree in &state.trees {
                    line.push_str(&format!(" {}", number[tree.index()]));
                }
                line.push('\n');
                (state.lands.lives(), line)
            })
            .collect();
        lost.sort_unstable();
        for (_, line) in lines.iter().chain(&lost) {
            out.push_str(line);
        }
        out
    }

    /// Reads and checks a base into a solver ready to go on from it, doing no more than
    /// `budget` work and giving up when `stop` asks. Nothing from a base that fails is kept.
    pub fn read_base(
        text: &str,
        small_lives: u32,
        budget: u64,
        stop: Stop,
    ) -> Result<(Solver, BaseCounts), BaseError> {
        let mut reader = BaseReader::new(text, small_lives, budget)?;
        reader.set_stop(stop);
        while !reader.step(u64::MAX)? {}
        Ok(reader.finish())
    }
}

/// A base being read and checked a few lines at a time (a page does it in its time slices):
/// first every line is read (trees rebuilt, lands' trees worked out again), then every lost
/// state is checked against the others. Nothing is usable before `finish`.
pub struct BaseReader {
    misere: Solver,
    text: String,
    /// Where the next line starts in `text`, and its number (0-based).
    at: usize,
    line: usize,
    losses: Vec<(usize, State)>,
    /// Once every line is read: the lost states claimed, and how many are checked.
    claimed: Option<std::collections::HashSet<State>>,
    checked: usize,
    /// Take the lost states as they are (a text this program sealed itself).
    trusting: bool,
    /// The solver's tree for each tree number of the base (0 and 1, then each `tree` line).
    ids: Vec<TreeId>,
    /// The trees the base has defined (each may be defined once).
    defined: std::collections::HashSet<TreeId>,
    counts: BaseCounts,
}

impl BaseReader {
    /// Checks the first line; `budget` is the work the whole reading may take.
    pub fn new(text: &str, small_lives: u32, budget: u64) -> Result<BaseReader, BaseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first = text.lines().next();
        match first {
            Some(first) if first.trim() == MISERE_HEADER => {}
            Some(first) => {
                let shown: String = first.chars().take(40).collect();
                return Err(refuted(
                    0,
                    format!("not a misère base: the first line should be '{MISERE_HEADER}', found '{shown}'"),
                ));
            }
            None => return Err(refuted(0, "empty file: not a misère base".into())),
        }
        let mut at = text.find('\n').map_or(text.len(), |n| n + 1);
        let mut line = 1;
        // Lands the base made trees are made trees here too (a base without the line, from
        // before it was written, is read with the caller's threshold).
        let mut small_lives = small_lives;
        let second = text[at..].lines().next().unwrap_or("");
        if let Some(n) = second.strip_prefix(TREE_LIVES) {
            let written = n
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_TREE_LIVES).contains(n))
                .ok_or_else(|| {
                    refuted(
                        1,
                        format!("the line is: {TREE_LIVES} N, N from 1 to {MAX_TREE_LIVES}"),
                    )
                })?;
            small_lives = small_lives.max(written);
            at = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
            line = 2;
        }
        let mut misere = Solver::with_small_lives(small_lives);
        misere.set_budget(budget);
        Ok(BaseReader {
            misere,
            text: text.to_string(),
            at,
            line,
            losses: Vec::new(),
            claimed: None,
            checked: 0,
            trusting: false,
            ids: vec![ZERO, ONE],
            defined: [ZERO, ONE].into_iter().collect(),
            counts: BaseCounts::default(),
        })
    }

    /// Gives up reading when `stop` asks (looked at as the solver's work goes on).
    pub fn set_stop(&mut self, stop: Stop) {
        self.misere.set_stop(stop);
    }

    /// Takes the trees, the lands' trees and the lost states on trust (each tree is still
    /// defined once, from trees defined before it): for a text this program wrote and sealed
    /// itself, as a page keeps its base.
    pub fn trusting(mut self) -> BaseReader {
        self.trusting = true;
        self
    }

    /// Reads lines (or checks lost states) until about `work` is done; true once all is done.
    /// A line is never left half read: the work is looked at between lines.
    pub fn step(&mut self, work: u64) -> Result<bool, BaseError> {
        // Lines count as work too: many cheap lines still make a step's worth.
        let until = self.misere.work().saturating_add(work);
        let mut lines = 0u64;
        while self.misere.work().saturating_add(lines) < until {
            lines += 1;
            if self.claimed.is_none() {
                if self.at >= self.text.len() {
                    let claimed = self.losses.iter().map(|(_, s)| s.clone()).collect();
                    self.claimed = Some(claimed);
                    continue;
                }
                let end = self.text[self.at..]
                    .find('\n')
                    .map_or(self.text.len(), |n| self.at + n);
                let line = self.text[self.at..end].to_string();
                self.read_line(self.line, line.trim())?;
                self.at = end + 1;
                self.line += 1;
                continue;
            }
            if self.trusting || self.checked == self.losses.len() {
                return Ok(true);
            }
            let (i, state) = &self.losses[self.checked];
            // (Set at the top of the loop once every line is read.)
            let Some(claimed) = self.claimed.as_ref() else {
                continue;
            };
            if let Some(unanswered) = self
                .misere
                .unanswered_move(state, claimed)
                .map_err(stopped)?
            {
                return Err(refuted(
                    *i,
                    format!("not lost: the move to {unanswered} is not answered by a lost state"),
                ));
            }
            self.checked += 1;
        }
        Ok(false)
    }

    /// How far through (0 to 1): lines read, then lost states checked.
    pub fn progress(&self) -> f64 {
        let read = self.at.min(self.text.len()) as f64 / self.text.len().max(1) as f64;
        if self.trusting {
            return read;
        }
        let checked = self.checked as f64 / self.losses.len().max(1) as f64;
        (read + checked) / 2.0
    }

    /// The solver holding the base, and what it held (once `step` has said it is done).
    pub fn finish(self) -> (Solver, BaseCounts) {
        let mut misere = self.misere;
        let mut counts = self.counts;
        counts.losses = self.losses.len();
        for (_, state) in self.losses {
            misere.remember_loss(state);
        }
        misere.set_budget(u64::MAX);
        // The reader's stop was for reading; whoever searches next sets their own.
        misere.set_stop(Stop::never());
        (misere, counts)
    }

    fn read_line(&mut self, i: usize, line: &str) -> Result<(), BaseError> {
        let misere = &mut self.misere;
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kind {
            "" => {}
            "tree" => {
                let mut options = tree_list(&self.ids, rest).map_err(|m| refuted(i, m))?;
                let tree = if self.trusting {
                    misere.trees.adopt(options.clone())
                } else {
                    misere.tree_of(options.clone()).map_err(stopped)?
                };
                options.sort_unstable();
                options.dedup();
                if misere.trees.options(tree) != options.as_slice() {
                    return Err(refuted(i, "this tree is not in simplest form".into()));
                }
                if !self.defined.insert(tree) {
                    return Err(refuted(i, "this tree is there twice".into()));
                }
                self.ids.push(tree);
                self.counts.trees += 1;
            }
            "land" => {
                let (written, tree) = rest
                    .rsplit_once(' ')
                    .ok_or_else(|| refuted(i, "a land line is: land POSITION TREE".into()))?;
                let tree = tree_list(&self.ids, tree)
                    .map_err(|m| refuted(i, m))?
                    .pop()
                    .ok_or_else(|| refuted(i, "the land's tree is missing".into()))?;
                let position =
                    Position::parse(written).map_err(|e| refuted(i, format!("the land: {e}")))?;
                let [land] = position.lands() else {
                    return Err(refuted(i, "a land line holds exactly one land".into()));
                };
                // Only lands below the threshold are made trees; a larger one could only be
                // checked by working out its whole tree (0*200 would never end).
                if land.lives() >= misere.small_lives {
                    return Err(refuted(
                        i,
                        format!(
                            "a land of {} lives: only lands of fewer than {} lives are made trees",
                            land.lives(),
                            misere.small_lives
                        ),
                    ));
                }
                if self.trusting {
                    misere.remember_land(land.clone(), tree);
                    self.counts.lands += 1;
                    return Ok(());
                }
                let worked_out = misere.tree_of_land(land).map_err(stopped)?;
                if worked_out != tree {
                    return Err(refuted(
                        i,
                        format!(
                            "this land's tree is {}, not {}",
                            worked_out.index(),
                            tree.index()
                        ),
                    ));
                }
                self.counts.lands += 1;
            }
            "loss" => {
                let (written, trees) = rest
                    .split_once(';')
                    .ok_or_else(|| refuted(i, "a loss line is: loss POSITION ; TREES".into()))?;
                let position = Position::parse(written.trim())
                    .map_err(|e| refuted(i, format!("the position: {e}")))?;
                let trees = tree_list(&self.ids, trees).map_err(|m| refuted(i, m))?;
                let state = misere.state_of(position, trees).map_err(stopped)?;
                self.losses.push((i, state));
            }
            other => {
                let shown: String = other.chars().take(20).collect();
                return Err(refuted(
                    i,
                    format!("unknown line kind '{shown}' (tree, land or loss)"),
                ));
            }
        }
        Ok(())
    }
}

/// A refusal of line `i` (0-based).
fn refuted(i: usize, message: String) -> BaseError {
    BaseError::Refuted {
        line: i + 1,
        message,
    }
}

fn stopped(stop: Unfinished) -> BaseError {
    match stop {
        Unfinished::Budget(limit) => BaseError::Budget(limit),
        Unfinished::TooLarge(why) => BaseError::TooLarge(why),
        Unfinished::Stopped => BaseError::Stopped,
        Unfinished::Memory(bytes) => BaseError::Memory(bytes),
    }
}

/// Tree numbers, each one already read, as the solver's trees (`ids`: by base number).
fn tree_list(ids: &[TreeId], text: &str) -> Result<Vec<TreeId>, String> {
    text.split_whitespace()
        .map(|word| {
            let n: usize = word
                .parse()
                .map_err(|_| format!("'{word}' is not a tree number"))?;
            ids.get(n)
                .copied()
                .ok_or_else(|| format!("tree {n} is not defined above this line"))
        })
        .collect()
}
