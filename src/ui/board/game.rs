//! What a board game gives the shell: its typed settings and form fields, seats and levels, the
//! picture and hit testing, and its own actions (`BoardGame`).

use super::*;

/// One whole-number setting in the form (and in the element's data attributes).
pub struct Field {
    /// `data-field` in the form, `data-<attribute>` on the element.
    pub name: &'static str,
    pub label: &'static str,
    pub range: (usize, usize),
    /// Offered as a menu of every value (a short range, like 2 to 8 players).
    pub menu: bool,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat<L> {
    Human,
    Computer(L),
}

/// What the shell's buttons and fields ask for, and the game's own actions.
#[derive(Clone, Debug)]
pub enum BoardAction<A> {
    NewGame,
    /// Asks first (the question in the page: a sandboxed frame answers no `confirm()`).
    Restart,
    RestartConfirmed,
    Undo,
    Redo,
    Share,
    /// The players field changed: the seat menus follow.
    Players,
    /// Seat i's menu changed.
    Seat(usize),
    ThinkMs,
    Game(A),
}

impl<A> BoardAction<A> {
    /// The action of a button's `data-action` or a field's `data-field`.
    pub(super) fn parse(text: &str, game: impl Fn(&str) -> Option<A>) -> Option<BoardAction<A>> {
        Some(match text {
            "new-game" => BoardAction::NewGame,
            "restart" => BoardAction::Restart,
            "restart-confirmed" => BoardAction::RestartConfirmed,
            "undo" => BoardAction::Undo,
            "redo" => BoardAction::Redo,
            "share" => BoardAction::Share,
            "players" => BoardAction::Players,
            "think-ms" => BoardAction::ThinkMs,
            other => match other.strip_prefix("seat-") {
                Some(i) => BoardAction::Seat(i.parse().ok()?),
                None => BoardAction::Game(game(other)?),
            },
        })
    }
}

/// The parts of the shell a game adds its extras to.
pub struct Parts {
    pub root: HtmlElement,
    /// The settings (a `<details>` after its summary; a game may add a preset menu to it).
    pub settings: HtmlElement,
    /// The button bar under the settings (Undo, Redo, …).
    pub bar: HtmlElement,
    /// The panel beside the board, under the history.
    pub side: HtmlElement,
    /// Under everything (export / import).
    pub foot: HtmlElement,
}

/// What the shell knows of the board on screen, for the game to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    /// The room the board may fill (CSS pixels).
    pub room: (f64, f64),
    /// The keyboard cursor, shown once the keyboard has been used on the board.
    pub cursor: Option<usize>,
    /// The move under the pointer, when a human is to move (a preview of a click).
    pub hover: Option<usize>,
    /// The place the user points at, else the last one clicked or reached by the keyboard
    /// (what a game's panel describes).
    pub selected: usize,
}

/// A board game the shell can run: the typed settings and seats, and the rules-free view.
pub trait BoardGame: Sized + 'static {
    type Game: TurnGame<Move = usize>;
    type Level: Copy + PartialEq + 'static;
    type Thinker: Thinker<Self::Game>;

    /// `data-gamelab`'s value, the root's class, the share link's key.
    const NAME: &'static str;
    const CLASS: &'static str;
    const LINK: &'static str;
    /// The settings' fields, in the form's order.
    const FIELDS: &'static [Field];
    /// The computers' time per move: default and bounds (milliseconds).
    const THINK_MS: (usize, usize, usize);

    fn settings_of(values: &[usize]) -> Result<<Self::Game as TurnGame>::Settings, String>;
    fn values_of(settings: &<Self::Game as TurnGame>::Settings) -> Vec<usize>;
    fn default_settings() -> <Self::Game as TurnGame>::Settings;
    fn players(settings: &<Self::Game as TurnGame>::Settings) -> usize;
    /// The levels offered in the seat menus, weakest first.
    fn levels() -> Vec<Self::Level>;
    fn level_name(level: Self::Level) -> String;
    fn level_label(level: Self::Level) -> String;
    fn parse_level(text: &str) -> Result<Self::Level, String>;
    fn default_seat(player: usize) -> Seat<Self::Level>;
    /// What tells the seat apart besides its letter and colour ("dashed lines").
    fn seat_note(player: usize) -> &'static str;
    fn thinker(game: &Self::Game, level: Self::Level, think_ms: usize, seed: u64) -> Self::Thinker;
    /// Units of work per `think` call (a slice calls it until its time is up).
    const THINK_UNITS: u32;

    /// The rules in a few lines ("How to play", under the settings).
    const RULES: &'static [&'static str];
    /// The rules' pictures, drawn into the section (`widgets::rules::picture`).
    fn rule_pictures(rules: &HtmlElement);

    /// The game's own part: its extras built into the shell's parts.
    fn new(parts: &Parts, problems: &mut String) -> Self;
    /// The board's size (CSS pixels) for the room it has.
    fn size(&self, game: &Self::Game, room: (f64, f64)) -> (f64, f64);
    fn draw(&self, painter: &mut CanvasPainter, record: &Record<Self::Game>, view: &View);
    /// The move a click at (x, y) on the board asks for (`None`: not on a move).
    fn move_at(&self, game: &Self::Game, room: (f64, f64), x: f64, y: f64) -> Option<usize>;
    /// Where an arrow key takes the cursor.
    fn step(&self, game: &Self::Game, cursor: usize, key: &str) -> usize;
    /// The board's label for screen readers.
    fn describe(&self, game: &Self::Game, cursor: usize) -> String;
    /// One history line: `game` is the position before the move.
    fn history_line(game: &Self::Game, m: usize) -> String;
    /// A refused move, said for a person (players by letter).
    fn refusal(game: &Self::Game, m: usize, why: &str) -> String {
        let _ = (game, m);
        why.to_string()
    }

    /// A move was played (`before` is the position before it); a message for the status line.
    fn played(&mut self, before: &Self::Game, m: usize, after: &Self::Game) -> String;
    /// The record changed otherwise (undo, redo, new game, import): drop what showed a move.
    fn reset(&mut self) {}
    /// An animation is running: no moves until it ends.
    fn animating(&self) -> bool {
        false
    }
    /// Advances the animation; the milliseconds to its next frame, or None when it is over.
    fn animate(&mut self) -> Option<i32> {
        None
    }
    /// Work in the background while nobody thinks (an analysis); true when more is to do.
    fn background(&mut self, record: &Record<Self::Game>, slice: &Slice) -> bool {
        let _ = (record, slice);
        false
    }
    /// What the game's own buttons and fields ask for.
    type Action: Clone + std::fmt::Debug + 'static;
    /// The game's action a button's `data-action` or a field's `data-field` names.
    fn parse_action(text: &str) -> Option<Self::Action> {
        let _ = text;
        None
    }
    /// Does one of the game's own actions (`target`: the button or field); may replace the
    /// record. A message for the status line, if the action has one.
    fn act(
        &mut self,
        action: Self::Action,
        target: &Element,
        record: &mut Record<Self::Game>,
    ) -> Option<String> {
        let _ = (action, target, record);
        None
    }
    /// A line before the status (scores).
    fn score_line(&self, game: &Self::Game) -> String {
        let _ = game;
        String::new()
    }
    /// The end of the game in words: "Player B wins after 12 moves."
    fn result_line(&self, game: &Self::Game) -> String;
    /// The seats out of the game (Chain Reaction's eliminated players).
    fn out(&self, game: &Self::Game) -> Vec<usize> {
        let _ = game;
        Vec::new()
    }
    /// Redraws the game's own panels.
    fn refresh(&mut self, record: &Record<Self::Game>, view: &View) {
        let _ = (record, view);
    }
    /// The game's own data attributes for "Embed this".
    fn embed_attributes(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The share link's text and its reading (the record's own form unless the game says).
    fn link_text(record: &Record<Self::Game>) -> String {
        record.text()
    }
    fn parse_link(text: &str) -> Result<Record<Self::Game>, String> {
        Record::parse(text)
    }
}
