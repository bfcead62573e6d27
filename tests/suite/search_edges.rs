//! The searches at their edges: the MT drivers' table of nodes and its
//! size, what `nodes=` counts, the enhancements each backend uses, the
//! deepest trees, and `--order` on large trees.

use crate::common::{built_algos, under_limit, winmove};
use std::cell::Cell;
use winmove::game::random::Rng;
use winmove::tree::written::random::random_tree;
use winmove::{Algo, Expansion, GameTree, Keys, Value, Window};

/// The `--stats` total line of a run.
fn total(stderr: &str) -> &str {
    stderr
        .lines()
        .find(|l| l.starts_with("total "))
        .expect("a total line")
}

/// The value of `name=` in a `--stats` line.
fn field(line: &str, name: &str) -> u64 {
    line.split(' ')
        .find_map(|part| part.strip_prefix(name)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name}= in {line}"))
}

/// The `order=` lines of a run.
fn orders(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter_map(|l| l.split_once(" order=").map(|(_, order)| order))
        .collect()
}

#[test]
fn the_mt_drivers_warn_once_when_their_table_of_nodes_fills() {
    // 2:8 has 511 nodes: a table of 50 fills, one of 511 never does.
    let shape = [
        "tree",
        "--uniform",
        "2:8",
        "--count",
        "3",
        "--stats",
        "--order",
    ];
    let run = |algo: &str, size: Option<&str>| {
        let mut args = shape.to_vec();
        args.extend(["--algo", algo]);
        if let Some(size) = size {
            args.extend(["--table-size", size]);
        }
        let run = winmove(&args, b"");
        assert_eq!(run.status, Some(0), "{algo}: {}", run.stderr);
        run
    };
    let sss = run("sss", None);
    let roomy = run("mt-sss", Some("511"));
    assert!(!roomy.stderr.contains("warning"), "{}", roomy.stderr);
    assert_eq!(
        orders(&roomy.stderr),
        orders(&sss.stderr),
        "SSS*'s leaves, in order"
    );
    let cramped = run("mt-sss", Some("50"));
    let warnings: Vec<&str> = cramped
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "once a run: {}", cramped.stderr);
    assert!(
        warnings[0].starts_with("warning: case 1: the table of nodes filled (50 entries)"),
        "{}",
        warnings[0]
    );
    assert!(warnings[0].contains("MT-SSS* no longer evaluates exactly SSS*'s leaves"));
    assert!(
        field(total(&cramped.stderr), "leaves") > field(total(&sss.stderr), "leaves"),
        "leaves evaluated again"
    );
    for algo in ["mt-dual", "mtdf"] {
        let cramped = run(algo, Some("50"));
        assert!(
            cramped
                .stderr
                .contains("warning: case 1: the table of nodes filled")
        );
        assert!(
            !cramped.stderr.contains("MT-SSS*"),
            "{algo}: {}",
            cramped.stderr
        );
    }
    // The default holds 2,097,152 nodes: a small tree never fills it.
    assert!(!run("mt-sss", None).stderr.contains("warning"));
}

#[test]
fn table_size_is_for_the_backends_with_a_table_of_nodes_only() {
    let run = winmove(&["tree", "--table-size", "10", "--algo", "sss"], b"[1,2]\n");
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .starts_with("error: --table-size is the size of the table of nodes: use it with --algo mt-sss, mt-dual, mtdf, pns, dfpn or mcts"),
        "{}",
        run.stderr
    );
    let run = winmove(&["tree", "--table-size", "x", "--algo", "mtdf"], b"[1,2]\n");
    assert_eq!(run.status, Some(2), "{}", run.stderr);
}

/// A tree that counts the calls of `expand`: the visits of a search that
/// keeps no table.
struct Counting<'a, T> {
    inner: &'a T,
    expansions: Cell<u64>,
}

impl<T: GameTree> GameTree for Counting<'_, T> {
    type Node = T::Node;
    type Children = T::Children;

    fn is_max(&self, node: &T::Node) -> bool {
        self.inner.is_max(node)
    }

    fn expand(&self, node: &T::Node) -> Expansion<T::Children> {
        self.expansions.set(self.expansions.get() + 1);
        self.inner.expand(node)
    }

    fn upper_bound(&self, node: &T::Node) -> Value {
        self.inner.upper_bound(node)
    }

    fn lower_bound(&self, node: &T::Node) -> Value {
        self.inner.lower_bound(node)
    }

    fn keys(&self) -> Keys {
        self.inner.keys()
    }

    fn key(&self, node: &T::Node) -> Option<u64> {
        self.inner.key(node)
    }
}

#[test]
fn nodes_counts_visits_alike_for_every_backend_without_a_table() {
    // Without a table (written trees, keys that name nodes, no memory),
    // a visit is one expansion, repeats included: counted without the
    // contract's checks, which expand nodes again.
    winmove::tree::check_contract(false);
    let mut rng = Rng::new(21);
    let tableless = [Algo::AlphaBeta, Algo::AlphaBetaShallow, Algo::Minimax];
    let others = [Algo::Scout, Algo::Sss, Algo::NegaScout];
    for _ in 0..300 {
        let tree = random_tree(&mut rng, 4, 5, 25, -20, 20);
        for algo in tableless.into_iter().chain(others) {
            let Some(mut search) = algo.make(&Default::default()) else {
                continue;
            };
            let counting = Counting {
                inner: &tree,
                expansions: Cell::new(0),
            };
            search.search(&counting, tree.root(), Window::FULL);
            assert_eq!(
                search.stats().nodes,
                counting.expansions.get(),
                "{algo}: {tree}"
            );
        }
    }
    // The Japanese tree of samples/textbook.trees: 13 nodes.
    let japanese = std::fs::read("samples/japanese.tree").expect("the sample");
    let nodes = |algo: &str| {
        let run = winmove(&["tree", "--stats", "--algo", algo], &japanese);
        field(total(&run.stderr), "nodes")
    };
    assert_eq!(
        nodes("sss"),
        10,
        "SSS* visits 10 of the 13 nodes, once each"
    );
    assert_eq!(nodes("alphabeta"), 12);
}

#[test]
fn a_warning_names_an_enhancement_the_backend_does_not_use() {
    let board = crate::common::STATEMENT.as_bytes();
    let warned = |args: &[&str]| {
        let run = winmove(args, board);
        assert_eq!(run.status, Some(0), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, crate::common::STATEMENT_ANSWERS, "{args:?}");
        run.stderr
    };
    let sss = warned(&["--enhance", "window", "--algo", "sss"]);
    assert_eq!(
        sss,
        "warning: --algo sss does not use the enhancement window (see ENHANCEMENTS in \
         'winmove --help'): it changes nothing\n"
    );
    let scout = warned(&["--enhance", "forced,tt", "--algo", "scout"]);
    assert!(
        scout.contains("--algo scout does not use the enhancement tt"),
        "{scout}"
    );
    let symmetry = warned(&["--enhance", "symmetry"]);
    assert_eq!(
        symmetry,
        "warning: the enhancement symmetry does nothing without tt\n"
    );
    // Used, or not named: no warning.
    assert_eq!(warned(&["--enhance", "window,tt,symmetry"]), "");
    assert_eq!(warned(&["--algo", "sss"]), "");
    assert_eq!(warned(&["--without", "tt"]), "");
}

#[test]
fn every_backend_searches_the_deepest_uniform_tree_and_deeper_is_refused() {
    for algo in built_algos() {
        let run = winmove(&["tree", "--uniform", "1:2000", "--algo", algo.name()], b"");
        assert_eq!(run.status, Some(0), "{algo}: {}", run.stderr);
        // A line of 2000 levels: its only leaf's value.
        let leaf = winmove(&["tree", "--uniform", "1:2000", "--order"], b"");
        assert_eq!(
            leaf.stderr.matches('.').count(),
            1999,
            "one leaf, 2000 deep"
        );
        assert_eq!(run.stdout, leaf.stdout, "{algo}");
    }
    let run = winmove(&["tree", "--uniform", "1:100000"], b"");
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.starts_with(
            "error: --uniform 1:100000: depth 100000 is more than 2000 levels, the most a search takes"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn order_keeps_only_the_path_of_a_depth_first_search() {
    // 2:16 has 65,536 leaves: a recording of every node would hold them
    // all; one of the path holds 17 expansions. The order is checked leaf
    // by leaf against minimax's, which evaluates every leaf left to right.
    let run = winmove(
        &["tree", "--uniform", "2:16", "--algo", "minimax", "--order"],
        b"",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let order = orders(&run.stderr);
    assert_eq!(order.len(), 1);
    let paths: Vec<&str> = order[0].split(',').collect();
    assert_eq!(paths.len(), 1 << 16);
    for (k, path) in paths.iter().enumerate() {
        let expected: Vec<String> = (0..16)
            .rev()
            .map(|bit| ((k >> bit & 1) + 1).to_string())
            .collect();
        assert_eq!(*path, expected.join("."), "leaf {k}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_table_stops_growing_when_memory_cannot_be_had() {
    use crate::common::under_limit;
    // The least address space (to 256 KiB) in which one board is answered;
    // 1 MiB more is far from the 8 MiB the table grows to on boards with
    // few pieces.
    let one = crate::common::STATEMENT.as_bytes();
    let answers = |kib| under_limit(kib, &[], one).stdout == crate::common::STATEMENT_ANSWERS;
    let mut kib = 64 * 1024;
    assert!(answers(kib), "a board in 64 MiB");
    while kib > 1024 && answers(kib - 256) {
        kib -= 256;
    }
    let class = ["generate", "--class", "sparse-unequal", "--count", "5000"];
    let boards = winmove(&class, b"").stdout;
    let expected = winmove(&[], boards.as_bytes());
    let limited = under_limit(kib + 1024, &[], boards.as_bytes());
    assert_eq!(limited.status, Some(0), "{}", limited.stderr);
    assert!(limited.stdout == expected.stdout, "every answer, the same");
}

#[cfg(all(feature = "dfpn", feature = "pns"))]
#[test]
fn a_proof_search_counts_its_table_per_tree() {
    // dfpn empties its table between trees: the same tree alone and after
    // a larger one reports the same counters (issue 29).
    let (large, small) = ("[[[1,2],[3,4]],[[5,6],[7,8]]]", "[[1,2],[3,0]]");
    let stats = |input: String, case: &str| {
        let run = winmove(&["tree", "--algo", "dfpn", "--stats"], input.as_bytes());
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        let line = run
            .stderr
            .lines()
            .find(|l| l.starts_with(case))
            .map(String::from);
        line.expect("a case line")
            .split_once(' ')
            .expect("fields")
            .1
            .to_string()
    };
    let alone = stats(format!("{small}\n"), "case=1 ");
    assert_eq!(stats(format!("{large}\n{small}\n"), "case=2 "), alone);
    assert!(field(&alone, "table") <= 7, "{alone}: its own nodes");
}

#[cfg(all(target_os = "linux", feature = "dfpn", feature = "pns"))]
#[test]
fn a_node_too_wide_for_memory_is_answered_without_its_children() {
    // `[1,2]`, then a node of 1,000,000 leaves in far less memory than
    // df-pn's 48 bytes a child (it aborted, the first answer lost): the
    // node is answered by alpha-beta instead, every answer written, and
    // the warning does not ask for a larger table (issue 30).
    let mut wide = vec!["0"; 999_999];
    wide.push("1");
    let input = format!("[1,2]\n[{}]\n", wide.join(","));
    for algo in ["pns", "dfpn"] {
        let run = under_limit(40_000, &["tree", "--algo", algo], input.as_bytes());
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (Some(0), "2\n1\n"),
            "{algo}: {}",
            run.stderr
        );
        assert!(
            run.stderr
                .contains("when the memory to grow it could not be had"),
            "{algo}: {}",
            run.stderr
        );
        assert!(
            !run.stderr.contains("--table-size"),
            "{algo}: {}",
            run.stderr
        );
    }
}
