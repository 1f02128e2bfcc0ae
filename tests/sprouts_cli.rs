//! `gamelab sprouts ...` through the real binary: the contract of the issue, the other commands,
//! and bad input (a message naming the line on stderr, exit status 2, never a panic).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::gamelab;

fn ok(args: &[&str], stdin: &str) -> String {
    let out = gamelab(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn fails(args: &[&str], stdin: &str) -> String {
    let out = gamelab(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A file of this run's own in the system's temporary folder, removed when the test is done
/// with it. (No shared folder: one test removing it would pull it from under another.)
struct Temp(String);

impl std::ops::Deref for Temp {
    type Target = String;
    fn deref(&self) -> &String {
        &self.0
    }
}

impl AsRef<std::path::Path> for Temp {
    fn as_ref(&self) -> &std::path::Path {
        std::path::Path::new(&self.0)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp(name: &str) -> Temp {
    let file = format!("gamelab-sprouts-{}-{name}", std::process::id());
    Temp(
        std::env::temp_dir()
            .join(file)
            .to_string_lossy()
            .into_owned(),
    )
}

#[test]
fn spots_prints_the_start_in_glop_10_notation() {
    assert_eq!(ok(&["sprouts", "spots", "3"], ""), "0.0.0.}]!\n");
    assert_eq!(ok(&["sprouts", "spots", "1"], ""), "0.}]!\n");
    assert!(fails(&["sprouts", "spots", "0"], "").contains("from 1 to 10666"));
    assert!(fails(&["sprouts", "spots", "20000"], "").contains("from 1 to 10666"));
    let many = ok(&["sprouts", "spots", "62"], "");
    assert_eq!(many.matches("0.").count(), 62);
    assert!(fails(&["sprouts", "spots", "x"], "").contains("'x'"));
}

#[test]
fn outcome_reads_one_position_per_line_and_prints_win_or_loss() {
    let table = common::read_text("sprouts/nspot_outcomes.tsv");
    let mut input = String::new();
    let mut want = String::new();
    for line in table.lines().filter(|l| !l.starts_with('#')).take(10) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: usize = cols[0].parse().unwrap();
        // Alternate the notations: 1.0 for even n, 2.x for odd n.
        input.push_str(&if n.is_multiple_of(2) {
            format!("{}.}}]!\n", vec!["0"; n].join("."))
        } else {
            format!("0*{n}\n")
        });
        want.push_str(if cols[1] == "W" { "win\n" } else { "loss\n" });
    }
    assert_eq!(ok(&["sprouts", "outcome"], &input), want);
}

#[test]
fn nimber_prints_one_number_per_line() {
    assert_eq!(
        ok(
            &["sprouts", "nimber", "-q"],
            "0*1\n0*2\n0*3\n0*4\n0*5\n1a1a\nAB|AB\n!\n"
        ),
        "0\n0\n1\n1\n1\n2\n1\n0\n"
    );
    // Positions as arguments; counts and times on stderr.
    let out = gamelab(&["sprouts", "nimber", "0.1abc1cba.AB|AB"], "");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "10\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("expansions"));
}

#[test]
fn invalid_input_names_the_line_and_exits_2() {
    let err = fails(&["sprouts", "nimber"], "0*3\n\n0.1a1b\n");
    assert!(
        err.contains("line 3") && err.contains("character 4"),
        "{err}"
    );
    let err = fails(&["sprouts", "outcome", "0*2", "0}"], "");
    assert!(err.contains("argument 2"), "{err}");
    assert!(fails(
        &["sprouts", "outcome", "--db", "/nonexistent/x.spr", "0*2"],
        ""
    )
    .contains("cannot read"));
    assert!(fails(&["sprouts", "frobnicate"], "").contains("unknown sprouts command"));
    assert!(fails(&["sprouts", "dot", "--detail", "7", "0*2"], "").contains("--detail"));
}

#[test]
fn a_saved_base_serves_the_next_run_and_the_children_command() {
    let base = temp("eight.spr");
    // Playing by correspondence (the manual, with 8 spots): the start is a loss, so let the
    // opponent move; whatever they play, the base from the computation shows an answer with
    // nimber 0 at the end of its line.
    let start = ok(&["sprouts", "spots", "8"], "");
    assert_eq!(
        ok(&["sprouts", "outcome", "-q", "--save", &base], &start),
        "loss\n"
    );
    let openings = ok(&["sprouts", "children", &start], "");
    assert_eq!(openings.lines().count(), 5);
    for opening in openings.lines() {
        let answers = ok(&["sprouts", "children", "--db", &base, opening], "");
        assert!(
            answers.lines().any(|l| l.ends_with(" 0")),
            "no known answer to {opening}:\n{answers}"
        );
    }
    // Positions are loaded, not recomputed: the same answer with almost no work.
    let out = gamelab(&["sprouts", "outcome", "--db", &base, "0*8"], "");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "loss\n");
    let log = String::from_utf8_lossy(&out.stderr).to_string();
    let expansions: u64 = log
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert!(expansions <= 1, "{log}");
    // A corrupt base is refused.
    let corrupt = temp("corrupt.spr");
    std::fs::write(&corrupt, "[Positions+Nimber]\n0*3 1\n0*3 two\n").unwrap();
    let err = fails(&["sprouts", "children", "--db", &corrupt, "0*3"], "");
    assert!(
        err.contains("corrupt.spr") && err.contains("line 3"),
        "{err}"
    );
}

#[test]
fn check_dot_and_filter() {
    let base = temp("five.spr");
    ok(&["sprouts", "nimber", "-q", "--save", &base], "0*5\n");
    let certificate = temp("five-check.spr");
    assert_eq!(
        ok(
            &[
                "sprouts",
                "check",
                "--nimber",
                "-q",
                "--db",
                &base,
                "--save-check",
                &certificate,
                "0*5"
            ],
            ""
        ),
        "1\n"
    );
    let check_text = std::fs::read_to_string(&certificate).unwrap();
    assert!(check_text.starts_with("[Positions+Nimber]\n"));
    assert!(check_text.lines().count() < std::fs::read_to_string(&base).unwrap().lines().count());
    let dot = ok(
        &[
            "sprouts",
            "dot",
            "-q",
            "--detail",
            "2",
            "--db",
            &certificate,
            "0*3",
        ],
        "",
    );
    assert!(dot.starts_with("digraph check {") && dot.contains("fillcolor=blue"));
    let complete = ok(
        &["sprouts", "check", "--complete", "-q", "--db", &certificate],
        "",
    );
    assert!(complete.ends_with("0 problem(s)\n"), "{complete}");
    let filtered = ok(
        &[
            "sprouts",
            "filter",
            "-q",
            "--db",
            &base,
            "--nimber-min",
            "2",
            "--lives-max",
            "8",
        ],
        "",
    );
    assert!(filtered.starts_with("[Positions+Nimber]\n"));
    for line in filtered.lines().skip(1).filter(|l| !l.starts_with('#')) {
        let n: u8 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(n >= 2, "{line}");
    }
    let canon = ok(
        &[
            "sprouts",
            "canon",
            "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!",
        ],
        "",
    );
    assert_eq!(
        canon,
        "0.1ab1bc2ca.ABC.}0.2ACB.}]12.AB.}AB.}]!\t0.1ab1bc2ca.ABC|0.2ACB+12.AB|AB\n"
    );
}

/// Every stderr line ends its line, whatever the command (a terminal shows both streams
/// together: "12.2 ms0*12: loss" was the check's statistics running into the answer).
#[test]
fn statistics_lines_end_their_lines() {
    for command in ["outcome", "nimber", "check"] {
        let out = gamelab(&["sprouts", command, "0*3"], "");
        assert!(out.status.success(), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.is_empty() && err.ends_with('\n'), "{command}: {err:?}");
    }
}

#[test]
fn every_search_and_a_team_of_threads_give_the_published_outcomes() {
    // Published outcomes: 7 spots lose, 9 and 10 win, for the player to move.
    for search in ["dfpn", "probing", "depth-first"] {
        let out = ok(
            &["sprouts", "outcome", "-q", "--search", search, "0*7", "0*9"],
            "",
        );
        assert_eq!(out, "loss\nwin\n", "{search}");
    }
    let base = temp("team.spr");
    let out = ok(
        &[
            "sprouts",
            "outcome",
            "-q",
            "--threads",
            "2",
            "--save",
            &base,
            "0*7",
            "0*10",
        ],
        "",
    );
    assert_eq!(out, "loss\nwin\n");
    // What the team proved is kept: the base alone now gives the nimber of 7 spots' children.
    let saved = std::fs::read_to_string(&base).unwrap();
    assert!(saved.lines().count() > 10, "{saved}");
    assert_eq!(
        ok(&["sprouts", "nimber", "-q", "--threads", "2", "0*5"], ""),
        "1\n"
    );
    assert!(fails(&["sprouts", "outcome", "--threads", "0", "0*3"], "").contains("1 to 256"));
    assert!(fails(&["sprouts", "outcome", "--search", "bfs", "0*3"], "").contains("dfpn"));
    // A team stops at the node budget like a single search (exit 3, nothing on stdout).
    let out = gamelab(
        &[
            "sprouts",
            "outcome",
            "--threads",
            "2",
            "--max-nodes",
            "50",
            "0*12",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("node budget"));
}

#[test]
fn positions_of_any_size_search_until_the_budget_and_only_absurd_ones_are_refused() {
    // 62 spots is searched (it takes far more than this budget): exit 3, not a refusal.
    let out = gamelab(&["sprouts", "outcome", "--max-nodes", "200", "0*62"], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("node budget"));
    // Past the 16-bit names (about 10,666 spots, 32,000 lives a land): refused, the limit named.
    let err = fails(&["sprouts", "outcome", "0*11000"], "");
    assert!(err.contains("1 to 10666"), "{err}");
    let err = fails(&["sprouts", "outcome", "0*10666.1.1"], "");
    assert!(
        err.contains("too large") && err.contains("32000 lives"),
        "{err}"
    );
    // A line of a million vertices is refused while it is read, not after filling memory.
    let err = fails(
        &["sprouts", "outcome"],
        &format!("{}\n", "0.".repeat(1_000_000)),
    );
    assert!(err.contains("at most 100000"), "{err}");
}

#[test]
fn outcome_misere_prints_who_wins_when_the_last_mover_loses() {
    // Misère outcomes for 1 to 8 spots, W L L L W W L L (OEIS A164950, Lemoine & Viennot),
    // in both notations, one per line on stdin.
    let input = "0*1\n0.0.}]!\n0*3\n0.0.0.0.}]!\n0*5\n0*6\n0*7\n0*8\n";
    assert_eq!(
        ok(&["sprouts", "outcome", "--misere", "-q"], input),
        "win\nloss\nloss\nloss\nwin\nwin\nloss\nloss\n"
    );
    // Normal play differs from 1 spot on: the same command without --misere.
    assert!(ok(&["sprouts", "outcome", "-q", "0*1"], "").starts_with("loss"));
    // Budgets: exit 3 with a message; other commands refuse the flag (exit 2).
    let out = gamelab(
        &["sprouts", "outcome", "--misere", "--max-nodes", "50", "0*9"],
        "",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-nodes"));
    let out = gamelab(
        &[
            "sprouts",
            "outcome",
            "--misere",
            "--time-limit-ms",
            "200",
            "0*14",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--time-limit-ms"));
    // A memory limit far too small ends the search with exit 3 and says which limit, rather
    // than emptying its caches over and over until the clock runs out (the time limit here
    // would fail the test if it were reached instead).
    let out = gamelab(
        &[
            "sprouts",
            "outcome",
            "--misere",
            "--memory-mb",
            "1",
            "--time-limit-ms",
            "60000",
            "0*11",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--memory-mb"));
    // A limit the search can live with gives the published outcome (9 spots: loss).
    assert_eq!(
        ok(
            &[
                "sprouts",
                "outcome",
                "--misere",
                "-q",
                "--memory-mb",
                "8",
                "0*9"
            ],
            ""
        ),
        "loss\n"
    );
    assert!(fails(&["sprouts", "nimber", "--misere", "0*3"], "")
        .contains("outcome, children and check only"));
    // children --misere: 3 spots is lost in misère, so every child is won for the opponent;
    // 5 spots is won, so some child is lost for the opponent, and each child's word agrees with
    // outcome --misere on it.
    let three = ok(&["sprouts", "children", "--misere", "0*3"], "");
    assert!(
        !three.is_empty() && three.lines().all(|l| l.ends_with(" win")),
        "{three}"
    );
    let five = ok(
        &[
            "sprouts",
            "children",
            "--misere",
            "--notation",
            "2.x",
            "0*5",
        ],
        "",
    );
    assert!(five.lines().any(|l| l.ends_with(" loss")), "{five}");
    for line in five.lines() {
        let (child, word) = line.rsplit_once(' ').unwrap();
        assert_eq!(
            ok(&["sprouts", "outcome", "--misere", "-q", child], ""),
            format!("{word}\n")
        );
    }
    assert!(fails(
        &["sprouts", "outcome", "--misere", "--db", "x.spr", "0*3"],
        ""
    )
    .contains("x.spr"));
    assert!(fails(&["sprouts", "outcome", "--misere", "0*x"], "").contains("0*"));
}

#[test]
fn misere_bases_are_saved_checked_and_refused_when_wrong() {
    let base = temp("misere7.txt");
    assert_eq!(
        ok(
            &["sprouts", "outcome", "--misere", "-q", "--save", &base, "0*7"],
            ""
        ),
        "loss\n"
    );
    let text = std::fs::read_to_string(&base).unwrap();
    assert!(text.starts_with("# gamelab misère Sprouts base 1\n"));
    let checked = ok(&["sprouts", "check", "--misere", "--db", &base], "");
    assert!(checked.starts_with("ok: "), "{checked}");
    // Going on from the base: the answer without searching again.
    assert_eq!(
        ok(
            &["sprouts", "outcome", "--misere", "-q", "--db", &base, "0*7"],
            ""
        ),
        "loss\n"
    );

    // Each kind of wrong line is found, named by its line, and nothing is used (exit 2).
    let wrong = |name: &str, text: String, says: &str| {
        let file = temp(name);
        std::fs::write(&file, text).unwrap();
        let err = fails(&["sprouts", "check", "--misere", "--db", &file], "");
        assert!(err.contains(says) && err.contains("line "), "{name}: {err}");
        let err = fails(
            &["sprouts", "outcome", "--misere", "--db", &file, "0*3"],
            "",
        );
        assert!(err.contains("nothing from it was used"), "{err}");
    };
    // A win claimed lost (5 spots is a misère win).
    wrong("false-loss.txt", format!("{text}loss 0*5 ;\n"), "not lost");
    // The threshold line out of range.
    assert!(text.contains("\ntree-lives 12\n"), "{text}");
    wrong(
        "tree-lives.txt",
        text.replace("\ntree-lives 12\n", "\ntree-lives 99\n"),
        "tree-lives N",
    );
    // A land given another tree.
    let land = text.lines().find(|l| l.starts_with("land ")).unwrap();
    let (head, tree) = land.rsplit_once(' ').unwrap();
    let other = if tree == "1" { "0" } else { "1" };
    wrong(
        "land.txt",
        text.replacen(land, &format!("{head} {other}"), 1),
        "tree is",
    );
    // A lost state left out, so another's answer is missing. (Not every loss the search
    // settled answers another, and which do depends on the search's path: the first of them.)
    let losses: Vec<&str> = text.lines().filter(|l| l.starts_with("loss ")).collect();
    assert!(losses.len() > 3);
    let without = |loss: &str| -> String {
        text.lines()
            .filter(|l| *l != loss)
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let needed = losses
        .iter()
        .take(40)
        .find(|&&loss| {
            let file = temp("one-less.txt");
            std::fs::write(&file, without(loss)).unwrap();
            let out = gamelab(&["sprouts", "check", "--misere", "--db", &file], "");
            out.status.code() == Some(2)
        })
        .expect("some lost state answers another");
    wrong("missing.txt", without(needed), "not lost");
    // A tree not in simplest form: {1} is 0.
    wrong(
        "tree.txt",
        text.replacen("\ntree ", "\ntree 1\ntree ", 1),
        "simplest form",
    );
    // The two kinds of base never stand for each other.
    wrong(
        "not-misere.txt",
        "[Positions+Nimber]\n".into(),
        "not a misère base",
    );
    let err = fails(&["sprouts", "check", "--db", &base, "0*3"], "");
    assert!(err.contains("not a Sprouts nimber database"), "{err}");
}
