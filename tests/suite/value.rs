//! `winmove value`'s depth-limited search against references written here:
//! a plain depth-limited minimax over cells, with its own evaluation code,
//! agrees with every backend and every enhancement set (enhanced
//! transposition cutoffs on and off) on seeded boards at depths 0 to 5 for
//! both evaluations; iterative deepening, its moves ordered by the last
//! depth's best moves (and by history scores or not), gives each depth the
//! reference's fixed-depth value, and the ordering saves leaves at the last
//! depth; at depths that reach every finished game, the values are the
//! tablebase's; and the subcommand's output, errors and help.

use crate::common::depth::reference;
use crate::common::rules::{Cells, O, X, cells_of, input};
use crate::common::tablebase::table;
use crate::common::{built_algos, winmove};
use winmove::answer::value::{exact_depth, value_from, value_of};
use winmove::answer::verify::tablebase::{Outcome, Player, Tablebase};
use winmove::game::eval::Eval;
use winmove::game::random::{Rng, random_board};
use winmove::search::iterative::Deepening;
use winmove::tree::board::{DepthNode, DepthTree, GuidedTree, Position};
use winmove::{Algo, Board, Enhancement, Enhancements, INF, Mark, Settings, Square, Value, Window};

/// The enhancement sets that shape the depth-limited tree or its search:
/// every subset of `forced`, `bounds`, `tt`, `symmetry`, `ordering`, `etc`
/// (the others belong to the answer loop).
fn tree_sets() -> Vec<Enhancements> {
    let shaping = [
        Enhancement::Forced,
        Enhancement::Bounds,
        Enhancement::Tt,
        Enhancement::Symmetry,
        Enhancement::Ordering,
        Enhancement::Etc,
    ];
    (0..1u32 << shaping.len())
        .map(|bits| {
            (0..shaping.len())
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| shaping[i])
                .collect()
        })
        .collect()
}

/// A seeded legal question with 1 to `most` empty squares: x's count
/// from one below o's to one above (o's move or x's, and either player a
/// move ahead).
fn question(rng: &mut Rng, most: u64) -> Board {
    let empties = 1 + rng.below(most) as usize;
    let pieces = 16 - empties;
    let x = (pieces.saturating_sub(1) / 2 + rng.below(2) as usize).min(pieces);
    random_board(rng, x, pieces - x)
}

/// Boards for depth `depth`: `count` of them, with empty squares drawn so
/// that the reference's tree stays small (all 16 at depths up to 3, then
/// fewer).
fn boards(seed: u64, depth: u32, count: usize) -> Vec<Board> {
    let most = match depth {
        0..=3 => 16,
        4 => 11,
        _ => 9,
    };
    let mut rng = Rng::new(seed);
    (0..count).map(|_| question(&mut rng, most)).collect()
}

/// One backend with one enhancement set, kept over every board, depth and
/// evaluation (its table too, so keys must keep them all apart).
struct Searcher {
    algo: Algo,
    set: Enhancements,
    search: Box<dyn winmove::Search<DepthTree>>,
}

impl Searcher {
    fn new(algo: Algo, set: Enhancements) -> Searcher {
        let search = algo.make(&Settings::default()).expect("built");
        Searcher { algo, set, search }
    }

    /// The root's value searched whole, and the value and square of the
    /// value loop.
    fn value(&mut self, board: Board, depth: u32, eval: Eval) -> (Value, Value, Option<usize>) {
        let tree = DepthTree::new(self.set, eval);
        let position = Position {
            board,
            to_move: Mark::X,
        };
        let root = DepthNode::root(position, depth);
        let whole = self.search.search(&tree, root, Window::FULL);
        let search = &mut self.search;
        let valued = value_of(&tree, board, depth, Window::FULL, |candidate, window| {
            search.search(&tree, candidate.node, window)
        });
        (whole, valued.value, valued.square.map(|sq| sq.index()))
    }
}

#[test]
fn every_backend_and_enhancement_set_is_plain_depth_limited_minimax() {
    let sets = tree_sets();
    let mut searchers: Vec<Searcher> = built_algos()
        .into_iter()
        .flat_map(|algo| sets.iter().map(move |&set| Searcher::new(algo, set)))
        .collect();
    let mut checked = 0;
    for depth in 0..=5u32 {
        let count = [200, 200, 160, 130, 100, 70][depth as usize];
        for (i, board) in boards(depth as u64, depth, count).into_iter().enumerate() {
            let cells = cells_of(board);
            for eval in Eval::ALL {
                let (value, first) = reference(&cells, depth, eval);
                // Every backend with the full set and none, and with one
                // of the other sets in turn.
                let set = sets[i % sets.len()];
                for searcher in searchers.iter_mut().filter(|s| {
                    s.set == set || s.set == Enhancements::NONE || s.set == *sets.last().unwrap()
                }) {
                    let got = searcher.value(board, depth, eval);
                    assert_eq!(
                        got,
                        (value, value, first),
                        "{} {:?} depth {depth} {eval}:\n{board}",
                        searcher.algo,
                        searcher.set
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// What iterative deepening found on a board.
struct Deepened {
    /// Each depth and its value.
    values: Vec<(u32, Value)>,
    /// The last search's value and square.
    last: (Value, Option<usize>),
    /// The leaves of the last iteration.
    last_leaves: u64,
}

/// The iterations of `winmove value --iterative` on `board` to `depth`
/// with `search` in `tree`, its guide advanced after each if `guided`
/// (else it never orders anything: the tree's own order).
fn deepen(
    search: &mut Box<dyn winmove::Search<GuidedTree>>,
    tree: &GuidedTree,
    deepening: Deepening,
    (board, depth): (Board, u32),
    guided: bool,
) -> Deepened {
    let mut last = None;
    let mut values = Vec::new();
    let mut last_leaves = 0;
    deepening.run(
        search,
        depth,
        |search, d, window| {
            let valued = value_of(tree, board, d, window, |candidate, window| {
                search.search(tree, candidate.node, window)
            });
            last = Some(valued);
            valued.value
        },
        |it| {
            values.push((it.depth, it.value));
            last_leaves = it.stats.leaves;
            if guided {
                tree.guide().advance();
            }
        },
    );
    let last = last.expect("a search");
    Deepened {
        values,
        last: (last.value, last.square.map(|sq| sq.index())),
        last_leaves,
    }
}

#[test]
fn iterative_deepening_gives_each_depth_its_fixed_depth_value() {
    let mut rng = Rng::new(1996);
    let etc = Enhancements::DEFAULT.with(Enhancement::Etc);
    for algo in built_algos() {
        let aspiring = matches!(algo, Algo::AlphaBeta | Algo::NegaScout);
        for set in [Enhancements::DEFAULT, etc, Enhancements::NONE] {
            // One backend over every board, as `winmove value --iterative`,
            // with the best-move table, and the history heuristic or not.
            let mut search = algo.make::<GuidedTree>(&Settings::default()).unwrap();
            for _ in 0..40 {
                let board = question(&mut rng, 10);
                let cells = cells_of(board);
                let eval = Eval::ALL[rng.below(2) as usize];
                let tree = GuidedTree::new(DepthTree::new(set, eval), rng.below(2) == 1);
                let deepening = Deepening {
                    aspiration: aspiring.then(|| 1 + rng.below(20) as Value),
                };
                let depth = 1 + rng.below(5) as u32;
                let Deepened { values, last, .. } =
                    deepen(&mut search, &tree, deepening, (board, depth), true);
                let expected: Vec<(u32, Value)> = (1..=depth)
                    .map(|d| (d, reference(&cells, d, eval).0))
                    .collect();
                assert_eq!(values, expected, "{algo} {set:?} {eval}:\n{board}");
                let (value, first) = reference(&cells, depth, eval);
                assert_eq!(
                    last,
                    (value, first),
                    "{algo} {set:?} {eval} depth {depth}:\n{board}"
                );
            }
        }
    }
}

/// The leaves the last depth of iterative deepening evaluates, summed over
/// seeded boards: with the best-move table guiding each depth by the last
/// one's best moves, and with a guide that never advances (so it orders
/// nothing: the tree's own order).
fn last_depth_leaves(algo: Algo, set: Enhancements, history: bool) -> [u64; 2] {
    let mut rng = Rng::new(2024);
    let mut leaves = [0; 2];
    let boards: Vec<Board> = (0..40).map(|_| question(&mut rng, 14)).collect();
    for (i, guided) in [true, false].into_iter().enumerate() {
        let mut search = algo.make::<GuidedTree>(&Settings::default()).unwrap();
        for &board in &boards {
            let tree = GuidedTree::new(DepthTree::new(set, Eval::Weighted), history && guided);
            let deepening = Deepening::default();
            leaves[i] += deepen(&mut search, &tree, deepening, (board, 5), guided).last_leaves;
        }
    }
    leaves
}

#[test]
fn the_best_move_table_saves_leaves_at_the_last_depth() {
    for algo in [Algo::AlphaBeta, Algo::NegaScout, Algo::Mtdf]
        .into_iter()
        .filter(|a| a.built())
    {
        for set in [Enhancements::DEFAULT, Enhancements::NONE] {
            for history in [false, true] {
                let [guided, unguided] = last_depth_leaves(algo, set, history);
                assert!(
                    guided < unguided,
                    "{algo} {set:?} history {history}: {guided} leaves, {unguided} without"
                );
            }
        }
    }
}

#[test]
fn the_subcommand_deepens_to_the_same_values_and_reports_each_iteration() {
    let mut rng = Rng::new(5);
    let boards: Vec<Cells> = (0..10).map(|_| cells_of(question(&mut rng, 9))).collect();
    let text = input(&boards);
    let fixed = winmove(&["value", "--depth", "4"], text.as_bytes());
    for algo in built_algos() {
        let mut args = vec![
            "value",
            "--depth",
            "4",
            "--iterative",
            "--algo",
            algo.name(),
        ];
        if matches!(algo, Algo::AlphaBeta | Algo::NegaScout) {
            args.extend(["--aspiration", "2"]);
        }
        let run = winmove(&args, text.as_bytes());
        assert_eq!(run.stdout, fixed.stdout, "{args:?}");
    }
    if !Algo::Mtdf.built() {
        return;
    }
    let run = winmove(
        &[
            "value",
            "--depth",
            "3",
            "--iterative",
            "--stats",
            "--algo",
            "mtdf",
        ],
        SAMPLE.as_bytes(),
    );
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2 * 4 + 1, "{}", run.stderr);
    assert!(
        lines[0].starts_with("case=1 depth=1 algo=mtdf value="),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(" passes="), "{}", lines[0]);
    // Each depth's minimal tree, and their sum on the case's line.
    let minimal = |line: &str| -> u64 { line.rsplit_once(" minimal=").unwrap().1.parse().unwrap() };
    assert_eq!(
        minimal(lines[3]),
        (0..3).map(|i| minimal(lines[i])).sum::<u64>(),
        "{}",
        run.stderr
    );
    assert!(lines[3].starts_with("case=1 algo=mtdf value=2 square=(0,3) leaves="));
    assert!(lines[8].starts_with("total cases=2 algo=mtdf"));
}

/// The tablebase's value of `cells` for `to_move`, from x's side.
fn truth(index: usize, to_move: Player) -> Value {
    let for_x = match (table().outcome(index, to_move), to_move) {
        (Outcome::Draw, _) => return 0,
        (Outcome::Win, Player::X) | (Outcome::Loss, Player::O) => true,
        _ => false,
    };
    if for_x { INF } else { -INF }
}

#[test]
fn searches_that_reach_every_finished_game_give_the_tablebase_values() {
    let mut rng = Rng::new(1568);
    let algos = built_algos();
    let mut searchers: Vec<Searcher> = algos
        .iter()
        .flat_map(|&algo| {
            [
                Enhancements::DEFAULT,
                Enhancements::NONE.with(Enhancement::Tt),
            ]
            .map(|set| Searcher::new(algo, set))
        })
        .collect();
    let mut outcomes = [0; 3];
    for _ in 0..250 {
        let board = question(&mut rng, 8);
        let cells = cells_of(board);
        let index = Tablebase::index(&cells);
        let value = truth(index, Player::X);
        let first = (0..16).find(|&c| {
            cells[c] == 0 && truth(Tablebase::child(index, c, Player::X), Player::O) == value
        });
        outcomes[(value.signum() + 1) as usize] += 1;
        // To the end of the game, and beyond it.
        let exact = exact_depth(board);
        for depth in [exact, exact + 1 + rng.below(3) as u32] {
            for searcher in &mut searchers {
                let eval = Eval::ALL[rng.below(2) as usize];
                let got = searcher.value(board, depth, eval);
                assert_eq!(
                    got,
                    (value, value, first),
                    "{} {:?} depth {depth}:\n{board}",
                    searcher.algo,
                    searcher.set
                );
            }
        }
    }
    // Wins for o are the rarest with x to move: about one in twenty.
    assert!(outcomes.iter().all(|&n| n > 5), "{outcomes:?}");
}

/// The statement's sample.
const SAMPLE: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

#[test]
fn the_subcommand_writes_a_value_and_a_square_per_case() {
    let run = winmove(&["value"], SAMPLE.as_bytes());
    assert_eq!(
        (run.stdout.as_str(), run.status),
        ("0 (0,0)\ninf (0,1)\n", Some(0))
    );
    // One ply finds only the immediate win, at (0,3); three find (0,1)'s.
    let run = winmove(&["value", "--depth", "1"], SAMPLE.as_bytes());
    assert_eq!(run.stdout, "3 (0,3)\ninf (0,3)\n");
    let run = winmove(&["value", "--depth=3"], SAMPLE.as_bytes());
    assert_eq!(run.stdout, "2 (0,3)\ninf (0,1)\n");
    // No plies: the question scored where it stands, and no square.
    let run = winmove(
        &["value", "--depth", "0", "--eval", "weighted"],
        SAMPLE.as_bytes(),
    );
    assert_eq!(run.stdout, "0 -\n199 -\n");
    // A full board without four: 0 and no square, at any depth.
    let full = input(&[[X, O, X, O, X, O, X, O, O, X, O, X, O, X, O, X]]);
    for args in [&["value"][..], &["value", "--depth", "2"]] {
        assert_eq!(winmove(args, full.as_bytes()).stdout, "0 -\n");
    }
}

#[test]
fn every_backend_writes_the_same_values() {
    let mut rng = Rng::new(17);
    let boards: Vec<Cells> = (0..20).map(|_| cells_of(question(&mut rng, 10))).collect();
    let text = input(&boards);
    let expected: String = boards
        .iter()
        .map(|cells| {
            let (value, first) = reference(cells, 3, Eval::Weighted);
            let value = match value {
                INF => "inf".to_string(),
                v if v == -INF => "-inf".to_string(),
                v => v.to_string(),
            };
            let square = first.map_or("-".to_string(), crate::common::rules::square);
            format!("{value} {square}\n")
        })
        .collect();
    for algo in built_algos() {
        for plain in [false, true] {
            let mut args = vec!["value", "--depth", "3", "--eval", "weighted", "--algo"];
            args.push(algo.name());
            if plain {
                args.push("--plain");
            }
            let run = winmove(&args, text.as_bytes());
            assert_eq!(run.stdout, expected, "{args:?}");
            assert_eq!(run.status, Some(0));
        }
    }
}

#[test]
fn stats_report_each_case_and_the_total() {
    let run = winmove(&["value", "--depth", "2", "--stats"], SAMPLE.as_bytes());
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stderr);
    assert!(
        lines[0].starts_with("case=1 algo=alphabeta value=0 square=(0,3) leaves="),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(" minimal="), "{}", lines[0]);
    assert!(lines[2].contains(" minimal="), "{}", lines[2]);
    assert!(lines[1].starts_with("case=2 algo=alphabeta value=inf square=(0,3) leaves="));
    assert!(lines[2].starts_with("total cases=2 algo=alphabeta leaves="));
}

#[test]
fn bad_input_keeps_the_values_already_written_and_fails() {
    let bad = "?\n....\n.xo.\n.ox.\n....\n?\nxxxx\n....\n....\n....\n$\n";
    let run = winmove(&["value", "--depth", "1"], bad.as_bytes());
    assert_eq!(run.stdout, "3 (0,3)\n");
    assert_eq!(run.status, Some(1));
    assert_eq!(
        run.stderr,
        "error: line 10: case 2 (lines 6-10) is not a question: x already has four in row 0\n"
    );
}

#[test]
fn bad_command_lines_are_usage_errors() {
    for (args, message) in [
        (
            &["value", "--depth", "17"][..],
            "--depth needs a whole number from 0 to 16, found '17'",
        ),
        (
            &["value", "--depth", "2", "--eval", "open"],
            "unknown evaluation 'open' (known: lines, weighted)",
        ),
        (&["value", "--eval", "lines"], "--eval needs --depth"),
        (
            &["value", "--plain", "--without", "tt"],
            "--without cannot be combined with --plain",
        ),
        (&["value", "--pv"], "--pv is an option of 'winmove tree'"),
        (&["value", "--iterative"], "--iterative needs --depth"),
        (
            &["value", "--depth", "2", "--iterative", "--order"],
            "--order cannot be combined with --iterative",
        ),
        (
            &["value", "--depth", "2", "--aspiration", "5"],
            "--aspiration needs --iterative and --algo alphabeta or negascout",
        ),
        (
            &[
                "value",
                "--depth",
                "2",
                "--iterative",
                "--algo",
                "sss",
                "--aspiration",
                "5",
            ],
            "--aspiration needs --iterative",
        ),
        (
            &["value", "--dept", "2"],
            "unknown option '--dept' for 'winmove value' (did you mean '--depth'?)",
        ),
    ] {
        let run = winmove(args, SAMPLE.as_bytes());
        assert_eq!(run.status, Some(2), "{args:?}");
        assert!(
            run.stderr.starts_with(&format!("error: {message}")),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr
                .ends_with("Try 'winmove value --help' for the options.\n")
        );
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn the_help_defines_the_evaluations_and_the_enhancements_at_a_depth_limit() {
    let run = winmove(&["value", "--help"], b"");
    assert_eq!(run.status, Some(0));
    for needle in [
        "winmove value [OPTIONS] [FILE]",
        "--depth D",
        "--eval NAME",
        "--algo NAME",
        "--stats",
        "forced",
        "only where the plies left reach the end of every line of play",
    ] {
        assert!(run.stdout.contains(needle), "{needle}:\n{}", run.stdout);
    }
    // Each evaluation is defined by its line, from the registry.
    let words = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for eval in Eval::ALL {
        let line = format!("{} {}", eval.name(), eval.summary());
        assert!(words.contains(&line), "{line}:\n{}", run.stdout);
    }
    let listed = winmove(&["--help"], b"");
    assert!(
        listed
            .stdout
            .contains("        value       the minimax value of each question")
    );
}

#[test]
fn any_first_move_gives_the_first_square_in_row_major_order() {
    // The value loop may search the last depth's best move first: every
    // choice of it must still give the value and the first square, in
    // row-major order, that attains it (the reference's).
    let mut checked = 0;
    for algo in built_algos() {
        let mut search = algo.make::<DepthTree>(&Settings::default()).unwrap();
        for (i, board) in boards(91, 9, 12).into_iter().enumerate() {
            let depth = 1 + (i as u32 % 3);
            let eval = Eval::ALL[i % Eval::ALL.len()];
            let tree = DepthTree::new(Enhancements::DEFAULT, eval);
            let (value, first) = reference(&cells_of(board), depth, eval);
            for square in (0..16).map(Square::from_index) {
                let valued = value_from(&tree, board, depth, Window::FULL, Some(square), |c, w| {
                    search.search(&tree, c.node, w)
                });
                let got = (valued.value, valued.square.map(|sq| sq.index()));
                assert_eq!(
                    got,
                    (value, first),
                    "{algo} first {square} depth {depth}\n{board}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 16 * 12, "{checked}");
}
