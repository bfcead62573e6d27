//! The comparison as a Markdown table.

use super::group::{Group, Minimal};
use super::tally::Tally;
use super::trees::minimal_leaves;
use crate::search::Algo;
use std::fmt::Write;

/// `a / b` with three decimals, or `-` if `b` is zero.
fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        "-".to_string()
    } else {
        format!("{:.3}", a / b)
    }
}

/// `text` as a table cell's text: a `|` or a line break (a file name may
/// hold them) would end the cell or the row, so they are escaped, as are
/// backslashes and the other control characters (`a\|b`, `a\nb`).
pub(super) fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// The columns of a table row for one backend in one group.
fn row(group: &Group, algo: Algo, t: &Tally) -> Vec<String> {
    let own: Vec<String> = t
        .counters
        .iter()
        .map(|(c, s)| format!("{} {:.1}", c.name(), t.mean(*s)))
        .collect();
    let mut cells = vec![
        cell(&group.name),
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
            .mean_leaves(group.base())
            .map_or("-".to_string(), |base| ratio(t.mean(t.leaves), base)),
    ];
    if group.limit.is_some() {
        cells.push(
            group
                .mean_nodes(group.base())
                .map_or("-".to_string(), |base| ratio(t.mean(t.nodes), base)),
        );
        cells.push(
            group
                .passes_per_iteration(algo)
                .map_or("-".to_string(), |p| format!("{p:.1}")),
        );
    }
    if let Some(shape) = group.shape {
        // Knuth and Moore's count holds for a fixed branching factor only.
        if shape.ragged {
            cells.push("-".to_string());
        } else {
            cells.push(ratio(
                t.mean(t.leaves),
                minimal_leaves(shape.branching, shape.depth) as f64,
            ));
        }
    }
    cells.push(efficiency(t, &group.minimal));
    cells
}

/// The efficiency of `t`: its mean leaves over the mean of the minimal
/// trees, or what happened where that is no number: a minimal tree not
/// worked out (`?`, and why), or none with a leaf (every result proven
/// without one), which a backend matched or not.
fn efficiency(t: &Tally, minimal: &Minimal) -> String {
    match (minimal.mean(), minimal.unworked) {
        (Some(mean), _) if mean > 0.0 => format!("{:.3}", t.mean(t.leaves) / mean),
        (Some(_), _) if t.leaves.sum == 0 => "none needed, none evaluated".to_string(),
        (Some(_), _) => "∞ (none needed)".to_string(),
        (None, Some(unworked)) => format!("? (minimal tree {unworked})"),
        (None, None) => unreachable!("a mean is unknown only if a tree was not worked out"),
    }
}

/// Whether no backend searched any case of `group`: the enhancements
/// answered every one before a search began.
fn unsearched(group: &Group) -> bool {
    (group.tallies.iter()).all(|(_, t)| t.nodes.sum == 0 && t.leaves.sum == 0)
}

/// The Markdown table of a comparison: per group and backend, the mean
/// (with its standard error) and largest leaves per case, mean nodes, the
/// backend's own counters, and leaves relative to alpha-beta (and to the
/// minimal tree on uniform trees by Knuth and Moore's count, which assumes
/// distinct values), and the efficiency: mean leaves over the mean leaves
/// of the cases' minimal trees, worked out exactly. Depth-limited groups
/// are measured against aspiration NegaScout instead of alpha-beta, in
/// leaves and in nodes, with the MT drivers' passes per iteration.
pub fn markdown(groups: &[Group]) -> String {
    let trees = groups.iter().any(|g| g.shape.is_some());
    let limited = groups.iter().any(|g| g.limit.is_some());
    let base = groups.first().map_or(Algo::AlphaBeta, Group::base);
    let leaves_to_base = format!("leaves / {base}");
    let nodes_to_base = format!("nodes / {base}");
    let mut header = vec![
        if trees { "tree" } else { "class" },
        "backend",
        "cases",
        "leaves mean",
        "± s.e.",
        "leaves max",
        "nodes mean",
        "own counters (mean)",
        &leaves_to_base,
    ];
    if limited {
        header.extend([nodes_to_base.as_str(), "passes per iteration"]);
    }
    if trees {
        header.push("leaves / minimal tree");
    }
    header.push("efficiency (leaves / minimal)");
    let mut out = format!(
        "| {} |\n|{}\n",
        header.join(" | "),
        "---|".repeat(header.len())
    );
    for group in groups {
        if let Some((_, t)) = group.tallies.first().filter(|_| unsearched(group)) {
            let _ = writeln!(
                out,
                "| {} | every backend | {} | no search: the enhancements answered every case before one began |{}",
                cell(&group.name),
                t.cases,
                " |".repeat(header.len() - 4)
            );
        } else {
            for (algo, t) in &group.tallies {
                let _ = writeln!(out, "| {} |", row(group, *algo, t).join(" | "));
            }
        }
        for (name, why) in &group.left_out {
            let _ = writeln!(
                out,
                "| {} | {name} | - | left out: {why} |{}",
                cell(&group.name),
                " |".repeat(header.len() - 4)
            );
        }
    }
    out
}
