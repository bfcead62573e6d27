//! The command line at its edges: the files it writes beside others, its
//! outputs when they are inputs or closed, a reader that goes away, a small
//! stack, names that break a table, and the smaller words of its messages.

use crate::common::{STATEMENT, STATEMENT_ANSWERS, built_algos, command, run_command, winmove};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use winmove::Algo;

/// A fresh, empty directory for one test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("winmove-edges-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names in the directory, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("readable")
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `path` as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().expect("a text path")
}

#[test]
fn a_link_planted_at_the_file_beside_a_picture_is_not_followed() {
    // The file beside was `.NAME.PID.tmp`, created through whatever was
    // there: a link to another file truncated that file, and the drawing
    // went into it.
    let dir = TempDir::new("planted");
    let (out, victim) = (dir.join("out.svg"), dir.join("victim"));
    std::fs::write(&victim, "precious\n").unwrap();
    let mut child = command(&["tree", "--draw", arg(&out)])
        .stdin(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let planted = dir.join(&format!(".out.svg.{}.tmp", child.id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"[[1,2],[3]]\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "3\n");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let drawn = std::fs::symlink_metadata(&out).unwrap();
    assert!(drawn.file_type().is_file(), "out.svg is a file, not a link");
    assert!(std::fs::read_to_string(&out).unwrap().contains("<svg"));
    // Nothing else is left beside.
    let planted_name = planted.file_name().unwrap().to_string_lossy().into_owned();
    let mut expected = vec![planted_name, "out.svg".to_string(), "victim".to_string()];
    expected.sort();
    assert_eq!(dir.names(), expected);
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused_before_the_work() {
    let dir = TempDir::new("same");
    let trees = dir.join("t.trees");
    std::fs::write(&trees, "[1,2]\n").unwrap();
    let refused = |args: &[&str], input: &[u8], expected: &str| {
        let run = winmove(args, input);
        assert_eq!(run.status, Some(1), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}: nothing is searched");
        assert!(
            run.stderr.starts_with("error: ") && run.stderr.contains(expected),
            "{args:?}: {}",
            run.stderr
        );
    };
    let read = "is a file this run reads";
    refused(&["tree", "--html", arg(&trees), arg(&trees)], b"", read);
    // Standard input read from the file itself.
    let mut from_file = command(&["tree", "--draw", arg(&trees)]);
    let run = from_file
        .stdin(std::fs::File::open(&trees).unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains(read));
    let boards = dir.join("f.in");
    std::fs::write(&boards, STATEMENT).unwrap();
    let compare = ["compare", "--depth", "1", "--boards", arg(&boards)];
    refused(
        &[&compare[..], &["--svg", arg(&boards)]].concat(),
        b"",
        read,
    );
    assert_eq!(std::fs::read_to_string(&trees).unwrap(), "[1,2]\n");
    assert_eq!(std::fs::read_to_string(&boards).unwrap(), STATEMENT);
    // Two outputs, one file: by the same name, another, or not there yet.
    let x = dir.join("x");
    let other_name = format!("{}/./x", arg(&dir.0));
    for (first, second) in [(arg(&x), arg(&x)), (arg(&x), other_name.as_str())] {
        let args = ["tree", "--html", first, "--draw", second, arg(&trees)];
        refused(&args, b"", "are the same file");
        assert!(!x.exists());
    }
    std::fs::write(&x, "old\n").unwrap();
    refused(
        &["tree", "--html", arg(&x), "--draw", arg(&x), arg(&trees)],
        b"",
        "same file",
    );
    assert_eq!(std::fs::read_to_string(&x).unwrap(), "old\n");
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    let dir = TempDir::new("modes");
    let drawing = dir.join("d.svg");
    for mode in [0o600, 0o640, 0o444] {
        std::fs::write(&drawing, "old\n").unwrap();
        std::fs::set_permissions(&drawing, std::fs::Permissions::from_mode(mode)).unwrap();
        let run = winmove(&["tree", "--draw", arg(&drawing)], b"[1,2]\n");
        let kept = std::fs::metadata(&drawing).unwrap().permissions().mode() & 0o777;
        assert_eq!(kept, mode, "mode {mode:o}: {}", run.stderr);
        let text = std::fs::read_to_string(&drawing).unwrap();
        match run.status {
            // A file its owner may not write is refused (root writes it).
            Some(1) => {
                assert_eq!(text, "old\n");
                assert!(run.stderr.contains("Permission denied"), "{}", run.stderr);
            }
            _ => {
                assert_eq!(run.status, Some(0), "{}", run.stderr);
                assert!(text.contains("<svg"));
            }
        }
    }
}

#[test]
fn an_output_path_that_cannot_be_a_file_is_refused_before_the_work() {
    let dir = TempDir::new("paths");
    let slash = format!("{}/", arg(&dir.join("x.svg")));
    for (path, expected) in [("", "an empty file name"), (&slash, "a directory's name")] {
        for option in ["--draw", "--html"] {
            let run = winmove(&["tree", option, path], b"[1,2]\n");
            assert_eq!(run.status, Some(1), "{option} {path:?}: {}", run.stderr);
            assert_eq!(run.stdout, "", "{option} {path:?}: nothing is searched");
            assert!(run.stderr.contains(expected), "{}", run.stderr);
        }
    }
    assert!(dir.names().is_empty(), "{:?}", dir.names());
}

/// A reader that goes away, or a full disk, under a long search.
#[cfg(feature = "sss")]
mod unwritten {
    use crate::common::command;
    use std::io::{BufRead, BufReader};
    use std::process::{Child, Stdio};
    use std::time::{Duration, Instant};

    /// Waits for `child` at most `limit`; kills it if it is still running then.
    /// Its status, or `None` if it had to be killed.
    fn ends_within(child: &mut Child, limit: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = child.try_wait().expect("waitable") {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        None
    }

    /// The trace of a long search (SSS*'s, which writes its OPEN list at each
    /// step) to standard error, read by `stderr`.
    fn long_trace(stderr: Stdio) -> Child {
        command(&["tree", "--uniform", "4:12", "--algo", "sss", "--trace"])
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the program starts")
    }

    #[test]
    fn a_trace_whose_reader_went_away_ends_the_run_at_once() {
        let mut child = long_trace(Stdio::piped());
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        for _ in 0..3 {
            assert!(lines.next().is_some_and(|l| l.is_ok()));
        }
        drop(lines);
        // The whole search, its trace unwritten, takes minutes (more than 100 s
        // in the release build); the run ends at the next write.
        let status = ends_within(&mut child, Duration::from_secs(60));
        assert_eq!(status, Some(1), "the run ends, status 1");
        // A full disk likewise.
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
        let mut child = long_trace(Stdio::from(full.expect("/dev/full")));
        assert_eq!(ends_within(&mut child, Duration::from_secs(60)), Some(1));
        // The --order line, written as the leaves are evaluated, likewise.
        let mut child = command(&["tree", "--uniform", "4:12", "--algo", "sss", "--order"])
            .stdout(Stdio::null())
            .stderr(Stdio::from(std::fs::File::create("/dev/full").unwrap()))
            .spawn()
            .unwrap();
        assert_eq!(ends_within(&mut child, Duration::from_secs(60)), Some(1));
    }
}

/// `winmove args...` run by `sh` with standard output closed.
fn stdout_closed(args: &[&str]) -> crate::common::Run {
    let mut sh = Command::new("sh");
    sh.args([
        "-c",
        "exec \"$0\" \"$@\" >&-",
        env!("CARGO_BIN_EXE_winmove"),
    ])
    .args(args)
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    run_command(sh, STATEMENT.as_bytes()).0
}

#[test]
fn a_closed_standard_output_fails_the_run() {
    for args in [
        &[][..],
        &["value", "--depth", "1"],
        &["generate", "--count", "1"],
        &["tree", "--uniform", "2:2"],
    ] {
        let run = stdout_closed(args);
        assert_eq!(run.status, Some(1), "{args:?}: {}", run.stderr);
        assert_eq!(
            run.stderr, "error: standard output is closed: every answer would be lost\n",
            "{args:?}"
        );
    }
    // Standard output sent to /dev/null on purpose is an output.
    let mut null = command::<&str>(&[]);
    null.stdout(Stdio::null());
    let (run, _) = run_command(null, STATEMENT.as_bytes());
    assert_eq!((run.status, run.stderr.as_str()), (Some(0), ""));
}

#[test]
fn the_deepest_trees_are_searched_on_a_small_stack() {
    // A line of single children and a line of pairs, 2000 levels each (the
    // limit): every backend, with every report, under a 512 KiB stack.
    let line = format!("{}1{}\n", "[".repeat(2000), "]".repeat(2000));
    let pairs = format!("{}1{}\n", "[".repeat(2000), ",2]".repeat(2000));
    let input = format!("{line}{pairs}");
    for algo in built_algos() {
        let mut limited = Command::new("sh");
        limited
            .args(["-c", "ulimit -s 512 && exec \"$0\" \"$@\""])
            .arg(env!("CARGO_BIN_EXE_winmove"))
            .args(["tree", "--algo", algo.name(), "--stats", "--order", "--pv"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let (run, _) = run_command(limited, input.as_bytes());
        assert_eq!(run.status, Some(0), "{algo}: {}", run.stderr);
        let ones = vec!["1"; 2000].join(".");
        let expected = format!("1 {ones}\n2 {}.2\n", vec!["1"; 1998].join("."));
        assert_eq!(run.stdout, expected, "{algo}");
    }
}

#[test]
fn a_file_name_that_would_break_the_markdown_table_is_escaped() {
    let dir = TempDir::new("table");
    let name = dir.join("a|b\nc\\d.in");
    std::fs::write(&name, "?\no...\n.ox.\n.xxx\nxooo\n").unwrap();
    let run = winmove(&["compare", "--boards", arg(&name)], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let table: Vec<&str> = (run.stdout.lines())
        .skip_while(|l| !l.starts_with("| class"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    // A cell ends at a '|' not escaped by a backslash.
    let cells = |line: &str| {
        let (mut count, mut escaped) = (0, false);
        for c in line.chars() {
            count += usize::from(c == '|' && !escaped);
            escaped = c == '\\' && !escaped;
        }
        count
    };
    assert!(table.len() > 2, "{}", run.stdout);
    for row in &table {
        assert_eq!(cells(row), cells(table[0]), "{row}");
    }
    let shown = format!("{}/a\\|b\\nc\\\\d.in", arg(&dir.0));
    assert!(
        table[2].starts_with(&format!("| {shown} | ")),
        "{}",
        table[2]
    );
}

#[test]
fn the_root_is_named_root_everywhere() {
    // `--pv` and `--order` named it `e`, where `--trace` says `root`.
    let run = winmove(&["tree", "--pv", "--order", "--trace"], b"5\n");
    assert_eq!(run.stdout, "5 root\n");
    assert!(run.stderr.contains("order=root\n"), "{}", run.stderr);
    assert!(run.stderr.contains("root: leaf 5\n"), "{}", run.stderr);
}

#[test]
fn smaller_words_of_the_messages() {
    // A ranged shape is written as given.
    let run = winmove(&["tree", "--uniform", "1-3:8", "--html", "x.html"], b"");
    assert!(
        run.stderr
            .starts_with("error: --html: a 1-3:8 tree is too big to draw"),
        "{}",
        run.stderr
    );
    // One entry is an entry.
    let run = winmove(
        &["tree", "--algo", "mt-sss", "--table-size", "1"],
        b"[[1,2],[3,4]]\n",
    );
    if built_algos().contains(&Algo::MtSss) {
        assert!(run.stderr.contains("filled (1 entry)"), "{}", run.stderr);
    }
    // What --iterative is refused with is said in the help.
    let help = winmove(&["value", "--help"], b"").stdout;
    assert!(help.contains("across them (not with --order)"), "{help}");
}

#[test]
fn enhancement_lists_are_read_left_to_right_and_etc_needs_tt() {
    let board = "?\no...\n.ox.\n.xxx\nxooo\n";
    let stats = |args: &[&str]| {
        let run = winmove(&[args, &["--stats"]].concat(), board.as_bytes());
        assert_eq!((run.status, run.stdout.as_str()), (Some(0), "(0,1)\n"));
        run.stderr
    };
    assert_eq!(stats(&["--enhance", "all,none"]), stats(&["--plain"]));
    assert_eq!(stats(&["--enhance", "none,all"]), stats(&[]));
    assert_eq!(stats(&["--enhance", "etc,all"]), stats(&[]));
    assert_eq!(stats(&["--enhance", "tt,none"]), stats(&["--plain"]));
    let help = winmove(&["--help"], b"").stdout;
    assert!(
        help.contains("left to right: none,tt is tt alone"),
        "{help}"
    );
    let warned = |args: &[&str]| {
        let run = winmove(args, STATEMENT.as_bytes());
        assert_eq!(run.stdout, STATEMENT_ANSWERS, "{args:?}");
        run.stderr
    };
    assert_eq!(
        warned(&["--enhance", "etc"]),
        "warning: the enhancement etc does nothing without tt\n"
    );
    assert_eq!(warned(&["--enhance", "all,etc"]), "");
    // Named, then dropped by a later name: not used, so no warning.
    assert_eq!(warned(&["--enhance", "symmetry,none,forced"]), "");
}
