//! What each command does, given its options.

use crate::cli::Options;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;
use winmove::explicit::ExplicitTree;
use winmove::protocol::{answer_line, Cases};
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
                written(out.flush());
                eprintln!("error: {e}");
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

/// Largest uniform tree `winmove compare --trees` builds, in leaves.
const COMPARE_MAX_LEAVES: u64 = 1 << 18;

/// `winmove compare`: Markdown tables of what each backend costs.
pub fn compare(options: &crate::cli::CompareOptions) -> ExitCode {
    use winmove::compare;
    use winmove::gen::BoardClass;
    use winmove::protocol::Cases;
    use winmove::Enhancements;
    let algos = compare::built_algos();
    let mut text = String::new();
    if options.trees {
        let shapes = compare::tree_grid(COMPARE_MAX_LEAVES);
        let groups = compare::compare_trees(&shapes, options.samples, options.seed, &algos);
        text.push_str(&format!(
            "## Uniform random trees\n\n{} trees per shape (branching 2-8, depth 2-8, at most {} leaves), leaf values uniform in -1000000..=1000000, seed {}; every backend searches the root with the window that rules nothing out.\n\n",
            options.samples, COMPARE_MAX_LEAVES, options.seed
        ));
        text.push_str(&compare::markdown(&groups));
        text.push_str("\n### What the literature states\n\n");
        text.push_str(&compare::literature(&groups));
        if let Some(path) = &options.svg {
            if let Err(e) = std::fs::write(path, compare::figure(&groups)) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    } else {
        let enhancements = if options.enhanced {
            Enhancements::ALL
        } else {
            Enhancements {
                shortcut: true,
                ..Enhancements::NONE
            }
        };
        let mut classes = Vec::new();
        match &options.boards {
            Some(path) => {
                let file = match File::open(path) {
                    Ok(file) => file,
                    Err(e) => {
                        eprintln!("error: cannot open {}: {e}", path.display());
                        return ExitCode::FAILURE;
                    }
                };
                let mut boards = Vec::new();
                for case in Cases::new(file) {
                    match case {
                        Ok(case) => boards.push(case.board),
                        Err(e) => {
                            eprintln!("error: {}: {e}", path.display());
                            return ExitCode::FAILURE;
                        }
                    }
                }
                classes.push((path.display().to_string(), boards));
            }
            None => {
                let sample = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
                let boards = Cases::new(sample.as_bytes())
                    .filter_map(Result::ok)
                    .map(|c| c.board)
                    .collect();
                classes.push(("statement".to_string(), boards));
                for class in BoardClass::ALL {
                    // The raw tree of 11 to 16 empty squares is out of reach;
                    // so is a value search of it (the count shortcut answers
                    // questions, not values).
                    let sparse = class == BoardClass::SparseUnequal
                        || (options.value
                            && matches!(class, BoardClass::Sparse | BoardClass::Judge));
                    if !options.enhanced && sparse {
                        continue;
                    }
                    classes.push((
                        class.name().to_string(),
                        class.boards(options.seed, options.samples),
                    ));
                }
            }
        }
        let task = if options.value {
            compare::Task::Value
        } else {
            compare::Task::Answer
        };
        let groups = compare::compare_boards(&classes, enhancements, &algos, task);
        text.push_str(&format!(
            "## Boards, {}, {}\n\n{} boards per class, seed {}; {}.\n\n",
            if options.value {
                "one value search per board"
            } else {
                "answering the question"
            },
            if options.enhanced {
                "with every enhancement"
            } else {
                "on the raw tree (the textbook search with the proven count shortcut)"
            },
            options.samples,
            options.seed,
            if options.value {
                "counts per board: one search of the board, x to move, window (-inf, +inf)"
            } else {
                "counts per question, summed over the searches of x's moves"
            }
        ));
        text.push_str(&compare::markdown(&groups));
    }
    let mut out = io::stdout().lock();
    if written(out.write_all(text.as_bytes()).and_then(|_| out.flush())) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
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
