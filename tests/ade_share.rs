//! The position text of share links and embed attributes: round trips, clear errors, no panics.
// Native only (proptest).
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::ade::{
    default_start, parse_values, Diagram, Move, SharedPosition, MAX_SHARED_LAYERS,
};
use proptest::prelude::*;

#[test]
fn positions_parse_with_and_without_layers() {
    let p = SharedPosition::parse("E8/0,0,0,1,0,0,0,0/12").unwrap();
    assert_eq!(
        (p.graph.name(), p.start.clone(), p.moves.clone()),
        (
            "E8".to_string(),
            vec![0, 0, 0, 1, 0, 0, 0, 0],
            Some(vec![Move::Layer; 12])
        )
    );
    assert_eq!(p.to_text(), "E8/0,0,0,1,0,0,0,0/12");
    let q = SharedPosition::parse("D5").unwrap();
    assert_eq!((q.start.clone(), q.moves), (vec![0, 1, 0, 0, 0], None));
    // Single fires travel by their node's name, layers as their count.
    let r = SharedPosition::parse("D5/1,0,0,0,0/V0,2,V3").unwrap();
    assert_eq!(
        r.moves,
        Some(vec![Move::Node(0), Move::Layer, Move::Layer, Move::Node(3)])
    );
    assert_eq!(r.to_text(), "D5/1,0,0,0,0/V0,2,V3");
    assert_eq!(default_start(&Diagram::parse("A3").unwrap()), vec![1, 0, 0]);
}

#[test]
fn bad_positions_name_what_was_wrong() {
    let err = |t: &str| SharedPosition::parse(t).unwrap_err();
    assert!(err("D3/1,0,0").contains("D graphs have 4 to 30 nodes"));
    assert!(err("E8/1,2").contains("8 nodes but 2 values"));
    assert!(err("A2/1,x").contains("V2"));
    assert!(err("A2/1,0/-1").contains("not a number of layers"));
    assert!(err(&format!("A2/1,0/{}", MAX_SHARED_LAYERS + 1)).contains("not a number of layers"));
    assert!(err("A2/1,0/3/4").contains("expected graph/values/layers"));
    assert!(err("A2/1,0/V3").contains("not a node of A2"));
    assert!(err(&format!("A2/1,0/{},V1", MAX_SHARED_LAYERS)).contains("at most"));
    assert!(
        parse_values(&Diagram::parse("A2").unwrap(), "1,99999999999999999999")
            .unwrap_err()
            .contains("out of range")
    );
    // A pasted novel is said back cut to a line, wherever it sits in the text.
    let novel = "x".repeat(5000);
    for text in [
        format!("E8{novel}"),
        format!("Q{novel}"),
        format!("A2/1,{novel}"),
        format!("A2/1,0/{novel}"),
    ] {
        let message = err(&text);
        assert!(message.chars().count() < 200, "{message}");
        assert!(message.contains("characters)"), "{message}");
    }
}

proptest! {
    #[test]
    fn position_text_never_panics(text in "\\PC{0,40}") {
        let _ = SharedPosition::parse(&text);
    }

    #[test]
    fn position_text_round_trips(n in 6usize..=12, values in proptest::collection::vec(any::<i64>(), 12), moves in proptest::option::of(proptest::collection::vec(proptest::option::of(0usize..6), 0..20))) {
        let graph = Diagram::parse(&format!("E{n}")).unwrap();
        // None is a layer, Some(i) node i fired alone.
        let moves = moves.map(|m| m.into_iter().map(|i| i.map_or(Move::Layer, Move::Node)).collect());
        let position = SharedPosition { graph: graph.clone(), start: values[..n].to_vec(), moves };
        prop_assert_eq!(SharedPosition::parse(&position.to_text()).unwrap(), position);
    }
}
