//! Games between computer players: each seat's `Thinker` decides (within a work budget a move),
//! moves are checked by the game, and the game's returns are the result.

use crate::engine::turn::{Record, Thinker, TurnGame};

/// One game's result: the returns, and the record of its moves.
pub struct Match<G: TurnGame<Move: Copy>> {
    pub returns: Vec<f64>,
    pub record: Record<G>,
}

/// Plays a game from `settings`, seat i played by `players[i % len]`, each move decided within
/// `units_per_move` units of thinking (`decide_now` past them). Refuses a game that passes
/// `move_cap` moves or a player that makes an illegal move, naming it.
pub fn play_out<G: TurnGame<Move: Copy>>(
    settings: &G::Settings,
    players: &mut [Box<dyn Thinker<G>>],
    units_per_move: u32,
    move_cap: usize,
) -> Result<Match<G>, String> {
    if players.is_empty() {
        return Err("no players".into());
    }
    let mut record = Record::<G>::new(settings.clone());
    for _ in 0..move_cap {
        let game = record.game().clone();
        let Some(seat) = game.to_move() else {
            return Ok(Match {
                returns: game.returns(),
                record,
            });
        };
        let count = players.len();
        let player = &mut players[seat % count];
        let mut decided = None;
        for _ in 0..units_per_move.max(1) {
            decided = player.think(&game, 1);
            if decided.is_some() {
                break;
            }
        }
        let m = decided
            .or_else(|| player.decide_now(&game))
            .ok_or_else(|| format!("seat {seat} had no move"))?;
        record
            .play(m)
            .map_err(|e| format!("seat {seat} played {m:?}: {e}"))?;
    }
    Err(format!("the game passed {move_cap} moves"))
}
