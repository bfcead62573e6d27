//! The anytime question (`winmove compare --anytime`): after N playouts,
//! or at depth d, how often is the move a search would play right?
//!
//! A move is right when it keeps the question's value: a winning move
//! where x can force a win, else a move that keeps the draw where one
//! exists, else (every move loses) any move. Who judges is the caller's
//! (the command line's is the tablebase of `winmove verify`, a test's its
//! own minimax). A question whose every move is right asks nothing of a
//! searcher: it is counted apart and left out of the rates.

use crate::answer::value::value_of;
use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::Board;
use crate::game::eval::Eval;
use crate::search::{Algo, Search, Settings};
use crate::tree::board::{DepthTree, Enhancements};
use crate::tree::value::Window;

/// The playouts asked about unless `--playouts` says.
pub const PLAYOUTS: [u64; 5] = [10, 100, 1_000, 10_000, 100_000];

/// The deepest alpha-beta search unless `--depth` says.
pub const ANYTIME_DEPTH: u32 = 8;

/// Who chooses a move, and what its steps are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chooser {
    /// Monte Carlo tree search, its steps playouts: MCTS-Solver with the
    /// score bounds and decisive moves (`solver`), or plain UCT.
    Mcts {
        /// With the solver's bounds and the decisive moves.
        solver: bool,
    },
    /// Depth-limited alpha-beta, its steps depths: the square `winmove
    /// value --depth D --eval E` writes (the first, in row-major order,
    /// whose move attains the depth-D value).
    AlphaBeta(Eval),
}

impl Chooser {
    /// The name the tables and the figure's legend give it.
    pub fn name(self) -> String {
        match self {
            Chooser::Mcts { solver: true } => "mcts".to_string(),
            Chooser::Mcts { solver: false } => "uct".to_string(),
            Chooser::AlphaBeta(eval) => format!("alphabeta {eval}"),
        }
    }
}

/// What the anytime comparison asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anytime {
    /// The playouts after which MCTS is asked for its move, rising.
    pub playouts: Vec<u64>,
    /// Alpha-beta is asked at depths 1 to this.
    pub depth: u32,
    /// Alpha-beta's evaluations.
    pub evals: Vec<Eval>,
    /// The seed of every MCTS run.
    pub seed: u64,
}

impl Anytime {
    /// The choosers this build has: MCTS-Solver and plain UCT (with the
    /// `mcts` backend), then alpha-beta with each evaluation.
    pub fn choosers(&self) -> Vec<Chooser> {
        let mcts = [
            Chooser::Mcts { solver: true },
            Chooser::Mcts { solver: false },
        ];
        let built = mcts.into_iter().filter(|_| mcts_built());
        built
            .chain(self.evals.iter().map(|&e| Chooser::AlphaBeta(e)))
            .collect()
    }

    /// The steps `chooser` is asked at.
    pub fn steps(&self, chooser: Chooser) -> Vec<u64> {
        match chooser {
            Chooser::Mcts { .. } => self.playouts.clone(),
            Chooser::AlphaBeta(_) => (1..=self.depth as u64).collect(),
        }
    }
}

/// How often a chooser was right at one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rate {
    /// Questions answered right.
    pub right: u64,
    /// Questions asked.
    pub asked: u64,
}

impl Rate {
    /// The fraction right (0 of none).
    pub fn mean(self) -> f64 {
        self.right as f64 / self.asked.max(1) as f64
    }

    /// The standard error of the mean of the 0/1 outcomes (0 for fewer
    /// than 2 questions).
    pub fn standard_error(self) -> f64 {
        if self.asked < 2 {
            return 0.0;
        }
        let (n, p) = (self.asked as f64, self.mean());
        (p * (1.0 - p) / (n - 1.0)).sqrt()
    }
}

/// One chooser on one set: per step, per question asked, whether its move
/// was right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Curve {
    /// Who chose.
    pub chooser: Chooser,
    /// Playouts or depths, rising.
    pub steps: Vec<u64>,
    /// `right[step][question]`.
    pub right: Vec<Vec<bool>>,
}

impl Curve {
    /// The rate at step number `k`.
    pub fn rate(&self, k: usize) -> Rate {
        let right = &self.right[k];
        Rate {
            right: right.iter().filter(|&&r| r).count() as u64,
            asked: right.len() as u64,
        }
    }

    /// Per question, the first step from which every step is right
    /// (`None`: not right at the last).
    pub fn reliable_from(&self) -> Vec<Option<u64>> {
        let questions = self.right.first().map_or(0, Vec::len);
        (0..questions)
            .map(|q| {
                let wrong = (0..self.steps.len()).rev().find(|&k| !self.right[k][q]);
                match wrong {
                    None => self.steps.first().copied(),
                    Some(k) => self.steps.get(k + 1).copied(),
                }
            })
            .collect()
    }
}

/// One set of questions: how many, how many asked nothing, and each
/// chooser's curve over the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnytimeGroup {
    /// The set's name.
    pub name: String,
    /// Questions in the set.
    pub questions: usize,
    /// Of them, those whose every move is right (left out of the rates).
    pub free: usize,
    /// Per chooser.
    pub curves: Vec<Curve>,
}

/// Every chooser of `anytime` on every question of every set, each move
/// judged by `right_moves` (the squares whose move keeps the question's
/// value). `progress(set, chooser)` is called as each chooser starts on
/// each set.
pub fn compare_anytime(
    sets: &[(String, Vec<Board>)],
    anytime: &Anytime,
    right_moves: &dyn Fn(Board) -> BitBoard,
    progress: &mut dyn FnMut(&str, &str),
) -> Vec<AnytimeGroup> {
    sets.iter()
        .map(|(name, boards)| {
            let judged: Vec<(Board, BitBoard)> =
                boards.iter().map(|&b| (b, right_moves(b))).collect();
            let asked: Vec<(Board, BitBoard)> = judged
                .iter()
                .copied()
                .filter(|&(b, right)| right != b.empty())
                .collect();
            let curves = anytime
                .choosers()
                .into_iter()
                .map(|chooser| {
                    progress(name, &chooser.name());
                    let steps = anytime.steps(chooser);
                    let right = steps
                        .iter()
                        .map(|&step| {
                            let mut choose = chooser_at(chooser, step, anytime.seed);
                            asked
                                .iter()
                                .map(|&(b, right)| choose(b).is_some_and(|s| right.has(s)))
                                .collect()
                        })
                        .collect();
                    Curve {
                        chooser,
                        steps,
                        right,
                    }
                })
                .collect();
            AnytimeGroup {
                name: name.clone(),
                questions: boards.len(),
                free: boards.len() - asked.len(),
                curves,
            }
        })
        .collect()
}

/// The move `chooser` plays at `step` on a question, as a function of it.
fn chooser_at(chooser: Chooser, step: u64, seed: u64) -> Box<dyn FnMut(Board) -> Option<Square>> {
    match chooser {
        Chooser::Mcts { solver } => Box::new(move |board| mcts_move(board, step, solver, seed)),
        Chooser::AlphaBeta(eval) => {
            let tree = DepthTree::new(Enhancements::DEFAULT, eval);
            let depth = step as u32;
            Box::new(move |board| {
                // A fresh backend per question: nothing learnt carries over.
                let mut backend = Algo::AlphaBeta
                    .make::<DepthTree>(&Settings::default())
                    .expect("alpha-beta is always built");
                let search = |c: crate::answer::solver::Candidate<_>, w: Window| {
                    backend.search(&tree, c.node, w)
                };
                value_of(&tree, board, depth, Window::FULL, search).square
            })
        }
    }
}

/// Whether this build has the `mcts` backend.
fn mcts_built() -> bool {
    cfg!(feature = "mcts")
}

/// The move MCTS plays on `board` (x to move) after `playouts` playouts
/// from `seed`, on the raw board tree (whose root's children are the
/// empty squares in row-major order): MCTS-Solver with decisive moves
/// (`solver`), or plain UCT. `None` without the backend.
#[cfg(feature = "mcts")]
fn mcts_move(board: Board, playouts: u64, solver: bool, seed: u64) -> Option<Square> {
    use crate::game::board::Mark;
    use crate::search::mcts::{MctsOptions, best_after};
    use crate::tree::board::{BoardNode, BoardTree, Position};
    let options = MctsOptions {
        seed,
        solver,
        decisive: solver,
        ..MctsOptions::default()
    };
    let root = BoardNode::root(Position {
        board,
        to_move: Mark::X,
    });
    let tree = BoardTree::new(Enhancements::NONE);
    let child = best_after(&tree, root, playouts, &options)?;
    board.empty().into_iter().nth(child)
}

#[cfg(not(feature = "mcts"))]
fn mcts_move(_: Board, _: u64, _: bool, _: u64) -> Option<Square> {
    None
}
