//! Practice in the page, as a learner does it: a probe script added to a
//! copy of the page starts practice on every backend's panel and answers
//! each question with the page's own buttons, fields and the drawing's
//! nodes, from answers this test reads off `winmove tree --trace` (never
//! from the page's JSON): once all right, once with one answer wrong.
//! Then the leaf-marking exercise, filled in right and then with one leaf
//! wrong; and "next tree". One page load for it all.

use super::learner::solve;
use super::{headless, trace, unescape, write_page};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::Path;

/// The probe: `ANSWERS` (written by the test before it) maps each
/// backend to `"step:kind"` -> `[input, value]` and to its exercise
/// (`never`: the leaves never evaluated, `values`: what inner nodes
/// return). It writes a line per question answered (`q<TAB>algo<TAB>run<TAB>
/// number<TAB>kind<TAB>step<TAB>shown<TAB>verdict<TAB>step told`), one per
/// summary, one per exercise check, and one for next tree; and, before
/// it answers an MCTS question the first time round, what the question
/// shows (`ucb<TAB>algo<TAB>step<TAB>given<TAB>rows`, a row's cells
/// joined by `|`, rows by `;`).
const PROBE: &str = r##"<script>
(() => {
  const out = [];
  const clickNode = (panel, p) => panel.querySelector("g.node[data-path=\"" + p + "\"]")
    .dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const answerOne = (panel, q, answer, wrong) => {
    const [type, value] = answer;
    if (type === "choice") {
      const options = [...q.querySelectorAll("button.option")];
      const pick = options.find((b) => (b.dataset.answer === value) !== wrong);
      pick.click();
    } else if (type === "node") {
      let p = value;
      if (wrong) p = [...panel.querySelectorAll("g.node")].map((g) => g.dataset.path).find((x) => x !== value);
      clickNode(panel, p);
    } else if (type === "nodes") {
      if (!wrong) value.forEach((p) => clickNode(panel, p));
      q.querySelector("button.check").click();
    } else if (type === "pair") {
      q.querySelector(".first input").value = wrong ? "12345" : value[0];
      q.querySelector(".second input").value = value[1];
      q.querySelector("button.check").click();
    } else if (type === "state") {
      clickNode(panel, value[0]);
      const status = wrong ? (value[1] === "S" ? "L" : "S") : value[1];
      q.querySelector("button.option[data-answer=\"" + status + "\"]").click();
    }
  };
  const practise = (panel, run, wrongAt) => {
    const algo = panel.dataset.algo;
    const table = ANSWERS[algo].steps;
    panel.querySelector(".practice button.practise").click();
    for (let guard = 0; guard < 10000; guard++) {
      const q = panel.querySelector(".practice .question");
      if (!q) break;
      const number = Number(q.dataset.number);
      const key = q.dataset.step + ":" + q.dataset.kind;
      const shown = panel.dataset.step;
      const answer = table[key];
      // What an MCTS question shows the learner, before it is answered.
      if (q.dataset.kind === "ucb" && run === "right") {
        const rows = [...q.querySelectorAll("table.ucb tr")].slice(1)
          .map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent).join("|"));
        out.push(["ucb", algo, q.dataset.step, q.querySelector(".given").textContent, rows.join(";")].join("\t"));
      }
      if (!answer) {
        out.push(["q", algo, run, number, q.dataset.kind, q.dataset.step, shown, "unknown", ""].join("\t"));
        break;
      }
      answerOne(panel, q, answer, number === wrongAt);
      const f = panel.querySelector(".practice .feedback");
      out.push(["q", algo, run, number, q.dataset.kind, q.dataset.step, shown,
        f ? f.dataset.verdict : "none", f ? f.dataset.step : ""].join("\t"));
    }
    const s = panel.querySelector(".practice .summary");
    const first = s && s.querySelector(".first-mistake");
    out.push(["summary", algo, run, s ? s.dataset.right : "", s ? s.dataset.asked : "",
      first ? first.dataset.step : ""].join("\t"));
  };
  const exercise = (panel, flip) => {
    const algo = panel.dataset.algo;
    const want = ANSWERS[algo].exercise;
    panel.querySelector(".practice button.exercise").click();
    const shown = panel.dataset.step;
    panel.querySelectorAll(".practice input[data-leaf]").forEach((box, k) => {
      box.checked = want.never.includes(box.dataset.leaf) !== (flip && k === 0);
    });
    // A click on a leaf in the drawing marks it too: unmark the first
    // leaf by the checkbox, mark it back by the drawing.
    const first = panel.querySelector(".practice input[data-leaf]");
    if (!flip && first) {
      first.checked = !first.checked;
      first.dispatchEvent(new Event("change"));
      clickNode(panel, first.dataset.leaf);
    } else if (first) {
      first.dispatchEvent(new Event("change"));
    }
    const inputs = panel.querySelectorAll(".practice input[data-inner]");
    inputs.forEach((input) => { input.value = want.values[input.dataset.inner] || ""; });
    panel.querySelector(".practice .exercise-form button.check").click();
    const r = panel.querySelector(".practice .result");
    out.push(["exercise", algo, flip ? "flipped" : "right", shown, inputs.length,
      r ? r.dataset.verdict : "none", r ? r.textContent : ""].join("\t"));
  };
  document.querySelectorAll("#tree-1 .panel").forEach((panel) => {
    const tab = [...document.querySelectorAll("#tree-1 .tabs button")].find((b) => b.textContent === panel.dataset.algo);
    tab.click();
    practise(panel, "right", -1);
    const asked = Number(panel.querySelector(".practice .summary").dataset.asked);
    panel.querySelector(".practice .summary button.retry").click();
    // The retry starts over; this time one answer, the middle one, wrong.
    const again = panel.querySelector(".practice .question");
    panel.querySelector(".practice button.stop").click();
    out.push(["retry", panel.dataset.algo, again ? again.dataset.number : ""].join("\t"));
    practise(panel, "wrong", Math.ceil(asked / 2));
    exercise(panel, false);
    exercise(panel, true);
  });
  const first = document.querySelector("#tree-1 .panel[data-algo=alphabeta]");
  document.querySelector("#tree-1 .tabs button").click();
  first.querySelector(".practice button.practise").click();
  first.querySelector(".practice button.next-tree").click();
  const next = document.querySelector("#tree-2 .panel[data-algo=alphabeta]");
  out.push(["next", next.classList.contains("active") ? "active" : "hidden",
    next.classList.contains("practising") ? "practising" : "not",
    next.querySelector(".practice .question") ? "asked" : "none",
    first.classList.contains("practising") ? "still" : "left"].join("\t"));
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = out.join("\n");
  document.body.appendChild(pre);
})();
</script>
"##;

/// A trace's node name as the page keys it (`root` is "").
fn key(name: &str) -> String {
    if name == "root" {
        String::new()
    } else {
        name.to_string()
    }
}

/// A value as traces write it, as a number (`+oo` beyond `inf`).
fn bound(text: &str) -> i64 {
    let (inf, oo) = (1i64 << 30, (1i64 << 30) + 1);
    match text {
        "+oo" => oo,
        "-oo" => -oo,
        "inf" => inf,
        "-inf" => -inf,
        "inf-1" => inf - 1,
        "-inf+1" => 1 - inf,
        v => v.parse().unwrap_or_else(|_| panic!("a value: {v}")),
    }
}

/// `(a, b)` as `[a, b]`.
fn window(text: &str) -> [String; 2] {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (a, b) = inner.split_once(", ").unwrap();
    [a.to_string(), b.to_string()]
}

/// `s` as a JSON string (trace words need no escapes).
fn js(s: &str) -> String {
    format!("\"{s}\"")
}

/// What the trace's lines say, as the test reads them: the answer to
/// every question a step could be asked (`"step:kind"` -> `[input,
/// value]`), and the steps the page must ask about (kind, step).
struct Answers {
    table: BTreeMap<String, String>,
    must: BTreeSet<(String, usize)>,
    /// The leaves evaluated, the value each node returned last.
    evaluated: BTreeSet<String>,
    returned: BTreeMap<String, String>,
}

/// The children of `node` in `tree` (as [`solve`] keys it), in order.
fn children(tree: &BTreeMap<String, (i64, bool)>, node: &str) -> Vec<String> {
    let child = |k: usize| match node {
        "" => k.to_string(),
        _ => format!("{node}.{k}"),
    };
    (1..)
        .map(child)
        .take_while(|c| tree.contains_key(c))
        .collect()
}

/// A node's parent, as the page keys nodes.
fn parent(node: &str) -> &str {
    node.rsplit_once('.').map_or("", |(p, _)| p)
}

/// Reads `lines` (`algo`'s trace of `tree`) for `Answers`.
fn answers(lines: &[String], algo: &str, tree: &BTreeMap<String, (i64, bool)>) -> Answers {
    let (sss, proof, mcts) = (
        algo == "sss",
        matches!(algo, "pns" | "dfpn"),
        algo == "mcts",
    );
    let mut a = Answers {
        table: BTreeMap::new(),
        must: BTreeSet::new(),
        evaluated: BTreeSet::new(),
        returned: BTreeMap::new(),
    };
    let put = |table: &mut BTreeMap<String, String>, n: usize, kind: &str, value: String| {
        table.insert(format!("{n}:{kind}"), value);
    };
    if sss {
        for n in 2..=lines.len() {
            let row: Vec<&str> = lines[n - 1].split_whitespace().collect();
            put(
                &mut a.table,
                n,
                "case",
                format!("[\"choice\",{}]", js(row[1])),
            );
            a.must.insert(("case".into(), n));
            if let Some(first) = row.get(2) {
                let state: Vec<&str> = first.split(',').collect();
                let value = format!("[\"state\",[{},{}]]", js(&key(state[0])), js(state[1]));
                put(&mut a.table, n, "popped", value);
                a.must.insert(("popped".into(), n));
            }
            // Case 1 evaluates the leaf popped: the first state of the row before.
            if row[1] == "1" {
                let popped = lines[n - 2].split_whitespace().nth(2).unwrap();
                a.evaluated.insert(key(popped.split(',').next().unwrap()));
            }
        }
        return a;
    }
    let mut pass: Option<[String; 2]> = None;
    let mut settled = false;
    for n in 1..=lines.len() {
        let line = lines[n - 1].trim();
        if let Some(rest) = line.strip_prefix("pass ") {
            let w = window(rest.split_once(", window ").unwrap().1);
            if !proof {
                put(
                    &mut a.table,
                    n,
                    "pass",
                    format!("[\"pair\",[{},{}]]", js(&w[0]), js(&w[1])),
                );
                a.must.insert(("pass".into(), n));
            }
            pass = Some(w);
            settled = false;
            continue;
        }
        // MCTS's `iteration N`, like a pass, names no node.
        let Some((name, what)) = line.split_once(": ") else {
            assert!(line.starts_with("iteration "), "{line}");
            continue;
        };
        let node = key(name);
        let node_js = js(&node);
        if what.starts_with("leaf ") || what.starts_with("EVAL: leaf ") || what.contains(": leaf ")
        {
            a.evaluated.insert(node.clone());
            // MCTS's leaves end random playouts: nothing to predict.
            if !proof && !mcts {
                put(&mut a.table, n, "leaf", format!("[\"node\",{node_js}]"));
                a.must.insert(("leaf".into(), n));
            }
        }
        if let Some(w) = what.strip_prefix("MAX ").or(what.strip_prefix("MIN ")) {
            if !proof && !node.is_empty() {
                let w = window(w);
                put(
                    &mut a.table,
                    n,
                    "window",
                    format!("[\"pair\",[{},{}]]", js(&w[0]), js(&w[1])),
                );
                a.must.insert(("window".into(), n));
            }
        }
        if let Some(rest) = what.strip_prefix("thresholds ") {
            let (pn, dn) = rest.split_once(", ").unwrap();
            let (pn, dn) = (
                pn.trim_start_matches("pn < "),
                dn.trim_start_matches("dn < "),
            );
            if !node.is_empty() {
                put(
                    &mut a.table,
                    n,
                    "thresholds",
                    format!("[\"pair\",[{},{}]]", js(pn), js(dn)),
                );
                a.must.insert(("thresholds".into(), n));
            }
        }
        // MCTS: the child selection takes, asked where there is a choice.
        if what.starts_with("selected, ") {
            put(&mut a.table, n, "ucb", format!("[\"node\",{node_js}]"));
            if children(tree, parent(&node)).len() > 1 {
                a.must.insert(("ucb".into(), n));
            }
        }
        if what == "most-proving" {
            put(&mut a.table, n, "mpn", format!("[\"node\",{node_js}]"));
            a.must.insert(("mpn".into(), n));
        }
        // A TEST's answer at an inner node: `2: TEST > 2: true`.
        if what.starts_with("TEST ")
            && (what.ends_with(": true") || what.ends_with(": false"))
            && !what.contains("leaf")
        {
            let holds = what.rsplit(": ").next().unwrap();
            put(
                &mut a.table,
                n,
                "test",
                format!("[\"choice\",{}]", js(holds)),
            );
            a.must.insert(("test".into(), n));
        }
        // After a child: a cut at its parent, a search again, or on.
        let cut = what.starts_with("cut, ") || what.starts_with("TEST settled");
        let again = what.contains("search again with");
        let next = if cut {
            "cut"
        } else if again {
            "again"
        } else {
            "next"
        };
        put(
            &mut a.table,
            n,
            "next",
            format!("[\"choice\",{}]", js(next)),
        );
        // SCOUT: whether EVAL follows the TEST of the line before, at its node.
        if n > 1 {
            let before = lines[n - 2].trim().split_once(": ").map(|(b, _)| key(b));
            let eval = what.starts_with("EVAL M") && before.as_deref() == Some(node.as_str());
            put(
                &mut a.table,
                n,
                "eval",
                format!("[\"choice\",{}]", js(if eval { "yes" } else { "no" })),
            );
        }
        if cut {
            // `skips 1 child (4.2)` or `skips 2 children (3-4)`.
            let range = what.rsplit('(').next().unwrap().trim_end_matches(')');
            let (from, to) = range.split_once('-').unwrap_or((range, range));
            let last = |p: &str| p.rsplit('.').next().unwrap().parse::<u32>().unwrap();
            let prefix = if node.is_empty() {
                String::new()
            } else {
                format!("{node}.")
            };
            let skipped: Vec<String> = (last(from)..=last(to))
                .map(|k| js(&format!("{prefix}{k}")))
                .collect();
            put(
                &mut a.table,
                n,
                "skips",
                format!("[\"nodes\",[{}]]", skipped.join(",")),
            );
            a.must.insert(("skips".into(), n));
        }
        // How the pass ends, at the root's first word on it.
        if node.is_empty() && !settled {
            if let Some(w) = &pass {
                let fail = if proof {
                    let numbers = what.trim_start_matches("returns ");
                    if numbers.starts_with("pn 0,") {
                        Some("high")
                    } else if numbers.ends_with("dn 0") {
                        Some("low")
                    } else {
                        None
                    }
                } else {
                    let v = what
                        .strip_prefix("returns ")
                        .or_else(|| what.split_once(" from the table").map(|(v, _)| v));
                    v.and_then(|v| {
                        let v = bound(v);
                        if v >= bound(&w[1]) {
                            Some("high")
                        } else if v <= bound(&w[0]) {
                            Some("low")
                        } else {
                            None
                        }
                    })
                };
                if let Some(fail) = fail {
                    put(
                        &mut a.table,
                        n,
                        "outcome",
                        format!("[\"choice\",{}]", js(fail)),
                    );
                    a.must.insert(("outcome".into(), n));
                    settled = true;
                }
            }
        }
        // What an inner node returns: `returns v`, `EVAL = v`, `v from the
        // table`, and a search by proofs' `value v: the bounds met`.
        let value = what
            .strip_prefix("returns ")
            .filter(|v| !v.starts_with("pn "))
            .or_else(|| what.strip_prefix("EVAL = "))
            .or_else(|| what.split_once(" from the table").map(|(v, _)| v))
            .or_else(|| {
                let v = what.strip_prefix("value ")?;
                v.split_once(": the bounds met").map(|(v, _)| v)
            });
        if let Some(v) = value {
            a.returned.insert(node, v.to_string());
        }
    }
    a
}

/// What an MCTS question before step `step` (a `selected` line) must
/// show, read off the lines before it: `N = visits; ...; window (a, b)`
/// of the node selection is at, and a row per child (`child|visits|mean
/// for the side choosing|pess to opt|settled: skipped`, rows joined by
/// `;`). A node's numbers are its last `visits` line (a child with none:
/// 0 visits, and a leaf its value, an inner node nothing known); the
/// window starts full, each MAX node from the root down raises alpha to
/// its pess, each MIN node lowers beta to its opt; a child whose bounds
/// meet or leave the window is settled (mcts.rs's module docs).
fn ucb_shown(lines: &[String], step: usize, tree: &BTreeMap<String, (i64, bool)>) -> [String; 2] {
    let mut last: BTreeMap<String, [&str; 4]> = BTreeMap::new();
    for line in &lines[..step - 1] {
        let Some((name, what)) = line.trim().split_once(": ") else {
            continue;
        };
        if let Some(rest) = what.strip_prefix("visits ") {
            let (n, rest) = rest.split_once(", mean ").unwrap();
            let (mean, rest) = rest.split_once(", pess ").unwrap();
            let (lo, hi) = rest.split_once(", opt ").unwrap();
            last.insert(key(name), [n, mean, lo, hi]);
        }
    }
    let selected = key(lines[step - 1].trim().split_once(": ").unwrap().0);
    let at = parent(&selected);
    let max = |node: &str| node.is_empty() || node.split('.').count() % 2 == 0;
    let (mut alpha, mut beta) = ("-oo", "+oo");
    let mut up = Some(at);
    while let Some(node) = up {
        let [_, _, lo, hi] = last[node];
        if max(node) && bound(lo) > bound(alpha) {
            alpha = lo;
        }
        if !max(node) && bound(hi) < bound(beta) {
            beta = hi;
        }
        up = (!node.is_empty()).then(|| parent(node));
    }
    let rows: Vec<String> = (children(tree, at).iter())
        .map(|c| {
            let leaf = tree[c].0.to_string();
            let [n, mean, lo, hi] = match last.get(c) {
                Some(&[n, mean, lo, hi]) => {
                    let milli: i64 = mean.replace('.', "").parse().unwrap();
                    let milli = if max(at) { milli } else { 1000 - milli };
                    [n, &format!("{}.{:03}", milli / 1000, milli % 1000), lo, hi].map(String::from)
                }
                None if tree[c].1 => ["0", "–", &leaf, &leaf].map(String::from),
                None => ["0", "–", "-inf", "inf"].map(String::from),
            };
            let (l, h) = (bound(&lo), bound(&hi));
            let settled = l == h || h <= bound(alpha) || l >= bound(beta);
            let settled = if settled { "settled: skipped" } else { "" };
            format!("{c}|{n}|{mean}|{lo} to {hi}|{settled}")
        })
        .collect();
    let given = format!(
        "N = {}; C = √2 ≈ 1.4142; window ({alpha}, {beta}).",
        last[at][0]
    );
    [given, rows.join(";")]
}

/// The child a learner picks from an MCTS question's `given` and `rows`
/// alone (as the page shows them, as [`ucb_shown`] writes them), by
/// UCB1: the children not settled, the first never visited, else the
/// highest `mean + C sqrt(ln N / n)`, ties to the first; and whether the
/// scores chose it between two or more.
fn ucb_pick(given: &str, rows: &str) -> (String, bool) {
    let after = |text: &'static str| given.split(text).nth(1).unwrap().split(';').next().unwrap();
    let big_n: f64 = after("N = ").parse().unwrap();
    let c = after("C = ").split(" ≈").next().unwrap();
    let c = match c.strip_prefix('√') {
        Some(root) => root.parse::<f64>().unwrap().sqrt(),
        None => c.parse().unwrap(),
    };
    let open: Vec<Vec<&str>> = (rows.split(';'))
        .map(|r| r.split('|').collect::<Vec<_>>())
        .filter(|r| r[4].is_empty())
        .collect();
    if let Some(fresh) = open.iter().find(|r| r[1] == "0") {
        return (fresh[0].to_string(), false);
    }
    let score = |r: &Vec<&str>| {
        let (mean, n): (f64, f64) = (r[2].parse().unwrap(), r[1].parse().unwrap());
        mean + c * (big_n.ln() / n).sqrt()
    };
    let mut best = &open[0];
    for r in &open[1..] {
        if score(r) > score(best) {
            best = r;
        }
    }
    (best[0].to_string(), open.len() > 1)
}

/// Each MCTS question (`shown`, as the probe read it) shows what the trace
/// revealed before its step, and a learner computing UCB1 from that alone
/// picks the child the trace selects, the scores deciding at three steps
/// at least; `asked`: the questions answered.
fn mcts_questions_show_enough(
    shown: &[&Vec<&str>],
    lines: &[String],
    tree: &BTreeMap<String, (i64, bool)>,
    asked: &[&Vec<&str>],
) {
    assert_eq!(shown.len(), asked.len(), "one row per question");
    let mut by_scores = 0;
    for r in shown {
        let step: usize = r[2].parse().unwrap();
        let [given, rows] = ucb_shown(lines, step, tree);
        assert!(r[3].ends_with(&given), "step {step}: {} not {given}", r[3]);
        assert_eq!(r[4], rows, "step {step}");
        let selected = key(lines[step - 1].trim().split_once(": ").unwrap().0);
        let (pick, scored) = ucb_pick(r[3], r[4]);
        assert_eq!(pick, selected, "step {step}: {r:?}");
        by_scores += usize::from(scored);
    }
    assert!(by_scores >= 3, "{by_scores} steps decided by the scores");
}

/// The page of `trees` (two, so "next tree" has one to go to) with every
/// backend built: each learner scores as it should, is told of its one
/// wrong answer at that step, and the exercise takes a right marking and
/// refuses a wrong one.
pub(super) fn learners_are_checked_against_the_trace(
    browser: &Path,
    dir: &Path,
    trees: &[&str],
    algos: &[&str],
) {
    let page = dir.join("practice.html");
    let input = trees.join("\n");
    write_page(&page, &["--algo", &algos.join(",")], &input);
    let truth = solve(trees[0]);
    let mut script = String::from("<script>\nconst ANSWERS = {\n");
    let mut all = BTreeMap::new();
    for algo in algos {
        let lines = trace(trees[0], algo);
        let a = answers(&lines, algo, &truth);
        let steps: Vec<String> = (a.table.iter())
            .map(|(k, v)| format!("{}:{v}", js(k)))
            .collect();
        let never: Vec<String> = (truth.iter())
            .filter(|(p, (_, leaf))| *leaf && !a.evaluated.contains(*p))
            .map(|(p, _)| js(p))
            .collect();
        let values: Vec<String> = (a.returned.iter())
            .filter(|(p, _)| !truth[*p].1)
            .map(|(p, v)| format!("{}:{}", js(p), js(v)))
            .collect();
        let _ = writeln!(
            script,
            "{}: {{steps: {{{}}}, exercise: {{never: [{}], values: {{{}}}}}}},",
            js(algo),
            steps.join(","),
            never.join(","),
            values.join(",")
        );
        all.insert(algo.to_string(), (a, lines));
    }
    script.push_str("};\n</script>\n");
    let probe = dir.join("practice-probe.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let html = html.replace("</body>", &format!("{script}{PROBE}</body>"));
    std::fs::write(&probe, html).unwrap();
    let url = format!("file://{}", probe.display());
    let (dom, console) = headless(
        browser,
        &dir.join("profile-practice"),
        &url,
        &["--dump-dom"],
    );
    assert!(!console.contains("Uncaught"), "{console}");
    let at = dom.find("<pre id=\"probe\">").expect("the probe ran") + 16;
    let report = unescape(&dom[at..at + dom[at..].find("</pre>").unwrap()]);
    let rows: Vec<Vec<&str>> = report.lines().map(|l| l.split('\t').collect()).collect();
    for algo in algos {
        let (a, lines) = &all[*algo];
        let steps = &lines.len();
        let mine = |what: &str, run: &str| -> Vec<&Vec<&str>> {
            (rows.iter())
                .filter(|r| r[0] == what && r[1] == *algo && (run.is_empty() || r[2] == run))
                .collect()
        };
        // All right: every answer taken, every step the trace makes a
        // question of asked, and never with the step asked about shown.
        let right = mine("q", "right");
        assert!(!right.is_empty(), "{algo}: no question: {report}");
        let mut asked = BTreeSet::new();
        for r in &right {
            assert_eq!(r[7], "right", "{algo}: {r:?} ({report})");
            let step: usize = r[5].parse().unwrap();
            let shown: usize = r[6].parse().unwrap();
            assert!(
                shown < step && step <= *steps,
                "{algo}: step {step} asked with {shown} shown"
            );
            asked.insert((r[4].to_string(), step));
        }
        let missing: Vec<_> = a.must.difference(&asked).collect();
        assert!(missing.is_empty(), "{algo}: never asked {missing:?}");
        if *algo == "mcts" {
            mcts_questions_show_enough(&mine("ucb", ""), lines, &truth, &right);
        }
        let n = right.len();
        assert_eq!(
            mine("summary", "right")[0][3..5],
            [n.to_string(), n.to_string()],
            "{algo}"
        );
        assert_eq!(
            mine("retry", "")[0][2],
            "1",
            "{algo}: try again starts over"
        );
        // One wrong, the middle question: told so at that step alone.
        let wrong = mine("q", "wrong");
        assert_eq!(wrong.len(), n, "{algo}");
        let w = n.div_ceil(2);
        for r in &wrong {
            let number: usize = r[3].parse().unwrap();
            let verdict = if number == w { "wrong" } else { "right" };
            assert_eq!(r[7], verdict, "{algo}: {r:?}");
            if *algo == "mcts" {
                assert_eq!(r[4], "ucb", "{algo}: every question UCB1's");
            }
            assert_eq!(r[8], r[5], "{algo}: the verdict names its step");
        }
        let summary = &mine("summary", "wrong")[0];
        assert_eq!(
            summary[3..5],
            [(n - 1).to_string(), n.to_string()],
            "{algo}"
        );
        assert_eq!(
            summary[5],
            wrong[w - 1][5],
            "{algo}: the first mistake's step"
        );
        // The exercise: right marked right, a leaf flipped refused.
        let right = &mine("exercise", "right")[0];
        assert_eq!((right[3], right[5]), ("0", "right"), "{algo}: {right:?}");
        let values = a.returned.keys().any(|p| !solve(trees[0])[p].1);
        assert_eq!(right[4] != "0", values, "{algo}: value fields");
        let flipped = &mine("exercise", "flipped")[0];
        assert_eq!(flipped[5], "wrong", "{algo}: {flipped:?}");
        assert!(flipped[6].contains("1 wrong"), "{algo}: {flipped:?}");
    }
    let next = rows.iter().find(|r| r[0] == "next").expect("next tree");
    assert_eq!(
        next[1..],
        ["active", "practising", "asked", "left"],
        "next tree"
    );
}
