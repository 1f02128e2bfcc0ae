//! What Glop's page and its workers say to each other. A message is a JS object with `text`, the
//! JSON of `ToMember` or `FromMember`, and `words`, a Uint16Array of couples
//! (`engine::sprouts::exchange`): the base at the start, losses afterwards.

use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};

use crate::engine::sprouts::misere;
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::{Answer, Couple, Goal, Notation, Position, Verdict};
use crate::ui::dom;

/// From the page to one member of the team.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum ToMember {
    /// Search `position` as member `index` of the team; the words are the main base.
    /// What the member says from then on carries `run`, so that the page knows it from what it
    /// said of an earlier computation.
    Start {
        run: u32,
        position: String,
        goal: WireGoal,
        index: usize,
    },
    /// Losses the other members proved (in the words).
    Losses,
    Pause,
    Resume,
    Zap {
        level: usize,
        child: usize,
    },
    ZapStep {
        level: usize,
        forward: bool,
    },
    /// Send the children of this level along with the levels (None: no list is open).
    Watch {
        level: Option<usize>,
    },
    /// Where the members before this one are working (their paths' keys): go elsewhere.
    Avoid {
        keys: Vec<WireKey>,
    },
    /// Search `position` in misère play from the page's misère base (`base`, its text, sealed
    /// by the page itself), trying the start's child `first` first (each member its own, so
    /// the team looks at different moves; any member's answer is the answer).
    StartMisere {
        run: u32,
        position: String,
        index: usize,
        first: usize,
        base: String,
    },
    /// Sent once the worker has loaded, before any computation: solve the `spots`-spot game
    /// (0: nothing) and forget it, so that the browser has optimized the engine's code before
    /// the first computation; then say `Ready`.
    WarmUp {
        spots: usize,
    },
}

/// A couple's 128-bit table key as two halves (JSON numbers are not that wide).
pub type WireKey = (u64, u64);

pub fn wire_key(key: u128) -> WireKey {
    ((key >> 64) as u64, key as u64)
}

pub fn key_of(wire: WireKey) -> u128 {
    (wire.0 as u128) << 64 | wire.1 as u128
}

/// From one member to the page; its losses since the last message ride along in the words.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum FromMember {
    Progress {
        expansions: u64,
        /// The member's levels, when they are sent (not every slice: they cost).
        levels: Option<Vec<LevelRow>>,
        /// The children of the watched level.
        children: Option<(usize, Vec<ChildRow>)>,
        /// An answer to a zap or a watch: show it at once.
        reply: bool,
        /// Where the member is working (`Dfpn::path`), for the members after it to avoid.
        path: Vec<WireKey>,
    },
    Done {
        expansions: u64,
        answer: WireAnswer,
    },
    Failed {
        message: String,
    },
    /// A zap that could not be done.
    Refused {
        message: String,
    },
    /// The worker has loaded (and warmed up, if asked to).
    Ready,
    /// A misère answer (true: the first player wins), with the member's misère base as text.
    MisereDone {
        work: u64,
        wins: bool,
        base: String,
    },
    /// The member's misère base, as it stands when paused (so the page keeps what it proved).
    MisereBase {
        base: String,
    },
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum WireGoal {
    Outcome { nimber_part: u8 },
    Nimber,
}

impl From<Goal> for WireGoal {
    fn from(goal: Goal) -> WireGoal {
        match goal {
            Goal::Outcome { nimber_part } => WireGoal::Outcome { nimber_part },
            Goal::Nimber => WireGoal::Nimber,
        }
    }
}

impl From<WireGoal> for Goal {
    fn from(goal: WireGoal) -> Goal {
        match goal {
            WireGoal::Outcome { nimber_part } => Goal::Outcome { nimber_part },
            WireGoal::Nimber => Goal::Nimber,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum WireAnswer {
    Win,
    Loss,
    Nimber(u8),
}

impl From<Answer> for WireAnswer {
    fn from(answer: Answer) -> WireAnswer {
        match answer {
            Answer::Outcome(Verdict::Win) => WireAnswer::Win,
            Answer::Outcome(Verdict::Loss) => WireAnswer::Loss,
            Answer::Nimber(n) => WireAnswer::Nimber(n),
        }
    }
}

impl From<WireAnswer> for Answer {
    fn from(answer: WireAnswer) -> Answer {
        match answer {
            WireAnswer::Win => Answer::Outcome(Verdict::Win),
            WireAnswer::Loss => Answer::Outcome(Verdict::Loss),
            WireAnswer::Nimber(n) => Answer::Nimber(n),
        }
    }
}

/// A `LevelView` with its position written out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct LevelRow {
    numero: usize,
    count: usize,
    alive: usize,
    lives: u32,
    nimber: u8,
    position: String,
    zappable: bool,
    /// In misère play: the small lands' trees beside the position's (large) lands.
    #[serde(default)]
    pub trees: usize,
}

impl From<&misere::Level> for LevelRow {
    fn from(l: &misere::Level) -> LevelRow {
        LevelRow {
            numero: l.numero,
            count: l.count,
            alive: l.alive,
            lives: l.lands.lives(),
            nimber: 0,
            position: l.lands.write(Notation::Glop10),
            zappable: true,
            trees: l.trees,
        }
    }
}

impl From<&LevelView> for LevelRow {
    fn from(v: &LevelView) -> LevelRow {
        LevelRow {
            numero: v.numero,
            count: v.count,
            alive: v.alive,
            lives: v.lives,
            nimber: v.nimber,
            position: v.position.write(Notation::Glop10),
            zappable: v.zappable,
            trees: 0,
        }
    }
}

impl LevelRow {
    /// The level back, or None if its position does not read (a member never sends that).
    pub fn view(&self) -> Option<LevelView> {
        Some(LevelView {
            numero: self.numero,
            count: self.count,
            alive: self.alive,
            lives: self.lives,
            nimber: self.nimber,
            position: Position::parse(&self.position).ok()?,
            zappable: self.zappable,
        })
    }
}

/// A `ChildView` with its position written out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ChildRow {
    position: String,
    nimber: u8,
    proven_win: bool,
    current: bool,
    /// In misère play: the small lands' trees beside the child's (large) lands.
    #[serde(default)]
    pub trees: usize,
}

impl From<&misere::Child> for ChildRow {
    fn from(c: &misere::Child) -> ChildRow {
        ChildRow {
            position: c.lands.write(Notation::Glop10),
            nimber: 0,
            proven_win: c.won,
            current: c.current,
            trees: c.trees,
        }
    }
}

impl From<&ChildView> for ChildRow {
    fn from(v: &ChildView) -> ChildRow {
        ChildRow {
            position: v.couple.position.write(Notation::Glop10),
            nimber: v.couple.nimber,
            proven_win: v.proven_win,
            current: v.current,
            trees: 0,
        }
    }
}

impl ChildRow {
    pub fn view(&self) -> Option<ChildView> {
        Some(ChildView {
            couple: Couple::new(Position::parse(&self.position).ok()?, self.nimber),
            proven_win: self.proven_win,
            current: self.current,
        })
    }
}

/// The JS object of a message: its JSON text, its run and, if any, its words.
pub fn pack(message: &impl Serialize, run: u32, words: &[u16]) -> JsValue {
    let object = js_sys::Object::new();
    dom::best_effort(js_sys::Reflect::set(&object, &"run".into(), &run.into()));
    let text = serde_json::to_string(message).unwrap_or_default();
    dom::best_effort(js_sys::Reflect::set(&object, &"text".into(), &text.into()));
    if !words.is_empty() {
        let array = js_sys::Uint16Array::from(words);
        dom::best_effort(js_sys::Reflect::set(&object, &"words".into(), &array));
    }
    object.into()
}

/// The run a message belongs to.
pub fn run_of(data: &JsValue) -> Option<u32> {
    let run = js_sys::Reflect::get(data, &"run".into()).ok()?.as_f64()?;
    Some(run as u32)
}

/// A message's JSON read as `T`, and its words (empty when it has none).
pub fn unpack<T: for<'de> Deserialize<'de>>(data: &JsValue) -> Result<(T, Vec<u16>), String> {
    let text = js_sys::Reflect::get(data, &"text".into())
        .ok()
        .and_then(|t| t.as_string())
        .ok_or("a message without its text")?;
    let message = serde_json::from_str(&text).map_err(|e| format!("a garbled message: {e}"))?;
    let words = js_sys::Reflect::get(data, &"words".into())
        .ok()
        .and_then(|w| w.dyn_into::<js_sys::Uint16Array>().ok())
        .map(|w| w.to_vec())
        .unwrap_or_default();
    Ok((message, words))
}
