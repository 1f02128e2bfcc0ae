//! The command line itself: arguments and stdin in, the harness's output on stdout, a message
//! on stderr with exit status 2 (bad input) or 3 (a budget ran out).

use std::io::Write;
use std::process::ExitCode;

use gamelab::cli::{self, Output};

pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") || args.is_empty() {
        // A reader that stops early (`gamelab --help | head -1`) is no error: print! would panic.
        let _ = writeln!(std::io::stdout(), "{}{}", cli::USAGE, cli::sprouts::USAGE);
        return if args.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let mut read_stdin = || cli::read_bounded(std::io::stdin().lock(), "stdin");
    match cli::run(&args, &mut read_stdin) {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            let written = match output {
                Output::Text(text) => writeln!(stdout, "{}", text.trim_end_matches('\n')),
                Output::Bytes(bytes) => stdout.write_all(&bytes),
                Output::Logged { text, log } => {
                    // Every log line ends its line (a terminal shows stderr and stdout together).
                    let _ = writeln!(std::io::stderr(), "{}", log.trim_end_matches('\n'));
                    writeln!(stdout, "{}", text.trim_end_matches('\n'))
                }
            };
            match written.and_then(|_| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "gamelab: cannot write the output: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(failure) => {
            let _ = writeln!(std::io::stderr(), "gamelab: {}", failure.message());
            ExitCode::from(failure.exit_status())
        }
    }
}
