//! The reports of `winmove compare`: a heading, what was measured and how,
//! the table, and the literature's claims (Markdown); or the table alone
//! (CSV). And the positions compared by default, with the words a report
//! describes them in.

use super::boards::{Task, compare_boards};
use super::claims::CLAIM_LEAVES;
use super::csv::csv;
use super::depth::{PHASES, SPREAD_OVER, aspiration_for, compare_depths, depth_classes};
use super::figure::{depth_figure, figure};
use super::group::{BASELINE, Group, Shape, built_algos};
use super::literature::{claims_text, depth_literature, literature};
use super::markdown::markdown;
use super::trees::{MINIMAX_LEAVES, compare_trees, tree_grid};
use crate::game::board::Board;
use crate::game::eval::Eval;
use crate::game::random::BoardClass;
use crate::protocol::{Cases, STATEMENT};
use crate::tree::board::{Enhancement, Enhancements};
use crate::tree::ordered::ChildOrder;
use crate::tree::uniform::Values;

/// What the efficiency column means.
const EFFICIENCY: &str = "The efficiency is a backend's mean leaves over the mean leaves of the cases' minimal trees: the fewest leaves that prove each result (a question: the moves before the answer not wins, the answer a win; a value: the value, to a search that does not know that inf is the largest value, as none with the window (-inf, inf) does); where the minimal trees have no leaf (static bounds and forced moves prove every result), `∞ (none needed)` if the backend evaluated some leaves, `none needed, none evaluated` if not; the minimal tree counts transposed positions again, so a backend with a table may go below 1. A class whose every question the enhancements answer before any search is one row, `no search`.";

/// What the efficiency column says of a minimal tree not worked out.
const UNWORKED: &str = "`?`: a case's minimal tree needed more memory than it could have (1000 MB, or what the system gave), so the mean is unknown";

/// What a comparison measured, as its report says it.
#[derive(Clone, Copy, Debug)]
pub enum Measured<'a> {
    /// Uniform random trees ([`compare_trees`](super::compare_trees) on
    /// [`tree_shapes`]).
    Trees {
        /// Trees per shape (fewer on big trees).
        samples: usize,
        /// The seed of the trees.
        seed: u64,
        /// The kinds of leaf values.
        values: &'a [Values],
        /// Where each node's best child stands.
        order: ChildOrder,
        /// Random branching.
        ragged: bool,
    },
    /// Boards answered or searched for their value
    /// ([`compare_boards`](super::compare_boards)).
    Boards {
        /// Where the boards came from ([`Positions::source`]).
        source: &'a str,
        /// What was asked of each board.
        task: Task,
        /// On the raw tree, with only the count shortcut.
        raw: bool,
    },
    /// Positions deepened ([`compare_depths`](super::compare_depths)).
    Depths {
        /// Where the positions came from ([`Positions::source`]).
        source: &'a str,
        /// The deepest depth.
        depth: u32,
        /// The evaluations at the horizon.
        evals: &'a [Eval],
        /// On the plain depth-limited tree.
        raw: bool,
        /// With dynamic move ordering.
        dynamic: bool,
    },
}

/// How far a comparison has gone, for a progress line.
#[derive(Clone, Copy, Debug)]
pub enum Done<'a> {
    /// Tree shapes: how many are done, of how many.
    Shapes(usize, usize),
    /// A backend starts on a set of boards (named with its evaluation, if
    /// deepened).
    Started(&'a str, &'a str),
}

impl Measured<'_> {
    /// Every backend built, compared as this says on `sets` (the boards
    /// or positions; trees need none): the groups. `progress` is told how
    /// far it has gone.
    pub fn compare(
        &self,
        sets: &[(String, Vec<Board>)],
        progress: &mut dyn FnMut(Done<'_>),
    ) -> Vec<Group> {
        let algos = built_algos();
        let mut started = |set: &str, algo: &str| progress(Done::Started(set, algo));
        match *self {
            Measured::Trees {
                samples,
                seed,
                values,
                order,
                ragged,
            } => {
                let shapes = tree_shapes(values, order, ragged);
                compare_trees(&shapes, samples, seed, &algos, &mut |done, all| {
                    progress(Done::Shapes(done, all))
                })
            }
            Measured::Boards { task, raw, .. } => {
                compare_boards(sets, enhancements(raw), &algos, task, &mut started)
            }
            Measured::Depths {
                depth,
                evals,
                raw,
                dynamic,
                ..
            } => compare_depths(
                sets,
                evals,
                depth,
                enhancements(raw),
                dynamic,
                &algos,
                &mut started,
            ),
        }
    }

    /// The figure of `groups`, leaves against depth, for trees and
    /// positions deepened; none for boards.
    pub fn figure(&self, groups: &[Group]) -> Option<String> {
        match *self {
            Measured::Trees { .. } => Some(figure(groups)),
            Measured::Boards { .. } => None,
            Measured::Depths { dynamic, .. } => Some(depth_figure(groups, dynamic)),
        }
    }

    /// The report on `groups`, which this measured: Markdown, or the
    /// table alone as CSV if `csv`.
    pub fn report(&self, groups: &[Group], csv_only: bool) -> String {
        if csv_only {
            return csv(groups);
        }
        let mut text = format!("## {}\n\n{} {EFFICIENCY}", self.heading(), self.what());
        if groups.iter().any(|g| g.minimal.unworked.is_some()) {
            text.push_str(&format!(" {UNWORKED}"));
            if let Measured::Depths { .. } = self {
                text.push_str(", and at such a depth each backend's value was checked against the first backend's, as the minimax walk's memory ran out");
            }
            text.push('.');
        }
        text.push_str("\n\n");
        text.push_str(&markdown(groups));
        // The trees' claims are always stated; the boards' only where some hold.
        let claims = match self {
            Measured::Trees { .. } => Some(literature(groups)),
            _ => Some(claims_text(groups)).filter(|claims| !claims.is_empty()),
        };
        if let Some(claims) = claims {
            text.push_str("\n### What the literature states\n\n");
            text.push_str(&claims);
        }
        if let Measured::Depths { .. } = self {
            text.push_str("\n### Beside Plaat, Schaeffer, Pijls and de Bruin (1996)\n\n");
            text.push_str(&format!(
                "The spread is (most − fewest) / fewest mean leaves over {}, the backends they compared in real programs.\n\n",
                SPREAD_OVER.map(|a| a.name()).join(", ")
            ));
            text.push_str(&depth_literature(groups));
        }
        text
    }

    /// The report's heading.
    fn heading(&self) -> String {
        match *self {
            Measured::Trees { .. } => "Uniform random trees".to_string(),
            Measured::Boards { task, raw, .. } => format!(
                "Boards, {}, {}",
                match task {
                    Task::Value => "one value search per board",
                    Task::Answer => "answering the question",
                },
                match raw {
                    false => "with every enhancement",
                    true => "on the raw tree (the textbook search with the proven count shortcut)",
                }
            ),
            Measured::Depths { raw, .. } => format!(
                "Boards to a depth limit, iterative deepening, {}",
                match raw {
                    false => "with every enhancement that holds there",
                    true => "on the plain depth-limited tree",
                }
            ),
        }
    }

    /// What was measured, and how.
    fn what(&self) -> String {
        match *self {
            Measured::Trees {
                samples,
                seed,
                values,
                order,
                ragged,
            } => {
                let values: Vec<&str> = values.iter().map(|v| v.name()).collect();
                let mut what = format!(
                    "Uniform trees as `winmove tree --uniform B:D --seed {}` draws them (tree numbers 0, 1, ...), leaves {}: {samples} trees per shape, fewer on big trees (the cases column says how many: a quarter from 2^17 leaves, a tenth from 2^20); minimax only up to {} leaves; the claims are checked tree by tree on trees of at most {} leaves. Every backend searches the root with the window that rules nothing out; s.e. is the standard error of the mean.",
                    seed,
                    values.join(" and "),
                    MINIMAX_LEAVES,
                    CLAIM_LEAVES
                );
                if order != ChildOrder::Random || ragged {
                    what.push_str(&format!(
                        " Generated instead as `winmove tree --uniform {}:D --ordering {}` draws them{}.",
                        if ragged { "1-(2B-1)" } else { "B" },
                        order,
                        if ragged {
                            " (random branching: the b column is the mean, Knuth and Moore's count does not apply)"
                        } else {
                            ""
                        }
                    ));
                }
                what
            }
            Measured::Boards { source, task, .. } => format!(
                "{source}; {}.",
                match task {
                    Task::Value => {
                        "counts per board: one search of the board, x to move, window (-inf, inf)"
                    }
                    Task::Answer => "counts per question, summed over the searches of x's moves",
                }
            ),
            Measured::Depths {
                source,
                depth,
                evals,
                dynamic,
                ..
            } => {
                let evals: Vec<&str> = evals.iter().map(|e| e.name()).collect();
                format!(
                    "{source}. Each position (x to move) deepened by every backend to depths 1 to {depth}, one search of the root per depth, scored at the horizon by {} (`winmove value --help`); a group per position set, evaluation and depth d, its counts per position summed over the iterations 1 to d; a fresh backend per position, its table kept across the iterations{order}. {base} is aspiration {base} (the root's window ±{} on lines, ±{} on weighted around the last depth's value, widened on failure), the baseline of the ratios; MTD(f) starts from the last depth's value; the other backends search the full window. Passes per iteration: an MT driver's passes over d. The minimal tree of a case is the sum of each depth's (the fewest leaves proving each iteration's value). Every backend's value at every depth was checked against a plain minimax walk of the tree.",
                    evals.join(" and "),
                    aspiration_for(Eval::Lines),
                    aspiration_for(Eval::Weighted),
                    base = BASELINE,
                    order = if dynamic {
                        ", and a fresh table of each node's best move, tried first at the next iteration (dynamic move ordering, without the history heuristic; hinted: nodes with a stored move when their best was found, hint-best: those whose stored move was the best again)"
                    } else {
                        ", the moves in the tree's own order at every iteration (`--static-order`: no dynamic move ordering)"
                    },
                )
            }
        }
    }
}

/// The enhancements boards are compared with: every one, or on the raw
/// tree (`raw`) only the count shortcut.
fn enhancements(raw: bool) -> Enhancements {
    match raw {
        false => Enhancements::DEFAULT,
        true => Enhancements::NONE.with(Enhancement::Shortcut),
    }
}

/// The shapes of the tree comparison: the grid of each kind of `values`,
/// generated with `order`, and random branching if `ragged`.
pub fn tree_shapes(values: &[Values], order: ChildOrder, ragged: bool) -> Vec<Shape> {
    (values.iter())
        .flat_map(|&v| tree_grid(v))
        .map(|shape| Shape {
            order,
            ragged,
            ..shape
        })
        .collect()
}

/// Positions to compare on, in named sets, and where they came from in a
/// report's words.
#[derive(Clone, Debug)]
pub struct Positions {
    /// Each set's name and boards.
    pub sets: Vec<(String, Vec<Board>)>,
    /// Where they came from.
    pub source: String,
}

impl Positions {
    /// The boards compared by default: the statement's sample, then
    /// `samples` boards of each class from `seed`, but those out of the raw
    /// tree's reach if `raw` (the raw tree of 11 to 16 empty squares, and
    /// a value search of it: the count shortcut answers questions, not
    /// values).
    pub fn classes(seed: u64, samples: usize, raw: bool, task: Task) -> Positions {
        let statement = Cases::new(STATEMENT.as_bytes())
            .filter_map(Result::ok)
            .map(|c| c.board)
            .collect();
        let mut sets = vec![("statement".to_string(), statement)];
        let mut skipped = Vec::new();
        for class in BoardClass::ALL {
            let sparse = class == BoardClass::SparseUnequal
                || (task == Task::Value && matches!(class, BoardClass::Sparse | BoardClass::Judge));
            if raw && sparse {
                skipped.push(class.name());
                continue;
            }
            sets.push((class.name().to_string(), class.boards(seed, samples)));
        }
        let mut source = format!("{samples} boards per class, seed {}", seed);
        if !skipped.is_empty() {
            source.push_str(&format!(
                " (left out, out of the raw tree's reach: {})",
                skipped.join(", ")
            ));
        }
        Positions { sets, source }
    }

    /// `samples` boards of each class of `winmove generate` but `unequal`
    /// and `all`, from `seed`: the questions of the anytime comparison.
    pub fn generated(seed: u64, samples: usize) -> Positions {
        Positions {
            sets: (BoardClass::ALL.iter())
                .map(|class| (class.name().to_string(), class.boards(seed, samples)))
                .collect(),
            source: format!(
                "{samples} questions per class (`winmove generate --class C --count {samples} --seed {seed}`)"
            ),
        }
    }

    /// The positions deepened by default ([`depth_classes`]).
    pub fn phases(seed: u64, samples: usize) -> Positions {
        let names: Vec<&str> = PHASES.iter().map(|(name, _)| *name).collect();
        Positions {
            sets: depth_classes(seed, samples),
            source: format!(
                "{samples} positions per set ({}: as many x as o, the empty board once), seed {}",
                names.join(", "),
                seed
            ),
        }
    }
}
