//! What the Bazaar element shows: its controls built once, and the table, status, log and
//! tally drawn again from the state after every change.

use super::*;

pub(super) struct Dom {
    pub(super) root: HtmlElement,
    /// The folded settings' one line, which also says the seats and the seed.
    pub(super) settings_summary: HtmlElement,
    pub(super) count: HtmlSelectElement,
    pub(super) seats: HtmlElement,
    pub(super) seed: HtmlInputElement,
    pub(super) bonus: HtmlSelectElement,
    pub(super) limit: HtmlInputElement,
    pub(super) random_draw: HtmlInputElement,
    pub(super) strict: HtmlInputElement,
    pub(super) speed: HtmlSelectElement,
    pub(super) show_wallets: HtmlInputElement,
    pub(super) games: HtmlInputElement,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) status: HtmlElement,
    pub(super) observed: HtmlElement,
    pub(super) waiting: HtmlElement,
    pub(super) exchange: HtmlElement,
    pub(super) human: HtmlElement,
    pub(super) log: HtmlElement,
    pub(super) tally: HtmlElement,
    pub(super) test_harness: HtmlSelectElement,
    pub(super) test_input: HtmlTextAreaElement,
    pub(super) test_clients: HtmlTextAreaElement,
    pub(super) test_expected: HtmlTextAreaElement,
    pub(super) verdict: HtmlElement,
}

pub(super) fn field(parent: &HtmlElement, label: &str) -> HtmlElement {
    dom::labelled(parent, label)
}

pub(super) fn build(root: &HtmlElement) -> Dom {
    // The buttons, then the settings and the help folded, then the table.
    let bar = child(root, "div", "gl-buttonbar");
    let settings = child(root, "details", "gl-bazaar-settings gl-settings");
    let settings_summary = child(&settings, "summary", "");
    settings_summary.set_text_content(Some("Game settings"));
    let counts: Vec<(String, String)> = (json::MIN_PLAYERS..=json::MAX_PLAYERS)
        .map(|n| (n.to_string(), n.to_string()))
        .collect();
    let count = form::select(&settings, "Players", &Field::Count.name(), &counts);
    let seed = form::input(&settings, "Seed", &Field::Seed.name(), "number", "1");
    let bonus = form::select(
        &settings,
        "End bonus",
        &Field::Bonus.name(),
        &[
            ("", "none"),
            ("RWB", "RWB (+10)"),
            ("SEY", "Seychelles (+50)"),
        ],
    );
    let limit = form::input(
        &settings,
        "Time limit per call (ms)",
        &Field::Limit.name(),
        "number",
        &limit_ms().default.unwrap_or_default().to_string(),
    );
    dom::best_effort(limit.set_attribute("min", &limit_ms().min.to_string()));
    dom::best_effort(limit.set_attribute("max", &limit_ms().max.to_string()));
    // The course's referee draws the first colour the bank has; the rules say "a random pebble".
    let random_draw = form::input(
        &settings,
        "Random pebble draw",
        &Field::RandomDraw.name(),
        "checkbox",
        "",
    );
    // Strict rules: a human's illegal answer goes to the referee, which eliminates, as for any player.
    let strict = form::input(
        &settings,
        "Strict rules for humans",
        "strict",
        "checkbox",
        "",
    );
    let seats = child(&settings, "div", "gl-bazaar-seats");
    button(&settings, "New game", &Action::NewGame);
    help::add(root);
    button(&bar, "Step", &Action::Step);
    button(&bar, "Play", &Action::Play);
    button(&bar, "Pause", &Action::Pause);
    button(&bar, "Share link", &Action::Share);
    let speed = form::select(
        &bar,
        "Speed",
        "speed",
        &[
            ("600", "slow"),
            ("150", "normal"),
            ("20", "fast"),
            ("0", "instant"),
        ],
    );
    speed.set_value("150");
    let show_wallets = form::input(&bar, "Show wallets", "show-wallets", "checkbox", "");
    form::input(
        &bar,
        "Show the wire JSON",
        &Field::ShowWire.name(),
        "checkbox",
        "",
    );
    let canvas: HtmlCanvasElement = child(root, "canvas", "gl-canvas").unchecked_into();
    dom::best_effort(canvas.set_attribute("role", "img"));
    // Focusable, so the arrow keys step through the game's states.
    dom::best_effort(canvas.set_attribute("tabindex", "0"));
    let observer = child(root, "div", "gl-buttonbar gl-bazaar-observer");
    dom::best_effort(observer.set_attribute("role", "group"));
    dom::best_effort(observer.set_attribute("aria-label", "Observer: every state of this game"));
    button(&observer, "First", &Action::Observe(Observe::First));
    button(&observer, "◀ Back", &Action::Observe(Observe::Back));
    button(&observer, "Forward ▶", &Action::Observe(Observe::Forward));
    button(&observer, "Latest", &Action::Observe(Observe::Latest));
    let observed = child(&observer, "span", "gl-bazaar-observed");
    button(&observer, "Save as Game JSON", &Action::SaveJson);
    button(&observer, "Save as PNG", &Action::SavePng);
    let status = child(root, "p", "gl-status");
    dom::best_effort(status.set_attribute("aria-live", "polite"));
    // A worker seat's thinking time against its limit (not announced: it changes ten times a second).
    let waiting = child(root, "p", "gl-bazaar-waiting");
    dom::set_hidden(&waiting, true);
    let exchange = child(root, "p", "gl-bazaar-exchange");
    let human = child(root, "div", "gl-bazaar-human");
    let details = child(root, "details", "gl-bazaar-log");
    dom::best_effort(details.set_attribute("open", ""));
    child(&details, "summary", "").set_text_content(Some("Referee's log"));
    let log = child(&details, "ol", "gl-history");
    let tour = child(root, "fieldset", "gl-bazaar-tournament");
    child(&tour, "legend", "").set_text_content(Some("Tournament"));
    let games = form::input(&tour, "Games", "games", "number", "20");
    button(&tour, "Run tournament", &Action::Tournament);
    let tally = child(&tour, "div", "gl-bazaar-tally");
    let course = child(root, "details", "gl-bazaar-course");
    child(&course, "summary", "").set_text_content(Some("Run a course test"));
    let harnesses: Vec<(String, String)> = HARNESSES
        .iter()
        .map(|h| (h.to_string(), h.to_string()))
        .collect();
    let test_harness = form::select(&course, "Harness", "test-harness", &harnesses);
    let area = |label: &str, name: &str| {
        let a: HtmlTextAreaElement =
            child(&field(&course, label), "textarea", "gl-bazaar-code").unchecked_into();
        a.set_rows(4);
        dom::best_effort(a.set_attribute("data-field", name));
        dom::best_effort(a.set_attribute("spellcheck", "false"));
        a
    };
    let test_input = area("Input (n-in.json)", "test-input");
    let test_clients = area("Clients' input (xserver only)", "test-clients");
    let test_expected = area("Expected output (n-out.json)", "test-expected");
    button(&course, "Run the test", &Action::RunTest);
    let verdict = child(&course, "p", "gl-bazaar-verdict");
    dom::best_effort(verdict.set_attribute("aria-live", "polite"));
    Dom {
        root: root.clone(),
        settings_summary,
        count,
        seats,
        seed,
        bonus,
        limit,
        random_draw,
        strict,
        speed,
        show_wallets,
        games,
        canvas,
        status,
        observed,
        waiting,
        exchange,
        human,
        log,
        tally,
        test_harness,
        test_input,
        test_clients,
        test_expected,
        verdict,
    }
}

impl Bazaar {
    /// Draws every panel from the state: the table, the status line, the log, the human's
    /// question, a tournament's tally.
    pub(super) fn refresh(&mut self) {
        self.save();
        let seats: Vec<String> = self.kinds.iter().map(|kind| kind.text()).collect();
        let summary = format!("seed {}; {}", self.seed(), seats.join(", "));
        dom::best_effort(
            self.dom
                .settings_summary
                .set_attribute("data-summary", &summary),
        );
        self.table_panel();
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        self.status_line(referee);
        self.render_log(referee);
        self.render_human(referee.next_call());
        self.render_tally();
    }

    /// How long the worker seat asked has been thinking, against its limit (hidden otherwise).
    fn waiting_bar(&self) {
        let Some(waiting) = self.game.waiting.as_ref() else {
            dom::set_hidden(&self.dom.waiting, true);
            return;
        };
        let elapsed = (dom::now() - waiting.since)
            .max(0.0)
            .min(self.limit_ms as f64);
        self.dom.waiting.set_text_content(Some(&format!(
            "Waiting for {}… {} of {} ms",
            self.game.seat_names[waiting.seat],
            elapsed.round(),
            self.limit_ms
        )));
        dom::best_effort(self.dom.waiting.set_attribute(
            "style",
            &format!("--done: {:.3}", elapsed / self.limit_ms as f64),
        ));
        dom::set_hidden(&self.dom.waiting, false);
    }

    /// The table (the live game, or the state the observer shows), its caption and its label
    /// for screen readers.
    fn table_panel(&mut self) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let next = referee.next_call();
        // A past state when the observer looks back; the live game otherwise.
        let history = referee.history();
        let past = self
            .game
            .viewing
            .and_then(|i| history.get(i).map(|s| (i, s)));
        let (state, order) = match past {
            Some((_, snapshot)) => (&snapshot.state, snapshot.order.as_slice()),
            None => (referee.state(), referee.order()),
        };
        let active = next.as_ref().map(|(s, _)| *s).filter(|_| past.is_none());
        let show_all = self.dom.show_wallets.checked();
        let seats: Vec<table::Seat> = self
            .game
            .seat_kinds
            .iter()
            .enumerate()
            .map(|(i, k)| table::Seat {
                name: self.game.seat_names[i].clone(),
                kind: k.label(),
                show_wallet: show_all || *k == SeatKind::Human,
                place: order.iter().position(|&s| s == i),
            })
            .collect();
        let total = history.len();
        let banner = match past {
            Some((i, _)) => Some(format!(
                "State {} of {total} (Latest returns to the game)",
                i + 1
            )),
            None => referee.outcome().map(|o| match o.winners.as_slice() {
                [] => "Game over: nobody wins".to_string(),
                [one] => format!("Game over: {one} wins"),
                many => format!("Game over: {} share the win", many.join(", ")),
            }),
        };
        let observed = match past {
            Some((i, snapshot)) => format!("State {} of {total}: {}", i + 1, snapshot.caption),
            None => format!("State {total} of {total} (the game as it stands)"),
        };
        self.dom.observed.set_text_content(Some(&observed));
        dom::best_effort(self.dom.root.set_attribute(
            "data-observing",
            &past.map_or(0, |(i, _)| i + 1).to_string(),
        ));
        let human_picks = past.is_none() && self.human_question().is_some();
        // The table takes the element's width, so its text keeps its size on a phone.
        let width =
            (self.dom.root.client_width() as f64 - 20.0).clamp(table::MIN_WIDTH, table::MAX_WIDTH);
        let offers = if human_picks {
            self.offers()
        } else {
            table::Offers::default()
        };
        let inputs = format!(
            "{state:?} {seats:?} {active:?} {banner:?} {observed} {width} {human_picks} {offers:?}"
        );
        if !self.game.drawn_table.changed(inputs) {
            return;
        }
        let picture = table::Table {
            equations: referee.equations(),
            state,
            seats: &seats,
            active,
            banner,
            offers,
        };
        let plan = Plan::new(&picture, width);
        if let Some(mut p) = CanvasPainter::sharp(&self.dom.canvas, plan.width, plan.height) {
            table::draw(&mut p, &picture, &plan);
        }
        dom::best_effort(
            self.dom
                .canvas
                .set_attribute("data-picks", if human_picks { "yes" } else { "no" }),
        );
        self.game.plan = Some(plan);
        let scores: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", s.name, state.players[i].score))
            .collect();
        dom::best_effort(self.dom.canvas.set_attribute(
            "aria-label",
            &format!(
                "The table ({observed}): {} in the pile, {} visible; scores {}",
                count(state.hidden.len(), "card", "cards"),
                state.visibles.len(),
                scores.join(", ")
            ),
        ));
    }

    /// The status line, and the element's data-state (over, waiting, human, playing, paused).
    fn status_line(&self, referee: &Referee) {
        let mut status = match referee.outcome() {
            Some(outcome) => format!(
                "Game over after {} turns{}. Winners: {}. Eliminated: {}.",
                referee.turns(),
                referee
                    .end_reason()
                    .map(|why| format!(": {why}"))
                    .unwrap_or_default(),
                if outcome.winners.is_empty() {
                    "none".to_string()
                } else {
                    outcome.winners.join(", ")
                },
                if outcome.dropouts.is_empty() {
                    "none".to_string()
                } else {
                    outcome.dropouts.join(", ")
                }
            ),
            None => {
                let live: Vec<String> = self
                    .game
                    .seat_names
                    .iter()
                    .zip(&referee.state().players)
                    .map(|(name, p)| format!("{name} {}", p.score))
                    .collect();
                format!("Turn {}. Scores: {}.", referee.turns(), live.join(", "))
            }
        };
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        if let Some(activity) = self.graded.as_ref().and(lms::words()) {
            status = format!("{status}\n{activity}");
        }
        self.dom.status.set_text_content(Some(&status));
        self.dom.exchange.set_text_content(Some(&format!(
            "{}\n{}",
            self.game.last_call, self.game.last_answer
        )));
        let state = if referee.outcome().is_some() {
            "over"
        } else if self.game.waiting.is_some() {
            "waiting"
        } else if self.human_question().is_some() {
            "human"
        } else if self.running {
            "playing"
        } else {
            "paused"
        };
        dom::best_effort(self.dom.root.set_attribute("data-state", state));
        self.waiting_bar();
        if let Ok(Some(new_game)) = self.dom.root.query_selector("[data-action='new-game']") {
            dom::best_effort(
                new_game
                    .class_list()
                    .toggle_with_force("gl-pending", self.settings_pending),
            );
        }
    }

    pub(super) fn render_tally(&self) {
        let Some(t) = &self.tournament else { return };
        let played = t.games - t.left;
        let rows: Vec<String> = (0..t.wins.len())
            .map(|i| {
                format!(
                    "{} ({}): {}, eliminated {}",
                    NAMES[i],
                    self.kinds[i].label(),
                    count(t.wins[i] as usize, "win", "wins"),
                    count(t.dropouts[i] as usize, "time", "times")
                )
            })
            .collect();
        self.dom.tally.set_text_content(Some(&format!(
            "{played} of {} games played.\n{}",
            t.games,
            rows.join("\n")
        )));
        dom::best_effort(
            self.dom
                .tally
                .set_attribute("data-done", if t.left == 0 { "yes" } else { "no" }),
        );
    }
}

/// `n` things in words: "1 card", "2 cards" (and "0 cards").
pub(super) fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn one_thing_is_said_in_the_singular() {
        assert_eq!(count(1, "point", "points"), "1 point");
        assert_eq!(count(0, "card", "cards"), "0 cards");
        assert_eq!(count(7, "win", "wins"), "7 wins");
    }
}
