//! The numbers game on any graph: a generalized Cartan matrix's verdict and roots, against the
//! published tables (Humphreys, *Reflection Groups and Coxeter Groups*, §2.11 and Table 3.1:
//! Coxeter numbers and counts of positive roots; Kac, *Infinite dimensional Lie algebras*,
//! Tables Fin, Aff 1–3: the diagrams and the labels a_i of each affine type, its null vector),
//! against an independent count (a numbers game from a strictly dominant start ends after
//! exactly |Φ⁺| firings on a finite type: the longest element's length), and through the
//! command line's contract (`gamelab ade verdict | roots`).

mod common;

use gamelab::engine::ade::cartan::{overall, verdict, Cartan, Kind};
use gamelab::engine::ade::Diagram;

/// Kac's matrices, nodes in Kac's order: a chain 1–2–…–n with `weights` (i, j, a_ij, a_ji) on
/// some of its edges and `extra` edges (i, j) of −1 both ways; nodes from 0.
fn matrix(
    n: usize,
    chain: bool,
    weights: &[(usize, usize, i64, i64)],
    extra: &[(usize, usize)],
) -> Cartan {
    let mut rows = vec![vec![0i64; n]; n];
    for (i, row) in rows.iter_mut().enumerate() {
        row[i] = 2;
    }
    if chain {
        for i in 0..n - 1 {
            rows[i][i + 1] = -1;
            rows[i + 1][i] = -1;
        }
    }
    for &(i, j) in extra {
        rows[i][j] = -1;
        rows[j][i] = -1;
    }
    for &(i, j, a, b) in weights {
        rows[i][j] = a;
        rows[j][i] = b;
    }
    Cartan::new(rows).unwrap()
}

fn a(n: usize) -> Cartan {
    matrix(n, true, &[], &[])
}
/// B_n: α_n short, so a_{n,n−1} = −2 (the short root's row holds the −2).
fn b(n: usize) -> Cartan {
    matrix(n, true, &[(n - 2, n - 1, -1, -2)], &[])
}
fn c(n: usize) -> Cartan {
    matrix(n, true, &[(n - 2, n - 1, -2, -1)], &[])
}
/// D_n: a chain 1…n−1 and n joined to n−2.
fn d(n: usize) -> Cartan {
    let mut m = matrix(n, false, &[], &[(n - 3, n - 1)]);
    for i in 0..n - 2 {
        m = with_edge(&m, i, i + 1);
    }
    m
}
/// E_n (Bourbaki): 1–3–4–…–n and 2 joined to 4.
fn e(n: usize) -> Cartan {
    let mut edges = vec![(0, 2), (1, 3)];
    edges.extend((2..n - 1).map(|i| (i, i + 1)));
    matrix(n, false, &[], &edges)
}
/// A chain of `chain` nodes and one node more, joined to node `at` of it.
fn tee(chain: usize, at: usize) -> Cartan {
    let mut edges: Vec<(usize, usize)> = (0..chain - 1).map(|i| (i, i + 1)).collect();
    edges.push((at, chain));
    matrix(chain + 1, false, &[], &edges)
}
fn with_edge(m: &Cartan, i: usize, j: usize) -> Cartan {
    let mut rows = m.rows().to_vec();
    rows[i][j] = -1;
    rows[j][i] = -1;
    Cartan::new(rows).unwrap()
}

/// (matrix, name, Coxeter number, positive roots) from Humphreys' table: every type to rank 8,
/// and the four infinite families up to 30 nodes.
fn finite_types() -> Vec<(Cartan, String, usize, usize)> {
    let mut types = Vec::new();
    for n in 1..=30 {
        types.push((a(n), format!("A{n}"), n + 1, n * (n + 1) / 2));
    }
    for n in 3..=30 {
        types.push((b(n), format!("B{n}"), 2 * n, n * n));
        types.push((c(n), format!("C{n}"), 2 * n, n * n));
    }
    types.push((b(2), "B2".into(), 4, 4));
    for n in 4..=30 {
        types.push((d(n), format!("D{n}"), 2 * n - 2, n * (n - 1)));
    }
    types.push((e(6), "E6".into(), 12, 36));
    types.push((e(7), "E7".into(), 18, 63));
    types.push((e(8), "E8".into(), 30, 120));
    types.push((matrix(4, true, &[(1, 2, -1, -2)], &[]), "F4".into(), 12, 24));
    types.push((matrix(2, true, &[(0, 1, -1, -3)], &[]), "G2".into(), 6, 6));
    types
}

#[test]
fn every_finite_type_is_named_with_its_coxeter_number_and_roots() {
    for (m, name, h, roots) in finite_types() {
        let parts = verdict(&m);
        assert_eq!(parts.len(), 1, "{name}");
        let part = &parts[0];
        assert_eq!(part.kind, Kind::Finite, "{name}");
        assert_eq!(part.name.as_deref(), Some(name.as_str()));
        assert_eq!(part.coxeter_number, Some(h), "{name}");
        assert_eq!(part.positive_roots, Some(roots), "{name}");
        // Transposed: the dual type (B and C swap; the others are their own).
        let dual = verdict(&m.transpose())[0].name.clone().unwrap();
        let expected = match name.as_bytes()[0] {
            b'B' if name != "B2" => name.replacen('B', "C", 1),
            b'C' => name.replacen('C', "B", 1),
            _ => name.clone(),
        };
        assert_eq!(dual, expected);
    }
}

/// The roots: closed under every simple reflection (s_i fixes the set but α_i), one highest
/// root of height h − 1, dominant; and as many as a numbers game from a strictly dominant
/// start fires (the independent count).
#[test]
fn the_roots_of_a_finite_type_are_its_whole_root_system() {
    for (m, name, h, count) in finite_types() {
        let roots = m.positive_roots(i64::MAX, 10_000).unwrap();
        assert_eq!(roots.len(), count, "{name}");
        let n = m.size();
        let set: std::collections::HashSet<&Vec<i64>> = roots.iter().collect();
        for root in &roots {
            for i in 0..n {
                let p: i64 = (0..n).map(|j| m.entry(i, j) * root[j]).sum();
                let mut reflected = root.clone();
                reflected[i] -= p;
                let simple_i = (0..n).all(|j| root[j] == i64::from(i == j));
                assert!(
                    simple_i || set.contains(&reflected),
                    "{name}: s{i} {root:?}"
                );
            }
        }
        let top = roots.last().unwrap();
        assert_eq!(top.iter().sum::<i64>() as usize, h - 1, "{name}");
        assert_eq!(
            roots
                .iter()
                .filter(|r| r.iter().sum::<i64>() as usize == h - 1)
                .count(),
            1
        );
        assert!((0..n).all(|i| (0..n).map(|j| m.entry(i, j) * top[j]).sum::<i64>() >= 0));
        assert_eq!(numbers_game_length(&m, 10_000), Some(count), "{name}");
    }
}

/// The numbers game (the issue's rule: firing i with v > 0 makes it −v and adds −a_ji·v to
/// each j), always firing the lowest positive node, from every node 1: its length, or None
/// past `most` firings.
fn numbers_game_length(m: &Cartan, most: usize) -> Option<usize> {
    let n = m.size();
    let mut values = vec![1i64; n];
    for fired in 0..=most {
        let Some(i) = (0..n).find(|&i| values[i] > 0) else {
            return Some(fired);
        };
        let v = values[i];
        for (j, value) in values.iter_mut().enumerate() {
            if j != i {
                *value = value.checked_sub(m.entry(j, i).checked_mul(v)?)?;
            }
        }
        values[i] = -v;
    }
    None
}

/// Kac's affine types with his labels a_i (the null vector), nodes in his order.
fn affine_types() -> Vec<(Cartan, &'static str, Vec<i64>)> {
    // Ã_4: the pentagon of IMO 1986 Problem 3.
    let cycle = matrix(5, true, &[], &[(0, 4)]);
    // B̃_3: nodes 0 and 1 both on 2, then 2 ⇒ 3 with α_3 short.
    let b3 = matrix(4, false, &[(2, 3, -1, -2)], &[(0, 2), (1, 2)]);
    // C̃_3: 0 ⇒ 1 – 2 ⇐ 3, α_1, α_2 short.
    let c3 = matrix(4, true, &[(0, 1, -1, -2), (2, 3, -2, -1)], &[]);
    let c2 = matrix(3, true, &[(0, 1, -1, -2), (1, 2, -2, -1)], &[]);
    // D̃_5: 0, 1 on 2; 2 – 3; 4, 5 on 3.
    let d5 = matrix(6, false, &[], &[(0, 2), (1, 2), (2, 3), (3, 4), (3, 5)]);
    // Ẽ_6, Ẽ_7, Ẽ_8: a chain and one node more on it.
    let e6 = matrix(
        7,
        false,
        &[],
        &[(0, 1), (1, 2), (2, 3), (3, 4), (2, 5), (5, 6)],
    );
    let e7 = tee(7, 3);
    let e8 = tee(8, 2);
    let f4 = matrix(5, true, &[(2, 3, -1, -2)], &[]);
    let g2 = matrix(3, true, &[(1, 2, -1, -3)], &[]);
    let a1 = matrix(2, false, &[(0, 1, -2, -2)], &[]);
    vec![
        (cycle, "affine A4", vec![1, 1, 1, 1, 1]),
        (a1, "affine A1", vec![1, 1]),
        (b3.clone(), "affine B3", vec![1, 1, 2, 2]),
        (c3.clone(), "affine C3", vec![1, 2, 2, 1]),
        (d5, "affine D5", vec![1, 1, 2, 2, 1, 1]),
        (e6, "affine E6", vec![1, 2, 3, 2, 1, 2, 1]),
        (e7, "affine E7", vec![1, 2, 3, 4, 3, 2, 1, 2]),
        (e8, "affine E8", vec![2, 4, 6, 5, 4, 3, 2, 1, 3]),
        (f4.clone(), "affine F4", vec![1, 2, 3, 4, 2]),
        (g2.clone(), "affine G2", vec![1, 2, 3]),
        // The twisted ones: transposes of B̃, C̃, F̃4, G̃2 (Kac's Aff 2 and 3), and A_2^(2).
        (b3.transpose(), "affine A5^(2)", vec![1, 1, 2, 1]),
        (c3.transpose(), "affine D4^(2)", vec![1, 1, 1, 1]),
        // C̃_2: 0 ⇒ 1 ⇐ 2, α_1 short; its transpose is D_3^(2).
        (c2.clone(), "affine C2", vec![1, 2, 1]),
        (c2.transpose(), "affine D3^(2)", vec![1, 1, 1]),
        (f4.transpose(), "affine E6^(2)", vec![1, 2, 3, 2, 1]),
        (g2.transpose(), "affine D4^(3)", vec![1, 2, 1]),
        (
            matrix(2, false, &[(0, 1, -4, -1)], &[]),
            "affine A2^(2)",
            vec![2, 1],
        ),
    ]
}

#[test]
fn every_affine_type_is_named_with_its_null_vector() {
    for (m, name, delta) in affine_types() {
        let parts = verdict(&m);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].kind, Kind::Affine, "{name}");
        assert_eq!(parts[0].name.as_deref(), Some(name));
        assert_eq!(parts[0].null_vector.as_ref(), Some(&delta), "{name}");
        // No play from every node 1 ends on an affine type (δ·v > 0 there).
        assert_eq!(numbers_game_length(&m, 5_000), None, "{name}");
    }
}

#[test]
fn indefinite_types_and_graphs_of_several_parts() {
    let e10 = tee(9, 2);
    let product_five = matrix(2, false, &[(0, 1, -5, -1)], &[]);
    let triangle = matrix(3, true, &[], &[(0, 2)]);
    let heavy_triangle = matrix(3, true, &[(0, 2, -2, -2)], &[]);
    for m in [e10, product_five, heavy_triangle] {
        let parts = verdict(&m);
        assert_eq!(parts[0].kind, Kind::Indefinite);
        assert_eq!(parts[0].name, None);
    }
    // A triangle is the cycle Ã_2.
    assert_eq!(verdict(&triangle)[0].name.as_deref(), Some("affine A2"));
    // E8 beside Ã_4 beside A1: affine as a whole, each part its own.
    let mut rows = vec![vec![0i64; 14]; 14];
    for (offset, part) in [(0usize, e(8)), (8, affine_types()[0].0.clone()), (13, a(1))] {
        for i in 0..part.size() {
            for j in 0..part.size() {
                rows[offset + i][offset + j] = part.entry(i, j);
            }
        }
    }
    let parts = verdict(&Cartan::new(rows).unwrap());
    let names: Vec<_> = parts.iter().map(|p| p.name.clone().unwrap()).collect();
    assert_eq!(names, ["E8", "affine A4", "A1"]);
    assert_eq!(parts[1].nodes, (8..13).collect::<Vec<_>>());
    assert_eq!(overall(&parts), Kind::Affine);
}

#[test]
fn the_seeds_graphs_have_the_verdict_the_seed_knows() {
    for (name, expected) in [
        ("A7", "A7"),
        ("D6", "D6"),
        ("E6", "E6"),
        ("E7", "E7"),
        ("E8", "E8"),
        ("E9", "affine E8"),
    ] {
        let graph = Diagram::parse(name).unwrap();
        let parts = verdict(&graph.cartan().clone());
        assert_eq!(parts[0].name.as_deref(), Some(expected), "{name}");
        assert_eq!(
            parts[0].coxeter_number,
            graph.coxeter_number().map(|h| h as usize)
        );
    }
    // E9's δ is the one the seed's verdict uses (docs/ade.md, §4.4 of the spec).
    let e9 = verdict(&Diagram::parse("E9").unwrap().cartan().clone());
    assert_eq!(
        e9[0].null_vector.as_deref(),
        Some(&gamelab::engine::ade::E9_DELTA[..])
    );
    let e11 = verdict(&Diagram::parse("E11").unwrap().cartan().clone());
    assert_eq!(e11[0].kind, Kind::Indefinite);
}

#[test]
fn a_matrix_that_is_no_cartan_matrix_is_refused_in_words() {
    for (rows, said) in [
        (vec![], "1 to 64 rows"),
        (vec![vec![2, -1], vec![-1]], "must be square"),
        (vec![vec![1]], "diagonal must be 2"),
        (vec![vec![2, 1], vec![-1, 2]], "from -100 to 0"),
        (vec![vec![2, -101], vec![-1, 2]], "from -100 to 0"),
        (vec![vec![2, 0], vec![-1, 2]], "exactly when"),
    ] {
        let why = Cartan::new(rows).unwrap_err();
        assert!(why.contains(said), "{why}");
    }
}

/// The command's exit status, stdout and stderr.
fn gamelab(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::gamelab(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_command_line_keeps_its_contract() {
    let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    let (code, out, _) = gamelab(&["ade", "verdict"], r#"{"graph": "E8"}"#);
    assert_eq!(code, 0);
    assert_eq!(
        json(&out),
        json(
            r#"{"type": "finite", "components": [{"nodes": [0, 1, 2, 3, 4, 5, 6, 7], "type": "finite", "name": "E8", "coxeter_number": 30, "positive_roots": 120}]}"#
        )
    );
    let (_, out, _) = gamelab(
        &["ade", "verdict"],
        r#"{"cartan": [[2, -1, 0, 0, -1], [-1, 2, -1, 0, 0], [0, -1, 2, -1, 0], [0, 0, -1, 2, -1], [-1, 0, 0, -1, 2]]}"#,
    );
    assert_eq!(
        json(&out),
        json(
            r#"{"type": "affine", "components": [{"nodes": [0, 1, 2, 3, 4], "type": "affine", "name": "affine A4", "null_vector": [1, 1, 1, 1, 1]}]}"#
        )
    );
    let (_, out, _) = gamelab(
        &["ade", "verdict"],
        r#"{"cartan": [[2, -1, 0], [-1, 2, -1], [0, -2, 2]]}"#,
    );
    assert_eq!(json(&out)["components"][0]["name"], "B3");
    // Roots: by height, the highest last.
    let (code, out, _) = gamelab(&["ade", "roots"], r#"{"cartan": [[2, -1], [-3, 2]]}"#);
    assert_eq!(code, 0);
    assert_eq!(
        json(&out),
        json(
            r#"{"count": 6, "highest": [2, 3], "roots": [[0, 1], [1, 0], [1, 1], [1, 2], [1, 3], [2, 3]]}"#
        )
    );
    let (_, out, _) = gamelab(&["ade", "roots"], r#"{"graph": "E8"}"#);
    assert_eq!(json(&out)["count"], 120);
    // Not finite: the height bounds the list, and none is the highest.
    let (code, _, err) = gamelab(&["ade", "roots"], r#"{"graph": "E9"}"#);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-height"), "{err}");
    let (code, out, _) = gamelab(
        &["ade", "roots", "--max-height", "3"],
        r#"{"cartan": [[2, -2], [-2, 2]]}"#,
    );
    assert_eq!(code, 0);
    assert_eq!(
        json(&out),
        json(r#"{"count": 4, "highest": null, "roots": [[0, 1], [1, 0], [1, 2], [2, 1]]}"#)
    );
    // Budgets and bad input.
    let (code, _, err) = gamelab(
        &["ade", "roots", "--max-height", "1000", "--max-nodes", "50"],
        r#"{"graph": "E10"}"#,
    );
    assert_eq!(code, 3, "{err}");
    for (args, input) in [
        (&["ade", "verdict"][..], r#"{"cartan": [[2, 1], [1, 2]]}"#),
        (&["ade", "verdict"], r#"{"graph": "E8", "cartan": [[2]]}"#),
        (&["ade", "verdict"], r#"{"cartan": [[2, -1.5], [-1, 2]]}"#),
        (&["ade", "roots", "--max-height", "0"], r#"{"graph": "A3"}"#),
        (
            &["ade", "verdict", "--max-height", "3"],
            r#"{"graph": "A3"}"#,
        ),
    ] {
        let (code, _, err) = gamelab(args, input);
        assert_eq!(code, 2, "{args:?} {input}: {err}");
    }
}
