//! `cargo xtask`: the project's tasks, written in Rust so they run wherever cargo does.
//!
//! ```text
//! cargo xtask setup            install every tool the build and tests need (idempotent)
//! cargo xtask serve [--port N] set up, then serve the calculator at http://127.0.0.1:N/
//! cargo xtask test             set up, then run every check CI runs, in order, failing fast
//!                              (--keep-going: run every step anyway, report all failures)
//! cargo xtask e2e              set up, build the page, run the browser end-to-end tests
//! cargo xtask size             size report of dist/ (raw and gzip -9) against the budget
//! cargo xtask bench [--enforce] build, then measure keystroke -> painted result (p50/p95/max)
//! cargo xtask bench-load [--record] build, then time navigation -> first verdict (desktop, phone)
//! ```
//!
//! Standard library only: tools are driven with `std::process::Command`, so this
//! crate compiles in a second and adds nothing to Cargo.lock.

#![forbid(unsafe_code)]

mod env;
mod setup;
mod size;
mod test;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  setup              install what is missing: rust targets, trunk, wasm-bindgen-cli,
                     chromium + chromedriver (apt), npm packages (wasm-opt, playwright-core)
  serve [--port N]   set up, then serve the calculator at http://127.0.0.1:N/ (default 8080)
  test               set up, then fmt, clippy, tests (native, wasm, no_std), release build,
                     browser end-to-end tests and the size budget; stops at the first failure
                     (test --keep-going: run every step anyway and report all failures)
  e2e                set up, build the page (release) and run tests/e2e/*.test.mjs
  size               print the size of every file in dist/ (raw, gzip -9) and check the budget
  bench [--enforce]  set up, build the page (release), then type 120 edits into a field and print
                     p50/p95/max ms from the input event to the painted result
                     (tests/e2e/bench-input.mjs; --enforce: fail above 16 ms p95)
  bench-load [--record]
                     set up, build the page (release, precompressed), then load it 7 times per
                     profile (desktop; phone: Slow 4G, CPU 4x) and print the median time from
                     navigation to the first verdict and the bytes per file (gzip, brotli); fails
                     when a file grew over bench/load.json (--record: write the new figures there)
  help               this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => no_more_args(&args).and_then(|()| setup::run()),
        Some("serve") => parse_port(&args[1..]).and_then(test::serve),
        Some("test") => match args.get(1).map(String::as_str) {
            None => test::run_all(false),
            Some("--keep-going" | "-k") if args.len() == 2 => test::run_all(true),
            Some(other) => Err(format!(
                "unknown argument `{other}` for `test` (expected --keep-going)"
            )),
        },
        Some("e2e") => no_more_args(&args).and_then(|()| test::run_e2e()),
        Some("bench") => match args.get(1).map(String::as_str) {
            None => test::run_bench(false),
            Some("--enforce") if args.len() == 2 => test::run_bench(true),
            Some(other) => Err(format!(
                "unknown argument `{other}` for `bench` (expected --enforce)"
            )),
        },
        Some("bench-load") => match args.get(1).map(String::as_str) {
            None => test::run_bench_load(false),
            Some("--record") if args.len() == 2 => test::run_bench_load(true),
            Some(other) => Err(format!(
                "unknown argument `{other}` for `bench-load` (expected --record)"
            )),
        },
        Some("size") => {
            no_more_args(&args).and_then(|()| size::report(&env::root().join("dist")).map(drop))
        }
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn no_more_args(args: &[String]) -> Result<(), String> {
    match args.get(1) {
        None => Ok(()),
        Some(extra) => Err(format!("`{}` takes no arguments, got `{extra}`", args[0])),
    }
}

/// Parse `[--port N]` (also `--port=N`).
fn parse_port(args: &[String]) -> Result<u16, String> {
    let mut port = 8080;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = match arg.as_str() {
            "--port" | "-p" => it.next().ok_or("`--port` needs a number")?.as_str(),
            other => other.strip_prefix("--port=").ok_or_else(|| {
                format!("unknown argument `{other}` for `serve` (expected --port N)")
            })?,
        };
        port = value
            .parse()
            .map_err(|_| format!("--port: `{value}` is not a port number (1-65535)"))?;
        if port == 0 {
            return Err("--port: must be between 1 and 65535".into());
        }
    }
    Ok(port)
}
