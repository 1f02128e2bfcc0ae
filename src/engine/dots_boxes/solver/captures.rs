//! The chain rules, applied as one macro move: every capture they force is made at
//! once, without a node or a table entry of its own, and what is left is a position with no
//! capturable box, a choice between "take" and "decline", or a shape the rules do not cover.
//! Also: recognising a simple loony endgame (every box left has two sides drawn), whose value
//! the chain-and-loop analysis of `endgame.rs` gives exactly.

use super::super::endgame::Component;
use super::geometry::{Geometry, Pos, NO_BOX};
use super::moves::Moves;

/// What is left once the forced captures are made.
pub enum Left {
    /// No capturable box.
    Quiet,
    /// Capturable chains of two (or opened loops of four): each gives a "take" and a
    /// "decline" move, and these are the only moves worth trying.
    Choices(Moves),
    /// A capturable box in a shape the rules do not cover: every move is tried.
    Uncovered,
}

/// What the chain rules say of one capturable box.
enum Rule {
    Take(usize),
    Choose { take: usize, decline: usize },
    Uncovered,
}

/// Makes every capture the chain rules force; returns the boxes taken (by the player to move,
/// who keeps the turn) and what is left.
pub fn settle(geometry: &Geometry, pos: &mut Pos) -> (i32, Left) {
    let mut gained = 0;
    'again: loop {
        let mask = pos.mask();
        let mut choices = Moves::new();
        let (mut capturable, mut uncovered) = (false, false);
        for x in 0..geometry.boxes {
            if geometry.drawn_sides(mask, x) != 3 {
                continue;
            }
            capturable = true;
            match rule(geometry, mask, x) {
                Rule::Take(line) => {
                    gained += geometry.completes(mask, line);
                    *pos = geometry.draw(*pos, line);
                    continue 'again;
                }
                Rule::Choose { take, decline } => {
                    choices.push(take, geometry.completes(mask, take));
                    choices.push(decline, 0);
                }
                Rule::Uncovered => uncovered = true,
            }
        }
        let left = if !capturable {
            Left::Quiet
        } else if uncovered {
            Left::Uncovered
        } else {
            choices.sort_dedup();
            Left::Choices(choices)
        };
        return (gained, left);
    }
}

/// The rule for a capturable box x: a capture that hands nothing on is made; so is the first
/// box of a chain of three or more (five or more when its far end is capturable too); a chain
/// of two offers "take" and "leave the domino", an opened loop of four "take" and "cut it into
/// two dominoes".
fn rule(g: &Geometry, mask: u64, x: usize) -> Rule {
    let Some(capture) = g.free_side(mask, x, None) else {
        return Rule::Uncovered;
    };
    let Some(y) = g
        .across(capture, x)
        .filter(|&y| g.drawn_sides(mask, y) == 2)
    else {
        return Rule::Take(capture); // the border, a box not handed on, or a domino
    };
    let Some(decline) = g.free_side(mask, y, Some(capture)) else {
        return Rule::Uncovered;
    };
    // Walk the chain x, y, ... to the border, a box with fewer sides, or a capturable box.
    let (mut length, mut via, mut current) = (2, capture, y);
    let capturable_end = loop {
        let Some(far) = g.free_side(mask, current, Some(via)) else {
            return Rule::Uncovered;
        };
        match g.across(far, current).map(|z| (z, g.drawn_sides(mask, z))) {
            Some((z, 2)) if length < g.boxes => {
                length += 1;
                (via, current) = (far, z);
            }
            Some((_, 3)) => {
                length += 1;
                break true;
            }
            Some((_, 2)) => return Rule::Uncovered,
            _ => break false,
        }
    };
    match (capturable_end, length) {
        (false, 2) | (true, 4) => Rule::Choose {
            take: capture,
            decline,
        },
        (false, _) => Rule::Take(capture),
        (true, l) if l >= 5 => Rule::Take(capture),
        _ => Rule::Uncovered,
    }
}

/// An upper bound on what a sacrifice is worth to the player who makes it, when the opponent
/// can answer it by double-dealing: `line` was just drawn (`mask` includes it) in a
/// position with no capturable box. The opponent may take all k boxes handed over and move on
/// in the position P left (k + V(P)), or take all but the last two (four of a loop) and hand
/// those over with one line, so that the sacrificer takes them and must move in the same P
/// (k − 4 − V(P), or k − 8 − V(P)). The better of two is at least their mean: the opponent gets
/// at least k − 2 (k − 4 for a loop), whatever P is worth. None where the boxes handed over do
/// not allow that (a single box, two single boxes, a shape the walk does not know).
pub fn loony_bound(g: &Geometry, mask: u64, line: usize) -> Option<i32> {
    let mut capturable = g.boxes_of(line).filter(|&b| g.drawn_sides(mask, b) == 3);
    let first = capturable.next()?;
    let (a, loop_closed) = walk(g, mask, first)?;
    let Some(second) = capturable.next() else {
        // One chain opened at its end.
        return (!loop_closed && a >= 2).then(|| 2 - a as i32);
    };
    if loop_closed {
        // The walk from one came back to the other: an opened loop.
        return (a >= 4).then(|| 4 - a as i32);
    }
    // A chain cut in two: the opponent takes one piece, then double-deals the other.
    let (b, _) = walk(g, mask, second)?;
    (a.max(b) >= 2).then(|| 2 - (a + b) as i32)
}

/// From capturable box `x`, the boxes taken in a row (x included) and whether the walk ended
/// at another capturable box (counted); None for a walk longer than the board.
fn walk(g: &Geometry, mask: u64, x: usize) -> Option<(usize, bool)> {
    let (mut via, mut current) = (g.free_side(mask, x, None)?, x);
    let mut length = 1;
    loop {
        match g.across(via, current).map(|z| (z, g.drawn_sides(mask, z))) {
            Some((z, 2)) if length < g.boxes => {
                length += 1;
                via = g.free_side(mask, z, Some(via))?;
                current = z;
            }
            Some((_, 3)) => return Some((length + 1, true)),
            Some((_, 2)) => return None,
            _ => return Some((length, false)),
        }
    }
}

/// What a sacrifice opens, as far as the search can tell lines apart that need not all be tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A chain or loop (as a mask of boxes) that every one of its lines opens equally well:
    /// whatever line is drawn, the opponent's choices come to the same two, taking every box
    /// and moving on in the position left, or declining the last two (four of a loop) and
    /// letting the sacrificer take them and move on there. That holds for a single box, a chain
    /// of three or more boxes whose two ends differ, and a loop (`closed`).
    Group { boxes: u64, closed: bool },
    /// A chain of exactly two boxes opened at one end. Drawing `middle`, the line between the
    /// two (the hard-hearted handout), hands over the same two boxes as two single ones: the
    /// opponent takes both (a capture that hands nothing on is always right) and moves in the
    /// very position that taking both after the half-hearted handout leads to, where it could
    /// also decline the two. More options for the opponent are never worth more to the
    /// sacrificer, so the half-hearted handout need not be searched.
    HalfHearted { middle: usize },
    /// Anything else: the middle of a chain of two, a chain whose ends meet at one box.
    Other,
}

impl Opening {
    /// What opening the group is worth at most to its sacrificer (as `loony_bound` finds it for
    /// each of its lines): the opponent can double-deal a chain of k ≥ 3 boxes, a loop of k ≥ 4.
    pub fn bound(self) -> Option<i32> {
        match self {
            Opening::Group { boxes, closed } => {
                let k = boxes.count_ones() as i32;
                match closed {
                    false => (k >= 3).then_some(2 - k),
                    true => (k >= 4).then_some(4 - k),
                }
            }
            _ => None,
        }
    }
}

/// What drawing `line` in `mask` (a position with no capturable box, `line` not safe) opens: the
/// boxes with two sides drawn that it touches, grown along their free sides, and where that
/// group ends (the border, or boxes with at most one side drawn).
pub fn opening(g: &Geometry, mask: u64, line: usize) -> Opening {
    let Some(start) = g.boxes_of(line).find(|&b| g.drawn_sides(mask, b) == 2) else {
        return Opening::Other;
    };
    let (mut group, mut frontier) = (1u64 << start, 1u64 << start);
    let mut ends = [NO_BOX; 2];
    let mut end_count = 0;
    while frontier != 0 {
        let b = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let mut free = g.box_sides[b] & !mask;
        while free != 0 {
            let side = free.trailing_zeros() as usize;
            free &= free - 1;
            match g.across(side, b) {
                Some(o) if g.drawn_sides(mask, o) == 2 => {
                    if group & 1 << o == 0 {
                        group |= 1 << o;
                        frontier |= 1 << o;
                    }
                }
                end => {
                    if end_count == ends.len() {
                        return Opening::Other; // not a chain (a box with three sides?)
                    }
                    ends[end_count] = end.map_or(NO_BOX, |o| o as u8);
                    end_count += 1;
                }
            }
        }
    }
    let same_end = ends[0] != NO_BOX && ends[0] == ends[1];
    match (end_count, group.count_ones()) {
        (0, _) => Opening::Group {
            boxes: group,
            closed: true,
        },
        (2, 2) if !same_end => {
            // The line between the two boxes is the one both have free.
            let [a, b] = [start, (group & !(1 << start)).trailing_zeros() as usize];
            let middle = g.box_sides[a] & g.box_sides[b];
            if middle & 1 << line != 0 {
                Opening::Other
            } else {
                Opening::HalfHearted {
                    middle: middle.trailing_zeros() as usize,
                }
            }
        }
        (2, _) if !same_end => Opening::Group {
            boxes: group,
            closed: false,
        },
        _ => Opening::Other,
    }
}

/// Boxes the opponent can take in a row after `line` was drawn (a sacrifice's size).
pub fn handed(g: &Geometry, mask: u64, line: usize) -> usize {
    let mut total = 0;
    for x in g.boxes_of(line) {
        if g.drawn_sides(mask, x) != 3 {
            continue;
        }
        let (mut current, mut via) = (x, line);
        total += 1;
        while let Some(next_line) = g.free_side(mask, current, Some(via)) {
            match g.across(next_line, current) {
                Some(next) if g.drawn_sides(mask, next) == 2 && total < g.boxes => {
                    total += 1;
                    (current, via) = (next, next_line);
                }
                _ => break,
            }
        }
    }
    total
}

/// The chains and loops of a simple loony endgame: None unless every box not yet taken has
/// exactly two sides drawn (then no line is safe and each group of boxes is a chain from the
/// border to the border, or a loop). `components` receives them.
pub fn simple_endgame(g: &Geometry, mask: u64, components: &mut Vec<Component>) -> bool {
    components.clear();
    let mut open = 0u64; // boxes not yet taken
    for b in 0..g.boxes {
        match g.drawn_sides(mask, b) {
            4 => {}
            2 => open |= 1 << b,
            _ => return false,
        }
    }
    while open != 0 {
        let start = open.trailing_zeros() as usize;
        // Collect the group, noting whether some member reaches the border (then a chain).
        let (mut stack, mut size, mut grounded) = (1u64 << start, 0u8, false);
        open &= !(1 << start);
        while stack != 0 {
            let b = stack.trailing_zeros() as usize;
            stack &= stack - 1;
            size = size.saturating_add(1);
            let mut free = g.box_sides[b] & !mask;
            while free != 0 {
                let line = free.trailing_zeros() as usize;
                free &= free - 1;
                match g.across(line, b) {
                    Some(o) if open & 1 << o != 0 => {
                        open &= !(1 << o);
                        stack |= 1 << o;
                    }
                    Some(_) => {}
                    None => grounded = true,
                }
            }
        }
        components.push(if grounded {
            Component::Chain(size)
        } else {
            Component::Loop(size)
        });
    }
    true
}
