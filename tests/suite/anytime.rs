//! `compare --anytime` against references written here: on seeded
//! questions of 5 and 6 empty squares, the moves judged right by a plain
//! minimax to the end of the game, and alpha-beta's move at each depth by
//! the plain depth-limited minimax of `common::depth`, question by
//! question; with the `mcts` backend, MCTS-Solver on a budget that proves
//! every such question plays a right move on each. And the option's usage
//! errors.

use crate::common::depth::{minimax, reference};
use crate::common::rules::{O, X, cells_of};
use crate::common::winmove;
use winmove::game::bitboard::{BitBoard, Square};
use winmove::game::eval::Eval;
use winmove::game::random::{Rng, random_board};
use winmove::lab::compare::{Anytime, Chooser, compare_anytime};
use winmove::{Board, Value};

/// The squares whose move keeps the question's exact value, by plain
/// minimax to the end of the game (x to move).
fn keeping(board: Board) -> BitBoard {
    let mut cells = cells_of(board);
    let mut values: Vec<(usize, Value)> = Vec::new();
    for i in (0..16).filter(|&i| board.get(Square::from_index(i)).is_none()) {
        cells[i] = X;
        values.push((i, minimax(&mut cells, O, 16, Eval::Lines)));
        cells[i] = 0;
    }
    let best = values.iter().map(|v| v.1).max();
    (values.iter())
        .filter(|v| Some(v.1) == best)
        .fold(BitBoard::EMPTY, |set, v| set.with(Square::from_index(v.0)))
}

/// Seeded questions of 5 or 6 empty squares.
fn questions() -> Vec<Board> {
    let mut rng = Rng::new(31);
    (0..14)
        .map(|_| {
            let x = 5 + rng.below(2) as usize;
            random_board(&mut rng, x, 5)
        })
        .collect()
}

#[test]
fn each_move_is_judged_as_plain_minimax_judges_it() {
    let boards = questions();
    let anytime = Anytime {
        playouts: vec![1, 4000],
        depth: 6,
        evals: Eval::ALL.to_vec(),
        seed: 1,
    };
    let sets = [("q".to_string(), boards.clone())];
    let groups = compare_anytime(&sets, &anytime, &keeping, &mut |_, _| {});
    let asked: Vec<Board> = (boards.iter().copied())
        .filter(|&b| keeping(b) != b.empty())
        .collect();
    let group = &groups[0];
    assert_eq!((group.questions, group.free), (14, 14 - asked.len()));
    assert!(asked.len() >= 5, "the questions ask something");
    for curve in &group.curves {
        match curve.chooser {
            Chooser::AlphaBeta(eval) => {
                for (k, &depth) in curve.steps.iter().enumerate() {
                    let expected: Vec<bool> = (asked.iter())
                        .map(|&b| {
                            let first = reference(&cells_of(b), depth as u32, eval).1;
                            first.is_some_and(|i| keeping(b).has(Square::from_index(i)))
                        })
                        .collect();
                    assert_eq!(curve.right[k], expected, "{eval} at depth {depth}");
                }
                // Six plies reach the end of every game here.
                assert_eq!(curve.rate(5).right, asked.len() as u64);
            }
            Chooser::Mcts { solver } => {
                let last = curve.right.last().unwrap();
                assert_eq!(last.len(), asked.len());
                if solver {
                    assert!(last.iter().all(|&r| r), "proven, so right");
                }
            }
        }
    }
    let evals = (group.curves.iter())
        .filter(|c| matches!(c.chooser, Chooser::AlphaBeta(_)))
        .count();
    assert_eq!(evals, 2);
}

#[test]
fn the_options_of_the_anytime_question_are_checked() {
    for (args, says) in [
        (
            &["compare", "--playouts", "10"][..],
            "--playouts needs --anytime",
        ),
        (&["compare", "--anytime", "--trees"], "--trees is not about"),
        (&["compare", "--anytime", "--raw"], "--raw is not about"),
        (&["compare", "--anytime", "--playouts", "100,10"], "rising"),
        (&["compare", "--anytime", "--playouts", "0"], "from 1 to"),
    ] {
        let run = winmove(args, b"");
        assert_eq!(run.status, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}
