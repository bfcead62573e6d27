//! Why a board's answer is what it is: what x playing each square leads
//! to, and the reason for the answer in words (`winmove explain`).
//!
//! The outcome of a square is the exact game value after x plays it (o to
//! move), from the engine: `W` (x forces a win), `D` (a draw at best), `L`
//! (o then forces a win). The answer is the first `W` in row-major order,
//! which is the judge's definition. Every claim the words make is a value
//! the engine computed, a fact of the rules read off the board, or the
//! count rule (no forced win with at most 4 pieces and equal counts), which
//! `winmove verify` proves against the tablebase.

pub mod strategy;

use crate::answer::solver::shortcut_applies;
use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use crate::game::lines::LINE_NAMES;
use crate::protocol::Answer;
use crate::protocol::words;
use crate::search::Search;
use crate::search::alphabeta::{AlphaBeta, Pruning};
use crate::tree::board::{BoardNode, BoardTree, Enhancements, Position};
use crate::tree::value::{INF, Value, Window};
use std::fmt::{self, Write as _};
use strategy::Planner;

/// What x playing a square leads to, or who already holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareOutcome {
    /// The square holds this mark.
    Taken(Mark),
    /// x forces a win after playing here.
    Win,
    /// Neither player can force a win after x plays here.
    Draw,
    /// o forces a win after x plays here.
    Loss,
}

impl SquareOutcome {
    /// The outcome of an exact value with o to move after x's move.
    fn of_value(value: Value) -> SquareOutcome {
        match value {
            v if v >= INF => SquareOutcome::Win,
            v if v <= -INF => SquareOutcome::Loss,
            _ => SquareOutcome::Draw,
        }
    }

    /// Its symbol in the grid: `x`, `o`, `W`, `D` or `L`.
    pub fn symbol(self) -> char {
        match self {
            SquareOutcome::Taken(Mark::X) => 'x',
            SquareOutcome::Taken(Mark::O) => 'o',
            SquareOutcome::Win => 'W',
            SquareOutcome::Draw => 'D',
            SquareOutcome::Loss => 'L',
        }
    }
}

/// How the answer wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinKind {
    /// It completes this line (an index into [`crate::game::lines::LINES`]).
    Immediate(usize),
    /// After it, x threatens four at these squares (two or more) and o has
    /// no four to complete: o can block only one.
    DoubleThreat(BitBoard),
    /// After it, whatever o does, x completes four by its `moves`-th move
    /// (counting this one) at the latest, and sooner is not forced. If x
    /// then threatens four at exactly one square, `threat` is that square.
    Forced {
        /// x's moves until four, counting the answer, against best defence.
        moves: u32,
        /// x's single threat after the answer, if it makes one.
        threat: Option<Square>,
    },
}

/// The answer and how it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Win {
    /// The answer.
    pub square: Square,
    /// The line of o's that the answer blocks, when o threatened four there
    /// (then x had to play it).
    pub blocks: Option<usize>,
    /// How it wins.
    pub kind: WinKind,
    /// The first square where x would complete four at once, when that
    /// square comes after the answer (the answer does not win at once).
    pub later_immediate: Option<Square>,
}

/// o's reply to one of x's moves that keeps x from forcing a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// x's move fills the board without four: a draw, nothing to reply.
    FillsBoard,
    /// o plays `square`.
    Plays {
        /// o's reply.
        square: Square,
        /// The line it completes for o, if it does (o wins at once).
        completes: Option<usize>,
        /// Whether it blocks x's threat of four.
        blocks: bool,
        /// The exact value after the reply (x to move): 0 (a draw) or
        /// -INF (o forces a win).
        value: Value,
    },
}

/// One of x's moves and the reply that refutes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// x's move.
    pub square: Square,
    /// o's answer to it.
    pub reply: Reply,
}

/// Why the answer is what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The board is full: x has no square to play.
    Full,
    /// The count rule settles the board: it holds `pieces` pieces (at most
    /// 4), as many o's as x's, and no such board gives x a forced win.
    CountRule {
        /// The pieces on the board: 0, 2 or 4.
        pieces: usize,
    },
    /// x wins with the answer.
    Win(Win),
    /// x has no forced win: o's threats of four, and o's answer to each of
    /// x's moves.
    NoWin {
        /// Squares where o threatens to complete four.
        threats: BitBoard,
        /// One per empty square, in row-major order.
        refutations: Vec<Refutation>,
    },
}

/// The explanation of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The board (x to move).
    pub board: Board,
    /// The judge's answer: the first square whose outcome is a win.
    pub answer: Option<Square>,
    /// The outcome of every square, in row-major order.
    pub outcomes: [SquareOutcome; 16],
    /// The reason for the answer.
    pub reason: Reason,
}

/// Explains boards with the engine: alpha-beta on the board tree with
/// every enhancement, its transposition table kept across boards.
#[derive(Debug)]
pub struct Explainer {
    tree: BoardTree,
    search: Box<dyn Search<BoardTree>>,
    planner: Planner,
}

impl Default for Explainer {
    fn default() -> Explainer {
        Explainer::new()
    }
}

impl Explainer {
    /// An explainer with a fresh engine.
    pub fn new() -> Explainer {
        Explainer {
            tree: BoardTree::new(Enhancements::DEFAULT),
            search: Box::new(AlphaBeta::new(Pruning::Deep)),
            planner: Planner::new(),
        }
    }

    /// The planner behind the quickest wins (for `--strategy`).
    pub fn planner(&mut self) -> &mut Planner {
        &mut self.planner
    }

    /// The engine's result for `board` with `to_move` to move, searched
    /// with `window` (fail-soft).
    fn search(&mut self, board: Board, to_move: Mark, window: Window) -> Value {
        let node = BoardNode::root(Position { board, to_move });
        self.search.search(&self.tree, node, window)
    }

    /// Explains `board` (x to move; no line of four complete).
    pub fn explain(&mut self, board: Board) -> Explanation {
        self.planner.clear();
        let mut values = [None; 16];
        let outcomes = std::array::from_fn(|i| {
            let sq = Square::from_index(i);
            match board.get(sq) {
                Some(mark) => SquareOutcome::Taken(mark),
                None => {
                    let value = self.search(board.play(sq, Mark::X), Mark::O, Window::FULL);
                    values[i] = Some(value);
                    SquareOutcome::of_value(value)
                }
            }
        });
        let answer = (0..16)
            .find(|&i| outcomes[i] == SquareOutcome::Win)
            .map(Square::from_index);
        let reason = match answer {
            _ if board.empty().is_empty() => Reason::Full,
            None if shortcut_applies(board) => Reason::CountRule {
                pieces: 16 - board.empty().len() as usize,
            },
            Some(square) => Reason::Win(self.win(board, square)),
            None => Reason::NoWin {
                threats: board.threats(Mark::O),
                refutations: board
                    .empty()
                    .into_iter()
                    .map(|sq| {
                        let value = values[sq.index()].expect("searched");
                        self.refutation(board, sq, value)
                    })
                    .collect(),
            },
        };
        Explanation {
            board,
            answer,
            outcomes,
            reason,
        }
    }

    /// How `square` (x's first winning move on `board`) wins.
    fn win(&mut self, board: Board, square: Square) -> Win {
        let after = board.play(square, Mark::X);
        let blocks = board.play(square, Mark::O).four(Mark::O);
        let threats = after.threats(Mark::X);
        let kind = if let Some(line) = after.four(Mark::X) {
            WinKind::Immediate(line)
        } else if threats.len() >= 2 {
            WinKind::DoubleThreat(threats)
        } else {
            WinKind::Forced {
                moves: self
                    .planner
                    .distance_after(board, square)
                    .expect("the engine found a forced win"),
                threat: threats.first(),
            }
        };
        let later_immediate = match kind {
            WinKind::Immediate(_) => None,
            _ => board.threats(Mark::X).first(),
        };
        Win {
            square,
            blocks,
            kind,
            later_immediate,
        }
    }

    /// o's first reply, in row-major order, that holds x to `value` (the
    /// exact value after x plays `square`, not a win), preferring a reply
    /// that completes four for o.
    fn refutation(&mut self, board: Board, square: Square, value: Value) -> Refutation {
        let after = board.play(square, Mark::X);
        let x_threats = after.threats(Mark::X);
        let reply = if after.empty().is_empty() {
            Reply::FillsBoard
        } else if let Some(r) = after.threats(Mark::O).first() {
            Reply::Plays {
                square: r,
                completes: after.play(r, Mark::O).four(Mark::O),
                blocks: x_threats.has(r),
                value: -INF,
            }
        } else {
            // The value is o's best reply's: the first reply whose value is
            // at most `value` has exactly that value.
            let r = after
                .empty()
                .into_iter()
                .find(|&r| {
                    self.search(
                        after.play(r, Mark::O),
                        Mark::X,
                        Window::new(value, value + 1),
                    ) <= value
                })
                .expect("some reply reaches the value");
            Reply::Plays {
                square: r,
                completes: None,
                blocks: x_threats.has(r),
                value,
            }
        };
        Refutation { square, reply }
    }
}

/// The squares of a set, written `(r,c)` and joined with `and` (or `,`).
fn listed(squares: BitBoard) -> String {
    let shown: Vec<String> = squares.into_iter().map(|sq| sq.to_string()).collect();
    words::listed(&shown, "and")
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Explanation {
    /// The block `winmove explain` writes for case `number`: the answer,
    /// the board, the outcomes, then the reason in words; each line ends
    /// with a newline.
    pub fn text(&self, number: usize) -> String {
        let mut text = String::new();
        let answer = Answer(self.answer);
        let _ = writeln!(text, "case {number}: {answer}");
        let _ = write!(text, "{}", self.board);
        text.push_str("outcomes:\n");
        for row in self.outcomes.chunks(4) {
            let symbols: Vec<String> = row.iter().map(|o| o.symbol().to_string()).collect();
            let _ = writeln!(text, "{}", symbols.join(" "));
        }
        let _ = write!(text, "{}", self.reason);
        text
    }
}

/// The reason in words, one sentence a line.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Full => writeln!(
                f,
                "The board is full: x has no square to play, so x cannot win."
            ),
            Reason::CountRule { pieces } => {
                let this = match pieces {
                    0 => "this one is empty".to_string(),
                    n => format!("this one has {} of each", n / 2),
                };
                writeln!(
                    f,
                    "x has no forced win by the count rule: no board with at most 4 pieces and \
                     as many o's as x's ({this}) gives x one; `winmove verify` proves it on \
                     every such board."
                )
            }
            Reason::Win(win) => win.fmt(f),
            Reason::NoWin {
                threats,
                refutations,
            } => {
                match threats.len() {
                    0 => {}
                    1 => writeln!(f, "o threatens four at {}.", listed(*threats))?,
                    _ => writeln!(
                        f,
                        "o threatens four at {}: x can block only one.",
                        listed(*threats)
                    )?,
                }
                writeln!(f, "x has no forced win; o's answer to each square:")?;
                for refutation in refutations {
                    writeln!(f, "{refutation}")?;
                }
                Ok(())
            }
        }
    }
}

/// The answer, how it wins, and an immediate win it comes before.
impl fmt::Display for Win {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square = self.square;
        let block = self
            .blocks
            .map(|line| format!("it stops o's four on {}", LINE_NAMES[line]));
        match (self.kind, block) {
            (WinKind::Immediate(line), _) => writeln!(
                f,
                "x wins at once with {square}: it completes {}.",
                LINE_NAMES[line]
            )?,
            (WinKind::DoubleThreat(threats), block) => {
                let lead = match block {
                    Some(block) => {
                        format!("x wins with {square}, a block that wins: {block}, and it is")
                    }
                    None => format!("x wins with {square}, which is"),
                };
                writeln!(
                    f,
                    "{lead} a double threat: after it x threatens four at {}, and o, with \
                     no four of its own to complete, can block only one.",
                    listed(threats)
                )?
            }
            (WinKind::Forced { moves, threat }, block) => {
                let mut clauses: Vec<String> = block.into_iter().collect();
                clauses.extend(
                    threat.map(|t| format!("it threatens four at {t}, which o must block")),
                );
                clauses.push(format!(
                    "whatever o does, x completes four by its {} move at the latest, \
                     counting {square}",
                    ordinal(moves)
                ));
                let kind = if self.blocks.is_some() {
                    ", a block that wins"
                } else {
                    ""
                };
                writeln!(f, "x wins with {square}{kind}: {}.", clauses.join("; "))?
            }
        }
        if let Some(later) = self.later_immediate {
            writeln!(
                f,
                "{later} would win at once too, but {square} comes first in row-major order."
            )?;
        }
        Ok(())
    }
}

/// `(r,c) is met by (a,b), ...`.
impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square = self.square;
        match self.reply {
            Reply::FillsBoard => write!(f, "{square} fills the board without four: a draw."),
            Reply::Plays {
                square: reply,
                completes: Some(line),
                ..
            } => write!(
                f,
                "{square} is met by {reply}, which completes {} for o.",
                LINE_NAMES[line]
            ),
            Reply::Plays {
                square: reply,
                blocks,
                value,
                ..
            } => {
                let blocks = if blocks { ", blocking x's four," } else { "," };
                let then = if value <= -INF {
                    "o forces a win"
                } else {
                    "x cannot force a win"
                };
                write!(f, "{square} is met by {reply}{blocks} after which {then}.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_listed_and_moves_counted_in_english() {
        let set = |squares: &[usize]| {
            squares
                .iter()
                .fold(BitBoard::EMPTY, |s, &i| s.with(Square::from_index(i)))
        };
        assert_eq!(listed(set(&[3])), "(0,3)");
        assert_eq!(listed(set(&[3, 8])), "(0,3) and (2,0)");
        assert_eq!(listed(set(&[15, 0, 5])), "(0,0), (1,1) and (3,3)");
        let shown: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            shown,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }
}
