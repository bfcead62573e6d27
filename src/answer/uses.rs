//! Which enhancements change a backend's search of the board: the
//! registry says what each backend [`Uses`] of what a search is given, the
//! enhancements say what they give.

use crate::protocol::words::listed;
use crate::search::{Algo, Uses};
use crate::tree::board::Enhancement;

/// The enhancements some backends do not use: `window` (a backend that
/// always computes the exact value has no use for it) and `tt` (SCOUT and
/// SSS* keep no table). Every backend uses the others.
pub const OPTIONAL: [Enhancement; 2] = [Enhancement::Window, Enhancement::Tt];

/// Whether searching the board with `algo` is changed by `enhancement`:
/// the enhancements outside [`OPTIONAL`] always, `window` if the backend
/// uses the window, `tt` if it keeps a table, and those that need another
/// (`symmetry` needs `tt`) if it uses that one.
pub fn uses(algo: Algo, enhancement: Enhancement) -> bool {
    if let Some(needed) = enhancement.needs() {
        return uses(algo, needed);
    }
    match enhancement {
        Enhancement::Window => algo.uses(Uses::Window),
        Enhancement::Tt => algo.uses(Uses::Table),
        _ => true,
    }
}

/// Who uses what, in words: the backends each of [`OPTIONAL`] changes,
/// and the enhancements that need another (`window only by alphabeta,
/// ...; tt only by ...; symmetry only with tt`).
pub fn users() -> String {
    let mut parts = Vec::new();
    for e in OPTIONAL {
        let users: Vec<&str> = (Algo::ALL.into_iter())
            .filter(|&a| uses(a, e))
            .map(Algo::name)
            .collect();
        parts.push(format!("{} only by {}", e.name(), listed(&users, "and")));
    }
    for e in Enhancement::ALL {
        if let Some(needed) = e.needs() {
            parts.push(format!("{} only with {}", e.name(), needed.name()));
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::solver::answer;
    use crate::game::random::BoardClass;
    use crate::search::Settings;
    use crate::tree::board::{BoardTree, Enhancements};

    /// Which backends the window and the table change, found by searching
    /// boards with and without each (an independent check of the
    /// registry's lines): a backend the registry says uses one has its
    /// work (leaves, nodes or a counter) changed by it somewhere, and one
    /// that does not use it never has.
    #[test]
    fn the_registry_knows_which_backends_use_the_window_and_the_table() {
        // Boards with empty squares enough for the table to store positions.
        let mut boards = BoardClass::Midgame.boards(20, 100);
        // And one whose first move searched draws: mcts's use of the
        // window shows only there (it stops once that move cannot win).
        boards.push(".ox.\no..o\nx..x\no.x.".parse().expect("a board"));
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
            for e in OPTIONAL {
                let changed = work(algo, base.with(e)) != plain;
                assert_eq!(changed, uses(algo, e), "{algo} and {}", e.name());
            }
            assert_eq!(
                uses(algo, Enhancement::Symmetry),
                uses(algo, Enhancement::Tt)
            );
            let symmetry = base.with(Enhancement::Symmetry);
            assert_eq!(work(algo, symmetry), plain, "{algo}: symmetry without tt");
            assert!(uses(algo, Enhancement::Forced), "{algo}");
        }
    }
}
