//! The seed report's per-cell automaton (spec §4): a cell of critical mass c holding k orbs of
//! player p is in state S{c−1}{k}, with one prime per player index (S for player 0, S' for
//! player 1, S'' for player 2, …); an empty cell is S{c−1}0.

use super::game::Game;

/// The state name of a cell.
pub fn state_name(game: &Game, cell: usize) -> String {
    let mass = game.settings().critical_mass(cell);
    match game.cell(cell) {
        None => format!("S{}0", mass - 1),
        Some((player, orbs)) if orbs < mass => format!("S{}{}{orbs}", "'".repeat(player), mass - 1),
        Some(_) => "critical".to_string(),
    }
}

/// How a cell got to its state on the last move: `a`, `b`, … (a placement by player 0, 1, …) or
/// `ε` (orbs received from an explosion).
pub fn transition_symbol(placement_by: Option<usize>) -> String {
    match placement_by {
        Some(p) => char::from(b'a' + p as u8).to_string(),
        None => "ε".to_string(),
    }
}
