//! The seed report's per-cell automaton: a cell of critical mass c holding k orbs of
//! player p is in state S{c−1}{k}, with one prime per player index (S for player 0, S' for
//! player 1, S'' for player 2, then S⁽³⁾, S⁽⁴⁾, …); an empty cell is S{c−1}0.

use super::game::Game;

/// The state name of a cell.
pub fn state_name(game: &Game, cell: usize) -> String {
    state_of(game.settings().critical_mass(cell), game.cell(cell))
}

/// The state name of a cell of critical mass `mass` holding `content` (owner, orbs): what an
/// animation frame shows, before the game has reached its end state.
pub fn state_of(mass: u8, content: Option<(usize, u8)>) -> String {
    match content {
        None | Some((_, 0)) => format!("S{}0", mass - 1),
        Some((player, orbs)) if orbs < mass => {
            format!("{}{}{orbs}", state_letter(player), mass - 1)
        }
        Some(_) => "critical".to_string(),
    }
}

/// `S`, `S'`, `S''` for the first three players (the report's primes), then `S⁽³⁾`, `S⁽⁴⁾`, …
/// (seven primes do not fit a cell, and nobody counts them).
pub fn state_letter(player: usize) -> String {
    if player <= 2 {
        format!("S{}", "'".repeat(player))
    } else {
        const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
        let digits: String = player
            .to_string()
            .bytes()
            .map(|d| SUPERSCRIPTS[(d - b'0') as usize])
            .collect();
        format!("S⁽{digits}⁾")
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
