//! The command line: bad input, bad usage, help, statistics.

mod common;

use common::winmove;

const GOOD_CASE: &str = "?\n....\n.xo.\n.ox.\n....\n";

/// Runs a bad input preceded by one good case and checks that the good
/// answer is kept, the message names `line`, and the status is 1.
fn assert_rejected(bad: &str, expected: &str) {
    let input = format!("{GOOD_CASE}{bad}");
    let run = winmove(&[], input.as_bytes());
    assert_eq!(run.status, Some(1), "{bad:?}: {}", run.stderr);
    assert_eq!(run.stdout, "#####\n", "{bad:?}: the earlier answer is kept");
    assert_eq!(
        run.stderr.trim_end(),
        format!("error: {expected}"),
        "{bad:?}"
    );
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
    let mut input = GOOD_CASE.as_bytes().to_vec();
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

#[test]
fn a_huge_line_is_rejected_in_little_memory() {
    let mut input = GOOD_CASE.as_bytes().to_vec();
    input.extend_from_slice(b"?\n");
    input.extend(std::iter::repeat_n(b'x', 50 << 20));
    let run = winmove(&[], &input);
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
}

#[test]
fn input_after_the_dollar_line_is_not_read() {
    let run = winmove(
        &[],
        format!("{GOOD_CASE}$ the end\nthis is not a case\n").as_bytes(),
    );
    assert_eq!(run.status, Some(0));
    assert_eq!(run.stdout, "#####\n");
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
        run.stderr.starts_with("error: cannot open /no/such/file"),
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

#[test]
fn a_backend_that_is_not_built_names_its_feature() {
    for (algo, feature, built) in [
        ("scout", "scout", cfg!(feature = "scout")),
        ("sss", "sss", cfg!(feature = "sss")),
    ] {
        let run = winmove(&["--algo", algo], GOOD_CASE.as_bytes());
        if built {
            assert_eq!(run.status, Some(0));
        } else {
            assert_eq!(run.status, Some(2));
            assert!(
                run.stderr.contains(&format!("--features {feature}")),
                "{}",
                run.stderr
            );
        }
    }
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
    for (name, _) in winmove::Enhancements::NAMES {
        assert!(
            run.stdout.contains(name),
            "help mentions enhancement {name}"
        );
    }
    for algo in winmove::search::registry::ALGOS {
        assert!(
            run.stdout.contains(algo.name),
            "help mentions {}",
            algo.name
        );
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
    let input = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
    let run = winmove(&["--stats", "--plain"], input.as_bytes());
    assert_eq!(run.stdout, "#####\n(0,1)\n");
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
1: -  e,L,inf
2: 2  1,L,inf
3: 1  1,S,-inf
4: 6  2,L,-inf
5: 3  2.1,L,-inf
6: 1  2.1,S,-inf
7: 4  2,S,-inf
8: 5  e,S,-inf
# case 1: x plays (2,2)
1: -  e,L,inf
2: 1  e,S,inf
";
    assert_eq!(run.stderr, expected);
}
