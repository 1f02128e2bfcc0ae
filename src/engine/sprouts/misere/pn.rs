//! Depth-first proof-number search over misère states (Nagai's df-pn), the search behind
//! `Solver::wins`: instead of settling each answer in turn, as the depth-first search of Glop's
//! page does (`search`), it works where the proof looks cheapest, and leaves an answer that
//! grows costly for another. What it settles goes into the solver's table.

use std::rc::Rc;

use super::generations::Generations;
use super::key::Key;
use super::kids::Kid;
use super::solver::State;
use super::{Solver, Unfinished};
use crate::engine::sprouts::dfpn::{add, below, INFINITE};
use crate::engine::sprouts::Position;

/// Proof and disproof numbers: the work still thought needed to show that the player to move
/// wins (`pn`) or loses (`dn`). 0 is shown; `INFINITE` is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
}

pub struct ProofNumbers {
    /// The numbers of states searched and not settled yet.
    table: Generations<Key, Numbers>,
    /// The children of states expanded lately: df-pn comes back to a state many times.
    /// A visit reads every child's numbers afresh, since a child is also searched under its
    /// other parents. (Reading them only every 8th visit, and the searched child in between,
    /// was quicker while children were looked up by whole states; by fingerprint, reading
    /// them all takes fewer nodes and less time: 16 spots 1.42 million nodes and 75 s against
    /// 1.65 million and 84 s.)
    kids: Generations<Key, Rc<[Kid]>>,
    /// The state being solved, and its answer once settled.
    root: Option<Key>,
    answer: Option<bool>,
}

/// Of the solver's memory limit, the share each table's young half may take (so each holds
/// up to twice this): an eighth for the numbers, a sixteenth for the children.
const TABLE_SHARE: usize = 8;
const KIDS_SHARE: usize = 16;

impl Default for ProofNumbers {
    fn default() -> ProofNumbers {
        ProofNumbers::new(super::solver::DEFAULT_MEMORY_LIMIT)
    }
}

impl ProofNumbers {
    pub fn new(memory_limit: usize) -> ProofNumbers {
        ProofNumbers {
            table: Generations::new(memory_limit / TABLE_SHARE),
            kids: Generations::new(memory_limit / KIDS_SHARE),
            root: None,
            answer: None,
        }
    }

    pub fn set_memory_limit(&mut self, memory_limit: usize) {
        self.table.set_young_limit(memory_limit / TABLE_SHARE);
        self.kids.set_young_limit(memory_limit / KIDS_SHARE);
    }

    /// Approximate heap bytes held (the numbers' table and the children remembered).
    pub fn bytes(&self) -> usize {
        self.table.bytes() + self.kids.bytes()
    }

    /// How many times the numbers' and the children's tables have aged.
    pub fn aged(&self) -> (u64, u64) {
        (self.table.aged, self.kids.aged)
    }

    /// Empties both tables: the numbers are estimates, found again as the search goes on.
    pub fn forget(&mut self) {
        self.table.clear();
        self.kids.clear();
    }

    /// Empties the tables when the solver, short of memory, asked for it.
    fn obey_memory(&mut self, solver: &mut Solver) {
        if solver.numbers_forget {
            solver.numbers_forget = false;
            self.forget();
        }
    }

    fn remember_numbers(&mut self, key: Key, numbers: Numbers) {
        self.table.insert(key, numbers, NUMBERS_BYTES);
    }

    fn remember_kids(&mut self, key: Key, kids: Rc<[Kid]>) {
        let bytes = kids_bytes(&kids);
        self.kids.insert(key, kids, bytes);
    }

    /// A state now settled: into the solver's table, out of these.
    fn settle(&mut self, solver: &mut Solver, key: Key, state: &State, wins: bool) {
        if self.root == Some(key) {
            self.answer = Some(wins);
        }
        solver.settle_key(key, state, wins);
        self.table.remove(&key);
        self.kids.remove(&key);
        solver.numbers_bytes = self.bytes();
    }

    /// Whether the player to move in `position` wins in misère play, with at most `budget` of
    /// the solver's work.
    pub fn wins(
        &mut self,
        solver: &mut Solver,
        position: &Position,
        budget: u64,
    ) -> Result<bool, Unfinished> {
        solver.set_budget(budget);
        let root = solver.start(position)?;
        let key = root.key();
        if let Some(wins) = solver.known(&root) {
            return Ok(wins);
        }
        // Infinite thresholds are met only by settling, so one search settles the root (its
        // answer is taken as it settles: a win may be forgotten at once for memory). A loop
        // here once spun without work when sums reached the thresholds (67 copies of `1a1a`).
        self.root = Some(key);
        self.answer = None;
        let searched = self.search(solver, &root, key, INFINITE, INFINITE);
        self.root = None;
        searched?;
        self.answer.take().ok_or_else(|| {
            Unfinished::TooLarge("the proof-number search ended unsettled (a bug)".into())
        })
    }

    fn numbers(&self, solver: &Solver, kid: &Kid) -> Numbers {
        match kid.decided.or_else(|| solver.known_key(kid.key)) {
            Some(true) => Numbers {
                pn: 0,
                dn: INFINITE,
            },
            Some(false) => Numbers {
                pn: INFINITE,
                dn: 0,
            },
            None => self
                .table
                .peek(&kid.key)
                .copied()
                .unwrap_or_else(|| estimate(kid)),
        }
    }

    /// Works below `state` until its numbers reach a threshold (or it is settled).
    fn search(
        &mut self,
        solver: &mut Solver,
        state: &State,
        key: Key,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<(), Unfinished> {
        self.obey_memory(solver);
        let (kids, mut numbers) = match self.kids.get(&key) {
            Some(kids) => {
                let numbers = kids.iter().map(|k| self.numbers(solver, k)).collect();
                (kids, numbers)
            }
            None => {
                let all = solver.kids(state, key)?;
                let all_numbers: Vec<Numbers> =
                    all.iter().map(|k| self.numbers(solver, k)).collect();
                // (A state with no move is decided before it comes here: in misère play its
                // mover has won. Said again, so that the numbers below never say otherwise.)
                // A child already lost for its mover (disproof number 0) wins at once; one
                // already won (proof number 0) is no way to win and is answered already, so
                // only the others are kept (as Glop does).
                if all.is_empty() || all_numbers.iter().any(|n| n.dn == 0) {
                    self.settle(solver, key, state, true);
                    return Ok(());
                }
                let (kids, numbers): (Vec<Kid>, Vec<Numbers>) = all
                    .into_iter()
                    .zip(all_numbers)
                    .filter(|(_, n)| n.pn != 0)
                    .unzip();
                if kids.is_empty() {
                    self.settle(solver, key, state, false);
                    return Ok(());
                }
                let kids: Rc<[Kid]> = kids.into();
                self.obey_memory(solver);
                self.remember_kids(key, kids.clone());
                solver.numbers_bytes = self.bytes();
                (kids, numbers)
            }
        };
        loop {
            // The mover wins through a child lost for its mover; loses when every child wins.
            let mut pn = INFINITE;
            let mut dn: u32 = 0;
            let mut best = None;
            let mut second = INFINITE;
            for (k, n) in numbers.iter().enumerate() {
                dn = add(dn, n.pn);
                if n.dn < pn {
                    second = pn;
                    pn = n.dn;
                    best = Some((k, *n));
                } else if n.dn < second {
                    second = n.dn;
                }
            }
            if pn == 0 || dn == 0 {
                self.settle(solver, key, state, pn == 0);
                return Ok(());
            }
            if pn >= th_pn || dn >= th_dn {
                self.remember_numbers(key, Numbers { pn, dn });
                solver.numbers_bytes = self.bytes();
                return Ok(());
            }
            let Some((k, n)) = best else {
                return Ok(());
            };
            // The child's disproof is the parent's proof: its thresholds swap.
            // Numbers are capped below `INFINITE` (`add`), so an infinite threshold is met
            // only by a settled state: a search given one ends settled, never stuck.
            let kid_th_pn = add(below(th_dn, dn), n.pn);
            let kid_th_dn = th_pn.min(second.saturating_add(1));
            let kid = kids[k];
            let child = solver.child(state, kid.step)?;
            self.search(solver, &child, kid.key, kid_th_pn, kid_th_dn)?;
            numbers[k] = self.numbers(solver, &kid);
        }
    }
}

/// Approximate heap bytes of one entry of the numbers' table.
const NUMBERS_BYTES: usize = 48;

/// Approximate heap bytes of a state's remembered children, with its key.
fn kids_bytes(kids: &[Kid]) -> usize {
    96 + std::mem::size_of_val(kids)
}

/// The numbers of a state never searched. Lives and the trees' birthdays bound how long the
/// game can last, so both numbers grow with them; to show the player to move loses, every move
/// must be answered, so the disproof number also grows with the estimated number of moves (one
/// for every two). Measured on 12 to 15 spots against 1 and 1 for every state: 659,000 nodes in
/// all for 12 to 14 spots became 418,000, and 15 spots 3.11 million became 1.13 million.
fn estimate(kid: &Kid) -> Numbers {
    let depth = 1 + (kid.lives + kid.birthdays) / 4;
    let moves = kid.moves.min(1000) as u32;
    Numbers {
        pn: depth,
        dn: depth + moves / 2,
    }
}
