//! The computer's choice among the positions a move can reach: the perfect player looks for a
//! position its opponent loses, child after child, with the engine's search and one database
//! kept over the whole game; its work comes in steps, so a page spreads it over time slices (or
//! a worker) and stops it when the clock says. The random player picks any.

use super::search::{Answer, Couple, Goal, Progress, Search, Verdict};
use super::solving::SolveError;
use super::{Database, Position};

/// What the perfect player knows so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Thought {
    Thinking,
    /// This child (an index into the positions given) is lost for the player to move in it:
    /// moving there wins.
    Wins(usize),
    /// Every child is won for the player to move in it: this position is lost, whatever is
    /// played.
    Loses,
}

pub struct Perfect {
    children: Vec<Position>,
    /// The children in the order they are searched (smallest first: quick answers first).
    order: Vec<usize>,
    /// Where in `order` the search has got to.
    next: usize,
    search: Option<Search>,
    /// Children proved won for the player to move in them, or set aside (`set_aside`).
    won: Vec<bool>,
    thought: Thought,
    expansions: u64,
}

impl Perfect {
    /// A player to choose among `children` (the distinct positions the moves reach).
    pub fn new(children: Vec<Position>) -> Perfect {
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&k| (children[k].lives(), children[k].estimated_children()));
        let won = vec![false; children.len()];
        let thought = if children.is_empty() {
            Thought::Loses
        } else {
            Thought::Thinking
        };
        Perfect {
            children,
            order,
            next: 0,
            search: None,
            won,
            thought,
            expansions: 0,
        }
    }

    pub fn thought(&self) -> &Thought {
        &self.thought
    }

    /// Children's lists expanded so far (the work done, for a progress line).
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// Children proved won for the opponent so far, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.won.iter().filter(|&&w| w).count(), self.children.len())
    }

    /// Works for about `budget` expansions; what is known after.
    pub fn step(&mut self, db: &mut Database, budget: u64) -> Result<&Thought, SolveError> {
        let mut left = budget;
        while self.thought == Thought::Thinking && left > 0 {
            let Some(&child) = self.order.get(self.next) else {
                self.thought = Thought::Loses;
                break;
            };
            // Known already (the database of earlier moves, or the empty position)?
            if self.search.is_none() {
                match Couple::new(self.children[child].clone(), 0).known(db) {
                    Some(Verdict::Loss) => {
                        self.thought = Thought::Wins(child);
                        break;
                    }
                    Some(Verdict::Win) => {
                        self.won[child] = true;
                        self.next += 1;
                        continue;
                    }
                    None => {}
                }
                let goal = Goal::Outcome { nimber_part: 0 };
                self.search = Some(Search::new(self.children[child].clone(), goal)?);
            }
            let Some(search) = self.search.as_mut() else {
                break;
            };
            let before = search.stats().expansions;
            let progress = search.step(db, None, left.min(40));
            let spent = (search.stats().expansions - before).max(1);
            self.expansions += spent;
            left = left.saturating_sub(spent);
            match progress {
                Progress::Running => {}
                Progress::Done(Answer::Outcome(Verdict::Loss)) => {
                    self.search = None;
                    self.thought = Thought::Wins(child);
                }
                Progress::Done(_) => {
                    self.search = None;
                    self.won[child] = true;
                    self.next += 1;
                }
                Progress::Failed(why) => return Err(why),
            }
        }
        Ok(&self.thought)
    }

    /// Settles what the database alone tells (after others filled it: a team of workers):
    /// children known won are ruled out, a child known lost is the answer.
    pub fn look_up(&mut self, db: &Database) -> &Thought {
        if self.thought != Thought::Thinking || self.search.is_some() {
            return &self.thought;
        }
        let pending: Vec<usize> = self.order[self.next..].to_vec();
        for child in pending {
            match Couple::new(self.children[child].clone(), 0).known(db) {
                Some(Verdict::Loss) => {
                    self.thought = Thought::Wins(child);
                    // The child is the next one searched, as `step` leaves a win it found.
                    if let Some(at) = self.order.iter().position(|&k| k == child) {
                        self.order.swap(self.next, at);
                    }
                    return &self.thought;
                }
                Some(Verdict::Win) => self.won[child] = true,
                None => {}
            }
        }
        &self.thought
    }

    /// Leaves a child out (a winning one that could not be drawn) and thinks on.
    pub fn set_aside(&mut self, child: usize) {
        if let Some(w) = self.won.get_mut(child) {
            *w = true;
        }
        if self.thought == Thought::Wins(child) {
            self.thought = Thought::Thinking;
            self.next += 1;
        }
    }

    /// The child to play now: a winning one if found; else, with the clock run out, one not
    /// proved won for the opponent (the one being searched first); else the hardest-looking.
    pub fn choice(&self) -> usize {
        match self.thought {
            Thought::Wins(child) => child,
            _ => self
                .order
                .iter()
                .skip(self.next)
                .copied()
                .find(|&k| !self.won[k])
                .or_else(|| self.order.last().copied())
                .unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sprouts::children;

    fn outcome(position: &Position, db: &mut Database) -> Verdict {
        let mut perfect = Perfect::new(children(position).unwrap());
        loop {
            match perfect.step(db, 1000).unwrap() {
                Thought::Thinking => {}
                Thought::Wins(_) => return Verdict::Win,
                Thought::Loses => return Verdict::Loss,
            }
        }
    }

    /// The n-spot games' published outcomes (first player wins for n mod 6 = 3, 4, 5).
    #[test]
    fn the_perfect_player_knows_the_n_spot_outcomes() {
        let mut db = Database::new();
        for n in 1..=7 {
            let expected = if matches!(n % 6, 3..=5) {
                Verdict::Win
            } else {
                Verdict::Loss
            };
            let start = crate::engine::sprouts::children::spots_start(n);
            assert_eq!(outcome(&start, &mut db), expected, "{n} spots");
        }
    }
}
