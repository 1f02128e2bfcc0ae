//! The A_n, D_n and E_n trees, their node labels, classification and drawing columns.

use std::fmt;

/// Largest n offered for every family: a drawing limit of this project, not a rule of the game.
pub const MAX_N: usize = 30;

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

/// Where a graph stands: finite type always terminates, the others may not.
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

/// One A_n, D_n or E_n tree. Node indices follow the canonical order of the spec:
/// A_n lists V1..Vn; D_n and E_n list V0 first, then V1..V(n−1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdeGraph {
    family: Family,
    n: usize,
    neighbours: Vec<Vec<usize>>,
}

impl AdeGraph {
    pub fn new(family: Family, n: usize) -> Result<AdeGraph, GraphError> {
        if n < family.min_n() || n > MAX_N {
            return Err(GraphError::OutOfRange { family, n });
        }
        let mut neighbours = vec![Vec::new(); n];
        let mut join = |a: usize, b: usize| {
            neighbours[a].push(b);
            neighbours[b].push(a);
        };
        // The path: indices 0..n for A, 1..n (V1..V(n-1)) for D and E.
        let first = if family == Family::A { 0 } else { 1 };
        for i in first..n - 1 {
            join(i, i + 1);
        }
        match family {
            Family::A => {}
            Family::D => join(0, 2),
            Family::E => join(0, 3),
        }
        for list in &mut neighbours {
            list.sort_unstable();
        }
        Ok(AdeGraph {
            family,
            n,
            neighbours,
        })
    }

    /// Parses `A5`, `d7`, ` E8 `.
    pub fn parse(text: &str) -> Result<AdeGraph, GraphError> {
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
        AdeGraph::new(family, n)
    }

    pub fn family(&self) -> Family {
        self.family
    }

    /// The degree n (number of nodes).
    pub fn n(&self) -> usize {
        self.n
    }

    pub fn node_count(&self) -> usize {
        self.n
    }

    /// A value vector must have one entry per node; the message says how far off it is.
    pub fn check_value_count(&self, count: usize) -> Result<(), String> {
        if count == self.n {
            Ok(())
        } else {
            Err(format!(
                "{} has {} nodes but {count} values were given",
                self.name(),
                self.n
            ))
        }
    }

    pub fn name(&self) -> String {
        format!("{}{}", self.family.letter(), self.n)
    }

    /// The label of node `index`: `V1` for index 0 of A_n, `V0` for index 0 of D_n and E_n.
    pub fn label(&self, index: usize) -> String {
        match self.family {
            Family::A => format!("V{}", index + 1),
            _ => format!("V{index}"),
        }
    }

    /// Index of a label such as `V3`.
    pub fn index_of(&self, label: &str) -> Option<usize> {
        let k: usize = label.trim().strip_prefix(['V', 'v'])?.parse().ok()?;
        let index = if self.family == Family::A {
            k.checked_sub(1)?
        } else {
            k
        };
        (index < self.n).then_some(index)
    }

    pub fn neighbours(&self, index: usize) -> &[usize] {
        &self.neighbours[index]
    }

    /// Every edge once, as (smaller index, larger index).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for (a, list) in self.neighbours.iter().enumerate() {
            edges.extend(list.iter().filter(|&&b| b > a).map(|&b| (a, b)));
        }
        edges
    }

    pub fn are_adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours.get(a).is_some_and(|list| list.contains(&b))
    }

    pub fn kind(&self) -> GraphKind {
        match (self.family, self.n) {
            (Family::E, 9) => GraphKind::Affine,
            (Family::E, n) if n >= 10 => GraphKind::Indefinite,
            _ => GraphKind::Finite,
        }
    }

    /// The Coxeter number h of a finite-type graph (a single 1 plays h − 1 layers).
    pub fn coxeter_number(&self) -> Option<u32> {
        let n = self.n as u32;
        match (self.family, n) {
            (Family::A, _) => Some(n + 1),
            (Family::D, _) => Some(2 * n - 2),
            (Family::E, 6) => Some(12),
            (Family::E, 7) => Some(18),
            (Family::E, 8) => Some(30),
            _ => None,
        }
    }

    /// The node V0 of D and E graphs sits one row above its attachment node.
    pub fn is_raised(&self, index: usize) -> bool {
        self.family != Family::A && index == 0
    }

    /// The drawing column of a node: V1 is column 0 and the path runs to the right;
    /// V0 shares the column of the node it hangs from (V2 for D, V3 for E).
    pub fn column(&self, index: usize) -> usize {
        match self.family {
            Family::A => index,
            Family::D if index == 0 => 1,
            Family::E if index == 0 => 2,
            _ => index - 1,
        }
    }

    /// Number of drawing columns (the length of the path).
    pub fn columns(&self) -> usize {
        if self.family == Family::A {
            self.n
        } else {
            self.n - 1
        }
    }
}

impl fmt::Display for AdeGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.family.letter(), self.n)
    }
}
