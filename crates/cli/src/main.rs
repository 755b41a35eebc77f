//! `edgefit`: does a model fit a chip? The command line of the edgefit engine.
//!
//! ```text
//! edgefit report   [SCENARIO] [--lang en|zh] [--json]
//! edgefit solve    [SCENARIO] [--lang en|zh] [--json]
//! edgefit advise   [SCENARIO] [--lang en|zh] [--json]
//! edgefit compare  A B [--lang en|zh] [--json]
//! edgefit pipeline [SCENARIO] [--lang en|zh] [--json]
//! edgefit presets  [--json]
//! edgefit import   FILE [--lang en|zh] [--json]
//! edgefit validate FILE.csv|FOLDER… [--json] [--loso] [--refit]
//! edgefit completions SHELL
//! ```
//!
//! The grammar is `cli.rs` (clap); each subcommand runs in its own module under `cmd/`. Exit status: 0
//! when nothing fails, 1 when a constraint fails (`report`, `pipeline`), 2 for bad input or usage.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cli;
mod cmd;

// The scenario-file parser lives in the library target (src/lib.rs) so the fuzz crate can reach it.
use edgefit_cli::scenario;

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    // Usage errors exit with clap's status 2, the same as bad input.
    let cli = cli::Cli::parse();
    ExitCode::from(u8::try_from(cmd::run(&cli)).unwrap_or(2))
}
