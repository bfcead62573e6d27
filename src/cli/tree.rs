//! `winmove tree [OPTIONS] [FILE]`: the minimax value of game trees, written
//! in bracket notation or generated (`--uniform`).

use super::Help::{Made, Text};
use super::args::{Given, quoted};
use super::output::{Failure, Io, Status};
use super::search_options::{SearchOptions, algorithms_help, counters_help};
use super::searcher::{Backends, Member};
use super::{Command, Row, Subcommand, UsageError, Words, input_path, open, set};
use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use crate::lab::draw::draw_searches;
use crate::lab::svg::tree::{EdgeLabels, MAX_LEAVES, MAX_LEVELS, MAX_TREES, check_size};
use crate::protocol::Cases;
use crate::search::Algo;
use crate::search::minimal::{minimal_tree, no_key};
use crate::search::pv::principal_variation;
use crate::tree::Expansion;
use crate::tree::GameTree;
use crate::tree::board::{BoardNode, BoardTree, Enhancements, Position};
use crate::tree::ordered::{ChildOrder, Generated, OrderedTree, SPREAD};
use crate::tree::recording::dewey;
use crate::tree::uniform::{UniformTree, Values, WIDE};
use crate::tree::value::{Shown, Window};
use crate::tree::written::{ExplicitTree, TreeBuilder, TreeReader};
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options as given.
#[derive(Default)]
struct Options {
    search: SearchOptions,
    input: Option<OsString>,
    uniform: Option<((u32, u32), u32)>,
    order: Option<ChildOrder>,
    count: Option<u64>,
    seed: Option<u64>,
    values: Option<Values>,
    pv: bool,
    draw: Option<PathBuf>,
    html: Option<PathBuf>,
    board: bool,
}

/// The subcommand.
pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "tree",
    summary: "the minimax value of game trees, written out or generated",
    options: &[
        Row::value(
            "--uniform",
            "B:D",
            Text(
                "search generated uniform trees instead: every inner node has B children,\n\
                 every leaf is at depth D (at most 2000); a leaf's value comes from a\n\
                 hash of (seed, tree number, its place), so no tree is ever held in\n\
                 memory; B may be a range LO-HI: each inner node has LO to HI children\n\
                 (random branching, drawn from a hash of the seed and the node's path)",
            ),
            |o, given| set(&mut o.uniform, Some(shape(&given.text()?)?)),
        ),
        Row::value("--ordering", "KIND", Made(ordering_help), |o, given| {
            set(&mut o.order, Some(ordering(given)?))
        }),
        Row::value("--count", "N", Made(count_help), |o, given| {
            set(&mut o.count, Some(given.number(1, MAX_COUNT)?))
        }),
        Row::value("--seed", "S", Made(seed_help), |o, given| {
            set(&mut o.seed, Some(given.number(0, u64::MAX)?))
        }),
        Row::value("--values", "KIND", Made(values_help), |o, given| {
            set(
                &mut o.values,
                Some(given.choice("wide or 01", Values::from_name)?),
            )
        }),
        Row::flag(
            "--pv",
            Text(
                "after each value, the principal variation: the Dewey path of the best\n\
                 line (at each node the first child, in search order, with its value)",
            ),
            |o, _| set(&mut o.pv, true),
        ),
        Row::value("--draw", "FILE", Made(draw_help), |o, given| {
            set(&mut o.draw, Some(given.path()))
        }),
        Row::value("--html", "FILE", Made(html_help), |o, given| {
            set(&mut o.html, Some(given.path()))
        }),
        Row::flag("--board", Made(board_help), |o, _| set(&mut o.board, true)),
        Row::Search(|o| &mut o.search),
        Row::HELP,
    ],
    words: Words::File(|o| &mut o.input),
    help,
    run,
};

/// The ordering `given` names (`--ordering`, here and in `winmove compare`).
pub fn ordering(given: Given) -> Result<ChildOrder, UsageError> {
    given.choice(
        "random, best, worst, strong or strong:P:Q (0 <= P <= Q <= 100)",
        ChildOrder::parse,
    )
}

/// Most trees `--count` asks for.
const MAX_COUNT: u64 = 1 << 40;

/// Trees generated unless `--count` says.
const COUNT: u64 = 1;

/// The seed unless `--seed` says.
const SEED: u64 = 1;

/// The help of `--count`.
fn count_help() -> String {
    format!("with --uniform: how many trees (default {COUNT})")
}

/// The help of `--seed`.
fn seed_help() -> String {
    format!("with --uniform: the seed (default {SEED})")
}

/// The help of `--values`.
fn values_help() -> String {
    format!(
        "with --uniform: wide (integers uniform in -{WIDE}..={WIDE}, the\n\
         default) or 01 (each leaf 0 or 1: Pearl's discrete model)"
    )
}

/// The help of `--ordering`, with the strong ordering's defaults.
fn ordering_help() -> String {
    let ChildOrder::Strong { first, quarter } = ChildOrder::STRONG else {
        unreachable!("STRONG is strong")
    };
    format!(
        "with --uniform: where each node's best child stands. random (the\n\
         default: leaves drawn independently), best (always first: with a\n\
         fixed B, alpha-beta evaluates exactly the minimal tree), worst\n\
         (always last, the others from worst to best), strong (first at\n\
         {first}% of the nodes, among the first quarter of the children, rounded\n\
         up, at {quarter}%: Marsland and Campbell's strongly ordered trees) or\n\
         strong:P:Q (P% and Q%). Generated top down, so the ordering is exact:\n\
         a node's value is drawn from its parent's, the best child's equal to\n\
         it, the others' worse by 1 to {spread} (when worst-ordered, by more at\n\
         every place further from the best); wide values only",
        spread = SPREAD
    )
}

/// The help of `--draw`, with the drawing's limits.
fn draw_help() -> String {
    format!(
        "also draw the first {MAX_TREES} trees as SVG in FILE, once per backend of --algo\n\
         (a comma-separated list here; default alphabeta, scout, sss,\n\
         negascout, mt-sss, those built): nodes with their minimax values\n\
         (MAX squares, MIN circles), leaves numbered in the order the backend\n\
         evaluated them, the subtrees it never reached in grey, above each\n\
         inner node the window the backend last entered it with, each edge\n\
         a cut skipped barred, with the cut's condition; trees of at most\n\
         {MAX_LEAVES} leaves and {MAX_LEVELS} levels"
    )
}

/// The help of `--html`.
fn html_help() -> String {
    format!(
        "also write FILE, one web page that needs nothing else (no network),\n\
         stepping through each backend of --algo (default every backend built)\n\
         on the first {MAX_TREES} trees, one panel each, one at a time or side by\n\
         side: each step one line of --trace, its node highlighted, windows,\n\
         values, cuts and leaves numbered as evaluated on the drawing, and what\n\
         the backend keeps (SSS*'s OPEN, SCOUT's TEST and EVAL, NegaScout's\n\
         re-searches, the MT drivers' passes, the proof-number searches' numbers\n\
         and pns's most-proving path or dfpn's calls with their thresholds).\n\
         FILE#algo=sss&step=17 opens at a step (tree=N for the N-th tree).\n\
         Same limits as --draw; '-' writes standard output"
    )
}

/// Most empty squares of a board `--board` takes: its whole game tree is
/// written out, at most 6! = 720 leaves.
const MAX_BOARD_EMPTY: u32 = 6;

/// The help of `--board`.
fn board_help() -> String {
    format!(
        "the input holds the judge's questions instead of trees: each board's\n\
         whole game tree (x to move, MAX; no enhancement; a win for x inf,\n\
         for o -inf, a draw 0), for boards of at most {MAX_BOARD_EMPTY} empty squares;\n\
         --draw and --html picture it when it fits their limits, with the\n\
         square of each move on its edge"
    )
}

/// Its help.
fn help(options: &str) -> String {
    let mut text = String::from(
        "winmove tree: the minimax value of each game tree, one per line

USAGE:
    winmove tree [OPTIONS] [FILE]                 trees written in FILE (default: standard input)
    winmove tree --uniform B:D [--count N] [--seed S] [--values wide|01] [OPTIONS]
                                                  uniform random trees, never held in memory
    winmove tree --uniform B:D|LO-HI:D --ordering best|worst|strong[:P:Q] [OPTIONS]
                                                  trees of known ordering, or random branching
    winmove tree --board [OPTIONS] [FILE]         the game trees of nearly full boards

TREES:
    One tree per non-blank line in bracket notation: a leaf is an integer, 'inf' or '-inf';
    an inner node is [c1,c2,...]; spaces and tabs may go anywhere between tokens. The root
    is a MAX node and levels alternate. A malformed tree stops the run with a message naming
    the line and column, after the values of the earlier trees, and exit status 1. A tree is
    read as a stream and stored in 8 bytes a node, at most 2^25 = 33554432 nodes a tree; a
    byte that is not text, or memory that cannot be had for a tree, stops the run at once.
    Limits: leaf values lie strictly between -2^30 and 2^30 (-1073741824 and 1073741824),
    'inf' and '-inf' aside; a tree has at most 2000 levels below the root, written or
    --uniform (searches recurse once a level): a deeper written tree is malformed (exit
    status 1), a deeper --uniform a usage error (exit status 2).

OPTIONS:
",
    );
    text.push_str(options);
    text.push_str(&algorithms_help());
    text.push_str(&counters_help());
    text
}

/// Where the trees come from.
enum Source {
    /// Written trees, from a file or standard input.
    Written(Option<PathBuf>),
    /// The game trees of the judge's questions, from a file or standard
    /// input (`--board`).
    Boards(Option<PathBuf>),
    /// `--uniform`.
    Uniform {
        branching: (u32, u32),
        order: ChildOrder,
        depth: u32,
        count: u64,
        seed: u64,
        values: Values,
    },
}

/// The backends `--draw` shows unless `--algo` names them.
const DRAWN: [Algo; 5] = [
    Algo::AlphaBeta,
    Algo::Scout,
    Algo::Sss,
    Algo::NegaScout,
    Algo::MtSss,
];

/// Parses `B:D`, B a number or a range `LO-HI`.
fn shape(text: &str) -> Result<((u32, u32), u32), UsageError> {
    let bad = || {
        UsageError::new(format!(
            "--uniform needs BRANCHING:DEPTH, such as 4:8, found '{}'",
            text.escape_debug()
        ))
    };
    let (b, d) = text.split_once(':').ok_or_else(bad)?;
    let number = |n: &str| n.trim().parse().map_err(|_| bad());
    let (fewest, most) = match b.split_once('-') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => (number(b)?, number(b)?),
    };
    let d = number(d)?;
    let checked = if fewest == most {
        UniformTree::check_shape(fewest, d).map_err(|e| e.to_string())
    } else {
        OrderedTree::new((fewest, most), d, ChildOrder::Random, Values::Wide, 0, 0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    checked.map_err(|e| UsageError::new(format!("--uniform {text}: {e}")))?;
    Ok(((fewest, most), d))
}

impl Options {
    /// Where the trees come from, checked against the other options.
    fn source(&mut self) -> Result<Source, UsageError> {
        let Some((branching, depth)) = self.uniform else {
            for (given, name) in [
                (self.count.is_some(), "--count"),
                (self.seed.is_some(), "--seed"),
                (self.values.is_some(), "--values"),
                (self.order.is_some(), "--ordering"),
            ] {
                if given {
                    return Err(UsageError::new(format!(
                        "{name} is about generated trees: use it with --uniform B:D"
                    )));
                }
            }
            let input = input_path(self.input.take());
            return Ok(if self.board {
                Source::Boards(input)
            } else {
                Source::Written(input)
            });
        };
        if let Some(path) = &self.input {
            return Err(UsageError::new(format!(
                "--uniform generates the trees: it takes no file, found {}",
                quoted(path)
            )));
        }
        if self.board {
            return Err(UsageError::new(
                "--board reads boards and --uniform generates trees: use one of them",
            ));
        }
        if self.draw.is_some() || self.html.is_some() {
            drawable_shape(branching.1, depth)?;
        }
        let order = self.order.unwrap_or(ChildOrder::Random);
        let values = self.values.unwrap_or(Values::Wide);
        if order != ChildOrder::Random && values != Values::Wide {
            return Err(UsageError::new(format!(
                "--ordering {order} generates wide values: drop --values {}",
                values.name()
            )));
        }
        Ok(Source::Uniform {
            branching,
            order,
            depth,
            count: self.count.unwrap_or(COUNT),
            seed: self.seed.unwrap_or(SEED),
            values,
        })
    }
}

/// Searches one tree with each backend in turn and writes its value (and
/// line) once, each backend's report.
fn one_tree<T: GameTree>(
    backends: &mut Backends<T>,
    options: &Options,
    io: &mut Io,
    number: usize,
    tree: T,
    root: T::Node,
) -> Status {
    let mut tree = Some(tree);
    // The minimal tree, worked out once for every backend's report.
    let mut minimal = None;
    for (k, member) in backends.each.iter_mut().enumerate() {
        if options.search.trace {
            let _ = writeln!(io.err, "# {}", member.label(number));
        }
        let Member {
            searcher, report, ..
        } = member;
        let given = tree.take().expect("the tree comes back after each search");
        report.start(number);
        let leaves = report.leaves(None);
        let (value, back) = searcher.search(given, root, Window::FULL, leaves);
        if k == 0 {
            if options.pv {
                let line = principal_variation(&back, root, value);
                io.out_fmt(format_args!("{} {}\n", Shown(value), dewey(&line)))?;
            } else {
                io.out_fmt(format_args!("{}\n", Shown(value)))?;
            }
        }
        let result = format!("value={}", Shown(value));
        if report.stats() {
            let leaves = *minimal.get_or_insert_with(|| minimal_tree(&back, root, no_key).0);
            report.set_minimal(leaves);
        }
        tree = Some(back);
        report.case(io, number, searcher.backend(), &result)?;
    }
    io.case_done()
}

/// Searches the generated trees `make(0..count)` with each backend,
/// picturing the first ones if asked.
fn generated<T: Generated>(
    options: &Options,
    io: &mut Io,
    pictured: [&mut Option<Pictured>; 2],
    count: u64,
    make: impl Fn(u64) -> T,
) -> Status {
    let mut backends = Backends::<T>::new(&options.search, io)?;
    let [drawing, page] = pictured;
    for number in 0..count {
        let tree = make(number);
        let root = tree.root_node();
        let title = format!("tree {}", number + 1);
        for pictured in [&mut *drawing, &mut *page].into_iter().flatten() {
            if pictured.wants_more() {
                pictured.trees.push((title.clone(), written(&tree, root)));
                pictured.labels.push(EdgeLabels::new());
            }
        }
        one_tree(&mut backends, options, io, number as usize + 1, tree, root)?;
    }
    backends.finish(io)
}

/// `winmove tree`.
fn run(mut options: Options, io: &mut Io) -> Status {
    options.search.check(true)?;
    let source = options.source()?;
    // The files are checked first, so that a bad path fails at once.
    let mut drawing = match &options.draw {
        Some(path) => Some(Pictured::new(path).map_err(|e| io.fail(e))?),
        None => None,
    };
    let mut page = match &options.html {
        Some(path) => Some(Pictured::new(path).map_err(|e| io.fail(e))?),
        None => None,
    };
    match source {
        Source::Uniform {
            branching,
            order,
            depth,
            count,
            seed,
            values,
        } => {
            let pictured = [&mut drawing, &mut page];
            if branching.0 == branching.1 && order == ChildOrder::Random {
                let make = |number| UniformTree::new(branching.0, depth, seed, number, values);
                generated(&options, io, pictured, count, make)?;
            } else {
                let make = |number| {
                    OrderedTree::new(branching, depth, order, values, seed, number)
                        .expect("a shape checked by parse")
                };
                generated(&options, io, pictured, count, make)?;
            }
        }
        Source::Written(path) => {
            let mut backends = Backends::<ExplicitTree>::new(&options.search, io)?;
            let mut reader = TreeReader::new(open(&path, io)?);
            let mut case = 0;
            while let Some((line, tree)) = reader.next_tree().map_err(|e| io.fail(e))? {
                case += 1;
                let title = format!("line {line}");
                for pictured in [&mut drawing, &mut page].into_iter().flatten() {
                    pictured.add(&title, &tree, &EdgeLabels::new(), io)?;
                }
                let root = tree.root();
                one_tree(&mut backends, &options, io, case, tree, root)?;
            }
            backends.finish(io)?;
        }
        Source::Boards(path) => {
            let mut backends = Backends::<ExplicitTree>::new(&options.search, io)?;
            for case in Cases::new(open(&path, io)?) {
                let case = case.map_err(|e| io.fail(e))?;
                let empty = case.board.empty().len();
                if empty > MAX_BOARD_EMPTY {
                    return Err(io.fail(format_args!(
                        "case {}: {empty} empty squares: --board takes boards of at most {MAX_BOARD_EMPTY}",
                        case.number
                    )));
                }
                let (tree, labels) = board_tree(case.board);
                let title = format!("case {}: {}", case.number, rows(case.board));
                for pictured in [&mut drawing, &mut page].into_iter().flatten() {
                    pictured.add(&title, &tree, &labels, io)?;
                }
                let root = tree.root();
                one_tree(&mut backends, &options, io, case.number, tree, root)?;
            }
            backends.finish(io)?;
        }
    }
    io.flush()?;
    let given = (!options.search.algos.is_empty()).then_some(&options.search.algos);
    let settings = &options.search.settings;
    let mut skipped = false;
    if let Some(drawing) = drawing {
        skipped |= drawing.skipped;
        if !drawing.trees.is_empty() || !drawing.skipped {
            let drawn: Vec<Algo> = DRAWN.into_iter().filter(|a| a.built()).collect();
            let algos = given.unwrap_or(&drawn);
            let svg = draw_searches(&drawing.trees, &drawing.labels, algos, settings)
                .map_err(|e| io.fail(e))?;
            drawing
                .target
                .write(io, svg.as_bytes())
                .map_err(|e| io.fail(e))?;
        }
    }
    if let Some(page) = page {
        skipped |= page.skipped;
        if !page.trees.is_empty() || !page.skipped {
            let built: Vec<Algo> = Algo::all_built().collect();
            let algos = given.unwrap_or(&built);
            let html = crate::lab::page::page(&page.trees, &page.labels, algos, settings)
                .map_err(|e| io.fail(e))?;
            page.target
                .write(io, html.as_bytes())
                .map_err(|e| io.fail(e))?;
        }
    }
    if skipped {
        return Err(Failure::Failed);
    }
    io.flush()
}

/// The trees a drawing or a page will show, and its file.
struct Pictured {
    /// Where it goes.
    target: Target,
    /// The trees to show, titled.
    trees: Vec<(String, ExplicitTree)>,
    /// A tree too big to show was named and skipped.
    skipped: bool,
    /// The labels of each tree's edges, one for each of `trees` (the
    /// squares of the moves, on boards).
    labels: Vec<EdgeLabels>,
}

impl Pictured {
    /// Nothing yet, to be written to `path` (checked now).
    fn new(path: &Path) -> Result<Pictured, String> {
        Ok(Pictured {
            target: Target::new(path)?,
            trees: Vec::new(),
            skipped: false,
            labels: Vec::new(),
        })
    }

    /// Whether it takes another tree (it shows the first [`MAX_TREES`]).
    fn wants_more(&self) -> bool {
        self.trees.len() < MAX_TREES
    }

    /// Takes `tree` (its edges labelled by `labels`) if it wants more and
    /// the tree is small enough; names a tree too big on standard error
    /// and skips it.
    fn add(
        &mut self,
        title: &str,
        tree: &ExplicitTree,
        labels: &EdgeLabels,
        io: &mut Io,
    ) -> Status {
        if !self.wants_more() {
            return Ok(());
        }
        match check_size(title, tree) {
            Ok(()) => {
                self.trees.push((title.to_string(), tree.clone()));
                self.labels.push(labels.clone());
            }
            Err(e) => {
                self.skipped = true;
                io.note(format_args!(
                    "error: {e}: not shown in {} (the other trees are)",
                    self.target
                ))?;
            }
        }
        Ok(())
    }
}

/// Where a drawing, a page or a figure goes, written once complete: a
/// regular file is written beside and renamed over (a failed write leaves
/// the old file, or none); standard output (`-`) and other files (devices,
/// pipes, `/dev/stdout`) are written plainly, without truncating.
#[derive(Debug)]
pub(super) enum Target {
    /// `-`: standard output, after what the run wrote there.
    Stdout,
    /// Not a regular file: written as it is.
    Plain(PathBuf),
    /// A regular file (or none yet), replaced whole.
    Replaced {
        /// The path given, for messages.
        given: PathBuf,
        /// The file replaced (a symbolic link's target).
        file: PathBuf,
    },
}

impl Target {
    /// The target `path` names, checked to be writable.
    pub(super) fn new(path: &Path) -> Result<Target, String> {
        if path.as_os_str() == "-" {
            return Ok(Target::Stdout);
        }
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", quoted(path.as_os_str()));
        let special = path.starts_with("/dev") || path.starts_with("/proc");
        match std::fs::metadata(path) {
            Ok(meta) if special || !meta.is_file() => {
                OpenOptions::new().append(true).open(path).map_err(cannot)?;
                return Ok(Target::Plain(path.to_path_buf()));
            }
            Ok(_) => {}
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(cannot(e)),
            Err(_) => {}
        }
        let file = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(path).map_err(cannot)?
            }
            _ => path.to_path_buf(),
        };
        let target = Target::Replaced {
            given: path.to_path_buf(),
            file,
        };
        // The file beside must be creatable: tried now, removed at once.
        let beside = target.beside().expect("a file replaced has a file beside");
        File::create(&beside).map_err(cannot)?;
        let _ = std::fs::remove_file(&beside);
        Ok(target)
    }

    /// The temporary file beside a file replaced: `.NAME.PID.tmp` in its
    /// directory.
    fn beside(&self) -> Option<PathBuf> {
        let Target::Replaced { file, .. } = self else {
            return None;
        };
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let temporary = format!(".{name}.{}.tmp", std::process::id());
        Some(file.with_file_name(temporary))
    }

    /// Writes `bytes`, whole.
    pub(super) fn write(&self, io: &mut Io, bytes: &[u8]) -> Result<(), String> {
        let cannot = |e: std::io::Error| format!("cannot write {self}: {e}");
        match self {
            Target::Stdout => {
                io.out(bytes)
                    .map_err(|_| "cannot write standard output".to_string())?;
                io.flush_out()
                    .map_err(|_| "cannot write standard output".to_string())
            }
            Target::Plain(path) => {
                let _ = io.flush_out();
                let mut file = OpenOptions::new().append(true).open(path).map_err(cannot)?;
                file.write_all(bytes)
                    .and_then(|()| file.flush())
                    .map_err(cannot)
            }
            Target::Replaced { file, .. } => {
                let beside = self.beside().expect("a file replaced has a file beside");
                let written = File::create(&beside)
                    .and_then(|mut out| out.write_all(bytes).and_then(|()| out.sync_all()))
                    .and_then(|()| std::fs::rename(&beside, file));
                if let Err(e) = written {
                    let _ = std::fs::remove_file(&beside);
                    return Err(cannot(e));
                }
                Ok(())
            }
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Stdout => f.write_str("standard output"),
            Target::Plain(path) | Target::Replaced { given: path, .. } => {
                f.write_str(&quoted(path.as_os_str()))
            }
        }
    }
}

/// A usage error if generated trees of this shape are too big to draw.
fn drawable_shape(branching: u32, depth: u32) -> Result<(), UsageError> {
    let leaves = (branching as usize).checked_pow(depth);
    if leaves.is_none_or(|leaves| leaves > MAX_LEAVES) || depth as usize > MAX_LEVELS {
        return Err(UsageError::new(format!(
            "--draw: a {branching}:{depth} tree is too big to draw (at most {MAX_LEAVES} leaves and {MAX_LEVELS} levels)"
        )));
    }
    Ok(())
}

/// The whole game tree of `board`, x to move (no enhancement: every empty
/// square a move, in row-major order), written out, and the square each
/// move plays, by the path of the node it leads to.
fn board_tree(board: Board) -> (ExplicitTree, EdgeLabels) {
    fn add(
        tree: &BoardTree,
        node: &BoardNode,
        path: &mut Vec<u32>,
        out: &mut TreeBuilder,
        labels: &mut EdgeLabels,
    ) {
        match tree.expand(node) {
            Expansion::Leaf(v) => out.leaf(v),
            Expansion::Inner(children) => {
                out.open();
                for (child, number) in children.zip(1..) {
                    let before = node.position.board.empty();
                    let played = BitBoard(before.0 & !child.position.board.empty().0).first();
                    path.push(number);
                    if let Some(square) = played {
                        labels.insert(path.clone(), square.to_string());
                    }
                    add(tree, &child, path, out, labels);
                    path.pop();
                }
                out.close();
            }
        }
    }
    let tree = BoardTree::new(Enhancements::NONE);
    let root = BoardNode::root(Position {
        board,
        to_move: Mark::X,
    });
    let mut out = TreeBuilder::default();
    let mut labels = EdgeLabels::new();
    add(&tree, &root, &mut Vec::new(), &mut out, &mut labels);
    (out.finish(), labels)
}

/// The rows of `board` as a title writes them: `xo.o/oxx./xox./o.xo`.
fn rows(board: Board) -> String {
    let cell = |square| match board.get(square) {
        Some(Mark::X) => 'x',
        Some(Mark::O) => 'o',
        None => '.',
    };
    let rows: Vec<String> = (0..4)
        .map(|r| (0..4).map(|c| cell(Square::new(r, c))).collect())
        .collect();
    rows.join("/")
}

/// A generated tree written out, to be drawn (its shape was checked by
/// [`drawable_shape`]).
fn written<T: GameTree>(tree: &T, root: T::Node) -> ExplicitTree {
    fn add<T: GameTree>(tree: &T, node: &T::Node, out: &mut TreeBuilder) {
        match tree.expand(node) {
            Expansion::Leaf(v) => out.leaf(v),
            Expansion::Inner(children) => {
                out.open();
                for child in children {
                    add(tree, &child, out);
                }
                out.close();
            }
        }
    }
    let mut out = TreeBuilder::default();
    add(tree, &root, &mut out);
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_of_draw_names_the_backends_it_draws_by_default() {
        // The list is broken across lines: compare with the spaces made one.
        let shown = draw_help().split_whitespace().collect::<Vec<_>>().join(" ");
        let drawn: Vec<&str> = DRAWN.iter().map(|algo| algo.name()).collect();
        let expected = format!("default {}, those built", drawn.join(", "));
        assert!(shown.contains(&expected), "{shown}");
    }
}
