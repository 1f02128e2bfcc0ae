//! The tracing area's lines: `0: [0, 1, 0]`, then `1: [1, -1, 1]   fired V2(1)`.

use super::play::Game;

/// The line for state `t` (0 = the start) of a play.
pub fn trace_line(play: &Game, t: usize) -> String {
    let Some(state) = play.states().get(t) else {
        return String::new();
    };
    if t == 0 {
        return format!("0: {state}");
    }
    let fired: Vec<String> = play
        .layer(t)
        .iter()
        .map(|(node, value)| format!("{}({value})", play.graph().label(*node)))
        .collect();
    format!("{t}: {state}   fired {}", fired.join(" "))
}
