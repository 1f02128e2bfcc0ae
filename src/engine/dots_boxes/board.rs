//! The board's geometry in OpenSpiel's numbering and the game itself.

use std::fmt;

pub const MAX_SIDE: usize = 10;

/// An R × C box board: its lines and which lines bound each box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// The four sides of each box (top, bottom, left, right).
    pub sides: Vec<[usize; 4]>,
    /// The boxes (one or two) each line bounds.
    pub boxes_of: Vec<Vec<usize>>,
}

impl Board {
    pub fn new(rows: usize, cols: usize) -> Result<Board, String> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(format!(
                "a board of {rows} × {cols} boxes; rows and columns go from 1 to {MAX_SIDE}"
            ));
        }
        let lines = 2 * rows * cols + rows + cols;
        let mut sides = Vec::with_capacity(rows * cols);
        let mut boxes_of = vec![Vec::new(); lines];
        for r in 0..rows {
            for c in 0..cols {
                let top = r * cols + c;
                let bottom = (r + 1) * cols + c;
                let left = (rows + 1) * cols + r * (cols + 1) + c;
                let b = sides.len();
                sides.push([top, bottom, left, left + 1]);
                for line in [top, bottom, left, left + 1] {
                    boxes_of[line].push(b);
                }
            }
        }
        Ok(Board {
            rows,
            cols,
            sides,
            boxes_of,
        })
    }

    /// The drawn-lines vector with exactly the lines `ids` drawn (ids out of range ignored).
    pub fn drawn_of(&self, ids: &[usize]) -> Vec<bool> {
        let mut drawn = vec![false; self.lines()];
        for &l in ids {
            if let Some(d) = drawn.get_mut(l) {
                *d = true;
            }
        }
        drawn
    }

    pub fn lines(&self) -> usize {
        self.boxes_of.len()
    }

    pub fn boxes(&self) -> usize {
        self.sides.len()
    }

    /// `h r c` or `v r c` for a line id.
    pub fn describe(&self, line: usize) -> String {
        let horizontal = (self.rows + 1) * self.cols;
        if line < horizontal {
            format!("h {} {}", line / self.cols, line % self.cols)
        } else {
            let v = line - horizontal;
            format!("v {} {}", v / (self.cols + 1), v % (self.cols + 1))
        }
    }
}

/// A direction for moving a keyboard cursor from line to line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Board {
    /// The line a cursor reaches from `line` in a direction: left and right go along the same
    /// kind of line; down goes from a horizontal line to the vertical one below its left end,
    /// and from a vertical line to the horizontal one below it (up undoes down), so every line
    /// can be reached. At an edge the cursor stays.
    pub fn step(&self, line: usize, direction: Direction) -> usize {
        let (rows, cols) = (self.rows, self.cols);
        let horizontal_lines = (rows + 1) * cols;
        let horizontal = |r: usize, c: usize| r * cols + c.min(cols - 1);
        let vertical = |r: usize, c: usize| horizontal_lines + r * (cols + 1) + c;
        if line >= self.lines() {
            return 0;
        }
        if line < horizontal_lines {
            let (r, c) = (line / cols, line % cols);
            match direction {
                Direction::Left if c > 0 => line - 1,
                Direction::Right if c + 1 < cols => line + 1,
                Direction::Down if r < rows => vertical(r, c),
                Direction::Up if r > 0 => vertical(r - 1, c),
                _ => line,
            }
        } else {
            let v = line - horizontal_lines;
            let (r, c) = (v / (cols + 1), v % (cols + 1));
            match direction {
                Direction::Left if c > 0 => line - 1,
                Direction::Right if c < cols => line + 1,
                Direction::Down => horizontal(r + 1, c),
                Direction::Up => horizontal(r, c),
                _ => line,
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    OutOfRange { line: usize, lines: usize },
    Taken { line: usize },
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::OutOfRange { line, lines } => write!(
                f,
                "line {line} does not exist (ids go from 0 to {})",
                lines - 1
            ),
            MoveError::Taken { line } => write!(f, "line {line} is already drawn"),
            MoveError::GameOver => f.write_str("every line is drawn: the game is over"),
        }
    }
}

/// A game: who drew each line, who owns each box, whose turn it is. A game may start from a
/// position (a DBN string): its lines were drawn by nobody, its boxes belong to nobody. Undo and
/// redo are the turn games' one history, `turn::Record<Game>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    /// Lines drawn before the game began.
    preset: Vec<bool>,
    /// The player (0 = P1, 1 = P2) who drew each line during the game.
    drawn_by: Vec<Option<u8>>,
    owner: Vec<Option<u8>>,
    current: u8,
    moves: Vec<usize>,
}

impl Game {
    pub fn new(board: Board) -> Game {
        let preset = vec![false; board.lines()];
        Game::from_position(board, &preset)
    }

    /// A game from a position: `drawn` lines are set up, P1 to move, nobody owning a box.
    /// (A `drawn` of the wrong length is read as far as it goes.)
    pub fn from_position(board: Board, drawn: &[bool]) -> Game {
        let preset: Vec<bool> = (0..board.lines())
            .map(|l| drawn.get(l).copied().unwrap_or(false))
            .collect();
        Game {
            drawn_by: vec![None; board.lines()],
            owner: vec![None; board.boxes()],
            current: 0,
            moves: Vec::new(),
            preset,
            board,
        }
    }

    /// Lines drawn before the game began (a position set up from a DBN string).
    pub fn preset(&self) -> &[bool] {
        &self.preset
    }

    fn is_drawn(&self, line: usize) -> bool {
        self.preset[line] || self.drawn_by[line].is_some()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn current(&self) -> usize {
        self.current as usize
    }

    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    pub fn is_over(&self) -> bool {
        (0..self.board.lines()).all(|l| self.is_drawn(l))
    }

    pub fn drawn_by(&self, line: usize) -> Option<usize> {
        self.drawn_by.get(line).copied().flatten().map(usize::from)
    }

    pub fn box_owner(&self, b: usize) -> Option<usize> {
        self.owner.get(b).copied().flatten().map(usize::from)
    }

    /// Every move with its player and the boxes it completed.
    pub fn history(&self) -> Vec<(usize, usize, usize)> {
        let mut replay = Game::from_position(self.board.clone(), &self.preset);
        self.moves
            .iter()
            .map(|&line| {
                let player = replay.current();
                let completed = replay.draw(line).unwrap_or(0);
                (line, player, completed)
            })
            .collect()
    }

    /// Which lines are drawn, by id (set up or played).
    pub fn drawn(&self) -> Vec<bool> {
        (0..self.board.lines()).map(|l| self.is_drawn(l)).collect()
    }

    pub fn scores(&self) -> [usize; 2] {
        let mut s = [0, 0];
        for o in self.owner.iter().flatten() {
            s[*o as usize] += 1;
        }
        s
    }

    pub fn legal(&self) -> Vec<usize> {
        (0..self.board.lines())
            .filter(|&l| !self.is_drawn(l))
            .collect()
    }

    /// Draws a line for the player to move; completing a box means moving again.
    pub fn play(&mut self, line: usize) -> Result<usize, MoveError> {
        self.draw(line)
    }

    fn draw(&mut self, line: usize) -> Result<usize, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if line >= self.board.lines() {
            return Err(MoveError::OutOfRange {
                line,
                lines: self.board.lines(),
            });
        }
        if self.is_drawn(line) {
            return Err(MoveError::Taken { line });
        }
        self.drawn_by[line] = Some(self.current);
        let mut completed = 0;
        for &b in &self.board.boxes_of[line] {
            if self.board.sides[b].iter().all(|&l| self.is_drawn(l)) {
                self.owner[b] = Some(self.current);
                completed += 1;
            }
        }
        if completed == 0 {
            self.current ^= 1;
        }
        self.moves.push(line);
        Ok(completed)
    }

    /// The DBN string: one character per line id, `1` drawn.
    pub fn dbn(&self) -> String {
        (0..self.board.lines())
            .map(|l| if self.is_drawn(l) { '1' } else { '0' })
            .collect()
    }

    /// Replays OpenSpiel action ids; the index and error of the first bad one.
    pub fn from_moves(board: Board, moves: &[usize]) -> Result<Game, (usize, MoveError)> {
        let mut game = Game::new(board);
        for (i, &m) in moves.iter().enumerate() {
            game.play(m).map_err(|e| (i, e))?;
        }
        Ok(game)
    }
}

/// Reads a DBN string for a board: the set of drawn lines (no scores, no side to move).
pub fn parse_dbn(board: &Board, text: &str) -> Result<Vec<bool>, String> {
    let text = text.trim();
    // What the text is comes before how long it is: "hello" is no DBN string at all.
    if let Some((i, other)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| !matches!(c, '0' | '1'))
    {
        return Err(format!(
            "'{}' is not a DBN string: character {} is '{other}', and a DBN string has only 0 and 1",
            crate::echo::echo(text),
            i + 1
        ));
    }
    if text.chars().count() != board.lines() {
        return Err(format!(
            "a DBN string for {} × {} boxes has {} characters, not {}",
            board.rows,
            board.cols,
            board.lines(),
            text.chars().count()
        ));
    }
    text.chars()
        .enumerate()
        .map(|(i, ch)| match ch {
            '0' => Ok(false),
            '1' => Ok(true),
            other => Err(format!(
                "character {}: '{other}' (a DBN string has only 0 and 1)",
                i + 1
            )),
        })
        .collect()
}

/// Dots and Boxes as a turn game: moves are line ids (OpenSpiel's numbering), settings `RxC`.
impl crate::engine::turn::TurnGame for Game {
    type Settings = Board;
    type Move = usize;
    const MOVE_SEPARATOR: char = '.';

    fn start(board: &Board) -> Game {
        Game::new(board.clone())
    }

    fn settings(&self) -> Board {
        self.board.clone()
    }

    fn settings_text(board: &Board) -> String {
        format!("{}x{}", board.rows, board.cols)
    }

    /// The lines drawn before the moves, as a DBN string (1 drawn, 0 not, in line order).
    fn setup_text(&self) -> Option<String> {
        let preset = self.preset();
        preset
            .iter()
            .any(|d| *d)
            .then(|| preset.iter().map(|&d| if d { '1' } else { '0' }).collect())
    }

    fn parse_setup(board: &Board, text: &str) -> Result<Game, String> {
        let drawn = parse_dbn(board, text)?;
        Ok(Game::from_position(board.clone(), &drawn))
    }

    fn parse_settings(text: &str) -> Result<Board, String> {
        let (rows, cols) = text
            .split_once('x')
            .ok_or_else(|| format!("'{}' is not rows x columns", crate::echo::echo(text)))?;
        let number = |n: &str| {
            n.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{}' is not a number", crate::echo::echo(n)))
        };
        Board::new(number(rows)?, number(cols)?)
    }

    fn move_text(&self, line: usize) -> String {
        line.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<usize, String> {
        match text.trim().parse::<usize>() {
            Ok(line) if line < self.board.lines() => Ok(line),
            _ => Err(format!(
                "'{}' is not a line of this board (0 to {})",
                crate::echo::echo(text),
                self.board.lines() - 1
            )),
        }
    }

    fn to_move(&self) -> Option<usize> {
        (!self.is_over()).then(|| self.current())
    }

    fn legal_moves(&self) -> Vec<usize> {
        self.legal()
    }

    fn apply(&mut self, line: usize) -> Result<(), String> {
        self.play(line).map(|_| ()).map_err(|e| e.to_string())
    }

    fn returns(&self) -> Vec<f64> {
        if !self.is_over() {
            return vec![0.0, 0.0];
        }
        let [a, b] = self.scores();
        let first = (a as f64 - b as f64).signum();
        vec![first, -first]
    }
}
