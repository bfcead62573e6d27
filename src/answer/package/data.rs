//! The package's test data: which boards, in which files; and the inputs
//! the validator must reject.

use crate::answer::solver::Solver;
use crate::game::board::{Board, Mark};
use crate::game::random::{BoardClass, Rng, random_board};
use crate::protocol::{Cases, STATEMENT, questions_text};
use crate::search::Search;
use crate::tree::board::BoardTree;

/// How much test data to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Boards in each file of drawn boards (1 to [`LIMIT`]).
    pub count: usize,
    /// The seed of every draw.
    pub seed: u64,
}

impl Default for Sizes {
    fn default() -> Sizes {
        Sizes {
            count: 100,
            seed: 1,
        }
    }
}

/// An input the validator must reject, and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// Its file's name, without `.in`.
    pub name: &'static str,
    /// The input.
    pub text: Vec<u8>,
}

/// Boards in one input at most, as the statement says.
pub const LIMIT: usize = 100;

/// Pieces on a board at least, as the statement says: fewer would make the
/// plain searches judges expect from contestants far too slow.
pub const MIN_PIECES: u32 = 4;

/// Whether the statement promises such a board.
fn promised(board: Board) -> bool {
    board.pieces() >= MIN_PIECES
}

/// Draws boards with `draw` until `count` of them are `wanted`.
fn keep(
    count: usize,
    mut draw: impl FnMut() -> Board,
    mut wanted: impl FnMut(Board) -> bool,
) -> Vec<Board> {
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        let board = draw();
        if wanted(board) {
            boards.push(board);
        }
    }
    boards
}

/// Each test file's path (without extension) and boards: the statement's
/// sample, then the secret groups.
pub fn test_boards<S: Search<BoardTree>>(
    sizes: Sizes,
    solver: &mut Solver<S>,
) -> Vec<(String, Vec<Board>)> {
    let cases = |text: &str| -> Vec<Board> {
        Cases::new(text.as_bytes())
            .map(|case| case.expect("the samples are questions").board)
            .collect()
    };
    let mut files = vec![("data/sample/statement".to_string(), cases(STATEMENT))];
    let count = sizes.count;
    // Each file draws from a generator of its own, so one file's size
    // leaves the others' boards as they are.
    let rng = |k: u64| Rng::new(sizes.seed.wrapping_mul(1000).wrapping_add(k));
    for (k, class) in BoardClass::NAMED.into_iter().enumerate() {
        let mut rng = rng(k as u64);
        let boards = keep(count, || class.draw(&mut rng), promised);
        files.push((format!("data/secret/classes/{}", class.name()), boards));
    }
    let regression = cases(include_str!("../../../samples/regression.in"));
    for (k, board) in regression.into_iter().enumerate() {
        if promised(board) {
            files.push((
                format!("data/secret/regression/case-{:02}", k + 1),
                vec![board],
            ));
        }
    }
    // The classic Wrong Answer: a square that wins at once taken before an
    // earlier one that also forces a win.
    let mut rng_first = rng(100);
    let first = keep(
        count,
        || BoardClass::Mixed.draw(&mut rng_first),
        |board| {
            let immediate = board.threats(Mark::X);
            promised(board)
                && solver
                    .winning_move(board)
                    .is_some_and(|square| !immediate.is_empty() && !immediate.has(square))
        },
    );
    files.push(("data/secret/first-win-not-immediate".to_string(), first));
    // The count rule (at most 4 pieces: no forced win) holds for equal
    // counts only: boards of 4 pieces, counts unequal, that x wins.
    let mut rng_rule = rng(101);
    let rule = keep(
        count,
        || {
            let x = 3 + rng_rule.below(2) as usize;
            random_board(&mut rng_rule, x, 4 - x)
        },
        |board| solver.winning_move(board).is_some(),
    );
    files.push(("data/secret/count-rule-exceptions".to_string(), rule));
    // The largest input: as many boards as allowed, each with as few
    // pieces as allowed (the most to search), the counts drawn.
    let mut rng_large = rng(102);
    let largest = keep(
        LIMIT,
        || {
            let x = rng_large.below(MIN_PIECES as u64 + 1) as usize;
            random_board(&mut rng_large, x, MIN_PIECES as usize - x)
        },
        |_| true,
    );
    files.push(("data/secret/largest".to_string(), largest));
    files
}

/// Inputs the validator must reject: one for each error the parser
/// reports, then one for each liberty the parser takes and the statement
/// does not allow, then too many boards.
pub fn invalid() -> Vec<Invalid> {
    let mut invalid: Vec<Invalid> = (FIXED.iter())
        .map(|&(name, text)| Invalid {
            name,
            text: text.to_vec(),
        })
        .collect();
    let board = Cases::new(STATEMENT.as_bytes())
        .next()
        .expect("a case")
        .expect("a question")
        .board;
    let text = questions_text(&vec![board; LIMIT + 1]).into_bytes();
    invalid.push(Invalid {
        name: "too-many-boards",
        text,
    });
    invalid
}

/// The invalid inputs written out, by name.
const FIXED: [(&str, &[u8]); 19] = [
    ("bad-character", b"?\n....\n.xo.\n.oy.\n....\n$\n"),
    ("uppercase-mark", b"?\n....\n.XO.\n.OX.\n....\n$\n"),
    ("short-row", b"?\n....\n.xo\n.ox.\n....\n$\n"),
    ("long-row", b"?\n....\n.xo..\n.ox.\n....\n$\n"),
    ("cut-short-by-end", b"?\n....\n.xo.\n"),
    ("cut-short-by-dollar", b"?\n....\n.xo.\n$\n"),
    ("no-question-mark", b"!\n....\n.xo.\n.ox.\n....\n$\n"),
    ("x-has-four", b"?\nxxxx\n.oo.\n.oo.\n....\n$\n"),
    ("o-has-four", b"?\nox.x\n.o..\nx.o.\n...o\n$\n"),
    ("not-text", b"?\n....\n.x\x00o\n.ox.\n....\n$\n"),
    ("crlf", b"?\r\n....\r\n.xo.\r\n.ox.\r\n....\r\n$\r\n"),
    ("spaces-around", b"?\n....\n .xo.\n.ox. \n....\n$\n"),
    ("blank-line", b"?\n....\n.xo.\n.ox.\n....\n\n$\n"),
    ("no-dollar", b"?\n....\n.xo.\n.ox.\n....\n"),
    ("no-final-newline", b"?\n....\n.xo.\n.ox.\n....\n$"),
    (
        "byte-order-mark",
        b"\xef\xbb\xbf?\n....\n.xo.\n.ox.\n....\n$\n",
    ),
    ("text-after-dollar", b"?\n....\n.xo.\n.ox.\n....\n$\n?\n"),
    ("no-board", b"$\n"),
    ("three-pieces", b"?\n....\n.xo.\n..x.\n....\n$\n"),
];
