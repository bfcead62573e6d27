//! The `winmove` command: see `winmove --help`.

mod cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    if started::stdout_closed() {
        let _ = writeln!(
            std::io::stderr(),
            "error: standard output is closed: every answer would be lost"
        );
        return ExitCode::FAILURE;
    }
    cli::main(std::env::args_os().skip(1).collect())
}

/// What the program was started with, seen before Rust's runtime starts.
///
/// Before `main`, the runtime opens `/dev/null` on each of descriptors 0,
/// 1 and 2 found closed (so that no file opened later takes one of their
/// numbers), and from then on a closed standard output is a sink that
/// takes every write: the answers would be lost with status 0. Nothing in
/// `main` tells it from a chosen `>/dev/null` (same device, and which flags
/// the runtime opens it with is its own affair). The runtime starts from
/// the C `main`; an ELF initialiser (`.init_array`) runs before that, with
/// the descriptors as the program was given them, and asks the system
/// whether descriptor 1 is open. Elsewhere nothing is seen, as before.
mod started {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    mod elf {
        use std::sync::atomic::{AtomicBool, Ordering};

        /// Descriptor 1 was closed when the program started.
        pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

        unsafe extern "C" {
            /// The C library's `fcntl`, which std links already.
            fn fcntl(fd: i32, cmd: i32, ...) -> i32;
        }

        /// `fcntl`'s command that reads a descriptor's flags (1 on every
        /// Unix); it fails (EBADF) on a descriptor that is not open.
        const F_GETFD: i32 = 1;

        extern "C" fn look() {
            // SAFETY: F_GETFD reads the flags of a descriptor and changes
            // nothing; on a closed one it returns -1.
            let closed = unsafe { fcntl(1, F_GETFD) } == -1;
            STDOUT_CLOSED.store(closed, Ordering::Relaxed);
        }

        /// Run by the C library before its `main`, hence before the
        /// runtime's own start.
        #[used]
        #[unsafe(link_section = ".init_array")]
        static LOOK: extern "C" fn() = look;
    }

    /// Whether standard output was closed when the program started.
    pub fn stdout_closed() -> bool {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        return elf::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        return false;
    }
}
