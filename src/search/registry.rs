//! How the registry of backends is written: the macro that turns one
//! line per backend (the list is in `src/search/mod.rs`) into [`Algo`],
//! and what the lines refer to ([`Setting`]s, counters).
//!
//! A line gives the backend's [`Algo`] variant, the name `--algo` takes,
//! the cargo feature that builds it (if it is optional) and its module (if
//! it has a file of its own), a one-line summary, the [`Counter`]s it
//! keeps, the [`Setting`]s it takes (if any), the enhancements of
//! [`Algo::OPTIONAL`] it uses (if any), and how to make one from the
//! [`Settings`]. The feature gates the line's module, counters and
//! constructor; the rest is known to every build, so that a build can
//! name what it lacks.

use super::stats::Counter;
use super::{Algo, depth_first, tt};
use crate::tree::board::Enhancement;
use crate::tree::value::Value;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

/// What a backend may be told when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// MTD(f)'s first guess (`--guess`): [`Setting::Guess`].
    pub guess: Value,
    /// The most entries a table of nodes holds (`--table-size`):
    /// [`Setting::TableSize`].
    pub table_size: usize,
}

impl Default for Settings {
    /// A first guess of 0, and tables of nodes of `NODE_ENTRIES`.
    fn default() -> Settings {
        Settings {
            guess: 0,
            table_size: tt::NODE_ENTRIES,
        }
    }
}

/// One of the [`Settings`], for the backends that take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// A first guess at the root's value ([`Settings::guess`]).
    Guess,
    /// The size of the transposition table of nodes
    /// ([`Settings::table_size`]).
    TableSize,
}

impl Setting {
    /// Every setting.
    pub const ALL: [Setting; 2] = [Setting::Guess, Setting::TableSize];

    /// The command-line option that gives it.
    pub const fn option(self) -> &'static str {
        match self {
            Setting::Guess => "--guess",
            Setting::TableSize => "--table-size",
        }
    }

    /// What it is, for messages.
    pub const fn meaning(self) -> &'static str {
        match self {
            Setting::Guess => "MTD(f)'s first guess",
            Setting::TableSize => "the size of the table of nodes",
        }
    }

    /// The backends that take it, built or not, in registry order.
    pub fn takers(self) -> impl Iterator<Item = Algo> {
        Algo::ALL.into_iter().filter(move |a| a.takes(self))
    }
}

/// Writes [`Algo`] and its methods from one line per backend:
/// `Variant "name" [if "feature"] [in module]: "summary", counts [COUNTER,
/// ...] [, takes [Setting, ...]] [, uses [Enhancement, ...]] =>
/// |settings| constructor;`, and declares `module` (a file of
/// `src/search/`, built with the feature) for the lines that name one.
/// Invoked once, in `src/search/mod.rs`.
macro_rules! registry {
    ($(
        $variant:ident $name:literal $(if $feature:literal)? $(in $module:ident)?: $summary:literal,
            counts [$($counter:path),*] $(, takes [$($setting:ident),*])?
            $(, uses [$($uses:ident),*])?
            => |$settings:pat_param| $make:expr;
    )*) => {
        $(registry!(@module $($feature)?; $($module)?);)*

        /// A backend, built into this program or not.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Algo {
            $(#[doc = $summary] $variant,)*
        }

        impl Algo {
            /// Every backend, built or not, in the order tables list them.
            pub const ALL: [Algo; [$($name),*].len()] = [$(Algo::$variant),*];

            /// The name `--algo` takes.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Algo::$variant => $name,)*
                }
            }

            /// What it is, in one line.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Algo::$variant => $summary,)*
                }
            }

            /// The cargo feature that builds it; `None` if it is always
            /// built.
            pub const fn feature(self) -> Option<&'static str> {
                match self {
                    $(Algo::$variant => registry!(@feature $($feature)?),)*
                }
            }

            /// Whether this build has it.
            pub const fn built(self) -> bool {
                match self {
                    $(Algo::$variant => registry!(@built $($feature)?),)*
                }
            }

            /// The settings it takes.
            pub const fn settings(self) -> &'static [Setting] {
                match self {
                    $(Algo::$variant => &[$($(Setting::$setting),*)?],)*
                }
            }

            /// The enhancements of [`Algo::OPTIONAL`] it uses.
            pub const fn optional_enhancements(self) -> &'static [$crate::tree::board::Enhancement] {
                match self {
                    $(Algo::$variant => &[$($($crate::tree::board::Enhancement::$uses),*)?],)*
                }
            }

            /// The counters it keeps (none known if this build lacks it).
            pub fn counters(self) -> &'static [Counter] {
                match self {
                    $($(#[cfg(feature = $feature)])? Algo::$variant => &[$($counter),*],)*
                    #[allow(unreachable_patterns)] // with every backend built
                    _ => &[],
                }
            }

            /// A fresh instance for trees of type `T`, told `settings`;
            /// `None` if this build lacks it.
            pub fn make<T: GameTree>(self, settings: &Settings) -> Option<Box<dyn Search<T>>> {
                match self {
                    $($(#[cfg(feature = $feature)])? Algo::$variant => {
                        let $settings = settings;
                        Some(Box::new($make))
                    })*
                    #[allow(unreachable_patterns)] // with every backend built
                    _ => None,
                }
            }
        }
    };
    (@module $feature:literal; $module:ident) => {
        #[cfg(feature = $feature)]
        pub mod $module;
    };
    (@module; $module:ident) => {
        pub mod $module;
    };
    (@module $($feature:literal)?;) => {};
    (@feature) => { None };
    (@feature $feature:literal) => { Some($feature) };
    (@built) => { true };
    (@built $feature:literal) => { cfg!(feature = $feature) };
}

pub(super) use registry;

impl Algo {
    /// The backends this build has, in registry order.
    pub fn all_built() -> impl Iterator<Item = Algo> {
        Algo::ALL.into_iter().filter(|a| a.built())
    }

    /// Whether it takes `setting`.
    pub fn takes(self, setting: Setting) -> bool {
        self.settings().contains(&setting)
    }

    /// The enhancements some backends do not use, so that the registry
    /// says for each backend which of them it uses: `window` (a backend
    /// that ignores the window it is given has no use for it) and `tt`
    /// (SCOUT and SSS* keep no table). Every backend uses the others.
    pub const OPTIONAL: [Enhancement; 2] = [Enhancement::Window, Enhancement::Tt];

    /// Whether searching the board with it is changed by `enhancement`:
    /// the enhancements outside [`Algo::OPTIONAL`] always, those in it if
    /// its registry line says so, and those that need another (`symmetry`
    /// needs `tt`) if it uses that one.
    pub fn uses(self, enhancement: Enhancement) -> bool {
        if let Some(needed) = enhancement.needs() {
            return self.uses(needed);
        }
        !Algo::OPTIONAL.contains(&enhancement)
            || self.optional_enhancements().contains(&enhancement)
    }
}

impl fmt::Display for Algo {
    /// The name `--algo` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is no backend's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgo(pub String);

impl fmt::Display for UnknownAlgo {
    /// `unknown algorithm 'NAME' (known: ...)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Algo::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown algorithm '{}' (known: {})",
            self.0.escape_debug(),
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgo {}

impl FromStr for Algo {
    type Err = UnknownAlgo;

    /// The backend called `name`, built or not: the one place a name
    /// becomes an [`Algo`].
    fn from_str(name: &str) -> Result<Algo, UnknownAlgo> {
        Algo::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| UnknownAlgo(name.to_string()))
    }
}

/// Every counter the backends of this build keep, in the order `--stats`
/// and `compare` show them: the depth-first search's (which several
/// backends share) first, then the backends' own in registry order, the
/// table's size last.
pub fn counters() -> &'static [Counter] {
    static SHOWN: LazyLock<Vec<Counter>> = LazyLock::new(|| {
        let kept: Vec<Counter> = Algo::ALL
            .into_iter()
            .flat_map(|a| a.counters().iter().copied())
            .collect();
        let shared = |c: &Counter| depth_first::COUNTERS.contains(c) || *c == tt::ENTRIES;
        let first = depth_first::COUNTERS.into_iter();
        let own = kept.iter().copied().filter(|c| !shared(c));
        let mut shown: Vec<Counter> = Vec::new();
        for counter in first.chain(own).chain([tt::ENTRIES]) {
            if kept.contains(&counter) && !shown.contains(&counter) {
                shown.push(counter);
            }
        }
        shown
    });
    &SHOWN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Stats;
    use crate::tree::value::Window;
    use crate::tree::written::ExplicitTree;

    #[test]
    fn names_are_unique_and_each_feature_names_its_backend() {
        for (i, a) in Algo::ALL.into_iter().enumerate() {
            assert!(Algo::ALL[..i].iter().all(|b| b.name() != a.name()), "{a}");
            assert_eq!(a.name().parse::<Algo>(), Ok(a));
            assert_eq!(a.to_string(), a.name());
            if let Some(feature) = a.feature() {
                assert_eq!(
                    feature.parse::<Algo>(),
                    Ok(a),
                    "an optional backend's own feature"
                );
            }
        }
        assert_eq!(
            "nonesuch".parse::<Algo>().unwrap_err().to_string(),
            "unknown algorithm 'nonesuch' (known: alphabeta, alphabeta-shallow, minimax, scout, \
             sss, negascout, mt-sss, mt-dual, mtdf, pns, dfpn)"
        );
    }

    #[test]
    fn the_built_ones_can_be_made_and_keep_only_the_counters_they_declare() {
        let tree = ExplicitTree::parse("[[3,5],[2,9]]").unwrap();
        for a in Algo::ALL {
            let made = a.make::<ExplicitTree>(&Settings::default());
            assert_eq!(made.is_some(), a.built(), "{a}");
            let Some(mut search) = made else {
                assert!(a.counters().is_empty(), "{a}");
                continue;
            };
            assert_eq!(search.search(&tree, tree.root(), Window::FULL), 3, "{a}");
            assert!(a.counters().len() <= Stats::MOST, "{a}");
            for (counter, _) in search.stats().counters() {
                assert!(a.counters().contains(&counter), "{a} keeps {counter:?}");
            }
            for counter in a.counters() {
                assert!(counters().contains(counter), "{counter:?} is shown");
            }
        }
    }

    #[test]
    fn only_mtdf_takes_a_guess_and_the_drivers_and_proof_numbers_a_table_size() {
        assert_eq!(Setting::Guess.takers().collect::<Vec<_>>(), [Algo::Mtdf]);
        assert_eq!(
            Setting::TableSize.takers().collect::<Vec<_>>(),
            [Algo::MtSss, Algo::MtDual, Algo::Mtdf, Algo::Pns, Algo::Dfpn]
        );
    }

    /// Which backends the window and the table change, found by searching
    /// boards with and without each (an independent check of the
    /// registry's lines): a backend the registry says uses one has its
    /// work (leaves, nodes or a counter) changed by it somewhere, and one
    /// that does not use it never has.
    #[test]
    fn the_registry_knows_which_backends_use_the_window_and_the_table() {
        use crate::answer::solver::answer;
        use crate::game::random::BoardClass;
        use crate::tree::board::{BoardTree, Enhancements};
        // Boards with empty squares enough for the table to store positions.
        let boards = BoardClass::Midgame.boards(20, 100);
        let base = Enhancements::of(&[Enhancement::Forced, Enhancement::Bounds]);
        let work = |algo: Algo, set: Enhancements| {
            let tree = BoardTree::new(set);
            let mut search = algo.make::<BoardTree>(&Settings::default()).unwrap();
            let mut work = Vec::new();
            for &board in &boards {
                answer(&tree, board, |c, w| search.search(&tree, c.node, w));
                work.push(search.stats());
                search.reset_stats();
            }
            work
        };
        for algo in Algo::all_built() {
            let plain = work(algo, base);
            for e in Algo::OPTIONAL {
                let changed = work(algo, base.with(e)) != plain;
                assert_eq!(changed, algo.uses(e), "{algo} and {}", e.name());
            }
            assert_eq!(algo.uses(Enhancement::Symmetry), algo.uses(Enhancement::Tt));
            let symmetry = base.with(Enhancement::Symmetry);
            assert_eq!(work(algo, symmetry), plain, "{algo}: symmetry without tt");
            assert!(algo.uses(Enhancement::Forced), "{algo}");
        }
    }
}
