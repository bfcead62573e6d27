//! Mutation test of the input reader, through the built binary.
//!
//! Valid inputs (the statement's sample, `samples/*.in`, generated ones) are
//! mutated at random: cells flipped, lines deleted, duplicated, swapped,
//! bytes injected (NUL, 0xff, invalid UTF-8, tabs, `\r`, ...), CRLF line
//! ends, spaces and blank lines, the input cut short, the `$` removed. A
//! small reference reader written here from the documented rules decides
//! whether each mutant is valid, and where its first bad line is; the
//! answers come from the independent tablebase. The binary must agree
//! exactly: the answers and status 0, or the answers before the bad case,
//! one `error: line N` message and status 1; never a panic.
//!
//! The rules, from `src/protocol` and `winmove --help`: a line ends at
//! `\n`; spaces, tabs and a `\r` around its text do not count; a byte-order
//! mark may open the input; blank lines are skipped anywhere; a case is a
//! line `?` and four rows of exactly four of `.`, `x`, `o`; no line of four
//! may be complete; a line starting with `$` ends the input (inside a case,
//! it is an error); the input may end without `$`, but not inside a case
//! (the error then names the line after the last one).

mod common;

use common::winmove;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use winmove::gen::{self, random_board, BoardClass, Rng};
use winmove::verify::tablebase::Tablebase;

/// The problem statement's sample.
const STATEMENT: &[u8] = b"?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

/// Bytes trimmed from both ends of a line: spaces, tabs and `\r` (so the
/// CR of a CRLF line end). Any other control character is not text.
const TRIMMED: &[u8] = b" \t\r";

/// The UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// The tablebase, built once.
fn table() -> &'static Tablebase {
    static TABLE: OnceLock<Tablebase> = OnceLock::new();
    TABLE.get_or_init(|| Tablebase::build(2, &|_| {}))
}

/// What the reference reader makes of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reading {
    /// The cases read before the first error: cell `i` is row `i / 4`,
    /// column `i % 4`; 0 empty, 1 x, 2 o.
    boards: Vec<[u8; 16]>,
    /// The first bad line (1-based), if any.
    error: Option<usize>,
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

/// Whether `mark` holds a whole row, column or long diagonal.
fn has_four(cells: &[u8; 16], mark: u8) -> bool {
    let mut lines: Vec<[usize; 4]> = (0..4)
        .flat_map(|k| {
            [
                [4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3],
                [k, k + 4, k + 8, k + 12],
            ]
        })
        .collect();
    lines.push([0, 5, 10, 15]);
    lines.push([3, 6, 9, 12]);
    lines.iter().any(|l| l.iter().all(|&i| cells[i] == mark))
}

/// The reference reader: the documented rules, written independently of
/// the library.
fn reference(input: &[u8]) -> Reading {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    // What follows the last `\n` is a line only if it is not empty.
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let mut boards = Vec::new();
    let fail = |boards, line| Reading {
        boards,
        error: Some(line),
    };
    // The rows of the case being read, once its `?` has been seen.
    let mut case: Option<Vec<&[u8]>> = None;
    for (i, &raw) in lines.iter().enumerate() {
        let number = i + 1;
        let raw = if number == 1 {
            raw.strip_prefix(BOM).unwrap_or(raw)
        } else {
            raw
        };
        let text = trim(raw);
        if text.is_empty() {
            continue;
        }
        if text[0] == b'$' {
            return match case {
                Some(_) => fail(boards, number),
                None => Reading {
                    boards,
                    error: None,
                },
            };
        }
        let Some(rows) = case.as_mut() else {
            if text != b"?" {
                return fail(boards, number);
            }
            case = Some(Vec::new());
            continue;
        };
        if text.len() != 4 || !text.iter().all(|b| b".xo".contains(b)) {
            return fail(boards, number);
        }
        rows.push(text);
        if rows.len() == 4 {
            let cells: [u8; 16] = std::array::from_fn(|i| match rows[i / 4][i % 4] {
                b'x' => 1,
                b'o' => 2,
                _ => 0,
            });
            if has_four(&cells, 1) || has_four(&cells, 2) {
                return fail(boards, number);
            }
            boards.push(cells);
            case = None;
        }
    }
    match case {
        Some(_) => fail(boards, lines.len() + 1),
        None => Reading {
            boards,
            error: None,
        },
    }
}

/// The answers to `boards` from the tablebase, as the judge wants them.
fn answers(boards: &[[u8; 16]]) -> String {
    boards
        .iter()
        .map(
            |cells| match table().first_winning_cell(Tablebase::index(cells)) {
                Some(i) => format!("({},{})\n", i / 4, i % 4),
                None => "#####\n".to_string(),
            },
        )
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
        Some(line) => {
            let named = [
                format!("error: line {line}:"),
                format!("error: line {line},"),
            ];
            let one_line = run.stderr.ends_with('\n') && run.stderr.lines().count() == 1;
            if run.status != Some(1)
                || run.stdout != want
                || !one_line
                || !named.iter().any(|n| run.stderr.starts_with(n.as_str()))
            {
                return Err(format!(
                    "expected status 1 after {want:?} and an error on line {line}: {}",
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
    /// Spaces and tabs before or after a line.
    Spaces,
    /// Blank lines (maybe with spaces, tabs, `\r`) between two lines.
    BlankLines,
    /// The input ends at a random byte.
    CutShort,
    /// The `$` line, or only its `$`, is removed.
    RemoveDollar,
    /// 250 to 300 spaces before or after a line (more than the reader
    /// keeps of a line); only ever alone.
    LongPadding,
    /// A byte-order mark opens the input; only ever last.
    Bom,
}

/// The kinds that stack with others (in any order).
const STACKABLE: [Kind; 12] = [
    Kind::FlipCell,
    Kind::CellToByte,
    Kind::FlipByte,
    Kind::DeleteLine,
    Kind::DuplicateLine,
    Kind::SwapLines,
    Kind::InjectBytes,
    Kind::Crlf,
    Kind::Spaces,
    Kind::BlankLines,
    Kind::CutShort,
    Kind::RemoveDollar,
];

/// Every kind: the stackable ones, then the two that come alone or last.
const KINDS: [Kind; 14] = {
    let mut all = [Kind::Bom; 14];
    let mut i = 0;
    while i < STACKABLE.len() {
        all[i] = STACKABLE[i];
        i += 1;
    }
    all[12] = Kind::LongPadding;
    all
};

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
    let mut bases = vec![STATEMENT.to_vec()];
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
        bases.push(gen::cases(&boards).into_bytes());
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
                let mut kinds: Vec<Kind> = (0..2 + rng.below(3))
                    .map(|_| *pick(&mut rng, &STACKABLE))
                    .collect();
                if rng.below(4) == 0 {
                    kinds.push(Kind::Bom);
                }
                kinds
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
const MUTANTS: usize = 700;

/// Every mutant, run through the binary, is answered exactly as the
/// reference reader and the tablebase say: status 0, no message and all the
/// answers for a valid input; else status 1, the answers before the bad
/// case and one message naming the first bad line. No run panics or dies
/// of a signal. The mutants must cover every kind of mutation and give both
/// valid and invalid inputs.
#[test]
fn every_mutant_is_answered_or_rejected_as_the_rules_say() {
    let mutants = mutants(20240601, MUTANTS);
    table();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(mutant) = mutants.get(i) else { break };
                let result = run_and_check(&mutant.input);
                results.lock().unwrap().push((i, result));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|&(i, _)| i);
    assert_eq!(results.len(), MUTANTS);

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
    for kind in KINDS {
        let runs = tally.get(&format!("{kind:?}")).map_or(0, |t| t.0);
        assert!(runs >= 30, "{kind:?} alone: {runs} mutants");
    }
    assert!(tally["stacked"].0 >= 150, "{tally:?}");
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
    let reading = reference(STATEMENT);
    assert_eq!(answers(&reading.boards), "#####\n(0,1)\n");
}

/// The reference reader on hand-made inputs whose first bad line the
/// library's docs and messages settle, and the binary on the same inputs.
#[test]
fn the_reference_reader_follows_the_documented_rules() {
    let good = "?\n....\n.xo.\n.ox.\n....\n";
    let cases: [(&[u8], usize, Option<usize>); 22] = [
        (b"", 0, None),
        (b"$\n", 0, None),
        (b"\n\n  \n", 0, None),
        (b"$ end\n?\nzzzz\n", 0, None),
        (
            b" ? \r\n\r\n....\r\n .xo.\r\n.ox. \r\n....\r\n\r\n",
            1,
            None,
        ),
        (b"\xef\xbb\xbf?\n....\n....\n....\n....", 1, None),
        (b"?\t\n\t....\n....\r\n....\n....\n  $  \n?\n", 1, None),
        (b"?\n....\n....\n", 0, Some(4)),
        (b"?\n....\n....", 0, Some(4)),
        (b"?\n....\n....\n\n  \n", 0, Some(6)),
        (b"?\n....\n$\n", 0, Some(3)),
        (b"....\n", 0, Some(1)),
        (b"??\n", 0, Some(1)),
        (b"?\n...\n", 0, Some(2)),
        (b"?\n.....\n", 0, Some(2)),
        (b"?\n. . . .\n", 0, Some(2)),
        (b"?\n..\x00.\n", 0, Some(2)),
        (b"?\n.\xff..\n", 0, Some(2)),
        (b"?\n..\r.\n", 0, Some(2)),
        (b"?\nxxxx\no...\no...\no...\n", 0, Some(5)),
        (b"\n\xef\xbb\xbf?\n", 0, Some(2)),
        (b"?\n....\n....\n....\n....\n\x0b\n", 1, Some(6)),
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
        // After a good case the error moves down by its five lines.
        if let Some(line) = error {
            let mut longer = good.as_bytes().to_vec();
            longer.extend_from_slice(input);
            let reading = reference(&longer);
            assert_eq!(reading.error, Some(line + 5), "b\"{shown}\" after a case");
            assert_eq!(answers(&reading.boards[..1]), "#####\n");
            run_and_check(&longer).unwrap_or_else(|why| panic!("b\"{shown}\": {why}"));
        }
    }
}

/// Text after a long run of spaces is rejected wherever the line is: on
/// line 1 and across a 64 KiB read (where the reader keeps only the first
/// 256 bytes of a line) as well as anywhere else.
#[test]
fn text_after_a_long_run_of_spaces_is_rejected_on_every_line() {
    let rows = b"....\n.xo.\n.ox.\n....\n";
    let padded = |text: &[u8]| {
        let mut line = text.to_vec();
        line.extend(std::iter::repeat_n(b' ', 300));
        line.extend_from_slice(b"junk\n");
        line
    };
    // Line 2: rejected, as it should be.
    let mut input = b"\n".to_vec();
    input.extend(padded(b"?"));
    input.extend_from_slice(rows);
    assert_eq!(reference(&input).error, Some(2));
    assert_eq!(run_and_check(&input), Ok(false));
    // Line 1: read as "?" and answered.
    let mut input = padded(b"?");
    input.extend_from_slice(rows);
    assert_eq!(reference(&input).error, Some(1));
    assert_eq!(run_and_check(&input), Ok(false), "line 1");
    // A row across the first 64 KiB read of a file: read as "....".
    let mut input = b"?\n".to_vec();
    input.resize((1 << 16) - 2, b'\n');
    let line = input.iter().filter(|&&b| b == b'\n').count() + 1;
    input.extend(padded(b"...."));
    input.extend_from_slice(b".xo.\n.ox.\n....\n");
    assert_eq!(reference(&input).error, Some(line));
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
        run.stderr.starts_with(&format!("error: line {line},")),
        "{}",
        run.stderr
    );
}
