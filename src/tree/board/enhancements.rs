//! The engine's enhancements, each named once: [`Enhancement`], and the
//! set of them a tree or an answer loop uses, [`Enhancements`].

use std::fmt;
use std::str::FromStr;

/// One of the engine's enhancements. Each keeps every answer exact and can
/// be switched off on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enhancement {
    /// Answer `#####` without search on boards of at most 4 pieces with
    /// equal counts (proven over all such boards by `winmove verify`).
    Shortcut,
    /// Forced moves: an immediate win ends the search, a single threat of
    /// the opponent leaves only the block, two threats lose.
    Forced,
    /// Static bounds: a player cannot force a win with fewer than two lines
    /// free of the opponent's marks, nor when the opponent can pair the
    /// empty squares of those lines.
    Bounds,
    /// Search the root's moves with the window (0, +inf): only "win or not"
    /// is asked, which is all the answer needs.
    Window,
    /// A transposition table, kept across the boards of one input.
    Tt,
    /// Store positions in the table under a key shared by all 32 images of
    /// the position under the line structure's automorphisms.
    Symmetry,
    /// Try moves that make a threat first, then squares where three, then
    /// two, of the lines x can still complete cross.
    Ordering,
    /// Enhanced transposition cutoffs: before searching a node's children,
    /// look each up in the table; a stored bound that already settles the
    /// node's window settles the node. Off by default.
    Etc,
}

impl Enhancement {
    /// Every enhancement, in the order the help lists them.
    pub const ALL: [Enhancement; 8] = [
        Enhancement::Shortcut,
        Enhancement::Forced,
        Enhancement::Bounds,
        Enhancement::Window,
        Enhancement::Tt,
        Enhancement::Symmetry,
        Enhancement::Ordering,
        Enhancement::Etc,
    ];

    /// The enhancement off unless named: `etc`.
    pub const OFF_BY_DEFAULT: Enhancement = Enhancement::Etc;

    /// The name the command line spells.
    pub const fn name(self) -> &'static str {
        match self {
            Enhancement::Shortcut => "shortcut",
            Enhancement::Forced => "forced",
            Enhancement::Bounds => "bounds",
            Enhancement::Window => "window",
            Enhancement::Tt => "tt",
            Enhancement::Symmetry => "symmetry",
            Enhancement::Ordering => "ordering",
            Enhancement::Etc => "etc",
        }
    }

    /// What the enhancement does, in the one line `--help` shows.
    pub const fn summary(self) -> &'static str {
        match self {
            Enhancement::Shortcut => {
                "<=4 pieces with equal counts: no forced win (proven by `winmove verify`)"
            }
            Enhancement::Forced => {
                "immediate wins end the search, single threats must be blocked, two lose"
            }
            Enhancement::Bounds => {
                "no win with under two open lines, or open lines the opponent can pair"
            }
            Enhancement::Window => "search the root's moves for a win only, window (0, +inf)",
            Enhancement::Tt => "transposition table, kept across the boards of one input",
            Enhancement::Symmetry => "share table entries across the 32 automorphisms of the lines",
            Enhancement::Ordering => {
                "threat-making moves first, then squares on 3, then 2, lines open to x"
            }
            Enhancement::Etc => {
                "a child's stored bound may settle its parent (off by default: all,etc)"
            }
        }
    }

    /// The enhancement without which this one does nothing: `symmetry`
    /// chooses the keys of the table and `etc` looks children up in it,
    /// so both need `tt`.
    pub const fn needs(self) -> Option<Enhancement> {
        match self {
            Enhancement::Symmetry | Enhancement::Etc => Some(Enhancement::Tt),
            _ => None,
        }
    }

    /// The enhancement's bit in [`Enhancements`].
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

// Every enhancement has its own bit of the set's byte.
const _: () = assert!(Enhancement::ALL.len() <= u8::BITS as usize);

/// A name that is no enhancement's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownEnhancement;

impl fmt::Display for UnknownEnhancement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown enhancement")
    }
}

impl std::error::Error for UnknownEnhancement {}

impl FromStr for Enhancement {
    type Err = UnknownEnhancement;

    /// The enhancement named `name` (as [`Enhancement::name`] spells it).
    fn from_str(name: &str) -> Result<Enhancement, UnknownEnhancement> {
        Enhancement::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or(UnknownEnhancement)
    }
}

/// A set of enhancements, one bit each; [`Enhancements::NONE`] is the
/// textbook search, [`Enhancements::DEFAULT`] the default engine.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Enhancements(u8);

impl Enhancements {
    /// No enhancement: the textbook algorithm on the raw tree.
    pub const NONE: Enhancements = Enhancements(0);

    /// The default engine: every enhancement of [`Enhancement::ALL`] but
    /// [`Enhancement::OFF_BY_DEFAULT`]. `--enhance all` names it.
    pub const DEFAULT: Enhancements =
        Enhancements::of(&Enhancement::ALL).without(Enhancement::OFF_BY_DEFAULT);

    /// The set of the enhancements in `list`.
    pub const fn of(list: &[Enhancement]) -> Enhancements {
        let mut set = Enhancements::NONE;
        let mut i = 0;
        while i < list.len() {
            set = set.with(list[i]);
            i += 1;
        }
        set
    }

    /// Whether `enhancement` is in the set (one bit test).
    #[inline(always)]
    pub const fn contains(self, enhancement: Enhancement) -> bool {
        self.0 & enhancement.bit() != 0
    }

    /// The set with `enhancement` added.
    pub const fn with(self, enhancement: Enhancement) -> Enhancements {
        Enhancements(self.0 | enhancement.bit())
    }

    /// The set with `enhancement` taken out.
    pub const fn without(self, enhancement: Enhancement) -> Enhancements {
        Enhancements(self.0 & !enhancement.bit())
    }

    /// The enhancements in the set, in the order of [`Enhancement::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Enhancement> {
        Enhancement::ALL
            .into_iter()
            .filter(move |&e| self.contains(e))
    }
}

impl Default for Enhancements {
    /// [`Enhancements::DEFAULT`].
    fn default() -> Enhancements {
        Enhancements::DEFAULT
    }
}

impl FromIterator<Enhancement> for Enhancements {
    fn from_iter<I: IntoIterator<Item = Enhancement>>(iter: I) -> Enhancements {
        iter.into_iter()
            .fold(Enhancements::NONE, Enhancements::with)
    }
}

impl fmt::Debug for Enhancements {
    /// The enhancements in the set, as a set of names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Enhancement::name))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_spell_the_enhancements_and_parse_back() {
        let names: Vec<&str> = Enhancement::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(
            names,
            [
                "shortcut", "forced", "bounds", "window", "tt", "symmetry", "ordering", "etc"
            ]
        );
        for e in Enhancement::ALL {
            assert_eq!(e.name().parse(), Ok(e));
        }
        for bad in ["", "all", "none", "Forced", " tt", "tt,forced"] {
            assert_eq!(bad.parse::<Enhancement>(), Err(UnknownEnhancement));
        }
    }

    #[test]
    fn sets_hold_what_was_put_in_and_nothing_else() {
        assert_eq!(Enhancements::NONE.iter().count(), 0);
        assert_eq!(
            Enhancements::DEFAULT.iter().collect::<Vec<_>>(),
            [
                Enhancement::Shortcut,
                Enhancement::Forced,
                Enhancement::Bounds,
                Enhancement::Window,
                Enhancement::Tt,
                Enhancement::Symmetry,
                Enhancement::Ordering,
            ]
        );
        assert!(!Enhancements::DEFAULT.contains(Enhancement::Etc));
        let every = Enhancements::of(&Enhancement::ALL);
        for (i, &e) in Enhancement::ALL.iter().enumerate() {
            let alone = Enhancements::NONE.with(e);
            let all_but = every.without(e);
            for (j, &other) in Enhancement::ALL.iter().enumerate() {
                assert_eq!(alone.contains(other), i == j);
                assert_eq!(all_but.contains(other), i != j);
            }
            assert_eq!(alone.without(e), Enhancements::NONE);
            assert_eq!(all_but.with(e), every);
        }
        let pair = Enhancements::of(&[Enhancement::Ordering, Enhancement::Forced]);
        assert_eq!(
            pair.iter().collect::<Vec<_>>(),
            [Enhancement::Forced, Enhancement::Ordering]
        );
        assert_eq!(
            [
                Enhancement::Forced,
                Enhancement::Ordering,
                Enhancement::Forced
            ]
            .into_iter()
            .collect::<Enhancements>(),
            pair
        );
        assert_eq!(format!("{pair:?}"), r#"{"forced", "ordering"}"#);
    }
}
