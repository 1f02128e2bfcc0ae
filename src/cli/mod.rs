//! The command-line harnesses as plain functions: text in, bytes out, or a message naming what
//! was wrong. `src/bin/gamelab` only does the I/O, so tests can call these directly.

use std::time::{Duration, Instant};

pub mod ade;
pub mod bazaar;
pub mod chain_reaction;
pub mod dots_boxes;
pub mod sprouts;

pub const USAGE: &str = "usage: gamelab <game> <command> < input

  games [--json]  the games: name and title (--json: the registry the scripts read)
  scorm GAME QUERY [--site DIR]  a SCORM package of the game as QUERY sets it up (the play page's
                  query: options, goal=win&games=N&pass=K or goal=end, scorm=2004 for SCORM 2004),
                  made from the built site (dist/ by default): the zip on stdout

games and commands:
  ade exhaust   JSON {\"graph\", \"values\", \"max_layers\"} -> {\"status\", \"layers\", \"sums\", \"final\"}
  ade fire      the same JSON (+ \"layers\": N) -> the tracing area, one line per layer
  ade tga       the same JSON (+ \"layers\", \"max_rings\") -> the firing-sequence graph as TGA bytes
  ade png       the same, as PNG bytes
  ade verdict   JSON {\"graph\"} or {\"cartan\": [[2, -1], [-1, 2]]} -> {\"type\", \"components\"}
  ade roots [--max-height H]  the same JSON -> {\"count\", \"highest\", \"roots\"}
  bazaar xeq|xturn|xstrategy|xrules|xgames|xgames-blogic|xgames-resources  the course harnesses: JSON values in, out
  bazaar xserver CLIENTS-FILE  the milestone-10 server test (stdin) with its clients' input, in one process
  bazaar xserver PORT          the milestone-10 server over TCP: the server test on stdin, clients sign up
                               (--wait-ms N a sign-up period, default 20000; --name-ms N, default 3000)
  bazaar xclients PORT [IP]    the milestone-10 clients over TCP: the clients' test on stdin
  bazaar ... --timeout-ms N    the time limit per player call (default 600; 5000 for xserver PORT)
  dots-and-boxes solve  JSON {\"rows\", \"cols\", \"moves\": [ids]} -> {\"value\", \"best\"}
  dots-and-boxes arena  JSON {\"rows\", \"cols\", \"levels\": [a, b], \"games\", \"seed\"} -> wins, draws, rates
  chain-reaction arena  JSON {\"rows\", \"cols\", \"levels\": [\"mcts-500\", \"greedy\"], \"games\", \"seed\"} -> win rates
  chain-reaction play   JSON {\"rows\", \"cols\", \"players\", \"moves\": [[r, c], ...]} -> {\"boards\", \"winner\"}
  chain-reaction solve  JSON {\"rows\", \"cols\", \"moves\": [[r, c], ...]} -> {\"value\", \"plies\", \"best\"}

budgets (every search: sprouts outcome|nimber|check|dot, dots-and-boxes solve|arena,
chain-reaction arena|solve, ade exhaust|fire|tga|png):
  --max-nodes N       stop after N nodes (expansions, solver nodes, moves or layers)
  --time-limit-ms N   stop after N ms (default 600000)
  a budget that runs out: a message on stderr, exit status 3 (bad input: exit status 2)
";

/// Runs `gamelab ARGS...`; `read_stdin` is called only by commands that read their input.
pub fn run(
    args: &[String],
    read_stdin: &mut dyn FnMut() -> Result<String, CliError>,
) -> Result<Output, Failure> {
    let (budget, args) = Budget::from_args(args)?;
    let unknown = || {
        Failure::BadInput(format!(
            "unknown command '{}'\n{USAGE}{}",
            args.join(" "),
            sprouts::USAGE
        ))
    };
    match (
        args.first().map(String::as_str),
        args.get(1).map(String::as_str),
    ) {
        (Some("games"), None) => Ok(Output::Text(crate::games::text())),
        (Some("games"), Some("--json")) if args.len() == 2 => {
            Ok(Output::Text(crate::games::json()))
        }
        (Some("scorm"), Some(_)) => scorm(&args[1..]),
        (Some("ade"), Some(_)) => ade::run(&args[1..], read_stdin, &budget),
        (Some("sprouts"), Some(_)) => sprouts::run(&args[1..], read_stdin, &budget),
        (Some("bazaar"), Some(_)) => Ok(bazaar::run(&args[1..], read_stdin)?),
        (Some("dots-and-boxes"), Some(command)) if args.len() == 2 => {
            dots_boxes::run(command, &read_stdin()?, &budget)
        }
        (Some("chain-reaction"), Some(command)) if args.len() == 2 => {
            chain_reaction::run(command, &read_stdin()?, &budget)
        }
        _ => Err(unknown()),
    }
}

/// `gamelab scorm GAME QUERY [--site DIR]`: the package's bytes.
fn scorm(args: &[String]) -> Result<Output, Failure> {
    let (site, args) = match args {
        [game, query, flag, dir] if flag == "--site" => (dir.as_str(), [game, query]),
        [game, query] => ("dist", [game, query]),
        _ => return Err("usage: gamelab scorm GAME QUERY [--site DIR]".into()),
    };
    let plan = crate::scorm::plan(args[0], args[1])?;
    let root = std::path::Path::new(site);
    let bytes = plan.build(&mut |path| {
        let file = root.join(path);
        let size = std::fs::metadata(&file)
            .map_err(|e| {
                format!(
                    "{} is missing ({e}): build the site first (scripts/build.sh)",
                    file.display()
                )
            })?
            .len();
        if size > crate::scorm::MOST_FILE_BYTES as u64 {
            return Err(format!(
                "{} is over {} MB",
                file.display(),
                crate::scorm::MOST_FILE_BYTES >> 20
            ));
        }
        std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))
    })?;
    Ok(Output::Bytes(bytes))
}

/// What a harness gives back on success.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Text(String),
    Bytes(Vec<u8>),
    /// Text for stdout and a log (counts, times) for stderr.
    Logged {
        text: String,
        log: String,
    },
}

/// A failed request: the message for stderr (exit status 2).
pub type CliError = String;

/// Why a command failed; its exit status follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Bad input, named in the message: exit status 2.
    BadInput(String),
    /// The node or time budget ran out before the answer: exit status 3.
    BudgetSpent(String),
}

impl Failure {
    pub fn exit_status(&self) -> u8 {
        match self {
            Failure::BadInput(_) => 2,
            Failure::BudgetSpent(_) => 3,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::BadInput(m) | Failure::BudgetSpent(m) => m,
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::BadInput(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::BadInput(message.to_string())
    }
}

/// The most a command reads from stdin or from one file (a base, a clients' file).
pub const INPUT_BYTES_LIMIT: u64 = 256 << 20;

/// Reads at most `INPUT_BYTES_LIMIT` bytes of text; more is refused, naming the limit.
pub fn read_bounded(reader: impl std::io::Read, what: &str) -> Result<String, CliError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(INPUT_BYTES_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {what}: {e}"))?;
    if bytes.len() as u64 > INPUT_BYTES_LIMIT {
        return Err(format!(
            "{what} is larger than {} MiB, the most a command reads",
            INPUT_BYTES_LIMIT >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| format!("{what} is not UTF-8 text: {e}"))
}

/// A file's text, bounded as `read_bounded`.
pub fn read_file(path: &str) -> Result<String, CliError> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    read_bounded(file, path)
}

/// The caller's limit on a search: `--max-nodes N` (exact and repeatable: expansions, solver
/// nodes or moves, as each command says) and `--time-limit-ms N` (a clock checked between
/// slices of work).
#[derive(Clone, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub time_limit: Duration,
    started: Instant,
}

/// Without `--time-limit-ms`, a search stops after ten minutes.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 600_000;

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: u64::MAX,
            time_limit: Duration::from_millis(DEFAULT_TIME_LIMIT_MS),
            started: Instant::now(),
        }
    }
}

impl Budget {
    /// Takes `--max-nodes N` and `--time-limit-ms N` out of `args`, wherever they stand.
    pub fn from_args(args: &[String]) -> Result<(Budget, Vec<String>), CliError> {
        let mut budget = Budget::default();
        let mut rest = Vec::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let number = |value: Option<&String>| -> Result<u64, CliError> {
                value
                    .and_then(|v| v.parse::<u64>().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("{arg} needs a whole number above 0"))
            };
            match arg.as_str() {
                "--max-nodes" => budget.max_nodes = number(args.next())?,
                "--time-limit-ms" => {
                    budget.time_limit = Duration::from_millis(number(args.next())?)
                }
                _ => rest.push(arg.clone()),
            }
        }
        Ok((budget, rest))
    }

    /// A budget of `max_nodes` and the default time limit (tests, harnesses).
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..Budget::default()
        }
    }

    /// Fails once more than `max_nodes` are used or the time is up; `what` names the work.
    pub fn check(&self, used: u64, what: &str) -> Result<(), Failure> {
        if used > self.max_nodes {
            return Err(Failure::BudgetSpent(format!(
                "{what}: the node budget of {} (--max-nodes) ran out",
                self.max_nodes
            )));
        }
        if self.started.elapsed() >= self.time_limit {
            return Err(Failure::BudgetSpent(format!(
                "{what}: the time limit of {} ms (--time-limit-ms) ran out after {used} nodes",
                self.time_limit.as_millis()
            )));
        }
        Ok(())
    }

    /// Asks work in progress to stop when the time limit is reached.
    pub fn stop(&self) -> crate::engine::stop::Stop {
        match self.started.checked_add(self.time_limit) {
            Some(deadline) => crate::engine::stop::Stop::at(deadline),
            None => crate::engine::stop::Stop::never(),
        }
    }

    /// How many nodes the next slice of work may use: at most `slice`, and never past the budget
    /// by more than one node (so running out is seen).
    pub fn slice(&self, used: u64, slice: u64) -> u64 {
        slice.min(self.max_nodes.saturating_sub(used).saturating_add(1))
    }
}

/// Sizes slices of work so the clock is read about every 20 ms whatever a node costs (a node of
/// a thousand-spot Sprouts position costs a thousand times one of twelve spots).
pub(crate) struct Pacer {
    slice: u64,
    largest: u64,
}

impl Pacer {
    /// Slices from one node up to `largest` nodes.
    pub fn new(largest: u64) -> Pacer {
        Pacer { slice: 1, largest }
    }

    pub fn slice(&self) -> u64 {
        self.slice
    }

    /// Learns how long the last slice took: quick slices grow, slow ones shrink.
    pub fn took(&mut self, elapsed: Duration) {
        if elapsed < Duration::from_millis(10) {
            self.slice = (self.slice * 2).min(self.largest);
        } else if elapsed > Duration::from_millis(40) {
            self.slice = (self.slice / 2).max(1);
        }
    }
}

/// One JSON object from the input, or a message saying what it should be.
pub(crate) fn json_object(input: &str, shape: &str) -> Result<serde_json::Value, CliError> {
    let request: serde_json::Value =
        serde_json::from_str(input).map_err(|e| format!("the input is not JSON: {e}"))?;
    if !request.is_object() {
        return Err(format!("the input must be one JSON object {shape}"));
    }
    Ok(request)
}

/// The `"seed"` of a request: a whole number from 0 to 2^64 − 1, 1 when absent.
pub(crate) fn json_seed(request: &serde_json::Value) -> Result<u64, CliError> {
    match request.get("seed") {
        None => Ok(1),
        Some(v) => v.as_u64().ok_or_else(|| {
            format!("\"seed\" must be a whole number from 0 to 18446744073709551615, not {v}")
        }),
    }
}

/// A whole-number field of a request.
pub(crate) fn json_count(request: &serde_json::Value, name: &str) -> Result<usize, CliError> {
    match request.get(name) {
        None => Err(format!("missing \"{name}\"")),
        Some(v) => v
            .as_u64()
            .map(|n| n as usize)
            .ok_or_else(|| format!("\"{name}\" must be a whole number, not {v}")),
    }
}
