//! The Strong player's play where the exact search cannot reach: take boxes
//! that hand nothing on, decline the last two of a chain (four of a loop) when keeping control is
//! worth more by chain counting, steer the safe-line phase by counting chains at its end, and
//! open the cheapest component when no safe line is left.

use super::endgame::{components, opened_value, Component, Endgames};
use super::lines::Lines;
use super::original::capture_group;
use crate::engine::rng::Rng;

/// What a capturable box offers.
enum Capture {
    /// Taking it is right whatever comes next (it hands nothing on, or more follows).
    Take(usize),
    /// The last two of a chain (or four of an opened loop): take them, or draw `decline`.
    Decide {
        take: usize,
        decline: usize,
        boxes: i32,
        group: Vec<usize>,
    },
}

fn capture_of(lines: &Lines, x: usize) -> Option<Capture> {
    let take = lines.undrawn_sides(x).next()?;
    let group = capture_group(lines, x);
    let capturable_end = group.len() > 1 && lines.taken(*group.last()?) == 3;
    let between = |a: usize, b: usize| {
        lines
            .undrawn_sides(a)
            .find(|&l| lines.across(l, a) == Some(b))
    };
    match (group.len(), capturable_end) {
        (2, false) => {
            let decline = lines.undrawn_sides(group[1]).find(|&l| l != take)?;
            Some(Capture::Decide {
                take,
                decline,
                boxes: 2,
                group,
            })
        }
        (4, true) => {
            let decline = between(group[1], group[2])?;
            Some(Capture::Decide {
                take,
                decline,
                boxes: 4,
                group,
            })
        }
        _ => Some(Capture::Take(take)),
    }
}

/// The move with a capturable box on the board, None when there is none.
pub fn capture_move(lines: &Lines, endgames: &mut Endgames) -> Option<usize> {
    let three_sided: Vec<usize> = (0..lines.board.boxes())
        .filter(|&b| lines.taken(b) == 3)
        .collect();
    let captures: Vec<Capture> = three_sided
        .iter()
        .filter_map(|&x| capture_of(lines, x))
        .collect();
    if let Some(Capture::Take(line)) = captures.iter().find(|c| matches!(c, Capture::Take(_))) {
        return Some(*line);
    }
    let Capture::Decide {
        take,
        decline,
        boxes,
        group,
    } = captures.first()?
    else {
        return None;
    };
    // With safe lines left elsewhere, the fight for control is not on yet: take everything.
    if lines.undrawn().any(|l| lines.is_safe(l)) {
        return Some(*take);
    }
    let rest: Vec<Component> = components(lines)
        .into_iter()
        .filter(|(_, g)| !g.iter().any(|b| group.contains(b)))
        .map(|(c, _)| c)
        .collect();
    if rest.is_empty() {
        return Some(*take); // never decline the last group
    }
    let after = endgames.value(&rest);
    let take_all = boxes + after;
    let keep_control = -boxes - after;
    Some(if keep_control > take_all {
        *decline
    } else {
        *take
    })
}

/// With no safe line and nothing to capture: open the component that costs least by chain
/// counting (a pair by the line between its boxes, a chain at one end).
pub fn sacrifice_move(lines: &Lines, endgames: &mut Endgames) -> Option<usize> {
    let all = components(lines);
    let kinds: Vec<Component> = all.iter().map(|(c, _)| *c).collect();
    let mut best: Option<(i32, usize)> = None;
    for (i, (c, _)) in all.iter().enumerate() {
        let mut rest = kinds.clone();
        rest.remove(i);
        let v = opened_value(*c, endgames.value(&rest));
        if best.is_none_or(|(bv, _)| v > bv) {
            best = Some((v, i));
        }
    }
    let (_, i) = best?;
    let (component, group) = &all[i];
    let member_side = |b: usize, inward: bool| {
        lines
            .undrawn_sides(b)
            .filter(|&l| lines.across(l, b).is_some_and(|o| group.contains(&o)) == inward)
            .min()
    };
    match component {
        Component::Chain(2) => member_side(group[0], true),
        Component::Chain(_) => group
            .iter()
            .find_map(|&b| member_side(b, false))
            .or_else(|| member_side(group[0], true)),
        Component::Loop(_) => member_side(group[0], true),
    }
}

/// The safe-line phase, decided by playouts: for each candidate safe line, random safe lines are
/// drawn until none is left, and the chains and loops then present are valued exactly (who must
/// open them, and what they are worth). Work is counted in lines drawn, so it can run in slices.
pub struct SafeChoice {
    candidates: Vec<usize>,
    totals: Vec<f64>,
    playouts: usize,
    next: usize,
    per_candidate: usize,
}

impl SafeChoice {
    /// None when no safe line is left.
    pub fn new(lines: &Lines, rng: &mut Rng, playouts: usize) -> Option<SafeChoice> {
        let mut candidates: Vec<usize> = lines.undrawn().filter(|&l| lines.is_safe(l)).collect();
        if candidates.is_empty() {
            return None;
        }
        // Many safe lines: a random sample of them is weighed (the rest are alike early on).
        const MAX_CANDIDATES: usize = 24;
        while candidates.len() > MAX_CANDIDATES {
            candidates.swap_remove(rng.below(candidates.len()));
        }
        candidates.sort_unstable();
        let totals = vec![0.0; candidates.len()];
        Some(SafeChoice {
            candidates,
            totals,
            playouts: 0,
            next: 0,
            per_candidate: playouts.max(1),
        })
    }

    /// Runs playouts for about `budget` drawn lines; the chosen line once all are done.
    pub fn step(
        &mut self,
        lines: &Lines,
        endgames: &mut Endgames,
        rng: &mut Rng,
        budget: u64,
    ) -> Option<usize> {
        if self.candidates.len() == 1 {
            return Some(self.candidates[0]);
        }
        let mut spent = 0u64;
        while self.playouts < self.per_candidate {
            let i = self.next;
            let (score, drawn) = playout(lines, self.candidates[i], endgames, rng);
            self.totals[i] += score;
            spent += drawn as u64 + 1;
            self.next += 1;
            if self.next == self.candidates.len() {
                self.next = 0;
                self.playouts += 1;
            }
            if spent >= budget {
                break;
            }
        }
        if self.playouts < self.per_candidate {
            return None;
        }
        let best = (0..self.candidates.len())
            .max_by(|&a, &b| self.totals[a].total_cmp(&self.totals[b]).then(b.cmp(&a)))?;
        Some(self.candidates[best])
    }
}

impl SafeChoice {
    /// The best candidate by the playouts run so far (the first if none has run yet).
    pub fn best_so_far(&self) -> Option<usize> {
        let best = (0..self.candidates.len())
            .max_by(|&a, &b| self.totals[a].total_cmp(&self.totals[b]).then(b.cmp(&a)))?;
        Some(self.candidates[best])
    }
}

/// Draws `first`, then random safe lines until none is left; the mover's expected net boxes
/// (for whoever drew `first`) when the chains and loops are then played out, and lines drawn.
fn playout(lines: &Lines, first: usize, endgames: &mut Endgames, rng: &mut Rng) -> (f64, usize) {
    let mut position = lines.clone();
    position.draw(first);
    let mut pool: Vec<usize> = position.undrawn().collect();
    let mut drawn = 0;
    while !pool.is_empty() {
        let i = rng.below(pool.len());
        let line = pool.swap_remove(i);
        if position.is_safe(line) {
            position.draw(line);
            drawn += 1;
        }
    }
    // After `first` and `drawn` more safe lines, the opener is the other player if `drawn` is even.
    let kinds: Vec<Component> = components(&position).into_iter().map(|(c, _)| c).collect();
    let for_opener = endgames.value(&kinds) as f64;
    let mine = if drawn % 2 == 0 {
        -for_opener
    } else {
        for_opener
    };
    (mine, drawn)
}
