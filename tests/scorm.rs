//! Graded activities: SCORM packages made natively (`gamelab scorm`, scripts/scorm.sh), the plan
//! read from a game and a play page's query, and the zip read back by an independent reader
//! (Python's zipfile) with its manifest parsed by an XML parser (Python's ElementTree); the
//! tally of games and what is reported of it; the resume data. (tests/course/scorm.mjs runs the
//! packages under a SCORM run-time.)
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

use gamelab::scorm::{plan, Goal, Report, Resume, Tally, Version};

#[test]
fn a_plan_checks_the_game_the_query_and_the_goal() {
    let dots = plan(
        "dots-and-boxes",
        "rows=3&cols=3&seats=human,strong&goal=win",
    )
    .unwrap();
    assert_eq!(dots.version, Version::Scorm12);
    assert_eq!(dots.goal, Some(Goal::Win { games: 1, pass: 1 }));
    assert_eq!(
        dots.launch,
        "play.html?game=dots-and-boxes&rows=3&cols=3&seats=human,strong&goal=win&scorm=1.2"
    );
    assert_eq!(dots.title, "Dots and Boxes: win the game");
    let sprouts = plan("sprouts", "?view=play&goal=win&games=3&pass=2&scorm=2004").unwrap();
    assert_eq!(sprouts.version, Version::Scorm2004);
    assert_eq!(sprouts.title, "Sprouts: win 2 of 3 games");
    assert_eq!(plan("ade", "goal=end").unwrap().goal, Some(Goal::End));
    assert_eq!(plan("bazaar", "").unwrap().goal, None);
    for (game, query, said) in [
        ("chess", "", "no gamelab game"),
        (
            "dots-and-boxes",
            "goal=win&games=2&pass=3",
            "more wins than",
        ),
        ("dots-and-boxes", "rows=99", "rows=\"99\""),
        ("dots-and-boxes", "colour=red", "no option colour"),
        ("dots-and-boxes", "goal=end", "goal=\"end\""),
        ("dots-and-boxes", "scorm=off", "makes no package"),
        ("dots-and-boxes", "game=ade", "names the game"),
        // One student's seat is graded: not two, not none.
        (
            "dots-and-boxes",
            "seats=human,human&goal=win",
            "exactly one student's seat",
        ),
        ("chain-reaction", "seats=greedy,random&goal=win", "not 0"),
        (
            "bazaar",
            "seats=javascript,human&goal=win",
            "human or javascript",
        ),
        // The goal to win is Sprouts to play's, not Glop's analysis.
        ("sprouts", "goal=win", "goal=\"win\""),
        (
            "sprouts",
            "spots=7",
            "Glop, Sprouts analysis is no graded activity",
        ),
    ] {
        let why = plan(game, query).unwrap_err();
        assert!(why.contains(said), "{game} {query}: {why}");
    }
}

/// Python reads the zip: each file's name and bytes (base64), or the reader's complaint.
fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let script = r#"
import base64, io, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
bad = z.testzip()
assert bad is None, bad
for info in z.infolist():
    print(info.filename, base64.b64encode(z.read(info)).decode())
"#;
    let out = python(script, bytes);
    out.lines()
        .map(|line| {
            let (name, data) = line.split_once(' ').unwrap();
            (name.to_string(), base64(data))
        })
        .collect()
}

fn python(script: &str, input: &[u8]) -> String {
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 (scripts/setup.sh installs it)");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut bits, mut held) = (0u32, 0u32);
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c).unwrap() as u32;
        bits = (bits << 6) | v;
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
        }
    }
    out
}

/// A built site's files, made up (the play page's part of the registry is the real one).
fn site(path: &str) -> Result<Vec<u8>, String> {
    match path {
        "games.json" => Ok(gamelab::games::json().into_bytes()),
        // Something that compresses, and something that does not.
        p if p.ends_with(".wasm") => Ok((0..300_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect()),
        p => Ok(format!("the site's {p}\n").repeat(50).into_bytes()),
    }
}

#[test]
fn a_package_is_a_zip_with_its_manifest_and_every_file_it_names() {
    for (game, query, version) in [
        ("dots-and-boxes", "seats=human,strong&goal=win", "1.2"),
        (
            "chain-reaction",
            "seats=human,greedy&goal=win&games=3&pass=2&scorm=2004",
            "2004 4th Edition",
        ),
        (
            "sprouts",
            "view=play&goal=win&scorm=2004",
            "2004 4th Edition",
        ),
        (
            "bazaar",
            "seats=javascript,purchase-points&goal=win&games=10&pass=7",
            "1.2",
        ),
        ("ade", "graph=E8&goal=end", "1.2"),
    ] {
        let plan = plan(game, query).unwrap();
        let files = unzip(&plan.build(&mut site).unwrap());
        for path in plan.files() {
            let inside = &files[&path];
            if path == "games.json" {
                // Only this game is offered by the package's play page.
                let own: serde_json::Value = serde_json::from_slice(inside).unwrap();
                let registry: serde_json::Value =
                    serde_json::from_str(&gamelab::games::json()).unwrap();
                let entry = registry
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|g| g["name"] == game)
                    .unwrap();
                assert_eq!(own, serde_json::json!([entry]), "{game}");
            } else {
                assert_eq!(inside, &site(&path).unwrap(), "{path}");
            }
        }
        // The manifest, parsed: its version, one SCO launching the play page with the query,
        // and every file it lists in the package.
        let manifest = &files["imsmanifest.xml"];
        let read = python(
            r#"
import sys, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
ns = root.tag[1:].split("}")[0]
print(root.find(f"{{{ns}}}metadata/{{{ns}}}schemaversion").text)
res = root.findall(f"{{{ns}}}resources/{{{ns}}}resource")
assert len(res) == 1
r = res[0]
kind = [v for k, v in r.attrib.items() if k.lower().endswith("}scormtype")]
print(kind[0])
print(r.get("href"))
for f in r.findall(f"{{{ns}}}file"):
    print(f.get("href"))
"#,
            manifest,
        );
        let mut lines = read.lines();
        assert_eq!(lines.next(), Some(version));
        assert_eq!(lines.next(), Some("sco"));
        let launch = lines.next().unwrap();
        assert_eq!(launch, plan.launch);
        assert!(launch.starts_with(&format!("play.html?game={game}&")));
        let listed: Vec<&str> = lines.collect();
        assert_eq!(listed, plan.files());
        for path in listed {
            assert!(files.contains_key(path), "{path} listed, not in the zip");
        }
    }
}

/// The page has the browser deflate each file (CompressionStream): an archive of files deflated
/// elsewhere, here by Python's zlib, is read back whole by Python's zipfile, and a file that
/// deflating would not shrink is stored.
#[test]
fn a_package_takes_files_deflated_elsewhere() {
    let plan = plan("sprouts", "view=play&goal=win&games=2&scorm=2004").unwrap();
    let contents = plan.contents(&mut |p| site(p)).unwrap();
    let mut zip = gamelab::scorm::zip::Zip::new();
    for (path, data) in &contents {
        let deflated = python(
            "import sys, zlib, base64\nc = zlib.compressobj(6, zlib.DEFLATED, -15)\nprint(base64.b64encode(c.compress(sys.stdin.buffer.read()) + c.flush()).decode())",
            data,
        );
        zip.put_deflated(path, data, &base64(deflated.trim()))
            .unwrap();
    }
    let mut tiny = gamelab::scorm::zip::Zip::new();
    // Deflate makes one byte larger, so it is stored.
    tiny.put_deflated("one.txt", b"x", &[0x03, 0x00, 0x01, 0x02])
        .unwrap();
    assert_eq!(unzip(&tiny.finish())["one.txt"], b"x");
    let files = unzip(&zip.finish());
    assert_eq!(files.len(), contents.len());
    for (path, data) in &contents {
        assert_eq!(&files[path], data, "{path}");
    }
}

#[test]
fn a_missing_site_file_is_named_and_no_package_is_made() {
    let plan = plan("ade", "").unwrap();
    let why = plan
        .build(&mut |path| {
            if path.ends_with(".wasm") {
                Err(format!("{path} is missing"))
            } else {
                site(path)
            }
        })
        .unwrap_err();
    assert!(why.contains("games/ade_bg.wasm is missing"), "{why}");
    // A registry that is no array of games, or lacks this one, is named too.
    for (registry, said) in [
        ("[{\"name\": \"ade\"", "not the site's registry"),
        ("{\"name\": \"ade\"}", "not the site's registry"),
        ("[{\"name\": \"ade\"}] trailing", "not the site's registry"),
        ("[{\"x\": {\"name\": \"ade\"}}]", "does not hold ade"),
        (
            "[{\"name\": \"chess\", \"s\": \"}{\\\"\"}]",
            "does not hold ade",
        ),
    ] {
        let why = plan
            .build(&mut |path| match path {
                "games.json" => Ok(registry.as_bytes().to_vec()),
                _ => site(path),
            })
            .unwrap_err();
        assert!(why.contains(said), "{registry}: {why}");
    }
}

#[test]
fn the_command_names_bad_input_with_exit_status_2() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gamelab"))
            .arg("scorm")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.stdout,
        )
    };
    let (status, said, out) = run(&["dots-and-boxes", "goal=win&pass=4&games=2"]);
    assert_eq!(status, Some(2), "{said}");
    assert!(said.contains("pass=4 asks for more wins"), "{said}");
    assert!(out.is_empty());
    let (status, said, _) = run(&["ade", "", "--site", "/nonexistent/site"]);
    assert_eq!(status, Some(2), "{said}");
    assert!(said.contains("build the site first"), "{said}");
    let (status, said, _) = run(&["ade"]);
    assert_eq!(status, Some(2), "{said}");
    assert!(said.contains("usage: gamelab scorm GAME QUERY"), "{said}");
}

#[test]
fn a_tally_decides_pass_or_fail_as_soon_as_it_can() {
    let mut tally = Tally::new(Some(Goal::Win { games: 3, pass: 2 }));
    let report = |t: &Tally| t.report();
    assert_eq!(
        report(&tally),
        Report {
            completed: false,
            passed: None,
            score: Some((0, 3))
        }
    );
    assert!(tally.record(false));
    assert!(tally.record(true));
    assert_eq!(report(&tally).passed, None);
    assert!(tally.record(true));
    assert_eq!(
        report(&tally),
        Report {
            completed: true,
            passed: Some(true),
            score: Some((2, 3))
        }
    );
    // The activity's games are all played: a fourth is not counted.
    assert!(!tally.record(true));
    assert_eq!(report(&tally).score, Some((2, 3)));
    // Two losses of three, with two wins to pass: failed at once.
    let mut lost = Tally::new(Some(Goal::Win { games: 3, pass: 2 }));
    lost.record(false);
    lost.record(false);
    assert_eq!(
        report(&lost),
        Report {
            completed: true,
            passed: Some(false),
            score: Some((0, 3))
        }
    );
    assert!(lost.words().contains("Not passed"), "{}", lost.words());
    // Won early: passed before the last game.
    let mut early = Tally::new(Some(Goal::Win { games: 3, pass: 1 }));
    early.record(true);
    assert_eq!(report(&early).passed, Some(true));
    // No goal: completed once a game ends, never passed or failed, no score.
    let mut free = Tally::new(None);
    assert!(!report(&free).completed);
    free.record(false);
    assert_eq!(
        report(&free),
        Report {
            completed: true,
            passed: None,
            score: None
        }
    );
    let mut end = Tally::new(Some(Goal::End));
    end.record(true);
    assert_eq!(report(&end).passed, Some(true));
}

#[test]
fn resume_data_reads_back_and_foreign_data_is_left_alone() {
    let resume = Resume {
        played: 2,
        won: 1,
        over: false,
        game: "seats=human,easy|2x2/0,5\nmore".into(),
    };
    assert_eq!(Resume::read(&resume.text()), Some(resume.clone()));
    for foreign in [
        "",
        "some other tool's data",
        "gamelab1;1;2;0\n",
        "gamelab1;1;1;2\n",
        "gamelab1;99;1;0\n",
        "gamelab1;1;x;0\n",
        "gamelab1;1;1;0;7\n",
    ] {
        assert_eq!(Resume::read(foreign), None, "{foreign:?}");
    }
}
