//! What a run of searches reports, case by case, as `winmove`, `winmove
//! tree` and `winmove value` report each backend of an `--algo` list: a
//! backend searching plainly, or through a recording when the leaves it
//! evaluates are wanted ([`Searcher`]); its [`Report`]: a `--stats` line
//! per case and a total, an `--order` line per case written as the leaves
//! are evaluated ([`OrderLine`]), and the warning that its table of nodes
//! filled. docs/workbench.md describes the lines.

use crate::protocol::words::count;
use crate::search::iterative::Iteration;
use crate::search::minimal::Unworked;
use crate::search::recorded::search_streamed;
use crate::search::{Algo, Backend, Search, Setting, Stats, registry};
use crate::tree::GameTree;
use crate::tree::recording::{LeafSink, Recording};
use crate::tree::value::{Shown, Value, Window};
use std::cell::RefCell;
use std::fmt;
use std::io::Write;
use std::rc::Rc;

/// A backend, searching trees of type `T` plainly or through a recording.
pub enum Searcher<T: GameTree> {
    /// On the trees themselves.
    Plain(Box<dyn Search<T>>),
    /// On recordings of them, which hand over the path of each leaf
    /// evaluated.
    Recorded(Box<dyn Search<Recording<T>>>),
}

impl<T: GameTree> Searcher<T> {
    /// Searches `root` of `tree` with `window`: the result, and the tree
    /// back. A recording hands the path of each leaf evaluated to the sink
    /// `leaves` makes.
    pub fn search(
        &mut self,
        tree: T,
        root: T::Node,
        window: Window,
        leaves: impl FnOnce() -> LeafSink,
    ) -> (Value, T) {
        match self {
            Searcher::Plain(search) => (search.search(&tree, root, window), tree),
            Searcher::Recorded(search) => search_streamed(search, tree, root, window, leaves()),
        }
    }

    /// The backend, for its counters.
    pub fn backend(&mut self) -> &mut dyn Backend {
        match self {
            Searcher::Plain(search) => search,
            Searcher::Recorded(search) => search,
        }
    }
}

impl<T: GameTree> fmt::Debug for Searcher<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Searcher::Plain(_) => "Searcher::Plain",
            Searcher::Recorded(_) => "Searcher::Recorded",
        })
    }
}

/// One backend's report on a run: its `--stats` lines, its `--order`
/// lines (written to `W` as the leaves are evaluated), and the warning,
/// once, that its table of nodes filled.
#[derive(Debug)]
pub struct Report<W: Write> {
    algo: Algo,
    /// The `--stats` lines, if asked for.
    stats: Option<StatsLines>,
    /// The `--order` lines, if asked for.
    order: Option<OrderLine<W>>,
    /// Whether the backend may fill a table of nodes (it takes
    /// `--table-size`), and the warning that it did was not given yet.
    watch_table: bool,
}

impl<W: Write + 'static> Report<W> {
    /// A report on `algo`'s searches: its `--stats` lines if `stats`; its
    /// `--order` lines if `order` gives where they go, and whether to hold
    /// each until its case ends (when the trace goes there too).
    pub fn new(algo: Algo, stats: bool, order: Option<(W, bool)>) -> Report<W> {
        Report {
            algo,
            stats: stats.then(|| StatsLines::new(algo)),
            order: order.map(|(out, hold)| OrderLine::new(out, hold)),
            watch_table: algo.takes(Setting::TableSize),
        }
    }

    /// Whether it has `--stats` lines.
    pub fn stats(&self) -> bool {
        self.stats.is_some()
    }

    /// Whether a case is to be reported: its statistics, its order, or
    /// whether its search filled the table.
    pub fn wanted(&self) -> bool {
        self.stats.is_some() || self.order.is_some() || self.watch_table
    }

    /// Starts case `number`: its `--order` line, if asked for.
    pub fn start(&self, number: usize) {
        if let Some(order) = &self.order {
            order.start(number, self.algo);
        }
    }

    /// Where a search of the case sends the paths of its leaves: each
    /// written after `first`, if given.
    pub fn leaves(&self, first: Option<u32>) -> LeafSink {
        match &self.order {
            Some(order) => order.sink(first),
            None => Box::new(|_: &[u32]| {}),
        }
    }

    /// Ends case `number`, searched by `search` (`result` is `answer=...`
    /// or `value=...`; `minimal` the leaves of its minimal tree, or why
    /// they were not worked out, if asked for): its order line ends, and the lines to write: its `--stats`
    /// line (its counters then reset), and the warning, the first time a
    /// search filled its table.
    pub fn case(
        &mut self,
        number: usize,
        search: &mut dyn Backend,
        result: &str,
        minimal: Option<Leaves>,
    ) -> Vec<String> {
        if let Some(order) = &self.order {
            order.end();
        }
        let mut lines = Vec::new();
        if self.stats.is_some() {
            lines.extend(self.case_stats(number, search.stats(), result, minimal));
            search.reset_stats();
        }
        if let Some(entries) = search.filled_table().filter(|_| self.watch_table) {
            self.watch_table = false;
            let theorem = if self.algo == Algo::MtSss {
                ", and MT-SSS* no longer evaluates exactly SSS*'s leaves"
            } else {
                ""
            };
            // A larger table helps only if memory was not the limit.
            let advice = match self.algo.node_bytes() {
                Some(bytes) if !search.table_short_of_memory() => {
                    format!("; a larger --table-size (up to {bytes} bytes a node) keeps them")
                }
                _ => String::new(),
            };
            let cause = if search.table_short_of_memory() {
                " when the memory to grow it could not be had"
            } else {
                ""
            };
            lines.push(format!(
                "warning: case {number}: the table of nodes filled ({}){cause}: \
                 later nodes went unstored, so leaves may have been evaluated again{theorem}{advice}",
                count(entries, "entry", "entries")
            ));
        }
        lines
    }

    /// Case `number`'s `--stats` line, its `stats` (and the leaves of its
    /// minimal tree) counted in the total.
    pub fn case_stats(
        &mut self,
        number: usize,
        stats: Stats,
        result: &str,
        minimal: Option<Leaves>,
    ) -> Option<String> {
        let lines = self.stats.as_mut()?;
        Some(lines.case(number, stats, result, minimal))
    }

    /// The `--stats` line of an iteration of case `number` deepened, with
    /// the leaves of that depth's minimal tree.
    pub fn iteration(&self, number: usize, it: &Iteration, minimal: Leaves) -> Option<String> {
        Some(self.stats.as_ref()?.iteration(number, it, minimal))
    }

    /// The `--stats` total line.
    pub fn total(&self) -> Option<String> {
        Some(self.stats.as_ref()?.total())
    }
}

/// One backend's `--stats` lines: one per case, then the total.
#[derive(Clone, Debug)]
struct StatsLines {
    algo: Algo,
    total: Stats,
    cases: u64,
    /// The minimal trees of the cases, summed, if any was asked for (or
    /// why the first one not worked out was not).
    total_minimal: Option<Leaves>,
}

impl StatsLines {
    /// No case yet, for `algo`.
    fn new(algo: Algo) -> StatsLines {
        StatsLines {
            algo,
            total: Stats::default(),
            cases: 0,
            total_minimal: None,
        }
    }

    /// Case `number`'s line, `case=N algo=NAME RESULT COUNTERS minimal=M`
    /// (`result` is `answer=...` or `value=...`; `minimal`, if asked for,
    /// the leaves of its minimal tree); its counts join the total.
    fn case(
        &mut self,
        number: usize,
        stats: Stats,
        result: &str,
        minimal: Option<Leaves>,
    ) -> String {
        if let Some(leaves) = minimal {
            let total = self.total_minimal.get_or_insert(Ok(0));
            *total = total.and_then(|sum| Ok(sum.saturating_add(leaves?)));
        }
        self.total += &stats;
        self.cases += 1;
        let (algo, minimal) = (self.algo, Minimal(minimal));
        format!(
            "case={number} algo={algo} {result} {}{minimal}",
            registry::shown(stats)
        )
    }

    /// The line of one iteration of case `number` deepened (not counted:
    /// the case's own line counts the iterations' sum), with the leaves of
    /// that depth's minimal tree.
    fn iteration(&self, number: usize, it: &Iteration, minimal: Leaves) -> String {
        let failed = if it.failed > 0 {
            " aspiration=failed"
        } else {
            ""
        };
        let minimal = Minimal(Some(minimal));
        format!(
            "case={number} depth={} algo={} value={}{failed} {}{minimal}",
            it.depth,
            self.algo,
            Shown(it.value),
            registry::shown(it.stats)
        )
    }

    /// The total line, `total cases=N algo=NAME COUNTERS minimal=M`.
    fn total(&self) -> String {
        let (cases, algo, total) = (self.cases, self.algo, registry::shown(self.total));
        let minimal = Minimal(self.total_minimal);
        format!("total cases={cases} algo={algo} {total}{minimal}")
    }
}

/// The leaves of a minimal tree, or why they were not worked out.
pub type Leaves = Result<u64, Unworked>;

/// ` minimal=N` after the counters, ` minimal=? (over N MB)` (or `(out of
/// memory at N MB)`) if it was not worked out, or nothing if not asked
/// for.
struct Minimal(Option<Leaves>);

impl fmt::Display for Minimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(Ok(leaves)) => write!(f, " minimal={leaves}"),
            Some(Err(unworked)) => write!(f, " minimal=? ({unworked})"),
            None => Ok(()),
        }
    }
}

/// The `--order` line of each case, written to `W` as the leaves are
/// evaluated: `case=N algo=NAME order=` when the case starts, each leaf's
/// Dewey path as it comes (comma-separated; `e` for the root), the line's
/// end when the case ends. Held until the case ends if asked (when the
/// trace's lines go to the same place as the search goes). A failed write
/// is for the writer to notice.
pub struct OrderLine<W: Write>(Rc<RefCell<Order<W>>>);

/// The state of an order line.
struct Order<W> {
    out: W,
    /// The line so far, if held.
    held: Option<Vec<u8>>,
    /// Whether a leaf was written since the case started.
    any: bool,
}

impl<W: Write> Order<W> {
    /// Writes `args` to the line.
    fn write(&mut self, args: fmt::Arguments<'_>) {
        let _ = match &mut self.held {
            Some(held) => held.write_fmt(args),
            None => self.out.write_fmt(args),
        };
    }
}

impl<W: Write + 'static> OrderLine<W> {
    /// An order line on `out`, held until the case ends if `hold`.
    pub fn new(out: W, hold: bool) -> OrderLine<W> {
        OrderLine(Rc::new(RefCell::new(Order {
            out,
            held: hold.then(Vec::new),
            any: false,
        })))
    }

    /// Starts the line of case `number`, searched by `algo`.
    pub fn start(&self, number: usize, algo: Algo) {
        let mut line = self.0.borrow_mut();
        line.any = false;
        line.write(format_args!("case={number} algo={algo} order="));
    }

    /// A sink for the leaves of one search: each path written after
    /// `first`, if given (the number of x's move searched).
    pub fn sink(&self, first: Option<u32>) -> LeafSink {
        let order = Rc::clone(&self.0);
        Box::new(move |path: &[u32]| {
            let mut line = order.borrow_mut();
            if std::mem::replace(&mut line.any, true) {
                line.write(format_args!(","));
            }
            let mut parts = first.into_iter().chain(path.iter().copied());
            match parts.next() {
                None => line.write(format_args!("root")),
                Some(part) => line.write(format_args!("{part}")),
            }
            for part in parts {
                line.write(format_args!(".{part}"));
            }
        })
    }

    /// Ends the line (writing it, if it was held).
    pub fn end(&self) {
        let mut line = self.0.borrow_mut();
        line.write(format_args!("\n"));
        if let Some(held) = line.held.as_mut().map(std::mem::take) {
            let _ = line.out.write_all(&held);
        }
    }
}

impl<W: Write> fmt::Debug for OrderLine<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OrderLine")
    }
}
