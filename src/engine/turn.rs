//! The turn-based games' common shape, after OpenSpiel's `State`: settings and moves with a text
//! form, the player to move, the legal moves, a move applied or refused, each player's return.
//! One `Record` gives every such game undo, redo and a text form (`settings/move,move,…`, or
//! `settings~setup/move,…` from a position set up; what share links hold), and one set of
//! generic tests (tests/turn_games.rs) plays them all.

use super::generation;

use std::fmt::Debug;

pub trait TurnGame: Clone + PartialEq + Debug {
    type Settings: Clone + PartialEq + Debug;
    type Move: Clone + PartialEq + Debug;
    /// Between moves in a record's text.
    const MOVE_SEPARATOR: char;

    /// The start of a game with these settings.
    fn start(settings: &Self::Settings) -> Self;
    fn settings(&self) -> Self::Settings;
    fn settings_text(settings: &Self::Settings) -> String;
    fn parse_settings(text: &str) -> Result<Self::Settings, String>;
    fn move_text(&self, m: Self::Move) -> String;
    /// A move's text read back; the error names what was wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The player to move, or None once the game is over.
    fn to_move(&self) -> Option<usize>;
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move, or refuses it (saying why) and changes nothing.
    fn apply(&mut self, m: Self::Move) -> Result<(), String>;
    /// Each player's result: 1 for a win, 0 for a draw, −1 for a loss (0 while the game goes on).
    fn returns(&self) -> Vec<f64>;

    /// This position as a set-up start, in text (no `/`, no `~`): None when it is its settings'
    /// own start, or the game sets none up.
    fn setup_text(&self) -> Option<String> {
        None
    }
    /// A set-up start read back (`setup_text`'s form) for these settings.
    fn parse_setup(settings: &Self::Settings, text: &str) -> Result<Self, String> {
        let _ = (settings, text);
        Err("this game starts from its settings only".into())
    }
}

/// A game and the moves that made it: undo and redo replay from the start, so they hold for
/// every game whatever its rules.
#[derive(Clone, Debug)]
pub struct Record<G: TurnGame> {
    settings: G::Settings,
    /// Where the moves start: the settings' start, or a position set up (an imported one).
    start: G,
    moves: Vec<G::Move>,
    undone: Vec<G::Move>,
    game: G,
    /// Changes at every change of the record (`engine::generation`).
    generation: u64,
}

impl<G: TurnGame> Record<G> {
    pub fn new(settings: G::Settings) -> Record<G> {
        let game = G::start(&settings);
        Record::from_start(game)
    }

    /// A record whose moves start from `start` (a position set up rather than played).
    pub fn from_start(start: G) -> Record<G> {
        Record {
            settings: start.settings(),
            start: start.clone(),
            moves: Vec::new(),
            undone: Vec::new(),
            game: start,
            generation: generation::next(),
        }
    }

    /// A number that changes whenever the record does: what is shown of it is up to date while
    /// the number it was drawn from is this one.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The position the moves start from.
    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Plays a move (forgetting what was undone); a refused move changes nothing.
    pub fn play(&mut self, m: G::Move) -> Result<(), String> {
        self.game.apply(m.clone())?;
        self.moves.push(m);
        self.undone.clear();
        self.generation = generation::next();
        Ok(())
    }

    /// Takes the last move back; false at the start.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.moves.pop() else {
            return false;
        };
        self.undone.push(last);
        self.game = self.replayed(self.moves.len());
        self.generation = generation::next();
        true
    }

    /// Plays the last move undone again; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.undone.pop() else {
            return false;
        };
        let undone = std::mem::take(&mut self.undone);
        let played = self.play(next).is_ok();
        self.undone = undone;
        played
    }

    /// `settings/move,move,…` (each game chooses its separator), `settings~setup/…` when the
    /// moves start from a position set up.
    pub fn text(&self) -> String {
        // Each move written in the position it was made in (a move's text may depend on it).
        let mut game = self.start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            moves.push(game.move_text(m.clone()));
            if game.apply(m.clone()).is_err() {
                break;
            }
        }
        let setup = self
            .start
            .setup_text()
            .map(|text| format!("~{text}"))
            .unwrap_or_default();
        format!(
            "{}{setup}/{}",
            G::settings_text(&self.settings),
            moves.join(&G::MOVE_SEPARATOR.to_string())
        )
    }

    /// Reads `text`'s form and replays the moves; the error names the move that failed.
    pub fn parse(text: &str) -> Result<Record<G>, String> {
        let (head, moves) = text.split_once('/').unwrap_or((text, ""));
        let mut record = match head.split_once('~') {
            None => Record::<G>::new(G::parse_settings(head.trim())?),
            Some((settings, setup)) => {
                let settings = G::parse_settings(settings.trim())?;
                Record::from_start(G::parse_setup(&settings, setup.trim())?)
            }
        };
        for (i, m) in moves
            .split(G::MOVE_SEPARATOR)
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .enumerate()
        {
            let parsed = record
                .game
                .parse_move(m)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            record
                .play(parsed)
                .map_err(|e| format!("move {} is illegal: {e}", i + 1))?;
        }
        Ok(record)
    }

    /// The game after the first `count` moves, replayed from the start (moves once played
    /// replay; should one not, the replay stops there).
    fn replayed(&self, count: usize) -> G {
        let mut game = self.start.clone();
        for m in &self.moves[..count.min(self.moves.len())] {
            if game.apply(m.clone()).is_err() {
                break;
            }
        }
        game
    }
}

/// A computer player that decides in small pieces (so a page can think on a real clock):
/// `think` works for about `units` of work and gives the move once decided; `decide_now` gives
/// one at once with what was found so far.
pub trait Thinker<G: TurnGame> {
    fn think(&mut self, game: &G, units: u32) -> Option<G::Move>;
    fn decide_now(&mut self, game: &G) -> Option<G::Move>;
    /// Why it chose the move it last gave, in words, where it can say.
    fn reason(&self) -> Option<String> {
        None
    }
}

/// What a page's session shares and keeps of a game: its text (what share links and the
/// browser hold) and a number that changes with it.
pub trait Saved {
    fn text(&self) -> String;
    fn generation(&self) -> u64;
}

/// A game's history, whatever the game keeps in it (a `Record`'s moves, a drawn game's papers,
/// ADE's states): saved as text, undo and redo, and undo and redo to a person's turn built on
/// them.
pub trait History: Saved {
    /// Takes the last move back; false at the start.
    fn undo(&mut self) -> bool;
    /// Plays the last move undone again; false when there is none.
    fn redo(&mut self) -> bool;
    /// The player to move, or None once the game is over.
    fn player_to_move(&self) -> Option<usize>;

    /// Takes moves back to the last turn of a player `is_human` accepts (at least one move);
    /// false when there was nothing to undo.
    fn undo_to(&mut self, is_human: impl Fn(usize) -> bool) -> bool {
        if !self.undo() {
            return false;
        }
        while self.player_to_move().is_some_and(|p| !is_human(p)) && self.undo() {}
        true
    }

    /// Plays undone moves again up to the next turn of a player `is_human` accepts.
    fn redo_to(&mut self, is_human: impl Fn(usize) -> bool) -> bool {
        if !self.redo() {
            return false;
        }
        while self.player_to_move().is_some_and(|p| !is_human(p)) && self.redo() {}
        true
    }
}

impl<G: TurnGame> Saved for Record<G> {
    fn text(&self) -> String {
        Record::text(self)
    }

    fn generation(&self) -> u64 {
        self.generation
    }
}

impl<G: TurnGame> History for Record<G> {
    fn undo(&mut self) -> bool {
        Record::undo(self)
    }

    fn redo(&mut self) -> bool {
        Record::redo(self)
    }

    fn player_to_move(&self) -> Option<usize> {
        self.game.to_move()
    }
}

impl<G: TurnGame> Record<G> {
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn settings(&self) -> &G::Settings {
        &self.settings
    }

    /// The game before move `index` (0: the start), replayed.
    pub fn before(&self, index: usize) -> G {
        self.replayed(index)
    }
}

/// A history the board shell runs (`ui::board`): a game played from its settings, move by move,
/// whatever it keeps (a `Record`'s moves; a drawn Sprouts game's strokes and papers). `Game` is
/// what the board draws and the rules read; `Move` what a person enters and a computer plays.
pub trait Played: History + Sized + 'static {
    type Game;
    type Move: Clone + PartialEq + Debug;
    type Settings: Clone + PartialEq + Debug;
    /// Its text read back a step at a time (`Played::replay`).
    type Replay: Replaying<Self>;

    fn new(settings: Self::Settings) -> Self;
    fn settings(&self) -> Self::Settings;
    fn game(&self) -> &Self::Game;
    /// Plays a move (forgetting what was undone), or refuses it saying why.
    fn play(&mut self, m: Self::Move) -> Result<(), String>;
    /// The moves played.
    fn moves(&self) -> usize;
    fn can_redo(&self) -> bool;
    /// Reads a text (`Saved::text`'s form) back: its first part at once, the moves by `step`,
    /// so a page reads a long one in its time slices.
    fn replay(text: &str) -> Result<Self::Replay, String>;
}

/// A history's text being read back, a step at a time.
pub trait Replaying<P> {
    /// Replays a step; true once the whole text is read; the error says what was wrong.
    fn step(&mut self) -> Result<bool, String>;
    /// How far through (0 to 1).
    fn progress(&self) -> f64;
    /// The history read (once `step` says so).
    fn finish(self) -> P;
}

/// A record's text is read back at once (its moves replay in microseconds).
pub struct RecordReplay<G: TurnGame>(Record<G>);

impl<G: TurnGame> Replaying<Record<G>> for RecordReplay<G> {
    fn step(&mut self) -> Result<bool, String> {
        Ok(true)
    }

    fn progress(&self) -> f64 {
        1.0
    }

    fn finish(self) -> Record<G> {
        self.0
    }
}

impl<G: TurnGame + 'static> Played for Record<G> {
    type Game = G;
    type Move = G::Move;
    type Settings = G::Settings;
    type Replay = RecordReplay<G>;

    fn new(settings: G::Settings) -> Record<G> {
        Record::new(settings)
    }

    fn settings(&self) -> G::Settings {
        self.settings.clone()
    }

    fn game(&self) -> &G {
        &self.game
    }

    fn play(&mut self, m: G::Move) -> Result<(), String> {
        Record::play(self, m)
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    fn replay(text: &str) -> Result<RecordReplay<G>, String> {
        Record::parse(text).map(RecordReplay)
    }
}
