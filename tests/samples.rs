//! Every sample in `samples/` through the built binary: exactly the
//! expected output, with every backend this build has.

mod common;

use common::{built_algos, winmove};
use std::fs;
use std::path::Path;

fn samples() -> Vec<(String, Vec<u8>, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut found = Vec::new();
    for entry in fs::read_dir(&dir).expect("samples/ exists") {
        let path = entry.expect("readable").path();
        if path.extension().is_some_and(|e| e == "in") {
            let expected =
                fs::read_to_string(path.with_extension("out")).expect("every .in has an .out");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            found.push((name, fs::read(&path).unwrap(), expected));
        }
    }
    found.sort();
    assert!(found.len() >= 3, "statement, messy and regression samples");
    found
}

#[test]
fn every_sample_gives_its_expected_output_with_every_backend() {
    for (name, input, expected) in samples() {
        for algo in built_algos() {
            let run = winmove(&["--algo", algo], &input);
            assert_eq!(run.status, Some(0), "{name} with {algo}: {}", run.stderr);
            assert_eq!(run.stdout, expected, "{name} with {algo}");
        }
    }
}

#[test]
fn the_plain_textbook_search_agrees_on_every_sample() {
    for (name, input, expected) in samples() {
        let run = winmove(&["--plain"], &input);
        assert_eq!(run.stdout, expected, "{name} with --plain");
    }
}

#[test]
fn the_statement_sample_answers_as_the_problem_says() {
    let run = winmove(
        &[],
        b"?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n",
    );
    assert_eq!(run.stdout, "#####\n(0,1)\n");
}
