//! Every backend by name: the one list the command line, `compare`, the
//! tests and the benches read.
//!
//! Adding an algorithm is one new file in `src/search/` (a type that
//! implements [`Search`] for every [`GameTree`]), its `pub mod` line in
//! `src/search/mod.rs`, and one line below: its name, the cargo feature
//! that builds it (if it is optional), a one-line summary, and how to make
//! one from the [`Settings`]. An optional backend's `pub mod` line goes
//! under `#[cfg(feature = "...")]`, and the feature, named like the
//! backend, is declared in `Cargo.toml`.

use super::Search;
use crate::tree::GameTree;
use crate::tree::value::Value;

/// A backend as the registry knows it, built into this program or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Algo {
    /// The name `--algo` takes.
    pub name: &'static str,
    /// The cargo feature that builds it; `None` if it is always built.
    pub feature: Option<&'static str>,
    /// What it is, in one line.
    pub summary: &'static str,
    /// Whether this build has it.
    pub built: bool,
}

/// What a backend may be told when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Settings {
    /// MTD(f)'s first guess (`--guess`).
    pub guess: Value,
}

/// Writes [`ALGOS`] and [`make`] from one line per backend:
/// `"name" [if "feature"]: "summary" => |settings| constructor;`.
macro_rules! registry {
    ($($name:literal $(if $feature:literal)?: $summary:literal => |$settings:pat_param| $make:expr;)*) => {
        /// Every backend, built or not, in the order tables list them.
        pub const ALGOS: &[Algo] = &[$(Algo {
            name: $name,
            feature: registry!(@feature $($feature)?),
            summary: $summary,
            built: registry!(@built $($feature)?),
        }),*];

        /// A fresh backend called `name` for trees of type `T`; `None` if
        /// there is none by that name in this build.
        fn make<T: GameTree>(name: &str, settings: &Settings) -> Option<Box<dyn Search<T>>> {
            match name {
                $($(#[cfg(feature = $feature)])? $name => {
                    let $settings = settings;
                    Some(Box::new($make))
                })*
                _ => None,
            }
        }
    };
    (@feature) => { None };
    (@feature $feature:literal) => { Some($feature) };
    (@built) => { true };
    (@built $feature:literal) => { cfg!(feature = $feature) };
}

#[allow(unused_imports)] // the optional backends' modules, when built
use super::{alphabeta::*, *};

registry! {
    "alphabeta": "alpha-beta: both bounds passed down, so cutoffs reach deep"
        => |_| AlphaBeta::new(Pruning::Deep);
    "alphabeta-shallow": "the one-bound MinSearch/MaxSearch of the POJ 1568 lecture"
        => |_| AlphaBeta::new(Pruning::Shallow);
    "minimax": "plain minimax: every node, no pruning"
        => |_| AlphaBeta::new(Pruning::None);
    "scout" if "scout": "Pearl's SCOUT: TEST before EVAL"
        => |_| scout::Scout::new();
    "sss" if "sss": "Stockman's SSS*: best first, the OPEN list and the six cases"
        => |_| sss::Sss::new();
    "negascout" if "negascout": "Reinefeld's NegaScout: null windows after the first child, re-search"
        => |_| negascout::NegaScout::new();
    "mt-sss" if "mt-sss": "MT-SSS*: alpha-beta with memory, null windows from +inf down"
        => |_| mt::Mt::new(mt::Start::Top);
    "mt-dual" if "mt-dual": "MT-DUAL*: alpha-beta with memory, null windows from -inf up"
        => |_| mt::Mt::new(mt::Start::Bottom);
    "mtdf" if "mtdf": "MTD(f): alpha-beta with memory, null windows from a first guess (--guess)"
        => |settings| mt::Mt::new(mt::Start::Guess(settings.guess));
}

impl Algo {
    /// The backend called `name`, built or not.
    pub fn named(name: &str) -> Option<&'static Algo> {
        ALGOS.iter().find(|a| a.name == name)
    }

    /// The backends this build has, in table order.
    pub fn built() -> impl Iterator<Item = &'static Algo> {
        ALGOS.iter().filter(|a| a.built)
    }

    /// The backend called `name` if this build has it.
    pub fn built_named(name: &str) -> Option<&'static Algo> {
        Algo::named(name).filter(|a| a.built)
    }

    /// A fresh instance for trees of type `T`; `None` if not built.
    pub fn make<T: GameTree>(&self, settings: &Settings) -> Option<Box<dyn Search<T>>> {
        make(self.name, settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::value::Window;
    use crate::tree::written::ExplicitTree;

    #[test]
    fn names_are_unique_and_the_built_ones_can_be_made() {
        for (i, a) in ALGOS.iter().enumerate() {
            assert!(ALGOS[..i].iter().all(|b| b.name != a.name), "{}", a.name);
            let made = a.make::<ExplicitTree>(&Settings::default());
            assert_eq!(made.is_some(), a.built, "{}", a.name);
            if let Some(feature) = a.feature {
                assert_eq!(feature, a.name, "each optional backend has its own feature");
            }
        }
        let tree = ExplicitTree::parse("[[3,5],[2,9]]").unwrap();
        for a in Algo::built() {
            let mut search = a.make::<ExplicitTree>(&Settings::default()).unwrap();
            assert_eq!(
                search.search(&tree, tree.root(), Window::FULL),
                3,
                "{}",
                a.name
            );
        }
    }
}
