//! Depth-first proof-number search (df-pn, Nagai 2002) over couples, in the form Čížek, Balko
//! and Schmid give it for sums of lands (SPOTS, arXiv:2511.10339;).
//!
//! Every couple carries a proof number (how many couples at least must be solved to show the
//! player to move wins) and a disproof number (to show they lose). A single land is an OR node:
//! it wins if some child loses, so its proof number is its children's smallest disproof number
//! and its disproof number the sum of their proof numbers. A sum of lands is solved land by land,
//! as Glop does (the easiest land's nimber first); it is estimated by the sum, over its lands, of
//! the smaller of the two numbers. The search descends to the most proving child and comes back
//! as soon as another child looks cheaper (thresholds), and the table keeps the numbers of the
//! couples it left unfinished, so no partial work is thrown away.
//!
//! The search keeps its own stack: it stops after any number of expansions and goes on later,
//! shows its levels, and lets the user pick the child a level works on (zapping).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::children::{position_bytes, ChildrenCache, Cut};
use super::database::{Database, MAX_NIMBER};
use super::position::{Land, Position};
use super::search::{
    next_unknown, ordered_children, record_loss, refuted, sort_couples, Answer, ChildView,
    Computation, Contradiction, Couple, Goal, LevelView, Progress, Stats, Verdict,
};
use super::solving::SolveError;
use super::symbols::words;
use crate::engine::stop::Stop;

/// An unbounded proof or disproof number: the couple is proved the other way.
pub const INFINITE: u32 = u32::MAX;

/// A couple's proof and disproof numbers, from the view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

impl Numbers {
    /// A couple nothing is known of yet.
    pub const UNKNOWN: Numbers = Numbers {
        proof: 1,
        disproof: 1,
    };
    pub const WIN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    pub const LOSS: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };

    pub fn is_win(self) -> bool {
        self.proof == 0
    }

    pub fn is_loss(self) -> bool {
        self.disproof == 0
    }

    pub fn is_proved(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// What a sum counts for this land: the cheaper of proving and disproving it.
    fn smaller(self) -> u32 {
        self.proof.min(self.disproof)
    }

    fn verdict(self) -> Option<Verdict> {
        if self.is_win() {
            Some(Verdict::Win)
        } else if self.is_loss() {
            Some(Verdict::Loss)
        } else {
            None
        }
    }
}

/// Estimated moves counting one in a new couple's disproof number, for one search alone.
const ESTIMATE_MOVES_PER_UNIT: u32 = 8;
/// The same for a team's members other than the first (`Dfpn::team_member`).
const OTHER_MEMBERS_MOVES_PER_UNIT: u32 = 4;

/// The numbers of a couple never searched. Lives bound how long the game can last, so both
/// numbers grow with them; to show the player to move loses, every move must be answered, so the
/// disproof number also grows with the estimated number of moves. Measured on the
/// n-spot games 12–18 against SPOTS's 1/1: 14 spots 2.3 times and 15 spots 1.6 times faster.
///
/// `moves_per_unit` is how many estimated moves count one in the disproof number: 8 for one
/// search alone and a team's member 0; the other members count 4 (`team_member`).
fn estimate(couple: &Couple, moves_per_unit: u32) -> Numbers {
    let depth = 1 + (couple.position.lives() + 4 * couple.nimber as u32) / 4;
    let moves = couple
        .position
        .estimated_children()
        .saturating_add(couple.nimber as u64)
        .min(1000) as u32;
    Numbers {
        proof: depth,
        disproof: depth + moves / moves_per_unit,
    }
}

/// Sum that stays below `INFINITE` unless a term is infinite (a sum of many large numbers
/// must not read as a proof: deep sums of many equal games double it every two moves).
pub(crate) fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE {
        INFINITE
    } else {
        a.saturating_add(b).min(INFINITE - 1)
    }
}

/// A threshold less `x`; an infinite threshold stays infinite.
pub(crate) fn below(threshold: u32, x: u32) -> u32 {
    if threshold == INFINITE {
        INFINITE
    } else {
        threshold.saturating_sub(x)
    }
}

/// How long a couple is worked on: while its proof number is below `proof`, its disproof
/// number below `disproof`, and `min(proof + proof_shift, disproof + disproof_shift)` below
/// `smaller`. The last form carries a sum's bound (the sum counts the smaller number of each
/// land) down through the land's own children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Thresholds {
    proof: u32,
    disproof: u32,
    proof_shift: u32,
    disproof_shift: u32,
    smaller: u32,
}

impl Thresholds {
    /// Until the couple is proved.
    const NONE: Thresholds = Thresholds {
        proof: INFINITE,
        disproof: INFINITE,
        proof_shift: 0,
        disproof_shift: 0,
        smaller: INFINITE,
    };

    fn hold(&self, n: Numbers) -> bool {
        !n.is_proved()
            && n.proof < self.proof
            && n.disproof < self.disproof
            && add(n.proof, self.proof_shift).min(add(n.disproof, self.disproof_shift))
                < self.smaller
    }

    /// For the most proving child of a single land (`node` its numbers now, `others` the sum
    /// of the other children's proof numbers): the child's disproof number is the land's proof
    /// number until it passes `switch` (the second-best child's and half again: `switch_point`).
    fn for_move(&self, child: Numbers, others: u32, switch: u32) -> Thresholds {
        Thresholds {
            proof: below(self.disproof, others),
            disproof: self.proof.min(switch),
            proof_shift: add(self.disproof_shift, others),
            disproof_shift: self.proof_shift,
            smaller: self.smaller,
        }
        .checked(child)
    }

    /// For the land a sum works on (`others`: what the sum's other lands count).
    fn for_land(&self, sum: u32, child: Numbers) -> Thresholds {
        let limit = self.proof.min(self.disproof).min(below(
            self.smaller,
            self.proof_shift.min(self.disproof_shift),
        ));
        let others = sum.saturating_sub(child.smaller());
        Thresholds {
            smaller: below(limit, others),
            ..Thresholds::NONE
        }
    }

    /// Thresholds are only handed to a child they hold for (rounding at the table's limits
    /// could say otherwise); such a child is then searched one step.
    fn checked(self, child: Numbers) -> Thresholds {
        if self.hold(child) {
            self
        } else {
            Thresholds {
                proof: add(child.proof, 1).max(self.proof),
                disproof: add(child.disproof, 1).max(self.disproof),
                proof_shift: 0,
                disproof_shift: 0,
                smaller: INFINITE,
            }
        }
    }
}

/// The child with the smallest `number` (ties broken by `tie`) and the point where another
/// child becomes better (`switch_point` of the second-best number).
fn most_proving(children: &[Child], number: impl Fn(&Child) -> u32) -> Option<(usize, u32)> {
    let mut best: Option<usize> = None;
    let mut second = INFINITE;
    let rank = |c: &Child| (number(c), c.tie);
    for (k, child) in children.iter().enumerate() {
        match best {
            Some(b) if rank(child) >= rank(&children[b]) => second = second.min(number(child)),
            Some(b) => {
                second = number(&children[b]);
                best = Some(k);
            }
            None => best = Some(k),
        }
    }
    Some((best?, switch_point(second)))
}

/// Where the search leaves the most proving child for the second best: once its number passes
/// the second's by half (the 1 + ε trick of Pawlewicz and Lew, ε = 1/2). Leaving as soon as it
/// passes the second's plus one sent df-pn back and forth between near-equal children, and which
/// of them it happened to finish decided the cost: 14 spots took 102–265 thousand expansions as
/// tie-breaks varied (16 of them, 183 thousand on average; 127 thousand with ε = 1/2, 150
/// thousand with 1/3, 153 thousand with 1 over eight).
fn switch_point(second: u32) -> u32 {
    add(second, 1 + second / 2)
}

/// A child another member works on counts as if twice as far from proved (measured on the
/// 12-15-spot games with two members: 1.15-1.4 times faster than one search, where members that
/// only break ties differently were no faster at all; `INFINITE` here, never following another
/// member while any other child is open, did no better).
fn avoid_penalty(disproof: u32) -> u32 {
    disproof.saturating_mul(2).min(INFINITE - 1)
}

/// A 128-bit key of a couple: two independent 64-bit mixes of its symbols.
fn couple_key(couple: &Couple) -> u128 {
    const K1: u64 = 0x9E37_79B9_7F4A_7C15;
    const K2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    let mut a = K1 ^ couple.nimber as u64;
    let mut b = K2 ^ (couple.nimber as u64).rotate_left(17);
    let mut length = 0u64;
    for land in couple.position.lands() {
        for w in words(land.symbols()) {
            a = (a ^ w).wrapping_mul(K1);
            a ^= a >> 29;
            b = (b.rotate_left(23) ^ w).wrapping_mul(K2);
            b ^= b >> 31;
        }
        length += land.symbols().len() as u64;
    }
    a = (a ^ length).wrapping_mul(K2);
    a ^= a >> 32;
    b = (b ^ length).wrapping_mul(K1);
    b ^= b >> 33;
    ((a as u128) << 64) | b as u128
}

/// The keys are hashes already: the map uses their low bits as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }
    fn write_u128(&mut self, key: u128) {
        self.0 = key as u64;
    }
}

#[derive(Clone, Copy)]
struct Entry {
    numbers: Numbers,
    /// Expansions spent below the couple: what decides which entries a full table forgets.
    work: u32,
}

/// The transposition table: numbers of couples proved winning or left unfinished (losing single
/// lands go to the base). When full, it forgets the half that cost least to compute.
pub struct Table {
    map: HashMap<u128, Entry, BuildHasherDefault<KeyHasher>>,
    capacity: usize,
}

/// Couples the table holds by default (about 40 bytes each).
pub const TABLE_COUPLES: usize = 2_000_000;

impl Table {
    pub fn new(capacity: usize) -> Table {
        Table {
            map: HashMap::default(),
            capacity: capacity.max(16),
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    fn get(&self, key: u128) -> Option<Entry> {
        self.map.get(&key).copied()
    }

    fn insert(&mut self, key: u128, entry: Entry) {
        if self.map.len() >= self.capacity && !self.map.contains_key(&key) {
            self.forget_cheapest_half();
        }
        self.map.insert(key, entry);
    }

    fn forget_cheapest_half(&mut self) {
        let mut works: Vec<u32> = self.map.values().map(|e| e.work).collect();
        let middle = works.len() / 2;
        let (_, &mut cut, _) = works.select_nth_unstable(middle);
        self.map.retain(|_, e| e.work > cut);
        // Many entries of equal work: forget those at the cut too.
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
    }
}

/// A child of a couple on the stack, with its numbers as last seen.
#[derive(Clone)]
struct Child {
    couple: Couple,
    numbers: Numbers,
    /// Breaks ties between children of equal numbers: 0 (the list's order) except in the
    /// variants that parallel searches use to go different ways.
    tie: u32,
    key: u128,
}

enum Kind {
    /// A single land: its moves (and the smaller heaps of its nimber part).
    Moves,
    /// A sum of lands: each land with the nimber now tried for it; `merged` is the nimber part
    /// with the nimbers of the lands already solved.
    Lands { merged: u8, count: usize },
}

struct Frame {
    couple: Couple,
    key: u128,
    kind: Kind,
    children: Vec<Child>,
    numbers: Numbers,
    thresholds: Thresholds,
    /// The child being searched (the frame above), if any.
    current: Option<usize>,
    /// A child the user zapped to: searched without switching until it is proved.
    forced: Option<usize>,
    /// Expansions when the frame was opened, and work the table had recorded before.
    opened_at: u64,
    earlier_work: u32,
    /// Children's numbers changed without the frame's being worked out again (zapping).
    stale: bool,
    /// Heap bytes its children's positions take, about.
    bytes: usize,
}

/// The df-pn computation of an outcome or a nimber.
pub struct Dfpn {
    root: Couple,
    goal: Goal,
    /// The nimber tried at the root (nimber goal) or the nimber part (outcome goal).
    trial: u8,
    stack: Vec<Frame>,
    finished: Option<Progress>,
    stats: Stats,
    contradictions: Vec<Contradiction>,
    table: Table,
    cache: ChildrenCache,
    /// 0, or the seed of a variant that breaks ties its own way (parallel searches).
    variant: u64,
    /// Estimated moves that count one in a new couple's disproof number (see `estimate`).
    moves_per_unit: u32,
    /// Losses stored since they were last taken (kept only when sharing with other searches).
    new_losses: Option<Vec<(Land, u8)>>,
    /// Couples other members of a team are working on: passed over while another child is
    /// nearly as promising.
    avoided: KeySet,
    /// Asked while a costly expansion lists its children: a stop leaves it undone.
    stop: Stop,
}

type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// Levels of its path a team member tells the others (deeper ones change too fast to matter).
pub const PATH_LEVELS: usize = 24;

/// The most memory the children of the open levels (the path from the root) may take: a land
/// of ten thousand spots has about 200 MB of children a level.
pub const MAX_OPEN_BYTES: usize = 1 << 30;

/// A search's failure once its open levels hold `open_bytes` of children, past `MAX_OPEN_BYTES`.
pub(crate) fn open_levels_too_large(open_bytes: usize) -> Option<Progress> {
    (open_bytes > MAX_OPEN_BYTES).then_some(Progress::Failed(SolveError::Memory {
        limit_bytes: MAX_OPEN_BYTES,
        what: "the search's open levels",
    }))
}

/// Bytes of children df-pn keeps at hand (it expands the same couples again and again; most
/// of them were expanded recently: measured on 14 spots, 2,000 lands' children (about 50 MB) save
/// 5 of every 6 regenerations that an unbounded cache saves).
pub const DFPN_CHILDREN_CACHE_BYTES: usize = 64 << 20;

/// The nimber a search first tries its root's lands against: the given part for an outcome,
/// 0 for a nimber (tried upwards until one holds).
fn first_trial(goal: Goal) -> u8 {
    match goal {
        Goal::Outcome { nimber_part } => nimber_part,
        Goal::Nimber => 0,
    }
}

impl Dfpn {
    pub fn new(position: Position, goal: Goal, table_couples: usize) -> Dfpn {
        let trial = first_trial(goal);
        Dfpn {
            root: Couple::new(position, trial),
            goal,
            trial,
            stack: Vec::new(),
            finished: None,
            stats: Stats::default(),
            contradictions: Vec::new(),
            table: Table::new(table_couples),
            cache: ChildrenCache::new(DFPN_CHILDREN_CACHE_BYTES),
            variant: 0,
            moves_per_unit: ESTIMATE_MOVES_PER_UNIT,
            new_losses: None,
            avoided: KeySet::default(),
            stop: Stop::never(),
        }
    }

    /// A search that keeps the losses it stores for `take_new_losses`: one of a team searching
    /// the same couple. With `seed` ≠ 0 (every member but the first) it breaks ties its own way
    /// and estimates new couples its own way too: counting twice as much for their moves, it
    /// goes where the first member, alone or not, goes later. On the deterministic team (two
    /// members taking turns, 12 orders of play) the busier member made 13.1 thousand expansions
    /// at 12 spots instead of 16.5 (11.9 instead of 14.2 over 12 other orders), 5.5 instead of
    /// 6.0 at 8 spots, 2.9 instead of 3.1 at 11, 23.6 instead of 24.4 at 13 and 59.0 instead of
    /// 65.0 at 14; counting 2, 3 or 16 moves as one did no better at 12 spots (13.2, 13.4, 16.1).
    pub fn team_member(mut self, seed: u64) -> Dfpn {
        self.variant = seed;
        if seed != 0 {
            self.moves_per_unit = OTHER_MEMBERS_MOVES_PER_UNIT;
        }
        self.new_losses = Some(Vec::new());
        self
    }

    /// Goes on with another position, keeping the table and the children cache: a worker
    /// given one position after another keeps what it worked out for the couples they share
    /// instead of starting cold. The open levels are closed into the table first, so coming
    /// back to an earlier position resumes it where it was left.
    pub fn restart(&mut self, position: Position) {
        if !self.stack.is_empty() {
            self.leave_above(0);
            if let Some(root) = self.stack.pop() {
                self.remember(&root, None, None);
            }
        }
        self.trial = first_trial(self.goal);
        self.root = Couple::new(position, self.trial);
        self.finished = None;
        self.avoided.clear();
    }

    /// The losing couples stored since the last call (team members only).
    pub fn take_new_losses(&mut self) -> Vec<(Land, u8)> {
        self.new_losses
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Frees the table and the children cache once the search has its answer (they serve no
    /// more: zaps are refused and the levels are kept). A large search's take a noticeable time
    /// to free (0.1 s after 12 spots in a browser), better spent before the next one is asked.
    pub fn release_when_finished(&mut self) {
        if self.finished.is_some() {
            self.table = Table::new(self.table.capacity);
            self.cache = ChildrenCache::new(DFPN_CHILDREN_CACHE_BYTES);
        }
    }

    /// The keys of the couples this search is working on, from the root down
    /// (at most `PATH_LEVELS`): what a team member tells the others.
    pub fn path(&self) -> Vec<u128> {
        self.stack.iter().take(PATH_LEVELS).map(|f| f.key).collect()
    }

    /// Couples other members are working on (their `path`s): this search prefers other
    /// children to them, as long as those are not much less promising.
    pub fn avoid(&mut self, keys: impl IntoIterator<Item = u128>) {
        self.avoided.clear();
        self.avoided.extend(keys);
    }

    /// Losses another search proved (`lands`, already added to `db`): the children listed on
    /// this search's stack that hold one of them are listed again, simplified. Where that proves
    /// a level (a move to a losing couple, or the level's own land known), the search leaves
    /// the levels above it at once instead of finishing work that no longer counts.
    pub fn notice(&mut self, lands: &[(Land, u8)], db: &Database) {
        if lands.is_empty() || self.finished.is_some() {
            return;
        }
        let learned = |land: &Land| lands.iter().any(|(l, _)| l == land);
        let holds_learned = |couple: &Couple| couple.position.lands().iter().any(learned);
        for i in 0..self.stack.len() {
            let frame = &self.stack[i];
            if !matches!(frame.kind, Kind::Moves) {
                continue; // a sum takes its lands' news as it updates
            }
            if let [land] = frame.couple.position.lands() {
                if let Some(n) = db.get(land).filter(|_| learned(land)) {
                    let numbers = if n == frame.couple.nimber {
                        Numbers::LOSS
                    } else {
                        Numbers::WIN
                    };
                    return self.settle(i, numbers);
                }
            }
            let current = frame.current;
            let relist: Vec<usize> = (0..frame.children.len())
                .filter(|&k| Some(k) != current)
                .filter(|&k| {
                    let child = &frame.children[k];
                    !child.numbers.is_proved() && holds_learned(&child.couple)
                })
                .collect();
            let mut proved = false;
            for k in relist {
                let couple = self.stack[i].children[k].couple.clone().into_simplified(db);
                let child = self.child(couple);
                proved |= child.numbers.is_loss();
                self.stack[i].children[k] = child;
            }
            if proved {
                return self.settle(i, Numbers::WIN);
            }
        }
    }

    /// Frame `i` is proved (`numbers`): the levels above it are left, and it is closed next.
    fn settle(&mut self, i: usize, numbers: Numbers) {
        self.leave_above(i);
        self.stack[i].numbers = numbers;
        self.stack[i].stale = false;
    }

    /// The root's proof and disproof numbers now (for a nimber, of the nimber being tried):
    /// what a driver handing out work reads to see how near the answer is.
    pub fn root_numbers(&self) -> Numbers {
        match (&self.finished, self.stack.first()) {
            (Some(Progress::Done(Answer::Outcome(Verdict::Win))), _) => Numbers::WIN,
            (Some(Progress::Done(Answer::Outcome(Verdict::Loss))), _) => Numbers::LOSS,
            (_, Some(frame)) => frame.numbers,
            _ => self.numbers_of(&Couple::new(self.root.position.clone(), self.trial)),
        }
    }

    /// Couples in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// What is known of a couple now: from the base, the table, or nothing.
    fn numbers_of(&self, couple: &Couple) -> Numbers {
        self.known(couple, couple_key(couple))
    }

    fn known(&self, couple: &Couple, key: u128) -> Numbers {
        if couple.position.is_empty() {
            return if couple.nimber == 0 {
                Numbers::LOSS
            } else {
                Numbers::WIN
            };
        }
        self.table
            .get(key)
            .map_or_else(|| estimate(couple, self.moves_per_unit), |e| e.numbers)
    }

    fn child(&self, couple: Couple) -> Child {
        let key = couple_key(&couple);
        let tie = if self.variant == 0 {
            0
        } else {
            let mixed = (key as u64 ^ self.variant).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (mixed >> 32) as u32
        };
        Child {
            numbers: self.known(&couple, key),
            couple,
            tie,
            key,
        }
    }

    /// Opens a frame for `couple` (simplified by the base): lists its children and works out
    /// its numbers. None when the stop was asked for while the children were being listed
    /// (nothing has changed then) or when they are too many (the search has failed then).
    fn open(&mut self, couple: Couple, thresholds: Thresholds, db: &Database) -> Option<Frame> {
        // The base may have learnt a land of it since the parent listed it.
        let couple = couple.into_simplified(db);
        let key = couple_key(&couple);
        let earlier_work = self.table.get(key).map_or(0, |e| e.work);
        let mut frame = Frame {
            couple,
            key,
            kind: Kind::Moves,
            children: Vec::new(),
            numbers: Numbers::UNKNOWN,
            thresholds,
            current: None,
            forced: None,
            opened_at: self.stats.expansions,
            earlier_work,
            stale: false,
            bytes: 0,
        };
        if frame.couple.position.is_empty() {
            frame.numbers = self.numbers_of(&frame.couple);
            return Some(frame);
        }
        if frame.couple.position.lands().len() > 1 {
            let mut lands: Vec<Couple> = frame
                .couple
                .position
                .lands()
                .iter()
                .map(|l| Couple::new(Position::from_lands(vec![l.clone()]), 0))
                .collect();
            sort_couples(&mut lands, None, false);
            frame.kind = Kind::Lands {
                merged: frame.couple.nimber,
                count: lands.len(),
            };
            frame.children = lands.into_iter().map(|c| self.child(c)).collect();
            self.update(&mut frame, db);
            return Some(frame);
        }
        let nimber = frame.couple.nimber;
        let listed = match self.cache.children(&frame.couple.position, &self.stop) {
            Ok(listed) => listed,
            Err(Cut::Stopped) => return None,
            Err(Cut::TooLarge(why)) => {
                self.finished = Some(Progress::Failed(why.into()));
                return None;
            }
        };
        self.stats.expansions += 1;
        let Some(children) = ordered_children(&frame.couple.position, nimber, &listed, db) else {
            frame.numbers = Numbers::WIN;
            return Some(frame);
        };
        frame.children = children.into_iter().map(|c| self.child(c)).collect();
        frame.bytes = frame
            .children
            .iter()
            .map(|c| position_bytes(&c.couple.position))
            .sum();
        self.update(&mut frame, db);
        Some(frame)
    }

    /// Works out a frame's numbers from its children's.
    fn update(&self, frame: &mut Frame, db: &Database) {
        match frame.kind {
            Kind::Moves => {
                let mut proof = INFINITE;
                let mut disproof = 0;
                for child in &frame.children {
                    proof = proof.min(child.numbers.disproof);
                    disproof = add(disproof, child.numbers.proof);
                }
                frame.numbers = Numbers { proof, disproof };
            }
            Kind::Lands { ref mut merged, .. } => {
                // Lands solved (by this sum or elsewhere) leave it; a land proved winning with
                // the nimber tried is tried with the next one.
                let mut k = 0;
                while k < frame.children.len() {
                    let child = &mut frame.children[k];
                    let land = &child.couple.position.lands()[0];
                    if let Some(n) = db.get(land) {
                        *merged ^= n;
                        frame.children.remove(k);
                        continue;
                    }
                    if child.numbers.is_loss() {
                        *merged ^= child.couple.nimber;
                        frame.children.remove(k);
                        continue;
                    }
                    if child.numbers.is_win() {
                        if child.couple.nimber >= MAX_NIMBER {
                            // Reported by `step` (a nimber beyond the base's format).
                            frame.numbers = Numbers::UNKNOWN;
                            return;
                        }
                        child.couple.nimber += 1;
                        child.numbers = self.numbers_of(&child.couple);
                        continue;
                    }
                    k += 1;
                }
                match frame.children.as_mut_slice() {
                    [] => {
                        frame.numbers = if *merged == 0 {
                            Numbers::LOSS
                        } else {
                            Numbers::WIN
                        }
                    }
                    [last] => {
                        // The last land decides: the sum is that land against the nimbers of
                        // the others.
                        if last.couple.nimber != *merged {
                            last.couple.nimber = *merged;
                            last.numbers = self.numbers_of(&last.couple);
                        }
                        frame.numbers = last.numbers;
                    }
                    lands => {
                        let sum = lands.iter().fold(0, |s, c| add(s, c.numbers.smaller()));
                        frame.numbers = Numbers {
                            proof: sum,
                            disproof: sum,
                        };
                    }
                }
            }
        }
    }

    /// The child a frame works on next, with its thresholds.
    fn choose(frame: &Frame, avoided: &KeySet) -> Option<(usize, Thresholds)> {
        match frame.kind {
            Kind::Lands { .. } => {
                let first = frame.children.first()?;
                let thresholds = if frame.children.len() == 1 {
                    frame.thresholds
                } else {
                    frame
                        .thresholds
                        .for_land(frame.numbers.proof, first.numbers)
                };
                Some((0, thresholds))
            }
            Kind::Moves => {
                let open = |c: &Child| !c.numbers.is_win();
                let forced = frame
                    .forced
                    .filter(|&k| frame.children.get(k).is_some_and(open));
                let (best, second) = match forced {
                    Some(k) => (k, INFINITE),
                    None => {
                        let plain = |c: &Child| c.numbers.disproof;
                        let mut pick = most_proving(&frame.children, plain)?;
                        if !avoided.is_empty() {
                            // Another member works on some of these: their numbers count as
                            // if larger, so this one goes elsewhere while it pays.
                            let virtual_number = |c: &Child| {
                                let d = c.numbers.disproof;
                                if avoided.contains(&c.key) {
                                    avoid_penalty(d)
                                } else {
                                    d
                                }
                            };
                            if let Some(other) = most_proving(&frame.children, virtual_number) {
                                if frame.children[other.0].numbers.disproof < frame.thresholds.proof
                                {
                                    pick = other;
                                }
                            }
                        }
                        pick
                    }
                };
                if forced.is_some() {
                    // Zapped: this child is worked on until it is solved, as in Glop.
                    return Some((best, Thresholds::NONE));
                }
                let child = frame.children[best].numbers;
                let others = frame.numbers.disproof.saturating_sub(child.proof);
                Some((best, frame.thresholds.for_move(child, others, second)))
            }
        }
    }

    /// Keeps a frame's result: a losing single land in the base (when there is one to fill),
    /// anything else in the table.
    fn remember(&mut self, frame: &Frame, db: Option<&mut Database>, guide: Option<&Database>) {
        if frame.couple.position.is_empty() {
            return;
        }
        let spent = self.stats.expansions - frame.opened_at;
        let work = (frame.earlier_work as u64 + spent).min(u32::MAX as u64) as u32;
        match (db, frame.couple.position.lands()) {
            (Some(db), [land]) if frame.numbers.is_loss() => {
                let stored = self.stats.stored;
                record_loss(
                    land,
                    frame.couple.nimber,
                    db,
                    guide,
                    &mut self.stats,
                    &mut self.contradictions,
                );
                if let Some(new) = self
                    .new_losses
                    .as_mut()
                    .filter(|_| self.stats.stored > stored)
                {
                    new.push((land.clone(), frame.couple.nimber));
                }
            }
            _ => self.table.insert(
                frame.key,
                Entry {
                    numbers: frame.numbers,
                    work,
                },
            ),
        }
    }

    /// Closes the top frame: its result goes to the base or the table and to its parent.
    fn close(&mut self, db: &mut Database, guide: Option<&Database>) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        self.remember(&frame, Some(db), guide);
        let Some(mut parent) = self.stack.pop() else {
            self.root_done(frame.numbers, db);
            return;
        };
        if let Some(k) = parent.current.take() {
            if let Some(child) = parent.children.get_mut(k) {
                child.numbers = frame.numbers;
            }
            if frame.numbers.is_proved() && parent.forced == Some(k) {
                parent.forced = None;
            }
        }
        if frame.numbers.is_loss() && matches!(parent.kind, Kind::Moves) {
            parent.numbers = Numbers::WIN;
        } else {
            self.update(&mut parent, db);
        }
        self.stack.push(parent);
    }

    /// The root couple is proved (or, never with no thresholds, left unfinished).
    fn root_done(&mut self, numbers: Numbers, db: &Database) {
        let Some(verdict) = numbers.verdict() else {
            self.finished = Some(Progress::Failed(SolveError::Internal(
                "the root was left unfinished",
            )));
            return;
        };
        match (self.goal, verdict) {
            (Goal::Outcome { .. }, v) => self.finished = Some(Progress::Done(Answer::Outcome(v))),
            (Goal::Nimber, Verdict::Loss) => {
                self.finished = Some(Progress::Done(Answer::Nimber(self.trial)))
            }
            (Goal::Nimber, Verdict::Win) => {
                if self.trial >= MAX_NIMBER {
                    self.finished = Some(Progress::Failed(SolveError::NimberTooLarge));
                    return;
                }
                self.trial += 1;
                // Stopped before it opened, the stack stays empty: the next step opens it.
                self.open_root(db);
            }
        }
    }

    /// Opens the root's frame; false when stopped first.
    fn open_root(&mut self, db: &Database) -> bool {
        let couple = Couple::new(self.root.position.clone(), self.trial).into_simplified(db);
        let Some(frame) = self.open(couple, Thresholds::NONE, db) else {
            return false;
        };
        self.stack.push(frame);
        true
    }

    /// The frames that are levels (the root's children are level 1).
    fn levels_frames(&self) -> impl Iterator<Item = (usize, &Frame)> {
        self.stack
            .iter()
            .enumerate()
            .filter(|(_, f)| f.current.is_some())
    }

    /// Closes every frame above frame `i` as if its thresholds had run out: the table keeps
    /// what was found, and frame `i`'s numbers are worked out again before it goes on.
    fn leave_above(&mut self, i: usize) {
        while self.stack.len() > i + 1 {
            let Some(frame) = self.stack.pop() else {
                break;
            };
            self.remember(&frame, None, None);
            if let Some(parent) = self.stack.last_mut() {
                if let Some(k) = parent.current.take() {
                    if let Some(c) = parent.children.get_mut(k) {
                        c.numbers = frame.numbers;
                    }
                }
                parent.stale = true;
            }
        }
    }

    fn level_index(&self, level: usize) -> Result<usize, String> {
        self.levels_frames()
            .nth(level)
            .map(|(i, _)| i)
            .ok_or_else(|| format!("there is no level {}", level + 1))
    }
}

impl Computation for Dfpn {
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

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    fn step(&mut self, db: &mut Database, guide: Option<&Database>, budget: u64) -> Progress {
        let limit = self.stats.expansions.saturating_add(budget);
        loop {
            if self.finished.is_none() {
                self.finished = refuted(guide, &self.contradictions);
            }
            if let Some(done) = &self.finished {
                return done.clone();
            }
            let Some(mut top) = self.stack.pop() else {
                if !self.open_root(db) && self.finished.is_none() {
                    return Progress::Running;
                }
                continue;
            };
            if top.stale {
                top.stale = false;
                self.update(&mut top, db);
            }
            let overflow = |c: &Child| c.couple.nimber >= MAX_NIMBER && c.numbers.is_win();
            if matches!(top.kind, Kind::Lands { .. }) && top.children.iter().any(overflow) {
                self.finished = Some(Progress::Failed(SolveError::NimberTooLarge));
                continue;
            }
            if !top.thresholds.hold(top.numbers) {
                self.stack.push(top);
                self.close(db, guide);
                continue;
            }
            let Some((k, thresholds)) = Dfpn::choose(&top, &self.avoided) else {
                self.finished = Some(Progress::Failed(SolveError::Internal(
                    "an open couple with no child to search",
                )));
                continue;
            };
            top.current = Some(k);
            let couple = top.children[k].couple.clone();
            self.stack.push(top);
            let Some(frame) = self.open(couple, thresholds, db) else {
                if self.finished.is_some() {
                    continue;
                }
                return Progress::Running;
            };
            self.stack.push(frame);
            let open_bytes: usize = self.stack.iter().map(|f| f.bytes).sum();
            if let Some(failed) = open_levels_too_large(open_bytes) {
                self.finished = Some(failed);
                continue;
            }
            // Stopping only on the way down keeps the levels on show (the search goes back to
            // the root often).
            if self.stats.expansions >= limit || self.stop.requested() {
                return Progress::Running;
            }
        }
    }

    fn levels(&self) -> Vec<LevelView> {
        self.levels_frames()
            .filter_map(|(_, frame)| {
                let k = frame.current?;
                let child = &frame.children[k];
                Some(match frame.kind {
                    Kind::Moves => LevelView {
                        numero: k + 1,
                        count: frame.children.len(),
                        alive: frame
                            .children
                            .iter()
                            .filter(|c| !c.numbers.is_win())
                            .count(),
                        lives: child.couple.position.lives(),
                        nimber: child.couple.nimber,
                        position: child.couple.position.clone(),
                        zappable: true,
                    },
                    Kind::Lands { count, .. } => LevelView {
                        numero: 1,
                        count,
                        alive: frame.children.len(),
                        lives: child.couple.position.lives(),
                        nimber: child.couple.nimber,
                        position: child.couple.position.clone(),
                        zappable: false,
                    },
                })
            })
            .collect()
    }

    fn level_children(&self, level: usize) -> Vec<ChildView> {
        let Some((_, frame)) = self.levels_frames().nth(level) else {
            return Vec::new();
        };
        if let Kind::Lands { .. } = frame.kind {
            return Vec::new();
        }
        frame
            .children
            .iter()
            .enumerate()
            .map(|(k, c)| ChildView {
                couple: c.couple.clone(),
                proven_win: c.numbers.is_win(),
                current: frame.current == Some(k),
            })
            .collect()
    }

    fn zap(&mut self, level: usize, child: usize) -> Result<(), String> {
        if self.finished.is_some() {
            return Err("the computation is finished".into());
        }
        let i = self.level_index(level)?;
        let frame = &self.stack[i];
        if let Kind::Lands { .. } = frame.kind {
            return Err(
                "this level lists the lands of a sum: every land's nimber is needed".into(),
            );
        }
        match frame.children.get(child) {
            None => {
                return Err(format!(
                    "level {} has {} children",
                    level + 1,
                    frame.children.len()
                ))
            }
            Some(c) if c.numbers.is_win() => {
                return Err("that child is already known to be a win".into())
            }
            Some(_) => {}
        }
        self.leave_above(i);
        self.stack[i].forced = Some(child);
        self.stack[i].current = Some(child);
        Ok(())
    }

    fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String> {
        let i = self.level_index(level)?;
        let frame = &self.stack[i];
        if let Kind::Lands { .. } = frame.kind {
            return Err(
                "this level lists the lands of a sum: every land's nimber is needed".into(),
            );
        }
        let current = frame.current.unwrap_or(0);
        let pick = next_unknown(current, frame.children.len(), forward, |k| {
            frame.children[k].numbers.is_win()
        });
        match pick {
            Some(k) => self.zap(level, k),
            None => Err("no other unknown child on this level".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_below_infinity() {
        assert_eq!(add(INFINITE - 5, 10), INFINITE - 1);
        assert_eq!(add(3, INFINITE), INFINITE);
        assert_eq!(below(INFINITE, 7), INFINITE);
        assert_eq!(below(5, 7), 0);
    }

    #[test]
    fn thresholds_hold_only_for_open_couples() {
        assert!(Thresholds::NONE.hold(Numbers::UNKNOWN));
        assert!(!Thresholds::NONE.hold(Numbers::WIN));
        assert!(!Thresholds::NONE.hold(Numbers::LOSS));
    }

    #[test]
    fn a_finished_search_frees_its_table_and_keeps_its_answer_and_levels() {
        let mut search = Dfpn::new(
            Position::spots(6),
            Goal::Outcome { nimber_part: 0 },
            1 << 12,
        );
        search.release_when_finished(); // unfinished: keeps everything
        let mut db = Database::new();
        let done = search.step(&mut db, None, 50);
        assert_eq!(done, Progress::Running);
        assert!(search.table_len() > 0);
        search.release_when_finished();
        assert!(
            search.table_len() > 0,
            "an unfinished search lost its table"
        );
        assert!(search.cache.len() > 0);
        let done = search.step(&mut db, None, u64::MAX);
        assert_eq!(done, Progress::Done(Answer::Outcome(Verdict::Loss)));
        let (levels, expansions) = (search.levels(), search.stats().expansions);
        search.release_when_finished();
        assert_eq!(search.table_len(), 0);
        assert_eq!(search.cache.len(), 0);
        assert_eq!(search.levels(), levels);
        assert_eq!(search.stats().expansions, expansions);
        assert_eq!(search.step(&mut db, None, 10), done);
        assert!(search.zap(0, 0).is_err());
    }

    /// Where `search`'s stack holds a move (below the top, not the one being searched) to a
    /// single small land, open, whose true nimber makes that move a loss: the frame, child, land
    /// and nimber.
    fn losing_move_off_the_path(search: &Dfpn) -> Option<(usize, usize, Land, u8)> {
        let below_top = search.stack.len().saturating_sub(1);
        for (i, frame) in search.stack[..below_top].iter().enumerate() {
            if !matches!(frame.kind, Kind::Moves) {
                continue;
            }
            for (k, child) in frame.children.iter().enumerate() {
                let [land] = child.couple.position.lands() else {
                    continue;
                };
                // Small lands only: their nimbers are quick to find. (A move to a smaller heap
                // keeps the land: the frame's own land would be learned too.)
                if Some(k) == frame.current
                    || child.numbers.is_proved()
                    || land.lives() > 12
                    || child.couple.position == frame.couple.position
                {
                    continue;
                }
                let position = Position::from_lands(vec![land.clone()]);
                let mut own = Database::new();
                if let Ok((Answer::Nimber(n), _)) =
                    crate::engine::sprouts::solve(&position, Goal::Nimber, &mut own)
                {
                    if n == child.couple.nimber {
                        return Some((i, k, land.clone(), n));
                    }
                }
            }
        }
        None
    }

    #[test]
    fn a_loss_another_member_proved_ends_the_levels_it_answers() {
        let goal = Goal::Outcome { nimber_part: 0 };
        let mut search = Dfpn::new(Position::spots(8), goal, 1 << 16);
        let mut db = Database::new();
        let mut found = None;
        for _ in 0..400 {
            assert_eq!(search.step(&mut db, None, 10), Progress::Running);
            found = losing_move_off_the_path(&search);
            if found.is_some() {
                break;
            }
        }
        let (i, k, land, nimber) = found.expect("a move to a losing land off the path");
        let depth = search.stack.len();
        // News of a land not in the game changes nothing.
        let other = (Position::spots(20).lands()[0].clone(), 0);
        search.notice(&[other], &db);
        assert_eq!(search.stack.len(), depth);
        // The loss proves frame i: the levels above it are left and it is closed next.
        db.insert(&land, nimber).unwrap();
        search.notice(&[(land, nimber)], &db);
        assert_eq!(search.stack.len(), i + 1);
        assert!(search.stack[i].children[k].numbers.is_loss());
        assert!(search.stack[i].numbers.is_win());
        // And the search still finds the outcome.
        let done = search.step(&mut db, None, u64::MAX);
        assert_eq!(done, Progress::Done(Answer::Outcome(Verdict::Loss)));
    }

    #[test]
    fn a_restarted_search_answers_each_position_and_keeps_its_table() {
        let goal = Goal::Outcome { nimber_part: 0 };
        let mut search = Dfpn::new(Position::spots(8), goal, 1 << 16);
        let mut db = Database::new();
        assert_eq!(search.step(&mut db, None, 300), Progress::Running);
        let eight_open = search.root_numbers();
        assert!(!eight_open.is_proved());
        // Left half done for another position: the published outcomes of 7 and 9 spots.
        search.restart(Position::spots(7));
        let table = search.table_len();
        assert!(table > 0);
        let done = search.step(&mut db, None, u64::MAX);
        assert_eq!(done, Progress::Done(Answer::Outcome(Verdict::Loss)));
        assert!(search.table_len() >= table, "the table was not kept");
        search.restart(Position::spots(9));
        assert_eq!(search.root().position, Position::spots(9));
        let done = search.step(&mut db, None, u64::MAX);
        assert_eq!(done, Progress::Done(Answer::Outcome(Verdict::Win)));
        // Back to 8 spots: its root's numbers were kept, and it still ends in a loss.
        search.restart(Position::spots(8));
        assert_eq!(search.root_numbers(), eight_open);
        let done = search.step(&mut db, None, u64::MAX);
        assert_eq!(done, Progress::Done(Answer::Outcome(Verdict::Loss)));
    }

    #[test]
    fn keys_differ_by_nimber_and_lands() {
        let a = Couple::new(Position::spots(3), 0);
        let b = Couple::new(Position::spots(3), 1);
        let c = Couple::new(Position::spots(4), 0);
        assert_ne!(couple_key(&a), couple_key(&b));
        assert_ne!(couple_key(&a), couple_key(&c));
        assert_eq!(couple_key(&a), couple_key(&a.clone()));
    }

    #[test]
    fn members_after_the_first_count_moves_more_in_new_disproof_numbers() {
        let goal = Goal::Outcome { nimber_part: 0 };
        let couple = Couple::new(Position::spots(12), 0);
        let key = couple_key(&couple);
        let alone = Dfpn::new(Position::spots(12), goal, 16).known(&couple, key);
        let first = Dfpn::new(Position::spots(12), goal, 16)
            .team_member(0)
            .known(&couple, key);
        let other = Dfpn::new(Position::spots(12), goal, 16)
            .team_member(7)
            .known(&couple, key);
        assert_eq!(first, alone);
        assert_eq!(other.proof, alone.proof);
        let depth = alone.proof;
        let moves = couple.position.estimated_children().min(1000) as u32;
        assert!(moves >= 64, "12 spots have many moves: {moves}");
        assert_eq!(alone.disproof, depth + moves / 8);
        assert_eq!(other.disproof, depth + moves / 4);
    }

    #[test]
    fn a_member_keeps_away_from_where_another_works() {
        for n in [6, 8, 11] {
            let goal = Goal::Outcome { nimber_part: 0 };
            let mut db = Database::new();
            let mut first = Dfpn::new(Position::spots(n), goal, 1 << 16);
            first.step(&mut db, None, 3);
            let path = first.path();
            assert!(path.len() >= 2, "{n} spots: a path below the root");
            let mut other = Dfpn::new(Position::spots(n), goal, 1 << 16);
            other.step(&mut Database::new(), None, 3);
            assert_eq!(
                other.path()[1],
                path[1],
                "{n} spots: alone, both go the same way"
            );
            let mut member = Dfpn::new(Position::spots(n), goal, 1 << 16).team_member(0);
            member.avoid(path.iter().copied());
            member.step(&mut Database::new(), None, 2); // the root, then its first choice
            assert_ne!(
                member.path()[1],
                path[1],
                "{n} spots: the member went elsewhere"
            );
            // It still finds the outcome.
            let mut db = Database::new();
            let answer = loop {
                match member.step(&mut db, None, 10_000) {
                    Progress::Running => continue,
                    done => break done,
                }
            };
            let mut alone = Dfpn::new(Position::spots(n), goal, 1 << 16);
            let want = loop {
                match alone.step(&mut Database::new(), None, u64::MAX) {
                    Progress::Running => continue,
                    done => break done,
                }
            };
            assert_eq!(answer, want, "{n} spots");
        }
    }

    #[test]
    fn a_full_table_forgets_the_cheapest_half() {
        let mut table = Table::new(16);
        for k in 0..16u128 {
            table.insert(
                k,
                Entry {
                    numbers: Numbers::UNKNOWN,
                    work: k as u32,
                },
            );
        }
        table.insert(
            99,
            Entry {
                numbers: Numbers::WIN,
                work: 1,
            },
        );
        assert!(table.len() <= 9, "{}", table.len());
        assert!(table.get(15).is_some());
        assert!(table.get(0).is_none());
        assert!(table.get(99).is_some());
    }
}
