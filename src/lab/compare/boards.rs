//! The board workload: every backend on every board of each class, answering it or valuing it.

use super::claims::{CLAIM_EMPTY, Claims, check_claims};
use super::group::{Group, Minimal};
use super::tally::Tally;
use crate::answer::minimal::answer_minimal;
use crate::answer::solver::Solver;
use crate::game::board::{Board, Mark};
use crate::search::minimal::{MemoBudget, minimal_tree};
use crate::search::{Algo, Settings};
use crate::tree::board::{BoardNode, BoardTree, Enhancement, Enhancements, Position};
use crate::tree::value::Window;

/// What a board comparison measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The judge's question: the answer loop over x's moves.
    Answer,
    /// One search of the board (x to move) for its minimax value, with the
    /// window that rules nothing out: the setting of Stockman's theorem.
    Value,
}

/// Every backend of `algos` on every board of every class, with the given
/// enhancements. A backend keeps its memory (a transposition table of
/// positions) across the boards of a class, as it does across the boards
/// of an input. With [`Task::Value`] on the raw tree, the claims are
/// checked on every board too. `progress(class, backend)` is called before
/// each backend starts on each class.
pub fn compare_boards(
    classes: &[(String, Vec<Board>)],
    enhancements: Enhancements,
    algos: &[Algo],
    task: Task,
    progress: &mut dyn FnMut(&str, &str),
) -> Vec<Group> {
    let tree = BoardTree::new(enhancements);
    let root = |board| {
        BoardNode::root(Position {
            board,
            to_move: Mark::X,
        })
    };
    classes
        .iter()
        .map(|(name, boards)| {
            let tallies = algos
                .iter()
                .filter_map(|&algo| {
                    progress(name, algo.name());
                    let backend = algo.make::<BoardTree>(&Settings::default())?;
                    let mut solver = Solver::new(backend, enhancements);
                    let mut tally = Tally::default();
                    for &board in boards {
                        solver.search_mut().reset_stats();
                        match task {
                            Task::Answer => {
                                solver.winning_move(board);
                            }
                            Task::Value => {
                                solver.search_mut().search(&tree, root(board), Window::FULL);
                            }
                        }
                        tally.add(&solver.search().stats());
                    }
                    Some((algo, tally))
                })
                .collect();
            // The raw tree: what shapes expansions is off (the shortcut and
            // the window belong to the answer loop).
            let shaping = [
                Enhancement::Forced,
                Enhancement::Bounds,
                Enhancement::Ordering,
                Enhancement::Tt,
            ];
            let raw = !shaping.into_iter().any(|e| enhancements.contains(e));
            let claims = (task == Task::Value && raw).then(|| {
                let mut claims = Claims::default();
                for &board in boards.iter().filter(|b| b.empty().len() <= CLAIM_EMPTY) {
                    claims.add(&check_claims(&tree, root(board)));
                }
                claims
            });
            let mut minimal = Minimal::default();
            for &board in boards {
                let budget = MemoBudget::DEFAULT;
                minimal.add(match task {
                    Task::Answer => answer_minimal(&tree, board, budget),
                    Task::Value => minimal_tree(&tree, root(board), BoardNode::subtree_key, budget)
                        .map(|m| m.0),
                });
            }
            Group {
                name: name.clone(),
                shape: None,
                tallies,
                claims,
                left_out: Vec::new(),
                minimal,
                limit: None,
            }
        })
        .collect()
}
