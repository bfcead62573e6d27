//! The workbench: the backends compared, what they did searched and drawn.

pub mod compare;
pub mod draw;
pub mod page;
pub mod pictures;
pub mod runs;
pub mod svg;
