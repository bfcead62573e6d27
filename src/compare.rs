//! What each backend costs, measured by its own counters: the tables and
//! the figure of `winmove compare` and BENCHMARKS.md.

use crate::board::Board;
use crate::board::Mark;
use crate::explicit::ExplicitTree;
use crate::gen::{uniform_tree, Rng};
use crate::position::{BoardNode, BoardTree, Enhancements, Position};
use crate::search::{Algo, Counter, Search, Settings, Stats};
use crate::solver::Solver;
use crate::svg::{small_multiples, Panel, Series};
use crate::value::Window;
use std::fmt::Write;

/// Sum and largest of a per-case count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spread {
    /// Sum over the cases.
    pub sum: u64,
    /// Largest single case.
    pub max: u64,
}

impl Spread {
    fn add(&mut self, x: u64) {
        self.sum += x;
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
    /// Nodes visited.
    pub nodes: Spread,
    /// The backend's own counters.
    pub counters: Vec<(Counter, Spread)>,
}

impl Tally {
    fn add(&mut self, stats: &Stats) {
        self.cases += 1;
        self.leaves.add(stats.leaves);
        self.nodes.add(stats.nodes);
        for (name, value) in stats.counters() {
            match self.counters.iter_mut().find(|(n, _)| *n == name) {
                Some((_, spread)) => spread.add(value),
                None => {
                    let mut spread = Spread::default();
                    spread.add(value);
                    self.counters.push((name, spread));
                }
            }
        }
    }

    /// Mean of a spread over the cases.
    pub fn mean(&self, spread: Spread) -> f64 {
        spread.sum as f64 / self.cases.max(1) as f64
    }
}

/// A group of cases (a board class or a tree shape) and each backend's tally.
#[derive(Clone, Debug)]
pub struct Group {
    /// The class or shape.
    pub name: String,
    /// For uniform trees: branching and depth.
    pub shape: Option<(usize, usize)>,
    /// Per backend.
    pub tallies: Vec<(&'static Algo, Tally)>,
    /// Cases where SSS* evaluated more leaves than alpha-beta.
    pub sss_above_alphabeta: u64,
}

impl Group {
    fn tally(&self, name: &str) -> Option<&Tally> {
        self.tallies
            .iter()
            .find(|(a, _)| a.name == name)
            .map(|(_, t)| t)
    }
}

/// The backends this build has.
pub fn built_algos() -> Vec<&'static Algo> {
    Algo::built().collect()
}

/// Knuth and Moore's minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
pub fn minimal_leaves(branching: usize, depth: usize) -> u64 {
    let b = branching as u64;
    b.pow(depth.div_ceil(2) as u32) + b.pow((depth / 2) as u32) - 1
}

/// Pearl's asymptotic branching factor of alpha-beta (and SCOUT) on random
/// uniform trees with continuous leaf values: ξ/(1−ξ), ξ the positive root
/// of x^b + x − 1 = 0.
pub fn pearl_branching_factor(branching: usize) -> f64 {
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
/// enhancements. A backend keeps its memory (a transposition table)
/// across the boards of a class, as it does across the boards of an input.
pub fn compare_boards(
    classes: &[(String, Vec<Board>)],
    enhancements: Enhancements,
    algos: &[&'static Algo],
    task: Task,
) -> Vec<Group> {
    let tree = BoardTree::new(enhancements);
    classes
        .iter()
        .map(|(name, boards)| {
            let tallies = algos
                .iter()
                .filter_map(|&algo| {
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
                                let root = BoardNode::root(Position {
                                    board,
                                    to_move: Mark::X,
                                });
                                solver.search_mut().search(&tree, root, Window::FULL);
                            }
                        }
                        tally.add(&solver.search().stats());
                    }
                    Some((algo, tally))
                })
                .collect();
            Group {
                name: name.clone(),
                shape: None,
                tallies,
                sss_above_alphabeta: 0,
            }
        })
        .collect()
}

/// The uniform shapes of the grid: branching 2-8, depth 2-8, at most
/// `max_leaves` leaves a tree.
pub fn tree_grid(max_leaves: u64) -> Vec<(usize, usize)> {
    let mut shapes = Vec::new();
    for branching in 2..=8usize {
        for depth in 2..=8usize {
            if (branching as u64).pow(depth as u32) <= max_leaves {
                shapes.push((branching, depth));
            }
        }
    }
    shapes
}

/// Every backend of `algos` on `samples` uniform random trees of each
/// shape (leaf values drawn from a wide range, so ties are rare).
pub fn compare_trees(
    shapes: &[(usize, usize)],
    samples: usize,
    seed: u64,
    algos: &[&'static Algo],
) -> Vec<Group> {
    let mut rng = Rng::new(seed);
    shapes
        .iter()
        .map(|&(branching, depth)| {
            let mut tallies: Vec<(&'static Algo, Tally)> =
                algos.iter().map(|&a| (a, Tally::default())).collect();
            let mut sss_above_alphabeta = 0;
            for _ in 0..samples {
                let text = uniform_tree(&mut rng, branching, depth, -1_000_000, 1_000_000);
                let tree = ExplicitTree::parse(&text).expect("generated trees parse");
                let mut leaves = Vec::new();
                for (algo, tally) in tallies.iter_mut() {
                    let Some(mut backend) = algo.make::<ExplicitTree>(&Settings::default()) else {
                        continue;
                    };
                    backend.search(&tree, tree.root(), Window::FULL);
                    let stats = backend.stats();
                    leaves.push((algo.name, stats.leaves));
                    tally.add(&stats);
                }
                let of = |a: &str| leaves.iter().find(|(x, _)| *x == a).map(|(_, l)| *l);
                if let (Some(s), Some(ab)) = (of("sss"), of("alphabeta")) {
                    sss_above_alphabeta += (s > ab) as u64;
                }
            }
            Group {
                name: format!("b={branching} d={depth}"),
                shape: Some((branching, depth)),
                tallies,
                sss_above_alphabeta,
            }
        })
        .collect()
}

/// The uniform-tree groups of branching `b`, by increasing depth.
fn depths_of(groups: &[Group], b: usize) -> Vec<&Group> {
    let mut depths: Vec<&Group> = groups
        .iter()
        .filter(|g| g.shape.is_some_and(|(gb, _)| gb == b))
        .collect();
    depths.sort_by_key(|g| g.shape.map(|(_, d)| d));
    depths
}

/// `a / b` with three decimals, or `-` if `b` is zero.
fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        "-".to_string()
    } else {
        format!("{:.3}", a / b)
    }
}

/// The Markdown table of a comparison: per group and backend, the mean and
/// largest counts per case, and leaves relative to alpha-beta (and to the
/// minimal tree on uniform trees).
pub fn markdown(groups: &[Group]) -> String {
    let trees = groups.iter().any(|g| g.shape.is_some());
    let mut out = String::new();
    let _ = write!(
        out,
        "| {} | backend | cases | leaves mean | leaves max | nodes mean | nodes max | cutoffs mean | cutoffs max | own counters (mean) | leaves / alphabeta |",
        if trees { "tree" } else { "class" }
    );
    out.push_str(if trees {
        " leaves / minimal tree |\n"
    } else {
        "\n"
    });
    let columns = if trees { 12 } else { 11 };
    out.push_str(&format!("|{}\n", "---|".repeat(columns)));
    for group in groups {
        let alphabeta = group.tally("alphabeta").map(|t| t.mean(t.leaves));
        for (algo, t) in &group.tallies {
            let cutoffs = t
                .counters
                .iter()
                .find(|(n, _)| *n == Counter::Cutoffs)
                .map(|(_, s)| *s);
            let own: Vec<String> = t
                .counters
                .iter()
                .filter(|(n, _)| *n != Counter::Cutoffs)
                .map(|(n, s)| format!("{} {:.1}", n.name(), t.mean(*s)))
                .collect();
            let _ = write!(
                out,
                "| {} | {} | {} | {:.1} | {} | {:.1} | {} | {} | {} | {} | {} |",
                group.name,
                algo.name,
                t.cases,
                t.mean(t.leaves),
                t.leaves.max,
                t.mean(t.nodes),
                t.nodes.max,
                cutoffs.map_or("-".to_string(), |c| format!("{:.1}", t.mean(c))),
                cutoffs.map_or("-".to_string(), |c| c.max.to_string()),
                if own.is_empty() {
                    "-".to_string()
                } else {
                    own.join(", ")
                },
                alphabeta.map_or("-".to_string(), |ab| ratio(t.mean(t.leaves), ab)),
            );
            if let Some((b, d)) = group.shape {
                let _ = write!(
                    out,
                    " {} |",
                    ratio(t.mean(t.leaves), minimal_leaves(b, d) as f64)
                );
            }
            out.push('\n');
        }
    }
    out
}

/// What the literature states about uniform random trees, next to our
/// figures: Stockman's dominance, Knuth and Moore's minimal tree, and
/// Pearl's branching factor, measured from the two deepest depths of each
/// branching factor as (leaves(d) / leaves(d−2))^(1/2).
pub fn literature(groups: &[Group]) -> String {
    let mut out = String::new();
    let trees: u64 = groups
        .iter()
        .filter_map(|g| g.tally("alphabeta"))
        .map(|t| t.cases)
        .sum();
    let above: u64 = groups.iter().map(|g| g.sss_above_alphabeta).sum();
    let below_minimal = groups.iter().any(|g| {
        let (b, d) = g.shape.unwrap_or((1, 0));
        g.tallies.iter().any(|(_, t)| {
            t.cases > 0
                && (t.leaves.sum as f64) < minimal_leaves(b, d) as f64 * t.cases as f64 - 0.5
        })
    });
    if groups.iter().any(|g| g.tally("sss").is_some()) {
        let _ = writeln!(
            out,
            "- Stockman (1979): SSS* never evaluates a leaf alpha-beta skips, so never more leaves. Here: SSS* evaluated more leaves than alpha-beta on {above} of {trees} trees."
        );
    }
    let _ = writeln!(
        out,
        "- Knuth and Moore (1975): no algorithm evaluates fewer leaves than the minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1. Here: {} mean fell below it.",
        if below_minimal { "some" } else { "no" }
    );
    let _ = writeln!(
        out,
        "- Pearl (1980, 1982): on random uniform trees alpha-beta's and SCOUT's branching factor tends to ξ/(1−ξ), ξ the root of x^b + x − 1 = 0, which no algorithm beats. Here, measured as (leaves(d) / leaves(d−2))^(1/2) at the deepest depths:\n"
    );
    let algos: Vec<&Algo> = groups
        .first()
        .map(|g| g.tallies.iter().map(|(a, _)| *a).collect())
        .unwrap_or_default();
    let shown: Vec<&Algo> = algos.into_iter().filter(|a| a.name != "minimax").collect();
    let _ = write!(out, "| b | depths | Pearl ξ/(1−ξ) |");
    for a in &shown {
        let _ = write!(out, " {} |", a.name);
    }
    let _ = writeln!(
        out,
        " b (no pruning) |\n|{}",
        "---|".repeat(shown.len() + 4)
    );
    for b in 2..=8usize {
        let depths = depths_of(groups, b);
        if depths.len() < 3 {
            continue;
        }
        let (deep, shallow) = (depths[depths.len() - 1], depths[depths.len() - 3]);
        let (d1, d0) = (deep.shape.unwrap().1, shallow.shape.unwrap().1);
        let _ = write!(
            out,
            "| {b} | {d0}→{d1} | {:.3} |",
            pearl_branching_factor(b)
        );
        for a in &shown {
            let factor = match (deep.tally(a.name), shallow.tally(a.name)) {
                (Some(x), Some(y)) if y.leaves.sum > 0 => {
                    format!(
                        "{:.3}",
                        (x.mean(x.leaves) / y.mean(y.leaves)).powf(1.0 / (d1 - d0) as f64)
                    )
                }
                _ => "-".to_string(),
            };
            let _ = write!(out, " {factor} |");
        }
        let _ = writeln!(out, " {b} |");
    }
    out
}

/// The figure: leaves of SSS*, SCOUT and the one-bound form relative to
/// alpha-beta, and alpha-beta relative to the minimal tree, against depth,
/// one panel per branching factor.
pub fn figure(groups: &[Group]) -> String {
    let lines: [(&str, &str, &str, bool); 4] = [
        ("sss / alphabeta", "#d62728", "sss", false),
        ("scout / alphabeta", "#1f77b4", "scout", false),
        (
            "alphabeta-shallow / alphabeta",
            "#2ca02c",
            "alphabeta-shallow",
            false,
        ),
        ("alphabeta / minimal tree", "#444444", "alphabeta", true),
    ];
    let mut panels = Vec::new();
    for b in 2..=8usize {
        let depths = depths_of(groups, b);
        if depths.is_empty() {
            continue;
        }
        let series = lines
            .iter()
            .filter(|(_, _, algo, _)| depths[0].tally(algo).is_some())
            .map(|&(name, colour, algo, vs_minimal)| Series {
                name: name.to_string(),
                colour,
                points: depths
                    .iter()
                    .filter_map(|g| {
                        let (gb, d) = g.shape?;
                        let t = g.tally(algo)?;
                        let base = if vs_minimal {
                            minimal_leaves(gb, d) as f64
                        } else {
                            g.tally("alphabeta").map(|ab| ab.mean(ab.leaves))?
                        };
                        Some((d as f64, t.mean(t.leaves) / base))
                    })
                    .collect(),
            })
            .collect();
        panels.push(Panel {
            title: format!("branching {b}"),
            series,
        });
    }
    small_multiples(
        "Leaves evaluated on uniform random trees, relative to alpha-beta (and alpha-beta relative to the minimal tree)",
        "depth",
        "ratio of mean leaves evaluated (log scale)",
        &panels,
        4,
        (0.5, 32.0),
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
    fn tables_list_every_backend_and_group() {
        let algos = built_algos();
        let groups = compare_trees(&[(2, 3), (2, 4), (2, 5)], 3, 1, &algos);
        let table = markdown(&groups);
        assert_eq!(table.lines().count(), 2 + 3 * algos.len());
        assert!(table.contains("| b=2 d=3 | alphabeta | 3 |"));
        let text = literature(&groups);
        assert!(text.contains("Knuth and Moore"));
        assert!(figure(&groups).contains("branching 2"));
    }
}
