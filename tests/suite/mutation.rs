//! Mutation test of the input reader, through the built binary.
//!
//! Valid inputs (the statement's sample, `samples/*.in`, generated ones) are
//! mutated at random: cells flipped, lines deleted, duplicated, swapped,
//! bytes injected (NUL, 0xff, invalid UTF-8, tabs, `\r`, ...), CRLF and
//! CR-only line ends, spaces, long runs of spaces and blank lines, lines
//! made longer than the reader keeps, a byte-order mark, the input cut
//! short, the `$` removed. A small reference reader written here from the
//! documented rules decides whether each mutant is valid, and where its
//! first error is (the line, and the column where the rules give one); the
//! answers come from the independent tablebase. The binary must agree
//! exactly: the answers and status 0, or the answers before the bad case,
//! one `error: line N` (or `error: line N, column C`) message and status 1;
//! never a panic.
//!
//! The rules, from `src/protocol` and `winmove --help`: a UTF-8 byte-order
//! mark may open the input (it is no column of line 1); a line ends at
//! `\n`, at `\r\n` (one line end) or at a lone `\r`; spaces and tabs
//! around its text do not count; blank lines are skipped anywhere; a line
//! whose text starts with `$` ends the input, whatever follows (inside a
//! case, it is an error at the `$`); in any other line, the first byte that
//! is not text among the first [`KEEP`] bytes of its text (a control
//! character but tab; DEL; a byte of invalid UTF-8, but for a character cut
//! at the [`KEEP`]-th byte) is an error at its column; a case is a line `?`
//! (an error on the line otherwise) and four rows of exactly four of `.`,
//! `x`, `o` (an error at the first byte that is not a cell, or at the
//! fifth); no line of four may be complete (an error on the last row); the
//! input may end without `$`, but not inside a case (the error then names
//! the line after the last one). Columns count characters from 1.

use crate::common::rules::{Cells, O, X, answer, cells_of_rows, has_four};
use crate::common::tablebase::{first_winning_cell, table};
use crate::common::{FIRST_CASE, STATEMENT, STATEMENT_ANSWERS, winmove};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use winmove::game::random::{BoardClass, Rng, random_board};
use winmove::protocol::questions_text;

/// How many bytes of a line's text the reader keeps and looks at: 256, as
/// README documents ("a line is never held beyond its first 256 bytes of
/// text"). Written here rather than taken from the crate.
const KEEP: usize = 256;

/// Bytes trimmed from both ends of a line: spaces and tabs.
const TRIMMED: &[u8] = b" \t";

/// The UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Where an error is: its line, and its column where the rules give one.
type Place = (usize, Option<usize>);

/// What the reference reader makes of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reading {
    /// The cases read before the first error.
    boards: Vec<Cells>,
    /// The first error, if any.
    error: Option<Place>,
}

/// `line` without the bytes of [`TRIMMED`] at either end.
fn trim(mut line: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = line {
        if !TRIMMED.contains(first) {
            break;
        }
        line = rest;
    }
    while let [rest @ .., last] = line {
        if !TRIMMED.contains(last) {
            break;
        }
        line = rest;
    }
    line
}

/// The first byte of a line's `text` that is not text, looking at its
/// first [`KEEP`] bytes only: a control character (tab aside), DEL, or
/// the start of invalid UTF-8 (a character cut by the [`KEEP`] limit aside).
fn not_text(text: &[u8]) -> Option<usize> {
    let seen = &text[..text.len().min(KEEP)];
    let control = seen
        .iter()
        .position(|&b| (b < 0x20 && b != b'\t') || b == 0x7f);
    let invalid = match std::str::from_utf8(seen) {
        Ok(_) => None,
        Err(e) if e.error_len().is_none() && seen.len() < text.len() => None,
        Err(e) => Some(e.valid_up_to()),
    };
    control.into_iter().chain(invalid).min()
}

/// The lines of `input`, each ending at `\r\n`, `\n` or a lone `\r`;
/// what follows the last line end is a line only if it is not empty.
fn split_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < input.len() {
        let end = match &input[i..] {
            [b'\r', b'\n', ..] => 2,
            [b'\r' | b'\n', ..] => 1,
            _ => 0,
        };
        if end == 0 {
            i += 1;
            continue;
        }
        lines.push(&input[start..i]);
        i += end;
        start = i;
    }
    if start < input.len() {
        lines.push(&input[start..]);
    }
    lines
}

/// The reference reader: the documented rules, written independently of
/// the library.
fn reference(input: &[u8]) -> Reading {
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let lines = split_lines(input);
    let mut boards = Vec::new();
    let fail = |boards, line, column| Reading {
        boards,
        error: Some((line, column)),
    };
    // The rows of the case being read, once its `?` has been seen.
    let mut case: Option<Vec<&[u8]>> = None;
    for (i, &raw) in lines.iter().enumerate() {
        let number = i + 1;
        let text = trim(raw);
        // Columns count characters from the line's first (a byte-order
        // mark opening the input is none); the text before `at` is valid
        // UTF-8 wherever a column is given.
        let lead = raw.iter().take_while(|b| TRIMMED.contains(b)).count();
        let column = |at: usize| {
            let before = std::str::from_utf8(&text[..at]).expect("text before the error");
            lead + before.chars().count() + 1
        };
        if text.is_empty() {
            continue;
        }
        if text[0] == b'$' {
            return match case {
                Some(_) => fail(boards, number, Some(column(0))),
                None => Reading {
                    boards,
                    error: None,
                },
            };
        }
        if let Some(at) = not_text(text) {
            return fail(boards, number, Some(column(at)));
        }
        let Some(rows) = case.as_mut() else {
            if text != b"?" {
                return fail(boards, number, None);
            }
            case = Some(Vec::new());
            continue;
        };
        // The first byte that is not a cell, or the fifth; none if the row
        // is only short.
        let wrong = (text.iter().take(4))
            .position(|b| !b".xo".contains(b))
            .or((text.len() > 4).then_some(4));
        if wrong.is_some() || text.len() < 4 {
            return fail(boards, number, wrong.map(column));
        }
        rows.push(text);
        if rows.len() == 4 {
            let cells = cells_of_rows(rows);
            if has_four(&cells, X) || has_four(&cells, O) {
                return fail(boards, number, None);
            }
            boards.push(cells);
            case = None;
        }
    }
    match case {
        Some(_) => fail(boards, lines.len() + 1, None),
        None => Reading {
            boards,
            error: None,
        },
    }
}

/// The answers to `boards` from the tablebase, as the judge wants them.
fn answers(boards: &[Cells]) -> String {
    boards
        .iter()
        .map(|cells| answer(first_winning_cell(cells)) + "\n")
        .collect()
}

/// Runs the binary on `input` and checks it against the reference reader;
/// `Err` says how it differs. `Ok` tells whether the input was accepted.
fn run_and_check(input: &[u8]) -> Result<bool, String> {
    let expected = reference(input);
    let want = answers(&expected.boards);
    let run = winmove(&[], input);
    let seen = || {
        format!(
            "status {:?}, stdout {:?}, stderr {:?}",
            run.status, run.stdout, run.stderr
        )
    };
    if !matches!(run.status, Some(0 | 1)) || run.stderr.contains("panicked") {
        return Err(format!("no clean exit: {}", seen()));
    }
    match expected.error {
        None => {
            if run.status != Some(0) || !run.stderr.is_empty() || run.stdout != want {
                return Err(format!(
                    "valid input, expected status 0 and {want:?}: {}",
                    seen()
                ));
            }
            Ok(true)
        }
        Some((line, column)) => {
            let named = match column {
                Some(column) => format!("error: line {line}, column {column}: "),
                None => format!("error: line {line}: "),
            };
            let one_line = run.stderr.ends_with('\n') && run.stderr.lines().count() == 1;
            if run.status != Some(1)
                || run.stdout != want
                || !one_line
                || !run.stderr.starts_with(&named)
            {
                return Err(format!(
                    "expected status 1 after {want:?} and {named:?}: {}",
                    seen()
                ));
            }
            Ok(false)
        }
    }
}

/// The ways an input is mutated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// A cell of `.`, `x`, `o` becomes another of them.
    FlipCell,
    /// A cell becomes some other byte.
    CellToByte,
    /// Any byte becomes any other byte.
    FlipByte,
    DeleteLine,
    DuplicateLine,
    SwapLines,
    /// One to three odd bytes: NUL, 0xff, invalid UTF-8, controls, `\t`,
    /// `\r`, `\n`, `?`, `$`, cells, a two-byte character.
    InjectBytes,
    /// `\n` becomes `\r\n`, everywhere or here and there.
    Crlf,
    /// `\n` becomes `\r`, everywhere or here and there.
    CrOnly,
    /// Spaces and tabs before or after a line.
    Spaces,
    /// Blank lines (maybe with spaces, tabs, `\r`) between two lines.
    BlankLines,
    /// The input ends at a random byte.
    CutShort,
    /// The `$` line, or only its `$`, is removed.
    RemoveDollar,
    /// 250 to 300 spaces before or after a line (about what the reader
    /// keeps of a line's text).
    LongPadding,
    /// A line's bytes repeated until its text is longer than the reader
    /// keeps.
    LongText,
    /// A byte-order mark opens the input.
    Bom,
}

/// Every kind, alone or stacked (in any order).
const KINDS: [Kind; 16] = [
    Kind::FlipCell,
    Kind::CellToByte,
    Kind::FlipByte,
    Kind::DeleteLine,
    Kind::DuplicateLine,
    Kind::SwapLines,
    Kind::InjectBytes,
    Kind::Crlf,
    Kind::CrOnly,
    Kind::Spaces,
    Kind::BlankLines,
    Kind::CutShort,
    Kind::RemoveDollar,
    Kind::LongPadding,
    Kind::LongText,
    Kind::Bom,
];

/// Odd byte strings to inject.
const ODD: [&[u8]; 22] = [
    b"\x00",
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\x80",
    b"\xed\xa0\x80",
    "é".as_bytes(),
    b"\t",
    b"\r",
    b"\n",
    b" ",
    b"\x0b",
    b"\x0c",
    b"\x1b",
    b"\x7f",
    b"?",
    b"$",
    b".",
    b"x",
    b"o",
    b"X",
    b"0",
];

/// Blank lines to insert.
const BLANKS: [&[u8]; 6] = [b"", b" ", b"\t", b"\r", b" \r", b"\t \t"];

/// A random element of `items`.
fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

/// A random position in `0..n` (0 if `n` is 0).
fn at(rng: &mut Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        rng.below(n as u64) as usize
    }
}

/// Applies one mutation of `kind` to `input`.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, kind: Kind) {
    let cells: Vec<usize> = (0..input.len())
        .filter(|&i| b".xo".contains(&input[i]))
        .collect();
    let mut lines: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    match kind {
        Kind::FlipCell | Kind::CellToByte if cells.is_empty() => {
            input.insert(at(rng, input.len() + 1), *pick(rng, b".xo"));
            return;
        }
        Kind::FlipCell => {
            let i = *pick(rng, &cells);
            let others: Vec<u8> = b".xo".iter().copied().filter(|&c| c != input[i]).collect();
            input[i] = *pick(rng, &others);
            return;
        }
        Kind::CellToByte => {
            let i = *pick(rng, &cells);
            input[i] = *pick(rng, b"XO0-#?$ \t\r\x00\xff\x0b\x0c*\xc3");
            return;
        }
        Kind::FlipByte if input.is_empty() => {
            input.push(rng.below(256) as u8);
            return;
        }
        Kind::FlipByte => {
            let i = at(rng, input.len());
            let old = input[i];
            input[i] = old.wrapping_add(1 + rng.below(255) as u8);
            return;
        }
        Kind::InjectBytes => {
            for _ in 0..1 + rng.below(3) {
                let i = at(rng, input.len() + 1);
                let odd = *pick(rng, &ODD);
                input.splice(i..i, odd.iter().copied());
            }
            return;
        }
        Kind::Crlf => {
            let everywhere = rng.below(2) == 0;
            let mut out = Vec::with_capacity(input.len() + n);
            for &b in input.iter() {
                if b == b'\n' && (everywhere || rng.below(2) == 0) {
                    out.push(b'\r');
                }
                out.push(b);
            }
            *input = out;
            return;
        }
        Kind::CrOnly => {
            let everywhere = rng.below(2) == 0;
            for b in input.iter_mut() {
                if *b == b'\n' && (everywhere || rng.below(2) == 0) {
                    *b = b'\r';
                }
            }
            return;
        }
        Kind::CutShort => {
            let len = at(rng, input.len());
            input.truncate(len);
            return;
        }
        Kind::Bom => {
            input.splice(0..0, BOM.iter().copied());
            return;
        }
        Kind::DeleteLine => {
            lines.remove(at(rng, n));
        }
        Kind::DuplicateLine => {
            let i = at(rng, n);
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        Kind::SwapLines => {
            let (i, j) = (at(rng, n), at(rng, n));
            lines.swap(i, j);
        }
        Kind::Spaces | Kind::LongPadding => {
            let i = at(rng, n);
            let pad = |rng: &mut Rng| -> Vec<u8> {
                if kind == Kind::LongPadding {
                    vec![b' '; 250 + rng.below(51) as usize]
                } else {
                    (0..1 + rng.below(4)).map(|_| *pick(rng, b" \t")).collect()
                }
            };
            let side = rng.below(3);
            if side != 1 {
                let before = pad(rng);
                lines[i].splice(0..0, before);
            }
            if side != 0 {
                let after = pad(rng);
                lines[i].extend(after);
            }
        }
        Kind::LongText => {
            let i = at(rng, n);
            if trim(&lines[i]).is_empty() {
                lines[i].push(*pick(rng, b".xo"));
            }
            let unit = lines[i].clone();
            let length = KEEP + 1 + rng.below(40) as usize;
            while trim(&lines[i]).len() < length {
                lines[i].extend_from_slice(&unit);
            }
        }
        Kind::BlankLines => {
            let i = at(rng, n + 1);
            for _ in 0..1 + rng.below(3) {
                lines.insert(i, pick(rng, &BLANKS).to_vec());
            }
        }
        Kind::RemoveDollar => {
            let Some(i) = lines.iter().position(|l| trim(l).starts_with(b"$")) else {
                return;
            };
            if rng.below(2) == 0 {
                lines.remove(i);
            } else {
                let dollar = lines[i].iter().position(|&b| b == b'$').expect("a $");
                lines[i].remove(dollar);
            }
        }
    }
    *input = lines.join(&b'\n');
}

/// The inputs mutants start from: the statement's sample, every
/// `samples/*.in`, and generated questions (1 to 4 cases of every class,
/// and of unequal counts).
fn bases() -> Vec<Vec<u8>> {
    let mut bases = vec![STATEMENT.as_bytes().to_vec()];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    for name in ["statement.in", "messy.in", "regression.in"] {
        bases.push(std::fs::read(dir.join(name)).expect("the samples are there"));
    }
    let mut rng = Rng::new(1568);
    for _ in 0..24 {
        let count = 1 + rng.below(4) as usize;
        let boards: Vec<_> = (0..count)
            .map(|_| {
                if rng.below(2) == 0 {
                    pick(&mut rng, &BoardClass::ALL).draw(&mut rng)
                } else {
                    loop {
                        let (x, o) = (rng.below(10) as usize, rng.below(10) as usize);
                        if x != o && x + o <= 15 {
                            break random_board(&mut rng, x, o);
                        }
                    }
                }
            })
            .collect();
        bases.push(questions_text(&boards).into_bytes());
    }
    bases
}

/// One mutant: the base it came from, the mutations, the result.
struct Mutant {
    base: usize,
    kinds: Vec<Kind>,
    input: Vec<u8>,
}

/// `count` mutants from `seed`: three in four mutated once (the kinds in
/// turn, so each gets its share), the others two to four times.
fn mutants(seed: u64, count: usize) -> Vec<Mutant> {
    let bases = bases();
    let mut rng = Rng::new(seed);
    let mut single = 0;
    (0..count)
        .map(|i| {
            // The samples and the statement half the time, generated inputs
            // the other half.
            let base = if rng.below(2) == 0 {
                at(&mut rng, 4)
            } else {
                4 + at(&mut rng, bases.len() - 4)
            };
            let kinds = if i % 4 != 3 {
                single += 1;
                vec![KINDS[(single - 1) % KINDS.len()]]
            } else {
                (0..2 + rng.below(3))
                    .map(|_| *pick(&mut rng, &KINDS))
                    .collect()
            };
            let mut input = bases[base].clone();
            for &kind in &kinds {
                mutate(&mut rng, &mut input, kind);
            }
            Mutant { base, kinds, input }
        })
        .collect()
}

/// Number of mutants (one run of the binary each).
const MUTANTS: usize = 704;

/// Every mutant, run through the binary, is answered exactly as the
/// reference reader and the tablebase say: status 0, no message and all the
/// answers for a valid input; else status 1, the answers before the bad
/// case and one message naming the first error's line (and column). No run
/// panics or dies of a signal. The mutants must cover every kind of
/// mutation and give both valid and invalid inputs.
#[test]
fn every_mutant_is_answered_or_rejected_as_the_rules_say() {
    let mutants = mutants(20240601, MUTANTS);
    table();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(mutant) = mutants.get(i) else { break };
                    let result = run_and_check(&mutant.input);
                    results.lock().unwrap().push((i, result));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|&(i, _)| i);

    // Per kind of single mutation (and for stacks): runs, valid, invalid.
    let mut tally: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, result) in &results {
        let mutant = &mutants[*i];
        let key = match mutant.kinds[..] {
            [kind] => format!("{kind:?}"),
            _ => "stacked".to_string(),
        };
        let entry = tally.entry(key).or_default();
        entry.0 += 1;
        match result {
            Ok(true) => entry.1 += 1,
            Ok(false) => entry.2 += 1,
            Err(why) => failures.push(format!(
                "mutant {i} (base {}, {:?}): input b\"{}\"\n  {why}",
                mutant.base,
                mutant.kinds,
                mutant.input.escape_ascii()
            )),
        }
    }
    for (kind, (runs, valid, invalid)) in &tally {
        eprintln!("{kind:>14}: {runs:3} mutants, {valid:3} valid, {invalid:3} rejected");
    }
    assert!(
        failures.is_empty(),
        "{} of {MUTANTS} mutants handled wrongly; the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
    // Worked out by hand from `mutants`: of the 704, every fourth (number
    // i with i % 4 == 3) is stacked, 176; the other 528 take the 16 kinds
    // in turn, 33 each. Each mutant must have been run and counted once.
    for kind in KINDS {
        let runs = tally.get(&format!("{kind:?}")).map_or(0, |t| t.0);
        assert_eq!(runs, 33, "{kind:?} alone: {runs} mutants");
    }
    assert_eq!(tally["stacked"].0, 176, "{tally:?}");
    let valid: usize = tally.values().map(|t| t.1).sum();
    let invalid: usize = tally.values().map(|t| t.2).sum();
    assert!(
        valid >= MUTANTS / 5 && invalid >= MUTANTS / 5,
        "valid {valid}, invalid {invalid}"
    );
}

/// The harness itself: the reference reader and the tablebase give each
/// sample's expected output, and so does the binary (unmutated inputs).
#[test]
fn the_reference_reader_gives_the_samples_expected_outputs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    for name in ["statement", "messy", "regression"] {
        let input = std::fs::read(dir.join(format!("{name}.in"))).unwrap();
        let output = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
        let reading = reference(&input);
        assert_eq!(reading.error, None, "{name}");
        assert_eq!(answers(&reading.boards), output, "{name}");
        assert_eq!(run_and_check(&input), Ok(true), "{name}");
    }
    let reading = reference(STATEMENT.as_bytes());
    assert_eq!(answers(&reading.boards), STATEMENT_ANSWERS);
}

/// Hand-made inputs whose first error the library's docs and messages
/// settle (columns worked out by hand): the reference reader and the
/// binary on each, alone and after a good case.
#[test]
fn the_reference_reader_follows_the_documented_rules() {
    let good = FIRST_CASE;
    let blanks = " ".repeat(300);
    let rows = "....\n.xo.\n.ox.\n....\n";
    let owned = [
        // A byte-order mark, long blanks, then the text of line 1.
        format!("\u{feff}{blanks}?\n{rows}"),
        format!("\u{feff}{blanks}garbage\n{rows}"),
        // Text after long blanks makes a long line, whatever it is.
        format!("?{blanks}\u{0}\n{rows}"),
        format!("?\n....{blanks}\u{0}\n"),
        format!("?\n{}\n", "x".repeat(300)),
        // A long line's text is looked at up to the reader's limit.
        format!("?\n.\u{1}{blanks}x\n"),
        // A carriage return ends a line, however long the blanks after it.
        format!("?\n.\r{blanks}x\n"),
        format!("?\n{blanks}....\n.xo.\n.ox.\n....{blanks}\n$\n"),
    ];
    let cases: [(&[u8], usize, Option<Place>); 46] = [
        (b"", 0, None),
        (b"$\n", 0, None),
        (b"\n\n  \n", 0, None),
        (b"$ end\n?\nzzzz\n", 0, None),
        (b"  $\x00\xff\n?\n", 0, None),
        (
            b" ? \r\n\r\n....\r\n .xo.\r\n.ox. \r\n....\r\n\r\n",
            1,
            None,
        ),
        (b"\xef\xbb\xbf?\n....\n....\n....\n....", 1, None),
        (b"?\t\n\t....\n....\r\n....\n....\n  $  \n?\n", 1, None),
        (b"?\n....\n....\n", 0, Some((4, None))),
        (b"?\n....\n....", 0, Some((4, None))),
        (b"?\n....\n....\n\n  \n", 0, Some((6, None))),
        (b"?\n....\n$\n", 0, Some((3, Some(1)))),
        (b"?\n....\n \t$\n", 0, Some((3, Some(3)))),
        (b"....\n", 0, Some((1, None))),
        (b"??\n", 0, Some((1, None))),
        (b"?\n...\n", 0, Some((2, None))),
        (b"?\n.....\n", 0, Some((2, Some(5)))),
        (b"?\n. . . .\n", 0, Some((2, Some(2)))),
        (b"?\n..z\n", 0, Some((2, Some(3)))),
        (b"?\n..\xc3\xa9.\n", 0, Some((2, Some(3)))),
        (b"?\n..\x00.\n", 0, Some((2, Some(3)))),
        (b"\x00?\n", 0, Some((1, Some(1)))),
        (b"\xef\xbb\xbf \x00?\n", 0, Some((1, Some(2)))),
        (b"?\n.\xff..\n", 0, Some((2, Some(2)))),
        (b"?\n..\r.\n", 0, Some((2, None))),
        (b"?\n.\r\x80.\n", 0, Some((2, None))),
        (b"?\n.\x01\x80.\n", 0, Some((2, Some(2)))),
        // CR-only line ends, alone or mixed with the others; `\r\n` is one.
        (b"?\r....\r....\r....\r....\r$\r", 1, None),
        (b"?\r\n....\r\r\n....\n\r....\r....", 1, None),
        (b"?\r....\r\r\n....\r..z.\r", 0, Some((5, Some(3)))),
        (b"?\r....\r\r....\r\r\r", 0, Some((7, None))),
        // Columns count characters: the byte is the line's third.
        (b"?\n\xc3\xa9\xc3\xa9\x01.\n", 0, Some((2, Some(3)))),
        (b"?\n \xc3\xa9\xff\n", 0, Some((2, Some(3)))),
        (b"\xef\xbb\xbf\xc3\xa9\x00\n", 0, Some((1, Some(2)))),
        (b"?\n..\xc3\x00\n", 0, Some((2, Some(3)))),
        (b"?\nxxxx\no...\no...\no...\n", 0, Some((5, None))),
        (b"\n\xef\xbb\xbf?\n", 0, Some((2, None))),
        (b"?\n....\n....\n....\n....\n\x0b\n", 1, Some((6, Some(1)))),
        (owned[0].as_bytes(), 1, None),
        (owned[1].as_bytes(), 0, Some((1, None))),
        (owned[2].as_bytes(), 0, Some((1, None))),
        (owned[3].as_bytes(), 0, Some((2, Some(5)))),
        (owned[4].as_bytes(), 0, Some((2, Some(5)))),
        (owned[5].as_bytes(), 0, Some((2, Some(2)))),
        (owned[6].as_bytes(), 0, Some((2, None))),
        (owned[7].as_bytes(), 1, None),
    ];
    for (input, boards, error) in cases {
        let reading = reference(input);
        let shown = input.escape_ascii();
        assert_eq!(
            (reading.boards.len(), reading.error),
            (boards, error),
            "b\"{shown}\""
        );
        run_and_check(input).unwrap_or_else(|why| panic!("b\"{shown}\": {why}"));
        // After a good case the error moves down by its five lines, at the
        // same column; a byte-order mark there is not skipped but is a
        // character of the line, one column more.
        if let Some((line, column)) = error {
            let column = column.map(|c| c + usize::from(input.starts_with(BOM)));
            let mut longer = good.as_bytes().to_vec();
            longer.extend_from_slice(input);
            let reading = reference(&longer);
            assert_eq!(
                reading.error,
                Some((line + 5, column)),
                "b\"{shown}\" after a case"
            );
            assert_eq!(answers(&reading.boards[..1]), "#####\n");
            run_and_check(&longer).unwrap_or_else(|why| panic!("b\"{shown}\": {why}"));
        }
    }
}

/// Text after a long run of spaces is rejected wherever the line is: on
/// line 1 (after a byte-order mark too), on any other line, and on a line
/// across the first 64 KiB read of a file.
#[test]
fn text_after_a_long_run_of_spaces_is_rejected_on_every_line() {
    let rows = b"....\n.xo.\n.ox.\n....\n";
    let padded = |text: &[u8]| {
        let mut line = text.to_vec();
        line.extend(std::iter::repeat_n(b' ', 300));
        line.extend_from_slice(b"junk\n");
        line
    };
    // Line 2.
    let mut input = b"\n".to_vec();
    input.extend(padded(b"?"));
    input.extend_from_slice(rows);
    assert_eq!(reference(&input).error, Some((2, None)));
    assert_eq!(run_and_check(&input), Ok(false));
    // Line 1, alone and after a byte-order mark, with and without long
    // blanks before the text.
    for start in [&b""[..], BOM] {
        for lead in [0, 300] {
            let mut input = start.to_vec();
            input.extend(std::iter::repeat_n(b' ', lead));
            input.extend(padded(b"?"));
            input.extend_from_slice(rows);
            assert_eq!(reference(&input).error, Some((1, None)));
            let what = format!("line 1 after {start:?} and {lead} spaces");
            assert_eq!(run_and_check(&input), Ok(false), "{what}");
        }
    }
    // A row across the first 64 KiB read of a file.
    let mut input = b"?\n".to_vec();
    input.resize((1 << 16) - 2, b'\n');
    let line = input.iter().filter(|&&b| b == b'\n').count() + 1;
    input.extend(padded(b"...."));
    input.extend_from_slice(b".xo.\n.ox.\n....\n");
    assert_eq!(reference(&input).error, Some((line, Some(5))));
    let path = std::env::temp_dir().join(format!("winmove-straddle-{}.in", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let run = winmove(&[path.to_str().unwrap()], b"");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        run.status,
        Some(1),
        "line {line} across 64 KiB: {}",
        run.stdout
    );
    assert!(
        run.stderr
            .starts_with(&format!("error: line {line}, column 5: expected 4 cells")),
        "{}",
        run.stderr
    );
}
