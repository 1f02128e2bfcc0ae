//! Misère canonical game trees, for any impartial game (nothing here knows Sprouts).
//!
//! Two games are equal in misère play when adding either to any third game gives the same
//! outcome. Each class has one simplest tree (Conway), and a tree is brought to it by one rule,
//! proved in docs/misere.md: if a game H has options G₁ … Gₖ (k ≥ 1) besides options E, and
//! every E has an option equal to {G₁ … Gₖ}, then H = {G₁ … Gₖ}; with no G at all, H = 0 only
//! if H's mover wins (the proviso). Trees are kept once each in an arena, named by `TreeId`,
//! their options sorted, so equal games are equal ids and an option test is a binary search.

use super::solver::FxMap;
use crate::engine::stop::Stop;

/// A canonical misère tree in a `Trees` arena.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TreeId(u32);

impl TreeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The tree numbered `index` in its arena (the caller has checked the arena holds it).
    pub(crate) fn from_index(index: usize) -> TreeId {
        TreeId(u32::try_from(index).expect("fewer than 2^32 trees"))
    }
}

/// The game with no move.
pub const ZERO: TreeId = TreeId(0);
/// The game whose one move goes to `ZERO` (a nim heap of one).
pub const ONE: TreeId = TreeId(1);

struct Node {
    options: Box<[TreeId]>,
    /// Whether the player to move wins in misère play, alone.
    wins: bool,
    /// 0 for `ZERO`, else one more than its latest option's.
    birthday: u32,
}

/// Why the arena stopped before it had an answer: its step limit, or its `stop` asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfSteps;

/// The arena: every canonical tree met, the forms already simplified, and sums added.
pub struct Trees {
    nodes: Vec<Node>,
    /// Canonical trees by their options.
    canonical: FxMap<Box<[TreeId]>, TreeId>,
    /// Option sets that simplified to something else, and what they became.
    simplified: FxMap<Box<[TreeId]>, TreeId>,
    sums: FxMap<(TreeId, TreeId), TreeId>,
    /// Approximate heap bytes of the nodes (with `canonical`) and of `simplified` and `sums`.
    nodes_bytes: usize,
    remembered_bytes: usize,
    /// Simplifications and sums worked out (memory hits not counted): the work done, which
    /// callers bound with `steps_left`.
    pub steps: u64,
    /// Past this many steps a call gives up with `OutOfSteps` (what it had done is kept).
    pub step_limit: u64,
    /// Asked every `STOP_EVERY` steps: a sum of two large trees can take millions of steps
    /// with no expansion between them, so the caller's clock is heard here too.
    pub stop: Stop,
}

/// Steps between looks at `Trees::stop`.
const STOP_EVERY: u64 = 1024;

impl Default for Trees {
    fn default() -> Trees {
        Trees::new()
    }
}

impl Trees {
    pub fn new() -> Trees {
        let mut trees = Trees {
            nodes: Vec::new(),
            canonical: FxMap::default(),
            simplified: FxMap::default(),
            sums: FxMap::default(),
            nodes_bytes: 0,
            remembered_bytes: 0,
            steps: 0,
            step_limit: u64::MAX,
            stop: Stop::never(),
        };
        let zero = trees.intern(Vec::new());
        let one = trees.intern(vec![zero]);
        debug_assert_eq!((zero, one), (ZERO, ONE));
        trees
    }

    /// Trees in the arena.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn options(&self, tree: TreeId) -> &[TreeId] {
        &self.nodes[tree.index()].options
    }

    /// Whether the player to move in `tree` alone wins in misère play.
    pub fn wins(&self, tree: TreeId) -> bool {
        self.nodes[tree.index()].wins
    }

    pub fn birthday(&self, tree: TreeId) -> u32 {
        self.nodes[tree.index()].birthday
    }

    /// Empties the remembered simplifications and sums (only work saved).
    pub fn forget_sums(&mut self) {
        self.simplified = FxMap::default();
        self.sums = FxMap::default();
        self.remembered_bytes = 0;
    }

    /// Approximate heap bytes held.
    pub fn bytes(&self) -> usize {
        self.nodes_bytes + self.remembered_bytes
    }

    /// The same, counted afresh (for tests of the running count).
    pub fn bytes_counted(&self) -> usize {
        let id = std::mem::size_of::<TreeId>();
        let options: usize = self.nodes.iter().map(|n| n.options.len() * id).sum();
        let forms: usize = self.simplified.keys().map(|k| k.len() * id + 48).sum();
        self.nodes.len() * (std::mem::size_of::<Node>() + 48)
            + options * 2
            + forms
            + self.sums.len() * 32
    }

    /// The nim heap of `n`: options are the heaps below it.
    pub fn nim(&mut self, n: u32) -> TreeId {
        let mut heaps = Vec::new();
        for _ in 0..n {
            let next = self.intern(heaps.clone());
            heaps.push(next);
        }
        self.intern(heaps)
    }

    /// The canonical tree of the game whose options are `options` (canonical trees, in any
    /// order, repeats allowed).
    pub fn game(&mut self, mut options: Vec<TreeId>) -> Result<TreeId, OutOfSteps> {
        options.sort_unstable();
        options.dedup();
        Ok(match self.simplest(&options)? {
            Some(tree) => tree,
            None => self.intern(options),
        })
    }

    /// The simplest form of the game with these options (sorted, distinct), or `None` when
    /// the options are their own simplest form.
    ///
    /// When a game H simplifies, its simplest form is a tree G already in the arena: every
    /// option H drops has an option equal to G, and options are arena trees. So the candidates
    /// are the options' options, and each is tested by the rule at once (docs/misere.md): G's
    /// options are among H's, each other option of H has G among its options, and if G is
    /// empty, H's mover wins. (Simplifying H less one option at a time instead, recursively,
    /// made 6 million trees at 14 spots.)
    fn simplest(&mut self, options: &[TreeId]) -> Result<Option<TreeId>, OutOfSteps> {
        if self.canonical.contains_key(options) {
            return Ok(None);
        }
        if let Some(&tree) = self.simplified.get(options) {
            return Ok(Some(tree));
        }
        self.step()?;
        let wins = self.mover_wins(options);
        for &extra in options {
            for &target in self.options(extra) {
                let kept = self.options(target);
                if kept.len() >= options.len() || (kept.is_empty() && !wins) {
                    continue;
                }
                if !is_subset(kept, options) {
                    continue;
                }
                let drops = options
                    .iter()
                    .filter(|t| kept.binary_search(t).is_err())
                    .all(|&dropped| self.has_option(dropped, target));
                if drops {
                    self.simplified.insert(options.into(), target);
                    self.remembered_bytes += options.len() * 4 + 48;
                    return Ok(Some(target));
                }
            }
        }
        Ok(None)
    }

    fn mover_wins(&self, options: &[TreeId]) -> bool {
        options.is_empty() || options.iter().any(|&o| !self.wins(o))
    }

    fn has_option(&self, tree: TreeId, option: TreeId) -> bool {
        self.options(tree).binary_search(&option).is_ok()
    }

    /// The tree with exactly these options, taken as simplest without trying to simplify it
    /// (a base this program wrote and sealed itself).
    pub(crate) fn adopt(&mut self, mut options: Vec<TreeId>) -> TreeId {
        options.sort_unstable();
        options.dedup();
        self.intern(options)
    }

    fn intern(&mut self, options: Vec<TreeId>) -> TreeId {
        if let Some(&tree) = self.canonical.get(options.as_slice()) {
            return tree;
        }
        let wins = self.mover_wins(&options);
        let birthday = options
            .iter()
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        // Memory runs out long before 2^32 trees (each takes over 40 bytes), and work budgets
        // stop a search well before either.
        let tree = TreeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 trees"));
        let options = options.into_boxed_slice();
        self.nodes_bytes += std::mem::size_of::<Node>() + 48 + options.len() * 8;
        self.canonical.insert(options.clone(), tree);
        self.nodes.push(Node {
            options,
            wins,
            birthday,
        });
        tree
    }

    /// The canonical tree of the sum `a + b` (a move is a move in either).
    pub fn add(&mut self, a: TreeId, b: TreeId) -> Result<TreeId, OutOfSteps> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == ZERO {
            return Ok(b);
        }
        if let Some(&sum) = self.sums.get(&(a, b)) {
            return Ok(sum);
        }
        self.step()?;
        let mut options = Vec::with_capacity(self.options(a).len() + self.options(b).len());
        for i in 0..self.options(a).len() {
            let a2 = self.options(a)[i];
            options.push(self.add(a2, b)?);
        }
        for i in 0..self.options(b).len() {
            let b2 = self.options(b)[i];
            options.push(self.add(a, b2)?);
        }
        let sum = self.game(options)?;
        self.sums.insert((a, b), sum);
        self.remembered_bytes += 32;
        Ok(sum)
    }

    fn step(&mut self) -> Result<(), OutOfSteps> {
        if self.steps >= self.step_limit
            || (self.steps % STOP_EVERY == STOP_EVERY - 1 && self.stop.requested())
        {
            return Err(OutOfSteps);
        }
        self.steps += 1;
        Ok(())
    }

    /// The tree written out, `0` for no move, options in braces (`{0,{0}}`), cut with `…`
    /// past `most` characters (a tree's text can grow exponentially with its birthday).
    pub fn write(&self, tree: TreeId, most: usize) -> String {
        let mut out = String::new();
        self.write_into(tree, &mut out, most);
        out
    }

    fn write_into(&self, tree: TreeId, out: &mut String, most: usize) {
        if out.len() >= most {
            if !out.ends_with('…') {
                out.push('…');
            }
            return;
        }
        let options = self.options(tree);
        if options.is_empty() {
            out.push('0');
            return;
        }
        out.push('{');
        for (i, &o) in options.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write_into(o, out, most);
        }
        out.push('}');
    }
}

/// Whether every element of `small` is in `large` (both sorted).
fn is_subset(small: &[TreeId], large: &[TreeId]) -> bool {
    let mut large = large.iter();
    small.iter().all(|x| large.any(|y| y == x))
}
