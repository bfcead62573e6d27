//! The problem as a contest package in the Kattis problem package format
//! (version `legacy`, the one `verifyproblem` checks without a warning):
//! the statement, the validator and the submissions are files of
//! `assets/package/`, kept as written; the test data is drawn here, each
//! answer the engine's, and [`Package::check`] holds every one against the
//! tablebase before anything is written.

mod data;

use crate::answer::solver::Solver;
use crate::answer::verify::{index_of, tablebase::Tablebase};
use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::protocol::{answer_line, questions_text};
pub use data::{Invalid, LIMIT, MIN_PIECES, Sizes};

/// One test file: its boards and their answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestFile {
    /// Its path in the package, without `.in` or `.ans`.
    pub path: String,
    /// The questions.
    pub boards: Vec<Board>,
    /// The engine's answer to each.
    pub answers: Vec<Option<Square>>,
}

/// A whole package: the files of `assets/package/`, the test data and the
/// invalid inputs.
#[derive(Clone, Debug)]
pub struct Package {
    /// The sample, then the secret data.
    pub tests: Vec<TestFile>,
    /// Inputs the validator must reject (in `invalid_input/`).
    pub invalid: Vec<Invalid>,
}

/// The package's fixed files, by their path in it: data, kept as files.
pub const ASSETS: [(&str, &str); 9] = [
    (
        "problem.yaml",
        include_str!("../../../assets/package/problem.yaml"),
    ),
    (
        "problem_statement/problem.en.tex",
        include_str!("../../../assets/package/problem_statement/problem.en.tex"),
    ),
    (
        "input_validators/validate.py",
        include_str!("../../../assets/package/input_validators/validate.py"),
    ),
    (
        "submissions/accepted/minsearch.cpp",
        include_str!("../../../assets/package/submissions/accepted/minsearch.cpp"),
    ),
    (
        "submissions/accepted/negamax.rs",
        include_str!("../../../assets/package/submissions/accepted/negamax.rs"),
    ),
    (
        "submissions/wrong_answer/count_rule_always.cpp",
        include_str!("../../../assets/package/submissions/wrong_answer/count_rule_always.cpp"),
    ),
    (
        "submissions/wrong_answer/immediate_win_first.cpp",
        include_str!("../../../assets/package/submissions/wrong_answer/immediate_win_first.cpp"),
    ),
    // The contestant's first try of the README's examples.
    (
        "submissions/wrong_answer/hashes.py",
        include_str!("../../../samples/hashes.py"),
    ),
    (
        "submissions/time_limit_exceeded/minimax.py",
        include_str!("../../../assets/package/submissions/time_limit_exceeded/minimax.py"),
    ),
];

impl Package {
    /// The package of `sizes`, each answer found by `solver`.
    pub fn new<S: crate::search::Search<crate::tree::board::BoardTree>>(
        sizes: Sizes,
        solver: &mut Solver<S>,
    ) -> Package {
        let tests = data::test_boards(sizes, solver)
            .into_iter()
            .map(|(path, boards)| {
                let answers = boards.iter().map(|&b| solver.winning_move(b)).collect();
                TestFile {
                    path,
                    boards,
                    answers,
                }
            })
            .collect();
        Package {
            tests,
            invalid: data::invalid(),
        }
    }

    /// The first board whose answer is not the tablebase's: its file, its
    /// number in it from 1, the answer and the tablebase's.
    pub fn check(&self, table: &Tablebase) -> Result<(), (String, usize, Answer, Answer)> {
        for test in &self.tests {
            for (k, (&board, &answer)) in test.boards.iter().zip(&test.answers).enumerate() {
                let exact = table
                    .first_winning_cell(index_of(board))
                    .map(Square::from_index);
                if exact != answer {
                    return Err((test.path.clone(), k + 1, answer, exact));
                }
            }
        }
        Ok(())
    }

    /// Every file of the package: its path in the package and its bytes.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = (ASSETS.iter())
            .map(|(path, text)| (path.to_string(), text.as_bytes().to_vec()))
            .collect();
        for test in &self.tests {
            let answers = test.answers.iter().flat_map(|&a| answer_line(a));
            files.push((
                format!("{}.in", test.path),
                questions_text(&test.boards).into_bytes(),
            ));
            files.push((format!("{}.ans", test.path), answers.collect()));
        }
        for invalid in &self.invalid {
            let path = format!("invalid_input/{}.in", invalid.name);
            files.push((path, invalid.text.clone()));
        }
        files
    }
}

/// An answer: the square, or none (`#####`).
pub type Answer = Option<Square>;
