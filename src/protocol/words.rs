//! Words of messages and reports: a count with its noun, a list of names,
//! and a file name or an argument quoted, whatever bytes it holds.

use std::ffi::OsStr;

/// `N thing` or `N things`: `1 run`, `8 leaves`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `names` as a list: `a, b and c` (or `or`, as `last` says).
pub fn listed(names: &[impl AsRef<str>], last: &str) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    match names.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("{} {last} {end}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// An OS string for a message: quoted, with anything not printable escaped
/// and bytes that are not UTF-8 shown as `\xNN`.
///
/// ```
/// use winmove::protocol::words::quoted;
///
/// assert_eq!(quoted("a b\n".as_ref()), r"'a b\n'");
/// ```
pub fn quoted(text: &OsStr) -> String {
    let mut shown = String::from("'");
    for chunk in text.as_encoded_bytes().utf8_chunks() {
        shown.extend(chunk.valid().escape_debug());
        for byte in chunk.invalid() {
            shown.push_str(&format!("\\x{byte:02x}"));
        }
    }
    shown.push('\'');
    shown
}
