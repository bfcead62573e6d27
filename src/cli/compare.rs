//! `winmove compare`: what every backend costs, as Markdown or CSV tables.

use super::args::UsageError;
use super::command::{Command, Subcommand, Words};
use super::output::{Failure, Io, Progress, Status, Target, input_path, read_boards};
use super::table::Help::{Made, Text};
use super::table::{Row, forbid, listed, paragraph, set};
use super::tree::ordering;
use crate::game::eval::Eval;
use crate::game::random::BoardClass;
use crate::lab::compare::{self, Group, Task};
use crate::protocol::Cases;
use crate::protocol::words::quoted;
use crate::tree::board::{Enhancement, Enhancements};
use crate::tree::ordered::ChildOrder;
use crate::tree::uniform::Values;
use std::ffi::OsString;
use std::path::PathBuf;

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
                    "the depth-limited setting, depths 1 to D (1 to {MAX_DEPTH}): see DEPTH LIMIT"
                )
            }),
            |o, given| set(&mut o.depth, Some(given.number(1, MAX_DEPTH)?)),
        ),
        Row::value(
            "--eval",
            "NAME",
            Text("with --depth: lines, weighted or both (the default; see 'winmove value --help')"),
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
            Text("with --trees or --depth: also draw leaves against depth as an SVG figure"),
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

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    let phases: Vec<String> = (compare::PHASES.iter())
        .map(|(name, pieces)| format!("{name} ({pieces})"))
        .collect();
    let phases = listed(&phases, "and");
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
    winmove compare --depth D [--eval E]  positions searched to depths 1 to D with an
                [--svg FILE]              evaluation, by iterative deepening, each depth's
                                          moves ordered by the last depth's best moves
                                          (the setting of Plaat et al. 1996)

Each report says what it measured and how, then gives the table and the literature's claims.

DEPTH LIMIT (--depth D):
{}
OPTIONS:
{options}",
        paragraph(&format!(
            "The literature's setting. Positions, x to move: the questions of --boards FILE, or \
             else --samples boards from --seed with as many x as o for each of {phases} pieces \
             (the empty board once). Every backend deepens each to depths 1 to D, one search of \
             the root per depth, scored at the horizon by the evaluation; a table of each node's \
             best move orders the next depth's moves (dynamic move ordering). Counts are summed \
             over the depths and set against aspiration {}; every value is checked against a \
             plain minimax walk of the tree. With --raw, the plain depth-limited tree.",
            compare::BASELINE
        )),
    )
}

impl Options {
    /// Checks the options against each other, and fills in the defaults
    /// of the lists.
    fn check(&mut self) -> Result<(), UsageError> {
        let depth = self.depth.is_some();
        let trees = self.trees;
        let order = self.order.unwrap_or(ChildOrder::Random);
        let shaped = order != ChildOrder::Random || self.ragged;
        let of_trees = |name| format!("{name} is about boards: it cannot be combined with --trees");
        forbid(&[
            (
                depth && trees,
                "--depth searches boards to a depth limit: it cannot be combined with --trees",
            ),
            (
                depth && self.value,
                "--depth searches each position for its value already: drop --value",
            ),
            (
                !depth && !self.evals.is_empty(),
                "--eval needs --depth (the other settings score no position)",
            ),
            (
                !depth && self.static_order,
                "--static-order needs --depth (the other settings search once, with no iterations to order)",
            ),
            (trees && self.boards.is_some(), &of_trees("--boards")),
            (trees && self.raw, &of_trees("--raw")),
            (trees && self.value, &of_trees("--value")),
            (
                !trees && !depth && self.svg.is_some(),
                "--svg draws the figure of --trees or --depth: use it with one of them",
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
        Ok(())
    }
}

/// What the efficiency column means.
const EFFICIENCY: &str = "The efficiency is a backend's mean leaves over the mean leaves of the cases' minimal trees: the fewest leaves that prove each result (a question: the moves before the answer not wins, the answer a win; a value: the value), `-` where that is none; the minimal tree counts transposed positions again, so a backend with a table may go below 1.";

/// The report: a heading, what was measured, the table, the claims.
fn report(options: &Options, heading: &str, what: &str, groups: &[Group]) -> String {
    if options.csv {
        return compare::csv(groups);
    }
    let mut text = format!("## {heading}\n\n{what} {EFFICIENCY}\n\n");
    text.push_str(&compare::markdown(groups));
    if options.trees {
        text.push_str("\n### What the literature states\n\n");
        text.push_str(&compare::literature(groups));
    } else {
        let claims = compare::claims_text(groups);
        if !claims.is_empty() {
            text.push_str("\n### What the literature states\n\n");
            text.push_str(&claims);
        }
    }
    text
}

/// `winmove compare --trees`: the report, and the figure.
fn trees(options: &Options, io: &mut Io) -> Result<(String, String), Failure> {
    let samples = options.samples.unwrap_or(SAMPLES);
    let seed = options.seed.unwrap_or(SEED);
    let order = options.order.unwrap_or(ChildOrder::Random);
    let shapes: Vec<_> = options
        .values
        .iter()
        .flat_map(|&v| compare::tree_grid(v))
        .map(|shape| compare::Shape {
            order,
            ragged: options.ragged,
            ..shape
        })
        .collect();
    let algos = compare::built_algos();
    let mut progress = Progress::new(io, io.err_terminal);
    let groups = compare::compare_trees(&shapes, samples, seed, &algos, &mut |done, all| {
        progress.show(format_args!("compare: {done} of {all} shapes"))
    });
    progress.end(io)?;
    let values: Vec<&str> = options.values.iter().map(|v| v.name()).collect();
    let what = format!(
        "Uniform trees as `winmove tree --uniform B:D --seed {}` draws them (tree numbers 0, 1, ...), leaves {}: {samples} trees per shape, fewer on big trees (the cases column says how many: a quarter from 2^17 leaves, a tenth from 2^20); minimax only up to {} leaves; the claims are checked tree by tree on trees of at most {} leaves. Every backend searches the root with the window that rules nothing out; s.e. is the standard error of the mean.",
        seed,
        values.join(" and "),
        compare::MINIMAX_LEAVES,
        compare::CLAIM_LEAVES
    );
    let mut what = what;
    if order != ChildOrder::Random || options.ragged {
        what.push_str(&format!(
            " Generated instead as `winmove tree --uniform {}:D --ordering {}` draws them{}.",
            if options.ragged { "1-(2B-1)" } else { "B" },
            order,
            if options.ragged {
                " (random branching: the b column is the mean, Knuth and Moore's count does not apply)"
            } else {
                ""
            }
        ));
    }
    let text = report(options, "Uniform random trees", &what, &groups);
    Ok((text, compare::figure(&groups)))
}

fn run(mut options: Options, io: &mut Io) -> Status {
    options.check()?;
    // The figure's file is checked first, so that a bad path fails at
    // once; it is written once complete, after the report.
    let svg = match &options.svg {
        Some(path) => Some(Target::new(path, io)?),
        None => None,
    };
    let (text, figure) = if options.trees {
        let (text, figure) = trees(&options, io)?;
        (text, Some(figure))
    } else {
        boards(&options, io)?
    };
    io.out(text.as_bytes())?;
    io.flush()?;
    if let (Some(target), Some(figure)) = (&svg, figure) {
        target.write(io, figure.as_bytes())?;
    }
    io.flush()
}

/// `winmove compare` on boards, answering them or searching them for
/// their value or to a depth limit: the report, and the figure of the
/// depth-limited setting.
fn boards(options: &Options, io: &mut Io) -> Result<(String, Option<String>), Failure> {
    let enhancements = match options.raw {
        false => Enhancements::DEFAULT,
        true => Enhancements::NONE.with(Enhancement::Shortcut),
    };
    let (samples, seed) = (
        options.samples.unwrap_or(SAMPLES),
        options.seed.unwrap_or(SEED),
    );
    let mut classes = Vec::new();
    let source = match &options.boards {
        Some(name) => {
            let path = input_path(Some(name.clone()));
            let shown = path
                .as_ref()
                .map_or("standard input".to_string(), |p| quoted(p.as_os_str()));
            let boards = read_boards(&path, &shown, io)?;
            let header = format!("{} boards from {shown}", boards.len());
            // The table names the file plainly (a CSV field is quoted as CSV).
            let name = path.as_ref().map_or("standard input".to_string(), |p| {
                p.to_string_lossy().into_owned()
            });
            classes.push((name, boards));
            header
        }
        None if options.depth.is_some() => {
            classes = compare::depth_classes(seed, samples);
            let names: Vec<&str> = compare::PHASES.iter().map(|(name, _)| *name).collect();
            format!(
                "{samples} positions per set ({}: as many x as o, the empty board once), seed {}",
                names.join(", "),
                seed
            )
        }
        None => {
            let sample = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
            let boards = Cases::new(sample.as_bytes())
                .filter_map(Result::ok)
                .map(|c| c.board)
                .collect();
            classes.push(("statement".to_string(), boards));
            let mut skipped = Vec::new();
            for class in BoardClass::ALL {
                // The raw tree of 11 to 16 empty squares is out of reach;
                // so is a value search of it (the count shortcut answers
                // questions, not values).
                let sparse = class == BoardClass::SparseUnequal
                    || (options.value && matches!(class, BoardClass::Sparse | BoardClass::Judge));
                if options.raw && sparse {
                    skipped.push(class.name());
                    continue;
                }
                classes.push((class.name().to_string(), class.boards(seed, samples)));
            }
            let mut header = format!("{samples} boards per class, seed {}", seed);
            if !skipped.is_empty() {
                header.push_str(&format!(
                    " (left out, out of the raw tree's reach: {})",
                    skipped.join(", ")
                ));
            }
            header
        }
    };
    if options.raw && io.err_terminal {
        io.note(format_args!(
            "compare: the raw tree is searched without enhancements; this may take minutes"
        ))?;
        io.flush()?;
    }
    if let Some(depth) = options.depth {
        let (text, figure) = depth_limited(options, depth, &classes, enhancements, &source, io)?;
        return Ok((text, Some(figure)));
    }
    let task = if options.value {
        Task::Value
    } else {
        Task::Answer
    };
    let algos = compare::built_algos();
    let mut progress = Progress::new(io, io.err_terminal);
    let groups =
        compare::compare_boards(&classes, enhancements, &algos, task, &mut |class, algo| {
            progress.show(format_args!("compare: {class}, {algo}{:20}", ""))
        });
    progress.end(io)?;
    let heading = format!(
        "Boards, {}, {}",
        if options.value {
            "one value search per board"
        } else {
            "answering the question"
        },
        match options.raw {
            false => "with every enhancement",
            true => "on the raw tree (the textbook search with the proven count shortcut)",
        }
    );
    let what = format!(
        "{source}; {}.",
        if options.value {
            "counts per board: one search of the board, x to move, window (-inf, inf)"
        } else {
            "counts per question, summed over the searches of x's moves"
        }
    );
    Ok((report(options, &heading, &what, &groups), None))
}

/// `winmove compare --depth D`: every backend deepening every position of
/// `classes`: the report, and the figure.
fn depth_limited(
    options: &Options,
    depth: u32,
    classes: &[(String, Vec<crate::game::board::Board>)],
    enhancements: Enhancements,
    source: &str,
    io: &mut Io,
) -> Result<(String, String), Failure> {
    let algos = compare::built_algos();
    let dynamic = !options.static_order;
    let mut progress = Progress::new(io, io.err_terminal);
    let groups = compare::compare_depths(
        classes,
        &options.evals,
        depth,
        enhancements,
        dynamic,
        &algos,
        &mut |class, algo| progress.show(format_args!("compare: {class}, {algo}{:20}", "")),
    );
    progress.end(io)?;
    let evals: Vec<&str> = options.evals.iter().map(|e| e.name()).collect();
    let heading = format!(
        "Boards to a depth limit, iterative deepening, {}",
        match options.raw {
            false => "with every enhancement that holds there",
            true => "on the plain depth-limited tree",
        }
    );
    let what = format!(
        "{source}. Each position (x to move) deepened by every backend to depths 1 to {depth}, one search of the root per depth, scored at the horizon by {} (`winmove value --help`); a group per position set, evaluation and depth d, its counts per position summed over the iterations 1 to d; a fresh backend per position, its table kept across the iterations{order}. {base} is aspiration {base} (the root's window ±{} on lines, ±{} on weighted around the last depth's value, widened on failure), the baseline of the ratios; MTD(f) starts from the last depth's value; the other backends search the full window. Passes per iteration: an MT driver's passes over d. The minimal tree of a case is the sum of each depth's (the fewest leaves proving each iteration's value). Every backend's value at every depth was checked against a plain minimax walk of the tree.",
        evals.join(" and "),
        compare::aspiration_for(Eval::Lines),
        compare::aspiration_for(Eval::Weighted),
        base = compare::BASELINE,
        order = if options.static_order {
            ", the moves in the tree's own order at every iteration (`--static-order`: no dynamic move ordering)"
        } else {
            ", and a fresh table of each node's best move, tried first at the next iteration (dynamic move ordering, without the history heuristic; hinted: nodes with a stored move when their best was found, hint-best: those whose stored move was the best again)"
        },
    );
    let mut text = report(options, &heading, &what, &groups);
    if !options.csv {
        text.push_str("\n### Beside Plaat, Schaeffer, Pijls and de Bruin (1996)\n\n");
        text.push_str(&format!(
            "The spread is (most − fewest) / fewest mean leaves over {}, the backends they compared in real programs.\n\n",
            compare::SPREAD_OVER.map(|a| a.name()).join(", ")
        ));
        text.push_str(&compare::depth_literature(&groups));
    }
    Ok((text, compare::depth_figure(&groups, dynamic)))
}
