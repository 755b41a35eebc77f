//! `edgefit`: does a model fit a chip? The command line of the edgefit engine.
//!
//! ```text
//! edgefit report [SCENARIO] [--lang en|zh] [--json]
//! edgefit solve  [SCENARIO] [--lang en|zh] [--json]
//! edgefit validate FILE.csv [--json]
//! edgefit advise [SCENARIO] [--json]
//! edgefit compare A B [--json]
//! edgefit presets [--json]
//! edgefit import FILE [--json] [--lang en|zh]
//! edgefit pipeline [SCENARIO] [--json] [--lang en|zh]
//! ```
//!
//! Exit status: 0 when nothing fails, 1 when a constraint fails (`report` only), 2 for bad input or usage.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod args;
mod decide;
mod import;
mod pipeline;
mod validate;

// The scenario-file parser lives in the library target (src/lib.rs) so the fuzz crate can reach it.
use edgefit_cli::scenario;

use std::io::Write as _;
use std::process::ExitCode;

use edgefit_core::{json, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{field_error, markdown_report, solve_table, Lang};

use args::{Command, Opts};

/// Exit status: a constraint fails.
const FAILS: u8 = 1;
/// Exit status: bad input or usage.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let decide: Option<fn(&[String]) -> i32> = match argv.first().map(String::as_str) {
        Some("advise") => Some(decide::advise_main),
        Some("compare") => Some(decide::compare_main),
        Some("presets") => Some(decide::presets_main),
        Some("pipeline") => Some(pipeline::main),
        Some("import") => Some(import::main),
        _ => None,
    };
    if let Some(f) = decide {
        return ExitCode::from(u8::try_from(f(&argv[1..])).unwrap_or(BAD_INPUT));
    }
    if argv.first().map(String::as_str) == Some("validate") {
        return ExitCode::from(u8::try_from(validate::main(&argv[1..])).unwrap_or(BAD_INPUT));
    }
    let opts = match args::parse(&argv) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("edgefit: {msg}\n\n{}", args::USAGE_SHORT);
            return ExitCode::from(BAD_INPUT);
        }
    };
    match opts.command {
        Command::Help => {
            print(args::HELP);
            ExitCode::SUCCESS
        }
        Command::Version => {
            print(&format!("edgefit {}\n", env!("CARGO_PKG_VERSION")));
            ExitCode::SUCCESS
        }
        Command::Report | Command::Solve => run(&opts),
    }
}

/// Write to stdout; a closed pipe (`edgefit report | head`) is not an error.
fn print(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

fn run(opts: &Opts) -> ExitCode {
    let loaded = match scenario::load(opts.scenario.as_deref()) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("edgefit: {msg}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    // The language: --lang, else the link's own `lang=`, else English.
    let lang = opts
        .lang
        .or_else(|| {
            loaded
                .extras
                .iter()
                .find(|(k, _)| k == "lang")
                .and_then(|(_, v)| Lang::from_code(v))
        })
        .unwrap_or_default();
    if !loaded.issues.is_empty() {
        scenario::refuse(&loaded.issues, lang);
        return ExitCode::from(BAD_INPUT);
    }
    let inputs = &loaded.inputs;
    match opts.command {
        Command::Solve => match edgefit_core::solve(inputs) {
            Ok(sol) => {
                if opts.json {
                    print(&to_json(&json::solve(&sol)));
                } else {
                    print(&solve_table(&sol, lang));
                }
                ExitCode::SUCCESS
            }
            Err(errs) => invalid(&errs, lang),
        },
        _ => match edgefit_core::run(inputs) {
            Ok((s, e)) => {
                if opts.json {
                    print(&to_json(&json::report(inputs, &s, &e)));
                } else {
                    print(&markdown_report(inputs, &s, &e, lang));
                }
                let fails = ALL_CONSTRAINTS
                    .iter()
                    .any(|&c| e.verdict(c) == Verdict::Fail);
                if fails {
                    ExitCode::from(FAILS)
                } else {
                    ExitCode::SUCCESS
                }
            }
            Err(errs) => invalid(&errs, lang),
        },
    }
}

fn invalid(errs: &edgefit_core::Errors, lang: Lang) -> ExitCode {
    for e in &errs.0 {
        eprintln!("edgefit: {}", field_error(e, lang));
    }
    ExitCode::from(BAD_INPUT)
}

fn to_json<T: serde::Serialize>(v: &T) -> String {
    // The report types are plain structs of numbers and strings: serialization cannot fail. Non-finite
    // numbers become null.
    let mut s =
        serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}
