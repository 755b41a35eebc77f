//! One module per subcommand; each `run` returns the exit status. The helpers they share: loading a
//! scenario, evaluating it, printing.

pub mod advise;
pub mod compare;
pub mod import;
pub mod pipeline;
pub mod presets;
pub mod report;
pub mod validate;

use std::io::Write as _;

use clap::CommandFactory;
use edgefit_text::{field_error, Lang};

use crate::cli::{Cli, Command};
use crate::scenario;

/// Exit status: bad input or usage.
pub const BAD_INPUT: i32 = 2;

/// Run a parsed command line; returns the exit status.
#[must_use]
pub fn run(cli: &Cli) -> i32 {
    match &cli.command {
        Command::Report(a) => report::run(a, report::What::Report),
        Command::Solve(a) => report::run(a, report::What::Solve),
        Command::Advise(a) => advise::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Pipeline(a) => pipeline::run(a),
        Command::Presets(a) => presets::run(a),
        Command::Import(a) => import::run(a),
        Command::Validate(a) => validate::run(a),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "edgefit", &mut out);
            print(&String::from_utf8_lossy(&out));
            0
        }
    }
}

/// Write to stdout; a closed pipe (`edgefit report | head`) is not an error.
pub fn print(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

/// Pretty JSON of a report type, with a final newline. The report types are plain structs of numbers and
/// strings: serialization cannot fail. Non-finite numbers become null.
pub fn to_json<T: serde::Serialize>(v: &T) -> String {
    let mut s =
        serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// [`to_json`] of a JSON value.
pub fn value_json(v: &serde_json::Value) -> String {
    to_json(v)
}

/// A scenario argument as engine inputs; bad input is printed and becomes the exit status.
pub fn load(arg: Option<&str>, lang: Lang) -> Result<edgefit_core::Inputs, i32> {
    let d = scenario::load(arg).map_err(|m| {
        eprintln!("edgefit: {m}");
        BAD_INPUT
    })?;
    if !d.issues.is_empty() {
        scenario::refuse(&d.issues, lang);
        return Err(BAD_INPUT);
    }
    Ok(d.inputs)
}

/// Evaluate inputs; invalid ones are printed field by field and become the exit status.
pub fn evaluate(i: &edgefit_core::Inputs, lang: Lang) -> Result<edgefit_core::Evaluation, i32> {
    analyze(i, lang).map(|(_, e)| e)
}

/// [`evaluate`], keeping the validated scenarios too.
pub fn analyze(
    i: &edgefit_core::Inputs,
    lang: Lang,
) -> Result<(edgefit_core::Scenarios, edgefit_core::Evaluation), i32> {
    edgefit_core::run(i).map_err(|errs| {
        invalid(&errs, lang);
        BAD_INPUT
    })
}

/// Print every field error.
pub fn invalid(errs: &edgefit_core::Errors, lang: Lang) {
    for e in &errs.0 {
        eprintln!("edgefit: {}", field_error(e, lang));
    }
}
