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

/// The package's validator's exit status on `input` (42 accepts, 43
/// rejects).
fn validate(validator: &str, input: &[u8]) -> i32 {
    let mut child = Command::new("python3")
        .args(["-c", validator])
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 runs");
    let _ = child.stdin.take().expect("a pipe").write_all(input);
    child
        .wait()
        .expect("the validator ends")
        .code()
        .unwrap_or(-1)
}

#[test]
fn the_validator_accepts_the_data_and_rejects_every_invalid_input() {
    let files = package().files();
    let text = |path: &str| &files.iter().find(|(p, _)| p == path).expect(path).1;
    let validator = String::from_utf8(text("input_validators/validate.py").clone()).unwrap();
    let inputs = files.iter().filter(|(path, _)| path.ends_with(".in"));
    let mut invalid = 0;
    for (path, input) in inputs {
        let expected = if path.starts_with("invalid_input/") {
            43
        } else {
            42
        };
        invalid += (expected == 43) as usize;
        assert_eq!(validate(&validator, input), expected, "{path}");
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
