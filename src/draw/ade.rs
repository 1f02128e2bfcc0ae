//! The two ADE pictures, drawn through `Painter` so the canvas and the TGA/PNG export share
//! one piece of code: the graph with its values, and the firing-sequence graph.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::raster::Raster;
use super::{palette, Align, Painter, Rgb};
use crate::engine::ade::{Diagram, Game, Values};

pub const POSITIVE: Rgb = palette::VALUE_POSITIVE;
pub const ZERO: Rgb = palette::VALUE_ZERO;
pub const NEGATIVE: Rgb = palette::VALUE_NEGATIVE;
const INK: Rgb = palette::INK;
const EDGE: Rgb = palette::GREY;
const FAINT: Rgb = palette::LIGHT_RULE;
const RING: Rgb = palette::RING;
const DISC: Rgb = palette::DISC;
const HIGHLIGHT: Rgb = palette::FIRED;

/// Numbers longer than this are shortened on screen (the exact value stays in the trace).
const SHOWN_DIGITS: usize = 12;

/// `123456789012345678901` → `1234567890…(21 digits)`.
pub fn short_number(text: &str) -> String {
    let digits = text.trim_start_matches('-').len();
    if text.len() <= SHOWN_DIGITS {
        text.to_string()
    } else {
        let head: String = text.chars().take(8).collect();
        format!("{head}…({digits} digits)")
    }
}

/// Values up to this many bits are written out exactly before shortening; longer ones are
/// shortened from their leading bits (writing a 100,000-digit number out takes milliseconds,
/// and a page shows thousands of them).
const EXACT_BITS: u64 = 128;

/// A value as a picture's label: exact up to 12 characters, otherwise three significant digits
/// and the power of ten (`1.23e21`), so a column stays narrow whatever the value (the tracing
/// area and the caption keep the longer forms).
pub fn compact_value(value: &BigInt) -> String {
    compact_within(value, SHOWN_DIGITS)
}

/// A value in at most about `chars` characters: exact if it fits, else three significant digits
/// and the power of ten.
pub fn compact_within(value: &BigInt, chars: usize) -> String {
    let short = short_value(value);
    if short.chars().count() <= chars {
        return short;
    }
    let bits = value.bits();
    let shift = bits.saturating_sub(64);
    let top = (value.magnitude() >> shift).to_u64().unwrap_or(u64::MAX) as f64;
    let log10 = top.log10() + shift as f64 * std::f64::consts::LOG10_2;
    let (mut exponent, mut mantissa) = (log10.floor() as i64, 10f64.powf(log10.fract()));
    if mantissa >= 9.995 {
        (exponent, mantissa) = (exponent + 1, 1.0);
    }
    let sign = if value.sign() == num_bigint::Sign::Minus {
        "-"
    } else {
        ""
    };
    format!("{sign}{mantissa:.2}e{exponent}")
}

/// `short_number` of a value, without writing a huge value out in full.
pub fn short_value(value: &BigInt) -> String {
    if value.bits() <= EXACT_BITS {
        return short_number(&value.to_string());
    }
    leading_digits(value, 8)
}

/// Digits the tracing area writes of a value before shortening it: every value of the plays a
/// page is likely to show is written whole (E10 from a single 1 stays under it for hundreds of
/// fires); past it, a line of a 30-node graph would run to pages.
pub const TRACE_DIGITS: usize = 60;

/// A value in the tracing area: whole up to `TRACE_DIGITS` digits, else its first ten digits and
/// its length (`1234567890…(75 digits)`). Each value by its own size, so neighbouring lines
/// agree, and `gamelab ade fire` prints every value whole.
pub fn trace_value(value: &BigInt) -> String {
    // 200 bits hold at most 61 digits: anything smaller is cheap to write out and measure.
    if value.bits() <= 200 {
        let text = value.to_string();
        if text.trim_start_matches('-').len() <= TRACE_DIGITS {
            return text;
        }
    }
    leading_digits(value, 10)
}

/// `1234567890…(75 digits)`: a value's first `shown` digits and its length, from its leading 64
/// bits, without writing it out (exact but for values within about 1e-15 of a power of ten).
fn leading_digits(value: &BigInt, shown: i32) -> String {
    let bits = value.bits();
    let top = (value.magnitude() >> bits.saturating_sub(64))
        .to_u64()
        .unwrap_or(u64::MAX) as f64;
    let log10 = top.log10() + bits.saturating_sub(64) as f64 * std::f64::consts::LOG10_2;
    let digits = log10.floor() as u64 + 1;
    let head = 10f64.powf(log10.fract() + (shown - 1) as f64).floor() as u64;
    let sign = if value.sign() == num_bigint::Sign::Minus {
        "-"
    } else {
        ""
    };
    format!("{sign}{head}…({digits} digits)")
}

/// Line `t` of the tracing area: the state, and the nodes the layer fired with their values
/// (`3: [1, -1, 2]   fired V1(1) V3(2)`), each value by `trace_value`.
pub fn trace_text(play: &Game, t: usize) -> String {
    let Some(state) = play.states().get(t) else {
        return String::new();
    };
    let values: Vec<String> = (0..state.len())
        .map(|i| trace_value(&state.get(i)))
        .collect();
    if t == 0 {
        return format!("0: [{}]", values.join(", "));
    }
    let fired: Vec<String> = play
        .layer(t)
        .iter()
        .map(|(node, value)| format!("{}({})", play.graph().label(*node), trace_value(value)))
        .collect();
    format!("{t}: [{}]   fired {}", values.join(", "), fired.join(" "))
}

// ---------------------------------------------------------------------------------------------
// The graph picture (the graphic area)

/// Where the nodes of a graph go in a `width` × `height` area.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphLayout {
    pub centres: Vec<(f64, f64)>,
    pub radius: f64,
}

impl GraphLayout {
    /// The narrowest picture whose nodes keep their least spacing (12 px): a narrower column
    /// scrolls the picture rather than squeezing D30's nodes into one another.
    pub fn least_width(graph: &Diagram) -> f64 {
        if graph.is_in_rows() {
            graph.columns() as f64 * 12.0 + 40.0
        } else {
            let (x0, x1, _, _) = extent(graph);
            (x1 - x0) * 16.0 + 60.0
        }
    }

    pub fn new(graph: &Diagram, width: f64, height: f64) -> GraphLayout {
        if !graph.is_in_rows() {
            return GraphLayout::free(graph, width, height);
        }
        let columns = graph.columns() as f64;
        let step = ((width - 40.0) / columns).clamp(12.0, 90.0);
        let radius = (step * 0.32).clamp(5.0, 24.0);
        let left = (width - step * (columns - 1.0)) / 2.0;
        let path_y = height * 0.62;
        let raised_y = (path_y - step.max(3.0 * radius)).max(radius + 4.0);
        let centres = (0..graph.node_count())
            .map(|i| {
                let x = left + graph.column(i) as f64 * step;
                let y = if graph.is_raised(i) { raised_y } else { path_y };
                (x, y)
            })
            .collect();
        GraphLayout { centres, radius }
    }

    /// A graph drawn where its places say, scaled to fit with room for names and values: its
    /// steps as long as both the width and the height allow, 16 to 90 px.
    fn free(graph: &Diagram, width: f64, height: f64) -> GraphLayout {
        let (x0, x1, y0, y1) = extent(graph);
        let fit = |room: f64, span: f64| if span > 0.0 { room / span } else { 90.0 };
        let step = fit(width - 60.0, x1 - x0)
            .min(fit(height - 70.0, y1 - y0))
            .clamp(16.0, 90.0);
        let radius = (step * 0.3).clamp(6.0, 22.0);
        let left = (width - step * (x1 - x0)) / 2.0;
        // A little lower than the middle: values are written above the nodes.
        let top = (height - step * (y1 - y0)) / 2.0 + 8.0;
        let centres = graph
            .places()
            .iter()
            .map(|&(x, y)| (left + (x - x0) * step, top + (y - y0) * step))
            .collect();
        GraphLayout { centres, radius }
    }

    /// The place in the graph's steps of a point of the picture (where a node dragged there
    /// goes), rounded to a quarter step.
    pub fn place_at(&self, graph: &Diagram, x: f64, y: f64) -> (f64, f64) {
        let step = self.step(graph);
        let (&(cx, cy), &(px, py)) = match self.centres.first().zip(graph.places().first()) {
            Some(pair) => pair,
            None => return (0.0, 0.0),
        };
        let quarter = |v: f64| (v * 4.0).round() / 4.0;
        (quarter(px + (x - cx) / step), quarter(py + (y - cy) / step))
    }

    /// The picture's length of one step.
    fn step(&self, graph: &Diagram) -> f64 {
        let places = graph.places();
        (0..places.len())
            .flat_map(|i| (i + 1..places.len()).map(move |j| (i, j)))
            .find_map(|(i, j)| {
                let d = ((places[i].0 - places[j].0).powi(2) + (places[i].1 - places[j].1).powi(2))
                    .sqrt();
                let (a, b) = (self.centres[i], self.centres[j]);
                let pixels = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                (d > 0.01).then(|| pixels / d)
            })
            .unwrap_or(60.0)
    }

    /// The node under a point, if any (a little slack around small nodes).
    pub fn node_at(&self, x: f64, y: f64) -> Option<usize> {
        let reach = (self.radius + 4.0).powi(2);
        self.centres
            .iter()
            .enumerate()
            .map(|(i, &(cx, cy))| (i, (x - cx).powi(2) + (y - cy).powi(2)))
            .filter(|&(_, d2)| d2 <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }
}

/// The smallest and largest x and y of a graph's places.
fn extent(graph: &Diagram) -> (f64, f64, f64, f64) {
    graph.places().iter().fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(x0, x1, y0, y1), &(x, y)| (x0.min(x), x1.max(x), y0.min(y), y1.max(y)),
    )
}

/// Size of a value written above its node.
pub const LABEL_SIZE: f64 = 11.0;
/// The most characters a value above its node takes (`-6.21e11` past it), so that the labels
/// of a long graph stay few rows high.
pub const LABEL_CHARS: usize = 8;
/// Room kept between two labels side by side, so that neighbours read as two numbers.
const LABEL_GAP: f64 = 8.0;

/// A value label above a node: where its text is anchored, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub node: usize,
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub align: Align,
    /// Read upwards from (x, y), straight over or under its node: how values are written
    /// where they are wider than the nodes are apart.
    pub upright: bool,
}

impl Label {
    /// The label's horizontal extent.
    pub fn span(&self) -> (f64, f64) {
        if self.upright {
            return (self.x - UPRIGHT_HALF, self.x + UPRIGHT_HALF);
        }
        let w = super::text_width(&self.text, LABEL_SIZE);
        match self.align {
            Align::Left => (self.x, self.x + w),
            Align::Right => (self.x - w, self.x),
            Align::Center => (self.x - w / 2.0, self.x + w / 2.0),
        }
    }

    /// What a value label covers.
    pub fn rect(&self) -> Rect {
        let (left, right) = self.span();
        if self.upright {
            let long = super::text_width(&self.text, LABEL_SIZE);
            Rect::new(left, right, self.y - long, self.y)
        } else {
            Rect::new(left, right, self.y - 6.0, self.y + 6.0)
        }
    }
}

/// Half the width an upright label takes across (its glyphs' height, about 0.55 em).
const UPRIGHT_HALF: f64 = 6.0;

/// Node names are written at this size.
pub const NAME_SIZE: f64 = 12.0;

/// The nodes' names: beside a raised node (below it runs its edge), under the others. Where the
/// path's nodes are closer than a name is wide (D30 or E10 on a phone), every k-th one is named,
/// always the first and the last, so names never run together; the node buttons under the
/// picture and its description name every node.
pub fn node_names(graph: &Diagram, width: f64, height: f64) -> Vec<Label> {
    let layout = GraphLayout::new(graph, width, height);
    let r = layout.radius;
    if !graph.is_in_rows() {
        // Free graphs: every name at its node's lower right, where edges run least often.
        return (0..graph.node_count())
            .map(|i| {
                let (x, y) = free_name_anchor(layout.centres[i], r);
                Label {
                    node: i,
                    text: graph.label(i),
                    x,
                    y,
                    align: Align::Left,
                    upright: false,
                }
            })
            .collect();
    }
    let step = if graph.columns() > 1 {
        (width - 40.0) / graph.columns() as f64
    } else {
        width
    };
    let step = step.clamp(12.0, 90.0);
    let widest = (0..graph.node_count())
        .map(|i| super::text_width(&graph.label(i), NAME_SIZE))
        .fold(0.0, f64::max);
    let every = ((widest + 6.0) / step).ceil().max(1.0) as usize;
    let last_column = graph.columns().saturating_sub(1);
    (0..graph.node_count())
        .filter_map(|i| {
            let (x, y) = layout.centres[i];
            let text = graph.label(i);
            if graph.is_raised(i) {
                return Some(Label {
                    node: i,
                    text,
                    x: x + r + 5.0,
                    y,
                    align: Align::Left,
                    upright: false,
                });
            }
            let column = graph.column(i);
            // The last column is always named; the k-th before it gives way if too close.
            let named = column == last_column
                || (column.is_multiple_of(every) && last_column - column >= every);
            named.then_some(Label {
                node: i,
                text,
                x,
                y: y + r + 12.0,
                align: Align::Center,
                upright: false,
            })
        })
        .collect()
}

/// Where a free graph's node name starts (its left end, its middle height).
fn free_name_anchor((x, y): (f64, f64), r: f64) -> (f64, f64) {
    (x + r * 0.7 + 1.0, y + r + 7.0)
}

/// The values too long to sit in their node, each written next to its own node so that it is
/// read as that node's: level just above it where every label fits in one row, otherwise all
/// upright (read upwards) straight over it, or under it for the node a raised node hangs over
/// (V2 of D, V3 of E). Staggering level labels over three or four rows (D30, E9 and E10 with
/// large values) kept them apart, but no one could tell which node a label belonged to.
pub fn value_labels(graph: &Diagram, values: &Values, width: f64, height: f64) -> Vec<Label> {
    let layout = GraphLayout::new(graph, width, height);
    let r = layout.radius;
    let texts: Vec<(usize, String)> = (0..graph.node_count())
        .map(|i| (i, compact_within(&values.get(i), LABEL_CHARS)))
        // A short value is written inside its node.
        .filter(|(_, text)| !(text.len() <= 3 && r >= 10.0))
        .collect();
    if !graph.is_in_rows() {
        // Free graphs: level above each node, shorter where they would meet.
        return level_labels(graph, &layout, &texts, width).unwrap_or_else(|| {
            let short: Vec<(usize, String)> = texts
                .iter()
                .map(|(i, _)| (*i, compact_within(&values.get(*i), 5)))
                .collect();
            level_labels(graph, &layout, &short, width)
                .unwrap_or_else(|| placed_level(&layout, &short, width))
        });
    }
    level_labels(graph, &layout, &texts, width)
        .unwrap_or_else(|| upright_labels(graph, &layout, &texts, width, height))
}

/// Every label level just above its node, kept inside the picture's width; `None` if two
/// would meet, or one would cover a node or a raised node's name.
fn level_labels(
    graph: &Diagram,
    layout: &GraphLayout,
    texts: &[(usize, String)],
    width: f64,
) -> Option<Vec<Label>> {
    let r = layout.radius;
    let mut taken: Vec<Rect> = layout
        .centres
        .iter()
        .map(|&(x, y)| Rect::new(x - r, x + r, y - r, y + r))
        .collect();
    if graph.is_in_rows() {
        for (i, &(x, y)) in layout.centres.iter().enumerate() {
            if graph.is_raised(i) {
                let w = super::text_width(&graph.label(i), NAME_SIZE);
                taken.push(Rect::new(x + r + 5.0, x + r + 5.0 + w, y - 8.0, y + 8.0));
            }
        }
    } else {
        for (i, &(x, y)) in layout.centres.iter().enumerate() {
            let w = super::text_width(&graph.label(i), NAME_SIZE);
            let (left, middle) = free_name_anchor((x, y), r);
            taken.push(Rect::new(left, left + w, middle - 7.0, middle + 7.0));
        }
    }
    let mut labels = Vec::new();
    for (i, text) in texts {
        let w = super::text_width(text, LABEL_SIZE);
        let (cx, cy) = layout.centres[*i];
        let (x, align, left) = if cx - w / 2.0 < 2.0 {
            (2.0, Align::Left, 2.0)
        } else if cx + w / 2.0 > width - 2.0 {
            (width - 2.0, Align::Right, width - 2.0 - w)
        } else {
            (cx, Align::Center, cx - w / 2.0)
        };
        let y = cy - r - 10.0;
        // Text is drawn centred on y: it covers about y - 6 to y + 6 at 11 px.
        let gap = LABEL_GAP / 2.0;
        let rect = Rect::new(left - gap, left + w + gap, y - 6.5, y + 6.5);
        if y < 8.0 || taken.iter().any(|t| t.meets(&rect)) {
            return None;
        }
        taken.push(rect);
        labels.push(Label {
            node: *i,
            text: text.clone(),
            x,
            y,
            align,
            upright: false,
        });
    }
    Some(labels)
}

/// Every label level above its node, wherever the others are (the last resort of a crowded
/// free graph: its node buttons and description name every value).
fn placed_level(layout: &GraphLayout, texts: &[(usize, String)], width: f64) -> Vec<Label> {
    texts
        .iter()
        .map(|(i, text)| {
            let (cx, cy) = layout.centres[*i];
            let w = super::text_width(text, LABEL_SIZE);
            let x = cx.clamp(2.0 + w / 2.0, (width - 2.0 - w / 2.0).max(2.0 + w / 2.0));
            Label {
                node: *i,
                text: text.clone(),
                x,
                y: (cy - layout.radius - 10.0).max(8.0),
                align: Align::Center,
                upright: false,
            }
        })
        .collect()
}

/// Every label upright on its node's own column: over the node, or under it (and under its
/// name) for the node a raised node hangs over. Labels of neighbouring columns never meet while
/// the columns are at least 12 px apart (`GraphLayout::least_width`).
fn upright_labels(
    graph: &Diagram,
    layout: &GraphLayout,
    texts: &[(usize, String)],
    width: f64,
    height: f64,
) -> Vec<Label> {
    let r = layout.radius;
    // The names: a raised node's lies across the next column; a name under the path may be
    // wider than its column.
    let names: Vec<Rect> = node_names(graph, width, height)
        .iter()
        .map(|name| {
            let w = super::text_width(&name.text, NAME_SIZE);
            let left = match name.align {
                Align::Left => name.x,
                _ => name.x - w / 2.0,
            };
            Rect::new(left, left + w, name.y - 7.0, name.y + 7.0)
        })
        .collect();
    texts
        .iter()
        .map(|(i, text)| {
            let long = super::text_width(text, LABEL_SIZE);
            let (cx, cy) = layout.centres[*i];
            let under_raised = !graph.is_raised(*i)
                && (0..graph.node_count())
                    .any(|j| graph.is_raised(j) && graph.column(j) == graph.column(*i));
            let (left, right) = (cx - UPRIGHT_HALF, cx + UPRIGHT_HALF);
            let y = if under_raised {
                // Under the node, and under any name in its way.
                let mut top = cy + r + 4.0;
                for name in &names {
                    if name.meets(&Rect::new(left, right, top, top + long)) {
                        top = name.bottom + 2.0;
                    }
                }
                (top + long).min(height - 2.0)
            } else {
                let mut y = cy - r - 4.0;
                for name in &names {
                    if name.meets(&Rect::new(left, right, y - long, y)) {
                        y = name.top - 2.0;
                    }
                }
                y.max(long + 2.0)
            };
            Label {
                node: *i,
                text: text.clone(),
                x: cx,
                y,
                align: Align::Left,
                upright: true,
            }
        })
        .collect()
}

/// A rectangle a label or node covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

impl Rect {
    pub fn new(left: f64, right: f64, top: f64, bottom: f64) -> Rect {
        Rect {
            left,
            right,
            top,
            bottom,
        }
    }

    pub fn meets(&self, other: &Rect) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }
}

/// Draws the graph with each node's value; the `marked` nodes are ringed (the node whose value
/// is being typed, the nodes picked while the graph is shaped).
pub fn draw_graph(
    p: &mut dyn Painter,
    graph: &Diagram,
    values: &Values,
    width: f64,
    height: f64,
    marked: &[usize],
) {
    p.fill_rect(0.0, 0.0, width, height, Rgb::WHITE);
    let layout = GraphLayout::new(graph, width, height);
    let r = layout.radius;
    for (a, b) in graph.edges() {
        draw_edge(p, layout.centres[a], layout.centres[b], graph.weights(a, b));
    }
    for (i, &(x, y)) in layout.centres.iter().enumerate() {
        if marked.contains(&i) {
            p.disc(x, y, r + 4.0, HIGHLIGHT);
        }
        let (fill, ink) = match values.sign(i) {
            std::cmp::Ordering::Greater => (POSITIVE, Rgb::WHITE),
            std::cmp::Ordering::Equal => (ZERO, INK),
            std::cmp::Ordering::Less => (NEGATIVE, Rgb::WHITE),
        };
        p.disc(x, y, r, INK);
        p.disc(x, y, r - 1.5, fill);
        let text = short_value(&values.get(i));
        if text.len() <= 3 && r >= 10.0 {
            p.text(x, y, &text, (r * 0.8).min(16.0), Align::Center, ink);
        }
    }
    for name in node_names(graph, width, height) {
        p.text(name.x, name.y, &name.text, NAME_SIZE, name.align, INK);
    }
    for label in value_labels(graph, values, width, height) {
        if label.upright {
            p.text_upright(label.x, label.y, &label.text, LABEL_SIZE, INK);
        } else {
            p.text(label.x, label.y, &label.text, LABEL_SIZE, label.align, INK);
        }
    }
}

/// An edge as Dynkin diagrams draw it: one line where a_ij = a_ji = −1; two or three lines
/// where a_ij·a_ji is 2 or 3, with an arrowhead pointing to the node whose row holds the larger
/// entry (the shorter root); otherwise one thick line with both weights written on it.
fn draw_edge(p: &mut dyn Painter, a: (f64, f64), b: (f64, f64), (wa, wb): (i64, i64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let lines = match (wa, wb) {
        (1, 1) => 1,
        _ if wa * wb == 2 || wa * wb == 3 => wa * wb,
        _ => 0,
    };
    if lines == 0 {
        p.line(a.0, a.1, b.0, b.1, 4.0, EDGE);
        let text = format!("{wa},{wb}");
        let (mx, my) = (
            (a.0 + b.0) / 2.0 + nx * 10.0,
            (a.1 + b.1) / 2.0 + ny * 10.0 - 2.0,
        );
        p.text(mx, my, &text, 11.0, Align::Center, INK);
        return;
    }
    let gap = 3.5;
    for k in 0..lines {
        let offset = (k as f64 - (lines as f64 - 1.0) / 2.0) * gap;
        p.line(
            a.0 + nx * offset,
            a.1 + ny * offset,
            b.0 + nx * offset,
            b.1 + ny * offset,
            if lines == 1 { 2.0 } else { 1.5 },
            EDGE,
        );
    }
    if lines > 1 {
        // The node whose row holds the larger entry is the shorter root: the arrow points to
        // it (wa = −a_ab is node a's row).
        let (ux, uy) = if wa > wb { (-ux, -uy) } else { (ux, uy) };
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let (hx, hy) = (mx + ux * 6.0, my + uy * 6.0);
        let spread = 7.0 + gap;
        p.line(
            hx,
            hy,
            hx - ux * 8.0 + nx * spread,
            hy - uy * 8.0 + ny * spread,
            1.5,
            INK,
        );
        p.line(
            hx,
            hy,
            hx - ux * 8.0 - nx * spread,
            hy - uy * 8.0 - ny * spread,
            1.5,
            INK,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The firing-sequence graph ("Show graph")

/// At most this many rings are ever drawn, even with "no maximum" (the number shows the value).
pub const RING_LIMIT: u32 = 40;
/// At most this many rows are drawn in one picture: a longer play is shown a page of this many
/// layers at a time (the footer says which, and how many there are in all).
pub const ROW_LIMIT: usize = 400;
/// The largest picture drawn: no side over `SIDE_LIMIT` pixels (what every browser's canvas
/// takes) and no more than `PIXEL_LIMIT` pixels in all (48 MB as RGB). Rings get thinner, then
/// fewer, until the picture fits; a picture that cannot fit is refused.
pub const SIDE_LIMIT: u32 = 16_384;
pub const PIXEL_LIMIT: u64 = 16_000_000;

const LEFT: f64 = 44.0;
const TOP: f64 = 34.0;
const RIGHT: f64 = 110.0;
const BOTTOM: f64 = 40.0;
const DISC_RADIUS: f64 = 4.0;
/// Ring spacing at its widest and at its thinnest (rings are 1.2 px lines).
const RING_STEP: f64 = 3.5;
const THINNEST_RING_STEP: f64 = 2.0;

/// The geometry of one firing-sequence-graph picture.
#[derive(Clone, Debug, PartialEq)]
pub struct FiringGraphLayout {
    pub width: f64,
    pub height: f64,
    pub column_width: f64,
    pub row_height: f64,
    /// The first layer drawn (0-based: layer `first + 1` is the top row).
    pub first: usize,
    /// Rows drawn (the layers from `first`, up to `ROW_LIMIT`).
    pub rows: usize,
    /// Most rings any disc gets.
    pub rings_drawn: u32,
    /// Distance between rings (smaller when many rings had to fit).
    pub ring_step: f64,
    /// Room for the value written at a disc's top right, and for the layer sums on the right,
    /// so that long numbers never run into the next column.
    pub label_width: f64,
    pub right: f64,
    /// Each node's column (`firing_columns`).
    pub columns: Vec<usize>,
}

/// The width of a label of 10-pixel text (6 pixels a character, as the raster font draws).
fn label_width(text: &str, size: f64) -> f64 {
    super::text_width(text, size) + 2.0
}

/// Why a picture cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge(pub String);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Rings for a node that fired `value`, with the user's maximum (`0` = none).
pub fn ring_count(value: &BigInt, max_rings: u32) -> u32 {
    let value = value.to_u32().unwrap_or(u32::MAX);
    let cap = if max_rings == 0 {
        RING_LIMIT
    } else {
        max_rings.min(RING_LIMIT)
    };
    value.min(cap)
}

/// The column of each node in the firing-sequence graph: the nodes from left to right as the
/// graph is drawn, a node raised over another just right of it (V0 of D and E just right of the
/// node it hangs from, so it never hides that node).
pub fn firing_columns(graph: &Diagram) -> Vec<usize> {
    let places = graph.places();
    let mut order: Vec<usize> = (0..graph.node_count()).collect();
    order.sort_by(|&i, &j| {
        let key = |k: usize| (places[k].0, places[k].1.abs(), places[k].1, k as f64);
        key(i)
            .partial_cmp(&key(j))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut columns = vec![0; graph.node_count()];
    for (column, &node) in order.iter().enumerate() {
        columns[node] = column;
    }
    columns
}

/// One node's column in the firing-sequence graph.
pub fn firing_column(graph: &Diagram, index: usize) -> usize {
    firing_columns(graph)[index]
}

impl FiringGraphLayout {
    /// The largest drawing that fits the limits: rings as the values ask, then thinner, then
    /// fewer (the numbers beside the discs always give the exact values).
    pub fn new(
        graph: &Diagram,
        layers: &[Vec<(usize, BigInt)>],
        max_rings: u32,
    ) -> Result<FiringGraphLayout, TooLarge> {
        FiringGraphLayout::for_page(graph, layers, 0, max_rings)
    }

    /// The picture of the page of layers starting at layer `first` (0-based, clamped to the
    /// last page).
    pub fn for_page(
        graph: &Diagram,
        layers: &[Vec<(usize, BigInt)>],
        first: usize,
        max_rings: u32,
    ) -> Result<FiringGraphLayout, TooLarge> {
        let first = first.min(layers.len().saturating_sub(1));
        let rows = (layers.len() - first.min(layers.len())).min(ROW_LIMIT);
        let shown = &layers[first.min(layers.len())..first.min(layers.len()) + rows];
        let wanted = shown
            .iter()
            .flatten()
            .map(|(_, value)| ring_count(value, max_rings))
            .max()
            .unwrap_or(1);
        let label = shown
            .iter()
            .flatten()
            .map(|(_, value)| label_width(&compact_value(value), 10.0))
            .fold(0.0, f64::max);
        let sums = shown
            .iter()
            .map(|layer| {
                let sum: BigInt = layer.iter().map(|(_, v)| v).sum();
                label_width(&compact_value(&sum), 12.0)
            })
            .fold(label_width("sum", 12.0), f64::max);
        let right = (sums + 20.0).max(RIGHT);
        let thinner = [RING_STEP, 3.0, 2.5, THINNEST_RING_STEP].map(|step| (wanted, step));
        let fewer = (0..wanted).rev().map(|rings| (rings, THINNEST_RING_STEP));
        thinner
            .into_iter()
            .chain(fewer)
            .map(|(rings, step)| {
                FiringGraphLayout::with_rings(graph, first, rows, rings, step, label, right)
            })
            .find(FiringGraphLayout::fits)
            .ok_or_else(|| {
                TooLarge(format!(
                    "the firing-sequence graph of {} layers on {} nodes does not fit in {} pixels ({} at most a side)",
                    layers.len(),
                    graph.node_count(),
                    PIXEL_LIMIT,
                    SIDE_LIMIT
                ))
            })
    }

    fn with_rings(
        graph: &Diagram,
        first: usize,
        rows: usize,
        rings_drawn: u32,
        ring_step: f64,
        label_width: f64,
        right: f64,
    ) -> FiringGraphLayout {
        let outer = DISC_RADIUS + ring_step * rings_drawn as f64;
        // A value's label starts at the disc's top right and must end before the next disc.
        let column_width = (2.0 * outer + 28.0)
            .max(40.0)
            .max(outer * 0.72 + 1.0 + label_width + outer + 6.0);
        let row_height = (2.0 * outer + 14.0).max(30.0);
        // A column per node.
        let columns = firing_columns(graph);
        let count = columns.len().max(1);
        let width = LEFT + column_width * count as f64 + right;
        let height = TOP + row_height * rows.max(1) as f64 + BOTTOM;
        FiringGraphLayout {
            width,
            height,
            column_width,
            row_height,
            first,
            rows,
            rings_drawn,
            ring_step,
            label_width,
            right,
            columns,
        }
    }

    fn fits(&self) -> bool {
        let (w, h) = (self.width.ceil(), self.height.ceil());
        w <= SIDE_LIMIT as f64 && h <= SIDE_LIMIT as f64 && w * h <= PIXEL_LIMIT as f64
    }

    pub fn centre(&self, _graph: &Diagram, node: usize, row: usize) -> (f64, f64) {
        let column = self.columns.get(node).copied().unwrap_or(0);
        let x = LEFT + (column as f64 + 0.5) * self.column_width;
        let y = TOP + (row as f64 + 0.5) * self.row_height;
        (x, y)
    }
}

/// Draws layers (layer 1 = top row) with rings, the value at the top right of each node, edges
/// between neighbours fired in consecutive layers, the layer sums on the right and the layer
/// count at the bottom.
pub fn draw_firing_graph(
    p: &mut dyn Painter,
    graph: &Diagram,
    layers: &[Vec<(usize, BigInt)>],
    max_rings: u32,
) -> Result<FiringGraphLayout, TooLarge> {
    draw_firing_graph_page(p, graph, layers, 0, max_rings)
}

/// Draws the page of layers from layer `first` (0-based), numbered as in the whole play.
pub fn draw_firing_graph_page(
    p: &mut dyn Painter,
    graph: &Diagram,
    layers: &[Vec<(usize, BigInt)>],
    first: usize,
    max_rings: u32,
) -> Result<FiringGraphLayout, TooLarge> {
    let layout = FiringGraphLayout::for_page(graph, layers, first, max_rings)?;
    let (w, h) = (layout.width, layout.height);
    p.fill_rect(0.0, 0.0, w, h, Rgb::WHITE);
    for i in 0..graph.node_count() {
        let (x, _) = layout.centre(graph, i, 0);
        p.text(x, TOP / 2.0, &graph.label(i), 12.0, Align::Center, INK);
        p.line(
            x,
            TOP,
            x,
            TOP + layout.row_height * layout.rows.max(1) as f64,
            1.0,
            FAINT,
        );
    }
    p.text(w - 10.0, TOP / 2.0, "sum", 12.0, Align::Right, INK);
    let start = layout.first.min(layers.len());
    let shown = &layers[start..start + layout.rows];
    for (row, pair) in shown.windows(2).enumerate() {
        for (a, _) in &pair[0] {
            for (b, _) in &pair[1] {
                if graph.are_adjacent(*a, *b) {
                    let (x0, y0) = layout.centre(graph, *a, row);
                    let (x1, y1) = layout.centre(graph, *b, row + 1);
                    p.line(x0, y0, x1, y1, 1.5, EDGE);
                }
            }
        }
    }
    for (row, layer) in shown.iter().enumerate() {
        let (_, y) = layout.centre(graph, 0, row);
        p.text(
            LEFT / 2.0,
            y,
            &(start + row + 1).to_string(),
            11.0,
            Align::Center,
            EDGE,
        );
        let mut sum = BigInt::from(0);
        for (node, value) in layer {
            sum += value;
            let (x, y) = layout.centre(graph, *node, row);
            let rings = ring_count(value, max_rings).min(layout.rings_drawn);
            let outer = DISC_RADIUS + layout.ring_step * rings as f64;
            p.disc(x, y, outer, DISC);
            p.disc(x, y, DISC_RADIUS, RING);
            for k in 1..=rings {
                p.ring(x, y, DISC_RADIUS + layout.ring_step * k as f64, 1.2, RING);
            }
            let corner = outer * 0.72;
            p.text(
                x + corner + 1.0,
                y - corner - 3.0,
                &compact_value(value),
                10.0,
                Align::Left,
                INK,
            );
        }
        p.text(w - 10.0, y, &compact_value(&sum), 12.0, Align::Right, INK);
    }
    let footer = match (layers.len(), layout.rows) {
        (0, _) => "no layers yet".to_string(),
        (1, _) => "1 layer".to_string(),
        (all, rows) if rows < all => {
            format!("layers {}-{} of {all}", start + 1, start + rows)
        }
        (all, _) => format!("{all} layers"),
    };
    p.text(w / 2.0, h - BOTTOM / 2.0, &footer, 14.0, Align::Center, INK);
    Ok(layout)
}

/// The firing-sequence graph as an image (for the TGA and PNG files).
pub fn render_firing_graph(
    graph: &Diagram,
    layers: &[Vec<(usize, BigInt)>],
    max_rings: u32,
) -> Result<Raster, TooLarge> {
    render_firing_graph_page(graph, layers, 0, max_rings)
}

/// One page of the firing-sequence graph as an image.
pub fn render_firing_graph_page(
    graph: &Diagram,
    layers: &[Vec<(usize, BigInt)>],
    first: usize,
    max_rings: u32,
) -> Result<Raster, TooLarge> {
    let layout = FiringGraphLayout::for_page(graph, layers, first, max_rings)?;
    let mut raster = Raster::new(layout.width.ceil() as u32, layout.height.ceil() as u32);
    draw_firing_graph_page(&mut raster, graph, layers, first, max_rings)?;
    Ok(raster)
}
