//! The course's tests run in the page: a harness's input read, its game played by the page's
//! seats, and the output compared with the expected one.

use super::*;

/// A course test being played in the page: its harness and expected output.
pub(super) struct Check {
    pub(super) name: String,
    pub(super) expected: Vec<serde_json::Value>,
    pub(super) server: bool,
}

/// Runs a course test pasted into the page: at once for the pure harnesses; as a game played
/// by the page's seats for the others, compared when it ends.
pub(super) fn run_test(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let name = a.dom.test_harness.value();
        let input = a.dom.test_input.value();
        let clients = a.dom.test_clients.value();
        let expected = match json::values(&a.dom.test_expected.value()) {
            Ok(values) => values,
            Err(e) => {
                a.set_verdict(&format!("The expected output was not read: {e}."), "error");
                return;
            }
        };
        match harness::prepare(&name, &input, Some(&clients)) {
            Err(e) => a.set_verdict(&format!("The input was not read: {e}."), "error"),
            Ok(Prepared::Done(got)) => a.show_verdict(&name, &got, &expected),
            Ok(Prepared::Game {
                equations,
                game,
                actors,
                bonus,
                server,
            }) => {
                a.stop_workers();
                a.tournament = None;
                let names: Vec<String> = actors.iter().map(|x| x.name.clone()).collect();
                let kinds = actors
                    .iter()
                    .map(|x| match x.misbehaviour {
                        Misbehaviour::None => SeatKind::Strategy(x.strategy.policy),
                        m => SeatKind::Misbehaving(x.strategy.policy, m),
                    })
                    .collect();
                let referee = Referee::new(equations, game, names.clone(), bonus).ok();
                let brains = actors.into_iter().map(brain_for).collect();
                a.begin(Session::new(names, kinds, referee, brains));
                a.check = Some(Check {
                    name,
                    expected,
                    server,
                });
                a.message = "Playing the course test's game…".into();
                a.set_verdict("Playing the game…", "running");
                a.running = true;
            }
        }
    }
    spawn_workers(app);
    schedule(app, 0);
}

impl Bazaar {
    pub(super) fn set_verdict(&self, text: &str, verdict: &str) {
        self.dom.verdict.set_text_content(Some(text));
        dom::best_effort(self.dom.verdict.set_attribute("data-verdict", verdict));
    }

    /// Compares an output with the expected one by the course's conventions.
    pub(super) fn show_verdict(
        &self,
        name: &str,
        got: &[serde_json::Value],
        expected: &[serde_json::Value],
    ) {
        let shown: Vec<String> = got.iter().map(|v| v.to_string()).collect();
        if harness::same_output(name, got, expected) {
            self.set_verdict(
                &format!(
                    "Pass: the output equals the expected one (as the course compared).\n{}",
                    shown.join("\n")
                ),
                "pass",
            );
        } else {
            let want: Vec<String> = expected.iter().map(|v| v.to_string()).collect();
            self.set_verdict(
                &format!(
                    "Fail: the output\n{}\ndiffers from the expected\n{}",
                    shown.join("\n"),
                    want.join("\n")
                ),
                "fail",
            );
        }
    }
}
