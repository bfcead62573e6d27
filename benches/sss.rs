//! SSS* against alpha-beta on implicit uniform random trees
//! (`UniformTree`, wide values, never held in memory, so the tree costs
//! nothing but its leaf hashes): one group per branching factor 2-8
//! (`sss-branching-B`), one benchmark per backend and depth
//! (`backend/depth`), an even and an odd depth each, sized so that
//! alpha-beta takes 10-200 ms. Each benchmark is one search of the root
//! with the full window, through the registry.
//!
//! The leaves each search evaluates are printed once per tree (on
//! stderr), so that time per evaluated leaf can be compared:
//! SSS* ns / SSS* leaves against alpha-beta ns / alpha-beta leaves.
//!
//! Run: `cargo bench --features sss --bench sss`

mod common;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::time::Duration;
use winmove::Window;
use winmove::tree::uniform::{UniformTree, Values};
use winmove::{Algo, Settings};

/// The seed every tree is drawn from.
const TREE_SEED: u64 = 1568;

/// The backends compared.
const BACKENDS: [Algo; 2] = [Algo::AlphaBeta, Algo::Sss];

/// Branching factors and the depths searched for each (the leaves of
/// alpha-beta: 0.7-8.3 million).
const SHAPES: [(u32, [u32; 2]); 7] = [
    (2, [28, 29]),
    (3, [16, 17]),
    (4, [14, 15]),
    (5, [11, 12]),
    (6, [10, 11]),
    (7, [9, 10]),
    (8, [9, 10]),
];

/// One group per branching factor: each backend at each depth.
fn sss(c: &mut Criterion) {
    for (branching, depths) in SHAPES {
        let mut group = c.benchmark_group(format!("sss-branching-{branching}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for depth in depths {
            let tree = UniformTree::new(branching, depth, TREE_SEED, 0, Values::Wide);
            for algo in BACKENDS {
                let Some(mut search) = algo.make::<UniformTree>(&Settings::default()) else {
                    eprintln!("{algo} is not in this build (run with --features sss)");
                    continue;
                };
                // The leaves of one search, before the timed ones (uniform
                // trees give only node keys, so no search leaves anything
                // behind for the next; the counters just keep growing).
                search.search(&tree, tree.root(), Window::FULL);
                eprintln!(
                    "sss-branching-{branching} {algo}/{depth}: leaves={}",
                    search.stats().leaves
                );
                group.bench_with_input(BenchmarkId::new(algo.name(), depth), &tree, |b, tree| {
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
    targets = sss
}
criterion_main!(benches);
