//! Every backend this build has on explicit uniform random trees: one group
//! per branching factor 2-8 (`branching-B`), one benchmark per backend and
//! depth (`backend/depth`), depths 2, 3, 4, 6 and 8 as long as the tree has
//! at most 2^18 leaves. Each benchmark is one search of the root with the
//! full window; generating and parsing the tree are not timed.
//!
//! Run: `cargo bench --all-features --bench trees`
//! (without `--all-features`, SCOUT and SSS* are left out).

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;
use winmove::explicit::ExplicitTree;
use winmove::gen::{uniform_tree, Rng};
use winmove::search::{Algo, Settings};
use winmove::value::{Value, Window};

/// The seed every tree is drawn from.
const TREE_SEED: u64 = 1568;

/// Smallest leaf value.
const LOWEST: Value = -1000;

/// Largest leaf value.
const HIGHEST: Value = 1000;

/// Branching factors, one group each.
const BRANCHING: [usize; 7] = [2, 3, 4, 5, 6, 7, 8];

/// Depths tried for each branching factor.
const DEPTHS: [usize; 5] = [2, 3, 4, 6, 8];

/// Largest tree searched, in leaves (8^6 = 2^18).
const MAX_LEAVES: usize = 1 << 18;

/// The uniform tree of the given shape, drawn from [`TREE_SEED`].
fn tree(branching: usize, depth: usize) -> ExplicitTree {
    let text = uniform_tree(&mut Rng::new(TREE_SEED), branching, depth, LOWEST, HIGHEST);
    ExplicitTree::parse(&text).expect("generated trees parse")
}

/// One group per branching factor: every built backend at each depth.
fn trees(c: &mut Criterion) {
    for branching in BRANCHING {
        let mut group = c.benchmark_group(format!("branching-{branching}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_millis(500));
        for depth in DEPTHS {
            if branching.pow(depth as u32) > MAX_LEAVES {
                continue;
            }
            let tree = tree(branching, depth);
            for algo in Algo::built() {
                let mut search = algo
                    .make::<ExplicitTree>(&Settings::default())
                    .expect("built");
                // One backend for all iterations: explicit trees give no
                // transposition keys, so no search leaves anything behind
                // for the next (the statistics counters just keep growing).
                group.bench_with_input(BenchmarkId::new(algo.name, depth), &tree, |b, tree| {
                    b.iter(|| search.search(tree, tree.root(), Window::FULL))
                });
            }
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = trees
}
criterion_main!(benches);
