//! TGA bytes against the format's worked examples (tests/data/ade); PNG structure; the firing-sequence
//! graph drawn into a raster (rings, layer rows, labels).
// Native only: these read tests/data and run the CLI binary.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::draw::ade::{
    draw_graph, node_names, render_firing_graph, ring_count, trace_text, trace_value, value_labels,
    FiringGraphLayout, GraphLayout, Rect, NAME_SIZE, NEGATIVE, PIXEL_LIMIT, POSITIVE, ROW_LIMIT,
    SIDE_LIMIT, TRACE_DIGITS,
};
use gamelab::draw::raster::Raster;
use gamelab::draw::{palette, png, tga, Align, Painter, Rgb};
use gamelab::engine::ade::{Diagram, Game, Values};
use num_bigint::BigInt;

fn worked_example() -> Raster {
    let red = Rgb(255, 0, 0);
    let green = Rgb(0, 255, 0);
    let blue = Rgb(0, 0, 255);
    let yellow = Rgb(255, 255, 0);
    Raster::from_pixels(3, 2, vec![red, green, blue, Rgb::WHITE, Rgb::BLACK, yellow]).unwrap()
}

#[test]
fn tga_encoding_matches_the_worked_example_byte_for_byte() {
    let bytes = tga::encode(&worked_example());
    assert_eq!(
        &bytes[..18],
        &[0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 0x18, 0x20]
    );
    assert_eq!(bytes, common::read_bytes("ade/tga_3x2_topleft.tga"));
    assert_eq!(bytes.len(), 18 + 3 * 3 * 2);
}

#[test]
fn tga_decoding_reads_both_row_orders() {
    for file in ["ade/tga_3x2_topleft.tga", "ade/tga_3x2_bottomleft.tga"] {
        let image = tga::decode(&common::read_bytes(file)).unwrap();
        assert_eq!(image, worked_example(), "{file}");
    }
}

#[test]
fn tga_decoding_rejects_broken_files_clearly() {
    assert!(tga::decode(&[0; 5]).unwrap_err().contains("18-byte header"));
    let mut rle = common::read_bytes("ade/tga_3x2_topleft.tga");
    rle[2] = 10;
    assert!(tga::decode(&rle).unwrap_err().contains("uncompressed"));
    let truncated = &common::read_bytes("ade/tga_3x2_topleft.tga")[..30];
    assert!(tga::decode(truncated).unwrap_err().contains("truncated"));
}

#[test]
fn png_has_signature_header_and_valid_chunk_crcs() {
    let bytes = png::encode(&worked_example());
    assert_eq!(
        &bytes[..8],
        &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]
    );
    let mut pos = 8;
    let mut kinds = Vec::new();
    while pos < bytes.len() {
        let len = u32::from_be_bytes(bytes[pos..pos + 4].try_into().unwrap()) as usize;
        let kind = &bytes[pos + 4..pos + 8];
        let crc = u32::from_be_bytes(bytes[pos + 8 + len..pos + 12 + len].try_into().unwrap());
        assert_eq!(crc, png::crc32(&bytes[pos + 4..pos + 8 + len]));
        if kind == b"IHDR" {
            assert_eq!(&bytes[pos + 8..pos + 16], &[0, 0, 0, 3, 0, 0, 0, 2]);
        }
        kinds.push(String::from_utf8(kind.to_vec()).unwrap());
        pos += 12 + len;
    }
    assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
    // The zlib stream inflates to the raw rows: filter byte 0 then R, G, B per pixel.
    let idat_len = u32::from_be_bytes(bytes[33..37].try_into().unwrap()) as usize;
    let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[41..41 + idat_len])
        .expect("a zlib stream");
    assert_eq!(
        raw,
        [0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 255, 255, 0, 0, 0, 255, 255, 0]
    );
}

#[test]
fn png_is_compressed() {
    let play = e8_single(3);
    let image = render_firing_graph(play.graph(), &play.layers(), 0).unwrap();
    let raw_size = image.width() as usize * image.height() as usize * 3;
    let bytes = png::encode(&image);
    assert!(
        bytes.len() * 20 < raw_size,
        "{} bytes for {raw_size} bytes of pixels",
        bytes.len()
    );
}

#[test]
fn firing_graphs_of_long_plays_with_big_values_fit_the_pixel_limit() {
    // E9 from V1 = 1 never terminates and its values grow: 10,000 layers asked (the CLI's
    // default cap), 400 rows drawn with thinner and fewer rings, under the pixel limits.
    let mut start = vec![0; 9];
    start[1] = 1;
    let mut play = Game::new(Diagram::parse("E9").unwrap(), Values::from_i64(start)).unwrap();
    play.exhaust(10_000);
    let layers = play.layers();
    let natural = layers[..ROW_LIMIT]
        .iter()
        .flatten()
        .map(|(_, v)| ring_count(v, 0))
        .max()
        .unwrap();
    assert_eq!(
        natural, 40,
        "the values are large enough to ask for every ring"
    );
    let layout = FiringGraphLayout::new(play.graph(), &layers, 0).unwrap();
    assert_eq!(layout.rows, ROW_LIMIT);
    assert!(layout.ring_step < 3.5 && layout.rings_drawn < natural);
    let image = render_firing_graph(play.graph(), &layers, 0).unwrap();
    assert!(image.width() <= SIDE_LIMIT && image.height() <= SIDE_LIMIT);
    assert!(image.width() as u64 * image.height() as u64 <= PIXEL_LIMIT);
    // A small play keeps its natural rings.
    let small = e8_single(3);
    assert_eq!(
        FiringGraphLayout::new(small.graph(), &small.layers(), 0)
            .unwrap()
            .ring_step,
        3.5
    );
}

/// The tracing area writes each value by its own size: a 12-digit value is whole even in a line
/// of 30 of them (it was shortened once a line passed 400 characters), and only values past
/// `TRACE_DIGITS` digits are cut, the same way in every line.
#[test]
fn the_tracing_area_writes_values_whole_up_to_its_digit_limit() {
    let start: Vec<i64> = (0..30)
        .map(|i| if i == 0 { 1 } else { -620659705586 })
        .collect();
    let mut play = Game::new(Diagram::parse("D30").unwrap(), Values::from_i64(start)).unwrap();
    let first = trace_text(&play, 0);
    assert!(first.len() > 400);
    assert_eq!(first.matches("-620659705586").count(), 29, "{first}");
    play.fire();
    let second = trace_text(&play, 1);
    assert!(second.contains("fired "), "{second}");
    assert!(!second.contains('…'), "{second}");
    let whole = BigInt::from(10).pow(TRACE_DIGITS as u32 - 1) * 7 + 5;
    assert_eq!(trace_value(&whole), whole.to_string());
    let long: BigInt =
        "-123456789012345678901234567890123456789012345678901234567890123456789012345"
            .parse()
            .unwrap();
    assert_eq!(trace_value(&long), "-1234567890…(75 digits)");
    let huge = BigInt::from(3).pow(100_000);
    assert_eq!(
        trace_value(&huge),
        format!("1334971414…({} digits)", 47_713)
    );
}

/// Node names never run together: on D30 and E10 at a phone's width the path's nodes are closer
/// than "V12" is wide, and every name was written, one over the next.
#[test]
fn node_names_never_run_together() {
    for name in ["A3", "D4", "E8", "D30", "E10", "A30"] {
        let graph = Diagram::parse(name).unwrap();
        for (width, height) in [
            (820.0, 333.0),
            (640.0, 260.0),
            (360.0, 170.0),
            (300.0, 170.0),
        ] {
            // A column narrower than the graph's least width scrolls (the page draws at that).
            let width = f64::max(width, GraphLayout::least_width(&graph));
            let names = node_names(&graph, width, height);
            let spans: Vec<(f64, f64, f64)> = names
                .iter()
                .map(|l| {
                    let w = gamelab::draw::text_width(&l.text, NAME_SIZE);
                    let left = match l.align {
                        gamelab::draw::Align::Left => l.x,
                        _ => l.x - w / 2.0,
                    };
                    (left, left + w, l.y)
                })
                .collect();
            for (k, a) in spans.iter().enumerate() {
                assert!(
                    a.0 >= 0.0 && a.1 <= width,
                    "{name} at {width}: {a:?} leaves the picture"
                );
                for b in &spans[k + 1..] {
                    let apart = a.1 + 2.0 <= b.0 || b.1 + 2.0 <= a.0 || (a.2 - b.2).abs() >= 12.0;
                    assert!(apart, "{name} at {width}: {a:?} runs into {b:?}");
                }
            }
            // The first and last of the path are named, and at a roomy width every node is.
            let named: Vec<usize> = names.iter().map(|l| l.node).collect();
            let last = (0..graph.node_count())
                .max_by_key(|&i| graph.column(i))
                .unwrap();
            assert!(
                named.contains(&last),
                "{name} at {width}: the last node is named"
            );
            if graph.node_count() <= 10 && width >= 640.0 {
                assert_eq!(named.len(), graph.node_count(), "{name} at {width}");
            }
        }
    }
}

/// Values too long for their node are written beside their own node (level over it, or upright
/// on its column where level labels would meet), inside the picture, covering no other label, no
/// node and no name: on D30, E9 and E10 with twelve-digit values they ran together and were cut at
/// the edges, then sat on staggered rows no one could match to their nodes.
#[test]
fn value_labels_neither_overlap_nor_leave_the_picture() {
    for (name, value) in [
        ("D30", -620659705586i64),
        ("E9", 123456789012),
        ("E10", -98765432109),
        ("A30", 7_000_000),
        ("D5", 1234),
        ("E6", -620659705586),
        ("E7", 123456789012),
        ("E8", -123456),
    ] {
        let graph = Diagram::parse(name).unwrap();
        let values = Values::from_i64(vec![value; graph.node_count()]);
        for (width, height) in [
            (640.0, 260.0),
            (360.0, 260.0),
            (388.0, 250.0),
            (500.0, 250.0),
            (1000.0, 400.0),
        ] {
            let labels = value_labels(&graph, &values, width, height);
            assert_eq!(labels.len(), graph.node_count(), "{name}");
            let layout = GraphLayout::new(&graph, width, height);
            let r = layout.radius;
            let boxes: Vec<Rect> = labels.iter().map(|l| l.rect()).collect();
            let names: Vec<Rect> = node_names(&graph, width, height)
                .iter()
                .map(|n| {
                    let w = n.text.len() as f64 * 12.0 * 0.6;
                    let left = match n.align {
                        Align::Left => n.x,
                        _ => n.x - w / 2.0,
                    };
                    Rect::new(left, left + w, n.y - 6.0, n.y + 6.0)
                })
                .collect();
            let at = format!("{name} at {width} × {height}");
            for (k, a) in boxes.iter().enumerate() {
                assert!(
                    a.left >= 0.0 && a.right <= width && a.top >= 0.0 && a.bottom <= height,
                    "{at}: {a:?} leaves the picture"
                );
                for b in &boxes[k + 1..] {
                    assert!(!a.meets(b), "{at}: {a:?} covers {b:?}");
                }
                for &(x, y) in &layout.centres {
                    let node = Rect::new(x - r, x + r, y - r, y + r);
                    assert!(!a.meets(&node), "{at}: {a:?} covers a node");
                }
                for n in &names {
                    assert!(!a.meets(n), "{at}: {a:?} covers the name at {n:?}");
                }
            }
            // Each label is its node's: level just above it, or upright on its column.
            let upright = labels.iter().filter(|l| l.upright).count();
            assert!(upright == 0 || upright == labels.len(), "{at}: mixed");
            for label in &labels {
                let (cx, cy) = layout.centres[label.node];
                if label.upright {
                    assert!((label.x - cx).abs() < 0.5, "{at}: {label:?} off its column");
                } else {
                    assert!(
                        (label.y - (cy - r - 10.0)).abs() < 0.5,
                        "{at}: {label:?} lifted"
                    );
                }
            }
        }
    }
    // Where twelve-digit values are wider than D30's nodes are apart, they stand upright.
    let graph = Diagram::parse("D30").unwrap();
    let values = Values::from_i64(vec![-620659705586; 30]);
    assert!(value_labels(&graph, &values, 640.0, 260.0)
        .iter()
        .all(|l| l.upright));
}

/// An upright label is drawn where its rectangle says, reading upwards.
#[test]
fn upright_values_are_drawn_on_their_column() {
    let graph = Diagram::parse("D30").unwrap();
    let values = Values::from_i64(vec![-620659705586; 30]);
    let (w, h) = (640u32, 260u32);
    let mut image = Raster::new(w, h);
    draw_graph(&mut image, &graph, &values, w as f64, h as f64, &[]);
    let label = value_labels(&graph, &values, w as f64, h as f64)
        .into_iter()
        .find(|l| l.node == 10)
        .unwrap();
    let rect = label.rect();
    let inked = |x0: f64, x1: f64, y0: f64, y1: f64| {
        let mut n = 0;
        for y in y0.max(0.0) as u32..(y1 as u32).min(h) {
            for x in x0.max(0.0) as u32..(x1 as u32).min(w) {
                n += usize::from(image.pixel(x, y) == Some(palette::INK));
            }
        }
        n
    };
    let inside = inked(rect.left, rect.right, rect.top, rect.bottom);
    assert!(inside > 60, "the label's ink: {inside} pixels");
    // Nothing of it spills between its column and the next.
    let (right, _) = GraphLayout::new(&graph, w as f64, h as f64).centres[11];
    assert_eq!(
        inked(rect.right + 1.0, right - 7.0, rect.top, rect.bottom),
        0
    );
}

fn e8_single(node: usize) -> Game {
    let mut start = vec![0; 8];
    start[node] = 1;
    let mut play = Game::new(Diagram::parse("E8").unwrap(), Values::from_i64(start)).unwrap();
    play.exhaust(1000);
    play
}

fn count_colour_runs_along(image: &Raster, y: u32, x0: u32, x1: u32, colour: Rgb) -> usize {
    let mut runs = 0;
    let mut inside = false;
    for x in x0..x1 {
        let hit = image.pixel(x, y) == Some(colour);
        if hit && !inside {
            runs += 1;
        }
        inside = hit;
    }
    runs
}

#[test]
fn firing_graph_draws_one_row_per_layer_with_rings_for_the_value() {
    let play = e8_single(3); // V3: 29 layers, V3 fires a 6 in the middle.
    let layers = play.layers();
    let layout = FiringGraphLayout::new(play.graph(), &layers, 0).unwrap();
    assert_eq!(layout.rows, 29);
    assert_eq!(layout.rings_drawn, 6);
    let image = render_firing_graph(play.graph(), &layers, 0).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        (layout.width.ceil() as u32, layout.height.ceil() as u32)
    );
    let ring_colour = Rgb(120, 40, 20);
    // Walk right from each fired node's centre: one crossing per ring plus the centre dot.
    for (row, layer) in layers.iter().enumerate() {
        for (node, value) in layer {
            let (cx, cy) = layout.centre(play.graph(), *node, row);
            let rings = ring_count(value, 0) as usize;
            let reach = (4.0 + 3.5 * rings as f64 + 1.0).ceil() as u32;
            let crossings = count_colour_runs_along(
                &image,
                cy as u32,
                cx as u32,
                cx as u32 + reach,
                ring_colour,
            );
            assert_eq!(crossings, rings + 1, "row {row} node {node} value {value}");
        }
    }
    // With a maximum of 2 rings the 6 is drawn with 2.
    let capped = FiringGraphLayout::new(play.graph(), &layers, 2).unwrap();
    assert_eq!(capped.rings_drawn, 2);
    assert_eq!(ring_count(&BigInt::from(6), 2), 2);
    assert_eq!(ring_count(&BigInt::from(6), 0), 6);
}

#[test]
fn firing_graph_without_layers_says_so_and_stays_small() {
    let graph = Diagram::parse("A3").unwrap();
    let image = render_firing_graph(&graph, &[], 0).unwrap();
    assert!(image.width() > 100 && image.height() < 200);
    // Some dark text pixels are there (the "no layers yet" line and the labels).
    assert!(image.pixels().contains(&Rgb(30, 30, 30)));
}

#[test]
fn graph_picture_colours_nodes_by_sign_and_hit_tests_them() {
    let graph = Diagram::parse("D5").unwrap();
    let values = Values::from_i64(vec![1, 0, -2, 0, 7]);
    let mut image = Raster::new(600, 300);
    draw_graph(&mut image, &graph, &values, 600.0, 300.0, &[]);
    let layout = GraphLayout::new(&graph, 600.0, 300.0);
    // V0 sits above V2, the path is on one line.
    assert_eq!(layout.centres[0].0, layout.centres[2].0);
    assert!(layout.centres[0].1 < layout.centres[2].1);
    let at = |i: usize, dx: f64| {
        let (x, y) = layout.centres[i];
        image
            .pixel((x + dx) as u32, (y + layout.radius * 0.6) as u32)
            .unwrap()
    };
    assert_eq!(at(0, 0.0), POSITIVE);
    assert_eq!(at(2, 0.0), NEGATIVE);
    for (i, &(x, y)) in layout.centres.iter().enumerate() {
        assert_eq!(layout.node_at(x + 2.0, y - 2.0), Some(i));
    }
    assert_eq!(layout.node_at(1.0, 1.0), None);
}

#[test]
fn raster_clips_drawing_outside_the_image() {
    let mut image = Raster::new(10, 10);
    image.disc(-50.0, -50.0, 1000.0, Rgb::BLACK);
    image.line(-1e9, -1e9, 1e9, 1e9, 3.0, Rgb::BLACK);
    image.text(
        1e6,
        -1e6,
        "123",
        14.0,
        gamelab::draw::Align::Left,
        Rgb::BLACK,
    );
    assert!(image.pixels().iter().all(|&p| p == Rgb::BLACK));
}

#[test]
fn long_plays_are_drawn_a_page_at_a_time_with_labels_that_keep_apart() {
    use gamelab::draw::ade::{compact_value, render_firing_graph_page};
    // E9 from V1 = 1 for 1,000 layers: three pages of at most 400 layers each.
    let mut start = vec![0; 9];
    start[1] = 1;
    let mut play = Game::new(Diagram::parse("E9").unwrap(), Values::from_i64(start)).unwrap();
    play.exhaust(1_000);
    let layers = play.layers();
    assert_eq!(layers.len(), 1_000);
    for (first, rows) in [(0, 400), (400, 400), (800, 200)] {
        let layout = FiringGraphLayout::for_page(play.graph(), &layers, first, 0).unwrap();
        assert_eq!((layout.first, layout.rows), (first, rows));
        let image = render_firing_graph_page(play.graph(), &layers, first, 0).unwrap();
        assert!(image.width() <= SIDE_LIMIT && image.height() <= SIDE_LIMIT);
        assert!(image.width() as u64 * image.height() as u64 <= PIXEL_LIMIT);
    }
    // Past the end: the last layer's page.
    let past = FiringGraphLayout::for_page(play.graph(), &layers, 5_000, 0).unwrap();
    assert_eq!(past.first + past.rows, 1_000);
    // E30 after 60 layers asked for 9,634 × 18,194 pixels before; now it fits.
    let mut start = vec![0; 30];
    start[1] = 1;
    let mut play = Game::new(Diagram::parse("E30").unwrap(), Values::from_i64(start)).unwrap();
    play.exhaust(60);
    let layers = play.layers();
    let image = render_firing_graph(play.graph(), &layers, 0).unwrap();
    assert!(image.width() <= SIDE_LIMIT && image.height() <= SIDE_LIMIT);
    assert!(image.width() as u64 * image.height() as u64 <= PIXEL_LIMIT);
    // Big values (19 digits, written 9.00e18 on the picture): each label still fits
    // between its disc and the next column's disc, and the sums have room on the right.
    let start = vec![
        9_000_000_000_000_000_000,
        8_000_000_000_000_000_000,
        0,
        7,
        0,
        0,
        0,
        0,
    ];
    let mut play = Game::new(Diagram::parse("E8").unwrap(), Values::from_i64(start)).unwrap();
    play.exhaust(20);
    let layers = play.layers();
    let layout = FiringGraphLayout::new(play.graph(), &layers, 0).unwrap();
    let longest = layers
        .iter()
        .flatten()
        .map(|(_, v)| compact_value(v).chars().count())
        .max()
        .unwrap();
    assert!(longest >= 7, "the values are long: {longest} characters");
    assert_eq!(
        compact_value(&BigInt::from(9_000_000_000_000_000_000u64)),
        "9.00e18"
    );
    assert_eq!(
        compact_value(&BigInt::from(-999_999_999_999_999i64)),
        "-1.00e15"
    );
    assert_eq!(compact_value(&BigInt::from(123_456)), "123456");
    let outer = 4.0 + layout.ring_step * layout.rings_drawn as f64;
    assert!(layout.label_width >= longest as f64 * 6.0);
    assert!(
        outer * 0.72 + 1.0 + layout.label_width + outer <= layout.column_width,
        "{layout:?}"
    );
    let sum = compact_value(&play.layer_sum(1));
    assert!(layout.right >= sum.chars().count() as f64 * 7.2 + 10.0);
}
