//! The options every searching subcommand shares (`--algo`, `--guess`,
//! `--table-size`, `--stats`, `--trace`, `--order`), and the per-case
//! report they ask for.

use super::Help::{Made, Text};
use super::args::Given;
use super::output::{Diagnostics, Io, Status};
use super::{Row, UsageError, option_lines, set};
use crate::search::trace::Sink;
use crate::search::{Algo, Backend, Search, Setting, Settings, Stats};
use crate::tree::GameTree;
use crate::tree::board::{Enhancement, Enhancements};
use crate::tree::recording::LeafSink;
use crate::tree::value::{INF, Value};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// The search options of one run.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// The backend (`--algo`; the first one named).
    pub algo: Algo,
    /// Every backend `--algo` named (a list, run in turn on each case);
    /// empty if it was not given.
    pub algos: Vec<Algo>,
    /// What the backend is told (`--guess`, `--table-size`).
    pub settings: Settings,
    /// `--stats`.
    pub stats: bool,
    /// `--trace`.
    pub trace: bool,
    /// `--order`.
    pub order: bool,
    /// The settings given on the command line.
    given: Vec<Setting>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            algo: Algo::AlphaBeta,
            algos: Vec::new(),
            settings: Settings::default(),
            stats: false,
            trace: false,
            order: false,
            given: Vec::new(),
        }
    }
}

/// The shared options, in the order a help lists them; a command takes
/// them with a [`Row::Search`] in its table.
pub const OPTIONS: &[Row<SearchOptions>] = &[
    Row::value("--algo", "NAME", Made(algo_help), |o, given| {
        o.algos = (given.text()?.split(','))
            .map(|name| algo_named(name.trim()))
            .collect::<Result<_, _>>()?;
        o.algo = o.algos[0];
        Ok(())
    }),
    Row::value("--guess", "N", Made(guess_help), |o, given| {
        let text = given.text()?;
        o.settings.guess = parse_value(&text).ok_or_else(|| {
            UsageError::new(format!(
                "--guess needs an integer strictly between -{INF} and {INF}, inf or -inf, found '{}'",
                text.escape_debug()
            ))
        })?;
        o.given.push(Setting::Guess);
        Ok(())
    }),
    Row::value("--table-size", "N", Made(table_size_help), |o, given| {
        o.settings.table_size = given.number(0, MAX_TABLE_SIZE)?;
        o.given.push(Setting::TableSize);
        Ok(())
    }),
    Row::flag(
        "--stats",
        Text(
            "per case on standard error: case=N algo=NAME, the result, leaves=\n\
             (evaluations of terminal nodes, repeats included), nodes= (node\n\
             visits, repeats included: see COUNTERS), the backend's own\n\
             counters, minimal= (the leaves of the minimal tree: the fewest any\n\
             search evaluates to prove the result, a value or, for a question,\n\
             each move before the answer not a win and the answer a win, on\n\
             the tree the enhancements shape, where static bounds prove\n\
             without leaves; transposed positions count again, so with the\n\
             table a search may evaluate fewer); a total line at the end",
        ),
        |o, _| set(&mut o.stats, true),
    ),
    Row::flag(
        "--order",
        Text(
            "per case on standard error: case=N algo=NAME order=P1,P2,..., the\n\
             Dewey paths (children numbered from 1 in search order) of the\n\
             leaves evaluated, in order, repeats included; written as they are\n\
             evaluated, in memory that follows the tree's depth (SSS*: 12 bytes\n\
             an inner node it expands; with --trace, the line is held until the\n\
             case ends), so before the case's --stats line",
        ),
        |o, _| set(&mut o.order, true),
    ),
    Row::flag(
        "--trace",
        Text(
            "the search step by step on standard error: depth-first backends one\n\
             line per event (a node entered with its window, a leaf and its value,\n\
             a cutoff and the children it skips, a value returned), indented by\n\
             depth, nodes named by Dewey path (root, 1, 2.1, ...); SCOUT marks TEST\n\
             and EVAL; the MT drivers each pass; pns and dfpn each pass and the\n\
             proof and disproof numbers as they change ('2.1: pn 1, dn 2'), pns\n\
             the most-proving node it expands, dfpn the thresholds it enters each\n\
             node with ('2: thresholds pn < 3, dn < oo') and the numbers it returns\n\
             with (numbers are counts: oo is never reached, oo-2 two below it);\n\
             SSS* the OPEN list after every step, 'step: case  node,L|S,merit\n\
             ...', its cases numbered as the Polish source does (Stockman's, as in\n\
             the Japanese source, are 4, 5, 6, 1, 3, 2 for the Polish 1-6).\n\
             Values: inf and -inf are won games (inf-1 next to inf); +oo and -oo\n\
             lie beyond every leaf (+oo+1 in null windows beyond it)",
        ),
        |o, _| set(&mut o.trace, true),
    ),
];

/// The help of `--algo`: the default from [`SearchOptions::default`].
fn algo_help() -> String {
    format!(
        "the search backend (default {}); see ALGORITHMS. winmove and\n\
         winmove tree take a comma-separated list: each backend in turn on\n\
         every case, with its own --stats, --order and --trace lines",
        SearchOptions::default().algo
    )
}

/// The help of `--guess`: the backends that take it, from the registry,
/// and the default.
fn guess_help() -> String {
    format!(
        "with --algo {}: the first guess (default {}; an integer, inf or -inf)",
        takers(Setting::Guess),
        Settings::default().guess
    )
}

/// Most entries `--table-size` asks for.
const MAX_TABLE_SIZE: usize = 1 << 32;

/// Bytes an entry of a full table of nodes takes, at most: two buckets
/// (half are kept free) of 17 bytes.
const ENTRY_BYTES: usize = 34;

/// The help of `--table-size`: the backends that take it, the default,
/// and what holds past it.
fn table_size_help() -> String {
    let entries = Settings::default().table_size;
    format!(
        "with --algo {}: the most nodes\n\
         the table holds on trees whose keys name nodes (written and\n\
         generated trees, boards without tt), 0 to {MAX_TABLE_SIZE}\n\
         (default {entries}, about {} MB; up to {ENTRY_BYTES} bytes a node).\n\
         MT-SSS* evaluates exactly SSS*'s leaves, in SSS*'s order, only while\n\
         the table holds every node the search reaches; a warning on standard\n\
         error says when a search filled it",
        takers(Setting::TableSize),
        entries * ENTRY_BYTES / 1_000_000,
    )
}

impl SearchOptions {
    /// Every backend `--algo` named, or the default one.
    pub fn named(&self) -> Vec<Algo> {
        if self.algos.is_empty() {
            vec![self.algo]
        } else {
            self.algos.clone()
        }
    }

    /// Checks the options against each other and against this build (a
    /// setting such as `--guess` needs a backend named that takes it).
    /// `many`: whether `--algo` may name several backends.
    pub fn check(&self, many: bool) -> Result<(), UsageError> {
        if self.algos.len() > 1 && !many {
            return Err(UsageError::new(
                "--algo names one backend here (a list with 'winmove' and 'winmove tree')",
            ));
        }
        for &algo in &self.algos {
            require_built(algo)?;
        }
        let named = if self.algos.is_empty() {
            &[self.algo][..]
        } else {
            &self.algos
        };
        for &setting in &self.given {
            if !named.iter().any(|a| a.takes(setting)) {
                return Err(UsageError::new(format!(
                    "{} is {}: use it with --algo {}",
                    setting.option(),
                    setting.meaning(),
                    takers(setting)
                )));
            }
        }
        Ok(())
    }

    /// A fresh backend for trees of type `T`, tracing to standard error if
    /// asked.
    pub fn backend<T: GameTree>(&self, io: &Io) -> Result<Box<dyn Search<T>>, UsageError> {
        let mut backend = self
            .algo
            .make::<T>(&self.settings)
            .ok_or_else(|| UsageError::new(format!("algorithm '{}' is not built in", self.algo)))?;
        if self.trace && !backend.set_trace(Some(Sink::text(io.err.clone()))) {
            return Err(UsageError::new(format!(
                "--trace is not available for --algo {}",
                self.algo
            )));
        }
        Ok(backend)
    }
}

/// The backends that take `setting`, as `--algo` names them: `a, b or c`.
fn takers(setting: Setting) -> String {
    let names: Vec<&str> = setting.takers().map(Algo::name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The backend called `name`, or an error listing the known ones.
pub fn algo_named(name: &str) -> Result<Algo, UsageError> {
    name.parse()
        .map_err(|unknown: crate::search::registry::UnknownAlgo| {
            UsageError::new(unknown.to_string())
        })
}

/// An error naming the feature to build with if `algo` is not in this
/// build.
pub fn require_built(algo: Algo) -> Result<(), UsageError> {
    if algo.built() {
        return Ok(());
    }
    let feature = algo.feature().unwrap_or_default();
    Err(UsageError::new(format!(
        "algorithm '{algo}' is not built in: rebuild with --features {feature} (cargo build --release --features {feature}, or --all-features)"
    )))
}

/// A value as the command line writes it: an integer, `inf` or `-inf`.
pub fn parse_value(text: &str) -> Option<Value> {
    match text.trim() {
        "inf" | "+inf" => Some(INF),
        "-inf" => Some(-INF),
        // As in a tree: numbers lie strictly between the win values.
        number => number.parse::<Value>().ok().filter(|v| v.abs() < INF),
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
    /// The minimal tree of the case being reported, if worked out.
    minimal: Option<u64>,
    /// The minimal trees of the cases reported, summed.
    total_minimal: Option<u64>,
}

impl Report {
    /// A report of what `options` ask for, on `io`'s standard error.
    pub fn new(options: &SearchOptions, io: &Io) -> Report {
        Report {
            algo: options.algo,
            stats: options.stats,
            order: options
                .order
                .then(|| Order::new(io.err.clone(), options.trace)),
            total: Stats::default(),
            cases: 0,
            watch_table: options.algo.takes(Setting::TableSize),
            minimal: None,
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

    /// Where a search of the case sends the paths of its leaves (with
    /// `--order`): each written after `first` (the number of x's move on
    /// boards), if given.
    pub fn leaves(&self, first: Option<u32>) -> Option<LeafSink> {
        self.order.as_ref().map(|order| order.sink(first))
    }

    /// Whether per-case statistics are reported (and so the minimal tree
    /// is worth working out).
    pub fn stats(&self) -> bool {
        self.stats
    }

    /// Sets the leaves of the minimal tree of the next case reported,
    /// shown after its counters as `minimal=N`.
    pub fn set_minimal(&mut self, leaves: u64) {
        self.minimal = Some(leaves);
    }

    /// Ends case `number` (`result` is `answer=...` or `value=...`): its
    /// order line, its statistics if asked (and resets the counters), and
    /// the warning, the first time a search filled its table.
    pub fn case(
        &mut self,
        io: &mut Io,
        number: usize,
        search: &mut dyn Backend,
        result: &str,
    ) -> Status {
        if let Some(order) = &self.order {
            order.end();
        }
        if self.stats {
            self.case_stats(io, number, search.stats(), result)?;
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

    /// Reports case `number`'s `stats` (`--stats`), counted in the total.
    pub fn case_stats(&mut self, io: &mut Io, number: usize, stats: Stats, result: &str) -> Status {
        let minimal = self.minimal.take();
        io.note(format_args!(
            "case={number} algo={} {result} {stats}{}",
            self.algo,
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
        if self.stats {
            io.note(format_args!(
                "total cases={} algo={} {}{}",
                self.cases,
                self.algo,
                self.total,
                Minimal(self.total_minimal)
            ))?;
        }
        Ok(())
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
    fn write(&mut self, args: std::fmt::Arguments<'_>) {
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
    /// `first`, if given, comma-separated.
    fn sink(&self, first: Option<u32>) -> LeafSink {
        let order = self.clone();
        Box::new(move |path: &[u32]| {
            let mut line = order.0.borrow_mut();
            let comma = if std::mem::replace(&mut line.any, true) {
                ","
            } else {
                ""
            };
            line.write(format_args!("{comma}"));
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

impl std::fmt::Display for Minimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(leaves) => write!(f, " minimal={leaves}"),
            None => Ok(()),
        }
    }
}

/// The options that choose the enhancements for boards, in the order a
/// help lists them; a command takes them with a [`Row::Enhancements`] in
/// its table.
pub const ENHANCEMENTS: &[Row<EnhancementChoice>] = &[
    Row::flag(
        "--plain",
        Text("the textbook algorithm on the raw tree: no enhancement at all"),
        |o, given| o.choose(Choose::Plain, given),
    ),
    Row::value(
        "--enhance",
        "LIST",
        Text("use exactly these enhancements (comma-separated names, or all, none)"),
        |o, given| o.choose(Choose::Enhance, given),
    ),
    Row::value(
        "--without",
        "LIST",
        Text("use every enhancement but these"),
        |o, given| o.choose(Choose::Without, given),
    ),
];

/// The warnings for enhancements named with `--enhance` (`named`) that
/// do nothing in this run: unused by `algo`, or needing one not in `set`.
fn unused_enhancements(algo: Algo, named: Enhancements, set: Enhancements) -> Vec<String> {
    let mut warnings = Vec::new();
    for e in named.iter() {
        let needed = e.needs().filter(|&needed| !set.contains(needed));
        if !algo.uses(e) {
            warnings.push(format!(
                "warning: --algo {algo} does not use the enhancement {} (see ENHANCEMENTS in \
                 'winmove --help'): it changes nothing",
                e.name()
            ));
        } else if let Some(needed) = needed {
            warnings.push(format!(
                "warning: the enhancement {} does nothing without {}",
                e.name(),
                needed.name()
            ));
        }
    }
    warnings
}

/// Applies a comma-separated list of enhancement names to `set`; those
/// named (not `all` nor `none`) are added to `named`.
fn set_enhancements(
    set: &mut Enhancements,
    named: &mut Enhancements,
    option: &str,
    list: &str,
    on: bool,
) -> Result<(), UsageError> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(UsageError::new(format!(
            "{option} needs a comma-separated list of enhancement names, found '{}'",
            list.escape_debug()
        )));
    }
    for name in names {
        match name {
            "all" => {
                *set = if on {
                    Enhancements::ALL
                } else {
                    Enhancements::NONE
                }
            }
            "none" => {
                *set = if on {
                    Enhancements::NONE
                } else {
                    Enhancements::ALL
                }
            }
            _ => match name.parse::<Enhancement>() {
                Ok(e) if on => {
                    *set = set.with(e);
                    *named = named.with(e);
                }
                Ok(e) => *set = set.without(e),
                Err(_) => {
                    let known: Vec<_> = Enhancement::ALL.map(Enhancement::name).to_vec();
                    return Err(UsageError::new(format!(
                        "unknown enhancement '{}' (known: {}, all, none)",
                        name.escape_debug(),
                        known.join(", ")
                    )));
                }
            },
        }
    }
    Ok(())
}

/// Which of `--plain`, `--enhance LIST` and `--without LIST` a command
/// line gave (at most one), and the set it chose.
#[derive(Clone, Debug)]
pub struct EnhancementChoice {
    /// The option that chose, as written, and its set.
    chosen: Option<(String, Enhancements)>,
    /// The enhancements named one by one with `--enhance`.
    named: Enhancements,
}

/// One of the options that choose the enhancements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choose {
    /// `--plain`.
    Plain,
    /// `--enhance LIST`.
    Enhance,
    /// `--without LIST`.
    Without,
}

impl Default for EnhancementChoice {
    fn default() -> EnhancementChoice {
        EnhancementChoice {
            chosen: None,
            named: Enhancements::NONE,
        }
    }
}

impl EnhancementChoice {
    /// Takes the option `given`, which is `how`; an error if another was
    /// given before.
    fn choose(&mut self, how: Choose, given: Given) -> Result<(), UsageError> {
        let option = given.option().to_string();
        let set = match how {
            Choose::Plain => Enhancements::NONE,
            Choose::Enhance | Choose::Without => {
                let on = how == Choose::Enhance;
                let list = given.text()?;
                let mut set = if on {
                    Enhancements::NONE
                } else {
                    Enhancements::ALL
                };
                set_enhancements(&mut set, &mut self.named, &option, &list, on)?;
                set
            }
        };
        if let Some((other, _)) = &self.chosen {
            return Err(UsageError::new(format!(
                "{option} cannot be combined with {other} (use one of --plain, --enhance, --without)"
            )));
        }
        self.chosen = Some((option, set));
        Ok(())
    }

    /// The set chosen: every enhancement if no option chose one.
    pub fn chosen(&self) -> Enhancements {
        self.chosen
            .as_ref()
            .map_or(Enhancements::ALL, |(_, set)| *set)
    }

    /// The warnings for enhancements named that change nothing for `algo`.
    pub fn warnings(&self, algo: Algo) -> Vec<String> {
        unused_enhancements(algo, self.named, self.chosen())
    }
}

/// The help's list of the counters `--stats` shows, from the registry.
pub fn counters_help() -> String {
    let mut text = String::from(
        "\nCOUNTERS (--stats: leaves= and nodes= for every backend, counted alike, then its own):\n",
    );
    text.push_str(&option_lines(&[
        ("leaves", "evaluations of terminal nodes, repeats included"),
        (
            "nodes",
            "node visits, repeats included: each time a search reaches a node\n\
             (depth-first backends: each call on it, a table's answer included;\n\
             SCOUT: each node EVAL or TEST reaches; SSS*: each live state\n\
             popped, once a node)",
        ),
    ]));
    let lines: Vec<(&str, &str)> = crate::search::registry::counters()
        .iter()
        .map(|counter| (counter.name(), counter.meaning()))
        .collect();
    text.push_str(&option_lines(&lines));
    // Counters shown only when an option asks for what they count.
    let optional = [
        crate::search::depth_first::TRANSPOSITION_CUTOFFS,
        crate::search::iterative::HINTED,
        crate::search::iterative::HINT_BEST,
    ];
    let lines: Vec<(&str, &str)> = optional
        .iter()
        .map(|counter| (counter.name(), counter.meaning()))
        .collect();
    text.push_str(&option_lines(&lines));
    text
}

/// The ALGORITHMS section of a help: every backend, and the feature it
/// needs if this build lacks it.
pub fn algorithms_help() -> String {
    let mut text = String::from("\nALGORITHMS (--algo):\n");
    for algo in crate::search::Algo::ALL {
        text.push_str(&algorithm_lines(algo, algo.built()));
    }
    text
}

/// The help's lines for `algo`: its summary, then on a line of its own
/// (the summaries fill the width) the feature it needs if not `built`.
fn algorithm_lines(algo: crate::search::Algo, built: bool) -> String {
    let summary = if built {
        algo.summary().to_string()
    } else {
        format!(
            "{}\n(not built: needs --features {})",
            algo.summary(),
            algo.feature().unwrap_or_default()
        )
    };
    option_lines(&[(algo.name(), &summary)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backend_not_built_is_said_so_within_the_width() {
        for algo in Algo::ALL {
            let lines = algorithm_lines(algo, false);
            assert!(lines.contains("(not built: needs --features "), "{lines}");
            for line in lines.lines() {
                assert!(line.chars().count() <= 100, "{line}");
            }
        }
    }
}
