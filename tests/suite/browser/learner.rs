//! What a learner sees in the page, driven through its own controls: a
//! copy of the page with a probe script steps every panel from first to
//! last with its "next" button, then asks for the solution, and writes
//! what each node shows; the test checks it against the trace's lines and
//! a plain minimax written here.

use super::{headless, trace, unescape};
use std::collections::BTreeMap;
use std::path::Path;

/// A script the test adds to a copy of the page: it steps each panel
/// through with its own "next" button, writing at each step the text in
/// every node that shows one (`step<TAB>algo<TAB>path=text|...`), then
/// asks for the solution and writes every node's text once more (step
/// `solution`), all into `<pre id="probe">` for `--dump-dom`.
const PROBE: &str = r#"<script>
(() => {
  const out = [];
  const text = (g, c) => { const t = g.querySelector(c); return t ? t.textContent : ""; };
  const shown = (panel) => [...panel.querySelectorAll("g.node")]
    .map((g) => [g.dataset.path, text(g, ".value"), text(g, ".returned"), text(g, ".cut")])
    .filter((n) => n[1] + n[2] + n[3] !== "")
    .map((n) => n[0] + "=" + n.slice(1).join(";")).join("|");
  document.querySelectorAll(".panel").forEach((panel) => {
    const algo = panel.dataset.algo;
    const next = panel.querySelector("button[title=next]");
    panel.querySelector("button[title='first step']").click();
    for (;;) {
      out.push(panel.dataset.step + "\t" + algo + "\t" + shown(panel));
      const before = panel.dataset.step;
      next.click();
      if (panel.dataset.step === before) break;
    }
    const solution = panel.querySelector(".solution input");
    if (solution) solution.click();
    out.push("solution\t" + algo + "\t" + shown(panel));
  });
  const legend = document.getElementById("legend");
  out.push("legend\t" + (legend && legend.offsetHeight > 0 ? legend.innerText.replace(/\s+/g, " ") : ""));
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = out.join("\n");
  document.body.appendChild(pre);
})();
</script>
"#;

/// Every node of a tree in brackets (integer leaves), by the page's key
/// (`""` the root, `2.1`): its value by plain minimax (the root MAX) and
/// whether it is a leaf.
pub(super) fn solve(text: &str) -> BTreeMap<String, (i64, bool)> {
    fn node(
        text: &[u8],
        at: &mut usize,
        path: String,
        max: bool,
        out: &mut BTreeMap<String, (i64, bool)>,
    ) -> i64 {
        let leaf = text[*at] != b'[';
        let value = if leaf {
            let end = (*at..text.len())
                .find(|&i| matches!(text[i], b',' | b']'))
                .unwrap_or(text.len());
            let v = std::str::from_utf8(&text[*at..end]).unwrap();
            *at = end;
            v.parse().unwrap()
        } else {
            let mut values = Vec::new();
            while text[*at] != b']' {
                *at += 1;
                let k = values.len() + 1;
                let child = if path.is_empty() {
                    k.to_string()
                } else {
                    format!("{path}.{k}")
                };
                values.push(node(text, at, child, !max, out));
            }
            *at += 1;
            let pick = if max {
                values.iter().max()
            } else {
                values.iter().min()
            };
            *pick.unwrap()
        };
        out.insert(path, (value, leaf));
        value
    }
    let mut out = BTreeMap::new();
    node(
        text.trim().as_bytes(),
        &mut 0,
        String::new(),
        true,
        &mut out,
    );
    out
}

/// What a node's text claims of its value: `6` is `("=", 6)`, `≥2 <7` is
/// `("≥", 2)` and `("<", 7)`.
fn claims(text: &str) -> Vec<(&str, i64)> {
    (text.split_whitespace())
        .map(|claim| {
            let op = ["≥", "≤", ">", "<"]
                .into_iter()
                .find(|op| claim.starts_with(op))
                .unwrap_or("=");
            let v = claim.strip_prefix(op).unwrap_or(claim);
            (op, v.parse().unwrap_or_else(|_| panic!("{text}")))
        })
        .collect()
}

/// Whether `value` is `op` `bound`.
fn holds(value: i64, op: &str, bound: i64) -> bool {
    match op {
        "≥" => value >= bound,
        "≤" => value <= bound,
        ">" => value > bound,
        "<" => value < bound,
        _ => value == bound,
    }
}

/// The words and numbers of a trace line.
fn tokens(line: &str) -> Vec<&str> {
    (line.split(|c: char| c.is_whitespace() || ",():".contains(c)))
        .filter(|t| !t.is_empty())
        .collect()
}

/// Whether the first `n` lines of the trace have established something
/// of `value` at `node` (a key: `""` the root): a line of the node's
/// with the number (a proof-number line proving or disproving with the
/// number in its pass's line); for SSS*, a row with the node solved at
/// that merit, the root with it as a merit (OPEN's top bounds the root),
/// or a case-1 row that evaluated the node, a leaf.
fn established(lines: &[String], n: usize, sss: bool, node: &str, value: i64) -> bool {
    let name = if node.is_empty() { "root" } else { node };
    let number = value.to_string();
    if sss {
        return (0..n).any(|k| {
            let row: Vec<&str> = lines[k].split_whitespace().collect();
            let states = row[2..].iter().map(|s| s.split(',').collect::<Vec<_>>());
            let solved_at = states
                .clone()
                .any(|s| s[0] == name && s[1] == "S" && s[2] == number);
            let merit = name == "root" && states.clone().any(|s| s[2] == number);
            let evaluated = k > 0
                && row[1] == "1"
                && lines[k - 1]
                    .split_whitespace()
                    .nth(2)
                    .unwrap()
                    .split(',')
                    .next()
                    == Some(name);
            solved_at || merit || evaluated
        });
    }
    let mut pass: Option<&str> = None;
    for line in &lines[..n] {
        let line = line.trim();
        if line.starts_with("pass ") {
            pass = Some(line);
            continue;
        }
        let Some(what) = line.strip_prefix(&format!("{name}: ")) else {
            continue;
        };
        if tokens(what).contains(&number.as_str()) {
            return true;
        }
        let proof = what.contains("pn 0,") || what.ends_with("dn 0");
        if proof && pass.is_some_and(|p| tokens(p).contains(&number.as_str())) {
            return true;
        }
    }
    false
}

/// The node a trace line names (the key: `""` the root), and the rest;
/// none for a pass's line.
fn named(line: &str) -> Option<(&str, &str)> {
    let (name, what) = line.trim().split_once(": ")?;
    if line.trim().starts_with("pass ") {
        return None;
    }
    Some((if name == "root" { "" } else { name }, what))
}

/// Whether `node` is `root` or below it (keys, `""` the root).
fn within(node: &str, root: &str) -> bool {
    root.is_empty() || node == root || node.starts_with(&format!("{root}."))
}

/// Whether what `node` shows it returned comes from its latest search:
/// a line of its after the last pass and after the last line that began
/// a search of it or above it (a window entered, SCOUT's EVAL or TEST).
fn returned_since_searched(lines: &[String], node: &str) -> bool {
    let began = |line: &String| {
        line.trim().starts_with("pass ")
            || named(line).is_some_and(|(at, what)| {
                within(node, at)
                    && (what.starts_with("MAX (")
                        || what.starts_with("MIN (")
                        || what.starts_with("EVAL MAX")
                        || what.starts_with("EVAL MIN")
                        || (what.starts_with("TEST ") && what.contains(" at M")))
            })
    };
    let from = lines.iter().rposition(began).map_or(0, |k| k + 1);
    lines[from..]
        .iter()
        .any(|l| named(l).is_some_and(|(at, _)| at == node))
}

/// Whether a cut skipped `node` (the first child it skipped) and no line
/// since concerns `node` or a node below it.
fn skipped_since(lines: &[String], node: &str) -> bool {
    let Some(k) = lines.iter().rposition(|l| {
        named(l).is_some_and(|(_, what)| {
            what.contains(&format!("skips 1 child ({node})"))
                || what.contains(&format!("children ({node}-"))
        })
    }) else {
        return false;
    };
    !lines[k + 1..]
        .iter()
        .any(|l| named(l).is_some_and(|(at, _)| within(at, node)))
}

/// Steps every backend's panel of `page` (searches of `tree`) through
/// with the page's own buttons: the legend is shown and names every mark;
/// no node shows a value, or a bound, before
/// the trace's line that establishes it, and each is true of the value;
/// nothing is shown at step 1; each search but a proof-number one ends
/// with the root's value; the solution shows every node's value; no node
/// shows what it returned in an earlier search of it (an MT pass, SCOUT's
/// TEST before its EVAL), nor a cut skipping it once it is searched.
pub(super) fn values_appear_when_established(
    browser: &Path,
    dir: &Path,
    page: &Path,
    tree: &str,
    algos: &[&str],
) {
    let probe = dir.join("probe.html");
    let html = std::fs::read_to_string(page).unwrap();
    std::fs::write(&probe, html.replace("</body>", &format!("{PROBE}</body>"))).unwrap();
    let url = format!("file://{}", probe.display());
    let profile = dir.join("profile-probe");
    let (dom, console) = headless(browser, &profile, &url, &["--dump-dom"]);
    assert!(!console.contains("Uncaught"), "{console}");
    let at = dom.find("<pre id=\"probe\">").expect("the probe ran") + 16;
    let report = unescape(&dom[at..at + dom[at..].find("</pre>").unwrap()]);
    // The legend is shown, and explains every mark.
    let legend = (report.lines())
        .find_map(|l| l.strip_prefix("legend\t"))
        .unwrap_or("");
    let marks = [
        "MAX node",
        "MIN node",
        "a bound",
        "solution",
        "visited",
        "this step",
        "evaluated",
        "order",
        "greyed",
        "cut",
        "window",
        "returned",
        "proof and disproof numbers",
    ];
    for mark in marks {
        assert!(
            legend.contains(mark),
            "the legend says nothing of {mark}: {legend}"
        );
    }
    let truth = solve(tree);
    let root = truth[""].0;
    for algo in algos {
        let lines = trace(tree, algo);
        let sss = *algo == "sss";
        let rows: Vec<(&str, &str)> = (report.lines())
            .filter_map(|l| {
                let mut parts = l.split('\t');
                let (step, of) = (parts.next().unwrap(), parts.next().unwrap());
                (of == *algo).then(|| (step, parts.next().unwrap_or("")))
            })
            .collect();
        assert_eq!(rows.len(), lines.len() + 1, "{algo}: {report}");
        for &(step, shown) in &rows {
            // Each node that shows anything: its value, what it returned, its cut.
            let nodes: Vec<[&str; 4]> = (shown.split('|'))
                .filter(|s| !s.is_empty())
                .map(|s| {
                    let (node, rest) = s.split_once('=').unwrap();
                    let mut texts = rest.split(';');
                    [
                        node,
                        texts.next().unwrap(),
                        texts.next().unwrap(),
                        texts.next().unwrap(),
                    ]
                })
                .collect();
            let values: Vec<(&str, &str)> = (nodes.iter())
                .filter(|n| !n[1].is_empty())
                .map(|n| (n[0], n[1]))
                .collect();
            if step == "solution" {
                let all: BTreeMap<&str, i64> = (truth.iter())
                    .map(|(node, (v, _))| (node.as_str(), *v))
                    .collect();
                let seen: BTreeMap<&str, i64> = (values.iter())
                    .map(|&(node, text)| (node, text.parse().unwrap()))
                    .collect();
                assert_eq!(seen, all, "{algo}: the solution");
                continue;
            }
            let n: usize = step.parse().unwrap();
            if n == 1 {
                assert!(values.is_empty(), "{algo} at step 1 shows {shown}");
            }
            for &(node, text) in &values {
                for (op, bound) in claims(text) {
                    let value = truth[node].0;
                    assert!(
                        holds(value, op, bound),
                        "{algo} step {n}: {node} shows {text}, but its value is {value}"
                    );
                    assert!(
                        established(&lines, n, sss, node, bound),
                        "{algo} step {n}: {node} shows {text} before the trace says so"
                    );
                }
            }
            for [node, _, returned, cut] in &nodes {
                if !returned.is_empty() {
                    assert!(
                        returned_since_searched(&lines[..n], node),
                        "{algo} step {n}: {node} shows {returned}, from an earlier search of it"
                    );
                }
                if !cut.is_empty() {
                    assert!(
                        skipped_since(&lines[..n], node),
                        "{algo} step {n}: {node} shows {cut}, but it was searched since"
                    );
                }
            }
            if n == lines.len() && !matches!(*algo, "pns" | "dfpn") {
                let at_root = values.iter().find(|(node, _)| node.is_empty());
                assert_eq!(
                    at_root.map(|r| r.1),
                    Some(root.to_string().as_str()),
                    "{algo}: its last step"
                );
            }
        }
    }
}
