//! The anytime comparison's report: what was measured, the rates as
//! Markdown tables (or CSV), where deeper search chose worse, the
//! playouts plain UCT needs, and the figure.

use super::anytime::{Anytime, AnytimeGroup, Chooser, Curve};
use super::csv::quote;
use crate::answer::verify::thousands;
use crate::lab::svg::chart::{Panel, Series, YScale, small_multiples};
use std::fmt::Write;

/// What a right move is, and what the rates count, in the report's words.
pub const RIGHT: &str = "A move is right when it keeps the question's value, as the independent tablebase of `winmove verify` gives it: a winning move where x can force a win, else a move that keeps the draw where one exists, else (every move loses) any move. A question whose every move is right (every move loses, or every move keeps the same win or draw) asks nothing of a searcher: the `free` column counts those, and the rates leave them out. A rate is the fraction of the other questions on which the move was right, ± the standard error of the mean.";

/// The report: what was measured (`source`: where the questions came
/// from), then the tables, or the CSV alone if `csv_only`.
pub fn anytime_report(
    groups: &[AnytimeGroup],
    anytime: &Anytime,
    source: &str,
    csv_only: bool,
) -> String {
    if csv_only {
        return anytime_csv(groups);
    }
    let mut text = format!(
        "## The anytime question: how often the move played is right\n\n{source}. {RIGHT} MCTS searches the raw board tree (x to move, a child per empty square in row-major order), a fresh search per question and number of playouts N, seed {}, and plays the root's child it would play after N playouts: `mcts` is MCTS-Solver with the score bounds and decisive moves, `uct` plain UCT (solver and decisive moves off). Alpha-beta plays the square `winmove value --depth d --eval E` writes: the first, in row-major order, whose move attains the depth-d value (a fresh search per question and depth).\n",
        anytime.seed
    );
    let mcts = |c: &Curve| matches!(c.chooser, Chooser::Mcts { .. });
    if groups.iter().flat_map(|g| &g.curves).any(mcts) {
        text.push_str("\n### Monte Carlo tree search, after N playouts\n\n");
        text.push_str(&table(groups, &mcts, "N = "));
    }
    let searched = |c: &Curve| matches!(c.chooser, Chooser::AlphaBeta(_));
    if groups.iter().flat_map(|g| &g.curves).any(searched) {
        text.push_str("\n### Depth-limited alpha-beta, at depth d\n\n");
        text.push_str(&table(groups, &searched, "d = "));
        text.push_str("\n### Does deeper search choose better?\n\n");
        text.push_str(&pathology(groups));
    }
    let uct = |c: &&Curve| c.chooser == Chooser::Mcts { solver: false };
    if groups.iter().flat_map(|g| &g.curves).any(|c| uct(&c)) {
        text.push_str("\n### Plain UCT: the playouts it needs to play the right move reliably\n\n");
        text.push_str("Per question, the fewest playouts N of the table from which UCT plays a right move at every larger N of the table too; `never`: not right at the largest.\n\n");
        text.push_str("| set | asked | median | reliable by the largest N | never |\n|---|---:|---:|---:|---:|\n");
        for group in groups {
            let Some(curve) = group.curves.iter().find(uct) else {
                continue;
            };
            let mut from: Vec<Option<u64>> = curve.reliable_from();
            let never = from.iter().filter(|f| f.is_none()).count();
            // `None` (never) sorts first: put it last.
            from.sort_by_key(|f| f.map_or(u64::MAX, |n| n));
            let median = match from.get(from.len().saturating_sub(1) / 2) {
                Some(Some(n)) => thousands(*n),
                Some(None) => "never".to_string(),
                None => "-".to_string(),
            };
            let _ = writeln!(
                text,
                "| {} | {} | {median} | {} | {never} |",
                group.name,
                from.len(),
                from.len() - never
            );
        }
    }
    text
}

/// The rates of the curves `pick` takes: a row per set and chooser, a
/// column per step (headed `prefix` and the step).
fn table(groups: &[AnytimeGroup], pick: &dyn Fn(&Curve) -> bool, prefix: &str) -> String {
    let steps = groups
        .iter()
        .flat_map(|g| &g.curves)
        .find(|c| pick(c))
        .map_or(Vec::new(), |c| c.steps.clone());
    let mut text = String::from("| set | questions | free | searcher |");
    for &step in &steps {
        let _ = write!(text, " {prefix}{} |", thousands(step));
    }
    text.push_str("\n|---|---:|---:|---|");
    text.push_str(&"---:|".repeat(steps.len()));
    text.push('\n');
    for group in groups {
        for curve in group.curves.iter().filter(|c| pick(c)) {
            let _ = write!(
                text,
                "| {} | {} | {} | {} |",
                group.name,
                group.questions,
                group.free,
                curve.chooser.name()
            );
            for k in 0..curve.steps.len() {
                let rate = curve.rate(k);
                if rate.asked == 0 {
                    text.push_str(" - |");
                    continue;
                }
                let _ = write!(text, " {:.2} ± {:.2} |", rate.mean(), rate.standard_error());
            }
            text.push('\n');
        }
    }
    text
}

/// Where alpha-beta chose right less often at a depth than at the depth
/// before (Nau's pathology asks whether deeper search may choose worse).
fn pathology(groups: &[AnytimeGroup]) -> String {
    let mut text = String::new();
    let mut worse = 0;
    for group in groups {
        for curve in &group.curves {
            if !matches!(curve.chooser, Chooser::AlphaBeta(_)) {
                continue;
            }
            let falls: Vec<String> = (1..curve.steps.len())
                .filter(|&k| curve.rate(k).right < curve.rate(k - 1).right)
                .map(|k| {
                    format!(
                        "d = {} ({:.2}, against {:.2} at d = {})",
                        curve.steps[k],
                        curve.rate(k).mean(),
                        curve.rate(k - 1).mean(),
                        curve.steps[k - 1]
                    )
                })
                .collect();
            if !falls.is_empty() {
                worse += 1;
                let _ = writeln!(
                    text,
                    "- {}, {}: right less often at {}.",
                    group.name,
                    curve.chooser.name(),
                    falls.join("; ")
                );
            }
        }
    }
    if worse == 0 {
        text.push_str("In no set, with no evaluation, is alpha-beta right less often at a depth than at the depth before.\n");
    } else {
        text.insert_str(0, "Where alpha-beta is right less often at a depth than at the depth before (on the same questions; a fall within a standard error or two may be chance):\n\n");
    }
    text
}

/// The rates as CSV: a row per set, chooser and step (`rate` and `se`
/// empty where no question was asked).
fn anytime_csv(groups: &[AnytimeGroup]) -> String {
    let mut out = String::from("set,questions,free,searcher,step,right,asked,rate,se\n");
    for group in groups {
        for curve in &group.curves {
            for (k, step) in curve.steps.iter().enumerate() {
                let rate = curve.rate(k);
                let mean = match rate.asked {
                    0 => ",".to_string(),
                    _ => format!("{:.4},{:.4}", rate.mean(), rate.standard_error()),
                };
                let _ = writeln!(
                    out,
                    "{},{},{},{},{step},{},{},{mean}",
                    quote(&group.name),
                    group.questions,
                    group.free,
                    quote(&curve.chooser.name()),
                    rate.right,
                    rate.asked,
                );
            }
        }
    }
    out
}

/// The colour and dash of a chooser's line.
fn style(chooser: Chooser) -> (&'static str, bool) {
    match chooser {
        Chooser::Mcts { solver: true } => ("#d62728", false),
        Chooser::Mcts { solver: false } => ("#ff7f0e", true),
        Chooser::AlphaBeta(crate::game::eval::Eval::Lines) => ("#1f77b4", false),
        Chooser::AlphaBeta(crate::game::eval::Eval::Weighted) => ("#2ca02c", true),
    }
}

/// The figure: per set, a panel of MCTS's rates against the playouts (a
/// log scale) and one of alpha-beta's against the depth.
pub fn anytime_figure(groups: &[AnytimeGroup]) -> String {
    let mut panels = Vec::new();
    for group in groups {
        for (kind, mcts) in [("MCTS", true), ("alpha-beta", false)] {
            // A set whose every question is free has nothing to draw.
            let asked = group.questions > group.free;
            let curves: Vec<&Curve> = (group.curves.iter())
                .filter(|c| asked && matches!(c.chooser, Chooser::Mcts { .. }) == mcts)
                .collect();
            let Some(first) = curves.first() else {
                continue;
            };
            let x = |step: u64| {
                if mcts {
                    (step as f64).log10()
                } else {
                    step as f64
                }
            };
            let series = curves
                .iter()
                .map(|c| {
                    let (colour, dashed) = style(c.chooser);
                    Series {
                        name: c.chooser.name(),
                        colour,
                        dashed,
                        points: (0..c.steps.len())
                            .map(|k| (x(c.steps[k]), c.rate(k).mean()))
                            .collect(),
                    }
                })
                .collect();
            let ticks = first
                .steps
                .iter()
                .map(|&s| (x(s), if mcts { short(s) } else { s.to_string() }))
                .collect();
            panels.push(Panel {
                title: format!("{}: {kind}", group.name),
                series,
                ticks: Some(ticks),
            });
        }
    }
    small_multiples(
        "How often the move played is right: MCTS after N playouts, alpha-beta at depth d",
        "playouts N (log scale) or depth d",
        "fraction of questions whose move keeps the value",
        &panels,
        4,
        YScale::Linear(0.0, 1.0),
    )
}

/// A number of playouts in a tick's few characters: 10, 1k, 100k, 1M.
fn short(n: u64) -> String {
    match n {
        n if n >= 1_000_000 && n % 1_000_000 == 0 => format!("{}M", n / 1_000_000),
        n if n >= 1_000 && n % 1_000 == 0 => format!("{}k", n / 1_000),
        n => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::eval::Eval;

    #[test]
    fn the_report_and_the_figure_show_every_curve() {
        let curve = |chooser, steps: Vec<u64>, right: Vec<Vec<bool>>| Curve {
            chooser,
            steps,
            right,
        };
        let groups = [AnytimeGroup {
            name: "a <&> set".to_string(),
            questions: 3,
            free: 1,
            curves: vec![
                curve(
                    Chooser::Mcts { solver: false },
                    vec![10, 1_000],
                    vec![vec![false, true], vec![true, true]],
                ),
                curve(
                    Chooser::AlphaBeta(Eval::Lines),
                    vec![1, 2],
                    vec![vec![true, true], vec![true, false]],
                ),
            ],
        }];
        let anytime = Anytime {
            playouts: vec![10, 1_000],
            depth: 2,
            evals: vec![Eval::Lines],
            seed: 1,
        };
        let text = anytime_report(&groups, &anytime, "here", false);
        assert!(text.contains("| a <&> set | 3 | 1 | uct | 0.50 ± 0.50 | 1.00 ± 0.00 |"));
        assert!(text.contains("right less often at d = 2 (0.50, against 1.00 at d = 1)"));
        // The second question is right from 10 playouts, the first from 1,000.
        assert!(text.contains("| a <&> set | 2 | 10 | 2 | 0 |"), "{text}");
        let csv = anytime_report(&groups, &anytime, "here", true);
        assert_eq!(csv.lines().count(), 1 + 4);
        let figure = anytime_figure(&groups);
        crate::lab::svg::xml_check::well_formed(&figure).unwrap();
        assert!(figure.contains("a &lt;&amp;&gt; set: MCTS") && figure.contains(">1k<"));
    }
}
