//! The depth-limited workload, the setting of Plaat, Schaeffer, Pijls and
//! de Bruin (1996): positions from several phases of the game, each
//! searched by every backend under iterative deepening (one search of the
//! root per depth, the previous value as MTD(f)'s guess and aspiration
//! NegaScout's window centre, each node's best move at one depth tried
//! first at the next), scored at the horizon by an evaluation.
//!
//! A group is one class of positions, one evaluation and one depth `d`: a
//! case is one position deepened to `d`, its counts summed over the
//! iterations 1 to `d` (what a program pays to reach depth `d`), and its
//! minimal tree the sum of each iteration's minimal tree (the fewest leaves
//! that prove each depth's value). One run to the deepest depth gives every
//! group: iterations 1 to `d` of it are a run to `d`.

use super::group::{BASELINE, Group, Limit, Minimal};
use super::tally::Tally;
use crate::answer::value::iterations;
use crate::game::board::{Board, Mark};
use crate::game::eval::Eval;
use crate::game::random::{Rng, random_board};
use crate::lab::runs::Leaves;
use crate::search::iterative::{Deepening, Iteration};
use crate::search::minimal::{Goal, Memo, minimax_value, proof_costs};
use crate::search::{Algo, Search, Settings, Stats};
use crate::tree::GameTree;
use crate::tree::board::{DepthNode, DepthTree, Enhancements, Guide, GuidedTree, Position};
use crate::tree::value::Value;

/// The backends the spread between backends is taken over: those Plaat et
/// al. compared in real programs.
pub const SPREAD_OVER: [Algo; 5] = [
    Algo::AlphaBeta,
    Algo::NegaScout,
    Algo::MtSss,
    Algo::MtDual,
    Algo::Mtdf,
];

/// The aspiration half-width for `eval`: about the least change of score
/// a move makes (one line for `lines`, a line of two for `weighted`).
pub const fn aspiration_for(eval: Eval) -> Value {
    match eval {
        Eval::Lines => 1,
        Eval::Weighted => 10,
    }
}

/// The phases the positions are drawn from, by the pieces on the board
/// (as many x as o, x to move): the empty board, then 4, 6 and 8 pieces.
pub const PHASES: [(&str, usize); 4] = [("empty", 0), ("four", 4), ("six", 6), ("eight", 8)];

/// The position sets: per phase, `count` boards drawn uniformly (by
/// [`random_board`]) from those with its pieces and no line of four, from
/// `seed`; the empty board once.
pub fn depth_classes(seed: u64, count: usize) -> Vec<(String, Vec<Board>)> {
    PHASES
        .iter()
        .map(|&(name, pieces)| {
            let mut rng = Rng::new(seed);
            let n = if pieces == 0 { 1 } else { count };
            let boards = (0..n)
                .map(|_| random_board(&mut rng, pieces / 2, pieces / 2))
                .collect();
            (name.to_string(), boards)
        })
        .collect()
}

/// How `algo` deepens on `eval`: aspiration windows for the baseline, the
/// full window otherwise.
// Spelled out with the default so that options added to `Deepening` keep
// theirs.
#[allow(clippy::needless_update)]
pub fn deepening_for(algo: Algo, eval: Eval) -> Deepening {
    Deepening {
        aspiration: (algo == BASELINE).then_some(aspiration_for(eval)),
        ..Deepening::default()
    }
}

/// Iterative deepening of `board` (x to move) in `tree` to depths 1 to
/// `depth` (at least 1): each iteration one search of the root by
/// `backend`, as `deepening` drives it. With `guide`, the guide of `tree`
/// (a [`GuidedTree`]), the moves of each iteration are ordered by the best
/// moves the last one found, and each iteration counts how often they
/// were right. Each iteration's value and counts.
pub fn deepen<T, S>(
    backend: &mut S,
    tree: &T,
    guide: Option<&Guide>,
    board: Board,
    depth: u32,
    deepening: Deepening,
) -> Vec<Iteration>
where
    T: GameTree<Node = DepthNode>,
    S: Search<T> + ?Sized,
{
    let position = Position {
        board,
        to_move: Mark::X,
    };
    iterations(&deepening, backend, depth, guide, |backend, d, window| {
        backend.search(tree, DepthNode::root(position, d), window)
    })
}

/// A fresh `algo` deepening `board` on `eval` to `depth`, in `tree`
/// ordered between iterations by a fresh guide (`guided`, without the
/// history heuristic) or in the tree's own order; `None` if this build
/// lacks `algo`.
fn deepen_fresh(
    algo: Algo,
    tree: DepthTree,
    guided: bool,
    board: Board,
    depth: u32,
) -> Option<Vec<Iteration>> {
    let deepening = deepening_for(algo, tree.eval());
    Some(if guided {
        let tree = GuidedTree::new(tree, false);
        let mut backend = algo.make::<GuidedTree>(&Settings::default())?;
        deepen(
            &mut backend,
            &tree,
            Some(tree.guide()),
            board,
            depth,
            deepening,
        )
    } else {
        let mut backend = algo.make::<DepthTree>(&Settings::default())?;
        deepen(&mut backend, &tree, None, board, depth, deepening)
    })
}

/// The value of `board` (x to move) at each depth 1 to `depth` by a plain
/// minimax walk of `tree` (no backend), and each depth's minimal tree, or
/// why it was not worked out (then the value too, if the walk's memory
/// ran out before the value was known).
fn truth(tree: &DepthTree, board: Board, depth: u32) -> Vec<(Option<Value>, Leaves)> {
    let position = Position {
        board,
        to_move: Mark::X,
    };
    let mut memo = Memo::default();
    (1..=depth)
        .map(|d| {
            let root = DepthNode::root(position, d);
            let key = DepthNode::subtree_key;
            match minimax_value(tree, root, key, &mut memo) {
                Ok(v) => {
                    let costs = proof_costs(tree, root, Goal::exactly(v), key, &mut memo);
                    (Some(v), costs.map(|c| c.both))
                }
                Err(unworked) => (None, Err(unworked)),
            }
        })
        .collect()
}

/// Every backend of `algos` deepening every board of every class to
/// `depth` (at least 1), for each evaluation of `evals`, on the
/// depth-limited tree with `enhancements`: a group per class, evaluation
/// and depth 1 to `depth`, in that order. A fresh backend per board, and
/// with `guided` a fresh guide, which orders each iteration's moves by the
/// best moves the last one found (dynamic move ordering); without, the
/// tree's own order at every iteration. Every backend's value at every
/// depth is checked against a plain minimax walk of the unguided tree,
/// which also counts each depth's minimal tree (the order of moves
/// changes neither). `progress(class, backend)` is called before
/// each backend starts on each class and evaluation.
///
/// # Panics
/// If a backend's value differs from the minimax walk's (a bug).
pub fn compare_depths(
    classes: &[(String, Vec<Board>)],
    evals: &[Eval],
    depth: u32,
    enhancements: Enhancements,
    guided: bool,
    algos: &[Algo],
    progress: &mut dyn FnMut(&str, &str),
) -> Vec<Group> {
    assert!(depth >= 1, "iterative deepening starts at depth 1");
    let mut groups = Vec::new();
    for (name, boards) in classes {
        for &eval in evals {
            let tree = DepthTree::new(enhancements, eval);
            let mut truths: Vec<Vec<(Option<Value>, Leaves)>> =
                boards.iter().map(|&b| truth(&tree, b, depth)).collect();
            // Per depth, per backend.
            let mut tallies: Vec<Vec<(Algo, Tally)>> = vec![Vec::new(); depth as usize];
            for &algo in algos {
                progress(&format!("{name} {eval}"), algo.name());
                let mut per_depth = vec![Tally::default(); depth as usize];
                for (&board, truth) in boards.iter().zip(&mut truths) {
                    let Some(iterations) = deepen_fresh(algo, tree, guided, board, depth) else {
                        break;
                    };
                    let mut sum = Stats::default();
                    for (it, tally) in iterations.iter().zip(&mut per_depth) {
                        // Where the walk's memory ran out, against the
                        // first backend.
                        let expected = *truth[it.depth as usize - 1].0.get_or_insert(it.value);
                        assert_eq!(
                            it.value, expected,
                            "{algo} at depth {} with {eval} on\n{board}",
                            it.depth
                        );
                        sum += &it.stats;
                        tally.add(&sum);
                    }
                }
                if per_depth[0].cases > 0 {
                    for (d, tally) in per_depth.into_iter().enumerate() {
                        tallies[d].push((algo, tally));
                    }
                }
            }
            for (d, tallies) in tallies.into_iter().enumerate() {
                let mut minimal = Minimal::default();
                for truth in &truths {
                    let leaves = truth[..=d]
                        .iter()
                        .try_fold(0u64, |sum, &(_, m)| Ok(sum.saturating_add(m?)));
                    minimal.add(leaves);
                }
                let d = d as u32 + 1;
                groups.push(Group {
                    name: format!("{name} {eval} d={d}"),
                    shape: None,
                    tallies,
                    claims: None,
                    left_out: Vec::new(),
                    minimal,
                    limit: Some(Limit {
                        depth: d,
                        eval,
                        aspiration: aspiration_for(eval),
                    }),
                });
            }
        }
    }
    groups
}

/// The counter of the MT drivers' passes, by the name `--stats` shows.
const PASSES: &str = "passes";

impl Group {
    /// The spread of mean leaves between the backends of [`SPREAD_OVER`]
    /// this build has: (most − fewest) / fewest, with the backends of the
    /// fewest and the most; `None` with fewer than two.
    pub fn spread(&self) -> Option<(f64, Algo, Algo)> {
        let means: Vec<(Algo, f64)> = SPREAD_OVER
            .iter()
            .filter_map(|&a| self.mean_leaves(a).map(|m| (a, m)))
            .collect();
        let fewest = means
            .iter()
            .copied()
            .reduce(|a, b| if b.1 < a.1 { b } else { a })?;
        let most = means
            .iter()
            .copied()
            .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
        (means.len() >= 2 && fewest.1 > 0.0).then(|| (most.1 / fewest.1 - 1.0, fewest.0, most.0))
    }

    /// Mean passes per iteration of `algo` (an MT driver) in a
    /// depth-limited group: its passes over the depth; `None` if it counts
    /// none.
    pub fn passes_per_iteration(&self, algo: Algo) -> Option<f64> {
        let limit = self.limit?;
        let t = self.tally(algo)?;
        let (_, passes) = t.counters.iter().find(|(c, _)| c.name() == PASSES)?;
        Some(t.mean(*passes) / limit.depth as f64)
    }
}
