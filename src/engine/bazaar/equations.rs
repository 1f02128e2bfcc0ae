//! Equations: two sides of 1 to 4 pebbles sharing no colour, usable in
//! both directions. An exchange is an oriented equation: the wallet pays the left side, the bank
//! the right side.

use std::cmp::Ordering;
use std::fmt;

use super::pebbles::{Bag, Pebble};

/// An equation as written: each side keeps its listed order (one cheat depends on it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Equation {
    pub left: Vec<Pebble>,
    pub right: Vec<Pebble>,
}

impl Equation {
    pub fn new(left: Vec<Pebble>, right: Vec<Pebble>) -> Equation {
        Equation { left, right }
    }

    pub fn left_bag(&self) -> Bag {
        Bag::of(&self.left)
    }

    pub fn right_bag(&self) -> Bag {
        Bag::of(&self.right)
    }

    pub fn flipped(&self) -> Equation {
        Equation {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// Equal as bags, in this orientation.
    pub fn same_as(&self, other: &Equation) -> bool {
        self.left_bag() == other.left_bag() && self.right_bag() == other.right_bag()
    }

    /// Equal as bags in either orientation.
    pub fn same_up_to_flip(&self, other: &Equation) -> bool {
        self.same_as(other) || self.same_as(&other.flipped())
    }

    /// Why this equation breaks the rules (1–4 pebbles a side, no shared colour), if it does.
    pub fn problem(&self) -> Option<String> {
        for side in [&self.left, &self.right] {
            if !(1..=4).contains(&side.len()) {
                return Some(format!(
                    "the equation {self} has a side of {} pebbles (1 to 4 allowed)",
                    side.len()
                ));
            }
        }
        self.left_bag()
            .shares_colour(&self.right_bag())
            .then(|| format!("the two sides of {self} share a colour"))
    }

    /// The equation order: left sides in bag order, then right sides.
    pub fn order(&self, other: &Equation) -> Ordering {
        self.left_bag()
            .order(&other.left_bag())
            .then_with(|| self.right_bag().order(&other.right_bag()))
    }
}

impl fmt::Display for Equation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", Bag::of(&self.left), Bag::of(&self.right))
    }
}

/// Checks a set of equations: each valid, at most 10, no two equal (also when one is flipped).
pub fn check_equations(equations: &[Equation]) -> Result<(), String> {
    if equations.len() > 10 {
        return Err(format!("{} equations (at most 10)", equations.len()));
    }
    for (i, e) in equations.iter().enumerate() {
        if let Some(problem) = e.problem() {
            return Err(format!("equation {}: {problem}", i + 1));
        }
        if let Some(j) = equations[..i].iter().position(|d| d.same_up_to_flip(e)) {
            return Err(format!(
                "equations {} and {} are the same equation ({e})",
                j + 1,
                i + 1
            ));
        }
    }
    Ok(())
}

/// Every oriented equation the wallet and bank can trade now: each equation as
/// written, then flipped, when the wallet holds the left side and the bank the right side.
pub fn usable(equations: &[Equation], wallet: &Bag, bank: &Bag) -> Vec<Equation> {
    equations
        .iter()
        .flat_map(|e| [e.clone(), e.flipped()])
        .filter(|e| wallet.contains(&e.left_bag()) && bank.contains(&e.right_bag()))
        .collect()
}

/// Whether `exchange` is one of the equations or a flipped one.
pub fn is_given(equations: &[Equation], exchange: &Equation) -> bool {
    equations.iter().any(|e| e.same_up_to_flip(exchange))
}

/// The equation-sequence order: shorter first, then the first differing equation decides.
pub fn sequence_order(a: &[Equation], b: &[Equation]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| {
        a.iter()
            .zip(b)
            .map(|(x, y)| x.order(y))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}
