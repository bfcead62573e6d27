//! `winmove tree --html`: one web page, needing nothing else, that steps
//! through each backend's search of each tree, one panel per backend.
//!
//! The page models no algorithm. Each backend searches the tree once with
//! its trace kept as events ([`crate::search::trace`]), the very events
//! `--trace` writes as lines; the events go into the page as JSON (written
//! here by hand), and its script (`page.js`) shows step N by replaying the
//! first N events on the tree drawn bare ([`crate::lab::svg::tree::stage`],
//! the layout of `--draw`). Step N is the N-th line of `--trace`, counted
//! from 1; `page.html#tree=1&algo=sss&step=17` opens there.

mod known;
mod outcome;
pub(crate) mod reserve;

use crate::lab::draw::events;
use crate::lab::svg::tree::{DrawError, EdgeLabels, Reserved, check_count, check_size, stage};
use crate::search::event::{Condition, Count, Event, Kind, Reason, STOCKMAN_CASE};
use crate::search::{Algo, Settings};
use crate::tree::recording::dewey;
use crate::tree::value::{Bound, Window};
use crate::tree::written::ExplicitTree;
use std::fmt::Write;

/// The page's style.
const STYLE: &str = include_str!("page.css");
/// The page's script, in one `<script>`: the replay and the panels
/// (`page.js`), the tree's view in its panel (`view.js`), trees one at a
/// time and panels side by side (`together.js`), practice, where the
/// learner predicts each step and the page checks it (`practice.js`),
/// MCTS's pane (`mcts.js`), and what starts it all, last, once every
/// function is defined (`start.js`).
const SCRIPT: [&str; 6] = [
    include_str!("page.js"),
    include_str!("view.js"),
    include_str!("together.js"),
    include_str!("practice.js"),
    include_str!("mcts.js"),
    include_str!("start.js"),
];
/// What each mark of the drawing means, drawn with the drawing's styles.
const LEGEND: &str = include_str!("legend.html");
/// Practice's style.
const PRACTICE_STYLE: &str = include_str!("practice.css");

/// The page: each tree (titled) searched by each backend, a panel each;
/// `labels` has each tree's edge labels (none, or the squares of a
/// board's moves). Sizes are checked as `--draw` checks them.
pub fn page(
    trees: &[(String, ExplicitTree)],
    labels: &[EdgeLabels],
    algos: &[Algo],
    settings: &Settings,
) -> Result<String, DrawError> {
    check_count(trees.len())?;
    for (title, tree) in trees {
        check_size(title, tree)?;
    }
    let mut data = String::from("[");
    let mut stages = String::new();
    for (number, (title, tree)) in trees.iter().enumerate() {
        if number > 0 {
            data.push(',');
        }
        let _ = write!(data, "\n{{\"title\":{},\"runs\":[", json(title));
        let mut reserved = Reserved::new();
        for (k, &algo) in algos.iter().enumerate() {
            if k > 0 {
                data.push(',');
            }
            let mut knowledge = known::Knowledge::new(tree);
            let trace = events(tree, algo, settings)?;
            reserve::reserve(&mut reserved, &trace);
            let steps: Vec<String> = (trace.iter())
                .zip(outcome::outcomes(&trace))
                .map(|(event, fail)| event_json(event, &knowledge.learn(event), fail))
                .collect();
            let _ = write!(
                data,
                "\n{{\"algo\":{},\"steps\":[\n{}]}}",
                json(algo.name()),
                steps.join(",\n")
            );
        }
        data.push_str("]}");
        let _ = writeln!(
            stages,
            "<template id=\"stage-{}\">{}</template>",
            number + 1,
            stage(
                tree,
                labels.get(number).unwrap_or(&EdgeLabels::new()),
                &reserved
            )
        );
    }
    data.push(']');
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>winmove: each search step by step</title>\n\
         <style>\n{STYLE}{PRACTICE_STYLE}</style>\n</head>\n<body>\n\
         <h1>Each search, step by step</h1>\n\
         <p class=\"help\">Each step is one line of <code>winmove tree --trace</code>. \
         Keys: &larr; &rarr; step, Home End first and last, space play or pause; \
         + and - zoom (or Ctrl and the wheel), 0 fits the tree, f follows the step's node; \
         drag the tree to pan. Side by side, lockstep moves the panels together, \
         by step or by leaves evaluated. Link to a step: \
         <code>#tree=1&amp;algo=sss&amp;step=17</code>, side by side in lockstep: \
         <code>#algo=sss&amp;step=17&amp;side=alphabeta&amp;lock=leaves</code>.</p>\n\
         {LEGEND}<p id=\"notice\" class=\"notice\" role=\"alert\" hidden></p>\n\
         <div id=\"trees\"></div>\n{stages}\
         <script type=\"application/json\" id=\"data\">\n{}\n</script>\n\
         <script>\n{}</script>\n</body>\n</html>\n",
        data.replace("</", "<\\/"),
        SCRIPT.concat()
    ))
}

/// An event as JSON: `p` its node's path (empty for the root), `k` its
/// kind, `t` its line, and what the kind carries (`w` a window, `v` a
/// value, `q` a pass's question (is the value at least `q`?), `f` and `n`
/// the children skipped, `c` and `s` the Γ case by the Polish and
/// Stockman's numbers, `o` OPEN as [path, S or L, merit], `pn` and `dn`
/// proof and disproof numbers or their thresholds, as traces write them),
/// and `b`, if any, the nodes of which it establishes more, with all that
/// is known of each now (`[["2.1", "≥7"]]`, [`known`]); for practice, a
/// cut's side (`max`), best value and bound, a TEST's side and a leaf's
/// answer to it (`holds`), and `fail`, `high` or `low`, at the event that
/// first settles its pass ([`outcome`]).
fn event_json(
    event: &Event,
    learnt: &[(Vec<u32>, known::Known)],
    fail: Option<outcome::Outcome>,
) -> String {
    let mut out = format!("{{\"p\":{},", json(&path_key(&event.path)));
    let window = |w: &Window| json(&w.to_string());
    let value = |v: &i32| json(&Bound(*v).to_string());
    let count = |n: &u64| json(&Count(*n).to_string());
    let fields = match &event.kind {
        Kind::Enter { max, window: w } => {
            format!("\"k\":\"enter\",\"max\":{max},\"w\":{}", window(w))
        }
        Kind::Leaf(v) | Kind::EvalLeaf(v) => format!("\"k\":\"leaf\",\"v\":{}", value(v)),
        Kind::TestLeaf(_, v, holds) => {
            format!("\"k\":\"leaf\",\"v\":{},\"holds\":{holds}", value(v))
        }
        Kind::Cut(Condition { max, best, bound }, skipped) => format!(
            "\"k\":\"cut\",\"f\":{},\"n\":{},\"max\":{max},\"best\":{},\"bound\":{}",
            skipped.first,
            skipped.count,
            value(best),
            value(bound)
        ),
        Kind::TestCut(skipped) => format!(
            "\"k\":\"testcut\",\"f\":{},\"n\":{}",
            skipped.first, skipped.count
        ),
        Kind::Returns(v) => format!("\"k\":\"returns\",\"v\":{}", value(v)),
        Kind::Settled(v, reason) => {
            let table = *reason == Reason::Table;
            format!("\"k\":\"settled\",\"v\":{},\"table\":{table}", value(v))
        }
        Kind::Pass(number, w) => format!(
            "\"k\":\"pass\",\"n\":{number},\"w\":{},\"q\":{}",
            window(w),
            value(&w.beta)
        ),
        Kind::NullWindow(v, again) => {
            let again = again.as_ref().map_or("null".to_string(), window);
            format!("\"k\":\"null\",\"v\":{},\"w\":{again}", value(v))
        }
        Kind::Eval(max) => format!("\"k\":\"eval\",\"max\":{max}"),
        Kind::Evaluated(v) => format!("\"k\":\"evaluated\",\"v\":{}", value(v)),
        Kind::Test(question, max) => format!(
            "\"k\":\"test\",\"v\":{},\"rel\":{},\"max\":{max}",
            value(&question.against),
            json(&question.relation.to_string())
        ),
        Kind::Tested(_, holds) => format!("\"k\":\"tested\",\"holds\":{holds}"),
        Kind::Open { step, case, states } => {
            let stockman = case.map_or("null".to_string(), |c| {
                STOCKMAN_CASE[c as usize].to_string()
            });
            let case = case.map_or("null".to_string(), |c| c.to_string());
            let open: Vec<String> = (states.iter())
                .map(|(path, solved, h)| {
                    let status = if *solved { "S" } else { "L" };
                    format!("[{},\"{status}\",{}]", json(&path_key(path)), value(h))
                })
                .collect();
            format!(
                "\"k\":\"open\",\"n\":{step},\"c\":{case},\"s\":{stockman},\"o\":[{}]",
                open.join(",")
            )
        }
        Kind::Numbers(pn, dn, returns) => format!(
            "\"k\":\"numbers\",\"pn\":{},\"dn\":{},\"returns\":{returns}",
            count(pn),
            count(dn)
        ),
        Kind::MostProving => "\"k\":\"mpn\"".to_string(),
        // Shown as a value settled: what the search returns, at the root.
        Kind::Concluded(v, _) => format!("\"k\":\"settled\",\"v\":{},\"table\":false", value(v)),
        Kind::Iteration(number) => format!("\"k\":\"iteration\",\"n\":{number}"),
        Kind::Selected(score, visits) => {
            let score = score.map_or("null".to_string(), |s| json(&s.to_string()));
            format!("\"k\":\"selected\",\"ucb\":{score},\"n\":{visits}")
        }
        Kind::Expanded(count) => format!("\"k\":\"expanded\",\"n\":{count}"),
        Kind::Playout(moves) => {
            let leaf = [&event.path[..], moves].concat();
            format!("\"k\":\"playout\",\"leaf\":{}", json(&path_key(&leaf)))
        }
        Kind::Backed(visits, mean, lo, hi) => format!(
            "\"k\":\"backed\",\"n\":{visits},\"mean\":{},\"lo\":{},\"hi\":{}",
            json(&mean.to_string()),
            value(lo),
            value(hi)
        ),
        Kind::Thresholds(pn, dn) => format!(
            "\"k\":\"thresholds\",\"pn\":{},\"dn\":{}",
            count(pn),
            count(dn)
        ),
    };
    if !learnt.is_empty() {
        let learnt: Vec<String> = (learnt.iter())
            .map(|(path, known)| {
                format!("[{},{}]", json(&path_key(path)), json(&known.to_string()))
            })
            .collect();
        let _ = write!(out, "\"b\":[{}],", learnt.join(","));
    }
    if let Some(fail) = fail {
        let _ = write!(out, "\"fail\":\"{}\",", fail.word());
    }
    let _ = write!(out, "{fields},\"t\":{}}}", json(&event.to_string()));
    out
}

/// A path as the page keys nodes: empty for the root, else `2.1`.
fn path_key(path: &[u32]) -> String {
    if path.is_empty() {
        String::new()
    } else {
        dewey(path)
    }
}

/// `text` as a JSON string.
fn json(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_what_html_and_json_need() {
        assert_eq!(json("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(
            json("-3 <= -2</script>"),
            r#""-3 \u003c= -2\u003c/script\u003e""#
        );
        assert_eq!(json("\n"), r#""\u000a""#);
    }
}
