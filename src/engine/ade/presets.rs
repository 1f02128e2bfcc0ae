//! Named diagrams: every Dynkin diagram (A–G), every untwisted affine one (~A1 … ~G2), a few
//! hyperbolic ones, and the IMO 1986 pentagon. A name is how a preset travels as text.
//!
//! Matrices follow Kac's numbering and this project's convention that the shorter root's row
//! holds the larger entry (B_n: a_{n,n−1} = −2); affine diagrams number their extra node first.

use super::cartan::Cartan;
use super::diagram::{identity_rows, Diagram, MAX_N};

/// A group of presets, as the page lists them.
pub struct Group {
    pub title: &'static str,
    pub names: Vec<String>,
}

/// Every preset, by group, smallest first (families to `MAX_N` nodes would be long lists: the
/// page offers each family's small members and takes any size typed).
pub fn groups() -> Vec<Group> {
    let mut finite: Vec<String> = Vec::new();
    finite.extend(family("A", 1..=8));
    finite.extend(family("B", 2..=8));
    finite.extend(family("C", 3..=8));
    finite.extend(family("D", 4..=8));
    finite.extend(family("E", 6..=8));
    finite.extend(["F4".to_string(), "G2".to_string()]);
    let mut affine: Vec<String> = Vec::new();
    affine.extend(family("~A", 1..=8));
    affine.extend(family("~B", 3..=8));
    affine.extend(family("~C", 2..=8));
    affine.extend(family("~D", 4..=8));
    affine.extend(["~E6", "~E7", "~E8", "~F4", "~G2"].map(String::from));
    vec![
        Group {
            title: "Finite (Dynkin)",
            names: finite,
        },
        Group {
            title: "Affine",
            names: affine,
        },
        Group {
            title: "Hyperbolic",
            names: ["E10", "K4", "H(1,5)", "H(3,3)", "B-triangle"]
                .map(String::from)
                .to_vec(),
        },
        Group {
            title: "Puzzles",
            names: vec!["IMO1986".to_string()],
        },
    ]
}

fn family(letter: &'static str, sizes: std::ops::RangeInclusive<usize>) -> Vec<String> {
    sizes.map(|n| format!("{letter}{n}")).collect()
}

/// What a preset is, in words (for its menu entry).
pub fn title(name: &str) -> String {
    match name {
        "E9" => "E9 (affine E8)".into(),
        "E10" => "E10 (hyperbolic)".into(),
        "K4" => "K4: four nodes all joined".into(),
        "H(1,5)" => "two nodes, weights 1 and 5".into(),
        "H(3,3)" => "two nodes, weights 3 and 3".into(),
        "B-triangle" => "a triangle with a double edge".into(),
        "IMO1986" => "IMO 1986 Problem 3: the pentagon".into(),
        _ => match name.strip_prefix('~') {
            Some("A1") => "affine A1 (a double edge both ways)".into(),
            Some(rest) if rest.starts_with('A') => format!(
                "affine {rest} (a cycle of {} nodes)",
                rest[1..].parse::<usize>().unwrap_or(0) + 1
            ),
            Some(rest) => format!("affine {rest}"),
            None => name.to_string(),
        },
    }
}

/// The preset of that name (case as listed, but any case of the letter is taken).
pub fn preset(name: &str) -> Option<Diagram> {
    let name = name.trim();
    if let Ok(seed) = Diagram::parse(name) {
        return Some(seed);
    }
    let (affine, rest) = match name.strip_prefix('~') {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let fixed = |rows: Vec<Vec<i64>>, key: &str| {
        Diagram::of_cartan(Cartan::new(rows).ok()?, None)
            .ok()
            .map(|d| d.named(key))
    };
    match (affine, rest) {
        (false, "F4") => return fixed(chain(4, &[(2, 1, -2)]), "F4"),
        (false, "G2") => return fixed(chain(2, &[(0, 1, -3)]), "G2"),
        (false, "K4") => return fixed(complete(4), "K4"),
        (false, "H(1,5)") => return fixed(chain(2, &[(1, 0, -5)]), "H(1,5)"),
        (false, "H(3,3)") => return fixed(chain(2, &[(0, 1, -3), (1, 0, -3)]), "H(3,3)"),
        (false, "B-triangle") => {
            let mut rows = cycle(3);
            rows[1][0] = -2;
            return fixed(rows, "B-triangle");
        }
        (false, "IMO1986") => return fixed(cycle(5), "IMO1986"),
        (true, "E6") => {
            return fixed(
                tree(7, &[(0, 1), (1, 2), (2, 3), (3, 4), (2, 5), (5, 6)]),
                "~E6",
            )
        }
        (true, "E7") => {
            let mut edges: Vec<(usize, usize)> = (0..6).map(|i| (i, i + 1)).collect();
            edges.push((3, 7));
            return fixed(tree(8, &edges), "~E7");
        }
        (true, "E8") => {
            let mut edges: Vec<(usize, usize)> = (0..7).map(|i| (i, i + 1)).collect();
            edges.push((5, 8));
            return fixed(tree(9, &edges), "~E8");
        }
        (true, "F4") => return fixed(chain(5, &[(3, 2, -2)]), "~F4"),
        (true, "G2") => return fixed(chain(3, &[(2, 1, -3)]), "~G2"),
        (true, "A1") => return fixed(chain(2, &[(0, 1, -2), (1, 0, -2)]), "~A1"),
        _ => {}
    }
    let mut chars = rest.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = digits.parse().ok()?;
    let key = format!("{}{letter}{n}", if affine { "~" } else { "" });
    // An affine diagram has n + 1 nodes; both kinds stop at `MAX_N` nodes.
    if n + usize::from(affine) > MAX_N {
        return None;
    }
    let rows = match (affine, letter) {
        (false, 'B') if n >= 2 => chain(n, &[(n - 1, n - 2, -2)]),
        (false, 'C') if n >= 3 => chain(n, &[(n - 2, n - 1, -2)]),
        (true, 'A') if n >= 2 => cycle(n + 1),
        (true, 'B') if n >= 3 => {
            // 0 and 1 both hang from 2; the chain 2…n ends in the double edge.
            let mut rows = chain(n + 1, &[(n, n - 1, -2)]);
            unjoin(&mut rows, 0, 1);
            join(&mut rows, 0, 2);
            rows
        }
        (true, 'C') if n >= 2 => chain(n + 1, &[(1, 0, -2), (n - 1, n, -2)]),
        (true, 'D') if n >= 4 => {
            let mut rows = chain(n + 1, &[]);
            unjoin(&mut rows, 0, 1);
            join(&mut rows, 0, 2);
            unjoin(&mut rows, n - 1, n);
            join(&mut rows, n - 2, n);
            rows
        }
        _ => return None,
    };
    fixed(rows, &key)
}

/// The start a preset comes with, where it has one of its own (else the single 1).
pub fn preset_start(name: &str) -> Option<Vec<i64>> {
    // IMO 1986/3 flips a negative number and asks about a positive sum; this game flips
    // positive ones, so its start is the negated one: a negative sum, and the play ends.
    (name == "IMO1986").then(|| vec![3, -4, 2, -5, 1])
}

/// A chain 0–1–…–(n−1) with −1 both ways, then the entries (i, j, a_ij) changed.
fn chain(n: usize, entries: &[(usize, usize, i64)]) -> Vec<Vec<i64>> {
    let mut rows = identity_rows(n);
    for i in 1..n {
        join(&mut rows, i - 1, i);
    }
    for &(i, j, a) in entries {
        rows[i][j] = a;
    }
    rows
}

fn cycle(n: usize) -> Vec<Vec<i64>> {
    let mut rows = chain(n, &[]);
    join(&mut rows, 0, n - 1);
    rows
}

fn complete(n: usize) -> Vec<Vec<i64>> {
    let mut rows = identity_rows(n);
    for i in 0..n {
        for j in i + 1..n {
            join(&mut rows, i, j);
        }
    }
    rows
}

fn tree(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<i64>> {
    let mut rows = identity_rows(n);
    for &(i, j) in edges {
        join(&mut rows, i, j);
    }
    rows
}

fn join(rows: &mut [Vec<i64>], i: usize, j: usize) {
    rows[i][j] = -1;
    rows[j][i] = -1;
}

fn unjoin(rows: &mut [Vec<i64>], i: usize, j: usize) {
    rows[i][j] = 0;
    rows[j][i] = 0;
}
