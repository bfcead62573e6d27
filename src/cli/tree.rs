//! `winmove tree [OPTIONS] [FILE]`: the minimax value of game trees, written
//! in bracket notation or generated (`--uniform`).

use super::args::{Given, UsageError};
use super::command::{Command, Subcommand, Words};
use super::output::{Failure, Io, Status, Target, input_path, on_own_stack, open};
use super::search_options::{self, SearchOptions};
use super::searcher::Backends;
use super::table::Help::{Made, Text};
use super::table::{Row, forbid, set};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use winmove::lab::pictures::{DRAWN, Paint, Picture, board_tree, written_out};
use winmove::lab::svg::tree::{EdgeLabels, MAX_LEAVES, MAX_LEVELS, MAX_TREES};
use winmove::protocol::Cases;
use winmove::protocol::words::quoted;
use winmove::search::minimal::{minimal_tree, no_key};
use winmove::search::pv::principal_variation;
use winmove::tree::GameTree;
use winmove::tree::ordered::{ChildOrder, Generated, OrderedTree};
use winmove::tree::recording::dewey;
use winmove::tree::uniform::{UniformTree, Values, WIDE};
use winmove::tree::value::{Shown, Window};
use winmove::tree::written::{ExplicitTree, TreeReader};

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

pub const COMMAND: &dyn Subcommand = &Command::<Options> {
    name: "tree",
    summary: "the minimax value of game trees, written out or generated",
    options: &[
        Row::value(
            "--uniform",
            "B:D",
            Text(
                "search generated trees instead: B children a node (or a range LO-HI), \
                 leaves at depth D (at most 2000); see TREES",
            ),
            |o, given| set(&mut o.uniform, Some(shape(&given.text()?)?)),
        ),
        Row::value(
            "--ordering",
            "KIND",
            Text("with --uniform: random (the default), best, worst, strong or strong:P:Q"),
            |o, given| set(&mut o.order, Some(ordering(given)?)),
        ),
        Row::value(
            "--count",
            "N",
            Made(|| format!("with --uniform: how many trees (default {COUNT})")),
            |o, given| set(&mut o.count, Some(given.number(1, MAX_COUNT)?)),
        ),
        Row::value(
            "--seed",
            "S",
            Made(|| format!("with --uniform: the seed (default {SEED})")),
            |o, given| set(&mut o.seed, Some(given.number(0, u64::MAX)?)),
        ),
        Row::value(
            "--values",
            "KIND",
            Text("with --uniform: wide (the default) or 01"),
            |o, given| {
                set(
                    &mut o.values,
                    Some(given.choice("wide or 01", Values::from_name)?),
                )
            },
        ),
        Row::flag(
            "--pv",
            Text(
                "after each value, the principal variation: the Dewey path of the best \
                 line (at each node the first child, in search order, with its value)",
            ),
            |o, _| set(&mut o.pv, true),
        ),
        Row::value(
            "--draw",
            "FILE",
            Made(|| {
                let drawn: Vec<&str> = DRAWN.iter().map(|a| a.name()).collect();
                format!(
                    "also draw each backend's search as SVG (default {}, those \
                     built); see TREES",
                    drawn.join(", ")
                )
            }),
            |o, given| set(&mut o.draw, Some(given.path())),
        ),
        Row::value(
            "--html",
            "FILE",
            Text(
                "also write a web page stepping through each backend's search (default\nevery backend built); see TREES",
            ),
            |o, given| set(&mut o.html, Some(given.path())),
        ),
        Row::flag(
            "--board",
            Made(|| {
                format!(
                    "the input holds questions instead: each board's whole game tree, for \
                     boards of at most {MAX_BOARD_EMPTY} empty squares; see TREES"
                )
            }),
            |o, _| set(&mut o.board, true),
        ),
        Row::Shared(&SearchOptions::rows(|o: &mut Options| &mut o.search)),
        Row::HELP,
    ],
    words: Words::File(|o| &mut o.input),
    help,
    run,
};

/// Most trees `--count` asks for.
const MAX_COUNT: u64 = 1 << 40;

/// Trees generated unless `--count` says.
const COUNT: u64 = 1;

/// The seed unless `--seed` says.
const SEED: u64 = 1;

/// Most empty squares of a board `--board` takes: its whole game tree is
/// written out, at most 6! = 720 leaves.
const MAX_BOARD_EMPTY: u32 = 6;

fn help(options: &str, _: &[&dyn Subcommand]) -> String {
    let ChildOrder::Strong { first, quarter } = ChildOrder::STRONG else {
        unreachable!("STRONG is strong")
    };
    format!(
        "winmove tree: the minimax value of each game tree, one per line

USAGE:
    winmove tree [OPTIONS] [FILE]                 trees written in FILE (default: standard input)
    winmove tree --uniform B:D [--count N] [--seed S] [--values wide|01] [OPTIONS]
                                                  uniform random trees, never held in memory
    winmove tree --uniform B:D|LO-HI:D --ordering best|worst|strong[:P:Q] [OPTIONS]
                                                  trees of known ordering, or random branching
    winmove tree --board [OPTIONS] [FILE]         the game trees of nearly full boards

TREES:
    One tree per line in bracket notation (a leaf an integer, 'inf' or '-inf', an inner node
    [c1,c2,...]; the root MAX). Leaf values lie strictly between -2^30 and 2^30;
    at most 2^25 = 33554432 nodes a tree and 2000 levels (written or --uniform). --uniform's
    leaves are wide (-{WIDE}..={WIDE}) or 01. --ordering strong:P:Q puts a node's best child
    among its first quarter (rounded up) at Q% of the nodes and first at P%, except that with
    4 children or fewer that quarter is the first child alone, first at Q%; strong is
    strong:{first}:{quarter} (Marsland and Campbell's strongly ordered trees). --draw and --html
    picture the first {MAX_TREES} trees of at most {MAX_LEAVES} leaves and {MAX_LEVELS} levels. docs/workbench.md
    describes it all.

OPTIONS:
{options}{}",
        search_options::help()
    )
}

/// The ordering `given` names (`--ordering`, here and in `winmove compare`).
pub fn ordering(given: Given) -> Result<ChildOrder, UsageError> {
    given.choice(
        "random, best, worst, strong or strong:P:Q (0 <= P <= Q <= 100)",
        ChildOrder::parse,
    )
}

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
    /// Checks the options about where the trees come from against the
    /// others.
    fn check(&self) -> Result<(), UsageError> {
        let Some((branching, depth)) = self.uniform else {
            let generating = [
                (self.count.is_some(), "--count"),
                (self.seed.is_some(), "--seed"),
                (self.values.is_some(), "--values"),
                (self.order.is_some(), "--ordering"),
            ];
            return match generating.iter().find(|(given, _)| *given) {
                Some((_, name)) => Err(UsageError::new(format!(
                    "{name} is about generated trees: use it with --uniform B:D"
                ))),
                None => Ok(()),
            };
        };
        let (order, values) = (self.order(), self.values.unwrap_or(Values::Wide));
        let (most, file) = (branching.1, self.input.as_deref().map(quoted));
        let leaves = (most as usize).checked_pow(depth);
        let too_big = leaves.is_none_or(|n| n > MAX_LEAVES) || depth as usize > MAX_LEVELS;
        let shape = match branching {
            (fewest, most) if fewest < most => format!("{fewest}-{most}"),
            _ => most.to_string(),
        };
        // The option that asked for the picture, named in the refusal.
        let pictured = match (&self.draw, &self.html) {
            (Some(_), Some(_)) => Some("--draw and --html"),
            (Some(_), None) => Some("--draw"),
            (None, Some(_)) => Some("--html"),
            (None, None) => None,
        };
        forbid(&[
            (
                file.is_some(),
                &format!(
                    "--uniform generates the trees: it takes no file, found {}",
                    file.unwrap_or_default()
                ),
            ),
            (
                self.board,
                "--board reads boards and --uniform generates trees: use one of them",
            ),
            (
                pictured.is_some() && too_big,
                &format!(
                    "{}: a {shape}:{depth} tree is too big to draw (at most {MAX_LEAVES} leaves and {MAX_LEVELS} levels)",
                    pictured.unwrap_or_default()
                ),
            ),
            (
                order != ChildOrder::Random && values != Values::Wide,
                &format!(
                    "--ordering {order} generates wide values: drop --values {}",
                    values.name()
                ),
            ),
        ])
    }

    /// Where each node's best child stands in generated trees.
    fn order(&self) -> ChildOrder {
        self.order.unwrap_or(ChildOrder::Random)
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
        let given = tree.take().expect("the tree comes back after each search");
        member.report.start(number);
        let (value, back) = member.search(given, root, Window::FULL, None);
        if k == 0 && options.pv {
            let line = principal_variation(&back, root, value);
            io.out_fmt(format_args!("{} {}\n", Shown(value), dewey(&line)))?;
        } else if k == 0 {
            io.out_fmt(format_args!("{}\n", Shown(value)))?;
        }
        let result = format!("value={}", Shown(value));
        member.case(io, number, &result, || {
            let budget = options.search.minimal_memory();
            *minimal.get_or_insert_with(|| minimal_tree(&back, root, no_key, budget).map(|m| m.0))
        })?;
        tree = Some(back);
    }
    io.case_done()
}

/// Searches the generated trees `make(0..count)` with each backend,
/// picturing the first ones if asked.
fn generated<T: Generated>(
    options: &Options,
    io: &mut Io,
    pictures: &mut [Pictured],
    count: u64,
    make: impl Fn(u64) -> T,
) -> Status {
    let mut backends = Backends::<T>::new(&options.search, io)?;
    for number in 0..count {
        let tree = make(number);
        let root = tree.root_node();
        let title = format!("tree {}", number + 1);
        picture(
            pictures,
            &title,
            || (written_out(&tree, root, |_, _, _| {}), EdgeLabels::new()),
            io,
        )?;
        one_tree(&mut backends, options, io, number as usize + 1, tree, root)?;
    }
    backends.finish(io)
}

/// A written tree to search: its number, its title in pictures, and the
/// labels of its edges.
type Written = (usize, String, ExplicitTree, EdgeLabels);

/// Searches the written trees `next` gives with each backend, picturing
/// the first ones if asked.
fn written(
    backends: &mut Backends<ExplicitTree>,
    options: &Options,
    io: &mut Io,
    pictures: &mut [Pictured],
    mut next: impl FnMut(&mut Io) -> Result<Option<Written>, Failure>,
) -> Status {
    while let Some((number, title, tree, labels)) = next(io)? {
        picture(pictures, &title, || (tree.clone(), labels), io)?;
        let root = tree.root();
        one_tree(backends, options, io, number, tree, root)?;
    }
    backends.finish(io)
}

/// The stack the searches run on: the deepest tree, 2000 levels, took at
/// most 1.1 MB of the main thread's (df-pn with `--order` on a line of
/// single children, in the release build, found with `ulimit -s`; the
/// others 0.4 to 0.6 MB), so 16 MiB leaves room for larger frames; as
/// address space it is reserved, and touched only as deep as a search
/// goes.
const STACK: usize = 16 << 20;

fn run(options: Options, io: &mut Io) -> Status {
    on_own_stack(STACK, options, io, search_trees)
}

/// `run`, on a stack of [`STACK`] bytes.
fn search_trees(options: Options, io: &mut Io) -> Status {
    options.search.check(true)?;
    options.check()?;
    let o = &options;
    let input = input_path(o.input.clone());
    // The files are checked first, so that a bad path fails at once.
    let asked = [
        ("--draw", &o.draw, Paint::Drawing),
        ("--html", &o.html, Paint::Page),
    ];
    let asked: Vec<_> = (asked.into_iter())
        .filter_map(|(option, path, paint)| Some((option, path.as_deref()?, paint)))
        .collect();
    let files: Vec<_> = asked
        .iter()
        .map(|&(option, path, _)| (option, path))
        .collect();
    let read = if o.uniform.is_some() {
        None
    } else {
        Some(input.clone())
    };
    let targets = Target::all(&files, read.as_slice(), io)?;
    let mut pictures: Vec<Pictured> = (asked.iter().zip(targets))
        .map(|(&(_, _, paint), target)| Pictured {
            picture: Picture::new(paint),
            target,
            skipped: false,
        })
        .collect();
    if let Some((branching, depth)) = o.uniform {
        let (order, count) = (o.order(), o.count.unwrap_or(COUNT));
        let (seed, values) = (o.seed.unwrap_or(SEED), o.values.unwrap_or(Values::Wide));
        if branching.0 == branching.1 && order == ChildOrder::Random {
            let make = |number| UniformTree::new(branching.0, depth, seed, number, values);
            generated(o, io, &mut pictures, count, make)?;
        } else {
            let make = |number| {
                OrderedTree::new(branching, depth, order, values, seed, number)
                    .expect("a shape checked by parse")
            };
            generated(o, io, &mut pictures, count, make)?;
        }
    } else if o.board {
        let mut backends = Backends::<ExplicitTree>::new(&o.search, io)?;
        let mut cases = Cases::new(open(&input, io)?);
        written(&mut backends, o, io, &mut pictures, |io| {
            let Some(case) = cases.next() else {
                return Ok(None);
            };
            let case = case.map_err(|e| io.fail(e))?;
            let empty = case.board.empty().len();
            if empty > MAX_BOARD_EMPTY {
                return Err(io.fail(format_args!(
                    "case {}: {empty} empty squares: --board takes boards of at most {MAX_BOARD_EMPTY}",
                    case.number
                )));
            }
            let (tree, labels) = board_tree(case.board);
            let rows = case.board.to_string().trim_end().replace('\n', "/");
            let title = format!("case {}: {rows}", case.number);
            Ok(Some((case.number, title, tree, labels)))
        })?;
    } else {
        let mut backends = Backends::<ExplicitTree>::new(&o.search, io)?;
        let mut reader = TreeReader::new(open(&input, io)?);
        let mut case = 0;
        written(&mut backends, o, io, &mut pictures, |io| {
            let read = reader.next_tree().map_err(|e| io.fail(e))?;
            Ok(read.map(|(line, tree)| {
                case += 1;
                (case, format!("line {line}"), tree, EdgeLabels::new())
            }))
        })?;
    }
    io.flush()?;
    let mut skipped = false;
    for pictured in pictures {
        skipped |= pictured.skipped;
        if !pictured.picture.is_empty() || !pictured.skipped {
            let search = &options.search;
            let text = (pictured.picture.paint(&search.algos, &search.settings))
                .map_err(|e| io.fail(e))?;
            pictured.target.write(io, text.as_bytes())?;
        }
    }
    if skipped {
        return Err(Failure::Failed);
    }
    io.flush()
}

/// A picture, its file, and whether a tree too big for it was skipped.
struct Pictured {
    picture: Picture,
    target: Target,
    skipped: bool,
}

/// Offers the tree `make` makes (with the labels of its edges), titled
/// `title`, to each picture that takes more trees; a tree too big is
/// named on standard error and skipped.
fn picture(
    pictures: &mut [Pictured],
    title: &str,
    make: impl FnOnce() -> (ExplicitTree, EdgeLabels),
    io: &mut Io,
) -> Status {
    let mut wanting = pictures.iter_mut().filter(|p| p.picture.wants()).peekable();
    if wanting.peek().is_none() {
        return Ok(());
    }
    let (tree, labels) = make();
    for pictured in wanting {
        if let Err(e) = pictured.picture.take(title, &tree, &labels) {
            pictured.skipped = true;
            io.note(format_args!(
                "error: {e}: not shown in {} (the other trees are)",
                pictured.target
            ))?;
        }
    }
    Ok(())
}
