//! # winmove
//!
//! An exact solver for "Find the Winning Move" (POJ 1568, UVa 10111,
//! ZOJ 1703), and a workbench for the minimax searches the problem is taught
//! with: alpha-beta, Pearl's SCOUT and Stockman's SSS*, and the family that
//! followed them (NegaScout, MT-SSS*, MT-DUAL*, MTD(f)).
//!
//! The game: 4×4 tic-tac-toe where four in a row, column or long diagonal
//! wins. x is to move; the answer is the first square in row-major order
//! from which x has a forced win, or `#####`.
//!
//! ```
//! use winmove::protocol::Cases;
//! use winmove::search::alphabeta::{AlphaBeta, Pruning};
//! use winmove::{Enhancements, Solver};
//!
//!
//! let input = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
//! let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::ALL);
//! let answers: Vec<String> = Cases::new(input.as_bytes())
//!     .map(|case| match solver.winning_move(case.unwrap().board) {
//!         Some(square) => square.to_string(),
//!         None => "#####".to_string(),
//!     })
//!     .collect();
//! assert_eq!(answers, ["#####", "(0,1)"]);
//! ```
//!
//! The pieces, each in its own module:
//! - [`bitboard`], [`lines`], [`line_tables`], [`board`], [`symmetry`]: the
//!   board and its rules;
//! - [`protocol`]: the judge's input (streamed, validated) and its errors;
//! - [`tree`]: the [`GameTree`] trait every search runs on, and its
//!   contract, with [`position`] (the board as a tree, shaped by the
//!   [`Enhancements`]) and [`explicit`] (trees written out in bracket
//!   notation);
//! - [`search`]: the algorithms behind the [`Search`] trait, listed one
//!   line each in [`search::registry`], the variants of [`search::Algo`]:
//!   alpha-beta in three strengths, and, each behind the cargo feature of
//!   its name, `scout`, `sss`, `negascout`, `mt-sss`, `mt-dual`, `mtdf`;
//! - [`order`]: the leaves a search evaluates, in order (`--order`), and
//!   [`pv`]: the principal variation (`--pv`);
//! - [`solver`]: the answer loop over x's moves;
//! - [`explain`]: why an answer is what it is, and the winning strategy;
//! - [`verify`]: an independent tablebase of the whole game and the checks
//!   of `winmove verify`;
//! - [`uniform`]: uniform random trees never held in memory, their leaves
//!   drawn from a hash;
//! - [`gen`], [`compare`], [`svg`]: seeded generators, the comparison tables
//!   and their figure;
//! - [`draw`]: what each search evaluated, drawn on its tree as SVG
//!   (`winmove tree --draw`);
//! - [`check`]: judging another program on generated questions (`winmove
//!   check`).
//!
//! Any [`GameTree`] can be searched by any backend, a [`search::Algo`] of
//! the registry:
//!
//! ```
//! use winmove::tree::written::ExplicitTree;
//! use winmove::search::{Algo, Settings};
//! use winmove::tree::value::Window;
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! for algo in Algo::all_built() {
//!     let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
//!     assert_eq!(search.search(&tree, tree.root(), Window::FULL), 4, "{algo}");
//! }
//! let mut search = Algo::AlphaBeta.make::<ExplicitTree>(&Settings::default()).unwrap();
//! search.search(&tree, tree.root(), Window::FULL);
//! assert_eq!(search.stats().leaves, 8); // j is never evaluated
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

pub mod answer;
mod cli;
pub mod game;
pub mod lab;
pub mod protocol;
pub mod search;
pub mod tree;

pub use answer::solver::Solver;
pub use game::board::{Board, Mark};
pub use search::{Search, Stats};
pub use tree::GameTree;
pub use tree::board::{BoardNode, BoardTree, Enhancement, Enhancements, Position};

/// Runs the command line `args` (without the program name): what the
/// `winmove` binary does.
pub fn run(args: Vec<std::ffi::OsString>) -> std::process::ExitCode {
    cli::main(args)
}
