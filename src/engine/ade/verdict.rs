//! What can be said before exhausting: finite types terminate; E9 with δ·v > 0 never does.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::graph::{AdeGraph, GraphKind};
use super::values::Values;

/// The null vector δ of E9 (affine Ẽ8) in canonical order V0..V8: C·δ = 0, so δ·v is invariant.
pub const E9_DELTA: [i64; 9] = [3, 2, 4, 6, 5, 4, 3, 2, 1];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Finite type: every play terminates.
    WillTerminate,
    /// Proven never to terminate, with the reason.
    NeverTerminates(String),
    /// Nothing proven: Exhaust fire may never finish.
    Unknown(String),
}

impl Verdict {
    pub fn describe(&self) -> String {
        match self {
            Verdict::WillTerminate => "Exhaust fire will terminate".to_string(),
            Verdict::NeverTerminates(why) => format!("will never terminate: {why}"),
            Verdict::Unknown(why) => why.clone(),
        }
    }
}

/// δ·v for an E9 state.
pub fn e9_delta_dot(values: &Values) -> BigInt {
    (0..values.len().min(9))
        .map(|i| values.get(i) * BigInt::from(E9_DELTA[i]))
        .sum()
}

pub fn verdict(graph: &AdeGraph, values: &Values) -> Verdict {
    match graph.kind() {
        GraphKind::Finite => Verdict::WillTerminate,
        GraphKind::Affine => {
            let d = e9_delta_dot(values);
            if d.is_positive() {
                Verdict::NeverTerminates(format!(
                    "δ·v = {d} > 0 is invariant and a terminal state has δ·v ≤ 0"
                ))
            } else if d.is_zero() {
                Verdict::Unknown(
                    "this graph is not of finite type: with δ·v = 0 the play may loop or reach zero".to_string(),
                )
            } else {
                Verdict::Unknown(
                    "this graph is not of finite type: Exhaust fire may never finish".to_string(),
                )
            }
        }
        GraphKind::Indefinite => {
            let non_negative = (0..values.len()).all(|i| values.sign(i).is_ge());
            if non_negative && values.any_positive() && single_colour(graph, values) {
                Verdict::NeverTerminates(
                    "a non-negative start on a graph that is not a Dynkin diagram plays as the numbers game, which never terminates there"
                        .to_string(),
                )
            } else {
                Verdict::Unknown(
                    "this graph is not of finite type: Exhaust fire may never finish".to_string(),
                )
            }
        }
    }
}

/// True when all positive nodes lie in one colour class of the bipartite tree: then no two
/// positive nodes are ever adjacent and the play is a numbers-game play.
fn single_colour(graph: &AdeGraph, values: &Values) -> bool {
    let colours = two_colouring(graph);
    let mut seen = [false, false];
    for i in 0..values.len() {
        if values.is_positive(i) {
            seen[colours[i] as usize] = true;
        }
    }
    !(seen[0] && seen[1])
}

fn two_colouring(graph: &AdeGraph) -> Vec<u8> {
    let n = graph.node_count();
    let mut colour = vec![u8::MAX; n];
    let mut stack = vec![0usize];
    colour[0] = 0;
    while let Some(a) = stack.pop() {
        for &b in graph.neighbours(a) {
            if colour[b] == u8::MAX {
                colour[b] = 1 - colour[a];
                stack.push(b);
            }
        }
    }
    colour
}
