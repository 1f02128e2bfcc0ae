//! What a panel was last drawn from, so that a view draws it again only when that changed: a
//! page's view runs after every action, slice and worker message, and a panel rebuilt for
//! nothing costs time and loses the keyboard focus on its buttons.

use std::cell::Cell;
use std::hash::{DefaultHasher, Hash, Hasher};

#[derive(Default)]
pub struct Drawn(Cell<Option<u64>>);

impl Drawn {
    /// True, and remembered, when `inputs` (everything the panel shows, hashed; a value
    /// without `Hash` is passed as its `Debug` text) differ from the last drawing's.
    pub fn changed(&self, inputs: impl Hash) -> bool {
        let mut hasher = DefaultHasher::new();
        inputs.hash(&mut hasher);
        let key = hasher.finish();
        if self.0.get() == Some(key) {
            return false;
        }
        self.0.set(Some(key));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Drawn;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn a_panel_is_drawn_again_only_when_its_inputs_change() {
        let drawn = Drawn::default();
        assert!(drawn.changed((1, "a")));
        assert!(!drawn.changed((1, "a")));
        assert!(drawn.changed((2, "a")));
        assert!(drawn.changed((1, "a")));
    }
}
