//! Sprouts played move by move, as a turn game (engine::turn): two players, a move is one of the
//! position's canonical children (written in Glop 1.0 notation), and whoever cannot move loses
//! (normal play). What lets the generic bots and tests of turn games play Sprouts.

use super::children::{check_computable, children};
use super::position::Position;
use super::symbols::MAX_SPOTS;
use crate::engine::turn::TurnGame;

/// A game of Sprouts: the position, its children (the legal moves), whose turn it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    start: Position,
    position: Position,
    children: Vec<Position>,
    mover: usize,
}

impl Game {
    /// A game from `start`. A position too large for move generation has no moves here:
    /// `parse_settings` refuses such a start with the reason.
    pub fn new(start: Position) -> Game {
        let children = children(&start).unwrap_or_default();
        Game {
            position: start.clone(),
            start,
            children,
            mover: 0,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn children(&self) -> &[Position] {
        &self.children
    }
}

impl TurnGame for Game {
    /// The start position.
    type Settings = Position;
    /// The index of a child in the position's canonical order.
    type Move = usize;
    const MOVE_SEPARATOR: char = ',';

    fn start(settings: &Position) -> Game {
        Game::new(settings.clone())
    }

    fn settings(&self) -> Position {
        self.start.clone()
    }

    fn settings_text(settings: &Position) -> String {
        settings.to_string()
    }

    fn parse_settings(text: &str) -> Result<Position, String> {
        let text = text.trim();
        let position = match text.parse::<usize>() {
            Ok(n) if (1..=MAX_SPOTS).contains(&n) => Position::spots(n),
            Ok(n) => {
                return Err(format!(
                    "{n} spots: a game starts from 1 to {MAX_SPOTS} spots"
                ))
            }
            Err(_) => Position::parse(text).map_err(|e| e.to_string())?,
        };
        check_computable(&position).map_err(|e| e.to_string())?;
        Ok(position)
    }

    fn move_text(&self, m: usize) -> String {
        self.children
            .get(m)
            .map_or_else(|| format!("#{m}"), Position::to_string)
    }

    fn parse_move(&self, text: &str) -> Result<usize, String> {
        let wanted = Position::parse(text.trim()).map_err(|e| e.to_string())?;
        self.children
            .iter()
            .position(|c| *c == wanted)
            .ok_or_else(|| format!("'{}' is not a move from {}", text.trim(), self.position))
    }

    fn to_move(&self) -> Option<usize> {
        (!self.children.is_empty()).then_some(self.mover)
    }

    fn legal_moves(&self) -> Vec<usize> {
        (0..self.children.len()).collect()
    }

    fn apply(&mut self, m: usize) -> Result<(), String> {
        let Some(child) = self.children.get(m) else {
            return Err(if self.children.is_empty() {
                "the game is over".to_string()
            } else {
                format!("there are {} moves, not {}", self.children.len(), m + 1)
            });
        };
        self.position = child.clone();
        self.children = children(&self.position).unwrap_or_default();
        self.mover = 1 - self.mover;
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        if !self.children.is_empty() {
            return vec![0.0, 0.0];
        }
        // The player to move cannot: they lose.
        let mut out = vec![1.0, 1.0];
        out[self.mover] = -1.0;
        out
    }
}
