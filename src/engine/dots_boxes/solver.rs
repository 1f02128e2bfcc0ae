//! Exact values (spec §4): the value of a position is the best net number of boxes the player to
//! move will still take. Negamax with alpha-beta, a transposition table of lower and upper
//! bounds, and captures, then safe lines, tried first. Positions are bit sets of drawn lines.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Positions are already well-mixed bit sets: one multiply is hash enough (SipHash costs more
/// than the search step it serves).
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Table = HashMap<u64, (i8, i8), BuildHasherDefault<MaskHasher>>;

use super::board::Board;

/// The most lines an exact solve is attempted for (3 × 4 boxes has 31).
pub const MAX_SOLVE_LINES: usize = 64;

pub struct Solver {
    board: Board,
    full: u64,
    /// Per box, the mask of its four sides.
    box_masks: Vec<u64>,
    /// Per line, the boxes it bounds.
    boxes_of: Vec<Vec<usize>>,
    table: Table,
    pub nodes: u64,
}

impl Solver {
    pub fn new(board: &Board) -> Result<Solver, String> {
        if board.lines() > MAX_SOLVE_LINES {
            return Err(format!("{} lines are too many to solve exactly (at most {MAX_SOLVE_LINES})", board.lines()));
        }
        let full = if board.lines() == 64 { u64::MAX } else { (1u64 << board.lines()) - 1 };
        let box_masks = board.sides.iter().map(|s| s.iter().fold(0u64, |m, &l| m | 1 << l)).collect();
        Ok(Solver { full, box_masks, boxes_of: board.boxes_of.clone(), table: Table::default(), nodes: 0, board: board.clone() })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Boxes that drawing `line` completes in position `mask`.
    pub fn completes(&self, mask: u64, line: usize) -> i32 {
        let after = mask | 1 << line;
        self.boxes_of[line].iter().filter(|&&b| after & self.box_masks[b] == self.box_masks[b]).count() as i32
    }

    /// The value for the player to move (spec §4).
    pub fn value(&mut self, mask: u64) -> i32 {
        let n = self.board.boxes() as i32;
        self.search(mask, -n - 1, n + 1)
    }

    /// The value of drawing `line`: k + value(next) if it completes k boxes, else −value(next).
    pub fn move_value(&mut self, mask: u64, line: usize) -> i32 {
        let k = self.completes(mask, line);
        let next = self.value(mask | 1 << line);
        if k > 0 {
            k + next
        } else {
            -next
        }
    }

    /// Every undrawn line with its value.
    pub fn move_values(&mut self, mask: u64) -> Vec<(usize, i32)> {
        (0..self.board.lines()).filter(|&l| mask & 1 << l == 0).map(|l| (l, self.move_value(mask, l))).collect()
    }

    /// Sides already drawn around box b.
    fn drawn_sides(&self, mask: u64, b: usize) -> u32 {
        (mask & self.box_masks[b]).count_ones()
    }

    fn ordered_moves(&self, mask: u64) -> Vec<(usize, i32)> {
        let mut moves: Vec<(u8, usize, i32)> = (0..self.board.lines())
            .filter(|&l| mask & 1 << l == 0)
            .map(|l| {
                let k = self.completes(mask, l);
                // 0: captures; 1: safe (gives no box a third side); 2: the rest.
                let rank = if k > 0 {
                    0
                } else if self.boxes_of[l].iter().all(|&b| self.drawn_sides(mask, b) < 2) {
                    1
                } else {
                    2
                };
                (rank, l, k)
            })
            .collect();
        moves.sort_unstable();
        moves.into_iter().map(|(_, l, k)| (l, k)).collect()
    }

    fn search(&mut self, mask: u64, mut alpha: i32, mut beta: i32) -> i32 {
        if mask == self.full {
            return 0;
        }
        self.nodes += 1;
        let (alpha0, beta0) = (alpha, beta);
        if let Some(&(lo, hi)) = self.table.get(&mask) {
            let (lo, hi) = (lo as i32, hi as i32);
            if lo == hi || lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let mut best = i32::MIN;
        for (line, k) in self.ordered_moves(mask) {
            let next = mask | 1 << line;
            let value = if k > 0 { k + self.search(next, alpha - k, beta - k) } else { -self.search(next, -beta, -alpha) };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let n = self.board.boxes() as i32;
        let entry = self.table.entry(mask).or_insert((-n as i8, n as i8));
        if best <= alpha0 {
            entry.1 = entry.1.min(best as i8); // an upper bound
        } else if best >= beta0 {
            entry.0 = entry.0.max(best as i8); // a lower bound
        } else {
            *entry = (best as i8, best as i8);
        }
        best
    }
}

/// The mask of drawn lines of a game.
pub fn mask_of(drawn: impl Iterator<Item = bool>) -> u64 {
    drawn.enumerate().fold(0u64, |m, (i, d)| if d && i < 64 { m | 1 << i } else { m })
}
