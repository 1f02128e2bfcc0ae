//! The loss search of Glop: couples (position, nimber part), lands solved one at a
//! time, losing couples stored in the database, children ordered as Glop orders them.
//!
//! The search keeps its own stack, so it can stop after any number of expansions and go on
//! later (`step`), show where it is (`levels`) and let the user pick the child a level works
//! on (`zap`, Glop's "zapping").

use super::children::{check_computable, position_bytes, ChildrenCache, Cut};
use super::database::{Database, MAX_NIMBER};
use super::dfpn::{open_levels_too_large, Dfpn, TABLE_COUPLES};
use super::notation::{append_glop2, Notation};
use super::position::{Land, Position};
use super::solving::SolveError;
use crate::engine::stop::Stop;

/// What a search computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win or loss for the player to move, with this nimber part (0 for the plain outcome).
    Outcome { nimber_part: u8 },
    /// The nimber of the position.
    Nimber,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Loss,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
        }
    }
}

/// The result of a finished search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Outcome(Verdict),
    Nimber(u8),
}

/// A search node: the sum of a position and a Nim heap of size `nimber`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Couple {
    pub position: Position,
    pub nimber: u8,
}

impl Couple {
    pub fn new(position: Position, nimber: u8) -> Couple {
        Couple { position, nimber }
    }

    /// Replaces every land the database knows by its nimber.
    pub fn simplified(&self, db: &Database) -> Couple {
        let mut nimber = self.nimber;
        let mut unknown = Vec::with_capacity(self.position.lands().len());
        for land in self.position.lands() {
            match db.get(land) {
                Some(k) => nimber ^= k,
                None => unknown.push(land.clone()),
            }
        }
        if unknown.len() == self.position.lands().len() {
            return self.clone();
        }
        Couple {
            position: Position::from_lands(unknown),
            nimber,
        }
    }

    /// `simplified`, without a copy when the base knows none of the lands.
    pub fn into_simplified(self, db: &Database) -> Couple {
        if self.position.lands().iter().any(|l| db.contains(l)) {
            self.simplified(db)
        } else {
            self
        }
    }

    /// Known from the database alone: `Some(Loss)` if every land is known and the nimbers XOR to
    /// the nimber part, `Some(Win)` if every land is known otherwise, `None` if a land is unknown.
    pub fn known(&self, db: &Database) -> Option<Verdict> {
        let simple = self.simplified(db);
        simple.position.is_empty().then_some(if simple.nimber == 0 {
            Verdict::Loss
        } else {
            Verdict::Win
        })
    }

    pub fn write(&self, notation: Notation) -> String {
        format!("{} {}", self.position.write(notation), self.nimber)
    }
}

/// Counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Couples whose children were generated.
    pub expansions: u64,
    /// Losing couples newly stored.
    pub stored: u64,
    /// Losing couples stored that the guide base (check mode) did not have.
    pub new_results: u64,
}

/// Where a search stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Running,
    Done(Answer),
    Failed(SolveError),
}

/// A level of the computation as Glop shows it: the child being computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelView {
    /// 1-based index of the current child in the level's list.
    pub numero: usize,
    pub count: usize,
    /// Children of this level still in an unknown state.
    pub alive: usize,
    pub lives: u32,
    pub nimber: u8,
    pub position: Position,
    /// False for a level listing the lands of a sum (those cannot be zapped).
    pub zappable: bool,
}

impl LevelView {
    /// Glop 1.0's colours: red when one child is left unknown, green when at most four.
    pub fn colour(&self) -> LevelColour {
        match self.alive {
            1 => LevelColour::Red,
            0..=4 => LevelColour::Green,
            _ => LevelColour::Plain,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelColour {
    Plain,
    Green,
    Red,
}

/// One child of a level, for the "all children" list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChildView {
    pub couple: Couple,
    pub proven_win: bool,
    pub current: bool,
}

struct Level {
    couple: Couple,
    children: Vec<Couple>,
    proven_win: Vec<bool>,
    current: usize,
    alive: usize,
    /// Probing: expansions allowed to the current child, when it started, who was set aside.
    budget: u64,
    started: u64,
    set_aside: Vec<bool>,
    /// Heap bytes its children's positions take, about.
    bytes: usize,
}

impl Level {
    fn new(couple: Couple, children: Vec<Couple>, now: u64) -> Level {
        let n = children.len();
        let bytes = children.iter().map(|c| position_bytes(&c.position)).sum();
        Level {
            bytes,
            couple,
            children,
            proven_win: vec![false; n],
            current: 0,
            alive: n,
            budget: FIRST_BUDGET,
            started: now,
            set_aside: vec![false; n],
        }
    }

    /// The next child to work on after the current one: unknown and not set aside; when every
    /// unknown child has been set aside, they all get twice the budget.
    fn next_child(&mut self) -> Option<usize> {
        let n = self.children.len();
        let pick = |l: &Level| {
            (1..=n)
                .map(|d| (l.current + d) % n)
                .find(|&k| !l.proven_win[k] && !l.set_aside[k])
        };
        if let Some(k) = pick(self) {
            return Some(k);
        }
        if self.alive == 0 {
            return None;
        }
        self.set_aside.iter_mut().for_each(|s| *s = false);
        self.budget = self.budget.saturating_mul(2);
        pick(self)
    }
}

/// Probing: the first budget of expansions a child gets before it is set aside. (Measured on
/// the n-spot games 1..12: 100 → 22 s, 200 → 9 s, 400 → 7 s in all; plain depth-first
/// search does not finish 12 spots in 4 minutes.)
pub const FIRST_BUDGET: u64 = 400;

/// How a search orders its work on a level's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// Glop 1.0's depth-first search: each child is computed to its end, in Glop's order.
    DepthFirst,
    /// Depth-first with effort limits, an automatic form of Glop's zapping: a child that needs
    /// more than the level's budget of expansions is set aside and the next one tried; when all
    /// unknown children have been set aside, the budget doubles. Everything found is kept, and
    /// couples recently shown winning are remembered too.
    Probing,
    /// Depth-first proof-number search (df-pn) with a table of the proof and disproof numbers of
    /// unfinished couples (`dfpn`). The default: measured on the n-spot games, as fast as probing
    /// up to 11 spots and 2 to 25 times faster from 12 on (README).
    #[default]
    ProofNumber,
}

enum Stage {
    Fresh,
    /// A sum of lands: waiting for the nimber of `land`.
    Lands {
        land: Land,
        count: usize,
    },
    Children(Level),
}

enum Frame {
    Eval { couple: Couple, stage: Stage },
    Nimber { position: Position, tried: u8 },
}

enum Returned {
    Verdict(Verdict),
    Nimber(u8),
}

/// A couple on which a computation and a base disagree: the base has `land` with nimber
/// `stored`; the computation found nimber `found`, or (None) proved that it is not `stored`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    pub land: Land,
    pub stored: u8,
    pub found: Option<u8>,
}

impl Contradiction {
    pub fn describe(&self, notation: Notation) -> String {
        let land = self.land.write(notation);
        match self.found {
            Some(found) => format!(
                "{land} has nimber {} in the base, {found} computed",
                self.stored
            ),
            None => format!(
                "{land} has nimber {} in the base, but it is proved a win with nimber part {}",
                self.stored, self.stored
            ),
        }
    }
}

/// What every search strategy offers the page and the command line: stepping by a budget of
/// expansions, the levels, zapping.
pub trait Computation {
    fn goal(&self) -> Goal;
    fn root(&self) -> &Couple;
    fn stats(&self) -> Stats;
    /// Couples whose computed result disagrees with the guide base.
    fn contradictions(&self) -> &[Contradiction];
    fn is_finished(&self) -> bool;
    /// Runs until the answer is known or `budget` more expansions are done. `db` is the base
    /// searched and filled; `guide`, in a check computation, is the main base that orders the
    /// children (known losses first, then known wins) and that new results are compared with.
    fn step(&mut self, db: &mut Database, guide: Option<&Database>, budget: u64) -> Progress;
    /// What later steps ask, while a costly expansion lists its children, whether to give up
    /// early (they return `Running` then, the expansion undone).
    fn set_stop(&mut self, stop: Stop);
    /// The levels from the top: level 1 lists the children of the start.
    fn levels(&self) -> Vec<LevelView>;
    /// All children of a level (0-based level index, as in `levels`).
    fn level_children(&self, level: usize) -> Vec<ChildView>;
    /// Makes `child` (0-based) the child a level computes; everything below that level is
    /// dropped (the base keeps what was found).
    fn zap(&mut self, level: usize, child: usize) -> Result<(), String>;
    /// Moves a level to its next (or previous) unknown child, as Glop's level cells do.
    fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String>;
}

/// A stoppable, resumable computation of an outcome or a nimber, with the strategy chosen.
pub struct Search(Box<dyn Computation>);

impl std::ops::Deref for Search {
    type Target = dyn Computation;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

impl std::ops::DerefMut for Search {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.0.as_mut()
    }
}

impl Search {
    /// A search of `position` with the default strategy; refuses positions too large for the
    /// engine.
    pub fn new(position: Position, goal: Goal) -> Result<Search, SolveError> {
        Search::with_strategy(position, goal, Strategy::default())
    }

    pub fn with_strategy(
        position: Position,
        goal: Goal,
        strategy: Strategy,
    ) -> Result<Search, SolveError> {
        check_computable(&position)?;
        Ok(Search(match strategy {
            Strategy::ProofNumber => Box::new(Dfpn::new(position, goal, TABLE_COUPLES)),
            _ => Box::new(GlopSearch::new(position, goal, strategy)),
        }))
    }
}

/// Glop's search: depth-first, or probing (depth-first with effort limits).
struct GlopSearch {
    root: Couple,
    goal: Goal,
    stack: Vec<Frame>,
    returned: Option<Returned>,
    finished: Option<Progress>,
    stats: Stats,
    /// Couples whose result the guide (or the base itself) contradicts.
    contradictions: Vec<Contradiction>,
    cache: ChildrenCache,
    strategy: Strategy,
    /// Couples recently proved winning (the base keeps only losses; this saves proving a win
    /// again when the same couple comes back soon).
    wins: WinCache,
    /// Asked while an expansion lists its children; `interrupted` says it gave up.
    stop: Stop,
    interrupted: bool,
}

#[derive(Default)]
struct WinCache {
    recent: std::collections::HashSet<Couple>,
    older: std::collections::HashSet<Couple>,
}

impl WinCache {
    fn contains(&self, couple: &Couple) -> bool {
        self.recent.contains(couple) || self.older.contains(couple)
    }

    fn insert(&mut self, couple: Couple) {
        if self.recent.len() >= WIN_CACHE_COUPLES {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.insert(couple);
    }
}

/// Winning couples a search remembers (between this and twice as many).
pub const WIN_CACHE_COUPLES: usize = 100_000;

/// Bytes of children a search keeps at hand (between this and twice as much).
pub const CHILDREN_CACHE_BYTES: usize = 128 << 20;

impl GlopSearch {
    fn new(position: Position, goal: Goal, strategy: Strategy) -> GlopSearch {
        let mut search = GlopSearch {
            root: Couple::new(position.clone(), 0),
            goal,
            stack: Vec::new(),
            returned: None,
            finished: None,
            stats: Stats::default(),
            contradictions: Vec::new(),
            cache: ChildrenCache::new(CHILDREN_CACHE_BYTES),
            wins: WinCache::default(),
            strategy,
            stop: Stop::never(),
            interrupted: false,
        };
        match goal {
            Goal::Outcome { nimber_part } => {
                search.root.nimber = nimber_part;
                search.stack.push(Frame::Eval {
                    couple: search.root.clone(),
                    stage: Stage::Fresh,
                });
            }
            Goal::Nimber => search.push_nimber(position),
        }
        search
    }

    fn push_nimber(&mut self, position: Position) {
        self.stack.push(Frame::Nimber {
            position: position.clone(),
            tried: 0,
        });
        self.stack.push(Frame::Eval {
            couple: Couple::new(position, 0),
            stage: Stage::Fresh,
        });
    }

    fn store(&mut self, land: &Land, nimber: u8, db: &mut Database, guide: Option<&Database>) {
        record_loss(
            land,
            nimber,
            db,
            guide,
            &mut self.stats,
            &mut self.contradictions,
        );
    }

    /// A single-land couple was proved winning: a guide that lists it as a loss lies.
    fn note_win(&mut self, couple: &Couple, guide: Option<&Database>) {
        let (Some(guide), [land]) = (guide, couple.position.lands()) else {
            return;
        };
        if guide.get(land) == Some(couple.nimber) {
            self.contradictions.push(Contradiction {
                land: land.clone(),
                stored: couple.nimber,
                found: None,
            });
        }
    }

    /// Probing: the outermost level whose current child went over budget moves on to another.
    fn enforce_budgets(&mut self) {
        let now = self.stats.expansions;
        for i in 0..self.stack.len() {
            let Frame::Eval {
                stage: Stage::Children(level),
                ..
            } = &mut self.stack[i]
            else {
                continue;
            };
            if now - level.started <= level.budget {
                continue;
            }
            level.set_aside[level.current] = true;
            let Some(next) = level.next_child() else {
                return;
            };
            level.current = next;
            level.started = now;
            let couple = level.children[next].clone();
            self.stack.truncate(i + 1);
            self.stack.push(Frame::Eval {
                couple,
                stage: Stage::Fresh,
            });
            return;
        }
    }

    /// The top frame is a fresh evaluation: simplify it, then answer at once or open a level.
    fn evaluate_fresh(&mut self, db: &mut Database, guide: Option<&Database>) {
        if self.strategy == Strategy::Probing {
            self.enforce_budgets();
        }
        let Some(Frame::Eval { couple, stage }) = self.stack.last_mut() else {
            self.finished = Some(Progress::Failed(SolveError::Internal(
                "nothing to evaluate",
            )));
            return;
        };
        let couple = couple.simplified(db);
        if couple.position.is_empty() {
            self.stack.pop();
            self.returned = Some(Returned::Verdict(if couple.nimber == 0 {
                Verdict::Loss
            } else {
                Verdict::Win
            }));
            return;
        }
        if couple.position.lands().len() > 1 {
            // Solve the easiest land completely, then look again.
            let count = couple.position.lands().len();
            let mut lands: Vec<Couple> = couple
                .position
                .lands()
                .iter()
                .map(|l| Couple::new(Position::from_lands(vec![l.clone()]), 0))
                .collect();
            sort_couples(&mut lands, guide, false);
            let land = lands[0].position.lands()[0].clone();
            *stage = Stage::Lands {
                land: land.clone(),
                count,
            };
            if let Some(Frame::Eval { couple: c, .. }) = self.stack.last_mut() {
                *c = couple;
            }
            self.push_nimber(Position::from_lands(vec![land]));
            return;
        }
        // A single land: expand it, unless it was just shown winning.
        if self.strategy == Strategy::Probing && self.wins.contains(&couple) {
            self.stack.pop();
            self.returned = Some(Returned::Verdict(Verdict::Win));
            return;
        }
        let listed = match self.cache.children(&couple.position, &self.stop) {
            Ok(listed) => listed,
            Err(Cut::Stopped) => {
                // Stopped while listing: the frame stays fresh for the next step.
                self.interrupted = true;
                return;
            }
            Err(Cut::TooLarge(why)) => {
                self.finished = Some(Progress::Failed(why.into()));
                return;
            }
        };
        self.stats.expansions += 1;
        let mut children: Vec<Couple> = (0..couple.nimber)
            .map(|m| Couple::new(couple.position.clone(), m))
            .collect();
        for child in listed.iter() {
            let child = Couple::new(child.position.clone(), couple.nimber).simplified(db);
            if child.position.is_empty() {
                if child.nimber == 0 {
                    self.stack.pop();
                    self.returned = Some(Returned::Verdict(Verdict::Win));
                    return;
                }
                continue;
            }
            children.push(child);
        }
        sort_couples(&mut children, guide, true);
        if children.is_empty() {
            let land = couple.position.lands()[0].clone();
            self.stack.pop();
            self.store(&land, couple.nimber, db, guide);
            self.returned = Some(Returned::Verdict(Verdict::Loss));
            return;
        }
        let first = children[0].clone();
        let now = self.stats.expansions;
        if let Some(Frame::Eval { stage, couple: c }) = self.stack.last_mut() {
            *stage = Stage::Children(Level::new(couple.clone(), children, now));
            *c = couple;
        }
        if let Some(failed) = open_levels_too_large(self.open_bytes()) {
            self.finished = Some(failed);
            return;
        }
        self.stack.push(Frame::Eval {
            couple: first,
            stage: Stage::Fresh,
        });
    }

    /// Bytes of children the open levels hold.
    fn open_bytes(&self) -> usize {
        self.stack
            .iter()
            .map(|frame| match frame {
                Frame::Eval {
                    stage: Stage::Children(level),
                    ..
                } => level.bytes,
                _ => 0,
            })
            .sum()
    }

    /// Hands a finished frame's result to the frame below it.
    fn deliver(
        &mut self,
        returned: Returned,
        db: &mut Database,
        guide: Option<&Database>,
    ) -> Result<(), SolveError> {
        let Some(top) = self.stack.last_mut() else {
            return Ok(());
        };
        match (top, returned) {
            (Frame::Nimber { tried, .. }, Returned::Verdict(Verdict::Loss)) => {
                let n = *tried;
                self.stack.pop();
                self.returned = Some(Returned::Nimber(n));
            }
            (Frame::Nimber { position, tried }, Returned::Verdict(Verdict::Win)) => {
                if *tried >= MAX_NIMBER {
                    return Err(SolveError::NimberTooLarge);
                }
                *tried += 1;
                let couple = Couple::new(position.clone(), *tried);
                self.stack.push(Frame::Eval {
                    couple,
                    stage: Stage::Fresh,
                });
            }
            (Frame::Nimber { .. }, Returned::Nimber(_)) => {
                return Err(SolveError::Internal("a nimber for a nimber"))
            }
            (Frame::Eval { couple, stage }, Returned::Nimber(k)) => {
                let Stage::Lands { land, .. } = stage else {
                    return Err(SolveError::Internal("a nimber for a level"));
                };
                // The land is solved: it leaves the sum and its nimber joins the heap.
                // Only one copy leaves: a sum may hold the same land twice.
                let mut rest: Vec<Land> = couple.position.lands().to_vec();
                if let Some(at) = rest.iter().position(|l| l == land) {
                    rest.remove(at);
                }
                *couple = Couple::new(Position::from_lands(rest), couple.nimber ^ k);
                *stage = Stage::Fresh;
            }
            (Frame::Eval { stage, .. }, Returned::Verdict(verdict)) => {
                let Stage::Children(level) = stage else {
                    return Err(SolveError::Internal("a verdict for a sum"));
                };
                if verdict == Verdict::Loss {
                    let won = level.couple.clone();
                    self.note_win(&won, guide);
                    if self.strategy == Strategy::Probing {
                        self.wins.insert(won);
                    }
                    self.stack.pop();
                    self.returned = Some(Returned::Verdict(Verdict::Win));
                    return Ok(());
                }
                level.proven_win[level.current] = true;
                level.alive -= 1;
                match level.next_child() {
                    Some(next) => {
                        level.current = next;
                        level.started = self.stats.expansions;
                        let couple = level.children[next].clone();
                        self.stack.push(Frame::Eval {
                            couple,
                            stage: Stage::Fresh,
                        });
                    }
                    None => {
                        let (land, n) = (
                            level.couple.position.lands()[0].clone(),
                            level.couple.nimber,
                        );
                        self.stack.pop();
                        self.store(&land, n, db, guide);
                        self.returned = Some(Returned::Verdict(Verdict::Loss));
                    }
                }
            }
        }
        Ok(())
    }

    fn level_frames(&self) -> Vec<usize> {
        (0..self.stack.len())
            .filter(|&i| {
                matches!(
                    &self.stack[i],
                    Frame::Eval {
                        stage: Stage::Children(_) | Stage::Lands { .. },
                        ..
                    }
                )
            })
            .collect()
    }
}

impl Computation for GlopSearch {
    fn goal(&self) -> Goal {
        self.goal
    }

    fn root(&self) -> &Couple {
        &self.root
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn contradictions(&self) -> &[Contradiction] {
        &self.contradictions
    }

    fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// Runs until the answer is known or `budget` more expansions are done. `db` is the base
    /// searched and filled; `guide`, in a check computation, is the main base that orders the
    /// children (known losses first, then known wins) and that new results are compared with.
    fn step(&mut self, db: &mut Database, guide: Option<&Database>, budget: u64) -> Progress {
        let limit = self.stats.expansions.saturating_add(budget);
        loop {
            if self.finished.is_none() {
                self.finished = refuted(guide, &self.contradictions);
            }
            if let Some(done) = &self.finished {
                return done.clone();
            }
            if let Some(returned) = self.returned.take() {
                if self.stack.is_empty() {
                    let answer = match returned {
                        Returned::Verdict(v) => Answer::Outcome(v),
                        Returned::Nimber(n) => Answer::Nimber(n),
                    };
                    self.finished = Some(Progress::Done(answer));
                } else if let Err(e) = self.deliver(returned, db, guide) {
                    self.finished = Some(Progress::Failed(e));
                }
                continue;
            }
            if self.stats.expansions >= limit || self.stop.requested() {
                return Progress::Running;
            }
            self.evaluate_fresh(db, guide);
            if std::mem::take(&mut self.interrupted) {
                return Progress::Running;
            }
        }
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// The levels from the top: level 1 lists the children of the start.
    fn levels(&self) -> Vec<LevelView> {
        let mut out = Vec::new();
        for i in self.level_frames() {
            let Frame::Eval { stage, .. } = &self.stack[i] else {
                continue;
            };
            match stage {
                Stage::Children(level) => {
                    let child = &level.children[level.current];
                    out.push(LevelView {
                        numero: level.current + 1,
                        count: level.children.len(),
                        alive: level.alive,
                        lives: child.position.lives(),
                        nimber: child.nimber,
                        position: child.position.clone(),
                        zappable: true,
                    });
                }
                Stage::Lands { land, count } => {
                    let tried = match self.stack.get(i + 1) {
                        Some(Frame::Nimber { tried, .. }) => *tried,
                        _ => 0,
                    };
                    let position = Position::from_lands(vec![land.clone()]);
                    out.push(LevelView {
                        numero: 1,
                        count: *count,
                        alive: *count,
                        lives: position.lives(),
                        nimber: tried,
                        position,
                        zappable: false,
                    });
                }
                Stage::Fresh => {}
            }
        }
        out
    }

    /// All children of a level (0-based level index, as in `levels`).
    fn level_children(&self, level: usize) -> Vec<ChildView> {
        let frames = self.level_frames();
        let Some(&i) = frames.get(level) else {
            return Vec::new();
        };
        match &self.stack[i] {
            Frame::Eval {
                stage: Stage::Children(l),
                ..
            } => l
                .children
                .iter()
                .enumerate()
                .map(|(k, c)| ChildView {
                    couple: c.clone(),
                    proven_win: l.proven_win[k],
                    current: k == l.current,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Makes `child` (0-based) the child a level computes; everything below that level is
    /// dropped (the base keeps what was found).
    fn zap(&mut self, level: usize, child: usize) -> Result<(), String> {
        if self.finished.is_some() {
            return Err("the computation is finished".into());
        }
        let frames = self.level_frames();
        let Some(&i) = frames.get(level) else {
            return Err(format!("there is no level {}", level + 1));
        };
        let Frame::Eval {
            stage: Stage::Children(l),
            ..
        } = &mut self.stack[i]
        else {
            return Err(
                "this level lists the lands of a sum: every land's nimber is needed".into(),
            );
        };
        if child >= l.children.len() {
            return Err(format!(
                "level {} has {} children",
                level + 1,
                l.children.len()
            ));
        }
        if l.proven_win[child] {
            return Err("that child is already known to be a win".into());
        }
        l.current = child;
        l.set_aside[child] = false;
        l.started = self.stats.expansions;
        let couple = l.children[child].clone();
        self.stack.truncate(i + 1);
        self.returned = None;
        self.stack.push(Frame::Eval {
            couple,
            stage: Stage::Fresh,
        });
        Ok(())
    }

    /// Moves a level to its next (or previous) unknown child, as Glop's level cells do.
    fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String> {
        let frames = self.level_frames();
        let Some(&i) = frames.get(level) else {
            return Err(format!("there is no level {}", level + 1));
        };
        let Frame::Eval {
            stage: Stage::Children(l),
            ..
        } = &self.stack[i]
        else {
            return Err(
                "this level lists the lands of a sum: every land's nimber is needed".into(),
            );
        };
        let pick = next_unknown(l.current, l.children.len(), forward, |k| l.proven_win[k]);
        match pick {
            Some(k) => self.zap(level, k),
            None => Err("no other unknown child on this level".into()),
        }
    }
}

/// Zapping's step (Glop's level cells): the next (or previous) child of `count` after `current`,
/// going round, that is not known to be a win.
pub(crate) fn next_unknown(
    current: usize,
    count: usize,
    forward: bool,
    known_win: impl Fn(usize) -> bool,
) -> Option<usize> {
    (1..count)
        .map(|d| {
            if forward {
                (current + d) % count
            } else {
                (current + count - d) % count
            }
        })
        .find(|&k| !known_win(k))
}

/// How a search ends once the base it fills (searched alone, no guide) holds a couple otherwise
/// than the search proved: the base is wrong, and so would be an answer resting on it. (A check
/// computation, given a guide, lists such couples and goes on.)
pub(crate) fn refuted(
    guide: Option<&Database>,
    contradictions: &[Contradiction],
) -> Option<Progress> {
    (guide.is_none() && !contradictions.is_empty())
        .then(|| Progress::Failed(SolveError::BaseRefuted(contradictions.to_vec())))
}

/// Stores a losing couple proved (by a search, a team member, a worker): true when it is new. A
/// couple the base holds with another nimber is not stored but added to `refuted`.
pub fn store_proved(
    db: &mut Database,
    land: &Land,
    nimber: u8,
    refuted: &mut Vec<Contradiction>,
) -> bool {
    match db.insert(land, nimber) {
        Ok(new) => new,
        Err(d) => {
            refuted.push(Contradiction {
                land: land.clone(),
                stored: d.stored,
                found: Some(nimber),
            });
            false
        }
    }
}

/// Stores a losing couple in the base searched, noting disagreements with the base or the guide.
pub(crate) fn record_loss(
    land: &Land,
    nimber: u8,
    db: &mut Database,
    guide: Option<&Database>,
    stats: &mut Stats,
    contradictions: &mut Vec<Contradiction>,
) {
    if store_proved(db, land, nimber, contradictions) {
        stats.stored += 1;
    }
    if let Some(guide) = guide {
        match guide.get(land) {
            None => stats.new_results += 1,
            Some(k) if k != nimber => contradictions.push(Contradiction {
                land: land.clone(),
                stored: k,
                found: Some(nimber),
            }),
            Some(_) => {}
        }
    }
}

/// What Glop's move order reads of a position itself: its lives, its lands (more
/// first) and its estimated children. The children cache keeps it with every child it lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PositionKey {
    lives: u64,
    fewer_lands: i64,
    estimate: u64,
}

impl PositionKey {
    pub(crate) fn of(position: &Position) -> PositionKey {
        PositionKey {
            lives: position.lives() as u64,
            fewer_lands: -(position.lands().len() as i64),
            estimate: position.estimated_children(),
        }
    }
}

/// A child as the children cache lists it: the cache's order is Glop's move order.
#[derive(Clone, Debug)]
pub(crate) struct Listed {
    pub position: Position,
    pub key: PositionKey,
}

/// A couple's whole ordering key: known losses, then known wins, then unknown (check
/// computations only); lives + 4 × nimber part; then its position's own key.
type OrderKey = (u8, u64, i64, u64);

/// A couple with its ordering key, and its place in the children cache's list when it is one
/// of the listed children as listed there (its parent's nimber, no land taken off).
type Keyed = (OrderKey, Option<u32>, Couple);

fn order_key(couple: &Couple, key: PositionKey, guide: Option<&Database>) -> OrderKey {
    let rank = match guide.map(|g| couple.known(g)) {
        Some(Some(Verdict::Loss)) => 0,
        Some(Some(Verdict::Win)) => 1,
        _ => 2,
    };
    let lives = key.lives + 4 * couple.nimber as u64;
    (rank, lives, key.fewer_lands, key.estimate)
}

/// Glop's move ordering: known losses, then known wins, then unknown (check
/// computations only); lives + 4 × nimber part; more lands first; fewer estimated children;
/// the 2.x string. Duplicates are removed when `unique`.
pub fn sort_couples(couples: &mut Vec<Couple>, guide: Option<&Database>, unique: bool) {
    let keyed = couples
        .drain(..)
        .map(|c| (order_key(&c, PositionKey::of(&c.position), guide), None, c))
        .collect();
    couples.extend(sort_keyed(keyed, unique).into_iter().map(|k| k.2));
}

/// Distinct positions in Glop's move order, each with its key (what the children cache lists).
pub(crate) fn listed_in_move_order(positions: Vec<Position>) -> Vec<Listed> {
    let keyed = positions
        .into_iter()
        .map(|p| {
            let couple = Couple::new(p, 0);
            (
                order_key(&couple, PositionKey::of(&couple.position), None),
                None,
                couple,
            )
        })
        .collect();
    // With nimber 0 and no guide, a couple's ordering key is its position's.
    sort_keyed(keyed, true)
        .into_iter()
        .map(|((_, lives, fewer_lands, estimate), _, c)| Listed {
            position: c.position,
            key: PositionKey {
                lives,
                fewer_lands,
                estimate,
            },
        })
        .collect()
}

/// A node's children (couple `position`, `nimber`; `listed` its position's children from the
/// cache) in Glop's move order, each with the lands the base knows taken off, duplicates
/// removed: the couples of the same position with a smaller nimber and its moves. None when
/// one of them is then known to lose (the node wins).
pub(crate) fn ordered_children(
    position: &Position,
    nimber: u8,
    listed: &[Listed],
    db: &Database,
) -> Option<Vec<Couple>> {
    let mut others: Vec<Couple> = (0..nimber)
        .map(|m| Couple::new(position.clone(), m))
        .collect();
    let mut kept = Vec::with_capacity(listed.len());
    for (place, child) in listed.iter().enumerate() {
        let known = child.position.lands().iter().any(|l| db.contains(l));
        if !known && !child.position.is_empty() {
            kept.push(place);
            continue;
        }
        // The base knows one of its lands: the child is ordered again without them.
        let child = Couple::new(child.position.clone(), nimber).simplified(db);
        if child.position.is_empty() {
            if child.nimber == 0 {
                return None;
            }
            continue;
        }
        others.push(child);
    }
    Some(sort_children(listed, nimber, &kept, others))
}

/// `sort_couples` (unique, no guide) for a node's children, given as the listed children kept
/// as they were (by their places in the list) and the others: the listed ones are already in
/// order among themselves, so neither their keys nor (among them) their strings are worked out
/// again.
fn sort_children(
    listed: &[Listed],
    nimber: u8,
    kept: &[usize],
    others: Vec<Couple>,
) -> Vec<Couple> {
    let mut keyed: Vec<Keyed> = kept
        .iter()
        .map(|&place| {
            let child = &listed[place];
            let couple = Couple::new(child.position.clone(), nimber);
            (
                order_key(&couple, child.key, None),
                Some(place as u32),
                couple,
            )
        })
        .collect();
    keyed.extend(
        others
            .into_iter()
            .map(|c| (order_key(&c, PositionKey::of(&c.position), None), None, c)),
    );
    sort_keyed(keyed, true).into_iter().map(|k| k.2).collect()
}

fn sort_keyed(mut keyed: Vec<Keyed>, unique: bool) -> Vec<Keyed> {
    keyed.sort_by_key(|k| k.0);
    // Ties: the position strings, computed only where needed.
    let mut text = String::new();
    let mut start = 0;
    while start < keyed.len() {
        let end = start
            + keyed[start..]
                .iter()
                .take_while(|k| k.0 == keyed[start].0)
                .count();
        // Listed children only: the list's order is their strings' order, and they are
        // distinct (the stable sort has kept them in it).
        let listed_only = keyed[start..end].iter().all(|k| k.1.is_some());
        if end - start < 2 || listed_only {
            start = end;
            continue;
        }
        let mut run: Vec<Keyed> = keyed.drain(start..end).collect();
        if unique {
            // Copies first (a node lists many children twice or more), by their symbols
            // alone, so that strings are written for distinct couples only.
            run.sort_unstable_by(|a, b| {
                let (a, b) = (&a.2, &b.2);
                let (al, bl) = (a.position.lands(), b.position.lands());
                a.nimber
                    .cmp(&b.nimber)
                    .then(al.len().cmp(&bl.len()))
                    .then_with(|| {
                        al.iter()
                            .map(Land::symbols)
                            .cmp(bl.iter().map(Land::symbols))
                    })
            });
            run.dedup_by(|a, b| a.2 == b.2);
        }
        // All the run's strings in one buffer, each couple with its string's span.
        text.clear();
        let mut run: Vec<(std::ops::Range<usize>, Keyed)> = run
            .into_iter()
            .map(|k| {
                let from = text.len();
                append_glop2(&k.2.position, &mut text);
                (from..text.len(), k)
            })
            .collect();
        run.sort_by(|a, b| {
            text[a.0.clone()]
                .cmp(&text[b.0.clone()])
                .then(a.1 .2.nimber.cmp(&b.1 .2.nimber))
        });
        let len = run.len();
        keyed.splice(start..start, run.into_iter().map(|(_, k)| k));
        start += len;
    }
    keyed
}

/// The canonical children of a position, each with its nimber when the base knows every one of
/// its lands (Glop's Children tab; a child with nimber 0 is a winning move).
pub fn children_with_nimbers(
    position: &Position,
    db: &Database,
    stop: &Stop,
) -> Result<Vec<(Position, Option<u8>)>, Cut> {
    let children = super::children::children_until(position, stop)?;
    let mut meter = 0usize;
    let mut out = Vec::with_capacity(children.len());
    for child in children {
        let known = Couple::new(child.clone(), 0).simplified(db);
        let nimber = known.position.is_empty().then_some(known.nimber);
        out.push((child, nimber));
        meter += 1;
        if meter.is_multiple_of(256) && stop.requested() {
            return Err(Cut::Stopped);
        }
    }
    Ok(out)
}

/// Runs one search in this thread to its end, with its counters (tests and benchmarks; every
/// other caller goes through `solving`).
pub fn solve(
    position: &Position,
    goal: Goal,
    db: &mut Database,
) -> Result<(Answer, Stats), SolveError> {
    solve_with(position, goal, Strategy::default(), db)
}

pub fn solve_with(
    position: &Position,
    goal: Goal,
    strategy: Strategy,
    db: &mut Database,
) -> Result<(Answer, Stats), SolveError> {
    let mut search = Search::with_strategy(position.clone(), goal, strategy)?;
    match search.step(db, None, u64::MAX) {
        Progress::Done(answer) => Ok((answer, search.stats())),
        Progress::Failed(message) => Err(message),
        Progress::Running => Err(SolveError::Internal("a search with no limit stopped early")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sprouts::children::{children, children_unsorted};

    /// Positions met walking down from a few starts, each step a pseudo-random move.
    fn walked_positions() -> Vec<Position> {
        let mut next = crate::engine::sprouts::symbols::test_random(0x2545_F491_4F6C_DD1D);
        let mut out = Vec::new();
        for spots in 3..=7 {
            for _ in 0..6 {
                let mut position = Position::spots(spots);
                while let Ok(list) = children(&position) {
                    if list.is_empty() {
                        break;
                    }
                    out.push(position.clone());
                    position = list[next(list.len())].clone();
                }
            }
        }
        out
    }

    #[test]
    fn children_ordered_from_the_cache_list_are_in_glops_move_order() {
        let positions = walked_positions();
        assert!(positions.len() > 50, "{}", positions.len());
        // A base that knows some of the lands met (nimbers made up: only the order is tested).
        let mut db = Database::new();
        for (k, position) in positions.iter().enumerate().filter(|(k, _)| k % 3 == 0) {
            if let Ok(list) = children(position) {
                for (j, land) in list.iter().flat_map(|c| c.lands()).enumerate() {
                    if j % 4 == k % 4 {
                        let _ = db.insert(land, (j % 3) as u8);
                    }
                }
            }
        }
        let mut shortened = 0;
        let mut cache = ChildrenCache::new(1 << 20);
        for position in &positions {
            let listed = cache.children(position, &Stop::never()).unwrap();
            for nimber in 0..3 {
                // What the search did before the cache kept its lists in order.
                let mut expected: Vec<Couple> = (0..nimber)
                    .map(|m| Couple::new(position.clone(), m))
                    .collect();
                let mut wins = false;
                for child in children_unsorted(position, &Stop::never()).unwrap() {
                    let before = child.lands().len();
                    let child = Couple::new(child, nimber).into_simplified(&db);
                    shortened += usize::from(child.position.lands().len() < before);
                    if child.position.is_empty() {
                        wins |= child.nimber == 0;
                        continue;
                    }
                    expected.push(child);
                }
                sort_couples(&mut expected, None, true);
                let found = ordered_children(position, nimber, &listed, &db);
                assert_eq!(found, (!wins).then_some(expected), "{position} {nimber}");
            }
        }
        assert!(
            shortened > 100,
            "the base shortened only {shortened} children"
        );
    }
}
