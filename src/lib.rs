//! # winmove
//!
//! Implement [`GameTree`] for your game, and search it with any of the
//! minimax family: alpha-beta and its one-bound form, Pearl's SCOUT,
//! Stockman's SSS*, Reinefeld's NegaScout, the MT drivers of Plaat et al.
//! (MT-SSS*, MT-DUAL*, MTD(f)), Allis's proof-number search, Nagai's
//! df-pn and Cazenave and Saffidine's score-bounded Monte Carlo tree
//! search. Every backend returns the exact minimax value (or, with a
//! window, enough of it), and counts what it did.
//!
//! ```
//! use winmove::{Algo, Expansion, GameTree, INF, Settings, Window};
//!
//! /// The subtraction game: the players take 1 to 3 counters from a pile
//! /// in turn, and whoever takes the last one wins. A node: the counters
//! /// left, and whether MAX is to move.
//! struct Subtraction;
//!
//! impl GameTree for Subtraction {
//!     type Node = (u32, bool);
//!     type Children = std::vec::IntoIter<(u32, bool)>;
//!
//!     fn is_max(&self, &(_, max): &(u32, bool)) -> bool {
//!         max
//!     }
//!
//!     fn expand(&self, &(pile, max): &(u32, bool)) -> Expansion<Self::Children> {
//!         if pile == 0 {
//!             // The player who just moved took the last counter.
//!             return Expansion::Leaf(if max { -INF } else { INF });
//!         }
//!         let moves: Vec<_> = (1..=pile.min(3)).map(|take| (pile - take, !max)).collect();
//!         Expansion::Inner(moves.into_iter())
//!     }
//! }
//!
//! // A pile of a multiple of 4 is lost for the player to move: every
//! // backend proves it, some with fewer leaves than others.
//! for algo in Algo::all_built() {
//!     let mut search = algo.make::<Subtraction>(&Settings::default()).unwrap();
//!     for pile in 1..=12 {
//!         let value = search.search(&Subtraction, (pile, true), Window::FULL);
//!         assert_eq!(value == -INF, pile % 4 == 0, "{algo}, pile {pile}");
//!     }
//! }
//! let leaves = |algo: Algo| {
//!     let mut search = algo.make::<Subtraction>(&Settings::default()).unwrap();
//!     search.search(&Subtraction, (12, true), Window::FULL);
//!     search.stats().leaves
//! };
//! assert!(leaves(Algo::AlphaBeta) < leaves(Algo::Minimax));
//! ```
//!
//! [`GameTree`] is for studying searches: the same tree handed to every
//! backend, its nodes small values a search may expand again (SCOUT,
//! NegaScout and the MT drivers do). It is not an engine's make/unmake
//! interface: a node is a value, not a move played on a shared board.
//! Its contract, which every backend relies on, is in the [`tree`]
//! module's documentation, and [`tree::check_children`] checks it.
//!
//! # Find the Winning Move
//!
//! The game the project was made for (POJ 1568, UVa 10111, ZOJ 1703): 4×4
//! tic-tac-toe where four in a row, column or long diagonal wins. x is to
//! move; the answer is the first square in row-major order from which x
//! has a forced win, or `#####`.
//!
//! ```
//! use winmove::{AlphaBeta, Cases, Enhancements, Solver};
//! use winmove::search::alphabeta::Pruning;
//!
//! let input = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
//! let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::DEFAULT);
//! let answers: Vec<String> = Cases::new(input.as_bytes())
//!     .map(|case| match solver.winning_move(case.unwrap().board) {
//!         Some(square) => square.to_string(),
//!         None => "#####".to_string(),
//!     })
//!     .collect();
//! assert_eq!(answers, ["#####", "(0,1)"]);
//! ```
//!
//! # The module map
//!
//! Folders by layer; each depends only on those above it in this list.
//!
//! | module | what it holds |
//! |---|---|
//! | [`game`] | the 4×4 rules, with no search in them: squares and bitboards, the ten lines and their tables, the [`Board`] and its rules (fours, threats, forced moves, pairings), the automorphisms of the lines, the evaluations of a depth-limited search, seeded random boards |
//! | [`protocol`] | the judge's text in and out: a streamed byte source with line and column, the judge's [`Cases`], located errors, the answers |
//! | [`tree`] | the [`GameTree`] trait and its contract, values and windows, the board as a tree shaped by the [`Enhancements`] (exact, to a depth limit, guided by iterative deepening), trees written in bracket notation, uniform and ordered generated trees, recordings of what a search evaluated |
//! | [`search`] | the backends, one file each behind [`Search`], and the registry that lists them ([`Algo`]); counters, the trace, the tables, iterative deepening; the minimal tree, the yardstick of every comparison |
//! | [`answer`] | the problem's tools: the answer loop ([`Solver`]) and the value loop, their minimal trees, why an answer holds, the whole game checked against an independent tablebase, another program judged |
//! | [`lab`] | the workbench: every backend compared on boards and trees, the literature's claims checked, SVG drawings and the step-by-step page |
//!
//! The command line (`winmove --help`) is built on these and is not part
//! of the library.

// Unsafe code is denied everywhere but in `answer::check::sys`, the calls
// of the C library that end what a judged program started.
#![deny(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

pub mod answer;
pub mod game;
pub mod lab;
pub mod protocol;
pub mod search;
pub mod tree;

pub use answer::solver::Solver;
pub use game::bitboard::Square;
pub use game::board::{Board, Mark};
pub use protocol::{Case, Cases};
pub use search::alphabeta::AlphaBeta;
pub use search::{Algo, Backend, Search, Settings, Stats};
pub use tree::board::{BoardTree, Enhancement, Enhancements};
pub use tree::value::{INF, Value, Window};
pub use tree::written::ExplicitTree;
pub use tree::{Expansion, GameTree, Keys};
