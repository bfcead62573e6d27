//! `winmove tree --draw`: each tree searched by each backend on a recording, then drawn ([`svg::tree`](crate::lab::svg::tree)).
//!
//! ```
//! use winmove::{Algo, ExplicitTree, Settings};
//! use winmove::lab::draw::draw_searches;
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! let algos = [Algo::AlphaBeta];
//! let svg = draw_searches(&[("line 1".to_string(), tree)], &[], &algos, &Settings::default()).unwrap();
//! assert!(svg.contains("alphabeta: 8 leaves"));
//! ```

use crate::lab::svg::tree::{
    DrawError, Drawn, EdgeLabels, Evaluated, check_count, check_size, draw,
};
use crate::search::event::Event;
use crate::search::recorded::search_recorded;
use crate::search::trace::{EventLog, Sink};
use crate::search::{Algo, Settings};
use crate::tree::recording::Recording;
use crate::tree::value::Window;
use crate::tree::written::ExplicitTree;

/// What `algo` evaluates searching `tree` from its root with the full
/// window: the Dewey paths of the leaves, in order, repeats included, and
/// its trace.
pub fn evaluated(
    tree: &ExplicitTree,
    algo: Algo,
    settings: &Settings,
) -> Result<Evaluated, DrawError> {
    let mut search = algo
        .make::<Recording<ExplicitTree>>(settings)
        .ok_or(DrawError::NotBuilt { algo })?;
    let searched = search_recorded(&mut search, tree.clone(), tree.root(), Window::FULL);
    Ok(Evaluated {
        algo,
        leaves: searched.leaves,
        events: events(tree, algo, settings)?,
    })
}

/// The events of `algo`'s search of `tree` from its root with the full
/// window: its trace, one event per line of `--trace`.
pub fn events(
    tree: &ExplicitTree,
    algo: Algo,
    settings: &Settings,
) -> Result<Vec<Event>, DrawError> {
    let mut search = algo
        .make::<ExplicitTree>(settings)
        .ok_or(DrawError::NotBuilt { algo })?;
    let log = EventLog::default();
    search.set_trace(Some(Sink::Events(log.clone())));
    search.search(tree, tree.root(), Window::FULL);
    Ok(log.take())
}

/// Searches each tree with each backend and draws them all: a row per
/// tree (titled by its name), a panel per backend, the edges of the `k`th
/// tree labelled by `labels[k]` if given (the squares played, on boards).
/// Sizes are checked before anything is searched.
pub fn draw_searches(
    trees: &[(String, ExplicitTree)],
    labels: &[EdgeLabels],
    algos: &[Algo],
    settings: &Settings,
) -> Result<String, DrawError> {
    check_count(trees.len())?;
    for (title, tree) in trees {
        check_size(title, tree)?;
    }
    let none = EdgeLabels::new();
    let mut drawn = Vec::with_capacity(trees.len());
    for (k, (title, tree)) in trees.iter().enumerate() {
        let searches = (algos.iter())
            .map(|&algo| evaluated(tree, algo, settings))
            .collect::<Result<Vec<_>, _>>()?;
        drawn.push(Drawn {
            title: title.clone(),
            tree,
            searches,
            labels: labels.get(k).unwrap_or(&none),
        });
    }
    draw(&drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leaves_are_those_alphabeta_evaluates_on_the_japanese_tree() {
        let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
        let found = evaluated(&tree, Algo::AlphaBeta, &Settings::default()).unwrap();
        // Worked by hand: alpha-beta cuts only the third leaf of the second MIN node.
        let leaves = [
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
            [2, 2],
            [3, 1],
            [3, 2],
            [3, 3],
        ];
        assert_eq!(found.leaves, leaves.map(Vec::from));
    }

    #[test]
    fn refuses_backends_not_built_and_drawings_too_big() {
        let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
        if let Some(missing) = Algo::ALL.into_iter().find(|a| !a.built()) {
            let error = evaluated(&tree, missing, &Settings::default()).unwrap_err();
            let expected = format!("{missing} is not built into this program");
            assert_eq!(error.to_string(), expected);
        }
        let trees = vec![("t".to_string(), tree); 9];
        let error = draw_searches(&trees, &[], &[Algo::AlphaBeta], &Settings::default());
        assert_eq!(error, Err(DrawError::TooMany { trees: 9 }));
    }
}
