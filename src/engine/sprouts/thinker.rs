//! The computer's turn on the drawn board, as a machine a page steps on its own clock: it
//! searches (the perfect player; the random player and a move picked from the list do not),
//! chooses the positions to draw, best first, then drafts the strokes (`route`), making room on
//! the paper first where the choice finds none (`layout`). Its phase has a name (searching,
//! drafting, making room, finished), and it ends with the stroke and which choice it draws, so
//! nothing is worked out twice. Plain Rust: the page brings the clock, the slices and the
//! workers.

use super::board::Move;
use super::drawing::Point;
use super::drawn::{DrawnGame, Ending, BOUNDS};
use super::layout::Tidying;
use super::misere;
use super::player::{Perfect, Thought};
use super::route::{Draft, Drafts, CANDIDATES_LIMIT};
use super::solving::SolveError;
use super::{Database, Position};
use crate::engine::rng::Rng;

/// What the thinking is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's move: the perfect player's, else any (a random order).
    Move { perfect: bool },
    /// Who wins from here and, if asked, a winning move to show.
    Hint { show_move: bool },
    /// A person's move picked from the list (the k-th choice): only drawn.
    Listed(usize),
    /// Room made on the paper, at a person's asking.
    Room,
}

/// Where the thinking stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Searching,
    Drafting,
    MakingRoom,
    Finished,
}

/// How the thinking ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Finish {
    /// This stroke draws a move to `choices()[choice]`; `best`: the first position chosen
    /// (the perfect player's own choice), not one drawn because it found no room.
    Drawn {
        choice: usize,
        stroke: Vec<Point>,
        best: bool,
    },
    /// No position chosen could be drawn, even after room was made.
    NoRoom,
    /// A hint answered in words only (no move asked, or none wins).
    Answered,
    /// Room was made on the paper (`Purpose::Room`), or (false) none could be.
    RoomMade(bool),
}

/// The perfect player for the game's ending.
enum Brain {
    Normal(Perfect),
    Misere(misere::Perfect),
}

enum Work {
    Searching,
    Drafting(Drafts),
    MakingRoom(Tidying),
    Finished(Finish),
}

pub struct Thinker {
    purpose: Purpose,
    /// The positions the moves lead to, each with moves that lead there.
    choices: Vec<(Position, Vec<Move>)>,
    brain: Brain,
    /// The choices to draw (indices into `choices`), best first, once chosen.
    targets: Vec<usize>,
    work: Work,
    /// Room was made (at most once a move).
    tidied: bool,
    /// The drafts hold every target (not the perfect player's choice alone).
    all_drafted: bool,
    /// Orders a random player's moves.
    seed: u64,
    /// Why the search gave up, if it failed (the move is then made with what was known).
    failure: Option<SolveError>,
}

impl Thinker {
    /// Thinking about `game`'s position for `purpose` (`seed`: a random player's order).
    pub fn new(game: &DrawnGame, purpose: Purpose, seed: u64) -> Thinker {
        let choices = game
            .drawing()
            .board()
            .choices(CANDIDATES_LIMIT)
            .unwrap_or_default();
        let children = choices.iter().map(|(p, _)| p.clone()).collect();
        let brain = match game.ending() {
            Ending::Normal => Brain::Normal(Perfect::new(children)),
            Ending::Misere => Brain::Misere(misere::Perfect::new(children)),
        };
        Thinker {
            purpose,
            choices,
            brain,
            targets: Vec::new(),
            work: Work::Searching,
            tidied: false,
            all_drafted: false,
            seed,
            failure: None,
        }
    }

    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    pub fn phase(&self) -> Phase {
        match self.work {
            Work::Searching => Phase::Searching,
            Work::Drafting(_) => Phase::Drafting,
            Work::MakingRoom(_) => Phase::MakingRoom,
            Work::Finished(_) => Phase::Finished,
        }
    }

    /// How the thinking ended, once it has.
    pub fn finish(&self) -> Option<&Finish> {
        match &self.work {
            Work::Finished(finish) => Some(finish),
            _ => None,
        }
    }

    /// Misère play (its search's work is the misère solver's).
    pub fn misere(&self) -> bool {
        matches!(self.brain, Brain::Misere(_))
    }

    /// Whether this thinking searches for the best move (a perfect player's move, a hint).
    pub fn searches(&self) -> bool {
        matches!(
            self.purpose,
            Purpose::Move { perfect: true } | Purpose::Hint { .. }
        )
    }

    /// The positions the moves lead to, each with moves that lead there.
    pub fn choices(&self) -> &[(Position, Vec<Move>)] {
        &self.choices
    }

    /// What the perfect player knows so far.
    pub fn thought(&self) -> &Thought {
        match &self.brain {
            Brain::Normal(p) => p.thought(),
            Brain::Misere(p) => p.thought(),
        }
    }

    /// The perfect player's choice as things stand (an index into `choices`).
    pub fn choice(&self) -> usize {
        match &self.brain {
            Brain::Normal(p) => p.choice(),
            Brain::Misere(p) => p.choice(),
        }
    }

    /// Moves ruled out, of how many, and the work done (positions looked at).
    pub fn progress(&self) -> (usize, usize, u64) {
        match &self.brain {
            Brain::Normal(p) => {
                let (out, of) = p.progress();
                (out, of, p.expansions())
            }
            Brain::Misere(p) => {
                let (out, of) = p.progress();
                (out, of, p.work())
            }
        }
    }

    /// How far the room being made has got (0 to 1), while it is made.
    pub fn room_progress(&self) -> Option<f64> {
        match &self.work {
            Work::MakingRoom(tidying) => Some(tidying.progress()),
            _ => None,
        }
    }

    /// Room was made for this move.
    pub fn tidied(&self) -> bool {
        self.tidied
    }

    /// Why the search failed, if it did.
    pub fn failure(&self) -> Option<&SolveError> {
        self.failure.as_ref()
    }

    /// Settles what the normal base alone tells (after others filled it: a team of workers).
    pub fn look_up(&mut self, db: &Database) {
        if let Brain::Normal(perfect) = &mut self.brain {
            perfect.look_up(db);
        }
    }

    /// Searches for about `units` of work (expansions; the misère solver's nodes); true once
    /// the search is over (settled, failed, or nothing to search).
    pub fn search(&mut self, db: &mut Database, misere: &mut misere::Solver, units: u64) -> bool {
        if !self.searches() || !matches!(self.work, Work::Searching) || self.failure.is_some() {
            return true;
        }
        let step = match &mut self.brain {
            Brain::Normal(perfect) => perfect.step(db, units),
            Brain::Misere(perfect) => perfect.step(misere, units),
        };
        match step {
            Ok(Thought::Thinking) => false,
            Ok(_) => true,
            Err(e) => {
                self.failure = Some(e);
                true
            }
        }
    }

    /// The search is over (settled, or the clock ran out): the positions to draw are chosen,
    /// best first, and the drawing begins (or the room making, for `Purpose::Room`). A hint
    /// with nothing to draw finishes here.
    pub fn choose(&mut self, game: &DrawnGame) {
        if !matches!(self.work, Work::Searching) {
            return;
        }
        let n = self.choices.len();
        let order: Vec<usize> = match self.purpose {
            Purpose::Room => {
                self.tidied = true;
                self.work = Work::MakingRoom(game.tidying());
                return;
            }
            Purpose::Listed(k) => vec![k],
            Purpose::Move { perfect: false } => {
                let mut rng = Rng::new(self.seed);
                let mut left: Vec<usize> = (0..n).collect();
                let mut order = Vec::with_capacity(n);
                while !left.is_empty() {
                    order.push(left.swap_remove(rng.below(left.len())));
                }
                order
            }
            Purpose::Move { perfect: true } => {
                // The choice first; the rest after it, should it have no room to be drawn.
                let first = self.choice();
                std::iter::once(first)
                    .chain((0..n).filter(|&k| k != first))
                    .collect()
            }
            Purpose::Hint { show_move } => match self.thought() {
                Thought::Wins(k) if show_move => vec![*k],
                _ => {
                    self.work = Work::Finished(Finish::Answered);
                    return;
                }
            },
        };
        self.targets = order.into_iter().filter(|&k| k < n).collect();
        // The perfect player's choice alone at first: should it find no room, room is made for
        // it before any other move is thought of.
        let first = match self.purpose {
            Purpose::Move { perfect: true } => self.targets.len().min(1),
            _ => self.targets.len(),
        };
        self.all_drafted = first == self.targets.len();
        self.work = Work::Drafting(self.drafts(game, first));
    }

    fn drafts(&self, game: &DrawnGame, count: usize) -> Drafts {
        let targets = self.targets[..count]
            .iter()
            .map(|&k| self.choices[k].clone())
            .collect();
        Drafts::new(game.drawing(), targets, BOUNDS)
    }

    /// One try at drawing, or one pass of making room (kept in `game` once made); the finish
    /// once reached.
    pub fn draw_step(&mut self, game: &mut DrawnGame) -> Option<&Finish> {
        match &mut self.work {
            Work::Searching | Work::Finished(_) => {}
            Work::MakingRoom(tidying) => {
                tidying.step();
                if tidying.done() {
                    self.room_made(game);
                }
            }
            Work::Drafting(drafts) => match drafts.step() {
                Draft::Trying => {}
                Draft::Drawn { target, stroke } => {
                    self.work = Work::Finished(Finish::Drawn {
                        choice: self.targets[target],
                        stroke,
                        best: target == 0,
                    });
                }
                Draft::Exhausted => self.exhausted(game),
            },
        }
        self.finish()
    }

    /// The room is made: kept, and every target drawn again (or, asked for, finished).
    fn room_made(&mut self, game: &mut DrawnGame) {
        let Work::MakingRoom(tidying) = std::mem::replace(&mut self.work, Work::Searching) else {
            return;
        };
        let made = game.keep_tidy(tidying);
        if self.purpose == Purpose::Room {
            self.work = Work::Finished(Finish::RoomMade(made));
            return;
        }
        self.all_drafted = true;
        self.work = Work::Drafting(self.drafts(game, self.targets.len()));
    }

    /// No target drew: room is made and the drawing tried again (a hint leaves the paper as it
    /// is), then every target; past that, there is no room.
    fn exhausted(&mut self, game: &DrawnGame) {
        let hint = matches!(self.purpose, Purpose::Hint { .. });
        if !hint && !self.tidied && game.can_tidy() {
            self.tidied = true;
            self.work = Work::MakingRoom(game.tidying());
        } else if !hint && !self.all_drafted {
            self.all_drafted = true;
            self.work = Work::Drafting(self.drafts(game, self.targets.len()));
        } else {
            self.work = Work::Finished(Finish::NoRoom);
        }
    }
}
