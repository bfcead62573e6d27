//! The leaves a search evaluates, in order, as Dewey paths (`--order`).
//!
//! [`Recording`] wraps any tree and gives each node it hands out an
//! identity: its parent's and its own child number (from 1, in search
//! order). Whenever a search expands a leaf, the leaf's identity is
//! logged, so the log is the search's evaluation order, repeats included;
//! nothing else changes (values, keys and bounds are the wrapped tree's),
//! so any backend runs on it unchanged.
//!
//! [`search_recorded`] runs a backend on a recording of a tree and gives
//! back its value, the leaves it evaluated and the tree:
//!
//! ```
//! use winmove::{Algo, ExplicitTree, Recording, Window, dewey, search_recorded};
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

use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, Keys};
use std::cell::RefCell;

/// A node of a [`Recording`]: the wrapped tree's node and its identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded<N> {
    /// The wrapped tree's node.
    pub node: N,
    /// Its identity in the recording (the root is 0).
    pub id: u32,
}

/// What the recording knows of a node it handed out.
#[derive(Clone, Copy, Debug)]
struct Place {
    /// The parent's identity (the root's is its own).
    parent: u32,
    /// The child number, from 1 (0 for the root).
    number: u32,
    /// The first child's identity once the node was expanded; the others
    /// follow it.
    first_child: Option<u32>,
}

/// A tree that logs every leaf a search evaluates.
pub struct Recording<T: GameTree> {
    inner: T,
    root: T::Node,
    places: RefCell<Vec<Place>>,
    leaves: RefCell<Vec<u32>>,
}

impl<T: GameTree> Recording<T> {
    /// Wraps `inner`, whose searches start at `root`.
    pub fn new(inner: T, root: T::Node) -> Recording<T> {
        Recording {
            inner,
            root,
            places: RefCell::new(vec![Place {
                parent: 0,
                number: 0,
                first_child: None,
            }]),
            leaves: RefCell::new(Vec::new()),
        }
    }

    /// The root, as a node of the recording.
    pub fn root(&self) -> Recorded<T::Node> {
        Recorded {
            node: self.root,
            id: 0,
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

    /// The Dewey path of a node (child numbers from 1; empty for the root).
    pub fn path(&self, id: u32) -> Vec<u32> {
        let places = self.places.borrow();
        let mut path = Vec::new();
        let mut id = id;
        while id != 0 {
            let place = places[id as usize];
            path.push(place.number);
            id = place.parent;
        }
        path.reverse();
        path
    }

    /// The paths of the leaves evaluated so far, in order, repeats included.
    pub fn leaves(&self) -> Vec<Vec<u32>> {
        let ids = self.leaves.borrow().clone();
        ids.into_iter().map(|id| self.path(id)).collect()
    }

    /// The identities of the children of `id`, allocated on its first
    /// expansion: `count` consecutive identities.
    fn first_child(&self, id: u32, count: usize) -> u32 {
        let mut places = self.places.borrow_mut();
        if let Some(first) = places[id as usize].first_child {
            return first;
        }
        let first = places.len() as u32;
        places[id as usize].first_child = Some(first);
        places.extend((1..=count as u32).map(|number| Place {
            parent: id,
            number,
            first_child: None,
        }));
        first
    }
}

/// A Dewey path as text: `2.1.1`, or `e` for the root.
pub fn dewey(path: &[u32]) -> String {
    if path.is_empty() {
        return "e".to_string();
    }
    let parts: Vec<String> = path.iter().map(u32::to_string).collect();
    parts.join(".")
}

impl<T: GameTree> GameTree for Recording<T> {
    type Node = Recorded<T::Node>;
    type Children = std::vec::IntoIter<Recorded<T::Node>>;

    fn is_max(&self, node: &Self::Node) -> bool {
        self.inner.is_max(&node.node)
    }

    fn expand(&self, node: &Self::Node) -> Expansion<Self::Children> {
        match self.inner.expand(&node.node) {
            Expansion::Leaf(value) => {
                self.leaves.borrow_mut().push(node.id);
                Expansion::Leaf(value)
            }
            Expansion::Inner(children) => {
                let children: Vec<T::Node> = children.collect();
                let first = self.first_child(node.id, children.len());
                let recorded: Vec<_> = children
                    .into_iter()
                    .zip(first..)
                    .map(|(node, id)| Recorded { node, id })
                    .collect();
                Expansion::Inner(recorded.into_iter())
            }
        }
    }

    fn upper_bound(&self, node: &Self::Node) -> Value {
        self.inner.upper_bound(&node.node)
    }

    fn lower_bound(&self, node: &Self::Node) -> Value {
        self.inner.lower_bound(&node.node)
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
        f.debug_struct("Recording")
            .field("inner", &self.inner)
            .field("root", &self.root)
            .field("nodes", &self.places.borrow().len())
            .field("leaves", &self.leaves.borrow().len())
            .finish()
    }
}
