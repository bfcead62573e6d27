//! The workbench: the backends compared, and what they did drawn.

pub mod compare;
pub mod draw;
pub mod svg;
