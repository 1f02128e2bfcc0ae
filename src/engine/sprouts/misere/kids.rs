//! A state's children as df-pn sees them: each one's fingerprint, what decides it alone, and
//! the sizes its starting numbers are estimated from, all worked out from the parent and the
//! move, without building the child. Only the children df-pn goes into are built
//! (`Solver::child`). Building every child of every state expanded, to look it up in tables
//! keyed by whole states, was about half the time at 18 spots (allocating, copying, hashing
//! and comparing lands).

use std::rc::Rc;

use super::key::{land_key, one_key, tree_key, Key};
use super::solver::{tidy, Solver, State};
use super::trees::{TreeId, ONE, ZERO};
use super::Unfinished;
use crate::engine::sprouts::{Land, Position};

/// The Sprouts moves of one large land, listed once and cached: each as the lands left large
/// and the trees of the small, with the sums df-pn's listing needs.
pub(crate) struct LandMoves {
    /// The land's own part of a fingerprint, its lives and its estimated moves.
    key: Key,
    lives: u32,
    estimate: u64,
    pub(crate) moves: Box<[Moved]>,
}

pub(crate) struct Moved {
    /// The land after the move: lands left large, trees of the small (tidy).
    pub(crate) state: State,
    /// What it adds to a state in the land's place.
    sums: Sums,
}

/// How a child comes from its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// The tree at this place in the parent's list moves to this option.
    Tree { at: u32, option: TreeId },
    /// The land at this place in the parent's lands makes its move number `moved`.
    Land { at: u32, moved: u32 },
}

/// A child listed for df-pn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kid {
    pub(crate) key: Key,
    pub(crate) step: Step,
    /// What the trees alone say of it (no large land, at most one tree).
    pub(crate) decided: Option<bool>,
    /// Lives of its large lands and birthdays of its trees: how long its game can last.
    pub(crate) lives: u32,
    pub(crate) birthdays: u32,
    /// About how many moves it has (its lands' estimate plus its trees' options).
    pub(crate) moves: u64,
}

/// What df-pn's listing adds up over a state's lands and trees (or over part of them): a
/// heap of one is kept aside, as children add or cancel one.
#[derive(Clone, Copy)]
struct Sums {
    key: Key,
    one: bool,
    lives: u32,
    estimate: u64,
    options: u64,
    birthdays: u32,
    lands: u32,
    trees: u32,
}

impl Sums {
    /// A child with these sums: its fingerprint, and its numbers' sizes.
    fn kid(&self, step: Step) -> Kid {
        let one = u32::from(self.one);
        Kid {
            key: if self.one {
                self.key.wrapping_add(one_key())
            } else {
                self.key
            },
            step,
            decided: None,
            lives: self.lives,
            birthdays: self.birthdays + one,
            moves: self.estimate + self.options + u64::from(one),
        }
    }

    /// The sums of lands and trees, a heap of one aside, their fingerprint from the lands'
    /// part `key` on.
    fn of(misere: &Solver, key: Key, lands: &Position, trees: &[TreeId]) -> Sums {
        let mut sums = Sums {
            key,
            one: false,
            lives: lands.lives(),
            estimate: lands.estimated_children(),
            options: 0,
            birthdays: 0,
            lands: lands.lands().len() as u32,
            trees: 0,
        };
        for &tree in trees {
            misere.with_tree(&mut sums, tree);
        }
        sums
    }

    /// These sums with one land replaced by what one of its moves leaves.
    fn replacing(&self, land: &LandMoves, moved: &Sums) -> Sums {
        Sums {
            key: self.key.wrapping_sub(land.key).wrapping_add(moved.key),
            one: self.one != moved.one,
            lives: self.lives - land.lives + moved.lives,
            estimate: self.estimate - land.estimate + moved.estimate,
            options: self.options + moved.options,
            birthdays: self.birthdays + moved.birthdays,
            lands: self.lands - 1 + moved.lands,
            trees: self.trees + moved.trees,
        }
    }

    /// Whether the child has no large land and at most one tree, so the trees decide it.
    fn decided_alone(&self) -> bool {
        self.lands == 0 && self.trees + u32::from(self.one) <= 1
    }
}

impl Solver {
    /// A state's children for df-pn, fewest estimated moves first (ties in the order listed:
    /// moves inside trees, then Sprouts moves land by land), each child once.
    pub(crate) fn kids(&mut self, state: &State, key: Key) -> Result<Vec<Kid>, Unfinished> {
        self.expand()?;
        let summaries = self.land_summaries(state)?;
        let mut parent = Sums::of(self, 0, &state.lands, &state.trees);
        // Its fingerprint is known; as in all sums, a heap of one's part is kept aside.
        parent.key = if parent.one {
            key.wrapping_sub(one_key())
        } else {
            key
        };
        let mut kids = Vec::new();
        let mut alone = Vec::new();
        for step in self.steps_with(state, &summaries) {
            let child = match step {
                Step::Tree { at, option } => {
                    let mut child = self.without_tree(&parent, state.trees[at as usize]);
                    self.with_tree(&mut child, option);
                    child
                }
                Step::Land { at, moved } => {
                    let land = &summaries[at as usize];
                    parent.replacing(land, &land.moves[moved as usize].sums)
                }
            };
            if child.decided_alone() {
                alone.push(kids.len());
            }
            kids.push(child.kid(step));
        }
        for k in alone {
            let child = self.child(state, kids[k].step)?;
            kids[k].decided = self.decided(&child);
        }
        // Two moves can reach the same child; it is kept once, where it came first.
        let mut seen = super::solver::FxSet::default();
        kids.retain(|k| seen.insert(k.key));
        kids.sort_by_key(|k| k.moves);
        Ok(kids)
    }

    /// The moves from a state, in the order its children are listed: moves inside trees first
    /// (cheap), then Sprouts moves land by land. Equal trees, and equal lands, have the same
    /// moves, so only the first of each moves.
    pub(crate) fn steps(&mut self, state: &State) -> Result<Vec<Step>, Unfinished> {
        let summaries = self.land_summaries(state)?;
        Ok(self.steps_with(state, &summaries))
    }

    /// The moves of each of a state's lands (one look-up for equal lands side by side).
    fn land_summaries(&mut self, state: &State) -> Result<Vec<Rc<LandMoves>>, Unfinished> {
        let lands = state.lands.lands();
        let mut summaries: Vec<Rc<LandMoves>> = Vec::with_capacity(lands.len());
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                summaries.push(summaries[i - 1].clone());
            } else {
                summaries.push(self.land_moves(land)?);
            }
        }
        Ok(summaries)
    }

    /// `steps`, with the lands' moves looked up already.
    fn steps_with(&self, state: &State, summaries: &[Rc<LandMoves>]) -> Vec<Step> {
        let mut steps = Vec::new();
        for (i, &tree) in state.trees.iter().enumerate() {
            if i > 0 && state.trees[i - 1] == tree {
                continue;
            }
            for &option in self.trees.options(tree) {
                steps.push(Step::Tree {
                    at: i as u32,
                    option,
                });
            }
        }
        let lands = state.lands.lands();
        for (i, moves) in summaries.iter().enumerate() {
            if i > 0 && lands[i - 1] == lands[i] {
                continue;
            }
            steps.extend((0..moves.moves.len() as u32).map(|moved| Step::Land {
                at: i as u32,
                moved,
            }));
        }
        steps
    }

    /// The parent's sums less one of its trees.
    fn without_tree(&self, parent: &Sums, tree: TreeId) -> Sums {
        let mut sums = *parent;
        if tree == ONE {
            sums.one = false;
        } else {
            sums.key = sums.key.wrapping_sub(tree_key(tree));
            sums.options -= self.trees.options(tree).len() as u64;
            sums.birthdays -= self.trees.birthday(tree);
            sums.trees -= 1;
        }
        sums
    }

    /// Sums with one more tree (a heap of one cancels one already there).
    fn with_tree(&self, sums: &mut Sums, tree: TreeId) {
        if tree == ZERO {
        } else if tree == ONE {
            sums.one = !sums.one;
        } else {
            sums.key = sums.key.wrapping_add(tree_key(tree));
            sums.options += self.trees.options(tree).len() as u64;
            sums.birthdays += self.trees.birthday(tree);
            sums.trees += 1;
        }
    }

    /// The child a step leads to, built.
    pub(crate) fn child(&mut self, state: &State, step: Step) -> Result<State, Unfinished> {
        Ok(match step {
            Step::Tree { at, option } => {
                let mut trees = state.trees.clone();
                trees[at as usize] = option;
                State {
                    lands: state.lands.clone(),
                    trees: tidy(trees),
                }
            }
            Step::Land { at, moved } => {
                let lands = state.lands.lands();
                let at = at as usize;
                let moves = self.land_moves(&lands[at])?;
                let moved = &moves.moves[moved as usize].state;
                join(lands, at, moved, &state.trees)
            }
        })
    }

    /// The Sprouts moves of one large land, each as the lands left large and the trees of the
    /// small. A move in one land leaves the others as they are, so each land's moves are listed
    /// alone and remembered: the same land comes back beside many different others (a cache
    /// keyed by whole positions spent 60 % of 12 spots canonizing).
    pub(crate) fn land_moves(&mut self, land: &Land) -> Result<Rc<LandMoves>, Unfinished> {
        if let Some(found) = self.moves.get(land) {
            return Ok(found);
        }
        let positions = self.children_of(land)?;
        let mut moves = Vec::with_capacity(positions.len());
        let mut bytes = 64 + land.bytes();
        for position in positions {
            let state = self.state_of(position, Vec::new())?;
            bytes += state.bytes() + 96;
            let lands_key = state
                .lands
                .lands()
                .iter()
                .fold(0u128, |k, l| k.wrapping_add(land_key(l)));
            let sums = Sums::of(self, lands_key, &state.lands, &state.trees);
            let moved = Moved { state, sums };
            moves.push(moved);
        }
        let found = Rc::new(LandMoves {
            key: land_key(land),
            lives: land.lives(),
            estimate: land.estimated_children(),
            moves: moves.into(),
        });
        self.moves.insert(land.clone(), found.clone(), bytes);
        Ok(found)
    }
}

/// The state left when the land at `at` of `lands` makes the move `moved`, beside `trees`.
fn join(lands: &[Land], at: usize, moved: &State, trees: &[TreeId]) -> State {
    let mut after = Vec::with_capacity(lands.len() + moved.lands.lands().len());
    after.extend(lands[..at].iter().cloned());
    after.extend(lands[at + 1..].iter().cloned());
    after.extend(moved.lands.lands().iter().cloned());
    let mut all = moved.trees.clone();
    all.extend_from_slice(trees);
    State {
        lands: Position::from_lands(after),
        trees: tidy(all),
    }
}

#[cfg(test)]
mod tests {
    use super::super::solver::Solver;
    use super::super::Unfinished;
    use crate::engine::rng::Rng;
    use crate::engine::sprouts::Position;

    /// Along random lines of play, every child listed without being built has the fingerprint,
    /// sizes and verdict of the child built and measured from scratch, and no two share one.
    #[test]
    fn children_listed_unbuilt_match_the_children_built() -> Result<(), Unfinished> {
        let mut rng = Rng::new(7);
        for (spots, small_lives) in [(4, 6), (5, 9), (6, 8), (7, 12)] {
            let mut misere = Solver::with_small_lives(small_lives);
            for _ in 0..6 {
                let mut state = misere.start(&Position::spots(spots))?;
                loop {
                    let kids = misere.kids(&state, state.key())?;
                    if kids.is_empty() {
                        break;
                    }
                    let mut keys: Vec<u128> = kids.iter().map(|k| k.key).collect();
                    keys.sort_unstable();
                    keys.dedup();
                    assert_eq!(keys.len(), kids.len(), "a child listed twice");
                    for kid in &kids {
                        let child = misere.child(&state, kid.step)?;
                        assert_eq!(kid.key, child.key(), "{state} to {child}");
                        assert_eq!(kid.decided, misere.decided(&child), "{child}");
                        assert_eq!(kid.lives, child.lands.lives(), "{child}");
                        assert_eq!(kid.moves, misere.estimated_moves(&child), "{child}");
                        let birthdays: u32 =
                            child.trees.iter().map(|&t| misere.trees.birthday(t)).sum();
                        assert_eq!(kid.birthdays, birthdays, "{child}");
                    }
                    let pick = kids[rng.below(kids.len())];
                    state = misere.child(&state, pick.step)?;
                }
            }
        }
        Ok(())
    }
}
