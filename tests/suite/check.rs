//! `winmove check` on programs written here, Python scripts: ones whose
//! answers are the tablebase's, written into them here (a right program
//! that shares no code with the engine), and ones with a typical mistake
//! each. A script with a mistake reads the cases, gets the right answers by
//! running winmove once on all of them (it must also answer the smaller
//! boards the checker tries while shrinking, which answers written in could
//! not cover), and applies its mistake. Verdicts, failing cases and
//! smallest boards are checked against the tablebase and against the
//! mistake as written here in Rust.

use crate::common::rules::{Cells, LINES, X, answer, cells_of, cells_of_rows, rows_of, square};
use crate::common::tablebase::first_winning_cell;
use crate::common::winmove;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use winmove::answer::verify::tablebase::CELLS;
use winmove::game::random::BoardClass;

/// The tablebase's answer as the judge prints it, with its newline.
fn truth(cells: &Cells) -> String {
    answer(first_winning_cell(cells)) + "\n"
}

/// The first empty cell, in row-major order, where x completes a line.
fn first_immediate_win(cells: &Cells) -> Option<usize> {
    (0..CELLS).find(|&i| {
        cells[i] == 0
            && LINES
                .iter()
                .any(|line| line.contains(&i) && line.iter().all(|&j| j == i || cells[j] == X))
    })
}

/// A cell's answer line.
fn cell_line(i: usize) -> String {
    square(i) + "\n"
}

/// Pieces on a board.
fn pieces(cells: &Cells) -> usize {
    cells.iter().filter(|&&c| c != 0).count()
}

/// A board of the report: its `key: value` line, the board that follows
/// it, and the expected and program lines after the board (unquoted).
struct Shown {
    header: String,
    cells: Cells,
    expected: String,
    program: String,
}

/// Finds the line starting with `key` in `report` and reads the board
/// after it.
fn shown(report: &str, key: &str) -> Shown {
    let lines: Vec<&str> = report.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no '{key}' in:\n{report}"));
    assert_eq!(lines[at + 1], "?", "{report}");
    let unquote = |line: &str, key: &str| -> String {
        let value = line
            .strip_prefix(key)
            .unwrap_or_else(|| panic!("{key} in {line:?}"));
        if value == "(no line)" {
            return value.to_string();
        }
        let inner = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
        inner
            .unwrap_or_else(|| panic!("quoted: {value:?}"))
            .replace("\\n", "\n")
            .replace("\\r", "\r")
    };
    Shown {
        header: lines[at].to_string(),
        cells: cells_of_rows(&lines[at + 2..at + 6]),
        expected: unquote(lines[at + 6], "expected: "),
        program: unquote(lines[at + 7], "program: "),
    }
}

/// The case number of the `first failing case:` line.
fn first_case_number(report: &str) -> usize {
    let line = shown(report, "first failing case: ").header;
    let number = line["first failing case: ".len()..]
        .split(' ')
        .next()
        .unwrap();
    number.parse().unwrap()
}

/// The boards a removal leaves: one piece (`pairs` false) or an x and
/// an o together.
fn removals(cells: &Cells, pairs: bool) -> Vec<Cells> {
    let at = |mark: u8| (0..CELLS).filter(move |&i| cells[i] == mark);
    let mut boards = Vec::new();
    if pairs {
        for x in at(1) {
            for o in at(2) {
                let mut smaller = *cells;
                (smaller[x], smaller[o]) = (0, 0);
                boards.push(smaller);
            }
        }
    } else {
        for i in (0..CELLS).filter(|&i| cells[i] != 0) {
            let mut smaller = *cells;
            smaller[i] = 0;
            boards.push(smaller);
        }
    }
    boards
}

/// The smallest board of `report` is minimal for the mistake `wrong`:
/// no removal (of a piece, or of an x and an o with `pairs`) still shows it.
fn no_removal_fails(report: &str, cells: &Cells, pairs: bool, wrong: impl Fn(&Cells) -> bool) {
    for smaller in removals(cells, pairs) {
        assert!(
            !wrong(&smaller),
            "{report}\na removal still fails: {smaller:?}"
        );
    }
}

/// The Python interpreter itself (not a wrapper script that finds it), so
/// that each run of a script starts quickly.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 is installed (these tests write their programs in Python)");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    })
}

/// What every script starts with: reading the cases, the ten lines, and
/// x's immediate wins.
const PRELUDE: &str = r#"
import sys, time

def read_cases():
    lines = [l.strip() for l in sys.stdin.read().splitlines() if l.strip()]
    boards, i = [], 0
    while i < len(lines) and not lines[i].startswith('$'):
        boards.append(lines[i + 1:i + 5])
        i += 5
    return boards

LINES = [[(r, c) for c in range(4)] for r in range(4)] \
    + [[(r, c) for r in range(4)] for c in range(4)] \
    + [[(i, i) for i in range(4)], [(i, 3 - i) for i in range(4)]]

def immediate_wins(b):
    return [(r, c) for r in range(4) for c in range(4) if b[r][c] == '.' and any(
        (r, c) in line and all(b[i][j] == 'x' for (i, j) in line if (i, j) != (r, c))
        for line in LINES)]

def pieces(b):
    return sum(row.count('x') + row.count('o') for row in b)

boards = read_cases()
"#;

/// What the scripts with a mistake add to the prelude: `answers`, the
/// right answers from one run of winmove (`WINMOVE`, its path) on all the
/// cases.
const FROM_WINMOVE: &str = r#"
import subprocess

def right_answers(boards):
    text = ''.join('?\n' + '\n'.join(b) + '\n' for b in boards) + '$\n'
    run = subprocess.run([WINMOVE], input=text, capture_output=True, text=True, check=True)
    return run.stdout.split()

answers = right_answers(boards)
"#;

/// The script `name` with `body` after the prelude and winmove's answers.
fn script(name: &str, body: &str) -> PathBuf {
    let winmove = format!("WINMOVE = {:?}\n", env!("CARGO_BIN_EXE_winmove"));
    program(name, &format!("{winmove}{PRELUDE}{FROM_WINMOVE}\n{body}\n"))
}

/// A Python dictionary `BOOK` from each board (its four rows joined by
/// `/`) to its answer, from the tablebase, for the boards `winmove check
/// --class CLASS --seed SEED --count COUNT` asks: `class.boards(seed,
/// count)`, as the tests of the mistakes below check.
fn book(class: &str, seed: u64, count: usize) -> String {
    let class = BoardClass::from_name(class).expect("a class");
    let entries: Vec<String> = class
        .boards(seed, count)
        .into_iter()
        .map(|board| {
            let cells = cells_of(board);
            let key = rows_of(&cells).trim_end().replace('\n', "/");
            format!("{key:?}: {:?}", answer(first_winning_cell(&cells)))
        })
        .collect();
    format!("BOOK = {{\n{}\n}}\n", entries.join(",\n"))
}

/// A script that answers each case from [`book`]'s answers, without
/// winmove (a case not in the book is a `KeyError`: a runtime error).
fn answer_book(class: &str, seed: u64, count: usize) -> PathBuf {
    let name = format!("book-{class}-{seed}-{count}");
    let body = "for b in boards:\n    print(BOOK['/'.join(b)])";
    program(
        &name,
        &format!("{PRELUDE}{}\n{body}\n", book(class, seed, count)),
    )
}

/// Writes the Python program `name` (once per test run) with `text`; its
/// path. Written to a temporary name then renamed, so that no program is
/// ever executed while open for writing.
fn program(name: &str, text: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.py"));
    let text = format!("#!{} -S\n{text}", python());
    let temporary = dir.join(format!("{name}.py.{}", std::process::id()));
    std::fs::write(&temporary, text).unwrap();
    std::fs::set_permissions(&temporary, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::rename(&temporary, &path).unwrap();
    path
}

/// Runs `winmove check OPTIONS -- program`; the report and the status.
fn check(options: &[&str], program: &Path) -> (String, Option<i32>) {
    let mut args = vec!["check"];
    args.extend_from_slice(options);
    args.push("--");
    args.push(program.to_str().unwrap());
    let run = winmove(&args, b"");
    assert!(run.status != Some(2), "{}", run.stderr);
    // Progress is shown only at a terminal.
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    (run.stdout, run.status)
}

/// The first failing case of the report is the first of the generated
/// boards on which `wrong` says the mistake shows; its expected line is
/// the tablebase's; the program's is `given` for it. Returns that board.
fn first_case_is_the_first_wrong(
    report: &str,
    class: BoardClass,
    seed: u64,
    count: usize,
    wrong: impl Fn(&Cells) -> bool,
) -> Cells {
    let boards: Vec<Cells> = class
        .boards(seed, count)
        .into_iter()
        .map(cells_of)
        .collect();
    let first = boards.iter().position(&wrong).expect("the mistake shows");
    assert_eq!(first_case_number(report), first + 1, "{report}");
    let case = shown(report, "first failing case: ");
    assert_eq!(case.cells, boards[first], "{report}");
    assert_eq!(case.expected, truth(&case.cells), "{report}");
    boards[first]
}

/// The smallest board of the report, checked: the tablebase's answer is
/// the expected one, and the report says it is minimal.
fn smallest(report: &str) -> Shown {
    let board = shown(report, "smallest failing board: ");
    assert!(board.header.contains(", minimal"), "{report}");
    assert_eq!(board.expected, truth(&board.cells), "{report}");
    board
}

/// A right program that shares no code with the engine: its answers are
/// the tablebase's.
#[test]
fn a_program_answering_from_the_tablebase_is_accepted() {
    let program = answer_book("all", 4, 3000);
    let (report, status) = check(
        &["--class", "all", "--count", "3000", "--seed", "4"],
        &program,
    );
    assert_eq!(status, Some(0), "{report}");
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "Accepted");
    assert_eq!(
        lines[2],
        "questions: 3000 of class all, seed 4, time limit 5 s"
    );
    assert!(lines[3].starts_with("run: ") && lines[3].ends_with(" s, exit status 0"));
    assert_eq!(lines.len(), 4, "{report}");
}

/// The scripts with a mistake apart from their mistakes: winmove's
/// answers, printed only where they are the tablebase's (the book written
/// in; any other answer stops the script with an error). With the default
/// seed, 1.
#[test]
fn the_script_without_a_mistake_is_accepted() {
    let body = format!(
        "{}for b, a in zip(boards, answers):\n    assert BOOK['/'.join(b)] == a, b\n    print(a)",
        book("all", 1, 300)
    );
    let program = script("right", &body);
    let (report, status) = check(&["--class", "all", "--count", "300"], &program);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.starts_with("Accepted\n"), "{report}");
}

/// Answering `#####` whenever there are at most 4 pieces is right only
/// with equal counts: the smallest board where it fails is one where x,
/// with more pieces, wins, and wins no more without any one of them.
#[test]
fn the_count_shortcut_on_unequal_counts_is_a_wrong_answer() {
    let program = script(
        "shortcut",
        "for b, a in zip(boards, answers):\n    print('#####' if pieces(b) <= 4 else a)",
    );
    let (report, status) = check(&["--class", "unequal", "--count", "400"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Wrong Answer\n"), "{report}");
    let wrong = |cells: &Cells| pieces(cells) <= 4 && truth(cells) != "#####\n";
    first_case_is_the_first_wrong(&report, BoardClass::Unequal, 1, 400, wrong);
    let board = smallest(&report);
    assert!(wrong(&board.cells), "{report}");
    assert_eq!(board.program, "#####\n");
    no_removal_fails(&report, &board.cells, false, wrong);
}

/// Taking an immediate win before looking at earlier squares misses an
/// earlier square from which x also wins by force.
#[test]
fn an_immediate_win_before_an_earlier_winning_square_is_a_wrong_answer() {
    let program = script(
        "immediate",
        "for b, a in zip(boards, answers):\n    w = immediate_wins(b)\n    print('(%d,%d)' % w[0] if w else a)",
    );
    let (report, status) = check(&["--count", "400"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Wrong Answer\n"), "{report}");
    let wrong =
        |cells: &Cells| first_immediate_win(cells).is_some_and(|i| cell_line(i) != truth(cells));
    first_case_is_the_first_wrong(&report, BoardClass::Judge, 1, 400, wrong);
    let board = smallest(&report);
    assert!(wrong(&board.cells), "{report}");
    let x = board.cells.iter().filter(|&&c| c == X).count();
    assert_eq!(x * 2, pieces(&board.cells), "equal counts: {report}");
    assert_eq!(
        board.program,
        cell_line(first_immediate_win(&board.cells).unwrap())
    );
    no_removal_fails(&report, &board.cells, true, wrong);
}

/// A crash (an uncaught exception: exit status 1) on boards where x can
/// win at once is a runtime error; its traceback is shown.
#[test]
fn a_crash_is_a_runtime_error() {
    let program = script(
        "crash",
        "for b, a in zip(boards, answers):\n    if immediate_wins(b):\n        raise ValueError('no idea')\n    print(a)",
    );
    let (report, status) = check(&["--class", "midgame", "--count", "100"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Runtime Error\n"), "{report}");
    assert!(report.contains("\nrun: ") && report.contains(", exit status 1\n"));
    assert!(
        report.contains("\nstderr: ValueError: no idea\n"),
        "{report}"
    );
    let wrong = |cells: &Cells| first_immediate_win(cells).is_some();
    first_case_is_the_first_wrong(&report, BoardClass::Midgame, 1, 100, wrong);
    let board = smallest(&report);
    assert!(wrong(&board.cells));
    assert_eq!(board.program, "(no line)");
    // Three x in a line and three o: no pair can go.
    assert_eq!(pieces(&board.cells), 6, "{report}");
    no_removal_fails(&report, &board.cells, true, wrong);
}

/// The checks that wait for programs killed at a time limit, side by side,
/// each in a thread named after it: they spend their seconds asleep, not
/// computing, and one after another they held a test thread for ten.
#[test]
fn programs_killed_at_time_limits_are_judged() {
    let waits: [(&str, fn()); 4] = [
        (
            "a_sleep_is_killed_at_the_time_limit",
            a_sleep_is_killed_at_the_time_limit,
        ),
        (
            "a_slow_case_behind_buffered_output_is_found",
            a_slow_case_behind_buffered_output_is_found,
        ),
        (
            "the_processes_a_program_starts_end_with_it",
            the_processes_a_program_starts_end_with_it,
        ),
        (
            "removals_that_time_out_are_counted_and_input_is_judged",
            removals_that_time_out_are_counted_and_input_is_judged,
        ),
    ];
    let failed: Vec<&str> = std::thread::scope(|s| {
        let running: Vec<_> = waits
            .map(|(name, check)| {
                let thread = std::thread::Builder::new().name(name.to_string());
                (name, thread.spawn_scoped(s, check).unwrap())
            })
            .into_iter()
            .collect();
        running
            .into_iter()
            .filter_map(|(name, thread)| thread.join().is_err().then_some(name))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "failed (their panics are above): {failed:?}"
    );
}

/// A program that sleeps on boards with at most 2 pieces is killed at the
/// time limit; the smallest such board is the empty one.
fn a_sleep_is_killed_at_the_time_limit() {
    let program = script(
        "sleep",
        "for b, a in zip(boards, answers):\n    if pieces(b) <= 2:\n        sys.stdout.flush()\n        time.sleep(60)\n    print(a)",
    );
    let start = std::time::Instant::now();
    let (report, status) = check(
        &["--class", "sparse", "--count", "20", "--time-limit", "1"],
        &program,
    );
    // Not a measure of speed: a program left to sleep would take minutes.
    assert!(start.elapsed().as_secs() < 50, "{report}");
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Time Limit Exceeded\n"), "{report}");
    assert!(report.contains(", killed at the time limit\n"), "{report}");
    let wrong = |cells: &Cells| pieces(cells) <= 2;
    first_case_is_the_first_wrong(&report, BoardClass::Sparse, 1, 20, wrong);
    let board = smallest(&report);
    assert_eq!(board.cells, [0; CELLS], "{report}");
    assert_eq!(board.expected, "#####\n");
}

/// Answers without the last newline are a presentation error; any board
/// shows it, so no smaller board is sought.
#[test]
fn a_missing_final_newline_is_a_presentation_error() {
    let program = script("newline", "sys.stdout.write('\\n'.join(answers))");
    let (report, status) = check(&["--count", "50"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Presentation Error\n"), "{report}");
    assert_eq!(first_case_number(&report), 50, "{report}");
    let case = shown(&report, "first failing case: ");
    assert_eq!(case.program, case.expected.trim_end());
    assert!(report.contains("\nalone: Presentation Error, "), "{report}");
    assert!(
        report.contains("\nsmallest failing board: not sought (a Presentation Error"),
        "{report}"
    );
}

/// Endless output is cut at the bound and the program killed.
#[test]
fn endless_output_is_an_output_limit() {
    let program = script("endless", "while True:\n    print('#####')");
    let (report, status) = check(&["--count", "10", "--shrink-runs", "0"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Output Limit Exceeded\n"), "{report}");
    // Twice the expected 60 bytes, and the slack.
    assert!(
        report.contains(" killed after 4216 bytes of output, the bound\n"),
        "{report}"
    );
}

#[test]
fn bad_usage_exits_with_status_2() {
    for args in [
        &["check"][..],
        &["check", "--class", "nine", "--", "true"],
        &["check", "--count", "0", "--", "true"],
        &["check", "--time-limit", "0", "--", "true"],
        &["check", "--time-limit", "soon", "--", "true"],
        &["check", "--bogus", "--", "true"],
        &["check", "true", "--count", "3"],
    ] {
        let run = winmove(args, b"");
        assert_eq!(run.status, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_program_that_cannot_start_is_an_error() {
    let run = winmove(&["check", "--", "/nonexistent/program"], b"");
    assert_eq!(run.status, Some(1));
    assert!(
        run.stderr
            .starts_with("error: cannot run '/nonexistent/program': "),
        "{}",
        run.stderr
    );
}

#[test]
fn help_documents_every_option_class_and_verdict() {
    let run = winmove(&["check", "--help"], b"");
    assert_eq!(run.status, Some(0));
    assert!(run.stdout.starts_with("winmove check"));
    for word in [
        "--class",
        "--count",
        "--seed",
        "--time-limit",
        "--shrink-runs",
        "--input",
        "--memory-limit",
        "Linux only",
        "Memory Limit Exceeded",
        "Accepted",
        "Wrong Answer",
        "Presentation Error",
        "Time Limit Exceeded",
        "Runtime Error",
        "Output Limit Exceeded",
    ] {
        assert!(run.stdout.contains(word), "check --help mentions {word}");
    }
    // A long summary is wrapped: compare with the spaces made one.
    let words = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for class in BoardClass::NAMED {
        let line = format!("{} {}", class.name(), class.summary());
        assert!(words.contains(&line), "check --help lists {line}");
    }
    // What a check cannot end is said.
    for said in [
        "SIGINT, SIGTERM, SIGHUP or SIGQUIT to the checker kill it first",
        "Not covered: on other systems, a process that left the group;",
        "dies of SIGKILL",
    ] {
        assert!(words.contains(said), "check --help says {said}");
    }
    let main = winmove(&["--help"], b"");
    assert!(main.stdout.contains("check"));
}

/// A script with the prelude only (no winmove): `body` after it.
fn plain_script(name: &str, body: &str) -> PathBuf {
    program(name, &format!("{PRELUDE}\n{body}\n"))
}

/// A file of the test's temporary directory with `text`; its path.
fn temporary_file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-files");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Whether process `pid` has ended (gone, or a zombie), waiting a little.
fn process_ended(pid: &str) -> bool {
    for _ in 0..100 {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat[stat.rfind(')').unwrap() + 1..]
                    .trim_start()
                    .starts_with('Z') =>
            {
                return true;
            }
            Ok(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
    false
}

/// A program that keeps its answers until the end and sleeps on the empty
/// board (case 3 of these) is killed before it wrote anything: the case
/// that is slow is found, not the first case blamed for needing the
/// cases before it. (Every sparse board's answer is `#####`.)
fn a_slow_case_behind_buffered_output_is_found() {
    let program = plain_script(
        "buffered-slow",
        "out = []\nfor b in boards:\n    if pieces(b) == 0:\n        time.sleep(60)\n    out.append('#####')\nprint('\\n'.join(out))",
    );
    let (report, status) = check(
        &["--class", "sparse", "--count", "10", "--time-limit", "0.5"],
        &program,
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Time Limit Exceeded\n"), "{report}");
    assert_eq!(first_case_number(&report), 1, "{report}");
    assert!(report.contains("\nalone: Accepted, "), "{report}");
    let boards: Vec<Cells> = BoardClass::Sparse
        .boards(1, 10)
        .into_iter()
        .map(cells_of)
        .collect();
    let empty = boards.iter().position(|b| *b == [0; CELLS]).unwrap();
    let slow = shown(&report, "slow case: ");
    let line = format!(
        "slow case: {} of 10 (input lines {}-{}), found in ",
        empty + 1,
        5 * empty + 1,
        5 * empty + 5
    );
    assert!(slow.header.starts_with(&line), "{report}");
    assert_eq!(slow.cells, [0; CELLS]);
    assert!(!report.contains("needs the cases before it"), "{report}");
    assert!(
        report.contains("\nalone: Time Limit Exceeded, "),
        "{report}"
    );
}

/// Processes the program starts end with it: a child left sleeping, and
/// one that left the group (a session of its own, as `setsid` makes), are
/// killed with the program at the time limit (of 2 s: a loaded machine
/// may take most of a second to start Python and both children).
fn the_processes_a_program_starts_end_with_it() {
    let program = plain_script(
        "orphan",
        "import subprocess\nfor away in [False, True]:\n    p = subprocess.Popen(['sleep', '30'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=away)\n    sys.stderr.write('child %d\\n' % p.pid)\nsys.stderr.flush()\ntime.sleep(60)",
    );
    let (report, status) = check(
        &["--count", "3", "--time-limit", "2", "--shrink-runs", "0"],
        &program,
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Time Limit Exceeded\n"), "{report}");
    let pids: Vec<&str> = report
        .lines()
        .filter_map(|l| l.strip_prefix("stderr: child "))
        .collect();
    assert_eq!(pids.len(), 2, "{report}");
    for pid in pids {
        assert!(process_ended(pid), "sleep {pid} still runs:\n{report}");
    }
}

/// A right program that exits while a child it started (in a session of
/// its own) still holds its output open is judged on its output, the
/// report says so, and the child is killed as the report says.
#[cfg(target_os = "linux")]
#[test]
fn an_output_held_open_by_a_child_is_judged_on_what_was_written() {
    let pids = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-files/held-open.pid");
    std::fs::create_dir_all(pids.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&pids);
    let body = format!(
        "{}import subprocess\nfor b in boards:\n    print(BOOK['/'.join(b)])\nsys.stdout.flush()\np = subprocess.Popen(['sleep', '120'], start_new_session=True)\nopen({:?}, 'a').write('%d\\n' % p.pid)",
        book("judge", 1, 20),
        pids.to_str().unwrap()
    );
    let program = plain_script("held-open", &body);
    let (report, status) = check(&["--count", "20", "--time-limit", "3"], &program);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.starts_with("Accepted\n"), "{report}");
    assert!(
        report.contains(
            ", exit status 0, its output held open by a process it started (killed 0.2 s later)\n"
        ),
        "{report}"
    );
    let pid = std::fs::read_to_string(&pids).unwrap();
    assert!(process_ended(pid.trim()), "sleep {pid} still runs");
}

/// A signal that ends the checker (a Ctrl-C, which the program in its own
/// process group never gets; a `kill`; a hang-up) ends the program and
/// what it started first, even a process that left its group; then the
/// checker dies of the signal.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_to_the_checker_ends_the_program_first() {
    let pids = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-files/signalled.pid");
    std::fs::create_dir_all(pids.parent().unwrap()).unwrap();
    let body = format!(
        "import os, subprocess\np = subprocess.Popen(['sleep', '30'], start_new_session=True)\nopen({:?}, 'w').write('%d %d\\n' % (os.getpid(), p.pid))\ntime.sleep(30)",
        pids.to_str().unwrap()
    );
    let program = plain_script("signalled", &body);
    for (name, number) in [("INT", 2), ("TERM", 15), ("HUP", 1), ("QUIT", 3)] {
        let _ = std::fs::remove_file(&pids);
        let mut checker = crate::common::command(&[
            "check",
            "--count",
            "3",
            "--time-limit",
            "20",
            "--",
            program.to_str().unwrap(),
        ])
        // SIGQUIT may leave a core file: not in the source tree.
        .current_dir(pids.parent().unwrap())
        .spawn()
        .unwrap();
        let written = (0..1000).find_map(|_| {
            let text = std::fs::read_to_string(&pids).unwrap_or_default();
            if text.ends_with('\n') {
                return Some(text);
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
            None
        });
        let written = written.expect("the program started");
        let sent = Command::new("kill")
            .args(["-s", name, &checker.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = checker.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(number), "SIG{name}: {status}");
        for pid in written.split_whitespace() {
            assert!(process_ended(pid), "SIG{name}: {pid} still runs");
        }
    }
}

/// A verdict found stands when a later run cannot start (the program
/// deletes itself on its first run).
#[test]
fn a_verdict_stands_when_a_later_run_cannot_start() {
    let program = plain_script(
        "self-deleting",
        "import os\nos.remove(sys.argv[0])\nfor b in boards:\n    print('#####')",
    );
    let (report, status) = check(&["--count", "50"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Wrong Answer\n"), "{report}");
    let wrong = |cells: &Cells| truth(cells) != "#####\n";
    first_case_is_the_first_wrong(&report, BoardClass::Judge, 1, 50, wrong);
    assert!(
        report.contains("\nstopped: a later run could not be made: cannot run '"),
        "{report}"
    );
}

/// Removals on which the program times out leave the board perhaps not
/// minimal, and are counted. The question is the contestant's own, from
/// `--input`: three x in a row and an o, x to win at (0,3); the program
/// answers `#####` on 4 pieces and sleeps on fewer.
fn removals_that_time_out_are_counted_and_input_is_judged() {
    let input = temporary_file("four.in", "?\nxxx.\no...\n....\n....\n$\n");
    let program = plain_script(
        "sleeps-below-four",
        "for b in boards:\n    if pieces(b) < 4:\n        time.sleep(60)\n    print('#####')",
    );
    let (report, status) = check(
        &["--input", input.to_str().unwrap(), "--time-limit", "0.5"],
        &program,
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Wrong Answer\n"), "{report}");
    let questions = format!("questions: 1 from '{}', time limit 0.5 s", input.display());
    assert!(report.contains(&questions), "{report}");
    let board = shown(&report, "smallest failing board: ");
    assert_eq!(board.expected, "(0,3)\n");
    assert_eq!(
        board.header,
        board
            .header
            .clone()
            .split(" in ")
            .next()
            .unwrap()
            .to_string()
            + &board.header[board.header.find(" in ").unwrap()..]
    );
    assert!(
        board.header.starts_with(
            "smallest failing board: 4 pieces (from 4), perhaps not minimal (4 of its 4 single removals timed out"
        ),
        "{report}"
    );
    assert!(board.header.ends_with(", 4 of them timed out"), "{report}");
    let reproduce = format!("\nreproduce: {} < {}\n", program.display(), input.display());
    assert!(report.contains(&reproduce), "{report}");
}

/// `--input` reads as the answer loop does: an error names the file and
/// the line.
#[test]
fn a_bad_input_file_is_an_error_located() {
    let input = temporary_file("bad.in", "?\nxx..\no.q.\n....\n....\n$\n");
    let run = winmove(
        &["check", "--input", input.to_str().unwrap(), "--", "true"],
        b"",
    );
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    let start = format!("error: '{}': line 3, column 3: ", input.display());
    assert!(run.stderr.starts_with(&start), "{}", run.stderr);
    let run = winmove(
        &[
            "check",
            "--input",
            input.to_str().unwrap(),
            "--seed",
            "3",
            "--",
            "true",
        ],
        b"",
    );
    assert_eq!(run.status, Some(2), "{}", run.stderr);
}

/// The reproducing commands, pasted into a shell, give the program what
/// the check gave it: the generated questions, and the smallest board.
#[test]
fn the_reproducing_commands_feed_what_the_check_fed() {
    let seen = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-files/seen.in");
    std::fs::create_dir_all(seen.parent().unwrap()).unwrap();
    let body = format!(
        "import sys\nfor b in boards:\n    print('#####')\nif len(boards) > 1:\n    open({:?}, 'w').write(sys.stdin_text)",
        seen.to_str().unwrap()
    );
    // The prelude reads standard input: keep the text it read.
    let prelude = PRELUDE.replace(
        "sys.stdin.read()",
        "(setattr(sys, 'stdin_text', sys.stdin.read()) or sys.stdin_text)",
    );
    let program = program("reproduce", &format!("{prelude}\n{body}\n"));
    let (report, status) = check(&["--count", "30", "--seed", "7"], &program);
    assert_eq!(status, Some(1), "{report}");
    let fed = std::fs::read_to_string(&seen).unwrap();
    let lines: Vec<&str> = report
        .lines()
        .filter_map(|l| l.strip_prefix("reproduce: "))
        .collect();
    let generate = format!(
        "winmove generate --class judge --count 30 --seed 7 | {}",
        program.display()
    );
    assert_eq!(lines[0], generate, "{report}");
    let generated = winmove(
        &[
            "generate", "--class", "judge", "--count", "30", "--seed", "7",
        ],
        b"",
    );
    assert_eq!(generated.stdout, fed);
    // The smallest board's command, run by a shell, makes the program
    // print what the report shows for it.
    let last = lines.last().unwrap();
    assert!(last.starts_with("printf '?\\n"), "{report}");
    let out = Command::new("sh").args(["-c", last]).output().unwrap();
    let board = smallest(&report);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), board.program);
}

/// The peak resident memory of the program's group is bounded: a child
/// that fills 150 MiB passes a 64 MiB limit.
#[cfg(target_os = "linux")]
#[test]
fn a_memory_limit_is_a_memory_limit_exceeded() {
    let hog = format!(
        "import subprocess\nsubprocess.run([{:?}, '-c', \"import time; b = b'x' * (150 << 20); time.sleep(30)\"])",
        python()
    );
    let program = plain_script("memory-hog", &hog);
    let (report, status) = check(
        &[
            "--count",
            "3",
            "--memory-limit",
            "64",
            "--time-limit",
            "10",
            "--shrink-runs",
            "0",
        ],
        &program,
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Memory Limit Exceeded\n"), "{report}");
    assert!(report.contains(", memory limit 64 MiB\n"), "{report}");
    assert!(
        report.contains(", killed at the memory limit, peak memory "),
        "{report}"
    );
    let right = answer_book("judge", 1, 3);
    let (report, status) = check(&["--count", "3", "--memory-limit", "64"], &right);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.contains(", exit status 0, peak memory "), "{report}");
}

/// Every answer right, then a non-zero exit: still a Runtime Error.
#[test]
fn a_right_output_with_a_failing_exit_is_a_runtime_error() {
    let body = format!(
        "{}for b in boards:\n    print(BOOK['/'.join(b)])\nsys.exit(3)",
        book("judge", 1, 20)
    );
    let program = plain_script("exit-3", &body);
    let (report, status) = check(&["--count", "20"], &program);
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Runtime Error\n"), "{report}");
    assert!(report.contains(", exit status 3\n"), "{report}");
    assert!(
        report.contains(
            "\nfirst failing case: none (every case answered right before the run failed)\n"
        ),
        "{report}"
    );
}

/// A command line given as one word gets a hint: no shell is used.
#[test]
fn a_command_line_in_one_word_gets_a_hint() {
    let run = winmove(&["check", "--", "python3 x.py"], b"");
    assert_eq!(run.status, Some(1));
    assert!(
        run.stderr.contains(
            "no shell is used: give the command and its arguments as separate words, e.g. winmove check -- python3 x.py"
        ),
        "{}",
        run.stderr
    );
}

/// One piece is `1 piece`: the program answers `(3,3)` whenever x holds
/// (0,0), and the board with that x alone is answered `#####`. (Unequal
/// counts in the file: one piece at a time is removed.)
#[test]
fn one_piece_is_singular() {
    let input = temporary_file("corner.in", "?\nxo..\n.x..\n....\n....\n$\n");
    let program = script(
        "corner",
        "for b, a in zip(boards, answers):\n    print('(3,3)' if b[0][0] == 'x' else a)",
    );
    let (report, status) = check(&["--input", input.to_str().unwrap()], &program);
    assert_eq!(status, Some(1), "{report}");
    let board = smallest(&report);
    let mut cells = [0; CELLS];
    cells[0] = X;
    assert_eq!(board.cells, cells, "{report}");
    assert!(
        board
            .header
            .starts_with("smallest failing board: 1 piece (from 3), minimal"),
        "{report}"
    );
}

/// A program that needs more time the more cases it gets (it buffers its
/// answers, and hangs on 4 cases or more): no case is slow alone, and the
/// report says which cases together exceed the time limit.
#[test]
fn cases_slow_only_together_are_named_as_exceeding_the_limit() {
    // Every sparse board's answer is `#####`.
    let program = plain_script(
        "slow-together",
        "if len(boards) >= 4:\n    time.sleep(60)\nprint('\\n'.join('#####' for b in boards))",
    );
    let (report, status) = check(
        &[
            "--class",
            "sparse",
            "--count",
            "10",
            "--time-limit",
            "0.3",
            "--shrink-runs",
            "0",
        ],
        &program,
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(report.starts_with("Time Limit Exceeded\n"), "{report}");
    assert!(
        report.contains(
            "\nslow case: none alone (cases 1 to 4 together exceed the time limit; case 4 alone: Accepted, "
        ),
        "{report}"
    );
}

/// `--input -` reads the questions from standard input; the report's
/// lines show the program's arguments and its standard error with their
/// control characters and bidirectional overrides escaped, and the
/// reproducing command, run by a shell, gives the program the same
/// arguments, byte for byte.
#[test]
fn arguments_and_stderr_are_shown_escaped_and_reproduced_exactly() {
    let argument = "a\x1b[31mb\u{202e}c\nd'e\\f";
    let args = [
        "check",
        "--input",
        "-",
        "--shrink-runs",
        "0",
        "--",
        "sh",
        "-c",
        "cat >/dev/null; printf '%s\\n' \"$0\" >&2; exit 1",
        argument,
    ];
    let run = winmove(&args, crate::common::FIRST_CASE.as_bytes());
    let report = run.stdout;
    assert_eq!(run.status, Some(1), "{report}");
    assert!(report.starts_with("Runtime Error\n"), "{report}");
    assert!(
        report.contains("\nquestions: 1 from standard input, time limit 5 s\n"),
        "{report}"
    );
    let hidden = |c: char| c.is_control() && c != '\n' || c == '\u{202e}';
    assert!(!report.contains(hidden), "{report:?}");
    assert!(
        report.contains("\nstderr: a\\u{1b}[31mb\\u{202e}c\nstderr: d'e\\f\n"),
        "{report}"
    );
    let last = report
        .lines()
        .filter_map(|l| l.strip_prefix("reproduce: "))
        .next_back()
        .unwrap();
    let out = Command::new("bash").args(["-c", last]).output().unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("{argument}\n")
    );
}

/// The program gets its three standard streams only, not the descriptors
/// the checker inherited.
#[cfg(target_os = "linux")]
#[test]
fn inherited_descriptors_are_not_passed_on() {
    let script = "exec \"$0\" check --count 1 --shrink-runs 0 -- sh -c 'if ( : >&3 ) 2>/dev/null; then echo open >&2; else echo closed >&2; fi; exit 1' 3</dev/null";
    let out = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_winmove")])
        .output()
        .unwrap();
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("\nstderr: closed\n"), "{report}");
}

/// Questions without end in a named pipe given to `--input`, under a
/// memory limit: the check stops at the most it takes, with a message
/// naming the line, rather than growing until an allocation aborts it.
#[cfg(target_os = "linux")]
#[test]
fn endless_input_stops_at_the_most_questions() {
    let fifo = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-files/endless.fifo");
    std::fs::create_dir_all(fifo.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&fifo);
    let script = "mkfifo \"$2\" && ulimit -v 60000 && { yes \"$1\" > \"$2\" & } && exec \"$0\" check --input \"$2\" -- true";
    let question = "?\nxo..\n....\n..x.\n...o";
    let out = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_winmove"), question])
        .arg(&fifo)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let message = format!(
        "error: '{}': line 5000001: more than 1000000 questions, the most a check takes (split them)\n",
        fifo.display()
    );
    assert_eq!(stderr, message);
}
