//! What the search needs to know of a board, computed once: each box's sides as a bit mask, the
//! boxes of each line, the board's symmetries as per-line image bits (so a move updates every
//! image of the position, corners normalized, with a few bit operations each), the corners'
//! interchangeable border lines, and the lines from the centre outwards.
//!
//! Keys (a position's images) number the lines their own way: the border lines take the lowest
//! bits and the inner lines the bits above them. So the smallest image is chosen by the inner
//! lines first, and `key >> border_bits` is the same for positions that differ only in border
//! lines: the table keeps those close together (table.rs).

use super::super::board::Board;

/// Images kept per position: the identity and up to seven symmetries (a square board has eight;
/// a rectangular one four, the rest repeat the identity).
pub const IMAGES: usize = 8;

/// No box on that side of a line (a border line has one box).
pub const NO_BOX: u8 = u8::MAX;

pub struct Geometry {
    pub lines: usize,
    pub boxes: usize,
    /// Every line drawn.
    pub full: u64,
    /// Per box, the mask of its four sides.
    pub box_sides: Vec<u64>,
    /// Per line, its one or two boxes (`NO_BOX` for the missing one of a border line).
    pub line_boxes: Vec<[u8; 2]>,
    /// Per line, the key bit of its image under each symmetry (index 0: the identity).
    pub images: Vec<[u64; IMAGES]>,
    /// How many of a key's lowest bits are border lines (the rest are inner lines).
    pub border_bits: u32,
    /// Per line and symmetry, what drawing it adds to a corners-normalized image: (the bit set
    /// at once, the bit set too when the first was already set). For a corner's border line
    /// that is (its first line, its second line); for any other line, its image bit twice.
    draws: Vec<[(u64, u64); IMAGES]>,
    /// Per symmetry, the line each key bit comes from (to read a move stored in a key's frame).
    pub preimages: [Vec<u8>; IMAGES],
    /// The two border lines of each corner box (boards of at least 2 × 2) as (first, second)
    /// bits: either one is the same move (both tie the same coin to the ground), so keys count
    /// the second alone as the first and move lists skip the second while the first is free.
    pub corner_pairs: Vec<(u64, u64)>,
    /// Lines from the centre outwards (the order moves are tried in, after captures).
    pub centre_out: Vec<u8>,
}

/// A position: its drawn lines, and their images under every symmetry with corners normalized
/// (`keys[0]` is the position's own), the candidates for its table key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pos {
    mask: u64,
    keys: [u64; IMAGES],
}

impl Pos {
    pub fn mask(&self) -> u64 {
        self.mask
    }
}

impl Geometry {
    pub fn new(board: &Board) -> Geometry {
        let lines = board.lines();
        let box_sides = board
            .sides
            .iter()
            .map(|s| s.iter().fold(0u64, |m, &l| m | 1 << l))
            .collect();
        let line_boxes = board
            .boxes_of
            .iter()
            .map(|b| {
                [
                    b.first().map_or(NO_BOX, |&x| x as u8),
                    b.get(1).map_or(NO_BOX, |&x| x as u8),
                ]
            })
            .collect();
        let permutations = symmetries(board);
        let (key_bit, border_bits) = key_bits(board);
        let images = (0..lines)
            .map(|l| {
                let mut bits = [1u64 << key_bit[l]; IMAGES];
                for (s, perm) in permutations.iter().enumerate().take(IMAGES - 1) {
                    bits[s + 1] = 1 << key_bit[perm[l] as usize];
                }
                bits
            })
            .collect::<Vec<[u64; IMAGES]>>();
        let preimages = std::array::from_fn(|s| {
            let mut from = vec![0u8; lines];
            for (l, bits) in images.iter().enumerate() {
                from[bits[s].trailing_zeros() as usize] = l as u8;
            }
            from
        });
        let mut corner_pairs: Vec<(u64, u64)> = Vec::new();
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
                let (a, c) = (border[0].min(border[1]), border[0].max(border[1]));
                corner_pairs.push((1u64 << a, 1u64 << c));
            }
        }
        // The corner pairs as key bits.
        let key_pairs: Vec<(u64, u64)> = corner_pairs
            .iter()
            .map(|&(first, second)| {
                let bits = [first, second].map(|b| 1u64 << key_bit[b.trailing_zeros() as usize]);
                (bits[0].min(bits[1]), bits[0].max(bits[1]))
            })
            .collect();
        let draws = images
            .iter()
            .map(|bits| {
                bits.map(|bit| {
                    key_pairs
                        .iter()
                        .copied()
                        .find(|&(first, second)| bit == first || bit == second)
                        .unwrap_or((bit, bit))
                })
            })
            .collect();
        Geometry {
            lines,
            boxes: board.boxes(),
            full: if lines == 64 {
                u64::MAX
            } else {
                (1u64 << lines) - 1
            },
            box_sides,
            line_boxes,
            images,
            border_bits,
            draws,
            preimages,
            corner_pairs,
            centre_out: centre_out(board),
        }
    }

    /// The position of the drawn lines `mask`, with its images.
    pub fn position(&self, mask: u64) -> Pos {
        let mut pos = Pos {
            mask: 0,
            keys: [0; IMAGES],
        };
        let mut bits = mask & self.full;
        while bits != 0 {
            pos = self.draw(pos, bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        pos
    }

    /// The position `mask` with `line` drawn.
    pub fn draw_mask(&self, mask: u64, line: usize) -> Pos {
        self.position(mask | 1 << line)
    }

    pub fn draw(&self, pos: Pos, line: usize) -> Pos {
        let mut keys = pos.keys;
        for (key, &(first, second)) in keys.iter_mut().zip(&self.draws[line]) {
            // A corner's first border line stands for whichever of its two is drawn alone.
            let had_first = (*key & first != 0) as u64;
            *key |= first | (second & had_first.wrapping_neg());
        }
        Pos {
            mask: pos.mask | 1 << line,
            keys,
        }
    }

    /// Sides already drawn around box `b`.
    pub fn drawn_sides(&self, mask: u64, b: usize) -> u32 {
        (mask & self.box_sides[b]).count_ones()
    }

    /// The boxes of a line (one or two).
    pub fn boxes_of(&self, line: usize) -> impl Iterator<Item = usize> + '_ {
        self.line_boxes[line]
            .iter()
            .filter(|&&b| b != NO_BOX)
            .map(|&b| b as usize)
    }

    /// The box across `line` from box `b`, if any.
    pub fn across(&self, line: usize, b: usize) -> Option<usize> {
        let [x, y] = self.line_boxes[line];
        let other = if x as usize == b { y } else { x };
        (other != NO_BOX).then_some(other as usize)
    }

    /// The undrawn side of box `b` other than `except`.
    pub fn free_side(&self, mask: u64, b: usize, except: Option<usize>) -> Option<usize> {
        let mut free = self.box_sides[b] & !mask;
        if let Some(e) = except {
            free &= !(1u64 << e);
        }
        (free != 0).then(|| free.trailing_zeros() as usize)
    }

    /// Boxes that drawing `line` completes.
    pub fn completes(&self, mask: u64, line: usize) -> i32 {
        let after = mask | 1 << line;
        self.boxes_of(line)
            .filter(|&b| after & self.box_sides[b] == self.box_sides[b])
            .count() as i32
    }

    /// Drawing `line` gives no box a third side.
    pub fn is_safe(&self, mask: u64, line: usize) -> bool {
        mask & 1 << line == 0 && self.boxes_of(line).all(|b| self.drawn_sides(mask, b) < 2)
    }

    /// `line` is the second border line of a corner whose first is still free: the same move.
    pub fn is_corner_twin(&self, mask: u64, line: usize) -> bool {
        let bit = 1u64 << line;
        self.corner_pairs
            .iter()
            .any(|&(first, second)| second == bit && mask & first == 0)
    }

    /// The table key: the smallest image under the symmetries, corners normalized (with
    /// `symmetric` false, the position's own image); and which symmetry gave it.
    pub fn key(&self, pos: &Pos, symmetric: bool) -> (u64, usize) {
        let mut best = (pos.keys[0], 0);
        if symmetric {
            for (s, &key) in pos.keys.iter().enumerate().skip(1) {
                if key < best.0 {
                    best = (key, s);
                }
            }
        }
        best
    }

    /// The key bit of a line of the position in its image under symmetry `s`.
    pub fn image_line(&self, line: usize, s: usize) -> u8 {
        self.images[line][s].trailing_zeros() as u8
    }
}

/// Each line's bit in keys: the border lines (those of one box) first, then the inner lines,
/// each in id order; and the number of border lines.
fn key_bits(board: &Board) -> (Vec<u32>, u32) {
    let border = |l: &usize| board.boxes_of[*l].len() == 1;
    let (outer, inner): (Vec<usize>, Vec<usize>) = (0..board.lines()).partition(border);
    let mut key_bit = vec![0u32; board.lines()];
    for (bit, &line) in outer.iter().chain(&inner).enumerate() {
        key_bit[line] = bit as u32;
    }
    (key_bit, outer.len() as u32)
}

/// A map of the dots onto themselves (a symmetry of the board).
type DotMap = Box<dyn Fn((i64, i64)) -> (i64, i64)>;

/// The board's symmetries other than the identity (mirrors, the half turn, and on square boards
/// the quarter turns and diagonal mirrors), each as a permutation of line ids.
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

/// Line ids by the distance of their middles from the board's centre, nearest first.
fn centre_out(board: &Board) -> Vec<u8> {
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
    lines.into_iter().map(|l| l as u8).collect()
}
