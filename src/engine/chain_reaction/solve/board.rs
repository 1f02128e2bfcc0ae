//! A two-player board small enough to copy by value: orbs and owners in fixed arrays, each
//! player's orb count, and the board's geometry kept apart (`Geometry`), so the solver makes a
//! child without touching the heap.
//!
//! A move's chain is resolved in any order, not the game's wave order: bursts commute (how often
//! each cell bursts, and so which cells receive orbs, does not depend on the order), and the
//! mover wins as soon as the opponent has no orb left, which no order can undo since a chain
//! only takes orbs from the opponent. So the result is the same as `Game::play`'s, and the tests
//! compare the two on random games.

use super::super::game::EXPLOSION_CAP;
use super::super::{Game, Settings};

/// The most cells a board may have here: 3 bits a cell in a 64-bit key.
pub const MOST_CELLS: usize = 21;

/// The cells' critical masses and neighbours, and the board's symmetries as cell orders.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub settings: Settings,
    pub cells: usize,
    mass: [u8; MOST_CELLS],
    neighbours: [[u8; 4]; MOST_CELLS],
    degree: [u8; MOST_CELLS],
    /// Each symmetry as the cell read at each place of the key (the identity first).
    symmetries: Vec<[u8; MOST_CELLS]>,
}

impl Geometry {
    /// None when the board has more than `MOST_CELLS` cells.
    pub fn new(settings: Settings) -> Option<Geometry> {
        let cells = settings.cells();
        if cells > MOST_CELLS {
            return None;
        }
        let mut geometry = Geometry {
            settings,
            cells,
            mass: [0; MOST_CELLS],
            neighbours: [[0; 4]; MOST_CELLS],
            degree: [0; MOST_CELLS],
            symmetries: Vec::new(),
        };
        for cell in 0..cells {
            geometry.mass[cell] = settings.critical_mass(cell);
            for (k, n) in settings.neighbours(cell).enumerate() {
                geometry.neighbours[cell][k] = n as u8;
                geometry.degree[cell] = k as u8 + 1;
            }
        }
        geometry.symmetries = symmetries(settings);
        Some(geometry)
    }

    fn neighbours(&self, cell: usize) -> &[u8] {
        &self.neighbours[cell][..self.degree[cell] as usize]
    }

    /// The board as 3 bits a cell (0 empty, else 1 + 3·owner + orbs − 1), the least over the
    /// board's symmetries: positions that are mirror images share one key.
    pub fn key(&self, board: &Board) -> u64 {
        let code: [u64; MOST_CELLS] = std::array::from_fn(|c| match board.orbs[c] {
            0 => 0,
            n => 1 + 3 * u64::from(board.owner[c]) + u64::from(n - 1),
        });
        self.symmetries
            .iter()
            .map(|map| {
                map[..self.cells]
                    .iter()
                    .fold(0u64, |key, &cell| (key << 3) | code[cell as usize])
            })
            .min()
            .unwrap_or(0)
    }

    /// The mover's orb in `cell` (empty or the mover's) and its chain: the board after it, or
    /// `Won` when the opponent is left with no orb.
    pub fn play(&self, board: &Board, cell: usize) -> Played {
        let mut next = *board;
        let me = board.mover();
        let them = 1 - me;
        // The opponent can be wiped out only once both have placed an orb.
        let can_win = board.total() >= 1;
        next.add(cell, me);
        let mut waiting = Waiting::default();
        if next.orbs[cell] >= self.mass[cell] {
            waiting.push(cell);
        }
        let mut bursts = 0u32;
        while let Some(c) = waiting.pop() {
            let mass = self.mass[c];
            next.orbs[c] -= mass;
            next.count[me] -= mass;
            if next.orbs[c] == 0 {
                next.owner[c] = 0;
            } else if next.orbs[c] >= mass {
                waiting.push(c);
            }
            for &n in self.neighbours(c) {
                let n = n as usize;
                next.add(n, me);
                if next.orbs[n] >= self.mass[n] {
                    waiting.push(n);
                }
            }
            if can_win && next.count[them] == 0 {
                return Played::Won;
            }
            // A chain that never settles bursts every cell, so it takes the opponent's last orb
            // and ends above; this cap is only a guard against a bug.
            bursts += 1;
            if bursts > EXPLOSION_CAP {
                return Played::Runaway;
            }
        }
        if can_win && next.count[them] == 0 {
            return Played::Won;
        }
        Played::Board(next)
    }
}

/// The cells waiting to burst, each listed once however many orbs it gains meanwhile.
#[derive(Default)]
struct Waiting {
    cells: [u8; MOST_CELLS],
    len: usize,
    listed: u32,
}

impl Waiting {
    fn push(&mut self, cell: usize) {
        if self.listed & (1 << cell) == 0 {
            self.listed |= 1 << cell;
            self.cells[self.len] = cell as u8;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        let cell = usize::from(self.cells[self.len]);
        self.listed &= !(1 << cell);
        Some(cell)
    }
}

/// What a move came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    Board(Board),
    /// The mover took every orb: the game is over.
    Won,
    /// The chain passed `EXPLOSION_CAP` bursts: a bug, never expected.
    Runaway,
}

/// Orbs and owners (0 or 1; nobody's when empty), and each player's orbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    orbs: [u8; MOST_CELLS],
    owner: [u8; MOST_CELLS],
    count: [u8; 2],
}

impl Board {
    pub fn empty() -> Board {
        Board {
            orbs: [0; MOST_CELLS],
            owner: [0; MOST_CELLS],
            count: [0; 2],
        }
    }

    /// A two-player game's board (None: more players, too many cells, or over).
    pub fn of(game: &Game) -> Option<Board> {
        let settings = game.settings();
        if settings.players != 2 || settings.cells() > MOST_CELLS || game.is_over() {
            return None;
        }
        let mut board = Board::empty();
        for cell in 0..settings.cells() {
            if let Some((owner, orbs)) = game.cell(cell) {
                board.orbs[cell] = orbs;
                board.owner[cell] = owner as u8;
                board.count[owner] += orbs;
            }
        }
        // Every move adds one orb, and with two players nobody's turn is skipped.
        (game.current() == Some(board.mover())).then_some(board)
    }

    /// Orbs on the board: the moves made so far.
    pub fn total(&self) -> u8 {
        self.count[0] + self.count[1]
    }

    pub fn orbs_of(&self, player: usize) -> u8 {
        self.count[player]
    }

    /// The player to move: the parity of the moves made.
    pub fn mover(&self) -> usize {
        usize::from(self.total() % 2)
    }

    /// Whether the mover may play `cell`.
    pub fn playable(&self, cell: usize) -> bool {
        self.orbs[cell] == 0 || usize::from(self.owner[cell]) == self.mover()
    }

    fn add(&mut self, cell: usize, player: usize) {
        if self.orbs[cell] > 0 {
            let old = usize::from(self.owner[cell]);
            self.count[old] -= self.orbs[cell];
        }
        self.orbs[cell] += 1;
        self.owner[cell] = player as u8;
        self.count[player] += self.orbs[cell];
    }
}

/// The board's symmetries as cell orders: the identity, the two mirrors and the half turn, and
/// on a square board the four more of the square.
fn symmetries(settings: Settings) -> Vec<[u8; MOST_CELLS]> {
    let (rows, cols) = (settings.rows, settings.cols);
    let mut maps = Vec::new();
    let mut add = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
        let mut map = [0u8; MOST_CELLS];
        for (i, place) in map.iter_mut().enumerate().take(rows * cols) {
            let (r, c) = f(i / cols, i % cols);
            *place = (r * cols + c) as u8;
        }
        maps.push(map);
    };
    add(&|r, c| (r, c));
    add(&|r, c| (rows - 1 - r, c));
    add(&|r, c| (r, cols - 1 - c));
    add(&|r, c| (rows - 1 - r, cols - 1 - c));
    if rows == cols {
        add(&|r, c| (c, r));
        add(&|r, c| (cols - 1 - c, r));
        add(&|r, c| (c, rows - 1 - r));
        add(&|r, c| (cols - 1 - c, rows - 1 - r));
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// Random games on every board shape the solver takes: after each move the compact board is
    /// the game's, and it is won exactly when the game is.
    #[test]
    fn a_move_on_the_compact_board_is_the_game_s_move() {
        let mut rng = Rng::new(5);
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 4),
            (3, 5),
            (3, 7),
            (2, 10),
        ];
        for (rows, cols) in shapes {
            let settings = Settings::new(rows, cols, 2).unwrap();
            let geometry = Geometry::new(settings).unwrap();
            for _ in 0..40 {
                let mut game = Game::new(settings);
                while !game.is_over() {
                    let board = Board::of(&game).unwrap();
                    let legal = game.legal_cells();
                    let playable: Vec<usize> = (0..settings.cells())
                        .filter(|&c| board.playable(c))
                        .collect();
                    assert_eq!(playable, legal);
                    let cell = legal[rng.below(legal.len())];
                    let played = geometry.play(&board, cell);
                    game.play_cell_quietly(cell).unwrap();
                    match played {
                        Played::Won => assert!(game.is_over(), "{:?}", game.board_text()),
                        Played::Board(next) => assert_eq!(Board::of(&game), Some(next)),
                        Played::Runaway => panic!("a runaway chain"),
                    }
                }
            }
        }
    }

    #[test]
    fn mirror_images_share_a_key_and_other_boards_do_not() {
        let settings = Settings::new(3, 4, 2).unwrap();
        let geometry = Geometry::new(settings).unwrap();
        let at = |moves: &[usize]| {
            let mut game = Game::new(settings);
            for &m in moves {
                game.play_cell(m).unwrap();
            }
            geometry.key(&Board::of(&game).unwrap())
        };
        // A at (0, 0), B at (1, 2), and the three mirror images of that.
        assert_eq!(at(&[0, 6]), at(&[3, 5]));
        assert_eq!(at(&[0, 6]), at(&[8, 6]));
        assert_eq!(at(&[0, 6]), at(&[11, 5]));
        assert_ne!(at(&[0, 6]), at(&[0, 5]));
        // The same cells with the owners swapped are another position.
        assert_ne!(at(&[0, 5]), at(&[5, 0]));
        assert_eq!(
            Geometry::new(Settings::new(4, 6, 2).unwrap()).map(|_| ()),
            None
        );
    }
}
