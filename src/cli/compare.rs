//! `winmove compare`: what every backend costs, as Markdown or CSV tables.

use super::Help::{Made, Text};
use super::args::quoted;
use super::output::{Failure, Io, Status};
use super::tree::ordering;
use super::{Command, Row, Subcommand, UsageError, Words, input_path, set};
use crate::game::eval::Eval;
use crate::game::random::BoardClass;
use crate::lab::compare::{self, Group, Task};
use crate::protocol::Cases;
use crate::tree::ordered::ChildOrder;
use crate::tree::uniform::{Values, WIDE};
use crate::{Enhancement, Enhancements};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// The options of a run.
struct Options {
    boards: Option<OsString>,
    trees: bool,
    /// Not `--raw`.
    enhanced: bool,
    value: bool,
    svg: Option<PathBuf>,
    samples: Option<usize>,
    seed: u64,
    /// `--values`: empty unless given.
    values: Vec<Values>,
    order: ChildOrder,
    ragged: bool,
    csv: bool,
    /// `--depth`: the depth-limited setting.
    depth: Option<u32>,
    /// `--eval`: empty unless given.
    evals: Vec<Eval>,
    /// `--static-order`: no dynamic move ordering at a depth limit.
    static_order: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            boards: None,
            trees: false,
            enhanced: true,
            value: false,
            svg: None,
            samples: None,
            seed: SEED,
            values: Vec::new(),
            order: ChildOrder::Random,
            ragged: false,
            csv: false,
            depth: None,
            evals: Vec::new(),
            static_order: false,
        }
    }
}

/// The subcommand.
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
            Text(
                "compare on uniform random trees, generated as by 'winmove tree\n\
                 --uniform' (tree numbers 0, 1, ... of each shape)",
            ),
            |o, _| set(&mut o.trees, true),
        ),
        Row::value("--values", "KIND", Made(values_help), |o, given| {
            let values = given.choice("wide, 01 or both", |name| match name {
                "both" => Some(vec![Values::Wide, Values::ZeroOne]),
                _ => Values::from_name(name).map(|v| vec![v]),
            });
            set(&mut o.values, values?)
        }),
        Row::value(
            "--ordering",
            "KIND",
            Text(
                "with --trees: random (the default), best, worst, strong or\n\
                 strong:P:Q, as 'winmove tree --ordering' generates them (see its help)",
            ),
            |o, given| set(&mut o.order, ordering(given)?),
        ),
        Row::flag(
            "--ragged",
            Text(
                "with --trees: random branching, each inner node with 1 to 2B-1\n\
                 children (B on average), as 'winmove tree --uniform 1-HI:D' generates them",
            ),
            |o, _| set(&mut o.ragged, true),
        ),
        Row::flag(
            "--raw",
            Text(
                "search boards on the raw tree with only the count shortcut (the\n\
                 textbook form; default: with every enhancement); may take minutes",
            ),
            |o, _| set(&mut o.enhanced, false),
        ),
        Row::flag("--value", Made(value_help), |o, _| set(&mut o.value, true)),
        Row::value("--depth", "D", Made(depth_help), |o, given| {
            set(&mut o.depth, Some(given.number(1, MAX_DEPTH)?))
        }),
        Row::value(
            "--eval",
            "NAME",
            Text(
                "with --depth: the evaluation at the horizon, lines, weighted or both\n\
                 (the default; see EVALUATIONS in 'winmove value --help')",
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
            Text(
                "with --depth: no dynamic move ordering, every iteration searches the\n\
                 moves in the tree's own order (default: each node's best move at\n\
                 one depth is tried first at the next)",
            ),
            |o, _| set(&mut o.static_order, true),
        ),
        Row::value(
            "--svg",
            "FILE",
            Text(
                "with --trees or --depth: also draw leaves against depth as an SVG\n\
                 figure (relative to alpha-beta on trees, to aspiration negascout at\n\
                 a depth limit)",
            ),
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
        Row::value("--samples", "N", Made(samples_help), |o, given| {
            set(&mut o.samples, Some(given.number(1, MAX_SAMPLES)?))
        }),
        Row::value("--seed", "N", Made(seed_help), |o, given| {
            set(&mut o.seed, given.number(0, u64::MAX)?)
        }),
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

/// The help of `--values`.
fn values_help() -> String {
    format!(
        "with --trees: wide (integers in -{WIDE}..={WIDE}, the default), 01\n\
         (each leaf 0 or 1: Pearl's discrete model) or both"
    )
}

/// The help of `--value`, with the size of the boards the claims are
/// checked on.
fn value_help() -> String {
    format!(
        "search each board once for its value (x to move, window (-inf, inf))\n\
         instead of answering it: the setting of Stockman's theorem; with\n\
         --raw, the literature's claims are checked board by board (on\n\
         boards of at most {} empty squares)",
        compare::CLAIM_EMPTY
    )
}

/// The deepest `--depth`: a question has at most 16 empty squares.
const MAX_DEPTH: u32 = 16;

/// The help of `--depth`.
fn depth_help() -> String {
    let phases: Vec<String> = compare::PHASES
        .iter()
        .map(|(name, pieces)| format!("{name} ({pieces})"))
        .collect();
    format!(
        "the depth-limited setting, the literature's: each position (x to\n\
         move) deepened by every backend under iterative deepening to depths\n\
         1, 2, ..., D (1 to {MAX_DEPTH}), one search of the root per depth, scored\n\
         at the horizon by the evaluation; a group per position set,\n\
         evaluation and depth d, counts summed over the iterations 1 to d, set\n\
         against aspiration {base} (the root's window +-{lines} on lines, +-{weighted}\n\
         on weighted around the last depth's value); MTD(f) starts from the\n\
         last value, the others search the full window. Between iterations, a\n\
         table of each node's best move orders the next depth's moves, the\n\
         stored move first (dynamic move ordering, fresh for each position, no\n\
         history heuristic; hinted and hint-best count how often it was right).\n\
         Positions: the questions of --boards FILE, or sets by pieces on the\n\
         board, as many x as o, {}, --samples\n\
         boards each from --seed (the empty board once). Every value is\n\
         checked against a plain minimax walk of the tree. With --raw, the\n\
         plain depth-limited tree",
        phases.join(", "),
        base = compare::BASELINE,
        lines = compare::aspiration_for(Eval::Lines),
        weighted = compare::aspiration_for(Eval::Weighted),
    )
}

/// The help of `--samples`, with its limits and default.
fn samples_help() -> String {
    format!(
        "boards per class, or trees per shape, 1 to {MAX_SAMPLES} (default {SAMPLES}; on\n\
         trees of 2^17 leaves or more a quarter of that, from 2^20 a tenth,\n\
         but at least 3)"
    )
}

/// The help of `--seed`.
fn seed_help() -> String {
    format!("seed of the generators (default {SEED})")
}

/// Its help.
fn help(options: &str) -> String {
    let mut text = String::from(
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

OPTIONS:
",
    );
    text.push_str(options);
    text
}

impl Options {
    /// Checks the options against each other, and fills in the defaults
    /// of the lists.
    fn check(&mut self) -> Result<(), UsageError> {
        if self.depth.is_some() {
            if self.trees {
                return Err(UsageError::new(
                    "--depth searches boards to a depth limit: it cannot be combined with --trees",
                ));
            }
            if self.value {
                return Err(UsageError::new(
                    "--depth searches each position for its value already: drop --value",
                ));
            }
        } else if !self.evals.is_empty() {
            return Err(UsageError::new(
                "--eval needs --depth (the other settings score no position)",
            ));
        } else if self.static_order {
            return Err(UsageError::new(
                "--static-order needs --depth (the other settings search once, with no iterations to order)",
            ));
        }
        if self.evals.is_empty() {
            self.evals = Eval::ALL.to_vec();
        }
        if self.trees {
            for (given, name) in [
                (self.boards.is_some(), "--boards"),
                (!self.enhanced, "--raw"),
                (self.value, "--value"),
            ] {
                if given {
                    return Err(UsageError::new(format!(
                        "{name} is about boards: it cannot be combined with --trees"
                    )));
                }
            }
        } else {
            if self.svg.is_some() && self.depth.is_none() {
                return Err(UsageError::new(
                    "--svg draws the figure of --trees or --depth: use it with one of them",
                ));
            }
            if !self.values.is_empty() {
                return Err(UsageError::new(
                    "--values is about trees: use it with --trees",
                ));
            }
            if self.order != ChildOrder::Random || self.ragged {
                return Err(UsageError::new(
                    "--ordering and --ragged are about trees: use them with --trees",
                ));
            }
        }
        if self.svg.is_some() && self.csv {
            return Err(UsageError::new(
                "--svg goes with the Markdown report: drop --format csv",
            ));
        }
        if self.boards.is_some() && self.samples.is_some() {
            return Err(UsageError::new(
                "--samples sets the size of the built-in classes: it cannot be combined with --boards",
            ));
        }
        if self.values.is_empty() {
            self.values = vec![Values::Wide];
        }
        if self.order != ChildOrder::Random && self.values != [Values::Wide] {
            return Err(UsageError::new(format!(
                "--ordering {} generates wide values: drop --values",
                self.order
            )));
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

/// `winmove compare --trees`: the report, and the groups for the figure.
fn trees(options: &Options, io: &mut Io) -> Result<(String, Vec<Group>), Failure> {
    let samples = options.samples.unwrap_or(SAMPLES);
    let shapes: Vec<_> = options
        .values
        .iter()
        .flat_map(|&v| compare::tree_grid(v))
        .map(|shape| compare::Shape {
            order: options.order,
            ragged: options.ragged,
            ..shape
        })
        .collect();
    let algos = compare::built_algos();
    let terminal = io.err_terminal;
    let mut err = io.err.clone();
    let groups =
        compare::compare_trees(&shapes, samples, options.seed, &algos, &mut |done, all| {
            if terminal {
                // Progress is a courtesy: a failed write is noticed at the end.
                let _ = write!(err, "\rcompare: {done} of {all} shapes");
                let _ = err.flush();
            }
        });
    if terminal {
        io.note(format_args!(""))?;
    }
    let values: Vec<&str> = options.values.iter().map(|v| v.name()).collect();
    let what = format!(
        "Uniform trees as `winmove tree --uniform B:D --seed {}` draws them (tree numbers 0, 1, ...), leaves {}: {samples} trees per shape, fewer on big trees (the cases column says how many: a quarter from 2^17 leaves, a tenth from 2^20); minimax only up to {} leaves; the claims are checked tree by tree on trees of at most {} leaves. Every backend searches the root with the window that rules nothing out; s.e. is the standard error of the mean.",
        options.seed,
        values.join(" and "),
        compare::MINIMAX_LEAVES,
        compare::CLAIM_LEAVES
    );
    let mut what = what;
    if options.order != ChildOrder::Random || options.ragged {
        what.push_str(&format!(
            " Generated instead as `winmove tree --uniform {}:D --ordering {}` draws them{}.",
            if options.ragged { "1-(2B-1)" } else { "B" },
            options.order,
            if options.ragged {
                " (random branching: the b column is the mean, Knuth and Moore's count does not apply)"
            } else {
                ""
            }
        ));
    }
    Ok((
        report(options, "Uniform random trees", &what, &groups),
        groups,
    ))
}

/// `winmove compare`.
fn run(mut options: Options, io: &mut Io) -> Status {
    options.check()?;
    // The figure's file is checked first, so that a bad path fails at
    // once; it is written once complete, after the report.
    let svg = match &options.svg {
        Some(path) => Some(super::tree::Target::new(path).map_err(|e| io.fail(e))?),
        None => None,
    };
    if options.trees {
        let (report, groups) = trees(&options, io)?;
        io.out(report.as_bytes())?;
        io.flush()?;
        if let Some(target) = &svg {
            let figure = compare::figure(&groups);
            target
                .write(io, figure.as_bytes())
                .map_err(|e| io.fail(e))?;
        }
        return io.flush();
    }
    let enhancements = if options.enhanced {
        Enhancements::ALL
    } else {
        Enhancements::NONE.with(Enhancement::Shortcut)
    };
    let samples = options.samples.unwrap_or(SAMPLES);
    let mut classes = Vec::new();
    let source = match &options.boards {
        Some(name) => {
            let path = input_path(Some(name.clone()));
            let shown = path
                .as_ref()
                .map_or("standard input".to_string(), |p| quoted(p.as_os_str()));
            let input = super::open(&path, io)?;
            let mut boards = Vec::new();
            for case in Cases::new(input) {
                let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
                boards.push(case.board);
            }
            let header = format!("{} boards from {shown}", boards.len());
            // The table names the file plainly (a CSV field is quoted as CSV).
            let name = path.as_ref().map_or("standard input".to_string(), |p| {
                p.to_string_lossy().into_owned()
            });
            classes.push((name, boards));
            header
        }
        None if options.depth.is_some() => {
            classes = compare::depth_classes(options.seed, samples);
            let names: Vec<&str> = compare::PHASES.iter().map(|(name, _)| *name).collect();
            format!(
                "{samples} positions per set ({}: as many x as o, the empty board once), seed {}",
                names.join(", "),
                options.seed
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
                if !options.enhanced && sparse {
                    skipped.push(class.name());
                    continue;
                }
                classes.push((
                    class.name().to_string(),
                    class.boards(options.seed, samples),
                ));
            }
            let mut header = format!("{samples} boards per class, seed {}", options.seed);
            if !skipped.is_empty() {
                header.push_str(&format!(
                    " (left out, out of the raw tree's reach: {})",
                    skipped.join(", ")
                ));
            }
            header
        }
    };
    if !options.enhanced && io.err_terminal {
        io.note(format_args!(
            "compare: the raw tree is searched without enhancements; this may take minutes"
        ))?;
        io.flush()?;
    }
    if let Some(depth) = options.depth {
        let limited = depth_limited(&options, depth, &classes, enhancements, &source, io)?;
        if let Some(target) = &svg {
            let figure = compare::depth_figure(&limited, !options.static_order);
            target
                .write(io, figure.as_bytes())
                .map_err(|e| io.fail(e))?;
        }
        return io.flush();
    }
    let task = if options.value {
        Task::Value
    } else {
        Task::Answer
    };
    let algos = compare::built_algos();
    let terminal = io.err_terminal;
    let mut err = io.err.clone();
    let groups =
        compare::compare_boards(&classes, enhancements, &algos, task, &mut |class, algo| {
            if terminal {
                // Progress is a courtesy: a failed write is noticed at the end.
                let _ = write!(err, "\rcompare: {class}, {algo}{:20}", "");
                let _ = err.flush();
            }
        });
    if terminal {
        io.note(format_args!(""))?;
    }
    let heading = format!(
        "Boards, {}, {}",
        if options.value {
            "one value search per board"
        } else {
            "answering the question"
        },
        if options.enhanced {
            "with every enhancement"
        } else {
            "on the raw tree (the textbook search with the proven count shortcut)"
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
    let text = report(&options, &heading, &what, &groups);
    io.out(text.as_bytes())?;
    io.flush()
}

/// `winmove compare --depth D`: every backend deepening every position of
/// `classes`, and its report; the groups, for the figure.
fn depth_limited(
    options: &Options,
    depth: u32,
    classes: &[(String, Vec<crate::Board>)],
    enhancements: Enhancements,
    source: &str,
    io: &mut Io,
) -> Result<Vec<Group>, Failure> {
    let algos = compare::built_algos();
    let terminal = io.err_terminal;
    let mut err = io.err.clone();
    let groups = compare::compare_depths(
        classes,
        &options.evals,
        depth,
        enhancements,
        !options.static_order,
        &algos,
        &mut |class, algo| {
            if terminal {
                // Progress is a courtesy: a failed write is noticed at the end.
                let _ = write!(err, "\rcompare: {class}, {algo}{:20}", "");
                let _ = err.flush();
            }
        },
    );
    if terminal {
        io.note(format_args!(""))?;
    }
    let evals: Vec<&str> = options.evals.iter().map(|e| e.name()).collect();
    let heading = format!(
        "Boards to a depth limit, iterative deepening, {}",
        if options.enhanced {
            "with every enhancement that holds there"
        } else {
            "on the plain depth-limited tree"
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
    io.out(text.as_bytes())?;
    io.flush()?;
    Ok(groups)
}
