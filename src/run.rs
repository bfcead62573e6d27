//! What each command does, given its options.

use crate::cli::Options;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;
use winmove::bitboard::Square;
use winmove::explicit::ExplicitTree;
use winmove::protocol::{Cases, ReadError};
use winmove::search::backend::Backend;
use winmove::search::{Search, Stats};
use winmove::value::{Shown, UNBOUNDED};
use winmove::Solver;

/// Opens the input: the named file, or standard input.
fn open_input(options: &Options) -> Result<Box<dyn Read>, ExitCode> {
    match &options.input {
        None => Ok(Box::new(io::stdin().lock())),
        Some(path) => File::open(path)
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| {
                eprintln!("error: cannot open {}: {e}", path.display());
                ExitCode::FAILURE
            }),
    }
}

/// The backend the options name, with its trace on if asked.
fn backend(options: &Options) -> Result<Backend, ExitCode> {
    #[allow(unused_mut)]
    let Some(mut backend) = Backend::new(options.algo) else {
        eprintln!("error: algorithm '{}' is not built in", options.algo.name());
        return Err(ExitCode::from(2));
    };
    #[cfg(feature = "sss")]
    if let (true, Backend::Sss(sss)) = (options.trace, &mut backend) {
        sss.set_trace(Some(Box::new(io::stderr())));
    }
    Ok(backend)
}

/// Writes to standard output; `false` (after a message, unless the reader
/// went away) if that failed.
fn written(result: io::Result<()>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => false,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            false
        }
    }
}

/// Per-case and total statistics on standard error.
struct StatsReport {
    enabled: bool,
    total: Stats,
    cases: usize,
}

impl StatsReport {
    fn new(enabled: bool) -> StatsReport {
        StatsReport {
            enabled,
            total: Stats::default(),
            cases: 0,
        }
    }

    /// Reports one case and resets the backend's counters.
    fn case(&mut self, number: usize, search: &mut impl Search, result: &str) {
        if self.enabled {
            let stats = search.stats();
            eprintln!("case={number} algo={} {result} {stats}", search.name());
            self.total += &stats;
            self.cases += 1;
            search.reset_stats();
        }
    }

    fn finish(&self, algo: &str) {
        if self.enabled {
            eprintln!("total cases={} algo={algo} {}", self.cases, self.total);
        }
    }
}

/// The answer as the judge wants it: `(r,c)` or `#####`, and a newline.
fn answer_line(answer: Option<Square>) -> [u8; 6] {
    match answer {
        Some(sq) => [
            b'(',
            b'0' + sq.row() as u8,
            b',',
            b'0' + sq.col() as u8,
            b')',
            b'\n',
        ],
        None => *b"#####\n",
    }
}

/// `winmove [OPTIONS] [FILE]`: answers every question.
pub fn boards(options: &Options) -> ExitCode {
    let (input, search) = match (open_input(options), backend(options)) {
        (Ok(input), Ok(search)) => (input, search),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let mut solver = Solver::new(search, options.enhancements);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut report = StatsReport::new(options.stats);
    for case in Cases::new(input) {
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                let flushed = written(out.flush());
                match e {
                    ReadError::Input(e) => eprintln!("error: {e}"),
                    ReadError::Io(e) => eprintln!("error: cannot read the input: {e}"),
                }
                let _ = flushed;
                return ExitCode::FAILURE;
            }
        };
        let number = case.number;
        let answer = if options.trace {
            solver.winning_move_with(case.board, |sq| eprintln!("# case {number}: x plays {sq}"))
        } else {
            solver.winning_move(case.board)
        };
        if !written(out.write_all(&answer_line(answer))) {
            return ExitCode::FAILURE;
        }
        if report.enabled {
            let shown = answer.map_or("#####".to_string(), |sq| sq.to_string());
            report.case(number, solver.search_mut(), &format!("answer={shown}"));
        }
    }
    if !written(out.flush()) {
        return ExitCode::FAILURE;
    }
    report.finish(options.algo.name());
    ExitCode::SUCCESS
}

/// `winmove tree [OPTIONS] [FILE]`: the value of every tree.
pub fn trees(options: &Options) -> ExitCode {
    let (input, mut search) = match (open_input(options), backend(options)) {
        (Ok(input), Ok(search)) => (BufReader::new(input), search),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut report = StatsReport::new(options.stats);
    let mut case = 0;
    for (index, line) in input.split(b'\n').enumerate() {
        let number = index + 1;
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                written(out.flush());
                eprintln!("error: cannot read the input: {e}");
                return ExitCode::FAILURE;
            }
        };
        let parsed = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => ExplicitTree::parse(text).map_err(|e| format!("line {number}, {e}")),
            Err(e) => Err(format!(
                "line {number}, column {}: byte 0x{:02x} is not text",
                e.valid_up_to() + 1,
                line[e.valid_up_to()]
            )),
        };
        let tree = match parsed {
            Ok(tree) => tree,
            Err(message) => {
                written(out.flush());
                eprintln!("error: {message}");
                return ExitCode::FAILURE;
            }
        };
        case += 1;
        if options.trace {
            eprintln!("# case {case}");
        }
        let value = search.search(&tree, tree.root(), -UNBOUNDED, UNBOUNDED);
        if !written(writeln!(out, "{}", Shown(value))) {
            return ExitCode::FAILURE;
        }
        report.case(case, &mut search, &format!("value={}", Shown(value)));
    }
    if !written(out.flush()) {
        return ExitCode::FAILURE;
    }
    report.finish(options.algo.name());
    ExitCode::SUCCESS
}

/// `winmove verify`: the engine against the tablebase on every position.
pub fn verify(threads: Option<usize>) -> ExitCode {
    use std::io::IsTerminal;
    use winmove::search::alphabeta::{AlphaBeta, Pruning};
    use winmove::verify;
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = std::time::Instant::now();
    let on_terminal = io::stderr().is_terminal();
    let last = std::sync::Mutex::new(String::new());
    let progress = |stage: &str, fraction: f64| {
        if on_terminal {
            let line = format!("verify: {stage} {:3.0}%", 100.0 * fraction);
            let mut last = last.lock().expect("no panics");
            if *last != line {
                eprint!("\r{line}");
                *last = line;
            }
        }
    };
    let (table, found) = verify::verify(threads, &|| AlphaBeta::new(Pruning::Deep), &progress);
    if on_terminal {
        eprint!("\r{:30}\r", "");
    }
    let mut out = io::stdout().lock();
    let text = verify::report(&table, &found, "alphabeta with every enhancement");
    let verdict = if found.ok() { "OK" } else { "FAILED" };
    let timing = format!(
        "verify: {verdict} in {:.1} s with {threads} threads",
        start.elapsed().as_secs_f64()
    );
    if !written(write!(out, "{text}\n{timing}\n").and_then(|_| out.flush())) {
        return ExitCode::FAILURE;
    }
    if found.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `winmove compare`.
pub fn compare(_options: &crate::cli::CompareOptions) -> ExitCode {
    eprintln!("error: compare is not implemented yet");
    ExitCode::FAILURE
}

/// `winmove generate`: seeded random questions on standard output.
pub fn generate(class: winmove::gen::BoardClass, count: usize, seed: u64) -> ExitCode {
    let mut rng = winmove::gen::Rng::new(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        let board = class.draw(&mut rng);
        if !written(write!(out, "?\n{}", winmove::gen::rows(board))) {
            return ExitCode::FAILURE;
        }
    }
    if written(out.write_all(b"$\n").and_then(|_| out.flush())) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
