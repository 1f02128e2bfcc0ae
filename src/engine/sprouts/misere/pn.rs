//! Depth-first proof-number search over misère states (Nagai's df-pn), an alternative to the
//! plain depth-first search of `Misere::wins`: instead of settling each answer in turn, it
//! works where the proof looks cheapest, and leaves an answer that grows costly for another.
//! What it settles goes into the solver's table like the other search's.

use super::solver::{FxMap, State};
use super::{Misere, MisereStop};
use crate::engine::sprouts::Position;

/// Proof and disproof numbers: the work still thought needed to show that the player to move
/// wins (`pn`) or loses (`dn`). 0 is shown; `INFINITE` is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
}

const INFINITE: u32 = u32::MAX / 2;

/// The unsettled states' numbers this many at most; past it the table is emptied (what is
/// settled stays in the solver's table).
const TABLE_LIMIT: usize = 4_000_000;

pub struct ProofNumbers {
    table: FxMap<State, Numbers>,
    /// The children of states expanded lately: df-pn comes back to a state many times.
    kids: FxMap<State, std::rc::Rc<[State]>>,
    /// Approximate heap bytes of the two, kept as they change.
    table_bytes: usize,
    kids_bytes: usize,
}

/// States whose children are remembered, at most.
const KIDS_LIMIT: usize = 200_000;

impl Default for ProofNumbers {
    fn default() -> ProofNumbers {
        ProofNumbers::new()
    }
}

impl ProofNumbers {
    pub fn new() -> ProofNumbers {
        ProofNumbers {
            table: FxMap::default(),
            kids: FxMap::default(),
            table_bytes: 0,
            kids_bytes: 0,
        }
    }

    /// Approximate heap bytes held (the numbers' table and the children remembered).
    pub fn bytes(&self) -> usize {
        self.table_bytes + self.kids_bytes
    }

    /// Empties both tables: the numbers are estimates, found again as the search goes on.
    pub fn forget(&mut self) {
        *self = ProofNumbers::new();
    }

    /// Empties the tables when the solver, short of memory, asked for it.
    fn obey_memory(&mut self, solver: &mut Misere) {
        if solver.numbers_forget {
            solver.numbers_forget = false;
            self.forget();
        }
    }

    fn remember_numbers(&mut self, state: &State, numbers: Numbers) {
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
            self.table_bytes = 0;
        }
        if self.table.insert(state.clone(), numbers).is_none() {
            self.table_bytes += state.bytes() + 16;
        }
    }

    fn remember_kids(&mut self, state: &State, kids: std::rc::Rc<[State]>) {
        if self.kids.len() >= KIDS_LIMIT {
            self.kids.clear();
            self.kids_bytes = 0;
        }
        let bytes = kids_bytes(state, &kids);
        if self.kids.insert(state.clone(), kids).is_none() {
            self.kids_bytes += bytes;
        }
    }

    fn settled(&mut self, state: &State) {
        if self.table.remove(state).is_some() {
            self.table_bytes = self.table_bytes.saturating_sub(state.bytes() + 16);
        }
        if let Some(kids) = self.kids.remove(state) {
            self.kids_bytes = self.kids_bytes.saturating_sub(kids_bytes(state, &kids));
        }
    }

    /// Whether the player to move in `position` wins in misère play, with at most `budget` of
    /// the solver's work.
    pub fn wins(
        &mut self,
        solver: &mut Misere,
        position: &Position,
        budget: u64,
    ) -> Result<bool, MisereStop> {
        solver.set_budget(budget);
        let root = solver.start(position)?;
        loop {
            if let Some(wins) = solver.known(&root) {
                return Ok(wins);
            }
            self.search(solver, &root, INFINITE, INFINITE)?;
        }
    }

    fn numbers(&self, solver: &Misere, state: &State) -> Numbers {
        match solver.known(state) {
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
                .get(state)
                .copied()
                .unwrap_or(Numbers { pn: 1, dn: 1 }),
        }
    }

    /// Works below `state` until its numbers reach a threshold (or it is settled).
    fn search(
        &mut self,
        solver: &mut Misere,
        state: &State,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<(), MisereStop> {
        self.obey_memory(solver);
        let kids = match self.kids.get(state) {
            Some(kids) => kids.clone(),
            None => {
                let kids: std::rc::Rc<[State]> = solver.sorted_children(state)?.into();
                // (A state with no move is decided before it comes here: in misère play its
                // mover has won. Said again, so that the numbers below never say otherwise.)
                if kids.is_empty() {
                    solver.settle(state.clone(), true);
                    return Ok(());
                }
                self.obey_memory(solver);
                self.remember_kids(state, kids.clone());
                solver.numbers_bytes = self.bytes();
                kids
            }
        };
        loop {
            // The mover wins through a child lost for its mover; loses when every child wins.
            let mut pn = INFINITE;
            let mut dn: u32 = 0;
            let mut best = None;
            let mut second = INFINITE;
            for (k, kid) in kids.iter().enumerate() {
                let n = self.numbers(solver, kid);
                dn = dn.saturating_add(n.pn).min(INFINITE);
                if n.dn < pn {
                    second = pn;
                    pn = n.dn;
                    best = Some((k, n));
                } else if n.dn < second {
                    second = n.dn;
                }
            }
            if pn == 0 || dn == 0 {
                solver.settle(state.clone(), pn == 0);
                self.settled(state);
                solver.numbers_bytes = self.bytes();
                return Ok(());
            }
            if pn >= th_pn || dn >= th_dn {
                self.remember_numbers(state, Numbers { pn, dn });
                solver.numbers_bytes = self.bytes();
                return Ok(());
            }
            let Some((k, n)) = best else {
                return Ok(());
            };
            // The child's disproof is the parent's proof: its thresholds swap.
            let kid_th_pn = th_dn.saturating_sub(dn).saturating_add(n.pn).min(INFINITE);
            let kid_th_dn = th_pn.min(second.saturating_add(1));
            self.search(solver, &kids[k], kid_th_pn, kid_th_dn)?;
        }
    }
}

/// Approximate heap bytes of a state's remembered children, with its key.
fn kids_bytes(state: &State, kids: &[State]) -> usize {
    state.bytes() + 16 + kids.iter().map(State::bytes).sum::<usize>()
}
