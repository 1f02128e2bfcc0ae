//! Chain Reaction's board as a picture, with no browser: its size for the room it has, the cell
//! under a point, the orbs of an explosion on their way, and the drawing through `Painter`. The
//! page draws with it on a canvas; tests draw into a raster and click through its geometry.

use super::palette::{self, seat, seat_letter};
use super::{Align, Painter, Rgb};
use crate::engine::chain_reaction::analysis::Outcome;
use crate::engine::chain_reaction::automaton::{state_letter, state_of};
use crate::engine::chain_reaction::Settings;

/// One cell's content: its owner and orbs, or empty.
pub type Content = Option<(usize, u8)>;

/// Where the cells are: a square grid of `cell`-pixel cells from the top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    pub cell: f64,
}

impl Layout {
    /// Cells never smaller than a fingertip, nor so big that a small board fills a wall.
    pub const MIN_CELL: f64 = 30.0;
    pub const MAX_CELL: f64 = 96.0;
    /// The automaton view's cells are bigger: their states (`S''21`) must be read, not guessed.
    pub const MIN_STATE_CELL: f64 = 46.0;

    /// The biggest board that fits `width` × `height` pixels (whole pixels a cell), within the
    /// cell limits for its labels: a board too big for the room keeps the smallest cells and
    /// scrolls.
    pub fn fit(settings: Settings, width: f64, height: f64, labels: Labels) -> Layout {
        let by_width = width / settings.cols.max(1) as f64;
        let by_height = height / settings.rows.max(1) as f64;
        let smallest = match labels {
            Labels::Orbs => Self::MIN_CELL,
            Labels::States => Self::MIN_STATE_CELL,
        };
        let cell = by_width
            .min(by_height)
            .floor()
            .clamp(smallest, Self::MAX_CELL);
        Layout {
            rows: settings.rows,
            cols: settings.cols,
            cell,
        }
    }

    /// The layout of a board drawn `width` pixels wide (how a test finds a cell on screen).
    pub fn with_width(settings: Settings, width: f64) -> Layout {
        Layout {
            rows: settings.rows,
            cols: settings.cols,
            cell: width / settings.cols.max(1) as f64,
        }
    }

    pub fn width(&self) -> f64 {
        self.cols as f64 * self.cell
    }

    pub fn height(&self) -> f64 {
        self.rows as f64 * self.cell
    }

    /// The cell under (x, y), if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<usize> {
        if !(x >= 0.0 && y >= 0.0 && x < self.width() && y < self.height()) {
            return None;
        }
        let (col, row) = ((x / self.cell) as usize, (y / self.cell) as usize);
        (row < self.rows && col < self.cols).then_some(row * self.cols + col)
    }

    /// The centre of a cell.
    pub fn centre(&self, cell: usize) -> (f64, f64) {
        let (row, col) = (cell / self.cols.max(1), cell % self.cols.max(1));
        (
            (col as f64 + 0.5) * self.cell,
            (row as f64 + 0.5) * self.cell,
        )
    }
}

/// What each cell's label says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// `A2`: the owner's letter and the orbs (so colour is never the only signal).
    Orbs,
    /// The automaton view: each cell's state, `S21`, `S'32`, `critical`.
    States,
}

/// Orbs of one explosion wave on their way from exploding cells to their neighbours.
#[derive(Clone, Debug, PartialEq)]
pub struct Flight {
    pub player: usize,
    /// (from, to) cell pairs, one orb each.
    pub orbs: Vec<(usize, usize)>,
    /// How far along they are, 0 to 1.
    pub progress: f64,
}

/// Everything one picture of the board shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    pub settings: Settings,
    pub board: &'a [Content],
    /// The player to move: the grid takes their colour (as in the original), grey once over.
    pub to_move: Option<usize>,
    /// The keyboard cursor, once the keyboard is used.
    pub cursor: Option<usize>,
    /// The cell the last move was placed in.
    pub last: Option<usize>,
    /// The cell the automaton view describes.
    pub selected: Option<usize>,
    pub labels: Labels,
    pub flight: Option<&'a Flight>,
    /// The analysis: each playable cell marked W or L and the plies to the end, ★ on the best.
    pub analysis: Option<&'a Outcome>,
    /// The cell a hint suggests.
    pub hint: Option<usize>,
}

/// Orb radius and offsets from the orbs' centre for `n` orbs in a cell of size `cell`: up to
/// four in a tight cluster, five to eight on a ring, none overlapping.
pub fn orb_places(n: usize, cell: f64) -> (f64, Vec<(f64, f64)>) {
    let n = n.min(8);
    let r = if n <= 4 {
        cell * 0.14
    } else {
        // Ring radius R = 1.15 r / sin(π/n) keeps neighbours apart; R + r stays within 0.36 cell.
        let spread = 1.15 / (std::f64::consts::PI / n as f64).sin();
        cell * 0.36 / (1.0 + spread)
    };
    let d = r * 1.12;
    let places = match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.0)],
        2 => vec![(-d, 0.0), (d, 0.0)],
        3 => vec![(0.0, -d * 1.1), (-d * 1.05, d * 0.7), (d * 1.05, d * 0.7)],
        4 => vec![(-d, -d), (d, -d), (-d, d), (d, d)],
        _ => {
            let ring = 1.15 * r / (std::f64::consts::PI / n as f64).sin();
            (0..n)
                .map(|k| {
                    let angle =
                        std::f64::consts::TAU * k as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                    (ring * angle.cos(), ring * angle.sin())
                })
                .collect()
        }
    };
    (r, places)
}

/// The board after one wave's cells have thrown their orbs out, and those orbs in flight: the
/// in-between picture of `frame` (the board before the wave) and the next frame.
pub fn launch(
    settings: Settings,
    frame: &[Content],
    wave: &[usize],
    player: usize,
) -> (Vec<Content>, Flight) {
    let mut board = frame.to_vec();
    let mut orbs = Vec::new();
    for &cell in wave {
        let mass = settings.critical_mass(cell);
        if let Some(Some((owner, n))) = board.get(cell).copied() {
            let left = n.saturating_sub(mass);
            board[cell] = (left > 0).then_some((owner, left));
            orbs.extend(settings.neighbours(cell).map(|to| (cell, to)));
        }
    }
    (
        board,
        Flight {
            player,
            orbs,
            progress: 0.0,
        },
    )
}

/// Draws the board.
pub fn draw(p: &mut impl Painter, layout: &Layout, scene: &Scene) {
    let (w, h, cell) = (layout.width(), layout.height(), layout.cell);
    p.fill_rect(0.0, 0.0, w, h, palette::PAPER);
    let grid = scene.to_move.map_or(palette::GREY, seat);
    if let Some(last) = scene.last {
        last_move(p, layout, last);
    }
    for (index, &content) in scene.board.iter().enumerate().take(scene.settings.cells()) {
        draw_cell(p, layout, scene, index, content);
    }
    for row in 0..=layout.rows {
        let y = (row as f64 * cell).clamp(0.5, h - 0.5);
        p.line(0.0, y, w, y, 1.0, grid);
    }
    for col in 0..=layout.cols {
        let x = (col as f64 * cell).clamp(0.5, w - 0.5);
        p.line(x, 0.0, x, h, 1.0, grid);
    }
    if let Some(flight) = scene.flight {
        let r = cell * 0.14;
        let t = flight.progress.clamp(0.0, 1.0);
        for &(from, to) in &flight.orbs {
            let ((x0, y0), (x1, y1)) = (layout.centre(from), layout.centre(to));
            orb(p, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r, flight.player);
        }
    }
    if let Some(Outcome::Solved { value, moves }) = scene.analysis {
        for &(index, v) in moves {
            let mark = format!(
                "{}{}{}",
                if v.is_win() { 'W' } else { 'L' },
                v.plies(),
                if v == *value { "★" } else { "" }
            );
            let (x, y) = corner(layout, index);
            let colour = if v.is_win() {
                palette::WIN
            } else {
                palette::LOSS
            };
            p.text(
                x + 4.0,
                y + cell * 0.2,
                &mark,
                label_size(cell, "W23★"),
                Align::Left,
                colour,
            );
        }
    }
    if let Some(hint) = scene.hint {
        // A double ring under the analysis mark (which sits in the cell's top fifth).
        let (cx, cy) = layout.centre(hint);
        let (cy, r) = (cy + cell * 0.06, cell * 0.34);
        p.ring(cx, cy, r, 4.0, palette::WIN);
        p.ring(cx, cy, r - 6.0, 1.5, palette::WIN);
    }
    if let Some(selected) = scene.selected {
        dashed_frame(p, layout, selected);
    }
    if let Some(cursor) = scene.cursor {
        let (cx, cy) = layout.centre(cursor);
        p.ring(cx, cy, cell / 2.0 - 3.0, 3.0, palette::FOCUS);
    }
}

/// The last move's cell: a frame and a pale fill (the shape tells it, and the orbs keep their
/// contrast).
fn last_move(p: &mut impl Painter, layout: &Layout, last: usize) {
    let cell = layout.cell;
    let (x, y) = corner(layout, last);
    let frame = (cell * 0.07).max(3.0);
    p.fill_rect(
        x + 1.0,
        y + 1.0,
        cell - 2.0,
        cell - 2.0,
        palette::LAST_MOVE_FRAME,
    );
    p.fill_rect(
        x + 1.0 + frame,
        y + 1.0 + frame,
        cell - 2.0 - 2.0 * frame,
        cell - 2.0 - 2.0 * frame,
        palette::LAST_MOVE_FILL,
    );
}

/// One cell: its orbs (framed and marked when about to explode) and its label.
fn draw_cell(
    p: &mut impl Painter,
    layout: &Layout,
    scene: &Scene,
    index: usize,
    content: Option<(usize, u8)>,
) {
    let cell = layout.cell;
    let (x, y) = corner(layout, index);
    let mass = scene.settings.critical_mass(index);
    let (cx, cy) = (x + cell / 2.0, y + cell * 0.44);
    if let Some((owner, orbs)) = content.filter(|&(_, n)| n > 0) {
        if orbs >= mass {
            // About to explode: a red frame and a mark, not just a colour.
            p.fill_rect(x + 2.0, y + 2.0, cell - 4.0, cell - 4.0, palette::HIGHLIGHT);
            p.ring(cx, cy, cell * 0.42, 2.5, palette::WARNING);
            p.text(
                x + cell - 6.0,
                y + cell * 0.16,
                "!",
                cell * 0.22,
                Align::Right,
                palette::WARNING,
            );
        }
        let (r, places) = orb_places(orbs as usize, cell);
        for (dx, dy) in places {
            orb(p, cx + dx, cy + dy, r, owner);
        }
    }
    let label = match (scene.labels, content.filter(|&(_, n)| n > 0)) {
        (Labels::States, content) => state_of(mass, content),
        (Labels::Orbs, Some((owner, orbs))) => format!("{}{orbs}", seat_letter(owner)),
        (Labels::Orbs, None) => String::new(),
    };
    if !label.is_empty() {
        let size = label_size(cell, &label);
        p.text(
            cx,
            y + cell * 0.84,
            &label,
            size,
            Align::Center,
            palette::INK,
        );
    }
}

/// The smallest label a cell is given, in pixels: a phone's small print, still read at arm's length.
pub const MIN_LABEL: f64 = 10.0;

/// A cell label's size: a fifth of the cell, at least `MIN_LABEL`, shrunk only when it would not
/// fit the cell's width (about 0.55 em a character).
pub fn label_size(cell: f64, label: &str) -> f64 {
    let fitting = cell * 0.9 / (0.55 * label.chars().count().max(1) as f64);
    (cell * 0.22).max(MIN_LABEL).min(fitting)
}

/// A dashed frame round the cell a panel describes.
fn dashed_frame(p: &mut impl Painter, layout: &Layout, selected: usize) {
    let cell = layout.cell;
    let (x, y) = corner(layout, selected);
    let inset = 1.5;
    for (x0, y0, x1, y1) in [
        (x + inset, y + inset, x + cell - inset, y + inset),
        (
            x + inset,
            y + cell - inset,
            x + cell - inset,
            y + cell - inset,
        ),
        (x + inset, y + inset, x + inset, y + cell - inset),
        (
            x + cell - inset,
            y + inset,
            x + cell - inset,
            y + cell - inset,
        ),
    ] {
        p.dashed_line(x0, y0, x1, y1, 2.0, palette::MUTED, 4);
    }
}

fn corner(layout: &Layout, cell: usize) -> (f64, f64) {
    let (cx, cy) = layout.centre(cell);
    (cx - layout.cell / 2.0, cy - layout.cell / 2.0)
}

/// One orb: a disc in its owner's colour with a dark rim and a small shine.
fn orb(p: &mut impl Painter, x: f64, y: f64, r: f64, owner: usize) {
    p.disc(x, y, r, palette::SOFT_INK);
    p.disc(x, y, r - 1.0, seat(owner));
    p.disc(x - r * 0.35, y - r * 0.35, r * 0.25, palette::WHITE);
}

/// The transition a cell took on the last move, for the state machine's figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub before: Content,
    pub after: Content,
    /// `a`, `b`, … for a placement, `ε` for orbs from an explosion next door.
    pub symbol: String,
    /// The cell itself exploded on the way.
    pub exploded: bool,
}

/// The size of the state machine's figure for a cell of critical mass `mass` in a game of
/// `players` players.
pub fn machine_size(mass: u8, players: usize) -> (f64, f64) {
    (
        MACHINE_LEFT + mass as f64 * MACHINE_STEP + 110.0,
        MACHINE_TOP + players as f64 * MACHINE_ROW + 8.0,
    )
}

const MACHINE_LEFT: f64 = 84.0;
const MACHINE_STEP: f64 = 88.0;
const MACHINE_ROW: f64 = 66.0;
const MACHINE_TOP: f64 = 30.0;
const STATE_R: f64 = 21.0;

/// Where a state sits in the figure: the empty state on the left, then a row per player with
/// their states 1 … c−1 from left to right.
fn state_place(content: Content, players: usize) -> (f64, f64) {
    match content.filter(|&(_, n)| n > 0) {
        None => (
            28.0,
            MACHINE_TOP + players as f64 * MACHINE_ROW / 2.0 - MACHINE_ROW / 2.0 + 8.0,
        ),
        Some((owner, orbs)) => (
            MACHINE_LEFT + orbs as f64 * MACHINE_STEP - MACHINE_STEP / 2.0,
            MACHINE_TOP + owner as f64 * MACHINE_ROW + 8.0,
        ),
    }
}

/// The cell's state machine as the report draws it: the empty state, each player's
/// states with their transitions (the player's symbol or ε), the explosion back to the empty
/// state; the current state ringed and the transition just taken drawn thick in the accent.
pub fn draw_machine<P: Painter>(
    p: &mut P,
    mass: u8,
    players: usize,
    now: Content,
    taken: Option<&Taken>,
) {
    let (w, h) = machine_size(mass, players);
    p.fill_rect(0.0, 0.0, w, h, palette::WHITE);
    p.text(
        6.0,
        10.0,
        &format!("critical mass {mass}: {} states a player", mass - 1),
        12.0,
        Align::Left,
        palette::MUTED,
    );
    machine_transitions(p, mass, players, taken);
    machine_labels(p, mass, players);
    machine_states(p, mass, players, now, taken);
}

/// The transitions, faint, and the one just taken thick in the accent with its symbol.
fn machine_transitions<P: Painter>(p: &mut P, mass: u8, players: usize, taken: Option<&Taken>) {
    let empty = state_place(None, players);
    for player in 0..players {
        arrow(
            p,
            empty,
            state_place(Some((player, 1)), players),
            1.0,
            palette::FAINT,
        );
        for k in 1..mass.saturating_sub(1) {
            arrow(
                p,
                state_place(Some((player, k)), players),
                state_place(Some((player, k + 1)), players),
                1.0,
                palette::FAINT,
            );
        }
    }
    if let Some(taken) = taken {
        let (from, to) = (
            state_place(taken.before, players),
            state_place(taken.after, players),
        );
        if from != to {
            arrow(p, from, to, 3.0, palette::FOCUS);
            p.text(
                (from.0 + to.0) / 2.0,
                (from.1 + to.1) / 2.0 + 9.0,
                &taken.symbol,
                12.0,
                Align::Center,
                palette::FOCUS,
            );
        }
    }
}

/// Labels on the transitions: a player's symbol or ε; the explosion at the end of each row.
fn machine_labels<P: Painter>(p: &mut P, mass: u8, players: usize) {
    for player in 0..players {
        let symbol = char::from(b'a' + (player % 26) as u8);
        let (x, y) = state_place(Some((player, mass - 1)), players);
        for k in 1..mass {
            let (sx, sy) = state_place(Some((player, k)), players);
            p.text(
                sx - MACHINE_STEP / 2.0,
                sy - 11.0,
                &format!("{symbol},ε"),
                11.0,
                Align::Center,
                palette::MUTED,
            );
        }
        p.text(
            x + STATE_R + 4.0,
            y,
            &format!("{symbol},ε: explodes → {}", state_of(mass, None)),
            11.0,
            Align::Left,
            palette::MUTED,
        );
    }
}

/// The states, the current one ringed, each row named by its player; where an explosion led.
fn machine_states<P: Painter>(
    p: &mut P,
    mass: u8,
    players: usize,
    now: Content,
    taken: Option<&Taken>,
) {
    let state = |p: &mut P, content: Content, name: String| {
        let (x, y) = state_place(content, players);
        let current = content.filter(|&(_, n)| n > 0) == now.filter(|&(_, n)| n > 0);
        let fill = match content.filter(|&(_, n)| n > 0) {
            Some((owner, _)) => palette::seat_tint(owner),
            None => palette::SHADE,
        };
        p.disc(x, y, STATE_R, fill);
        p.ring(
            x,
            y,
            STATE_R,
            if current { 3.0 } else { 1.0 },
            if current {
                palette::FOCUS
            } else {
                palette::SOFT_INK
            },
        );
        let size = (13.0f64).min(2.0 * STATE_R * 0.95 / (0.55 * name.chars().count() as f64));
        p.text(x, y, &name, size, Align::Center, palette::INK);
    };
    state(p, None, state_of(mass, None));
    for player in 0..players {
        let (x, y) = state_place(Some((player, 1)), players);
        p.text(
            x,
            y + STATE_R + 9.0,
            &format!("{} ({})", seat_letter(player), state_letter(player)),
            11.0,
            Align::Center,
            seat(player),
        );
        for k in 1..mass {
            state(p, Some((player, k)), state_of(mass, Some((player, k))));
        }
    }
    if let Some(taken) = taken.filter(|t| t.exploded) {
        let (x, y) = state_place(taken.after, players);
        p.text(
            x,
            y + STATE_R + 6.0,
            "after an explosion",
            9.0,
            Align::Center,
            palette::FOCUS,
        );
    }
}

/// An arrow between two states' circles.
fn arrow(p: &mut impl Painter, from: (f64, f64), to: (f64, f64), width: f64, colour: Rgb) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let (x0, y0) = (from.0 + ux * STATE_R, from.1 + uy * STATE_R);
    let (x1, y1) = (to.0 - ux * STATE_R, to.1 - uy * STATE_R);
    p.line(x0, y0, x1, y1, width, colour);
    for side in [-1.0, 1.0] {
        let (hx, hy) = (
            x1 - ux * 7.0 + side * uy * 4.0,
            y1 - uy * 7.0 - side * ux * 4.0,
        );
        p.line(x1, y1, hx, hy, width, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_rings_the_state_now_and_draws_the_transition_taken() {
        let count = |taken: Option<&Taken>| {
            let (w, h) = machine_size(4, 2);
            let mut raster = crate::draw::raster::Raster::new(w as u32, h as u32);
            draw_machine(&mut raster, 4, 2, Some((1, 2)), taken);
            raster
                .pixels()
                .iter()
                .filter(|&&c| c == palette::FOCUS)
                .count()
        };
        let ringed = count(None);
        assert!(ringed > 0, "the state now is ringed in the accent");
        let taken = Taken {
            before: Some((1, 1)),
            after: Some((1, 2)),
            symbol: "b".into(),
            exploded: false,
        };
        assert!(
            count(Some(&taken)) > ringed,
            "and the transition taken with it"
        );
    }

    /// Every state label on the automaton view's smallest cells is at least `MIN_LABEL` pixels:
    /// a 20 × 20 board on a phone drew its states at 6 px.
    #[test]
    fn the_automaton_views_labels_are_readable_on_a_phone() {
        let settings = Settings::new(20, 20, 8).unwrap();
        let layout = Layout::fit(settings, 348.0, 600.0, Labels::States);
        assert_eq!(layout.cell, Layout::MIN_STATE_CELL);
        // The longest states: an eighth player's, on a middle cell holding three orbs.
        for content in [None, Some((0, 1)), Some((3, 2)), Some((7, 3))] {
            let label = state_of(4, content);
            let size = label_size(layout.cell, &label);
            assert!(size >= MIN_LABEL, "{label} drawn at {size:.1} px");
            assert!(
                crate::draw::text_width(&label, size) <= layout.cell,
                "{label} overflows"
            );
        }
        // The orbs' view keeps its fingertip cells, and its labels are as big.
        let orbs = Layout::fit(settings, 348.0, 600.0, Labels::Orbs);
        assert_eq!(orbs.cell, Layout::MIN_CELL);
        assert!(label_size(orbs.cell, "H3") >= MIN_LABEL);
    }

    #[test]
    fn orbs_never_overlap_and_stay_inside_the_cell() {
        for n in 1..=8 {
            let (r, places) = orb_places(n, 48.0);
            assert_eq!(places.len(), n);
            for (i, a) in places.iter().enumerate() {
                assert!(a.0.abs() + r <= 24.0 && a.1.abs() + r <= 24.0, "{n}: {a:?}");
                for b in &places[i + 1..] {
                    assert!((a.0 - b.0).hypot(a.1 - b.1) >= 2.0 * r, "{n} orbs overlap");
                }
            }
        }
    }
}
