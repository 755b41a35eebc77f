//! `cargo xtask test`, `e2e` and `serve`: the checks CI runs, in the order a reviewer would.

use crate::env::{cmd, exec, human, root, show};
use crate::{setup, size};
use std::process::Command;
use std::time::Instant;

/// What a step does.
enum Action {
    /// Install missing tools.
    Setup,
    /// Run a command; it must exit 0.
    Cmd(Command),
    /// The size report of dist/ against the budget.
    Size,
}

struct Step {
    name: &'static str,
    action: Action,
}

fn step(name: &'static str, program: &str, args: &[&str]) -> Step {
    let mut c = cmd(program);
    c.args(args);
    Step {
        name,
        action: Action::Cmd(c),
    }
}

fn trunk_build() -> Step {
    step(
        "release build of the page (trunk)",
        "trunk",
        &["build", "--release"],
    )
}

fn e2e() -> Step {
    step(
        "browser end-to-end tests",
        "node",
        &["--test", "tests/e2e/"],
    )
}

/// Every step of `cargo xtask test`, in order.
fn all_steps() -> Vec<Step> {
    let [wasm32, no_std] = setup::TARGETS;
    vec![
        Step {
            name: "set up tools",
            action: Action::Setup,
        },
        step("formatting", "cargo", &["fmt", "--all", "--check"]),
        // The preset tables are generated from data/presets/*.csv; the calibrated table's check is a
        // native test (crates/cli/tests/validate.rs).
        step(
            "generated preset tables are current",
            "python3",
            &["tools/gen_presets.py", "--check"],
        ),
        step(
            "clippy, warnings denied",
            "cargo",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ),
        step("native tests", "cargo", &["test", "--workspace"]),
        // The fuzz targets (crates/fuzz) on generated inputs: 6 s each, deterministic, on stable.
        // The long, coverage-guided run is cargo-fuzz in fuzz/ (nightly), by hand: see crates/fuzz/README.md.
        step(
            "fuzz targets, short run (links, pipeline links, scenario files, engine, measurement files, config.json and GGUF imports)",
            "cargo",
            &[
                "run",
                "--profile",
                "fuzzing",
                "-p",
                "edgefit-fuzz",
                "--",
                "--seconds",
                "6",
            ],
        ),
        step(
            "core builds for wasm32",
            "cargo",
            &[
                "build",
                "-p",
                "edgefit-core",
                "--target",
                wasm32,
                "--no-default-features",
            ],
        ),
        step(
            "core builds without std",
            "cargo",
            &[
                "build",
                "-p",
                "edgefit-core",
                "--target",
                no_std,
                "--no-default-features",
            ],
        ),
        // The runner is wasm-bindgen-test-runner (.cargo/config.toml); it drives
        // headless Chromium through /usr/bin/chromedriver (CHROMEDRIVER, set by env::cmd).
        step(
            "wasm tests in headless Chromium",
            "cargo",
            &["test", "-p", "edgefit-web", "--target", wasm32],
        ),
        trunk_build(),
        e2e(),
        Step {
            name: "size budget",
            action: Action::Size,
        },
    ]
}

/// Run `steps` in order, stopping at the first failure, then print the summary lines.
fn run_steps(title: &str, steps: Vec<Step>, keep_going: bool) -> Result<(), String> {
    let start = Instant::now();
    let total = steps.len();
    let mut page_gzip = None;
    let mut timings = Vec::new();
    let mut failed = Vec::new();
    for (i, s) in steps.into_iter().enumerate() {
        let Step { name, mut action } = s;
        let shown = match &action {
            Action::Setup => "cargo xtask setup".to_string(),
            Action::Cmd(c) => show(c),
            Action::Size => "cargo xtask size".to_string(),
        };
        println!("\n==> [{}/{total}] {name}: {shown}", i + 1);
        let t = Instant::now();
        let result = match &mut action {
            Action::Setup => setup::run(),
            Action::Cmd(c) => exec(c),
            Action::Size => size::report(&root().join("dist")).map(|gz| page_gzip = Some(gz)),
        };
        let took = t.elapsed();
        timings.push((name, took, result.is_ok()));
        match result {
            Ok(()) => println!("<== [{}/{total}] {name}: ok in {}", i + 1, human(took)),
            Err(e) => {
                println!(
                    "<== [{}/{total}] {name}: FAILED after {}: {e}",
                    i + 1,
                    human(took)
                );
                failed.push(format!("{}/{total} \"{name}\"", i + 1));
                // Setup failing means the tools are missing: nothing after it can run.
                if !keep_going || i == 0 {
                    break;
                }
            }
        }
    }
    print_timings(&timings);
    let passed = timings.iter().filter(|(_, _, ok)| *ok).count();
    let elapsed = human(start.elapsed());
    if failed.is_empty() {
        let page = page_gzip
            .map(|gz| format!("; page {} gzip", size::kb(gz)))
            .unwrap_or_default();
        println!("\n{title}: {passed} steps passed in {elapsed}{page}");
        println!("{passed} passed, 0 failed");
        Ok(())
    } else {
        let not_run = total - timings.len();
        let not_run = if not_run > 0 {
            format!(", {not_run} not run")
        } else {
            String::new()
        };
        println!(
            "\n{title}: FAILED at step {} after {elapsed} ({passed} passed{not_run})",
            failed.join(", ")
        );
        println!("{passed} passed, {} failed", failed.len());
        Err(format!("failed: {}", failed.join(", ")))
    }
}

fn print_timings(timings: &[(&str, std::time::Duration, bool)]) {
    println!("\nstep timings:");
    for (name, took, ok) in timings {
        println!(
            "  {:>7}  {}  {name}",
            human(*took),
            if *ok { "ok  " } else { "FAIL" }
        );
    }
}

/// `cargo xtask test [--keep-going]`.
pub fn run_all(keep_going: bool) -> Result<(), String> {
    run_steps("edgefit test", all_steps(), keep_going)
}

/// `cargo xtask e2e`: set up, build, run the browser tests.
pub fn run_e2e() -> Result<(), String> {
    run_steps(
        "edgefit e2e",
        vec![
            Step {
                name: "set up tools",
                action: Action::Setup,
            },
            trunk_build(),
            e2e(),
        ],
        false,
    )
}

/// `cargo xtask bench [--enforce]`: set up, build (release), then the input-latency benchmark
/// (`tests/e2e/bench-input.mjs`: p50/p95/max from a keystroke to the painted result; with `--enforce`
/// it fails above 16 ms p95).
pub fn run_bench(enforce: bool) -> Result<(), String> {
    let mut args = vec!["tests/e2e/bench-input.mjs"];
    if enforce {
        args.push("--enforce");
    }
    run_steps(
        "edgefit bench",
        vec![
            Step {
                name: "set up tools",
                action: Action::Setup,
            },
            trunk_build(),
            step("input latency benchmark", "node", &args),
        ],
        false,
    )
}

/// `cargo xtask bench-load`: set up, build, then time first loads (tests/e2e/bench-load.mjs) and hold the
/// bytes per file to `bench/load.json` (with `record`: write the new figures there instead).
pub fn run_bench_load(record: bool) -> Result<(), String> {
    let args: &[&str] = if record {
        &[
            "tests/e2e/bench-load.mjs",
            "--check",
            "bench/load.json",
            "--record",
            "bench/load.json",
        ]
    } else {
        &["tests/e2e/bench-load.mjs", "--check", "bench/load.json"]
    };
    run_steps(
        "edgefit bench-load",
        vec![
            Step {
                name: "set up tools",
                action: Action::Setup,
            },
            trunk_build(),
            step("first-load benchmark", "node", args),
        ],
        false,
    )
}

/// `cargo xtask serve`: set up, then `trunk serve --release` on 127.0.0.1.
pub fn serve(port: u16) -> Result<(), String> {
    setup::run()?;
    let url = format!("http://127.0.0.1:{port}/");
    println!("\nedgefit: building, then serving the calculator at {url}");
    println!("edgefit: open {url} in a browser once trunk says `server listening`; Ctrl-C stops\n");
    let port = port.to_string();
    let mut trunk = cmd("trunk");
    trunk.args([
        "serve",
        "--release",
        "--address",
        "127.0.0.1",
        "--port",
        &port,
    ]);
    // Become trunk, so that stopping this process stops the server too.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let err = trunk.exec();
        Err(format!("could not start `{}`: {err}", show(&trunk)))
    }
    #[cfg(not(unix))]
    exec(&mut trunk)
}
