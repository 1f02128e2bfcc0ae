//! The computer's turn and the hints: the engine's `Thinker` (search, then the strokes, making
//! room where needed) stepped in the page's slices on a real clock, and the glue to the Web
//! Workers. The perfect player's search runs in Glop's team of workers (`ui::glop::team`): the
//! team settles the position, its losses go into the game's database, and the thinker then
//! reads the winning child from it. Where workers cannot run, and in misère play (the workers
//! speak normal play only), the thinker searches in the page's slices. The clock (the think
//! time) and "Move now" end the search: the best move known then is drawn.

use std::rc::Rc;

use wasm_bindgen::JsValue;

use super::*;
use crate::engine::sprouts::player::Thought;
use crate::engine::sprouts::search::store_proved;
use crate::engine::sprouts::search::{Answer, Goal};
use crate::engine::sprouts::thinker::{Finish, Phase, Purpose, Thinker};
use crate::engine::sprouts::{exchange, Notation, SolveError};
use crate::ui::glop::{Heard, Team, MAX_WORKERS};
use crate::ui::page;
use crate::ui::widgets::slices::{Next, Slice};

/// The computer's thinking as the page runs it: the engine's thinker, the clock, the workers.
pub(super) struct Thinking {
    thinker: Thinker,
    since: f64,
    budget_ms: f64,
    hurried: bool,
    /// The team of workers settles the position (its run), until it answers.
    in_team: Option<u32>,
    /// The team took part (for the page's `data-thought-in`: workers or page).
    used_team: bool,
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
        let purpose = Purpose::Move {
            perfect: seat == Seat::Perfect,
        };
        Thinking::new(game, purpose, think_ms as f64)
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
        let seed = (dom::now() * 1000.0) as u64;
        Thinking {
            thinker: Thinker::new(game, purpose, seed),
            since: dom::now(),
            budget_ms,
            hurried: false,
            in_team: None,
            used_team: false,
            note: String::new(),
        }
    }

    pub(super) fn hurry(&mut self) {
        self.hurried = true;
    }

    /// A line for the status: what is being thought, and how far it got.
    pub(super) fn progress(&self, team: Option<&Team>) -> String {
        let seconds = (dom::now() - self.since) / 1000.0;
        match self.thinker.phase() {
            Phase::MakingRoom => {
                let done = self.thinker.room_progress().unwrap_or(0.0);
                return format!("Making room on the paper… {:.0}%.", 100.0 * done);
            }
            Phase::Drafting | Phase::Finished => {
                return format!("Drawing the move… {seconds:.1} s.")
            }
            Phase::Searching => {}
        }
        let (ruled_out, of, work) = self.thinker.progress();
        let what = match self.thinker.purpose() {
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
        if thinking.thinker.searches() && thinking.in_team.is_none() && !thinking.used_team {
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
    let Some(thinking) = p.thinking.as_mut() else {
        return (Next::Done, false);
    };
    if thinking.thinker.phase() == Phase::Searching {
        match think(thinking, &mut p.db, &mut p.misere, p.team.as_ref(), slice) {
            Next::Done => thinking.thinker.choose(&p.game),
            next => return (next, false),
        }
    }
    // Drawing (or making room): one try after another, as long as the slice lasts.
    let generation = p.game.generation();
    let game = &mut p.game;
    slice.work(|| thinking.thinker.draw_step(game).is_some());
    if p.game.generation() != generation {
        // Room was made: it is kept with the game.
        p.kept();
    }
    if p.thinking
        .as_ref()
        .is_some_and(|t| t.thinker.finish().is_none())
    {
        return (Next::Again, false);
    }
    let Some(thinking) = p.thinking.take() else {
        return (Next::Done, false);
    };
    finished(p, thinking);
    (Next::Done, true)
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
    if !thinking.thinker.searches() {
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
        thinking.thinker.look_up(db);
        return Next::Done;
    }
    if out_of_time {
        return Next::Done;
    }
    let mut over = false;
    let units = if thinking.thinker.misere() {
        MISERE_STEP
    } else {
        STEP
    };
    slice.work(|| {
        if misere.work() > MISERE_WORK_LIMIT {
            *misere = misere::Solver::new();
        }
        over = thinking.thinker.search(db, misere, units);
        over
    });
    if let Some(e) = thinking.thinker.failure() {
        thinking.note = format!("The computer's search failed ({e}); it played as best it could.");
        return Next::Done;
    }
    if over {
        Next::Done
    } else {
        Next::Again
    }
}

/// The thinking is over: the move is played (or, for a hint, shown; for room, said).
fn finished(p: &mut Sprouts, mut thinking: Thinking) {
    let purpose = thinking.thinker.purpose();
    let settled = *thinking.thinker.thought() != Thought::Thinking;
    if let Purpose::Hint { .. } = purpose {
        hint_text(p, &thinking.thinker);
    }
    if purpose == (Purpose::Move { perfect: true }) && !settled && thinking.note.is_empty() {
        thinking.note = format!(
            "The computer moved when its {:.0} s were up, before it had finished thinking.",
            thinking.budget_ms / 1000.0
        );
    }
    let Some(finish) = thinking.thinker.finish().cloned() else {
        return;
    };
    let (stroke, best) = match finish {
        Finish::Answered => return,
        Finish::RoomMade(made) => {
            p.message = if made {
                "The lines were spread out; what each encloses is as it was.".into()
            } else {
                "No more room could be made here.".into()
            };
            return;
        }
        Finish::NoRoom => {
            no_room(p, &thinking);
            return;
        }
        Finish::Drawn { stroke, best, .. } => (stroke, best),
    };
    if let Purpose::Hint { .. } = purpose {
        p.hint_line = Some(stroke);
        p.hint_text.push_str(" It is drawn dashed in green.");
        return;
    }
    if let Err(why) = p.game.play(&stroke, 0.5) {
        p.message = format!("Not a move: {}.", why.describe());
        return;
    }
    p.message = if !best && purpose == (Purpose::Move { perfect: true }) {
        "The computer's best move had no room to be drawn; it played another.".into()
    } else if thinking.thinker.tidied() {
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
    if let Purpose::Move { .. } = purpose {
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

/// No room was left to draw the move chosen, nor any other.
fn no_room(p: &mut Sprouts, thinking: &Thinking) {
    p.message = match thinking.thinker.purpose() {
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
                .thinker
                .choices()
                .get(thinking.thinker.choice())
                .and_then(|(_, moves)| moves.first())
                .map(|m| p.game.drawing().board().describe(m))
                .unwrap_or_default();
            format!(
                "The computer found no room left to draw its move ({choice}, or any other): draw a move for it, or undo."
            )
        }
    };
}

/// The hint's answer in words (the winning move, if asked, is then drawn).
fn hint_text(p: &mut Sprouts, thinker: &Thinker) {
    let mover = format!("Player {}", p.game.to_move() + 1);
    let show_move = matches!(thinker.purpose(), Purpose::Hint { show_move: true });
    let play = match p.game.ending() {
        Ending::Normal => "",
        Ending::Misere => " in misère play",
    };
    p.hint_text = match thinker.thought() {
        Thought::Thinking => {
            "No answer within a minute: this position is too large to settle here.".into()
        }
        Thought::Loses => format!("{mover}, to move, loses against perfect play{play}."),
        Thought::Wins(k) => {
            let mut text = format!("{mover}, to move, wins with perfect play{play}.");
            if show_move {
                let (target, moves) = &thinker.choices()[*k];
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
            store_proved(&mut p.db, &land, nimber, &mut refuted);
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
                thinking.thinker.look_up(&p.db);
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
