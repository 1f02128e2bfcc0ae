//! Chain counting: once no safe line is left, a position falls into chains and loops.
//! Treated as independent components they form a "simple loony endgame" whose value is computed
//! exactly here: the player to move opens one component; the other takes it all and moves on, or
//! (a chain of three or more, a loop) takes all but two (four) and hands the turn back.

use std::collections::HashMap;

use super::lines::Lines;
use super::original::groups;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    Chain(u8),
    Loop(u8),
}

impl Component {
    pub fn boxes(self) -> i32 {
        match self {
            Component::Chain(n) | Component::Loop(n) => n as i32,
        }
    }

    /// A chain of three or more boxes (the long-chain rule counts these; loops do not).
    pub fn is_long_chain(self) -> bool {
        matches!(self, Component::Chain(n) if n >= 3)
    }
}

/// The groups of two-sided boxes (the GROUP module's division), each a chain or a loop: a loop
/// when every undrawn side of every member leads to another member.
pub fn components(lines: &Lines) -> Vec<(Component, Vec<usize>)> {
    groups(lines)
        .into_iter()
        .map(|group| {
            let closed = group.len() >= 4
                && group.iter().all(|&b| {
                    lines
                        .undrawn_sides(b)
                        .all(|l| lines.across(l, b).is_some_and(|o| group.contains(&o)))
                });
            let size = group.len().min(u8::MAX as usize) as u8;
            (
                if closed {
                    Component::Loop(size)
                } else {
                    Component::Chain(size)
                },
                group,
            )
        })
        .collect()
}

/// Values of simple loony endgames, remembered by their sorted component lists.
#[derive(Default)]
pub struct Endgames {
    memo: HashMap<Vec<Component>, i32>,
    /// Set when a value was found greedily (the memo being full), so it may not be exact.
    greedy_used: bool,
}

/// Beyond this many remembered endgames, larger ones are valued greedily (smallest first).
const MEMO_LIMIT: usize = 200_000;

impl Endgames {
    /// Net boxes for the player who must open one of `components` (each taken by someone).
    pub fn value(&mut self, components: &[Component]) -> i32 {
        let mut sorted = components.to_vec();
        sorted.sort_unstable();
        self.sorted_value(&sorted)
    }

    /// The exact value, or None once the memo is full and a value would only be greedy.
    pub fn exact_value(&mut self, components: &[Component]) -> Option<i32> {
        self.greedy_used = false;
        let v = self.value(components);
        (!self.greedy_used).then_some(v)
    }

    fn sorted_value(&mut self, sorted: &[Component]) -> i32 {
        if sorted.is_empty() {
            return 0;
        }
        if let Some(&v) = self.memo.get(sorted) {
            return v;
        }
        let greedy = self.memo.len() >= MEMO_LIMIT;
        self.greedy_used |= greedy;
        let mut best = i32::MIN;
        for i in 0..sorted.len() {
            if i > 0 && sorted[i] == sorted[i - 1] {
                continue;
            }
            if greedy && i > 0 {
                break;
            }
            let mut rest = sorted.to_vec();
            let opened = rest.remove(i);
            let after = self.sorted_value(&rest);
            best = best.max(opened_value(opened, after));
        }
        if !greedy {
            self.memo.insert(sorted.to_vec(), best);
        }
        best
    }
}

/// The opener's net result when opening `c`, the rest being worth `after` to whoever opens next.
pub fn opened_value(c: Component, after: i32) -> i32 {
    let n = c.boxes();
    // The other player's best: take all and open the next, or decline (keep control).
    let taker = match c {
        Component::Chain(1) | Component::Chain(2) => n + after, // 2: the hard-hearted handout
        Component::Chain(_) => (n + after).max(n - 4 - after),
        Component::Loop(_) => (n + after).max(n - 8 - after),
    };
    -taker
}
