//! `winmove tree --draw`: what a run leaves in the drawing's file, on
//! trees that fit and on trees too big to draw.

use crate::common::winmove;
use std::path::PathBuf;

/// A fresh path for a drawing in the temporary directory (no file there).
fn drawing_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("winmove-draw-{}-{name}.svg", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A one-line tree of `leaves` leaves under the root.
fn wide_tree(leaves: usize) -> String {
    let values: Vec<String> = (1..=leaves).map(|v| v.to_string()).collect();
    format!("[{}]\n", values.join(","))
}

#[test]
fn a_tree_that_fits_is_drawn() {
    let path = drawing_path("fits");
    let file = path.to_str().expect("a text path");
    let run = winmove(
        &["tree", "--algo", "alphabeta", "--draw", file],
        b"[1,[3,4]]\n",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    // MAX takes the better of 1 and min(3, 4).
    assert_eq!(run.stdout, "3\n");
    let svg = std::fs::read_to_string(&path).expect("the drawing is written");
    assert!(svg.starts_with("<svg "), "{svg:.80}");
    assert!(svg.trim_end().ends_with("</svg>"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_written_tree_too_wide_is_named_and_skipped_and_the_others_drawn() {
    let path = drawing_path("wide");
    let file = path.to_str().expect("a text path");
    let input = format!("[1,2]\n{}", wide_tree(201));
    let run = winmove(&["tree", "--draw", file], input.as_bytes());
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert_eq!(run.stdout, "2\n201\n", "every value is printed");
    assert_eq!(
        run.stderr,
        format!(
            "error: line 2: 201 leaves, too wide to draw (at most 200): not shown in '{file}' (the other trees are)\n"
        )
    );
    let svg = std::fs::read_to_string(&path).expect("the other tree is drawn");
    assert!(svg.contains("line 1") && !svg.contains("line 2"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_failed_drawing_leaves_an_existing_file_as_it_was() {
    let path = drawing_path("kept");
    std::fs::write(&path, "before\n").expect("a temporary file");
    let file = path.to_str().expect("a text path");
    let run = winmove(&["tree", "--draw", file], wide_tree(300).as_bytes());
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "before\n");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_generated_shape_too_big_is_refused_before_any_search() {
    let path = drawing_path("uniform");
    let file = path.to_str().expect("a text path");
    // 4^4 = 256 leaves, more than the 200 a drawing holds.
    let run = winmove(&["tree", "--uniform", "4:4", "--draw", file], b"");
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout, "", "nothing is searched");
    assert!(
        run.stderr
            .starts_with("error: --draw: a 4:4 tree is too big to draw"),
        "{}",
        run.stderr
    );
    assert!(!path.exists());
    // The page is refused by its own name.
    let run = winmove(&["tree", "--uniform", "6:3", "--html", file], b"");
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("error: --html: a 6:3 tree is too big to draw"),
        "{}",
        run.stderr
    );
    assert!(!path.exists());
    // 3^4 = 81 leaves fit.
    let run = winmove(&["tree", "--uniform", "3:4", "--draw", file], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(path.exists());
    let _ = std::fs::remove_file(&path);
}
