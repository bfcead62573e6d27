//! A game tree wrapper that records which leaves a search evaluates.
//!
//! Each node of the wrapped tree gets an identity from its path (parent
//! identity and child number), so that leaves reached by different paths
//! count as different leaves, as they do in the textbooks. Identities are
//! handed out as nodes are first reached and kept for the recorder's life:
//! compare searches through one recorder.

use std::cell::{Cell, RefCell};
use winmove::Value;
use winmove::{Expansion, GameTree, Keys};

/// `T` with every leaf evaluation recorded.
pub struct Recorder<'a, T> {
    inner: &'a T,
    /// The identities of each node's children, by the node's identity then
    /// child number; 0 (the root's, never a child's) where none is given
    /// yet. (A table rather than a map keyed by both: the tests go
    /// through small trees by the million.)
    ids: RefCell<Vec<Vec<u32>>>,
    /// How many identities have been handed out to children.
    given: Cell<u32>,
    leaves: RefCell<Vec<u32>>,
}

/// A node of the recorded tree: the inner node and its path identity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recorded<N> {
    pub node: N,
    pub id: u32,
}

impl<'a, T: GameTree> Recorder<'a, T> {
    /// Wraps `inner`; the root gets identity 0.
    pub fn new(inner: &'a T) -> Self {
        Recorder {
            inner,
            ids: RefCell::new(Vec::new()),
            given: Cell::new(0),
            leaves: RefCell::new(Vec::new()),
        }
    }

    /// The root, given the inner tree's root node.
    pub fn root(&self, node: T::Node) -> Recorded<T::Node> {
        Recorded { node, id: 0 }
    }

    /// Identities of the leaves evaluated so far, in order, repeats included.
    pub fn leaves(&self) -> Vec<u32> {
        self.leaves.borrow().clone()
    }

    /// Forgets the leaves evaluated so far, keeping the identities, so that
    /// the next search's leaves compare with the last one's.
    pub fn take_leaves(&self) -> Vec<u32> {
        std::mem::take(&mut *self.leaves.borrow_mut())
    }

    /// The identity of child number `k` (from 0) of node `parent`.
    pub fn child_id(&self, parent: u32, k: u32) -> u32 {
        let (parent, k) = (parent as usize, k as usize);
        let mut ids = self.ids.borrow_mut();
        if ids.len() <= parent {
            ids.resize_with(parent + 1, Vec::new);
        }
        let children = &mut ids[parent];
        if children.len() <= k {
            children.resize(k + 1, 0);
        }
        if children[k] == 0 {
            self.given.set(self.given.get() + 1);
            children[k] = self.given.get();
        }
        children[k]
    }

    /// The identity of the node at Dewey path `path` (child numbers from 1).
    pub fn id_of(&self, path: &[u32]) -> u32 {
        path.iter().fold(0, |id, &k| self.child_id(id, k - 1))
    }
}

impl<T: GameTree> GameTree for Recorder<'_, T> {
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
                let children: Vec<_> = children
                    .enumerate()
                    .map(|(k, child)| Recorded {
                        node: child,
                        id: self.child_id(node.id, k as u32),
                    })
                    .collect();
                Expansion::Inner(children.into_iter())
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

    fn keys(&self) -> Keys {
        self.inner.keys()
    }

    fn key(&self, node: &Self::Node) -> Option<u64> {
        self.inner.key(&node.node)
    }
}
