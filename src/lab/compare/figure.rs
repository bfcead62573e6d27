//! The figures of the comparison, drawn as SVG line charts: on uniform
//! trees, leaves relative to alpha-beta against depth; at a depth limit,
//! leaves relative to aspiration NegaScout against depth.

use super::depth::SPREAD_OVER;
use super::group::Group;
use super::group::{BASELINE, Limit};
use super::trees::{DEEPEST, depths_of, minimal_leaves};
use crate::game::eval::Eval;
use crate::lab::svg::chart::{Panel, Series, YScale, small_multiples};
use crate::search::Algo;
use crate::tree::uniform::Values;

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
                ticks: None,
            });
        }
    }
    small_multiples(
        "Leaves evaluated on uniform random trees, relative to alpha-beta (and alpha-beta relative to the minimal tree)",
        "depth",
        "ratio of mean leaves evaluated (log scale)",
        &panels,
        4,
        YScale::Log2(0.25, 128.0),
    )
}

/// Colours of the depth-limited figure's lines, by backend.
const DEPTH_COLOURS: [(Algo, &str); 4] = [
    (Algo::AlphaBeta, "#444444"),
    (Algo::MtSss, "#d62728"),
    (Algo::MtDual, "#ff7f0e"),
    (Algo::Mtdf, "#2ca02c"),
];

/// The depth-limited figure: for each position set and evaluation, a
/// panel of the mean leaves (summed over the iterations 1 to d) of the
/// backends Plaat et al. compared, and of the minimal tree, relative to
/// aspiration NegaScout's, against the depth d; a row per evaluation.
/// `guided`: whether the moves were ordered between iterations (the
/// title says which).
pub fn depth_figure(groups: &[Group], guided: bool) -> String {
    // The position set of a group: its name before the evaluation.
    let set_of = |g: &Group, limit: Limit| {
        let suffix = format!(" {} d={}", limit.eval, limit.depth);
        g.name.strip_suffix(&suffix).unwrap_or(&g.name).to_string()
    };
    let mut sets: Vec<String> = Vec::new();
    for g in groups {
        if let Some(limit) = g.limit {
            let set = set_of(g, limit);
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
    }
    // A row per evaluation, a column per position set.
    let panels: Vec<Panel> = Eval::ALL
        .iter()
        .flat_map(|&eval| sets.iter().map(move |set| (eval, set)))
        .map(|(eval, set)| {
            let of_panel: Vec<&Group> = groups
                .iter()
                .filter(|g| {
                    g.limit
                        .is_some_and(|l| l.eval == eval && set_of(g, l) == *set)
                })
                .collect();
            let points = |leaves: &dyn Fn(&Group) -> Option<f64>| -> Vec<(f64, f64)> {
                of_panel
                    .iter()
                    .filter_map(|g| {
                        let base = g.mean_leaves(BASELINE).filter(|&b| b > 0.0)?;
                        Some((g.limit?.depth as f64, leaves(g)? / base))
                    })
                    .collect()
            };
            let mut series: Vec<Series> = SPREAD_OVER
                .iter()
                .filter(|&&a| a != BASELINE)
                .filter_map(|&algo| {
                    let colour = DEPTH_COLOURS.iter().find(|(a, _)| *a == algo)?.1;
                    let points = points(&|g| g.mean_leaves(algo));
                    (!points.is_empty()).then(|| Series {
                        name: format!("{algo} / {BASELINE}"),
                        colour,
                        dashed: false,
                        points,
                    })
                })
                .collect();
            let minimal = points(&|g| g.minimal.mean());
            if !minimal.is_empty() {
                series.push(Series {
                    name: format!("minimal tree / {BASELINE} (transposed positions counted again)"),
                    colour: "#1f77b4",
                    dashed: true,
                    points: minimal,
                });
            }
            Panel {
                title: format!("{set}, {eval}"),
                series,
                ticks: None,
            }
        })
        .filter(|p| !p.series.is_empty())
        .collect();
    let order = if guided {
        "moves ordered by the last depth's best moves"
    } else {
        "moves in the tree's own order"
    };
    small_multiples(
        &format!(
            "Leaves under iterative deepening to depth d, relative to aspiration {BASELINE} ({order})"
        ),
        "depth d",
        "ratio of mean leaves summed over depths 1 to d (log scale)",
        &panels,
        sets.len().max(1),
        YScale::Log2(0.125, 16.0),
    )
}
