//! Where things are, and how child processes are started.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The repository root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the repository root")
        .to_path_buf()
}

/// `$CARGO_HOME/bin`, where `cargo install` puts trunk and wasm-bindgen.
pub fn cargo_bin() -> PathBuf {
    let home = std::env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into())).join(".cargo"),
        PathBuf::from,
    );
    home.join("bin")
}

/// PATH for every child: npm's tools first (trunk must find npm binaryen's wasm-opt,
/// never Debian's), then cargo's bin dir (freshly installed trunk), then the rest.
pub fn path_var() -> OsString {
    let mut dirs = vec![root().join("node_modules").join(".bin"), cargo_bin()];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).expect("PATH entries contain no separator")
}

/// A command run from the repository root with the project's environment.
pub fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root())
        .env("PATH", path_var())
        .env("TRUNK_SKIP_VERSION_CHECK", "true")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .stdin(Stdio::null());
    if std::env::var_os("CHROMEDRIVER").is_none() && Path::new("/usr/bin/chromedriver").exists() {
        c.env("CHROMEDRIVER", "/usr/bin/chromedriver");
    }
    c
}

/// Run `c` with inherited output; error if it cannot start or exits non-zero.
pub fn exec(c: &mut Command) -> Result<(), String> {
    let shown = show(c);
    let status = c
        .status()
        .map_err(|e| format!("could not start `{shown}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Run `c` quietly and return its stdout (trimmed) if it exits 0; `None` if it
/// is missing or fails. Used to probe installed tools.
pub fn probe(c: &mut Command) -> Option<String> {
    let out = c.stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The command as a person would type it.
pub fn show(c: &Command) -> String {
    std::iter::once(c.get_program())
        .chain(c.get_args())
        .map(|s| s.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1m05s`, `12.3s`.
pub fn human(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 60.0 {
        format!("{secs:.1}s")
    } else {
        let whole = d.as_secs();
        format!("{}m{:02}s", whole / 60, whole % 60)
    }
}
