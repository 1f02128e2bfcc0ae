//! The whole game as a share link and the browser keep it: the table's setup (as Embed this
//! writes it) and every answer the referee took, `seats=human,purchase-points;seed=4|[…]`. The
//! game is made again from its setup and its answers are given again (`Referee::replay`), the
//! built-in players told each call on the way so they keep in step.

use super::*;
use crate::engine::bazaar::referee::ANSWER_LIMIT;
use crate::engine::turn::Saved;

/// What a link or the browser holds of a game: its setup and the answers so far.
pub(super) struct WholeTable<'a> {
    setup: String,
    answers: &'a [serde_json::Value],
    generation: u64,
}

impl Saved for WholeTable<'_> {
    fn text(&self) -> String {
        let answers = serde_json::to_string(self.answers).unwrap_or_else(|_| "[]".into());
        format!("{}|{answers}", self.setup)
    }

    fn generation(&self) -> u64 {
        self.generation
    }
}

impl Bazaar {
    /// The game on the table as a whole, with the link and the keeping beside it (borrowed
    /// apart), if a game is on the table.
    fn whole(&mut self) -> Option<(WholeTable<'_>, &mut LinkSession)> {
        let setup: Vec<String> = self
            .embed_attributes()
            .into_iter()
            .filter_map(|(name, value)| Some(format!("{}={value}", name.strip_prefix("data-")?)))
            .collect();
        let referee = self.game.referee.as_ref()?;
        let answers = referee.answers();
        let whole = WholeTable {
            setup: setup.join(";"),
            answers,
            generation: self.game_generation.wrapping_mul(1 << 24) + answers.len() as u64,
        };
        Some((whole, &mut self.link))
    }

    /// Writes the game into the page address; the address follows it from then on.
    pub(super) fn share(&mut self) {
        let Some((whole, link)) = self.whole() else {
            return;
        };
        let href = link.share(&whole);
        self.message =
            format!("Link to this game (its seats, seed and every answer so far): {href}");
    }

    /// The link follows the game once shared; the game is kept once the reader took part.
    pub(super) fn save(&mut self) {
        if self.tournament.is_some() {
            return;
        }
        if let Some((whole, link)) = self.whole() {
            link.follow(&whole);
            link.keep(&whole);
        }
    }

    /// Takes a link's or a kept game's setup into the settings, each value read as the
    /// element's attribute would be (a refused one is named and the one in use kept), and
    /// keeps its answers for the next game made (`replay_pending`). False if the text is not
    /// a game's.
    pub(super) fn take_whole(&mut self, text: &str, whose: &str) -> bool {
        let (setup, answers) = text.split_once('|').unwrap_or(("", text));
        let answers = match serde_json::from_str::<Vec<serde_json::Value>>(answers) {
            Ok(answers) if answers.len() <= ANSWER_LIMIT => answers,
            Ok(answers) => {
                self.message = format!(
                    "{whose} was not used: {} answers, and a game takes at most {ANSWER_LIMIT}.",
                    answers.len()
                );
                return false;
            }
            Err(e) => {
                self.message = format!("{whose} was not used: its answers cannot be read ({e}).");
                return false;
            }
        };
        let Some(game) = crate::games::game("bazaar") else {
            return false;
        };
        let mut said = String::new();
        let options = Options::read_setup(game.options.iter(), "", setup, |_| None, &mut said);
        let mut message = String::new();
        if !said.is_empty() {
            message.push_str(&format!("{whose}'s setup: {said}"));
        }
        if let Some(list) = options.text("seats").filter(|_| options.given("seats")) {
            let kinds: Option<Vec<SeatKind>> = list.split(',').map(SeatKind::parse).collect();
            match kinds {
                Some(kinds) if (json::MIN_PLAYERS..=json::MAX_PLAYERS).contains(&kinds.len()) => {
                    self.dom.count.set_value(&kinds.len().to_string());
                    self.kinds = kinds;
                    self.rebuild_seats();
                }
                _ => message.push_str(&format!(
                    "The seats \"{}\" are not a table's. ",
                    crate::echo::echo(list)
                )),
            }
        }
        if options.given("seed") {
            let seed = options.number("seed").unwrap_or(1);
            self.dom.seed.set_value(&seed.to_string());
        }
        if options.given("bonus") {
            self.dom
                .bonus
                .set_value(options.word("bonus").unwrap_or("none"));
        }
        if options.given("limit-ms") {
            self.limit_ms = options.number("limit-ms").unwrap_or(600) as i32;
            self.dom.limit.set_value(&self.limit_ms.to_string());
        }
        self.dom
            .random_draw
            .set_checked(options.switch("random-draw"));
        self.pending_answers = Some(answers);
        self.message = message;
        true
    }

    /// Whether a kept game is of this table: the same seats and seed as the element sets up
    /// now (a page that asks for another table does not get an old game back).
    pub(super) fn same_table(&self, text: &str) -> bool {
        let setup = text.split_once('|').map_or("", |(setup, _)| setup);
        let kept: Vec<(&str, &str)> = crate::options::setup_pairs(setup).collect();
        let now = self.embed_attributes();
        ["seats", "seed"].iter().all(|name| {
            let ours = now
                .iter()
                .find(|(n, _)| n.strip_prefix("data-") == Some(name))
                .map(|(_, v)| v.as_str());
            let theirs = kept.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
            ours == theirs
        })
    }

    /// Gives the answers taken from a link or the browser to the game just made, telling each
    /// built-in player its calls on the way; where they stop fitting, says so.
    pub(super) fn replay_pending(&mut self) {
        let Some(answers) = self.pending_answers.take() else {
            return;
        };
        let Some(referee) = self.game.referee.as_mut() else {
            return;
        };
        let brains = &mut self.game.brains;
        let done = referee.replay(&answers, |seat, call| match brains.get_mut(seat) {
            Some(Brain::Direct(actor)) => {
                let _ = actors::call(actor, call);
            }
            Some(Brain::Worker {
                looping: Some((actor, _, _, calls)),
                ..
            }) => {
                calls[call.method() as usize] += 1;
                let _ = actors::call(actor, call);
            }
            _ => {}
        });
        let said = match done {
            Ok(()) => format!(
                "The game is back as it was, after {} answers: Play or Step goes on from here.",
                answers.len()
            ),
            Err(why) => format!("The game is back as far as it could be replayed: {why}."),
        };
        self.message.push_str(&said);
    }
}
