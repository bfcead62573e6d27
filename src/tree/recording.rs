//! The leaves a search evaluates, in order, as Dewey paths (`--order`).
//!
//! [`Recording`] wraps any tree and gives each node it hands out a place:
//! the expansion of its parent, and its child number (from 1, in search
//! order). Whenever a search expands a leaf, the leaf's path goes to the
//! recording's sink at once (or is kept, by [`Recording::new`]), repeats
//! included, so the paths come in the search's evaluation order; nothing
//! else changes (values, keys and bounds are the wrapped tree's), so any
//! backend runs on it unchanged.
//!
//! What the recording keeps of the expansions is its [`Keeping`]: for a
//! depth-first search, only those on the path to the node expanded last,
//! so that its memory follows the tree's depth, not its size; for any
//! other search (SSS* holds nodes all over the tree), every expansion of
//! an inner node.
//!
//! [`search_recorded`] runs a backend on a recording of a tree and gives
//! back its value, the leaves it evaluated and the tree:
//!
//! ```
//! use winmove::{Algo, ExplicitTree, Window};
//! use winmove::search::recorded::search_recorded;
//! use winmove::tree::recording::{Recording, dewey};
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! let root = tree.root();
//! let algo = Algo::AlphaBeta;
//! let mut search = algo.make::<Recording<ExplicitTree>>(&Default::default()).unwrap();
//! let searched = search_recorded(&mut search, tree, root, Window::FULL);
//! assert_eq!(searched.value, 4);
//! let order: Vec<String> = searched.leaves.iter().map(|path| dewey(path)).collect();
//! assert_eq!(order.join(","), "1.1,1.2,1.3,2.1,2.2,3.1,3.2,3.3"); // 2.3 is cut
//! ```
//!
//! [`search_recorded`]: crate::search::recorded::search_recorded

use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, Keys};
use std::cell::{Cell, RefCell};

/// A node of a [`Recording`]: the wrapped tree's node and its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded<N> {
    /// The wrapped tree's node.
    pub node: N,
    /// The expansion of its parent ([`NO_PARENT`] for the root).
    parent: u32,
    /// Its child number, from 1 (0 for the root).
    number: u32,
    /// The stamp of its parent's expansion, which tells a depth-first
    /// recording that the parent is still on the path.
    stamp: u32,
}

/// The parent of the root.
const NO_PARENT: u32 = u32::MAX;

/// What the recording keeps of the expansions of inner nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// Those on the path to the node expanded last: enough for a search
    /// that expands the nodes below a node only while it searches that
    /// node (every backend but SSS*). Memory follows the depth.
    Path,
    /// Every one: enough for any search.
    Every,
}

/// The expansion of an inner node, kept while its children may still be
/// expanded.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The expansion of the node's parent ([`NO_PARENT`] for the root).
    parent: u32,
    /// The node's child number (0 for the root).
    number: u32,
    /// Tells this expansion from others that were kept in the same place.
    stamp: u32,
}

/// What takes the path of each leaf a streaming [`Recording`] reports.
pub type LeafSink = Box<dyn FnMut(&[u32])>;

/// Where the paths of the leaves go.
enum Sink {
    /// Kept, for [`Recording::leaves`].
    Kept(Vec<Vec<u32>>),
    /// Handed over as each leaf is evaluated.
    Streamed(LeafSink),
}

/// A tree that reports every leaf a search evaluates.
pub struct Recording<T: GameTree> {
    inner: T,
    root: T::Node,
    keeping: Keeping,
    /// The expansions kept: with [`Keeping::Path`], the one at depth `d`
    /// at index `d`.
    frames: RefCell<Vec<Frame>>,
    /// The next stamp.
    stamps: Cell<u32>,
    /// The path of the leaf being reported.
    path: RefCell<Vec<u32>>,
    sink: RefCell<Sink>,
}

impl<T: GameTree> Recording<T> {
    /// Wraps `inner`, whose searches start at `root`, keeping every
    /// expansion and the path of every leaf evaluated
    /// ([`Recording::leaves`]).
    pub fn new(inner: T, root: T::Node) -> Recording<T> {
        Recording::with_sink(inner, root, Keeping::Every, Sink::Kept(Vec::new()))
    }

    /// Wraps `inner`, whose searches start at `root`, handing the path of
    /// each leaf to `sink` as it is evaluated, and keeping of the
    /// expansions what `keeping` says.
    pub fn streaming(inner: T, root: T::Node, keeping: Keeping, sink: LeafSink) -> Recording<T> {
        Recording::with_sink(inner, root, keeping, Sink::Streamed(sink))
    }

    fn with_sink(inner: T, root: T::Node, keeping: Keeping, sink: Sink) -> Recording<T> {
        Recording {
            inner,
            root,
            keeping,
            frames: RefCell::new(Vec::new()),
            stamps: Cell::new(0),
            path: RefCell::new(Vec::new()),
            sink: RefCell::new(sink),
        }
    }

    /// The root, as a node of the recording.
    pub fn root(&self) -> Recorded<T::Node> {
        Recorded {
            node: self.root,
            parent: NO_PARENT,
            number: 0,
            stamp: 0,
        }
    }

    /// The wrapped tree.
    pub fn inner(&self) -> &T {
        &self.inner
    }

    /// The wrapped tree, given back.
    pub fn into_inner(self) -> T {
        self.inner
    }

    /// The paths of the leaves evaluated so far, in order, repeats
    /// included, if the recording keeps them (made by [`Recording::new`]).
    pub fn leaves(&self) -> Vec<Vec<u32>> {
        match &*self.sink.borrow() {
            Sink::Kept(leaves) => leaves.clone(),
            Sink::Streamed(_) => Vec::new(),
        }
    }

    /// Keeps the expansion of the inner node `node`: the place of its
    /// frame and the frame's stamp, for its children.
    fn enter(&self, node: &Recorded<T::Node>) -> (u32, u32) {
        let mut frames = self.frames.borrow_mut();
        let again = |frame: &Frame| frame.parent == node.parent && frame.number == node.number;
        let at = match self.keeping {
            Keeping::Path => {
                let depth = self.depth_on_path(&frames, node);
                // The same node expanded again (a re-search, a new pass)
                // keeps its frame: its children keep their places.
                if frames.get(depth).is_some_and(again) {
                    frames.truncate(depth + 1);
                } else {
                    frames.truncate(depth);
                    frames.push(self.frame(node));
                }
                depth
            }
            Keeping::Every => {
                if !frames.last().is_some_and(again) {
                    frames.push(self.frame(node));
                }
                frames.len() - 1
            }
        };
        let at = u32::try_from(at).expect("fewer than 2^32 - 1 expansions kept");
        (at, frames[at as usize].stamp)
    }

    /// A new frame for `node`.
    fn frame(&self, node: &Recorded<T::Node>) -> Frame {
        let stamp = self.stamps.get();
        self.stamps.set(stamp.wrapping_add(1));
        Frame {
            parent: node.parent,
            number: node.number,
            stamp,
        }
    }

    /// The depth of `node` in a recording that keeps the path: its parent
    /// must be the frame at the depth above (a search that declared
    /// itself depth first and was not would get wrong paths).
    fn depth_on_path(&self, frames: &[Frame], node: &Recorded<T::Node>) -> usize {
        if node.parent == NO_PARENT {
            return 0;
        }
        let parent = node.parent as usize;
        assert!(
            frames.get(parent).is_some_and(|f| f.stamp == node.stamp),
            "a recording of the path expands a node only while its parent is searched"
        );
        parent + 1
    }

    /// Reports the leaf `node`: its path to the sink.
    fn report(&self, node: &Recorded<T::Node>) {
        let mut path = self.path.borrow_mut();
        path.clear();
        if node.parent != NO_PARENT {
            let frames = self.frames.borrow();
            match self.keeping {
                Keeping::Path => {
                    let depth = self.depth_on_path(&frames, node);
                    path.extend(frames[1..depth].iter().map(|f| f.number));
                }
                Keeping::Every => {
                    let mut at = node.parent;
                    while frames[at as usize].parent != NO_PARENT {
                        path.push(frames[at as usize].number);
                        at = frames[at as usize].parent;
                    }
                    path.reverse();
                }
            }
            path.push(node.number);
        }
        match &mut *self.sink.borrow_mut() {
            Sink::Kept(leaves) => leaves.push(path.clone()),
            Sink::Streamed(sink) => sink(&path),
        }
    }
}

/// A Dewey path as text: `2.1.1`, or `root` for the root (as traces,
/// principal variations, `--order` and the drawings' tooltips name it).
pub fn dewey(path: &[u32]) -> String {
    if path.is_empty() {
        return "root".to_string();
    }
    let parts: Vec<String> = path.iter().map(u32::to_string).collect();
    parts.join(".")
}

/// The children of a node of a [`Recording`]: the wrapped tree's, each
/// given its place as it comes.
#[derive(Clone, Debug)]
pub struct RecordedChildren<C> {
    inner: C,
    parent: u32,
    stamp: u32,
    /// The next child's number.
    number: u32,
}

impl<N, C: Iterator<Item = N>> Iterator for RecordedChildren<C> {
    type Item = Recorded<N>;

    fn next(&mut self) -> Option<Recorded<N>> {
        let node = self.inner.next()?;
        let number = self.number;
        // Past the last of 2^32 - 1 children, no number is needed again.
        self.number = self.number.wrapping_add(1);
        Some(Recorded {
            node,
            parent: self.parent,
            number,
            stamp: self.stamp,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T: GameTree> GameTree for Recording<T> {
    type Node = Recorded<T::Node>;
    type Children = RecordedChildren<T::Children>;

    fn is_max(&self, node: &Self::Node) -> bool {
        self.inner.is_max(&node.node)
    }

    fn expand(&self, node: &Self::Node) -> Expansion<Self::Children> {
        match self.inner.expand(&node.node) {
            Expansion::Leaf(value) => {
                self.report(node);
                Expansion::Leaf(value)
            }
            Expansion::Inner(children) => {
                let (parent, stamp) = self.enter(node);
                Expansion::Inner(RecordedChildren {
                    inner: children,
                    parent,
                    stamp,
                    number: 1,
                })
            }
        }
    }

    fn upper_bound(&self, node: &Self::Node) -> Value {
        self.inner.upper_bound(&node.node)
    }

    fn lower_bound(&self, node: &Self::Node) -> Value {
        self.inner.lower_bound(&node.node)
    }

    fn value_range(&self) -> (Value, Value) {
        self.inner.value_range()
    }

    fn settle(&self, node: &Self::Node, window: Window) -> Option<Value> {
        self.inner.settle(&node.node, window)
    }

    fn keys(&self) -> Keys {
        self.inner.keys()
    }

    fn key(&self, node: &Self::Node) -> Option<u64> {
        self.inner.key(&node.node)
    }
}

impl<T: GameTree + std::fmt::Debug> std::fmt::Debug for Recording<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let leaves = match &*self.sink.borrow() {
            Sink::Kept(leaves) => Some(leaves.len()),
            Sink::Streamed(_) => None,
        };
        f.debug_struct("Recording")
            .field("inner", &self.inner)
            .field("root", &self.root)
            .field("keeping", &self.keeping)
            .field("frames", &self.frames.borrow().len())
            .field("leaves_kept", &leaves)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::uniform::{UniformTree, Values};

    /// A plain minimax written here, depth first and left to right, that
    /// checks after each expansion how many the recording keeps.
    fn minimax<T: GameTree>(recording: &Recording<T>, node: &Recorded<T::Node>, most: usize) {
        match recording.expand(node) {
            Expansion::Leaf(_) => {}
            Expansion::Inner(children) => {
                assert!(recording.frames.borrow().len() <= most);
                for child in children {
                    minimax(recording, &child, most);
                }
            }
        }
    }

    #[test]
    fn a_recording_of_the_path_keeps_one_expansion_a_level() {
        let depth = 12;
        let tree = UniformTree::new(2, depth, 1, 0, Values::Wide);
        let paths = std::rc::Rc::new(RefCell::new(Vec::new()));
        let sink = {
            let paths = paths.clone();
            Box::new(move |path: &[u32]| paths.borrow_mut().push(dewey(path)))
        };
        let recording = Recording::streaming(tree, tree.root(), Keeping::Path, sink);
        // Searched twice, as the MT drivers search the root once a pass.
        for _ in 0..2 {
            minimax(&recording, &recording.root(), depth as usize);
        }
        let paths = paths.borrow();
        assert_eq!(paths.len(), 2 << depth);
        // Leaf k's path is k in binary, digits 1 and 2, most significant first.
        for (k, path) in paths.iter().enumerate() {
            let k = k % (1 << depth);
            let digits: Vec<String> = (0..depth)
                .rev()
                .map(|bit| ((k >> bit & 1) + 1).to_string())
                .collect();
            assert_eq!(*path, digits.join("."));
        }
    }
}
