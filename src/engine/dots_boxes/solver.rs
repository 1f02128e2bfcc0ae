//! Exact values (spec §4): the value of a position is the best net number of boxes the player to
//! move will still take. Negamax with alpha-beta over bit sets of drawn lines, with what made
//! solving feasible (spec §6.2): a table of lower and upper bounds shared by symmetric positions
//! and by the two interchangeable border lines of each corner box; the chain rules (a box whose
//! capture hands nothing on is simply taken; inside a capturable chain only "take it" or
//! "decline the last two" (the last four of an opened loop) are tried); captures, then safe
//! lines, then lines from the centre outwards. A node budget makes every search stoppable: an
//! interrupted search stores nothing false and can be started again, reusing what it learned.

use super::board::Board;

/// The most lines an exact solve is attempted for (4 × 4 boxes has 40).
pub const MAX_SOLVE_LINES: usize = 64;

/// A table of (position, lower bound, upper bound) in buckets of two: one slot keeps the entry
/// with the most undrawn lines (the costliest to recompute), the other takes every newcomer.
struct Table {
    slots: Vec<(u64, i8, i8)>,
    buckets: usize,
}

/// No position is stored under this key: it is the full 64-line board, never searched.
const EMPTY: u64 = u64::MAX;

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            slots: vec![(EMPTY, 0, 0); 1 << bits],
            buckets: (1 << (bits - 1)) - 1,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        2 * (((key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize
            & self.buckets)
    }

    fn get(&self, key: u64) -> Option<(i32, i32)> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.0 == key)
            .map(|&(_, lo, hi)| (lo as i32, hi as i32))
    }

    fn put(&mut self, key: u64, lo: i32, hi: i32) {
        let b = self.bucket(key);
        let entry = (key, lo as i8, hi as i8);
        let kept = self.slots[b];
        // Keys of one board share their unused high bits: more zeros, more undrawn lines.
        if kept.0 == key || kept.0 == EMPTY || key.count_zeros() >= kept.0.count_zeros() {
            if kept.0 != key && kept.0 != EMPTY {
                self.slots[b + 1] = kept;
            }
            self.slots[b] = entry;
        } else {
            self.slots[b + 1] = entry;
        }
    }
}

/// Table size (log2 entries) by default: 1 M entries, 16 MB.
pub const DEFAULT_TABLE_BITS: u32 = 20;

pub struct Solver {
    board: Board,
    full: u64,
    /// Per box, the mask of its four sides.
    box_masks: Vec<u64>,
    table: Table,
    /// Line permutations of the board's symmetries other than the identity (mirrors, the
    /// half turn, and on square boards the quarter turns and diagonal mirrors).
    symmetries: Vec<Vec<u8>>,
    /// The two border lines of each corner box (boards of at least 2 × 2): either one is the
    /// same move, so the key keeps the first and the move list tries only the first.
    corner_pairs: Vec<(usize, usize)>,
    /// Lines from the centre outwards (the order tried after captures and safe lines).
    centre_out: Vec<usize>,
    /// Whether the chain rules prune moves (off only to check that they change no value).
    pub chain_rules: bool,
    pub nodes: u64,
    limit: u64,
    interrupted: bool,
}

/// A map of the dots onto themselves (a symmetry of the board).
type DotMap = Box<dyn Fn((i64, i64)) -> (i64, i64)>;

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
        } else if a.1 == b.1 && b.0 == a.0 + 1 && a.0 >= 0 && a.0 < rows && a.1 >= 0 && a.1 <= cols
        {
            Some(((rows + 1) * cols + a.0 * (cols + 1) + a.1) as usize)
        } else {
            None
        }
    };
    let mut maps: Vec<DotMap> = vec![
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
        .filter_map(|f| {
            (0..board.lines())
                .map(|l| {
                    let (a, b) = dots_of(l);
                    line_of(f(a), f(b)).map(|n| n as u8)
                })
                .collect::<Option<Vec<u8>>>()
        })
        .collect()
}

impl Solver {
    pub fn new(board: &Board) -> Result<Solver, String> {
        Solver::with_table(board, DEFAULT_TABLE_BITS)
    }

    /// A solver with a table of 2^bits entries (16 bytes each).
    pub fn with_table(board: &Board, bits: u32) -> Result<Solver, String> {
        if board.lines() > MAX_SOLVE_LINES {
            return Err(format!(
                "{} lines are too many to solve exactly (at most {MAX_SOLVE_LINES})",
                board.lines()
            ));
        }
        let full = if board.lines() == 64 {
            u64::MAX
        } else {
            (1u64 << board.lines()) - 1
        };
        let box_masks = board
            .sides
            .iter()
            .map(|s| s.iter().fold(0u64, |m, &l| m | 1 << l))
            .collect();
        let mut corner_pairs = Vec::new();
        if board.rows >= 2 && board.cols >= 2 {
            for b in [
                0,
                board.cols - 1,
                board.boxes() - board.cols,
                board.boxes() - 1,
            ] {
                let border: Vec<usize> = board.sides[b]
                    .iter()
                    .copied()
                    .filter(|&l| board.boxes_of[l].len() == 1)
                    .collect();
                corner_pairs.push((border[0].min(border[1]), border[0].max(border[1])));
            }
        }
        Ok(Solver {
            full,
            box_masks,
            table: Table::new(bits.clamp(8, 30)),
            symmetries: symmetries(board),
            corner_pairs,
            centre_out: centre_out(board),
            chain_rules: true,
            nodes: 0,
            limit: u64::MAX,
            interrupted: false,
            board: board.clone(),
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Boxes that drawing `line` completes in position `mask`.
    pub fn completes(&self, mask: u64, line: usize) -> i32 {
        let after = mask | 1 << line;
        self.board.boxes_of[line]
            .iter()
            .filter(|&&b| after & self.box_masks[b] == self.box_masks[b])
            .count() as i32
    }

    /// Drawing `line` gives no box a third side.
    pub fn is_safe(&self, mask: u64, line: usize) -> bool {
        mask & 1 << line == 0
            && self.board.boxes_of[line]
                .iter()
                .all(|&b| self.drawn_sides(mask, b) < 2)
    }

    /// The value for the player to move (spec §4).
    pub fn value(&mut self, mask: u64) -> i32 {
        self.limit = u64::MAX;
        self.full_window(mask)
    }

    /// The value, unless the search needs more than `budget` further nodes (then None; what was
    /// learned stays in the table, so asking again continues the work).
    pub fn try_value(&mut self, mask: u64, budget: u64) -> Option<i32> {
        self.limit = self.nodes.saturating_add(budget);
        self.interrupted = false;
        let v = self.full_window(mask);
        (!self.interrupted).then_some(v)
    }

    /// Win, tie or loss for the player to move (+1, 0, −1): the search with window (−1, 1).
    pub fn outcome(&mut self, mask: u64) -> i32 {
        self.limit = u64::MAX;
        self.search(mask, -1, 1).signum()
    }

    fn full_window(&mut self, mask: u64) -> i32 {
        let n = self.board.boxes() as i32;
        self.search(mask, -n - 1, n + 1)
    }

    /// The value of drawing `line`: k + value(next) if it completes k boxes, else −value(next).
    pub fn move_value(&mut self, mask: u64, line: usize) -> i32 {
        self.limit = u64::MAX;
        self.child_value(mask, line)
    }

    fn child_value(&mut self, mask: u64, line: usize) -> i32 {
        let k = self.completes(mask, line);
        let next = self.full_window(mask | 1 << line);
        if k > 0 {
            k + next
        } else {
            -next
        }
    }

    /// Every undrawn line with its value.
    pub fn move_values(&mut self, mask: u64) -> Vec<(usize, i32)> {
        self.limit = u64::MAX;
        (0..self.board.lines())
            .filter(|&l| mask & 1 << l == 0)
            .map(|l| (l, self.child_value(mask, l)))
            .collect()
    }

    /// Every undrawn line with its value, unless that needs more than `budget` further nodes.
    pub fn try_move_values(&mut self, mask: u64, budget: u64) -> Option<Vec<(usize, i32)>> {
        self.limit = self.nodes.saturating_add(budget);
        self.interrupted = false;
        let mut values = Vec::new();
        for l in (0..self.board.lines()).filter(|&l| mask & 1 << l == 0) {
            let v = self.child_value(mask, l);
            if self.interrupted {
                return None;
            }
            values.push((l, v));
        }
        Some(values)
    }

    /// The position's value and every optimal move, unless that needs more than `budget` further
    /// nodes. Cheaper than `try_move_values`: once the value v is known, each move only has to
    /// show whether it reaches v, a search with a one-wide window.
    pub fn try_best_moves(&mut self, mask: u64, budget: u64) -> Option<(i32, Vec<usize>)> {
        self.limit = self.nodes.saturating_add(budget);
        self.interrupted = false;
        let value = self.full_window(mask);
        if self.interrupted {
            return None;
        }
        let mut best = Vec::new();
        for line in (0..self.board.lines()).filter(|&l| mask & 1 << l == 0) {
            let (k, next) = (self.completes(mask, line), mask | 1 << line);
            // No move exceeds v, so "reaches v" is "equals v". Fail-soft bounds: a result on
            // either side of the window is a bound on the true value on that side.
            let reaches = if k > 0 {
                k + self.search(next, value - k - 1, value - k) >= value
            } else {
                -self.search(next, -value, 1 - value) >= value
            };
            if self.interrupted {
                return None;
            }
            if reaches {
                best.push(line);
            }
        }
        Some((value, best))
    }

    /// A best move and the position's value, unless that needs more than `budget` further nodes.
    pub fn try_best_move(&mut self, mask: u64, budget: u64) -> Option<(usize, i32)> {
        self.limit = self.nodes.saturating_add(budget);
        self.interrupted = false;
        let value = self.full_window(mask);
        if self.interrupted {
            return None;
        }
        // The pruned move list keeps an optimal move (the chain rules change no value).
        for (line, _) in self.ordered_moves(mask) {
            let v = self.child_value(mask, line);
            if self.interrupted {
                return None;
            }
            if v == value {
                return Some((line, value));
            }
        }
        None
    }

    /// Sides already drawn around box b.
    fn drawn_sides(&self, mask: u64, b: usize) -> u32 {
        (mask & self.box_masks[b]).count_ones()
    }

    /// The undrawn side of box b other than `except`.
    fn free_side(&self, mask: u64, b: usize, except: Option<usize>) -> Option<usize> {
        self.board.sides[b]
            .iter()
            .copied()
            .find(|&l| mask & 1 << l == 0 && Some(l) != except)
    }

    fn across(&self, line: usize, b: usize) -> Option<usize> {
        self.board.boxes_of[line].iter().copied().find(|&o| o != b)
    }

    /// The chain rules. With a capturable box on the board: a capture that hands nothing on is
    /// the only move; a box at the head of a chain of three or more (five or more when its far
    /// end is capturable too) is taken; otherwise each capturable chain of two offers "take"
    /// and "leave the domino", an opened loop of four "take" and "cut it into two dominoes".
    /// None when no box is capturable or the shape is one the rules do not cover.
    fn chain_moves(&self, mask: u64) -> Option<Vec<(usize, i32)>> {
        let mut options: Vec<(usize, i32)> = Vec::new();
        for x in 0..self.board.boxes() {
            if self.drawn_sides(mask, x) != 3 {
                continue;
            }
            let capture = self.free_side(mask, x, None)?;
            let taking = (capture, self.completes(mask, capture));
            let Some(y) = self
                .across(capture, x)
                .filter(|&y| self.drawn_sides(mask, y) == 2)
            else {
                return Some(vec![taking]); // border, or a box not handed on
            };
            // Walk the chain: x, y, ... until the border, a box with fewer sides, or a capturable box.
            let (mut length, mut via, mut current) = (2, capture, y);
            let first_far = self.free_side(mask, y, Some(capture))?;
            let capturable_end = loop {
                let far = self.free_side(mask, current, Some(via))?;
                match self
                    .across(far, current)
                    .map(|z| (z, self.drawn_sides(mask, z)))
                {
                    Some((z, 2)) if length < self.board.boxes() => {
                        length += 1;
                        (via, current) = (far, z);
                    }
                    Some((_, 3)) => {
                        length += 1;
                        break true;
                    }
                    Some((_, 2)) => return None,
                    _ => break false,
                }
            };
            match (capturable_end, length) {
                (false, 2) | (true, 4) => options.extend([taking, (first_far, 0)]),
                (false, _) => return Some(vec![taking]),
                (true, l) if l >= 5 => return Some(vec![taking]),
                _ => return None,
            }
        }
        if options.is_empty() {
            return None;
        }
        options.sort_unstable();
        options.dedup();
        Some(options)
    }

    /// Boxes the opponent can take in a row after `line` was drawn (a sacrifice's size).
    fn handed(&self, mask: u64, line: usize) -> usize {
        let mut total = 0;
        for &x in &self.board.boxes_of[line] {
            if self.drawn_sides(mask, x) != 3 {
                continue;
            }
            let (mut current, mut via) = (x, line);
            total += 1;
            while let Some(next_line) = self.free_side(mask, current, Some(via)) {
                match self.across(next_line, current) {
                    Some(next)
                        if self.drawn_sides(mask, next) == 2 && total < self.board.boxes() =>
                    {
                        total += 1;
                        (current, via) = (next, next_line);
                    }
                    _ => break,
                }
            }
        }
        total
    }

    fn ordered_moves(&self, mask: u64) -> Vec<(usize, i32)> {
        if self.chain_rules {
            if let Some(moves) = self.chain_moves(mask) {
                return moves;
            }
        }
        let mut moves: Vec<(u8, usize, usize, i32)> = self
            .centre_out
            .iter()
            .enumerate()
            .filter(|&(_, &l)| mask & 1 << l == 0)
            .filter(|&(_, &l)| {
                !self
                    .corner_pairs
                    .iter()
                    .any(|&(a, b)| b == l && mask & 1 << a == 0)
            })
            .map(|(order, &l)| {
                let k = self.completes(mask, l);
                // 0: captures; 1: safe (gives no box a third side); 2: the rest.
                // 0: captures; 1: safe lines; then sacrifices, the fewest boxes handed over first.
                let rank = if k > 0 {
                    0
                } else if self.board.boxes_of[l]
                    .iter()
                    .all(|&b| self.drawn_sides(mask, b) < 2)
                {
                    1
                } else {
                    2 + self.handed(mask | 1 << l, l).min(250) as u8
                };
                (rank, order, l, k)
            })
            .collect();
        moves.sort_unstable();
        moves.into_iter().map(|(_, _, l, k)| (l, k)).collect()
    }

    /// A corner's second border line drawn alone counts as its first.
    fn corners_normalized(&self, mut mask: u64) -> u64 {
        for &(a, b) in &self.corner_pairs {
            if mask & 1 << b != 0 && mask & 1 << a == 0 {
                mask ^= 1 << a | 1 << b;
            }
        }
        mask
    }

    /// The smallest image of a position under the board's symmetries and corner equivalence
    /// (its table key).
    fn canonical(&self, mask: u64) -> u64 {
        let mut best = self.corners_normalized(mask);
        for perm in &self.symmetries {
            let mut image = 0u64;
            let mut bits = mask;
            while bits != 0 {
                let l = bits.trailing_zeros() as usize;
                image |= 1 << perm[l];
                bits &= bits - 1;
            }
            best = best.min(self.corners_normalized(image));
        }
        best
    }

    fn search(&mut self, mask: u64, mut alpha: i32, mut beta: i32) -> i32 {
        if mask == self.full {
            return 0;
        }
        if self.nodes >= self.limit {
            self.interrupted = true;
            return 0;
        }
        self.nodes += 1;
        let (alpha0, beta0) = (alpha, beta);
        let key = self.canonical(mask);
        let n = self.board.boxes() as i32;
        let (mut lo, mut hi) = (-n, n);
        if let Some((l, h)) = self.table.get(key) {
            (lo, hi) = (l, h);
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
            let value = if k > 0 {
                k + self.search(next, alpha - k, beta - k)
            } else {
                -self.search(next, -beta, -alpha)
            };
            if self.interrupted {
                return 0;
            }
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        if best <= alpha0 {
            hi = hi.min(best); // an upper bound
        } else if best >= beta0 {
            lo = lo.max(best); // a lower bound
        } else {
            (lo, hi) = (best, best);
        }
        self.table.put(key, lo, hi);
        best
    }
}

/// Line ids by the distance of their middles from the board's centre, nearest first.
fn centre_out(board: &Board) -> Vec<usize> {
    let horizontal = (board.rows + 1) * board.cols;
    let middle = |line: usize| -> (f64, f64) {
        if line < horizontal {
            ((line / board.cols) as f64, (line % board.cols) as f64 + 0.5)
        } else {
            let v = line - horizontal;
            (
                (v / (board.cols + 1)) as f64 + 0.5,
                (v % (board.cols + 1)) as f64,
            )
        }
    };
    let (cr, cc) = (board.rows as f64 / 2.0, board.cols as f64 / 2.0);
    let mut lines: Vec<usize> = (0..board.lines()).collect();
    lines.sort_by(|&a, &b| {
        let d = |l| {
            let (r, c) = middle(l);
            (r - cr).powi(2) + (c - cc).powi(2)
        };
        d(a).total_cmp(&d(b)).then(a.cmp(&b))
    });
    lines
}

/// The mask of drawn lines of a game.
pub fn mask_of(drawn: impl Iterator<Item = bool>) -> u64 {
    drawn
        .enumerate()
        .fold(0u64, |m, (i, d)| if d && i < 64 { m | 1 << i } else { m })
}
