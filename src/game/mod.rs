//! The 4×4 game's rules: squares, lines, boards and their symmetries, and
//! the evaluations a depth-limited search scores positions with,
//! with no search in them.

pub mod bitboard;
pub mod board;
pub mod eval;
/// The lines as masks and the `const fn`s the line tables are built from
/// (shared with the build script, which alone calls the functions).
#[allow(dead_code)]
pub mod line_facts;
pub mod line_tables;
pub mod lines;
pub mod random;
pub mod symmetry;
