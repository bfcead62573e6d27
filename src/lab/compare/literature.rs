//! What the literature states, in words, next to what the comparison measured.

use super::claims::Claims;
use super::group::Group;
use super::markdown::cell;
use super::tally::Tally;
use super::trees::{DEEPEST, depths_of, minimal_leaves, pearl_branching_factor};
use crate::search::Algo;
use crate::tree::uniform::Values;
use std::fmt::Write;

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
        "- Pearl (1980, 1982) for SCOUT and alpha-beta, Roizen and Pearl (1983) for SSS*: on random uniform trees with continuous values their branching factor tends to ξ/(1−ξ), ξ the root of x^b + x − 1 = 0, which no directional algorithm beats; at finite depths the measured factor approaches it from above. Here, alpha-beta's (leaves(d) / leaves(d−2))^(1/2) at each depth d, ± one standard error (the noise of the sample of trees):\n"
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

/// The depth-limited groups beside Plaat, Schaeffer, Pijls and de Bruin
/// (1996), one row per group: the spread of mean leaves between the
/// backends they compared (with the fewest and the most, or `all tie`),
/// MTD(f)'s leaves
/// relative to aspiration NegaScout, each MT driver's passes per
/// iteration, and iterative-deepening alpha-beta's leaves relative to
/// MT-SSS*'s (the columns of backends this build lacks are `-`).
pub fn depth_literature(groups: &[Group]) -> String {
    let mut out = String::from(
        "| group | spread of leaves (fewest, most) | mtdf / negascout | passes per iteration: mt-sss, mt-dual, mtdf | alphabeta / mt-sss |\n|---|---|---|---|---|\n",
    );
    let ratio = |g: &Group, a: Algo, b: Algo| match (g.mean_leaves(a), g.mean_leaves(b)) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.3}", a / b),
        _ => "-".to_string(),
    };
    for g in groups.iter().filter(|g| g.limit.is_some()) {
        let spread = g.spread().map_or("-".to_string(), |(s, fewest, most)| {
            if s == 0.0 {
                "0.0% (all tie)".to_string()
            } else {
                format!("{:.1}% ({fewest}, {most})", 100.0 * s)
            }
        });
        let passes: Vec<String> = [Algo::MtSss, Algo::MtDual, Algo::Mtdf]
            .iter()
            .map(|&a| {
                g.passes_per_iteration(a)
                    .map_or("-".to_string(), |p| format!("{p:.1}"))
            })
            .collect();
        let _ = writeln!(
            out,
            "| {} | {spread} | {} | {} | {} |",
            cell(&g.name),
            ratio(g, Algo::Mtdf, Algo::NegaScout),
            passes.join(", "),
            ratio(g, Algo::AlphaBeta, Algo::MtSss)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::eval::Eval;
    use crate::lab::compare::depth::SPREAD_OVER;
    use crate::lab::compare::group::{Limit, Minimal};
    use crate::lab::compare::tally::Tally;
    use crate::search::Stats;

    /// A depth-limited group where the backends of the spread evaluate
    /// `leaves` each.
    fn group(leaves: [u64; 5]) -> Group {
        let tallies = SPREAD_OVER
            .iter()
            .zip(leaves)
            .map(|(&algo, leaves)| {
                let mut stats = Stats::default();
                (stats.leaves, stats.nodes) = (leaves, leaves);
                let mut tally = Tally::default();
                tally.add(&stats);
                (algo, tally)
            })
            .collect();
        Group {
            name: "g".to_string(),
            shape: None,
            tallies,
            claims: None,
            left_out: Vec::new(),
            minimal: Minimal::default(),
            limit: Some(Limit {
                depth: 1,
                eval: Eval::Lines,
                aspiration: 1,
            }),
        }
    }

    #[test]
    fn a_spread_names_the_fewest_and_the_most_or_says_all_tie() {
        let spread = |leaves| {
            let table = depth_literature(&[group(leaves)]);
            table
                .lines()
                .nth(2)
                .unwrap()
                .split(" | ")
                .nth(1)
                .unwrap()
                .to_string()
        };
        assert_eq!(spread([4, 4, 4, 4, 4]), "0.0% (all tie)");
        assert_eq!(spread([4, 2, 4, 5, 4]), "150.0% (negascout, mt-dual)");
    }

    /// SSS*'s branching factor is Roizen and Pearl's (1983); Pearl's own
    /// papers (1980, 1982) are SCOUT's and alpha-beta's.
    #[test]
    fn each_branching_factor_is_cited_to_its_paper() {
        let text = literature(&[]);
        let pearl = text
            .lines()
            .find(|line| line.contains("ξ/(1−ξ), ξ the root"))
            .expect("the branching factor's claim");
        assert!(
            pearl.starts_with(
                "- Pearl (1980, 1982) for SCOUT and alpha-beta, Roizen and Pearl (1983) for SSS*:"
            ),
            "{pearl}"
        );
    }
}
