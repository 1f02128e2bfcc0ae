//! The computer's turn and the hints. The perfect player's search runs in Web Workers (Glop's
//! team, `ui::sprouts::team`): the team settles the position, its losses go into the game's
//! database, and the page then finds the child that loses for the opponent
//! (`engine::sprouts::player`, mostly from the database). Where workers cannot run, the same
//! search runs in the page's time slices. The move is drawn with the computer's pencil
//! (`engine::sprouts::route`); the random player draws any move it can. The clock (the think
//! time) and "Move now" end the thinking: the best move known then is played.

use std::rc::Rc;

use wasm_bindgen::JsValue;

use super::*;
use crate::engine::sprouts::board::Move;
use crate::engine::sprouts::player::{Perfect, Thought};
use crate::engine::sprouts::route::draw_position;
use crate::engine::sprouts::search::{Answer, Goal};
use crate::engine::sprouts::{exchange, Notation, Position};
use crate::ui::sprouts::{Heard, Team, MAX_WORKERS};
use crate::ui::widgets::slices::{Next, Slice};

/// What the thinking is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Move(Seat),
    /// Who wins from here (and, if asked, a winning move to show).
    Hint {
        show_move: bool,
    },
}

pub(super) struct Thinking {
    purpose: Purpose,
    outcomes: Vec<(Move, Position)>,
    perfect: Perfect,
    since: f64,
    budget_ms: f64,
    hurried: bool,
    /// The team of workers settles the position (its run), until it answers.
    in_team: Option<u32>,
    /// The team took part (for the page's `data-thought-in`: workers or page).
    used_team: bool,
}

/// A hint thinks at most this long.
const HINT_MS: f64 = 60_000.0;
/// Expansions between two looks at the clock.
const STEP: u64 = 40;
/// Pause before a computer's move is drawn, so a person can follow.
const PAUSE_MS: i32 = 300;

impl Thinking {
    pub(super) fn for_move(game: &DrawnGame, seat: Seat, think_ms: usize) -> Thinking {
        Thinking::new(game, Purpose::Move(seat), think_ms as f64)
    }

    pub(super) fn hint(game: &DrawnGame, show_move: bool) -> Thinking {
        Thinking::new(game, Purpose::Hint { show_move }, HINT_MS)
    }

    fn new(game: &DrawnGame, purpose: Purpose, budget_ms: f64) -> Thinking {
        let outcomes = game.drawing().board().outcomes().unwrap_or_default();
        let children = outcomes.iter().map(|(_, p)| p.clone()).collect();
        Thinking {
            purpose,
            outcomes,
            perfect: Perfect::new(children),
            since: dom::now(),
            budget_ms,
            hurried: false,
            in_team: None,
            used_team: false,
        }
    }

    pub(super) fn hurry(&mut self) {
        self.hurried = true;
    }

    /// A line for the status: what is being thought, and how far it got.
    pub(super) fn progress(&self, team: Option<&Team>) -> String {
        let (ruled_out, of) = self.perfect.progress();
        let looked_at = match (self.in_team, team) {
            (Some(_), Some(team)) => team.expansions(),
            _ => self.perfect.expansions(),
        };
        let seconds = (dom::now() - self.since) / 1000.0;
        let what = match self.purpose {
            Purpose::Move(_) => "The computer is thinking",
            Purpose::Hint { .. } => "Working out who wins",
        };
        match self.in_team {
            Some(_) => format!("{what}… {seconds:.1} s, {looked_at} positions looked at (in {} workers).", team.map_or(0, Team::size)),
            None => format!("{what}… {seconds:.1} s, {ruled_out} of {of} moves ruled out, {looked_at} positions looked at."),
        }
    }
}

/// Starts the computer's turn if it is to move, and runs any thinking to its end in slices.
pub(super) fn go_on(page: &Shared) {
    let (root, pump) = {
        let mut p = page.borrow_mut();
        let computer = p.seat() != Seat::Human;
        if p.thinking.is_none() && computer && !p.game_over() && p.pending.is_none() {
            let (seat, ms) = (p.seat(), p.settings.think_ms);
            p.thinking = Some(Thinking::for_move(&p.game, seat, ms));
        }
        let Some(thinking) = p.thinking.as_ref() else {
            return;
        };
        if thinking.purpose != Purpose::Move(Seat::Random) && thinking.in_team.is_none() {
            to_team(&mut p, page);
        }
        p.refresh();
        (p.dom.root.clone(), p.pump.clone())
    };
    let handle = page.clone();
    pump.schedule(&root, PAUSE_MS, move |slice| turn(&handle, slice));
}

fn turn(page: &Shared, slice: &Slice) -> Next {
    let mut guard = page.borrow_mut();
    let p = &mut *guard;
    let Some(thinking) = p.thinking.as_mut() else {
        return Next::Done;
    };
    let random = thinking.purpose == Purpose::Move(Seat::Random);
    let mut failed = None;
    if thinking.in_team.is_some() {
        // The team works; the page watches the clock and shows the progress.
        let elapsed = dom::now() - thinking.since;
        if !thinking.hurried && elapsed <= thinking.budget_ms {
            p.refresh();
            return Next::After(100);
        }
        // Out of time: the team stops, and what its losses already tell is used.
        thinking.in_team = None;
        if let Some(team) = &p.team {
            team.pause();
        }
        thinking.perfect.look_up(&p.db);
    } else if !random {
        let db = &mut p.db;
        slice.work(|| match thinking.perfect.step(db, STEP) {
            Ok(Thought::Thinking) => false,
            Ok(_) => true,
            Err(e) => {
                failed = Some(e);
                true
            }
        });
    }
    let elapsed = dom::now() - thinking.since;
    let done = random
        || failed.is_some()
        || thinking.hurried
        || elapsed > thinking.budget_ms
        || *thinking.perfect.thought() != Thought::Thinking;
    if !done {
        p.refresh();
        return Next::Again;
    }
    let Some(thinking) = p.thinking.take() else {
        return Next::Done;
    };
    if let Some(e) = failed {
        p.message = format!("The computer's search failed: {e}.");
    }
    match thinking.purpose {
        Purpose::Move(_) => computer_moves(p, thinking, random, elapsed),
        Purpose::Hint { show_move } => hint(p, thinking, show_move),
    }
    p.refresh();
    drop(guard);
    // The next seat may be a computer too.
    go_on(page);
    Next::Done
}

/// Draws the computer's move: the winning one found (or, if it cannot be drawn, another),
/// else the best guess when the clock ran out, else any it can draw.
fn computer_moves(p: &mut Play, mut thinking: Thinking, random: bool, elapsed: f64) {
    let drawing = p.game.drawing().clone();
    let mut order: Vec<usize> = Vec::new();
    let finished = *thinking.perfect.thought() != Thought::Thinking;
    if random {
        let mut seed = (dom::now() * 1000.0) as u64 | 1;
        let mut left: Vec<usize> = (0..thinking.outcomes.len()).collect();
        while !left.is_empty() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.push(left.swap_remove((seed % left.len() as u64) as usize));
        }
    } else {
        // The winning child first; those set aside after it.
        for _ in 0..thinking.outcomes.len() {
            let k = thinking.perfect.choice();
            if order.contains(&k) {
                break;
            }
            order.push(k);
            thinking.perfect.set_aside(k);
        }
        let rest: Vec<usize> = (0..thinking.outcomes.len())
            .filter(|k| !order.contains(k))
            .collect();
        order.extend(rest);
    }
    for (rank, &k) in order.iter().enumerate() {
        let target = &thinking.outcomes[k].1;
        if let Some((_, line)) = draw_position(&drawing, target, BOUNDS) {
            if p.game.play(&line, 0.5).is_ok() {
                p.message = match (random, finished, rank) {
                    (true, _, _) => String::new(),
                    (false, true, 0) => String::new(),
                    (false, false, _) => format!(
                        "The computer moved when its {:.0} s were up, before it had finished thinking.",
                        elapsed / 1000.0
                    ),
                    (false, true, _) => {
                        "The computer's best move had no room to be drawn; it played another."
                            .into()
                    }
                };
                p.kept();
                // How long the move took, thinking and drawing (docs/benchmarks.md reads it).
                let ms = format!("{:.0}", dom::now() - thinking.since);
                dom::best_effort(p.dom.root.set_attribute("data-move-ms", &ms));
                let place = if thinking.used_team {
                    "workers"
                } else {
                    "page"
                };
                dom::best_effort(p.dom.root.set_attribute("data-thought-in", place));
                return;
            }
        }
    }
    p.message = "The computer found no room to draw any move. Undo, or start a new game.".into();
}

fn hint(p: &mut Play, thinking: Thinking, show_move: bool) {
    let mover = format!("Player {}", p.game.to_move() + 1);
    p.hint_text = match thinking.perfect.thought() {
        Thought::Thinking => {
            "No answer within a minute: this position is too large to settle here.".into()
        }
        Thought::Loses => format!("{mover}, to move, loses against perfect play."),
        Thought::Wins(k) => {
            let mut text = format!("{mover}, to move, wins with perfect play.");
            if show_move {
                let (m, target) = &thinking.outcomes[*k];
                let drawing = p.game.drawing();
                text.push_str(&format!(
                    " A winning move: {}, to {}.",
                    drawing.board().describe(m),
                    target.write(Notation::Glop10)
                ));
                match draw_position(drawing, target, BOUNDS) {
                    Some((_, line)) => {
                        p.hint_line = Some(line);
                        text.push_str(" It is drawn dashed in green.");
                    }
                    None => text.push_str(" (There is no room to draw it.)"),
                }
            }
            text
        }
    };
}

/// Gives the position to the team of workers (started the first time; none where workers
/// cannot run, and the page's slices think instead).
fn to_team(p: &mut Play, page: &Shared) {
    if p.no_workers {
        return;
    }
    if p.team.is_none() {
        let size = dom::window()
            .map(|w| w.navigator().hardware_concurrency() as usize)
            .unwrap_or(1)
            .clamp(1, MAX_WORKERS.min(4));
        let (said, failed) = (Rc::downgrade(page), Rc::downgrade(page));
        let team = Team::new(
            size,
            false,
            move |index, data| {
                if let Some(page) = said.upgrade() {
                    member_said(&page, index, &data);
                }
            },
            move |text| {
                if let Some(page) = failed.upgrade() {
                    member_failed(&page, text);
                }
            },
        );
        match team {
            Ok(team) => p.team = Some(team),
            Err(e) => {
                p.no_workers = true;
                p.message =
                    format!("Web Workers are not available here ({e}): thinking in the page.");
                return;
            }
        }
    }
    let position = p.game.drawing().board().position();
    let (Some(team), Some(thinking)) = (p.team.as_mut(), p.thinking.as_mut()) else {
        return;
    };
    team.begin(&position, Goal::Outcome { nimber_part: 0 }, &p.db);
    thinking.in_team = Some(team.run());
    thinking.used_team = true;
}

/// What a worker said: its losses join the game's database (and the other workers'); the
/// team's answer ends its part, and the page picks the move from the database.
fn member_said(page: &Shared, index: usize, data: &JsValue) {
    let mut guard = page.borrow_mut();
    let p = &mut *guard;
    let Some(team) = p.team.as_mut() else {
        return;
    };
    let (heard, words) = team.hear(index, data);
    if !words.is_empty() {
        team.share(index, &words);
        for (land, nimber) in exchange::decode(&words).unwrap_or_default() {
            let _ = p.db.insert(&land, nimber);
        }
    }
    let answered = match heard {
        Heard::Done(Answer::Outcome(_)) | Heard::Done(Answer::Nimber(_)) => true,
        Heard::Failed(e) | Heard::Refused(e) => {
            p.message = format!("The workers' search failed ({e}): thinking in the page.");
            true
        }
        _ => false,
    };
    if answered {
        team.pause();
        if let Some(thinking) = p.thinking.as_mut() {
            if thinking.in_team == Some(team.run()) {
                // The page finishes from the database (quick now), in its slices.
                thinking.in_team = None;
                thinking.perfect.look_up(&p.db);
            }
        }
    }
}

/// A worker could not load or crashed: the page thinks on in its slices.
fn member_failed(page: &Shared, text: String) {
    let mut p = page.borrow_mut();
    let heard = p.team.as_ref().is_some_and(|t| t.heard);
    p.team = None;
    p.no_workers = true;
    if let Some(thinking) = p.thinking.as_mut() {
        thinking.in_team = None;
    }
    if !heard {
        p.message = format!("Web Workers are not available here ({text}): thinking in the page.");
    } else {
        p.message = format!("A worker failed ({text}): thinking in the page.");
    }
}
