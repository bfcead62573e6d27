//! Minimax values: plain integers with `±INF` as the win values.

use std::fmt;

/// A minimax value, always from MAX's (x's) point of view.
pub type Value = i32;

/// The value of a won game for MAX; `-INF` is a won game for MIN.
pub const INF: Value = i32::MAX;

/// Displays a value as the project writes it: an integer, `inf` or `-inf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown(pub Value);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            INF => f.write_str("inf"),
            v if v == -INF => f.write_str("-inf"),
            v => write!(f, "{v}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_infinities_by_name() {
        assert_eq!(Shown(INF).to_string(), "inf");
        assert_eq!(Shown(-INF).to_string(), "-inf");
        assert_eq!(Shown(-7).to_string(), "-7");
    }
}
