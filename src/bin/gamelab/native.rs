//! The command line itself: arguments and stdin in, the harness's output on stdout.

use std::io::{Read, Write};
use std::process::ExitCode;

use gamelab::cli::{self, Output};

const USAGE: &str = "usage: gamelab <game> <command> < input

games and commands:
  ade exhaust   JSON {\"graph\", \"values\", \"max_layers\"} -> {\"status\", \"layers\", \"sums\", \"final\"}
  ade fire      the same JSON (+ \"layers\": N) -> the tracing area, one line per layer
  ade tga       the same JSON (+ \"layers\", \"max_rings\") -> the firing-sequence graph as TGA bytes
  ade png       the same, as PNG bytes
  bazaar xeq|xturn|xstrategy|xrules|xgames|xgames-blogic|xgames-resources  the course harnesses: JSON values in, out
  bazaar xserver CLIENTS-FILE  the milestone-10 server test (stdin) with its clients' input, in one process
  bazaar ... --timeout-ms N    the time limit per player call (default 600)
  dots-and-boxes solve  JSON {\"rows\", \"cols\", \"moves\": [ids]} -> {\"value\", \"best\"}
  dots-and-boxes arena  JSON {\"rows\", \"cols\", \"levels\": [a, b], \"games\", \"seed\"} -> wins, draws, rates
  chain-reaction arena  JSON {\"rows\", \"cols\", \"levels\": [\"mcts-500\", \"greedy\"], \"games\", \"seed\"} -> win rates
  chain-reaction play   JSON {\"rows\", \"cols\", \"players\", \"moves\": [[r, c], ...]} -> {\"boards\", \"winner\"}
";

pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") || args.is_empty() {
        // A reader that stops early (`gamelab --help | head -1`) is no error: print! would panic.
        let _ = writeln!(std::io::stdout(), "{USAGE}{}", cli::sprouts::USAGE);
        return if args.is_empty() { ExitCode::from(2) } else { ExitCode::SUCCESS };
    }
    let mut read_stdin = || {
        let mut input = String::new();
        std::io::stdin().read_to_string(&mut input).map(|_| input).map_err(|e| format!("cannot read stdin: {e}"))
    };
    let result = match (args[0].as_str(), args.get(1).map(String::as_str)) {
        ("ade", Some(command)) if args.len() == 2 => read_stdin().and_then(|input| cli::ade::run(command, &input)),
        ("sprouts", Some(_)) => cli::sprouts::run(&args[1..], &mut read_stdin),
        ("bazaar", Some(_)) => cli::bazaar::run(&args[1..], &mut read_stdin),
        ("dots-and-boxes", Some(command)) if args.len() == 2 => read_stdin().and_then(|input| cli::dots_boxes::run(command, &input)),
        ("chain-reaction", Some(command)) if args.len() == 2 => read_stdin().and_then(|input| cli::chain_reaction::run(command, &input)),
        _ => Err(format!("unknown command '{}'\n{USAGE}{}\n", args.join(" "), cli::sprouts::USAGE)),
    };
    match result {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            let written = match output {
                Output::Text(text) => writeln!(stdout, "{}", text.trim_end_matches('\n')),
                Output::Bytes(bytes) => stdout.write_all(&bytes),
                Output::Logged { text, log } => {
                    eprint!("{log}");
                    writeln!(stdout, "{}", text.trim_end_matches('\n'))
                }
            };
            match written.and_then(|_| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("gamelab: cannot write the output: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(message) => {
            eprintln!("gamelab: {message}");
            ExitCode::from(2)
        }
    }
}
