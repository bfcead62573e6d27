//! The tree drawings' tests: what the SVG shows, read back from it.

use super::*;
use crate::lab::draw::draw_searches;
use crate::lab::svg::xml_check::well_formed;
use crate::search::Algo;
use crate::search::Settings;
use crate::tree::recording::dewey;
use crate::tree::value::{Shown, Value};
use crate::tree::written::ExplicitTree;
use crate::tree::written::TreeNode;
use std::collections::BTreeMap;

/// No edge labels.
static NO_LABELS: EdgeLabels = EdgeLabels::new();

/// The Japanese SSS* source's tree: a -> b, c, d -> e..m, value 4.
const JAPANESE: &str = "[[5,-2,0],[1,-3,7],[5,5,4]]";
/// Stockman's tree, from the Polish source: value 6.
const STOCKMAN: &str = "[[[2,2]],[[7],[6,0]],[[1]],[[2],[9]]]";

/// A node as a panel shows it.
#[derive(Debug, Default)]
struct Seen {
    /// Its letter, if the tree is lettered.
    letter: String,
    /// The classes after `node`: `max`/`min`, `evaluated`, `untouched`.
    classes: String,
    /// The value written inside it.
    value: String,
    /// The numbers written below it.
    order: String,
    /// The window written above it.
    window: String,
}

/// The text of the first element after `marker` in `line`.
fn inner(line: &str, marker: &str) -> String {
    line.split_once(marker)
        .and_then(|(_, rest)| rest.split_once('>'))
        .and_then(|(_, rest)| rest.split_once('<'))
        .map_or(String::new(), |(text, _)| text.to_string())
}

/// The nodes of the panel titled `title`, by path (`root`, `1.3`), and
/// the number of dashed edges in it.
fn panel(svg: &str, title: &str) -> (BTreeMap<String, Seen>, usize) {
    let heading = format!(">{title}</text>");
    let chunk = svg
        .split(r#"<g class="panel">"#)
        .find(|chunk| chunk.contains(&heading))
        .unwrap_or_else(|| panic!("no panel titled {title}"));
    let chunk = chunk.split("\n</g>").next().unwrap();
    let mut nodes = BTreeMap::new();
    for line in chunk
        .lines()
        .filter(|l| l.starts_with(r#"<g class="node "#))
    {
        let tooltip = inner(line, "<title");
        let (place, _) = tooltip.split_once(':').unwrap();
        let (path, letter) = place.split_once(" (").unwrap_or((place, ""));
        let seen = Seen {
            letter: letter.trim_end_matches(')').to_string(),
            classes: line.split('"').nth(1).unwrap()["node ".len()..].to_string(),
            value: inner(line, r#"class="value""#),
            order: inner(line, r#"class="order""#),
            window: inner(line, r#"class="window""#),
        };
        nodes.insert(path.to_string(), seen);
    }
    (nodes, chunk.matches("stroke-dasharray").count())
}

/// The cuts marked in the panel titled `title`: each bar's tooltip, and
/// the conditions written beside them.
fn cuts(svg: &str, title: &str) -> (Vec<String>, Vec<String>) {
    let heading = format!(">{title}</text>");
    let chunk = (svg.split(r#"<g class="panel">"#))
        .find(|chunk| chunk.contains(&heading))
        .unwrap_or_else(|| panic!("no panel titled {title}"));
    let lines = chunk
        .lines()
        .filter(|l| l.starts_with(r#"<g class="cut">"#));
    let tooltips = lines.clone().map(|l| inner(l, "<title")).collect();
    let written = lines
        .map(|l| inner(l, r#"class="condition""#))
        .filter(|c| !c.is_empty())
        .collect();
    (tooltips, written)
}

/// Draws `text` searched by each of `algos`, titled `title`.
fn drawing(title: &str, text: &str, algos: &[Algo]) -> String {
    let tree = ExplicitTree::parse(text).unwrap();
    let svg = draw_searches(
        &[(title.to_string(), tree)],
        &[],
        algos,
        &Settings::default(),
    );
    let svg = svg.unwrap();
    well_formed(&svg).unwrap();
    svg
}

/// The paths of the leaves with their numbers, and the untouched nodes'
/// letters.
fn numbered_and_untouched(nodes: &BTreeMap<String, Seen>) -> (Vec<(String, String)>, Vec<String>) {
    let mut numbered: Vec<_> = nodes
        .values()
        .filter(|n| !n.order.is_empty())
        .map(|n| (n.order.clone(), n.letter.clone()))
        .collect();
    numbered.sort_by_key(|(order, _)| order.parse::<usize>().unwrap_or(usize::MAX));
    let untouched = nodes
        .values()
        .filter(|n| n.classes.contains("untouched"))
        .map(|n| n.letter.clone())
        .collect();
    (numbered, untouched)
}

/// `[("1", "e"), ("2", "h"), ...]` from `"eh..."`.
fn in_order(letters: &str) -> Vec<(String, String)> {
    letters
        .chars()
        .enumerate()
        .map(|(k, c)| ((k + 1).to_string(), c.to_string()))
        .collect()
}

#[test]
fn alphabeta_on_the_japanese_tree_skips_only_j() {
    let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta]);
    let (nodes, dashed) = panel(&svg, "alphabeta: 8 leaves");
    let (numbered, untouched) = numbered_and_untouched(&nodes);
    assert_eq!(numbered, in_order("efghiklm"));
    assert_eq!(untouched, ["j"]);
    assert_eq!(dashed, 1, "the edge c-j");
    assert_eq!(nodes["2.3"].letter, "j");
    assert_eq!(nodes["2.3"].value, "7");
    // Worked by hand: b returns -2, so c and d are searched with (-2, +oo),
    // and c's -3 <= -2 cuts j.
    let windows: Vec<&str> = ["", "1", "2", "3"]
        .iter()
        .map(|p| nodes[if p.is_empty() { "root" } else { p }].window.as_str())
        .collect();
    assert_eq!(
        windows,
        ["(-oo, +oo)", "(-oo, +oo)", "(-2, +oo)", "(-2, +oo)"]
    );
    assert!(nodes["2.1"].window.is_empty(), "a leaf has no window");
    let (tooltips, written) = cuts(&svg, "alphabeta: 8 leaves");
    assert_eq!(
        (tooltips, written),
        (
            vec!["cut: -3 &lt;= -2".to_string()],
            vec!["-3 &lt;= -2".to_string()]
        )
    );
}

#[cfg(feature = "negascout")]
#[test]
fn a_child_cut_and_searched_again_keeps_its_condition_to_the_tooltip() {
    // Stockman's tree: NegaScout's null window cuts p (2.2.2: 6 >= 3 at h),
    // and the search again with a wider window evaluates it.
    let svg = drawing("stockman", STOCKMAN, &[Algo::NegaScout]);
    let title = "negascout: 9 evaluations, 7 leaves";
    let (nodes, _) = panel(&svg, title);
    assert_eq!(nodes["2.2.2"].order, "7");
    assert_eq!(nodes["2"].window, "(6, +oo) ×2");
    let (tooltips, written) = cuts(&svg, title);
    assert!(
        tooltips.contains(&"cut: 6 &gt;= 3".to_string()),
        "{tooltips:?}"
    );
    assert_eq!(written, ["2 &lt;= 6"], "only k, never searched, is written");
}

#[cfg(feature = "sss")]
#[test]
fn sss_on_the_japanese_tree_never_evaluates_g_i_j() {
    let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta, Algo::Sss]);
    let (nodes, dashed) = panel(&svg, "sss: 6 leaves");
    let (numbered, untouched) = numbered_and_untouched(&nodes);
    assert_eq!(numbered, in_order("ehkflm"));
    assert_eq!(untouched, ["g", "i", "j"]);
    assert_eq!(dashed, 3);
    for (path, letter) in [("1.3", "g"), ("2.2", "i"), ("2.3", "j")] {
        assert_eq!(nodes[path].letter, letter);
        assert!(nodes[path].order.is_empty());
    }
    assert!(nodes["2"].classes.contains("min") && !nodes["2"].classes.contains("untouched"));
}

/// Minimax as the textbooks define it, written here.
fn minimax(tree: &ExplicitTree, node: TreeNode) -> Value {
    match tree.leaf_value(node) {
        Some(value) => value,
        None => {
            let values = tree.children(node).map(|child| minimax(tree, child));
            let best = if node.max { values.max() } else { values.min() };
            best.unwrap()
        }
    }
}

/// Every node of `tree` with its Dewey path as the tooltips write it.
fn every_node(
    tree: &ExplicitTree,
    node: TreeNode,
    path: String,
    out: &mut Vec<(String, TreeNode)>,
) {
    out.push((path.clone(), node));
    for (k, child) in tree.children(node).enumerate() {
        let child_path = match path.as_str() {
            "root" => (k + 1).to_string(),
            _ => format!("{path}.{}", k + 1),
        };
        every_node(tree, child, child_path, out);
    }
}

#[test]
fn every_value_shown_is_the_minimax_value() {
    let trees = [
        JAPANESE,
        STOCKMAN,
        "[[1,2],3,[4,[5,inf]]]",
        "7",
        "[[-inf,[2,[3,-4]]],[[8],9],-1000000]",
    ];
    for text in trees {
        let tree = ExplicitTree::parse(text).unwrap();
        let svg = drawing(text, text, &[Algo::AlphaBeta]);
        let title = svg
            .lines()
            .find_map(|l| l.contains("alphabeta:").then(|| inner(l, "")));
        let (nodes, _) = panel(&svg, &title.unwrap());
        let mut expected = Vec::new();
        every_node(&tree, tree.root(), "root".to_string(), &mut expected);
        assert_eq!(nodes.len(), expected.len(), "{text}");
        for (path, node) in expected {
            let shown = &nodes[&path];
            assert_eq!(
                shown.value,
                Shown(minimax(&tree, node)).to_string(),
                "{text} {path}"
            );
            assert_eq!(shown.classes.starts_with("max"), node.max, "{text} {path}");
        }
    }
    // And by hand: the Japanese tree's b, c, d and a; Stockman's a.
    let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta]);
    let (nodes, _) = panel(&svg, "alphabeta: 8 leaves");
    let values: Vec<&str> = ["1", "2", "3", "root"]
        .iter()
        .map(|p| nodes[*p].value.as_str())
        .collect();
    assert_eq!(values, ["-2", "-3", "4", "4"]);
    assert!(svg.contains("japanese: value 4, 9 leaves"));
    let svg = drawing("stockman", STOCKMAN, &[Algo::AlphaBeta]);
    assert!(svg.contains("stockman: value 6, 8 leaves"));
}

#[test]
fn a_leaf_evaluated_again_shows_all_its_numbers() {
    let tree = ExplicitTree::parse("[3,5]").unwrap();
    let evaluated = Evaluated {
        algo: Algo::NegaScout,
        leaves: vec![vec![1], vec![2], vec![1]],
        events: Vec::new(),
    };
    let drawn = Drawn {
        title: "t".to_string(),
        tree: &tree,
        searches: vec![evaluated],
        labels: &NO_LABELS,
    };
    let svg = draw(&[drawn]).unwrap();
    well_formed(&svg).unwrap();
    let (nodes, dashed) = panel(&svg, "negascout: 3 evaluations, 2 leaves");
    assert_eq!(
        (nodes["1"].order.as_str(), nodes["2"].order.as_str()),
        ("1,3", "2")
    );
    assert_eq!(dashed, 0);
}

/// A MAX root over `n` leaves.
fn fan(n: usize) -> ExplicitTree {
    ExplicitTree::parse(&format!("[{}]", vec!["1"; n].join(","))).unwrap()
}

/// A chain `levels` deep.
fn chain(levels: usize) -> ExplicitTree {
    ExplicitTree::parse(&("[".repeat(levels) + "1" + &"]".repeat(levels))).unwrap()
}

#[test]
fn refuses_trees_too_wide_too_deep_or_too_many() {
    let one = |title: &str, tree: &ExplicitTree| {
        let drawn = Drawn {
            title: title.to_string(),
            tree,
            searches: Vec::new(),
            labels: &NO_LABELS,
        };
        draw(&[drawn])
    };
    assert!(one("wide", &fan(MAX_LEAVES)).is_ok());
    let error = one("line 3", &fan(MAX_LEAVES + 1)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3: 201 leaves, too wide to draw (at most 200)"
    );
    assert!(one("deep", &chain(MAX_LEVELS)).is_ok());
    let error = one("line 4", &chain(MAX_LEVELS + 1)).unwrap_err();
    assert_eq!(
        error,
        DrawError::TooDeep {
            title: "line 4".to_string(),
            levels: 31
        }
    );
    let tree = fan(2);
    let trees: Vec<Drawn> = (0..=MAX_TREES)
        .map(|k| Drawn {
            title: k.to_string(),
            tree: &tree,
            searches: Vec::new(),
            labels: &NO_LABELS,
        })
        .collect();
    assert!(draw(&trees[..MAX_TREES]).is_ok());
    let error = draw(&trees).unwrap_err();
    assert_eq!(error.to_string(), "9 trees: a drawing holds at most 8");
}

#[test]
fn refuses_paths_that_are_not_leaves() {
    let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
    for path in [vec![], vec![1], vec![3], vec![0], vec![1, 3], vec![2, 1]] {
        let drawn = Drawn {
            title: "t".to_string(),
            tree: &tree,
            searches: vec![Evaluated {
                algo: Algo::Scout,
                leaves: vec![vec![2], path.clone()],
                events: Vec::new(),
            }],
            labels: &NO_LABELS,
        };
        let error = draw(&[drawn]).unwrap_err();
        let expected = format!(
            "t: scout evaluated {}, which is not a leaf of the tree",
            dewey(&path)
        );
        assert_eq!(error.to_string(), expected);
    }
}

#[test]
fn escapes_titles_and_draws_a_row_without_searches() {
    let tree = ExplicitTree::parse("[1,2]").unwrap();
    let drawn = Drawn {
        title: "a <b> & c".to_string(),
        tree: &tree,
        searches: Vec::new(),
        labels: &NO_LABELS,
    };
    let svg = draw(&[drawn]).unwrap();
    well_formed(&svg).unwrap();
    assert!(svg.contains("a &lt;b&gt; &amp; c: value 2, 2 leaves"));
    assert!(!svg.contains(r#"<g class="panel">"#));
}

#[test]
fn every_built_backend_draws_well_formed_svg() {
    let algos: Vec<Algo> = Algo::all_built().collect();
    for text in [JAPANESE, STOCKMAN] {
        let svg = drawing(text, text, &algos);
        assert_eq!(svg.matches(r#"<g class="panel">"#).count(), algos.len());
    }
}

#[test]
fn a_drawing_titles_each_tree_and_each_search() {
    let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
    let evaluated = Evaluated {
        algo: Algo::AlphaBeta,
        leaves: vec![vec![1, 1], vec![1, 2], vec![2]],
        events: Vec::new(),
    };
    let drawn = Drawn {
        title: "line 1".to_string(),
        tree: &tree,
        searches: vec![evaluated],
        labels: &NO_LABELS,
    };
    let svg = draw(&[drawn]).unwrap();
    assert!(svg.contains("line 1: value 3, 3 leaves"));
    assert!(svg.contains("alphabeta: 3 leaves"));
}
