//! A caller's way to stop long work from inside it. Searches count their work in nodes and
//! return between slices, but one node can be costly (the children of a ten-thousand-spot
//! Sprouts land take seconds to list): such work asks its `Stop` as it goes and gives up early,
//! leaving the search as it was before that node. The engine knows no clock; the caller's
//! closure does (a deadline natively, `performance.now()` in the page, a team's stop flag).

use std::sync::Arc;

#[derive(Clone, Default)]
pub struct Stop(Option<Arc<dyn Fn() -> bool + Send + Sync>>);

impl Stop {
    /// Never asks to stop.
    pub fn never() -> Stop {
        Stop(None)
    }

    /// Asks to stop whenever `asked` says so.
    pub fn when(asked: impl Fn() -> bool + Send + Sync + 'static) -> Stop {
        Stop(Some(Arc::new(asked)))
    }

    /// Asks to stop from `deadline` on (native: the page has no `Instant`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn at(deadline: std::time::Instant) -> Stop {
        Stop::when(move || std::time::Instant::now() >= deadline)
    }

    /// Asks to stop when either does.
    pub fn or(self, other: Stop) -> Stop {
        match (self.0, other.0) {
            (None, x) | (x, None) => Stop(x),
            (Some(a), Some(b)) => Stop::when(move || a() || b()),
        }
    }

    pub fn requested(&self) -> bool {
        self.0.as_ref().is_some_and(|asked| asked())
    }
}

impl std::fmt::Debug for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Stop(when…)"
        } else {
            "Stop(never)"
        })
    }
}
