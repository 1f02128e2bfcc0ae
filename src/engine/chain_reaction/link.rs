//! A game in a share link: `RxCxP/r.c,r.c,...` (rows × columns × players, then the cells played
//! in order), written and read back by replaying it.

use super::{Record, Settings};

pub fn text(record: &Record) -> String {
    let s = record.game().settings();
    let moves: Vec<String> = record
        .moves
        .iter()
        .map(|(r, c)| format!("{r}.{c}"))
        .collect();
    format!("{}x{}x{}/{}", s.rows, s.cols, s.players, moves.join(","))
}

/// Reads `text`'s form and replays the game; the error names what was wrong.
pub fn parse(text: &str) -> Result<Record, String> {
    let (size, moves) = text.split_once('/').unwrap_or((text, ""));
    let not_size = || format!("'{size}' is not rows x columns x players");
    let numbers: Vec<usize> = size
        .split('x')
        .map(|n| n.parse().map_err(|_| not_size()))
        .collect::<Result<_, _>>()?;
    let [rows, cols, players] = numbers[..] else {
        return Err(not_size());
    };
    let settings = Settings::new(rows, cols, players).map_err(|e| e.0)?;
    let moves: Vec<(usize, usize)> = moves
        .split(',')
        .filter(|m| !m.is_empty())
        .map(|m| {
            let not_cell = || format!("'{m}' is not row.column");
            let (r, c) = m.split_once('.').ok_or_else(not_cell)?;
            Ok((
                r.parse().map_err(|_| not_cell())?,
                c.parse().map_err(|_| not_cell())?,
            ))
        })
        .collect::<Result<_, String>>()?;
    Record::replay(settings, &moves).map_err(|(i, e)| format!("move {} is illegal: {e}", i + 1))
}
