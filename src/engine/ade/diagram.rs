//! The graph a play runs on: its generalized Cartan matrix, its nodes' names and where they are
//! drawn. The seed's A_n, D_n and E_n trees are diagrams with −1 on every edge both ways; any
//! other graph comes from a preset, an edge list or a matrix (`diagram_text`).

use std::fmt;

use super::cartan::{Cartan, MOST_ENTRY, MOST_NODES};
use super::layout;

/// Largest n offered for every family: a drawing limit of this project, not a rule of the game.
pub const MAX_N: usize = 30;

/// How far from the origin a node may be placed, in steps between neighbours.
pub const MOST_PLACE: f64 = 100.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    A,
    D,
    E,
}

impl Family {
    pub fn letter(self) -> char {
        match self {
            Family::A => 'A',
            Family::D => 'D',
            Family::E => 'E',
        }
    }

    pub fn from_letter(c: char) -> Option<Family> {
        match c.to_ascii_uppercase() {
            'A' => Some(Family::A),
            'D' => Some(Family::D),
            'E' => Some(Family::E),
            _ => None,
        }
    }

    /// Smallest n: D3 would be A3, E5 would be D5.
    pub fn min_n(self) -> usize {
        match self {
            Family::A => 1,
            Family::D => 4,
            Family::E => 6,
        }
    }
}

/// Where a seed graph stands: finite type always terminates, the others may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    Finite,
    /// E9 = affine Ẽ8.
    Affine,
    /// E_n for n ≥ 10.
    Indefinite,
}

impl GraphKind {
    pub fn describe(self) -> &'static str {
        match self {
            GraphKind::Finite => "finite type",
            GraphKind::Affine => "affine type",
            GraphKind::Indefinite => "indefinite type",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// The text is not a letter followed by a number.
    Malformed(String),
    /// A letter other than A, D, E.
    UnknownFamily(String),
    /// n outside the family's allowed range.
    OutOfRange { family: Family, n: usize },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Malformed(s) => write!(
                f,
                "'{}' is not a graph name: expected A, D or E followed by the number of nodes, like E8",
                crate::echo::echo(s)
            ),
            GraphError::UnknownFamily(s) => write!(
                f,
                "'{}' is not an ADE graph: the type must be A, D or E",
                crate::echo::echo(s)
            ),
            GraphError::OutOfRange { family, n } => write!(
                f,
                "{}{n} is out of range: {} graphs have {} to {MAX_N} nodes",
                family.letter(),
                family.letter(),
                family.min_n()
            ),
        }
    }
}

impl std::error::Error for GraphError {}

/// A node's place in the drawing, in steps between neighbours (y grows downwards).
pub type Place = (f64, f64);

/// A graph of the numbers game. Node indices of the seed's trees follow the spec: A_n lists
/// V1..Vn; D_n and E_n list V0 first, then V1..V(n−1). Every other diagram names its nodes V1..Vn.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    cartan: Cartan,
    places: Vec<Place>,
    /// A preset's name ("E8", "B3", "affine E8"); None for a graph made or changed by hand.
    name: Option<String>,
    /// The seed's family, for the A/D/E loader and its V0 naming.
    family: Option<Family>,
    /// For each node j, the nodes i next to it with −a_ji: what j gains per unit i fires.
    gains: Vec<Vec<(usize, i64)>>,
    /// For each node i, the nodes j next to it with −a_ji: what firing i gives each.
    gives: Vec<Vec<(usize, i64)>>,
}

impl Eq for Diagram {}

impl Diagram {
    /// The seed's A_n, D_n or E_n.
    pub fn new(family: Family, n: usize) -> Result<Diagram, GraphError> {
        if n < family.min_n() || n > MAX_N {
            return Err(GraphError::OutOfRange { family, n });
        }
        let mut rows = identity_rows(n);
        let mut join = |a: usize, b: usize| {
            rows[a][b] = -1;
            rows[b][a] = -1;
        };
        // The path: indices 0..n for A, 1..n (V1..V(n-1)) for D and E; V0 hangs from V2 (D)
        // or V3 (E), drawn raised over it.
        let first = if family == Family::A { 0 } else { 1 };
        for i in first..n - 1 {
            join(i, i + 1);
        }
        let places: Vec<Place> = match family {
            Family::A => (0..n).map(|i| (i as f64, 0.0)).collect(),
            Family::D | Family::E => {
                let hub = if family == Family::D { 2 } else { 3 };
                join(0, hub);
                (0..n)
                    .map(|i| match i {
                        0 => ((hub - 1) as f64, -1.0),
                        _ => ((i - 1) as f64, 0.0),
                    })
                    .collect()
            }
        };
        let cartan = Cartan::new(rows).map_err(|_| GraphError::OutOfRange { family, n })?;
        let mut diagram = Diagram::from_parts(cartan, places);
        diagram.name = Some(format!("{}{n}", family.letter()));
        diagram.family = Some(family);
        Ok(diagram)
    }

    /// Parses `A5`, `d7`, ` E8 `: the seed's names only (`diagram_text::parse` reads the rest).
    pub fn parse(text: &str) -> Result<Diagram, GraphError> {
        let t = text.trim();
        let mut chars = t.chars();
        let letter = chars
            .next()
            .ok_or_else(|| GraphError::Malformed(t.to_string()))?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 6 {
            return Err(GraphError::Malformed(t.to_string()));
        }
        let family =
            Family::from_letter(letter).ok_or_else(|| GraphError::UnknownFamily(t.to_string()))?;
        let n: usize = digits
            .parse()
            .map_err(|_| GraphError::Malformed(t.to_string()))?;
        Diagram::new(family, n)
    }

    /// Any checked matrix, drawn where `places` says (one per node), or laid out when None.
    pub fn of_cartan(cartan: Cartan, places: Option<Vec<Place>>) -> Result<Diagram, String> {
        let places = match places {
            Some(places) => {
                check_places(&places, cartan.size())?;
                places
            }
            None => layout::default_places(&cartan),
        };
        Ok(Diagram::from_parts(cartan, places))
    }

    fn from_parts(cartan: Cartan, places: Vec<Place>) -> Diagram {
        let n = cartan.size();
        let mut gains = vec![Vec::new(); n];
        let mut gives = vec![Vec::new(); n];
        for (j, gain) in gains.iter_mut().enumerate() {
            for i in (0..n).filter(|&i| i != j && cartan.entry(j, i) != 0) {
                gain.push((i, -cartan.entry(j, i)));
                gives[i].push((j, -cartan.entry(j, i)));
            }
        }
        Diagram {
            cartan,
            places,
            name: None,
            family: None,
            gains,
            gives,
        }
    }

    /// This diagram under a preset's name.
    pub fn named(mut self, name: &str) -> Diagram {
        self.name = Some(name.to_string());
        self
    }

    pub fn cartan(&self) -> &Cartan {
        &self.cartan
    }

    /// The seed's family, for A_n, D_n and E_n.
    pub fn family(&self) -> Option<Family> {
        self.family
    }

    /// The number of nodes.
    pub fn n(&self) -> usize {
        self.cartan.size()
    }

    pub fn node_count(&self) -> usize {
        self.cartan.size()
    }

    /// A value vector must have one entry per node; the message says how far off it is.
    pub fn check_value_count(&self, count: usize) -> Result<(), String> {
        if count == self.n() {
            Ok(())
        } else {
            Err(format!(
                "{} has {} nodes but {count} values were given",
                self.name(),
                self.n()
            ))
        }
    }

    /// Its preset name, or what it is: "a graph of 5 nodes".
    pub fn name(&self) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None if self.n() == 1 => "a graph of 1 node".to_string(),
            None => format!("a graph of {} nodes", self.n()),
        }
    }

    /// The preset's name, if it is one.
    pub fn preset_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The first node's number: V0 for D_n and E_n, V1 for every other diagram.
    fn first_number(&self) -> usize {
        match self.family {
            Some(Family::D | Family::E) => 0,
            _ => 1,
        }
    }

    /// The label of node `index`: `V1` for index 0, but `V0` for index 0 of D_n and E_n.
    pub fn label(&self, index: usize) -> String {
        format!("V{}", index + self.first_number())
    }

    /// Index of a label such as `V3` (or its number alone, `3`).
    pub fn index_of(&self, label: &str) -> Option<usize> {
        let t = label.trim();
        let k: usize = t.strip_prefix(['V', 'v']).unwrap_or(t).parse().ok()?;
        let index = k.checked_sub(self.first_number())?;
        (index < self.n()).then_some(index)
    }

    /// The nodes joined to `index`, in increasing order.
    pub fn neighbours(&self, index: usize) -> Vec<usize> {
        self.gains[index].iter().map(|&(i, _)| i).collect()
    }

    /// (i, −a_ji) for each node i next to j: what j gains per unit i fires.
    pub fn gains(&self, j: usize) -> &[(usize, i64)] {
        &self.gains[j]
    }

    /// (j, −a_ji) for each node j next to i: what firing one unit at i gives j.
    pub fn gives(&self, i: usize) -> &[(usize, i64)] {
        &self.gives[i]
    }

    /// Every edge once, as (smaller index, larger index).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for (a, list) in self.gains.iter().enumerate() {
            edges.extend(list.iter().filter(|&&(b, _)| b > a).map(|&(b, _)| (a, b)));
        }
        edges
    }

    /// An edge's weights (−a_ij, −a_ji): (1, 1) is a plain edge.
    pub fn weights(&self, a: usize, b: usize) -> (i64, i64) {
        (-self.cartan.entry(a, b), -self.cartan.entry(b, a))
    }

    /// Whether every edge is −1 both ways (the seed's kind of graph).
    pub fn is_simply_laced(&self) -> bool {
        self.edges()
            .iter()
            .all(|&(a, b)| self.weights(a, b) == (1, 1))
    }

    pub fn are_adjacent(&self, a: usize, b: usize) -> bool {
        a != b && a < self.n() && b < self.n() && self.cartan.entry(a, b) != 0
    }

    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The seed graphs' classification (E9 affine, E10 on indefinite); others by their matrix.
    pub fn kind(&self) -> GraphKind {
        use super::cartan::{overall, verdict, Kind};
        match (self.family, self.n()) {
            (Some(Family::E), 9) => GraphKind::Affine,
            (Some(Family::E), n) if n >= 10 => GraphKind::Indefinite,
            (Some(_), _) => GraphKind::Finite,
            (None, _) => match overall(&verdict(&self.cartan)) {
                Kind::Finite => GraphKind::Finite,
                Kind::Affine => GraphKind::Affine,
                Kind::Indefinite => GraphKind::Indefinite,
            },
        }
    }

    /// The Coxeter number h of a connected finite-type diagram (a single 1 plays h − 1 layers).
    pub fn coxeter_number(&self) -> Option<u32> {
        let n = self.n() as u32;
        match (self.family, n) {
            (Some(Family::A), _) => Some(n + 1),
            (Some(Family::D), _) => Some(2 * n - 2),
            (Some(Family::E), 6) => Some(12),
            (Some(Family::E), 7) => Some(18),
            (Some(Family::E), 8) => Some(30),
            (Some(_), _) => None,
            (None, _) => match super::cartan::verdict(&self.cartan).as_slice() {
                [one] => one.coxeter_number.map(|h| h as u32),
                _ => None,
            },
        }
    }

    /// Drawn in rows: every node on the path (y = 0) or raised over it (y = −1), at whole
    /// columns, one path node a column. The seed's trees are; a graph with a cycle is not.
    pub fn is_in_rows(&self) -> bool {
        let mut path_columns = std::collections::HashSet::new();
        self.places.iter().all(|&(x, y)| {
            x.fract() == 0.0
                && x >= 0.0
                && (y == -1.0 || (y == 0.0 && path_columns.insert(x as i64)))
        }) && self
            .places
            .iter()
            .all(|&(x, y)| y == 0.0 || path_columns.contains(&(x as i64)))
    }

    /// The node V0 of D and E graphs sits one row above its attachment node.
    pub fn is_raised(&self, index: usize) -> bool {
        self.places[index].1 < 0.0
    }

    /// The drawing column of a node drawn in rows.
    pub fn column(&self, index: usize) -> usize {
        self.places[index].0.max(0.0) as usize
    }

    /// Number of drawing columns.
    pub fn columns(&self) -> usize {
        self.places
            .iter()
            .map(|&(x, _)| x.max(0.0) as usize + 1)
            .max()
            .unwrap_or(1)
    }

    // Editing: a change of nodes or edges gives a diagram with no preset name, numbered V1..Vn,
    // the other nodes kept where they were.

    /// A node more, at `place`, joined to nothing.
    pub fn with_node(&self, place: Place) -> Result<Diagram, String> {
        let n = self.n();
        if n >= MOST_NODES {
            return Err(format!("a graph has at most {MOST_NODES} nodes"));
        }
        let mut rows = self.cartan.rows().to_vec();
        for row in &mut rows {
            row.push(0);
        }
        let mut last = vec![0; n + 1];
        last[n] = 2;
        rows.push(last);
        let mut places = self.places.clone();
        places.push(clamp_place(place));
        Diagram::edited(rows, places)
    }

    /// The graph without node `index` (the nodes after it move down one number).
    pub fn without_node(&self, index: usize) -> Result<Diagram, String> {
        if index >= self.n() || self.n() == 1 {
            return Err("a graph keeps at least one node".to_string());
        }
        let keep: Vec<usize> = (0..self.n()).filter(|&i| i != index).collect();
        let rows = self.cartan.restrict(&keep).rows().to_vec();
        let places = keep.iter().map(|&i| self.places[i]).collect();
        Diagram::edited(rows, places)
    }

    /// The edge between `a` and `b` set to weights (−a_ab, −a_ba) = `weights`; (0, 0) removes it.
    pub fn with_edge(&self, a: usize, b: usize, weights: (i64, i64)) -> Result<Diagram, String> {
        if a == b || a >= self.n() || b >= self.n() {
            return Err("an edge joins two different nodes of the graph".to_string());
        }
        let (p, q) = weights;
        if (p == 0) != (q == 0) || !(0..=MOST_ENTRY).contains(&p) || !(0..=MOST_ENTRY).contains(&q)
        {
            return Err(format!(
                "an edge's weights are two whole numbers from 1 to {MOST_ENTRY} (or both 0, no edge)"
            ));
        }
        let mut rows = self.cartan.rows().to_vec();
        rows[a][b] = -p;
        rows[b][a] = -q;
        Diagram::edited(rows, self.places.clone())
    }

    /// Node `index` moved to `place` (the same graph: it keeps its name).
    pub fn with_place(&self, index: usize, place: Place) -> Diagram {
        let mut moved = self.clone();
        if index < self.n() {
            moved.places[index] = clamp_place(place);
        }
        moved
    }

    /// The same graph drawn at `places` (one per node, each within `MOST_PLACE`).
    pub fn with_places(&self, places: Vec<Place>) -> Result<Diagram, String> {
        check_places(&places, self.n())?;
        let mut moved = self.clone();
        moved.places = places.into_iter().map(clamp_place).collect();
        Ok(moved)
    }

    fn edited(rows: Vec<Vec<i64>>, places: Vec<Place>) -> Result<Diagram, String> {
        Ok(Diagram::from_parts(Cartan::new(rows)?, places))
    }
}

/// The identity matrix doubled: n nodes, no edges.
pub fn identity_rows(n: usize) -> Vec<Vec<i64>> {
    (0..n)
        .map(|i| (0..n).map(|j| if i == j { 2 } else { 0 }).collect())
        .collect()
}

/// A place kept within `MOST_PLACE` and rounded to hundredths (as its text carries it).
pub fn clamp_place((x, y): Place) -> Place {
    let keep = |v: f64| {
        let v = if v.is_finite() { v } else { 0.0 };
        (v.clamp(-MOST_PLACE, MOST_PLACE) * 100.0).round() / 100.0
    };
    (keep(x), keep(y))
}

fn check_places(places: &[Place], n: usize) -> Result<(), String> {
    if places.len() != n {
        return Err(format!(
            "the graph has {n} nodes but {} places were given",
            places.len()
        ));
    }
    for (i, &(x, y)) in places.iter().enumerate() {
        if !(x.is_finite() && y.is_finite() && x.abs() <= MOST_PLACE && y.abs() <= MOST_PLACE) {
            return Err(format!(
                "node {}'s place ({x}, {y}) is not within {MOST_PLACE} steps of the origin",
                i + 1
            ));
        }
    }
    Ok(())
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}
