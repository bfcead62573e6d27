//! Minimax values: plain integers with `±INF` as the win values.

use std::fmt;

/// A minimax value, always from MAX's (x's) point of view.
pub type Value = i32;

/// The largest value: a game MAX has won (`inf`); `-INF` is a game MIN has
/// won. Every value lies in `-INF..=INF`.
pub const INF: Value = i32::MAX - 1;

/// Beyond every value: `(-UNBOUNDED, UNBOUNDED)` is the window that rules
/// nothing out, as the textbooks' `(-inf, +inf)` is meant to be. A window
/// bound that a leaf can reach (`INF` itself) would cut more than the
/// textbook algorithms do. Shown as `inf`, like `INF`.
pub const UNBOUNDED: Value = i32::MAX;

/// Displays a value as the project writes it: an integer, `inf` or `-inf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown(pub Value);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            INF | UNBOUNDED => f.write_str("inf"),
            v if v == -INF || v == -UNBOUNDED => f.write_str("-inf"),
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
        assert_eq!(Shown(UNBOUNDED).to_string(), "inf");
        assert_eq!(Shown(-7).to_string(), "-7");
    }
}
