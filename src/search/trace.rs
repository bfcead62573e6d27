//! How a backend writes its trace (`--trace`): a [`Tracer`] at the node
//! the search is at, sending each [`Event`] to a [`Sink`], as a line of
//! text (standard error) or kept in memory (the page of `winmove tree
//! --html`, whose steps are these very lines).
//!
//! A depth-first backend writes one line per event, indented by depth,
//! each naming its node by Dewey path (`root`, then child numbers from 1
//! in search order, e.g. `2.1.1`):
//!
//! ```text
//! root: MAX (-oo, +oo)
//!   1: MIN (-oo, +oo)
//!     1.1: leaf 5
//!     1.2: leaf -2
//!     1.3: leaf 0
//!   1: returns -2
//!   2: MIN (-2, +oo)
//!     2.1: leaf 1
//!     2.2: leaf -3
//!   2: cut, -3 <= -2: skips 1 child (2.3)
//!   2: returns -3
//! ```
//!
//! A trace that cannot be written stops being written; the search goes on
//! (the command line's stream ends the run at its first failed write).
//!
//! From the library, a trace is asked of a backend with
//! [`Backend::set_trace`](super::backend::Backend::set_trace), and kept as
//! events to read, or written as lines:
//!
//! ```
//! use winmove::search::event::Kind;
//! use winmove::search::trace::{EventLog, Sink};
//! use winmove::{Algo, ExplicitTree, Settings, Window};
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! let mut search = Algo::AlphaBeta.make::<ExplicitTree>(&Settings::default()).unwrap();
//! let log = EventLog::default();
//! search.set_trace(Some(Sink::Events(log.clone())));
//! search.search(&tree, tree.root(), Window::FULL);
//! let events = log.take();
//! let cuts: Vec<String> = (events.iter())
//!     .filter(|e| matches!(e.kind, Kind::Cut(..)))
//!     .map(|e| e.to_string())
//!     .collect();
//! assert_eq!(cuts, ["  2: cut, -3 <= -2: skips 1 child (2.3)"]);
//! ```

use super::event::{Event, Kind};
use std::cell::RefCell;
use std::fmt;
use std::io::Write;
use std::rc::Rc;

/// The events of traces kept in memory (for the page): shared with the
/// backend that writes them.
#[derive(Clone, Debug, Default)]
pub struct EventLog(Rc<RefCell<Vec<Event>>>);

impl EventLog {
    /// Takes the events written so far, leaving the log empty.
    pub fn take(&self) -> Vec<Event> {
        self.0.take()
    }
}

/// Where a trace goes: lines of text, or events kept in memory.
pub enum Sink {
    /// Lines written to a stream (`--trace`).
    Text(Box<dyn Write>),
    /// Events kept (the page).
    Events(EventLog),
}

impl Sink {
    /// Lines of text written to `out`.
    pub fn text(out: impl Write + 'static) -> Sink {
        Sink::Text(Box::new(out))
    }
}

impl fmt::Debug for Sink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sink::Text(_) => f.write_str("Sink::Text"),
            Sink::Events(log) => f.debug_tuple("Sink::Events").field(log).finish(),
        }
    }
}

/// Where a backend writes its trace, and the path of the node it is at.
#[derive(Debug)]
pub struct Tracer {
    sink: Sink,
    /// The current node's Dewey path (child numbers from 1).
    path: Vec<u32>,
    /// A write failed: nothing more is written.
    failed: bool,
}

impl Tracer {
    /// A trace written to `sink`, at the root.
    pub fn new(sink: Sink) -> Tracer {
        Tracer {
            sink,
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

    /// The current node's Dewey path.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Goes to the node at `path` (child numbers from 1; empty: the root).
    pub fn go_to(&mut self, path: Vec<u32>) {
        self.path = path;
    }

    /// Writes `kind` at the current node.
    pub fn emit(&mut self, kind: Kind) {
        let path = self.path.clone();
        self.emit_at(path, kind);
    }

    /// Writes `kind` at the node at `path`, wherever the tracer is.
    pub fn emit_at(&mut self, path: Vec<u32>, kind: Kind) {
        let event = Event { path, kind };
        match &mut self.sink {
            Sink::Text(out) => {
                if !self.failed && writeln!(out, "{event}").is_err() {
                    self.failed = true;
                }
            }
            Sink::Events(log) => log.0.borrow_mut().push(event),
        }
    }
}

/// Writes an event if the trace is on, building it only then:
/// `trace!(self.trace, Kind::Leaf(value))`.
macro_rules! trace {
    ($tracer:expr, $kind:expr) => {
        if let Some(tracer) = $tracer.as_mut() {
            tracer.emit($kind);
        }
    };
}
pub(crate) use trace;
