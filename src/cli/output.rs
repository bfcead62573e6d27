//! Where a run writes: the answers on standard output, diagnostics
//! (statistics, traces, orders, errors) on standard error, both buffered.
//!
//! No write panics. A failed write ends the run with status 1: quietly if
//! the reader went away (a closed pipe), with a message on standard error
//! otherwise (a full disk), if standard error still takes one. Pictures
//! and figures go to a file of their own, or after the output ([`Target`]).
//! The input is a file or standard input ([`open`]).

use super::args::UsageError;
use crate::game::board::Board;
use crate::protocol::Cases;
use crate::protocol::words::quoted;
use std::cell::RefCell;
use std::ffi::OsString;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Read, Stderr, Stdout, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// A bad command line: the message, for exit status 2.
    Usage(String),
    /// Bad input or a failed check; the message is already written. Exit
    /// status 1.
    Failed,
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure::Usage(e.0)
    }
}

/// The result of a run.
pub type Status = Result<(), Failure>;

/// The end of a run that checks: status 1 unless `ok`.
pub fn passed(ok: bool) -> Status {
    if ok { Ok(()) } else { Err(Failure::Failed) }
}

/// Standard error, buffered and shared (a backend's trace writes to it
/// too); after a failed write every later write fails at once.
#[derive(Clone)]
pub struct Diagnostics(Rc<RefCell<DiagnosticsState>>);

struct DiagnosticsState {
    out: BufWriter<Stderr>,
    failed: bool,
}

impl Diagnostics {
    fn new() -> Diagnostics {
        Diagnostics(Rc::new(RefCell::new(DiagnosticsState {
            out: BufWriter::with_capacity(1 << 16, io::stderr()),
            failed: false,
        })))
    }

    /// Whether a write to standard error has failed.
    pub fn failed(&self) -> bool {
        self.0.borrow().failed
    }

    /// Does `op` on standard error unless a write failed before; a
    /// failure is remembered.
    fn attempt<T>(
        &mut self,
        op: impl FnOnce(&mut BufWriter<Stderr>) -> io::Result<T>,
    ) -> io::Result<T> {
        let mut state = self.0.borrow_mut();
        if state.failed {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        let result = op(&mut state.out);
        state.failed = result.is_err();
        result
    }
}

impl Write for Diagnostics {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.attempt(|out| out.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.attempt(|out| out.flush())
    }
}

/// A run's two outputs, and whether a person is typing the input.
pub struct Io {
    out: BufWriter<Stdout>,
    /// Standard error.
    pub err: Diagnostics,
    /// Standard input is a terminal: write each answer at once.
    pub interactive: bool,
    /// Standard output is a terminal: a person reads each answer there.
    out_terminal: bool,
    /// Standard error is a terminal: progress may be shown there.
    pub err_terminal: bool,
}

impl Io {
    /// Standard output and standard error.
    pub fn new() -> Io {
        Io {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            err: Diagnostics::new(),
            interactive: io::stdin().is_terminal(),
            out_terminal: io::stdout().is_terminal(),
            err_terminal: io::stderr().is_terminal(),
        }
    }

    /// Writes to standard output.
    pub fn out(&mut self, bytes: &[u8]) -> Status {
        let result = self.out.write_all(bytes);
        self.output_result(result)
    }

    /// Writes an answer to standard output, flushed at once if a person
    /// types the questions or reads the answers.
    #[inline]
    pub fn answer(&mut self, line: [u8; 6]) -> Status {
        let result = self.out.write_all(&line);
        if result.is_err() {
            return self.output_result(result);
        }
        if self.interactive || self.out_terminal {
            return self.flush_out();
        }
        Ok(())
    }

    /// Writes formatted text to standard output.
    pub fn out_fmt(&mut self, args: fmt::Arguments<'_>) -> Status {
        let result = self.out.write_fmt(args);
        self.output_result(result)
    }

    /// Flushes standard output.
    pub fn flush_out(&mut self) -> Status {
        let result = self.out.flush();
        self.output_result(result)
    }

    /// Flushes both outputs (standard output first).
    pub fn flush(&mut self) -> Status {
        self.flush_out()?;
        self.err.flush().map_err(|_| Failure::Failed)
    }

    /// Ends a case: an output a person reads (or every output, when a
    /// person types the input) is flushed, so each answer and its
    /// statistics appear as soon as the case is read; a file or a pipe
    /// stays buffered.
    pub fn case_done(&mut self) -> Status {
        if self.interactive || self.out_terminal {
            self.flush_out()?;
        }
        if self.interactive || self.err_terminal {
            self.err.flush().map_err(|_| Failure::Failed)
        } else if self.err.failed() {
            Err(Failure::Failed)
        } else {
            Ok(())
        }
    }

    /// Writes a line to standard error (statistics, orders).
    pub fn note(&mut self, args: fmt::Arguments<'_>) -> Status {
        writeln!(self.err, "{args}").map_err(|_| Failure::Failed)
    }

    /// Writes each of `lines` to standard error.
    pub fn notes(&mut self, lines: impl IntoIterator<Item = String>) -> Status {
        (lines.into_iter()).try_for_each(|line| self.note(format_args!("{line}")))
    }

    /// Ends the run on bad input or a failed check: the answers so far
    /// are flushed, then `error: message` goes to standard error.
    pub fn fail(&mut self, message: impl fmt::Display) -> Failure {
        if self.flush_out().is_ok() {
            let _ = writeln!(self.err, "error: {message}");
            let _ = self.err.flush();
        }
        Failure::Failed
    }

    /// What a failed write to standard output means for the run.
    fn output_result(&mut self, result: io::Result<()>) -> Status {
        match result {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Failure::Failed),
            Err(e) => {
                let _ = writeln!(self.err, "error: cannot write the output: {e}");
                let _ = self.err.flush();
                Err(Failure::Failed)
            }
        }
    }
}

/// A line of progress on standard error, each written over the last,
/// shown only if asked (on a terminal). Progress is a courtesy: a failed
/// write is noticed by the next line noted.
pub struct Progress(Option<Diagnostics>);

impl Progress {
    /// Progress on `io`'s standard error, shown if `shown`.
    pub fn new(io: &Io, shown: bool) -> Progress {
        Progress(shown.then(|| io.err.clone()))
    }

    /// Writes `line` over the last.
    pub fn show(&mut self, line: fmt::Arguments<'_>) {
        if let Some(err) = &mut self.0 {
            let _ = write!(err, "\r{line}");
            let _ = err.flush();
        }
    }

    /// Ends the last line, if shown.
    pub fn end(self, io: &mut Io) -> Status {
        match self.0 {
            Some(_) => io.note(format_args!("")),
            None => Ok(()),
        }
    }
}

impl Drop for Io {
    /// Whatever is still buffered is written, if it can be.
    fn drop(&mut self) {
        let _ = self.out.flush();
        let _ = self.err.flush();
    }
}

/// Where a drawing, a page or a figure goes, written once complete: a
/// regular file is written beside and renamed over (a failed write leaves
/// the old file, or none); standard output (`-`) and other files (devices,
/// pipes, `/dev/stdout`) are written plainly, without truncating.
#[derive(Debug)]
pub enum Target {
    /// `-`: standard output, after what the run wrote there.
    Stdout,
    /// Not a regular file: written as it is.
    Plain(PathBuf),
    /// A regular file (or none yet), replaced whole.
    Replaced {
        /// The path given, for messages.
        given: PathBuf,
        /// The file replaced (a symbolic link's target).
        file: PathBuf,
    },
}

impl Target {
    /// The target `path` names, checked to be writable; if it is not,
    /// the run fails at once.
    pub fn new(path: &Path, io: &mut Io) -> Result<Target, Failure> {
        Target::checked(path).map_err(|e| io.fail(e))
    }

    fn checked(path: &Path) -> Result<Target, String> {
        if path.as_os_str() == "-" {
            return Ok(Target::Stdout);
        }
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", quoted(path.as_os_str()));
        let special = path.starts_with("/dev") || path.starts_with("/proc");
        match std::fs::metadata(path) {
            Ok(meta) if special || !meta.is_file() => {
                OpenOptions::new().append(true).open(path).map_err(cannot)?;
                return Ok(Target::Plain(path.to_path_buf()));
            }
            Ok(_) => {}
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(cannot(e)),
            Err(_) => {}
        }
        let file = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(path).map_err(cannot)?
            }
            _ => path.to_path_buf(),
        };
        let target = Target::Replaced {
            given: path.to_path_buf(),
            file,
        };
        // The file beside must be creatable: tried now, removed at once.
        let beside = target.beside().expect("a file replaced has a file beside");
        File::create(&beside).map_err(cannot)?;
        let _ = std::fs::remove_file(&beside);
        Ok(target)
    }

    /// The temporary file beside a file replaced: `.NAME.PID.tmp` in its
    /// directory.
    fn beside(&self) -> Option<PathBuf> {
        let Target::Replaced { file, .. } = self else {
            return None;
        };
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let temporary = format!(".{name}.{}.tmp", std::process::id());
        Some(file.with_file_name(temporary))
    }

    /// Writes `bytes`, whole, or fails the run.
    pub fn write(&self, io: &mut Io, bytes: &[u8]) -> Status {
        self.written(io, bytes).map_err(|e| io.fail(e))
    }

    fn written(&self, io: &mut Io, bytes: &[u8]) -> Result<(), String> {
        let cannot = |e: std::io::Error| format!("cannot write {self}: {e}");
        match self {
            Target::Stdout => {
                io.out(bytes)
                    .map_err(|_| "cannot write standard output".to_string())?;
                io.flush_out()
                    .map_err(|_| "cannot write standard output".to_string())
            }
            Target::Plain(path) => {
                let _ = io.flush_out();
                let mut file = OpenOptions::new().append(true).open(path).map_err(cannot)?;
                file.write_all(bytes)
                    .and_then(|()| file.flush())
                    .map_err(cannot)
            }
            Target::Replaced { file, .. } => {
                let beside = self.beside().expect("a file replaced has a file beside");
                let written = File::create(&beside)
                    .and_then(|mut out| out.write_all(bytes).and_then(|()| out.sync_all()))
                    .and_then(|()| std::fs::rename(&beside, file));
                if let Err(e) = written {
                    let _ = std::fs::remove_file(&beside);
                    return Err(cannot(e));
                }
                Ok(())
            }
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Stdout => f.write_str("standard output"),
            Target::Plain(path) | Target::Replaced { given: path, .. } => {
                f.write_str(&quoted(path.as_os_str()))
            }
        }
    }
}

/// The file a positional names: `None` (standard input) for none or `-`.
pub fn input_path(word: Option<OsString>) -> Option<PathBuf> {
    word.filter(|w| w != "-").map(PathBuf::from)
}

/// Opens the input: the named file, or standard input.
pub fn open(input: &Option<PathBuf>, io: &mut Io) -> Result<Box<dyn Read>, Failure> {
    match input {
        None => Ok(Box::new(std::io::stdin().lock())),
        Some(path) => open_file(path, io).map(|f| Box::new(f) as Box<dyn Read>),
    }
}

/// The questions of `input` (standard input if `None`), read as the
/// answer loop reads them; an error names the input as `shown`.
pub fn read_boards(
    input: &Option<PathBuf>,
    shown: &str,
    io: &mut Io,
) -> Result<Vec<Board>, Failure> {
    let mut boards = Vec::new();
    for case in Cases::new(open(input, io)?) {
        let case = case.map_err(|e| io.fail(format_args!("{shown}: {e}")))?;
        boards.push(case.board);
    }
    Ok(boards)
}

/// Opens the named file, or says why it cannot.
pub fn open_file(path: &Path, io: &mut Io) -> Result<File, Failure> {
    File::open(path).map_err(|e| {
        let name = quoted(path.as_os_str());
        io.fail(format_args!("cannot open {name}: {e}"))
    })
}
