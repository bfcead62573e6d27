//! The literature's theorems about which leaves a backend evaluates, checked case by case on recordings.

use crate::search::recorded::search_recorded;
use crate::search::{Algo, Settings};
use crate::tree::GameTree;
use crate::tree::recording::Recording;
use crate::tree::value::Window;
use std::collections::HashSet;

/// Largest tree the claims are checked on (recording every node costs
/// memory).
pub const CLAIM_LEAVES: u64 = 1 << 16;

/// Most empty squares of a board the claims are checked on: the raw tree
/// below 10 empty squares has at most a few hundred thousand nodes.
pub const CLAIM_EMPTY: u32 = 10;

/// What the literature claims, checked case by case on the leaves each
/// backend evaluated (by path, in order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// Cases checked.
    pub cases: u64,
    /// Stockman: cases where SSS* evaluated a leaf alpha-beta skipped.
    pub sss_outside_alphabeta: u64,
    /// Plaat et al.: cases where MT-SSS*'s leaves or their order differ
    /// from SSS*'s.
    pub mt_sss_unlike_sss: u64,
    /// Reinefeld: cases where NegaScout evaluated a leaf alpha-beta skipped.
    pub negascout_outside_alphabeta: u64,
    /// Cases where NegaScout evaluated fewer leaves than SSS*...
    pub negascout_below_sss: u64,
    /// ... and more.
    pub negascout_above_sss: u64,
}

impl Claims {
    /// Adds the cases of `other`.
    pub(super) fn add(&mut self, other: &Claims) {
        self.cases += other.cases;
        self.sss_outside_alphabeta += other.sss_outside_alphabeta;
        self.mt_sss_unlike_sss += other.mt_sss_unlike_sss;
        self.negascout_outside_alphabeta += other.negascout_outside_alphabeta;
        self.negascout_below_sss += other.negascout_below_sss;
        self.negascout_above_sss += other.negascout_above_sss;
    }
}

/// The backends the claims are about.
const CLAIMED: [Algo; 4] = [Algo::AlphaBeta, Algo::Sss, Algo::MtSss, Algo::NegaScout];

/// Checks the claims on one tree: runs the backends they are about on a
/// recording of it. Backends this build lacks are left out.
pub(super) fn check_claims<T: GameTree + Clone>(tree: &T, root: T::Node) -> Claims {
    let mut orders: Vec<(Algo, Vec<Vec<u32>>)> = Vec::new();
    for algo in CLAIMED.into_iter().filter(|a| a.built()) {
        let mut search = algo
            .make::<Recording<T>>(&Settings::default())
            .expect("built");
        let searched = search_recorded(&mut search, tree.clone(), root, Window::FULL);
        orders.push((algo, searched.leaves));
    }
    let order = |algo: Algo| orders.iter().find(|(a, _)| *a == algo).map(|(_, o)| o);
    let set = |algo: Algo| order(algo).map(|o| o.iter().cloned().collect::<HashSet<_>>());
    let mut claims = Claims {
        cases: 1,
        ..Claims::default()
    };
    let alphabeta = set(Algo::AlphaBeta).expect("always built");
    if let Some(sss) = set(Algo::Sss) {
        claims.sss_outside_alphabeta = !sss.is_subset(&alphabeta) as u64;
    }
    if let (Some(sss), Some(mt)) = (order(Algo::Sss), order(Algo::MtSss)) {
        claims.mt_sss_unlike_sss = (sss != mt) as u64;
    }
    if let Some(negascout) = set(Algo::NegaScout) {
        claims.negascout_outside_alphabeta = !negascout.is_subset(&alphabeta) as u64;
    }
    if let (Some(sss), Some(negascout)) = (order(Algo::Sss), order(Algo::NegaScout)) {
        claims.negascout_below_sss = (negascout.len() < sss.len()) as u64;
        claims.negascout_above_sss = (negascout.len() > sss.len()) as u64;
    }
    claims
}
