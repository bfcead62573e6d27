//! The registry of backends: one line each, a table of data that the
//! macro below turns into [`Algo`] and its methods.
//!
//! A line gives the backend's [`Algo`] variant, the name `--algo` takes,
//! the cargo feature that builds it (if it is optional), a one-line
//! summary, the [`Counter`]s it keeps, the [`Setting`]s it takes (if any),
//! what it [`Uses`] of what a search is given (if anything), and how to
//! make one from the [`Settings`]. The feature gates the line's counters
//! and constructor (its module is declared in `src/search/mod.rs` under
//! the same feature); the rest is known to every build, so that a build
//! can name what it lacks.

use super::alphabeta::{AlphaBeta, Pruning};
use super::backend::Search;
use super::depth_first::{CUTOFFS, RESEARCHES};
#[cfg(feature = "dfpn")]
use super::dfpn;
#[cfg(any(feature = "pns", feature = "dfpn", feature = "mcts"))]
use super::held::{BYTES, HELD};
#[cfg(feature = "mcts")]
use super::mcts;
#[cfg(any(feature = "mt-sss", feature = "mt-dual", feature = "mtdf"))]
use super::mt;
#[cfg(feature = "negascout")]
use super::negascout;
#[cfg(feature = "pns")]
use super::pns;
#[cfg(any(feature = "pns", feature = "dfpn"))]
use super::proof;
#[cfg(feature = "scout")]
use super::scout;
#[cfg(feature = "sss")]
use super::sss;
#[cfg(any(
    feature = "mt-sss",
    feature = "mt-dual",
    feature = "mtdf",
    feature = "pns",
    feature = "dfpn"
))]
use super::stats::PASSES;
use super::stats::{Counter, Stats};
use super::tt::{self, ENTRIES};
use crate::tree::GameTree;
use crate::tree::value::Value;
use std::fmt;
use std::str::FromStr;

/// The seed of a randomised search unless told (`--playout-seed`): any build
/// knows it, as it knows every backend's name.
pub const DEFAULT_SEED: u64 = 1;
use std::sync::LazyLock;

/// What a backend makes use of, among what a search of it is given, for
/// the registry to say: a board tree's enhancements only change the
/// searches of the backends that use what they give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uses {
    /// The window it is asked with: it may stop at a bound outside it
    /// (the others always compute the exact value).
    Window,
    /// A transposition table, stored under the tree's keys.
    Table,
}

/// What a backend may be told when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// MTD(f)'s first guess (`--guess`): [`Setting::Guess`].
    pub guess: Value,
    /// The most entries a table of nodes holds (`--table-size`):
    /// [`Setting::TableSize`].
    pub table_size: usize,
    /// The seed of a randomised search (`--playout-seed`): [`Setting::Seed`].
    pub seed: u64,
}

impl Default for Settings {
    /// A first guess of 0, tables of nodes of `NODE_ENTRIES`, seed
    /// [`DEFAULT_SEED`].
    fn default() -> Settings {
        Settings {
            guess: 0,
            table_size: tt::NODE_ENTRIES,
            seed: DEFAULT_SEED,
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
    /// The seed of a randomised search ([`Settings::seed`]).
    Seed,
}

impl Setting {
    /// Every setting.
    pub const ALL: [Setting; 3] = [Setting::Guess, Setting::TableSize, Setting::Seed];

    /// The command-line option that gives it.
    pub const fn option(self) -> &'static str {
        match self {
            Setting::Guess => "--guess",
            Setting::TableSize => "--table-size",
            Setting::Seed => "--playout-seed",
        }
    }

    /// What it is, for messages.
    pub const fn meaning(self) -> &'static str {
        match self {
            Setting::Guess => "MTD(f)'s first guess",
            Setting::TableSize => "the size of the table of nodes",
            Setting::Seed => "the seed of the playouts",
        }
    }

    /// The backends that take it, built or not, in registry order.
    pub fn takers(self) -> impl Iterator<Item = Algo> {
        Algo::ALL.into_iter().filter(move |a| a.takes(self))
    }
}

/// Writes [`Algo`] and its methods from one line per backend:
/// `Variant "name" [if "feature"]: "summary", counts [COUNTER, ...] [,
/// takes [Setting, ...]] [, uses [Uses, ...]] => |settings| constructor;`.
macro_rules! registry {
    ($(
        $variant:ident $name:literal $(if $feature:literal)?: $summary:literal,
            counts [$($counter:expr),*] $(, takes [$($setting:ident),*])?
            $(, uses [$($uses:ident),*])?
            => |$settings:pat_param| $make:expr;
    )*) => {
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

            /// What it makes use of (see [`Uses`]).
            pub const fn uses_all(self) -> &'static [Uses] {
                match self {
                    $(Algo::$variant => &[$($(Uses::$uses),*)?],)*
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
    (@feature) => { None };
    (@feature $feature:literal) => { Some($feature) };
    (@built) => { true };
    (@built $feature:literal) => { cfg!(feature = $feature) };
}
registry! {
    AlphaBeta "alphabeta": "alpha-beta: both bounds passed down, so cutoffs reach deep",
        counts [CUTOFFS, ENTRIES], uses [Window, Table]
        => |_| AlphaBeta::new(Pruning::Deep);
    AlphaBetaShallow "alphabeta-shallow": "the one-bound MinSearch/MaxSearch of the POJ 1568 lecture",
        counts [CUTOFFS, ENTRIES], uses [Window, Table]
        => |_| AlphaBeta::new(Pruning::Shallow);
    Minimax "minimax": "plain minimax: every node, no pruning",
        counts [ENTRIES], uses [Table]
        => |_| AlphaBeta::new(Pruning::None);
    Scout "scout" if "scout": "Pearl's SCOUT: TEST before EVAL",
        counts [scout::TESTS, scout::EVALS]
        => |_| scout::Scout::new();
    Sss "sss" if "sss": "Stockman's SSS*: best first, the OPEN list and the six cases",
        counts [sss::STEPS, sss::MAX_OPEN]
        => |_| sss::Sss::new();
    NegaScout "negascout" if "negascout": "Reinefeld's NegaScout: null windows after the first child, re-search",
        counts [CUTOFFS, RESEARCHES, ENTRIES], uses [Window, Table]
        => |_| negascout::NegaScout::new();
    MtSss "mt-sss" if "mt-sss": "MT-SSS*: alpha-beta with memory, null windows from +inf down",
        counts [CUTOFFS, PASSES, ENTRIES], takes [TableSize], uses [Table]
        => |settings| mt::Mt::new(mt::Start::Top, settings.table_size);
    MtDual "mt-dual" if "mt-dual": "MT-DUAL*: alpha-beta with memory, null windows from -inf up",
        counts [CUTOFFS, PASSES, ENTRIES], takes [TableSize], uses [Table]
        => |settings| mt::Mt::new(mt::Start::Bottom, settings.table_size);
    Mtdf "mtdf" if "mtdf": "MTD(f): alpha-beta with memory, null windows from a first guess (--guess)",
        counts [CUTOFFS, PASSES, ENTRIES], takes [Guess, TableSize], uses [Table]
        => |settings| mt::Mt::new(mt::Start::Guess(settings.guess), settings.table_size);
    Pns "pns" if "pns": "Allis's proof-number search: the tree in memory, most-proving node first",
        counts [proof::EXPANSIONS, PASSES, proof::ROOT_PN, proof::ROOT_DN, HELD, BYTES], takes [TableSize], uses [Window]
        => |settings| pns::Pns::new(settings.table_size);
    Dfpn "dfpn" if "dfpn": "Nagai's df-pn: proof numbers depth first, thresholds and a table",
        counts [proof::EXPANSIONS, PASSES, proof::ROOT_PN, proof::ROOT_DN, ENTRIES, BYTES], takes [TableSize], uses [Window, Table]
        => |settings| dfpn::Dfpn::new(settings.table_size);
    Mcts "mcts" if "mcts": "score-bounded Monte Carlo tree search: UCB1, seeded playouts (--playout-seed), exact bounds",
        counts [mcts::ITERATIONS, mcts::PLAYOUTS, mcts::PLAYOUT_PLIES, HELD, BYTES], takes [TableSize, Seed], uses [Window]
        => |settings| mcts::Mcts::new(settings.table_size, settings.seed);
}

impl Algo {
    /// The backends this build has, in registry order.
    pub fn all_built() -> impl Iterator<Item = Algo> {
        Algo::ALL.into_iter().filter(|a| a.built())
    }

    /// Whether it takes `setting`.
    pub fn takes(self, setting: Setting) -> bool {
        self.settings().contains(&setting)
    }

    /// The most bytes a node of its table of nodes (`--table-size`) costs
    /// the process, for the backends that take one: the MT drivers' map,
    /// two buckets of 17 bytes an entry; pns's held tree, measured at 74
    /// bytes a node on trees and 102 on boards; df-pn's table, measured at
    /// 125 on both (its map holds 40-byte entries and briefly two of its
    /// sizes while it grows). Measured as the process's peak resident
    /// memory (KiB) over the nodes of a full table, `/usr/bin/time -f %M
    /// winmove tree --uniform 4:12 --algo NAME` and `winmove --algo NAME
    /// --without shortcut,bounds,tt` on the empty board: docs/workbench.md.
    pub const fn node_bytes(self) -> Option<usize> {
        match self {
            Algo::MtSss | Algo::MtDual | Algo::Mtdf => Some(34),
            Algo::Pns => Some(102),
            Algo::Dfpn => Some(125),
            _ => None,
        }
    }

    /// Whether it makes use of `what`.
    pub fn uses(self, what: Uses) -> bool {
        self.uses_all().contains(&what)
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

/// `stats` with its counters in the order [`counters`] shows them.
pub fn shown(stats: Stats) -> Stats {
    stats.ordered(counters())
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
        let first = [CUTOFFS, RESEARCHES];
        let shared = |c: &Counter| first.contains(c) || *c == ENTRIES;
        let own = kept.iter().copied().filter(|c| !shared(c));
        let mut shown: Vec<Counter> = Vec::new();
        for counter in first.into_iter().chain(own).chain([ENTRIES]) {
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
             sss, negascout, mt-sss, mt-dual, mtdf, pns, dfpn, mcts)"
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
    fn only_mtdf_takes_a_guess_the_backends_that_hold_nodes_a_table_size_mcts_a_seed() {
        assert_eq!(Setting::Guess.takers().collect::<Vec<_>>(), [Algo::Mtdf]);
        assert_eq!(
            Setting::TableSize.takers().collect::<Vec<_>>(),
            [
                Algo::MtSss,
                Algo::MtDual,
                Algo::Mtdf,
                Algo::Pns,
                Algo::Dfpn,
                Algo::Mcts
            ]
        );
        assert_eq!(Setting::Seed.takers().collect::<Vec<_>>(), [Algo::Mcts]);
    }

    #[test]
    fn stats_are_shown_in_the_registry_order_whatever_the_order_kept() {
        for algo in Algo::all_built() {
            let mut stats = Stats::default();
            for &counter in algo.counters().iter().rev() {
                stats = stats.with(counter, 1);
            }
            let shown: Vec<Counter> = (stats.ordered(counters()).counters())
                .map(|(c, _)| c)
                .collect();
            let places: Vec<_> = shown
                .iter()
                .map(|c| counters().iter().position(|s| s == c))
                .collect();
            assert!(
                places.is_sorted() && places.iter().all(Option::is_some),
                "{algo}"
            );
        }
    }
}
