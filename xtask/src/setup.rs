//! `cargo xtask setup`: install what is missing, and nothing else.
//!
//! Every check is a quick version probe, so a second run takes about a second.
//! Versions come from the repository, not from this file where possible:
//! wasm-bindgen-cli from Cargo.lock, the npm packages from package-lock.json.

use crate::env::{cargo_bin, cmd, exec, human, probe, root};
use std::path::Path;
use std::time::Instant;

/// Trunk 0.22 needs rustc 1.96.1; 0.21.14 is the last release that builds with our 1.95.0.
pub const TRUNK_VERSION: &str = "0.21.14";
/// Rust targets: the page (wasm32) and a real no_std target that proves the core is no_std.
pub const TARGETS: [&str; 2] = ["wasm32-unknown-unknown", "thumbv7em-none-eabihf"];
/// Debian packages for the browser tests (wasm-bindgen-test and the end-to-end tests), each with a
/// file that proves it is installed. The CJK font makes the Chinese page render (and its screenshots
/// readable) instead of empty boxes.
const APT_PACKAGES: [(&str, &str); 3] = [
    ("chromium", "/usr/bin/chromium"),
    ("chromium-driver", "/usr/bin/chromedriver"),
    (
        "fonts-wqy-microhei",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    ),
];
/// playwright-core 1.65 needs node 20.
const NODE_MAJOR_MIN: u32 = 20;

/// Install everything that is missing.
pub fn run() -> Result<(), String> {
    let start = Instant::now();
    check_tool_pins()?;
    rust_targets()?;
    trunk()?;
    wasm_bindgen()?;
    apt()?;
    node_modules()?;
    println!("[setup] all tools present ({})", human(start.elapsed()));
    Ok(())
}

fn rust_targets() -> Result<(), String> {
    let Some(installed) = probe(cmd("rustup").args(["target", "list", "--installed"])) else {
        println!(
            "[setup] rustup not found: assuming targets {} are installed",
            TARGETS.join(", ")
        );
        return Ok(());
    };
    for target in TARGETS {
        if installed.lines().any(|l| l.trim() == target) {
            println!("[setup] rust target {target} ... ok");
        } else {
            println!("[setup] rust target {target} ... installing (a few seconds)");
            exec(cmd("rustup").args(["target", "add", target]))?;
        }
    }
    Ok(())
}

fn trunk() -> Result<(), String> {
    let found = probe(cmd("trunk").arg("--version"));
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().any(|w| w == TRUNK_VERSION))
    {
        println!("[setup] trunk {TRUNK_VERSION} ... ok");
        return Ok(());
    }
    println!(
        "[setup] trunk {TRUNK_VERSION} ... installing (this takes ~9 min){}",
        found.map(|v| format!("; found `{v}`")).unwrap_or_default()
    );
    cargo_install(&["trunk", "--version", TRUNK_VERSION, "--locked"])
}

fn wasm_bindgen() -> Result<(), String> {
    let version = cargo_lock_version("wasm-bindgen")?;
    let bindgen = probe(cmd("wasm-bindgen").arg("--version"));
    let runner = probe(cmd("wasm-bindgen-test-runner").arg("--version"));
    let has = |found: &Option<String>| {
        found
            .as_deref()
            .is_some_and(|v| v.split_whitespace().any(|w| w == version))
    };
    if has(&bindgen) && has(&runner) {
        println!("[setup] wasm-bindgen-cli {version} ... ok");
        return Ok(());
    }
    println!(
        "[setup] wasm-bindgen-cli {version} (= Cargo.lock) ... installing (this takes ~3 min){}",
        bindgen
            .map(|v| format!("; found `{v}`"))
            .unwrap_or_default()
    );
    // Not --locked: its lockfile wants a webpki-roots the crates.io mirror here lacks.
    cargo_install(&["wasm-bindgen-cli", "--version", &version, "--force"])
}

fn cargo_install(args: &[&str]) -> Result<(), String> {
    let start = Instant::now();
    exec(cmd("cargo").arg("install").args(args))?;
    println!(
        "[setup]   installed into {} in {}",
        cargo_bin().display(),
        human(start.elapsed())
    );
    Ok(())
}

fn apt() -> Result<(), String> {
    let missing: Vec<&str> = APT_PACKAGES
        .iter()
        .filter(|(_, bin)| !Path::new(bin).exists())
        .map(|(pkg, _)| *pkg)
        .collect();
    let node_missing = probe(cmd("node").arg("--version")).is_none();
    if missing.is_empty() && !node_missing {
        println!(
            "[setup] apt {} ... ok",
            APT_PACKAGES.map(|(p, _)| p).join(" ")
        );
        return node_version();
    }
    let mut packages = missing;
    if node_missing {
        packages.extend(["nodejs", "npm"]);
    }
    println!(
        "[setup] apt {} ... installing (about 1 min)",
        packages.join(" ")
    );
    let sudo = !is_root();
    let apt_get = |args: &[&str]| {
        let mut c = if sudo { cmd("sudo") } else { cmd("apt-get") };
        if sudo {
            c.args(["-E", "apt-get"]);
        }
        c.args(args);
        c
    };
    exec(&mut apt_get(&["update"]))?;
    let mut install = apt_get(&["install", "-y", "--no-install-recommends"]);
    install.args(&packages);
    exec(&mut install)?;
    node_version()
}

fn node_version() -> Result<(), String> {
    let version = probe(cmd("node").arg("--version")).ok_or("node is not installed")?;
    let major: u32 = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .ok_or_else(|| format!("cannot read node's version from `{version}`"))?;
    if major < NODE_MAJOR_MIN {
        return Err(format!(
            "node {version} is too old: playwright-core needs node >= {NODE_MAJOR_MIN} \
             (Debian bookworm's own nodejs is 18; install node 20 from NodeSource or nvm)"
        ));
    }
    println!("[setup] node {version} ... ok");
    Ok(())
}

fn is_root() -> bool {
    probe(cmd("id").arg("-u")).as_deref() == Some("0")
}

/// `npm ci` when node_modules is missing or was installed from another package-lock.json.
fn node_modules() -> Result<(), String> {
    let root = root();
    let lock = std::fs::read(root.join("package-lock.json"))
        .map_err(|e| format!("package-lock.json: {e}"))?;
    let stamp = root.join("node_modules").join(".edgefit-package-lock.json");
    let present = [
        "node_modules/.bin/wasm-opt",
        "node_modules/playwright-core/package.json",
    ]
    .iter()
    .all(|p| root.join(p).exists());
    if present && std::fs::read(&stamp).is_ok_and(|s| s == lock) {
        println!("[setup] npm packages (package-lock.json) ... ok");
        return Ok(());
    }
    println!(
        "[setup] npm packages (package-lock.json) ... installing with `npm ci` (a few seconds)"
    );
    exec(cmd("npm").args(["ci", "--no-audit", "--no-fund"]))?;
    std::fs::write(&stamp, lock).map_err(|e| format!("{}: {e}", stamp.display()))
}

/// The version of `package` recorded in Cargo.lock (the only one, or an error).
pub fn cargo_lock_version(package: &str) -> Result<String, String> {
    let path = root().join("Cargo.lock");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let wanted = format!("name = \"{package}\"");
    let mut versions = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                versions.push(v.trim_matches('"').to_string());
            }
        }
    }
    match versions.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("Cargo.lock has no `{package}` package")),
        many => Err(format!(
            "Cargo.lock has several `{package}` versions: {}",
            many.join(", ")
        )),
    }
}

/// Trunk.toml's `[tools] wasm_bindgen` must equal Cargo.lock, or trunk (offline) refuses to build.
fn check_tool_pins() -> Result<(), String> {
    let lock = cargo_lock_version("wasm-bindgen")?;
    let path = root().join("Trunk.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let pinned = text
        .lines()
        .find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == "wasm_bindgen").then(|| {
                value
                    .split('#')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_matches('"')
                    .to_string()
            })
        })
        .ok_or("Trunk.toml has no `[tools] wasm_bindgen` pin")?;
    if pinned == lock {
        println!("[setup] Trunk.toml wasm_bindgen = Cargo.lock wasm-bindgen = {lock} ... ok");
        Ok(())
    } else {
        Err(format!(
            "Trunk.toml pins wasm_bindgen = \"{pinned}\" but Cargo.lock has wasm-bindgen {lock}: \
             set `wasm_bindgen = \"{lock}\"` in Trunk.toml"
        ))
    }
}
