// Accepted: negamax on bitboards, one file, std only. A position is seen
// from the side to move (its marks, the other's marks), so one table of
// exact values serves both sides; a node stops at its first win.
use std::io::{self, Read, Write};

const LINES: [u16; 10] = [
    0x000f, 0x00f0, 0x0f00, 0xf000, // rows
    0x1111, 0x2222, 0x4444, 0x8888, // columns
    0x8421, 0x1248, // diagonals
];

fn four(marks: u16) -> bool {
    LINES.iter().any(|&l| marks & l == l)
}

/// Exact values by position: 0 unknown, else the value + 2.
struct Memo {
    table: Vec<u8>,
    /// For each byte of a bitboard, the sum of 3^i over its bits i.
    ternary: [u32; 256],
}

impl Memo {
    fn new() -> Memo {
        let mut ternary = [0u32; 256];
        for (b, t) in ternary.iter_mut().enumerate() {
            *t = (0..8)
                .filter(|i| b >> i & 1 == 1)
                .map(|i| 3u32.pow(i))
                .sum();
        }
        Memo {
            table: vec![0; 43_046_721],
            ternary,
        }
    }

    /// The position's number: the sum of digit(cell) * 3^cell, a digit 1
    /// for the side to move and 2 for the other.
    fn index(&self, mine: u16, theirs: u16) -> usize {
        let t = |bits: u16| {
            self.ternary[(bits & 0xff) as usize] + 6561 * self.ternary[(bits >> 8) as usize]
        };
        (t(mine) + 2 * t(theirs)) as usize
    }
}

/// The value for the side to move holding `mine` against `theirs`, whose
/// last move did not complete a line: 1 a forced win, 0 a draw, -1 a loss.
fn value(mine: u16, theirs: u16, memo: &mut Memo) -> i8 {
    let key = memo.index(mine, theirs);
    if memo.table[key] != 0 {
        return memo.table[key] as i8 - 2;
    }
    let empty = !(mine | theirs);
    let mut best = if empty == 0 { 0 } else { -1 };
    for cell in 0..16 {
        let bit = 1u16 << cell;
        if empty & bit == 0 {
            continue;
        }
        let v = if four(mine | bit) {
            1
        } else {
            -value(theirs, mine | bit, memo)
        };
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    memo.table[key] = (best + 2) as u8;
    best
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace();
    let mut memo = Memo::new();
    let mut out = String::new();
    while words.next() == Some("?") {
        let (mut x, mut o) = (0u16, 0u16);
        for r in 0..4 {
            for (c, ch) in words.next().unwrap().chars().enumerate() {
                match ch {
                    'x' => x |= 1 << (r * 4 + c),
                    'o' => o |= 1 << (r * 4 + c),
                    _ => {}
                }
            }
        }
        // The first empty cell, in row-major order, after which x wins.
        let win = (0..16).find(|&cell| {
            let bit = 1u16 << cell;
            (x | o) & bit == 0 && (four(x | bit) || value(o, x | bit, &mut memo) == -1)
        });
        match win {
            Some(cell) => out.push_str(&format!("({},{})\n", cell / 4, cell % 4)),
            None => out.push_str("#####\n"),
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
