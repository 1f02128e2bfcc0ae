//! The one way long work runs in a page: in slices of about `SLICE_MS` on the page's event
//! loop, so clicks, keys and drawing go on between them. Every game's thinking, searching,
//! firing and animating goes through `run` (or a `Pump`, which never has two turns pending);
//! work stops by itself once its game's element has left the page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use web_sys::Element;

use crate::ui::dom;

/// Milliseconds of work per turn of the event loop: short enough that a click is answered
/// within a frame or two.
pub const SLICE_MS: f64 = 12.0;

/// What a turn of work wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Finished: no more turns.
    Done,
    /// Another turn as soon as the page has had its say.
    Again,
    /// Another turn after this many milliseconds (a pause a person can follow, an animation frame).
    After(i32),
}

/// The clock of one turn.
pub struct Slice {
    started: f64,
}

impl Slice {
    /// Time is up for this turn.
    pub fn over(&self) -> bool {
        dom::now() - self.started >= SLICE_MS
    }

    /// Milliseconds since the turn began.
    pub fn elapsed(&self) -> f64 {
        dom::now() - self.started
    }

    /// Calls `step` (a small piece of work; true once the work is finished) until it finishes
    /// or the turn's time is up; true if it finished.
    pub fn work(&self, mut step: impl FnMut() -> bool) -> bool {
        loop {
            if step() {
                return true;
            }
            if self.over() {
                return false;
            }
        }
    }
}

/// Runs `turn` after `delay_ms`, and again as long as it asks, while `root` is in the page.
pub fn run(root: &Element, delay_ms: i32, turn: impl FnMut(&Slice) -> Next + 'static) {
    schedule(root.clone(), delay_ms, turn, None);
}

/// Work that comes and goes (a computer to move, an analysis to refresh): `schedule` starts a
/// turn unless one is already pending, so however often it is asked, one chain of turns runs.
#[derive(Clone, Default)]
pub struct Pump {
    pending: Rc<Cell<bool>>,
    /// Run once when a turn finds the element gone (what lives outside the turns: frames).
    gone: Rc<RefCell<Option<Cleanup>>>,
}

type Cleanup = Box<dyn FnOnce()>;

impl Pump {
    pub fn schedule(
        &self,
        root: &Element,
        delay_ms: i32,
        turn: impl FnMut(&Slice) -> Next + 'static,
    ) {
        if self.pending.replace(true) {
            return;
        }
        schedule(root.clone(), delay_ms, turn, Some(self.clone()));
    }

    /// Asks for `cleanup` to run when a turn finds the element out of the page.
    pub fn when_gone(&self, cleanup: impl FnOnce() + 'static) {
        *self.gone.borrow_mut() = Some(Box::new(cleanup));
    }
}

fn schedule(
    root: Element,
    delay_ms: i32,
    mut turn: impl FnMut(&Slice) -> Next + 'static,
    pump: Option<Pump>,
) {
    let go = move || {
        if let Some(pump) = &pump {
            pump.pending.set(false);
        }
        if !root.is_connected() {
            // The element left the page: its work ends with it.
            let cleanup = pump.as_ref().and_then(|p| p.gone.borrow_mut().take());
            if let Some(cleanup) = cleanup {
                cleanup();
            }
            return;
        }
        let slice = Slice {
            started: dom::now(),
        };
        let next = match turn(&slice) {
            Next::Done => return,
            Next::Again => 0,
            Next::After(ms) => ms,
        };
        if let Some(pump) = &pump {
            if pump.pending.replace(true) {
                return; // somebody scheduled a turn meanwhile: that one goes on
            }
        }
        schedule(root, next, turn, pump);
    };
    if delay_ms > 0 {
        dom::after(delay_ms, go);
    } else {
        dom::soon(go);
    }
}
