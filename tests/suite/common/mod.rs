//! What the tests share: running the built `winmove` binary, the
//! statement's sample, the samples of `samples/`, the backends a build
//! should have; the game's rules written here ([`rules`]), the whole
//! game's tablebase ([`tablebase`]), a plain depth-limited minimax with
//! its own evaluations ([`depth`]), and a tree wrapper that records the
//! leaves a search evaluates ([`recorder`]).
//!
//! Each file of `tests/` is a crate of its own and uses only some of
//! these: hence `dead_code` allowed here, for this module and those below.

#![allow(dead_code)]

pub mod depth;
pub mod recorder;
pub mod rules;
pub mod tablebase;

use winmove::{Expansion, GameTree, Value};

/// Plain minimax, written here: the value every search of `tree` from
/// `node` must give, the reference the backends are checked against.
pub fn minimax<T: GameTree>(tree: &T, node: &T::Node) -> Value {
    match tree.expand(node) {
        Expansion::Leaf(v) => v,
        Expansion::Inner(children) => {
            let values = children.map(|c| minimax(tree, &c));
            let best = if tree.is_max(node) {
                values.max()
            } else {
                values.min()
            };
            best.expect("an inner node has a child")
        }
    }
}

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use winmove::Algo;

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

/// The backends this build should have: the three every build has (README:
/// `alphabeta`, its one-bound form and `minimax`), which must be the
/// registry's backends without a feature, and the optional ones it builds
/// (each has a feature of its own, named like it: the registry's tests
/// check that); built with every feature of Cargo.toml, as the tests are,
/// every backend.
pub fn expected_algos() -> Vec<Algo> {
    let always = [Algo::AlphaBeta, Algo::AlphaBetaShallow, Algo::Minimax];
    let featureless: Vec<Algo> = Algo::ALL
        .into_iter()
        .filter(|a| a.feature().is_none())
        .collect();
    assert_eq!(featureless, always, "the backends every build has");
    let every_feature = cfg!(feature = "every-backend");
    if every_feature {
        assert!(Algo::ALL.iter().all(|a| a.built()), "every backend built");
    }
    let optional = Algo::ALL.into_iter().filter(|a| a.feature().is_some());
    always
        .into_iter()
        .chain(optional.filter(|a| a.built()))
        .collect()
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

/// `winmove args...` under `ulimit -v kib` (address space in KiB), run by
/// `sh`, reading `input`.
#[cfg(target_os = "linux")]
pub fn under_limit(kib: u64, args: &[&str], input: &[u8]) -> Run {
    let mut all = vec![
        "-c".to_string(),
        format!("ulimit -v {kib} && exec \"$0\" \"$@\""),
        env!("CARGO_BIN_EXE_winmove").to_string(),
    ];
    all.extend(args.iter().map(|a| a.to_string()));
    let mut command = Command::new("sh");
    command
        .args(&all)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    run_command(command, input).0
}
