//! The seats: what can sit at the table (strategies, misbehaving actors, people, JavaScript),
//! their brains, and the JavaScript each seat keeps between visits.

use super::*;

/// What sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SeatKind {
    Strategy(Policy),
    Misbehaving(Policy, Misbehaviour),
    Human,
    JavaScript,
}

impl SeatKind {
    /// The choices a seat's menu offers: (value, label).
    pub(super) fn options() -> Vec<(String, String)> {
        let mut out = vec![
            (
                "purchase-points".to_string(),
                "strategy: purchase-points".to_string(),
            ),
            (
                "purchase-size".to_string(),
                "strategy: purchase-size".to_string(),
            ),
            ("human".to_string(), "human (you)".to_string()),
            ("javascript".to_string(), "JavaScript player".to_string()),
        ];
        for m in [
            Method::Setup,
            Method::PebbleOrTrades,
            Method::Cards,
            Method::Win,
        ] {
            out.push((
                format!("raise:{}", m.name()),
                format!("raises an exception in {}", m.name()),
            ));
        }
        for c in Cheat::ALL {
            out.push((
                format!("cheat:{}", c.name()),
                format!("cheats: {}", c.name()),
            ));
        }
        // The looping actors of the course's milestone 9 that can loop: setup and win are called
        // once a game, so only their first call; the turn methods on calls 1 to 7.
        for m in [
            Method::Setup,
            Method::PebbleOrTrades,
            Method::Cards,
            Method::Win,
        ] {
            for k in 1..=loop_calls(m) {
                out.push((
                    format!("loop:{}:{k}", m.name()),
                    format!("loops forever on call {k} of {}", m.name()),
                ));
            }
        }
        out
    }

    pub(super) fn parse(text: &str) -> Option<SeatKind> {
        let mut parts = text.split(':');
        let kind = match (parts.next()?, parts.next(), parts.next()) {
            ("human", None, None) => SeatKind::Human,
            ("javascript", None, None) => SeatKind::JavaScript,
            (policy, None, None) => SeatKind::Strategy(Policy::parse(policy)?),
            ("raise", Some(m), None) => {
                SeatKind::Misbehaving(Policy::Points, Misbehaviour::Raise(Method::parse(m)?))
            }
            ("cheat", Some(c), None) => {
                SeatKind::Misbehaving(Policy::Points, Misbehaviour::Cheat(Cheat::parse(c)?))
            }
            ("loop", Some(m), Some(k)) => {
                let method = Method::parse(m)?;
                let call = k
                    .parse()
                    .ok()
                    .filter(|k| (1..=loop_calls(method)).contains(k))?;
                SeatKind::Misbehaving(Policy::Points, Misbehaviour::Loop(method, call))
            }
            _ => return None,
        };
        Some(kind)
    }

    /// The seat as `data-seats` and the seat menu write it (`parse` reads it back).
    pub(super) fn text(self) -> String {
        match self {
            SeatKind::Strategy(p) | SeatKind::Misbehaving(p, Misbehaviour::None) => {
                p.name().to_string()
            }
            SeatKind::Human => "human".into(),
            SeatKind::JavaScript => "javascript".into(),
            SeatKind::Misbehaving(_, Misbehaviour::Raise(m)) => format!("raise:{}", m.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Cheat(c)) => format!("cheat:{}", c.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Loop(m, k)) => {
                format!("loop:{}:{k}", m.name())
            }
        }
    }

    pub(super) fn label(self) -> String {
        match self {
            SeatKind::Strategy(p) => p.name().to_string(),
            SeatKind::Human => "human".into(),
            SeatKind::JavaScript => "JavaScript".into(),
            SeatKind::Misbehaving(_, Misbehaviour::Raise(m)) => format!("raises in {}", m.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Cheat(c)) => format!("cheat: {}", c.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Loop(m, k)) => {
                format!("loops on {} #{k}", m.name())
            }
            SeatKind::Misbehaving(p, Misbehaviour::None) => p.name().to_string(),
        }
    }
}

/// A seat during a game.
pub(super) enum Brain {
    /// Built-in code, called directly.
    Direct(Actor),
    /// Code in a worker (JavaScript, or the built-in looping actor whose answers are computed
    /// here and whose k-th call makes the worker loop): terminated on a time-out.
    /// `broken`: why its code failed to load, if it did (its next call fails with that).
    Worker {
        worker: Option<WorkerPlayer>,
        looping: Option<(Actor, Method, u32, [u32; 4])>,
        broken: Option<String>,
    },
    Human,
}

/// A course actor's seat: called directly, or in a worker if it loops (its other answers are
/// computed here; its looping call makes the worker loop, and the time limit ends it).
pub(super) fn brain_for(actor: Actor) -> Brain {
    match actor.misbehaviour {
        Misbehaviour::Loop(method, k) => {
            let mut calm = actor.clone();
            calm.misbehaviour = Misbehaviour::None;
            Brain::Worker {
                worker: None,
                looping: Some((calm, method, k, [0; 4])),
                broken: None,
            }
        }
        _ => Brain::Direct(actor),
    }
}

pub(super) const NAMES: [&str; 6] = ["Adam", "Eve", "Carl", "Dana", "Finn", "Gwen"];

/// The example JavaScript player offered in a new JavaScript seat.
pub(super) const EXAMPLE_PLAYER: &str = "// A JavaScript player: four functions answer the referee, with the course's JSON data.
function setup(equations) { }
// false asks for a pebble; a list of [left, right] equations trades.
function requestPebbleOrTrades(turn) { return false; }
// Buys the first visible card the wallet can pay for.
function requestCards(turn) {
  for (const card of turn.cards) {
    const wallet = turn.active.wallet.slice();
    if (card.pebbles.every(p => { const i = wallet.indexOf(p); if (i < 0) return false; wallet.splice(i, 1); return true; })) return [card];
  }
  return [];
}
function win(won) { }
";

/// The calls of `method` a looping actor may loop on: setup and win are called once a game.
fn loop_calls(method: Method) -> u32 {
    match method {
        Method::Setup | Method::Win => 1,
        _ => 7,
    }
}

/// Where a seat's pasted JavaScript is kept between visits (widgets::keep): under this
/// element's own key, so two Bazaars on a page keep their own.
pub(super) fn code_key(element: &str, seat: usize) -> String {
    format!("{element}-{seat}")
}

/// Keeps seat `seat`'s JavaScript in the browser; if the browser refuses, the player is told
/// where they look (the message line) that a reload would lose it.
pub(super) fn keep_code(app: &Shared, element: &str, seat: usize, text: String) {
    let handle = Rc::downgrade(app);
    let key = code_key(element, seat);
    keep::save(&key, text, move |result| {
        let (Err(e), Some(app)) = (result, handle.upgrade()) else {
            return;
        };
        if app.try_borrow_mut().is_err() {
            return;
        }
        page::update(&app, |a| {
            a.message = format!(
                "{}'s JavaScript could not be kept in this browser ({e}): a reload would lose it, so copy it into a .js file of your own.",
                NAMES[seat]
            )
        });
    });
}

/// Brings back the JavaScript kept from an earlier visit into the seats' code boxes.
pub(super) fn restore_codes(app: &Shared) {
    for (seat, name) in NAMES.iter().enumerate() {
        let handle = app.clone();
        let key = code_key(&app.borrow().code_key, seat);
        keep::load(&key, move |kept| {
            page::react(&handle, |handle| restore_code(handle, seat, name, kept))
        });
    }
}

/// One seat's JavaScript kept from an earlier visit, back in its code box.
fn restore_code(handle: &Shared, seat: usize, name: &str, kept: keep::Kept) {
    let code = match kept {
        keep::Kept::Text(code) if !code.trim().is_empty() => code,
        keep::Kept::Unreadable(what) => {
            let mut a = handle.borrow_mut();
            a.message = format!(
                        "{name}'s JavaScript kept from your last visit could not be read ({what}); the seat starts with the example player."
                    );
            return;
        }
        _ => return,
    };
    let mut a = handle.borrow_mut();
    if a.codes[seat] == code || a.edited[seat] {
        return;
    }
    a.codes[seat] = code;
    if a.kinds.get(seat) == Some(&SeatKind::JavaScript) {
        a.rebuild_seats();
        // The game already set up took the example player: start again with the kept
        // one if nothing has happened yet, or say it plays from the next game.
        let untouched = !a.running
            && a.check.is_none()
            && a.tournament.is_none()
            && a.game.referee.as_ref().is_none_or(|r| r.turns() == 0);
        let back = format!("{name}'s JavaScript from your last visit is back");
        if untouched {
            drop(a);
            new_game(handle);
            handle.borrow_mut().message = format!("{back}.");
        } else {
            a.settings_pending = true;
            a.message = format!("{back}; it plays from the next New game.");
        }
    }
}

/// Reads a JavaScript player from a file into seat i's code box.
pub(super) fn load_code(app: &Shared, seat: usize, file: web_sys::File) {
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let handle = app.clone();
    let source = reader.clone();
    let done = wasm_bindgen::closure::Closure::once_into_js(move || {
        let text = source
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        let element = handle.borrow().code_key.clone();
        keep_code(&handle, &element, seat, text.clone());
        page::update(&handle, |a| {
            a.codes[seat] = text;
            a.edited[seat] = true;
            a.rebuild_seats();
            a.message = format!(
                "{}'s JavaScript player was loaded from the file.",
                NAMES[seat]
            );
        });
    });
    reader.set_onload(Some(done.unchecked_ref()));
    dom::best_effort(reader.read_as_text(&file));
}

impl Bazaar {
    pub(super) fn rebuild_seats(&mut self) {
        let parent = self.dom.seats.clone();
        parent.set_text_content(None);
        let options = SeatKind::options();
        for (i, kind) in self.kinds.iter().enumerate() {
            let row = child(&parent, "div", "gl-bazaar-seat");
            let s = form::select(&row, NAMES[i], &Field::Seat(i).name(), &options);
            let value = options
                .iter()
                .find(|(v, _)| SeatKind::parse(v) == Some(*kind))
                .map(|(v, _)| v.clone())
                .unwrap_or_default();
            s.set_value(&value);
            if *kind == SeatKind::JavaScript {
                let area: HtmlTextAreaElement =
                    child(&row, "textarea", "gl-bazaar-code").unchecked_into();
                area.set_value(&self.codes[i]);
                area.set_rows(8);
                dom::best_effort(area.set_attribute("data-field", &Field::Code(i).name()));
                let _ =
                    area.set_attribute("aria-label", &format!("{}'s JavaScript player", NAMES[i]));
                dom::best_effort(area.set_attribute("spellcheck", "false"));
                let load = form::input(
                    &row,
                    "or load a .js file",
                    &Field::File(i).name(),
                    "file",
                    "",
                );
                dom::best_effort(load.set_attribute("accept", ".js,text/javascript"));
                button(&row, "Example player", &Action::Example(i));
            }
        }
    }
}
