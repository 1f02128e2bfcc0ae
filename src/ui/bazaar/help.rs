//! What the page teaches: the rules of Bazaar and the JavaScript player API
//!, as two folded sections built from plain text (no markup from strings).

use web_sys::HtmlElement;

use crate::engine::bazaar::cards::points;
use crate::ui::dom;
use crate::ui::dom::child;

const RULES: &[(&str, &str)] = &[
    (
        "The goal",
        "Collect pebbles and buy cards with them; cards score points. The game ends before a turn \
         when a player has 20 points or more, when no cards are left, or when the bank is empty and \
         nobody can pay for any card. The highest score wins; a tie gives several winners.",
    ),
    (
        "A turn",
        "First, the player either takes one pebble from the bank (the course's referee takes the \
         first colour in the order red, white, blue, green, yellow; the \"Random pebble draw\" \
         box draws at random as the printed rules say), or makes exchanges. Then it may buy any of \
         the visible cards whose five pebbles its wallet holds; bought cards are replaced from the \
         top of the pile.",
    ),
    (
        "Exchanges",
        "An equation can be used either way: give one side to the bank, get the other. A list of \
         exchanges is made in order, each paid from the wallet and the bank as they are at that \
         moment. Every exchange request, even an empty one, costs a card: the bottom card of the \
         pile leaves the game; when the pile is empty all visible cards go, and the game ends.",
    ),
    (
        "Bonuses at the end",
        "With an end bonus chosen: RWB gives +10 to a player whose bought cards together show a \
         red, a white and a blue pebble; Seychelles gives +50 if they show all five colours.",
    ),
    (
        "Elimination",
        "A player that breaks a rule (a pebble from an empty bank, an exchange that is no equation \
         or cannot be paid, a card that is not visible or cannot be paid), raises an error, or \
         takes longer than the time limit is eliminated: its pebbles leave the game. A human seat \
         is told what is wrong instead, unless \"Strict rules for humans\" is on.",
    ),
];

const API: &[(&str, &str)] = &[
    (
        "Four functions",
        "setup(equations) is called once at the start; requestPebbleOrTrades(turn) asks for the \
         first action: return false for a pebble, or a list of exchanges; requestCards(turn) asks \
         which visible cards to buy, in order: return a list of cards (possibly empty); win(won) \
         says whether the player won. setup and win return nothing and may be left out.",
    ),
    (
        "The data (the course's JSON)",
        "A pebble is \"red\", \"white\", \"blue\", \"green\" or \"yellow\". An equation is [left, \
         right], two lists of pebbles; an exchange has the same shape and gives its left side for \
         its right side, so flip an equation to use it the other way. A card is {\"pebbles\": \
         [five pebbles], \"face?\": true or false}. A turn is {\"bank\": [pebbles], \"cards\": \
         [the visible cards], \"active\": {\"wallet\": [pebbles], \"score\": n}, \"scores\": [the \
         other players' scores, in turn order]}.",
    ),
    (
        "Where it runs",
        "Each player runs in a Web Worker of its own inside a sandboxed frame: it cannot reach the \
         page, the site's storage or the network. Each call has the time limit set above. \
         console.log lines appear in the log (at most 20 a call); an error, thrown or in the code \
         itself, eliminates the player with its message and line. \"Show the wire JSON\" prints \
         every call and answer as the course's remote players exchange them.",
    ),
];

/// Adds the two folded sections to `root`.
pub fn add(root: &HtmlElement) {
    let rules = section(root, "How to play", RULES);
    scoring_table(&rules);
    section(root, "Writing a JavaScript player", API);
}

fn section(root: &HtmlElement, title: &str, paragraphs: &[(&str, &str)]) -> HtmlElement {
    let details = child(root, "details", "gl-bazaar-help");
    child(&details, "summary", "").set_text_content(Some(title));
    for (heading, text) in paragraphs {
        let p = child(&details, "p", "");
        child(&p, "strong", "").set_text_content(Some(&format!("{heading}. ")));
        dom::best_effort(p.append_with_str_1(text));
    }
    details
}

/// The points of a card by the pebbles left after paying for it, from the engine's own table.
fn scoring_table(parent: &HtmlElement) {
    let table = child(parent, "table", "gl-bazaar-points");
    child(&table, "caption", "").set_text_content(Some(
        "Points for a card, by the pebbles left in the wallet after paying for it",
    ));
    let head = child(&table, "tr", "");
    for label in ["pebbles left", "plain card", "card with ☺"] {
        child(&head, "th", "").set_text_content(Some(label));
    }
    for (label, left) in [("3 or more", 3), ("2", 2), ("1", 1), ("0", 0)] {
        let row = child(&table, "tr", "");
        child(&row, "th", "").set_text_content(Some(label));
        for face in [false, true] {
            child(&row, "td", "").set_text_content(Some(&points(face, left).to_string()));
        }
    }
}
