//! The test suite, one crate (one build, one tablebase, tests run in
//! parallel): each module is a file of its own, on one part of the
//! program; `common` holds what they share.

mod common;

mod anytime;
mod browser;
mod check;
mod cli;
mod compare_depth;
mod contract;
mod draw;
mod edges;
mod enhancements;
mod enumeration;
mod explain;
mod figures;
mod layout;
#[cfg(feature = "mcts")]
mod mcts;
mod minimal;
mod mutation;
mod ordered;
mod package;
mod page;
mod proof_numbers;
mod readme;
mod samples;
#[cfg(feature = "every-backend")]
mod search_edges;
mod tablebase;
mod textbook;
mod theorems;
mod trees;
mod value;
mod verify;
