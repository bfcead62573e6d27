//! `winmove compare`: what every backend costs, as Markdown or CSV tables.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::output::{Io, Progress, Status, Target, input_path, read_boards};
use super::table::Help::{Made, Text};
use super::table::{Row, forbid, set};
use super::tree::ordering;
use std::ffi::OsString;
use std::path::PathBuf;
use winmove::answer::verify::{
    self,
    tablebase::{BOARDS, Tablebase},
};
use winmove::game::eval::Eval;
use winmove::lab::compare::{self, Done, Measured, Positions, Task};
use winmove::protocol::words::{listed, quoted};
use winmove::tree::ordered::ChildOrder;
use winmove::tree::uniform::Values;

/// The options as given; [`Options::check`] fills in the lists.
#[derive(Default)]
struct Options {
    boards: Option<OsString>,
    trees: bool,
    raw: bool,
    value: bool,
    svg: Option<PathBuf>,
    samples: Option<usize>,
    seed: Option<u64>,
    values: Vec<Values>,
    order: Option<ChildOrder>,
    ragged: bool,
    csv: bool,
    depth: Option<u32>,
    evals: Vec<Eval>,
    static_order: bool,
    anytime: bool,
    playouts: Vec<u64>,
}

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "compare",
    summary: "tabulate every backend's work on board classes or uniform trees",
    options: &[
        Row::value(
            "--boards",
            "FILE",
            Text("compare on the questions in FILE ('-' for standard input)"),
            |o, given| set(&mut o.boards, Some(given.os())),
        ),
        Row::flag(
            "--trees",
            Text("compare on uniform random trees, as 'winmove tree --uniform' makes them"),
            |o, _| set(&mut o.trees, true),
        ),
        Row::value(
            "--values",
            "KIND",
            Text("with --trees: wide (the default), 01 or both"),
            |o, given| {
                let values = given.choice("wide, 01 or both", |name| match name {
                    "both" => Some(vec![Values::Wide, Values::ZeroOne]),
                    _ => Values::from_name(name).map(|v| vec![v]),
                });
                set(&mut o.values, values?)
            },
        ),
        Row::value(
            "--ordering",
            "KIND",
            Text("with --trees: random (the default), best, worst, strong or strong:P:Q"),
            |o, given| set(&mut o.order, Some(ordering(given)?)),
        ),
        Row::flag(
            "--ragged",
            Text("with --trees: random branching, 1 to 2B-1 children a node (B on average)"),
            |o, _| set(&mut o.ragged, true),
        ),
        Row::flag(
            "--anytime",
            Text(
                "how often the move MCTS plays after N playouts, or alpha-beta at depths 1 \
                 to D, is right, against the tablebase (see USAGE)",
            ),
            |o, _| set(&mut o.anytime, true),
        ),
        Row::value(
            "--playouts",
            "N,N,...",
            Made(|| {
                format!(
                    "with --anytime: the playouts MCTS is asked after, rising, each 1 to \
                     {MAX_PLAYOUTS} (default {})",
                    compare::PLAYOUTS.map(|n| n.to_string()).join(",")
                )
            }),
            |o, given| set(&mut o.playouts, playouts(given)?),
        ),
        Row::flag(
            "--raw",
            Text(
                "search boards on the raw tree with only the count shortcut (the \
                 textbook form; default: with every enhancement); may take minutes",
            ),
            |o, _| set(&mut o.raw, true),
        ),
        Row::flag(
            "--value",
            Made(|| {
                format!(
                    "search each board once for its value, not the question (Stockman's \
                     setting); with --raw, claims checked on boards of {} empty squares at most",
                    compare::CLAIM_EMPTY
                )
            }),
            |o, _| set(&mut o.value, true),
        ),
        Row::value(
            "--depth",
            "D",
            Made(|| {
                format!(
                    "the depth-limited setting, depths 1 to D (1 to {MAX_DEPTH}; see USAGE); \
                     with --anytime, alpha-beta's depths (default {})",
                    compare::ANYTIME_DEPTH
                )
            }),
            |o, given| set(&mut o.depth, Some(given.number(1, MAX_DEPTH)?)),
        ),
        Row::value(
            "--eval",
            "NAME",
            Text(
                "with --depth or --anytime: lines, weighted or both (the default; see \
                 'winmove value --help')",
            ),
            |o, given| {
                let evals = given.choice("lines, weighted or both", |name| match name.trim() {
                    "both" => Some(Eval::ALL.to_vec()),
                    one => one.parse().ok().map(|e| vec![e]),
                });
                set(&mut o.evals, evals?)
            },
        ),
        Row::flag(
            "--static-order",
            Text("with --depth: no dynamic move ordering, the tree's own order at every depth"),
            |o, _| set(&mut o.static_order, true),
        ),
        Row::value(
            "--svg",
            "FILE",
            Text("with --trees, --depth or --anytime: also draw the curves as an SVG figure"),
            |o, given| set(&mut o.svg, Some(given.path())),
        ),
        Row::value(
            "--format",
            "FORMAT",
            Text("markdown (the default) or csv (one row per group and backend)"),
            |o, given| {
                let csv = given.choice("markdown or csv", |name| match name {
                    "csv" => Some(true),
                    "markdown" => Some(false),
                    _ => None,
                });
                set(&mut o.csv, csv?)
            },
        ),
        Row::value(
            "--samples",
            "N",
            Made(|| {
                format!(
                    "boards per class, or trees per shape, 1 to {MAX_SAMPLES} (default {SAMPLES}; \
                     on trees of 2^17 leaves or more a quarter of that, from 2^20 a tenth, at least 3)"
                )
            }),
            |o, given| set(&mut o.samples, Some(given.number(1, MAX_SAMPLES)?)),
        ),
        Row::value(
            "--seed",
            "N",
            Made(|| format!("seed of the generators (default {SEED})")),
            |o, given| set(&mut o.seed, Some(given.number(0, u64::MAX)?)),
        ),
        Row::HELP,
    ],
    words: Words::Nothing(" (use --boards FILE)"),
    help,
    run,
};

/// Most boards per class or trees per shape.
const MAX_SAMPLES: usize = 1_000_000;

/// Boards per class or trees per shape, unless `--samples` says.
const SAMPLES: usize = 20;

/// The seed unless `--seed` says.
const SEED: u64 = 1;

/// The deepest `--depth`: a question has at most 16 empty squares.
const MAX_DEPTH: u32 = 16;

/// The most playouts `--playouts` takes.
const MAX_PLAYOUTS: u64 = 100_000_000;

/// The playouts of `--playouts`: numbers separated by commas, rising.
fn playouts(given: super::args::Given) -> Result<Vec<u64>, UsageError> {
    let option = given.option().to_string();
    let text = given.text()?;
    let numbers: Option<Vec<u64>> = text
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .ok()
                .filter(|n| (1..=MAX_PLAYOUTS).contains(n))
        })
        .collect();
    match numbers {
        Some(n) if n.windows(2).all(|w| w[0] < w[1]) => Ok(n),
        _ => Err(UsageError::new(format!(
            "{option} needs whole numbers from 1 to {MAX_PLAYOUTS}, rising, separated by \
             commas, found '{}'",
            text.escape_debug()
        ))),
    }
}

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    format!(
        "winmove compare: every backend's leaves, nodes and own counters, as Markdown or CSV
(leaves: evaluations; nodes: visits; both with repeats and counted alike by every backend,
so their columns compare: see COUNTERS in 'winmove --help')

USAGE:
    winmove compare [OPTIONS]             board classes (the statement's sample, then the
                                          classes of 'winmove generate' but unequal and all)
    winmove compare --boards FILE         the questions in FILE ('-': standard input)
    winmove compare --trees [--svg FILE]  uniform random trees (branching 2 to 8; depth 2 to
                                          20, 13, 12, 10, 9, 8, 8), with the literature's
                                          claims checked tree by tree; takes minutes
    winmove compare --depth D [--eval E]  positions of {} pieces deepened to depths
                [--svg FILE]              1 to D with an evaluation, each depth's moves
                                          ordered by the last depth's best moves (dynamic
                                          move ordering), counts set against aspiration
                                          {}: the setting of Plaat et al. 1996
    winmove compare --anytime [--svg FILE]
                [--playouts N,...] [--depth D]
                                          the classes of 'winmove generate' but unequal
                                          and all: how often the move MCTS plays after N
                                          playouts (MCTS-Solver, and plain UCT; with the
                                          mcts backend), and alpha-beta at depths 1 to D,
                                          keeps the value the tablebase gives (built
                                          first: 21.5 MB, seconds)

Each report says what it measured and how, then gives the table and the literature's claims;
docs/workbench.md describes each setting.

OPTIONS:
{options}",
        listed(
            &compare::PHASES.map(|(_, pieces)| pieces.to_string()),
            "and"
        ),
        compare::BASELINE,
    )
}

impl Options {
    /// Checks the options against each other, and fills in the defaults
    /// of the lists.
    fn check(&mut self) -> Result<(), UsageError> {
        let anytime = self.anytime;
        let depth = self.depth.is_some() && !anytime;
        let trees = self.trees;
        let order = self.order.unwrap_or(ChildOrder::Random);
        let shaped = order != ChildOrder::Random || self.ragged;
        let of_trees = |name| format!("{name} is about boards: it cannot be combined with --trees");
        let not_anytime = |name| format!("{name} is not about the anytime question: drop it");
        forbid(&[
            (anytime && trees, &not_anytime("--trees")),
            (anytime && self.raw, &not_anytime("--raw")),
            (anytime && self.value, &not_anytime("--value")),
            (anytime && self.static_order, &not_anytime("--static-order")),
            (
                !anytime && !self.playouts.is_empty(),
                "--playouts needs --anytime (the other settings play no playouts)",
            ),
            (
                depth && trees,
                "--depth searches boards to a depth limit: it cannot be combined with --trees",
            ),
            (
                depth && self.value,
                "--depth searches each position for its value already: drop --value",
            ),
            (
                !depth && !anytime && !self.evals.is_empty(),
                "--eval needs --depth or --anytime (the other settings score no position)",
            ),
            (
                !depth && self.static_order,
                "--static-order needs --depth (the other settings search once, with no iterations to order)",
            ),
            (trees && self.boards.is_some(), &of_trees("--boards")),
            (trees && self.raw, &of_trees("--raw")),
            (trees && self.value, &of_trees("--value")),
            (
                !trees && !depth && !anytime && self.svg.is_some(),
                "--svg draws the figure of --trees, --depth or --anytime: use it with one of them",
            ),
            (
                !trees && !self.values.is_empty(),
                "--values is about trees: use it with --trees",
            ),
            (
                !trees && shaped,
                "--ordering and --ragged are about trees: use them with --trees",
            ),
            (
                self.svg.is_some() && self.csv,
                "--svg goes with the Markdown report: drop --format csv",
            ),
            (
                self.boards.is_some() && self.samples.is_some(),
                "--samples sets the size of the built-in classes: it cannot be combined with --boards",
            ),
            (
                order != ChildOrder::Random && self.values.iter().any(|&v| v != Values::Wide),
                &format!("--ordering {order} generates wide values: drop --values"),
            ),
        ])?;
        if self.evals.is_empty() {
            self.evals = Eval::ALL.to_vec();
        }
        if self.values.is_empty() {
            self.values = vec![Values::Wide];
        }
        if self.playouts.is_empty() {
            self.playouts = compare::PLAYOUTS.to_vec();
        }
        Ok(())
    }
}

fn run(mut options: Options, io: &mut Io) -> Status {
    options.check()?;
    let o = &options;
    // The figure's file is checked first, so that a bad path fails at
    // once; it is written once complete, after the report.
    let boards = o.boards.clone().map(|name| input_path(Some(name)));
    let svg = match &o.svg {
        Some(path) => Target::all(&[("--svg", path)], boards.as_slice(), io)?.pop(),
        None => None,
    };
    let (samples, seed) = (o.samples.unwrap_or(SAMPLES), o.seed.unwrap_or(SEED));
    let task = if o.value { Task::Value } else { Task::Answer };
    // The boards or positions compared (trees need none).
    let positions = match &o.boards {
        _ if o.trees => Positions {
            sets: Vec::new(),
            source: String::new(),
        },
        Some(name) => {
            let path = input_path(Some(name.clone()));
            let shown = path
                .as_ref()
                .map_or("standard input".to_string(), |p| quoted(p.as_os_str()));
            let boards = read_boards(&path, &shown, io)?;
            let source = format!("{} boards from {shown}", boards.len());
            // The table names the file plainly (a CSV field is quoted as CSV).
            let name = path.as_ref().map_or("standard input".to_string(), |p| {
                p.to_string_lossy().into_owned()
            });
            Positions {
                sets: vec![(name, boards)],
                source,
            }
        }
        None if o.anytime => Positions::generated(seed, samples),
        None if o.depth.is_some() => Positions::phases(seed, samples),
        None => Positions::classes(seed, samples, o.raw, task),
    };
    if o.anytime {
        return anytime(o, &positions, svg, seed, io);
    }
    let (source, raw) = (&positions.source, o.raw);
    let measured = match o.depth {
        _ if o.trees => Measured::Trees {
            samples,
            seed,
            values: &o.values,
            order: o.order.unwrap_or(ChildOrder::Random),
            ragged: o.ragged,
        },
        Some(depth) => Measured::Depths {
            source,
            depth,
            evals: &o.evals,
            raw,
            dynamic: !o.static_order,
        },
        None => Measured::Boards { source, task, raw },
    };
    if raw && io.err_terminal {
        io.note(format_args!(
            "compare: the raw tree is searched without enhancements; this may take minutes"
        ))?;
        io.flush()?;
    }
    let mut progress = Progress::new(io, io.err_terminal);
    let groups = measured.compare(&positions.sets, &mut |done| match done {
        Done::Shapes(done, all) => progress.show(format_args!("compare: {done} of {all} shapes")),
        Done::Started(set, algo) => progress.show(format_args!("compare: {set}, {algo}{:20}", "")),
    });
    progress.end(io)?;
    io.out(measured.report(&groups, o.csv).as_bytes())?;
    io.flush()?;
    if let (Some(target), Some(figure)) = (&svg, measured.figure(&groups)) {
        target.write(io, figure.as_bytes())?;
    }
    io.flush()
}

/// `compare --anytime`: the tablebase built, then every question of
/// `positions` asked of each chooser; the report, then the figure.
fn anytime(
    o: &Options,
    positions: &Positions,
    svg: Option<Target>,
    seed: u64,
    io: &mut Io,
) -> Status {
    let anytime = compare::Anytime {
        playouts: o.playouts.clone(),
        depth: o.depth.unwrap_or(compare::ANYTIME_DEPTH),
        evals: o.evals.clone(),
        seed,
    };
    let mut progress = Progress::new(io, io.err_terminal);
    let on_terminal = io.err_terminal;
    // The builder's threads report; progress is a courtesy, so a failed
    // write is not worth stopping.
    let building = |fraction: f64| {
        if on_terminal {
            let line = format!(
                "\rcompare: building the tablebase, {:.0}%",
                100.0 * fraction
            );
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
        }
    };
    let built = Tablebase::build(verify::threads(None), &building);
    let Ok(table) = built else {
        progress.end(io)?;
        let megabytes = BOARDS.div_ceil(2) as f64 / 1e6;
        return Err(io.fail(format!(
            "out of memory for the tablebase ({megabytes:.1} MB)"
        )));
    };
    let right = |board| verify::keeping_moves(&table, board);
    let groups = compare::compare_anytime(&positions.sets, &anytime, &right, &mut |set, who| {
        progress.show(format_args!("compare: {set}, {who}{:20}", ""))
    });
    progress.end(io)?;
    let report = compare::anytime_report(&groups, &anytime, &positions.source, o.csv);
    io.out(report.as_bytes())?;
    io.flush()?;
    if let Some(target) = &svg {
        target.write(io, compare::anytime_figure(&groups).as_bytes())?;
    }
    io.flush()
}
