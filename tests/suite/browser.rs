//! The page of `winmove tree --html` in a real browser: headless Chromium
//! opens it at deep links for every backend and the test checks what a
//! person would see there (the step's words, the highlighted node, SSS*'s
//! OPEN list), that no script error reached the console, and that a
//! screenshot is not blank.
//!
//! `learner` steps every panel through with the page's own buttons;
//! `practice` answers every panel's practice questions with them.
//! `navigation` zooms, follows, sets panels side by side in lockstep and
//! moves between trees at 1400×1000.
//!
//! It takes a Chromium start per deep link (about 40 s on 2 shared
//! cores), so it runs only when asked: `WINMOVE_BROWSER_TEST=1 cargo test --all-features
//! browser:: -- --nocapture`. Asked, but without Chromium (`chromium`
//! on the PATH, or the program `$CHROMIUM` names), it prints a note and
//! passes, unless `WINMOVE_BROWSER_TEST=required` (CI sets it), when it
//! fails.

mod learner;
mod navigation;
mod practice;

use crate::common::winmove;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `page`: `winmove tree OPTIONS --html PAGE` on `input`.
fn write_page(page: &Path, options: &[&str], input: &str) {
    let mut args = vec!["tree"];
    args.extend_from_slice(options);
    args.extend(["--html", page.to_str().unwrap()]);
    let run = winmove(&args, input.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
}

/// The browser to drive, if there is one.
fn chromium() -> Option<PathBuf> {
    let program = std::env::var_os("CHROMIUM").unwrap_or_else(|| "chromium".into());
    let works = Command::new(&program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then(|| PathBuf::from(program))
}

/// Runs Chromium headless on `url` with `extra` arguments: its standard
/// output (the DOM, with `--dump-dom`) and error (the console).
fn headless(browser: &Path, profile: &Path, url: &str, extra: &[&str]) -> (String, String) {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Text of an HTML element's content with the entities the DOM dump uses.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The part of `dom` from the active panel on (the panel shown).
fn active_panel<'a>(dom: &'a str, algo: &str) -> &'a str {
    let marker = format!("data-algo=\"{algo}\"");
    let at = dom
        .find(&marker)
        .unwrap_or_else(|| panic!("no panel {algo}"));
    let start = dom[..at].rfind("<div").unwrap();
    let panel = &dom[start..];
    assert!(
        panel[..panel.find('>').unwrap()].contains("active"),
        "{algo} not shown"
    );
    let end = panel[1..]
        .find("<div class=\"panel")
        .map_or(panel.len(), |e| e + 1);
    &panel[..end]
}

/// The text of the first element with `class` in `html`.
fn text_of(html: &str, class: &str) -> String {
    let at = html
        .find(&format!("class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class}"));
    let open = at + html[at..].find('>').unwrap() + 1;
    let close = open + html[open..].find("</").unwrap();
    unescape(&html[open..close])
}

/// The Dewey paths of the nodes highlighted in `panel`.
fn highlighted(panel: &str) -> Vec<String> {
    let mut found = Vec::new();
    for piece in panel.split("<g ").skip(1) {
        let head = &piece[..piece.find('>').unwrap()];
        if head.contains("class=\"node")
            && head
                .split('"')
                .nth(1)
                .unwrap()
                .split(' ')
                .any(|c| c == "here")
        {
            let path = head.split("data-path=\"").nth(1).unwrap();
            found.push(path[..path.find('"').unwrap()].to_string());
        }
    }
    found
}

/// Every node of `panel` is named in the drawing by its Dewey path, as
/// the trace names it (`root`, `2.1`).
fn names_are_paths(panel: &str, link: &str) {
    let mut count = 0;
    for piece in panel.split("<g class=\"node").skip(1) {
        let path = piece.split("data-path=\"").nth(1).unwrap();
        let path = &path[..path.find('"').unwrap()];
        let want = if path.is_empty() { "root" } else { path };
        assert_eq!(text_of(piece, "name"), want, "{link}");
        count += 1;
    }
    assert!(count > 0, "{link}: no node");
}

/// The trace's lines of `algo` on `tree`.
fn trace(tree: &str, algo: &str) -> Vec<String> {
    let run = winmove(&["tree", "--trace", "--algo", algo], tree.as_bytes());
    run.stderr
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The node a trace line concerns, as the page keys it: the path before
/// `:` (the root `root` is ""); for SSS*'s rows, the state first in OPEN
/// at the row before (the root at row 1).
fn concerns(lines: &[String], n: usize, sss: bool) -> String {
    let key = |name: &str| {
        if name == "root" {
            String::new()
        } else {
            name.to_string()
        }
    };
    if sss {
        if n == 1 {
            return String::new();
        }
        let state = lines[n - 2].split_whitespace().nth(2).unwrap();
        return key(state.split(',').next().unwrap());
    }
    let line = lines[n - 1].trim();
    // A pass's line and an MCTS iteration's name no node: the root.
    if line.starts_with("pass ") || line.starts_with("iteration ") {
        return String::new();
    }
    key(line.split(':').next().unwrap())
}

/// The pane's windows from the step's node up each name the MT pass they
/// belong to, none after the pass the trace is in at the step.
fn windows_say_their_pass(panel: &str, lines: &[String], link: &str) {
    let current = lines
        .iter()
        .filter(|l| l.trim().starts_with("pass "))
        .count();
    let heading = "Windows from this node up";
    let at = panel
        .find(heading)
        .unwrap_or_else(|| panic!("{link}: no {heading}"));
    let list = &panel[at..panel[at..].find("</ul>").map_or(panel.len(), |e| at + e)];
    let items: Vec<String> = (list.split("<li>").skip(1))
        .map(|i| unescape(&i[..i.find("</li>").unwrap()]))
        .collect();
    assert!(!items.is_empty(), "{link}: {list}");
    for item in &items {
        let (_, pass) = item
            .rsplit_once(", pass ")
            .unwrap_or_else(|| panic!("{link}: {item}"));
        let pass: usize = pass.parse().unwrap();
        assert!(
            (1..=current).contains(&pass),
            "{link}: {item}, in pass {current}"
        );
    }
}

/// A proof-number search's pane at a step says what the trace's lines up
/// to it say: the pass's question, the root's last numbers, and dfpn's
/// calls in progress (nodes entered with thresholds, not yet returned).
fn proof_pane_says_the_trace(panel: &str, lines: &[String], link: &str) {
    let at = (lines.iter())
        .rposition(|l| l.starts_with("pass "))
        .unwrap_or_else(|| panic!("{link}: no pass"));
    let (pass, window) = lines[at]["pass ".len()..].split_once(", window (").unwrap();
    let t = window.trim_end_matches(')').split(", ").nth(1).unwrap();
    let question = format!("Pass {pass}: is the value ≥ {t}?");
    assert_eq!(text_of(panel, "question"), question, "{link}");
    let root = (lines[at..].iter().rev())
        .filter_map(|l| l.strip_prefix("root: "))
        .map(|l| l.strip_prefix("returns ").unwrap_or(l))
        .find(|l| l.starts_with("pn "));
    let want = format!("root: {}", root.unwrap_or("not yet"));
    let shown = text_of(panel, "root-numbers");
    assert!(shown.starts_with(&want), "{link}: {shown}, not {want}");
    let mut calls: Vec<&str> = Vec::new();
    for line in &lines[at + 1..] {
        let (node, what) = line.trim().split_once(": ").unwrap();
        let depth = if node == "root" {
            0
        } else {
            node.split('.').count()
        };
        if what.starts_with("thresholds ") {
            calls.truncate(depth);
            calls.push(node);
        } else if what.starts_with("returns pn ") {
            calls.pop();
        }
    }
    if calls.is_empty() {
        assert!(!panel.contains("class=\"calls\""), "{link}");
        return;
    }
    let table = &panel[panel.find("class=\"calls\"").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let cells: Vec<String> = (table.split("<td>").skip(1))
        .map(|c| unescape(&c[..c.find("</td>").unwrap()]))
        .collect();
    let nodes: Vec<&str> = cells.iter().step_by(3).map(String::as_str).collect();
    assert_eq!(nodes, calls, "{link}");
}

/// Opens the page at deep links to steps of `algo` and checks each.
fn deep_links(browser: &Path, profile: &Path, url: &str, tree: &str, algo: &str) {
    let lines = trace(tree, algo);
    let sss = algo == "sss";
    let mut steps = vec![lines.len() / 2, lines.len()];
    if sss {
        steps.push(17);
    }
    for n in steps {
        let link = format!("{url}#algo={algo}&step={n}");
        let (dom, console) = headless(browser, profile, &link, &["--dump-dom"]);
        assert!(!console.contains("Uncaught"), "{link}: {console}");
        let panel = active_panel(&dom, algo);
        assert_eq!(text_of(panel, "line"), lines[n - 1], "{link}");
        assert_eq!(
            text_of(panel, "stepno"),
            format!("step {n} of {}", lines.len()),
            "{link}"
        );
        assert_eq!(highlighted(panel), [concerns(&lines, n, sss)], "{link}");
        names_are_paths(panel, &link);
        if algo.starts_with("mt") {
            windows_say_their_pass(panel, &lines[..n], &link);
        }
        if algo == "pns" || algo == "dfpn" {
            proof_pane_says_the_trace(panel, &lines[..n], &link);
        }
        if sss && n == 17 {
            // Row 17 of the listing: OPEN in order, after case 6 (the
            // Polish number; Stockman's is 2).
            let row: Vec<&str> = lines[16].split_whitespace().skip(2).collect();
            let title = "OPEN at step 17, after Γ case 6 (Stockman's case 2)";
            assert_eq!(text_of(panel, "open-title"), title, "{panel}");
            // The state popped: the first of row 16, (2.1, solved, 7).
            let top: Vec<&str> = lines[15]
                .split_whitespace()
                .nth(2)
                .unwrap()
                .split(',')
                .collect();
            let status = if top[1] == "S" { "solved" } else { "live" };
            let popped = format!("Popped ({}, {status}, {})", top[0], top[2]);
            let said = text_of(panel, "popped");
            assert!(said.starts_with(&popped), "{link}: {said}, not {popped}");
            let table = &panel[panel.find("class=\"open\"").unwrap()..];
            let cells: Vec<String> = table
                .split("<td>")
                .skip(1)
                .map(|c| unescape(&c[..c.find("</td>").unwrap()]))
                .collect();
            assert_eq!(cells.len(), 4 * row.len(), "{table}");
            for (k, state) in row.iter().enumerate() {
                let parts: Vec<&str> = state.split(',').collect();
                let status = if parts[1] == "S" { "solved" } else { "live" };
                let want = [
                    (k + 1).to_string(),
                    parts[0].to_string(),
                    status.to_string(),
                    parts[2].to_string(),
                ];
                assert_eq!(cells[4 * k..4 * k + 4], want, "{table}");
            }
        }
    }
}

/// A board with four empty squares: x wins at (0,2), its first move.
const BOARD: &str = "?\nxo.o\noxx.\nxox.\no.xo\n$\n";

/// The page of a board's game tree, opened at a step of alpha-beta: the
/// step's words, its node, and the squares on the edges.
fn a_board(browser: &Path, dir: &Path) {
    let page = dir.join("board.html");
    write_page(&page, &["--board"], BOARD);
    let run = winmove(&["tree", "--board", "--trace"], BOARD.as_bytes());
    let lines: Vec<String> = (run.stderr.lines())
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let n = 4;
    let link = format!("file://{}#algo=alphabeta&step={n}", page.display());
    let profile = dir.join("profile-board");
    let (dom, console) = headless(browser, &profile, &link, &["--dump-dom"]);
    assert!(!console.contains("Uncaught"), "{link}: {console}");
    assert!(dom.contains("case 1: xo.o/oxx./xox./o.xo"), "{dom}");
    let panel = active_panel(&dom, "alphabeta");
    assert_eq!(text_of(panel, "line"), lines[n - 1], "{link}");
    assert_eq!(highlighted(panel), [concerns(&lines, n, false)], "{link}");
    names_are_paths(panel, &link);
    // The root's four moves, the empty squares in row-major order.
    let squares: Vec<String> = ["1", "2", "3", "4"]
        .iter()
        .map(|path| {
            let marker = format!("class=\"move\" data-path=\"{path}\"");
            let at = panel
                .find(&marker)
                .unwrap_or_else(|| panic!("no move {path}"));
            text_of(&panel[at - "<text ".len()..], "move")
        })
        .collect();
    assert_eq!(squares, ["(0,2)", "(1,3)", "(2,3)", "(3,1)"]);
}

/// A page of two backends opened at a link to SSS* says SSS* is not in
/// it, and shows the first backend from its start, not step 17 of it.
fn an_absent_backend(browser: &Path, dir: &Path, tree: &str) {
    let page = dir.join("two.html");
    write_page(&page, &["--algo", "alphabeta,minimax"], tree);
    let link = format!("file://{}#algo=sss&step=17", page.display());
    let (dom, console) = headless(browser, &dir.join("profile-two"), &link, &["--dump-dom"]);
    assert!(!console.contains("Uncaught"), "{link}: {console}");
    let notice = text_of(&dom, "notice");
    assert!(
        notice.starts_with("sss is not in this page, which holds alphabeta, minimax"),
        "{link}: {notice}"
    );
    let panel = active_panel(&dom, "alphabeta");
    assert!(text_of(panel, "stepno").starts_with("step 1 of "), "{link}");
}

#[test]
fn the_page_shows_each_step_in_a_real_browser() {
    let asked = std::env::var("WINMOVE_BROWSER_TEST").unwrap_or_default();
    if asked.is_empty() || asked == "0" {
        eprintln!("note: the browser test runs with WINMOVE_BROWSER_TEST=1 (CI sets it)");
        return;
    }
    let Some(browser) = chromium() else {
        let required = asked == "required";
        assert!(
            !required,
            "WINMOVE_BROWSER_TEST=required but there is no chromium to run"
        );
        eprintln!("note: no chromium on this machine: the browser test is skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("winmove-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let profile = dir.join("profile");
    let tree = std::fs::read_to_string("samples/stockman.tree").unwrap();
    let page = dir.join("page.html");
    let algos: Vec<&str> = crate::common::built_algos()
        .iter()
        .map(|a| a.name())
        .collect();
    write_page(&page, &["--algo", &algos.join(",")], &tree);
    let url = format!("file://{}", page.display());
    // Each backend in a thread of its own, with a browser profile of its own.
    std::thread::scope(|scope| {
        for algo in &algos {
            let (browser, url, tree) = (&browser, &url, &tree);
            let profile = dir.join(format!("profile-{algo}"));
            scope.spawn(move || deep_links(browser, &profile, url, tree, algo));
        }
    });
    // A screenshot: the page draws far more than a blank page.
    let size = |url: &str, name: &str| {
        let shot = dir.join(name);
        let arg = format!("--screenshot={}", shot.display());
        let (_, console) = headless(
            &browser,
            &profile,
            url,
            &[&arg, "--window-size=1200,900", "--hide-scrollbars"],
        );
        assert!(!console.contains("Uncaught"), "{console}");
        std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0)
    };
    a_board(&browser, &dir);
    an_absent_backend(&browser, &dir, &tree);
    learner::values_appear_when_established(&browser, &dir, &page, &tree, &algos);
    let japanese = std::fs::read_to_string("samples/japanese.tree").unwrap();
    let trees = [tree.trim(), japanese.trim()];
    practice::learners_are_checked_against_the_trace(&browser, &dir, &trees, &algos);
    navigation::find_the_way(&browser, &dir, &tree);
    let blank = dir.join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><html><body></body></html>").unwrap();
    let empty = size(&format!("file://{}", blank.display()), "blank.png");
    let shown = size(&format!("{url}#algo=sss&step=17"), "page.png");
    assert!(
        empty > 0 && shown > 4 * empty,
        "screenshot {shown} bytes, a blank page {empty}"
    );
}
