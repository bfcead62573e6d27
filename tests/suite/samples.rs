//! Every sample in `samples/` through the built binary: exactly the
//! expected output, with every backend this build has.

use crate::common::{STATEMENT, STATEMENT_ANSWERS, built_algos, samples, winmove};
use winmove::Algo;
use winmove::Cases;

/// The cases of `input` (with their expected answers) that `keep` keeps,
/// as a new input and its expected output.
fn only(input: &[u8], expected: &str, keep: impl Fn(winmove::Board) -> bool) -> (String, String) {
    let (mut cases, mut answers) = (String::new(), String::new());
    for (case, answer) in Cases::new(input).zip(expected.lines()) {
        let board = case.expect("samples are valid").board;
        if keep(board) {
            cases.push_str(&format!("?\n{board}"));
            answers.push_str(answer);
            answers.push('\n');
        }
    }
    cases.push_str("$\n");
    (cases, answers)
}

/// Whether minimax, which cuts nothing, can afford a board: not with two
/// pieces or fewer and unequal counts (the enhanced tree below them holds
/// millions of nodes: seconds each; the tablebase tests check minimax on
/// its affordable piece counts).
fn minimax_affords(board: winmove::Board) -> bool {
    use winmove::Mark;
    board.pieces() > 2 || board.marks(Mark::X).len() == board.marks(Mark::O).len()
}

/// Every backend answers every sample exactly (minimax every case it can
/// afford); the backends run side by side, one thread each.
#[test]
fn every_sample_gives_its_expected_output_with_every_backend() {
    let samples = samples();
    std::thread::scope(|s| {
        for algo in built_algos() {
            let samples = &samples;
            s.spawn(move || {
                for (name, input, expected) in samples {
                    let (input, expected) = if algo == Algo::Minimax {
                        only(input, expected, minimax_affords)
                    } else {
                        (String::from_utf8(input.clone()).unwrap(), expected.clone())
                    };
                    let run = winmove(&["--algo", algo.name()], input.as_bytes());
                    assert_eq!(run.status, Some(0), "{name} with {algo}: {}", run.stderr);
                    assert_eq!(run.stdout, expected, "{name} with {algo}");
                }
            });
        }
    });
}

/// The textbook search on the raw tree (`--plain`) gives the expected
/// answer to every sample case with at most 10 empty squares (sparser
/// boards cost the raw tree seconds each; the tablebase tests check the
/// engine there).
#[test]
fn the_plain_textbook_search_agrees_on_every_affordable_sample_case() {
    let mut checked = 0;
    for (name, input, expected) in samples() {
        let (cases, answers) = only(&input, &expected, |board| board.empty().len() <= 10);
        checked += answers.lines().count();
        let run = winmove(&["--plain"], cases.as_bytes());
        assert_eq!(run.stdout, answers, "{name} with --plain");
    }
    assert!(checked >= 15, "{checked} cases");
}

#[test]
fn the_statement_sample_answers_as_the_problem_says() {
    let run = winmove(&[], STATEMENT.as_bytes());
    assert_eq!(run.stdout, STATEMENT_ANSWERS);
}
