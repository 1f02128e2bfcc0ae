//! Where the Computation tab's search runs: in Web Workers (`team`, the usual way), or in the
//! page's own slices when workers are not to be had (a page's policy forbids them, or
//! `data-workers="0"`). The view and the zap buttons ask both the same things.

use super::team::Team;
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::Search;

pub enum Runner {
    InPage(Search),
    Team(Team),
}

impl Runner {
    pub fn expansions(&self) -> u64 {
        match self {
            Runner::InPage(search) => search.stats().expansions,
            Runner::Team(team) => team.expansions(),
        }
    }

    /// Couples this computation added to the main base.
    pub fn stored(&self) -> u64 {
        match self {
            Runner::InPage(search) => search.stats().stored,
            Runner::Team(team) => team.stored,
        }
    }

    pub fn levels(&self) -> Vec<LevelView> {
        match self {
            Runner::InPage(search) => search.levels(),
            Runner::Team(team) => team.levels(),
        }
    }

    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match self {
            Runner::InPage(search) => search.level_children(level),
            Runner::Team(team) => team.level_children(level),
        }
    }

    /// A zap; a team's is done by member 0, which answers with its new levels (or a refusal).
    pub fn zap(&mut self, level: usize, child: usize) -> Result<(), String> {
        match self {
            Runner::InPage(search) => search.zap(level, child),
            Runner::Team(team) => {
                team.zap(level, child);
                Ok(())
            }
        }
    }

    pub fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String> {
        match self {
            Runner::InPage(search) => search.zap_step(level, forward),
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
