//! `gamelab ade exhaust | fire | tga | png | verdict | roots`: one JSON request on stdin.
//!
//! Request: `{"graph": "E8", "values": [1, 0, ...], "max_layers": 10000, "layers": 5,
//! "max_rings": 0}`; values are integers or decimal strings of any length, in canonical node
//! order (V1..Vn for A_n, V0..V(n−1) for D_n and E_n). `verdict` and `roots` read
//! `{"graph": "E8"}` or `{"cartan": [[2, -1, …], …]}`, any generalized Cartan matrix.

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use serde::Serialize;
use serde_json::Value;

use super::{Budget, CliError, Failure, Output};
use crate::draw::ade::render_firing_graph;
use crate::draw::raster::Raster;
use crate::draw::{png, tga};
use crate::engine::ade::cartan::{self, Cartan, MOST_NODES};
use crate::engine::ade::{
    diagram_text, parse_integer, trace_line, Diagram, ExhaustRun, Game, StopReason, Style, Values,
};

/// Exhaust fire's default cap.
pub const DEFAULT_MAX_LAYERS: u64 = 10_000;
/// No request may ask for more layers than this (it bounds time and memory).
pub const LAYER_LIMIT: u64 = 10_000_000;
/// The longest trace `fire` prints; past it the command stops (exit status 3) and says so.
pub const TRACE_BYTES_LIMIT: usize = 64 << 20;

/// Runs one command (`args`: the command and its flags); `--max-nodes` counts layers fired,
/// or roots listed.
pub fn run(
    args: &[String],
    read_stdin: &mut dyn FnMut() -> Result<String, CliError>,
    budget: &Budget,
) -> Result<Output, Failure> {
    let (command, flags) = args.split_first().ok_or("usage: gamelab ade COMMAND")?;
    let max_height = match flags {
        [] => None,
        [flag, height] if command == "roots" && flag == "--max-height" => Some(
            height
                .parse::<i64>()
                .ok()
                .filter(|h| (1..=MOST_ROOT_HEIGHT).contains(h))
                .ok_or(format!(
                    "--max-height takes a whole number from 1 to {MOST_ROOT_HEIGHT}, not {height}"
                ))?,
        ),
        _ => {
            return Err(format!(
                "unknown ade arguments '{}': only roots takes --max-height H",
                flags.join(" ")
            )
            .into())
        }
    };
    let input = read_stdin()?;
    match command.as_str() {
        "exhaust" => exhaust(&input, budget).map(Output::Text),
        "fire" => fire(&input, budget).map(Output::Text),
        "tga" => picture(&input, budget).map(|image| Output::Bytes(tga::encode(&image))),
        "png" => picture(&input, budget).map(|image| Output::Bytes(png::encode(&image))),
        "verdict" => verdict(&input).map(Output::Text),
        "roots" => roots(&input, max_height, budget).map(Output::Text),
        other => Err(format!(
            "unknown ade command '{other}': expected exhaust, fire, tga, png, verdict or roots"
        )
        .into()),
    }
}

/// The highest roots `--max-height` may ask for.
pub const MOST_ROOT_HEIGHT: i64 = 100_000;
/// The most roots `roots` lists without `--max-nodes`.
pub const DEFAULT_MOST_ROOTS: u64 = 200_000;
/// The most coefficients the roots being listed may hold (about 130 MB while they are found).
pub const MOST_ROOT_ENTRIES: usize = 8 << 20;

/// The JSON object a request is.
fn read_object(input: &str) -> Result<serde_json::Map<String, Value>, CliError> {
    let json: Value =
        serde_json::from_str(input).map_err(|e| format!("the input is not valid JSON: {e}"))?;
    match json {
        Value::Object(object) => Ok(object),
        _ => Err("the input must be one JSON object such as {\"graph\": \"E8\", \"values\": [1,0,0,0,0,0,0,0]}".into()),
    }
}

/// Fails on a field not in `known`.
fn only_fields(object: &serde_json::Map<String, Value>, known: &[&str]) -> Result<(), CliError> {
    match object.keys().find(|key| !known.contains(&key.as_str())) {
        Some(key) => Err(format!(
            "unknown field '{key}': expected {}",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// The graph of a request: `"graph"` (a preset's name such as "E8", "B3", "~A4", or a graph's
/// text such as "3:1-2,2-3.1.2") or `"cartan"` (a generalized Cartan matrix), with `"places"`
/// ([[x, y], ...], one per node) where it is to be drawn.
fn read_diagram(object: &serde_json::Map<String, Value>) -> Result<Diagram, CliError> {
    let diagram = match (object.get("graph"), object.get("cartan")) {
        (Some(name), None) => {
            let name = name
                .as_str()
                .ok_or("\"graph\" must be a string such as \"E8\"")?;
            diagram_text::parse(name)?
        }
        (None, Some(rows)) => Diagram::of_cartan(read_matrix(rows)?, None)?,
        _ => return Err("give exactly one of \"graph\" and \"cartan\"".into()),
    };
    match object.get("places") {
        None | Some(Value::Null) => Ok(diagram),
        Some(places) => {
            let bad = || {
                format!(
                    "\"places\" must be {} pairs [x, y] of numbers, one per node",
                    diagram.node_count()
                )
            };
            let list = places
                .as_array()
                .filter(|list| list.len() == diagram.node_count())
                .ok_or_else(bad)?;
            let places = list
                .iter()
                .map(|pair| match pair.as_array().map(Vec::as_slice) {
                    Some([x, y]) => Some((x.as_f64()?, y.as_f64()?)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(bad)?;
            Ok(diagram.with_places(places)?)
        }
    }
}

fn read_matrix(rows: &Value) -> Result<Cartan, CliError> {
    let rows = rows
        .as_array()
        .ok_or("\"cartan\" must be an array of rows")?;
    if rows.len() > MOST_NODES {
        return Err(format!("a Cartan matrix has at most {MOST_NODES} rows"));
    }
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let row = row
                .as_array()
                .filter(|r| r.len() <= MOST_NODES)
                .ok_or(format!(
                    "row {i} must be an array of at most {MOST_NODES} integers"
                ))?;
            row.iter()
                .enumerate()
                .map(|(j, a)| {
                    a.as_i64()
                        .ok_or(format!("a[{i}][{j}] is {a}: entries are integers"))
                })
                .collect::<Result<Vec<i64>, String>>()
        })
        .collect::<Result<Vec<Vec<i64>>, String>>()?;
    Cartan::new(rows)
}

/// A graph's matrix from `{"graph": "E8"}` or `{"cartan": [[...], ...]}`.
fn read_cartan(input: &str) -> Result<Cartan, CliError> {
    let object = read_object(input)?;
    only_fields(&object, &["graph", "cartan"])?;
    Ok(read_diagram(&object)?.cartan().clone())
}

#[derive(Serialize)]
struct VerdictReport {
    #[serde(rename = "type")]
    kind: &'static str,
    components: Vec<ComponentReport>,
}

#[derive(Serialize)]
struct ComponentReport {
    nodes: Vec<usize>,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    coxeter_number: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    positive_roots: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    null_vector: Option<Vec<i64>>,
}

/// The contract: `{"type": "finite" | "affine" | "indefinite", "components": [...]}`, each
/// component with its nodes, type, name where it has one, Coxeter number and positive roots
/// (finite) or null vector (affine).
pub fn verdict(input: &str) -> Result<String, Failure> {
    let cartan = read_cartan(input)?;
    let components = cartan::verdict(&cartan);
    let report = VerdictReport {
        kind: cartan::overall(&components).word(),
        components: components
            .into_iter()
            .map(|c| ComponentReport {
                nodes: c.nodes,
                kind: c.kind.word(),
                name: c.name,
                coxeter_number: c.coxeter_number,
                positive_roots: c.positive_roots,
                null_vector: c.null_vector,
            })
            .collect(),
    };
    Ok(serde_json::to_string(&report).map_err(|e| e.to_string())?)
}

#[derive(Serialize)]
struct RootsReport {
    count: usize,
    highest: Option<Vec<i64>>,
    roots: Vec<Vec<i64>>,
}

/// The contract: `{"count": N, "highest": [...], "roots": [[...], ...]}`: the positive roots
/// on the simple roots, by height (real roots only, up to `--max-height` for a type that is not
/// finite; `highest` is the highest root of a connected finite type, else null).
pub fn roots(input: &str, max_height: Option<i64>, budget: &Budget) -> Result<String, Failure> {
    let cartan = read_cartan(input)?;
    let components = cartan::verdict(&cartan);
    let kind = cartan::overall(&components);
    let max_height = match (kind, max_height) {
        (_, Some(h)) => h,
        (cartan::Kind::Finite, None) => i64::MAX,
        (kind, None) => {
            return Err(format!(
                "the graph is of {} type, with infinitely many roots: give --max-height H",
                kind.word()
            )
            .into())
        }
    };
    // (--max-nodes, when given, counts roots; else a bound on the output's size. Either way
    // the roots' coefficients stay within MOST_ROOT_ENTRIES numbers held at once.)
    let most = match budget.max_nodes {
        u64::MAX => DEFAULT_MOST_ROOTS,
        given => given,
    }
    .min((MOST_ROOT_ENTRIES / cartan.size()) as u64) as usize;
    let roots = cartan.positive_roots(max_height, most).ok_or_else(|| {
        Failure::BudgetSpent(format!(
            "more than {most} roots{}: give a lower --max-height, or a larger --max-nodes",
            if kind == cartan::Kind::Finite {
                ""
            } else {
                " up to that height"
            }
        ))
    })?;
    let highest = (kind == cartan::Kind::Finite && components.len() == 1)
        .then(|| roots.last().cloned())
        .flatten();
    let report = RootsReport {
        count: roots.len(),
        highest,
        roots,
    };
    Ok(serde_json::to_string(&report).map_err(|e| e.to_string())?)
}

/// A parsed request.
#[derive(Debug)]
pub struct Request {
    pub play: Game,
    /// How moves are chosen: every positive node at once, or one node a move.
    pub style: Style,
    pub max_layers: u64,
    /// `layers` (fire exactly this many, or until terminal), when given.
    pub layers: Option<u64>,
    pub max_rings: u32,
}

pub fn parse_request(input: &str) -> Result<Request, CliError> {
    let object = read_object(input)?;
    only_fields(
        &object,
        &[
            "graph",
            "cartan",
            "places",
            "values",
            "firing",
            "max_layers",
            "layers",
            "max_rings",
        ],
    )?;
    let graph = read_diagram(&object)?;
    let style = match object.get("firing").map(|f| f.as_str()) {
        None | Some(Some("concurrent")) => Style::Concurrent,
        Some(Some("first-positive")) => Style::FirstPositive,
        Some(Some("last-positive")) => Style::LastPositive,
        Some(Some("in-turn")) => Style::InTurn,
        Some(_) => {
            return Err(
                "\"firing\" is \"concurrent\" (every positive node at once), \"first-positive\", \"last-positive\" or \"in-turn\" (one node a move)"
                    .into(),
            )
        }
    };
    let raw = object
        .get("values")
        .and_then(Value::as_array)
        .ok_or("\"values\" must be an array of integers")?;
    let values = raw
        .iter()
        .enumerate()
        .map(|(i, v)| json_integer(v).map_err(|e| format!("values[{i}]: {e}")))
        .collect::<Result<Vec<BigInt>, CliError>>()?;
    let play = Game::new(graph, Values::from_big(values))?;
    let count = |key: &str, default: Option<u64>| -> Result<Option<u64>, CliError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => match v.as_u64() {
                Some(n) if n <= LAYER_LIMIT => Ok(Some(n)),
                _ => Err(format!(
                    "\"{key}\" must be a whole number from 0 to {LAYER_LIMIT}"
                )),
            },
        }
    };
    let max_layers = count("max_layers", Some(DEFAULT_MAX_LAYERS))?.unwrap_or(DEFAULT_MAX_LAYERS);
    let layers = count("layers", None)?;
    let max_rings = match object.get("max_rings") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_u64()
            .filter(|&m| m <= 10)
            .ok_or("\"max_rings\" must be a whole number from 0 to 10 (0 = no maximum)")?
            as u32,
    };
    Ok(Request {
        play,
        style,
        max_layers,
        layers,
        max_rings,
    })
}

fn json_integer(value: &Value) -> Result<BigInt, String> {
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(BigInt::from(i))
            } else if let Some(u) = n.as_u64() {
                Ok(BigInt::from(u))
            } else {
                Err(format!(
                    "{n} is not an integer (give large integers as decimal strings)"
                ))
            }
        }
        Value::String(s) => parse_integer(s).map_err(|e| e.to_string()),
        other => Err(format!("{other} is not an integer")),
    }
}

/// An integer as JSON: a number when it fits in an i64, a decimal string otherwise.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonInt {
    Small(i64),
    Big(String),
}

impl From<&BigInt> for JsonInt {
    fn from(value: &BigInt) -> JsonInt {
        match value.to_i64() {
            Some(i) => JsonInt::Small(i),
            None => JsonInt::Big(value.to_string()),
        }
    }
}

#[derive(Serialize)]
struct ExhaustReport {
    status: &'static str,
    layers: usize,
    sums: Vec<JsonInt>,
    #[serde(rename = "final")]
    final_values: Vec<JsonInt>,
}

/// The contract: `{"status": "terminated"|"loop"|"cap", "layers": L, "sums": [...], "final": [...]}`.
pub fn exhaust(input: &str, budget: &Budget) -> Result<String, Failure> {
    let Request {
        mut play,
        style,
        max_layers,
        ..
    } = parse_request(input)?;
    let (reason, fired) = fire_up_to(&mut play, style, max_layers, budget)?;
    let status = match reason {
        StopReason::Terminated => "terminated",
        StopReason::Loop { .. } => "loop",
        // The contract has three statuses; the memory limit is a cap too (the message says so).
        StopReason::Cap { .. } | StopReason::SizeLimit { .. } | StopReason::ValueLimit { .. } => {
            "cap"
        }
    };
    let report = ExhaustReport {
        status,
        layers: fired,
        sums: (1..=play.layer_count())
            .map(|t| {
                // Writing big values out takes time too: under the same budget.
                budget.check(fired as u64, "writing the layer sums")?;
                Ok(JsonInt::from(&play.layer_sum(t)))
            })
            .collect::<Result<_, Failure>>()?,
        final_values: play
            .current()
            .to_big_vec()
            .iter()
            .map(JsonInt::from)
            .collect(),
    };
    Ok(serde_json::to_string(&report).map_err(|e| e.to_string())?)
}

/// The tracing area as text: the start, then one line per layer, then why it stopped.
/// Fires `layers` layers when given, otherwise exhausts up to `max_layers`.
pub fn fire(input: &str, budget: &Budget) -> Result<String, Failure> {
    let Request {
        mut play,
        style,
        max_layers,
        layers,
        ..
    } = parse_request(input)?;
    let reason = fire_requested(&mut play, style, layers, max_layers, budget)?;
    let mut out = String::new();
    for t in 0..=play.layer_count() {
        budget.check(play.layer_count() as u64, "writing the trace")?;
        out.push_str(&trace_line(&play, t));
        out.push('\n');
        if out.len() > TRACE_BYTES_LIMIT {
            return Err(Failure::BudgetSpent(format!(
                "the trace passed {} MiB at layer {t} of {}: ask for fewer \"layers\"",
                TRACE_BYTES_LIMIT >> 20,
                play.layer_count()
            )));
        }
    }
    out.push_str(&format!("{}: {}\n", play.layer_count(), reason));
    Ok(out)
}

/// Fires up to `cap` layers in slices, as Exhaust fire does: it stops at a terminal state, a
/// loop, or the history's memory limit, and fails when the budget runs out.
fn fire_up_to(
    play: &mut Game,
    style: Style,
    cap: u64,
    budget: &Budget,
) -> Result<(StopReason, usize), Failure> {
    let mut run = ExhaustRun::with_style(cap as usize, style);
    loop {
        let slice = budget.slice(run.fired() as u64, 1024) as usize;
        if let Some(reason) = play.exhaust_step(&mut run, slice) {
            return Ok((reason, run.fired()));
        }
        budget.check(run.fired() as u64, "firing")?;
    }
}

/// Fires `layers` layers when given (the sentence says "as asked" when all were fired), else
/// exhausts up to `max_layers`.
fn fire_requested(
    play: &mut Game,
    style: Style,
    layers: Option<u64>,
    max_layers: u64,
    budget: &Budget,
) -> Result<String, Failure> {
    Ok(
        match fire_up_to(play, style, layers.unwrap_or(max_layers), budget)? {
            (StopReason::Cap { layers: fired }, _) if layers.is_some() => {
                format!("fired {fired} layers as asked")
            }
            (reason, _) => reason.describe(),
        },
    )
}

fn picture(input: &str, budget: &Budget) -> Result<Raster, Failure> {
    let Request {
        mut play,
        style,
        max_layers,
        layers,
        max_rings,
    } = parse_request(input)?;
    fire_requested(&mut play, style, layers, max_layers, budget)?;
    Ok(render_firing_graph(play.graph(), &play.layers(), max_rings).map_err(|e| e.to_string())?)
}
