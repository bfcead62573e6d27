//! `winmove compare --depth`: the depth-limited setting. Every backend's
//! value at every depth under iterative deepening, with the moves ordered
//! between iterations and without, against a plain minimax written here;
//! the printed tables against invariants that must hold (no backend below
//! the minimal tree without transpositions, the ratios and passes per
//! iteration as the printed counts give them, the groups and rows
//! expected, fewer leaves with dynamic move ordering than without); the
//! figure; and the command line's options and errors.

use crate::common::built_algos;
use crate::common::depth::minimax;
use crate::common::rules::{X, cells_of};
use crate::common::winmove;
use winmove::answer::value::{HINT_BEST, HINTED};
use winmove::game::eval::Eval;
use winmove::game::random::{Rng, random_board};
use winmove::lab::compare::{deepen, deepening_for};
use winmove::search::iterative::{Deepening, Iteration};
use winmove::tree::board::{DepthTree, GuidedTree};
use winmove::{Algo, Board, Enhancements, Settings};

/// `board` deepened by `algo` in `tree` to `depth`: in the tree's own
/// order, and ordered by a fresh guide.
fn both_orders(
    algo: Algo,
    tree: DepthTree,
    board: Board,
    depth: u32,
    deepening: Deepening,
) -> (Vec<Iteration>, Vec<Iteration>) {
    let mut backend = algo.make::<DepthTree>(&Settings::default()).unwrap();
    let plain = deepen(&mut backend, &tree, None, board, depth, deepening);
    let guided_tree = GuidedTree::new(tree, false);
    let guide = Some(guided_tree.guide());
    let mut backend = algo.make::<GuidedTree>(&Settings::default()).unwrap();
    let guided = deepen(&mut backend, &guided_tree, guide, board, depth, deepening);
    (plain, guided)
}

#[test]
fn every_backend_deepens_to_the_plain_minimax_value_at_every_depth() {
    let mut rng = Rng::new(1996);
    let mut checked = 0;
    for enhancements in [Enhancements::DEFAULT, Enhancements::NONE] {
        for pieces in [0, 2, 4, 6, 8] {
            let board = random_board(&mut rng, pieces / 2, pieces / 2);
            let depth = if pieces < 4 { 3 } else { 4 };
            for eval in Eval::ALL {
                let expected: Vec<(u32, i32)> = (1..=depth)
                    .map(|d| (d, minimax(&mut cells_of(board), X, d, eval)))
                    .collect();
                let tree = DepthTree::new(enhancements, eval);
                for algo in built_algos() {
                    let deepening = deepening_for(algo, eval);
                    let (plain, guided) = both_orders(algo, tree, board, depth, deepening);
                    for (iterations, order) in [(plain, "static"), (guided, "guided")] {
                        let values: Vec<(u32, i32)> =
                            iterations.iter().map(|it| (it.depth, it.value)).collect();
                        assert_eq!(
                            values, expected,
                            "{algo} {eval} {enhancements:?} {order}\n{board}"
                        );
                        let hinted = iterations[0].stats.get(HINTED);
                        assert_eq!(hinted.is_some(), order == "guided", "{algo} {order}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}

#[test]
fn the_best_move_of_the_last_depth_is_tried_first_and_saves_leaves() {
    let mut rng = Rng::new(17);
    let boards: Vec<_> = (0..8).map(|_| random_board(&mut rng, 3, 3)).collect();
    let depth = 5;
    for algo in [Algo::AlphaBeta, Algo::NegaScout]
        .into_iter()
        .filter(|a| a.built())
    {
        for enhancements in [Enhancements::DEFAULT, Enhancements::NONE] {
            let tree = DepthTree::new(enhancements, Eval::Weighted);
            let deepening = deepening_for(algo, Eval::Weighted);
            let (mut plain_leaves, mut guided_leaves) = (0, 0);
            let (mut hinted, mut hint_best) = (0, 0);
            for &board in &boards {
                let (plain, guided) = both_orders(algo, tree, board, depth, deepening);
                plain_leaves += plain.iter().map(|it| it.stats.leaves).sum::<u64>();
                guided_leaves += guided.iter().map(|it| it.stats.leaves).sum::<u64>();
                // Depth 1 has no last depth to learn from.
                assert_eq!(guided[0].stats.get(HINTED), Some(0), "{algo}");
                for it in &guided {
                    hinted += it.stats.get(HINTED).unwrap();
                    hint_best += it.stats.get(HINT_BEST).unwrap();
                }
            }
            assert!(
                guided_leaves < plain_leaves,
                "{algo} {enhancements:?}: {guided_leaves} guided, {plain_leaves} plain"
            );
            assert!(
                0 < hint_best && hint_best <= hinted,
                "{algo} {enhancements:?}: {hint_best} of {hinted}"
            );
        }
    }
}

/// The rows of a CSV table, as field maps.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|line| {
            header
                .iter()
                .cloned()
                .zip(line.split(',').map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn the_tables_hold_the_invariants_of_their_counts() {
    if !Algo::NegaScout.built() {
        // The tables are set against aspiration negascout: not built, no baseline.
        return;
    }
    // The plain tree: no transpositions shared, so no backend goes below
    // the minimal tree.
    let depth = 3;
    let run = winmove(
        &[
            "compare",
            "--depth",
            "3",
            "--samples",
            "3",
            "--raw",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let rows = rows(&run.stdout);
    let algos = built_algos();
    // Four position sets, two evaluations, three depths.
    assert_eq!(rows.len(), 4 * 2 * depth * algos.len());
    let number = |row: &std::collections::HashMap<String, String>, key: &str| -> f64 {
        row[key]
            .parse()
            .unwrap_or_else(|_| panic!("{key} in {row:?}"))
    };
    for row in &rows {
        let (leaves, minimal) = (number(row, "leaves_mean"), number(row, "minimal_mean"));
        assert!(leaves >= minimal, "{row:?}");
        let efficiency = number(row, "efficiency");
        assert!(
            (efficiency - leaves / minimal).abs() < 1e-3 * efficiency.max(1.0),
            "{row:?}"
        );
        let base = rows
            .iter()
            .find(|r| r["group"] == row["group"] && r["backend"] == "negascout")
            .unwrap();
        for (mine, to) in [
            ("leaves_mean", "leaves_to_negascout"),
            ("nodes_mean", "nodes_to_negascout"),
        ] {
            let expected = number(row, mine) / number(base, mine);
            assert!(
                (number(row, to) - expected).abs() < 2e-3 * expected.max(1.0),
                "{to}: {row:?}"
            );
        }
        let d: f64 = row["depth"].parse().unwrap();
        match row.get("passes_mean").filter(|p| !p.is_empty()) {
            Some(passes) => {
                let per: f64 = passes.parse::<f64>().unwrap() / d;
                assert!((number(row, "passes_per_iteration") - per).abs() < 2e-3 * per.max(1.0));
                assert!(per >= 1.0, "{row:?}");
            }
            None => assert_eq!(row["passes_per_iteration"], "", "{row:?}"),
        }
    }
    // Dynamic move ordering: how often the stored move was the best.
    for row in rows.iter().filter(|r| r["depth"] != "1") {
        let (hinted, best) = (number(row, "hinted_mean"), number(row, "hint_best_mean"));
        assert!(best <= hinted, "{row:?}");
    }
    assert!(rows.iter().any(|r| number(r, "hint_best_mean") > 0.0));
    // Counts summed over the iterations grow with the depth.
    for row in rows.iter().filter(|r| r["depth"] != "1") {
        let d: u32 = row["depth"].parse().unwrap();
        let name = row["group"].replace(&format!("d={d}"), &format!("d={}", d - 1));
        let shallower = rows
            .iter()
            .find(|r| r["group"] == name && r["backend"] == row["backend"])
            .unwrap();
        assert!(
            number(row, "nodes_mean") > number(shallower, "nodes_mean"),
            "{row:?}"
        );
    }
}

#[test]
fn the_markdown_report_sets_the_groups_beside_the_literature() {
    if !Algo::NegaScout.built() {
        // The tables are set against aspiration negascout: not built, no baseline.
        return;
    }
    let run = winmove(
        &[
            "compare",
            "--depth",
            "2",
            "--eval",
            "weighted",
            "--samples",
            "2",
        ],
        b"",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let text = run.stdout;
    assert!(text.contains("| leaves / negascout | nodes / negascout | passes per iteration |"));
    assert!(
        text.contains("| eight weighted d=2 | negascout | 2 |"),
        "{text}"
    );
    assert!(!text.contains(" lines d="), "{text}");
    assert!(text.contains("### Beside Plaat, Schaeffer, Pijls and de Bruin (1996)"));
    if Algo::Mtdf.built() {
        assert!(text.contains("| empty weighted d=1 | "), "{text}");
    }
    // The questions of a file: one set.
    let file = winmove(
        &["compare", "--depth", "2", "--boards", "-"],
        crate::common::STATEMENT.as_bytes(),
    );
    assert_eq!(file.status, Some(0), "{}", file.stderr);
    assert!(
        file.stdout
            .contains("| standard input lines d=2 | alphabeta | 2 |"),
        "{}",
        file.stdout
    );
}

#[test]
fn bad_depth_limited_command_lines_are_usage_errors() {
    for (args, message) in [
        (&["--eval", "lines"][..], "--eval needs --depth"),
        (
            &["--depth", "2", "--trees"],
            "cannot be combined with --trees",
        ),
        (&["--depth", "2", "--value"], "drop --value"),
        (
            &["--depth", "2", "--eval", "open"],
            "--eval is lines, weighted or both, found 'open'",
        ),
        (&["--depth", "0"], "--depth"),
        (&["--depth", "17"], "--depth"),
        (
            &["--svg", "x.svg"],
            "--svg draws the figure of --trees, --depth or --anytime",
        ),
        (&["--static-order"], "--static-order needs --depth"),
        (
            &["--depth", "2", "--svg", "x.svg", "--format", "csv"],
            "drop --format csv",
        ),
    ] {
        let mut all = vec!["compare"];
        all.extend(args);
        let run = winmove(&all, b"");
        assert_eq!(run.status, Some(2), "{all:?}");
        assert!(run.stderr.contains(message), "{all:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{all:?}");
    }
    let help = winmove(&["compare", "--help"], b"").stdout;
    assert!(
        help.contains("--depth D")
            && help.contains("aspiration")
            && help.contains("--static-order")
            && help.contains("dynamic move ordering"),
        "{help}"
    );
}

#[test]
fn the_figure_has_a_panel_per_position_set_and_evaluation() {
    let path = std::env::temp_dir().join(format!("winmove-depth-{}.svg", std::process::id()));
    let file = path.to_str().expect("a text path");
    let args = ["compare", "--depth", "3", "--samples", "2", "--svg", file];
    let run = winmove(&args, b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let svg = std::fs::read_to_string(&path).expect("the figure is written");
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains("moves ordered by the last depth"),
        "{svg:.300}"
    );
    if !Algo::NegaScout.built() {
        // No baseline, no line.
        return;
    }
    for set in ["empty", "four", "six", "eight"] {
        for eval in ["lines", "weighted"] {
            assert!(svg.contains(&format!(">{set}, {eval}<")), "{set}, {eval}");
        }
    }
    // Per panel, a line of three depths for the minimal tree and for each
    // of Plaat et al.'s backends but the baseline.
    let others = [Algo::AlphaBeta, Algo::MtSss, Algo::MtDual, Algo::Mtdf];
    let lines = 1 + others.iter().filter(|a| a.built()).count();
    assert_eq!(svg.matches("<polyline").count(), 8 * lines);
    assert_eq!(svg.matches("<circle").count(), 8 * lines * 3);
    // Every element opened is closed: the tags balance.
    let opened = svg.matches("<text").count() + svg.matches("<svg").count();
    let closed = svg.matches("</text>").count() + svg.matches("</svg>").count();
    assert_eq!(opened, closed);
    // In the tree's own order, the title says so.
    let args = [
        "compare",
        "--depth",
        "2",
        "--samples",
        "1",
        "--eval",
        "lines",
        "--static-order",
        "--svg",
        file,
    ];
    let run = winmove(&args, b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let svg = std::fs::read_to_string(&path).expect("the figure is written");
    let _ = std::fs::remove_file(&path);
    assert!(svg.contains("moves in the tree's own order") && !svg.contains("weighted<"));
    assert!(!run.stdout.contains("hinted"), "{}", run.stdout);
}
