//! Finding one's way in the page at 1400×1000, driven through its own
//! controls by a probe script added to a copy of the page: a 200-leaf
//! tree fits its panel on load and, zoomed in, the step's node stays in
//! view to the last step; two backends side by side share a row; in
//! lockstep by leaves, stepping SSS* moves alpha-beta to its step with as
//! many leaves evaluated, and the page names where they part, both read
//! here from the two backends' `--trace`; "next tree" shows the next tree.

use super::{headless, trace, unescape, write_page};
use std::path::Path;

/// The window every check here opens the page in.
const WINDOW: (f64, f64) = (1400.0, 1000.0);

/// A copy of `page` with `script` run after the page's own, opened at
/// `fragment`: what the script wrote into `<pre id="probe">`.
fn probe(
    browser: &Path,
    dir: &Path,
    page: &Path,
    name: &str,
    fragment: &str,
    script: &str,
) -> String {
    let copy = dir.join(format!("{name}-probe.html"));
    let html = std::fs::read_to_string(page).unwrap();
    let script = format!(
        "<script>\n(() => {{\nconst out = [];\n\
         const box = (e) => {{ const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].join(' '); }};\n\
         try {{\n{script}\n}} catch (e) {{ out.push('error\\t' + e); }}\n\
         const pre = document.createElement('pre');\npre.id = 'probe';\n\
         pre.textContent = out.join('\\n');\ndocument.body.appendChild(pre);\n}})();\n</script>\n"
    );
    std::fs::write(&copy, html.replace("</body>", &format!("{script}</body>"))).unwrap();
    let url = format!("file://{}{fragment}", copy.display());
    let size = format!("--window-size={},{}", WINDOW.0, WINDOW.1);
    let profile = dir.join(format!("profile-{name}"));
    let (dom, console) = headless(browser, &profile, &url, &["--dump-dom", &size]);
    assert!(!console.contains("Uncaught"), "{url}: {console}");
    let at = dom.find("<pre id=\"probe\">").expect("the probe ran") + 16;
    unescape(&dom[at..at + dom[at..].find("</pre>").unwrap()])
}

/// The probe's line that starts with `key`, after the tab.
fn line<'a>(report: &'a str, key: &str) -> &'a str {
    (report.lines())
        .find_map(|l| l.strip_prefix(&format!("{key}\t")))
        .unwrap_or_else(|| panic!("no {key} in:\n{report}"))
}

/// A box `left top right bottom`.
fn rect(text: &str) -> [f64; 4] {
    let v: Vec<f64> = text.split(' ').map(|n| n.parse().unwrap()).collect();
    [v[0], v[1], v[2], v[3]]
}

/// Whether box `inner` lies in box `outer` (a pixel's rounding allowed).
fn inside(inner: [f64; 4], outer: [f64; 4]) -> bool {
    inner[0] >= outer[0] - 1.0
        && inner[1] >= outer[1] - 1.0
        && inner[2] <= outer[2] + 1.0
        && inner[3] <= outer[3] + 1.0
}

/// A tree of 200 leaves, the drawing's cap: 10 MIN nodes of 4 MAX nodes
/// of 5 leaves, the leaves from a fixed sequence.
fn two_hundred_leaves() -> String {
    let mut seed: u32 = 28;
    let mut leaf = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) % 100
    };
    let mut min = Vec::new();
    for _ in 0..10 {
        let max: Vec<String> = (0..4)
            .map(|_| {
                let leaves: Vec<String> = (0..5).map(|_| leaf().to_string()).collect();
                format!("[{}]", leaves.join(","))
            })
            .collect();
        min.push(format!("[{}]", max.join(",")));
    }
    format!("[{}]\n", min.join(","))
}

/// A 200-leaf tree at 1400×1000: on load the drawing lies in its panel
/// and in the window's width; zoomed in to 100% and stepped to the last
/// step, the step's node lies in the tree's view and in the window.
fn fit_and_follow(browser: &Path, dir: &Path) {
    let page = dir.join("wide.html");
    write_page(&page, &["--algo", "alphabeta"], &two_hundred_leaves());
    let script = r#"
      const panel = document.querySelector(".panel.active");
      out.push("panel\t" + box(panel));
      out.push("tree\t" + box(panel.querySelector(".stage svg")));
      const zoomIn = panel.querySelector("button[title='zoom in']");
      for (let i = 0; zoomIn && i < 40 && panel.querySelector(".zoomed").textContent !== "100%"; i++) zoomIn.click();
      out.push("zoom\t" + (zoomIn ? panel.querySelector(".zoomed").textContent : "none"));
      panel.querySelector("button[title='last step']").click();
      out.push("step\t" + panel.dataset.step);
      out.push("here\t" + box(panel.querySelector("g.node.here rect, g.node.here ellipse")));
      out.push("stage\t" + box(panel.querySelector(".stage")));
    "#;
    let report = probe(browser, dir, &page, "wide", "", script);
    let (panel, tree) = (rect(line(&report, "panel")), rect(line(&report, "tree")));
    assert!(
        inside(tree, panel),
        "the tree {tree:?} outside its panel {panel:?}"
    );
    assert!(inside(panel, [0.0, 0.0, WINDOW.0, f64::MAX]), "{panel:?}");
    assert_eq!(line(&report, "zoom"), "100%", "{report}");
    let lines = trace(&two_hundred_leaves(), "alphabeta");
    assert_eq!(line(&report, "step"), lines.len().to_string());
    let here = rect(line(&report, "here"));
    let stage = rect(line(&report, "stage"));
    assert!(
        inside(here, stage),
        "the step's node {here:?} outside the tree's view {stage:?}"
    );
    let window = [0.0, 0.0, WINDOW.0, WINDOW.1];
    assert!(
        inside(here, window),
        "the step's node {here:?} off the window"
    );
}

/// The leaves a trace evaluates, in order: each leaf's path and the step
/// (line, from 1) that evaluates it; for SSS*, a case-1 row evaluates the
/// state first in OPEN at the row before.
#[cfg(feature = "sss")]
fn leaves(lines: &[String], sss: bool) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if sss {
            if line.split_whitespace().nth(1) == Some("1") {
                let top = lines[k - 1].split_whitespace().nth(2).unwrap();
                found.push((top.split(',').next().unwrap().to_string(), k + 1));
            }
        } else if let Some((path, what)) = line.trim().split_once(": ")
            && what.starts_with("leaf ")
        {
            found.push((path.to_string(), k + 1));
        }
    }
    found
}

/// Stockman's tree, alpha-beta and SSS*: side by side at 1400 px they
/// share a row; in lockstep by leaves each step of SSS* takes alpha-beta
/// to the step where it has evaluated as many leaves (before its first
/// while SSS* has evaluated none); the page names the leaf where they
/// part and each one's step there, and marks those steps; by step, they
/// show the same step; a deep link opens them so.
#[cfg(feature = "sss")]
fn side_by_side_in_lockstep(browser: &Path, dir: &Path, tree: &str) {
    let page = dir.join("lockstep.html");
    write_page(&page, &["--algo", "alphabeta,sss"], tree);
    let script = r#"
      const [ab, sss] = ["alphabeta", "sss"].map((a) => document.querySelector(".panel[data-algo=" + a + "]"));
      const side = document.querySelector(".tabs input[type=checkbox]");
      side.click();
      out.push("boxes\t" + [ab, sss].map((p) => box(p)).join("|"));
      const lock = document.querySelector(".lockstep select");
      const choose = (how) => { lock.value = how; lock.dispatchEvent(new Event("change")); };
      choose("leaves");
      const parts = document.querySelector(".parts");
      out.push("parts\t" + (parts ? parts.innerText.replace(/\s+/g, " ") : ""));
      const mark = (p) => { const m = p.querySelector(".parting"); return m && !m.hidden ? "marked" : ""; };
      sss.querySelector("button[title='first step']").click();
      for (;;) {
        out.push("leaves\t" + sss.dataset.step + " " + ab.dataset.step + " " + mark(sss) + " " + mark(ab));
        const before = sss.dataset.step;
        sss.querySelector("button[title=next]").click();
        if (sss.dataset.step === before) break;
      }
      choose("step");
      sss.querySelector("button[title='first step']").click();
      for (let i = 0; i < 4; i++) sss.querySelector("button[title=next]").click();
      out.push("steps\t" + sss.dataset.step + " " + ab.dataset.step);
    "#;
    let report = probe(browser, dir, &page, "lockstep", "", script);
    let boxes: Vec<[f64; 4]> = line(&report, "boxes").split('|').map(rect).collect();
    let [ab, sss] = [boxes[0], boxes[1]];
    assert!(
        ab[2] > ab[0] && sss[2] > sss[0],
        "a panel hidden: {boxes:?}"
    );
    assert!(
        (ab[1] - sss[1]).abs() < 1.0 && ab[2] <= sss[0],
        "not side by side in one row: {boxes:?}"
    );
    assert!(sss[2] <= WINDOW.0, "{boxes:?}");
    let ab_lines = trace(tree, "alphabeta");
    let sss_lines = trace(tree, "sss");
    let (ab_leaves, sss_leaves) = (leaves(&ab_lines, false), leaves(&sss_lines, true));
    let k = (0..ab_leaves.len().min(sss_leaves.len()))
        .find(|&k| ab_leaves[k].0 != sss_leaves[k].0)
        .expect("the two searches part on Stockman's tree");
    let (a, s) = (&ab_leaves[k], &sss_leaves[k]);
    let named = format!(
        "alphabeta and sss part at leaf {}: alphabeta evaluates {} at its step {}, sss evaluates {} at its step {}.",
        k + 1,
        a.0,
        a.1,
        s.0,
        s.1
    );
    let parts = line(&report, "parts");
    assert!(parts.contains(&named), "{parts}, not {named}");
    let rows: Vec<Vec<&str>> = (report.lines())
        .filter_map(|l| l.strip_prefix("leaves\t"))
        .map(|l| l.split(' ').collect())
        .collect();
    assert_eq!(rows.len(), sss_lines.len(), "{report}");
    for row in &rows {
        let n: usize = row[0].parse().unwrap();
        let count = sss_leaves.iter().filter(|l| l.1 <= n).count();
        let want = match count {
            0 => n.min(ab_leaves[0].1 - 1),
            c => ab_leaves.get(c - 1).map_or(ab_lines.len(), |l| l.1),
        };
        assert_eq!(row[1], want.to_string(), "sss at step {n}: {count} leaves");
        let ab_step: usize = row[1].parse().unwrap();
        assert_eq!(row[2] == "marked", n == s.1, "sss at step {n}: {row:?}");
        assert_eq!(
            row[3] == "marked",
            ab_step == a.1,
            "sss at step {n}: {row:?}"
        );
    }
    assert_eq!(line(&report, "steps"), "5 5");
    // The deep link: SSS* at its parting step, alpha-beta beside it.
    let fragment = format!("#algo=sss&step={}&side=alphabeta&lock=leaves", s.1);
    let script = r#"
      const step = (a) => document.querySelector(".panel[data-algo=" + a + "]").dataset.step;
      out.push("linked\t" + step("sss") + " " + step("alphabeta"));
    "#;
    let report = probe(browser, dir, &page, "linked", &fragment, script);
    assert_eq!(line(&report, "linked"), format!("{} {}", s.1, a.1));
}

/// Three trees in one page: one shown at a time, "next tree" and
/// "previous tree" move between them, and `#tree=3` opens the third.
fn next_tree(browser: &Path, dir: &Path) {
    let page = dir.join("three.html");
    let options = ["--uniform", "2:3", "--count", "3", "--algo", "alphabeta"];
    write_page(&page, &options, "");
    let script = r##"
      const shown = () => [...document.querySelectorAll("section.tree")]
        .filter((s) => s.offsetHeight > 0).map((s) => s.id).join(",");
      const press = (title) => { const b = document.querySelector("button[title='" + title + "']"); if (b) b.click(); };
      out.push("trees\t" + shown());
      press("next tree");
      out.push("trees\t" + shown());
      press("next tree");
      out.push("trees\t" + shown());
      press("next tree");
      out.push("trees\t" + shown());
      press("previous tree");
      out.push("trees\t" + shown());
      location.hash = "#tree=3";
      window.dispatchEvent(new HashChangeEvent("hashchange"));
      out.push("trees\t" + shown());
    "##;
    let report = probe(browser, dir, &page, "three", "", script);
    let seen: Vec<&str> = (report.lines())
        .filter_map(|l| l.strip_prefix("trees\t"))
        .collect();
    assert_eq!(
        seen,
        ["tree-1", "tree-2", "tree-3", "tree-3", "tree-2", "tree-3"],
        "{report}"
    );
}

/// Every check of this file; `tree` is Stockman's.
pub(super) fn find_the_way(browser: &Path, dir: &Path, tree: &str) {
    fit_and_follow(browser, dir);
    // Lockstep sets alpha-beta beside SSS*, which only its feature builds.
    #[cfg(feature = "sss")]
    side_by_side_in_lockstep(browser, dir, tree);
    #[cfg(not(feature = "sss"))]
    let _ = tree;
    next_tree(browser, dir);
}
