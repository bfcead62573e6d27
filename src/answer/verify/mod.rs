//! `winmove verify`: the engine checked on the whole game against an
//! independent [`tablebase`].
//!
//! Four checks, each over every position it concerns:
//! 1. the rules the enhanced game tree relies on: at every position, with
//!    either player to move, a leaf's value, the best value over the
//!    children the tree keeps (forced moves prune the others), and the
//!    static bounds all agree with the tablebase;
//! 2. every value is unchanged by the automorphisms the transposition
//!    table's symmetric keys rely on;
//! 3. the count shortcut (equal counts, at most 4 pieces: no forced win);
//! 4. the engine's answer (the first winning square, not only win or not)
//!    on every question: x to move and no line of four, equal counts or not.

pub mod tablebase;

use crate::answer::solver::{Solver, shortcut_applies};
use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use crate::game::symmetry::{self, AUTOMORPHISMS};
use crate::search::Search;
use crate::tree::board::{BoardNode, BoardTree, Enhancements, Position};
use crate::tree::value::{INF, Value};
use crate::tree::{Expansion, GameTree};
use std::collections::TryReserveError;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use tablebase::{BOARDS, CELLS, Outcome, Player, Progress, Tablebase};

/// Boards handed to a worker at a time.
const CHUNK: usize = 1 << 16;

/// Most threads a verification runs, whatever is asked: each worker of
/// the checks holds its own searcher and transposition table, and each
/// thread its stack, so this bounds the memory.
pub const MAX_THREADS: usize = 4;

/// Failures described at most (every failure is counted).
const EXAMPLES: usize = 1000;

/// What the checks found, summed over workers.
#[derive(Clone, Debug, Default)]
pub struct Findings {
    /// Per piece count: questions with equal counts, and those x wins.
    pub equal: [(u64, u64); CELLS + 1],
    /// Questions with unequal counts, and those x wins.
    pub unequal: (u64, u64),
    /// Positions (board and player to move) whose tree rules were checked.
    pub rule_positions: u64,
    /// Boards checked for symmetry.
    pub symmetric_boards: u64,
    /// Boards the count shortcut applies to.
    pub shortcut_boards: u64,
    /// Failures: rules, symmetry, shortcut, answers.
    pub failures: [u64; 4],
    /// The first failures, described.
    pub examples: Vec<String>,
}

impl Findings {
    fn add(&mut self, other: &Findings) {
        for (a, b) in self.equal.iter_mut().zip(&other.equal) {
            a.0 += b.0;
            a.1 += b.1;
        }
        self.unequal.0 += other.unequal.0;
        self.unequal.1 += other.unequal.1;
        self.rule_positions += other.rule_positions;
        self.symmetric_boards += other.symmetric_boards;
        self.shortcut_boards += other.shortcut_boards;
        for (a, b) in self.failures.iter_mut().zip(&other.failures) {
            *a += b;
        }
        for e in &other.examples {
            if self.examples.len() < EXAMPLES {
                self.examples.push(e.clone());
            }
        }
    }

    fn fail(&mut self, check: usize, what: impl FnOnce() -> String) {
        self.failures[check] += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(what());
        }
    }

    /// Whether every check passed.
    pub fn ok(&self) -> bool {
        self.failures.iter().all(|&f| f == 0)
    }
}

/// The board of tablebase cells.
pub fn board_of(cells: &[u8; CELLS]) -> Board {
    let set = |digit: u8| {
        (0..CELLS)
            .filter(|&i| cells[i] == digit)
            .fold(BitBoard::EMPTY, |s, i| s.with(Square::from_index(i)))
    };
    Board::from_sets(set(1), set(2)).expect("a cell holds one mark")
}

/// The tablebase's outcome as a value from x's point of view.
fn value_of(outcome: Outcome, to_move: Player) -> Value {
    let for_mover = match outcome {
        Outcome::Win => INF,
        Outcome::Draw => 0,
        Outcome::Loss => -INF,
    };
    match to_move {
        Player::X => for_mover,
        Player::O => -for_mover,
    }
}

/// The tablebase number of a board.
pub fn index_of(board: Board) -> usize {
    let mut cells = [0u8; CELLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = match board.get(Square::from_index(i)) {
            Some(Mark::X) => 1,
            Some(Mark::O) => 2,
            None => 0,
        };
    }
    Tablebase::index(&cells)
}

/// The empty squares of `board` (x to move, no line of four) whose move
/// keeps the value the tablebase gives it: the winning moves where x can
/// force a win, else the moves that keep a draw, else (every move loses)
/// every move.
pub fn keeping_moves(table: &Tablebase, board: Board) -> BitBoard {
    let index = index_of(board);
    let after = |square: Square| {
        let child = Tablebase::child(index, square.index(), Player::X);
        table.outcome(child, Player::O)
    };
    let best = board
        .empty()
        .into_iter()
        .map(|square| value_of(after(square), Player::O))
        .max();
    board
        .empty()
        .into_iter()
        .filter(|&square| Some(value_of(after(square), Player::O)) == best)
        .fold(BitBoard::EMPTY, BitBoard::with)
}

/// A few automorphisms that generate all 32.
pub fn generators() -> Vec<usize> {
    let compose =
        |a: &[u8; 16], b: &[u8; 16]| -> [u8; 16] { std::array::from_fn(|s| a[b[s] as usize]) };
    let mut group = vec![AUTOMORPHISMS[0]];
    let mut chosen = Vec::new();
    for (g, perm) in AUTOMORPHISMS.iter().enumerate() {
        if group.contains(perm) {
            continue;
        }
        chosen.push(g);
        // Close the group under composition with the generators so far.
        let mut k = 0;
        group.push(*perm);
        while k < group.len() {
            for &c in &chosen {
                let next = compose(&AUTOMORPHISMS[c], &group[k]);
                if !group.contains(&next) {
                    group.push(next);
                }
            }
            k += 1;
        }
    }
    assert_eq!(group.len(), symmetry::COUNT);
    chosen
}

/// Checks one board (all four checks); `solver` answers questions.
fn check_board<S: Search<BoardTree>>(
    table: &Tablebase,
    index: usize,
    tree: &BoardTree,
    solver: &mut Solver<S>,
    generators: &[usize],
    found: &mut Findings,
) {
    let cells = Tablebase::cells(index);
    if table.four_in(&cells) {
        return;
    }
    let board = board_of(&cells);
    let show = || board.to_string().replace('\n', "/");

    // 1. The enhanced tree's rules, for either player to move.
    if !board.empty().is_empty() {
        for (to_move, player) in [(Mark::X, Player::X), (Mark::O, Player::O)] {
            found.rule_positions += 1;
            let truth = value_of(table.outcome(index, player), player);
            let node = BoardNode::root(Position { board, to_move });
            let kept = match tree.expand(&node) {
                Expansion::Leaf(v) => v,
                Expansion::Inner(children) => {
                    let values = children.map(|c| {
                        value_of(
                            table.outcome(index_of(c.position.board), player.other()),
                            player.other(),
                        )
                    });
                    if to_move == Mark::X {
                        values.max().unwrap_or(-INF)
                    } else {
                        values.min().unwrap_or(INF)
                    }
                }
            };
            let (lo, hi) = (tree.lower_bound(&node), tree.upper_bound(&node));
            if kept != truth || lo > truth || hi < truth {
                found.fail(0, || {
                    format!("rules: {} {to_move:?} to move: true value {truth}, tree gives {kept}, bounds [{lo}, {hi}]", show())
                });
            }
        }
    }

    // 2. Symmetry.
    found.symmetric_boards += 1;
    for &g in generators {
        let image = index_of(symmetry::map_board(g, board));
        for player in [Player::X, Player::O] {
            if table.outcome(index, player) != table.outcome(image, player) {
                found.fail(1, || {
                    format!(
                        "symmetry: {} differs from its image under automorphism {g}",
                        show()
                    )
                });
            }
        }
    }

    // 3 and 4: x to move.
    let (nx, no) = (board.marks(Mark::X).len(), board.marks(Mark::O).len());
    let truth = table.first_winning_cell(index).map(Square::from_index);
    if shortcut_applies(board) {
        found.shortcut_boards += 1;
        if truth.is_some() {
            found.fail(2, || {
                format!("shortcut: {} has a forced win at {:?}", show(), truth)
            });
        }
    }
    let answer = solver.winning_move(board);
    if answer != truth {
        found.fail(3, || {
            format!("answer: {}: engine {answer:?}, tablebase {truth:?}", show())
        });
    }
    let tally = if nx == no {
        &mut found.equal[(nx + no) as usize]
    } else {
        &mut found.unequal
    };
    tally.0 += 1;
    tally.1 += truth.is_some() as u64;
}

/// The threads a verification runs when `asked` for some (`None`: as many
/// as the available processors): at least 1, at most [`MAX_THREADS`].
pub fn threads(asked: Option<usize>) -> usize {
    let processors = || std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.unwrap_or_else(processors).clamp(1, MAX_THREADS)
}

/// Runs every check with `threads` threads (at most [`MAX_THREADS`]) and
/// the backend `make()` gives each worker of the checks.
/// `progress(stage, fraction)` is called from time to time, the fractions
/// of a stage rising to 1. An error if the memory for the tablebase cannot
/// be had.
pub fn verify<S: Search<BoardTree>>(
    threads: usize,
    make: &(dyn Fn() -> S + Sync),
    progress: &(dyn Fn(&str, f64) + Sync),
) -> Result<(Tablebase, Findings), TryReserveError> {
    let threads = self::threads(Some(threads));
    let table = Tablebase::build(threads, &|f| progress("tablebase", f))?;
    let generators = generators();
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Findings::default());
    let report = |f| progress("checks", f);
    let checked = Progress::new(BOARDS, &report);
    let worker = || {
        let tree = BoardTree::new(Enhancements::DEFAULT);
        let mut solver = Solver::new(make(), Enhancements::DEFAULT);
        let mut found = Findings::default();
        loop {
            let start = next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= BOARDS {
                break;
            }
            let end = (start + CHUNK).min(BOARDS);
            for index in start..end {
                check_board(&table, index, &tree, &mut solver, &generators, &mut found);
            }
            checked.advance(end - start);
        }
        total.lock().expect("no worker panics").add(&found);
    };
    std::thread::scope(|s| {
        // Threads the system refuses are simply not there; this thread
        // works too, so the checks run even if none is granted.
        for _ in 1..threads {
            let _ = std::thread::Builder::new().spawn_scoped(s, worker);
        }
        worker();
    });
    let found = total.into_inner().expect("no worker panics");
    Ok((table, found))
}

/// Formats a number with thousands separators.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The report `winmove verify` prints.
pub fn report(table: &Tablebase, found: &Findings, algo: &str) -> String {
    let mut out = String::new();
    let empty = table.outcome(0, Player::X);
    let _ = writeln!(
        out,
        "tablebase: {} boards x 2 players to move, {:.1} MB; empty board, x to move: {}",
        thousands(BOARDS as u64),
        table.bytes() as f64 / 1e6,
        match empty {
            Outcome::Win => "x wins",
            Outcome::Draw => "draw (x has no forced win)",
            Outcome::Loss => "o wins",
        }
    );
    let _ = writeln!(
        out,
        "\nquestions with equal counts (x to move, no line of four):"
    );
    let _ = writeln!(out, "| pieces | positions | x has a forced win |");
    let _ = writeln!(out, "|---:|---:|---:|");
    let (mut all, mut wins) = (0, 0);
    for (pieces, &(n, w)) in found.equal.iter().enumerate() {
        if n > 0 {
            let _ = writeln!(out, "| {pieces} | {} | {} |", thousands(n), thousands(w));
            all += n;
            wins += w;
        }
    }
    let _ = writeln!(out, "| all | {} | {} |", thousands(all), thousands(wins));
    let _ = writeln!(
        out,
        "\nquestions with unequal counts: {}, of which x wins {}",
        thousands(found.unequal.0),
        thousands(found.unequal.1)
    );
    let checks = [
        (
            "the enhanced tree's rules (leaves, kept moves, bounds)",
            found.rule_positions,
            "positions",
        ),
        (
            "values unchanged by the automorphisms",
            found.symmetric_boards,
            "boards",
        ),
        (
            "the shortcut (equal counts, <= 4 pieces: no forced win)",
            found.shortcut_boards,
            "boards",
        ),
        (
            "the first winning square of",
            all + found.unequal.0,
            "questions",
        ),
    ];
    let _ = writeln!(out);
    for (k, (what, count, unit)) in checks.iter().enumerate() {
        let failures = found.failures[k];
        let verdict = match (failures, k) {
            (0, 3) => "all right".to_string(),
            (0, _) => "all hold".to_string(),
            (f, 3) => format!("{} WRONG", thousands(f)),
            (f, _) => format!("{} FAIL", thousands(f)),
        };
        let what = if k == 3 {
            format!("{what} {algo}")
        } else {
            what.to_string()
        };
        let _ = writeln!(
            out,
            "check {}, {what} on {} {unit}: {verdict}",
            k + 1,
            thousands(*count)
        );
    }
    for e in &found.examples {
        let _ = writeln!(out, "  {e}");
    }
    let failures: u64 = found.failures.iter().sum();
    if failures > found.examples.len() as u64 {
        let _ = writeln!(
            out,
            "  ... and {} more failures, not shown",
            failures - found.examples.len() as u64
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cap holds whatever is asked: 64 threads asked run 4, none asked
    /// at least 1, and asking for none at all (0) still runs one.
    #[test]
    fn a_verification_runs_between_one_and_four_threads() {
        assert_eq!(MAX_THREADS, 4);
        assert_eq!(threads(Some(64)), 4);
        assert_eq!(threads(Some(3)), 3);
        assert_eq!(threads(Some(0)), 1);
        assert!((1..=4).contains(&threads(None)));
    }
}
