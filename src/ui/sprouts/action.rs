//! What a click in Glop's page asks for. The page's buttons carry their action as text
//! (`data-action`); it is read here once, into this enum, and everything after works on it.

/// One of Glop's actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show a tab (its name).
    Tab(String),
    Compute,
    Stop,
    /// Put the start position and goal in the page address (a link to send).
    Share,
    /// Throw the computation away (the base keeps what it found).
    Restart,
    Check,
    CompleteCheck,
    LoadBase,
    SaveBase,
    ClearBase,
    /// The reader answered yes to the question the page asked (widgets::confirm).
    ClearBaseConfirmed,
    UseCheckBaseConfirmed,
    FilterApplyConfirmed,
    SaveCheckBase,
    SaveCheckGraph,
    SaveMisereBase,
    ClearMisereBase,
    ClearMisereBaseConfirmed,
    /// The reader agreed to replace the misère base with the file waiting.
    MisereLoadConfirmed,
    UseCheckBase,
    AdoptCheckResults,
    /// Preview (false) or apply (true) the database filter.
    Filter {
        apply: bool,
    },
    ChildrenCompute,
    ChildrenClose,
    /// Compute the nimber of the Children tab's child (index).
    ChildNimber(usize),
    StopChild,
    /// Open the Children tab's child (index) as the position.
    Child(usize),
    /// Move a level to its next or previous unknown child.
    LevelStep {
        level: usize,
        forward: bool,
    },
    /// List a level's children.
    LevelList(usize),
    /// Make a level compute one of its children.
    Zap {
        level: usize,
        child: usize,
    },
}

impl Action {
    /// The action a button's `data-action` names, if it names one.
    pub fn parse(text: &str) -> Option<Action> {
        if let Some(tab) = text.strip_prefix("tab-") {
            return Some(Action::Tab(tab.to_string()));
        }
        let simple = match text {
            "compute" => Some(Action::Compute),
            "share" => Some(Action::Share),
            "stop" => Some(Action::Stop),
            "restart" => Some(Action::Restart),
            "check" => Some(Action::Check),
            "complete-check" => Some(Action::CompleteCheck),
            "load-base" => Some(Action::LoadBase),
            "save-base" => Some(Action::SaveBase),
            "clear-base" => Some(Action::ClearBase),
            "clear-base-confirmed" => Some(Action::ClearBaseConfirmed),
            "use-check-base-confirmed" => Some(Action::UseCheckBaseConfirmed),
            "filter-apply-confirmed" => Some(Action::FilterApplyConfirmed),
            "save-check-base" => Some(Action::SaveCheckBase),
            "save-check-graph" => Some(Action::SaveCheckGraph),
            "save-misere-base" => Some(Action::SaveMisereBase),
            "clear-misere-base" => Some(Action::ClearMisereBase),
            "clear-misere-confirmed" => Some(Action::ClearMisereBaseConfirmed),
            "misere-load-confirmed" => Some(Action::MisereLoadConfirmed),
            "use-check-base" => Some(Action::UseCheckBase),
            "adopt-check-results" => Some(Action::AdoptCheckResults),
            "filter-preview" => Some(Action::Filter { apply: false }),
            "filter-apply" => Some(Action::Filter { apply: true }),
            "children-compute" => Some(Action::ChildrenCompute),
            "children-close" => Some(Action::ChildrenClose),
            "stop-child" => Some(Action::StopChild),
            _ => None,
        };
        if simple.is_some() {
            return simple;
        }
        let (kind, rest) = text.split_once(':')?;
        let mut numbers = rest.split(':').map(|n| n.parse::<usize>().ok());
        let first = numbers.next()??;
        match kind {
            "child-nimber" => Some(Action::ChildNimber(first)),
            "child" => Some(Action::Child(first)),
            "level-next" => Some(Action::LevelStep {
                level: first,
                forward: true,
            }),
            "level-prev" => Some(Action::LevelStep {
                level: first,
                forward: false,
            }),
            "level-list" => Some(Action::LevelList(first)),
            "zap" => Some(Action::Zap {
                level: first,
                child: numbers.next()??,
            }),
            _ => None,
        }
    }
}
