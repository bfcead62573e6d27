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
//! use winmove::{AlphaBeta, Cases, Enhancements, Pruning, Solver};
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
//! Any [`GameTree`] can be searched by any backend, an [`Algo`] of the
//! registry:
//!
//! ```
//! use winmove::{Algo, ExplicitTree, Settings, Window};
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
//!
//! # The module map
//!
//! The source is in folders by layer; each depends only on those above it
//! in this list (the modules are private: what a library user needs is
//! re-exported here by name, and `cargo doc --document-private-items`
//! shows the rest).
//!
//! | folder | what it holds |
//! |---|---|
//! | `src/game/` | the 4×4 rules, with no search in them: [`Square`] and [`BitBoard`] (`bitboard.rs`), the ten lines and their per-set tables (`lines.rs`, `line_facts.rs` shared with `build.rs`, `line_tables.rs`), the [`Board`] and its rules (`board.rs`: fours, threats, forced moves, pairings), the 32 automorphisms of the lines (`symmetry.rs`), the evaluations a depth-limited search scores positions with ([`Eval`], `eval.rs`), and seeded random legal boards ([`Rng`], [`BoardClass`], `random.rs`) |
//! | `src/protocol/` | the judge's text in and out: one streamed byte source with line and column (`source.rs`) that every text input reads through, the judge's lines and [`Cases`], the located [`TextError`], a board checked to be a question, and the answers ([`answer_line`], [`questions_text`]) |
//! | `src/tree/` | the [`GameTree`] trait every search runs on and its contract (`mod.rs`), values and windows ([`Value`], [`Window`], `value.rs`), the board as a tree shaped by the [`Enhancements`] ([`BoardTree`], `board/`; searched to a depth limit, [`DepthTree`], `board/depth.rs`; its moves ordered by what the last iteration of iterative deepening found, [`GuidedTree`], `board/guided.rs`), trees written in bracket notation ([`ExplicitTree`], [`TreeReader`], [`TreeBuilder`], random ones, `written/`), uniform trees never held in memory ([`UniformTree`]), generated trees of known move ordering and random branching ([`OrderedTree`], `ordered.rs`), and recordings of what a search evaluated ([`Recording`], `recording.rs`) |
//! | `src/search/` | the backends, one file each behind the [`Search`] trait, and the registry that lists them one line each (`mod.rs`, the variants of [`Algo`]): the depth-first search and its rules (`depth_first.rs`: minimax, the one-bound form and alpha-beta in `alphabeta.rs`, NegaScout in `negascout.rs`), the MT drivers (`mt.rs`), SCOUT (`scout.rs`), SSS* (`sss/`), proof-number search and df-pn (`pns.rs`, `dfpn.rs`, what they share in `proof.rs`); iterative deepening over any of them ([`Deepening`], `iterative.rs`); what they share: [`Stats`] and typed [`Counter`]s (`stats.rs`), the trace (`trace.rs`), the transposition table (`tt.rs`), the principal variation (`pv.rs`), a search through a recording ([`search_recorded`], `recorded.rs`); the minimal tree, the yardstick of every comparison ([`minimal_tree`], `minimal.rs`) |
//! | `src/answer/` | the problem's tools: the answer loop over x's moves ([`Solver`], `solver.rs`) and its minimal tree ([`answer_minimal`], `minimal.rs`, with the value loop's, [`value_minimal`]), the value loop to a depth limit ([`value_of`], `value.rs`), why an answer holds (`explain/`), the whole game checked against an independent tablebase (`verify/`, [`tablebase`]), and another program judged (`check/`) |
//! | `src/lab/` | the workbench: every backend compared on boards and trees, with the literature's claims checked case by case (`compare/`), and SVG: line charts and drawings of what each search evaluated, layout apart from rendering (`svg/`, run by `draw.rs`) |
//! | `src/cli/` | the command line ([`run`]): one file per subcommand, each owning its table of options |

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

mod answer;
mod cli;
mod game;
mod lab;
mod protocol;
mod search;
mod tree;

pub use answer::minimal::{answer_minimal, value_minimal};
pub use answer::solver::{Candidate, Solver};
pub use answer::value::{Valued, exact_depth, value_from, value_of};
pub use game::bitboard::{BitBoard, Square};
pub use game::board::{Board, Mark};
pub use game::eval::{Eval, UnknownEval, WEIGHTS};
pub use game::random::{BoardClass, Rng, random_board, uniform_question};
pub use lab::compare::{deepen, deepening_for};
pub use lab::draw::draw_searches;
pub use lab::svg::tree::DrawError;
pub use protocol::{Case, Cases, ReadError, TextError, answer_line, questions_text};
pub use search::alphabeta::{AlphaBeta, Pruning};
pub use search::iterative::{Deepening, HINT_BEST, HINTED, Iteration};
pub use search::minimal::{
    Costs, Goal, Memo, UNPROVABLE, depth_position_key, minimal_tree, minimax_value, no_key,
    position_key, proof_costs,
};
pub use search::pv::principal_variation;
pub use search::recorded::{Searched, search_recorded};
#[cfg(feature = "sss")]
pub use search::sss::{Footprint, Sss};
pub use search::{Algo, Backend, Counter, Search, Setting, Settings, Stats};
pub use tree::board::{
    BoardNode, BoardTree, DepthNode, DepthTree, Enhancement, Enhancements, Guide, GuideCounts,
    GuidedMoves, GuidedTree, Position, UnknownEnhancement,
};
pub use tree::ordered::{ChildOrder, GenerateError, OrderedNode, OrderedTree};
pub use tree::recording::{Keeping, LeafSink, Recorded, Recording, dewey};
pub use tree::uniform::{ShapeError, UniformTree, Values};
pub use tree::value::{INF, Shown, UNBOUNDED, Value, Window};
pub use tree::written::random::{random_tree, uniform_tree};
pub use tree::written::{ExplicitTree, TreeBuilder, TreeNode, TreeReader};
pub use tree::{Expansion, GameTree, Keys, check_children};

/// The independent tablebase of the whole game that `winmove verify`
/// checks the engine against: every board, either player to move, won,
/// drawn or lost, computed by retrograde analysis in code that shares
/// nothing with the engine.
pub mod tablebase {
    pub use crate::answer::verify::board_of;
    pub use crate::answer::verify::tablebase::{BOARDS, CELLS, Outcome, Player, Tablebase};
}

/// Runs the command line `args` (without the program name): what the
/// `winmove` binary does.
pub fn run(args: Vec<std::ffi::OsString>) -> std::process::ExitCode {
    cli::main(args)
}
