//! The page of `winmove tree --html`: its steps are `--trace`'s lines, for
//! every backend, on the textbook trees and on random trees; it needs
//! nothing from outside; and its files are written whole.

use crate::common::winmove;
use std::path::PathBuf;
use winmove::game::random::Rng;
use winmove::tree::written::random::random_tree;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("winmove-page-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A JSON string's text, from just after its opening quote; the rest.
fn json_string(text: &str) -> (String, &str) {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, &text[i + 1..]),
            '\\' => match chars.next().unwrap().1 {
                'u' => {
                    let hex: String = (0..4).map(|_| chars.next().unwrap().1).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    panic!("unterminated string in {text}");
}

/// The steps' texts in the page, by tree then backend: `(algo, lines)`.
fn page_steps(html: &str) -> Vec<Vec<(String, Vec<String>)>> {
    let start = html
        .find(r#"<script type="application/json" id="data">"#)
        .unwrap();
    let data = &html[start..];
    let data = &data[..data.find("</script>").unwrap()];
    let mut trees: Vec<Vec<(String, Vec<String>)>> = Vec::new();
    for line in data.lines() {
        if line.contains(r#"{"title":"#) {
            trees.push(Vec::new());
        }
        if let Some(rest) = line.strip_prefix(r#"{"algo":""#) {
            let (algo, _) = json_string(rest);
            trees.last_mut().unwrap().push((algo, Vec::new()));
        }
        if line.starts_with(r#"{"p":"#) {
            let at = line.rfind(r#","t":""#).unwrap();
            let (text, _) = json_string(&line[at + 6..]);
            trees.last_mut().unwrap().last_mut().unwrap().1.push(text);
        }
    }
    trees
}

/// `--trace`'s lines per case for `algo` on the trees of `file`.
fn trace_lines(file: &str, algo: &str) -> Vec<Vec<String>> {
    let run = winmove(&["tree", "--trace", "--algo", algo, file], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let mut cases: Vec<Vec<String>> = Vec::new();
    for line in run.stderr.lines() {
        if line.starts_with("# case") {
            cases.push(Vec::new());
        } else {
            cases.last_mut().unwrap().push(line.to_string());
        }
    }
    cases
}

/// Checks that the page of the trees in `file` has, for every backend,
/// exactly the trace's lines as steps.
fn steps_are_the_trace(file: &str, dir: &std::path::Path) {
    let algos: Vec<String> = crate::common::built_algos()
        .iter()
        .map(|a| a.name().to_string())
        .collect();
    let page = dir.join("page.html");
    let run = winmove(
        &[
            "tree",
            "--html",
            page.to_str().unwrap(),
            "--algo",
            &algos.join(","),
            file,
        ],
        b"",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let trees = page_steps(&std::fs::read_to_string(&page).unwrap());
    let traces: Vec<Vec<Vec<String>>> = algos.iter().map(|a| trace_lines(file, a)).collect();
    assert!(!trees.is_empty());
    for (t, runs) in trees.iter().enumerate() {
        assert_eq!(runs.len(), algos.len());
        for (k, (algo, steps)) in runs.iter().enumerate() {
            assert_eq!(algo, &algos[k]);
            assert!(!steps.is_empty(), "{algo} on tree {t}");
            assert_eq!(steps, &traces[k][t], "{algo} on tree {} of {file}", t + 1);
        }
    }
}

#[test]
fn the_steps_are_the_trace_lines_on_the_textbook_trees() {
    let dir = scratch("textbook");
    steps_are_the_trace("samples/textbook.trees", &dir);
    steps_are_the_trace("samples/stockman.tree", &dir);
}

#[test]
fn the_steps_are_the_trace_lines_on_random_trees() {
    let dir = scratch("random");
    let mut rng = Rng::new(19);
    for round in 0..4 {
        let trees: Vec<String> = (0..8)
            .map(|i| {
                let (lo, hi) = [(0, 1), (-9, 9), (-1000, 1000)][(round + i) % 3];
                random_tree(&mut rng, 4, 4, 30, lo, hi).to_string()
            })
            .collect();
        let file = dir.join("trees");
        std::fs::write(&file, trees.join("\n") + "\n").unwrap();
        steps_are_the_trace(file.to_str().unwrap(), &dir);
    }
}

#[test]
fn the_page_needs_nothing_from_outside() {
    let run = winmove(&["tree", "--html", "-"], b"[[5,-2,0],[1,-3,7],[5,5,4]]\n");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let html = run.stdout.strip_prefix("4\n").unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    let outside = html.replace("http://www.w3.org/2000/svg", "");
    for link in ["http:", "https:", "src=", "<link", "@import", "url("] {
        assert!(!outside.contains(link), "{link}");
    }
}

/// The page promises to need no font: it writes no character of the
/// blocks Debian's fonts (DejaVu, Liberation) lack, such as the media
/// keys ⏮ and ⏭ (U+23EE, U+23ED) or emoji; its step buttons are drawn.
#[test]
fn the_page_writes_no_glyph_debian_s_fonts_lack() {
    let run = winmove(&["tree", "--html", "-"], b"[[5,-2,0],[1,-3,7],[5,5,4]]\n");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let unescaped = run.stdout.replace("\\u23", "\u{2300}");
    for c in unescaped.chars() {
        let code = c as u32;
        assert!(
            !(0x2300..=0x23FF).contains(&code) && code < 0x1F000,
            "U+{code:04X} {c} in the page"
        );
    }
}

#[test]
fn a_tree_too_big_to_draw_is_named_and_skipped_and_the_others_drawn() {
    let dir = scratch("skip");
    let wide = format!("[{}]", vec!["1"; 201].join(","));
    let input = format!("[1,2]\n{wide}\n[[3,4],5]\n");
    let svg = dir.join("d.svg");
    let run = winmove(&["tree", "--draw", svg.to_str().unwrap()], input.as_bytes());
    assert_eq!(run.stdout, "2\n1\n5\n");
    assert_eq!(run.status, Some(1));
    assert!(
        run.stderr.contains("line 2: 201 leaves, too wide to draw"),
        "{}",
        run.stderr
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("line 1") && drawn.contains("line 3") && !drawn.contains("line 2"));
}

#[test]
fn draw_dash_writes_standard_output_and_devices_are_written_plainly() {
    let run = winmove(&["tree", "--draw", "-"], b"[1,2]\n");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("2\n<svg"), "{}", run.stdout);
    assert!(!std::path::Path::new("-").exists());
    #[cfg(target_os = "linux")]
    for device in ["/dev/null", "/dev/stdout"] {
        let run = winmove(&["tree", "--draw", device, "--html", device], b"[1,2]\n");
        assert_eq!(run.status, Some(0), "{device}: {}", run.stderr);
    }
}

#[test]
fn a_failed_run_leaves_the_old_file_and_nothing_beside_it() {
    let dir = scratch("keep");
    let svg = dir.join("d.svg");
    std::fs::write(&svg, "old").unwrap();
    // A malformed second tree stops the run before anything is drawn.
    let run = winmove(&["tree", "--draw", svg.to_str().unwrap()], b"[1,2]\n[1,\n");
    assert_eq!(run.status, Some(1));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
    let run = winmove(&["tree", "--draw", svg.to_str().unwrap()], b"[1,2]\n");
    assert_eq!(run.status, Some(0));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn algo_takes_a_list_each_backend_with_its_own_lines() {
    let run = winmove(
        &["tree", "--algo", "alphabeta,minimax", "--stats", "--order"],
        b"[[5,-2,0],[1,-3,7],[5,5,4]]\n",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "4\n");
    // Each backend's order line (written as its leaves are evaluated)
    // comes before its statistics line.
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("case=1 algo=alphabeta order=1.1,1.2,1.3,2.1,2.2,3.1"),
        "{}",
        run.stderr
    );
    assert!(lines[1].starts_with("case=1 algo=alphabeta value=4 leaves=8 "));
    assert!(lines[2].starts_with("case=1 algo=minimax order=1.1,"));
    assert!(
        lines[3].starts_with("case=1 algo=minimax value=4 leaves=9 "),
        "{}",
        run.stderr
    );
    assert!(lines[4].starts_with("total cases=1 algo=alphabeta"));
    assert!(lines[5].starts_with("total cases=1 algo=minimax"));
}

#[test]
fn a_board_s_steps_are_its_trace_and_its_edges_the_squares_played() {
    // x wins at once at (0,2), completing column 2.
    let board = "?\nxo.o\noxx.\nxox.\no.xo\n$\n";
    let run = winmove(&["tree", "--board", "--html", "-"], board.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let (value, html) = run.stdout.split_once('\n').unwrap();
    assert_eq!(value, "inf");
    assert!(html.contains("case 1: xo.o/oxx./xox./o.xo"));
    // Every edge labelled, the root's with the empty squares in row-major order.
    let edges = html.matches(r#"<polyline class="edge""#).count();
    assert_eq!(html.matches(r#"class="move""#).count(), edges);
    for (path, square) in [
        ("1", "(0,2)"),
        ("2", "(1,3)"),
        ("3", "(2,3)"),
        ("4", "(3,1)"),
    ] {
        let label = format!(r#"class="move" data-path="{path}""#);
        let at = html
            .find(&label)
            .unwrap_or_else(|| panic!("no label of {path}"));
        let text = &html[at + html[at..].find('>').unwrap() + 1..];
        assert!(
            text.starts_with(&format!("{square}</text>")),
            "{path}: {}",
            &text[..20]
        );
    }
    // After (0,2) the game is over: that edge leads to a leaf.
    assert!(!html.contains(r#"class="move" data-path="1.1""#));
    for algo in ["alphabeta", "minimax"] {
        let trace = winmove(
            &["tree", "--board", "--trace", "--algo", algo],
            board.as_bytes(),
        );
        let lines: Vec<String> = (trace.stderr.lines())
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        let run = winmove(
            &["tree", "--board", "--algo", algo, "--html", "-"],
            board.as_bytes(),
        );
        let html = run.stdout.split_once('\n').unwrap().1;
        assert_eq!(page_steps(html)[0][0].1, lines, "{algo}");
    }
    let crowded = "?\n....\n.xo.\n.ox.\n....\n$\n";
    let run = winmove(&["tree", "--board"], crowded.as_bytes());
    assert_eq!(run.status, Some(1));
    assert_eq!(
        run.stderr,
        "error: case 1: 12 empty squares: --board takes boards of at most 6\n"
    );
}

#[test]
fn a_board_s_drawing_writes_the_square_played_on_each_edge() {
    // x wins at once at (0,2); the other moves leave 3 empty squares.
    let board = "?\nxo.o\noxx.\nxox.\no.xo\n$\n";
    let run = winmove(
        &[
            "tree",
            "--board",
            "--algo",
            "alphabeta,minimax",
            "--draw",
            "-",
        ],
        board.as_bytes(),
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let svg = run.stdout.split_once('\n').unwrap().1;
    // Each panel labels every edge it draws.
    let edges = svg.matches(r#"<polyline class="edge""#).count();
    assert_eq!(svg.matches(r#"<text class="move""#).count(), edges);
    // x's moves, in row-major order, once per panel: 2 panels.
    for square in ["(0,2)", "(1,3)", "(2,3)", "(3,1)"] {
        let labels = svg.matches(&format!(">{square}</text>")).count();
        assert!(labels >= 2, "{square}: {labels}");
    }
    // A tree's drawing without a board has none.
    let run = winmove(&["tree", "--draw", "-"], b"[[1,2],3]\n");
    assert!(!run.stdout.contains(r#"class="move""#));
}

/// The tiny tree of the proof-number tests: `[[1,2],[3,4]]` less 3, so
/// that the first question `tree` asks ("is the value at least 0?") is the
/// original's "at least 3?". Its value is 0: proven.
#[cfg(any(feature = "pns", feature = "dfpn"))]
const TINY: &[u8] = b"[[-2,-1],[0,1]]\n";

/// `algo`'s trace of [`TINY`] is `want` (indented by depth as written),
/// and so are the page's steps.
#[cfg(any(feature = "pns", feature = "dfpn"))]
fn tiny_trace_is(algo: &str, want: &str) {
    let want: Vec<&str> = want.lines().collect();
    let run = winmove(&["tree", "--algo", algo, "--trace"], TINY);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().skip(1).collect();
    assert_eq!(lines, want, "{algo}:\n{}", run.stderr);
    let run = winmove(&["tree", "--algo", algo, "--html", "-"], TINY);
    let html = run.stdout.split_once('\n').unwrap().1;
    assert_eq!(page_steps(html)[0][0].1, want, "{algo}'s page");
}

/// pns on [`TINY`], worked out by hand. New nodes have pn = dn = 1; a MAX
/// node takes the least pn of its children and the sum of their dn, a MIN
/// node the sum of pn and the least dn; a leaf at least 0 is (0, oo),
/// below 0 (oo, 0); a node whose bounds settle the question likewise (a
/// MIN node with a leaf below 0 is below 0). Ties go to the first child.
/// - The root is expanded: two MIN children (1, 1): root (1, 2).
/// - Child 1 (least pn, first) expanded: (2, 1); the root stays (1, 2).
/// - Child 2 (pn 1 < 2) expanded: (2, 1); root (min 2, 1 + 1) = (2, 2).
/// - Down child 1 (pn 2, first), then 1.1 (least dn, first): leaf -2
///   (oo, 0); node 1 disproven (oo, 0); root (min(oo, 2), 0 + 1) = (2, 1).
/// - Down child 2, then 2.1: leaf 0 (0, oo); node 2 (0 + 1, min(oo, 1)) =
///   (1, 1); root (1, 1).
/// - Down child 2, then 2.2 (dn 1 < oo): leaf 1 (0, oo); node 2 proven
///   (both leaves at least 0): (0, oo); root (0, oo). Leaf 1.2 is never
///   evaluated.
#[cfg(feature = "pns")]
#[test]
fn pns_traces_its_numbers_and_the_most_proving_node_as_worked_out_by_hand() {
    tiny_trace_is(
        "pns",
        "pass 1, window (-1, 0)
root: pn 1, dn 1
root: most-proving
root: MAX (-1, 0)
root: pn 1, dn 2
  1: most-proving
  1: MIN (-1, 0)
  1: pn 2, dn 1
  2: most-proving
  2: MIN (-1, 0)
  2: pn 2, dn 1
root: pn 2, dn 2
    1.1: most-proving
    1.1: leaf -2
    1.1: pn oo, dn 0
  1: pn oo, dn 0
root: pn 2, dn 1
    2.1: most-proving
    2.1: leaf 0
    2.1: pn 0, dn oo
  2: pn 1, dn 1
root: pn 1, dn 1
    2.2: most-proving
    2.2: leaf 1
    2.2: pn 0, dn oo
  2: pn 0, dn oo
root: pn 0, dn oo
root: value 0: the bounds met",
    );
}

/// dfpn on [`TINY`], worked out by hand (numbers as for pns; `oo-1` is
/// one below oo). At a MAX node the child of least pn (the first, on a
/// tie) is entered with pn < the least of the node's pn threshold and
/// every other child's pn (plus 1 for a child after it), and dn < the
/// node's dn threshold less the other children's dn; at a MIN node the
/// same with pn and dn swapped. A node returns once a number reaches its
/// threshold.
/// - Root: thresholds (oo, oo); expanded, (1, 2). Child 1: pn < 1 + 1,
///   dn < oo - 1; expanded, (2, 1): pn 2 reaches 2, it returns.
/// - Root still (1, 2): child 2 (pn 1), pn < 2 (child 1's, before it),
///   dn < oo - 1; expanded, (2, 1), returns. Root (2, 2).
/// - Child 1 (the first of pn 2): pn < 2 + 1, dn < oo - 1; its children
///   (1, 1) again: (2, 1). 1.1: pn < 3 - (2 - 1), dn < 1 + 1; leaf -2,
///   (oo, 0). Node 1 disproven, (oo, 0), returns. Root (2, 1).
/// - Child 2: pn < oo (child 1's pn), dn < oo - 0. Node 2 (2, 1). 2.1:
///   pn < oo - 1, dn < 1 + 1; leaf 0, (0, oo). Node 2 (1, 1). 2.2: pn <
///   oo - 0, dn < oo (2.1's, before it); leaf 1, (0, oo). Node 2 proven,
///   (0, oo): dn reaches oo, it returns; so does the root.
#[cfg(feature = "dfpn")]
#[test]
fn dfpn_traces_its_thresholds_and_numbers_as_worked_out_by_hand() {
    tiny_trace_is(
        "dfpn",
        "pass 1, window (-1, 0)
root: thresholds pn < oo, dn < oo
root: MAX (-1, 0)
root: pn 1, dn 2
  1: thresholds pn < 2, dn < oo-1
  1: MIN (-1, 0)
  1: returns pn 2, dn 1
  2: thresholds pn < 2, dn < oo-1
  2: MIN (-1, 0)
  2: returns pn 2, dn 1
root: pn 2, dn 2
  1: thresholds pn < 3, dn < oo-1
  1: MIN (-1, 0)
  1: pn 2, dn 1
    1.1: thresholds pn < 2, dn < 2
    1.1: leaf -2
    1.1: returns pn oo, dn 0
  1: returns pn oo, dn 0
root: pn 2, dn 1
  2: thresholds pn < oo, dn < oo
  2: MIN (-1, 0)
  2: pn 2, dn 1
    2.1: thresholds pn < oo-1, dn < 2
    2.1: leaf 0
    2.1: returns pn 0, dn oo
  2: pn 1, dn 1
    2.2: thresholds pn < oo, dn < oo
    2.2: leaf 1
    2.2: returns pn 0, dn oo
  2: returns pn 0, dn oo
root: returns pn 0, dn oo
root: value 0: the bounds met",
    );
}
