//! `cargo xtask size`: what a visitor downloads, and the budget it must stay under.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Budget for the whole page, gzip -9, summed over every file in dist/ (precompressed twins left out), in
/// bytes (decimal kB): a ceiling against growth. Lower it as the page shrinks; raise it only with a reason in
/// the commit message and the CHANGELOG. What a visitor waits for is measured by `cargo xtask bench-load`
/// (time to the first verdict, bytes per file held to `bench/load.json`).
pub const GZIP_BUDGET_BYTES: u64 = 510_000;

/// Budget for what a visitor fetches before the first verdict — every file but the full page's own JS and
/// wasm (`edgefit-web-*`), which `boot.js` fetches after the first glance has painted — gzip -9, bytes.
/// Issue #23's goal.
pub const FIRST_VERDICT_BUDGET_BYTES: u64 = 200_000;

/// Whether a file of dist/ is fetched only after the first verdict (the full page's JS and wasm).
fn after_first_verdict(name: &str) -> bool {
    name.starts_with("edgefit-web")
}

/// Print the size of every file in `dist` and the total; error above the budget.
/// Returns the total gzip size in bytes.
pub fn report(dist: &Path) -> Result<u64, String> {
    let mut files = Vec::new();
    walk(dist, &mut files).map_err(|e| {
        format!(
            "{}: {e} (build the page first: `cargo xtask test` or `trunk build --release`)",
            dist.display()
        )
    })?;
    files.sort();
    if files.is_empty() {
        return Err(format!("{} is empty: build the page first", dist.display()));
    }
    let width = files
        .iter()
        .map(|f| {
            f.strip_prefix(dist)
                .unwrap_or(f)
                .display()
                .to_string()
                .len()
        })
        .max()
        .unwrap_or(0)
        .max(5);
    println!("{:<width$}  {:>11}  {:>11}", "file", "raw", "gzip -9");
    let (mut raw_total, mut gz_total, mut gz_first) = (0, 0, 0);
    for file in &files {
        let raw = std::fs::metadata(file)
            .map_err(|e| format!("{}: {e}", file.display()))?
            .len();
        let gz = gzip_size(file)?;
        raw_total += raw;
        gz_total += gz;
        let name = file
            .strip_prefix(dist)
            .unwrap_or(file)
            .display()
            .to_string();
        if !after_first_verdict(&name) {
            gz_first += gz;
        }
        println!("{name:<width$}  {:>11}  {:>11}", kb(raw), kb(gz));
    }
    println!(
        "{:<width$}  {:>11}  {:>11}",
        "total",
        kb(raw_total),
        kb(gz_total)
    );
    let verdict = if gz_total <= GZIP_BUDGET_BYTES {
        "within"
    } else {
        "OVER"
    };
    println!(
        "page: {} gzip ({} raw), {verdict} the budget of {} gzip",
        kb(gz_total),
        kb(raw_total),
        kb(GZIP_BUDGET_BYTES)
    );
    let first_verdict = if gz_first <= FIRST_VERDICT_BUDGET_BYTES {
        "within"
    } else {
        "OVER"
    };
    println!(
        "before the first verdict (all but edgefit-web-*): {} gzip, {first_verdict} the budget of {} gzip",
        kb(gz_first),
        kb(FIRST_VERDICT_BUDGET_BYTES)
    );
    if gz_first > FIRST_VERDICT_BUDGET_BYTES {
        return Err(format!(
            "the files before the first verdict are {} gzip, over the {} budget (xtask/src/size.rs FIRST_VERDICT_BUDGET_BYTES)",
            kb(gz_first),
            kb(FIRST_VERDICT_BUDGET_BYTES)
        ));
    }
    if gz_total > GZIP_BUDGET_BYTES {
        return Err(format!(
            "the page is {} gzip, over the {} budget (xtask/src/size.rs GZIP_BUDGET_BYTES)",
            kb(gz_total),
            kb(GZIP_BUDGET_BYTES)
        ));
    }
    Ok(gz_total)
}

/// `123.4 KB` (decimal kilobytes, like the rest of edgefit).
pub fn kb(bytes: u64) -> String {
    #[allow(clippy::cast_precision_loss)] // sizes are far below 2^52 bytes
    let k = bytes as f64 / 1000.0;
    format!("{k:.1} KB")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            // trunk's staging dir only exists while a build runs
            if path.file_name().is_some_and(|n| n == ".stage") {
                continue;
            }
            walk(&path, out)?;
        } else if !path.extension().is_some_and(|x| x == "gz" || x == "br") {
            // A precompressed twin (tools/precompress.mjs) is the same page, not more of it.
            out.push(path);
        }
    }
    Ok(())
}

/// Bytes of `gzip -9 -c file` (the gzip command is part of every Debian install).
fn gzip_size(file: &Path) -> Result<u64, String> {
    let mut child = Command::new("gzip")
        .args(["-9", "-n", "-c"])
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not run gzip: {e}"))?;
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut buf = [0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = stdout.read(&mut buf).map_err(|e| format!("gzip: {e}"))?;
        if n == 0 {
            break;
        }
        total += n as u64;
    }
    let status = child.wait().map_err(|e| format!("gzip: {e}"))?;
    if status.success() {
        Ok(total)
    } else {
        Err(format!("gzip -9 {} failed ({status})", file.display()))
    }
}
