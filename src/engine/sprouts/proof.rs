//! Check computations: re-proving a result from the main base while storing only the
//! couples the proof uses (the certificate), the complete check of a base, and the proof graph
//! written as Graphviz `.dot`.

use std::collections::HashMap;
use std::fmt::Write;

use super::children::children_unchecked;
use super::database::Database;
use super::notation::Notation;
use super::position::{Land, Position};
use super::search::{
    Answer, Contradiction, Couple, Goal, Progress, Search, Stats, Strategy, Verdict,
};
use super::solving::SolveError;
use crate::engine::stop::Stop;

/// A check computation: the search of `goal` on `position`, reading and filling its own check
/// base, with children ordered by what the main base knows.
pub struct Check {
    pub search: Search,
    pub check_db: Database,
}

impl Check {
    /// Checks are depth-first, as in Glop: guided by the main base (known losses first), a
    /// plain search re-proves with what is known and stores only what the proof uses.
    pub fn new(position: Position, goal: Goal) -> Result<Check, SolveError> {
        Ok(Check {
            search: Search::with_strategy(position, goal, Strategy::DepthFirst)?,
            check_db: Database::new(),
        })
    }

    pub fn step(&mut self, main: &Database, budget: u64) -> Progress {
        self.search.step(&mut self.check_db, Some(main), budget)
    }
}

/// What a finished check found.
#[derive(Debug)]
pub struct CheckReport {
    pub answer: Answer,
    pub stats: Stats,
    pub check_db: Database,
    /// Couples on which the check and the main base disagree.
    pub contradictions: Vec<Contradiction>,
}

impl CheckReport {
    /// Glop marks a check database "N" when it holds results the main base did not have.
    pub fn has_new_results(&self) -> bool {
        self.stats.new_results > 0
    }
}

/// Runs a check to its end (native use).
pub fn check(position: &Position, goal: Goal, main: &Database) -> Result<CheckReport, SolveError> {
    let mut check = Check::new(position.clone(), goal)?;
    match check.step(main, u64::MAX) {
        Progress::Done(answer) => Ok(CheckReport {
            answer,
            stats: check.search.stats(),
            contradictions: check.search.contradictions().to_vec(),
            check_db: check.check_db,
        }),
        Progress::Failed(e) => Err(e),
        Progress::Running => Err(SolveError::Internal("a check with no limit stopped early")),
    }
}

/// Work a check of an answer found with a base may take beyond the search's own (callers add
/// the search's expansions): a check from scratch often costs little next to the search, and
/// then nothing rests on trust.
pub const VERIFY_EXPANSIONS: u64 = 20_000;

/// What a bounded check of an answer found with a base nobody checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Re-proved without trusting the base: the same answer.
    Confirmed,
    /// Not done within its allowance (or stopped): the answer rests on the base.
    Unfinished,
    /// The base is wrong where the check went.
    Refuted(Vec<Contradiction>),
}

/// Re-proves `answer` without trusting `db` (as a check does: `db` only guides), within
/// `allowance` expansions, unless `stop` asks first.
pub fn verify(
    position: &Position,
    goal: Goal,
    answer: Answer,
    db: &Database,
    allowance: u64,
    stop: &Stop,
) -> Verified {
    /// Expansions between looks at the stop and the allowance.
    const SLICE: u64 = 256;
    let mut run = Verifying::new(position, goal, answer, allowance);
    run.set_stop(stop.clone());
    loop {
        if stop.requested() {
            return Verified::Unfinished;
        }
        if let Some(verdict) = run.step(db, SLICE) {
            return verdict;
        }
    }
}

/// A check of an answer under way, a step at a time (a page runs it in its slices): what
/// `verify` does at once.
pub struct Verifying {
    run: Option<Check>,
    answer: Answer,
    allowance: u64,
}

impl Verifying {
    /// Starts re-proving `answer` for `position` within `allowance` expansions.
    pub fn new(position: &Position, goal: Goal, answer: Answer, allowance: u64) -> Verifying {
        Verifying {
            run: Check::new(position.clone(), goal).ok(),
            answer,
            allowance,
        }
    }

    /// What a costly expansion asks while it lists its children.
    pub fn set_stop(&mut self, stop: Stop) {
        if let Some(run) = self.run.as_mut() {
            run.search.set_stop(stop);
        }
    }

    /// Expansions spent so far.
    pub fn expansions(&self) -> u64 {
        self.run
            .as_ref()
            .map_or(0, |run| run.search.stats().expansions)
    }

    /// Goes on for up to `work` expansions (guided by `db`, never trusting it); the verdict once
    /// there is one.
    pub fn step(&mut self, db: &Database, work: u64) -> Option<Verified> {
        let Some(run) = self.run.as_mut() else {
            return Some(Verified::Unfinished);
        };
        let used = run.search.stats().expansions;
        if used >= self.allowance {
            return Some(Verified::Unfinished);
        }
        match run.step(db, work.clamp(1, self.allowance - used)) {
            Progress::Done(found) => {
                let contradictions = run.search.contradictions().to_vec();
                Some(if !contradictions.is_empty() {
                    Verified::Refuted(contradictions)
                } else if found == self.answer {
                    Verified::Confirmed
                } else {
                    Verified::Unfinished
                })
            }
            Progress::Failed(_) => Some(Verified::Unfinished),
            Progress::Running => None,
        }
    }
}

/// An entry of the main base the complete check could not confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    pub position: Land,
    pub stored: u8,
    pub problem: String,
}

/// The complete check: every couple of the main base is checked in turn, the
/// verified couples shared in one check base. The main base is not changed.
pub struct CompleteCheck {
    entries: Vec<(Land, u8)>,
    next: usize,
    current: Option<Search>,
    check_db: Database,
    pub failures: Vec<CheckFailure>,
    pub stats: Stats,
    stop: Stop,
}

impl CompleteCheck {
    pub fn new(main: &Database) -> CompleteCheck {
        CompleteCheck {
            entries: main.iter().collect(),
            next: 0,
            current: None,
            check_db: Database::new(),
            failures: Vec::new(),
            stats: Stats::default(),
            stop: Stop::never(),
        }
    }

    /// What the entries' searches ask while a costly expansion lists its children.
    pub fn set_stop(&mut self, stop: Stop) {
        if let Some(search) = &mut self.current {
            search.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// Expansions so far, the entry being checked included.
    pub fn expansions(&self) -> u64 {
        self.stats.expansions + self.current.as_ref().map_or(0, |s| s.stats().expansions)
    }

    /// Entries checked so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.entries.len())
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.entries.len() && self.current.is_none()
    }

    /// Works for about `budget` expansions; true when every entry has been checked.
    pub fn step(&mut self, main: &Database, budget: u64) -> bool {
        let mut left = budget;
        while !self.is_done() && left > 0 {
            let (land, stored) = self.entries[self.next].clone();
            let search = match self.current.take() {
                Some(s) => Ok(s),
                None => Search::with_strategy(
                    Position::from_lands(vec![land.clone()]),
                    Goal::Outcome {
                        nimber_part: stored,
                    },
                    Strategy::DepthFirst,
                ),
            };
            let mut search = match search {
                Ok(s) => s,
                Err(e) => {
                    self.failures.push(CheckFailure {
                        position: land,
                        stored,
                        problem: e.to_string(),
                    });
                    self.next += 1;
                    continue;
                }
            };
            search.set_stop(self.stop.clone());
            let before = search.stats().expansions;
            let progress = search.step(&mut self.check_db, Some(main), left);
            let used = search.stats().expansions - before;
            left = left.saturating_sub(used.max(1));
            let failure = |problem: String| CheckFailure {
                position: land.clone(),
                stored,
                problem,
            };
            match progress {
                Progress::Running => {
                    self.current = Some(search);
                    return false;
                }
                Progress::Done(Answer::Outcome(Verdict::Loss)) => {}
                Progress::Done(_) => self
                    .failures
                    .push(failure(format!("its nimber is not {stored}"))),
                Progress::Failed(e) => self.failures.push(failure(e.to_string())),
            }
            // The entry itself proved winning is the failure above already.
            for c in search
                .contradictions()
                .iter()
                .filter(|c| c.found.is_some() || c.land != land)
            {
                let problem = match c.found {
                    Some(found) => format!("computed nimber {found}"),
                    None => format!("proved not to be {}", c.stored),
                };
                self.failures.push(CheckFailure {
                    position: c.land.clone(),
                    stored: c.stored,
                    problem,
                });
            }
            let s = search.stats();
            self.stats.expansions += s.expansions;
            self.stats.stored += s.stored;
            self.next += 1;
        }
        self.is_done()
    }
}

// ---------------------------------------------------------------------------------------------
// The proof graph

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A losing couple: every child is shown winning (red).
    Loss,
    /// A position shown not to have some nimbers, each by one losing child (blue).
    Win,
    /// A sum of several lands (yellow).
    Lands,
}

#[derive(Clone, Debug)]
pub struct ProofNode {
    pub kind: NodeKind,
    pub position: Position,
    /// The nimber part (losing couples and sums) or the excluded nimbers (winning positions).
    pub nimbers: Vec<u8>,
    /// For a sum: whether it is a loss.
    pub losing: bool,
    pub edges: Vec<usize>,
}

impl ProofNode {
    pub fn lives(&self) -> u32 {
        self.position.lives()
    }

    /// The couple as text: `position n`, `position not a b`, as in the manual.
    pub fn text(&self, notation: Notation) -> String {
        let position = self.position.write(notation);
        let numbers = self
            .nimbers
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        match self.kind {
            NodeKind::Loss => format!("{position} {numbers}"),
            NodeKind::Win => format!("{position} not {numbers}"),
            NodeKind::Lands if self.losing => format!("{position} {numbers}"),
            NodeKind::Lands => format!("{position} not {numbers}"),
        }
    }
}

/// A hand-checkable proof built from a check base: nodes in the order they are first met.
#[derive(Clone, Debug, Default)]
pub struct ProofGraph {
    pub nodes: Vec<ProofNode>,
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Loss(Position, u8),
    Win(Position),
    Lands(Position, u8),
}

struct Builder<'a> {
    db: &'a Database,
    graph: ProofGraph,
    index: HashMap<Key, usize>,
    to_expand: Vec<usize>,
}

/// Most nodes a proof graph may have (Graphviz cannot draw more anyway).
pub const MAX_PROOF_NODES: usize = 200_000;

impl ProofGraph {
    /// The proof that `root` has its value, read from `db` (a check base or any base that
    /// proves it). The root is a losing or winning couple as the base says.
    pub fn build(root: &Couple, db: &Database) -> Result<ProofGraph, String> {
        let mut b = Builder {
            db,
            graph: ProofGraph::default(),
            index: HashMap::new(),
            to_expand: Vec::new(),
        };
        b.couple(root)?;
        let mut next = 0;
        while next < b.to_expand.len() {
            let id = b.to_expand[next];
            next += 1;
            b.expand_loss(id)?;
            if b.graph.nodes.len() > MAX_PROOF_NODES {
                return Err(format!("the proof has more than {MAX_PROOF_NODES} couples"));
            }
        }
        Ok(b.graph)
    }

    /// The proof for the answer of a search on `position`.
    pub fn for_answer(
        position: &Position,
        answer: Answer,
        db: &Database,
    ) -> Result<ProofGraph, String> {
        let root = match answer {
            Answer::Outcome(_) => Couple::new(position.clone(), 0),
            Answer::Nimber(n) => Couple::new(position.clone(), n),
        };
        ProofGraph::build(&root, db)
    }

    /// Graphviz text: comments listing every couple, then nodes ranked by lives.
    pub fn to_dot(&self, options: &DotOptions) -> String {
        let shown: Vec<bool> = self
            .nodes
            .iter()
            .map(|n| n.lives() >= options.min_lives)
            .collect();
        let mut out = String::from("digraph check {\n");
        for (i, node) in self.nodes.iter().enumerate() {
            if shown[i] {
                let _ = writeln!(out, "  // {}: {}", i + 1, node.text(options.notation));
            }
        }
        let _ = writeln!(out, "  node [style=filled, fillcolor=white];");
        let mut ranks: Vec<u32> = self
            .nodes
            .iter()
            .zip(&shown)
            .filter(|(_, s)| **s)
            .map(|(n, _)| n.lives())
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks.dedup();
        for &lives in &ranks {
            let members: Vec<String> = self
                .nodes
                .iter()
                .enumerate()
                .filter(|(i, n)| shown[*i] && n.lives() == lives)
                .map(|(i, _)| format!("c{}", i + 1))
                .collect();
            let label = if lives == 1 {
                "1 life".to_string()
            } else {
                format!("{lives} lives")
            };
            let _ = writeln!(out, "  {{ rank=same; lives_{lives} [shape=plaintext, style=\"\", label=\"{label}\"]; {}; }}", members.join("; "));
        }
        for (i, node) in self.nodes.iter().enumerate() {
            if !shown[i] {
                continue;
            }
            let colour = match node.kind {
                NodeKind::Loss => "red",
                NodeKind::Win => "blue",
                NodeKind::Lands => "yellow",
            };
            let fill = if options.colours {
                format!(", fillcolor={colour}")
            } else {
                String::new()
            };
            let shape = match options.detail {
                1 => format!(
                    "shape=point, label=\"\", width=0.15{}",
                    if options.colours {
                        format!(", color={colour}")
                    } else {
                        String::new()
                    }
                ),
                2 => format!("label=\"{}\"{fill}", i + 1),
                _ => format!(
                    "shape=box, label=\"{}\"{fill}",
                    escape(&node.text(options.notation))
                ),
            };
            let _ = writeln!(out, "  c{} [{shape}];", i + 1);
        }
        for (i, node) in self.nodes.iter().enumerate() {
            for &j in &node.edges {
                if shown[i] && shown[j] {
                    let _ = writeln!(out, "  c{} -> c{};", i + 1, j + 1);
                }
            }
        }
        if ranks.len() > 1 {
            let chain: Vec<String> = ranks.iter().map(|l| format!("lives_{l}")).collect();
            let _ = writeln!(out, "  {} [style=invis];", chain.join(" -> "));
        }
        out.push_str("}\n");
        out
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The manual's options for the check graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DotOptions {
    /// 1: each couple a dot; 2: a number; 3: the full text.
    pub detail: u8,
    pub colours: bool,
    /// Only couples whose position has at least this many lives are written.
    pub min_lives: u32,
    pub notation: Notation,
}

impl Default for DotOptions {
    fn default() -> Self {
        DotOptions {
            detail: 3,
            colours: true,
            min_lives: 0,
            notation: Notation::Glop10,
        }
    }
}

impl Builder<'_> {
    fn add(&mut self, key: Key, node: ProofNode) -> (usize, bool) {
        if let Some(&id) = self.index.get(&key) {
            return (id, false);
        }
        let id = self.graph.nodes.len();
        self.graph.nodes.push(node);
        self.index.insert(key, id);
        (id, true)
    }

    fn loss_node(&mut self, position: Position, n: u8) -> usize {
        let node = ProofNode {
            kind: NodeKind::Loss,
            position: position.clone(),
            nimbers: vec![n],
            losing: true,
            edges: Vec::new(),
        };
        let (id, new) = self.add(Key::Loss(position.clone(), n), node);
        if new && !position.is_empty() {
            self.to_expand.push(id);
        }
        id
    }

    /// The node that shows a couple's value, created if needed.
    fn couple(&mut self, couple: &Couple) -> Result<usize, String> {
        let (position, n) = (&couple.position, couple.nimber);
        match position.lands() {
            [] if n == 0 => Ok(self.loss_node(Position::empty(), 0)),
            [] => {
                let id = self.win_node(position);
                let zero = self.loss_node(Position::empty(), 0);
                Ok(self.exclude(id, n, zero))
            }
            [land] => match self.db.get(land) {
                Some(k) if k == n => Ok(self.loss_node(position.clone(), n)),
                Some(k) if k < n => {
                    let id = self.win_node(position);
                    let witness = self.loss_node(position.clone(), k);
                    Ok(self.exclude(id, n, witness))
                }
                _ => {
                    let id = self.win_node(position);
                    if self.graph.nodes[id].nimbers.contains(&n) {
                        return Ok(id);
                    }
                    let witness = children_unchecked(position, &Stop::never())
                        .map_err(|cut| cut.to_string())?
                        .into_iter()
                        .map(|child| Couple::new(child, n))
                        .find(|c| c.known(self.db) == Some(Verdict::Loss))
                        .ok_or_else(|| {
                            format!(
                                "the base does not show that {} is not {n}",
                                position.write(Notation::Glop2)
                            )
                        })?;
                    let witness = self.couple(&witness)?;
                    Ok(self.exclude(id, n, witness))
                }
            },
            lands => {
                let mut heap = n;
                let mut unknown = Vec::new();
                let mut edges = Vec::new();
                for land in lands {
                    let single = Position::from_lands(vec![land.clone()]);
                    match self.db.get(land) {
                        Some(k) => {
                            heap ^= k;
                            edges.push(self.loss_node(single, k));
                        }
                        None => unknown.push(single),
                    }
                }
                let losing = match unknown.as_slice() {
                    [] => heap == 0,
                    [last] => {
                        let value = Couple::new(last.clone(), heap);
                        let losing = value.known(self.db) == Some(Verdict::Loss);
                        edges.push(self.couple(&value)?);
                        losing
                    }
                    _ => {
                        return Err(format!(
                            "the base does not know enough lands of {}",
                            position.write(Notation::Glop2)
                        ))
                    }
                };
                let node = ProofNode {
                    kind: NodeKind::Lands,
                    position: position.clone(),
                    nimbers: vec![n],
                    losing,
                    edges: Vec::new(),
                };
                let (id, new) = self.add(Key::Lands(position.clone(), n), node);
                if new {
                    self.graph.nodes[id].edges = edges;
                }
                Ok(id)
            }
        }
    }

    /// A position's winning node ("position not a b ...").
    fn win_node(&mut self, position: &Position) -> usize {
        let node = ProofNode {
            kind: NodeKind::Win,
            position: position.clone(),
            nimbers: Vec::new(),
            losing: false,
            edges: Vec::new(),
        };
        self.add(Key::Win(position.clone()), node).0
    }

    /// Adds "not n" (shown by `witness`) to a winning node.
    fn exclude(&mut self, id: usize, n: u8, witness: usize) -> usize {
        let node = &mut self.graph.nodes[id];
        if !node.nimbers.contains(&n) {
            let at = node.nimbers.partition_point(|&m| m < n);
            node.nimbers.insert(at, n);
            node.edges.insert(at, witness);
        }
        id
    }

    /// A losing couple is linked to every child couple.
    fn expand_loss(&mut self, id: usize) -> Result<(), String> {
        let position = self.graph.nodes[id].position.clone();
        let n = self.graph.nodes[id].nimbers[0];
        let mut edges = Vec::new();
        for m in 0..n {
            edges.push(self.couple(&Couple::new(position.clone(), m))?);
        }
        for child in children_unchecked(&position, &Stop::never()).map_err(|cut| cut.to_string())? {
            let child = Couple::new(child, n);
            if child.known(self.db) == Some(Verdict::Loss) {
                return Err(format!(
                    "{} has a losing child {}: the base is inconsistent",
                    position.write(Notation::Glop2),
                    child.write(Notation::Glop2)
                ));
            }
            edges.push(self.couple(&child)?);
        }
        edges.dedup();
        self.graph.nodes[id].edges = edges;
        Ok(())
    }
}
