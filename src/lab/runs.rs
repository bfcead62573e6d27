//! What a run of searches reports, case by case, as `winmove`, `winmove
//! tree` and `winmove value` report each backend of an `--algo` list: a
//! backend searching plainly, or through a recording when the leaves it
//! evaluates are wanted ([`Searcher`]); a `--stats` line per case and a
//! total ([`StatsLines`]); an `--order` line per case, written as the
//! leaves are evaluated ([`OrderLine`]). docs/workbench.md describes the
//! lines.

use crate::search::iterative::Iteration;
use crate::search::recorded::search_streamed;
use crate::search::{Algo, Backend, Search, Stats, registry};
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

/// One backend's `--stats` lines: one per case, then the total.
#[derive(Clone, Debug)]
pub struct StatsLines {
    algo: Algo,
    total: Stats,
    cases: u64,
    /// The minimal trees of the cases, summed, if any was worked out.
    total_minimal: Option<u64>,
}

impl StatsLines {
    /// No case yet, for `algo`.
    pub fn new(algo: Algo) -> StatsLines {
        StatsLines {
            algo,
            total: Stats::default(),
            cases: 0,
            total_minimal: None,
        }
    }

    /// Case `number`'s line, `case=N algo=NAME RESULT COUNTERS minimal=M`
    /// (`result` is `answer=...` or `value=...`; `minimal`, if worked out,
    /// the leaves of its minimal tree); its counts join the total.
    pub fn case(
        &mut self,
        number: usize,
        stats: Stats,
        result: &str,
        minimal: Option<u64>,
    ) -> String {
        if let Some(leaves) = minimal {
            let total = self.total_minimal.get_or_insert(0);
            *total = total.saturating_add(leaves);
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
    pub fn iteration(&self, number: usize, it: &Iteration, minimal: u64) -> String {
        let failed = if it.failed > 0 {
            " aspiration=failed"
        } else {
            ""
        };
        format!(
            "case={number} depth={} algo={} value={}{failed} {} minimal={minimal}",
            it.depth,
            self.algo,
            Shown(it.value),
            registry::shown(it.stats)
        )
    }

    /// The total line, `total cases=N algo=NAME COUNTERS minimal=M`.
    pub fn total(&self) -> String {
        let (cases, algo, total) = (self.cases, self.algo, registry::shown(self.total));
        let minimal = Minimal(self.total_minimal);
        format!("total cases={cases} algo={algo} {total}{minimal}")
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
                None => line.write(format_args!("e")),
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
