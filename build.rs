//! Writes the per-set line tables of `src/line_tables.rs` (three tables of
//! 65,536 entries) from the `const fn`s of `src/line_facts.rs`, so that
//! they are computed once here rather than by the compiler's constant
//! evaluation on every build.

use std::fmt::Write as _;
use std::path::PathBuf;

include!("src/line_facts.rs");

/// `pub static NAME: [u16; 65536] = [f(0), f(1), ...];`
fn table(name: &str, doc: &str, f: fn(u16) -> u16) -> String {
    let mut text = format!("/// {doc}\npub static {name}: PerSet<u16> = [");
    for m in 0..=u16::MAX {
        if m % 16 == 0 {
            text.push('\n');
        }
        let _ = write!(text, "{},", f(m));
    }
    text.push_str("\n];\n");
    text
}

fn main() {
    println!("cargo::rerun-if-changed=src/line_facts.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let text = [
        table(
            "COMPLETERS",
            "`COMPLETERS[m]`: the squares that would complete a line in which `m` holds exactly three squares.",
            completers,
        ),
        table(
            "TOUCHED",
            "`TOUCHED[m]`: the lines (bit `i` for `LINES[i]`) holding a square of `m`.",
            touched,
        ),
        table(
            "PAIRS",
            "`PAIRS[m]`: the lines in which `m` holds exactly two squares.",
            pairs,
        ),
    ]
    .concat();
    std::fs::write(out.join("line_tables.rs"), text).expect("OUT_DIR is writable");
}
