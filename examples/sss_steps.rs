//! What SSS* costs as OPEN grows.
//!
//! Without arguments: on explicit uniform random trees of depth 3, OPEN
//! holds up to b² states, and a step should cost about the same whatever
//! OPEN holds, not a scan of it; prints a table of ns per step.
//!
//! With `B D [ALGO...]`: searches the implicit uniform tree of branching B
//! and depth D (`UniformTree`, seed 1568, tree 0, wide values) once with
//! each backend named (default: `alphabeta sss`), and prints its value,
//! time, ns per evaluated leaf and counters (for SSS*, steps and max_open,
//! and what the search kept at most: records, stack and heap entries,
//! bytes). With `sss` alone, the process's peak resident memory is that of
//! one SSS* search (the tree takes none):
//!
//! `cargo run --release --features sss --example sss_steps -- 4 15`
//! `cargo build --release --features sss --example sss_steps &&
//!  /usr/bin/time -f %M target/release/examples/sss_steps 4 15 sss`

#[cfg(feature = "sss")]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        table();
        return;
    }
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<u32>().ok());
    let (Some(branching), Some(depth)) = (number(0), number(1)) else {
        eprintln!("usage: sss_steps [BRANCHING DEPTH [ALGO...]]");
        std::process::exit(2);
    };
    if let Err(e) = winmove::tree::uniform::UniformTree::check_shape(branching, depth) {
        eprintln!("{e}");
        std::process::exit(2);
    }
    use winmove::Algo;
    let algos: Vec<Algo> = if args.len() > 2 {
        let parsed = args[2..].iter().map(|name| name.parse::<Algo>());
        parsed.collect::<Result<_, _>>().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        })
    } else {
        vec![Algo::AlphaBeta, Algo::Sss]
    };
    uniform(branching, depth, &algos);
}

/// The table of ns per step on explicit trees of depth 3.
#[cfg(feature = "sss")]
fn table() {
    use std::time::Instant;
    use winmove::Window;
    use winmove::game::random::Rng;
    use winmove::search::sss::Sss;
    use winmove::tree::written::random::uniform_tree;
    use winmove::{Algo, Backend, Search};

    println!("| branching | leaves | steps | max OPEN | time | ns per step |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for branching in [4, 8, 16, 32, 64, 128] {
        let tree = uniform_tree(&mut Rng::new(7), branching, 3, -1_000_000, 1_000_000);
        // The median of 5 runs.
        let mut runs: Vec<(f64, u64, u64)> = (0..5)
            .map(|_| {
                let mut sss = Sss::new();
                let start = Instant::now();
                sss.search(&tree, tree.root(), Window::FULL);
                let elapsed = start.elapsed().as_secs_f64();
                let stats = sss.stats();
                (
                    elapsed,
                    stats.get(Algo::Sss.counters()[0]).unwrap_or(0),
                    stats.get(Algo::Sss.counters()[1]).unwrap_or(0),
                )
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (time, steps, max_open) = runs[2];
        println!(
            "| {branching} | {} | {steps} | {max_open} | {:.2} ms | {:.0} |",
            tree.leaf_count(),
            time * 1e3,
            time * 1e9 / steps as f64
        );
    }
}

/// One search of the uniform tree `branching:depth` with each of `algos`;
/// for SSS*, also what it kept at most.
#[cfg(feature = "sss")]
fn uniform(branching: u32, depth: u32, algos: &[winmove::Algo]) {
    use std::time::Instant;
    use winmove::Window;
    use winmove::search::sss::Sss;
    use winmove::tree::uniform::{UniformTree, Values};
    use winmove::{Algo, Search, Settings};

    let tree = UniformTree::new(branching, depth, 1568, 0, Values::Wide);
    let report = |algo: Algo, search: &mut dyn Search<UniformTree>| {
        let start = Instant::now();
        let value = search.search(&tree, tree.root(), Window::FULL);
        let elapsed = start.elapsed().as_secs_f64();
        let stats = search.stats();
        println!(
            "{branching}:{depth} {algo}: value={value} time={elapsed:.3}s ns_per_leaf={:.1} {stats}",
            elapsed * 1e9 / stats.leaves.max(1) as f64,
        );
    };
    for &algo in algos {
        if algo == Algo::Sss {
            let mut sss = Sss::new();
            report(algo, &mut sss);
            println!("  kept: {:?}", sss.footprint());
            continue;
        }
        let Some(mut search) = algo.make::<UniformTree>(&Settings::default()) else {
            eprintln!("{algo} is not in this build");
            std::process::exit(2);
        };
        report(algo, &mut *search);
    }
}

#[cfg(not(feature = "sss"))]
fn main() {
    eprintln!("build with --features sss");
    std::process::exit(2);
}
