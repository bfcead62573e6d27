//! The documents' transcripts, run: every ```console block of README.md and
//! of each Markdown file in docs/ is a list of commands (`$ winmove ARGS`)
//! each followed by the output it prints, and the built binary must print
//! exactly that. README.md must hold at least one, so that the test cannot
//! pass on a README whose transcripts were all turned into other blocks.
//!
//! The forms a transcript may use, so that the test needs no shell:
//! - `$ winmove ARGS`: the output is standard output, and standard error
//!   must be empty;
//! - `$ winmove ARGS 2>&1 >/dev/null`: the output is standard error;
//! - `< FILE` before those: standard input from FILE (paths are relative to
//!   the repository);
//! - arguments in single quotes keep their spaces;
//! - a last output line `[exit status N]`: the status the command must end
//!   with (0 otherwise);
//! - `…` in an output line stands for any text (times, which vary).

/// One transcript: the command's arguments, its input file, which stream
/// it shows, the lines it shows, and its exit status.
#[derive(Debug)]
struct Transcript {
    args: Vec<String>,
    stdin: Option<String>,
    stderr: bool,
    expected: Vec<String>,
    status: i32,
    line: usize,
}

/// Splits a command line into words, keeping single-quoted words whole.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The transcripts of one document.
fn transcripts(readme: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut in_block = false;
    for (index, line) in readme.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = line.trim() == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let mut words = words(command);
            assert_eq!(
                words.first().map(String::as_str),
                Some("winmove"),
                "line {}: {line}",
                index + 1
            );
            words.remove(0);
            let mut stderr = false;
            if words.ends_with(&["2>&1".to_string(), ">/dev/null".to_string()]) {
                words.truncate(words.len() - 2);
                stderr = true;
            }
            let mut stdin = None;
            if let Some(at) = words.iter().position(|w| w == "<") {
                stdin = Some(words[at + 1].clone());
                words.drain(at..at + 2);
            }
            found.push(Transcript {
                args: words,
                stdin,
                stderr,
                expected: Vec::new(),
                status: 0,
                line: index + 1,
            });
        } else if let Some(t) = found.last_mut() {
            match line
                .strip_prefix("[exit status ")
                .and_then(|s| s.strip_suffix(']'))
            {
                Some(status) => t.status = status.parse().expect("a status"),
                None => t.expected.push(line.to_string()),
            }
        }
    }
    found
}

/// Whether `got` matches `want`, where `…` in `want` stands for any text.
fn matches(want: &str, got: &str) -> bool {
    let mut parts = want.split('…');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = got.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The documents whose transcripts run and whose links must resolve, as
/// (path from the repository, text): README.md, then every Markdown file of
/// docs/ in name order.
fn documents(root: &std::path::Path) -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("a docs/ entry").file_name())
        .filter_map(|name| name.into_string().ok())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_string());
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(&name)).expect(&name);
            (name, text)
        })
        .collect()
}

#[cfg(feature = "every-backend")]
#[test]
fn every_transcript_in_the_documents_is_what_the_program_prints() {
    use std::path::Path;
    use std::process::{Command, Stdio};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = documents(root);
    let in_readme = transcripts(&documents[0].1).len();
    assert!(in_readme > 0, "README.md has no transcript");
    let all: Vec<(&str, Transcript)> = documents
        .iter()
        .flat_map(|(name, text)| {
            transcripts(text)
                .into_iter()
                .map(move |t| (name.as_str(), t))
        })
        .collect();
    for (name, t) in &all {
        let stdin = match &t.stdin {
            Some(file) => {
                Stdio::from(std::fs::File::open(root.join(file)).expect("the input file"))
            }
            None => Stdio::null(),
        };
        let output = Command::new(env!("CARGO_BIN_EXE_winmove"))
            .args(&t.args)
            .current_dir(root)
            .stdin(stdin)
            .output()
            .expect("the binary runs");
        let (shown, other) = if t.stderr {
            (&output.stderr, None)
        } else {
            (&output.stdout, Some(&output.stderr))
        };
        let shown = String::from_utf8_lossy(shown);
        let got: Vec<&str> = shown.lines().collect();
        let context = format!(
            "{name} line {}: winmove {}\n{shown}",
            t.line,
            t.args.join(" ")
        );
        assert_eq!(got.len(), t.expected.len(), "{context}");
        for (want, got) in t.expected.iter().zip(&got) {
            assert!(matches(want, got), "{context}\nwant: {want}\ngot:  {got}");
        }
        if let Some(stderr) = other {
            assert!(
                stderr.is_empty(),
                "{context}\nstandard error: {}",
                String::from_utf8_lossy(stderr)
            );
        }
        assert_eq!(output.status.code(), Some(t.status), "{context}");
    }
}

#[test]
fn the_transcript_reader_reads_what_it_documents() {
    let readme = "text\n```console\n$ winmove 'a b' c < in.txt 2>&1 >/dev/null\nout…put\n[exit status 1]\n```\n```text\n$ winmove not read\n```\n";
    let t = transcripts(readme);
    assert_eq!(t.len(), 1);
    assert_eq!(
        (t[0].line, t[0].args.clone()),
        (3, vec!["a b".to_string(), "c".to_string()])
    );
    assert_eq!(t[0].stdin.as_deref(), Some("in.txt"));
    assert!(t[0].stderr);
    assert_eq!(
        (t[0].expected.clone(), t[0].status),
        (vec!["out…put".to_string()], 1)
    );
    assert!(matches("run: … s, exit …", "run: 0.2 s, exit status 0"));
    assert!(!matches("run: … s", "run: 0.2 ms"));
    assert!(matches("exact", "exact") && !matches("exact", "exactly"));
}

/// The anchors of a document's headings, as GitHub makes them: the title in
/// lower case, letters, digits, `-` and `_` kept, each space made `-`, the
/// rest dropped; a title met again gets `-1`, `-2`, ...
fn anchors(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut seen = std::collections::HashMap::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let title = line.trim_start_matches('#');
        if fenced || title.len() == line.len() || !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let repeats: &mut usize = seen.entry(slug.clone()).or_default();
        found.push(match *repeats {
            0 => slug,
            n => format!("{slug}-{n}"),
        });
        *repeats += 1;
    }
    found
}

/// The relative links of a document, outside code blocks and code spans:
/// the targets of `[text](target)` and `![text](target)` that name no
/// scheme.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Between backquotes is code: every other piece of the line.
        for mut rest in line.split('`').step_by(2) {
            while let Some(at) = rest.find("](") {
                rest = &rest[at + 2..];
                let Some(end) = rest.find(')') else { break };
                let target = &rest[..end];
                if !target.contains(':') && !target.contains(' ') {
                    found.push(target.to_string());
                }
            }
        }
    }
    found
}

#[test]
fn every_link_between_the_documents_resolves() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = documents(root);
    let benchmarks = std::fs::read_to_string(root.join("BENCHMARKS.md")).expect("BENCHMARKS.md");
    documents.push(("BENCHMARKS.md".to_string(), benchmarks));
    let mut checked = 0;
    for (name, text) in &documents {
        let dir = std::path::Path::new(name).parent().expect("a folder");
        for target in links(text) {
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                root.join(name)
            } else {
                root.join(dir).join(path)
            };
            assert!(file.exists(), "{name}: the link {target} names no file");
            if !anchor.is_empty() {
                let linked = std::fs::read_to_string(&file).expect("the linked document");
                assert!(
                    anchors(&linked).iter().any(|a| a == anchor),
                    "{name}: the link {target} names no heading of {}",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no link was checked");
}

#[test]
fn anchors_and_links_are_read_as_github_makes_them() {
    let text = "# A title: `--trace`\n```sh\n# not a heading [x](y.md)\n```\n## A title: --trace\n#nope\n[a](b.md#c) and ![d](e.svg), [f](https://g) `[h](i)`\n";
    assert_eq!(anchors(text), ["a-title---trace", "a-title---trace-1"]);
    assert_eq!(links(text), ["b.md#c", "e.svg"]);
}
