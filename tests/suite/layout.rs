//! The source's layout, checked: no two files of `src/` import each other
//! in a circle, and the crate's root stays short.
//!
//! An import is any path a file names that starts at `crate`, `super` or
//! `self` (in a `use` or in the code), resolved to the file of the deepest
//! module it names: `use super::stats::Counter` in `src/search/mt.rs` is
//! an edge to `src/search/stats.rs`, `use crate::tree::GameTree` one to
//! `src/tree/mod.rs`. A re-export (`pub use x::Y` in a `mod.rs`) is an
//! import too, so a folder's files import each other by their own paths,
//! never through the folder's `mod.rs`. Declaring a module (`mod x;`) is
//! not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("src/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module a file defines, as segments from the crate (`[]` for
/// `lib.rs`); `None` for the binary's `main.rs`.
fn module_of(src: &Path, file: &Path) -> Option<Vec<String>> {
    let relative = file.strip_prefix(src).expect("under src/");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    match last.as_str() {
        "main.rs" if parts.is_empty() => None,
        "lib.rs" if parts.is_empty() => Some(parts),
        "mod.rs" => Some(parts),
        name => {
            parts.push(name.trim_end_matches(".rs").to_string());
            Some(parts)
        }
    }
}

/// `text` with comments, string and character literals blanked out, so
/// that only code is left to read paths from.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            i += end;
        } else if let Some(raw) = raw_string_len(rest) {
            out.push_str("\"\"");
            i += raw;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if bytes[i] == b'\'' && char_literal_len(rest).is_some() {
            out.push_str("' '");
            i += char_literal_len(rest).expect("checked");
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`) at the start
/// of `text`, if one starts there.
fn raw_string_len(text: &str) -> Option<usize> {
    let after_r = text.strip_prefix('r').or_else(|| text.strip_prefix("br"))?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let body = after_r[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close)?;
    Some(text.len() - body.len() + end + close.len())
}

/// The length of a character literal at the start of `text` (`'a'`,
/// `'\n'`, `'\''`), if it is one rather than a lifetime.
fn char_literal_len(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    let (_, c) = chars.next()?;
    if c == '\\' {
        let end = text[2..].find('\'')?;
        return Some(end + 3);
    }
    let (at, next) = chars.next()?;
    (next == '\'').then_some(at + 1)
}

/// The paths a piece of code names from `crate`, `super` or `self`, each
/// with the inline modules (`mod x { ... }`) it sits in; `use` trees with
/// braces expanded.
fn named_paths(code: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let tokens = tokenize(code);
    let mut found = Vec::new();
    // The inline modules open at each brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((tokens[i + 1].clone(), depth));
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| tokens[j] == ";")
                    .unwrap_or(tokens.len());
                let inside: Vec<String> = inline.iter().map(|(m, _)| m.clone()).collect();
                for mut path in expand_use(&tokens[i + 1..end]) {
                    // The binary's command line (`src/cli/`) reaches the
                    // library as `winmove::`: its `crate::`.
                    if path.first().is_some_and(|p| p == "winmove") {
                        path[0] = "crate".to_string();
                    }
                    // `use x::y` names `x` in scope: a child module, or a crate.
                    if !matches!(
                        path.first().map(String::as_str),
                        Some("crate" | "super" | "self")
                    ) {
                        path.insert(0, "self".to_string());
                    }
                    found.push((inside.clone(), path));
                }
                i = end;
                continue;
            }
            _ if is_ident(t)
                && tokens.get(i + 1).is_some_and(|t| t == "::")
                && (i == 0 || tokens[i - 1] != "::") =>
            {
                // A path from `crate`, `super` or `self`, or from a name in
                // scope, which may be a child module (`tt::ENTRIES`).
                let mut path = match t {
                    "crate" | "super" | "self" => vec![t.to_string()],
                    "$crate" | "winmove" => vec!["crate".to_string()],
                    _ => vec!["self".to_string(), t.to_string()],
                };
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|t| t == "::")
                    && tokens.get(j + 1).is_some_and(|t| is_ident(t))
                {
                    path.push(tokens[j + 1].clone());
                    j += 2;
                }
                let inside: Vec<String> = inline.iter().map(|(m, _)| m.clone()).collect();
                found.push((inside, path));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Identifiers, `::`, and single punctuation characters.
fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$')
            {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// The paths of a use tree (the tokens between `use` and `;`), braces
/// expanded; `as` renames dropped.
fn expand_use(tokens: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut i = 0;
    expand_tree(tokens, &mut i, Vec::new(), &mut paths);
    paths
}

fn expand_tree(tokens: &[String], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    while *i < tokens.len() {
        let t = tokens[*i].as_str();
        match t {
            "::" => *i += 1,
            "{" => {
                *i += 1;
                loop {
                    expand_tree(tokens, i, path.clone(), out);
                    match tokens.get(*i).map(String::as_str) {
                        Some(",") => *i += 1,
                        Some("}") => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                    if tokens.get(*i).is_some_and(|t| t == "}") {
                        *i += 1;
                        return;
                    }
                }
            }
            "," | "}" => break,
            "as" => *i += 2,
            "*" => *i += 1,
            _ => {
                path.push(t.to_string());
                *i += 1;
            }
        }
    }
    out.push(path);
}

/// The file a path resolves to, from a file of module `module` within
/// the inline modules `inline`: the deepest module the path names that is
/// a file of `files` (modules to files).
fn resolve(
    files: &BTreeMap<Vec<String>, PathBuf>,
    module: &[String],
    inline: &[String],
    path: &[String],
) -> Option<PathBuf> {
    let mut current: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self" | "super") => module.iter().chain(inline).cloned().collect(),
        _ => return None,
    };
    let mut rest = &path[usize::from(path[0] == "crate")..];
    while let Some((first, tail)) = rest.split_first() {
        match first.as_str() {
            "self" => {}
            "super" => {
                current.pop();
            }
            name => {
                let mut deeper = current.clone();
                deeper.push(name.to_string());
                if !files.contains_key(&deeper) {
                    break;
                }
                current = deeper;
            }
        }
        rest = tail;
    }
    // An inline module lives in its file.
    while !files.contains_key(&current) && !current.is_empty() {
        current.pop();
    }
    files.get(&current).cloned()
}

/// Every import edge between two files of `src/`.
fn imports(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files: BTreeMap<Vec<String>, PathBuf> = rust_files(src)
        .into_iter()
        .filter_map(|f| module_of(src, &f).map(|m| (m, f)))
        .collect();
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (module, file) in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        let targets = edges.entry(file.clone()).or_default();
        for (inline, path) in named_paths(&code_only(&text)) {
            if let Some(target) = resolve(&files, module, &inline, &path) {
                if &target != file {
                    targets.insert(target);
                }
            }
        }
    }
    edges
}

/// The cycles among `edges`: each strongly connected component of more
/// than one file (Tarjan's algorithm).
fn cycles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct State<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a PathBuf) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        let targets = s.edges.get(v).into_iter().flatten();
        for w in targets {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("v is on the stack");
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_two_files_of_src_import_each_other_in_a_circle() {
    let edges = imports(&src());
    let found = cycles(&edges);
    let shown: Vec<String> = found
        .iter()
        .map(|c| {
            let names: Vec<String> = c
                .iter()
                .map(|f| f.strip_prefix(src()).unwrap().display().to_string())
                .collect();
            names.join(" <-> ")
        })
        .collect();
    assert!(found.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

/// The checker itself: paths are resolved to the deepest module file, use
/// trees expanded, comments and strings ignored, and a planted cycle found.
#[test]
fn the_checker_finds_paths_and_cycles() {
    let code = code_only(
        "use super::{stats::Counter, trace::{self, Sink}};\n\
         // use crate::never::Here;\n\
         let s = \"crate::not::a::path\";\n\
         let c = '\\'';\n\
         fn f<'a>(x: &'a str) { crate::tree::value::INF + tt::SIZE }\n\
         mod tests { use super::*; }",
    );
    let paths: Vec<Vec<String>> = named_paths(&code).into_iter().map(|(_, p)| p).collect();
    let words = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        paths,
        [
            words("super::stats::Counter"),
            words("super::trace::self"),
            words("super::trace::Sink"),
            words("crate::tree::value::INF"),
            words("self::tt::SIZE"),
            words("super"),
        ]
    );
    let files: BTreeMap<Vec<String>, PathBuf> = [
        (words("search"), "search/mod.rs"),
        (words("search::stats"), "search/stats.rs"),
        (words("tree"), "tree/mod.rs"),
        (words("tree::value"), "tree/value.rs"),
    ]
    .into_iter()
    .map(|(m, f)| (m, PathBuf::from(f)))
    .collect();
    let here = words("search::mt");
    let resolved = |p: &str| resolve(&files, &here, &[], &words(p));
    assert_eq!(
        resolved("super::stats::Counter"),
        Some("search/stats.rs".into())
    );
    assert_eq!(resolved("super::Backend"), Some("search/mod.rs".into()));
    assert_eq!(
        resolved("crate::tree::GameTree"),
        Some("tree/mod.rs".into())
    );
    assert_eq!(
        resolved("crate::tree::value::INF"),
        Some("tree/value.rs".into())
    );
    let edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(f, ts)| (f.into(), ts.into_iter().map(PathBuf::from).collect()))
    .collect();
    let expected: Vec<PathBuf> = ["a", "b", "c"].into_iter().map(PathBuf::from).collect();
    assert_eq!(cycles(&edges), [expected]);
}

#[test]
#[ignore]
fn print_cycle_edges() {
    let edges = imports(&src());
    for c in cycles(&edges) {
        println!("== cycle");
        for f in &c {
            for t in &edges[f] {
                if c.contains(t) {
                    println!(
                        "  {} -> {}",
                        f.strip_prefix(src()).unwrap().display(),
                        t.strip_prefix(src()).unwrap().display()
                    );
                }
            }
        }
    }
}

/// The names the crate's root exports: its public modules, functions and
/// re-exported items, each `pub use` name counted.
fn root_names(lib: &str) -> Vec<String> {
    let code = code_only(lib);
    let tokens = tokenize(&code);
    let mut names = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let public = tokens[i] == "pub" && tokens.get(i + 1).is_some_and(|t| t != "(");
        if !public {
            i += 1;
            continue;
        }
        match tokens[i + 1].as_str() {
            "use" => {
                let end = (i..tokens.len()).find(|&j| tokens[j] == ";").unwrap();
                for path in expand_use(&tokens[i + 2..end]) {
                    names.push(path.last().cloned().unwrap_or_default());
                }
                i = end;
            }
            "mod" | "fn" | "const" | "static" | "struct" | "enum" | "trait" | "type" => {
                names.push(tokens[i + 2].clone());
                i += 3;
            }
            _ => i += 1,
        }
    }
    names
}

/// The crate's root stays short: what most users need, the rest through
/// its public modules.
#[test]
fn the_crate_root_exports_at_most_30_names() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    let names = root_names(&lib);
    assert!(names.len() <= 30, "{} names: {names:?}", names.len());
    for needed in [
        "GameTree", "Algo", "Search", "Board", "Solver", "tree", "search",
    ] {
        assert!(names.iter().any(|n| n == needed), "{needed} in {names:?}");
    }
    let sample = "pub mod a;\nmod b;\npub use x::{Y, z::W};\npub(crate) use q::R;\npub fn run() {}";
    assert_eq!(root_names(sample), ["a", "Y", "W", "run"]);
}

/// The layers of `src/`, lowest first: a file imports only from its own
/// layer and those below it (`lib.rs` and `main.rs`, the root, from any).
const LAYERS: [&str; 7] = ["game", "protocol", "tree", "search", "answer", "lab", "cli"];

/// The layer of a file of `src/`, by its folder; `None` for the root.
fn layer(file: &Path) -> Option<usize> {
    let relative = file.strip_prefix(src()).ok()?;
    let folder = relative.iter().next()?.to_str()?;
    LAYERS.iter().position(|&l| l == folder)
}

/// Each layer imports only from itself and the layers below, and the
/// searches know trees, not the board: nothing of `src/search/` imports
/// `src/tree/board/`.
#[test]
fn dependencies_go_one_way_between_the_layers() {
    let mut upward = Vec::new();
    let board = src().join("tree").join("board");
    for (file, targets) in imports(&src()) {
        let Some(from) = layer(&file) else { continue };
        for target in targets {
            let board_in_search = from == 3 && target.starts_with(&board);
            match layer(&target) {
                Some(to) if to <= from && !board_in_search => {}
                _ => upward.push(format!(
                    "{} -> {}",
                    file.strip_prefix(src()).unwrap().display(),
                    target.strip_prefix(src()).unwrap().display()
                )),
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports up the layers:\n{}",
        upward.join("\n")
    );
}
