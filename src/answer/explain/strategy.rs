//! Quickest wins and the winning strategy behind an answer.
//!
//! A player *wins within n* when it completes four by its n-th move at the
//! latest, whatever the opponent does. [`Planner::distance`] finds the
//! least such n for x (to move) by iterative deepening, each bound settled
//! by a search that follows the forced moves of the rules: a threat must
//! be blocked, two threats cannot both be, a single threat of x leaves o
//! only the block. Bounds proven for a board are remembered.
//!
//! The strategy from a board is the tree where x, at each turn, plays the
//! first square in row-major order that wins within the board's least n,
//! and o's every reply gets its own branch. Each root-to-leaf path is one
//! line of play, ending with x completing four. Written, the tree takes a
//! line for x's first move and one per reply of o with x's answer to it
//! ([`Step`]), below the step it follows.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use crate::protocol::words::count;
use std::collections::HashMap;
use std::fmt::Write;

/// What is known of a board with x to move: the largest bound proven not
/// enough, and the least proven enough (`u8::MAX` if none is).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    fails: u8,
    wins: u8,
}

/// The size of a strategy. Counts past `u64::MAX` stay there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Its lines of play (the tree's leaves).
    pub plays: u64,
    /// The lines it takes written as a tree: one for x's first move, one
    /// per step.
    pub written: u64,
}

/// One step of a written strategy: a reply of o and x's answer to it,
/// `depth` steps below x's first move (1 for the replies to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Steps from x's first move, from 1.
    pub depth: usize,
    /// o's reply.
    pub reply: Square,
    /// x's answer to it.
    pub answer: Square,
}

/// Finds quickest wins and walks the strategies built from them.
#[derive(Debug, Default)]
pub struct Planner {
    /// Bounds proven for boards with x to move.
    known: HashMap<Board, Bounds>,
    /// Sizes of strategies from boards with x to move, less the line of
    /// x's first move.
    sizes: HashMap<Board, Size>,
}

impl Planner {
    /// A planner that knows nothing yet.
    pub fn new() -> Planner {
        Planner::default()
    }

    /// Forgets every proven bound and count (to bound memory between boards).
    pub fn clear(&mut self) {
        self.known.clear();
        self.sizes.clear();
    }

    /// The least n such that x, to move on `board`, wins within n moves;
    /// `None` if x has no forced win.
    pub fn distance(&mut self, board: Board) -> Option<u32> {
        // x makes at most one move in every two empty squares.
        let most = board.empty().len().div_ceil(2);
        (1..=most).find(|&n| self.x_wins_within(board, n))
    }

    /// The least n such that x, after playing `first` on `board`, wins
    /// within n moves counting `first`; `None` if `first` does not force a
    /// win.
    pub fn distance_after(&mut self, board: Board, first: Square) -> Option<u32> {
        let after = board.play(first, Mark::X);
        let most = board.empty().len().div_ceil(2);
        (1..=most).find(|&n| self.o_loses_within(after, n - 1))
    }

    /// Whether x, to move on `board`, wins within `n` moves.
    fn x_wins_within(&mut self, board: Board, n: u32) -> bool {
        if board.has_four(Mark::O) || n == 0 {
            return false;
        }
        if !board.threats(Mark::X).is_empty() {
            return true;
        }
        let o_threats = board.threats(Mark::O);
        if n == 1 || o_threats.len() >= 2 || board.has_pairing_against(Mark::X) {
            return false;
        }
        let n8 = n as u8;
        if let Some(bounds) = self.known.get(&board) {
            if n8 >= bounds.wins {
                return true;
            }
            if n8 <= bounds.fails {
                return false;
            }
        }
        let moves = if o_threats.is_empty() {
            board.empty()
        } else {
            o_threats
        };
        let wins = ordered(moves, lively(board))
            .any(|m| self.o_loses_within(board.play(m, Mark::X), n - 1));
        let bounds = self.known.entry(board).or_insert(Bounds {
            fails: 0,
            wins: u8::MAX,
        });
        if wins {
            bounds.wins = bounds.wins.min(n8);
        } else {
            bounds.fails = bounds.fails.max(n8);
        }
        wins
    }

    /// Whether o, to move on `board`, loses to x within `n` more moves of x.
    fn o_loses_within(&mut self, board: Board, n: u32) -> bool {
        if board.has_four(Mark::X) {
            return true;
        }
        if board.empty().is_empty() || !board.threats(Mark::O).is_empty() || n == 0 {
            return false;
        }
        let x_threats = board.threats(Mark::X);
        match x_threats.len() {
            0 => ordered(board.empty(), lively(board))
                .all(|r| self.x_wins_within(board.play(r, Mark::O), n)),
            // Any other reply lets x complete four at once.
            1 => {
                let block = x_threats.first().expect("one threat");
                self.x_wins_within(board.play(block, Mark::O), n)
            }
            _ => true,
        }
    }

    /// x's move in the strategy from `board` (x to move, a forced win): the
    /// first square in row-major order that wins within the least number
    /// of moves; `None` if x has no forced win.
    pub fn strategy_move(&mut self, board: Board) -> Option<Square> {
        let n = self.distance(board)?;
        if n == 1 {
            return board.threats(Mark::X).first();
        }
        board
            .empty()
            .into_iter()
            .find(|&m| self.o_loses_within(board.play(m, Mark::X), n - 1))
    }

    /// The size of the strategy that starts with x playing `first` on
    /// `board`; `None` if `first` does not force a win.
    pub fn size(&mut self, board: Board, first: Square) -> Option<Size> {
        self.distance_after(board, first)?;
        let below = self.replies_size(board.play(first, Mark::X));
        Some(Size {
            plays: below.plays,
            written: below.written.saturating_add(1),
        })
    }

    /// The strategy's size below x's move (o to move on `board`), without
    /// the move's own line.
    fn replies_size(&mut self, board: Board) -> Size {
        if board.has_four(Mark::X) {
            return Size {
                plays: 1,
                written: 0,
            };
        }
        board.empty().into_iter().fold(Size::default(), |sum, r| {
            let step = self.moves_size(board.play(r, Mark::O));
            Size {
                plays: sum.plays.saturating_add(step.plays),
                written: sum.written.saturating_add(step.written).saturating_add(1),
            }
        })
    }

    /// The strategy's size from `board`, x to move and winning, without
    /// the line of x's move.
    fn moves_size(&mut self, board: Board) -> Size {
        if let Some(&size) = self.sizes.get(&board) {
            return size;
        }
        let m = self
            .strategy_move(board)
            .expect("every board of a strategy is a forced win for x");
        let size = self.replies_size(board.play(m, Mark::X));
        self.sizes.insert(board, size);
        size
    }

    /// The strategy that starts with x playing `first` on `board` (which
    /// must force a win), as `winmove explain --strategy` writes it:
    /// `strategy: K lines of play, as a tree of N lines:`, `x S`, then each
    /// step `o R, x S`, indented two spaces a step; if the tree takes more
    /// than `max_lines` lines, only the first line, saying so.
    pub fn written(&mut self, board: Board, first: Square, max_lines: u64) -> String {
        let size = self.size(board, first).expect("the answer forces a win");
        let (plays, written) = (size.plays, size.written);
        let mut text = format!(
            "strategy: {} of play, as a tree of {}",
            count(plays as usize, "line", "lines"),
            count(written as usize, "line", "lines")
        );
        if written > max_lines {
            let _ = writeln!(text, ", more than --max-lines {max_lines}: not printed");
            return text;
        }
        let _ = write!(text, ":\nx {first}\n");
        let _ = self.for_each_step(board, first, &mut |step| {
            let indent = 2 * step.depth;
            writeln!(text, "{:indent$}o {}, x {}", "", step.reply, step.answer)
        });
        text
    }

    /// Calls `step` with every step of the strategy that starts with x
    /// playing `first` on `board` (which must force a win), in the order
    /// written: each step before the steps below it, o's replies in
    /// row-major order. Stops at the first error `step` returns.
    pub fn for_each_step<E>(
        &mut self,
        board: Board,
        first: Square,
        step: &mut dyn FnMut(Step) -> Result<(), E>,
    ) -> Result<(), E> {
        self.walk(board.play(first, Mark::X), 1, step)
    }

    /// Walks the strategy after x's move (o to move on `board`), its
    /// replies `depth` steps below x's first move.
    fn walk<E>(
        &mut self,
        board: Board,
        depth: usize,
        step: &mut dyn FnMut(Step) -> Result<(), E>,
    ) -> Result<(), E> {
        if board.has_four(Mark::X) {
            return Ok(());
        }
        for reply in board.empty() {
            let after = board.play(reply, Mark::O);
            let answer = self
                .strategy_move(after)
                .expect("every board of a strategy is a forced win for x");
            step(Step {
                depth,
                reply,
                answer,
            })?;
            self.walk(after.play(answer, Mark::X), depth + 1, step)?;
        }
        Ok(())
    }
}

/// The squares of `moves`, those in `first` before the others, each group
/// in row-major order.
fn ordered(moves: BitBoard, first: BitBoard) -> impl Iterator<Item = Square> {
    let early = moves.and(first);
    early.into_iter().chain(moves.and(early.not()))
}

/// Squares where either player would make three in a line it can still
/// complete: the moves that settle a search soonest.
fn lively(board: Board) -> BitBoard {
    board
        .threat_makers(Mark::X)
        .or(board.threat_makers(Mark::O))
}
