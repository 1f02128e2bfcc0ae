//! Exact values (spec §4): the value of a position is the best net number of boxes the player to
//! move will still take. Negamax with alpha-beta, a transposition table of lower and upper
//! bounds shared by symmetric positions, and captures, then safe lines, tried first. Positions
//! are bit sets of drawn lines.

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
    /// Line permutations of the board's symmetries other than the identity (mirrors, the
    /// half turn, and on square boards the quarter turns and diagonal mirrors).
    symmetries: Vec<Vec<u8>>,
    pub nodes: u64,
}

/// The line ids of the board's symmetries, each as a permutation of line ids.
fn symmetries(board: &Board) -> Vec<Vec<u8>> {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    // A line as its two end dots (row, col), in a fixed order.
    let dots_of = |line: usize| -> ((i64, i64), (i64, i64)) {
        let horizontal = (board.rows + 1) * board.cols;
        if line < horizontal {
            let (r, c) = ((line / board.cols) as i64, (line % board.cols) as i64);
            ((r, c), (r, c + 1))
        } else {
            let v = line - horizontal;
            let (r, c) = ((v / (board.cols + 1)) as i64, (v % (board.cols + 1)) as i64);
            ((r, c), (r + 1, c))
        }
    };
    let line_of = |a: (i64, i64), b: (i64, i64)| -> Option<usize> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.0 == b.0 && b.1 == a.1 + 1 && a.0 >= 0 && a.0 <= rows && a.1 >= 0 && a.1 < cols {
            Some((a.0 * cols + a.1) as usize)
        } else if a.1 == b.1 && b.0 == a.0 + 1 && a.0 >= 0 && a.0 < rows && a.1 >= 0 && a.1 <= cols {
            Some(((rows + 1) * cols + a.0 * (cols + 1) + a.1) as usize)
        } else {
            None
        }
    };
    let mut maps: Vec<Box<dyn Fn((i64, i64)) -> (i64, i64)>> = vec![
        Box::new(move |(r, c)| (r, cols - c)),
        Box::new(move |(r, c)| (rows - r, c)),
        Box::new(move |(r, c)| (rows - r, cols - c)),
    ];
    if rows == cols {
        maps.push(Box::new(|(r, c)| (c, r)));
        maps.push(Box::new(move |(r, c)| (cols - c, rows - r)));
        maps.push(Box::new(move |(r, c)| (c, rows - r)));
        maps.push(Box::new(move |(r, c)| (cols - c, r)));
    }
    maps.iter()
        .filter_map(|f| (0..board.lines()).map(|l| {
            let (a, b) = dots_of(l);
            line_of(f(a), f(b)).map(|n| n as u8)
        }).collect::<Option<Vec<u8>>>())
        .collect()
}

impl Solver {
    pub fn new(board: &Board) -> Result<Solver, String> {
        if board.lines() > MAX_SOLVE_LINES {
            return Err(format!("{} lines are too many to solve exactly (at most {MAX_SOLVE_LINES})", board.lines()));
        }
        let full = if board.lines() == 64 { u64::MAX } else { (1u64 << board.lines()) - 1 };
        let box_masks = board.sides.iter().map(|s| s.iter().fold(0u64, |m, &l| m | 1 << l)).collect();
        Ok(Solver { full, box_masks, boxes_of: board.boxes_of.clone(), table: Table::default(), symmetries: symmetries(board), nodes: 0, board: board.clone() })
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

    /// The smallest image of a position under the board's symmetries (its table key).
    fn canonical(&self, mask: u64) -> u64 {
        let mut best = mask;
        for perm in &self.symmetries {
            let mut image = 0u64;
            let mut bits = mask;
            while bits != 0 {
                let l = bits.trailing_zeros() as usize;
                image |= 1 << perm[l];
                bits &= bits - 1;
            }
            best = best.min(image);
        }
        best
    }

    fn search(&mut self, mask: u64, mut alpha: i32, mut beta: i32) -> i32 {
        if mask == self.full {
            return 0;
        }
        self.nodes += 1;
        let (alpha0, beta0) = (alpha, beta);
        let key = self.canonical(mask);
        if let Some(&(lo, hi)) = self.table.get(&key) {
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
        let entry = self.table.entry(key).or_insert((-n as i8, n as i8));
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
