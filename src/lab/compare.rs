//! What each backend costs, measured by its own counters, and what the
//! literature claims about them, checked tree by tree: the tables and the
//! figure of `winmove compare` and BENCHMARKS.md.

use crate::answer::solver::Solver;
use crate::game::board::{Board, Mark};
use crate::lab::svg::{Panel, Series, small_multiples};
use crate::search::{Algo, Counter, Search, Settings, Stats, registry};
use crate::tree::GameTree;
use crate::tree::board::{BoardNode, BoardTree, Enhancement, Enhancements, Position};
use crate::tree::recording::Recording;
use crate::tree::uniform::{UniformTree, Values};
use crate::tree::value::Window;
use std::collections::HashSet;
use std::fmt::Write;

/// Sum, sum of squares and largest of a per-case count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// Sum over the cases.
    pub sum: u64,
    /// Sum of the squares, for the standard error.
    pub squares: f64,
    /// Largest single case.
    pub max: u64,
}

impl Spread {
    fn add(&mut self, x: u64) {
        self.sum += x;
        self.squares += (x as f64) * (x as f64);
        self.max = self.max.max(x);
    }
}

/// One backend's counts over a group of cases.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Number of cases.
    pub cases: u64,
    /// Leaves evaluated.
    pub leaves: Spread,
    /// Nodes reached.
    pub nodes: Spread,
    /// The backend's own counters.
    pub counters: Vec<(Counter, Spread)>,
}

impl Tally {
    fn add(&mut self, stats: &Stats) {
        self.cases += 1;
        self.leaves.add(stats.leaves);
        self.nodes.add(stats.nodes);
        for (counter, value) in stats.counters() {
            match self.counters.iter_mut().find(|(c, _)| *c == counter) {
                Some((_, spread)) => spread.add(value),
                None => {
                    let mut spread = Spread::default();
                    spread.add(value);
                    self.counters.push((counter, spread));
                }
            }
        }
    }

    /// Mean of a spread over the cases.
    pub fn mean(&self, spread: Spread) -> f64 {
        spread.sum as f64 / self.cases.max(1) as f64
    }

    /// Standard error of the mean of a spread (0 for fewer than 2 cases).
    pub fn standard_error(&self, spread: Spread) -> f64 {
        let n = self.cases as f64;
        if self.cases < 2 {
            return 0.0;
        }
        let mean = spread.sum as f64 / n;
        let variance = ((spread.squares - n * mean * mean) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// What the literature claims, checked case by case on the leaves each
/// backend evaluated (by path, in order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// Cases checked.
    pub cases: u64,
    /// Stockman: cases where SSS* evaluated a leaf alpha-beta skipped.
    pub sss_outside_alphabeta: u64,
    /// Plaat et al.: cases where MT-SSS*'s leaves or their order differ
    /// from SSS*'s.
    pub mt_sss_unlike_sss: u64,
    /// Reinefeld: cases where NegaScout evaluated a leaf alpha-beta skipped.
    pub negascout_outside_alphabeta: u64,
    /// Cases where NegaScout evaluated fewer leaves than SSS*...
    pub negascout_below_sss: u64,
    /// ... and more.
    pub negascout_above_sss: u64,
}

impl Claims {
    fn add(&mut self, other: &Claims) {
        self.cases += other.cases;
        self.sss_outside_alphabeta += other.sss_outside_alphabeta;
        self.mt_sss_unlike_sss += other.mt_sss_unlike_sss;
        self.negascout_outside_alphabeta += other.negascout_outside_alphabeta;
        self.negascout_below_sss += other.negascout_below_sss;
        self.negascout_above_sss += other.negascout_above_sss;
    }
}

/// The backends the claims are about.
const CLAIMED: [Algo; 4] = [Algo::AlphaBeta, Algo::Sss, Algo::MtSss, Algo::NegaScout];

/// Checks the claims on one tree: runs the backends they are about on a
/// recording of it. Backends this build lacks are left out.
fn check_claims<T: GameTree + Clone>(tree: &T, root: T::Node) -> Claims {
    let mut orders: Vec<(Algo, Vec<Vec<u32>>)> = Vec::new();
    for algo in CLAIMED.into_iter().filter(|a| a.built()) {
        let recording = Recording::new(tree.clone(), root);
        let mut search = algo
            .make::<Recording<T>>(&Settings::default())
            .expect("built");
        search.search(&recording, recording.root(), Window::FULL);
        orders.push((algo, recording.leaves()));
    }
    let order = |algo: Algo| orders.iter().find(|(a, _)| *a == algo).map(|(_, o)| o);
    let set = |algo: Algo| order(algo).map(|o| o.iter().cloned().collect::<HashSet<_>>());
    let mut claims = Claims {
        cases: 1,
        ..Claims::default()
    };
    let alphabeta = set(Algo::AlphaBeta).expect("always built");
    if let Some(sss) = set(Algo::Sss) {
        claims.sss_outside_alphabeta = !sss.is_subset(&alphabeta) as u64;
    }
    if let (Some(sss), Some(mt)) = (order(Algo::Sss), order(Algo::MtSss)) {
        claims.mt_sss_unlike_sss = (sss != mt) as u64;
    }
    if let Some(negascout) = set(Algo::NegaScout) {
        claims.negascout_outside_alphabeta = !negascout.is_subset(&alphabeta) as u64;
    }
    if let (Some(sss), Some(negascout)) = (order(Algo::Sss), order(Algo::NegaScout)) {
        claims.negascout_below_sss = (negascout.len() < sss.len()) as u64;
        claims.negascout_above_sss = (negascout.len() > sss.len()) as u64;
    }
    claims
}

/// A uniform shape of `compare --trees`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Children of every inner node.
    pub branching: u32,
    /// Depth of every leaf.
    pub depth: u32,
    /// What the leaves hold.
    pub values: Values,
}

impl Shape {
    /// Leaves of a tree of this shape.
    pub fn leaves(&self) -> u64 {
        (self.branching as u64).pow(self.depth)
    }
}

/// A group of cases (a board class or a tree shape) and each backend's tally.
#[derive(Clone, Debug)]
pub struct Group {
    /// The class or shape.
    pub name: String,
    /// For uniform trees: the shape.
    pub shape: Option<Shape>,
    /// Per backend.
    pub tallies: Vec<(Algo, Tally)>,
    /// The literature's claims, if checked on this group.
    pub claims: Option<Claims>,
    /// Backends left out of this group, and why.
    pub left_out: Vec<(Algo, String)>,
}

impl Group {
    /// The tally of `algo`.
    pub fn tally(&self, algo: Algo) -> Option<&Tally> {
        self.tallies
            .iter()
            .find(|(a, _)| *a == algo)
            .map(|(_, t)| t)
    }

    /// Mean leaves of `algo`.
    fn mean_leaves(&self, algo: Algo) -> Option<f64> {
        self.tally(algo).map(|t| t.mean(t.leaves))
    }
}

/// The backends this build has.
pub fn built_algos() -> Vec<Algo> {
    Algo::all_built().collect()
}

/// Knuth and Moore's minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
pub fn minimal_leaves(branching: u32, depth: u32) -> u64 {
    let b = branching as u64;
    b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1
}

/// Pearl's asymptotic branching factor of alpha-beta (and SCOUT, SSS*) on
/// random uniform trees with continuous leaf values: ξ/(1−ξ), ξ the
/// positive root of x^b + x − 1 = 0.
pub fn pearl_branching_factor(branching: u32) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if mid.powi(branching as i32) + mid - 1.0 > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    lo / (1.0 - lo)
}

/// What a board comparison measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The judge's question: the answer loop over x's moves.
    Answer,
    /// One search of the board (x to move) for its minimax value, with the
    /// window that rules nothing out: the setting of Stockman's theorem.
    Value,
}

/// Every backend of `algos` on every board of every class, with the given
/// enhancements. A backend keeps its memory (a transposition table of
/// positions) across the boards of a class, as it does across the boards
/// of an input. With [`Task::Value`] on the raw tree, the claims are
/// checked on every board too. `progress(class, backend)` is called before
/// each backend starts on each class.
pub fn compare_boards(
    classes: &[(String, Vec<Board>)],
    enhancements: Enhancements,
    algos: &[Algo],
    task: Task,
    progress: &mut dyn FnMut(&str, &str),
) -> Vec<Group> {
    let tree = BoardTree::new(enhancements);
    let root = |board| {
        BoardNode::root(Position {
            board,
            to_move: Mark::X,
        })
    };
    classes
        .iter()
        .map(|(name, boards)| {
            let tallies = algos
                .iter()
                .filter_map(|&algo| {
                    progress(name, algo.name());
                    let backend = algo.make::<BoardTree>(&Settings::default())?;
                    let mut solver = Solver::new(backend, enhancements);
                    let mut tally = Tally::default();
                    for &board in boards {
                        solver.search_mut().reset_stats();
                        match task {
                            Task::Answer => {
                                solver.winning_move(board);
                            }
                            Task::Value => {
                                solver.search_mut().search(&tree, root(board), Window::FULL);
                            }
                        }
                        tally.add(&solver.search().stats());
                    }
                    Some((algo, tally))
                })
                .collect();
            // The raw tree: what shapes expansions is off (the shortcut and
            // the window belong to the answer loop).
            let shaping = [
                Enhancement::Forced,
                Enhancement::Bounds,
                Enhancement::Ordering,
                Enhancement::Tt,
            ];
            let raw = !shaping.into_iter().any(|e| enhancements.contains(e));
            let claims = (task == Task::Value && raw).then(|| {
                let mut claims = Claims::default();
                for &board in boards.iter().filter(|b| b.empty().len() <= CLAIM_EMPTY) {
                    claims.add(&check_claims(&tree, root(board)));
                }
                claims
            });
            Group {
                name: name.clone(),
                shape: None,
                tallies,
                claims,
                left_out: Vec::new(),
            }
        })
        .collect()
}

/// The deepest uniform shape per branching factor (2 to 8) that
/// `compare --trees` reaches.
pub const DEEPEST: [(u32, u32); 7] = [(2, 20), (3, 13), (4, 12), (5, 10), (6, 9), (7, 8), (8, 8)];

/// Largest tree minimax is run on (it evaluates every leaf: its count is
/// known anyway).
pub const MINIMAX_LEAVES: u64 = 1 << 20;

/// Largest tree the claims are checked on (recording every node costs
/// memory).
pub const CLAIM_LEAVES: u64 = 1 << 16;

/// Most empty squares of a board the claims are checked on: the raw tree
/// below 10 empty squares has at most a few hundred thousand nodes.
pub const CLAIM_EMPTY: u32 = 10;

/// The shapes of the grid: branching 2 to 8, from depth 2 to the deepest
/// of [`DEEPEST`], with leaves of kind `values`.
pub fn tree_grid(values: Values) -> Vec<Shape> {
    DEEPEST
        .iter()
        .flat_map(|&(branching, deepest)| {
            (2..=deepest).map(move |depth| Shape {
                branching,
                depth,
                values,
            })
        })
        .collect()
}

/// Trees drawn for a shape: `samples`, and fewer for big trees (a quarter
/// from 2^17 leaves, a tenth from 2^20, at least 3), so that every shape
/// costs about the same.
pub fn samples_for(shape: &Shape, samples: usize) -> usize {
    let leaves = shape.leaves();
    let n = if leaves >= 1 << 20 {
        samples / 10
    } else if leaves >= 1 << 17 {
        samples / 4
    } else {
        samples
    };
    n.max(3.min(samples))
}

/// Every backend of `algos` on the uniform trees of each shape (tree
/// numbers `0..samples_for(shape)` from `seed`), and the claims checked on
/// the trees small enough. `progress(done, total)` is called after each
/// shape.
pub fn compare_trees(
    shapes: &[Shape],
    samples: usize,
    seed: u64,
    algos: &[Algo],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Group> {
    let mut groups = Vec::new();
    for (done, shape) in shapes.iter().enumerate() {
        let count = samples_for(shape, samples);
        let mut left_out = Vec::new();
        let mut searches: Vec<(Algo, Box<dyn Search<UniformTree>>, Tally)> = algos
            .iter()
            .filter(|&&a| {
                let skip = a == Algo::Minimax && shape.leaves() > MINIMAX_LEAVES;
                if skip {
                    left_out.push((a, format!("more than {MINIMAX_LEAVES} leaves")));
                }
                !skip
            })
            .map(|&a| {
                (
                    a,
                    a.make::<UniformTree>(&Settings::default()).expect("built"),
                    Tally::default(),
                )
            })
            .collect();
        let check = shape.leaves() <= CLAIM_LEAVES;
        let mut claims = Claims::default();
        for number in 0..count as u64 {
            let tree = UniformTree::new(shape.branching, shape.depth, seed, number, shape.values);
            for (_, search, tally) in searches.iter_mut() {
                search.reset_stats();
                search.search(&tree, tree.root(), Window::FULL);
                tally.add(&search.stats());
            }
            if check {
                claims.add(&check_claims(&tree, tree.root()));
            }
        }
        groups.push(Group {
            name: match shape.values {
                Values::Wide => format!("b={} d={}", shape.branching, shape.depth),
                Values::ZeroOne => format!("b={} d={} 0/1", shape.branching, shape.depth),
            },
            shape: Some(*shape),
            tallies: searches.into_iter().map(|(a, _, t)| (a, t)).collect(),
            claims: check.then_some(claims),
            left_out,
        });
        progress(done + 1, shapes.len());
    }
    groups
}

/// `a / b` with three decimals, or `-` if `b` is zero.
fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        "-".to_string()
    } else {
        format!("{:.3}", a / b)
    }
}

/// The columns of a table row for one backend in one group.
fn row(group: &Group, algo: Algo, t: &Tally) -> Vec<String> {
    let own: Vec<String> = t
        .counters
        .iter()
        .map(|(c, s)| format!("{} {:.1}", c.name(), t.mean(*s)))
        .collect();
    let mut cells = vec![
        group.name.clone(),
        algo.name().to_string(),
        t.cases.to_string(),
        format!("{:.1}", t.mean(t.leaves)),
        format!("{:.1}", t.standard_error(t.leaves)),
        t.leaves.max.to_string(),
        format!("{:.1}", t.mean(t.nodes)),
        if own.is_empty() {
            "-".to_string()
        } else {
            own.join(", ")
        },
        group
            .mean_leaves(Algo::AlphaBeta)
            .map_or("-".to_string(), |ab| ratio(t.mean(t.leaves), ab)),
    ];
    if let Some(shape) = group.shape {
        cells.push(ratio(
            t.mean(t.leaves),
            minimal_leaves(shape.branching, shape.depth) as f64,
        ));
    }
    cells
}

/// The Markdown table of a comparison: per group and backend, the mean
/// (with its standard error) and largest leaves per case, mean nodes, the
/// backend's own counters, and leaves relative to alpha-beta (and to the
/// minimal tree on uniform trees).
pub fn markdown(groups: &[Group]) -> String {
    let trees = groups.iter().any(|g| g.shape.is_some());
    let mut header = vec![
        if trees { "tree" } else { "class" },
        "backend",
        "cases",
        "leaves mean",
        "± s.e.",
        "leaves max",
        "nodes mean",
        "own counters (mean)",
        "leaves / alphabeta",
    ];
    if trees {
        header.push("leaves / minimal tree");
    }
    let mut out = format!(
        "| {} |\n|{}\n",
        header.join(" | "),
        "---|".repeat(header.len())
    );
    for group in groups {
        for (algo, t) in &group.tallies {
            let _ = writeln!(out, "| {} |", row(group, *algo, t).join(" | "));
        }
        for (name, why) in &group.left_out {
            let _ = writeln!(
                out,
                "| {} | {name} | - | left out: {why} |{}",
                group.name,
                " |".repeat(header.len() - 4)
            );
        }
    }
    out
}

/// The same table as CSV (RFC 4180: fields with a comma or a quote are
/// quoted), with the shape split into columns.
pub fn csv(groups: &[Group]) -> String {
    let quote = |field: &str| {
        if field.contains([',', '"', '\n']) {
            format!("\"{}\"", field.replace('"', "\"\""))
        } else {
            field.to_string()
        }
    };
    let mut out = String::from(
        "group,branching,depth,values,backend,cases,leaves_mean,leaves_se,leaves_max,nodes_mean,nodes_max",
    );
    let counters = registry::counters();
    for counter in counters {
        let _ = write!(out, ",{}_mean", counter.name());
    }
    out.push('\n');
    for group in groups {
        for (algo, t) in &group.tallies {
            let (b, d, v) =
                group
                    .shape
                    .map_or((String::new(), String::new(), String::new()), |s| {
                        (
                            s.branching.to_string(),
                            s.depth.to_string(),
                            s.values.name().to_string(),
                        )
                    });
            let _ = write!(
                out,
                "{},{b},{d},{v},{},{},{:.3},{:.3},{},{:.3},{}",
                quote(&group.name),
                algo.name(),
                t.cases,
                t.mean(t.leaves),
                t.standard_error(t.leaves),
                t.leaves.max,
                t.mean(t.nodes),
                t.nodes.max
            );
            for counter in counters {
                match t.counters.iter().find(|(c, _)| c == counter) {
                    Some((_, s)) => {
                        let _ = write!(out, ",{:.3}", t.mean(*s));
                    }
                    None => out.push(','),
                }
            }
            out.push('\n');
        }
    }
    out
}

/// The claims over all groups that checked them, in words.
pub fn claims_text(groups: &[Group]) -> String {
    let mut total = Claims::default();
    for claims in groups.iter().filter_map(|g| g.claims) {
        total.add(&claims);
    }
    let mut out = String::new();
    if total.cases == 0 {
        return out;
    }
    let n = total.cases;
    let verdict = |bad: u64| if bad == 0 { "holds" } else { "FAILS" };
    if Algo::Sss.built() {
        let _ = writeln!(
            out,
            "- Stockman (1979): SSS* never evaluates a leaf alpha-beta skips. Here: {} (on {} of {n} cases SSS* evaluated such a leaf).",
            verdict(total.sss_outside_alphabeta),
            total.sss_outside_alphabeta
        );
    }
    if Algo::Sss.built() && Algo::MtSss.built() {
        let _ = writeln!(
            out,
            "- Plaat, Schaeffer, Pijls and de Bruin (1996): MT-SSS* evaluates exactly the leaves SSS* evaluates, in the same order. Here: {} (differences on {} of {n} cases).",
            verdict(total.mt_sss_unlike_sss),
            total.mt_sss_unlike_sss
        );
    }
    if Algo::NegaScout.built() {
        let _ = writeln!(
            out,
            "- Reinefeld (1983): NegaScout never evaluates a leaf alpha-beta skips (it may evaluate one twice). Here: {} (on {} of {n} cases NegaScout evaluated such a leaf).",
            verdict(total.negascout_outside_alphabeta),
            total.negascout_outside_alphabeta
        );
    }
    if Algo::NegaScout.built() && Algo::Sss.built() {
        let _ = writeln!(
            out,
            "- NegaScout and SSS*: neither dominates the other. Here: NegaScout evaluated fewer leaves than SSS* on {} of {n} cases, more on {}, as many on {}.",
            total.negascout_below_sss,
            total.negascout_above_sss,
            n - total.negascout_below_sss - total.negascout_above_sss
        );
    }
    out
}

/// The uniform-tree groups of branching `b` and values `values`, by
/// increasing depth.
fn depths_of(groups: &[Group], b: u32, values: Values) -> Vec<&Group> {
    let mut depths: Vec<&Group> = groups
        .iter()
        .filter(|g| {
            g.shape
                .is_some_and(|s| s.branching == b && s.values == values)
        })
        .collect();
    depths.sort_by_key(|g| g.shape.map(|s| s.depth));
    depths
}

/// The effective branching factor between depths `d - 2` and `d`,
/// (leaves(d) / leaves(d - 2))^(1/2), and its standard error (delta method).
fn factor(deep: &Tally, shallow: &Tally) -> Option<(f64, f64)> {
    let (a, b) = (deep.mean(deep.leaves), shallow.mean(shallow.leaves));
    if a <= 0.0 || b <= 0.0 {
        return None;
    }
    let r = (a / b).sqrt();
    let (sa, sb) = (
        deep.standard_error(deep.leaves) / a,
        shallow.standard_error(shallow.leaves) / b,
    );
    Some((r, r * 0.5 * (sa * sa + sb * sb).sqrt()))
}

/// What the literature states about uniform random trees, next to our
/// figures: the claims checked tree by tree, Knuth and Moore's minimal
/// tree, and Pearl's branching factor, measured at every depth as
/// (leaves(d) / leaves(d−2))^(1/2), with its standard error.
pub fn literature(groups: &[Group]) -> String {
    let mut out = claims_text(groups);
    let below_minimal: Vec<String> = groups
        .iter()
        .flat_map(|g| {
            let shape = g.shape;
            g.tallies.iter().filter_map(move |(a, t)| {
                let s = shape?;
                (t.leaves.sum < minimal_leaves(s.branching, s.depth) * t.cases)
                    .then(|| format!("{a} on {}", g.name))
            })
        })
        .collect();
    let _ = writeln!(
        out,
        "- Knuth and Moore (1975): no algorithm evaluates fewer leaves than the minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1. Here: {}.",
        if below_minimal.is_empty() {
            "no mean fell below it".to_string()
        } else {
            format!("below it: {}", below_minimal.join(", "))
        }
    );
    let _ = writeln!(
        out,
        "- Pearl (1980, 1982): on random uniform trees with continuous values the branching factor of alpha-beta, SCOUT and SSS* tends to ξ/(1−ξ), ξ the root of x^b + x − 1 = 0, which no directional algorithm beats; at finite depths the measured factor approaches it from above. Here, alpha-beta's (leaves(d) / leaves(d−2))^(1/2) at each depth d, ± one standard error (the noise of the sample of trees):\n"
    );
    let deepest = DEEPEST.iter().map(|&(_, d)| d).max().unwrap_or(0);
    let _ = write!(out, "| b | Pearl ξ/(1−ξ) |");
    for d in 4..=deepest {
        let _ = write!(out, " d={d} |");
    }
    let _ = writeln!(out, "\n|{}", "---|".repeat(2 + (4..=deepest).count()));
    for &(b, _) in &DEEPEST {
        let depths = depths_of(groups, b, Values::Wide);
        if depths.len() < 3 {
            continue;
        }
        let _ = write!(out, "| {b} | {:.3} |", pearl_branching_factor(b));
        for d in 4..=deepest {
            let at = |d| {
                depths
                    .iter()
                    .find(|g| g.shape.is_some_and(|s| s.depth == d))
            };
            let cell = match (
                at(d).and_then(|g| g.tally(Algo::AlphaBeta)),
                at(d - 2).and_then(|g| g.tally(Algo::AlphaBeta)),
            ) {
                (Some(x), Some(y)) => {
                    factor(x, y).map_or("-".to_string(), |(r, se)| format!("{r:.3} ± {se:.3}"))
                }
                _ => String::new(),
            };
            let _ = write!(out, " {cell} |");
        }
        out.push('\n');
    }
    out
}

/// One line of the figure: a backend's mean leaves over a base's.
#[derive(Clone, Copy)]
struct Line {
    legend: &'static str,
    colour: &'static str,
    dashed: bool,
    algo: Algo,
    /// The backend it is divided by; `None` for the minimal tree.
    base: Option<Algo>,
    values: Values,
}

impl Line {
    const fn new(
        legend: &'static str,
        colour: &'static str,
        algo: Algo,
        base: Option<Algo>,
        values: Values,
    ) -> Line {
        Line {
            legend,
            colour,
            dashed: false,
            algo,
            base,
            values,
        }
    }
}

/// The figure: leaves of SSS*, NegaScout and SCOUT relative to alpha-beta
/// (SSS* on both kinds of leaves), and alpha-beta relative to the minimal
/// tree, against depth; one panel per branching factor.
pub fn figure(groups: &[Group]) -> String {
    let lines = [
        Line::new(
            "sss / alphabeta",
            "#d62728",
            Algo::Sss,
            Some(Algo::AlphaBeta),
            Values::Wide,
        ),
        Line {
            dashed: true,
            ..Line::new(
                "sss / alphabeta, leaves 0 or 1",
                "#d62728",
                Algo::Sss,
                Some(Algo::AlphaBeta),
                Values::ZeroOne,
            )
        },
        Line::new(
            "negascout / alphabeta",
            "#9467bd",
            Algo::NegaScout,
            Some(Algo::AlphaBeta),
            Values::Wide,
        ),
        Line::new(
            "scout / alphabeta",
            "#1f77b4",
            Algo::Scout,
            Some(Algo::AlphaBeta),
            Values::Wide,
        ),
        Line::new(
            "alphabeta / minimal tree",
            "#444444",
            Algo::AlphaBeta,
            None,
            Values::Wide,
        ),
    ];
    let mut panels = Vec::new();
    for &(b, _) in &DEEPEST {
        let series: Vec<Series> = lines
            .iter()
            .filter_map(|line| {
                let Line {
                    legend,
                    colour,
                    dashed,
                    algo,
                    base,
                    values,
                } = *line;
                let depths = depths_of(groups, b, values);
                let points: Vec<(f64, f64)> = depths
                    .iter()
                    .filter_map(|g| {
                        let s = g.shape?;
                        let leaves = g.mean_leaves(algo)?;
                        let base = match base {
                            Some(other) => g.mean_leaves(other)?,
                            None => minimal_leaves(s.branching, s.depth) as f64,
                        };
                        Some((s.depth as f64, leaves / base))
                    })
                    .collect();
                (!points.is_empty()).then(|| Series {
                    name: legend.to_string(),
                    colour,
                    dashed,
                    points,
                })
            })
            .collect();
        if !series.is_empty() {
            panels.push(Panel {
                title: format!("branching {b}"),
                series,
            });
        }
    }
    small_multiples(
        "Leaves evaluated on uniform random trees, relative to alpha-beta (and alpha-beta relative to the minimal tree)",
        "depth",
        "ratio of mean leaves evaluated (log scale)",
        &panels,
        4,
        (0.25, 128.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_tree_and_pearl_factor() {
        assert_eq!(minimal_leaves(3, 4), 9 + 9 - 1);
        assert_eq!(minimal_leaves(2, 3), 4 + 2 - 1);
        // b = 2: x^2 + x - 1 = 0 gives the golden ratio.
        assert!((pearl_branching_factor(2) - 1.618_034).abs() < 1e-5);
    }

    #[test]
    fn tables_list_every_backend_and_group_and_the_claims_hold() {
        let algos = built_algos();
        let shapes: Vec<Shape> = (3..=5)
            .map(|depth| Shape {
                branching: 2,
                depth,
                values: Values::Wide,
            })
            .collect();
        let groups = compare_trees(&shapes, 3, 1, &algos, &mut |_, _| {});
        let table = markdown(&groups);
        assert_eq!(table.lines().count(), 2 + 3 * algos.len());
        assert!(table.contains("| b=2 d=3 | alphabeta | 3 |"));
        assert_eq!(csv(&groups).lines().count(), 1 + 3 * algos.len());
        let text = literature(&groups);
        assert!(
            text.contains("Knuth and Moore") && !text.contains("FAILS"),
            "{text}"
        );
        assert!(figure(&groups).contains("branching 2"));
    }

    #[test]
    fn fewer_samples_on_big_trees() {
        let shape = |b, d| Shape {
            branching: b,
            depth: d,
            values: Values::Wide,
        };
        assert_eq!(samples_for(&shape(2, 10), 20), 20);
        assert_eq!(samples_for(&shape(2, 18), 20), 5);
        assert_eq!(samples_for(&shape(8, 8), 20), 3);
        assert_eq!(samples_for(&shape(8, 8), 2), 2);
    }
}
