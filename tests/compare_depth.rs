//! `winmove compare --depth`: the depth-limited setting. Every backend's
//! value at every depth under iterative deepening against a plain minimax
//! written here; the printed tables against invariants that must hold
//! (no backend below the minimal tree without transpositions, the ratios
//! and passes per iteration as the printed counts give them, the groups
//! and rows expected); and the command line's options and errors.

mod common;

use common::built_algos;
use common::depth::minimax;
use common::rules::{X, cells_of};
use common::winmove;
use winmove::{
    Algo, DepthTree, Enhancements, Eval, Rng, Settings, deepen, deepening_for, random_board,
};

#[test]
fn every_backend_deepens_to_the_plain_minimax_value_at_every_depth() {
    let mut rng = Rng::new(1996);
    let mut checked = 0;
    for enhancements in [Enhancements::ALL, Enhancements::NONE] {
        for pieces in [0, 2, 4, 6, 8] {
            let board = random_board(&mut rng, pieces / 2, pieces / 2);
            let depth = if pieces < 4 { 3 } else { 4 };
            for eval in Eval::ALL {
                let tree = DepthTree::new(enhancements, eval);
                for algo in built_algos() {
                    let mut backend = algo.make::<DepthTree>(&Settings::default()).unwrap();
                    let deepening = deepening_for(algo, eval);
                    let iterations = deepen(&mut backend, &tree, board, depth, deepening);
                    let values: Vec<(u32, i32)> =
                        iterations.iter().map(|it| (it.depth, it.value)).collect();
                    let expected: Vec<(u32, i32)> = (1..=depth)
                        .map(|d| (d, minimax(&mut cells_of(board), X, d, eval)))
                        .collect();
                    assert_eq!(values, expected, "{algo} {eval} {enhancements:?}\n{board}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "{checked}");
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
        common::STATEMENT.as_bytes(),
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
        (&["--depth", "2", "--svg", "x.svg"], "--svg"),
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
        help.contains("--depth D") && help.contains("aspiration"),
        "{help}"
    );
}
