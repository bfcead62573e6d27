//! Running the built `winmove` binary from tests.

#![allow(dead_code)]

pub mod recorder;

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary produced.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: Option<i32>,
}

/// Runs `winmove args...` with `input` on standard input.
pub fn winmove(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_winmove"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    // Write from a thread so that a large input cannot deadlock on a full pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    }
}

/// The names of the backends this build has, from the registry.
pub fn built_algos() -> Vec<&'static str> {
    winmove::search::Algo::built().map(|a| a.name).collect()
}
