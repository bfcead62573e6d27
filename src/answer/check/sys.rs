//! What `std` does not offer for ending a judged program and everything
//! it started, from the C library: signalling a process group, a process
//! subreaper (Linux), signal handlers that kill the running group before
//! the checker dies, and descriptors closed on `exec`. The only unsafe
//! code of the crate is here: calls of C functions with plain integers.
//!
//! One run at a time is in progress ([`RunGuard`]); the handlers of
//! [`end_runs_on_signals`] kill its group at once (only `kill` and atomics:
//! what a handler may do), and the run, seeing the signal at its next look,
//! ends the processes that left the group, then lets the signal end the
//! checker as it would have ([`reraise_if_signalled`]). With no run in
//! progress the handler re-raises the signal itself.

#![allow(unsafe_code)]

#[cfg(target_os = "linux")]
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicI32, Ordering::SeqCst};

/// Whether the checker is its descendants' subreaper: then every child it
/// has between runs is one a judged program left.
#[cfg(target_os = "linux")]
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// The run in progress: 0 none, -1 starting (no process yet), else the
/// program's process group.
static RUNNING: AtomicI32 = AtomicI32::new(0);

/// The signal received during a run, 0 if none.
static SIGNALLED: AtomicI32 = AtomicI32::new(0);

/// The signals that end the checker which a terminal or a supervisor sends:
/// SIGHUP, SIGINT, SIGQUIT, SIGTERM (the same numbers on every POSIX
/// system).
pub const ENDING_SIGNALS: [i32; 4] = [1, 2, 3, 15];

const SIGKILL: i32 = 9;

#[cfg(unix)]
mod c {
    unsafe extern "C" {
        pub fn kill(pid: i32, signal: i32) -> i32;
        pub fn getpid() -> i32;
        pub fn signal(signal: i32, handler: usize) -> usize;
        pub fn raise(signal: i32) -> i32;
        pub fn fcntl(fd: i32, command: i32, ...) -> i32;
        #[cfg(target_os = "linux")]
        pub fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
        #[cfg(target_os = "linux")]
        pub fn prctl(option: i32, ...) -> i32;
    }
    pub const SIG_DFL: usize = 0;
    pub const SIG_IGN: usize = 1;
    pub const F_GETFD: i32 = 1;
    pub const F_SETFD: i32 = 2;
    pub const FD_CLOEXEC: i32 = 1;
    #[cfg(target_os = "linux")]
    pub const PR_SET_CHILD_SUBREAPER: i32 = 36;
}

/// Sends SIGKILL to process group `group` (nothing if not on Unix).
pub fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(group) = i32::try_from(group) {
        // SAFETY: kill takes plain integers; a group already gone is ESRCH.
        unsafe { c::kill(-group, SIGKILL) };
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// Makes the checker the reaper of its descendants orphaned later (Linux):
/// a process the program starts and that outlives its parent comes back
/// to the checker rather than to init, so [`end_descendants`] finds it.
/// Whether that holds. Only for a process that starts no child of its
/// own beside the judged programs: [`end_descendants`] ends them all.
pub fn become_subreaper() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with integer arguments only.
        let set = unsafe { c::prctl(c::PR_SET_CHILD_SUBREAPER, 1u64, 0u64, 0u64, 0u64) == 0 };
        SUBREAPER.store(set, SeqCst);
        set
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// Kills and reaps every child of the checker, then the children they
/// leave, until none is left, if [`become_subreaper`] made it their
/// reaper (Linux; nothing otherwise). Called when the judged program has
/// been reaped: every child then is a process a judged program started,
/// orphaned and handed to the checker.
pub fn end_descendants() {
    #[cfg(target_os = "linux")]
    while SUBREAPER.load(SeqCst) {
        let children = children_of_self();
        if children.is_empty() {
            return;
        }
        for pid in children {
            let mut status = 0;
            // SAFETY: integer arguments and a pointer to a local. A child
            // is not reused until reaped, so the kill reaches it alone;
            // when it is reaped, its own children are already ours.
            unsafe {
                c::kill(pid, SIGKILL);
                c::waitpid(pid, &mut status, 0);
            }
        }
    }
}

/// The processes whose parent is the checker, from `/proc`.
#[cfg(target_os = "linux")]
fn children_of_self() -> Vec<i32> {
    // SAFETY: getpid has no arguments.
    let me = unsafe { c::getpid() };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| pid != me && parent(pid) == Some(me))
        .collect()
}

/// The parent of process `pid`: the fourth field of `/proc/PID/stat`, the
/// second after the name (which ends with the last `)`).
#[cfg(target_os = "linux")]
fn parent(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

/// Marks every descriptor from 3 up that the checker inherited as closed
/// on `exec`, so that a judged program gets its three standard streams
/// only (what `std` opens is marked already). Descriptors are listed from
/// `/dev/fd`; where it cannot be read, nothing is done.
pub fn close_inherited_on_exec() {
    #[cfg(unix)]
    {
        let Ok(entries) = std::fs::read_dir("/dev/fd") else {
            return;
        };
        let fds: Vec<i32> = entries
            .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd >= 3)
            .collect();
        for fd in fds {
            // SAFETY: fcntl on a number: a descriptor closed since (the
            // listing's own) fails with EBADF, harmlessly.
            unsafe {
                let flags = c::fcntl(fd, c::F_GETFD);
                if flags >= 0 && flags & c::FD_CLOEXEC == 0 {
                    c::fcntl(fd, c::F_SETFD, flags | c::FD_CLOEXEC);
                }
            }
        }
    }
}

/// Installs handlers for [`ENDING_SIGNALS`] that kill the running
/// program's group before the signal ends the checker (a signal the
/// checker ignores stays ignored, as `nohup` asks). Unix only.
pub fn end_runs_on_signals() {
    #[cfg(unix)]
    for signal in ENDING_SIGNALS {
        let handler = on_signal as extern "C" fn(i32) as usize;
        // SAFETY: the handler only touches atomics and calls kill, signal
        // and raise, which are async-signal-safe.
        unsafe {
            if c::signal(signal, handler) == c::SIG_IGN {
                c::signal(signal, c::SIG_IGN);
            }
        }
    }
}

#[cfg(unix)]
extern "C" fn on_signal(signal: i32) {
    SIGNALLED.store(signal, SeqCst);
    match RUNNING.load(SeqCst) {
        // The run sees SIGNALLED, ends what is left and re-raises.
        group if group > 0 => kill_group(group as u32),
        -1 => {}
        _ => die_of(signal),
    }
}

/// Ends the checker by `signal`, its default action.
#[cfg(unix)]
fn die_of(signal: i32) {
    // SAFETY: signal and raise with integers; async-signal-safe.
    unsafe {
        c::signal(signal, c::SIG_DFL);
        c::raise(signal);
    }
}

/// The signal received during the run in progress, if any.
pub fn signalled() -> Option<i32> {
    Some(SIGNALLED.load(SeqCst)).filter(|&s| s != 0)
}

/// Ends the checker by the signal received during a run, if one was: what
/// the signal would have done had no handler been installed.
pub fn reraise_if_signalled() {
    #[cfg(unix)]
    if let Some(signal) = signalled() {
        die_of(signal);
    }
}

/// A run in progress, for the signal handlers: from before its program is
/// started until its processes are ended.
#[derive(Debug)]
pub struct RunGuard(());

impl RunGuard {
    /// A run starting: a signal from now on waits for the run to end what
    /// it started.
    pub fn starting() -> RunGuard {
        RUNNING.store(-1, SeqCst);
        RunGuard(())
    }

    /// The program started as process group `group`: a signal kills it at
    /// once (and one received while it started, now).
    pub fn started(&self, group: u32) {
        RUNNING.store(i32::try_from(group).unwrap_or(-1), SeqCst);
        if signalled().is_some() {
            kill_group(group);
        }
    }
}

impl Drop for RunGuard {
    /// The run's processes are ended: a signal received during it ends the
    /// checker now, and a later one at once.
    fn drop(&mut self) {
        RUNNING.store(0, SeqCst);
        reraise_if_signalled();
    }
}
