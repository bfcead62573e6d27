//! Every search backend this build has against the independent tablebase
//! of `winmove::tablebase`, on seeded random questions of every
//! piece count from 0 to 16, with equal and unequal counts: the answer
//! (the first square from which x has a forced win, or none) must be the
//! tablebase's, with every enhancement and, on boards with at most 9 empty
//! squares, on the raw tree too.
//!
//! Sample sizes are set from measured costs (the test profile, on a
//! shared 2-core machine, per board, with every enhancement). The depth-first
//! backends with the transposition table (alphabeta, alphabeta-shallow,
//! negascout, the MT drivers) answer any board in well under a millisecond:
//! up to 3000 boards of every count (all there are for 0 to 2 pieces), or
//! 600 for the MT drivers. The others are far slower on sparse boards:
//! SCOUT about 210 ms a board with one piece, 8 ms with two, 6 ms with
//! three; SSS* about 400 ms, 14 ms and 10 ms; minimax, which cuts nothing
//! and finds only positions of 8 or more empty squares in its table, takes
//! seconds on 1 to 3 pieces and 70 ms with 4. Their samples shrink on
//! sparse boards accordingly (none where a board costs seconds); from 6
//! pieces on a board costs them a few milliseconds or less and they get
//! hundreds.

use crate::common::rules::{Cells, LINES, O, X, answer, cells_of, cells_of_rows};
use crate::common::tablebase::{first_winning_cell, progress_reported, table};
use crate::common::{expected_algos, samples};
use std::collections::HashSet;
use winmove::Square;
use winmove::answer::verify::tablebase::{CELLS, Outcome, Player, Tablebase};
use winmove::game::random::{Rng, random_board};
use winmove::{Algo, Settings};
use winmove::{Board, BoardTree, Enhancement, Enhancements, Mark, Solver};

/// The tablebase's answer: the first cell, in row-major order, from which x
/// (to move) has a forced win, as a square.
fn truth(board: Board) -> Option<Square> {
    first_winning_cell(&cells_of(board)).map(Square::from_index)
}

/// The answer as the judge prints it.
fn shown(answer: Option<Square>) -> String {
    answer.map_or("#####".to_string(), |sq| sq.to_string())
}

/// Whether some board with `x` marks of x and `o` of o has no line of four
/// (so that `random_board` can draw one). Worked out over all boards: x
/// alone can hold at most 12 squares without a line, and the other player
/// then at most the 4 left; in general both at most 12 and 16 in all.
fn feasible(x: usize, o: usize) -> bool {
    x <= 12 && o <= 12 && x + o <= 16
}

/// The splits `(x, o)` of `pieces` that have a legal board.
fn splits(pieces: usize) -> Vec<(usize, usize)> {
    (0..=pieces)
        .map(|x| (x, pieces - x))
        .filter(|&(x, o)| feasible(x, o))
        .collect()
}

/// `draws` random questions with `pieces` pieces from `seed`, duplicates
/// dropped (so fewer where there are few boards, as with 0 to 2 pieces).
/// Every other draw has balanced counts, the rest any feasible split, so a
/// prefix of the draws mixes both; a smaller budget takes a prefix of the
/// same boards.
fn sample(seed: u64, pieces: usize, draws: usize) -> Vec<Board> {
    let all = splits(pieces);
    // Equal counts, or one apart.
    let balanced: Vec<_> = all
        .iter()
        .copied()
        .filter(|&(x, o)| x.abs_diff(o) <= 1)
        .collect();
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut boards = Vec::new();
    for draw in 0..draws {
        let from = if draw % 2 == 0 { &balanced } else { &all };
        let (x, o) = from[rng.below(from.len() as u64) as usize];
        let board = random_board(&mut rng, x, o);
        if seen.insert(board) {
            boards.push(board);
        }
    }
    boards
}

/// What a check covered.
#[derive(Debug, Default)]
struct Tally {
    boards: usize,
    wins: usize,
    equal: usize,
    unequal: usize,
}

impl Tally {
    /// Adds what another check covered.
    fn add(&mut self, other: &Tally) {
        self.boards += other.boards;
        self.wins += other.wins;
        self.equal += other.equal;
        self.unequal += other.unequal;
    }

    /// Whether wins and non-wins each make more than a tenth of the boards.
    fn mixes_wins(&self) -> bool {
        self.wins * 10 > self.boards && self.wins * 10 < self.boards * 9
    }
}

/// Checks `algo` with `enhancements`, one solver kept over all the boards
/// (so its transposition table carries over, as in a real run), against
/// the tablebase; panics naming the first wrong boards.
fn check(algo: Algo, enhancements: Enhancements, boards: &[Board]) -> Tally {
    let backend = algo
        .make::<BoardTree>(&Settings::default())
        .unwrap_or_else(|| panic!("{algo} is built"));
    let mut solver = Solver::new(backend, enhancements);
    let mut tally = Tally::default();
    let mut wrong = Vec::new();
    for &board in boards {
        let (got, want) = (solver.winning_move(board), truth(board));
        if got != want {
            wrong.push(format!(
                "{} (x {}, o {}): {} gives {}, the tablebase {}",
                board.to_string().replace('\n', "/"),
                board.marks(Mark::X).len(),
                board.marks(Mark::O).len(),
                algo,
                shown(got),
                shown(want)
            ));
        }
        tally.boards += 1;
        tally.wins += want.is_some() as usize;
        if board.marks(Mark::X).len() == board.marks(Mark::O).len() {
            tally.equal += 1;
        } else {
            tally.unequal += 1;
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} boards wrong with {} ({enhancements:?}); first ones:\n{}",
        wrong.len(),
        boards.len(),
        algo,
        wrong[..wrong.len().min(10)].join("\n")
    );
    tally
}

/// Draws per piece count (0..=16) for `algo` with every enhancement.
fn budget(algo: Algo) -> [usize; 17] {
    match algo {
        Algo::AlphaBeta | Algo::AlphaBetaShallow | Algo::NegaScout => [600; 17],
        Algo::Minimax => [
            4, 0, 0, 0, 10, 10, 40, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        ],
        Algo::Scout => [
            4, 6, 20, 50, 100, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        ],
        Algo::Sss => [
            4, 6, 10, 40, 80, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        ],
        // MCTS re-expands nodes and plays out: sparse boards cost it most.
        Algo::Mcts => [
            4, 6, 10, 20, 40, 60, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        ],
        _ => [
            4, 6, 20, 50, 100, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
        ],
    }
}

/// Checks `algo` with every enhancement on its budget of every piece count,
/// and that the sample is what the check claims: equal and unequal counts,
/// wins and non-wins, and every count 0..=16 for the fast backends.
fn check_every_count(algo: Algo) {
    let budget = budget(algo);
    let mut total = Tally::default();
    for (pieces, &draws) in budget.iter().enumerate() {
        let tally = check(
            algo,
            Enhancements::DEFAULT,
            &sample(pieces as u64, pieces, draws),
        );
        assert!(
            (tally.boards > 0) == (draws > 0),
            "{pieces} pieces: boards drawn"
        );
        if pieces >= 2 && draws >= 40 {
            // Equal counts exist only for an even number of pieces.
            assert!(
                (tally.equal > 0) == (pieces % 2 == 0) && tally.unequal > 0,
                "{pieces} pieces: {tally:?}"
            );
        }
        total.add(&tally);
    }
    assert!(
        total.mixes_wins(),
        "{algo}: the sample mixes wins and non-wins: {total:?}"
    );
    if matches!(algo, Algo::AlphaBeta | Algo::AlphaBetaShallow) {
        assert!(total.boards > 8_000, "{total:?}");
    }
}

/// Every backend this build has (from the registry), with every
/// enhancement, gives the tablebase's answer on its budget of random
/// questions of every piece count: 600 for the fast depth-first
/// backends (all there are for 0 to 2 pieces), a prefix of the
/// same boards for the slow ones (few on sparse boards, where one board
/// costs minimax or SSS* seconds), equal counts and not. The backends run
/// side by side, each in its own thread.
#[test]
fn every_backend_matches_the_tablebase_on_every_piece_count() {
    table();
    std::thread::scope(|s| {
        for algo in Algo::all_built() {
            s.spawn(move || check_every_count(algo));
        }
    });
}

/// Every backend this build has, on the raw tree (no enhancement at all),
/// gives the tablebase's answer on random questions with 7 to 16 pieces (at
/// most 9 empty squares), equal counts and not.
#[test]
fn every_backend_matches_the_tablebase_on_the_raw_tree() {
    // Draws per piece count from 7 on; a raw board with 7 pieces costs sss
    // about 9 ms, minimax 3 ms.
    let draws = [20, 60, 150, 200, 200, 200, 200, 200, 200, 200];
    let mut checked = Vec::new();
    for algo in Algo::all_built() {
        let mut total = Tally::default();
        for (pieces, &n) in (7..=16).zip(&draws) {
            let tally = check(
                algo,
                Enhancements::NONE,
                &sample(100 + pieces as u64, pieces, n),
            );
            total.add(&tally);
        }
        assert!(
            total.boards > 1000 && total.equal > 0 && total.unequal > 0,
            "{total:?}"
        );
        assert!(total.mixes_wins(), "{total:?}");
        checked.push(algo);
    }
    // Every backend this build should have was checked.
    checked.sort_unstable();
    let mut expected = expected_algos();
    expected.sort_unstable();
    assert_eq!(checked, expected);
}

/// The cells where `mark` would complete a line at once (written here
/// from the lines, not with the crate's tables).
fn completing(cells: &Cells, mark: u8) -> Vec<usize> {
    let mut found: Vec<usize> = LINES
        .iter()
        .filter(|line| line.iter().filter(|&&i| cells[i] == mark).count() == 3)
        .filter_map(|line| line.iter().copied().find(|&i| cells[i] == 0))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Which of the answer loop's rules about the root's threats `cells` (x to
/// move) calls on: x threatens, o at most once, and empty squares come
/// before x's first threat; or x does not threaten, o at most once, and
/// one of x's moves (the block, if o threatens) makes two threats, or one.
fn threat_rule(cells: &Cells) -> Option<&'static str> {
    let (x, o) = (completing(cells, X), completing(cells, O));
    if o.len() > 1 {
        return None;
    }
    if let Some(&first) = x.first() {
        let earlier = (0..first).any(|i| cells[i] == 0);
        return earlier.then_some(if x.len() > 1 {
            "x threatens twice"
        } else {
            "x threatens once"
        });
    }
    let made = |i: usize| {
        let mut after = *cells;
        after[i] = X;
        completing(&after, X).len()
    };
    let moves: Vec<usize> = match o.first() {
        Some(&block) => vec![block],
        None => (0..16).filter(|&i| cells[i] == 0).collect(),
    };
    if moves.iter().any(|&i| made(i) >= 2) {
        Some("a move makes two threats")
    } else if moves.iter().any(|&i| made(i) == 1) {
        Some("a move makes one threat")
    } else {
        None
    }
}

/// The answer loop decides some of x's moves from the root's threats
/// without searching them: a move that leaves o two threats wins; with the
/// bounds, a move that leaves o one threat to block, after which x has
/// no threat and cannot win by the static bound (at most one line left to
/// complete, or o can pair its empty squares), does not. On thousands of
/// boards where those rules apply, drawn with 5 to 13 pieces, the answer
/// is the tablebase's, with the forced moves alone, with the bounds too,
/// with the window as well, and with every enhancement.
#[test]
fn the_rules_on_the_roots_threats_give_the_tablebase_answer() {
    table();
    let mut boards = Vec::new();
    // Per rule: boards, and those whose answer comes before x's first
    // threat (or first double threat), which the rules must not miss (with
    // neither, those x wins).
    let mut seen = std::collections::BTreeMap::new();
    for pieces in 5..=13 {
        for board in sample(200 + pieces as u64, pieces, 1200) {
            let cells = cells_of(board);
            if let Some(rule) = threat_rule(&cells) {
                let first = completing(&cells, X).first().copied().or_else(|| {
                    (0..16).find(|&i| {
                        let mut after = cells;
                        after[i] = X;
                        cells[i] == 0 && completing(&after, X).len() >= 2
                    })
                });
                // With no threat nor double threat: a win at all.
                let answer = first_winning_cell(&cells);
                let earlier = first.map_or(answer.is_some(), |first| answer < Some(first));
                let counts = seen.entry(rule).or_insert((0, 0));
                *counts = (counts.0 + 1, counts.1 + earlier as usize);
                boards.push(board);
            }
        }
    }
    assert_eq!(seen.len(), 4, "every rule is drawn: {seen:?}");
    assert!(
        seen.values().all(|&(n, earlier)| n >= 200 && earlier >= 20),
        "{seen:?}"
    );
    let forced = Enhancements::of(&[Enhancement::Forced]);
    for enhancements in [
        forced,
        forced.with(Enhancement::Bounds),
        forced.with(Enhancement::Bounds).with(Enhancement::Window),
        Enhancements::DEFAULT,
    ] {
        check(Algo::AlphaBeta, enhancements, &boards);
    }
}

/// The problem statement's sample: `#####` for the first board and `(0,1)`
/// for the second, from the tablebase (cells read straight from the text)
/// and from every backend this build has.
#[test]
fn the_statement_sample_answers_as_the_problem_says() {
    let boards = [
        ["....", ".xo.", ".ox.", "...."],
        ["o...", ".ox.", ".xxx", "xooo"],
    ];
    let expected = ["#####", "(0,1)"];
    for (rows_text, expected) in boards.iter().zip(expected) {
        let cells = cells_of_rows(rows_text);
        let got = answer(first_winning_cell(&cells));
        assert_eq!(got, expected, "tablebase on {rows_text:?}");
        let board = winmove::answer::verify::board_of(&cells);
        assert_eq!(cells_of(board), cells);
        for algo in Algo::all_built() {
            let backend = algo.make::<BoardTree>(&Settings::default()).unwrap();
            let mut solver = Solver::new(backend, Enhancements::DEFAULT);
            assert_eq!(shown(solver.winning_move(board)), expected, "{algo}");
        }
    }
}

/// Every answer in `samples/*.out` is the tablebase's answer to its case in
/// `samples/*.in`.
#[test]
fn every_sample_answer_is_the_tablebase_answer() {
    let mut checked = 0;
    for (name, input, expected) in samples() {
        let boards: Vec<Board> = winmove::Cases::new(&input[..])
            .map(|case| case.expect("samples are valid").board)
            .collect();
        assert_eq!(
            boards.len(),
            expected.lines().count(),
            "{name}: one expected answer per case"
        );
        for (board, want) in boards.into_iter().zip(expected.lines()) {
            assert_eq!(
                answer(first_winning_cell(&cells_of(board))),
                want,
                "{name}:\n{board}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked}");
}

/// The empty board is board number 0, and a draw whoever moves: x has no
/// forced win, so no square is a winning move.
#[test]
fn the_empty_board_is_a_draw() {
    assert_eq!(Tablebase::index(&[0; CELLS]), 0);
    assert_eq!(Tablebase::cells(0), [0; CELLS]);
    assert_eq!(table().outcome(0, Player::X), Outcome::Draw);
    assert_eq!(table().outcome(0, Player::O), Outcome::Draw);
    assert_eq!(table().first_winning_cell(0), None);
    assert_eq!(truth(Board::EMPTY), None);
}

#[test]
fn the_build_reports_progress_that_only_rises_and_ends_at_one() {
    // It once reported 102% (a share counted per part, rounded up), and the
    // checks' fractions came back out of order.
    let seen = progress_reported();
    assert!(seen.len() > 10, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert!(seen.iter().all(|&f| (0.0..=1.0).contains(&f)), "{seen:?}");
    assert_eq!(seen.last(), Some(&1.0));
}
