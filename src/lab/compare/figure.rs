//! The figure of the comparison: leaves relative to alpha-beta against depth, drawn as SVG line charts.

use super::Group;
use super::trees::{DEEPEST, depths_of, minimal_leaves};
use crate::lab::svg::chart::{Panel, Series, small_multiples};
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
