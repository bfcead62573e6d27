//! The backends of a run's `--algo` list, each searching trees of one type
//! (through recordings of them when `--order` asks which leaves it
//! evaluated), and each one's report on standard error: `--stats`,
//! `--order`, and the warning that its table filled.

use super::args::UsageError;
use super::output::{Diagnostics, Io, Status};
use super::search_options::{ENTRY_BYTES, SearchOptions};
use crate::search::recorded::search_streamed;
use crate::search::{Algo, Backend, Search, Setting, Stats, registry};
use crate::tree::GameTree;
use crate::tree::recording::{LeafSink, Recording};
use crate::tree::value::{Value, Window};
use std::cell::RefCell;
use std::fmt;
use std::io::Write;
use std::rc::Rc;

/// A backend, searching trees of type `T` plainly or through a recording.
pub enum Searcher<T: GameTree> {
    /// On the trees themselves.
    Plain(Box<dyn Search<T>>),
    /// On recordings of them (`--order`).
    Recorded(Box<dyn Search<Recording<T>>>),
}

impl<T: GameTree> Searcher<T> {
    /// The backend `options` name, recording if they ask for `--order`.
    fn new(options: &SearchOptions, io: &Io) -> Result<Searcher<T>, UsageError> {
        Ok(if options.order {
            Searcher::Recorded(options.backend(io)?)
        } else {
            Searcher::Plain(options.backend(io)?)
        })
    }

    /// The backend, for its statistics.
    fn backend(&mut self) -> &mut dyn Backend {
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
        match &mut self.searcher {
            Searcher::Plain(search) => (search.search(&tree, root, window), tree),
            Searcher::Recorded(search) => {
                let leaves = self.report.leaves(first);
                search_streamed(search, tree, root, window, leaves)
            }
        }
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
        let minimal = self.report.stats.then(minimal);
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
    /// A searcher and a report for each backend `options` name.
    pub fn new(options: &SearchOptions, io: &Io) -> Result<Backends<T>, UsageError> {
        let named = options.named();
        let several = named.len() > 1;
        let mut each = Vec::new();
        for algo in named {
            let mut one = options.clone();
            one.algos = vec![algo];
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

/// Per-case and total statistics, and per-case orders, on standard error,
/// and the warning that a table of nodes filled.
pub struct Report {
    algo: Algo,
    stats: bool,
    order: Option<Order>,
    total: Stats,
    cases: u64,
    /// Whether the backend may fill a table of nodes (it takes
    /// `--table-size`), and the warning that it did was not given yet.
    watch_table: bool,
    /// The minimal trees of the cases reported, summed.
    total_minimal: Option<u64>,
}

impl Report {
    /// A report of what `options` ask for, on `io`'s standard error.
    pub fn new(options: &SearchOptions, io: &Io) -> Report {
        Report {
            algo: options.algo(),
            stats: options.stats,
            order: (options.order).then(|| Order::new(io.err.clone(), options.trace)),
            total: Stats::default(),
            cases: 0,
            watch_table: options.algo().takes(Setting::TableSize),
            total_minimal: None,
        }
    }

    /// Whether a case is to be reported: its statistics, its order, or
    /// whether its search filled the table.
    pub fn wanted(&self) -> bool {
        self.stats || self.order.is_some() || self.watch_table
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
        if self.stats {
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

    /// Reports case `number`'s `stats` (`--stats`) and the leaves of its
    /// minimal tree, counted in the total.
    pub fn case_stats(
        &mut self,
        io: &mut Io,
        number: usize,
        stats: Stats,
        result: &str,
        minimal: Option<u64>,
    ) -> Status {
        let algo = self.algo;
        io.note(format_args!(
            "case={number} algo={algo} {result} {}{}",
            registry::shown(stats),
            Minimal(minimal)
        ))?;
        if let Some(leaves) = minimal {
            let total = self.total_minimal.get_or_insert(0);
            *total = total.saturating_add(leaves);
        }
        self.total += &stats;
        self.cases += 1;
        Ok(())
    }

    /// The total line.
    pub fn finish(&self, io: &mut Io) -> Status {
        if !self.stats {
            return Ok(());
        }
        let (cases, algo, total) = (self.cases, self.algo, registry::shown(self.total));
        let minimal = Minimal(self.total_minimal);
        io.note(format_args!(
            "total cases={cases} algo={algo} {total}{minimal}"
        ))
    }
}

/// The `--order` line of each case, written as the leaves are evaluated:
/// `case=N algo=NAME order=` when the case starts, each leaf's path as
/// it comes, the line's end when the case ends. With `--trace` (whose
/// lines go to standard error as the search goes) the line is held until
/// the case ends.
#[derive(Clone)]
struct Order(Rc<RefCell<OrderLine>>);

/// The state of the order line.
struct OrderLine {
    err: Diagnostics,
    /// The line so far, with `--trace`.
    held: Option<Vec<u8>>,
    /// Whether a leaf was written since the case started.
    any: bool,
}

impl OrderLine {
    /// Writes `args` to the line. A failed write is noticed by the next
    /// line written to standard error ([`Io::note`]), at the case's end.
    fn write(&mut self, args: fmt::Arguments<'_>) {
        let _ = match &mut self.held {
            Some(held) => held.write_fmt(args),
            None => self.err.write_fmt(args),
        };
    }
}

impl Order {
    /// An order line on `err`, held until the case ends if `hold`.
    fn new(err: Diagnostics, hold: bool) -> Order {
        Order(Rc::new(RefCell::new(OrderLine {
            err,
            held: hold.then(Vec::new),
            any: false,
        })))
    }

    /// Starts the line of case `number`.
    fn start(&self, number: usize, algo: Algo) {
        let mut line = self.0.borrow_mut();
        line.any = false;
        line.write(format_args!("case={number} algo={algo} order="));
    }

    /// A sink for the leaves of one search: each path written after
    /// `first`, if given, comma-separated (`e` for the root).
    fn sink(&self, first: Option<u32>) -> LeafSink {
        let order = self.clone();
        Box::new(move |path: &[u32]| {
            let mut line = order.0.borrow_mut();
            if std::mem::replace(&mut line.any, true) {
                line.write(format_args!(","));
            }
            let mut parts = first.into_iter().chain(path.iter().copied());
            match parts.next() {
                None => line.write(format_args!("e")),
                Some(part) => line.write(format_args!("{part}")),
            }
            for part in parts {
                line.write(format_args!(".{part}"));
            }
        })
    }

    /// Ends the line (writing it, if it was held).
    fn end(&self) {
        let mut line = self.0.borrow_mut();
        line.write(format_args!("\n"));
        if let Some(held) = line.held.as_mut().map(std::mem::take) {
            let _ = line.err.write_all(&held);
        }
    }
}

/// ` minimal=N` after the counters, or nothing if it was not worked out.
struct Minimal(Option<u64>);

impl fmt::Display for Minimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(leaves) => write!(f, " minimal={leaves}"),
            None => Ok(()),
        }
    }
}
