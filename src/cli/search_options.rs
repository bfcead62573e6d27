//! The options several subcommands share: the search options (`--algo`,
//! `--guess`, `--table-size`, `--playout-seed`, `--stats`, `--order`, `--trace`), the
//! options that choose the enhancements for boards (`--plain`,
//! `--enhance`, `--without`), and the sections of help that explain them.

use super::args::{Given, UsageError};
use super::output::Io;
use super::table::Help::{Made, Text};
use super::table::{Part, Row, option_lines, set, unknown};
use winmove::answer::uses::uses;
use winmove::protocol::words::listed;
use winmove::search::minimal::MemoBudget;
use winmove::search::trace::Sink;
use winmove::search::{Algo, Search, Setting, Settings, depth_first, registry};
use winmove::tree::GameTree;
use winmove::tree::board::{Enhancement, Enhancements};
use winmove::tree::value::{INF, Value};

/// The search options of one run.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// Every backend `--algo` named (a list, run in turn on each case);
    /// empty if it was not given.
    pub algos: Vec<Algo>,
    /// What the backend is told (`--guess`, `--table-size`, `--playout-seed`).
    pub settings: Settings,
    /// `--stats`.
    pub stats: bool,
    /// `--minimal-memory`, if given.
    minimal_memory: Option<MemoBudget>,
    /// `--trace`.
    pub trace: bool,
    /// `--order`.
    pub order: bool,
    /// The settings given on the command line.
    given: Vec<Setting>,
}

/// The backend unless `--algo` names one.
const ALGO: Algo = Algo::AlphaBeta;

/// Most entries `--table-size` asks for.
const MAX_TABLE_SIZE: usize = 1 << 32;

/// Most megabytes `--minimal-memory` gives: a terabyte.
const MAX_MINIMAL_MEMORY: u64 = 1_000_000;

/// The search options, in the order a help lists them; a command takes
/// them with a row of [`SearchOptions::rows`] in its table.
pub const OPTIONS: &[Row<SearchOptions>] = &[
    Row::value(
        "--algo",
        "NAME",
        Made(|| {
            format!(
                "the search backend (default {ALGO}; see ALGORITHMS); 'winmove' and \
                 'winmove tree' take a comma-separated list, each backend in turn"
            )
        }),
        |o, given| {
            let names = given.text()?;
            let algos = names.split(',').map(|name| algo_named(name.trim()));
            set(&mut o.algos, algos.collect::<Result<_, _>>()?)
        },
    ),
    Row::value(
        "--guess",
        "N",
        Made(|| {
            format!(
                "with --algo {}: the first guess (default {}; an integer, inf or -inf)",
                takers(Setting::Guess),
                Settings::default().guess
            )
        }),
        |o, given| {
            let text = given.text()?;
            o.settings.guess = parse_value(&text).ok_or_else(|| {
                UsageError::new(format!(
                    "--guess needs an integer strictly between -{INF} and {INF}, inf or -inf, found '{}'",
                    text.escape_debug()
                ))
            })?;
            o.given.push(Setting::Guess);
            Ok(())
        },
    ),
    Row::value(
        "--table-size",
        "N",
        Made(|| {
            let entries = Settings::default().table_size;
            let memory: Vec<String> = table_costs()
                .into_iter()
                .map(|(bytes, names)| {
                    let mb = entries * bytes / 1_000_000;
                    format!("{mb} MB with {}", listed(&names, "or"))
                })
                .collect();
            let memory = listed(&memory, "and");
            format!(
                "with --algo {}: the most nodes its table holds, \
                 0 to {MAX_TABLE_SIZE} (default {entries}: about {memory}; see SEARCH OPTIONS)",
                takers(Setting::TableSize),
            )
        }),
        |o, given| {
            o.settings.table_size = given.number(0, MAX_TABLE_SIZE)?;
            o.given.push(Setting::TableSize);
            Ok(())
        },
    ),
    Row::value(
        "--playout-seed",
        "N",
        Made(|| {
            format!(
                "with --algo {}: the seed of its random playouts, 0 to {} (default {}): the \
                 same seed, the same search",
                takers(Setting::Seed),
                u64::MAX,
                Settings::default().seed
            )
        }),
        |o, given| {
            o.settings.seed = given.number(0, u64::MAX)?;
            o.given.push(Setting::Seed);
            Ok(())
        },
    ),
    Row::flag(
        "--stats",
        Text("counters per case, then a total, on standard error (see SEARCH OPTIONS)"),
        |o, _| set(&mut o.stats, true),
    ),
    Row::value(
        "--minimal-memory",
        "MB",
        Made(|| {
            format!(
                "with --stats: the most memory minimal= takes to remember positions, 0 to \
                 {MAX_MINIMAL_MEMORY} MB (default {}); past it, minimal=? (over MB MB)",
                MemoBudget::DEFAULT.megabytes
            )
        }),
        |o, given| {
            let megabytes = given.number(0, MAX_MINIMAL_MEMORY)?;
            set(&mut o.minimal_memory, Some(MemoBudget { megabytes }))
        },
    ),
    Row::flag(
        "--order",
        Text("the leaves each case evaluates, in order, on standard error (likewise)"),
        |o, _| set(&mut o.order, true),
    ),
    Row::flag(
        "--trace",
        Text("the search step by step on standard error (likewise)"),
        |o, _| set(&mut o.trace, true),
    ),
];

/// The help's sections on the search options: the backends, what
/// `--table-size`, `--stats`, `--order` and `--trace` do, and the
/// counters.
pub fn help() -> String {
    let mut text = String::from("\nALGORITHMS (--algo):\n");
    for algo in Algo::ALL {
        text.push_str(&algorithm_lines(algo, algo.built()));
    }
    let costs: Vec<String> = table_costs()
        .into_iter()
        .map(|(bytes, names)| format!("{bytes} ({})", names.join(", ")))
        .collect();
    text.push_str(&format!(
        "\nSEARCH OPTIONS: --stats, --order and --trace write to standard error, as \
         docs/workbench.md\ndescribes; --table-size bounds the table of nodes of the MT \
         drivers on trees whose keys\nname nodes (written and generated trees, boards without \
         tt), and on every tree pns's\nheld tree, dfpn's table (with the children of the \
         nodes on its path) and mcts's held\ntree. A node of a full table takes up to\n{} \
         bytes;\na warning says when a search filled the table.\n",
        listed(&costs, "or")
    ));
    text.push_str(
        "\nCOUNTERS (--stats: leaves= and nodes= for every backend, counted alike, then its own):\n",
    );
    text.push_str(&option_lines(&[
        ("leaves", "evaluations of terminal nodes, repeats included"),
        (
            "nodes",
            "node visits, repeats included: each time a search reaches a node (SSS*: \
             each live state popped, once a node)",
        ),
    ]));
    // Last, the counters shown only when an option asks for what they count.
    let optional = [
        depth_first::TRANSPOSITION_CUTOFFS,
        winmove::answer::value::HINTED,
        winmove::answer::value::HINT_BEST,
    ];
    let counters = registry::counters().iter().chain(&optional);
    let lines: Vec<_> = counters.map(|c| (c.name(), c.meaning())).collect();
    text.push_str(&option_lines(&lines));
    text
}

/// The help's lines for `algo`: its summary, then on a line of its own
/// (the summaries fill the width) the feature it needs if not `built`.
fn algorithm_lines(algo: Algo, built: bool) -> String {
    let summary = if built {
        algo.summary().to_string()
    } else {
        let feature = algo.feature().unwrap_or_default();
        format!(
            "{}\n(not built: needs --features {feature})",
            algo.summary()
        )
    };
    option_lines(&[(algo.name(), &summary)])
}

impl SearchOptions {
    /// The search options as a row of a command's table
    /// ([`Row::Shared`]), setting the part of its options `part` returns.
    pub const fn rows<O>(part: fn(&mut O) -> &mut SearchOptions) -> Part<O, SearchOptions> {
        Part {
            rows: OPTIONS,
            part,
        }
    }

    /// The backend: the first `--algo` named, or the default.
    pub fn algo(&self) -> Algo {
        self.algos.first().copied().unwrap_or(ALGO)
    }

    /// The memory `minimal=` may take: `--minimal-memory`, or the default.
    pub fn minimal_memory(&self) -> MemoBudget {
        self.minimal_memory.unwrap_or_default()
    }

    /// Every backend `--algo` named, or the default one.
    pub fn named(&self) -> Vec<Algo> {
        match self.algos.is_empty() {
            true => vec![ALGO],
            false => self.algos.clone(),
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
        if self.minimal_memory.is_some() && !self.stats {
            return Err(UsageError::new(
                "--minimal-memory needs --stats (it bounds what minimal= remembers)",
            ));
        }
        for &algo in &self.algos {
            require_built(algo)?;
        }
        let named = self.named();
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
        let algo = self.algo();
        let mut backend = (algo.make::<T>(&self.settings))
            .ok_or_else(|| UsageError::new(format!("algorithm '{algo}' is not built in")))?;
        if self.trace && !backend.set_trace(Some(Sink::text(io.err_stopping()))) {
            return Err(UsageError::new(format!(
                "--trace is not available for --algo {algo}"
            )));
        }
        Ok(backend)
    }
}

/// What a node of a table of nodes costs the backends that have one, in
/// bytes, each figure with the backends it holds for.
fn table_costs() -> Vec<(usize, Vec<&'static str>)> {
    let mut groups: Vec<(usize, Vec<&str>)> = Vec::new();
    for algo in Setting::TableSize.takers() {
        let bytes = algo.node_bytes().unwrap_or_default();
        match groups.iter_mut().find(|(b, _)| *b == bytes) {
            Some((_, names)) => names.push(algo.name()),
            None => groups.push((bytes, vec![algo.name()])),
        }
    }
    groups
}

/// The backends that take `setting`, as `--algo` names them: `a, b or c`.
fn takers(setting: Setting) -> String {
    listed(&setting.takers().map(Algo::name).collect::<Vec<_>>(), "or")
}

/// The backend called `name`, or an error listing the known ones.
pub fn algo_named(name: &str) -> Result<Algo, UsageError> {
    name.parse()
        .map_err(|unknown: registry::UnknownAlgo| UsageError::new(unknown.to_string()))
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

/// The options that choose the enhancements for boards, in the order a
/// help lists them; a command takes them with a row of
/// [`EnhancementChoice::rows`] in its table.
pub const ENHANCEMENTS: &[Row<EnhancementChoice>] = &[
    Row::flag(
        "--plain",
        Text("the textbook algorithm on the raw tree: no enhancement at all"),
        |o, given| o.choose(given, |_, _| Ok(Enhancements::NONE)),
    ),
    Row::value(
        "--enhance",
        "LIST",
        Text(
            "use exactly these enhancements (comma-separated names, all, none), read left \
             to right: none,tt is tt alone, all,none none",
        ),
        |o, given| o.choose(given, |named, given| named_set(named, given, true)),
    ),
    Row::value(
        "--without",
        "LIST",
        Text("use every enhancement but these (a list read likewise)"),
        |o, given| o.choose(given, |named, given| named_set(named, given, false)),
    ),
];

/// Which of `--plain`, `--enhance LIST` and `--without LIST` a command
/// line gave (at most one), and the set it chose.
#[derive(Clone, Debug)]
pub struct EnhancementChoice {
    /// The option that chose, as written, and its set.
    chosen: Option<(String, Enhancements)>,
    /// The enhancements named one by one with `--enhance`.
    named: Enhancements,
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
    /// The options that choose the enhancements as a row of a command's
    /// table ([`Row::Shared`]), setting the part of its options `part`
    /// returns.
    pub const fn rows<O>(part: fn(&mut O) -> &mut EnhancementChoice) -> Part<O, EnhancementChoice> {
        Part {
            rows: ENHANCEMENTS,
            part,
        }
    }

    /// Takes the option `given`, whose set `make` makes from it (adding
    /// the enhancements it names to those named); an error if another
    /// was given before.
    fn choose(
        &mut self,
        given: Given,
        make: fn(&mut Enhancements, Given) -> Result<Enhancements, UsageError>,
    ) -> Result<(), UsageError> {
        let option = given.option().to_string();
        let set = make(&mut self.named, given)?;
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
        self.chosen.as_ref().map_or(Enhancements::DEFAULT, |c| c.1)
    }

    /// The warnings for enhancements named with `--enhance` that change
    /// nothing for `algo`: unused by it, or needing one not chosen.
    pub fn warnings(&self, algo: Algo) -> Vec<String> {
        let mut warnings = Vec::new();
        // Those named then dropped by a later name (`tt,none`) are not used.
        for e in self.named.iter().filter(|&e| self.chosen().contains(e)) {
            let needed = e.needs().filter(|&needed| !self.chosen().contains(needed));
            if !uses(algo, e) {
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
}

/// The set a comma-separated list of enhancement names makes: those named
/// on (`--enhance`, `on`) or off (`--without`), `all` and `none` as they
/// say; those named on are added to `named`.
fn named_set(named: &mut Enhancements, given: Given, on: bool) -> Result<Enhancements, UsageError> {
    let option = given.option().to_string();
    let list = given.text()?;
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(UsageError::new(format!(
            "{option} needs a comma-separated list of enhancement names, found '{}'",
            list.escape_debug()
        )));
    }
    let (all, none) = match on {
        true => (Enhancements::DEFAULT, Enhancements::NONE),
        false => (Enhancements::NONE, Enhancements::DEFAULT),
    };
    let mut set = none;
    for name in names {
        set = match (name, name.parse::<Enhancement>()) {
            ("all", _) => all,
            ("none", _) => none,
            (_, Ok(e)) if on => {
                *named = named.with(e);
                set.with(e)
            }
            (_, Ok(e)) => set.without(e),
            (_, Err(_)) => {
                let known = Enhancement::ALL.map(Enhancement::name);
                return Err(unknown(
                    "enhancement",
                    name,
                    &[&known[..], &["all", "none"]].concat(),
                ));
            }
        };
    }
    Ok(set)
}
