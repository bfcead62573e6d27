//! Writes the per-set line table of `src/game/line_tables.rs` (65,536 entries of
//! three facts each) from the `const fn`s of `src/game/line_facts.rs`, so that
//! it is computed once here rather than by the compiler's constant
//! evaluation on every build.

use std::fmt::Write as _;
use std::path::PathBuf;

include!("src/game/line_facts.rs");

/// `pub static SET_FACTS: PerSet<SetFacts> = [SetFacts { .. }, ...];`, the
/// three facts of every set side by side, as struct literals: a call of a
/// `const fn` per entry made the library's build 2.5 s longer (its
/// constant evaluation), twice in the test command (lib and its tests).
fn table() -> String {
    let mut text = String::from(
        "/// `SET_FACTS[m]`: the completers, touched lines and pairs of the set `m`.\n\
         pub static SET_FACTS: PerSet<SetFacts> = [",
    );
    for m in 0..=u16::MAX {
        if m % 8 == 0 {
            text.push('\n');
        }
        let _ = write!(
            text,
            "SetFacts{{completers:{},touched:{},pairs:{}}},",
            completers(m),
            touched(m),
            pairs(m)
        );
    }
    text.push_str("\n];\n");
    text
}

fn main() {
    println!("cargo::rerun-if-changed=src/game/line_facts.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("line_tables.rs"), table()).expect("OUT_DIR is writable");
}
