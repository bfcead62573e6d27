//! Depth-limited search, where game programs spend their time: every
//! backend this build has, on the board searched to a depth limit and
//! scored by the `weighted` evaluation. One group per backend
//! (`depth/NAME`), one benchmark per depth (`D`), each the value loop of
//! `winmove value --depth D` over 20 boards with 3 x and 3 o (seed 1568),
//! in two trees: every enhancement (`all-D`), and none (`plain-D`, the
//! textbook depth-limited minimax's tree). A fresh backend each iteration,
//! so that no table carries values from one iteration to the next. The
//! throughput is the nodes the backend reaches (a node answered from a
//! table counts), so criterion's elements per second are nodes per second
//! (1e9 / throughput is ns per node). A last group, `iterative`, runs
//! `--iterative` to each depth with alpha-beta, NegaScout and MTD(f), its
//! moves ordered by the last depth's best moves (a fresh backend each
//! iteration, the guide kept, as over the cases of one run).
//!
//! Run: `cargo bench --all-features --bench depth`
//! (without `--all-features`, the optional backends are left out).

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use winmove::answer::value::value_of;
use winmove::game::eval::Eval;
use winmove::game::random::{Rng, random_board};
use winmove::search::iterative::Deepening;
use winmove::tree::board::{DepthTree, GuidedTree};
use winmove::{Algo, Board, Enhancements, Search, Settings, Window};

/// The seed the boards are drawn from.
const SEED: u64 = 1568;

/// The depths: 2, 4 and 6 plies from boards of 10 empty squares, so the
/// search stops at the depth limit, not at the end of the game, unless a
/// line is won first.
const DEPTHS: [u32; 3] = [2, 4, 6];

/// Nodes of a run above which a backend is left out at a depth (minimax,
/// SCOUT and SSS* on the plain tree at depth 6).
const MOST_NODES: u64 = 20_000_000;

/// The boards: 20 with 3 x and 3 o.
fn boards() -> Vec<Board> {
    let mut rng = Rng::new(SEED);
    (0..20).map(|_| random_board(&mut rng, 3, 3)).collect()
}

/// The value loop over `boards` to `depth` with a fresh `algo`: the
/// values' sum and the nodes reached.
fn values(algo: Algo, tree: &DepthTree, boards: &[Board], depth: u32) -> (i64, u64) {
    let mut search = algo.make::<DepthTree>(&Settings::default()).expect("built");
    let sum = boards
        .iter()
        .map(|&board| {
            let valued = value_of(tree, board, depth, Window::FULL, |candidate, window| {
                search.search(tree, candidate.node, window)
            });
            valued.value as i64
        })
        .sum();
    (sum, search.stats().nodes)
}

/// `--iterative` over `boards` to `depth` with a fresh `algo` in `tree`
/// (whose guide is kept, as over the cases of one run): the last values'
/// sum and the nodes reached.
fn deepened(algo: Algo, tree: &GuidedTree, boards: &[Board], depth: u32) -> (i64, u64) {
    let mut search = algo
        .make::<GuidedTree>(&Settings::default())
        .expect("built");
    let mut nodes = 0;
    let mut sum = 0;
    for &board in boards {
        let value = Deepening::default().run(
            &mut search,
            depth,
            |search: &mut Box<dyn Search<GuidedTree>>, d, window| {
                value_of(tree, board, d, window, |candidate, window| {
                    search.search(tree, candidate.node, window)
                })
                .value
            },
            |it| {
                nodes += it.stats.nodes;
                tree.guide().advance();
            },
        );
        sum += value as i64;
    }
    (sum, nodes)
}

/// One group per backend: both trees, every depth.
fn depth_limited(c: &mut Criterion) {
    let boards = boards();
    for algo in Algo::all_built() {
        let mut group = c.benchmark_group(format!("depth/{}", algo.name()));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for (name, set) in [
            ("all", Enhancements::DEFAULT),
            ("plain", Enhancements::NONE),
        ] {
            let tree = DepthTree::new(set, Eval::Weighted);
            for depth in DEPTHS {
                let (_, nodes) = values(algo, &tree, &boards, depth);
                if nodes > MOST_NODES {
                    continue;
                }
                group.throughput(Throughput::Elements(nodes));
                group.bench_with_input(
                    BenchmarkId::from_parameter(format!("{name}-{depth}")),
                    &depth,
                    |bench, &depth| bench.iter(|| values(algo, &tree, &boards, depth)),
                );
            }
        }
        group.finish();
    }
}

/// Iterative deepening with the best-move table, every enhancement.
fn iterative(c: &mut Criterion) {
    let boards = boards();
    let mut group = c.benchmark_group("iterative");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for algo in [Algo::AlphaBeta, Algo::NegaScout, Algo::Mtdf] {
        if !algo.built() {
            continue;
        }
        for depth in DEPTHS {
            // The guide is made once: what is timed is the search.
            let tree =
                GuidedTree::new(DepthTree::new(Enhancements::DEFAULT, Eval::Weighted), false);
            let (_, nodes) = deepened(algo, &tree, &boards, depth);
            group.throughput(Throughput::Elements(nodes));
            group.bench_with_input(
                BenchmarkId::new(algo.name(), depth),
                &depth,
                |bench, &depth| bench.iter(|| deepened(algo, &tree, &boards, depth)),
            );
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = depth_limited, iterative
}
criterion_main!(benches);
