//! `winmove verify` at its edges, through the binary: memory that cannot
//! be had, and a thread count far beyond the processors.

use std::process::{Command, Stdio};

/// `winmove args...` run by `sh` under `ulimit -v kib` (address space in
/// KiB): its status, standard output and standard error.
fn limited(kib: usize, args: &[&str]) -> (Option<i32>, String, String) {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let output = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_winmove")])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn no_memory_for_the_tablebase_is_an_error_not_an_abort() {
    // 25 MB of address space: not enough for the 21.5 MB table besides the
    // program.
    let (status, stdout, stderr) = limited(25_000, &["verify", "--threads", "2"]);
    assert_eq!(status, Some(1), "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, "error: out of memory for the tablebase (21.5 MB)\n");
}

#[test]
fn the_help_states_the_thread_cap() {
    // The run itself (64 threads asked for under 300 MB of address space, at
    // most 4 run, and it passes) is a whole verify: `.ci/run` does it with
    // the release build, where heavy checks belong.
    let help = Command::new(env!("CARGO_BIN_EXE_winmove"))
        .args(["verify", "--help"])
        .output()
        .expect("winmove runs");
    let help = String::from_utf8_lossy(&help.stdout).replace('\n', " ");
    assert!(help.contains("at most 4 threads run"), "{help}");
}
