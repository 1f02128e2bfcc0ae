//! The misère base on Glop's page: what misère computations proved (`engine::sprouts::misere`),
//! kept in the browser (sealed, beside the main base), saved to and loaded from files, emptied.
//! A base is read in the page's time slices; one from a file, or kept text whose seal does not
//! hold, is checked line by line before anything in it is used.

use super::*;
use crate::engine::sprouts::misere::{BaseReader, MISERE_HEADER};

/// The work reading a base may take in all (a base much larger than any computation in a page
/// makes is refused, with the command line's check named instead).
const READ_BUDGET: u64 = 200_000_000;
/// The work a slice's step of reading does between looks at the clock.
const READ_STEP: u64 = 200;

/// A misère base being read.
pub(super) struct MisereReading {
    reader: BaseReader,
    /// Where it comes from, in words ("this browser", a file's name).
    from: String,
    /// From a file (or the workers): kept in the browser once it has been read, as this
    /// text (writing the base out again would take as long as a page can stall, and say the
    /// same).
    from_file: Option<String>,
    /// Text this page sealed itself: its lost states are not answered again.
    trusted: bool,
}

impl MisereReading {
    pub(super) fn progress(&self) -> f64 {
        self.reader.progress()
    }
}

/// Whether a text is a misère base (by its first line).
pub(super) fn is_misere_base(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .starts_with(MISERE_HEADER)
}

/// The misère base kept by an earlier visit comes back, read in the page's slices: as it was
/// kept (sealed), its lost states are taken as they are; changed outside gamelab, it is checked.
pub(super) fn restore_misere(app: &Shared) {
    let handle = Rc::downgrade(app);
    let key = app.borrow().misere_key();
    keep::load(&key, move |kept| {
        let Some(app) = handle.upgrade() else {
            return;
        };
        let (text, sealed) = match kept {
            keep::Kept::Text(kept) => match unseal(&kept) {
                Unsealed::Intact(text) => (text, true),
                Unsealed::Unsealed(text) => (text, false),
            },
            _ => return,
        };
        page::react(&app, |app| {
            read_misere(app, &text, "this browser".into(), sealed, false)
        });
    });
}

/// Starts reading a misère base (`trusted`: text this page sealed itself).
pub(super) fn read_misere(app: &Shared, text: &str, from: String, trusted: bool, from_file: bool) {
    {
        let Ok(mut a) = app.try_borrow_mut() else {
            return;
        };
        match BaseReader::new(text, misere::Solver::new().small_lives, READ_BUDGET) {
            Ok(reader) => {
                let reader = if trusted { reader.trusting() } else { reader };
                a.misere_reading = Some(MisereReading {
                    reader,
                    from,
                    from_file: from_file.then(|| text.to_string()),
                    trusted,
                });
            }
            Err(e) => {
                a.db_message = format!("The misère base from {from} was not used: {e}.");
                return;
            }
        }
    }
    in_slices(app, misere_read_step, |_, _| {});
}

/// Time one line of a misère base may take to read in the page (only a line far beyond any
/// base gamelab writes comes near it).
const LINE_MAX_MS: f64 = 1600.0;

fn misere_read_step(a: &mut Glop) -> bool {
    let Some(reading) = a.misere_reading.as_mut() else {
        return true;
    };
    // One line (a land's tree, a lost state's answers) is read whole: past what a page can
    // bear at once, the reading stops and names the command-line check.
    let deadline = dom::now() + LINE_MAX_MS;
    reading
        .reader
        .set_stop(Stop::when(move || dom::now() >= deadline));
    let step = reading.reader.step(READ_STEP);
    if let Ok(false) = step {
        return false;
    }
    let Some(reading) = a.misere_reading.take() else {
        return true;
    };
    let from = reading.from;
    match step {
        Ok(_) => {
            let (misere, counts) = reading.reader.finish();
            a.replace_misere(misere);
            a.db_message = format!(
                "The misère base was read from {from}: {} trees, {} lands and {} lost states{}.",
                counts.trees,
                counts.lands,
                counts.losses,
                if reading.trusted {
                    " (as this page kept it)"
                } else {
                    ", every one checked"
                }
            );
            if let Some(text) = reading.from_file {
                a.keep_misere_text(&text);
            }
        }
        Err(e) => {
            a.db_message = format!(
                "The misère base from {from} was not used: {e}. (`gamelab sprouts check --misere --db FILE` checks a base from the command line.)"
            )
        }
    }
    // A computation asked for meanwhile starts now (on the next turn of the page).
    if std::mem::take(&mut a.compute_when_read) {
        if let Some(app) = a.me.upgrade() {
            slices::run(&a.dom.root, 0, move |_| {
                page::react(&app, start_computation);
                Next::Done
            });
        }
    }
    true
}

impl Glop {
    pub(super) fn misere_key(&self) -> String {
        format!("{}-misere", self.storage_key)
    }

    /// The misère base holds something worth keeping.
    pub(super) fn misere_held(&self) -> bool {
        let (states, lands) = self.misere.solved();
        states + lands > 0
    }

    /// Keeps the misère base in the browser (sealed), saying so if the browser refuses.
    /// Keeps the misère base in the browser: written out now, sealed and handed to the
    /// browser on the page's next turn (a large base takes a good part of what a page can
    /// stall for each).
    pub(super) fn store_misere(&mut self) {
        self.last_kept = dom::now();
        let text = self.misere.write_base();
        let handle = self.me.clone();
        slices::run(&self.dom.root, 0, move |_| {
            if let Some(app) = handle.upgrade() {
                page::try_update(&app, |a| a.keep_misere_text(&text));
            }
            Next::Done
        });
    }

    /// Keeps `text`, the misère base as written, in the browser.
    pub(super) fn keep_misere_text(&mut self, text: &str) {
        self.last_kept = dom::now();
        let handle = self.me.clone();
        keep::save(&self.misere_key(), seal(text), move |result| {
            let (Err(e), Some(app)) = (result, handle.upgrade()) else {
                return;
            };
            page::try_update(&app, |a| {
                a.db_message = format!(
                    "The misère base could not be kept in this browser ({e}); save it to a file."
                )
            });
        });
    }

    pub(super) fn save_misere(&mut self) {
        let text = self.misere.write_base();
        self.offer(
            "sprouts-misere-base.txt",
            text.into_bytes(),
            "text/plain",
            Place::Database,
        );
    }

    /// Empties the misère base, once the reader confirms.
    pub(super) fn clear_misere(&mut self) {
        if !self.misere_held() {
            return self.clear_misere_confirmed();
        }
        let (states, lands) = self.misere.solved();
        let question = format!(
            "Empty the misère base? Its {states} states and {lands} lands are lost unless saved to a file first."
        );
        self.dom.confirm.ask(
            &question,
            "Empty the misère base",
            &Action::ClearMisereBaseConfirmed,
        );
    }

    /// The misère base replaced (emptied, refuted, read): a listing of winning moves going on
    /// stops, or it would go on filling the new base with the old one's work.
    pub(super) fn replace_misere(&mut self, solver: misere::Solver) {
        self.misere = solver;
        if let Some(listing) = self.misere_listing.take() {
            self.replies = Some((
                listing.position().clone(),
                0,
                Err("not settled: the misère base changed meanwhile".into()),
            ));
        }
    }

    pub(super) fn clear_misere_confirmed(&mut self) {
        self.replace_misere(misere::Solver::new());
        self.db_message = "The misère base is empty.".into();
        self.store_misere();
    }

    /// A misère base file chosen: read at once into an empty misère base, or once the reader
    /// agrees to replace the one there (returned: the file to read now).
    pub(super) fn misere_file(&mut self, name: &str, text: &str) -> Option<(String, String)> {
        if !self.misere_held() {
            return Some((name.to_string(), text.to_string()));
        }
        let (states, _) = self.misere.solved();
        self.pending_misere = Some((name.to_string(), text.to_string()));
        let question = format!(
            "Replace the misère base ({states} states) with {name}? What it holds is lost unless saved to a file first."
        );
        self.dom
            .confirm
            .ask(&question, "Replace it", &Action::MisereLoadConfirmed);
        None
    }
}

/// The reader agreed: the file waiting is read into the misère base.
pub(super) fn load_pending_misere(app: &Shared) {
    let pending = app.borrow_mut().pending_misere.take();
    if let Some((name, text)) = pending {
        read_misere(app, &text, name, false, true);
    }
}
