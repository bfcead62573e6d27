//! What the bench files share.

use criterion::Criterion;

/// Criterion with 10,000 bootstrap resamples instead of 100,000: the
/// density plots over the resamples took most of the run time.
pub fn config() -> Criterion {
    Criterion::default().nresamples(10_000)
}
