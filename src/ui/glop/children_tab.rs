//! The Children tab: a position's canonical children with the nimbers the base knows, a
//! child opened in its turn, and a missing nimber computed on demand.

use super::*;

/// The nimber of one child of the Children tab, computed into the main base.
pub(super) struct ChildRun {
    pub(super) index: usize,
    pub(super) position: Position,
    pub(super) solving: Solving,
    pub(super) spent: f64,
    pub(super) stopped: bool,
}

/// Computes the nimber of child `index` of the Children tab into the main base, in slices
/// (Stop ends it; the couples found so far stay in the base).
pub(super) fn start_child_nimber(app: &Shared, index: usize) {
    {
        let mut a = app.borrow_mut();
        if a.child_run.as_ref().is_some_and(|r| !r.stopped) || a.running {
            a.children_note("One computation at a time: wait for it or stop it first.");
            return;
        }
        let Some((position, _)) = a.children.get(index).cloned() else {
            return;
        };
        let request = Request::new(position.clone(), Question::Normal(Goal::Nimber));
        match Solving::new(request) {
            Ok(solving) => {
                a.child_run = Some(ChildRun {
                    index,
                    position,
                    solving,
                    spent: 0.0,
                    stopped: false,
                })
            }
            Err(e) => {
                a.children_note(&e.to_string());
                return;
            }
        }
    }
    in_slices(app, child_step, |a, ms| {
        if let Some(run) = a.child_run.as_mut() {
            run.spent += ms;
        }
    });
}

pub(super) fn child_step(a: &mut Glop) -> bool {
    let Some(run) = a.child_run.as_mut() else {
        return true;
    };
    if run.stopped {
        a.store_base();
        return true;
    }
    let answer = match run.solving.step(Bases::normal(&mut a.db), STEP_EXPANSIONS) {
        Progress::Running => return false,
        Progress::Done(Answer::Nimber(n)) => Ok(n),
        Progress::Done(other) => Err(format!("the search answered {other:?}, not a nimber")),
        Progress::Failed(e) => Err(e.to_string()),
    };
    let (index, position) = (run.index, run.position.clone());
    a.child_run = None;
    match answer {
        // The list may have changed meanwhile: the answer goes to the same position.
        Ok(n) => {
            if let Some(entry) = a.children.get_mut(index).filter(|(p, _)| *p == position) {
                entry.1 = Some(n);
            }
        }
        Err(e) => a.children_note(&format!("The nimber was not found: {e}")),
    }
    a.store_base();
    true
}

impl Glop {
    pub(super) fn validate_children_input(&mut self) {
        let text = self.dom.children_input.value();
        let error = if text.trim().is_empty() {
            None
        } else {
            Position::parse(&text).err().map(|e| e.to_string())
        };
        self.dom.children_error.set_text_content(error.as_deref());
    }

    /// Opens a child of the Children tab as the position listed there.
    pub(super) fn open_child(&mut self, index: usize) {
        if let Some((position, _)) = self.children.get(index).cloned() {
            self.dom
                .children_input
                .set_value(&position.write(self.notation));
            self.compute_children();
        }
    }

    /// A message in the Children tab, where its buttons are.
    pub(super) fn children_note(&self, text: &str) {
        self.dom.children_error.set_text_content(Some(text));
    }

    pub(super) fn compute_children(&mut self) {
        // Listed at once, so bounded in time: a huge land's children give up rather than
        // freeze the page.
        const LIMIT_MS: f64 = 1000.0;
        let deadline = dom::now() + LIMIT_MS;
        let stop = Stop::when(move || dom::now() >= deadline);
        let text = self.dom.children_input.value();
        match Position::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                children_with_nimbers(&p, &self.db, &stop).map_err(|cut| match cut {
                    Cut::Stopped => format!(
                        "Listing these children took more than {} s and was stopped: the position is too large to list here.",
                        LIMIT_MS / 1000.0
                    ),
                    Cut::TooLarge(why) => format!("{why}."),
                })
            })
        {
            Ok(list) => {
                self.children = list;
                self.dom.children_error.set_text_content(None);
            }
            Err(e) => {
                self.children.clear();
                self.dom.children_error.set_text_content(Some(&e));
            }
        }
    }
}
