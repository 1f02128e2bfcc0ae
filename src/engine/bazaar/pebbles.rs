//! Pebbles and bags: a bag is a multiset of the five colours; its order for
//! tie-breaking is "fewer pebbles first, then the sorted string of first letters".

use std::cmp::Ordering;
use std::fmt;

/// The colours in canonical order: the deterministic pebble draw takes them in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pebble {
    Red,
    White,
    Blue,
    Green,
    Yellow,
}

impl Pebble {
    pub const ALL: [Pebble; 5] = [
        Pebble::Red,
        Pebble::White,
        Pebble::Blue,
        Pebble::Green,
        Pebble::Yellow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Pebble::Red => "red",
            Pebble::White => "white",
            Pebble::Blue => "blue",
            Pebble::Green => "green",
            Pebble::Yellow => "yellow",
        }
    }

    pub fn parse(text: &str) -> Option<Pebble> {
        Pebble::ALL.into_iter().find(|p| p.name() == text)
    }

    /// The first letter, used by the bag order and in short displays.
    pub fn letter(self) -> char {
        self.name().as_bytes()[0] as char
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A multiset of pebbles, counts in canonical order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bag([u32; 5]);

impl Bag {
    pub fn new() -> Bag {
        Bag::default()
    }

    pub fn of(pebbles: &[Pebble]) -> Bag {
        let mut bag = Bag::new();
        for &p in pebbles {
            bag.add(p, 1);
        }
        bag
    }

    /// `count` pebbles of each colour.
    pub fn uniform(count: u32) -> Bag {
        Bag([count; 5])
    }

    pub fn count(&self, p: Pebble) -> u32 {
        self.0[p.index()]
    }

    pub fn add(&mut self, p: Pebble, n: u32) {
        self.0[p.index()] = self.0[p.index()].saturating_add(n);
    }

    pub fn size(&self) -> u32 {
        self.0.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    pub fn contains(&self, other: &Bag) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// self − other, if self contains other.
    pub fn minus(&self, other: &Bag) -> Option<Bag> {
        self.contains(other)
            .then(|| Bag(std::array::from_fn(|i| self.0[i] - other.0[i])))
    }

    pub fn plus(&self, other: &Bag) -> Bag {
        Bag(std::array::from_fn(|i| {
            self.0[i].saturating_add(other.0[i])
        }))
    }

    /// Whether the two bags share a colour.
    pub fn shares_colour(&self, other: &Bag) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .any(|(a, b)| *a > 0 && *b > 0)
    }

    /// The first colour (canonical order) present, for the deterministic draw.
    pub fn first_colour(&self) -> Option<Pebble> {
        Pebble::ALL.into_iter().find(|&p| self.count(p) > 0)
    }

    /// The pebbles, colour by colour in canonical order.
    pub fn pebbles(&self) -> Vec<Pebble> {
        Pebble::ALL
            .iter()
            .flat_map(|&p| std::iter::repeat_n(p, self.count(p) as usize))
            .collect()
    }

    /// The sorted string of first letters (b < g < r < w < y), the bag order's second key.
    pub fn letters(&self) -> String {
        let mut s: Vec<char> = self.pebbles().into_iter().map(Pebble::letter).collect();
        s.sort_unstable();
        s.into_iter().collect()
    }

    /// Counts by colour in words ("3 red, 1 blue"), for big bags such as the bank.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = Pebble::ALL
            .iter()
            .filter(|&&p| self.count(p) > 0)
            .map(|&p| format!("{} {}", self.count(p), p.name()))
            .collect();
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }

    /// The bag order of: fewer pebbles first; equal sizes by the sorted letters.
    pub fn order(&self, other: &Bag) -> Ordering {
        self.size().cmp(&other.size()).then_with(|| {
            // Equal sizes: the sorted letter strings compare like "more b's, then more g's, …"
            // (b, g, r, w, y) being smaller.
            for p in [
                Pebble::Blue,
                Pebble::Green,
                Pebble::Red,
                Pebble::White,
                Pebble::Yellow,
            ] {
                match other.count(p).cmp(&self.count(p)) {
                    Ordering::Equal => continue,
                    unequal => return unequal,
                }
            }
            Ordering::Equal
        })
    }
}

impl fmt::Display for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        f.write_str(
            &self
                .pebbles()
                .into_iter()
                .map(Pebble::letter)
                .collect::<String>(),
        )
    }
}
