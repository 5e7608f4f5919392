//! Spectrum-based fault localization: Ochiai over per-test line coverage.

use std::collections::HashMap;

/// Per-line counts of passing and failing tests that executed it.
#[derive(Clone, Debug, Default)]
pub struct Spectrum {
    /// (source index, line) → (failing, passing) executions.
    counts: HashMap<(usize, u32), (u32, u32)>,
    total_failed: u32,
}

impl Spectrum {
    /// Adds one test: whether it passed, and per source the executed lines.
    pub fn add(&mut self, passed: bool, lines: &[Vec<u32>]) {
        if !passed {
            self.total_failed += 1;
        }
        for (src, ls) in lines.iter().enumerate() {
            for l in ls {
                let c = self.counts.entry((src, *l)).or_default();
                if passed {
                    c.1 += 1;
                } else {
                    c.0 += 1;
                }
            }
        }
    }

    /// Ochiai suspiciousness of one line: `ef / sqrt(F * (ef + ep))`.
    pub fn ochiai(&self, src: usize, line: u32) -> f64 {
        let (ef, ep) = self.counts.get(&(src, line)).copied().unwrap_or_default();
        if ef == 0 || self.total_failed == 0 {
            return 0.0;
        }
        ef as f64 / ((self.total_failed as f64) * (ef + ep) as f64).sqrt()
    }

    /// The highest suspiciousness of the lines in `lines`.
    pub fn score(&self, src: usize, lines: std::ops::Range<u32>) -> f64 {
        lines.map(|l| self.ochiai(src, l)).fold(0.0, f64::max)
    }

    /// Whether a failing test executed any of `lines`.
    pub fn failing_cover(&self, src: usize, lines: std::ops::Range<u32>) -> bool {
        lines.into_iter().any(|l| self.counts.get(&(src, l)).is_some_and(|c| c.0 > 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ochiai_ranks_lines_run_only_by_failing_tests_first() {
        let mut s = Spectrum::default();
        s.add(false, &[vec![1, 2, 3]]);
        s.add(true, &[vec![1, 2]]);
        s.add(true, &[vec![1]]);
        assert!((s.ochiai(0, 3) - 1.0).abs() < 1e-9);
        assert!((s.ochiai(0, 2) - 1.0 / 2f64.sqrt()).abs() < 1e-9);
        assert!((s.ochiai(0, 1) - 1.0 / 3f64.sqrt()).abs() < 1e-9);
        assert_eq!(s.ochiai(0, 9), 0.0);
        assert_eq!(s.score(0, 1..4), s.ochiai(0, 3));
        assert!(!s.failing_cover(0, 4..9));
    }
}
