//! A person's seat: the question the referee asks, the exchanges and cards picked on the table
//! or with buttons, and the answer given.

use super::*;

/// The human's answer in the making.
#[derive(Debug, Default)]
pub(super) struct Choices {
    pub(super) exchanges: Vec<Equation>,
    pub(super) cards: Vec<Card>,
    pub(super) message: String,
}

pub(super) fn human_answer(app: &Shared, reply: Reply) {
    {
        let mut a = app.borrow_mut();
        let Some((seat, call)) = a.game.referee.as_ref().and_then(Referee::next_call) else {
            return;
        };
        if !matches!(a.game.brains.get(seat), Some(Brain::Human)) {
            return;
        }
        // The rules are checked before anything is submitted: a human is told, not eliminated
        // (unless strict rules are on: then the referee judges, as for any player).
        let strict = a.dom.strict.checked();
        let problem = match (&call, &reply) {
            _ if strict => None,
            (Call::PebbleOrTrades(turn), Reply::Pebble) => turn
                .bank
                .is_empty()
                .then(|| "the bank is empty: no pebble can be drawn".to_string()),
            (Call::PebbleOrTrades(turn), Reply::Trades(list)) => rules::exchange(
                a.game
                    .referee
                    .as_ref()
                    .map(|r| r.equations())
                    .unwrap_or_default(),
                list,
                &turn.active.wallet,
                &turn.bank,
            )
            .err(),
            (Call::Cards(turn), Reply::Cards(list)) => {
                rules::buy(&turn.active.wallet, &turn.visibles, list).err()
            }
            (Call::Setup(_) | Call::Win(_), _) => None,
            _ => Some("that is not an answer to this question".into()),
        };
        if let Some(problem) = problem {
            a.game.choices.message = format!("Not allowed: {problem}.");
            return;
        }
        a.give(seat, Ok(reply), None);
        a.game.choices = Choices::default();
        // Play goes on if it was on when the human was asked (or is on still: a second answer
        // can come before the call that would have paused it).
        a.running |= std::mem::take(&mut a.game.resume_after_human);
    }
    // Stepping, the next call waits for Step (the human's own purchase question shows at once).
    if app.borrow().running {
        schedule(app, 0);
    }
}

/// Pebbles as small coloured discs with their letter, inside a button's label.
pub(super) fn pebble_marks(parent: &web_sys::Element, bag: &crate::engine::bazaar::pebbles::Bag) {
    for pebble in bag.pebbles() {
        let mark = child(parent, "span", "gl-pebble");
        dom::best_effort(mark.set_attribute("data-pebble", pebble.name()));
        mark.set_text_content(Some(&pebble.letter().to_ascii_uppercase().to_string()));
    }
}

/// "No card can be paid for now." / "3 exchanges can be paid now (marked ✓)."
fn payable_now(payable: &[bool], thing: &str, paid: &str) -> String {
    match payable.iter().filter(|&&p| p).count() {
        0 => format!("No {thing} can be {paid} now."),
        1 => format!("1 {thing} can be {paid} now (marked ✓)."),
        n => format!("{n} {thing}s can be {paid} now (marked ✓)."),
    }
}

/// Marks an exchange or card button by whether it can be paid now: ✓ and a class when it can;
/// otherwise disabled (with strict rules it stays pressable: breaking a rule is the point) and
/// its name says why, so neither colour nor a greyed look is the only telling.
fn mark_offer(b: &web_sys::HtmlButtonElement, payable: bool, strict: bool) {
    if payable {
        dom::best_effort(b.class_list().add_1("gl-payable"));
        dom::best_effort(b.prepend_with_str_1("✓ "));
        return;
    }
    let name = b.get_attribute("aria-label").unwrap_or_default();
    dom::best_effort(b.set_attribute("aria-label", &format!("{name} (cannot be paid now)")));
    b.set_disabled(!strict);
}

/// What "Take a pebble" will give, said before it is pressed: the course's referee takes the
/// first colour the bank has (always red while there is red), which looks like a fault to a
/// first-time player unless it is said.
fn pebble_rule(random: bool, bank: &crate::engine::bazaar::pebbles::Bag) -> String {
    if random {
        return "Take a pebble: one of the bank's pebbles at random, each as likely.".into();
    }
    match rules::draw_pebble(bank) {
        Some(next) => format!(
            "Take a pebble gives {}: the bank gives its first colour in the order red, white, \
             blue, green, yellow, as the course's referee does (\"Random pebble draw\" in the \
             settings makes it chance).",
            next.name()
        ),
        None => "The bank is empty: there is no pebble to take.".into(),
    }
}

/// An exchange button: the equation's number as the table shows it, what is given, what comes.
pub(super) fn exchange_label(
    b: &web_sys::HtmlButtonElement,
    number: usize,
    give: &crate::engine::bazaar::pebbles::Bag,
    get: &crate::engine::bazaar::pebbles::Bag,
) {
    dom::best_effort(b.append_with_str_1(&format!("{number}: ")));
    pebble_marks(b, give);
    dom::best_effort(b.append_with_str_1(" → "));
    pebble_marks(b, get);
    dom::best_effort(b.set_attribute(
        "aria-label",
        &format!("equation {number}: give {give}, get {get}"),
    ));
}

impl Bazaar {
    /// The question a human seat is to answer with its clicks (a pebble or exchanges, or
    /// cards), if that is what the game waits for.
    pub(super) fn human_question(&self) -> Option<Call> {
        let (seat, call) = self.game.referee.as_ref()?.next_call()?;
        let human = matches!(self.game.brains.get(seat), Some(Brain::Human));
        (human && matches!(call, Call::PebbleOrTrades(_) | Call::Cards(_))).then_some(call)
    }

    /// What the person being asked can pay for now, as the table marks it: the equation sides
    /// they can give next, and the cards their wallet buys (after the exchanges chosen so far,
    /// or alongside the cards already chosen).
    pub(super) fn offers(&self) -> table::Offers {
        let (Some(referee), Some(call)) = (self.game.referee.as_ref(), self.human_question())
        else {
            return table::Offers::default();
        };
        let choices = &self.game.choices;
        match call {
            Call::PebbleOrTrades(turn) => {
                let wallet = rules::exchange(
                    referee.equations(),
                    &choices.exchanges,
                    &turn.active.wallet,
                    &turn.bank,
                )
                .map_or(turn.active.wallet, |(wallet, _)| wallet);
                table::Offers {
                    sides: rules::next_exchanges(
                        referee.equations(),
                        &choices.exchanges,
                        &turn.active.wallet,
                        &turn.bank,
                    ),
                    cards: rules::next_cards(&wallet, &turn.visibles, &[]),
                }
            }
            Call::Cards(turn) => table::Offers {
                sides: Vec::new(),
                cards: rules::next_cards(&turn.active.wallet, &turn.visibles, &choices.cards),
            },
            _ => table::Offers::default(),
        }
    }

    /// The human's pick at a point of the table, when a human seat is choosing and the table
    /// shows the game as it stands.
    pub(super) fn pick_at(&self, x: f64, y: f64) -> Option<Action> {
        if self.game.viewing.is_some() {
            return None;
        }
        let call = self.human_question()?;
        match (self.game.plan.as_ref()?.target_at(x, y)?, call) {
            (Target::Equation { index, flipped }, Call::PebbleOrTrades(_)) => {
                Some(Action::UseEquation(2 * index + flipped as usize))
            }
            (Target::Card(i), Call::Cards(_)) => Some(Action::Card(i)),
            _ => None,
        }
    }

    /// The human adds oriented equation i (equation i/2, flipped if odd) to the exchanges.
    pub(super) fn choose_exchange(&mut self, i: usize) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let Some((_, Call::PebbleOrTrades(turn))) = referee.next_call() else {
            return;
        };
        let Some(base) = referee.equations().get(i / 2) else {
            return;
        };
        let step = if i.is_multiple_of(2) {
            base.clone()
        } else {
            base.flipped()
        };
        let mut list = self.game.choices.exchanges.clone();
        list.push(step);
        let strict = self.dom.strict.checked();
        match rules::exchange(referee.equations(), &list, &turn.active.wallet, &turn.bank) {
            Err(why) if strict => {
                self.game.choices.exchanges = list;
                self.game.choices.message = format!("Strict rules: this list breaks a rule ({why}); submitting it means elimination.");
            }
            Ok(_) => {
                self.game.choices.exchanges = list;
                self.game.choices.message.clear();
            }
            Err(why) => self.game.choices.message = format!("Not allowed: {why}."),
        }
    }

    /// The human adds visible card i to the purchase.
    pub(super) fn choose_card(&mut self, i: usize) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let Some((_, Call::Cards(turn))) = referee.next_call() else {
            return;
        };
        let Some(card) = turn.visibles.get(i) else {
            return;
        };
        let mut list = self.game.choices.cards.clone();
        list.push(card.clone());
        let strict = self.dom.strict.checked();
        match rules::buy(&turn.active.wallet, &turn.visibles, &list) {
            Err(why) if strict => {
                self.game.choices.cards = list;
                self.game.choices.message = format!("Strict rules: this purchase breaks a rule ({why}); submitting it means elimination.");
            }
            Ok(_) => {
                self.game.choices.cards = list;
                self.game.choices.message.clear();
            }
            Err(why) => self.game.choices.message = format!("Not allowed: {why}."),
        }
    }

    pub(super) fn render_human(&self, next: Option<(usize, Call)>) {
        let panel = &self.dom.human;
        let inputs = format!("{next:?} {:?}", self.game.choices);
        if !self.game.drawn_question.changed(inputs) {
            // Its buttons stay as they are, and the keyboard's focus on them.
            return;
        }
        panel.set_text_content(None);
        let Some((seat, call)) = next else { return };
        // Setup and the result need no answer from a person: the page gives it.
        if !matches!(self.game.brains.get(seat), Some(Brain::Human))
            || matches!(call, Call::Setup(_) | Call::Win(_))
        {
            return;
        }
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        child(panel, "h4", "")
            .set_text_content(Some(&format!("Your move, {}", self.game.seat_names[seat])));
        match call {
            Call::PebbleOrTrades(turn) => {
                let preview = rules::exchange(
                    referee.equations(),
                    &self.game.choices.exchanges,
                    &turn.active.wallet,
                    &turn.bank,
                );
                let (wallet, bank) = preview.unwrap_or((turn.active.wallet, turn.bank));
                child(panel, "p", "").set_text_content(Some(&format!(
                    "Exchanges so far: {}. Wallet: {}; bank: {}.",
                    if self.game.choices.exchanges.is_empty() {
                        "none".to_string()
                    } else {
                        self.game
                            .choices
                            .exchanges
                            .iter()
                            .map(|e| format!("{} → {}", e.left_bag(), e.right_bag()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    wallet.summary(),
                    bank.summary()
                )));
                // What these exchanges would let the purchase take, before they are made.
                let buyable = rules::next_cards(&wallet, &turn.visibles, &[]);
                let cards: Vec<String> = buyable
                    .iter()
                    .enumerate()
                    .filter(|(_, &can)| can)
                    .map(|(i, _)| format!("card {}", i + 1))
                    .collect();
                child(panel, "p", "gl-bazaar-preview").set_text_content(Some(&format!(
                    "With this wallet you could then buy: {}.",
                    if cards.is_empty() {
                        "no card yet".to_string()
                    } else {
                        cards.join(", ")
                    }
                )));
                let usable = rules::next_exchanges(
                    referee.equations(),
                    &self.game.choices.exchanges,
                    &turn.active.wallet,
                    &turn.bank,
                );
                child(panel, "p", "gl-hint").set_text_content(Some(&format!(
                    "{} Click the side of an equation you give, on the table or here; each click adds one exchange.",
                    payable_now(&usable, "exchange", "paid")
                )));
                let strict = self.dom.strict.checked();
                let bar = child(panel, "div", "gl-buttonbar");
                for (i, e) in referee.equations().iter().enumerate() {
                    for (k, (give, get)) in
                        [(e.left_bag(), e.right_bag()), (e.right_bag(), e.left_bag())]
                            .into_iter()
                            .enumerate()
                    {
                        let b = button(&bar, "", &Action::UseEquation(2 * i + k));
                        exchange_label(&b, i + 1, &give, &get);
                        mark_offer(&b, usable.get(2 * i + k) == Some(&true), strict);
                    }
                }
                let bar = child(panel, "div", "gl-buttonbar");
                button(&bar, "Take a pebble", &Action::Pebble);
                child(panel, "p", "gl-hint")
                    .set_text_content(Some(&pebble_rule(referee.draws_at_random(), &turn.bank)));
                let bar = child(panel, "div", "gl-buttonbar");
                // The price of trading, as it is now: the pile's bottom card, or, once the pile
                // is empty, every visible card, which ends the game.
                let price = if referee.state().hidden.is_empty() {
                    "Trade these (the pile is empty: every visible card goes, and the game ends)"
                } else {
                    "Trade these (costs the pile's bottom card)"
                };
                button(&bar, price, &Action::Trade);
                button(&bar, "Start over", &Action::Clear);
            }
            Call::Cards(turn) => {
                let preview = rules::buy(
                    &turn.active.wallet,
                    &turn.visibles,
                    &self.game.choices.cards,
                );
                let points = preview.as_ref().map(|p| p.points).unwrap_or(0);
                child(panel, "p", "").set_text_content(Some(&format!(
                    "Cards chosen: {} ({}). Wallet: {}.",
                    if self.game.choices.cards.is_empty() {
                        "none".to_string()
                    } else {
                        self.game
                            .choices
                            .cards
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    count(points as usize, "point", "points"),
                    preview
                        .map(|p| p.wallet)
                        .unwrap_or(turn.active.wallet)
                        .summary()
                )));
                let affordable = rules::next_cards(
                    &turn.active.wallet,
                    &turn.visibles,
                    &self.game.choices.cards,
                );
                child(panel, "p", "gl-hint").set_text_content(Some(&format!(
                    "{} Click the cards to buy, in order, on the table or here.",
                    payable_now(&affordable, "card", "paid for")
                )));
                let strict = self.dom.strict.checked();
                let bar = child(panel, "div", "gl-buttonbar");
                for (i, c) in turn.visibles.iter().enumerate() {
                    let b = button(&bar, &format!("card {} ", i + 1), &Action::Card(i));
                    pebble_marks(&b, &c.bag());
                    if c.face {
                        dom::best_effort(b.append_with_str_1(" ☺"));
                    }
                    dom::best_effort(
                        b.set_attribute("aria-label", &format!("buy card {}: {c}", i + 1)),
                    );
                    mark_offer(&b, affordable.get(i) == Some(&true), strict);
                }
                let bar = child(panel, "div", "gl-buttonbar");
                button(&bar, "Buy these", &Action::Buy);
                button(&bar, "Start over", &Action::Clear);
            }
            _ => {}
        }
        if !self.game.choices.message.is_empty() {
            child(panel, "p", "gl-error").set_text_content(Some(&self.game.choices.message));
        }
    }

    /// Hands a seat's answer to the referee; `sent` is the JSON the player itself sent (a
    /// worker's reply), shown as is when the wire is shown.
    pub(super) fn give(
        &mut self,
        seat: usize,
        answer: Result<Reply, Failure>,
        sent: Option<serde_json::Value>,
    ) {
        self.game.last_answer = describe_answer(&answer);
        if self.show_wire {
            let name = &self.game.seat_names[seat];
            let text = match (&answer, sent) {
                (_, Some(value)) => format!("← {name}: {}", on_the_wire(&value)),
                (Ok(reply), None) => format!("← {name}: {}", on_the_wire(&json::reply_out(reply))),
                (Err(_), None) => format!("← {name}: nothing ({})", self.game.last_answer),
            };
            self.note(text, "gl-wire");
        }
        if let Some(referee) = self.game.referee.as_mut() {
            // Only the seat asked gets here (the page asked it): a refusal is the referee's own
            // log line, nothing for the page to add.
            let _ = referee.answer(seat, answer);
        }
    }
}
