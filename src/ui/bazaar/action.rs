//! What a click in the Bazaar element asks for. Buttons carry their action's name
//! (`data-action`, from the table below: `ui::action`); the table's own clicks make one directly.

/// Where the observer moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observe {
    First,
    Back,
    Forward,
    Latest,
}

/// One of the Bazaar element's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NewGame,
    /// One call of the referee, then pause.
    Step,
    Play,
    Pause,
    Tournament,
    RunTest,
    /// A human's answers: a pebble, the exchanges chosen, the cards chosen, or start again.
    Pebble,
    Trade,
    Buy,
    Clear,
    Observe(Observe),
    SaveJson,
    SavePng,
    /// The whole game into the page address.
    Share,
    /// Seat i's code becomes the example player again.
    Example(usize),
    /// The human adds oriented equation i (equation i / 2, flipped if odd) to the exchanges.
    UseEquation(usize),
    /// The human adds visible card i to the purchase.
    Card(usize),
}

crate::named_actions!(Action {
    "new-game" => [Action::NewGame],
    "step" => [Action::Step],
    "play" => [Action::Play],
    "pause" => [Action::Pause],
    "tournament" => [Action::Tournament],
    "run-test" => [Action::RunTest],
    "pebble" => [Action::Pebble],
    "trade" => [Action::Trade],
    "buy" => [Action::Buy],
    "clear" => [Action::Clear],
    "observe-first" => [Action::Observe(Observe::First)],
    "observe-back" => [Action::Observe(Observe::Back)],
    "observe-forward" => [Action::Observe(Observe::Forward)],
    "observe-latest" => [Action::Observe(Observe::Latest)],
    "save-json" => [Action::SaveJson],
    "save-png" => [Action::SavePng],
    "share" => [Action::Share],
    "example-" (seat) => [Action::Example(seat)],
    "use-" (equation) => [Action::UseEquation(equation)],
    "card-" (card) => [Action::Card(card)],
});

/// The settings fields the table listens to by name (`data-field`, from the table below, as
/// actions are named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Count,
    Seed,
    Bonus,
    RandomDraw,
    /// The time limit per call.
    Limit,
    ShowWire,
    /// Who sits at seat i.
    Seat(usize),
    /// Seat i's JavaScript player, typed …
    Code(usize),
    /// … or loaded from a file.
    File(usize),
}

crate::named_actions!(Field {
    "count" => [Field::Count],
    "seed" => [Field::Seed],
    "bonus" => [Field::Bonus],
    "random-draw" => [Field::RandomDraw],
    "limit" => [Field::Limit],
    "show-wire" => [Field::ShowWire],
    "seat-" (seat) => [Field::Seat(seat)],
    "code-" (seat) => [Field::Code(seat)],
    "file-" (seat) => [Field::File(seat)],
});

impl Field {
    /// A setting of the game itself (the next game's, once one has begun).
    pub fn is_game_setting(self) -> bool {
        matches!(
            self,
            Field::Count | Field::Seed | Field::Bonus | Field::RandomDraw | Field::Seat(_)
        )
    }
}
