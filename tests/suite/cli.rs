//! The command line: bad input, bad usage, help, statistics.

use crate::common::{FIRST_CASE, Run, STATEMENT, STATEMENT_ANSWERS, command, run_command, winmove};
use std::path::PathBuf;
use winmove::Algo;

/// Runs a bad input preceded by one good case and checks that the good
/// answer is kept, the message names `line`, and the status is 1.
fn assert_rejected(bad: &str, expected: &str) {
    let input = format!("{FIRST_CASE}{bad}");
    let run = winmove(&[], input.as_bytes());
    assert_eq!(run.status, Some(1), "{bad:?}: {}", run.stderr);
    assert_eq!(run.stdout, "#####\n", "{bad:?}: the earlier answer is kept");
    assert_eq!(
        run.stderr.trim_end(),
        format!("error: {expected}"),
        "{bad:?}"
    );
}

/// A fresh, empty directory for one test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("winmove-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Checks that `run` is a usage error (status 2, nothing on standard
/// output) whose message contains `expected`.
fn assert_usage_error(run: &Run, expected: &str, what: &str) {
    assert_eq!(run.status, Some(2), "{what}: {}", run.stderr);
    assert!(run.stdout.is_empty(), "{what}: {}", run.stdout);
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.contains(expected),
        "{what}: expected {expected:?} in {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{what}");
}

#[test]
fn a_bad_cell_names_line_and_column() {
    assert_rejected(
        "?\n....\n....\n.oz.\n....\n",
        "line 9, column 3: expected 4 cells of '.', 'x' or 'o', found \".oz.\"",
    );
}

#[test]
fn a_row_of_the_wrong_length_is_rejected() {
    assert_rejected(
        "?\n...\n",
        "line 7: expected 4 cells of '.', 'x' or 'o', found \"...\"",
    );
    assert_rejected(
        "?\n.....\n",
        "line 7, column 5: expected 4 cells of '.', 'x' or 'o', found \".....\"",
    );
    assert_rejected(
        "?\n. . . .\n",
        "line 7, column 2: expected 4 cells of '.', 'x' or 'o', found \". . . .\"",
    );
}

#[test]
fn a_case_cut_short_is_rejected() {
    assert_rejected(
        "?\n....\n....\n",
        "line 9: the input ends inside case 2 (started on line 6): 2 of 4 rows read",
    );
    assert_rejected(
        "?\n....\n$\n",
        "line 8, column 1: '$' ends the input inside case 2 (started on line 6): 1 of 4 rows read",
    );
}

#[test]
fn a_missing_question_mark_is_rejected() {
    assert_rejected(
        "....\n",
        "line 6: expected '?' to start case 2, found \"....\"",
    );
    assert_rejected("??\n", "line 6: expected '?' to start case 2, found \"??\"");
}

#[test]
fn a_finished_board_is_rejected() {
    assert_rejected(
        "?\n.o..\n.o..\n.o..\n.oxx\n",
        "line 10: case 2 (lines 6-10) is not a question: o already has four in column 1",
    );
    assert_rejected(
        "?\nx...\n.x..\n..x.\n...x\n",
        "line 10: case 2 (lines 6-10) is not a question: x already has four in diagonal (0,0)-(3,3)",
    );
}

#[test]
fn bytes_that_are_not_text_are_rejected() {
    let mut input = FIRST_CASE.as_bytes().to_vec();
    input.extend_from_slice(b"?\n..\xff.\n");
    let run = winmove(&[], &input);
    assert_eq!(run.status, Some(1));
    assert_eq!(run.stdout, "#####\n");
    assert_eq!(
        run.stderr.trim_end(),
        "error: line 7, column 3: byte 0xff is not text"
    );
    let run = winmove(&[], b"?\n\x00...\n");
    assert_eq!(
        run.stderr.trim_end(),
        "error: line 2, column 1: byte 0x00 is not text"
    );
}

/// 50 MB: far more than the reader ever holds or reads past an error.
const HUGE: usize = 50 << 20;

#[test]
fn a_huge_line_is_rejected_without_being_read_to_its_end() {
    let mut input = FIRST_CASE.as_bytes().to_vec();
    input.extend_from_slice(b"?\n");
    input.extend(std::iter::repeat_n(b'x', HUGE));
    let (run, taken) = run_command(command(&["--plain"]), &input);
    assert_eq!(run.status, Some(1));
    assert_eq!(run.stdout, "#####\n");
    assert!(
        run.stderr
            .starts_with("error: line 7, column 5: expected 4 cells"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("xxxx\" (the first 40 characters)"),
        "the line is shown cut: {}",
        run.stderr
    );
    assert!(taken < HUGE, "the whole line was read");
}

#[test]
fn endless_zeros_fail_at_the_first_byte_without_being_read() {
    let (run, taken) = run_command(command::<&str>(&[]), &vec![0; HUGE]);
    assert_eq!(run.status, Some(1));
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error: line 1, column 1: byte 0x00 is not text\n"
    );
    assert!(taken < HUGE, "the whole input was read");
}

/// The reader holds a bounded part of a line, however long: a line of
/// blanks larger than the address space the program is given is read
/// through (Linux: `ulimit -v`, the limit of `setrlimit(RLIMIT_AS)`).
#[cfg(target_os = "linux")]
#[test]
fn a_huge_line_of_blanks_is_read_in_less_memory_than_its_length() {
    use std::process::{Command, Stdio};
    const LIMIT_KB: usize = 40 << 10;
    let mut input = b"?".to_vec();
    input.extend(std::iter::repeat_n(b' ', 64 << 20));
    input.extend_from_slice(&FIRST_CASE.as_bytes()[1..]);
    let mut limited = Command::new("sh");
    limited.args([
        "-c",
        &format!("ulimit -v {LIMIT_KB} && exec \"$0\" \"$@\""),
        env!("CARGO_BIN_EXE_winmove"),
        "--plain",
    ]);
    limited.stdout(Stdio::piped()).stderr(Stdio::piped());
    let (run, taken) = run_command(limited, &input);
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (Some(0), "#####\n", "")
    );
    assert_eq!(taken, input.len());
    // The limit holds for the program the shell runs.
    let limits = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v {LIMIT_KB} && exec cat /proc/self/limits"),
        ])
        .output()
        .expect("sh runs");
    let limits = String::from_utf8_lossy(&limits.stdout);
    let line = limits.lines().find(|l| l.starts_with("Max address space"));
    let bytes = (LIMIT_KB << 10).to_string();
    assert!(line.is_some_and(|l| l.contains(&bytes)), "{limits}");
}

#[test]
fn input_after_the_dollar_line_is_not_read() {
    let run = winmove(
        &[],
        format!("{FIRST_CASE}$ the end\nthis is not a case\n").as_bytes(),
    );
    assert_eq!(run.status, Some(0));
    assert_eq!(run.stdout, "#####\n");
    let mut input = format!("{FIRST_CASE}  $").into_bytes();
    input.extend(std::iter::repeat_n(0, HUGE));
    let (run, taken) = run_command(command(&["--plain"]), &input);
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (Some(0), "#####\n", "")
    );
    assert!(taken < HUGE, "the input after '$' was read");
}

#[test]
fn a_byte_order_mark_then_long_blanks_keeps_line_1() {
    let input = |first: &str| {
        let blanks = " ".repeat(300);
        format!("\u{feff}{blanks}{first}\n....\n.xo.\n.ox.\n....\n$\n")
    };
    let run = winmove(&[], input("?").as_bytes());
    assert_eq!((run.status, run.stdout.as_str()), (Some(0), "#####\n"));
    let run = winmove(&[], input("garbage").as_bytes());
    assert_eq!(run.status, Some(1));
    assert_eq!(
        run.stderr,
        "error: line 1: expected '?' to start case 1, found \"garbage\"\n"
    );
}

#[test]
fn control_characters_in_messages_are_escaped() {
    let run = winmove(&["no-such-\u{1b}[31m-file"], b"");
    assert_eq!(run.status, Some(1));
    assert!(
        run.stderr
            .starts_with("error: cannot open 'no-such-\\u{1b}[31m-file': "),
        "{}",
        run.stderr
    );
    let run = winmove(&["tre\u{1b}"], b"");
    assert_usage_error(
        &run,
        "there is no file or subcommand 'tre\\u{1b}'",
        "tre\\u{1b}",
    );
    let run = winmove(&[], "?\n\u{9b}31m\n".as_bytes());
    assert_eq!(
        run.stderr,
        "error: line 2, column 1: expected 4 cells of '.', 'x' or 'o', found \"\\u{9b}31m\"\n"
    );
    let run = winmove(&["compare", "--boards", "-"], b"?\n\x1b\n");
    assert_eq!(
        run.stderr,
        "error: standard input: line 2, column 1: byte 0x1b is not text\n"
    );
}

#[test]
fn an_empty_input_gives_no_answers() {
    for input in ["", "$\n", "\n\n  \n"] {
        let run = winmove(&[], input.as_bytes());
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (Some(0), ""),
            "{input:?}"
        );
    }
}

#[test]
fn a_missing_file_is_an_error() {
    let run = winmove(&["/no/such/file"], b"");
    assert_eq!(run.status, Some(1));
    assert!(
        run.stderr
            .starts_with("error: cannot open '/no/such/file': "),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_usage_exits_with_status_2() {
    for args in [
        &["--fast"][..],
        &["--algo"],
        &["--algo", "best"],
        &["--enhance", "speed"],
        &["--plain", "--without", "tt"],
        &["tree", "--plain"],
        &["verify", "--threads", "0"],
        &["a", "b"],
    ] {
        let run = winmove(args, b"");
        assert_eq!(run.status, Some(2), "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("--help' for the options"), "{args:?}");
        assert!(run.stdout.is_empty());
    }
}

/// Every backend of the registry answers (the statement's sample, checked
/// against its expected output) if this build has it, or names the feature
/// that builds it.
#[test]
fn every_backend_answers_or_names_the_feature_it_needs() {
    for algo in Algo::ALL {
        let run = winmove(&["--algo", algo.name()], STATEMENT.as_bytes());
        if algo.built() {
            assert_eq!(
                (run.status, run.stdout.as_str()),
                (Some(0), STATEMENT_ANSWERS),
                "{algo}: {}",
                run.stderr
            );
        } else {
            let feature = algo.feature().expect("a backend not built has a feature");
            let expected = format!("--features {feature}");
            assert_usage_error(&run, &expected, algo.name());
        }
    }
}

/// `--guess` needs a backend that takes it among those `--algo` names (the
/// default, alphabeta, does not); the error names the backends that do.
#[test]
fn guess_needs_a_backend_that_takes_it() {
    let expected = "--guess is MTD(f)'s first guess: use it with --algo mtdf";
    for args in [
        &["--guess", "5"][..],
        &["--algo", "alphabeta", "--guess", "5"],
        &["tree", "--guess", "-inf"],
    ] {
        let run = winmove(args, STATEMENT.as_bytes());
        assert_usage_error(&run, expected, &format!("{args:?}"));
    }
    if Algo::Mtdf.built() {
        let run = winmove(&["tree", "--algo", "mtdf", "--guess", "5"], b"[1,[3,4]]\n");
        assert_eq!((run.status, run.stdout.as_str()), (Some(0), "3\n"));
        // Several backends (with --draw): one of them takes it.
        let path = std::env::temp_dir().join(format!("winmove-guess-{}.svg", std::process::id()));
        let file = path.to_str().expect("a text path");
        let args = [
            "tree",
            "--algo",
            "alphabeta,mtdf",
            "--guess",
            "5",
            "--draw",
            file,
        ];
        let run = winmove(&args, b"[1,[3,4]]\n");
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (Some(0), "3\n"),
            "{}",
            run.stderr
        );
        let _ = std::fs::remove_file(&path);
        let args = [
            "tree",
            "--algo",
            "alphabeta,minimax",
            "--guess",
            "5",
            "--draw",
            file,
        ];
        assert_usage_error(&winmove(&args, b"[1]\n"), expected, "alphabeta,minimax");
        assert!(!path.exists());
    }
}

#[test]
fn help_explains_every_counter_stats_can_show() {
    // Every counter a backend of this build keeps, from the registry.
    let names: Vec<&str> = Algo::all_built()
        .flat_map(|a| a.counters().iter().map(|c| c.name()))
        .collect();
    for args in [&["--help"][..], &["tree", "--help"]] {
        let run = winmove(args, b"");
        assert_eq!(run.status, Some(0));
        let (_, counters) = run
            .stdout
            .split_once("\nCOUNTERS")
            .unwrap_or_else(|| panic!("{args:?}: no COUNTERS section"));
        for name in &names {
            let line = counters
                .lines()
                .find(|line| line.trim_start().starts_with(&format!("{name} ")))
                .unwrap_or_else(|| panic!("{args:?}: {name} is not explained"));
            assert!(line.trim().len() > name.len() + 10, "{line}");
        }
    }
}

/// With every backend built, the counters are shown in this order (in
/// the help, in `--stats` and in `compare`'s CSV columns).
#[cfg(feature = "every-backend")]
#[test]
fn counters_are_shown_in_their_order() {
    let order = [
        "leaves",
        "nodes",
        "cutoffs",
        "researches",
        "tests",
        "evals",
        "steps",
        "max_open",
        "passes",
        "expansions",
        "root_pn",
        "root_dn",
        "held",
        "bytes",
        "iterations",
        "playouts",
        "playout_plies",
        "table",
        "etc",
        "hinted",
        "hint-best",
    ];
    let run = winmove(&["--help"], b"");
    let (_, counters) = run.stdout.split_once("\nCOUNTERS").expect("COUNTERS");
    let shown: Vec<&str> = counters
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("    "))
        .filter(|line| !line.starts_with("     "))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(shown, order);
}

#[test]
fn help_documents_every_option() {
    let run = winmove(&["--help"], b"");
    assert_eq!(run.status, Some(0));
    for option in [
        "--algo",
        "--guess",
        "--plain",
        "--enhance",
        "--without",
        "--stats",
        "--order",
        "--trace",
        "--help",
        "--version",
    ] {
        assert!(run.stdout.contains(option), "help mentions {option}");
    }
    for name in winmove::Enhancement::ALL.map(winmove::Enhancement::name) {
        assert!(
            run.stdout.contains(name),
            "help mentions enhancement {name}"
        );
    }
    for algo in Algo::ALL {
        assert!(run.stdout.contains(algo.name()), "help mentions {algo}");
    }
    for (sub, options) in [
        ("tree", &["--algo", "--stats", "--order", "--trace"][..]),
        ("verify", &["--threads", "--algo"]),
        (
            "compare",
            &[
                "--boards",
                "--trees",
                "--raw",
                "--value",
                "--svg",
                "--samples",
                "--seed",
            ],
        ),
        ("generate", &["--class", "--count", "--seed"]),
    ] {
        assert!(run.stdout.contains(sub), "help lists {sub}");
        let help = winmove(&[sub, "--help"], b"");
        assert_eq!(help.status, Some(0), "{sub} --help");
        assert!(
            help.stdout.starts_with(&format!("winmove {sub}")),
            "{sub}: {}",
            help.stdout
        );
        for option in options {
            assert!(
                help.stdout.contains(option),
                "{sub} --help mentions {option}"
            );
        }
    }
}

#[test]
fn stats_write_one_line_per_case_and_a_total() {
    let run = winmove(&["--stats", "--plain"], STATEMENT.as_bytes());
    assert_eq!(run.stdout, STATEMENT_ANSWERS);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stderr);
    assert!(
        lines[0].starts_with("case=1 algo=alphabeta answer=##### leaves="),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("case=2 algo=alphabeta answer=(0,1) leaves="),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("total cases=2 algo=alphabeta leaves="),
        "{}",
        lines[2]
    );
    for line in &lines {
        assert!(
            line.contains(" nodes=") && line.contains(" cutoffs="),
            "{line}"
        );
    }
}

#[test]
fn generated_questions_are_read_back() {
    let generated = winmove(&["generate", "--count", "50", "--seed", "3"], b"");
    assert_eq!(generated.status, Some(0));
    assert_eq!(generated.stdout.matches('?').count(), 50);
    let run = winmove(&[], generated.stdout.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 50);
}

#[cfg(feature = "sss")]
#[test]
fn the_sss_trace_labels_each_search_and_numbers_its_steps_from_1() {
    let run = winmove(
        &["--algo", "sss", "--trace", "--plain"],
        b"?\nxoxo\noxx.\noo.o\nxox.\n$\n",
    );
    assert_eq!(run.stdout, "(2,2)\n");
    let expected = "\
# case 1: x plays (1,3)
1: -  root,L,+oo
2: 2  1,L,+oo
3: 1  1,S,-inf
4: 6  2,L,-inf
5: 3  2.1,L,-inf
6: 1  2.1,S,-inf
7: 4  2,S,-inf
8: 5  root,S,-inf
# case 1: x plays (2,2)
1: -  root,L,+oo
2: 1  root,S,inf
";
    assert_eq!(run.stderr, expected);
}

/// After `--`, `-` is the file named `-`, as the help says ("the next
/// argument is the file, whatever its name"); before it, standard input.
#[test]
fn a_dash_after_the_end_of_options_is_a_file() {
    let dir = TempDir::new("dash");
    std::fs::write(dir.0.join("-"), FIRST_CASE).unwrap();
    let mut cmd = command(&["--", "-"]);
    cmd.current_dir(&dir.0);
    let run = run_command(cmd, STATEMENT.as_bytes()).0;
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (Some(0), "#####\n"),
        "{}",
        run.stderr
    );
    let mut cmd = command(&["-"]);
    cmd.current_dir(&dir.0);
    let run = run_command(cmd, STATEMENT.as_bytes()).0;
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (Some(0), STATEMENT_ANSWERS)
    );
}

/// A value that starts with `--` is taken only after `=`: a forgotten
/// value does not swallow the next option.
#[test]
fn an_option_is_not_taken_as_a_value() {
    let run = winmove(&["--enhance", "--stats"], STATEMENT.as_bytes());
    assert_usage_error(
        &run,
        "--enhance needs LIST, found the option '--stats'",
        "enhance",
    );
    let run = winmove(&["tree", "--draw", "--pv"], b"[1,2]");
    assert_usage_error(&run, "--draw needs FILE, found the option '--pv'", "draw");
}

/// Linux: other systems may refuse such a name.
#[cfg(target_os = "linux")]
#[test]
fn a_file_name_that_is_not_text_is_named_clearly_or_read() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("not-text");
    let name = OsStr::from_bytes(b"q\xff.in");
    let mut missing = command(&[name]);
    missing.current_dir(&dir.0);
    let run = run_command(missing, b"").0;
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.starts_with("error: cannot open 'q\\xff.in': "),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"));
    std::fs::write(dir.0.join(name), FIRST_CASE).unwrap();
    let run = run_command(command(&[dir.0.join(name)]), b"").0;
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (Some(0), "#####\n", "")
    );
}

/// `/dev/full`: every write fails with "no space left on device".
#[cfg(target_os = "linux")]
fn full_disk() -> std::process::Stdio {
    use std::process::Stdio;
    let file = std::fs::OpenOptions::new().write(true).open("/dev/full");
    Stdio::from(file.expect("/dev/full opens"))
}

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_to_a_full_disk_fail_without_panicking() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["-V"],
        &["compare", "--help"],
    ] {
        let mut cmd = command(args);
        cmd.stdout(full_disk());
        let run = run_command(cmd, b"").0;
        assert_eq!(run.status, Some(1), "{args:?}: {}", run.stderr);
        assert_eq!(
            run.stderr, "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn stats_to_a_full_standard_error_end_with_status_1() {
    let mut cmd = command(&["--stats"]);
    cmd.stderr(full_disk());
    let run = run_command(cmd, FIRST_CASE.as_bytes()).0;
    assert_eq!((run.status, run.stdout.as_str()), (Some(1), "#####\n"));
}

#[cfg(unix)]
#[test]
fn stats_to_a_closed_standard_error_end_with_status_1() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command(&["--stats"])
        .stdin(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(FIRST_CASE.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().expect("the binary runs");
    assert_eq!(output.status.code(), Some(1), "{:?}", output.status);
    assert_eq!(output.stdout, b"#####\n");
}

#[test]
fn a_flag_given_a_value_is_a_usage_error() {
    for (args, flag) in [
        (&["--plain=yes"][..], "--plain"),
        (&["compare", "--trees=0"], "--trees"),
        (&["--stats=no"], "--stats"),
        (&["tree", "--order="], "--order"),
    ] {
        let expected = format!("{flag} takes no value, found {flag}=");
        assert_usage_error(&winmove(args, b""), &expected, &format!("{args:?}"));
    }
}

#[test]
fn a_mistyped_subcommand_is_named() {
    let dir = TempDir::new("mistyped");
    for (word, suggestion) in [
        ("verfy", "did you mean 'winmove verify'?"),
        ("compar", "did you mean 'winmove compare'?"),
        ("help", "did you mean 'winmove --help'?"),
    ] {
        let mut cmd = command(&[word]);
        cmd.current_dir(&dir.0);
        let run = run_command(cmd, b"").0;
        let expected = format!("there is no file or subcommand '{word}' ({suggestion})");
        assert_usage_error(&run, &expected, word);
    }
}

#[test]
fn double_dash_ends_the_options() {
    let dir = TempDir::new("double-dash");
    std::fs::write(dir.0.join("--stats"), FIRST_CASE).unwrap();
    let mut cmd = command(&["--", "--stats"]);
    cmd.current_dir(&dir.0);
    let run = run_command(cmd, b"not read\n").0;
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (Some(0), "#####\n", ""),
        "the file --stats is read, and no statistics are written"
    );
}

#[test]
fn an_empty_list_of_enhancements_is_a_usage_error() {
    for args in [
        &["--enhance", ""][..],
        &["--without="],
        &["--enhance", "tt,"],
    ] {
        let run = winmove(args, b"");
        assert_usage_error(&run, "needs a comma-separated list", &format!("{args:?}"));
    }
}

#[test]
fn an_option_given_twice_is_a_usage_error() {
    for (args, option) in [
        (&["--stats", "--stats"][..], "--stats"),
        (&["--algo", "alphabeta", "--algo=alphabeta"], "--algo"),
        (&["compare", "--seed", "1", "--seed", "2"], "--seed"),
        (&["generate", "--count=1", "--count", "1"], "--count"),
    ] {
        let run = winmove(args, b"");
        let expected = format!("{option} is given twice");
        assert_usage_error(&run, &expected, &format!("{args:?}"));
    }
}

/// Every subcommand `winmove --help` lists has a help of its own (but
/// subcommands whose summary says they are not written yet).
#[test]
fn each_subcommand_shows_its_own_help() {
    let main = winmove(&["--help"], b"").stdout;
    let listed: Vec<(&str, &str)> = main
        .lines()
        .skip_while(|l| !l.contains("winmove SUBCOMMAND --help"))
        .skip(1)
        .take_while(|l| l.starts_with("        "))
        .filter_map(|l| l.trim().split_once(' '))
        .collect();
    assert!(listed.len() >= 6, "{main}");
    let mut shown = 0;
    for (sub, summary) in listed {
        if summary.trim() == "(not written yet)" {
            continue;
        }
        for flag in ["--help", "-h"] {
            let run = winmove(&[sub, flag], b"");
            assert_eq!(run.status, Some(0), "{sub} {flag}: {}", run.stderr);
            assert!(
                run.stdout.starts_with(&format!("winmove {sub}")),
                "{sub} {flag}: {}",
                run.stdout
            );
            assert_ne!(run.stdout, main, "{sub} {flag}");
        }
        shown += 1;
    }
    assert!(shown >= 4, "{shown} subcommands have a help");
}

#[test]
fn numbers_out_of_range_are_usage_errors() {
    for (args, expected) in [
        (
            &["compare", "--samples", "18446744073709551615"][..],
            "--samples needs a whole number from 1 to 1000000, found '18446744073709551615'",
        ),
        (
            &["compare", "--samples", "100000000000"],
            "--samples needs a whole number from 1 to 1000000, found '100000000000'",
        ),
        (
            &["compare", "--samples", "0"],
            "--samples needs a whole number from 1 to 1000000, found '0'",
        ),
        (
            &["verify", "--threads", "100000"],
            "--threads needs a whole number from 1 to 256, found '100000'",
        ),
    ] {
        assert_usage_error(&winmove(args, b""), expected, &format!("{args:?}"));
    }
}

#[test]
fn compare_reads_boards_from_standard_input() {
    let run = winmove(&["compare", "--boards", "-"], STATEMENT.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("\n2 boards from standard input; "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("| standard input | every backend | 2 |"),
        "{}",
        run.stdout
    );
}

#[test]
fn compare_trees_takes_no_board_options() {
    for (args, option) in [
        (&["compare", "--trees", "--boards", "-"][..], "--boards"),
        (&["compare", "--raw", "--trees"], "--raw"),
        (&["compare", "--trees", "--value"], "--value"),
    ] {
        let expected = format!("{option} is about boards: it cannot be combined with --trees");
        assert_usage_error(&winmove(args, b""), &expected, &format!("{args:?}"));
    }
}

/// With a million trees per shape, computing first would take hours: the
/// path is tried before anything is computed.
#[test]
fn a_bad_svg_path_fails_before_any_computing() {
    let dir = TempDir::new("svg");
    let path = dir.0.join("no-such-directory").join("figure.svg");
    let path = path.to_str().expect("a text path");
    let args = ["compare", "--trees", "--samples", "1000000", "--svg", path];
    let run = winmove(&args, b"");
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let expected = format!("error: cannot write '{path}': No such file or directory");
    assert!(run.stderr.starts_with(&expected), "{}", run.stderr);
}

/// An option given to the wrong command names every command that takes
/// it (from each subcommand's help), or suggests a close one of its own.
#[test]
fn a_misplaced_option_names_the_commands_that_take_it() {
    for (args, expected) in [
        (
            &["--seed", "3"][..],
            "--seed is an option of 'winmove tree', 'winmove check', 'winmove compare', 'winmove generate' and 'winmove package'",
        ),
        (
            &["tree", "--class", "six"],
            "--class is an option of 'winmove check' and 'winmove generate'",
        ),
        (&["tree", "--plain"], "--plain is an option of 'winmove'"),
        (
            &["verify", "--stats"],
            "--stats is an option of 'winmove', 'winmove tree' and 'winmove value'",
        ),
        (
            &["tree", "--uniformm", "2:3"],
            "unknown option '--uniformm' for 'winmove tree' (did you mean '--uniform'?)",
        ),
    ] {
        assert_usage_error(&winmove(args, b""), expected, &format!("{args:?}"));
    }
    // Each command named does take the option: its help lists it.
    for (command, option) in [
        (&["tree"][..], "--seed"),
        (&["check"], "--seed"),
        (&["compare"], "--seed"),
        (&["generate"], "--seed"),
        (&["check"], "--class"),
        (&["generate"], "--class"),
        (&[], "--plain"),
        (&[], "--stats"),
        (&["tree"], "--stats"),
    ] {
        let mut args = command.to_vec();
        args.push("--help");
        let help = winmove(&args, b"").stdout;
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(option)),
            "{command:?} --help lists {option}"
        );
    }
}

/// The `--stats` and `--order` lines of case `number` in `stderr`.
fn lines_of_case(stderr: &str, number: usize) -> Vec<&str> {
    let head = format!("case={number} ");
    stderr.lines().filter(|l| l.starts_with(&head)).collect()
}

#[test]
fn the_judge_runs_each_backend_of_an_algo_list_on_every_case() {
    let questions = winmove(
        &[
            "generate", "--class", "midgame", "--count", "12", "--seed", "9",
        ],
        b"",
    );
    assert_eq!(questions.status, Some(0), "{}", questions.stderr);
    let input = format!("{}{STATEMENT}", questions.stdout.trim_end_matches("$\n"));
    let algos = crate::common::built_algos();
    let names: Vec<&str> = algos.iter().map(|a| a.name()).collect();
    let list = names.join(",");
    let many = winmove(&["--algo", &list, "--stats", "--order"], input.as_bytes());
    assert_eq!(many.status, Some(0), "{}", many.stderr);
    // The reference: each backend alone.
    let alone: Vec<Run> = names
        .iter()
        .map(|name| winmove(&["--algo", name, "--stats", "--order"], input.as_bytes()))
        .collect();
    let mut expected = Vec::new();
    for number in 1..=14 {
        for run in &alone {
            assert_eq!(run.stdout, many.stdout, "the answers are written once");
            expected.extend(lines_of_case(&run.stderr, number));
        }
    }
    for run in &alone {
        expected.extend(run.stderr.lines().filter(|l| l.starts_with("total ")));
    }
    assert_eq!(many.stderr.lines().collect::<Vec<_>>(), expected);
    assert!(many.stdout.ends_with(STATEMENT_ANSWERS), "{}", many.stdout);
}

#[test]
fn the_judge_traces_each_backend_of_a_list_under_its_name() {
    // The statement's boards are settled without a search; this one
    // searches one of x's moves (the threats at the root decide none).
    let input = std::fs::read("samples/strategy.in").unwrap();
    let run = winmove(
        &["--algo", "alphabeta,alphabeta-shallow", "--trace"],
        &input,
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "(2,1)\n");
    let heads: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        heads,
        [
            "# case 1 algo=alphabeta: x plays (2,1)",
            "# case 1 algo=alphabeta-shallow: x plays (2,1)"
        ]
    );
    // Another subcommand still takes one backend.
    let run = winmove(
        &["value", "--algo", "alphabeta,minimax"],
        STATEMENT.as_bytes(),
    );
    assert_usage_error(&run, "--algo names one backend here", "value with a list");
}

/// Every help fits in 100 columns.
#[test]
fn every_help_fits_in_100_columns() {
    for sub in [
        "", "tree", "value", "compare", "explain", "check", "generate", "verify",
    ] {
        let args: Vec<&str> = [sub, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = winmove(&args, b"").stdout;
        assert!(help.contains("OPTIONS"), "{sub}: {help}");
        for line in help.lines() {
            let columns = line.chars().count();
            assert!(columns <= 100, "{sub}: {columns} columns: {line}");
        }
    }
}

/// The options each subcommand's help lists, the main command's under "":
/// the table's lines, `    -h, --help            print this help`, an
/// option and its value in 22 columns, then what it does.
fn options_listed(sub: &str) -> Vec<String> {
    let args: &[&str] = if sub.is_empty() {
        &["--help"]
    } else {
        &[sub, "--help"]
    };
    let help = winmove(args, b"").stdout;
    (help.lines())
        .filter(|l| l.starts_with("    -") && l.get(24..26) == Some("  "))
        .filter_map(|l| l[4..26].trim_end().rsplit(", ").next())
        .filter_map(|spec| spec.split(' ').next())
        .filter(|name| *name != "--")
        .map(str::to_string)
        .collect()
}

// The command line's own parts, seen from outside: they were unit tests
// of the binary until the binary stopped being built as a test of itself.
#[test]
fn every_subcommand_lists_each_of_its_options_once() {
    for sub in [
        "", "tree", "value", "compare", "explain", "check", "generate", "verify", "package",
    ] {
        let names = options_listed(sub);
        assert!(names.contains(&"--help".to_string()), "{sub}: {names:?}");
        for (k, name) in names.iter().enumerate() {
            assert!(!names[..k].contains(name), "{sub}: {name} twice");
        }
    }
    let generate = options_listed("generate");
    assert_eq!(generate[..3], ["--class", "--count", "--seed"]);
}

#[test]
fn a_value_may_start_with_a_dash_or_follow_an_equals_sign() {
    let trees = "[1,[2,3]]\n";
    for guess in [["--guess", "-5"].as_slice(), &["--guess=-5"]] {
        let mut args = vec!["tree", "--algo", "alphabeta"];
        args.extend_from_slice(guess);
        let run = winmove(&args, trees.as_bytes());
        // alphabeta takes no guess: the value was read, then refused.
        assert!(run.stderr.contains("--guess"), "{guess:?}: {}", run.stderr);
        assert!(!run.stderr.contains("needs N"), "{guess:?}: {}", run.stderr);
    }
    let run = winmove(&["tree", "--pv", "-h", "--bogus"], b"");
    assert_eq!(
        run.status,
        Some(0),
        "help stops the reading: {}",
        run.stderr
    );
    assert!(run.stdout.starts_with("winmove tree"), "{}", run.stdout);
    let run = winmove(&["tree", "--help", "--help"], b"");
    assert_eq!(run.status, Some(0), "help twice: {}", run.stderr);
    let run = winmove(&["generate", "--count"], b"");
    assert_usage_error(&run, "--count needs a value", "count");
}

#[test]
fn only_close_words_are_suggested() {
    let run = winmove(&["generate", "--cout", "3"], b"");
    let expected = "unknown option '--cout' for 'winmove generate' (did you mean '--count'?)";
    assert_usage_error(&run, expected, "cout");
    let run = winmove(&["tre"], b"");
    assert_usage_error(&run, "did you mean 'winmove tree'?", "tre");
    let run = winmove(&["generate", "--banana"], b"");
    assert!(!run.stderr.contains("did you mean"), "{}", run.stderr);
}

/// The default build names, for each backend it lacks, the feature that
/// builds it, within the help's width.
#[cfg(not(feature = "every-backend"))]
#[test]
fn a_backend_not_built_is_said_so_within_the_width() {
    let help = winmove(&["--help"], b"").stdout;
    for algo in Algo::ALL.into_iter().filter(|a| !a.built()) {
        let line = (help.lines())
            .find(|l| l.contains(&format!("--features {}", algo.feature().unwrap_or("?"))))
            .unwrap_or_else(|| panic!("{algo} in {help}"));
        assert!(line.contains("(not built: needs --features "), "{line}");
    }
    assert!(help.lines().all(|l| l.chars().count() <= 100), "{help}");
}
