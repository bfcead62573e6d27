//! Running a program as a judge does: its input written from a thread
//! while its output is read by another, a deadline, a bound on its output.
//!
//! The program is executed directly, never through a shell. It is killed
//! when its time is up or when its output passes the bound; the output is
//! read up to the bound and no further, so memory stays bounded. Processes
//! the program starts itself are not tracked: once it has ended, or has
//! been killed, its output is waited for [`GRACE`] longer at most.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long the output is still read after the program ended or was
/// killed, in case a process it started holds the pipe open.
pub const GRACE: Duration = Duration::from_millis(200);

/// Bytes of standard error kept: the last ones, where a crash is told.
pub const STDERR_KEPT: usize = 2048;

/// The program to judge: a command and its arguments.
#[derive(Clone, Debug)]
pub struct Program {
    /// The file to execute (searched in `PATH` if it has no `/`).
    pub command: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
}

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time from the start until the output is closed and the
    /// program has exited.
    pub time: Duration,
    /// Most bytes of standard output read; more is an output limit.
    pub output: usize,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The program exited (or was killed by a signal) by itself.
    Exited(ExitStatus),
    /// The time limit passed: the program was killed.
    TimedOut,
    /// The output passed its bound: the program was killed.
    OutputLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// Standard output, at most the bound.
    pub output: Vec<u8>,
    /// The last [`STDERR_KEPT`] bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// How it ended.
    pub ended: Ended,
    /// Time from the start until it ended.
    pub elapsed: Duration,
}

/// Output read so far by a reader thread.
#[derive(Default)]
struct Captured {
    bytes: Vec<u8>,
    /// More than the bound was written.
    over: bool,
}

type Shared = Arc<Mutex<Captured>>;

/// Longest pause between two looks at the program.
const MAX_NAP: Duration = Duration::from_millis(5);

impl Program {
    /// Runs the program with `input` on its standard input, within `limits`.
    /// An error only if it cannot be started or waited for.
    pub fn run(&self, input: Vec<u8>, limits: Limits) -> io::Result<Run> {
        let start = Instant::now();
        let mut child = Command::new(&self.command)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let mut stdin = child.stdin.take().expect("piped");
        // The program may stop reading early: a failed write is its business.
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let (closed, closing) = mpsc::channel();
        let output = Shared::default();
        let stdout = child.stdout.take().expect("piped");
        read_in_thread(stdout, output.clone(), limits.output, false, closed.clone());
        let stderr_tail = Shared::default();
        let stderr = child.stderr.take().expect("piped");
        read_in_thread(stderr, stderr_tail.clone(), STDERR_KEPT, true, closed);
        let ended = watch(&mut child, start + limits.time, &output, &closing)?;
        let elapsed = start.elapsed();
        // Both readers end at once unless something else holds the pipes.
        let grace = Instant::now() + GRACE;
        for _ in 0..2 {
            let left = grace.saturating_duration_since(Instant::now());
            if let Err(RecvTimeoutError::Timeout) = closing.recv_timeout(left) {
                break;
            }
        }
        let take = |shared: &Shared| std::mem::take(&mut shared.lock().expect("reader").bytes);
        Ok(Run {
            output: take(&output),
            stderr_tail: take(&stderr_tail),
            ended,
            elapsed,
        })
    }
}

/// Waits until the program has exited and closed its outputs, its output
/// has passed its bound, or `deadline`; kills and reaps it in the last two
/// cases.
fn watch(
    child: &mut Child,
    deadline: Instant,
    output: &Shared,
    closing: &Receiver<()>,
) -> io::Result<Ended> {
    let mut open = 2;
    let mut status = None;
    let mut nap = Duration::from_micros(50);
    loop {
        if output.lock().expect("reader").over {
            kill(child)?;
            return Ok(Ended::OutputLimit);
        }
        if status.is_none() {
            status = child.try_wait()?;
        }
        if let (Some(status), 0) = (status, open) {
            return Ok(Ended::Exited(status));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            kill(child)?;
            return Ok(Ended::TimedOut);
        }
        // A closed output wakes the wait at once; an exit is seen at the
        // next look, at most MAX_NAP later.
        if open > 0 {
            match closing.recv_timeout(nap.min(left)) {
                Ok(()) => open -= 1,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => open = 0,
            }
        } else {
            thread::sleep(nap.min(left));
        }
        nap = (nap * 2).min(MAX_NAP);
    }
}

/// Kills the program if it is still running, and reaps it.
fn kill(child: &mut Child) -> io::Result<()> {
    if child.try_wait()?.is_none() {
        // It may exit between the look and the kill: that is not an error.
        let _ = child.kill();
    }
    child.wait().map(drop)
}

/// Reads `source` to its end in a thread into `shared`, keeping at most
/// `bound` bytes: the last ones if `keep_last`, otherwise the first ones,
/// then marking it over and reading no more. Sends on `closed` when done.
fn read_in_thread(
    mut source: impl Read + Send + 'static,
    shared: Shared,
    bound: usize,
    keep_last: bool,
    closed: Sender<()>,
) {
    thread::spawn(move || {
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            let n = match source.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let mut captured = shared.lock().expect("watcher");
            captured.bytes.extend_from_slice(&chunk[..n]);
            if captured.bytes.len() > bound {
                if keep_last {
                    let extra = captured.bytes.len() - bound;
                    captured.bytes.drain(..extra);
                } else {
                    captured.bytes.truncate(bound);
                    captured.over = true;
                    break;
                }
            }
        }
        let _ = closed.send(());
    });
}

/// How an exit status reads in a report: `exit status 3`, `killed by
/// signal 11 (SIGSEGV)`.
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_name(signal) {
                Some(name) => format!("killed by signal {signal} ({name})"),
                None => format!("killed by signal {signal}"),
            };
        }
    }
    status.to_string()
}

/// The name of a signal whose number POSIX systems share.
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return None,
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Program {
        Program {
            command: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(10),
        output: 100,
    };

    #[test]
    fn passes_the_input_and_reads_the_output() {
        let run = sh("cat; echo oops >&2").run(b"hello\n".to_vec(), LIMITS);
        let run = run.unwrap();
        assert_eq!(run.output, b"hello\n");
        assert_eq!(run.stderr_tail, b"oops\n");
        assert!(matches!(run.ended, Ended::Exited(s) if s.success()));
    }

    #[test]
    fn a_large_input_and_output_do_not_block() {
        // The program writes as much as it reads, and reads 1 MB: both
        // pipes fill unless each side is served while the other waits.
        let limits = Limits {
            output: 2 << 20,
            ..LIMITS
        };
        let input = vec![b'a'; 1 << 20];
        let run = sh("cat").run(input.clone(), limits).unwrap();
        assert_eq!(run.output, input);
    }

    #[test]
    fn kills_a_program_past_its_time() {
        let limits = Limits {
            time: Duration::from_millis(200),
            ..LIMITS
        };
        let run = sh("echo started; exec sleep 30").run(Vec::new(), limits);
        let run = run.unwrap();
        assert_eq!(run.ended, Ended::TimedOut);
        assert_eq!(run.output, b"started\n");
        assert!(run.elapsed < Duration::from_secs(20), "{:?}", run.elapsed);
    }

    #[test]
    fn kills_a_program_past_its_output_bound() {
        let run = sh("exec yes").run(Vec::new(), LIMITS).unwrap();
        assert_eq!(run.ended, Ended::OutputLimit);
        assert_eq!(run.output.len(), 100);
    }

    #[test]
    fn tells_exit_codes_and_signals() {
        let run = sh("exit 3").run(Vec::new(), LIMITS).unwrap();
        let Ended::Exited(status) = run.ended else {
            panic!("{:?}", run.ended)
        };
        assert_eq!(describe(status), "exit status 3");
        let run = sh("kill -SEGV $$").run(Vec::new(), LIMITS).unwrap();
        let Ended::Exited(status) = run.ended else {
            panic!("{:?}", run.ended)
        };
        assert_eq!(describe(status), "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let program = Program {
            command: "/nonexistent/program".into(),
            args: Vec::new(),
        };
        assert!(program.run(Vec::new(), LIMITS).is_err());
    }
}
