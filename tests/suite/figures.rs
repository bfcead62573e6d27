//! The committed pictures are what their commands write: docs/figures.txt
//! names each picture and its command, the one place both the documents
//! and this test read. A quick command is run into a temporary file and its
//! bytes compared with the committed picture; a slow one (minutes) must be
//! run by scripts/benchmarks.sh exactly as written there (and
//! scripts/figures.sh reruns them all); a screenshot of the learner's page
//! is taken by scripts/screenshots.sh, which must name it. Every picture of the repository is
//! listed, and every document that shows or links one states its command.

use std::path::Path;

/// The manifest, from the repository's root.
const MANIFEST: &str = "docs/figures.txt";

/// What marks a slow picture, which the benchmarks script makes.
const BY_BENCHMARKS: &str = " (scripts/benchmarks.sh)";

/// The command of a screenshot of the learner's page: the script that
/// takes them all in a browser, whose pixels no test compares.
const SCREENSHOTS: &str = "scripts/screenshots.sh";

/// A picture and the command that writes it.
#[derive(Debug)]
struct Figure {
    /// Its path from the repository's root.
    file: String,
    /// The command as the manifest writes it (`winmove ARGS`).
    command: String,
    /// Whether scripts/benchmarks.sh makes it (minutes), not this test.
    by_benchmarks: bool,
    /// Whether it is a screenshot, which scripts/screenshots.sh takes
    /// (read by the quick pictures' test, which needs every backend).
    #[cfg_attr(not(feature = "every-backend"), allow(dead_code))]
    screenshot: bool,
}

impl Figure {
    /// The command's arguments after `winmove`, words split at spaces.
    fn args(&self) -> Vec<&str> {
        self.command.split_whitespace().skip(1).collect()
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The manifest's pictures, in its order.
fn figures() -> Vec<Figure> {
    let text = std::fs::read_to_string(root().join(MANIFEST)).expect(MANIFEST);
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let at = format!("{MANIFEST} line {}: {line}", index + 1);
            let (file, command) = line.split_once(": ").expect(&at);
            let (file, by_benchmarks) = match file.strip_suffix(BY_BENCHMARKS) {
                Some(file) => (file, true),
                None => (file, false),
            };
            let screenshot = command == SCREENSHOTS;
            let figure = Figure {
                file: file.to_string(),
                command: command.to_string(),
                by_benchmarks,
                screenshot,
            };
            if screenshot {
                let script = std::fs::read_to_string(root().join(SCREENSHOTS)).expect(SCREENSHOTS);
                assert!(
                    script.contains(&format!(" {file} ")),
                    "{at}: {SCREENSHOTS} does not take it"
                );
                return figure;
            }
            assert!(command.starts_with("winmove "), "{at}");
            // Split at spaces with no shell: a quote would not be read.
            assert!(!command.contains(['\'', '"', '\\', '$']), "{at}");
            assert!(figure.args().contains(&file), "{at}: it writes {file}");
            figure
        })
        .collect()
}

/// The pictures in the repository's folders (not target/ nor hidden ones).
fn pictures(dir: &Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("a folder of the repository") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            pictures(&path, found);
        } else if let Some(ext) = path.extension().and_then(|e| e.to_str())
            && ["svg", "png", "jpg", "jpeg", "gif"].contains(&ext.to_ascii_lowercase().as_str())
        {
            let relative = path.strip_prefix(root()).expect("under the root");
            found.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_picture_is_listed_with_its_command() {
    let listed: Vec<String> = figures().into_iter().map(|f| f.file).collect();
    let mut found = Vec::new();
    for dir in [
        "docs", "samples", "src", "tests", "benches", "examples", "scripts",
    ] {
        pictures(&root().join(dir), &mut found);
    }
    found.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(found, sorted, "the pictures against {MANIFEST}");
}

#[test]
fn every_document_showing_a_picture_states_its_command() {
    let mut documents = vec![root().join("README.md"), root().join("BENCHMARKS.md")];
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            documents.push(path);
        }
    }
    let figures = figures();
    let mut shown = vec![0; figures.len()];
    for document in &documents {
        let text = std::fs::read_to_string(document).expect("a document");
        // A command may be wrapped across lines.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (figure, count) in figures.iter().zip(&mut shown) {
            let name = figure.file.rsplit('/').next().expect("a name");
            let linked = [format!("]({})", figure.file), format!("]({name})")];
            if linked.iter().any(|link| text.contains(link.as_str())) {
                *count += 1;
                assert!(
                    flat.contains(&format!("`{}`", figure.command)),
                    "{} shows {} without its command `{}` (from {MANIFEST})",
                    document.display(),
                    figure.file,
                    figure.command
                );
            }
        }
    }
    for (figure, count) in figures.iter().zip(shown) {
        assert!(count > 0, "no document shows {}", figure.file);
    }
}

#[test]
fn the_slow_pictures_are_made_by_the_benchmarks_script_as_listed() {
    let script = std::fs::read_to_string(root().join("scripts/benchmarks.sh")).expect("the script");
    for figure in figures().iter().filter(|f| f.by_benchmarks) {
        let run = format!("\"$W\" {}", figure.args().join(" "));
        assert!(
            script
                .lines()
                .any(|line| line.trim_start().starts_with(&run)),
            "scripts/benchmarks.sh does not run `{run}` for {}",
            figure.file
        );
    }
}

/// The quick pictures, rewritten into a temporary folder by their commands
/// and compared byte for byte. The drawings depend on the backends built,
/// so the build must have every feature, as the commands' is.
#[cfg(feature = "every-backend")]
#[test]
fn every_quick_picture_is_what_its_command_writes() {
    let dir = std::env::temp_dir().join(format!("winmove-figures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut stale = Vec::new();
    for figure in figures()
        .iter()
        .filter(|f| !f.by_benchmarks && !f.screenshot)
    {
        let target: std::path::PathBuf = dir.join(figure.file.replace('/', "-"));
        let target = target.to_str().expect("a text path");
        let args: Vec<&str> = figure
            .args()
            .into_iter()
            .map(|arg| if arg == figure.file { target } else { arg })
            .collect();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_winmove"))
            .args(&args)
            .current_dir(root())
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the binary runs");
        assert!(
            output.status.success(),
            "`{}`: {}",
            figure.command,
            String::from_utf8_lossy(&output.stderr)
        );
        let made = std::fs::read(target).expect("the command writes its picture");
        let committed = std::fs::read(root().join(&figure.file)).expect("the committed picture");
        if made != committed {
            stale.push(format!("{}: run `{}`", figure.file, figure.command));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(stale.is_empty(), "stale pictures:\n{}", stale.join("\n"));
}
