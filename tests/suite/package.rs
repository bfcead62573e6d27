//! `winmove package`: the secret answers against the tablebase, the
//! validator against the data and the invalid inputs, the files the
//! Kattis format (legacy) requires.

use crate::common::rules::{X, cells_of, has_four};
use crate::common::tablebase::first_winning_cell;
use crate::common::winmove;
use std::io::Write;
use std::process::{Command, Stdio};
use winmove::answer::package::{LIMIT, MIN_PIECES, Package, Sizes};
use winmove::answer::solver::Solver;
use winmove::search::alphabeta::{AlphaBeta, Pruning};
use winmove::tree::board::Enhancements;

fn package() -> Package {
    let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT);
    Package::new(Sizes { count: 3, seed: 7 }, &mut solver)
}

#[test]
fn every_answer_of_the_package_is_the_tablebases() {
    let package = package();
    for test in &package.tests {
        assert!(!test.boards.is_empty(), "{}", test.path);
        for (&board, &answer) in test.boards.iter().zip(&test.answers) {
            let exact = first_winning_cell(&cells_of(board));
            assert_eq!(answer.map(|s| s.index()), exact, "{}: {board}", test.path);
            assert!(board.pieces() >= MIN_PIECES, "{}: {board}", test.path);
        }
    }
    let file = |path: &str| package.tests.iter().find(|t| t.path == path).expect(path);
    let largest = file("data/secret/largest");
    assert_eq!(largest.boards.len(), LIMIT);
    assert!(largest.boards.iter().all(|b| b.pieces() == MIN_PIECES));
    // The first winning square comes before a square that wins at once.
    let first = file("data/secret/first-win-not-immediate");
    for (&board, &answer) in first.boards.iter().zip(&first.answers) {
        let cells = cells_of(board);
        let wins_at_once = |i: usize| {
            let mut after = cells;
            after[i] = X;
            cells[i] == 0 && has_four(&after, X)
        };
        let answer = answer.expect("a win").index();
        assert!(
            !wins_at_once(answer) && (answer + 1..16).any(wins_at_once),
            "{board}"
        );
    }
}

/// Runs the validator once per input, as a judge's system would (standard
/// input the file, exit status 42 to accept, 43 to reject), but all in one
/// Python process: a Python start costs a tenth of a second here, and the
/// package has dozens of inputs. Each run gets fresh globals, its own
/// standard input, and its exit status caught.
const DRIVER: &str = r#"
import io, sys
code = compile(sys.argv[1], "validate.py", "exec")
data = sys.stdin.buffer.read()
sys.stderr = io.StringIO()
at, codes = 0, []
while at < len(data):
    n = int.from_bytes(data[at:at + 8], "little")
    sys.stdin = io.TextIOWrapper(io.BytesIO(data[at + 8:at + 8 + n]))
    at += 8 + n
    try:
        exec(code, {"__name__": "__main__"})
        codes.append(0)
    except SystemExit as e:
        codes.append(e.code if isinstance(e.code, int) else 1)
sys.__stdout__.write(" ".join(map(str, codes)))
"#;

/// The validator's exit status on each of `inputs`, in order.
fn validate(validator: &str, inputs: &[&[u8]]) -> Vec<i32> {
    let mut framed = Vec::new();
    for input in inputs {
        framed.extend_from_slice(&(input.len() as u64).to_le_bytes());
        framed.extend_from_slice(input);
    }
    let mut child = Command::new("python3")
        .args(["-c", DRIVER, validator])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || stdin.write_all(&framed));
    let output = child.wait_with_output().expect("the validator ends");
    writer.join().unwrap().expect("the inputs written");
    assert!(output.status.success(), "the driver failed");
    let codes = String::from_utf8(output.stdout).unwrap();
    codes.split(' ').map(|c| c.parse().unwrap()).collect()
}

#[test]
fn the_validator_accepts_the_data_and_rejects_every_invalid_input() {
    let files = package().files();
    let text = |path: &str| &files.iter().find(|(p, _)| p == path).expect(path).1;
    let validator = String::from_utf8(text("input_validators/validate.py").clone()).unwrap();
    let inputs: Vec<&(String, Vec<u8>)> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".in"))
        .collect();
    let bytes: Vec<&[u8]> = inputs.iter().map(|(_, input)| &input[..]).collect();
    let codes = validate(&validator, &bytes);
    assert_eq!(codes.len(), inputs.len());
    let mut invalid = 0;
    for ((path, _), code) in inputs.iter().zip(codes) {
        let expected = if path.starts_with("invalid_input/") {
            43
        } else {
            42
        };
        invalid += (expected == 43) as usize;
        assert_eq!(code, expected, "{path}");
    }
    assert!(invalid >= 19, "{invalid} invalid inputs");
}

#[test]
fn the_package_holds_the_files_the_format_requires() {
    let dir = std::env::temp_dir().join(format!("winmove-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = winmove(&["package", "--count", "1", dir.to_str().unwrap()], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    for path in [
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "data/sample/statement.in",
        "data/sample/statement.ans",
        "data/secret/largest.in",
        "data/secret/largest.ans",
        "input_validators/validate.py",
        "submissions/accepted/minsearch.cpp",
        "submissions/accepted/negamax.rs",
        "submissions/wrong_answer/hashes.py",
        "submissions/time_limit_exceeded/minimax.py",
    ] {
        assert!(dir.join(path).is_file(), "{path}");
    }
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("\nname: Find the Winning Move\n"), "{yaml}");
    // Written again into the same directory: refused, nothing lost.
    let again = winmove(&["package", dir.to_str().unwrap()], b"");
    assert_eq!(again.status, Some(1));
    assert!(again.stderr.contains("is not empty"), "{}", again.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
