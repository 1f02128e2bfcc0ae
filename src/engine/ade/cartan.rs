//! Any graph of the numbers game, as its generalized Cartan matrix A (integers, 2 on the
//! diagonal, a_ij ≤ 0 off it, a_ij = 0 exactly when a_ji = 0). Firing node i with value v > 0
//! makes it −v and adds −a_ji·v to each node j; the seed's A, D and E graphs have a_ij = −1 on
//! each edge, both ways.
//!
//! The verdict is exact, in integers. A connected component is of finite type when its positive
//! roots, raised from the simple roots one reflection at a time, close up within the most a
//! finite type of its size has; then its Dynkin name follows from its size, its count of roots
//! and how it is laced, and its Coxeter number is 2·roots/size. Otherwise it is affine when its
//! matrix has a null vector with every entry positive (it is then of corank 1), else
//! indefinite (Kac, *Infinite dimensional Lie algebras*, Theorem 4.3: exactly one of the three).
//! An affine name is read from its null vector δ: removing a node with δ = 1 leaves a finite
//! X_ℓ, and the type is untwisted X_ℓ^(1) when δ sums to X_ℓ's Coxeter number; the twisted ones
//! are the transposes of B_ℓ^(1), C_ℓ^(1), F4^(1) and G2^(1), and A_2ℓ^(2).

use std::collections::HashSet;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

/// The most nodes a graph may have.
pub const MOST_NODES: usize = 64;
/// The largest |a_ij| a matrix may hold (any entry below −4 already makes a type indefinite).
pub const MOST_ENTRY: i64 = 100;

/// A generalized Cartan matrix, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cartan {
    rows: Vec<Vec<i64>>,
}

/// A root as its coefficients on the simple roots.
pub type Root = Vec<i64>;

impl Cartan {
    /// Checks a matrix: square, 1 to `MOST_NODES` nodes, 2 on the diagonal, off it integers from
    /// −`MOST_ENTRY` to 0, zero exactly where its mirror entry is.
    pub fn new(rows: Vec<Vec<i64>>) -> Result<Cartan, String> {
        let n = rows.len();
        if n == 0 || n > MOST_NODES {
            return Err(format!(
                "a Cartan matrix has 1 to {MOST_NODES} rows, not {n}"
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(format!(
                    "row {i} has {} entries: the matrix must be square ({n} × {n})",
                    row.len()
                ));
            }
            for (j, &a) in row.iter().enumerate() {
                if i == j && a != 2 {
                    return Err(format!("a[{i}][{i}] is {a}: the diagonal must be 2"));
                }
                if i != j && !(-MOST_ENTRY..=0).contains(&a) {
                    return Err(format!(
                        "a[{i}][{j}] is {a}: entries off the diagonal are from -{MOST_ENTRY} to 0"
                    ));
                }
                if i != j && (a == 0) != (rows[j][i] == 0) {
                    return Err(format!(
                        "a[{i}][{j}] is {a} but a[{j}][{i}] is {}: one is 0 exactly when the other is",
                        rows[j][i]
                    ));
                }
            }
        }
        Ok(Cartan { rows })
    }

    pub fn size(&self) -> usize {
        self.rows.len()
    }

    pub fn rows(&self) -> &[Vec<i64>] {
        &self.rows
    }

    pub fn entry(&self, i: usize, j: usize) -> i64 {
        self.rows[i][j]
    }

    pub fn transpose(&self) -> Cartan {
        let n = self.size();
        Cartan {
            rows: (0..n)
                .map(|i| (0..n).map(|j| self.rows[j][i]).collect())
                .collect(),
        }
    }

    /// The principal submatrix on `nodes`, in that order.
    pub fn restrict(&self, nodes: &[usize]) -> Cartan {
        Cartan {
            rows: nodes
                .iter()
                .map(|&i| nodes.iter().map(|&j| self.rows[i][j]).collect())
                .collect(),
        }
    }

    /// The connected components (nodes joined where a_ij ≠ 0), each in increasing order, ordered
    /// by their first node.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let n = self.size();
        let mut seen = vec![false; n];
        let mut components = Vec::new();
        for start in 0..n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut component = vec![start];
            let mut next = 0;
            while next < component.len() {
                let i = component[next];
                next += 1;
                for (j, seen) in seen.iter_mut().enumerate() {
                    if !*seen && self.rows[i][j] != 0 {
                        *seen = true;
                        component.push(j);
                    }
                }
            }
            component.sort_unstable();
            components.push(component);
        }
        components
    }

    /// <α_i^∨, β>: what firing node i subtracts from β's coefficient i (None past i64).
    fn pairing(&self, i: usize, root: &[i64]) -> Option<i64> {
        self.rows[i]
            .iter()
            .zip(root)
            .try_fold(0i64, |sum, (a, c)| sum.checked_add(a.checked_mul(*c)?))
    }

    /// The positive real roots up to height `max_height`, raised from the simple roots (a
    /// root β and a node i with <α_i^∨, β> < 0 give the higher root s_i β), by height and then
    /// by coefficients; None past `most` roots (or past i64, which no finite type nears).
    pub fn positive_roots(&self, max_height: i64, most: usize) -> Option<Vec<Root>> {
        let n = self.size();
        let mut roots: Vec<Root> = (0..n)
            .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
            .collect();
        let mut seen: HashSet<Root> = roots.iter().cloned().collect();
        let mut next = 0;
        while next < roots.len() {
            let root = roots[next].clone();
            next += 1;
            let height: i64 = root.iter().sum();
            for i in 0..n {
                let p = self.pairing(i, &root)?;
                if p >= 0 || height.checked_sub(p)? > max_height {
                    continue;
                }
                let mut raised = root.clone();
                raised[i] -= p;
                if seen.insert(raised.clone()) {
                    if roots.len() == most {
                        return None;
                    }
                    roots.push(raised);
                }
            }
        }
        roots.sort_by(|a, b| (a.iter().sum::<i64>(), a).cmp(&(b.iter().sum::<i64>(), b)));
        Some(roots)
    }
}

/// The most positive roots a connected finite type with `size` nodes has: B_n and C_n's n², or
/// E8's 120 (G2's 6 and F4's 24 are under it).
pub fn most_finite_roots(size: usize) -> usize {
    (size * size).max(120)
}

/// What a connected component is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Finite,
    Affine,
    Indefinite,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Finite => "finite",
            Kind::Affine => "affine",
            Kind::Indefinite => "indefinite",
        }
    }
}

/// A connected component's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its nodes in the whole graph, in increasing order.
    pub nodes: Vec<usize>,
    pub kind: Kind,
    /// Its Dynkin name ("E8", "B3"), or affine name ("affine A4", "affine A5^(2)").
    pub name: Option<String>,
    /// For a finite type: its positive roots and Coxeter number (2·roots / nodes).
    pub positive_roots: Option<usize>,
    pub coxeter_number: Option<usize>,
    /// For an affine type: the null vector δ, smallest positive integers, on `nodes`.
    pub null_vector: Option<Vec<i64>>,
}

/// The whole graph's verdict: finite when every component is, affine when every component is
/// finite or affine and one is affine, indefinite otherwise.
pub fn overall(components: &[Component]) -> Kind {
    if components.iter().any(|c| c.kind == Kind::Indefinite) {
        Kind::Indefinite
    } else if components.iter().any(|c| c.kind == Kind::Affine) {
        Kind::Affine
    } else {
        Kind::Finite
    }
}

/// The verdict of each connected component.
pub fn verdict(cartan: &Cartan) -> Vec<Component> {
    cartan
        .components()
        .into_iter()
        .map(|nodes| {
            let part = cartan.restrict(&nodes);
            let mut component = classify(&part);
            component.nodes = nodes;
            component
        })
        .collect()
}

/// The verdict of a connected matrix (its `nodes` left empty).
fn classify(part: &Cartan) -> Component {
    let size = part.size();
    let mut component = Component {
        nodes: Vec::new(),
        kind: Kind::Indefinite,
        name: None,
        positive_roots: None,
        coxeter_number: None,
        null_vector: None,
    };
    // (Finite or not, by count alone: a height bound could close an infinite system early.)
    if let Some(roots) = part.positive_roots(i64::MAX, most_finite_roots(size)) {
        component.kind = Kind::Finite;
        component.name = finite_name(part, roots.len());
        component.positive_roots = Some(roots.len());
        component.coxeter_number = Some(2 * roots.len() / size);
    } else if let Some(delta) = positive_null_vector(part) {
        component.kind = Kind::Affine;
        component.name = affine_name(part, &delta);
        component.null_vector = Some(delta);
    }
    component
}

/// The Dynkin name of a connected finite type with `roots` positive roots.
fn finite_name(part: &Cartan, roots: usize) -> Option<String> {
    let n = part.size();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| part.entry(i, j) != 0)
        .collect();
    let laced = pairs
        .iter()
        .all(|&(i, j)| part.entry(i, j) * part.entry(j, i) == 1);
    let name = if laced {
        match roots {
            _ if roots == n * (n + 1) / 2 => format!("A{n}"),
            _ if n >= 4 && roots == n * (n - 1) => format!("D{n}"),
            36 if n == 6 => "E6".into(),
            63 if n == 7 => "E7".into(),
            120 if n == 8 => "E8".into(),
            _ => return None,
        }
    } else if n == 2 {
        match part.entry(0, 1) * part.entry(1, 0) {
            2 => "B2".into(),
            3 => "G2".into(),
            _ => return None,
        }
    } else if n == 4 && roots == 24 {
        "F4".into()
    } else {
        // B_n or C_n: the double edge ends the chain. The short root's row holds the −2;
        // B_n has one short root, at that end, and C_n one long root there.
        let &(i, j) = pairs
            .iter()
            .find(|&&(i, j)| part.entry(i, j) * part.entry(j, i) == 2)?;
        let degree = |k: usize| (0..n).filter(|&m| m != k && part.entry(k, m) != 0).count();
        let (end, other) = if degree(i) == 1 { (i, j) } else { (j, i) };
        if part.entry(end, other) == -2 {
            format!("B{n}")
        } else {
            format!("C{n}")
        }
    };
    Some(name)
}

/// The affine name of a connected affine type with null vector `delta`.
fn affine_name(part: &Cartan, delta: &[i64]) -> Option<String> {
    if let Some(x) = untwisted(part, delta) {
        return Some(format!("affine {x}"));
    }
    let transposed = part.transpose();
    let dual = positive_null_vector(&transposed)?;
    let l = part.size() - 1;
    let twisted = match untwisted(&transposed, &dual) {
        Some(x) if x.starts_with('B') => format!("A{}^(2)", 2 * l - 1),
        Some(x) if x.starts_with('C') => format!("D{}^(2)", l + 1),
        Some(x) if x == "F4" => "E6^(2)".into(),
        Some(x) if x == "G2" => "D4^(3)".into(),
        Some(_) => return None,
        None => format!("A{}^(2)", 2 * l),
    };
    Some(format!("affine {twisted}"))
}

/// X when `part` is X^(1): removing a node with δ = 1 leaves X, whose Coxeter number is δ's sum.
fn untwisted(part: &Cartan, delta: &[i64]) -> Option<String> {
    let n = part.size();
    let sum: i64 = delta.iter().sum();
    (0..n).filter(|&s| delta[s] == 1).find_map(|s| {
        let rest: Vec<usize> = (0..n).filter(|&i| i != s).collect();
        let finite = part.restrict(&rest);
        if finite.components().len() != 1 {
            return None;
        }
        let roots = finite
            .positive_roots(i64::MAX, most_finite_roots(rest.len()))?
            .len();
        let coxeter = (2 * roots / rest.len()) as i64;
        // B2 and C2 are one type; Kac names its affine diagram C̃2 (B̃ starts at 3).
        (coxeter == sum)
            .then(|| finite_name(&finite, roots))
            .flatten()
            .map(|name| if name == "B2" { "C2".to_string() } else { name })
    })
}

/// A null vector of `part` with every entry positive, in smallest integers, when the matrix
/// has corank 1 and its kernel is spanned by one (exact elimination over the integers).
pub fn positive_null_vector(part: &Cartan) -> Option<Vec<i64>> {
    let n = part.size();
    let mut rows: Vec<Vec<BigInt>> = part
        .rows()
        .iter()
        .map(|r| r.iter().map(|&a| BigInt::from(a)).collect())
        .collect();
    // Gauss–Jordan over the integers: each row kept divided by its gcd.
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut rank = 0;
    for col in 0..n {
        let Some(p) = (rank..n).find(|&r| !rows[r][col].is_zero()) else {
            continue;
        };
        rows.swap(rank, p);
        for r in 0..n {
            if r == rank || rows[r][col].is_zero() {
                continue;
            }
            let (pivot, factor) = (rows[rank][col].clone(), rows[r][col].clone());
            let updated: Vec<BigInt> = (0..n)
                .map(|c| &rows[r][c] * &pivot - &rows[rank][c] * &factor)
                .collect();
            rows[r] = reduced(updated);
        }
        pivots.push((rank, col));
        rank += 1;
    }
    if rank != n - 1 {
        return None;
    }
    let free = (0..n).find(|c| pivots.iter().all(|&(_, pc)| pc != *c))?;
    // Each pivot row now reads r_pp·x_p + r_pf·x_f = 0.
    let lcm = pivots
        .iter()
        .fold(BigInt::from(1), |l, &(r, c)| l.lcm(&rows[r][c].abs()));
    let mut x = vec![BigInt::zero(); n];
    x[free] = lcm.clone();
    for &(r, c) in &pivots {
        x[c] = -(&rows[r][free] * (&lcm / &rows[r][c]));
    }
    let x = reduced(x);
    let sign = if x[free].is_negative() { -1 } else { 1 };
    let x: Vec<i64> = x
        .iter()
        .map(|v| v.to_i64().map(|v| v * sign))
        .collect::<Option<_>>()?;
    x.iter().all(|&v| v > 0).then_some(x)
}

/// A row divided by the gcd of its entries.
fn reduced(row: Vec<BigInt>) -> Vec<BigInt> {
    let gcd = row.iter().fold(BigInt::zero(), |g, v| g.gcd(v));
    if gcd.is_zero() || gcd == BigInt::from(1) {
        return row;
    }
    row.into_iter().map(|v| v / &gcd).collect()
}
