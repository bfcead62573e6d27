//! The game, written here independently of the crate: boards as cells,
//! the ten lines of four, and how the judge writes squares, answers and
//! questions.

use winmove::Square;
use winmove::{Board, Mark};

/// A board as 16 cells: cell `i` is row `i / 4`, column `i % 4`; 0 empty,
/// [`X`] or [`O`].
pub type Cells = [u8; 16];

/// A cell of x.
pub const X: u8 = 1;

/// A cell of o.
pub const O: u8 = 2;

/// The ten lines of four, written out: rows 0 to 3, columns 0 to 3, the
/// diagonal (0,0)-(3,3), the diagonal (0,3)-(3,0).
pub const LINES: [[usize; 4]; 10] = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
];

/// Whether `mark` holds a whole line.
pub fn has_four(cells: &Cells, mark: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&i| cells[i] == mark))
}

/// The cells of four rows of `.`, `x`, `o` (exactly four each).
pub fn cells_of_rows<R: AsRef<[u8]>>(rows: &[R]) -> Cells {
    let shown = || {
        rows.iter()
            .map(|r| String::from_utf8_lossy(r.as_ref()).into_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(rows.len(), 4, "four rows: {:?}", shown());
    let mut cells = [0; 16];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        assert_eq!(row.len(), 4, "four cells a row: {:?}", shown());
        for (c, &ch) in row.iter().enumerate() {
            cells[4 * r + c] = match ch {
                b'.' => 0,
                b'x' => X,
                b'o' => O,
                _ => panic!("not a cell: {:?}", shown()),
            };
        }
    }
    cells
}

/// The four rows of a board, each with its newline.
pub fn rows_of(cells: &Cells) -> String {
    let mut text = String::with_capacity(20);
    for row in cells.chunks(4) {
        text.extend(row.iter().map(|&c| ['.', 'x', 'o'][c as usize]));
        text.push('\n');
    }
    text
}

/// The judge's input for these boards: each `?` and its rows, then `$`.
pub fn input(boards: &[Cells]) -> String {
    let mut text = String::new();
    for board in boards {
        text.push_str("?\n");
        text.push_str(&rows_of(board));
    }
    text.push_str("$\n");
    text
}

/// The cells of one of the crate's boards.
pub fn cells_of(board: Board) -> Cells {
    std::array::from_fn(|i| match board.get(Square::new(i / 4, i % 4)) {
        None => 0,
        Some(Mark::X) => X,
        Some(Mark::O) => O,
    })
}

/// Cell `i` as the judge writes a square: `(r,c)`.
pub fn square(i: usize) -> String {
    format!("({},{})", i / 4, i % 4)
}

/// An answer as the judge writes it, without the newline: the square, or
/// `#####` for none.
pub fn answer(cell: Option<usize>) -> String {
    cell.map_or("#####".to_string(), square)
}
