//! Minimax values and search windows.
//!
//! A value is a plain integer from MAX's point of view. Leaves hold values
//! in `-INF..=INF`, where `INF` is a game MAX has won. `UNBOUNDED` lies
//! beyond every leaf, so `(-UNBOUNDED, UNBOUNDED)` is the window that rules
//! nothing out. Both are far from `i32`'s limits: `v - 1` and `v + 1` are
//! safe for every `v` in `-UNBOUNDED..=UNBOUNDED`, so null windows
//! `(v - 1, v)` and `(v, v + 1)` can be built next to any value a search
//! can see, `inf` and `-inf` included.

use std::fmt;

/// A minimax value, always from MAX's (x's) point of view.
pub type Value = i32;

/// The largest leaf value: a game MAX has won (`inf`); `-INF` is a game MIN
/// has won. Every leaf value lies in `-INF..=INF`.
pub const INF: Value = 1 << 30;

/// Beyond every leaf value: `(-UNBOUNDED, UNBOUNDED)` rules nothing out,
/// as the textbooks' `(-inf, +inf)` is meant to. A window bound that a leaf
/// can reach (`INF` itself) would cut more than the textbook algorithms do.
/// Shown as `inf`, like `INF`.
pub const UNBOUNDED: Value = INF + 1;

/// A search window `(alpha, beta)`: the caller wants the value exactly only
/// when it lies strictly between the two bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound: a result `<= alpha` is an upper bound on the value.
    pub alpha: Value,
    /// The upper bound: a result `>= beta` is a lower bound on the value.
    pub beta: Value,
}

impl Window {
    /// The window that rules nothing out: the search returns the value.
    pub const FULL: Window = Window {
        alpha: -UNBOUNDED,
        beta: UNBOUNDED,
    };

    /// The window `(alpha, beta)`.
    pub const fn new(alpha: Value, beta: Value) -> Window {
        Window { alpha, beta }
    }

    /// The null window `(v - 1, v)`: asks only whether the value is `>= v`.
    pub const fn at_least(v: Value) -> Window {
        Window {
            alpha: v - 1,
            beta: v,
        }
    }

    /// The null window `(v, v + 1)`: asks only whether the value is `> v`.
    pub const fn above(v: Value) -> Window {
        Window {
            alpha: v,
            beta: v + 1,
        }
    }
}

impl fmt::Display for Window {
    /// `(alpha, beta)`, each as [`Bound`] writes it: `(-oo, +oo)`,
    /// `(inf, +oo)`, `(+oo, +oo+1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", Bound(self.alpha), Bound(self.beta))
    }
}

/// A value or a bound as traces and windows write it: integers,
/// `inf`/`-inf` for won games, `inf-1`/`-inf+1` next to them, `+oo`/`-oo`
/// beyond every leaf (and `+oo+1`, `-oo-1` ... further out, in null
/// windows), so that `cut, inf >= +oo` cannot be mistaken for a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound(pub Value);

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            INF => f.write_str("inf"),
            v if v == -INF => f.write_str("-inf"),
            v if v == INF - 1 => f.write_str("inf-1"),
            v if v == 1 - INF => f.write_str("-inf+1"),
            UNBOUNDED => f.write_str("+oo"),
            v if v == -UNBOUNDED => f.write_str("-oo"),
            v if v > UNBOUNDED => write!(f, "+oo+{}", v - UNBOUNDED),
            v if v < -UNBOUNDED => write!(f, "-oo-{}", -UNBOUNDED - v),
            v => write!(f, "{v}"),
        }
    }
}

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

    #[test]
    fn win_values_and_bounds_beyond_every_leaf_are_told_apart() {
        let bounds = [INF, -INF, UNBOUNDED, -UNBOUNDED, INF - 1, 1 - INF, -7];
        let shown = bounds.map(|v| Bound(v).to_string());
        assert_eq!(
            shown,
            ["inf", "-inf", "+oo", "-oo", "inf-1", "-inf+1", "-7"]
        );
        assert_eq!(Window::FULL.to_string(), "(-oo, +oo)");
        // MTD(f) guessing inf, and null windows on either side of +-oo.
        assert_eq!(Window::at_least(INF).to_string(), "(inf-1, inf)");
        assert_eq!(Window::at_least(UNBOUNDED).to_string(), "(inf, +oo)");
        assert_eq!(Window::above(UNBOUNDED).to_string(), "(+oo, +oo+1)");
        assert_eq!(Window::at_least(-UNBOUNDED).to_string(), "(-oo-1, -oo)");
        assert_eq!(Window::new(0, UNBOUNDED).to_string(), "(0, +oo)");
    }

    #[test]
    fn null_windows_have_headroom_at_every_bound() {
        for v in [-UNBOUNDED, -INF, -1, 0, 1, INF, UNBOUNDED] {
            let (up, down) = (Window::above(v), Window::at_least(v));
            assert_eq!((up.alpha, up.beta - 1), (v, v));
            assert_eq!((down.alpha + 1, down.beta), (v, v));
            assert!(up.beta.checked_add(1).is_some() && down.alpha.checked_sub(1).is_some());
        }
    }
}
