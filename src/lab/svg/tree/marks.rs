//! What one search's trace says of each node of a tree, for its panel:
//! the windows the node was entered with (in order, each with its MT
//! pass), and the edges cuts skipped, with the condition that cut them;
//! no SVG.

use crate::search::event::{Event, Kind, Skipped};
use crate::tree::written::ExplicitTree;

/// One entry into a node: how the search asked about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// The window (`(3, 4)`), or SCOUT's question (`TEST > 4`, `EVAL`).
    pub window: String,
    /// The MT driver's pass it was entered in, if the search has passes.
    pub pass: Option<u64>,
}

/// What one trace says, by node (breadth-first index).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Marks {
    /// The entries into each inner node, in order.
    pub entries: Vec<Vec<Entry>>,
    /// For each node a cut skipped, the condition on the edge above it:
    /// written for the first child a cut skipped (`-3 <= -2`, `TEST
    /// settled`), empty for the others after it.
    pub cuts: Vec<Option<String>>,
}

impl Marks {
    /// Reads `events`, a search's trace of `tree`; events about nodes not
    /// in the tree (there are none in a trace of it) are left out.
    pub fn new(tree: &ExplicitTree, events: &[Event]) -> Marks {
        let nodes = tree.node_count();
        let mut marks = Marks {
            entries: vec![Vec::new(); nodes],
            cuts: vec![None; nodes],
        };
        let mut pass = None;
        for event in events {
            let Some(index) = index_of(tree, &event.path) else {
                continue;
            };
            let window = match &event.kind {
                Kind::Pass(number, _) => {
                    pass = Some(*number);
                    continue;
                }
                Kind::Enter { window, .. } => window.to_string(),
                Kind::Test(question, _) => question.to_string(),
                Kind::Eval(_) => "EVAL".to_string(),
                Kind::Cut(condition, skipped) => {
                    marks.cut(tree, &event.path, *skipped, condition.to_string());
                    continue;
                }
                Kind::TestCut(skipped) => {
                    marks.cut(tree, &event.path, *skipped, "TEST settled".to_string());
                    continue;
                }
                _ => continue,
            };
            marks.entries[index].push(Entry { window, pass });
        }
        marks
    }

    /// Marks the `count` children of the node at `path` from child number
    /// `first` on as cut, the first with `condition`.
    fn cut(
        &mut self,
        tree: &ExplicitTree,
        path: &[u32],
        Skipped { first, count }: Skipped,
        condition: String,
    ) {
        let mut child = path.to_vec();
        child.push(first);
        for k in 0..count {
            *child.last_mut().expect("a child's path") = first + k;
            if let Some(index) = index_of(tree, &child) {
                self.cuts[index] = Some(if k == 0 {
                    condition.clone()
                } else {
                    String::new()
                });
            }
        }
    }

    /// Whether the trace entered any node with a window.
    #[cfg(all(test, feature = "scout", feature = "sss"))]
    pub fn any_window(&self) -> bool {
        self.entries.iter().any(|e| !e.is_empty())
    }

    /// What a panel writes above node `index`: its last window, and how
    /// many times it was entered if more than once (`(3, 4) ×3`).
    pub fn label(&self, index: usize) -> Option<String> {
        let entries = &self.entries[index];
        let last = entries.last()?;
        Some(match entries.len() {
            1 => last.window.clone(),
            n => format!("{} ×{n}", last.window),
        })
    }

    /// Node `index`'s entries as its tooltip lists them: `entered with
    /// (-oo, +oo)`, or `entered with (3, 4) in pass 1, (4, 5) in pass 2`.
    pub fn tooltip(&self, index: usize) -> Option<String> {
        let entries = &self.entries[index];
        if entries.is_empty() {
            return None;
        }
        let each: Vec<String> = entries
            .iter()
            .map(|entry| match entry.pass {
                Some(pass) => format!("{} in pass {pass}", entry.window),
                None => entry.window.clone(),
            })
            .collect();
        Some(format!("entered with {}", each.join(", ")))
    }
}

/// The breadth-first index of the node at `path` (child numbers from 1),
/// if `tree` has one there.
fn index_of(tree: &ExplicitTree, path: &[u32]) -> Option<usize> {
    let mut node = tree.root();
    for &number in path {
        node = tree.children(node).nth(number.checked_sub(1)? as usize)?;
    }
    Some(node.index as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::trace::{EventLog, Sink};
    use crate::search::{Algo, Settings};
    use crate::tree::value::Window;

    /// The marks of `algo`'s search of `text`.
    fn marks(text: &str, algo: Algo) -> (ExplicitTree, Marks) {
        let tree = ExplicitTree::parse(text).unwrap();
        let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
        let log = EventLog::default();
        search.set_trace(Some(Sink::Events(log.clone())));
        search.search(&tree, tree.root(), Window::FULL);
        let marks = Marks::new(&tree, &log.take());
        (tree, marks)
    }

    #[test]
    fn alphabeta_on_the_japanese_tree_cuts_j_below_the_window_of_c() {
        // Breadth-first: a root; b, c, d; e-g under b, h-j under c, k-m under d.
        let (_, marks) = marks("[[5,-2,0],[1,-3,7],[5,5,4]]", Algo::AlphaBeta);
        let labels: Vec<Option<String>> = (0..4).map(|i| marks.label(i)).collect();
        // Worked by hand: b returns -2, so c is entered with (-2, +oo) and
        // cut after h, i (1, -3): -3 <= -2; d entered with (-2, +oo).
        let expected = ["(-oo, +oo)", "(-oo, +oo)", "(-2, +oo)", "(-2, +oo)"];
        assert_eq!(labels, expected.map(|w| Some(w.to_string())));
        let mut cuts = vec![None; 13];
        cuts[9] = Some("-3 <= -2".to_string());
        assert_eq!(marks.cuts, cuts);
        assert!(
            marks.entries[4..].iter().all(Vec::is_empty),
            "leaves have no window"
        );
    }

    #[test]
    fn a_cut_of_several_children_marks_each_edge_the_condition_once() {
        // MAX root: the first child, 5 >= the window's... a MIN child
        // [5,[1,2],[3,4]] entered with (-oo, +oo) cannot cut; under a MAX root
        // whose first child gave 6, the MIN node's 1 <= 6 cuts two children.
        let (tree, marks) = marks("[6,[1,[2,3],[4,5]]]", Algo::AlphaBeta);
        let second = index_of(&tree, &[2, 2]).unwrap();
        let third = index_of(&tree, &[2, 3]).unwrap();
        assert_eq!(marks.cuts[second].as_deref(), Some("1 <= 6"));
        assert_eq!(marks.cuts[third].as_deref(), Some(""));
        assert_eq!(marks.cuts.iter().filter(|c| c.is_some()).count(), 2);
    }

    #[cfg(feature = "mt-sss")]
    #[test]
    fn the_mt_drivers_enter_the_root_once_a_pass_and_say_which() {
        let (_, marks) = marks("[[5,-2,0],[1,-3,7],[5,5,4]]", Algo::MtSss);
        let root = &marks.entries[0];
        assert!(root.len() > 1, "{root:?}");
        let passes: Vec<Option<u64>> = root.iter().map(|e| e.pass).collect();
        let expected: Vec<Option<u64>> = (1..=root.len() as u64).map(Some).collect();
        assert_eq!(passes, expected);
        let label = marks.label(0).unwrap();
        assert!(label.ends_with(&format!(" ×{}", root.len())), "{label}");
        assert!(marks.tooltip(0).unwrap().contains(" in pass 1, "));
    }

    #[cfg(all(feature = "scout", feature = "sss"))]
    #[test]
    fn scout_is_entered_with_its_tests_and_sss_with_no_window() {
        let (_, scout) = marks("[[5,-2,0],[1,-3,7],[5,5,4]]", Algo::Scout);
        assert_eq!(scout.label(0).as_deref(), Some("EVAL"));
        assert!(
            scout.entries[2][0].window.starts_with("TEST "),
            "{:?}",
            scout.entries[2]
        );
        let (_, sss) = marks("[[5,-2,0],[1,-3,7],[5,5,4]]", Algo::Sss);
        assert!(!sss.any_window());
        assert!(sss.cuts.iter().all(Option::is_none));
    }
}
