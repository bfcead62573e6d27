//! `winmove tree [OPTIONS] [FILE]`: the minimax value of game trees, written
//! in bracket notation or generated (`--uniform`).

use super::Help::{Made, Text};
use super::args::{Arg, Args, one_file, quoted};
use super::output::{Io, Status};
use super::search_options::{self, Report, SearchOptions};
use super::searcher::Searcher;
use super::{
    Row, Subcommand, Table, UsageError, algorithms_help, counters_help, input_path, open, print,
};
use crate::lab::draw::draw_searches;
use crate::lab::svg::tree::{MAX_LEAVES, MAX_LEVELS, MAX_TREES, check_size};
use crate::search::Algo;
use crate::search::pv::principal_variation;
use crate::tree::Expansion;
use crate::tree::GameTree;
use crate::tree::recording::dewey;
use crate::tree::uniform::{UniformTree, Values, WIDE};
use crate::tree::value::{Shown, Window};
use crate::tree::written::{ExplicitTree, TreeBuilder, TreeReader};
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "tree",
    summary: "the minimax value of game trees, written out or generated",
    options: &OPTIONS,
    run,
};

/// Its options, as the parser tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Uniform,
    Count,
    Seed,
    Values,
    Pv,
    Draw,
    Search(search_options::Key),
    Help,
}

/// Its options, in the order of its help.
const OPTIONS: Table<Key> = Table(&[
    Row::value(
        "--uniform",
        "B:D",
        Key::Uniform,
        Text(
            "search generated uniform trees instead: every inner node has B children,\n\
             every leaf is at depth D; a leaf's value comes from a hash of (seed,\n\
             tree number, its place), so no tree is ever held in memory",
        ),
    ),
    Row::value("--count", "N", Key::Count, Made(count_help)),
    Row::value("--seed", "S", Key::Seed, Made(seed_help)),
    Row::value("--values", "KIND", Key::Values, Made(values_help)),
    Row::flag(
        "--pv",
        Key::Pv,
        Text(
            "after each value, the principal variation: the Dewey path of the best\n\
             line (at each node the first child, in search order, with its value)",
        ),
    ),
    Row::value("--draw", "FILE", Key::Draw, Made(draw_help)),
    Row::Search(Key::Search),
    Row::help(Key::Help),
    Row::EndOfOptions,
]);

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

/// The help of `--draw`, with the drawing's limits.
fn draw_help() -> String {
    format!(
        "also draw the first {MAX_TREES} trees as SVG in FILE, once per backend of --algo\n\
         (a comma-separated list here; default alphabeta, scout, sss,\n\
         negascout, mt-sss, those built): nodes with their minimax values\n\
         (MAX squares, MIN circles), leaves numbered in the order the backend\n\
         evaluated them, the subtrees it never reached in grey; trees of at\n\
         most {MAX_LEAVES} leaves and {MAX_LEVELS} levels"
    )
}

/// Its help.
fn help() -> String {
    let mut text = String::from(
        "winmove tree: the minimax value of each game tree, one per line

USAGE:
    winmove tree [OPTIONS] [FILE]                 trees written in FILE (default: standard input)
    winmove tree --uniform B:D [--count N] [--seed S] [--values wide|01] [OPTIONS]
                                                  uniform random trees, never held in memory

TREES:
    One tree per non-blank line in bracket notation: a leaf is an integer, 'inf' or '-inf';
    an inner node is [c1,c2,...]; spaces and tabs may go anywhere between tokens. The root
    is a MAX node and levels alternate. A malformed tree stops the run with a message naming
    the line and column, after the values of the earlier trees, and exit status 1. A tree is
    read as a stream and stored in 8 bytes a node; a byte that is not text stops the run at
    once.

OPTIONS:
",
    );
    text.push_str(&OPTIONS.help());
    text.push_str(&algorithms_help());
    text.push_str(&counters_help());
    text
}

/// Where the trees come from.
enum Source {
    /// Written trees, from a file or standard input.
    Written(Option<PathBuf>),
    /// `--uniform`.
    Uniform {
        branching: u32,
        depth: u32,
        count: u64,
        seed: u64,
        values: Values,
    },
}

/// The options of a run.
struct Options {
    search: SearchOptions,
    source: Source,
    pv: bool,
    draw: Option<PathBuf>,
}

/// The backends `--draw` shows unless `--algo` names them.
const DRAWN: [Algo; 5] = [
    Algo::AlphaBeta,
    Algo::Scout,
    Algo::Sss,
    Algo::NegaScout,
    Algo::MtSss,
];

/// Parses `B:D`.
fn shape(text: &str) -> Result<(u32, u32), UsageError> {
    let bad = || {
        UsageError::new(format!(
            "--uniform needs BRANCHING:DEPTH, such as 4:8, found '{}'",
            text.escape_debug()
        ))
    };
    let (b, d) = text.split_once(':').ok_or_else(bad)?;
    let (b, d) = (
        b.trim().parse().map_err(|_| bad())?,
        d.trim().parse().map_err(|_| bad())?,
    );
    UniformTree::check_shape(b, d)
        .map_err(|e| UsageError::new(format!("--uniform {text}: {e}")))?;
    Ok((b, d))
}

/// Parses the arguments; `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, UsageError> {
    let mut search = SearchOptions::default();
    let mut input: Option<OsString> = None;
    let mut uniform = None;
    let (mut count, mut seed, mut values) = (None, None, None);
    let mut pv = false;
    let mut draw = None;
    while let Some(arg) = args.next_arg()? {
        let opt = match arg {
            Arg::Positional(path) => {
                one_file(&mut input, path, &args)?;
                continue;
            }
            Arg::Option(opt) => opt,
        };
        let Some((key, given)) = OPTIONS.find(&opt, &mut args)? else {
            return Err(SUBCOMMAND.unknown_option(&opt));
        };
        match key {
            Key::Search(key) => search.set(key, given)?,
            Key::Help => return Ok(None),
            Key::Uniform => uniform = Some(shape(&given.text()?)?),
            Key::Count => count = Some(given.number(1, MAX_COUNT)?),
            Key::Seed => seed = Some(given.number(0, u64::MAX)?),
            Key::Values => {
                let name = given.text()?;
                values = Some(Values::from_name(&name).ok_or_else(|| {
                    UsageError::new(format!(
                        "--values is wide or 01, found '{}'",
                        name.escape_debug()
                    ))
                })?);
            }
            Key::Pv => pv = true,
            Key::Draw => draw = Some(given.path()),
        }
    }
    search.check(draw.is_some())?;
    if draw.is_some() && search.algos.is_empty() {
        search.algos = DRAWN.into_iter().filter(|a| a.built()).collect();
    }
    let source = match uniform {
        Some((branching, depth)) => {
            if let Some(path) = input {
                return Err(UsageError::new(format!(
                    "--uniform generates the trees: it takes no file, found {}",
                    super::args::quoted(&path)
                )));
            }
            if draw.is_some() {
                drawable_shape(branching, depth)?;
            }
            Source::Uniform {
                branching,
                depth,
                count: count.unwrap_or(COUNT),
                seed: seed.unwrap_or(SEED),
                values: values.unwrap_or(Values::Wide),
            }
        }
        None => {
            for (given, name) in [
                (count.is_some(), "--count"),
                (seed.is_some(), "--seed"),
                (values.is_some(), "--values"),
            ] {
                if given {
                    return Err(UsageError::new(format!(
                        "{name} is about generated trees: use it with --uniform B:D"
                    )));
                }
            }
            Source::Written(input_path(input))
        }
    };
    Ok(Some(Options {
        search,
        source,
        pv,
        draw,
    }))
}

/// Searches one tree and writes its value (and line), its report.
fn one_tree<T: GameTree>(
    searcher: &mut Searcher<T>,
    options: &Options,
    io: &mut Io,
    report: &mut Report,
    number: usize,
    tree: T,
    root: T::Node,
) -> Status {
    if options.search.trace {
        let _ = writeln!(io.err, "# case {number}");
    }
    let (value, leaves, tree) = searcher.search(tree, root, Window::FULL);
    if options.pv {
        let line = principal_variation(&tree, root, value);
        io.out_fmt(format_args!("{} {}\n", Shown(value), dewey(&line)))?;
    } else {
        io.out_fmt(format_args!("{}\n", Shown(value)))?;
    }
    let result = format!("value={}", Shown(value));
    let order: Vec<String> = leaves.iter().map(|path| dewey(path)).collect();
    report.case(io, number, searcher.backend(), &result, &order.join(","))?;
    io.case_done()
}

/// `winmove tree`.
fn run(args: Args, io: &mut Io) -> Status {
    let Some(options) = parse(args)? else {
        return print(io, &help());
    };
    // The drawing's file is opened first, so that a bad path fails at once.
    let mut drawing = match &options.draw {
        Some(path) => Some(Drawing::open(path).map_err(|e| io.fail(e))?),
        None => None,
    };
    let mut report = Report::new(&options.search);
    match &options.source {
        Source::Uniform {
            branching,
            depth,
            count,
            seed,
            values,
        } => {
            let mut searcher = Searcher::<UniformTree>::new(&options.search, io)?;
            for number in 0..*count {
                let tree = UniformTree::new(*branching, *depth, *seed, number, *values);
                let root = tree.root();
                if let Some(drawing) = drawing.as_mut().filter(|d| d.wants_more()) {
                    drawing
                        .trees
                        .push((format!("tree {}", number + 1), written(&tree, root)));
                }
                one_tree(
                    &mut searcher,
                    &options,
                    io,
                    &mut report,
                    number as usize + 1,
                    tree,
                    root,
                )?;
            }
        }
        Source::Written(path) => {
            let mut searcher = Searcher::<ExplicitTree>::new(&options.search, io)?;
            let mut reader = TreeReader::new(open(path, io)?);
            let mut case = 0;
            while let Some((line, tree)) = reader.next_tree().map_err(|e| io.fail(e))? {
                case += 1;
                if let Some(drawing) = drawing.as_mut().filter(|d| d.wants_more()) {
                    let title = format!("line {line}");
                    check_size(&title, &tree).map_err(|e| io.fail(e))?;
                    drawing.trees.push((title, tree.clone()));
                }
                let root = tree.root();
                one_tree(&mut searcher, &options, io, &mut report, case, tree, root)?;
            }
        }
    }
    report.finish(io)?;
    if let Some(drawing) = drawing {
        let svg = draw_searches(
            &drawing.trees,
            &options.search.algos,
            &options.search.settings,
        )
        .map_err(|e| io.fail(e))?;
        drawing.finish(&svg).map_err(|e| io.fail(e))?;
    }
    io.flush()
}

/// The `--draw` file and the trees it will show. Until it is written, the
/// file is removed again if this run created it (a failed run leaves no
/// empty drawing behind).
struct Drawing<'a> {
    path: &'a Path,
    file: File,
    created: bool,
    written: bool,
    trees: Vec<(String, ExplicitTree)>,
}

impl<'a> Drawing<'a> {
    /// Opens (or creates) `path` for writing, without truncating it yet.
    fn open(path: &'a Path) -> Result<Drawing<'a>, String> {
        let created = !path.exists();
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", quoted(path.as_os_str())))?;
        Ok(Drawing {
            path,
            file,
            created,
            written: false,
            trees: Vec::new(),
        })
    }

    /// Whether the drawing takes another tree (it shows the first
    /// [`MAX_TREES`]).
    fn wants_more(&self) -> bool {
        self.trees.len() < MAX_TREES
    }

    /// Replaces the file's contents with `svg`.
    fn finish(mut self, svg: &str) -> Result<(), String> {
        self.written = true;
        self.file
            .set_len(0)
            .and_then(|()| self.file.write_all(svg.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", quoted(self.path.as_os_str())))
    }
}

impl Drop for Drawing<'_> {
    fn drop(&mut self) {
        if self.created && !self.written {
            let _ = std::fs::remove_file(self.path);
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
