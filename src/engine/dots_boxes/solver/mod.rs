//! Exact values: the value of a position is the best net number of boxes the player to
//! move will still take. Negamax with alpha-beta over bit sets of drawn lines, with what made
//! solving feasible and what makes it fast here, each a switch in `Techniques` so
//! its worth can be measured (`cargo bench --bench dots_boxes_solve`):
//!
//! - the chain rules, as one macro move: forced captures are made at once, with no node or table
//!   entry of their own; inside a capturable chain only "take" or "decline" are tried;
//! - simple loony endgames (every box left has two sides drawn) valued exactly by the chain and
//!   loop analysis instead of searched;
//! - a table of lower and upper bounds and the best move (tried first), shared by symmetric
//!   positions and by the two interchangeable border lines of each corner box; the symmetric
//!   images of a position, corners normalized, are updated with each move, not recomputed; a
//!   position's place in the table is chosen by its inner lines first, so that positions which
//!   differ only in border lines share memory pages (table.rs);
//! - moves ordered: the table's move, safe lines from the centre out, then sacrifices, the
//!   fewest boxes handed over first (Barker and Korf: moves that give a third side last);
//! - sacrifices pruned: one line per chain or loop that every line of opens equally well, no
//!   half-hearted handout of a two-box chain, and none the opponent can double-deal when its
//!   bound (−(k − 2) for a chain of k, −(k − 4) for a loop) cannot raise alpha;
//! - enhanced transposition cutoffs: before the safe lines (then the sacrifices) are searched,
//!   the table is asked about every position they lead to, all fetched from memory at once; a
//!   move known to cut off ends the node, one known to fail low is skipped (a sacrifice its
//!   double-dealing bound already rules out is not asked about).
//!
//! Values are found with narrow windows (win / tie / loss first); a node budget makes every
//! search stoppable: an interrupted search stores nothing false and can be started again,
//! reusing what it learned.

mod captures;
mod geometry;
mod memory;
mod moves;
mod table;

use super::board::Board;
use super::endgame::{Component, Endgames};
pub use captures::Opening;
use captures::{handed, loony_bound, opening, settle, simple_endgame, Left};
use geometry::{Geometry, Pos};
use moves::Moves;
use table::{Table, ENTRY_BYTES, NO_MOVE};

/// The most lines an exact solve is attempted for (4 × 4 boxes has 40).
pub const MAX_SOLVE_LINES: usize = 64;

/// The table's memory by default (`Solver::new`): 64 MiB, enough for every position of up to
/// about 30 undrawn lines; the command line and benchmarks can give more.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The techniques the search uses (all on by default); turning one off measures its worth or,
/// for the chain rules, checks that they change no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Forced captures made as one macro move; only "take" or "decline" in capturable chains.
    pub chain_rules: bool,
    /// Simple loony endgames valued exactly instead of searched.
    pub endgame: bool,
    /// The table's best move tried first.
    pub table_move: bool,
    /// Symmetric positions share table entries.
    pub symmetry: bool,
    /// Sacrifices tried in order of the boxes they hand over (else from the centre out).
    pub sacrifice_order: bool,
    /// Sacrifices the opponent can double-deal skipped when their bound cannot raise alpha.
    pub loony_bound: bool,
    /// Half-hearted handouts of two-box chains skipped (the hard-hearted one is searched).
    pub handouts: bool,
    /// Before the safe lines are searched, the table is asked about every position they lead
    /// to: one known to cut off ends the search there, one known to fail low is not searched
    /// (enhanced transposition cutoffs).
    pub transposition_cutoffs: bool,
    /// The same for the sacrifices, the opponent's forced captures made first.
    pub sacrifice_cutoffs: bool,
    /// One line per chain or loop whose every line opens it equally well.
    pub equal_openings: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            chain_rules: true,
            endgame: true,
            table_move: true,
            symmetry: true,
            sacrifice_order: true,
            loony_bound: true,
            handouts: true,
            transposition_cutoffs: true,
            sacrifice_cutoffs: true,
            equal_openings: true,
        }
    }
}

/// A node's search window as its moves narrow it, and its best move so far.
struct Window {
    alpha: i32,
    beta: i32,
    best: (i32, u8),
}

pub struct Solver {
    board: Board,
    geometry: Geometry,
    table: Table,
    endgames: Endgames,
    /// Scratch space for a simple endgame's chains and loops.
    components: Vec<Component>,
    pub techniques: Techniques,
    /// Positions searched (a forced capture is not one).
    pub nodes: u64,
    limit: u64,
    interrupted: bool,
}

/// The table size (log2 entries) a search of `undrawn` lines can use: about 2^(undrawn − 8)
/// entries (what a search of the empty board stores), from 2^10 to 2^27 (2 GiB: on the empty
/// 4 × 4 board a bigger table costs more in memory waits than it saves in nodes).
pub fn wanted_table_bits(undrawn: usize) -> u32 {
    (undrawn as u32).saturating_sub(8).clamp(10, 27)
}

/// The table size (log2 entries) for `undrawn` lines and a memory allowance: what the search
/// wants, at most what the memory holds.
pub fn table_bits(undrawn: usize, bytes: usize) -> u32 {
    let affordable = (bytes / ENTRY_BYTES).max(1 << 10).ilog2();
    wanted_table_bits(undrawn).min(affordable)
}

/// Bytes a table of 2^bits entries takes.
pub fn table_bytes_for(bits: u32) -> u64 {
    (ENTRY_BYTES as u64) << bits
}

/// How much of the memory the system has free now a table may take: a quarter by default, half
/// when the caller asks for more (None where the system does not say).
pub fn machine_table_bytes(asked_for_more: bool) -> Option<u64> {
    crate::engine::machine::available_bytes().map(|free| free / if asked_for_more { 2 } else { 4 })
}

impl Solver {
    /// A solver whose table is sized to the board, in at most `DEFAULT_TABLE_BYTES`.
    pub fn new(board: &Board) -> Result<Solver, String> {
        Solver::with_memory(board, DEFAULT_TABLE_BYTES)
    }

    /// A solver whose table is sized to the board, in at most `bytes`.
    pub fn with_memory(board: &Board, bytes: usize) -> Result<Solver, String> {
        Solver::with_table(board, table_bits(board.lines(), bytes))
    }

    /// Whether the solver takes a board this size (its positions are 64-bit masks).
    pub fn check_board(board: &Board) -> Result<(), String> {
        if board.lines() > MAX_SOLVE_LINES {
            return Err(format!(
                "{} lines are too many to solve exactly (at most {MAX_SOLVE_LINES})",
                board.lines()
            ));
        }
        Ok(())
    }

    /// A solver with a table of 2^bits entries (16 bytes each).
    pub fn with_table(board: &Board, bits: u32) -> Result<Solver, String> {
        Solver::check_board(board)?;
        let geometry = Geometry::new(board);
        let inner_lines = geometry.lines as u32 - geometry.border_bits;
        Ok(Solver {
            table: Table::new(bits.clamp(10, 32), geometry.border_bits, inner_lines)?,
            geometry,
            endgames: Endgames::default(),
            components: Vec::new(),
            techniques: Techniques::default(),
            nodes: 0,
            limit: u64::MAX,
            interrupted: false,
            board: board.clone(),
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Bytes the table takes.
    pub fn table_bytes(&self) -> usize {
        self.table.entries() * ENTRY_BYTES
    }

    /// Boxes that drawing `line` completes in position `mask`.
    pub fn completes(&self, mask: u64, line: usize) -> i32 {
        self.geometry.completes(mask, line)
    }

    /// Drawing `line` gives no box a third side.
    pub fn is_safe(&self, mask: u64, line: usize) -> bool {
        self.geometry.is_safe(mask, line)
    }

    /// What a sacrifice can be worth at most, when drawing `line` in `mask` (a position with
    /// no capturable box) hands over boxes the opponent can double-deal (`captures::loony_bound`).
    pub fn sacrifice_bound(&self, mask: u64, line: usize) -> Option<i32> {
        let sacrifice =
            mask & 1 << line == 0 && self.completes(mask, line) == 0 && !self.is_safe(mask, line);
        if !(self.is_quiet(mask) && sacrifice) {
            return None;
        }
        loony_bound(&self.geometry, mask | 1 << line, line)
    }

    /// No box of `mask` is capturable (none has three sides drawn).
    fn is_quiet(&self, mask: u64) -> bool {
        (0..self.geometry.boxes).all(|b| self.geometry.drawn_sides(mask, b) < 3)
    }

    /// What drawing `line` in `mask` opens (`captures::Opening`), when `mask` has no capturable
    /// box and `line` is a sacrifice.
    pub fn opening(&self, mask: u64, line: usize) -> Option<Opening> {
        (self.is_quiet(mask) && mask & 1 << line == 0 && !self.is_safe(mask, line))
            .then(|| opening(&self.geometry, mask, line))
    }

    /// The value for the player to move.
    pub fn value(&mut self, mask: u64) -> i32 {
        self.limit = u64::MAX;
        self.exact(self.geometry.position(mask))
    }

    /// The value, unless the search needs more than `budget` further nodes (then None; what was
    /// learned stays in the table, so asking again continues the work).
    pub fn try_value(&mut self, mask: u64, budget: u64) -> Option<i32> {
        self.start(budget);
        let v = self.exact(self.geometry.position(mask));
        (!self.interrupted).then_some(v)
    }

    /// Win, tie or loss for the player to move (+1, 0, −1): the search with window (−1, 1).
    pub fn outcome(&mut self, mask: u64) -> i32 {
        self.limit = u64::MAX;
        self.node(self.geometry.position(mask), true, -1, 1)
            .signum()
    }

    /// The value of drawing `line`: k + value(next) if it completes k boxes, else −value(next).
    pub fn move_value(&mut self, mask: u64, line: usize) -> i32 {
        self.limit = u64::MAX;
        self.child_value(mask, line)
    }

    /// Every undrawn line with its value.
    pub fn move_values(&mut self, mask: u64) -> Vec<(usize, i32)> {
        self.limit = u64::MAX;
        self.all_move_values(mask)
    }

    /// Every undrawn line with its value, unless that needs more than `budget` further nodes.
    pub fn try_move_values(&mut self, mask: u64, budget: u64) -> Option<Vec<(usize, i32)>> {
        self.start(budget);
        let values = self.all_move_values(mask);
        (!self.interrupted).then_some(values)
    }

    /// The position's value and every optimal move, unless that needs more than `budget` further
    /// nodes. Cheaper than `try_move_values`: once the value v is known, each move only has to
    /// show whether it reaches v, a search with a one-wide window; moves to symmetric positions
    /// are searched once.
    pub fn try_best_moves(&mut self, mask: u64, budget: u64) -> Option<(i32, Vec<usize>)> {
        self.start(budget);
        let value = self.exact(self.geometry.position(mask));
        if self.interrupted {
            return None;
        }
        let mut best = Vec::new();
        let mut seen: Vec<(u64, bool)> = Vec::new();
        for line in self.undrawn(mask) {
            let next = self.geometry.draw_mask(mask, line);
            let key = self.geometry.key(&next, true).0;
            let reaches = match seen.iter().find(|s| s.0 == key) {
                Some(&(_, reaches)) => reaches,
                None => {
                    // No move exceeds v, so "reaches v" is "equals v".
                    let (reaches, _) = self.reaches(mask, line, value);
                    if self.interrupted {
                        return None;
                    }
                    seen.push((key, reaches));
                    reaches
                }
            };
            if reaches {
                best.push(line);
            }
        }
        Some((value, best))
    }

    /// A best move and the position's value, unless that needs more than `budget` further nodes.
    pub fn try_best_move(&mut self, mask: u64, budget: u64) -> Option<(usize, i32)> {
        let (value, best) = self.try_best_moves_first(mask, budget)?;
        Some((best, value))
    }

    fn try_best_moves_first(&mut self, mask: u64, budget: u64) -> Option<(i32, usize)> {
        self.start(budget);
        let value = self.exact(self.geometry.position(mask));
        if self.interrupted {
            return None;
        }
        // The table's move first: it is usually the one that proved the value.
        let pos = self.geometry.position(mask);
        let hint = self.hint(&pos);
        let lines = hint.into_iter().chain(self.undrawn(mask));
        for line in lines.collect::<Vec<_>>() {
            let (reaches, _) = self.reaches(mask, line, value);
            if self.interrupted {
                return None;
            }
            if reaches {
                return Some((value, line));
            }
        }
        None
    }

    fn start(&mut self, budget: u64) {
        self.limit = self.nodes.saturating_add(budget);
        self.interrupted = false;
    }

    fn undrawn(&self, mask: u64) -> impl Iterator<Item = usize> {
        let lines = self.geometry.lines;
        (0..lines).filter(move |&l| mask & 1 << l == 0)
    }

    /// The table's best move for a position, in the position's own frame, if it is undrawn.
    fn hint(&self, pos: &Pos) -> Option<usize> {
        let (key, s) = self.geometry.key(pos, self.techniques.symmetry);
        let entry = self.table.get(key)?;
        (entry.best != NO_MOVE)
            .then(|| self.geometry.preimages[s][entry.best as usize] as usize)
            .filter(|&l| pos.mask() & 1 << l == 0)
    }

    /// Every move's value, from the position's value v down: no move exceeds v, so each is
    /// settled by searches with a one-wide window ("does it reach t?"), t = v first, then the
    /// bound the failed search returned (fail-soft), until one reaches. Most moves on a solved
    /// board take one or two such searches, all sharing the table.
    fn all_move_values(&mut self, mask: u64) -> Vec<(usize, i32)> {
        let mut values = Vec::new();
        let value = self.exact(self.geometry.position(mask));
        if self.interrupted {
            return values;
        }
        let lowest = -(self.geometry.boxes as i32);
        let mut seen: Vec<(u64, i32)> = Vec::new();
        for line in self.undrawn(mask) {
            let next = self.geometry.draw_mask(mask, line);
            let key = self.geometry.key(&next, true).0;
            let value = match seen.iter().find(|s| s.0 == key) {
                Some(&(_, v)) => v,
                None => {
                    let mut target = value;
                    let v = loop {
                        let (reaches, bound) = self.reaches(mask, line, target);
                        if self.interrupted {
                            return values;
                        }
                        if reaches || target <= lowest {
                            break target;
                        }
                        target = bound.min(target - 1).max(lowest);
                    };
                    seen.push((key, v));
                    v
                }
            };
            values.push((line, value));
        }
        values
    }

    /// Whether drawing `line` is worth at least `target` to the player to move, and a bound on
    /// its worth from the search with a one-wide window (fail-soft: a lower bound when it
    /// reaches, an upper bound when not).
    fn reaches(&mut self, mask: u64, line: usize, target: i32) -> (bool, i32) {
        let (k, next) = (
            self.completes(mask, line),
            self.geometry.draw_mask(mask, line),
        );
        let worth = if k > 0 {
            k + self.node(next, true, target - k - 1, target - k)
        } else {
            -self.node(next, true, -target, 1 - target)
        };
        (worth >= target, worth)
    }

    fn child_value(&mut self, mask: u64, line: usize) -> i32 {
        let k = self.completes(mask, line);
        let next = self.exact(self.geometry.draw_mask(mask, line));
        if k > 0 {
            k + next
        } else {
            -next
        }
    }

    /// The exact value: first win / tie / loss (window (−1, 1)); a result outside it bounds
    /// the value on that side, and one more search with the rest of the range makes it exact.
    fn exact(&mut self, pos: Pos) -> i32 {
        let n = self.geometry.boxes as i32 + 1;
        let v = self.node(pos, true, -1, 1);
        if self.interrupted || (-1 < v && v < 1) {
            return v;
        }
        if v >= 1 {
            self.node(pos, true, v - 1, n)
        } else {
            self.node(pos, true, -n, v + 1)
        }
    }

    /// The value of a position for the player to move: forced captures made first (when
    /// `settle`; a position reached by a safe line from one with no capturable box has none).
    fn node(&mut self, mut pos: Pos, settle_first: bool, alpha: i32, beta: i32) -> i32 {
        let (gained, left) = match (settle_first, self.techniques.chain_rules) {
            (false, _) => (0, Left::Quiet),
            (true, true) => settle(&self.geometry, &mut pos),
            (true, false) => (0, self.capturable(pos.mask())),
        };
        if pos.mask() == self.geometry.full {
            return gained;
        }
        gained + self.decide(pos, left, alpha - gained, beta - gained)
    }

    /// Without the chain rules: every move is tried wherever a box is capturable.
    fn capturable(&self, mask: u64) -> Left {
        if (0..self.geometry.boxes).any(|b| self.geometry.drawn_sides(mask, b) == 3) {
            Left::Uncovered
        } else {
            Left::Quiet
        }
    }

    /// A position with no forced capture left: the table, then the moves.
    fn decide(&mut self, pos: Pos, left: Left, mut alpha: i32, mut beta: i32) -> i32 {
        if self.nodes >= self.limit {
            self.interrupted = true;
            return 0;
        }
        self.nodes += 1;
        let (alpha0, beta0) = (alpha, beta);
        let (key, frame) = self.geometry.key(&pos, self.techniques.symmetry);
        let n = self.geometry.boxes as i32;
        let (mut lo, mut hi, mut hint) = (-n, n, NO_MOVE);
        if let Some(entry) = self.table.get(key) {
            (lo, hi) = (entry.lo as i32, entry.hi as i32);
            if lo == hi || lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            if entry.best != NO_MOVE {
                hint = self.geometry.preimages[frame][entry.best as usize];
            }
        }
        let mask = pos.mask();
        let hint = if self.techniques.table_move {
            hint
        } else {
            NO_MOVE
        };
        let mut window = Window {
            alpha,
            beta,
            best: (i32::MIN, NO_MOVE),
        };
        match left {
            Left::Choices(moves) => self.list_search(pos, moves, hint, &mut window),
            Left::Uncovered => {
                let moves = self.every_move(mask);
                self.list_search(pos, moves, hint, &mut window);
            }
            Left::Quiet => {
                if self.techniques.endgame
                    && simple_endgame(&self.geometry, mask, &mut self.components)
                {
                    if let Some(v) = self.endgames.exact_value(&self.components) {
                        self.table.put(key, v, v, NO_MOVE);
                        return v;
                    }
                }
                self.quiet_search(pos, hint, &mut window);
            }
        }
        if self.interrupted {
            return 0;
        }
        let best = window.best;
        let value = best.0;
        if value <= alpha0 {
            hi = hi.min(value); // an upper bound
        } else if value >= beta0 {
            lo = lo.max(value); // a lower bound
        } else {
            (lo, hi) = (value, value);
        }
        let stored = if best.1 == NO_MOVE {
            NO_MOVE
        } else {
            self.geometry.image_line(best.1 as usize, frame)
        };
        self.table.put(key, lo, hi, stored);
        value
    }

    /// The moves of a position with a capturable box, the table's move first, until one cuts
    /// off.
    fn list_search(&mut self, pos: Pos, mut moves: Moves, hint: u8, window: &mut Window) {
        moves.bring_forward(hint);
        for (line, k) in moves.iter() {
            if self.try_move(pos, false, line, k, None, window) {
                return;
            }
        }
    }

    /// The moves of a position with no capturable box, until one cuts off: the table's move,
    /// safe lines from the centre out, then sacrifices, the fewest boxes handed over first
    /// (ranked only when the search gets that far); a corner's second border line is the same
    /// move as its first.
    fn quiet_search(&mut self, pos: Pos, hint: u8, window: &mut Window) {
        let mask = pos.mask();
        let movable =
            |g: &Geometry, line: usize| mask & 1 << line == 0 && !g.is_corner_twin(mask, line);
        let hint =
            (hint != NO_MOVE && movable(&self.geometry, hint as usize)).then_some(hint as usize);
        let hint_opening = hint
            .filter(|&line| !self.geometry.is_safe(mask, line))
            .map(|line| opening(&self.geometry, mask, line));
        let hint_dominated =
            self.techniques.handouts && matches!(hint_opening, Some(Opening::HalfHearted { .. }));
        if let Some(line) = hint.filter(|_| !hint_dominated) {
            let bound = hint_opening.and_then(|o| self.sacrifice_limit(mask, line, o));
            if self.try_move(pos, true, line, 0, bound, window) {
                return;
            }
        }
        // The safe lines (centre-out) and the sacrifices, ranked once the safe lines are spent
        // as (boxes handed over, line).
        let mut safe = [0u8; MAX_SOLVE_LINES];
        let mut sacrifices = [(0u8, 0u8); MAX_SOLVE_LINES];
        let (mut safe_count, mut count) = (0, 0);
        for i in 0..self.geometry.centre_out.len() {
            let line = self.geometry.centre_out[i] as usize;
            if Some(line) == hint || !movable(&self.geometry, line) {
                continue;
            }
            if self.geometry.is_safe(mask, line) {
                safe[safe_count] = line as u8;
                safe_count += 1;
            } else {
                sacrifices[count] = (0, line as u8);
                count += 1;
            }
        }
        let safe = &safe[..safe_count];
        // Each line's upper bound, where one is known (the table's, a double-dealing bound).
        let mut bounds = [None; MAX_SOLVE_LINES];
        if self.techniques.transposition_cutoffs
            && self.transposition_cutoff(pos, safe.iter().copied(), false, window, &mut bounds)
        {
            return;
        }
        for &line in safe {
            let line = line as usize;
            if self.try_move(pos, true, line, 0, bounds[line], window) {
                return;
            }
        }
        let opened = match hint_opening {
            Some(Opening::Group { boxes, .. }) if self.techniques.equal_openings => boxes,
            _ => 0,
        };
        let kept = self.rank_sacrifices(mask, &mut sacrifices[..count], opened, &mut bounds);
        let sacrifices = &mut sacrifices[..kept];
        sacrifices.sort_by_key(|s| s.0); // stable: centre-out among equals
        if self.techniques.sacrifice_cutoffs && self.techniques.chain_rules {
            // A sacrifice whose double-dealing bound cannot raise alpha is skipped whatever the
            // table says: the table is not asked about it.
            let mut open = [0u8; MAX_SOLVE_LINES];
            let mut open_count = 0;
            for &(_, line) in sacrifices.iter() {
                if bounds[line as usize].is_none_or(|b| b > window.alpha) {
                    open[open_count] = line;
                    open_count += 1;
                }
            }
            let lines = open[..open_count].iter().copied();
            if self.transposition_cutoff(pos, lines, true, window, &mut bounds) {
                return;
            }
        }
        for &(_, line) in sacrifices.iter() {
            let line = line as usize;
            if self.try_move(pos, true, line, 0, bounds[line], window) {
                return;
            }
        }
    }

    /// Of the sacrifices (`(_, line)`, centre-out), one line per chain or loop that every line
    /// of opens equally well (`opened`: the boxes of a group the table's move opened already),
    /// and no half-hearted handout; each ranked by the boxes it hands over, its bound in
    /// `bounds`. Those kept are moved to the front; how many.
    fn rank_sacrifices(
        &self,
        mask: u64,
        sacrifices: &mut [(u8, u8)],
        mut opened: u64,
        bounds: &mut [Option<i32>; MAX_SOLVE_LINES],
    ) -> usize {
        let g = &self.geometry;
        let mut kept = 0;
        for i in 0..sacrifices.len() {
            let line = sacrifices[i].1 as usize;
            if g.boxes_of(line).any(|b| opened & 1 << b != 0) {
                continue; // its group's boxes (all with two sides drawn) are in `opened`
            }
            let what = opening(g, mask, line);
            let handed = match what {
                Opening::Group { boxes, .. } => {
                    if self.techniques.equal_openings {
                        opened |= boxes;
                    }
                    boxes.count_ones() as usize
                }
                Opening::HalfHearted { .. } if self.techniques.handouts => continue,
                _ => handed(g, mask | 1 << line, line),
            };
            let rank = if self.techniques.sacrifice_order {
                handed
            } else {
                0
            };
            sacrifices[kept] = (rank as u8, line as u8);
            bounds[line] = self.sacrifice_limit(mask, line, what);
            kept += 1;
        }
        kept
    }

    /// Enhanced transposition cutoffs: whether one of `lines` is already known to cut off,
    /// because the table holds an upper bound low enough for the position it leads to (once the
    /// opponent's forced captures are made, when `captures`). Else each line's upper bound the
    /// table knows is noted in `bounds` (with any bound already there), so that a line known to
    /// fail low is not searched. The positions' buckets are all fetched from memory first, so
    /// the probes wait for memory about once, not once each.
    fn transposition_cutoff(
        &mut self,
        pos: Pos,
        lines: impl Iterator<Item = u8> + Clone,
        captures: bool,
        window: &mut Window,
        bounds: &mut [Option<i32>; MAX_SOLVE_LINES],
    ) -> bool {
        // Per line: the key of the position it leads to, and the boxes the opponent takes first
        // (None: they are all the boxes left, so that position has no entry).
        let mut keys = [(0u64, None); MAX_SOLVE_LINES];
        for (i, line) in lines.clone().enumerate() {
            let mut child = self.geometry.draw(pos, line as usize);
            let taken = if captures {
                settle(&self.geometry, &mut child).0
            } else {
                0
            };
            if child.mask() != self.geometry.full {
                let key = self.geometry.key(&child, self.techniques.symmetry).0;
                self.table.prefetch(key);
                keys[i] = (key, Some(taken));
            }
        }
        for (&(key, taken), line) in keys.iter().zip(lines) {
            let Some(taken) = taken else { continue };
            let Some(entry) = self.table.get(key) else {
                continue;
            };
            // The opponent's value there lies in [lo, hi]: the line is worth −(taken + hi) at
            // least, −(taken + lo) at most.
            let (least, most) = (-(taken + entry.hi as i32), -(taken + entry.lo as i32));
            if least >= window.beta {
                window.best = (least, line);
                window.alpha = least;
                return true;
            }
            let bound = &mut bounds[line as usize];
            *bound = Some(bound.map_or(most, |b| b.min(most)));
        }
        false
    }

    /// The bound on a sacrifice, if the technique is on and the opponent can double-deal it.
    fn sacrifice_limit(&self, mask: u64, line: usize, what: Opening) -> Option<i32> {
        if !self.techniques.loony_bound {
            return None;
        }
        match what {
            Opening::Group { .. } => what.bound(),
            _ => loony_bound(&self.geometry, mask | 1 << line, line),
        }
    }

    /// Searches one move of a position (`quiet`: one with no capturable box) and narrows the
    /// window by it; true when the position needs no more moves (a cutoff, or the budget spent).
    /// A sacrifice whose `bound` cannot raise alpha is not searched: it is worth at most that.
    fn try_move(
        &mut self,
        pos: Pos,
        quiet: bool,
        line: usize,
        k: i32,
        bound: Option<i32>,
        w: &mut Window,
    ) -> bool {
        if let Some(bound) = bound.filter(|&b| b <= w.alpha) {
            w.best.0 = w.best.0.max(bound);
            return false;
        }
        let mask = pos.mask();
        let safe = self.geometry.is_safe(mask, line);
        let child = self.geometry.draw(pos, line);
        let value = if k > 0 {
            k + self.node(child, true, w.alpha - k, w.beta - k)
        } else {
            // A safe line drawn where nothing was capturable leaves nothing capturable.
            -self.node(child, !quiet || !safe, -w.beta, -w.alpha)
        };
        if self.interrupted {
            return true;
        }
        if value > w.best.0 {
            w.best = (value, line as u8);
        }
        w.alpha = w.alpha.max(value);
        w.alpha >= w.beta
    }

    /// Every move, captures first, then safe lines, then the rest by boxes handed over.
    fn every_move(&self, mask: u64) -> Moves {
        let g = &self.geometry;
        let mut ranked: Vec<(usize, usize, i32)> = Vec::new();
        for &line in &g.centre_out {
            let line = line as usize;
            if mask & 1 << line != 0 || g.is_corner_twin(mask, line) {
                continue;
            }
            let k = g.completes(mask, line);
            let rank = if k > 0 {
                0
            } else if g.is_safe(mask, line) {
                1
            } else {
                2 + handed(g, mask | 1 << line, line)
            };
            ranked.push((rank, line, k));
        }
        ranked.sort_by_key(|r| r.0);
        let mut moves = Moves::new();
        for (_, line, k) in ranked {
            moves.push(line, k);
        }
        moves
    }
}

/// The mask of drawn lines of a game.
pub fn mask_of(drawn: impl Iterator<Item = bool>) -> u64 {
    drawn
        .enumerate()
        .fold(0u64, |m, (i, d)| if d && i < 64 { m | 1 << i } else { m })
}
