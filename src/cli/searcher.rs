//! One backend on trees of one type: on the trees themselves, or on
//! recordings of them when `--order` asks which leaves it evaluated.

use super::UsageError;
use super::output::Io;
use super::search_options::SearchOptions;
use crate::search::recorded::search_streamed;
use crate::search::{Backend, Search};
use crate::tree::GameTree;
use crate::tree::recording::LeafSink;
use crate::tree::recording::Recording;
use crate::tree::value::{Value, Window};

/// A backend, searching trees of type `T` plainly or through a recording.
pub enum Searcher<T: GameTree> {
    /// On the trees themselves.
    Plain(Box<dyn Search<T>>),
    /// On recordings of them (`--order`).
    Recorded(Box<dyn Search<Recording<T>>>),
}

impl<T: GameTree> Searcher<T> {
    /// The backend `options` name, recording if they ask for `--order`.
    pub fn new(options: &SearchOptions, io: &Io) -> Result<Searcher<T>, UsageError> {
        Ok(if options.order {
            Searcher::Recorded(options.backend(io)?)
        } else {
            Searcher::Plain(options.backend(io)?)
        })
    }

    /// Searches `root` of `tree` with `window`: the result, and the tree
    /// back. Recording, it hands the path of each leaf evaluated to
    /// `leaves` as it goes (if given).
    pub fn search(
        &mut self,
        tree: T,
        root: T::Node,
        window: Window,
        leaves: Option<LeafSink>,
    ) -> (Value, T) {
        match self {
            Searcher::Plain(search) => (search.search(&tree, root, window), tree),
            Searcher::Recorded(search) => {
                let leaves = leaves.unwrap_or_else(|| Box::new(|_: &[u32]| {}));
                search_streamed(search, tree, root, window, leaves)
            }
        }
    }

    /// The backend, for its statistics.
    pub fn backend(&mut self) -> &mut dyn Backend {
        match self {
            Searcher::Plain(search) => search,
            Searcher::Recorded(search) => search,
        }
    }
}
