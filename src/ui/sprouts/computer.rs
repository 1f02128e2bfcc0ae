//! The computer's thinking on the drawn board, as the page runs it: the engine's `Thinker`
//! (search, then the strokes, making room where needed) stepped in the shell's slices, and the
//! glue to the Web Workers. One `Task` serves the computer's seat (`SproutsComputer`, the
//! board shell's `Computer`) and the page's own work (a hint, a move picked from the list, room
//! made). The perfect player's search runs in Glop's team of workers (`ui::glop::team`): the
//! team settles the position, its losses go into the game's database, and the thinker then
//! reads the winning child from it. Where workers cannot run, and in misère play (the workers
//! speak normal play only), the thinker searches in the page's slices.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::JsValue;

use crate::engine::sprouts::drawn::{describe_line, DrawnGame, Ending, Stroke};
use crate::engine::sprouts::misere;
use crate::engine::sprouts::player::Thought;
use crate::engine::sprouts::search::{store_proved, Answer, Goal};
use crate::engine::sprouts::thinker::{Finish, Phase, Purpose, Thinker};
use crate::engine::sprouts::{exchange, Database, Notation, SolveError};
use crate::ui::board::{self, Computer};
use crate::ui::dom;
use crate::ui::glop::{Heard, Team, MAX_WORKERS};
use crate::ui::widgets::slices::{Next, Slice};

/// A hint thinks at most this long.
const HINT_MS: f64 = 60_000.0;
/// Expansions between two looks at the clock.
const STEP: u64 = 40;
/// The misère solver's work between two looks at the clock (a few milliseconds).
const MISERE_STEP: u64 = 200;
/// Past this much work the misère solver of a game is begun afresh (what it forgets costs only
/// time): natively about 1.9 KB a unit of work were measured at 12 spots (945 MB for 507,000),
/// so some 400 MB at most.
const MISERE_WORK_LIMIT: u64 = 200_000;

/// What the computer and the hints know, kept over the game, and the workers that help.
#[derive(Default)]
pub(super) struct Brains {
    /// Losses found by the perfect player and the hints.
    pub(super) db: Database,
    /// In misère play, what the perfect player and the hints worked out (begun afresh past
    /// `MISERE_WORK_LIMIT`, which bounds its memory).
    pub(super) misere: misere::Solver,
    /// The perfect player's Web Workers, started at its first search and kept (paused between
    /// searches); none where workers cannot run (`no_workers`), and the page thinks instead.
    team: Option<Team>,
    pub(super) no_workers: bool,
    /// The team's run that has answered (the thinking then reads the base).
    answered: Option<u32>,
    /// Something the page should say (a worker failed): the next status line says it.
    pub(super) notice: String,
    /// The computer's last move: how long it took and where it was thought (for the page's
    /// `data-move-ms` and `data-thought-in`), and what it says of it.
    pub(super) last_move: Option<(f64, &'static str, String)>,
}

pub(super) type SharedBrains = Rc<RefCell<Brains>>;

impl Brains {
    /// Kept over the page's games: what is learnt holds for any position (the misère solver's
    /// memory is bounded by `MISERE_WORK_LIMIT`). `no_workers`: the page thinks itself.
    pub(super) fn new(no_workers: bool) -> Brains {
        Brains {
            no_workers,
            ..Brains::default()
        }
    }
}

/// One piece of thinking: the engine's thinker, its clock, and the workers' part.
pub(super) struct Task {
    pub(super) thinker: Thinker,
    since: f64,
    budget_ms: f64,
    pub(super) hurried: bool,
    /// The team of workers settles the position (its run), until it answers.
    in_team: Option<u32>,
    /// The team took part (for the page's `data-thought-in`: workers or page).
    used_team: bool,
    /// Said with the move: how the choice was made.
    pub(super) note: String,
    /// The game's generation the task works on (its own room making included).
    generation: u64,
}

impl Task {
    pub(super) fn hint(game: &DrawnGame, show_move: bool) -> Task {
        Task::new(game, Purpose::Hint { show_move }, HINT_MS)
    }

    pub(super) fn listed(game: &DrawnGame, k: usize) -> Task {
        Task::new(game, Purpose::Listed(k), 0.0)
    }

    pub(super) fn room(game: &DrawnGame) -> Task {
        Task::new(game, Purpose::Room, 0.0)
    }

    fn new(game: &DrawnGame, purpose: Purpose, budget_ms: f64) -> Task {
        let seed = (dom::now() * 1000.0) as u64;
        Task {
            thinker: Thinker::new(game, purpose, seed),
            since: dom::now(),
            budget_ms,
            hurried: false,
            in_team: None,
            used_team: false,
            note: String::new(),
            generation: game.generation(),
        }
    }

    /// A line for the status: what is being thought, and how far it got.
    pub(super) fn progress(&self, brains: &Brains) -> String {
        let seconds = (dom::now() - self.since) / 1000.0;
        let words = match self.thinker.phase() {
            Phase::MakingRoom => {
                let done = self.thinker.room_progress().unwrap_or(0.0);
                format!("Making room on the paper… {:.0}%.", 100.0 * done)
            }
            Phase::Drafting | Phase::Finished => format!("Drawing the move… {seconds:.1} s."),
            Phase::Searching => {
                let (ruled_out, of, work) = self.thinker.progress();
                let what = match self.thinker.purpose() {
                    Purpose::Hint { .. } => "Working out who wins",
                    _ => "The computer is thinking",
                };
                match (self.in_team, brains.team.as_ref()) {
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
        };
        if brains.notice.is_empty() {
            words
        } else {
            format!("{}\n{words}", brains.notice)
        }
    }

    /// One slice of the task; None once it has finished (`thinker.finish()`).
    pub(super) fn step(
        &mut self,
        brains: &SharedBrains,
        game: &mut DrawnGame,
        slice: &Slice,
    ) -> Option<Next> {
        if self.thinker.phase() == Phase::Searching {
            if self.thinker.searches() && self.in_team.is_none() && !self.used_team {
                to_team(brains, self, game);
            }
            match self.think(&mut brains.borrow_mut(), slice) {
                Next::Done => self.thinker.choose(game),
                next => return Some(next),
            }
        }
        // Drawing (or making room): one try after another, as long as the slice lasts.
        slice.work(|| self.thinker.draw_step(game).is_some());
        // (Room made by this task is its own change of the game.)
        self.generation = game.generation();
        if self.thinker.finish().is_none() {
            Some(Next::Again)
        } else {
            None
        }
    }

    /// Thinks for a slice: Done when the choice can be made (found, out of time, hurried, or
    /// nothing to think about).
    fn think(&mut self, brains: &mut Brains, slice: &Slice) -> Next {
        if !self.thinker.searches() {
            return Next::Done;
        }
        let out_of_time = self.hurried || dom::now() - self.since > self.budget_ms;
        if let Some(run) = self.in_team {
            if brains.answered == Some(run) || brains.team.is_none() {
                // The team answered (or is gone): the page finishes from the base.
                self.in_team = None;
                self.thinker.look_up(&brains.db);
            } else if !out_of_time {
                // The team works; the page watches the clock and shows the progress.
                return Next::After(100);
            } else {
                // Out of time: the team stops, and what its losses already tell is used.
                self.in_team = None;
                if let Some(team) = &brains.team {
                    team.pause();
                }
                self.thinker.look_up(&brains.db);
                return Next::Done;
            }
        }
        if out_of_time {
            return Next::Done;
        }
        let mut over = false;
        let units = if self.thinker.misere() {
            MISERE_STEP
        } else {
            STEP
        };
        let Brains { db, misere, .. } = brains;
        slice.work(|| {
            if misere.work() > MISERE_WORK_LIMIT {
                *misere = misere::Solver::new();
            }
            over = self.thinker.search(db, misere, units);
            over
        });
        if let Some(e) = self.thinker.failure() {
            self.note = format!("The computer's search failed ({e}); it played as best it could.");
            return Next::Done;
        }
        if over {
            Next::Done
        } else {
            Next::Again
        }
    }

    /// How long it took and where it thought, once over.
    fn took(&self) -> (f64, &'static str) {
        let place = if self.used_team { "workers" } else { "page" };
        (dom::now() - self.since, place)
    }
}

/// A computer seat of the drawn game: the perfect player, or one that plays at random.
pub struct SproutsComputer {
    brains: SharedBrains,
    perfect: bool,
    task: Option<Task>,
}

impl SproutsComputer {
    pub(super) fn new(brains: &SharedBrains, perfect: bool) -> SproutsComputer {
        SproutsComputer {
            brains: brains.clone(),
            perfect,
            task: None,
        }
    }
}

impl Computer<DrawnGame> for SproutsComputer {
    fn think(
        &mut self,
        record: &mut DrawnGame,
        slice: &Slice,
        out_of_time: bool,
    ) -> board::Thought<Stroke> {
        // A new turn (the game changed otherwise than by this task's own room making).
        if self
            .task
            .as_ref()
            .is_none_or(|t| t.generation != record.generation())
        {
            let purpose = Purpose::Move {
                perfect: self.perfect,
            };
            self.task = Some(Task::new(record, purpose, f64::INFINITY));
        }
        let Some(task) = self.task.as_mut() else {
            return board::Thought::Thinking;
        };
        task.hurried |= out_of_time;
        match task.step(&self.brains, record, slice) {
            Some(Next::After(ms)) => return board::Thought::Waiting(ms),
            Some(_) => return board::Thought::Thinking,
            None => {}
        }
        let Some(task) = self.task.take() else {
            return board::Thought::Thinking;
        };
        computer_finished(&self.brains, task, record)
    }

    fn progress(&self) -> Option<String> {
        let brains = self.brains.borrow();
        self.task.as_ref().map(|t| t.progress(&brains))
    }
}

/// The computer's thinking is over: its move (and what it says of it), or no room to draw one.
fn computer_finished(
    brains: &SharedBrains,
    mut task: Task,
    game: &DrawnGame,
) -> board::Thought<Stroke> {
    let perfect = task.thinker.purpose() == (Purpose::Move { perfect: true });
    let settled = *task.thinker.thought() != Thought::Thinking;
    if perfect && !settled && task.note.is_empty() {
        task.note =
            "The computer moved when its time was up, before it had finished thinking.".into();
    }
    match task.thinker.finish().cloned() {
        Some(Finish::Drawn { stroke, best, .. }) => {
            // Why it played this: what the perfect player knows of the move.
            let why = match (perfect, task.thinker.thought()) {
                (true, Thought::Wins(_)) if best => {
                    "A winning move: the other player loses from here against perfect play."
                }
                (true, Thought::Loses) => {
                    "Every move loses against perfect play here; it played one of them."
                }
                (false, _) => "A move at random.",
                _ => "",
            };
            if task.note.is_empty() {
                task.note = why.to_string();
            }
            let note = if !best && perfect {
                "The computer's best move had no room to be drawn; it played another.".into()
            } else if task.thinker.tidied() {
                format!(
                    "The computer made room on the paper for its move. {}",
                    task.note
                )
                .trim_end()
                .to_string()
            } else {
                std::mem::take(&mut task.note)
            };
            let (ms, place) = task.took();
            brains.borrow_mut().last_move = Some((ms, place, note));
            board::Thought::Move(Stroke {
                line: stroke,
                along: 0.5,
            })
        }
        _ => {
            let choice = task
                .thinker
                .choices()
                .get(task.thinker.choice())
                .and_then(|(_, moves)| moves.first())
                .map(|m| game.drawing().board().describe(m))
                .unwrap_or_default();
            board::Thought::Stuck(format!(
                "The computer found no room left to draw its move ({choice}, or any other): draw a move for it, or undo."
            ))
        }
    }
}

/// The hint's answer in words (the winning move, if asked, is then drawn).
pub(super) fn hint_text(game: &DrawnGame, thinker: &Thinker) -> String {
    let mover = format!("Player {}", game.to_move() + 1);
    let show_move = matches!(thinker.purpose(), Purpose::Hint { show_move: true });
    let play = match game.ending() {
        Ending::Normal => "",
        Ending::Misere => " in misère play",
    };
    match thinker.thought() {
        Thought::Thinking => {
            "No answer within a minute: this position is too large to settle here.".into()
        }
        Thought::Loses => format!("{mover}, to move, loses against perfect play{play}."),
        Thought::Wins(k) => {
            let mut text = format!("{mover}, to move, wins with perfect play{play}.");
            if show_move {
                // Said as it is drawn (`task_done`): the line's own spots, not another move to
                // the same position.
                let (target, _) = &thinker.choices()[*k];
                text.push_str(&format!(
                    " A winning move leads to {}.",
                    target.write(Notation::Glop10)
                ));
            }
            text
        }
    }
}

/// Gives the position to the team of workers (started the first time; none where workers
/// cannot run, nor in misère play, and the page's slices think instead).
fn to_team(brains: &SharedBrains, task: &mut Task, game: &DrawnGame) {
    let mut b = brains.borrow_mut();
    if b.no_workers || game.ending() == Ending::Misere {
        return;
    }
    if b.team.is_none() {
        let size = dom::window()
            .map(|w| w.navigator().hardware_concurrency() as usize)
            .unwrap_or(1)
            .clamp(1, MAX_WORKERS.min(4));
        let (said, failed) = (Rc::downgrade(brains), Rc::downgrade(brains));
        let team = Team::new(
            size,
            false,
            move |index, data| member_said(&said, index, &data),
            move |text| member_failed(&failed, text),
        );
        match team {
            Ok(team) => b.team = Some(team),
            Err(e) => {
                b.no_workers = true;
                b.notice =
                    format!("Web Workers are not available here ({e}): thinking in the page.");
                return;
            }
        }
    }
    let position = game.drawing().board().position();
    let Brains { team, db, .. } = &mut *b;
    let Some(team) = team.as_mut() else {
        return;
    };
    team.begin(&position, Goal::Outcome { nimber_part: 0 }, db);
    task.in_team = Some(team.run());
    task.used_team = true;
}

/// What a worker said: its losses join the game's database (and the other workers'); the
/// team's answer ends its part, and the thinking then picks the move from the database.
fn member_said(brains: &Weak<RefCell<Brains>>, index: usize, data: &JsValue) {
    let Some(brains) = brains.upgrade() else {
        return;
    };
    let mut b = brains.borrow_mut();
    let Brains {
        team,
        db,
        notice,
        answered,
        ..
    } = &mut *b;
    let Some(team) = team.as_mut() else {
        return;
    };
    let (heard, words) = team.hear(index, data);
    let mut refuted = Vec::new();
    if !words.is_empty() {
        team.share(index, &words);
        for (land, nimber) in exchange::decode(&words).unwrap_or_default() {
            store_proved(db, &land, nimber, &mut refuted);
        }
    }
    let over = match heard {
        // The game's base holds what the workers refuted: neither may be trusted now.
        _ if !refuted.is_empty() => {
            let e = SolveError::BaseRefuted(refuted);
            *notice = format!("The workers' search failed ({e}): thinking in the page.");
            db.clear();
            true
        }
        Heard::Done(Answer::Outcome(_)) | Heard::Done(Answer::Nimber(_)) => true,
        Heard::Failed(e) | Heard::Refused(e) => {
            *notice = format!("The workers' search failed ({e}): thinking in the page.");
            true
        }
        _ => false,
    };
    if over {
        team.pause();
        *answered = Some(team.run());
    }
}

/// A worker could not load or crashed: the page thinks on in its slices.
fn member_failed(brains: &Weak<RefCell<Brains>>, text: String) {
    let Some(brains) = brains.upgrade() else {
        return;
    };
    let mut b = brains.borrow_mut();
    let heard = b.team.as_ref().is_some_and(|t| t.heard);
    b.team = None;
    b.no_workers = true;
    b.notice = if heard {
        format!("A worker failed ({text}): thinking in the page.")
    } else {
        format!("Web Workers are not available here ({text}): thinking in the page.")
    };
}

/// The page's own thinking (a hint, a listed move, room) finished: what it gives the page.
pub(super) enum Done {
    /// Words for the hint, and a winning move's line to show.
    Hint(String, Option<Vec<(f64, f64)>>),
    /// The move to play for the person.
    Play(Stroke),
    /// Words for the status line.
    Said(String),
}

/// What a finished hint, listed move or room making comes to.
pub(super) fn task_done(task: &Task, game: &DrawnGame) -> Done {
    let purpose = task.thinker.purpose();
    let finish = task.thinker.finish().cloned();
    if let Purpose::Hint { .. } = purpose {
        let mut words = hint_text(game, &task.thinker);
        let line = match finish {
            Some(Finish::Drawn { stroke, .. }) => {
                let drawn = describe_line(game.drawing(), &stroke);
                words.push_str(&format!(" It is drawn dashed in green: {drawn}."));
                Some(stroke)
            }
            Some(Finish::NoRoom) => {
                let (_, moves) = &task.thinker.choices()[task.thinker.choice()];
                if let Some(m) = moves.first() {
                    let m = game.drawing().board().describe(m);
                    words.push_str(&format!(" One is {m}; there is no room left to draw it."));
                }
                None
            }
            _ => None,
        };
        return Done::Hint(words, line);
    }
    match finish {
        Some(Finish::Drawn { stroke, .. }) => Done::Play(Stroke {
            line: stroke,
            along: 0.5,
        }),
        Some(Finish::RoomMade(true)) => {
            Done::Said("The lines were spread out; what each encloses is as it was.".into())
        }
        Some(Finish::RoomMade(false)) => Done::Said("No more room could be made here.".into()),
        _ => Done::Said(
            "There is no room left to draw that move here; draw it yourself, or pick another."
                .into(),
        ),
    }
}
