//! The rules (docs/chain-reaction.md) with a canonical explosion order: waves, row-major inside a
//! wave, the end test after every single explosion.

use std::fmt;

/// The most explosions one move may take. An endless chain converts every cell and so ends by
/// rule 6 long before this; reaching it would be a bug, reported as an error.
pub const EXPLOSION_CAP: u32 = 1_000_000;

pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 20;
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 8;

/// Board size and number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub rows: usize,
    pub cols: usize,
    pub players: usize,
}

impl Default for Settings {
    /// 9 rows × 6 columns, two players: the Android app's board.
    fn default() -> Self {
        Settings {
            rows: 9,
            cols: 6,
            players: 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError(pub String);

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Settings {
    pub fn new(rows: usize, cols: usize, players: usize) -> Result<Settings, SettingsError> {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&rows) || !side.contains(&cols) {
            return Err(SettingsError(format!(
                "the board is {rows} × {cols}; rows and columns go from {MIN_SIDE} to {MAX_SIDE}"
            )));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SettingsError(format!(
                "{players} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}"
            )));
        }
        if rows * cols < players {
            return Err(SettingsError(format!(
                "{players} players need at least {players} cells; the board has {}",
                rows * cols
            )));
        }
        Ok(Settings {
            rows,
            cols,
            players,
        })
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// A cell's critical mass: its number of orthogonal neighbours.
    pub fn critical_mass(&self, cell: usize) -> u8 {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let edge_rows = (r == 0) as u8 + (r == self.rows - 1) as u8;
        let edge_cols = (c == 0) as u8 + (c == self.cols - 1) as u8;
        4 - edge_rows - edge_cols
    }

    /// The orthogonal neighbours of a cell.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (cell / cols, cell % cols);
        [
            (r > 0).then(|| cell - cols),
            (r + 1 < rows).then(|| cell + cols),
            (c > 0).then(|| cell - 1),
            (c + 1 < cols).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Most orbs a stable board holds: every cell one short of its critical mass.
    pub fn max_stable_orbs(&self) -> usize {
        3 * self.rows * self.cols - 2 * self.rows - 2 * self.cols
    }
}

/// Why a move was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    OffBoard {
        row: usize,
        col: usize,
    },
    Occupied {
        row: usize,
        col: usize,
        owner: usize,
    },
    /// The explosion cap was reached: a bug, never expected.
    Runaway,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::OffBoard { row, col } => write!(f, "({row}, {col}) is off the board"),
            MoveError::Occupied { row, col, owner } => {
                write!(f, "({row}, {col}) belongs to player {owner}")
            }
            MoveError::Runaway => write!(f, "the chain passed {EXPLOSION_CAP} explosions"),
        }
    }
}

/// What one move did: the cells of each wave (in explosion order), how many exploded, who was
/// eliminated by it, and whether it won.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveReport {
    pub player: usize,
    pub cell: usize,
    pub waves: Vec<Vec<usize>>,
    /// The board after the placement and after each wave: (owner or `None`, orbs) per cell, for
    /// an animation that shows one wave per frame.
    pub frames: Vec<Vec<Option<(usize, u8)>>>,
    pub explosions: u32,
    pub eliminated: Vec<usize>,
    pub won: bool,
}

impl MoveReport {
    /// The cells that received orbs from this move's explosions (the automaton's ε moves).
    pub fn received(&self, settings: Settings) -> Vec<usize> {
        let mut cells: Vec<usize> = self
            .waves
            .iter()
            .flatten()
            .flat_map(|&c| settings.neighbours(c))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

const EMPTY: u8 = u8::MAX;

/// Each cell's critical mass and neighbours, computed once per board and shared by every copy
/// of a game (searches copy games a lot).
#[derive(Debug, PartialEq, Eq)]
struct Geometry {
    mass: Vec<u8>,
    neighbours: Vec<Vec<u16>>,
}

impl Geometry {
    fn new(settings: Settings) -> Geometry {
        let cells = settings.cells();
        Geometry {
            mass: (0..cells).map(|c| settings.critical_mass(c)).collect(),
            neighbours: (0..cells)
                .map(|c| settings.neighbours(c).map(|n| n as u16).collect())
                .collect(),
        }
    }
}

/// A game in progress: the board, whose turn it is, who has moved and who is out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    settings: Settings,
    geometry: std::rc::Rc<Geometry>,
    orbs: Vec<u8>,
    owner: Vec<u8>,
    /// Orbs each player owns (kept up to date, so the end test is O(1)).
    owned: Vec<u32>,
    placed: Vec<bool>,
    eliminated: Vec<bool>,
    current: usize,
    winner: Option<usize>,
    placements: usize,
}

impl Game {
    pub fn new(settings: Settings) -> Game {
        let cells = settings.cells();
        Game {
            settings,
            geometry: std::rc::Rc::new(Geometry::new(settings)),
            orbs: vec![0; cells],
            owner: vec![EMPTY; cells],
            owned: vec![0; settings.players],
            placed: vec![false; settings.players],
            eliminated: vec![false; settings.players],
            current: 0,
            winner: None,
            placements: 0,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The player to move (`None` once the game is over).
    pub fn current(&self) -> Option<usize> {
        self.winner.is_none().then_some(self.current)
    }

    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    pub fn placements(&self) -> usize {
        self.placements
    }

    pub fn is_eliminated(&self, player: usize) -> bool {
        self.eliminated.get(player).copied().unwrap_or(false)
    }

    pub fn eliminated(&self) -> Vec<usize> {
        (0..self.settings.players)
            .filter(|&p| self.eliminated[p])
            .collect()
    }

    pub fn orbs_of(&self, player: usize) -> u32 {
        self.owned.get(player).copied().unwrap_or(0)
    }

    /// A cell: `None` when empty, else (owner, orbs).
    pub fn cell(&self, cell: usize) -> Option<(usize, u8)> {
        (self.owner.get(cell).copied().unwrap_or(EMPTY) != EMPTY)
            .then(|| (self.owner[cell] as usize, self.orbs[cell]))
    }

    pub fn cell_at(&self, row: usize, col: usize) -> Option<(usize, u8)> {
        (row < self.settings.rows && col < self.settings.cols)
            .then(|| self.cell(row * self.settings.cols + col))
            .flatten()
    }

    /// Total orbs on the board.
    pub fn total_orbs(&self) -> u32 {
        self.owned.iter().sum()
    }

    /// Whether the current player may drop an orb at (row, col).
    pub fn check_move(&self, row: usize, col: usize) -> Result<usize, MoveError> {
        if self.winner.is_some() {
            return Err(MoveError::GameOver);
        }
        if row >= self.settings.rows || col >= self.settings.cols {
            return Err(MoveError::OffBoard { row, col });
        }
        let cell = row * self.settings.cols + col;
        match self.cell(cell) {
            Some((owner, _)) if owner != self.current => {
                Err(MoveError::Occupied { row, col, owner })
            }
            _ => Ok(cell),
        }
    }

    /// The cells the current player may play (empty or their own).
    pub fn legal_cells(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.legal_cells_into(&mut out);
        out
    }

    /// The same into a buffer the caller reuses.
    pub fn legal_cells_into(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let me = self.current as u8;
        out.extend(
            self.owner
                .iter()
                .enumerate()
                .filter(|(_, &o)| o == EMPTY || o == me)
                .map(|(c, _)| c),
        );
    }

    /// Drops an orb for the current player at (row, col) and resolves the chain. A refused move
    /// changes nothing. (`Runaway` cannot happen by; if it ever did, the board would be
    /// left mid-chain — `turn::Record` replays from its start and loses nothing.)
    pub fn play(&mut self, row: usize, col: usize) -> Result<MoveReport, MoveError> {
        let cell = self.check_move(row, col)?;
        self.resolve(cell, true)
    }

    /// Plays a cell known to be legal (`legal_cells`), as searches do.
    pub fn play_cell(&mut self, cell: usize) -> Result<MoveReport, MoveError> {
        self.resolve(cell, true)
    }

    /// The same without the report's waves (playouts make millions of moves).
    pub fn play_cell_quietly(&mut self, cell: usize) -> Result<(), MoveError> {
        self.resolve(cell, false).map(|_| ())
    }

    fn resolve(&mut self, cell: usize, record: bool) -> Result<MoveReport, MoveError> {
        let player = self.current;
        let mut report = MoveReport {
            player,
            cell,
            ..MoveReport::default()
        };
        self.placed[player] = true;
        self.placements += 1;
        self.add_orb(cell, player);
        if record {
            report.frames.push(self.snapshot());
        }
        let mut wave: Vec<usize> = if self.orbs[cell] >= self.geometry.mass[cell] {
            vec![cell]
        } else {
            Vec::new()
        };
        'chain: while !wave.is_empty() {
            let mut next = Vec::new();
            for &c in &wave {
                let mass = self.geometry.mass[c];
                if self.orbs[c] < mass {
                    continue;
                }
                self.explode(c, mass, player, &mut next);
                report.explosions += 1;
                if report.explosions > EXPLOSION_CAP {
                    return Err(MoveError::Runaway);
                }
                if self.all_placed() && self.owned[player] == self.total_orbs() {
                    self.winner = Some(player);
                    report.won = true;
                    if record {
                        report.waves.push(
                            wave.iter()
                                .copied()
                                .take_while(|&x| x != c)
                                .chain(std::iter::once(c))
                                .collect(),
                        );
                        report.frames.push(self.snapshot());
                    }
                    break 'chain;
                }
            }
            if record {
                report.waves.push(std::mem::take(&mut wave));
                report.frames.push(self.snapshot());
            }
            next.sort_unstable();
            next.dedup();
            next.retain(|&c| self.orbs[c] >= self.geometry.mass[c]);
            wave = next;
        }
        if !report.won {
            for p in 0..self.settings.players {
                if !self.eliminated[p] && self.placed[p] && self.owned[p] == 0 {
                    self.eliminated[p] = true;
                    report.eliminated.push(p);
                }
            }
            self.current = self.next_player(player);
        }
        Ok(report)
    }

    fn snapshot(&self) -> Vec<Option<(usize, u8)>> {
        (0..self.settings.cells()).map(|c| self.cell(c)).collect()
    }

    fn all_placed(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    fn add_orb(&mut self, cell: usize, player: usize) {
        if self.owner[cell] != EMPTY {
            let old = self.owner[cell] as usize;
            self.owned[old] -= self.orbs[cell] as u32;
        }
        self.orbs[cell] += 1;
        self.owner[cell] = player as u8;
        self.owned[player] += self.orbs[cell] as u32;
    }

    /// One explosion: the cell loses exactly its critical mass, each neighbour gains an orb and
    /// becomes the exploding player's.
    fn explode(&mut self, cell: usize, mass: u8, player: usize, unstable: &mut Vec<usize>) {
        self.orbs[cell] -= mass;
        self.owned[player] -= mass as u32;
        if self.orbs[cell] == 0 {
            self.owner[cell] = EMPTY;
        } else if self.orbs[cell] >= mass {
            unstable.push(cell); // more than twice its mass: it goes again next wave
        }
        let geometry = self.geometry.clone();
        for &n in &geometry.neighbours[cell] {
            let n = n as usize;
            self.add_orb(n, player);
            if self.orbs[n] >= geometry.mass[n] {
                unstable.push(n);
            }
        }
    }

    fn next_player(&self, after: usize) -> usize {
        let n = self.settings.players;
        (1..=n)
            .map(|d| (after + d) % n)
            .find(|&p| !self.eliminated[p])
            .unwrap_or(after)
    }

    /// The board in the spec's text form: one string per row, `.` or a letter and a count.
    pub fn board_text(&self) -> Vec<String> {
        (0..self.settings.rows)
            .map(|r| {
                (0..self.settings.cols)
                    .map(|c| match self.cell(r * self.settings.cols + c) {
                        None => ".".to_string(),
                        Some((p, n)) => format!("{}{n}", char::from(b'A' + p as u8)),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

/// Chain Reaction as a turn game: moves are cells (`row.column` in text), settings `RxCxP`.
impl crate::engine::turn::TurnGame for Game {
    type Settings = Settings;
    type Move = usize;
    const MOVE_SEPARATOR: char = ',';

    fn start(settings: &Settings) -> Game {
        Game::new(*settings)
    }

    fn settings(&self) -> Settings {
        self.settings
    }

    fn settings_text(s: &Settings) -> String {
        format!("{}x{}x{}", s.rows, s.cols, s.players)
    }

    fn parse_settings(text: &str) -> Result<Settings, String> {
        let not_settings = || {
            let text = crate::echo::echo(text);
            format!("'{text}' is not rows x columns x players")
        };
        let numbers: Vec<usize> = text
            .split('x')
            .map(|n| n.trim().parse().map_err(|_| not_settings()))
            .collect::<Result<_, _>>()?;
        let [rows, cols, players] = numbers[..] else {
            return Err(not_settings());
        };
        Settings::new(rows, cols, players).map_err(|e| e.0)
    }

    fn move_text(&self, cell: usize) -> String {
        format!(
            "{}.{}",
            cell / self.settings.cols,
            cell % self.settings.cols
        )
    }

    fn parse_move(&self, text: &str) -> Result<usize, String> {
        let not_cell = || format!("'{}' is not row.column", crate::echo::echo(text));
        let (r, c) = text.split_once('.').ok_or_else(not_cell)?;
        let (r, c): (usize, usize) = (
            r.trim().parse().map_err(|_| not_cell())?,
            c.trim().parse().map_err(|_| not_cell())?,
        );
        if r >= self.settings.rows || c >= self.settings.cols {
            return Err(format!(
                "({r}, {c}) is off the {} × {} board",
                self.settings.rows, self.settings.cols
            ));
        }
        Ok(r * self.settings.cols + c)
    }

    fn to_move(&self) -> Option<usize> {
        self.current()
    }

    fn legal_moves(&self) -> Vec<usize> {
        self.legal_cells()
    }

    /// Without the waves' report: searches apply millions of moves (the page replays a move
    /// with `play_cell` when it animates one).
    fn apply(&mut self, cell: usize) -> Result<(), String> {
        let cols = self.settings.cols;
        self.check_move(cell / cols, cell % cols)
            .and_then(|cell| self.resolve(cell, false))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn returns(&self) -> Vec<f64> {
        let players = self.settings.players;
        match self.winner() {
            Some(w) => (0..players)
                .map(|p| if p == w { 1.0 } else { -1.0 })
                .collect(),
            None => vec![0.0; players],
        }
    }
}
