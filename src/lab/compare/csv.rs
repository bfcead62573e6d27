//! The comparison as CSV, the shape split into columns.

use super::Group;
use crate::search::registry;
use std::fmt::Write;

/// The same table as [`markdown`](super::markdown) as CSV (RFC 4180:
/// fields with a comma or a quote are quoted), with the shape split into
/// columns; the minimal tree's mean leaves and the efficiency come last
/// (the efficiency empty where the minimal tree has no leaf).
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
    out.push_str(",minimal_mean,efficiency\n");
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
            let minimal = group.minimal.mean();
            let _ = write!(out, ",{minimal:.3},");
            if minimal > 0.0 {
                let _ = write!(out, "{:.3}", t.mean(t.leaves) / minimal);
            }
            out.push('\n');
        }
    }
    out
}
