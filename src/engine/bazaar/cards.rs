//! Cards: five pebbles and maybe a happy face; the points of a purchase.

use std::cmp::Ordering;
use std::fmt;

use super::pebbles::{Bag, Pebble};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// The pebbles as listed (shown in this order).
    pub pebbles: Vec<Pebble>,
    pub face: bool,
}

impl Card {
    pub fn bag(&self) -> Bag {
        Bag::of(&self.pebbles)
    }

    /// The same card: equal bags and faces.
    pub fn same_as(&self, other: &Card) -> bool {
        self.face == other.face && self.bag() == other.bag()
    }

    /// The card order gamelab uses: plain before face, then bag order.
    pub fn order(&self, other: &Card) -> Ordering {
        self.face
            .cmp(&other.face)
            .then_with(|| self.bag().order(&other.bag()))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bag(), if self.face { " ☺" } else { "" })
    }
}

/// Points for a card bought with `left` pebbles remaining in the wallet after paying.
pub fn points(face: bool, left: u32) -> u32 {
    match (left, face) {
        (0, false) => 5,
        (0, true) => 8,
        (1, false) => 3,
        (1, true) => 5,
        (2, false) => 2,
        (2, true) => 3,
        (_, false) => 1,
        (_, true) => 2,
    }
}

/// The card-sequence order: shorter first, then the first differing card decides.
pub fn sequence_order(a: &[Card], b: &[Card]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| {
        a.iter()
            .zip(b)
            .map(|(x, y)| x.order(y))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}
