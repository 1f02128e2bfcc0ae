//! A move in words, for a student watching the computer: the chain it set off, the cells it
//! took and from whom, the threat it answered (an enemy cell one orb from bursting into the
//! mover's cells, taken), or, for a quiet move, the threat it makes or the safe
//! ground it builds on. Read from the position before the move and the move alone, so every
//! level is explained alike.

use super::Game;

/// A move in words: `what` it did (where the orb went, the bursts it set off), and `why` it
/// matters (the cells taken, the win, the threat answered or made). A page that says the
/// first itself adds the second.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    pub what: String,
    pub why: String,
}

impl std::fmt::Display for Explanation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}. {}", self.what, self.why)
    }
}

/// What `cell` does for the player to move in `before`, and why it matters.
pub fn explain(before: &Game, cell: usize) -> Explanation {
    let Some(me) = before.current() else {
        return Explanation::default();
    };
    let settings = before.settings();
    let mut after = before.clone();
    let Ok(report) = after.play_cell(cell) else {
        return Explanation::default();
    };
    let placed = place(before, cell);
    let what = if report.explosions == 0 {
        format!("It put an orb at {placed}")
    } else {
        format!(
            "Its orb at {placed} set off {} in {}",
            count(report.explosions as usize, "burst", "bursts"),
            count(report.waves.len(), "wave", "waves")
        )
    };
    // The cells it took, by their owner before the move: now its own, or emptied by bursting
    // once taken.
    let taken: Vec<(usize, usize)> = (0..settings.cells())
        .filter_map(|c| match (before.cell(c), after.cell(c)) {
            (Some((them, _)), now) if them != me && now.is_none_or(|n| n.0 == me) => {
                Some((them, c))
            }
            _ => None,
        })
        .collect();
    let mut owners: Vec<usize> = taken.iter().map(|t| t.0).collect();
    owners.sort_unstable();
    owners.dedup();
    let took: Vec<String> = owners
        .iter()
        .map(|&them| {
            let cells: Vec<usize> = taken.iter().filter(|t| t.0 == them).map(|t| t.1).collect();
            format!(
                "{} from {} ({})",
                count(cells.len(), "cell", "cells"),
                letter(them),
                list(before, &cells)
            )
        })
        .collect();
    let mut why = Vec::new();
    if !took.is_empty() {
        let end = if report.won {
            ": every orb left is its own, and it wins"
        } else {
            ""
        };
        why.push(format!("It took {}{end}.", took.join(" and ")));
    }
    if report.won {
        return Explanation {
            what,
            why: why.join(" "),
        };
    }
    for p in &report.eliminated {
        why.push(format!("Player {} is out.", letter(*p)));
    }
    // The threats against the mover before and after: enemy cells about to burst beside its
    // own. One goes only by being taken: the mover's bursts reach every neighbour.
    let before_threats = threats(before, me);
    let after_threats = threats(&after, me);
    let answered: Vec<usize> = before_threats
        .iter()
        .copied()
        .filter(|t| !after_threats.contains(t))
        .collect();
    if !answered.is_empty() {
        why.push(format!(
            "Among them {}, one orb from bursting into its cells.",
            owned(before, &answered)
        ));
        if !after_threats.is_empty() {
            why.push(format!(
                "Still about to burst beside it: {}.",
                owned(&after, &after_threats)
            ));
        }
    } else if taken.is_empty() {
        why.push(quiet(&after, cell, me, &after_threats));
    }
    Explanation {
        what,
        why: why.join(" "),
    }
}

/// What a move that took nothing builds: a threat of its own, a cell out of reach, or a risk.
fn quiet(after: &Game, cell: usize, me: usize, threats: &[usize]) -> String {
    let settings = after.settings();
    let mass = settings.critical_mass(cell);
    let Some((_, orbs)) = after.cell(cell) else {
        return String::new();
    };
    let beside: Vec<usize> = threats
        .iter()
        .copied()
        .filter(|&t| settings.neighbours(t).any(|n| n == cell))
        .collect();
    if !beside.is_empty() {
        return format!(
            "A risk: {} can burst into it next turn.",
            owned(after, &beside)
        );
    }
    let enemies: Vec<usize> = settings
        .neighbours(cell)
        .filter(|&n| after.cell(n).is_some_and(|c| c.0 != me))
        .collect();
    let kind = match mass {
        2 => "a corner",
        3 => "an edge cell",
        _ => "a middle cell",
    };
    if orbs + 1 == mass && !enemies.is_empty() {
        format!(
            "The cell is now one orb from bursting: a threat to {}.",
            owned(after, &enemies)
        )
    } else if orbs + 1 == mass {
        format!(
            "{} now one orb from bursting, with no enemy cell about to burst beside it.",
            capital(kind)
        )
    } else {
        format!("It builds up {kind} (it bursts at {mass} orbs), with no enemy cell about to burst beside it.")
    }
}

fn capital(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Enemy cells one orb from bursting that touch one of `player`'s cells.
fn threats(game: &Game, player: usize) -> Vec<usize> {
    let settings = game.settings();
    (0..settings.cells())
        .filter(|&c| {
            game.cell(c).is_some_and(|(owner, orbs)| {
                owner != player
                    && orbs + 1 == settings.critical_mass(c)
                    && settings
                        .neighbours(c)
                        .any(|n| game.cell(n).is_some_and(|m| m.0 == player))
            })
        })
        .collect()
}

/// Cells with their owner's letter: "B's cells at …".
fn owned(game: &Game, cells: &[usize]) -> String {
    let owners: Vec<char> = cells
        .iter()
        .filter_map(|&c| game.cell(c).map(|o| letter(o.0)))
        .collect();
    let whose = match owners.first() {
        Some(&first) if owners.iter().all(|&o| o == first) => format!("{first}'s "),
        _ => String::new(),
    };
    format!(
        "{whose}{} at {}",
        if cells.len() == 1 { "cell" } else { "cells" },
        list(game, cells)
    )
}

/// Cells as a person reads them: "row 2, column 3", at most four, then how many more.
fn list(game: &Game, cells: &[usize]) -> String {
    let mut named: Vec<String> = cells.iter().take(4).map(|&c| place(game, c)).collect();
    if cells.len() > 4 {
        named.push(format!("{} more", cells.len() - 4));
    }
    match named.len() {
        0 => String::new(),
        1 => named.remove(0),
        n => format!("{} and {}", named[..n - 1].join("; "), named[n - 1]),
    }
}

fn place(game: &Game, cell: usize) -> String {
    let cols = game.settings().cols;
    format!("row {}, column {}", cell / cols + 1, cell % cols + 1)
}

fn letter(player: usize) -> char {
    char::from(b'A' + (player % 26) as u8)
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
