//! Every backend this build has on uniform random trees that are never held
//! in memory (`winmove::uniform`): one group per backend (`NAME`), one
//! benchmark per shape (`B:D`), each one search of the root with the full
//! window. The throughput is the leaves the backend evaluates in that
//! search, so criterion's elements per second give its cost per evaluated
//! leaf (1e9 / throughput = ns per leaf).
//!
//! Run: `cargo bench --all-features --bench trees`
//! (without `--all-features`, the optional backends are left out).

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use winmove::Window;
use winmove::tree::uniform::{UniformTree, Values};
use winmove::{Algo, Settings};

/// The seed every tree is drawn from.
const TREE_SEED: u64 = 1568;

/// The shapes: branching and depth, small to large. The largest (2:18,
/// 4:10, 8:7) take alpha-beta about 1-3 ms a search on the machine of
/// BENCHMARKS.md (2 shared cores); the slowest benchmark, minimax on 4:10
/// (2^20 leaves), about 30 ms.
const SHAPES: [(u32, u32); 6] = [(2, 12), (2, 18), (4, 6), (4, 10), (8, 4), (8, 7)];

/// Leaves of a shape above which minimax (which evaluates every one) is
/// left out.
const MINIMAX_LEAVES: u64 = 1 << 20;

/// One group per backend: every shape.
fn trees(c: &mut Criterion) {
    for algo in Algo::all_built() {
        let mut group = c.benchmark_group(algo.name());
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for (b, d) in SHAPES {
            let tree = UniformTree::new(b, d, TREE_SEED, 0, Values::Wide);
            if algo == Algo::Minimax && tree.leaf_count() > MINIMAX_LEAVES {
                continue;
            }
            let mut search = algo
                .make::<UniformTree>(&Settings::default())
                .expect("built");
            search.search(&tree, tree.root(), Window::FULL);
            let leaves = search.stats().leaves;
            group.throughput(Throughput::Elements(leaves));
            group.bench_with_input(
                BenchmarkId::from_parameter(format!("{b}:{d}")),
                &tree,
                |bench, tree| bench.iter(|| search.search(tree, tree.root(), Window::FULL)),
            );
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
