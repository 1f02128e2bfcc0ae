//! The lab's two windows: the graph's positive roots (listed by height, counted, each drawn on
//! the graph), and two orders of the numbers game from one start, side by side and replayable
//! (strong convergence seen). The mathematics is `engine::ade`'s; this module shows it.

use super::*;
use crate::engine::ade::cartan::{self, Kind};
use crate::engine::ade::two_orders;

/// The most roots listed (a finite type of 64 nodes has at most 64² = 4096).
const MOST_ROOTS: usize = 4096;
/// The most root buttons put in the window; the rest are counted.
const ROOTS_SHOWN: usize = 600;
/// The most moves each order of the two plays (strong convergence) makes.
const MOST_ORDER_MOVES: usize = 100_000;
/// The most moves of each order written out in the window.
const MOVES_SHOWN: usize = 300;

/// What the lab's windows hold: the roots listed, and the two orders' moves.
#[derive(Default)]
pub(super) struct Lab {
    pub roots: Vec<Vec<i64>>,
    pub orders: Option<[Vec<Move>; 2]>,
}

impl Ade {
    /// Lists the roots: all of a finite type, else those up to the height typed.
    pub(super) fn list_roots(&mut self) {
        let Some(play) = &self.play else { return };
        let graph = play.graph();
        let parts = cartan::verdict(graph.cartan());
        let finite = cartan::overall(&parts) == Kind::Finite;
        // The height field and its List button: only a type that is not finite has a height.
        let height_controls = [
            self.dom.roots_height.parent_element(),
            self.dom.roots_list.previous_element_sibling(),
        ];
        for control in height_controls.into_iter().flatten() {
            dom::best_effort(control.toggle_attribute_with_force("hidden", finite));
        }
        let height = if finite {
            i64::MAX
        } else {
            match self.dom.roots_height.value().trim().parse::<i64>() {
                Ok(h) if (1..=1000).contains(&h) => h,
                _ => {
                    self.dom.roots.show_error("Type a height from 1 to 1000.");
                    return;
                }
            }
        };
        self.dom.roots.show_error("");
        let list = &self.dom.roots_list;
        list.set_inner_html("");
        let Some(roots) = graph.cartan().positive_roots(height, MOST_ROOTS) else {
            self.dom.roots_summary.set_text_content(Some(&format!(
                "More than {MOST_ROOTS} roots up to height {height}: choose a lower height."
            )));
            self.lab.roots.clear();
            return;
        };
        let summary = roots_summary(&parts, &roots, finite, height);
        self.dom.roots_summary.set_text_content(Some(&summary));
        fill_roots_list(list, &roots);
        self.lab.roots = roots;
    }

    pub(super) fn open_roots(&mut self) {
        if self.play.is_none() {
            return;
        }
        self.dom.roots.show();
        self.list_roots();
    }

    /// A root drawn on the graph: its coefficients become the start values (Editing mode).
    pub(super) fn draw_root(&mut self, index: usize) {
        let Some(root) = self.lab.roots.get(index).cloned() else {
            return;
        };
        if self.mode != Mode::Editing {
            self.message = "Go back to Editing to draw a root on the graph.".to_string();
            return;
        }
        let height: i64 = root.iter().sum();
        self.set_start(|_| root.clone());
        self.message = format!(
            "The root ({}) of height {height} is drawn on the graph: its coefficients on the simple roots, as the start values.",
            root.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        );
    }

    /// Plays the numbers game from the start twice, lowest-numbered positive node first and
    /// highest first, and says how each ended.
    pub(super) fn compare_orders(&mut self) {
        let Some(play) = &self.play else { return };
        let graph = play.graph();
        let Ok([low, high]) = two_orders(graph, play.start(), MOST_ORDER_MOVES) else {
            return;
        };
        let said = |game: &Game, which: &str| {
            let labels: Vec<String> = game
                .moves()
                .iter()
                .take(MOVES_SHOWN)
                .map(|m| match m {
                    Move::Node(i) => graph.label(*i),
                    Move::Layer => "all".to_string(),
                })
                .collect();
            let more = if game.moves().len() > MOVES_SHOWN {
                format!(" … ({} in all)", game.moves().len())
            } else {
                String::new()
            };
            let end = if game.is_terminal() {
                format!(
                    "ends after {} moves at {}",
                    game.layer_count(),
                    game.current()
                )
            } else {
                format!("has not ended after {} moves", game.layer_count())
            };
            format!("{which} {end}. Its moves: {}{more}", labels.join(" "))
        };
        let verdict = match (low.is_terminal(), high.is_terminal()) {
            (true, true) if low.current() == high.current() && low.layer_count() == high.layer_count() => {
                "Both end at the same state after the same number of moves: strong convergence (Eriksson), whatever the order.".to_string()
            }
            (false, false) => format!(
                "Neither has ended after {MOST_ORDER_MOVES} moves: if one order ended, every order would."
            ),
            _ => "The two orders disagree, which strong convergence says cannot happen: please report this graph and start.".to_string(),
        };
        self.dom
            .orders_text
            .0
            .set_text_content(Some(&said(&low, "Lowest-numbered first:")));
        self.dom
            .orders_text
            .1
            .set_text_content(Some(&said(&high, "Highest-numbered first:")));
        self.dom.orders_summary.set_text_content(Some(&verdict));
        self.lab.orders = Some([low.moves().to_vec(), high.moves().to_vec()]);
        self.dom.orders.show();
    }

    /// Plays one of the two orders again in the page, a move at a time (a replay in slices).
    pub(super) fn replay_order(&mut self, which: usize) {
        let (Some(orders), Some(play)) = (&self.lab.orders, &self.play) else {
            return;
        };
        let moves = orders[which].clone();
        let graph = play.graph().clone();
        let start = start_values(play);
        self.dom.orders.hide();
        self.load(graph, start);
        self.style = Style::InTurn;
        self.dom.firing.set_value("numbers");
        self.mode = Mode::Playing;
        self.trace_window = RUNNING_TRACE_LINES;
        self.exhaust = Some(Run::Replay {
            fired: 0,
            moves,
            then: if which == 0 {
                "Replayed: the lowest-numbered positive node first.".to_string()
            } else {
                "Replayed: the highest-numbered positive node first.".to_string()
            },
        });
    }
}

/// A root as its coefficients: `(1,2,2)`.
fn vector(root: &[i64]) -> String {
    format!(
        "({})",
        root.iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    )
}

/// What the roots window says of the roots listed.
fn roots_summary(
    parts: &[cartan::Component],
    roots: &[Vec<i64>],
    finite: bool,
    height: i64,
) -> String {
    if !finite {
        return format!(
            "{} real positive roots up to height {height}; a graph not of finite type has infinitely many. Press a root to draw it on the graph.",
            roots.len()
        );
    }
    let highest: Vec<String> = parts
        .iter()
        .filter_map(|part| {
            // A part's highest root: its highest one with support on that part.
            let top = roots.iter().rev().find(|r| r[part.nodes[0]] > 0)?;
            let height: i64 = top.iter().sum();
            Some(format!(
                "{}'s highest root is {} (height {height})",
                part.name.clone().unwrap_or_else(|| "the part".into()),
                vector(top)
            ))
        })
        .collect();
    format!(
        "{} positive roots, the root system of a finite type: {}. Press a root to draw it on the graph (its coefficients on the nodes).",
        roots.len(),
        highest.join("; ")
    )
}

/// The roots as buttons, a row per height, at most `ROOTS_SHOWN` (the rest counted).
fn fill_roots_list(list: &HtmlElement, roots: &[Vec<i64>]) {
    let mut shown = 0;
    let top = roots.last().map_or(0, |r| r.iter().sum::<i64>());
    for h in 1..=top {
        let of_height: Vec<(usize, &Vec<i64>)> = roots
            .iter()
            .enumerate()
            .filter(|(_, r)| r.iter().sum::<i64>() == h)
            .collect();
        if of_height.is_empty() || shown >= ROOTS_SHOWN {
            continue;
        }
        let row = child(list, "div", "gl-roots-row");
        child(&row, "span", "gl-hint")
            .set_text_content(Some(&format!("height {h} ({}):", of_height.len())));
        for (index, root) in of_height {
            if shown >= ROOTS_SHOWN {
                break;
            }
            let b = button(&row, &vector(root), &Action::Root(index));
            dom::best_effort(
                b.set_attribute("aria-label", &format!("Draw the root {}", vector(root))),
            );
            shown += 1;
        }
    }
    if shown < roots.len() {
        child(list, "p", "gl-hint").set_text_content(Some(&format!(
            "{} more not shown: gamelab ade roots lists every one.",
            roots.len() - shown
        )));
    }
}
