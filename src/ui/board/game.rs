//! What a board game gives the shell: its typed settings and form fields, seats and levels, the
//! picture and hit testing, and its own actions (`BoardGame`).

use super::*;
use crate::ui::action::Named;

/// One setting in the form (and in the element's data attributes, where the registry, `games`,
/// declares its range and default): a whole number, or one of a few words (its value then
/// counts the words from 0).
pub struct Field {
    /// `data-field` in the form, `data-<attribute>` on the element.
    pub name: &'static str,
    pub label: &'static str,
    /// Offered as a menu of every value (a short range, like 2 to 8 players).
    pub menu: bool,
    /// A choice of words (each with its label in the menu) instead of a number.
    pub words: &'static [(&'static str, &'static str)],
}

/// The computers' time per move in the form: its field and its unit.
pub struct Think {
    /// `data-field` and `data-<attribute>`.
    pub name: &'static str,
    pub label: &'static str,
    /// Milliseconds in one unit of the field.
    pub unit_ms: usize,
}

impl Think {
    pub const MILLISECONDS: Think = Think {
        name: "think-ms",
        label: "Computer time per move (ms)",
        unit_ms: 1,
    };
}

/// How a person enters a move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A click on a place (or the arrow keys and Enter): the move there.
    Click,
    /// A stroke drawn with the pointer, which the game reads into a move that waits, pending,
    /// until it is confirmed (the Confirm button, Enter) or taken back (Escape).
    Stroke,
}

/// The pencil on the board (`Entry::Stroke`), at a point in CSS pixels from the board's corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pencil {
    Down(f64, f64),
    Move(f64, f64),
    Up,
}

/// What the board made of the pencil.
#[derive(Clone, Debug, PartialEq)]
pub enum Entered {
    /// Not taken: nothing changes (the page may scroll).
    Nothing,
    /// Taken: the board is drawn again.
    Drawn,
    /// Taken, with words for the status line.
    Said(String),
}

/// What came of a slice of the game's own work (`BoardGame::background`).
#[derive(Clone, Debug, PartialEq)]
pub enum Background<M> {
    /// Nothing to do.
    Idle,
    /// More to do: the next slice at once.
    More,
    /// More to do later (work done elsewhere, in workers): a look after these milliseconds.
    After(i32),
    /// This move, for the person to move (a move picked from a list and drawn).
    Play(M),
    /// Done, with words for the status line.
    Said(String),
}

/// What a computer seat came to after a slice of thinking (`Computer::think`).
#[derive(Clone, Debug, PartialEq)]
pub enum Thought<M> {
    /// Still thinking: the next slice at once.
    Thinking,
    /// Waiting for work done elsewhere (workers): a look after these milliseconds.
    Waiting(i32),
    /// Its move.
    Move(M),
    /// It cannot play here (no room to draw any move, say): a person plays for it.
    Stuck(String),
}

/// A computer seat as the shell runs it: a slice of thinking at a time, on the shell's clock.
pub trait Computer<P: Played> {
    /// Thinks for about one slice; `out_of_time` (the time per move is up, or Move now was
    /// pressed): decide with what is known. It may change the record's paper (room made on a
    /// drawn board) but never plays: the move it gives, the shell plays.
    fn think(&mut self, record: &mut P, slice: &Slice, out_of_time: bool) -> Thought<P::Move>;
    /// What it is doing, for the status line (None: the shell says "is thinking… s").
    fn progress(&self) -> Option<String> {
        None
    }
    /// Why it chose the move it last gave, said after the move (None: nothing to add).
    fn reason(&self) -> Option<String> {
        None
    }
}

/// An engine's `Thinker` as a computer seat of a `Record` game: `units` of its work a call, as
/// many calls as the slice lasts.
pub struct Plain<T> {
    thinker: T,
    units: u32,
}

impl<T> Plain<T> {
    pub fn new(thinker: T, units: u32) -> Plain<T> {
        Plain { thinker, units }
    }
}

impl<G: TurnGame + 'static, T: Thinker<G>> Computer<Record<G>> for Plain<T> {
    fn think(
        &mut self,
        record: &mut Record<G>,
        slice: &Slice,
        out_of_time: bool,
    ) -> Thought<G::Move> {
        let game = record.game();
        let mut decided = None;
        if out_of_time {
            decided = self.thinker.decide_now(game);
        } else {
            slice.work(|| {
                decided = self.thinker.think(game, self.units);
                decided.is_some()
            });
        }
        decided.map_or(Thought::Thinking, Thought::Move)
    }

    fn reason(&self) -> Option<String> {
        self.thinker.reason()
    }
}

/// The moves of a record in words, each said by `line` in the position it was made in.
pub fn record_history<G: TurnGame>(
    record: &Record<G>,
    line: fn(&G, &G::Move) -> String,
) -> Vec<String> {
    let mut game = record.start().clone();
    let mut lines = Vec::with_capacity(record.moves().len());
    for m in record.moves() {
        lines.push(line(&game, m));
        if game.apply(m.clone()).is_err() {
            break;
        }
    }
    lines
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
    /// Asks first when the game in play has moves and is not over (nothing brings it back).
    NewGame,
    NewGameConfirmed,
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
    /// The pending move (`Entry::Stroke`) confirmed, or taken back.
    Confirm,
    Cancel,
    /// The computer to move decides now (or the game's own work stops).
    MoveNow,
    Game(A),
}

/// The shell's own names, then `seat-<i>`, then the game's (its own table).
const SHELL_ACTIONS: [&str; 12] = [
    "new-game",
    "restart",
    "restart-confirmed",
    "undo",
    "redo",
    "share",
    "players",
    "think-ms",
    "confirm",
    "cancel",
    "move-now",
    "new-game-confirmed",
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
            8 => BoardAction::Confirm,
            9 => BoardAction::Cancel,
            10 => BoardAction::MoveNow,
            11 => BoardAction::NewGameConfirmed,
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
            BoardAction::Confirm => shell(8),
            BoardAction::Cancel => shell(9),
            BoardAction::MoveNow => shell(10),
            BoardAction::NewGameConfirmed => shell(11),
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
    /// Under the board, in its column (a hint).
    pub under: HtmlElement,
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
    /// A person may move now (a person's turn, nothing being shown).
    pub person: bool,
}

/// A board game the shell can run: the typed settings and seats, and the rules-free view.
pub trait BoardGame: Sized + 'static {
    /// The history the shell runs: a `Record` of a `TurnGame`, or a drawn game.
    type Record: Played<Game = Self::Game, Move = Self::Move>;
    /// What the board draws and the rules read.
    type Game: Clone;
    type Move: Clone + PartialEq + std::fmt::Debug + 'static;
    type Level: Copy + PartialEq + 'static;
    type Computer: Computer<Self::Record>;

    /// `data-gamelab`'s value, the root's class, the share link's key.
    const NAME: &'static str;
    const CLASS: &'static str;
    const LINK: &'static str;
    /// `data-view`'s value, for a game with views.
    const VIEW: &'static str = "";
    /// The settings' fields, in the form's order.
    const FIELDS: &'static [Field];
    /// The computers' time per move.
    const THINK: Think = Think::MILLISECONDS;
    /// How a person enters a move.
    const ENTRY: Entry = Entry::Click;

    fn settings_of(values: &[usize]) -> Result<Settings<Self>, String>;
    fn values_of(settings: &Settings<Self>) -> Vec<usize>;
    fn default_settings() -> Settings<Self>;
    fn players(settings: &Settings<Self>) -> usize;
    /// The key the browser keeps the game under.
    fn keep_key() -> String {
        format!("gamelab-{}-game", Self::NAME)
    }
    /// A player in words ("Player A").
    fn player(p: usize) -> String {
        format!("Player {}", palette::seat_letter(p))
    }
    /// A seat's mark in the legend ("A"), on its colour when `COLOURED_SEATS`.
    fn seat_mark(p: usize) -> String {
        palette::seat_letter(p).to_string()
    }
    /// The players' colours tell their moves apart on the board.
    const COLOURED_SEATS: bool = true;
    /// The levels offered in the seat menus, weakest first.
    fn levels() -> Vec<Self::Level>;
    fn level_name(level: Self::Level) -> String;
    fn level_label(level: Self::Level) -> String;
    fn parse_level(text: &str) -> Result<Self::Level, String>;
    fn default_seat(player: usize) -> Seat<Self::Level>;
    /// What tells the seat apart besides its letter and colour ("dashed lines").
    fn seat_note(player: usize) -> &'static str;
    /// A computer seat of `level` for the game from this position on.
    fn computer(
        &self,
        record: &Self::Record,
        level: Self::Level,
        think_ms: usize,
        seed: u64,
    ) -> Self::Computer;

    /// The rules in a few lines ("How to play", under the settings).
    const RULES: &'static [&'static str];
    /// The rules' pictures, drawn into the section (`widgets::rules::picture`).
    fn rule_pictures(rules: &HtmlElement);

    /// The game's own part: its extras built into the shell's parts.
    fn new(parts: &Parts, options: &Options) -> Self;
    /// The board's size (CSS pixels) for the room it has.
    fn size(&self, game: &Self::Game, room: (f64, f64)) -> (f64, f64);
    fn draw(&self, painter: &mut CanvasPainter, record: &Self::Record, view: &View);
    /// What the picture shows besides the record and the view (an analysis, a line being
    /// drawn), as a number that changes with it: the view draws the board again when it does.
    fn picture_key(&self, game: &Self::Game) -> u64 {
        let _ = game;
        0
    }
    /// Click entry: the place a click at (x, y) on the board points at (`None`: none).
    fn move_at(&self, game: &Self::Game, room: (f64, f64), x: f64, y: f64) -> Option<usize> {
        let _ = (game, room, x, y);
        None
    }
    /// Click entry: the move a place stands for.
    fn click_move(place: usize) -> Option<Self::Move> {
        let _ = place;
        None
    }
    /// Click entry: where an arrow key takes the cursor.
    fn step(&self, game: &Self::Game, cursor: usize, key: &str) -> usize {
        let _ = (game, key);
        cursor
    }
    /// Stroke entry: the pencil on the board; `person`: a person may draw a move now.
    fn pencil(
        &mut self,
        game: &Self::Game,
        room: (f64, f64),
        pencil: Pencil,
        person: bool,
    ) -> Entered {
        let _ = (game, room, pencil, person);
        Entered::Nothing
    }
    /// Stroke entry: a move waits for its confirmation.
    fn pending(&self) -> bool {
        false
    }
    /// Stroke entry: the pending move, confirmed (it leaves the board's hands).
    fn confirm(&mut self) -> Option<Self::Move> {
        None
    }
    /// Stroke entry: the pending move taken back.
    fn cancel(&mut self) {}
    /// The board's label for screen readers.
    fn describe(&self, game: &Self::Game, cursor: usize) -> String;
    /// The moves so far in words, first to last (the history beside the board).
    fn history(record: &Self::Record) -> Vec<String>;
    /// A refused move, said for a person (players by letter).
    fn refusal(game: &Self::Game, m: &Self::Move, why: &str) -> String {
        let _ = (game, m);
        why.to_string()
    }
    /// What a person to move is asked.
    fn prompt(&self, game: &Self::Game) -> String {
        let _ = game;
        "click the board, or arrows and Enter".into()
    }

    /// A move was played (`before` is the position before it); a message for the status line.
    fn played(&mut self, before: &Self::Game, m: &Self::Move, after: &Self::Game) -> String;
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
    /// Work of the game's own while no computer thinks (an analysis, a hint), a slice at a time.
    fn background(&mut self, record: &mut Self::Record, slice: &Slice) -> Background<Self::Move> {
        let _ = (record, slice);
        Background::Idle
    }
    /// What the game's own work is doing, in words, while it runs (the status line says it,
    /// and Move now stops it).
    fn working(&self) -> Option<String> {
        None
    }
    /// Move now was pressed while the game's own work runs.
    fn hurry(&mut self) {}
    /// What the game's own buttons and fields ask for (named both ways: `ui::action`).
    type Action: Named + Clone + PartialEq + std::fmt::Debug + 'static;
    /// Does one of the game's own actions (`target`: the button or field); may replace the
    /// record. A message for the status line, if the action has one.
    fn act(
        &mut self,
        action: Self::Action,
        target: &Element,
        record: &mut Self::Record,
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
    /// The player who won the game (None: not over, or a tie).
    fn winner(&self, game: &Self::Game) -> Option<usize>;
    /// The game's actions a graded activity refuses: hints, analysis, a game imported.
    fn graded_refuses(action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// The seats out of the game (Chain Reaction's eliminated players).
    fn out(&self, game: &Self::Game) -> Vec<usize> {
        let _ = game;
        Vec::new()
    }
    /// Redraws the game's own panels.
    fn refresh(&mut self, record: &Self::Record, view: &View) {
        let _ = (record, view);
    }
    /// The game's own data attributes for "Embed this".
    fn embed_attributes(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// A board game's settings.
pub type Settings<B> = <<B as BoardGame>::Record as Played>::Settings;

/// A number option's bounds, as the registry (`games`) declares them for game `B`.
pub fn bounds<B: BoardGame>(name: &str) -> (usize, usize) {
    let number = crate::games::number(B::NAME, name, B::VIEW);
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
            assert_eq!(round_trips::<ChainAction>(), Ok(4));
            assert_eq!(round_trips::<super::BoardAction<ChainAction>>(), Ok(17));
        }
        #[cfg(feature = "dots-and-boxes")]
        {
            use crate::ui::dots_boxes::DotsAction;
            assert_eq!(round_trips::<super::BoardAction<DotsAction>>(), Ok(17));
        }
    }
}
