//! The backends of a run's `--algo` list, each searching trees of one type
//! (through recordings of them when `--order` asks which leaves it
//! evaluated), and each one's report on standard error: `--stats`,
//! `--order` (their lines are [`crate::lab::runs`]'s), and the warning
//! that its table filled.

use super::args::UsageError;
use super::output::{Diagnostics, Io, Status};
use super::search_options::{ENTRY_BYTES, SearchOptions};
use crate::lab::runs::{OrderLine, Searcher, StatsLines};
use crate::search::iterative::Iteration;
use crate::search::{Algo, Backend, Setting, Stats};
use crate::tree::GameTree;
use crate::tree::recording::LeafSink;
use crate::tree::value::{Value, Window};

/// One backend of a run's `--algo` list, with its own report.
pub struct Member<T: GameTree> {
    /// The backend's name.
    pub algo: Algo,
    searcher: Searcher<T>,
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
        minimal: impl FnOnce() -> u64,
    ) -> Status {
        let minimal = self.report.stats.is_some().then(minimal);
        self.report
            .case(io, number, self.searcher.backend(), result, minimal)
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
            let report = Report::new(&one, io);
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
        for member in &self.each {
            member.report.finish(io)?;
        }
        Ok(())
    }
}

/// One backend's statistics (per case and in total) and per-case orders
/// on standard error, and the warning that a table of nodes filled.
pub struct Report {
    algo: Algo,
    /// The `--stats` lines, if asked for.
    stats: Option<StatsLines>,
    /// The `--order` lines, if asked for.
    order: Option<OrderLine<Diagnostics>>,
    /// Whether the backend may fill a table of nodes (it takes
    /// `--table-size`), and the warning that it did was not given yet.
    watch_table: bool,
}

impl Report {
    /// A report of what `options` ask for, on `io`'s standard error.
    pub fn new(options: &SearchOptions, io: &Io) -> Report {
        let algo = options.algo();
        Report {
            algo,
            stats: options.stats.then(|| StatsLines::new(algo)),
            order: (options.order).then(|| OrderLine::new(io.err.clone(), options.trace)),
            watch_table: algo.takes(Setting::TableSize),
        }
    }

    /// Whether a case is to be reported: its statistics, its order, or
    /// whether its search filled the table.
    pub fn wanted(&self) -> bool {
        self.stats.is_some() || self.order.is_some() || self.watch_table
    }

    /// Starts case `number`: its `--order` line, if asked for.
    pub fn start(&mut self, number: usize) {
        if let Some(order) = &self.order {
            order.start(number, self.algo);
        }
    }

    /// Where a search of the case sends the paths of its leaves: each
    /// written after `first`, if given.
    fn leaves(&self, first: Option<u32>) -> LeafSink {
        match &self.order {
            Some(order) => order.sink(first),
            None => Box::new(|_: &[u32]| {}),
        }
    }

    /// Ends case `number`: its order line, its statistics if asked (and
    /// resets the counters), and the warning, the first time a search
    /// filled its table.
    fn case(
        &mut self,
        io: &mut Io,
        number: usize,
        search: &mut dyn Backend,
        result: &str,
        minimal: Option<u64>,
    ) -> Status {
        if let Some(order) = &self.order {
            order.end();
        }
        if self.stats.is_some() {
            self.case_stats(io, number, search.stats(), result, minimal)?;
            search.reset_stats();
        }
        if let Some(entries) = search.filled_table().filter(|_| self.watch_table) {
            self.watch_table = false;
            let theorem = if self.algo == Algo::MtSss {
                ", and MT-SSS* no longer evaluates exactly SSS*'s leaves"
            } else {
                ""
            };
            io.note(format_args!(
                "warning: case {number}: the table of nodes filled ({entries} entries): \
                 later nodes went unstored, so leaves may have been evaluated again{theorem}; \
                 a larger --table-size (up to {ENTRY_BYTES} bytes a node) keeps them"
            ))?;
        }
        Ok(())
    }

    /// Reports case `number`'s `stats` and the leaves of its minimal tree
    /// (`--stats`), counted in the total.
    pub fn case_stats(
        &mut self,
        io: &mut Io,
        number: usize,
        stats: Stats,
        result: &str,
        minimal: Option<u64>,
    ) -> Status {
        match &mut self.stats {
            Some(lines) => io.note(format_args!(
                "{}",
                lines.case(number, stats, result, minimal)
            )),
            None => Ok(()),
        }
    }

    /// Reports an iteration of case `number` deepened, and the leaves of
    /// that depth's minimal tree (`--stats`).
    pub fn iteration(&self, io: &mut Io, number: usize, it: &Iteration, minimal: u64) -> Status {
        match &self.stats {
            Some(lines) => io.note(format_args!("{}", lines.iteration(number, it, minimal))),
            None => Ok(()),
        }
    }

    /// The total line, if `--stats` asks for it.
    pub fn finish(&self, io: &mut Io) -> Status {
        match &self.stats {
            Some(lines) => io.note(format_args!("{}", lines.total())),
            None => Ok(()),
        }
    }
}
