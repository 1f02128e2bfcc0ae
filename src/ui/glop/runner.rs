//! Where the Computation tab's search runs: in Web Workers (`team`, the usual way), or in the
//! page's own slices through the engine's front (`engine::sprouts::solving`) when workers are
//! not to be had (a page's policy forbids them, or `data-workers="0"`), its misère solver being
//! the page's misère base. The view and the zap buttons ask them both the same things.

use super::team::Team;
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::{SolveError, Solving};

pub enum Runner {
    InPage(Solving),
    Team(Team),
}

impl Runner {
    pub fn expansions(&self) -> u64 {
        match self {
            Runner::InPage(solving) => solving.work(),
            Runner::Team(team) => team.expansions(),
        }
    }

    /// Couples this computation added to the main base.
    pub fn stored(&self) -> u64 {
        match self {
            Runner::InPage(solving) => solving.stored(),
            Runner::Team(team) => team.stored,
        }
    }

    /// The levels; a misère level's position is its large lands (`misere_trees` says how
    /// many small lands' trees stand beside them), and its nimber part 0.
    pub fn levels(&self) -> Vec<LevelView> {
        match self {
            Runner::InPage(solving) => solving.levels(),
            Runner::Team(team) => team.levels(),
        }
    }

    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match self {
            Runner::InPage(solving) => solving.level_children(level),
            Runner::Team(team) => team.level_children(level),
        }
    }

    /// A misère computation's small lands' trees beside each level (None for normal play).
    pub fn misere_trees(&self) -> Option<Vec<usize>> {
        match self {
            Runner::InPage(solving) => solving.misere_trees(),
            Runner::Team(team) => team.misere_trees(),
        }
    }

    /// The same, for each child of a misère level.
    pub fn misere_child_trees(&self, level: usize) -> Option<Vec<usize>> {
        match self {
            Runner::InPage(solving) => solving.misere_child_trees(level),
            Runner::Team(team) => team.misere_child_trees(),
        }
    }

    /// A zap; a team's is done by member 0, which answers with its new levels (or a refusal).
    pub fn zap(&mut self, level: usize, child: usize) -> Result<(), SolveError> {
        match self {
            Runner::InPage(solving) => solving.zap(level, child),
            Runner::Team(team) => {
                team.zap(level, child);
                Ok(())
            }
        }
    }

    pub fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), SolveError> {
        match self {
            Runner::InPage(solving) => solving.zap_step(level, forward),
            Runner::Team(team) => {
                team.zap_step(level, forward);
                Ok(())
            }
        }
    }

    /// The children list of `level` is open (None: closed); a team sends it along.
    pub fn watch(&mut self, level: Option<usize>) {
        if let Runner::Team(team) = self {
            team.watch(level);
        }
    }

    /// How many workers compute (0: the page itself).
    pub fn workers(&self) -> usize {
        match self {
            Runner::InPage(_) => 0,
            Runner::Team(team) => team.size(),
        }
    }
}
