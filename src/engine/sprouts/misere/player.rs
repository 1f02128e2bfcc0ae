//! The perfect misère player: among the positions a move can reach, it looks for one its
//! opponent loses in misère play, child after child, with one solver kept over the whole game.
//! Its work comes in steps of a budget, so a page can spread it over time slices: the solver
//! keeps every state it settled between steps.

use super::{Solver, Unfinished};
use crate::engine::sprouts::player::Thought;
use crate::engine::sprouts::Position;
use crate::engine::sprouts::SolveError;

pub struct Perfect {
    children: Vec<Position>,
    /// The children in the order they are tried (fewest moves first: quick answers first).
    order: Vec<usize>,
    /// Where in `order` the search has got to.
    next: usize,
    thought: Thought,
    /// The solver's work done for this player, over all its steps.
    work: u64,
}

impl Perfect {
    /// A player to choose among `children` (the distinct positions the moves reach). With none
    /// there is nothing to choose: `Loses` (no move wins, as there is no move).
    pub fn new(children: Vec<Position>) -> Perfect {
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&k| (children[k].estimated_children(), children[k].lives()));
        let thought = if children.is_empty() {
            Thought::Loses
        } else {
            Thought::Thinking
        };
        Perfect {
            children,
            order,
            next: 0,
            thought,
            work: 0,
        }
    }

    pub fn thought(&self) -> &Thought {
        &self.thought
    }

    /// Children shown won for the opponent so far, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.children.len())
    }

    /// The solver's work done for this player so far (its steps' budgets are counted in it).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Works for about `budget` of the solver's work; what is known after.
    pub fn step(&mut self, solver: &mut Solver, budget: u64) -> Result<&Thought, SolveError> {
        let start = solver.work();
        let result = self.steps(solver, budget);
        self.work += solver.work().saturating_sub(start);
        result?;
        Ok(&self.thought)
    }

    fn steps(&mut self, solver: &mut Solver, budget: u64) -> Result<(), SolveError> {
        let start = solver.work();
        while self.thought == Thought::Thinking {
            let Some(&child) = self.order.get(self.next) else {
                self.thought = Thought::Loses;
                break;
            };
            let left = budget.saturating_sub(solver.work() - start);
            if left == 0 {
                break;
            }
            match solver.wins(&self.children[child], left) {
                Ok(false) => self.thought = Thought::Wins(child),
                Ok(true) => self.next += 1,
                Err(Unfinished::Budget(_)) | Err(Unfinished::Stopped) => break,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// The child to play now: the winning one if found; else the one being looked at (not
    /// shown won for the opponent yet); else, every child won for the opponent, the last.
    pub fn choice(&self) -> usize {
        match self.thought {
            Thought::Wins(child) => child,
            _ => self
                .order
                .get(self.next)
                .or(self.order.last())
                .copied()
                .unwrap_or(0),
        }
    }
}
