//! What the tests share: running the built `winmove` binary, the
//! statement's sample, the samples of `samples/`, the backends a build
//! should have; the game's rules written here ([`rules`]), the whole
//! game's tablebase ([`tablebase`]), and a tree wrapper that records the
//! leaves a search evaluates ([`recorder`]).
//!
//! Each file of `tests/` is a crate of its own and uses only some of
//! these: hence `dead_code` allowed here, for this module and those below.

#![allow(dead_code)]

pub mod recorder;
pub mod rules;
pub mod tablebase;

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use winmove::search::Algo;

/// The problem statement's sample input.
pub const STATEMENT: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

/// The statement's answers to [`STATEMENT`], as the problem prints them.
pub const STATEMENT_ANSWERS: &str = "#####\n(0,1)\n";

/// The statement's first case alone, without the `$` line: its answer is
/// `#####`.
pub const FIRST_CASE: &str = "?\n....\n.xo.\n.ox.\n....\n";

/// What a run of the binary produced.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: Option<i32>,
}

/// Runs `winmove args...` with `input` on standard input.
pub fn winmove(args: &[&str], input: &[u8]) -> Run {
    run_command(command(args), input).0
}

/// The binary with `args`, its standard output and error piped.
pub fn command<S: AsRef<OsStr>>(args: &[S]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_winmove"));
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` written to its standard input from a
/// thread (so that a large input cannot deadlock on a full pipe), 64 KiB
/// at a time; also returns how many bytes of the input it took before it
/// closed its standard input (all of them if it read to the end).
pub fn run_command(mut command: Command, input: &[u8]) -> (Run, usize) {
    let mut child = command
        .stdin(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let mut taken = 0;
        for piece in input.chunks(1 << 16) {
            if stdin.write_all(piece).is_err() {
                break;
            }
            taken += piece.len();
        }
        taken
    });
    let output = child.wait_with_output().expect("the program runs");
    let taken = writer.join().expect("writer thread");
    let run = Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    };
    (run, taken)
}

/// The backends this build has, from the registry.
pub fn built_algos() -> Vec<Algo> {
    Algo::all_built().collect()
}

/// The backends this build should have, worked out here rather than asked
/// of the registry: the three every build has (README: `alphabeta`, its
/// one-bound form and `minimax`), and those of the cargo features this
/// build enables, each optional backend with its own feature, named like
/// it. The optional backends written here must be the registry's, each
/// with the feature written here (a feature Cargo.toml does not declare
/// would fail `cfg!` here with a warning, which the lint run refuses).
pub fn expected_algos() -> Vec<Algo> {
    let optional = [
        (Algo::Scout, "scout", cfg!(feature = "scout")),
        (Algo::Sss, "sss", cfg!(feature = "sss")),
        (Algo::NegaScout, "negascout", cfg!(feature = "negascout")),
        (Algo::MtSss, "mt-sss", cfg!(feature = "mt-sss")),
        (Algo::MtDual, "mt-dual", cfg!(feature = "mt-dual")),
        (Algo::Mtdf, "mtdf", cfg!(feature = "mtdf")),
    ];
    let written: Vec<(Algo, Option<&str>)> = optional
        .iter()
        .map(|&(algo, feature, _)| (algo, Some(feature)))
        .collect();
    let registry: Vec<(Algo, Option<&str>)> = Algo::ALL
        .into_iter()
        .filter(|a| a.feature().is_some())
        .map(|a| (a, a.feature()))
        .collect();
    assert_eq!(
        registry, written,
        "the registry's optional backends and their features are the ones written here"
    );
    let mut algos = vec![Algo::AlphaBeta, Algo::AlphaBetaShallow, Algo::Minimax];
    algos.extend(optional.iter().filter(|o| o.2).map(|o| o.0));
    algos
}

/// Every `samples/NAME.in`, sorted by name: the name, its contents and its
/// expected output (`samples/NAME.out`).
pub fn samples() -> Vec<(String, Vec<u8>, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("samples/ exists") {
        let path = entry.expect("readable").path();
        if path.extension().is_some_and(|e| e == "in") {
            let expected =
                std::fs::read_to_string(path.with_extension("out")).expect("every .in has an .out");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            found.push((name, std::fs::read(&path).unwrap(), expected));
        }
    }
    found.sort();
    assert!(found.len() >= 3, "statement, messy and regression samples");
    found
}
