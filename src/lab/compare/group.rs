//! What the workloads give the reports: a [`Group`] of cases (a board
//! class, a tree [`Shape`], a depth [`Limit`]) with each backend's
//! [`Tally`], the claims checked on it and its minimal trees.

use super::claims::Claims;
use super::tally::Tally;
use crate::game::eval::Eval;
use crate::search::Algo;
use crate::search::minimal::Unworked;
use crate::tree::ordered::ChildOrder;
use crate::tree::uniform::Values;
use crate::tree::value::Value;

/// The backend every depth-limited group is measured against: aspiration
/// NegaScout, the literature's baseline.
pub const BASELINE: Algo = Algo::NegaScout;

/// What a depth-limited group measured: the depth reached, the
/// evaluation at the horizon, and the baseline's aspiration half-width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The deepest iteration.
    pub depth: u32,
    /// The evaluation at the horizon.
    pub eval: Eval,
    /// The half-width of aspiration NegaScout's window.
    pub aspiration: Value,
}

/// A uniform shape of `compare --trees`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Children of every inner node.
    pub branching: u32,
    /// Depth of every leaf.
    pub depth: u32,
    /// What the leaves hold.
    pub values: Values,
    /// Where each node's best child stands ([`ChildOrder::Random`]: a
    /// uniform tree of independent leaves).
    pub order: ChildOrder,
    /// Random branching: each inner node has 1 to `2·branching − 1`
    /// children (`branching` on average) instead of `branching`.
    pub ragged: bool,
}

impl Shape {
    /// Leaves of a tree of this shape (on average, if ragged).
    pub fn leaves(&self) -> u64 {
        (self.branching as u64).pow(self.depth)
    }
}

/// A group of cases (a board class or a tree shape) and each backend's tally.
#[derive(Clone, Debug)]
pub struct Group {
    /// The class or shape.
    pub name: String,
    /// For uniform trees: the shape.
    pub shape: Option<Shape>,
    /// Per backend.
    pub tallies: Vec<(Algo, Tally)>,
    /// The literature's claims, if checked on this group.
    pub claims: Option<Claims>,
    /// Backends left out of this group, and why.
    pub left_out: Vec<(Algo, String)>,
    /// The minimal trees of the group's cases.
    pub minimal: Minimal,
    /// For the depth-limited setting: the depth and the evaluation.
    pub limit: Option<Limit>,
}

/// The minimal trees of a group's cases (`search/minimal.rs`): the fewest
/// leaves that prove each case's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Minimal {
    /// Cases counted.
    pub cases: u64,
    /// Their minimal trees' leaves, summed.
    pub leaves: u64,
    /// Why a case's minimal tree was not worked out, if one was not: the
    /// mean is then unknown.
    pub unworked: Option<Unworked>,
}

impl Minimal {
    /// Counts a case whose minimal tree has `leaves` leaves (or was not
    /// worked out).
    pub(super) fn add(&mut self, leaves: Result<u64, Unworked>) {
        self.cases += 1;
        match leaves {
            Ok(leaves) => self.leaves = self.leaves.saturating_add(leaves),
            Err(unworked) => self.unworked = self.unworked.or(Some(unworked)),
        }
    }

    /// Mean leaves of a case's minimal tree, if every case's was worked
    /// out.
    pub fn mean(&self) -> Option<f64> {
        match self.unworked {
            None => Some(self.leaves as f64 / self.cases.max(1) as f64),
            Some(_) => None,
        }
    }
}

impl Group {
    /// The tally of `algo`.
    pub fn tally(&self, algo: Algo) -> Option<&Tally> {
        self.tallies
            .iter()
            .find(|(a, _)| *a == algo)
            .map(|(_, t)| t)
    }

    /// Mean leaves of `algo`.
    pub(super) fn mean_leaves(&self, algo: Algo) -> Option<f64> {
        self.tally(algo).map(|t| t.mean(t.leaves))
    }

    /// Mean nodes of `algo`.
    pub(super) fn mean_nodes(&self, algo: Algo) -> Option<f64> {
        self.tally(algo).map(|t| t.mean(t.nodes))
    }

    /// The backend the others' counts are divided by: aspiration NegaScout
    /// in the depth-limited setting, alpha-beta elsewhere.
    pub fn base(&self) -> Algo {
        if self.limit.is_some() {
            BASELINE
        } else {
            Algo::AlphaBeta
        }
    }
}

/// The backends this build has.
pub fn built_algos() -> Vec<Algo> {
    Algo::all_built().collect()
}
