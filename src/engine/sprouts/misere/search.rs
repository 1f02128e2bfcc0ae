//! The misère search with its levels in sight, as Glop's page shows a computation: a
//! depth-first search (where `Solver::wins` runs df-pn) on an explicit stack, so that it can stop after any
//! budget and go on, show each level (the state, which child it is on, how many are left) and be
//! zapped (a level told which child to look at next). What it settles goes into the solver's
//! table, so a zap or a new search loses nothing proved.

use super::key::Key;
use super::solver::State;
use super::{Solver, Unfinished};
use crate::engine::sprouts::Position;

/// One level: a state being solved, its children (fewest moves first) and where it stands.
struct Frame {
    state: State,
    kids: Vec<State>,
    /// The children's fingerprints, worked out once (a child is looked up on every pass).
    keys: Vec<Key>,
    /// The child being looked at.
    current: usize,
    /// Children shown won for the player who moves in them (so no winning move from here).
    won: Vec<bool>,
}

/// A level as a page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// 1-based index of the child being looked at, and how many children there are.
    pub numero: usize,
    pub count: usize,
    /// Children not yet shown won for their mover.
    pub alive: usize,
    /// The state's large lands (searched as Sprouts) …
    pub lands: Position,
    /// … and how many small lands' trees stand beside them.
    pub trees: usize,
}

/// One child of a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    pub lands: Position,
    pub trees: usize,
    /// Shown won for the player who moves in it.
    pub won: bool,
    pub current: bool,
}

/// A resumable misère search of one position.
pub struct Search {
    root: Position,
    frames: Vec<Frame>,
    answer: Option<bool>,
    /// The solver's work done for this search, over all its steps.
    work: u64,
    /// The root's child looked at first (its place in the children, fewest moves first).
    first: usize,
}

impl Search {
    pub fn new(root: Position) -> Search {
        Search {
            root,
            frames: Vec::new(),
            answer: None,
            work: 0,
            first: 0,
        }
    }

    /// The same search, looking first at the root's `first`-th child (counted round the end):
    /// a team of searches each begun on another child finds a winning move sooner.
    pub fn trying_first(mut self, first: usize) -> Search {
        self.first = first;
        self
    }

    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The solver's work done for this search so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether the player to move at the root wins, once known.
    pub fn answer(&self) -> Option<bool> {
        self.answer
    }

    /// Searches for about `budget` of the solver's work; the answer once known (`Ok(None)`:
    /// not yet, call again). A budget's end mid-expansion leaves the levels as they were.
    pub fn step(&mut self, solver: &mut Solver, budget: u64) -> Result<Option<bool>, Unfinished> {
        solver.set_budget(budget);
        let start = solver.work();
        let ran = self.run(solver);
        self.work += solver.work().saturating_sub(start);
        match ran {
            Ok(()) | Err(Unfinished::Budget(_)) | Err(Unfinished::Stopped) => Ok(self.answer),
            Err(e) => Err(e),
        }
    }

    fn run(&mut self, solver: &mut Solver) -> Result<(), Unfinished> {
        if self.answer.is_some() {
            return Ok(());
        }
        if self.frames.is_empty() {
            let state = solver.start(&self.root)?;
            if let Some(wins) = solver.known(&state) {
                self.answer = Some(wins);
                return Ok(());
            }
            self.push(solver, state)?;
        }
        loop {
            let Some(top) = self.frames.last_mut() else {
                return Ok(());
            };
            match next_child(top, solver) {
                Some(wins) => {
                    let Some(frame) = self.frames.pop() else {
                        return Ok(());
                    };
                    solver.settle(frame.state, wins);
                    if self.frames.is_empty() {
                        self.answer = Some(wins);
                        return Ok(());
                    }
                }
                None => {
                    let kid = top.kids[top.current].clone();
                    self.push(solver, kid)?;
                }
            }
        }
    }

    /// Expands a state into a new level, or settles it at once when a child is already known
    /// lost for its mover (as the recursive search does).
    fn push(&mut self, solver: &mut Solver, state: State) -> Result<(), Unfinished> {
        let kids = solver.sorted_children(&state)?;
        let keys: Vec<Key> = kids.iter().map(State::key).collect();
        if kids
            .iter()
            .zip(&keys)
            .any(|(k, &key)| solver.known_as(k, key) == Some(false))
        {
            if self.frames.is_empty() {
                self.answer = Some(true);
            }
            solver.settle(state, true);
            return Ok(());
        }
        let current = if self.frames.is_empty() {
            self.first % kids.len().max(1)
        } else {
            0
        };
        self.frames.push(Frame {
            state,
            won: vec![false; kids.len()],
            kids,
            keys,
            current,
        });
        Ok(())
    }

    /// The levels from the top (level 0 lists the root's children).
    pub fn levels(&self) -> Vec<Level> {
        self.frames
            .iter()
            .map(|f| Level {
                numero: f.current + 1,
                count: f.kids.len(),
                alive: f.won.iter().filter(|&&w| !w).count(),
                lands: f.state.lands.clone(),
                trees: f.state.trees.len(),
            })
            .collect()
    }

    /// All children of a level (0-based, as in `levels`).
    pub fn level_children(&self, level: usize) -> Vec<Child> {
        let Some(f) = self.frames.get(level) else {
            return Vec::new();
        };
        f.kids
            .iter()
            .enumerate()
            .map(|(k, kid)| Child {
                lands: kid.lands.clone(),
                trees: kid.trees.len(),
                won: f.won[k],
                current: k == f.current,
            })
            .collect()
    }

    /// Makes `child` (0-based) the child `level` looks at next; the levels below are dropped
    /// (the solver keeps what they settled).
    pub fn zap(&mut self, level: usize, child: usize) -> Result<(), String> {
        let Some(f) = self.frames.get_mut(level) else {
            return Err(format!("there is no level {}", level + 1));
        };
        match f.won.get(child) {
            None => return Err(format!("level {} has no child {}", level + 1, child + 1)),
            Some(true) => {
                return Err(format!(
                    "child {} of level {} is already shown won for its mover",
                    child + 1,
                    level + 1
                ))
            }
            Some(false) => {}
        }
        f.current = child;
        self.frames.truncate(level + 1);
        Ok(())
    }

    /// Moves a level to its next (or previous) child not yet shown won, round the end.
    pub fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String> {
        let Some(f) = self.frames.get(level) else {
            return Err(format!("there is no level {}", level + 1));
        };
        let n = f.kids.len();
        let next = (1..n)
            .map(|d| {
                if forward {
                    (f.current + d) % n
                } else {
                    (f.current + n - d) % n
                }
            })
            .find(|&k| !f.won[k]);
        match next {
            Some(child) => self.zap(level, child),
            None => Err(format!("level {} has no other child left", level + 1)),
        }
    }
}

/// Brings a level to a child still to be solved (`None`), or settles it: `Some(true)` once a
/// child is known lost for its mover (a winning move), `Some(false)` once every child is known
/// won for its mover. From the child being looked at, round the end (a zap may have moved it).
fn next_child(f: &mut Frame, solver: &Solver) -> Option<bool> {
    let n = f.kids.len();
    for d in 0..n {
        let k = (f.current + d) % n;
        if f.won[k] {
            continue;
        }
        match solver.known_as(&f.kids[k], f.keys[k]) {
            Some(false) => return Some(true),
            Some(true) => f.won[k] = true,
            None => {
                f.current = k;
                return None;
            }
        }
    }
    Some(false)
}
