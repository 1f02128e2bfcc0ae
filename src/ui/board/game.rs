//! What a board game gives the shell: its typed settings and form fields, seats and levels, the
//! picture and hit testing, and its own actions (`BoardGame`).

use super::*;
use crate::ui::action::Named;

/// One whole-number setting in the form (and in the element's data attributes, where the
/// registry, `games`, declares its range and default).
pub struct Field {
    /// `data-field` in the form, `data-<attribute>` on the element.
    pub name: &'static str,
    pub label: &'static str,
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
#[derive(Clone, Debug, PartialEq)]
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

/// The shell's own names, then `seat-<i>`, then the game's (its own table).
const SHELL_ACTIONS: [&str; 8] = [
    "new-game",
    "restart",
    "restart-confirmed",
    "undo",
    "redo",
    "share",
    "players",
    "think-ms",
];

impl<A: Named + Clone> BoardAction<A> {
    fn shell(index: usize) -> Option<BoardAction<A>> {
        Some(match index {
            0 => BoardAction::NewGame,
            1 => BoardAction::Restart,
            2 => BoardAction::RestartConfirmed,
            3 => BoardAction::Undo,
            4 => BoardAction::Redo,
            5 => BoardAction::Share,
            6 => BoardAction::Players,
            7 => BoardAction::ThinkMs,
            _ => return None,
        })
    }
}

impl<A: Named + Clone> Named for BoardAction<A> {
    fn name(&self) -> String {
        let shell = |i: usize| SHELL_ACTIONS[i].to_string();
        match self {
            BoardAction::NewGame => shell(0),
            BoardAction::Restart => shell(1),
            BoardAction::RestartConfirmed => shell(2),
            BoardAction::Undo => shell(3),
            BoardAction::Redo => shell(4),
            BoardAction::Share => shell(5),
            BoardAction::Players => shell(6),
            BoardAction::ThinkMs => shell(7),
            BoardAction::Seat(i) => format!("seat-{i}"),
            BoardAction::Game(action) => action.name(),
        }
    }

    fn parse(text: &str) -> Option<BoardAction<A>> {
        if let Some(i) = SHELL_ACTIONS.iter().position(|&name| name == text) {
            return BoardAction::shell(i);
        }
        if let Some(seat) = text.strip_prefix("seat-").and_then(|i| i.parse().ok()) {
            return Some(BoardAction::Seat(seat));
        }
        A::parse(text).map(BoardAction::Game)
    }

    fn examples() -> Vec<BoardAction<A>> {
        (0..SHELL_ACTIONS.len())
            .filter_map(BoardAction::shell)
            .chain([BoardAction::Seat(0)])
            .chain(A::examples().into_iter().map(BoardAction::Game))
            .collect()
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
    fn new(parts: &Parts, options: &Options) -> Self;
    /// The board's size (CSS pixels) for the room it has.
    fn size(&self, game: &Self::Game, room: (f64, f64)) -> (f64, f64);
    fn draw(&self, painter: &mut CanvasPainter, record: &Record<Self::Game>, view: &View);
    /// What the picture shows besides the record and the view (an analysis), as a number that
    /// changes with it: the view draws the board again when it does.
    fn picture_key(&self, game: &Self::Game) -> u64 {
        let _ = game;
        0
    }
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
    /// What the game's own buttons and fields ask for (named both ways: `ui::action`).
    type Action: Named + Clone + PartialEq + std::fmt::Debug + 'static;
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
}

/// A number option's bounds, as the registry (`games`) declares them for game `B`.
pub fn bounds<B: BoardGame>(name: &str) -> (usize, usize) {
    let number = crate::games::number(B::NAME, name, "");
    (number.min as usize, number.max as usize)
}

#[cfg(test)]
mod tests {
    use crate::ui::action::round_trips;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn the_shell_s_and_each_game_s_actions_are_named_and_read_back() {
        #[cfg(feature = "chain-reaction")]
        {
            use crate::ui::chain_reaction::ChainAction;
            assert_eq!(round_trips::<ChainAction>(), Ok(2));
            assert_eq!(round_trips::<super::BoardAction<ChainAction>>(), Ok(11));
        }
        #[cfg(feature = "dots-and-boxes")]
        {
            use crate::ui::dots_boxes::DotsAction;
            assert_eq!(round_trips::<super::BoardAction<DotsAction>>(), Ok(13));
        }
    }
}
