//! What a click or key in the ADE applet asks for. Buttons and fields carry their action's name
//! (`data-action`, from the table below: `ui::action`); keys make one directly.

/// One of the applet's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open the Game menu (true) or the About menu (false).
    Menu {
        game: bool,
    },
    NewGame,
    /// A help window: the game's, About, editing, playing, or the firing-sequence graph's.
    Help(Help),
    HelpOk,
    Load,
    LoadOk,
    LoadCancel,
    ValueOk,
    ValueCancel,
    Playing,
    Editing,
    /// Editing, as the reader confirmed (it clears the graph).
    EditingConfirmed,
    AllOnes,
    /// Open or close the shaping of the graph (Editing mode).
    Shape,
    AddNode,
    RemoveNode,
    /// Join the two nodes picked, or part them.
    Join,
    /// The weights of the edge between the two nodes picked.
    Weights,
    WeightsOk,
    WeightsCancel,
    /// Move the node picked a quarter step.
    Nudge(Towards),
    /// The roots window: open it, list the roots up to the height typed, draw root i, close.
    Roots,
    RootsList,
    Root(usize),
    RootsOk,
    /// Two orders of the numbers game from the start: compare them, replay one (the lowest- or
    /// highest-numbered positive node first), close.
    Orders,
    ReplayOrder {
        highest: bool,
    },
    OrdersOk,
    Fire,
    /// The numbers game: once round the nodes, each positive one fired in its turn.
    Round,
    /// The way to play changed (concurrent firing, or one node a move).
    Firing,
    Undo,
    /// Fires again the layer last undone.
    Redo,
    /// Fire and Undo in the firing-sequence graph's window.
    GraphFire,
    GraphUndo,
    Exhaust,
    Stop,
    ShowGraph,
    GraphOk,
    /// The firing-sequence graph's earlier (false) or later (true) page.
    GraphPage {
        later: bool,
    },
    /// Save the picture as PNG (true) or TGA (false).
    SavePicture {
        png: bool,
    },
    Share,
    /// Close whatever is open (Escape).
    Escape,
    /// Type a value for node i.
    Node(usize),
    /// The fields: a single 1 at the node chosen, the rings drawn, the cap of one Exhaust fire.
    SingleOneAt,
    MaxRings,
    /// The firing-sequence graph's size changed (fit, 100 %, 200 %).
    GraphZoom,
    LayerCap,
}

/// Where an arrow key moves the node picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Towards {
    Left,
    Right,
    Up,
    Down,
}

impl Towards {
    /// A quarter step that way, as (x, y) in steps (y grows downwards).
    pub fn step(self) -> (f64, f64) {
        match self {
            Towards::Left => (-0.25, 0.0),
            Towards::Right => (0.25, 0.0),
            Towards::Up => (0.0, -0.25),
            Towards::Down => (0.0, 0.25),
        }
    }
}

/// Which help the applet shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Help {
    Game,
    About,
    Editing,
    Playing,
    Graph,
}

crate::named_actions!(Action {
    "menu-game" => [Action::Menu { game: true }],
    "menu-about" => [Action::Menu { game: false }],
    "new-game" => [Action::NewGame],
    "game-help" => [Action::Help(Help::Game)],
    "about" => [Action::Help(Help::About)],
    "help-editing" => [Action::Help(Help::Editing)],
    "help-playing" => [Action::Help(Help::Playing)],
    "graph-help" => [Action::Help(Help::Graph)],
    "help-ok" => [Action::HelpOk],
    "load" => [Action::Load],
    "load-ok" => [Action::LoadOk],
    "load-cancel" => [Action::LoadCancel],
    "value-ok" => [Action::ValueOk],
    "value-cancel" => [Action::ValueCancel],
    "playing" => [Action::Playing],
    "editing" => [Action::Editing],
    "editing-confirmed" => [Action::EditingConfirmed],
    "all-ones" => [Action::AllOnes],
    "shape" => [Action::Shape],
    "roots" => [Action::Roots],
    "roots-list" => [Action::RootsList],
    "root-" (index) => [Action::Root(index)],
    "roots-ok" => [Action::RootsOk],
    "orders" => [Action::Orders],
    "replay-lowest" => [Action::ReplayOrder { highest: false }],
    "replay-highest" => [Action::ReplayOrder { highest: true }],
    "orders-ok" => [Action::OrdersOk],
    "add-node" => [Action::AddNode],
    "remove-node" => [Action::RemoveNode],
    "join" => [Action::Join],
    "weights" => [Action::Weights],
    "weights-ok" => [Action::WeightsOk],
    "weights-cancel" => [Action::WeightsCancel],
    "nudge-left" => [Action::Nudge(Towards::Left)],
    "nudge-right" => [Action::Nudge(Towards::Right)],
    "nudge-up" => [Action::Nudge(Towards::Up)],
    "nudge-down" => [Action::Nudge(Towards::Down)],
    "fire" => [Action::Fire],
    "round" => [Action::Round],
    "firing" => [Action::Firing],
    "undo" => [Action::Undo],
    "redo" => [Action::Redo],
    "graph-fire" => [Action::GraphFire],
    "graph-undo" => [Action::GraphUndo],
    "exhaust" => [Action::Exhaust],
    "stop" => [Action::Stop],
    "show-graph" => [Action::ShowGraph],
    "graph-ok" => [Action::GraphOk],
    "graph-earlier" => [Action::GraphPage { later: false }],
    "graph-later" => [Action::GraphPage { later: true }],
    "save-tga" => [Action::SavePicture { png: false }],
    "save-png" => [Action::SavePicture { png: true }],
    "share" => [Action::Share],
    "escape" => [Action::Escape],
    "node-" (node) => [Action::Node(node)],
    "single-at" => [Action::SingleOneAt],
    "max-rings" => [Action::MaxRings],
    "graph-zoom" => [Action::GraphZoom],
    "layer-cap" => [Action::LayerCap],
});
