//! What a click in Glop's page asks for. The page's buttons carry their action's name
//! (`data-action`, from the table below: `ui::action`).

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

crate::named_actions!(Action {
    "tab-" (tab) => [Action::Tab(tab)],
    "compute" => [Action::Compute],
    "share" => [Action::Share],
    "stop" => [Action::Stop],
    "restart" => [Action::Restart],
    "check" => [Action::Check],
    "complete-check" => [Action::CompleteCheck],
    "load-base" => [Action::LoadBase],
    "save-base" => [Action::SaveBase],
    "clear-base" => [Action::ClearBase],
    "clear-base-confirmed" => [Action::ClearBaseConfirmed],
    "use-check-base-confirmed" => [Action::UseCheckBaseConfirmed],
    "filter-apply-confirmed" => [Action::FilterApplyConfirmed],
    "save-check-base" => [Action::SaveCheckBase],
    "save-check-graph" => [Action::SaveCheckGraph],
    "save-misere-base" => [Action::SaveMisereBase],
    "clear-misere-base" => [Action::ClearMisereBase],
    "clear-misere-confirmed" => [Action::ClearMisereBaseConfirmed],
    "misere-load-confirmed" => [Action::MisereLoadConfirmed],
    "use-check-base" => [Action::UseCheckBase],
    "adopt-check-results" => [Action::AdoptCheckResults],
    "filter-preview" => [Action::Filter { apply: false }],
    "filter-apply" => [Action::Filter { apply: true }],
    "children-compute" => [Action::ChildrenCompute],
    "children-close" => [Action::ChildrenClose],
    "stop-child" => [Action::StopChild],
    "child-nimber:" (child) => [Action::ChildNimber(child)],
    "child:" (child) => [Action::Child(child)],
    "level-next:" (level) => [Action::LevelStep { level, forward: true }],
    "level-prev:" (level) => [Action::LevelStep { level, forward: false }],
    "level-list:" (level) => [Action::LevelList(level)],
    "zap:" (level, child) => [Action::Zap { level, child }],
});

/// The fields of Glop's page that the page listens to by name (`data-field`, from the table
/// below, as actions are named): typing in a start, choosing the notation or the goal, files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The classic start's number of spots.
    Spots,
    /// A free position typed.
    Free,
    /// The two radio buttons: the classic start or a free position.
    StartKind,
    Goal,
    Notation,
    /// The files chosen to load (.spr, a misère base).
    Files,
    /// The Children tab's position.
    ChildrenPosition,
}

crate::named_actions!(Field {
    "spots" => [Field::Spots],
    "free" => [Field::Free],
    "start-kind" => [Field::StartKind],
    "goal" => [Field::Goal],
    "notation" => [Field::Notation],
    "files" => [Field::Files],
    "children-position" => [Field::ChildrenPosition],
});
