//! A position as its drawn lines, with the questions every player asks of it: how many sides of a
//! box are drawn, whether a line is shared or on the border, whether drawing it is safe.

use super::board::Board;

#[derive(Clone, Debug)]
pub struct Lines<'a> {
    pub board: &'a Board,
    pub drawn: Vec<bool>,
}

impl<'a> Lines<'a> {
    pub fn new(board: &'a Board, drawn: Vec<bool>) -> Lines<'a> {
        Lines { board, drawn }
    }

    /// Drawn sides of box b (0–4): the seed's "taken edges".
    pub fn taken(&self, b: usize) -> usize {
        self.board.sides[b]
            .iter()
            .filter(|&&l| self.drawn[l])
            .count()
    }

    /// A shared line lies between two boxes; a border line bounds one.
    pub fn is_shared(&self, line: usize) -> bool {
        self.board.boxes_of[line].len() == 2
    }

    /// The box across `line` from box b, if the line is shared.
    pub fn across(&self, line: usize, b: usize) -> Option<usize> {
        self.board.boxes_of[line].iter().copied().find(|&o| o != b)
    }

    pub fn undrawn_sides(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.board.sides[b]
            .iter()
            .copied()
            .filter(move |&l| !self.drawn[l])
    }

    pub fn undrawn(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.drawn.len()).filter(move |&l| !self.drawn[l])
    }

    /// Drawing `line` gives no box a third side.
    pub fn is_safe(&self, line: usize) -> bool {
        !self.drawn[line]
            && self.board.boxes_of[line]
                .iter()
                .all(|&b| self.taken(b) <= 1)
    }

    /// Boxes that drawing `line` would complete.
    pub fn completes(&self, line: usize) -> usize {
        self.board.boxes_of[line]
            .iter()
            .filter(|&&b| self.taken(b) == 3)
            .count()
    }

    pub fn draw(&mut self, line: usize) {
        self.drawn[line] = true;
    }
}
