//! The backends of a run's `--algo` list, each searching trees of one type
//! (through recordings of them when `--order` asks which leaves it
//! evaluated), and each one's report ([`winmove::lab::runs`]), written to
//! standard error: `--stats`, `--order`, and the warning that its table
//! filled.

use super::args::UsageError;
use super::output::{Diagnostics, Io, Status};
use super::search_options::SearchOptions;
use winmove::lab::runs::{Leaves, Report, Searcher};
use winmove::search::Algo;
use winmove::tree::GameTree;
use winmove::tree::value::{Value, Window};

/// The report of the backend `options` name, its `--order` lines on
/// `io`'s standard error.
pub fn report(options: &SearchOptions, io: &Io) -> Report<Diagnostics> {
    let order = (options.order).then(|| (io.err_stopping(), options.trace));
    Report::new(options.algo(), options.stats, order)
}

/// One backend of a run's `--algo` list, with its own report.
pub struct Member<T: GameTree> {
    /// The backend's name.
    pub algo: Algo,
    searcher: Searcher<T>,
    /// Its `--stats` and `--order` lines.
    pub report: Report<Diagnostics>,
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

    /// Searches `root` of `tree` with `window`: the result, and the tree
    /// back. With `--order`, the path of each leaf evaluated goes to the
    /// order line, after `first` if given (the number of x's move).
    pub fn search(
        &mut self,
        tree: T,
        root: T::Node,
        window: Window,
        first: Option<u32>,
    ) -> (Value, T) {
        let report = &self.report;
        (self.searcher).search(tree, root, window, || report.leaves(first))
    }

    /// Ends case `number` (`result` is `answer=...` or `value=...`): its
    /// report, with the leaves of its minimal tree if `--stats` shows them.
    pub fn case(
        &mut self,
        io: &mut Io,
        number: usize,
        result: &str,
        minimal: impl FnOnce() -> Leaves,
    ) -> Status {
        let minimal = self.report.stats().then(minimal);
        let backend = self.searcher.backend();
        io.notes(self.report.case(number, backend, result, minimal))
    }
}

/// The backends `--algo` names (a list), run in turn on each case, each
/// with its own report.
pub struct Backends<T: GameTree> {
    /// The backends in `--algo`'s order.
    pub each: Vec<Member<T>>,
}

impl<T: GameTree> Backends<T> {
    /// A searcher and a report for each backend `options` name, searching
    /// through recordings if they ask for `--order`.
    pub fn new(options: &SearchOptions, io: &Io) -> Result<Backends<T>, UsageError> {
        let named = options.named();
        let several = named.len() > 1;
        let mut each = Vec::new();
        for algo in named {
            let mut one = options.clone();
            one.algos = vec![algo];
            let searcher = match one.order {
                true => Searcher::Recorded(one.backend(io)?),
                false => Searcher::Plain(one.backend(io)?),
            };
            let report = report(&one, io);
            each.push(Member {
                algo,
                searcher,
                report,
                several,
            });
        }
        Ok(Backends { each })
    }

    /// Each backend's total line.
    pub fn finish(&self, io: &mut Io) -> Status {
        (self.each.iter()).try_for_each(|member| io.notes(member.report.total()))
    }
}
