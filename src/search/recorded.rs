//! A backend's search of a tree through a [`Recording`]: its value and the
//! leaves it evaluated, in order, kept (`tree --draw`, the claims of
//! `compare`) or handed over one by one as they are evaluated (`--order`).

use super::backend::Search;
use crate::tree::GameTree;
use crate::tree::recording::{Keeping, LeafSink, Recording};
use crate::tree::value::{Value, Window};

/// What a search of a recording found: its value, the leaves it evaluated
/// and the tree it searched, given back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched<T> {
    /// What the search returned.
    pub value: Value,
    /// The Dewey paths of the leaves it evaluated, in order, repeats
    /// included, as [`Recording::leaves`] gives them.
    pub leaves: Vec<Vec<u32>>,
    /// The tree searched.
    pub tree: T,
}

/// Searches `root` of `tree` with `search` and `window` through a
/// recording: the value, the leaves evaluated and the tree back.
pub fn search_recorded<T, S>(search: &mut S, tree: T, root: T::Node, window: Window) -> Searched<T>
where
    T: GameTree,
    S: Search<Recording<T>> + ?Sized,
{
    let recording = Recording::new(tree, root);
    let value = search.search(&recording, recording.root(), window);
    Searched {
        value,
        leaves: recording.leaves(),
        tree: recording.into_inner(),
    }
}

/// Searches `root` of `tree` with `search` and `window` through a
/// recording that hands the path of each leaf to `sink` as it is
/// evaluated: the value and the tree back. What the recording keeps
/// follows the tree's depth when the backend searches depth first.
pub fn search_streamed<T, S>(
    search: &mut S,
    tree: T,
    root: T::Node,
    window: Window,
    sink: LeafSink,
) -> (Value, T)
where
    T: GameTree,
    S: Search<Recording<T>> + ?Sized,
{
    let keeping = if search.depth_first() {
        Keeping::Path
    } else {
        Keeping::Every
    };
    let recording = Recording::streaming(tree, root, keeping, sink);
    let value = search.search(&recording, recording.root(), window);
    (value, recording.into_inner())
}
