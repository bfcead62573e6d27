//! The options every searching subcommand shares (`--algo`, `--guess`,
//! `--stats`, `--trace`, `--order`), and the per-case report they ask for.

use super::Help::{Made, Text};
use super::args::Given;
use super::output::{Io, Status};
use super::{Spec, UsageError};
use crate::search::{Algo, Backend, Search, Setting, Settings, Stats};
use crate::tree::GameTree;
use crate::tree::value::{INF, Value};

/// The search options of one run.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// The backend (`--algo`; the first one named).
    pub algo: Algo,
    /// Every backend `--algo` named (several only for `tree --draw`);
    /// empty if it was not given.
    pub algos: Vec<Algo>,
    /// What the backend is told (`--guess`).
    pub settings: Settings,
    /// `--stats`.
    pub stats: bool,
    /// `--trace`.
    pub trace: bool,
    /// `--order`.
    pub order: bool,
    guess_given: bool,
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
            guess_given: false,
        }
    }
}

/// The shared options, as [`SearchOptions::set`] tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `--algo`.
    Algo,
    /// `--guess`.
    Guess,
    /// `--stats`.
    Stats,
    /// `--order`.
    Order,
    /// `--trace`.
    Trace,
}

/// The shared options, in the order a help lists them; a subcommand takes
/// them with a [`Row::Search`](super::Row::Search) in its table.
pub const OPTIONS: &[Spec<Key>] = &[
    Spec::value("--algo", "NAME", Key::Algo, Made(algo_help)),
    Spec::value("--guess", "N", Key::Guess, Made(guess_help)),
    Spec::flag(
        "--stats",
        Key::Stats,
        Text(
            "per case on standard error: case=N algo=NAME, the result, leaves=\n\
             (evaluations of terminal nodes, repeats included), nodes= (nodes\n\
             reached), the backend's own counters, minimal= (the leaves of the\n\
             minimal tree: the fewest any search evaluates to prove the result,\n\
             a value or, for a question, each move before the answer not a win\n\
             and the answer a win, on the tree the enhancements shape, where\n\
             static bounds prove without leaves; transposed positions count\n\
             again, so with the table a search may evaluate fewer); a total line\n\
             at the end",
        ),
    ),
    Spec::flag(
        "--order",
        Key::Order,
        Text(
            "per case on standard error: case=N algo=NAME order=P1,P2,..., the\n\
             Dewey paths (children numbered from 1 in search order) of the\n\
             leaves evaluated, in order, repeats included",
        ),
    ),
    Spec::flag(
        "--trace",
        Key::Trace,
        Text(
            "the search step by step on standard error: depth-first backends one\n\
             line per event (a node entered with its window, a leaf and its value,\n\
             a cutoff and the children it skips, a value returned), indented by\n\
             depth; SCOUT marks TEST and EVAL; the MT drivers each pass; SSS* the\n\
             OPEN list after every step",
        ),
    ),
];

/// The help of `--algo`: the default from [`SearchOptions::default`].
fn algo_help() -> String {
    format!(
        "the search backend (default {}); see ALGORITHMS",
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

impl SearchOptions {
    /// Sets the option `key` to `value`.
    pub fn set(&mut self, key: Key, given: Given) -> Result<(), UsageError> {
        match key {
            Key::Algo => {
                let list = given.text()?;
                self.algos = list
                    .split(',')
                    .map(|name| algo_named(name.trim()))
                    .collect::<Result<_, _>>()?;
                self.algo = self.algos[0];
            }
            Key::Guess => {
                let text = given.text()?;
                self.settings.guess = parse_value(&text).ok_or_else(|| {
                    UsageError::new(format!(
                        "--guess needs an integer strictly between -{INF} and {INF}, inf or -inf, found '{}'",
                        text.escape_debug()
                    ))
                })?;
                self.guess_given = true;
            }
            Key::Stats => self.stats = true,
            Key::Trace => self.trace = true,
            Key::Order => self.order = true,
        }
        Ok(())
    }

    /// Checks the options against each other and against this build (a
    /// setting such as `--guess` needs a backend named that takes it).
    /// `many`: whether `--algo` may name several backends (`tree --draw`).
    pub fn check(&self, many: bool) -> Result<(), UsageError> {
        if self.algos.len() > 1 && !many {
            return Err(UsageError::new(
                "--algo names one backend here (a list only with 'winmove tree --draw')",
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
        let guess = Setting::Guess;
        if self.guess_given && !named.iter().any(|a| a.takes(guess)) {
            return Err(UsageError::new(format!(
                "{} is {}: use it with --algo {}",
                guess.option(),
                guess.meaning(),
                takers(guess)
            )));
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
        if self.trace && !backend.set_trace(Some(Box::new(io.err.clone()))) {
            return Err(UsageError::new(format!(
                "--trace is not available for --algo {}",
                self.algo
            )));
        }
        Ok(backend)
    }
}

/// The backends that take `setting`, as `--algo` names them: `a or b`.
fn takers(setting: Setting) -> String {
    let names: Vec<&str> = setting.takers().map(Algo::name).collect();
    names.join(" or ")
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

/// Per-case and total statistics, and per-case orders, on standard error.
pub struct Report {
    algo: Algo,
    stats: bool,
    order: bool,
    total: Stats,
    cases: u64,
    /// The minimal tree of the case being reported, if worked out.
    minimal: Option<u64>,
    /// The minimal trees of the cases reported, summed.
    total_minimal: Option<u64>,
}

impl Report {
    /// A report of what `options` ask for.
    pub fn new(options: &SearchOptions) -> Report {
        Report {
            algo: options.algo,
            stats: options.stats,
            order: options.order,
            total: Stats::default(),
            cases: 0,
            minimal: None,
            total_minimal: None,
        }
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

    /// Reports case `number` (`result` is `answer=...` or `value=...`),
    /// with the order of its leaves if asked, and resets the counters.
    pub fn case(
        &mut self,
        io: &mut Io,
        number: usize,
        search: &mut dyn Backend,
        result: &str,
        order: &str,
    ) -> Status {
        if self.stats {
            let stats = search.stats();
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
            search.reset_stats();
        }
        if self.order {
            io.note(format_args!(
                "case={number} algo={} order={order}",
                self.algo
            ))?;
        }
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
