//! One backend on trees of one type: on the trees themselves, or on
//! recordings of them when `--order` asks which leaves it evaluated; and
//! the backends of a run's `--algo` list, each with its own report.

use super::UsageError;
use super::output::{Io, Status};
use super::search_options::{Report, SearchOptions};
use crate::search::recorded::search_streamed;
use crate::search::{Algo, Backend, Search};
use crate::tree::GameTree;
use crate::tree::recording::LeafSink;
use crate::tree::recording::Recording;
use crate::tree::value::{Value, Window};

/// A backend, searching trees of type `T` plainly or through a recording.
pub enum Searcher<T: GameTree> {
    /// On the trees themselves.
    Plain(Box<dyn Search<T>>),
    /// On recordings of them (`--order`).
    Recorded(Box<dyn Search<Recording<T>>>),
}

impl<T: GameTree> Searcher<T> {
    /// The backend `options` name, recording if they ask for `--order`.
    pub fn new(options: &SearchOptions, io: &Io) -> Result<Searcher<T>, UsageError> {
        Ok(if options.order {
            Searcher::Recorded(options.backend(io)?)
        } else {
            Searcher::Plain(options.backend(io)?)
        })
    }

    /// Searches `root` of `tree` with `window`: the result, and the tree
    /// back. Recording, it hands the path of each leaf evaluated to
    /// `leaves` as it goes (if given).
    pub fn search(
        &mut self,
        tree: T,
        root: T::Node,
        window: Window,
        leaves: Option<LeafSink>,
    ) -> (Value, T) {
        match self {
            Searcher::Plain(search) => (search.search(&tree, root, window), tree),
            Searcher::Recorded(search) => {
                let leaves = leaves.unwrap_or_else(|| Box::new(|_: &[u32]| {}));
                search_streamed(search, tree, root, window, leaves)
            }
        }
    }

    /// The backend, for its statistics.
    pub fn backend(&mut self) -> &mut dyn Backend {
        match self {
            Searcher::Plain(search) => search,
            Searcher::Recorded(search) => search,
        }
    }
}

/// One backend of a run's `--algo` list, with its own report.
pub struct Member<T: GameTree> {
    /// The backend's name.
    pub algo: Algo,
    /// The backend.
    pub searcher: Searcher<T>,
    /// Its `--stats` and `--order` lines.
    pub report: Report,
    /// Whether the run has other backends (its trace and progress lines
    /// then name it).
    several: bool,
}

impl<T: GameTree> Member<T> {
    /// How its trace and progress lines name case `number`: `case N`, or
    /// `case N algo=NAME` when the run has several backends.
    pub fn label(&self, number: usize) -> String {
        if self.several {
            format!("case {number} algo={}", self.algo)
        } else {
            format!("case {number}")
        }
    }
}

/// The backends `--algo` names (a list), run in turn on each case, each
/// with its own report.
pub struct Backends<T: GameTree> {
    /// The backends in `--algo`'s order.
    pub each: Vec<Member<T>>,
}

impl<T: GameTree> Backends<T> {
    /// A searcher and a report for each backend `options` name.
    pub fn new(options: &SearchOptions, io: &Io) -> Result<Backends<T>, UsageError> {
        let named = options.named();
        let several = named.len() > 1;
        let mut each = Vec::new();
        for algo in named {
            let mut one = options.clone();
            one.algo = algo;
            each.push(Member {
                algo,
                searcher: Searcher::new(&one, io)?,
                report: Report::new(&one, io),
                several,
            });
        }
        Ok(Backends { each })
    }

    /// Each backend's total line.
    pub fn finish(&self, io: &mut Io) -> Status {
        for member in &self.each {
            member.report.finish(io)?;
        }
        Ok(())
    }
}
