//! The main base: kept in the browser (sealed), loaded from files, filtered, emptied, and
//! rid of couples a check refutes.

use super::*;

/// The main base kept by an earlier visit comes back (merged, should work have started).
pub(super) fn restore_base(app: &Shared) {
    let handle = Rc::downgrade(app);
    let key = app.borrow().storage_key.clone();
    keep::load(&key, move |kept| {
        let Some(app) = handle.upgrade() else {
            return;
        };
        page::try_update(&app, |a| restore_kept(a, kept));
    });
}

/// The main base kept in this browser, merged into the main base.
fn restore_kept(a: &mut Glop, kept: keep::Kept) {
    let (text, intact) = match kept {
        keep::Kept::Nothing => return,
        keep::Kept::Unreadable(what) => {
            a.db_message = format!("The base kept in this browser could not be read ({what}); the main base starts empty.");
            return;
        }
        keep::Kept::Text(kept) => match unseal(&kept) {
            Unsealed::Intact(text) => (text, true),
            Unsealed::Unsealed(text) => (text, false),
        },
    };
    a.db_message = match a.db.merge(&[("the base kept in this browser", &text)]) {
        Ok(report) if intact => format!(
            "The main base was restored from this browser ({} couples).",
            report.read[0]
        ),
        Ok(report) => {
            // Not as gamelab kept it: trusted no more than a loaded file.
            a.unverified += report.added;
            a.keep_parameters();
            format!(
                    "The base kept in this browser was changed outside gamelab (or kept by an older version): its {} couples are unverified until a complete check proves them.",
                    report.read[0]
                )
        }
        Err(e) => format!("The base kept in this browser could not be used: {e}"),
    };
}

/// Reads `.spr` files, then merges them all at once (a conflict or a bad file loads nothing).
pub(super) fn read_files(app: &Shared, files: web_sys::FileList) {
    let count = files.length() as usize;
    if count == 0 {
        return;
    }
    // (name, text) of each file, filled in as the reads finish.
    type Read = Option<(String, String)>;
    let texts: Rc<RefCell<Vec<Read>>> = Rc::new(RefCell::new(vec![None; count]));
    for i in 0..count {
        let Some(file) = files.item(i as u32) else {
            continue;
        };
        let Ok(reader) = web_sys::FileReader::new() else {
            continue;
        };
        let (texts, app, name, reader2) = (texts.clone(), app.clone(), file.name(), reader.clone());
        let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
            let text = reader2
                .result()
                .ok()
                .and_then(|r| r.as_string())
                .unwrap_or_default();
            let all = {
                let mut t = texts.borrow_mut();
                t[i] = Some((name, text));
                t.iter().all(Option::is_some)
            };
            if all {
                let files: Vec<(String, String)> = texts.borrow_mut().drain(..).flatten().collect();
                let misere = page::update(&app, |a| a.merge_files(&files));
                if let Some((name, text)) = misere {
                    page::react(&app, |app| read_misere(app, &text, name, false, true));
                }
            }
        });
        reader.set_onload(Some(onload.unchecked_ref()));
        dom::best_effort(reader.read_as_text(&file));
    }
}

impl Glop {
    /// Empties the main base, once the reader confirms (a base of couples is work).
    pub(super) fn clear_base(&mut self) {
        if self.db.is_empty() {
            return self.clear_base_confirmed();
        }
        let question = format!(
            "Empty the main base? Its {} couples are lost unless saved to a file first.",
            self.db.len()
        );
        self.dom
            .confirm
            .ask(&question, "Empty the base", &Action::ClearBaseConfirmed);
    }

    pub(super) fn clear_base_confirmed(&mut self) {
        self.db.clear();
        self.unverified = 0;
        self.db_message = "The main base is empty.".into();
        self.store_base();
        self.keep_parameters();
    }

    pub(super) fn filter_from_page(&self) -> Result<Filter, String> {
        let read = |input: &HtmlInputElement, what: &str| -> Result<Option<u32>, String> {
            let v = input.value();
            if v.trim().is_empty() {
                return Ok(None);
            }
            v.trim()
                .parse::<u32>()
                .map(Some)
                .map_err(|_| format!("{what}: '{}' is not a whole number", crate::echo::echo(&v)))
        };
        let nimber = |v: Option<u32>, what: &str| -> Result<Option<u8>, String> {
            v.map(|n| u8::try_from(n).map_err(|_| format!("{what} is at most 255")))
                .transpose()
        };
        Ok(Filter {
            lives_min: read(&self.dom.lives_min, "Lives min")?,
            lives_max: read(&self.dom.lives_max, "Lives max")?,
            nimber_min: nimber(read(&self.dom.nimber_min, "Nimber min")?, "Nimber min")?,
            nimber_max: nimber(read(&self.dom.nimber_max, "Nimber max")?, "Nimber max")?,
        })
    }

    /// The filter the fields describe; what is wrong with them goes to the Database tab.
    fn read_filter(&mut self) -> Option<Filter> {
        self.filter_from_page()
            .map_err(|e| self.db_message = e)
            .ok()
    }

    pub(super) fn filter(&mut self, apply: bool) {
        let Some(filter) = self.read_filter() else {
            return;
        };
        let kept = self.db.filtered(&filter);
        if apply {
            let question = format!(
                "Keep {} of the {} couples of the main base? The others are lost unless saved first.",
                kept.len(),
                self.db.len()
            );
            self.dom
                .confirm
                .ask(&question, "Keep them", &Action::FilterApplyConfirmed);
            return;
        }
        self.filter_preview(&kept);
    }

    /// The filter applied, as the reader confirmed (read again: the fields may have changed).
    pub(super) fn filter_apply_confirmed(&mut self) {
        let Some(filter) = self.read_filter() else {
            return;
        };
        let kept = self.db.filtered(&filter);
        self.db_message = format!(
            "Filter applied: {} couples kept of {}.",
            kept.len(),
            self.db.len()
        );
        self.db = kept;
        self.store_base();
    }

    /// Lists the couples the filter keeps (the first 200).
    fn filter_preview(&mut self, kept: &Database) {
        let shown: Vec<String> = kept
            .iter()
            .take(200)
            .map(|(l, n)| format!("{} {n}", l.write(self.notation)))
            .collect();
        self.dom
            .filter_list
            .set_text_content(Some(&shown.join("\n")));
        self.db_message = format!(
            "{} couples of {} match{}.",
            kept.len(),
            self.db.len(),
            if kept.len() > 200 {
                " (the first 200 are listed)"
            } else {
                ""
            }
        );
    }

    /// Takes couples a check refuted out of the main base (and the kept copy), saying so.
    pub(super) fn remove_refuted(&mut self, refuted: &[(Land, u8)]) {
        if refuted.is_empty() {
            return;
        }
        let (kept, removed) = self.db.without(refuted);
        if removed == 0 {
            return;
        }
        self.db = kept;
        self.unverified = self.unverified.saturating_sub(removed).min(self.db.len());
        // An answer shown may have rested on what was removed: it is withdrawn, in words
        // (one proved from scratch rests on nothing).
        if let Some(c) = self.computation.as_mut().filter(|c| !c.misere) {
            if c.result.is_some() && c.trust != Some(Trust::Proved) {
                c.trust = Some(Trust::Withdrawn);
            }
        }
        self.keep_parameters();
        self.store_base();
        self.db_message = format!(
            "{removed} couple{} the check refuted {} removed from the main base: no answer rests on {}.",
            if removed == 1 { "" } else { "s" },
            if removed == 1 { "was" } else { "were" },
            if removed == 1 { "it" } else { "them" },
        );
    }

    /// Keeps the main base in the browser (IndexedDB), saying so if the browser refuses.
    pub(super) fn store_base(&mut self) {
        self.keep_parameters();
        let (handle, count) = (self.me.clone(), self.db.len());
        self.last_kept = dom::now();
        keep::save(&self.storage_key, seal(&self.db.to_spr()), move |result| {
            let (Err(e), Some(app)) = (result, handle.upgrade()) else {
                return;
            };
            page::try_update(&app, |a| {
                a.db_message = format!("The main base ({count} couples) could not be kept in this browser ({e}); save it to a file.");
            });
        });
    }

    /// Merges `.spr` files into the main base; a misère base file goes to the misère base
    /// instead (returned when it is to be read now).
    pub(super) fn merge_files(&mut self, files: &[(String, String)]) -> Option<(String, String)> {
        if files.iter().any(|(_, text)| is_misere_base(text)) {
            if let [(name, text)] = files {
                return self.misere_file(name, text);
            }
            self.db_message =
                "Nothing was loaded: load a misère base on its own, one at a time.".into();
            return None;
        }
        let refs: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        match self.db.merge(&refs) {
            Ok(report) => {
                self.unverified += report.added;
                self.db_message = format!(
                    "Loaded {} couples from {} file(s); {} new, unverified until a complete check proves them (the searches use them as they are).",
                    report.read.iter().sum::<usize>(),
                    files.len(),
                    report.added
                );
                self.store_base();
                self.keep_parameters();
            }
            Err(e) => self.db_message = format!("Nothing was loaded. {e}"),
        }
        None
    }
}
