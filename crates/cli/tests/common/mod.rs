//! Running the `edgefit` binary from the integration tests.
#![allow(dead_code)] // each test binary uses its own subset

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

/// Run `edgefit` with these arguments (and this standard input).
pub fn run_with(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_edgefit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the edgefit binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Run, check the exit status, return (stdout, stderr).
#[track_caller]
pub fn exits(args: &[&str], code: i32) -> (String, String) {
    let o = run_with(args, "");
    let (out, err) = (
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    );
    assert_eq!(
        o.status.code(),
        Some(code),
        "edgefit {args:?}\nstdout:\n{out}\nstderr:\n{err}"
    );
    assert!(
        !err.contains("panicked"),
        "edgefit {args:?} panicked:\n{err}"
    );
    (out, err)
}
