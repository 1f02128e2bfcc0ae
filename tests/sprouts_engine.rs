//! Sprouts engine against the shared test vectors (spec §10) and the spec's worked examples.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::sprouts::notation::{glop2_to_glop10, parse_written};
use gamelab::engine::sprouts::{children, Notation, Position};

struct Parent {
    glop2: String,
    glop10: String,
    nimber: u8,
    children: Vec<(String, String, u8)>,
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.strip_prefix(key).unwrap_or_else(|| panic!("expected {key} in {text}"))
}

fn children_vectors() -> Vec<Parent> {
    let text = common::read_text("sprouts/children_vectors.tsv");
    let mut parents: Vec<Parent> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let nimber: u8 = field(cols[3], "nimber=").parse().unwrap();
        match cols[0] {
            "PARENT" => parents.push(Parent { glop2: cols[1].into(), glop10: cols[2].into(), nimber, children: Vec::new() }),
            "CHILD" => parents.last_mut().unwrap().children.push((cols[1].into(), cols[2].into(), nimber)),
            other => panic!("unknown line kind {other}"),
        }
    }
    parents
}

#[test]
fn children_of_every_vector_parent_match_glop_22() {
    let parents = children_vectors();
    assert_eq!(parents.len(), 27);
    assert_eq!(parents.iter().map(|p| p.children.len()).sum::<usize>(), 111);
    let mut failures = Vec::new();
    for parent in &parents {
        let position = Position::parse(&parent.glop2).unwrap();
        let got: Vec<String> = children(&position).unwrap().iter().map(|c| c.write(Notation::Glop2)).collect();
        let want: Vec<String> = parent.children.iter().map(|c| c.0.clone()).collect();
        if got != want {
            failures.push(format!("{}:\n  got  {:?}\n  want {:?}", parent.glop2, got, want));
        }
    }
    assert!(failures.is_empty(), "{} parents differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn both_notations_of_every_vector_read_alike_and_convert() {
    for parent in children_vectors() {
        let lines = std::iter::once((parent.glop2.clone(), parent.glop10.clone()))
            .chain(parent.children.iter().map(|c| (c.0.clone(), c.1.clone())));
        for (glop2, glop10) in lines {
            assert_eq!(glop2_to_glop10(&glop2), glop10);
            let a = Position::parse(&glop2).unwrap();
            let b = Position::parse(&glop10).unwrap();
            assert_eq!(a, b, "{glop2} vs {glop10}");
            assert_eq!(a.write(Notation::Glop2), glop2, "canonical vectors stay as they are");
            assert_eq!(a.write(Notation::Glop10), glop10);
        }
    }
}

#[test]
fn glop_22_round_trip_strings_come_back_unchanged() {
    for text in ["0*4", "0*2.1a1a", "0.1a1a.AB|AB", "0*22.1a1a.ABC.DE|0*9.DE|0*2.1abABCba"] {
        assert_eq!(parse_written(text).unwrap().write(Notation::Glop2), text);
    }
}
