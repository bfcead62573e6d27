//! Running a program as a judge does: its input written from a thread
//! while its output is read by another, a deadline, bounds on its output
//! and its memory.
//!
//! The program is executed directly, never through a shell, in a process
//! group of its own (on Unix), with only its three standard streams open,
//! so that the processes it starts are ended with it: the whole group is
//! killed when its time is up, when its output or memory passes its bound,
//! and when the run is over, whatever ended it (a signal to the checker
//! too, with [`sys::end_runs_on_signals`]). With [`sys::become_subreaper`]
//! (Linux), the processes it started that left the group (`setsid`) and
//! whose parent is gone are then killed too, each run. A program that has
//! exited while a process it started still holds its output open is waited
//! for [`GRACE`] longer at most; its output is then judged as it is.
//!
//! Memory is the resident memory of the program's process group, read
//! from `/proc` (Linux only): at each look (every few milliseconds) the sum
//! over the group's processes, and the program's own peak as the kernel
//! keeps it; the peak of those is the run's peak. A process that leaves
//! the group (`setsid`) is not measured.

use super::sys;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long the output is still read after the program exited, in case a
/// process it started holds the pipe open, and after the group was killed.
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
    /// Wall-clock time from the start until the program has exited.
    pub time: Duration,
    /// Most bytes of standard output read; more is an output limit.
    pub output: usize,
    /// Most bytes of resident memory of the program's process group, if
    /// bounded (measured on Linux only).
    pub memory: Option<u64>,
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
    /// Its memory passed its bound: the program was killed.
    MemoryLimit,
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
    /// Whether the program had exited while a process it started still
    /// held its output open, [`GRACE`] later (that process was killed).
    pub held_open: bool,
    /// Whether its output was still open [`GRACE`] after every process
    /// within reach was killed: a process out of reach holds it.
    pub unreached: bool,
    /// Time from the start until it ended.
    pub elapsed: Duration,
    /// The peak resident memory of its process group, in bytes, if
    /// measured (only with a memory limit, on Linux).
    pub peak_memory: Option<u64>,
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
        let mut command = Command::new(&self.command);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let guard = sys::RunGuard::starting();
        sys::close_inherited_on_exec();
        let mut child = command.spawn()?;
        guard.started(child.id());
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
        let mut memory = limits.memory.map(|_| Memory::new(child.id()));
        let watched = watch(
            &mut child,
            start + limits.time,
            &limits,
            &output,
            &closing,
            &mut memory,
        );
        // Whatever ended the run, nothing it started outlives it.
        kill_group(&mut child);
        sys::end_descendants();
        // A signal received during the run ends the checker now.
        drop(guard);
        let (ended, held_open, elapsed) = watched?;
        // Both readers end at once now unless a process out of reach holds
        // the pipes.
        let grace = Instant::now() + GRACE;
        let mut unreached = false;
        for _ in 0..2 {
            let left = grace.saturating_duration_since(Instant::now());
            if let Err(RecvTimeoutError::Timeout) = closing.recv_timeout(left) {
                unreached = true;
                break;
            }
        }
        let take = |shared: &Shared| std::mem::take(&mut shared.lock().expect("reader").bytes);
        Ok(Run {
            output: take(&output),
            stderr_tail: take(&stderr_tail),
            ended,
            held_open,
            unreached,
            elapsed,
            peak_memory: memory.map(|m| m.peak),
        })
    }
}

/// Waits until the program has exited and closed its outputs (or [`GRACE`]
/// after it exited, if a process it started holds them open), its output
/// or memory has passed its bound, or `deadline`. Returns how it ended,
/// whether the output was held open, and the time it took.
fn watch(
    child: &mut Child,
    deadline: Instant,
    limits: &Limits,
    output: &Shared,
    closing: &Receiver<()>,
    memory: &mut Option<Memory>,
) -> io::Result<(Ended, bool, Duration)> {
    let start = deadline - limits.time;
    let mut open = 2;
    // The status, and when it was seen.
    let mut exited: Option<(ExitStatus, Instant)> = None;
    let mut nap = Duration::from_micros(50);
    loop {
        if let Some(signal) = sys::signalled() {
            return Err(io::Error::other(format!("ended by signal {signal}")));
        }
        if output.lock().expect("reader").over {
            return Ok((Ended::OutputLimit, false, start.elapsed()));
        }
        if let (Some(memory), Some(bound)) = (memory.as_mut(), limits.memory) {
            if exited.is_none() && memory.sample() > bound {
                return Ok((Ended::MemoryLimit, false, start.elapsed()));
            }
        }
        if exited.is_none() {
            exited = child.try_wait()?.map(|status| (status, Instant::now()));
        }
        let now = Instant::now();
        let wait_until = match exited {
            Some((status, at)) if open == 0 || now >= at + GRACE => {
                return Ok((Ended::Exited(status), open > 0, at - start));
            }
            Some((_, at)) => at + GRACE,
            None if now >= deadline => {
                return Ok((Ended::TimedOut, false, start.elapsed()));
            }
            None => deadline,
        };
        let left = wait_until.saturating_duration_since(now);
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

/// Kills the program's process group (the program and what it started
/// in the group), and reaps the program.
fn kill_group(child: &mut Child) {
    // The group's id is the program's: not reused while the group has a
    // process, even once the program is reaped.
    #[cfg(unix)]
    sys::kill_group(child.id());
    // It may exit between the look and the kill: that is not an error.
    #[cfg(not(unix))]
    if let Ok(None) = child.try_wait() {
        let _ = child.kill();
    }
    let _ = child.wait();
}
/// The resident memory of a process group, sampled from `/proc`.
#[derive(Debug)]
struct Memory {
    /// The group's id: the program's process id.
    group: u32,
    /// The highest measure so far, in bytes.
    peak: u64,
    /// When the group's processes were last looked for.
    scanned: Option<Instant>,
    /// The processes of the group found then.
    members: Vec<u32>,
}

/// Least time between two searches of `/proc` for the group's processes.
const SCAN_EVERY: Duration = Duration::from_millis(20);

impl Memory {
    fn new(group: u32) -> Memory {
        Memory {
            group,
            peak: 0,
            scanned: None,
            members: Vec::new(),
        }
    }

    /// Measures the group now; the peak so far, in bytes.
    fn sample(&mut self) -> u64 {
        if self.scanned.is_none_or(|at| at.elapsed() >= SCAN_EVERY) {
            self.members = group_members(self.group);
            self.scanned = Some(Instant::now());
        }
        let resident: u64 = self
            .members
            .iter()
            .filter_map(|&pid| status_kb(pid, "VmRSS:"))
            .sum();
        // The kernel keeps the program's own peak, between two looks too.
        let own_peak = status_kb(self.group, "VmHWM:").unwrap_or(0);
        self.peak = self.peak.max(resident.max(own_peak) * 1024);
        self.peak
    }
}

/// The processes of process group `group`, from `/proc` (none elsewhere).
fn group_members(group: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| process_group(pid) == Some(group))
        .collect()
}

/// The process group of process `pid`: the fifth field of
/// `/proc/PID/stat`, the third after the name (which ends with the last `)`).
fn process_group(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(2)?.parse().ok()
}

/// A line `KEY  N kB` of `/proc/PID/status`: N.
fn status_kb(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
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
        memory: None,
    };

    /// Whether process `pid` has ended (gone, or a zombie no one reaps),
    /// waiting a little for it.
    fn ended(pid: &str) -> bool {
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
                Ok(_) => thread::sleep(Duration::from_millis(10)),
            }
        }
        false
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_processes_it_started_end_with_it() {
        let limits = Limits {
            time: Duration::from_millis(300),
            ..LIMITS
        };
        // A child left running (its output elsewhere), then a sleep past the limit.
        let run = sh("sleep 20 >/dev/null 2>&1 & echo $!; exec sleep 30").run(Vec::new(), limits);
        let run = run.unwrap();
        assert_eq!(run.ended, Ended::TimedOut);
        let pid = String::from_utf8(run.output).unwrap();
        assert!(ended(pid.trim()), "sleep {pid} still runs");
        // The same after an exit in time.
        let run = sh("sleep 20 >/dev/null 2>&1 & echo $!").run(Vec::new(), limits);
        let run = run.unwrap();
        assert!(matches!(run.ended, Ended::Exited(s) if s.success()));
        let pid = String::from_utf8(run.output).unwrap();
        assert!(ended(pid.trim()), "sleep {pid} still runs");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_output_held_open_by_a_child_after_an_exit_is_judged_as_it_is() {
        let limits = Limits {
            time: Duration::from_secs(5),
            ..LIMITS
        };
        let run = sh("sleep 120 & echo $!").run(Vec::new(), limits).unwrap();
        assert!(
            matches!(run.ended, Ended::Exited(s) if s.success()),
            "{run:?}"
        );
        assert!(run.held_open);
        assert!(run.elapsed < Duration::from_secs(2), "{:?}", run.elapsed);
        let pid = String::from_utf8(run.output).unwrap();
        assert!(ended(pid.trim()), "sleep {pid} still runs");
        let run = sh("echo done").run(Vec::new(), limits).unwrap();
        assert!(!run.held_open);
    }

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
