//! The seed's rule-based computer player, "Original": Rules 4–13 of its MAIN module and
//! the GROUP module's Rules 14–17, with gamelab's answers to the seed's gaps. It is
//! stateless: each call looks at the drawn lines and picks the next line to draw (the game decides
//! whether the computer moves again). Where the seed says "any", the smallest id is chosen, or a
//! seeded random one for "Original (random)".

use super::lines::Lines;
use crate::engine::rng::Rng;

/// Which of the seed's rules chose a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Rule 4: capture a box of a group of 3 or more.
    CaptureLong,
    /// Rule 5: capture a lone box.
    CaptureSingle,
    /// Rule 6: hand a domino to the opponent (draw the far side of the pair's second box).
    Domino,
    /// Rule 6 when the two boxes already share their last line: draw it, taking both.
    CaptureDomino,
    /// Rule 7: a safe shared line.
    SafeShared,
    /// Rule 8: a safe border line.
    SafeBorder,
    /// Rules 9–11, 13: no safe line left; open the smallest group of 3 or more.
    SacrificeGroup,
    /// Rules 9, 10, 12: the smallest group has two boxes: draw the line between them.
    HardHeartedHandout,
    /// Rules 9–10 with gamelab's gap rule: the smallest group is one lone box.
    SacrificeSingle,
}

impl Rule {
    /// The seed's rule number (the gap rule for a lone box counts as Rule 10's choice).
    pub fn number(self) -> u8 {
        match self {
            Rule::CaptureLong => 4,
            Rule::CaptureSingle => 5,
            Rule::Domino | Rule::CaptureDomino => 6,
            Rule::SafeShared => 7,
            Rule::SafeBorder => 8,
            Rule::SacrificeSingle => 10,
            Rule::SacrificeGroup => 11,
            Rule::HardHeartedHandout => 12,
        }
    }

    pub fn explain(self) -> &'static str {
        match self {
            Rule::CaptureLong => "Rule 4: take a box of a group of three or more",
            Rule::CaptureSingle => "Rule 5: take a lone box",
            Rule::Domino => "Rule 6: leave a domino (two boxes) to the opponent",
            Rule::CaptureDomino => "Rule 6: take the two boxes of a domino",
            Rule::SafeShared => "Rule 7: a safe shared line",
            Rule::SafeBorder => "Rule 8: a safe border line",
            Rule::SacrificeGroup => "Rules 9-11: no safe line; give away the smallest group",
            Rule::HardHeartedHandout => {
                "Rules 9-12: no safe line; give two boxes, cut between them"
            }
            Rule::SacrificeSingle => "Rules 9-10: no safe line; give away a single box",
        }
    }
}

/// How the seed's "any" is read.
pub enum Choice<'r> {
    Smallest,
    Random(&'r mut Rng),
}

impl Choice<'_> {
    fn pick(&mut self, options: &[usize]) -> Option<usize> {
        match self {
            _ if options.is_empty() => None,
            Choice::Smallest => options.iter().copied().min(),
            Choice::Random(rng) => Some(options[rng.below(options.len())]),
        }
    }
}

/// The capture group of a 3-sided box x: x, then along its only undrawn side through
/// 2-sided boxes, stopping at the border, at a box with fewer sides, or after a 3-sided box.
pub fn capture_group(lines: &Lines, x: usize) -> Vec<usize> {
    let mut group = vec![x];
    let mut current = x;
    let mut via = None;
    loop {
        let Some(exit) = lines.undrawn_sides(current).find(|&l| Some(l) != via) else {
            break;
        };
        let Some(next) = lines.across(exit, current) else {
            break;
        };
        if group.contains(&next) {
            break;
        }
        match lines.taken(next) {
            2 => {
                group.push(next);
                current = next;
                via = Some(exit);
            }
            3 => {
                group.push(next);
                break;
            }
            _ => break,
        }
    }
    group
}

/// The GROUP module (Rules 14–17): select a shared line between two 2-sided boxes, spread the
/// selection through every box that reaches three selected sides, collect the boxes with four,
/// reset the boxes that were only raised, and start again until no group can be started. Lone
/// 2-sided boxes then form groups of one. Groups come in discovery order.
pub fn groups(lines: &Lines) -> Vec<Vec<usize>> {
    let board = lines.board;
    let mut in_group = vec![false; board.boxes()];
    let mut found = Vec::new();
    // Rule 14: a shared undrawn line whose two boxes both have exactly two taken sides.
    while let Some(start) = (0..board.lines()).find(|&l| {
        !lines.drawn[l]
            && lines.is_shared(l)
            && board.boxes_of[l]
                .iter()
                .all(|&b| lines.taken(b) == 2 && !in_group[b])
    }) {
        // Each round starts from the taken sides: Rule 16's reset of the boxes only raised.
        let mut selected: Vec<usize> = (0..board.boxes()).map(|b| lines.taken(b)).collect();
        let mut line_selected = lines.drawn.clone();
        let select = |line: usize, line_selected: &mut Vec<bool>, selected: &mut Vec<usize>| {
            line_selected[line] = true;
            for &b in &board.boxes_of[line] {
                selected[b] += 1;
            }
        };
        select(start, &mut line_selected, &mut selected);
        // Rule 15: a box with three selected sides gets its fourth.
        // (Three-sided boxes belong to the capture phase, not to groups: they are left out.)
        while let Some(b) = (0..board.boxes()).find(|&b| selected[b] == 3 && lines.taken(b) < 3) {
            // Selected counts follow the selected lines, so the fourth side always exists.
            let Some(fourth) = board.sides[b].iter().copied().find(|&l| !line_selected[l]) else {
                break;
            };
            select(fourth, &mut line_selected, &mut selected);
        }
        // Rule 16: the group is complete: the boxes that reached four selected sides.
        let group: Vec<usize> = (0..board.boxes())
            .filter(|&b| selected[b] == 4 && lines.taken(b) < 3)
            .collect();
        for &b in &group {
            in_group[b] = true;
        }
        found.push(group);
    }
    // Rule 17 returns to the main module; first the gap rule's groups of one.
    for (b, grouped) in in_group.iter().enumerate().take(board.boxes()) {
        if lines.taken(b) == 2 && !grouped {
            found.push(vec![b]);
        }
    }
    found
}

/// The Original player's next line and the rule that chose it; None when every line is drawn.
pub fn choose(lines: &Lines, mut choice: Choice) -> Option<(usize, Rule)> {
    let board = lines.board;
    // Rules 4–6: the capture phase, Rule 4 before 5 before 6, smallest box first inside a rule.
    let three_sided: Vec<(usize, Vec<usize>)> = (0..board.boxes())
        .filter(|&b| lines.taken(b) == 3)
        .map(|b| (b, capture_group(lines, b)))
        .collect();
    if let Some((x, _)) = three_sided.iter().find(|(_, g)| g.len() >= 3) {
        return Some((lines.undrawn_sides(*x).next()?, Rule::CaptureLong));
    }
    if let Some((x, _)) = three_sided.iter().find(|(_, g)| g.len() == 1) {
        return Some((lines.undrawn_sides(*x).next()?, Rule::CaptureSingle));
    }
    if let Some((x, group)) = three_sided.first() {
        let (x, y) = (*x, group[1]);
        let between = lines.undrawn_sides(x).next()?;
        if lines.taken(y) == 3 {
            return Some((between, Rule::CaptureDomino));
        }
        let far = lines.undrawn_sides(y).find(|&l| l != between)?;
        return Some((far, Rule::Domino));
    }
    // Rules 7 and 8: safe lines, shared ones first.
    let safe: Vec<usize> = lines.undrawn().filter(|&l| lines.is_safe(l)).collect();
    let shared: Vec<usize> = safe
        .iter()
        .copied()
        .filter(|&l| lines.is_shared(l))
        .collect();
    if let Some(line) = choice.pick(&shared) {
        return Some((line, Rule::SafeShared));
    }
    if let Some(line) = choice.pick(&safe) {
        return Some((line, Rule::SafeBorder));
    }
    // Rules 9–13: divide into groups and give away the smallest (ties: the smallest box index).
    let groups = groups(lines);
    // Rule 13: the groups are forgotten (they are recomputed on the next call).
    let Some(smallest) = groups
        .iter()
        .min_by_key(|g| (g.len(), g.iter().min().copied()))
    else {
        return lines.undrawn().next().map(|l| (l, Rule::SacrificeSingle));
    };
    match smallest.len() {
        1 => lines
            .undrawn_sides(smallest[0])
            .min()
            .map(|l| (l, Rule::SacrificeSingle)),
        2 => {
            let between = lines
                .undrawn_sides(smallest[0])
                .find(|&l| lines.across(l, smallest[0]) == Some(smallest[1]));
            match between {
                Some(line) => Some((line, Rule::HardHeartedHandout)),
                None => lines
                    .undrawn_sides(smallest[0])
                    .min()
                    .map(|l| (l, Rule::SacrificeGroup)),
            }
        }
        _ => {
            let mut members = smallest.clone();
            members.sort_unstable();
            let b = match &mut choice {
                Choice::Smallest => members[0],
                Choice::Random(rng) => members[rng.below(members.len())],
            };
            let sides: Vec<usize> = lines.undrawn_sides(b).collect();
            choice.pick(&sides).map(|l| (l, Rule::SacrificeGroup))
        }
    }
}
