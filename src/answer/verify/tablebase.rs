//! An independent tablebase of the whole game: every board, with either
//! player to move, labelled win, draw or loss for the player to move.
//!
//! Written from the rules alone, sharing no code with the search engines:
//! its own cell numbering, its own lines, its own play. A board is a number
//! in base 3 (digit `i` is cell `i` = row `i / 4`, column `i % 4`; 0 empty,
//! 1 x, 2 o). Placing a mark only raises the number, so filling the table
//! from the highest number down finds every child already labelled:
//! memoised minimax over all positions, without recursion.
//!
//! Size: 3^16 = 43,046,721 boards × 2 players to move × 2 bits (win, draw
//! or loss) = 21.5 MB, packed two boards to a byte.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};

/// Number of cells.
pub const CELLS: usize = 16;

/// Number of boards: 3^16.
pub const BOARDS: usize = 43_046_721;

/// `POW3[i]` = 3^i.
const POW3: [usize; CELLS + 1] = {
    let mut p = [1usize; CELLS + 1];
    let mut i = 1;
    while i <= CELLS {
        p[i] = p[i - 1] * 3;
        i += 1;
    }
    p
};

/// A player, as the tablebase knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Moves first; digit 1.
    X,
    /// Digit 2.
    O,
}

impl Player {
    fn digit(self) -> usize {
        match self {
            Player::X => 1,
            Player::O => 2,
        }
    }

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

/// The game's value for the player to move, with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// Neither player can force a win.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Win => 1,
            Outcome::Draw => 2,
            Outcome::Loss => 3,
        }
    }

    fn from_code(code: u8) -> Outcome {
        match code {
            1 => Outcome::Win,
            2 => Outcome::Draw,
            3 => Outcome::Loss,
            _ => panic!("the tablebase read a board it has not labelled yet"),
        }
    }
}

/// The ten lines of four, as sets of cells: 4 rows, 4 columns, 2 diagonals.
fn line_sets() -> [u16; 10] {
    let mut lines = [0u16; 10];
    for k in 0..4 {
        for j in 0..4 {
            lines[k] |= 1 << (4 * k + j); // row k
            lines[4 + k] |= 1 << (4 * j + k); // column k
        }
        lines[8] |= 1 << (4 * k + k);
        lines[9] |= 1 << (4 * k + (3 - k));
    }
    lines
}

/// Work done by several threads, reported as the fraction of a total
/// done: each report is made under the count's lock, so the fractions
/// reported only rise, and the last is 1 once the total is done.
pub struct Progress<'a> {
    done: Mutex<usize>,
    total: usize,
    report: &'a (dyn Fn(f64) + Sync),
}

impl<'a> Progress<'a> {
    /// Nothing done yet of `total`; `report` is given each new fraction.
    pub fn new(total: usize, report: &'a (dyn Fn(f64) + Sync)) -> Progress<'a> {
        Progress {
            done: Mutex::new(0),
            total,
            report,
        }
    }

    /// Counts `n` more done, and reports the fraction done.
    pub fn advance(&self, n: usize) {
        let mut done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        *done += n;
        (self.report)(*done as f64 / self.total as f64);
    }
}

impl std::fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("done", &self.done)
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

/// Boards labelled between two reports of progress.
const REPORT_EVERY: usize = 1 << 20;

/// Every board's outcome for both players to move.
pub struct Tablebase {
    /// Two boards per byte; per board, bits 0-1 for x to move, 2-3 for o.
    packed: Vec<AtomicU8>,
    lines: [u16; 10],
}

impl Tablebase {
    /// Labels every board, with `threads` threads, calling `progress` with
    /// the fraction done from time to time (rising, ending at 1); an error
    /// if the memory for the table cannot be had.
    pub fn build(
        threads: usize,
        progress: &(dyn Fn(f64) + Sync),
    ) -> Result<Tablebase, TryReserveError> {
        let mut packed = Vec::new();
        packed.try_reserve_exact(BOARDS.div_ceil(2))?;
        packed.extend((0..BOARDS.div_ceil(2)).map(|_| AtomicU8::new(0)));
        let table = Tablebase {
            packed,
            lines: line_sets(),
        };
        let progress = Progress::new(BOARDS, progress);
        table.fill_parallel(0, CELLS - 1, threads.max(1), &progress);
        Ok(table)
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.packed.len()
    }

    /// The number of a board given as 16 cells (0 empty, 1 x, 2 o).
    pub fn index(cells: &[u8; CELLS]) -> usize {
        cells.iter().rev().fold(0, |acc, &c| acc * 3 + c as usize)
    }

    /// The cells of board number `index`.
    pub fn cells(index: usize) -> [u8; CELLS] {
        let mut cells = [0u8; CELLS];
        let mut rest = index;
        for cell in cells.iter_mut() {
            *cell = (rest % 3) as u8;
            rest /= 3;
        }
        cells
    }

    /// The outcome of board `index` for `to_move`.
    pub fn outcome(&self, index: usize, to_move: Player) -> Outcome {
        Outcome::from_code(self.code(index, to_move))
    }

    /// The board reached when `player` marks the empty cell `cell`.
    pub fn child(index: usize, cell: usize, player: Player) -> usize {
        index + player.digit() * POW3[cell]
    }

    /// The first empty cell, in row-major order, from which x (to move on
    /// board `index`) has a forced win; `None` if there is none.
    pub fn first_winning_cell(&self, index: usize) -> Option<usize> {
        let cells = Tablebase::cells(index);
        (0..CELLS).find(|&c| {
            cells[c] == 0
                && self.outcome(Tablebase::child(index, c, Player::X), Player::O) == Outcome::Loss
        })
    }

    /// Whether a line of four is complete on board number `index`.
    pub fn has_four(&self, index: usize) -> bool {
        self.four_in(&Tablebase::cells(index))
    }

    /// Whether a line of four is complete on the board of these cells.
    pub fn four_in(&self, cells: &[u8; CELLS]) -> bool {
        let (x, o) = masks(cells);
        self.lines.iter().any(|&l| x & l == l || o & l == l)
    }

    fn code(&self, index: usize, to_move: Player) -> u8 {
        let byte = self.packed[index / 2].load(Ordering::Relaxed);
        let shift = 4 * (index % 2) + 2 * (to_move == Player::O) as usize;
        byte >> shift & 3
    }

    fn store(&self, index: usize, x_to_move: Outcome, o_to_move: Outcome) {
        let nibble = x_to_move.code() | o_to_move.code() << 2;
        self.packed[index / 2].fetch_or(nibble << (4 * (index % 2)), Ordering::Relaxed);
    }

    /// Labels the boards whose cells above `top` are those of `base`, cells
    /// `0..=top` free: the part where cell `top` is x and the part where it
    /// is o first (in parallel; moves there never empty cell `top`), then
    /// the part where it is empty, whose children may lie in the other two.
    fn fill_parallel(&self, base: usize, top: usize, threads: usize, progress: &Progress<'_>) {
        if threads <= 1 || top == 0 {
            self.fill(base, base + POW3[top + 1], progress);
            return;
        }
        std::thread::scope(|s| {
            let o_part =
                || self.fill_parallel(base + 2 * POW3[top], top - 1, threads / 2, progress);
            // If the system refuses a thread, this thread does that part too.
            let spawned = std::thread::Builder::new().spawn_scoped(s, o_part).is_ok();
            self.fill_parallel(base + POW3[top], top - 1, threads - threads / 2, progress);
            if !spawned {
                o_part();
            }
        });
        self.fill_parallel(base, top - 1, threads, progress);
    }

    /// Labels boards `lo..hi`, from the highest number down.
    fn fill(&self, lo: usize, hi: usize, progress: &Progress<'_>) {
        let mut cells = Tablebase::cells(hi - 1);
        let (mut x, mut o) = masks(&cells);
        let mut index = hi;
        while index > lo {
            index -= 1;
            if index != hi - 1 {
                // Count down in base 3, keeping the masks up to date.
                let mut i = 0;
                loop {
                    let bit = 1u16 << i;
                    match cells[i] {
                        2 => {
                            cells[i] = 1;
                            (x, o) = (x | bit, o & !bit);
                            break;
                        }
                        1 => {
                            cells[i] = 0;
                            x &= !bit;
                            break;
                        }
                        _ => {
                            cells[i] = 2;
                            o |= bit;
                            i += 1;
                        }
                    }
                }
            }
            let (x_to_move, o_to_move) = self.label(index, x, o);
            self.store(index, x_to_move, o_to_move);
            if (hi - index) % REPORT_EVERY == 0 {
                progress.advance(REPORT_EVERY);
            }
        }
        progress.advance((hi - lo) % REPORT_EVERY);
    }

    /// The outcomes of board `index` (marks `x`, `o`) for x and o to move.
    fn label(&self, index: usize, x: u16, o: u16) -> (Outcome, Outcome) {
        let four = |m: u16| self.lines.iter().any(|&line| line & !m == 0);
        let (x_four, o_four) = (four(x), four(o));
        if x_four || o_four {
            // The game is over: whoever has four has won.
            let for_x = if o_four { Outcome::Loss } else { Outcome::Win };
            let for_o = if x_four { Outcome::Loss } else { Outcome::Win };
            return (for_x, for_o);
        }
        let empty = !(x | o);
        if empty == 0 {
            return (Outcome::Draw, Outcome::Draw);
        }
        let best = |player: Player| {
            let mut best = Outcome::Loss;
            for cell in 0..CELLS {
                if empty & 1 << cell != 0 {
                    match self.outcome(Tablebase::child(index, cell, player), player.other()) {
                        Outcome::Loss => return Outcome::Win,
                        Outcome::Draw => best = Outcome::Draw,
                        Outcome::Win => {}
                    }
                }
            }
            best
        };
        (best(Player::X), best(Player::O))
    }
}

/// The cells of x and of o as bit sets.
fn masks(cells: &[u8; CELLS]) -> (u16, u16) {
    let mut x = 0u16;
    let mut o = 0u16;
    for (i, &c) in cells.iter().enumerate() {
        match c {
            1 => x |= 1 << i,
            2 => o |= 1 << i,
            _ => {}
        }
    }
    (x, o)
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("bytes", &self.packed.len())
            .finish_non_exhaustive()
    }
}
