//! `winmove tree` on written trees, through the binary: what it accepts
//! and how it stops. Expected values are worked out by hand.

use crate::common::winmove;

#[test]
fn endless_zeros_stop_at_the_first_after_the_earlier_values() {
    // As from /dev/zero: 50 MB of NUL bytes after one good tree. The run
    // stops at the first of them, without reading on to a line end.
    let mut input = b"[1,2]\n".to_vec();
    input.resize(input.len() + (50 << 20), 0);
    let run = winmove(&["tree"], &input);
    assert_eq!(run.status, Some(1));
    assert_eq!(run.stdout, "2\n");
    assert_eq!(
        run.stderr.trim_end(),
        "error: line 2, column 1: byte 0x00 is not text"
    );
}

#[test]
fn a_byte_order_mark_crlf_and_blank_lines_are_fine() {
    // max(min(1, 2), min(3, 4)) = 3; max(min(3, 5), min(-inf, 9)) = 3.
    let input = "\u{feff}[1,2]\r\n\r\n \t \r\n[[1,2],[3,4]]\r\n\n[[3, 5], [-inf, 9]]";
    let run = winmove(&["tree"], input.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "2\n3\n3\n");
}

#[test]
fn long_lines_of_spaces_are_read_through() {
    // A blank line of 4 MB of spaces, then a tree after as many.
    let spaces = " ".repeat(4 << 20);
    let input = format!("{spaces}\n{spaces}[[5,-2,0],[1,-3,7],[5,5,4]]{spaces}\n");
    let run = winmove(&["tree"], input.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    // max(min(5, -2, 0), min(1, -3, 7), min(5, 5, 4)) = max(-2, -3, 4) = 4.
    assert_eq!(run.stdout, "4\n");
}

#[test]
fn a_bad_line_names_line_and_column_after_the_earlier_values() {
    let run = winmove(&["tree"], b"[1,2]\n\n7\n[[1,2],\n[3]\n");
    assert_eq!(run.status, Some(1));
    assert_eq!(run.stdout, "2\n7\n");
    assert_eq!(
        run.stderr.trim_end(),
        "error: line 4, column 8: expected a number, 'inf', '-inf' or '[', found the end of the line"
    );
}

#[test]
fn unprintable_input_is_named_escaped() {
    for (input, message) in [
        ("[1,\u{7}2]", "line 1, column 4: byte 0x07 is not text"),
        (
            "[1,\u{200b}2]",
            "line 1, column 4: expected a number, 'inf', '-inf' or '[', found '\\u{200b}'",
        ),
        (
            "[1]\n\u{feff}[2]",
            "line 2, column 1: expected a number, 'inf', '-inf' or '[', found '\\u{feff}'",
        ),
        ("[1,\u{1b}[31m2]", "line 1, column 4: byte 0x1b is not text"),
    ] {
        let run = winmove(&["tree"], input.as_bytes());
        assert_eq!(run.status, Some(1), "{input:?}");
        assert_eq!(
            run.stderr.trim_end(),
            format!("error: {message}"),
            "{input:?}"
        );
        assert!(
            !run.stderr.chars().any(|c| c.is_control() && c != '\n'),
            "{input:?}: {:?}",
            run.stderr
        );
    }
    let run = winmove(&["tree"], b"[1,\xff]\n");
    assert_eq!(
        run.stderr.trim_end(),
        "error: line 1, column 4: byte 0xff is not text"
    );
}

/// `command`, run by `sh` under `ulimit -v kib` (virtual memory in KiB).
fn limited(kib: usize, args: &[&str]) -> std::process::Command {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", &script, env!("CARGO_BIN_EXE_winmove")])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    command
}

#[test]
fn one_endless_tree_line_stops_at_the_stated_cap() {
    // `[0,0,0,...` with no end: the reader stops at the node past its cap,
    // the cap `winmove tree --help` states, holding about 4 bytes a node
    // (well under 300 MB of address space).
    let help = winmove(&["tree", "--help"], b"").stdout;
    let cap: usize = help
        .split_once("2^25 = ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the help states the cap");
    assert_eq!(cap, 1 << 25);
    assert!(help.contains(&format!("at most 2^25 = {cap} nodes a tree")));
    let mut input = b"[1,2]\n[".to_vec();
    for _ in 0..cap + 100 {
        input.extend_from_slice(b"0,");
    }
    let (run, _) = crate::common::run_command(limited(300_000, &["tree"]), &input);
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert_eq!(run.stdout, "2\n");
    // The root is node 1, at column 1; leaf k (node k + 1) at column 2k.
    assert_eq!(
        run.stderr.trim_end(),
        format!(
            "error: line 2, column {}: the tree has more than {cap} nodes",
            2 * cap
        )
    );
}

#[test]
fn a_tree_too_big_for_the_memory_ends_the_run_after_the_earlier_values() {
    // Two small trees, then one of 8 million nodes, which takes 12 bytes a
    // node while it is read (about 96 MB): under a limit of 60 MB of
    // address space, the run ends with a message naming its line, the
    // values before it written, exit status 1.
    let mut input = b"[1,2]\n[[3,4],[5]]\n\n[".to_vec();
    let leaves = 8_000_000;
    for _ in 1..leaves {
        input.extend_from_slice(b"0,");
    }
    input.extend_from_slice(b"0]\n[7]\n");
    let (run, _) = crate::common::run_command(limited(60_000, &["tree"]), &input);
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    // max(1, 2) = 2, and max(min(3, 4), min(5)) = 5.
    assert_eq!(run.stdout, "2\n5\n");
    assert!(
        run.stderr.starts_with("error: line 4") && run.stderr.contains("out of memory"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}
