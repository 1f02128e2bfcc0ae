//! The computer's turn and the hints. The perfect player's search runs in Web Workers (Glop's
//! team, `ui::glop::team`): the team settles the position, its losses go into the game's
//! database, and the page then finds the child that loses for the opponent
//! (`engine::sprouts::player`, mostly from the database). Where workers cannot run, the same
//! search runs in the page's time slices. The move is drawn with the computer's pencil
//! (`engine::sprouts::route`); the random player draws any move it can. Where the paper has
//! grown too crowded for the move, the computer first makes room (`engine::sprouts::layout`,
//! a pass a slice) and tries again, before it settles for another move. The clock (the think
//! time) and "Move now" end the thinking: the best move known then is played.
//!
//! In misère play the perfect player is `engine::sprouts::misere::Perfect`, with one
//! misère solver kept over the game; it thinks in the page's slices (the workers speak normal
//! play only).

use std::rc::Rc;

use wasm_bindgen::JsValue;

use super::*;
use crate::engine::rng::Rng;
use crate::engine::sprouts::board::Move;
use crate::engine::sprouts::layout::Tidying;
use crate::engine::sprouts::misere;
use crate::engine::sprouts::player::{Perfect, Thought};
use crate::engine::sprouts::route::{Draft, Drafts, CANDIDATES_LIMIT};
use crate::engine::sprouts::search::{Answer, Goal};
use crate::engine::sprouts::{exchange, Contradiction, Notation, Position, SolveError};
use crate::ui::glop::{Heard, Team, MAX_WORKERS};
use crate::ui::page;
use crate::ui::widgets::slices::{Next, Slice};

/// What the thinking is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Move(Seat),
    /// Who wins from here (and, if asked, a winning move to show).
    Hint {
        show_move: bool,
    },
    /// A person's move chosen from the list: only drawn.
    Listed(usize),
    /// Room made on the paper, at a person's asking.
    Room,
}

/// The perfect player for the game's ending.
enum Brain {
    Normal(Perfect),
    Misere(misere::Perfect),
}

impl Brain {
    fn thought(&self) -> &Thought {
        match self {
            Brain::Normal(p) => p.thought(),
            Brain::Misere(p) => p.thought(),
        }
    }

    fn choice(&self) -> usize {
        match self {
            Brain::Normal(p) => p.choice(),
            Brain::Misere(p) => p.choice(),
        }
    }

    /// Moves ruled out, of how many, and the work done (positions looked at).
    fn progress(&self) -> (usize, usize, u64) {
        match self {
            Brain::Normal(p) => {
                let (out, of) = p.progress();
                (out, of, p.expansions())
            }
            Brain::Misere(p) => {
                let (out, of) = p.progress();
                (out, of, p.work())
            }
        }
    }
}

pub(super) struct Thinking {
    purpose: Purpose,
    /// The positions the moves lead to, each with moves that lead there.
    choices: Vec<(Position, Vec<Move>)>,
    perfect: Brain,
    since: f64,
    budget_ms: f64,
    hurried: bool,
    /// The team of workers settles the position (its run), until it answers.
    in_team: Option<u32>,
    /// The team took part (for the page's `data-thought-in`: workers or page).
    used_team: bool,
    /// Once the choice is made: the positions to draw, best first.
    targets: Vec<(Position, Vec<Move>)>,
    /// Drawing them, try by try.
    drafts: Option<Drafts>,
    /// Making room on the paper, pass by pass, where the drafts found none.
    tidying: Option<Tidying>,
    /// Room was made (once a move at most).
    tidied: bool,
    /// The drafts hold every target (not the perfect player's choice alone).
    all_drafted: bool,
    /// Said with the move: how the choice was made.
    note: String,
}

/// A hint thinks at most this long.
const HINT_MS: f64 = 60_000.0;
/// Expansions between two looks at the clock.
const STEP: u64 = 40;
/// The misère solver's work between two looks at the clock (a few milliseconds).
const MISERE_STEP: u64 = 200;
/// Past this much work the misère solver of a game is begun afresh (what it forgets costs only
/// time): natively about 1.9 KB a unit of work were measured at 12 spots (945 MB for 507,000),
/// so some 400 MB at most.
pub(super) const MISERE_WORK_LIMIT: u64 = 200_000;
/// Pause before a computer's move is drawn, so a person can follow.
const PAUSE_MS: i32 = 300;

impl Thinking {
    pub(super) fn for_move(game: &DrawnGame, seat: Seat, think_ms: usize) -> Thinking {
        Thinking::new(game, Purpose::Move(seat), think_ms as f64)
    }

    pub(super) fn hint(game: &DrawnGame, show_move: bool) -> Thinking {
        Thinking::new(game, Purpose::Hint { show_move }, HINT_MS)
    }

    pub(super) fn listed(game: &DrawnGame, k: usize) -> Thinking {
        Thinking::new(game, Purpose::Listed(k), 0.0)
    }

    pub(super) fn room(game: &DrawnGame) -> Thinking {
        Thinking::new(game, Purpose::Room, 0.0)
    }

    fn new(game: &DrawnGame, purpose: Purpose, budget_ms: f64) -> Thinking {
        let choices = game
            .drawing()
            .board()
            .choices(CANDIDATES_LIMIT)
            .unwrap_or_default();
        let children = choices.iter().map(|(p, _)| p.clone()).collect();
        let perfect = match game.ending() {
            Ending::Normal => Brain::Normal(Perfect::new(children)),
            Ending::Misere => Brain::Misere(misere::Perfect::new(children)),
        };
        Thinking {
            purpose,
            choices,
            perfect,
            since: dom::now(),
            budget_ms,
            hurried: false,
            in_team: None,
            used_team: false,
            targets: Vec::new(),
            drafts: None,
            tidying: None,
            tidied: false,
            all_drafted: false,
            note: String::new(),
        }
    }

    pub(super) fn hurry(&mut self) {
        self.hurried = true;
    }

    /// Searches for the best move (not for a random one or a listed one).
    fn searches(&self) -> bool {
        matches!(
            self.purpose,
            Purpose::Move(Seat::Perfect) | Purpose::Hint { .. }
        )
    }

    /// A line for the status: what is being thought, and how far it got.
    pub(super) fn progress(&self, team: Option<&Team>) -> String {
        let seconds = (dom::now() - self.since) / 1000.0;
        if let Some(tidying) = &self.tidying {
            return format!(
                "Making room on the paper… {:.0}%.",
                100.0 * tidying.progress()
            );
        }
        if self.drafts.is_some() {
            return format!("Drawing the move… {seconds:.1} s.");
        }
        let (ruled_out, of, work) = self.perfect.progress();
        let what = match self.purpose {
            Purpose::Hint { .. } => "Working out who wins",
            _ => "The computer is thinking",
        };
        match (self.in_team, team) {
            (Some(_), Some(team)) => format!(
                "{what}… {seconds:.1} s, {} positions looked at (in {} workers).",
                team.expansions(),
                team.size()
            ),
            _ => format!(
                "{what}… {seconds:.1} s, {ruled_out} of {of} moves ruled out, {work} positions looked at."
            ),
        }
    }
}

/// Starts the computer's turn if it is to move, and runs any thinking (and drawing) to its end
/// in slices.
pub(super) fn go_on(page: &Shared) {
    let (root, pump) = {
        let mut p = page.borrow_mut();
        let computer = p.seat() != Seat::Human;
        let idle = p.thinking.is_none() && p.pending.is_none() && !p.is_stuck();
        if idle && computer && !p.game_over() {
            let (seat, ms) = (p.seat(), p.settings.think_ms);
            p.thinking = Some(Thinking::for_move(&p.game, seat, ms));
        }
        let Some(thinking) = p.thinking.as_ref() else {
            return;
        };
        if thinking.searches() && thinking.in_team.is_none() && !thinking.used_team {
            to_team(&mut p, page);
        }
        (p.dom.root.clone(), p.pump.clone())
    };
    let handle = page.clone();
    pump.schedule(&root, PAUSE_MS, move |slice| {
        let (next, moved) = page::update(&handle, |p| turn(p, slice));
        if moved {
            // The next seat may be a computer too.
            page::react(&handle, go_on);
        }
        next
    });
}

/// One slice of the computer's turn, the page drawn after it; true once a move is drawn (the
/// next seat's turn may start).
fn turn(p: &mut Sprouts, slice: &Slice) -> (Next, bool) {
    if p.thinking.as_ref().is_some_and(|t| t.tidying.is_some()) {
        make_room(p, slice);
        return (Next::Again, false);
    }
    let Some(thinking) = p.thinking.as_mut() else {
        return (Next::Done, false);
    };
    if thinking.drafts.is_none() {
        match think(thinking, &mut p.db, &mut p.misere, p.team.as_ref(), slice) {
            Next::Done => choose(p),
            next => return (next, false),
        }
    }
    // Drawing: one try after another, as long as the slice lasts.
    let Some(thinking) = p.thinking.as_mut() else {
        return (Next::Done, false);
    };
    let Some(drafts) = thinking.drafts.as_mut() else {
        // (Room to be made comes before any drawing.)
        let room = thinking.tidying.is_some();
        return (if room { Next::Again } else { Next::Done }, false);
    };
    let mut draft = Draft::Trying;
    slice.work(|| {
        draft = drafts.step();
        draft != Draft::Trying
    });
    if draft == Draft::Trying {
        return (Next::Again, false);
    }
    let hint = matches!(thinking.purpose, Purpose::Hint { .. });
    if draft == Draft::Exhausted && !hint {
        if !thinking.tidied && p.game.can_tidy() {
            // No room for it: room is made, then the drawing tried again (a hint leaves the
            // paper as it is).
            thinking.tidied = true;
            thinking.tidying = Some(p.game.tidying());
            return (Next::Again, false);
        }
        if !thinking.all_drafted {
            // No more room to be made: any move that can be drawn.
            thinking.all_drafted = true;
            thinking.drafts = Some(Drafts::new(
                p.game.drawing(),
                thinking.targets.clone(),
                BOUNDS,
            ));
            return (Next::Again, false);
        }
    }
    let Some(thinking) = p.thinking.take() else {
        return (Next::Done, false);
    };
    drawn(p, thinking, draft);
    (Next::Done, true)
}

/// Makes room on the paper for a slice; once done, keeps it and draws every position again,
/// best first.
fn make_room(p: &mut Sprouts, slice: &Slice) {
    let Some(mut thinking) = p.thinking.take() else {
        return;
    };
    if let Some(tidying) = thinking.tidying.as_mut() {
        slice.work(|| {
            tidying.step();
            tidying.done()
        });
    }
    if thinking.tidying.as_ref().is_some_and(Tidying::done) {
        let tidying = thinking.tidying.take().expect("a tidy");
        let made = p.game.keep_tidy(tidying);
        if made {
            p.kept();
        }
        if thinking.purpose == Purpose::Room {
            p.message = if made {
                "The lines were spread out; what each encloses is as it was.".into()
            } else {
                "No more room could be made here.".into()
            };
            return;
        }
        thinking.all_drafted = true;
        thinking.drafts = Some(Drafts::new(
            p.game.drawing(),
            thinking.targets.clone(),
            BOUNDS,
        ));
    }
    p.thinking = Some(thinking);
}

/// Thinks for a slice: Done when the choice can be made (found, out of time, hurried, or
/// nothing to think about).
fn think(
    thinking: &mut Thinking,
    db: &mut Database,
    misere: &mut misere::Solver,
    team: Option<&Team>,
    slice: &Slice,
) -> Next {
    if !thinking.searches() {
        return Next::Done;
    }
    let out_of_time = thinking.hurried || dom::now() - thinking.since > thinking.budget_ms;
    if thinking.in_team.is_some() {
        // The team works; the page watches the clock and shows the progress.
        if !out_of_time {
            return Next::After(100);
        }
        // Out of time: the team stops, and what its losses already tell is used.
        thinking.in_team = None;
        if let Some(team) = team {
            team.pause();
        }
        if let Brain::Normal(perfect) = &mut thinking.perfect {
            perfect.look_up(db);
        }
        return Next::Done;
    }
    if out_of_time {
        return Next::Done;
    }
    let mut failed = None;
    slice.work(|| {
        let step = match &mut thinking.perfect {
            Brain::Normal(perfect) => perfect.step(db, STEP),
            Brain::Misere(perfect) => {
                if misere.work() > MISERE_WORK_LIMIT {
                    *misere = misere::Solver::new();
                }
                perfect.step(misere, MISERE_STEP)
            }
        };
        match step {
            Ok(Thought::Thinking) => false,
            Ok(_) => true,
            Err(e) => {
                failed = Some(e);
                true
            }
        }
    });
    if let Some(e) = failed {
        thinking.note = format!("The computer's search failed ({e}); it played as best it could.");
        return Next::Done;
    }
    match thinking.perfect.thought() {
        Thought::Thinking => Next::Again,
        _ => Next::Done,
    }
}

/// The thinking is over: the positions to draw, best first, and a note on how they were chosen
/// (a hint only draws its winning move, if it found one).
fn choose(p: &mut Sprouts) {
    let Some(mut thinking) = p.thinking.take() else {
        return;
    };
    let n = thinking.choices.len();
    let finished = *thinking.perfect.thought() != Thought::Thinking;
    let order: Vec<usize> = match thinking.purpose {
        Purpose::Room => {
            thinking.tidied = true;
            thinking.tidying = Some(p.game.tidying());
            p.thinking = Some(thinking);
            return;
        }
        Purpose::Listed(k) => vec![k],
        Purpose::Move(Seat::Random) | Purpose::Move(Seat::Human) => {
            let mut rng = Rng::new((dom::now() * 1000.0) as u64);
            let mut left: Vec<usize> = (0..n).collect();
            let mut order = Vec::with_capacity(n);
            while !left.is_empty() {
                order.push(left.swap_remove(rng.below(left.len())));
            }
            order
        }
        Purpose::Move(Seat::Perfect) => {
            if !finished && thinking.note.is_empty() {
                thinking.note = format!(
                    "The computer moved when its {:.0} s were up, before it had finished thinking.",
                    thinking.budget_ms / 1000.0
                );
            }
            // The choice first; the rest after it, should it have no room to be drawn.
            let first = thinking.perfect.choice();
            std::iter::once(first)
                .chain((0..n).filter(|&k| k != first))
                .collect()
        }
        Purpose::Hint { show_move } => {
            hint_text(p, &thinking);
            match thinking.perfect.thought() {
                Thought::Wins(k) if show_move => vec![*k],
                _ => return,
            }
        }
    };
    thinking.targets = order
        .into_iter()
        .filter_map(|k| thinking.choices.get(k).cloned())
        .collect();
    // The perfect player's choice alone at first: should it find no room, room is made for it
    // before any other move is thought of.
    let first = match thinking.purpose {
        Purpose::Move(Seat::Perfect) => thinking.targets.len().min(1),
        _ => thinking.targets.len(),
    };
    thinking.all_drafted = first == thinking.targets.len();
    thinking.drafts = Some(Drafts::new(
        p.game.drawing(),
        thinking.targets[..first].to_vec(),
        BOUNDS,
    ));
    p.thinking = Some(thinking);
}

/// Plays (or, for a hint, shows) what the drafts drew.
fn drawn(p: &mut Sprouts, thinking: Thinking, draft: Draft) {
    let Draft::Drawn { target, stroke } = draft else {
        p.message = match thinking.purpose {
            Purpose::Hint { .. } => {
                p.hint_text.push_str(" (There is no room left to draw it.)");
                return;
            }
            Purpose::Listed(_) => {
                "There is no room left to draw that move here; draw it yourself, or pick another."
                    .into()
            }
            _ => {
                p.stuck = Some(p.game.generation());
                let choice = thinking
                    .choices
                    .get(thinking.perfect.choice())
                    .and_then(|(_, moves)| moves.first())
                    .map(|m| p.game.drawing().board().describe(m))
                    .unwrap_or_default();
                format!(
                    "The computer found no room left to draw its move ({choice}, or any other): draw a move for it, or undo."
                )
            }
        };
        return;
    };
    if let Purpose::Hint { .. } = thinking.purpose {
        p.hint_line = Some(stroke);
        p.hint_text.push_str(" It is drawn dashed in green.");
        return;
    }
    if let Err(why) = p.game.play(&stroke, 0.5) {
        p.message = format!("Not a move: {}.", why.describe());
        return;
    }
    p.message = if target > 0 && thinking.purpose == Purpose::Move(Seat::Perfect) {
        "The computer's best move had no room to be drawn; it played another.".into()
    } else if thinking.tidied {
        format!(
            "The computer made room on the paper for its move. {}",
            thinking.note
        )
        .trim_end()
        .to_string()
    } else {
        thinking.note
    };
    p.kept();
    if let Purpose::Move(_) = thinking.purpose {
        // How long the move took, thinking and drawing (docs/benchmarks.md reads it), and
        // where the thinking was done.
        let ms = format!("{:.0}", dom::now() - thinking.since);
        dom::best_effort(p.dom.root.set_attribute("data-move-ms", &ms));
        let place = if thinking.used_team {
            "workers"
        } else {
            "page"
        };
        dom::best_effort(p.dom.root.set_attribute("data-thought-in", place));
    }
}

/// The hint's answer in words (the winning move, if asked, is then drawn).
fn hint_text(p: &mut Sprouts, thinking: &Thinking) {
    let mover = format!("Player {}", p.game.to_move() + 1);
    let show_move = matches!(thinking.purpose, Purpose::Hint { show_move: true });
    let play = match p.game.ending() {
        Ending::Normal => "",
        Ending::Misere => " in misère play",
    };
    p.hint_text = match thinking.perfect.thought() {
        Thought::Thinking => {
            "No answer within a minute: this position is too large to settle here.".into()
        }
        Thought::Loses => format!("{mover}, to move, loses against perfect play{play}."),
        Thought::Wins(k) => {
            let mut text = format!("{mover}, to move, wins with perfect play{play}.");
            if show_move {
                let (target, moves) = &thinking.choices[*k];
                if let Some(m) = moves.first() {
                    text.push_str(&format!(
                        " A winning move: {}, to {}.",
                        p.game.drawing().board().describe(m),
                        target.write(Notation::Glop10)
                    ));
                }
            }
            text
        }
    };
}

/// Gives the position to the team of workers (started the first time; none where workers
/// cannot run, nor in misère play, and the page's slices think instead).
fn to_team(p: &mut Sprouts, page: &Shared) {
    if p.no_workers || p.game.ending() == Ending::Misere {
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
                    page::update(&page, |p| member_said(p, index, &data));
                }
            },
            move |text| {
                if let Some(page) = failed.upgrade() {
                    page::react(&page, |page| member_failed(page, text));
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
fn member_said(p: &mut Sprouts, index: usize, data: &JsValue) {
    let Some(team) = p.team.as_mut() else {
        return;
    };
    let (heard, words) = team.hear(index, data);
    let mut refuted = Vec::new();
    if !words.is_empty() {
        team.share(index, &words);
        for (land, nimber) in exchange::decode(&words).unwrap_or_default() {
            if let Err(d) = p.db.insert(&land, nimber) {
                refuted.push(Contradiction {
                    land,
                    stored: d.stored,
                    found: Some(nimber),
                });
            }
        }
    }
    let answered = match heard {
        // The game's base holds what the workers refuted: neither may be trusted now.
        _ if !refuted.is_empty() => {
            let e = SolveError::BaseRefuted(refuted);
            p.message = format!("The workers' search failed ({e}): thinking in the page.");
            p.db.clear();
            true
        }
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
                if let Brain::Normal(perfect) = &mut thinking.perfect {
                    perfect.look_up(&p.db);
                }
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
