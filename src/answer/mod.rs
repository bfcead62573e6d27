//! The problem's tools: the answer loop, the value loop (`winmove value`),
//! why an answer holds, the whole game checked against a tablebase, and
//! another program judged.

pub mod check;
pub mod explain;
pub mod minimal;
pub mod package;
pub mod solver;
pub mod uses;
pub mod value;
pub mod verify;
