//! A move list on the stack (a board the solver takes has at most 64 lines): each move is a line
//! and the boxes it completes.

pub struct Moves {
    len: usize,
    items: [(u8, u8); 64],
}

impl Moves {
    pub fn new() -> Moves {
        Moves {
            len: 0,
            items: [(0, 0); 64],
        }
    }

    /// Adds a move (beyond 64, none is added: no board the solver takes has more lines).
    pub fn push(&mut self, line: usize, completes: i32) {
        if self.len < self.items.len() {
            self.items[self.len] = (line as u8, completes as u8);
            self.len += 1;
        }
    }

    pub fn sort_dedup(&mut self) {
        let items = &mut self.items[..self.len];
        items.sort_unstable();
        let mut kept = 0;
        for i in 0..items.len() {
            if i == 0 || items[i] != items[kept - 1] {
                items[kept] = items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Moves `line` to the front, if it is in the list.
    pub fn bring_forward(&mut self, line: u8) {
        if let Some(i) = self.items[..self.len].iter().position(|m| m.0 == line) {
            self.items[..=i].rotate_right(1);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (usize, i32)> + '_ {
        self.items[..self.len]
            .iter()
            .map(|&(l, k)| (l as usize, k as i32))
    }
}

impl Default for Moves {
    fn default() -> Self {
        Moves::new()
    }
}
