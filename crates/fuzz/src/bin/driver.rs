//! `edgefit-fuzz`: run the fuzz targets on generated inputs, deterministically, on stable Rust.
//!
//! ```text
//! edgefit-fuzz [--cases N] [--seconds S] [--seed X] [codec|scenario|engine|pipeline|measurements|config|gguf]...
//! ```
//!
//! Each target runs until it has seen N cases or S seconds have passed, whichever comes first (default:
//! 10 seconds, no case limit). A panic prints the target, the case and the input, and exits 1.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use edgefit_fuzz::gen::{self, Rng};

type Target = (&'static str, fn(&mut Rng) -> Vec<u8>, fn(&[u8]));

const TARGETS: &[Target] = &[
    ("codec", gen::codec_input, edgefit_fuzz::codec),
    ("scenario", gen::scenario_input, edgefit_fuzz::scenario),
    ("engine", gen::engine_input, edgefit_fuzz::engine),
    ("pipeline", gen::pipeline_input, edgefit_fuzz::pipeline_link),
    (
        "measurements",
        gen::measurements_input,
        edgefit_fuzz::measurements,
    ),
    ("config", gen::config_input, edgefit_fuzz::config),
    ("gguf", gen::gguf_input, edgefit_fuzz::gguf),
];

fn usage(msg: &str) -> ExitCode {
    eprintln!("edgefit-fuzz: {msg}\nusage: edgefit-fuzz [--cases N] [--seconds S] [--seed X] [codec|scenario|engine|pipeline|measurements|config|gguf]...");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut cases = u64::MAX;
    let mut seconds = None;
    let mut seed = 1u64;
    let mut chosen: Vec<&Target> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |name: &str| -> Option<u64> {
            args.next().and_then(|v| v.parse().ok()).or_else(|| {
                eprintln!("edgefit-fuzz: {name} takes a number");
                None
            })
        };
        match a.as_str() {
            "--cases" => match num("--cases") {
                Some(n) => cases = n,
                None => return usage("bad --cases"),
            },
            "--seconds" => match num("--seconds") {
                Some(n) => seconds = Some(n),
                None => return usage("bad --seconds"),
            },
            "--seed" => match num("--seed") {
                Some(n) => seed = n,
                None => return usage("bad --seed"),
            },
            t => match TARGETS.iter().find(|(n, _, _)| *n == t) {
                Some(x) => chosen.push(x),
                None => return usage(&format!("unknown argument '{t}'")),
            },
        }
    }
    if chosen.is_empty() {
        chosen = TARGETS.iter().collect();
    }
    // No limit given: a short run.
    let budget = match (seconds, cases) {
        (Some(s), _) => Duration::from_secs(s),
        (None, u64::MAX) => Duration::from_secs(10),
        (None, _) => Duration::MAX,
    };
    let start = Instant::now();
    let mut total = 0u64;
    for &(name, make, run) in chosen {
        let mut rng = Rng::new(seed ^ name.len() as u64);
        let t = Instant::now();
        let mut n = 0u64;
        let mut shown = t;
        while n < cases && t.elapsed() < budget {
            // Long runs say how far they are, once a minute.
            if n.is_multiple_of(256) && shown.elapsed() >= Duration::from_secs(60) {
                shown = Instant::now();
                println!(
                    "edgefit-fuzz: {name}: {n} cases after {:.0} s",
                    t.elapsed().as_secs_f64()
                );
            }
            let input = make(&mut rng);
            if catch_unwind(AssertUnwindSafe(|| run(&input))).is_err() {
                eprintln!(
                    "edgefit-fuzz: target {name} panicked on case {n} (seed {seed}); input ({} bytes):\n{:?}",
                    input.len(),
                    String::from_utf8_lossy(&input)
                );
                eprintln!("bytes: {input:?}");
                return ExitCode::FAILURE;
            }
            n += 1;
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "edgefit-fuzz: {name}: {n} cases in {secs:.1} s ({:.0}/s), no panic",
            n as f64 / secs.max(1e-9)
        );
        total += n;
    }
    println!(
        "edgefit-fuzz: {total} cases in {:.1} s, no panic (seed {seed})",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
