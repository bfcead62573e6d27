//! The comparison as CSV, the shape split into columns.

use super::group::Group;
use crate::answer::value::{HINT_BEST, HINTED};
use crate::search::registry;
use std::fmt::Write;

/// The same table as [`markdown`](super::markdown) as CSV (RFC 4180:
/// fields with a comma or a quote are quoted), with the shape split into
/// columns; the minimal tree's mean leaves and the efficiency come last
/// (the efficiency empty where the minimal tree has no leaf, both where a
/// case's minimal tree was not worked out). Depth-limited
/// groups fill `depth` with the depth reached and `values` with the
/// evaluation, and end with their ratios to aspiration NegaScout, the
/// MT drivers' passes per iteration, and the dynamic move ordering's
/// hinted and hint-best counts (each empty where none).
pub fn csv(groups: &[Group]) -> String {
    let limited = groups.iter().any(|g| g.limit.is_some());
    let mut out = String::from(
        "group,branching,depth,values,backend,cases,leaves_mean,leaves_se,leaves_max,nodes_mean,nodes_max",
    );
    let counters = registry::counters();
    for counter in counters {
        let _ = write!(out, ",{}_mean", counter.name());
    }
    out.push_str(",minimal_mean,efficiency");
    if limited {
        let base = super::group::BASELINE.name().replace('-', "_");
        let _ = write!(
            out,
            ",leaves_to_{base},nodes_to_{base},passes_per_iteration,{}_mean,{}_mean",
            HINTED.name(),
            HINT_BEST.name().replace('-', "_")
        );
    }
    out.push('\n');
    for group in groups {
        for (algo, t) in &group.tallies {
            let (b, d, v) = match (group.shape, group.limit) {
                (Some(s), _) => (
                    s.branching.to_string(),
                    s.depth.to_string(),
                    s.values.name().to_string(),
                ),
                (None, Some(l)) => (String::new(), l.depth.to_string(), l.eval.to_string()),
                (None, None) => (String::new(), String::new(), String::new()),
            };
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
            match group.minimal.mean() {
                Some(minimal) => {
                    let _ = write!(out, ",{minimal:.3},");
                    if minimal > 0.0 {
                        let _ = write!(out, "{:.3}", t.mean(t.leaves) / minimal);
                    }
                }
                None => out.push_str(",,"),
            }
            if limited {
                let to_base = |mine: f64, base: Option<f64>| match base {
                    Some(base) if base > 0.0 => format!("{:.3}", mine / base),
                    _ => String::new(),
                };
                let _ = write!(
                    out,
                    ",{},{},{}",
                    to_base(t.mean(t.leaves), group.mean_leaves(group.base())),
                    to_base(t.mean(t.nodes), group.mean_nodes(group.base())),
                    group
                        .passes_per_iteration(*algo)
                        .map_or(String::new(), |p| format!("{p:.3}"))
                );
                for counter in [HINTED, HINT_BEST] {
                    out.push(',');
                    if let Some((_, s)) = t.counters.iter().find(|(c, _)| *c == counter) {
                        let _ = write!(out, "{:.3}", t.mean(*s));
                    }
                }
            }
            out.push('\n');
        }
    }
    out
}

/// A CSV field as RFC 4180 writes it: quoted if it holds a comma, a quote
/// or a line end.
pub(super) fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
