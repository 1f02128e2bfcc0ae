//! Where the Computation tab's search runs: in Web Workers (`team`, the usual way), or in the
//! page's own slices when workers are not to be had (a page's policy forbids them, or
//! `data-workers="0"`); a misère computation runs in the page's slices, its solver being the
//! page's misère base. The view and the zap buttons ask them all the same things.

use super::team::Team;
use crate::engine::sprouts::misere;
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::{Couple, Search};

pub enum Runner {
    InPage(Search),
    Team(Team),
    Misere(misere::Search),
}

impl Runner {
    pub fn expansions(&self) -> u64 {
        match self {
            Runner::InPage(search) => search.stats().expansions,
            Runner::Team(team) => team.expansions(),
            Runner::Misere(search) => search.work(),
        }
    }

    /// Couples this computation added to the main base.
    pub fn stored(&self) -> u64 {
        match self {
            Runner::InPage(search) => search.stats().stored,
            Runner::Team(team) => team.stored,
            Runner::Misere(_) => 0,
        }
    }

    /// The levels; a misère level's position is its large lands (`misere_trees` says how
    /// many small lands' trees stand beside them), and its nimber part 0.
    pub fn levels(&self) -> Vec<LevelView> {
        match self {
            Runner::InPage(search) => search.levels(),
            Runner::Team(team) => team.levels(),
            Runner::Misere(search) => search
                .levels()
                .into_iter()
                .map(|l| LevelView {
                    numero: l.numero,
                    count: l.count,
                    alive: l.alive,
                    lives: l.lands.lives(),
                    nimber: 0,
                    position: l.lands,
                    zappable: true,
                })
                .collect(),
        }
    }

    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match self {
            Runner::InPage(search) => search.level_children(level),
            Runner::Team(team) => team.level_children(level),
            Runner::Misere(search) => search
                .level_children(level)
                .into_iter()
                .map(|c| ChildView {
                    couple: Couple::new(c.lands, 0),
                    proven_win: c.won,
                    current: c.current,
                })
                .collect(),
        }
    }

    /// A misère computation's small lands' trees beside each level (None for normal play).
    pub fn misere_trees(&self) -> Option<Vec<usize>> {
        match self {
            Runner::Misere(search) => Some(search.levels().iter().map(|l| l.trees).collect()),
            Runner::Team(team) => team.misere_trees(),
            Runner::InPage(_) => None,
        }
    }

    /// The same, for each child of a misère level.
    pub fn misere_child_trees(&self, level: usize) -> Option<Vec<usize>> {
        match self {
            Runner::Misere(search) => Some(
                search
                    .level_children(level)
                    .iter()
                    .map(|c| c.trees)
                    .collect(),
            ),
            Runner::Team(team) => team.misere_child_trees(),
            Runner::InPage(_) => None,
        }
    }

    /// A zap; a team's is done by member 0, which answers with its new levels (or a refusal).
    pub fn zap(&mut self, level: usize, child: usize) -> Result<(), String> {
        match self {
            Runner::InPage(search) => search.zap(level, child),
            Runner::Misere(search) => search.zap(level, child),
            Runner::Team(team) => {
                team.zap(level, child);
                Ok(())
            }
        }
    }

    pub fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), String> {
        match self {
            Runner::InPage(search) => search.zap_step(level, forward),
            Runner::Misere(search) => search.zap_step(level, forward),
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
            Runner::InPage(_) | Runner::Misere(_) => 0,
            Runner::Team(team) => team.size(),
        }
    }
}
