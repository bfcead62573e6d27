//! The trace a depth-first backend writes with `--trace`: one line per
//! event, indented by depth, each naming its node by Dewey path (`e` for
//! the root, then child numbers from 1 in search order, e.g. `2.1.1`).
//!
//! ```text
//! e: MAX (-inf, inf)
//!   1: MIN (-inf, inf)
//!     1.1: leaf 5
//!     1.2: leaf -2
//!     1.3: leaf 0
//!   1: returns -2
//!   2: MIN (-2, inf)
//!     2.1: leaf 1
//!     2.2: leaf -3
//!   2: cut, -3 <= -2: skips 1 child (2.3)
//!   2: returns -3
//! ```
//!
//! A trace that cannot be written stops being written; the search goes on
//! (the command line notices the failed write and ends the run).

use std::fmt;
use std::io::Write;

/// Where a backend writes its trace, and the path of the node it is at.
pub struct Tracer {
    /// Where the trace goes.
    out: Box<dyn Write>,
    /// The current node's Dewey path (child numbers from 1).
    path: Vec<u32>,
    /// A write failed: nothing more is written.
    failed: bool,
}

impl Tracer {
    /// A trace written to `out`, at the root.
    pub fn new(out: Box<dyn Write>) -> Tracer {
        Tracer {
            out,
            path: Vec::new(),
            failed: false,
        }
    }

    /// Goes down to child number `k` (from 1) of the current node.
    pub fn down(&mut self, k: usize) {
        self.path.push(k as u32);
    }

    /// Goes back up to the parent.
    pub fn up(&mut self) {
        self.path.pop();
    }

    /// The current node's depth (the root's is 0).
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// The current node's Dewey path as text.
    pub fn here(&self) -> String {
        crate::tree::recording::dewey(&self.path)
    }

    /// Writes `path: what` for the current node, indented by its depth.
    pub fn event(&mut self, what: fmt::Arguments<'_>) {
        let line = format!(
            "{:indent$}{}: {what}",
            "",
            self.here(),
            indent = 2 * self.depth()
        );
        self.write_line(&line);
    }

    /// Writes a line that belongs to no node (a label), indented by depth.
    pub fn note(&mut self, what: fmt::Arguments<'_>) {
        let line = format!("{:indent$}{what}", "", indent = 2 * self.depth());
        self.write_line(&line);
    }

    /// The children skipped by a cut after child `k` (from 1) when `count`
    /// more remained: `1 child (2.3)` or `3 children (2.3-2.5)`.
    pub fn skipped(&self, k: usize, count: usize) -> String {
        let child = |j: usize| {
            let mut path = self.path.clone();
            path.push(j as u32);
            crate::tree::recording::dewey(&path)
        };
        match count {
            1 => format!("1 child ({})", child(k + 1)),
            n => format!("{n} children ({}-{})", child(k + 1), child(k + n)),
        }
    }

    /// Writes `line` and a line end, unless a write failed before.
    fn write_line(&mut self, line: &str) {
        if !self.failed && writeln!(self.out, "{line}").is_err() {
            self.failed = true;
        }
    }
}

/// Writes a trace event if the trace is on: `trace!(tracer, "leaf {}", v)`.
macro_rules! trace {
    ($tracer:expr, $($what:tt)*) => {
        if let Some(tracer) = $tracer.as_mut() {
            tracer.event(format_args!($($what)*));
        }
    };
}
pub(crate) use trace;

impl fmt::Debug for Tracer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tracer")
            .field("path", &self.path)
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}
