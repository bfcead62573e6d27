//! Where a run writes: the answers on standard output, diagnostics
//! (statistics, traces, orders, errors) on standard error, both buffered.
//!
//! No write panics. A failed write ends the run with status 1: quietly if
//! the reader went away (a closed pipe), with a message on standard error
//! otherwise (a full disk), if standard error still takes one; what a
//! search writes as it runs (`--trace`, `--order`) ends it at once, in the
//! middle of the search, after the answers so far. Pictures
//! and figures go to a file of their own, or after the output ([`Target`]).
//! The input is a file or standard input ([`open`]).

use super::args::UsageError;
use std::cell::RefCell;
use std::ffi::OsString;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Read, Stderr, Stdout, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use winmove::game::board::Board;
use winmove::protocol::Cases;
use winmove::protocol::words::quoted;

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

/// Standard output, buffered, shared with the diagnostics that stop the
/// run (which write the answers so far before they do).
type SharedOut = Rc<RefCell<BufWriter<Stdout>>>;

/// Standard error, buffered and shared (a backend's trace writes to it
/// too); after a failed write every later write fails at once.
#[derive(Clone)]
pub struct Diagnostics {
    state: Rc<RefCell<DiagnosticsState>>,
    /// Set for what a search writes as it runs (`--trace`, `--order`): a
    /// failed write ends the run at once, after the answers so far, as
    /// the search could run for long after its reader went away.
    stops: Option<SharedOut>,
}

struct DiagnosticsState {
    out: BufWriter<Stderr>,
    failed: bool,
}

impl Diagnostics {
    fn new() -> Diagnostics {
        Diagnostics {
            state: Rc::new(RefCell::new(DiagnosticsState {
                out: BufWriter::with_capacity(1 << 16, io::stderr()),
                failed: false,
            })),
            stops: None,
        }
    }

    /// Whether a write to standard error has failed.
    pub fn failed(&self) -> bool {
        self.state.borrow().failed
    }

    /// Does `op` on standard error unless a write failed before; a
    /// failure is remembered, and ends the run if this one stops it.
    fn attempt<T>(
        &mut self,
        op: impl FnOnce(&mut BufWriter<Stderr>) -> io::Result<T>,
    ) -> io::Result<T> {
        let mut state = self.state.borrow_mut();
        let result = match state.failed {
            true => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
            false => op(&mut state.out),
        };
        state.failed = result.is_err();
        if let (Err(e), Some(out)) = (&result, &self.stops) {
            // The answers written so far are kept; a message is tried on
            // the unbuffered stream unless the reader went away.
            let _ = out.borrow_mut().flush();
            if e.kind() != io::ErrorKind::BrokenPipe {
                let _ = writeln!(io::stderr(), "error: cannot write standard error: {e}");
            }
            std::process::exit(1);
        }
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
    out: SharedOut,
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
            out: Rc::new(RefCell::new(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            err: Diagnostics::new(),
            interactive: io::stdin().is_terminal(),
            out_terminal: io::stdout().is_terminal(),
            err_terminal: io::stderr().is_terminal(),
        }
    }

    /// Standard error for what a search writes as it runs (`--trace`,
    /// `--order`): a failed write ends the run at once, with status 1.
    pub fn err_stopping(&self) -> Diagnostics {
        Diagnostics {
            stops: Some(Rc::clone(&self.out)),
            ..self.err.clone()
        }
    }

    /// Writes to standard output.
    pub fn out(&mut self, bytes: &[u8]) -> Status {
        let result = self.out.borrow_mut().write_all(bytes);
        self.output_result(result)
    }

    /// Writes an answer to standard output, flushed at once if a person
    /// types the questions or reads the answers.
    #[inline]
    pub fn answer(&mut self, line: [u8; 6]) -> Status {
        let result = self.out.borrow_mut().write_all(&line);
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
        let result = self.out.borrow_mut().write_fmt(args);
        self.output_result(result)
    }

    /// Flushes standard output.
    pub fn flush_out(&mut self) -> Status {
        let result = self.out.borrow_mut().flush();
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

/// Runs `run` with `options` on a thread of its own whose stack is
/// `stack` bytes, whatever the main thread's (`ulimit -s`), with outputs
/// of its own (`io`'s are flushed first): the depth a command promises
/// then holds on any system. If no such thread can be had (the address
/// space is short), on this one.
pub fn on_own_stack<O: Send>(
    stack: usize,
    options: O,
    io: &mut Io,
    run: fn(O, &mut Io) -> Status,
) -> Status {
    io.flush()?;
    let mut given = Some(options);
    let ran = std::thread::scope(|scope| {
        let given = &mut given;
        let thread = std::thread::Builder::new().stack_size(stack);
        let spawned = thread.spawn_scoped(scope, move || {
            let options = given.take().expect("the options are taken once");
            run(options, &mut Io::new())
        });
        spawned.map(|handle| handle.join())
    });
    match ran {
        Ok(Ok(status)) => status,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => run(given.take().expect("not taken: no thread ran"), io),
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
        let _ = self.out.borrow_mut().flush();
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

/// What makes two paths the same file: its device and inode if it exists,
/// else its directory's canonical path and its name.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Named(PathBuf),
}

impl Identity {
    /// The file `meta` describes.
    fn of(meta: &std::fs::Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity::Inode(meta.dev(), meta.ino())
    }

    /// The file `path` names (following links), if it can be told.
    fn named(path: &Path) -> Option<Identity> {
        if let Ok(meta) = std::fs::metadata(path) {
            return Some(Identity::of(&meta));
        }
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dir = std::fs::canonicalize(parent.unwrap_or(Path::new("."))).ok()?;
        Some(Identity::Named(dir.join(path.file_name()?)))
    }

    /// The regular file an input reads (`None`: standard input), if any.
    fn input(input: &Option<PathBuf>) -> Option<Identity> {
        use std::os::fd::AsFd;
        let meta = match input {
            Some(path) => std::fs::metadata(path),
            None => {
                (io::stdin().as_fd().try_clone_to_owned()).and_then(|fd| File::from(fd).metadata())
            }
        };
        meta.ok().filter(|m| m.is_file()).map(|m| Identity::of(&m))
    }
}

impl Target {
    /// The targets of a run's files, each `(option, path)`, checked up
    /// front (so that a bad path fails before the work): each writable,
    /// none of them a file the run reads (`inputs`, `None` standard input)
    /// nor the file of another.
    pub fn all(
        outputs: &[(&str, &Path)],
        inputs: &[Option<PathBuf>],
        io: &mut Io,
    ) -> Result<Vec<Target>, Failure> {
        let read: Vec<Identity> = inputs.iter().filter_map(Identity::input).collect();
        let mut targets: Vec<Target> = Vec::new();
        let mut written: Vec<(&str, &Path, Identity)> = Vec::new();
        for &(option, path) in outputs {
            let target = Target::checked(path).map_err(|e| io.fail(e))?;
            let Target::Replaced { file, .. } = &target else {
                targets.push(target);
                continue;
            };
            let shown = quoted(path.as_os_str());
            let Some(identity) = Identity::named(file) else {
                targets.push(target);
                continue;
            };
            if read.contains(&identity) {
                return Err(io.fail(format_args!(
                    "{option} {shown} is a file this run reads: it would be replaced (choose another file)"
                )));
            }
            if let Some((other, other_path, _)) = written.iter().find(|w| w.2 == identity) {
                return Err(io.fail(format_args!(
                    "{other} {} and {option} {shown} are the same file: give each its own",
                    quoted(other_path.as_os_str())
                )));
            }
            written.push((option, path, identity));
            targets.push(target);
        }
        Ok(targets)
    }

    fn checked(path: &Path) -> Result<Target, String> {
        if path.as_os_str() == "-" {
            return Ok(Target::Stdout);
        }
        let shown = quoted(path.as_os_str());
        if path.as_os_str().is_empty() {
            return Err("cannot write '': an empty file name".to_string());
        }
        let cannot = |e: std::io::Error| format!("cannot write {shown}: {e}");
        let special = path.starts_with("/dev") || path.starts_with("/proc");
        match std::fs::metadata(path) {
            Ok(meta) if special || !meta.is_file() => {
                OpenOptions::new().append(true).open(path).map_err(cannot)?;
                return Ok(Target::Plain(path.to_path_buf()));
            }
            // A file that may not be written is not replaced either.
            Ok(_) => drop(OpenOptions::new().write(true).open(path).map_err(cannot)?),
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(cannot(e)),
            Err(_) => {}
        }
        // A name ending in '/' (or '.', '..') names a directory, not a file.
        let bytes = path.as_os_str().as_encoded_bytes();
        if bytes.ends_with(b"/") || path.file_name().is_none() {
            return Err(format!(
                "cannot write {shown}: a directory's name, not a file's"
            ));
        }
        let file = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(path).map_err(cannot)?
            }
            _ => path.to_path_buf(),
        };
        // The file beside must be creatable: tried now, removed at once.
        let (beside, _) = create_beside(&file).map_err(cannot)?;
        let _ = std::fs::remove_file(&beside);
        Ok(Target::Replaced {
            given: path.to_path_buf(),
            file,
        })
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
                let (beside, mut out) = create_beside(file).map_err(cannot)?;
                // The file replaced keeps its permissions.
                let kept = std::fs::metadata(file).map(|m| m.permissions());
                let written = kept
                    .map_or(Ok(()), |p| out.set_permissions(p))
                    .and_then(|()| out.write_all(bytes))
                    .and_then(|()| out.sync_all())
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

/// A new file beside `file`, `.NAME.XXXXXXXXXXXXXXXX.tmp` in its
/// directory, created exclusively (never through a link planted there)
/// under a name no one can guess: a hash, keyed by the random keys std
/// draws from the system, of the time, the process, a count and an
/// address.
fn create_beside(file: &Path) -> io::Result<(PathBuf, File)> {
    use std::hash::{BuildHasher, Hash, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CREATED: AtomicU64 = AtomicU64::new(0);
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let mut last = io::Error::from(io::ErrorKind::AlreadyExists);
    for _ in 0..100 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map(|d| d.as_nanos())
            .unwrap_or_default()
            .hash(&mut hasher);
        std::process::id().hash(&mut hasher);
        CREATED.fetch_add(1, Ordering::Relaxed).hash(&mut hasher);
        (&last as *const io::Error as usize).hash(&mut hasher);
        let beside = file.with_file_name(format!(".{name}.{:016x}.tmp", hasher.finish()));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&beside)
        {
            Ok(out) => return Ok((beside, out)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
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
