//! The cost of one SSS* step as OPEN grows: on uniform random trees of depth
//! 3, OPEN holds up to b² states, and a step should cost a logarithm of
//! that, not a scan of it.
//!
//! `cargo run --release --features sss --example sss_steps`

#[cfg(feature = "sss")]
fn main() {
    use std::time::Instant;
    use winmove::explicit::ExplicitTree;
    use winmove::gen::{uniform_tree, Rng};
    use winmove::search::{sss::Sss, Backend, Counter, Search};
    use winmove::value::Window;

    println!("| branching | leaves | steps | max OPEN | time | ns per step |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for branching in [4, 8, 16, 32, 64, 128] {
        let text = uniform_tree(&mut Rng::new(7), branching, 3, -1_000_000, 1_000_000);
        let tree = ExplicitTree::parse(&text).expect("generated trees parse");
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
                    stats.get(Counter::Steps).unwrap_or(0),
                    stats.get(Counter::MaxOpen).unwrap_or(0),
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

#[cfg(not(feature = "sss"))]
fn main() {
    eprintln!("build with --features sss");
    std::process::exit(2);
}
