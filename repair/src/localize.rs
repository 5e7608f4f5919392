//! Spectrum-based fault localization: Ochiai over per-test line coverage,
//! and the lines where the failing tests' failures show.

use std::collections::HashMap;

/// What the tests did with one line.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    /// Failing and passing tests that executed it.
    failed: u32,
    passed: u32,
    /// Its executions summed over the failing and over the passing tests.
    runs_failed: u64,
    runs_passed: u64,
    /// The most executions in one test.
    most: u64,
}

/// Per-line coverage of the failing and passing tests.
#[derive(Clone, Debug, Default)]
pub struct Spectrum {
    /// (source index, line) → what the tests did with it.
    lines: HashMap<(usize, u32), Line>,
    total_failed: u32,
    total_passed: u32,
    /// Where failing tests showed their failure (source index, line):
    /// the statement that printed the first unexpected byte or faulted.
    points: Vec<(usize, u32)>,
    /// Those of them that tell more than that the output is wrong (a
    /// fault, or right output printed before).
    telling: Vec<(usize, u32)>,
}

impl Spectrum {
    /// Adds one test: whether it passed, and per source the executed lines
    /// with their execution counts.
    pub fn add(&mut self, passed: bool, lines: &[Vec<(u32, u64)>]) {
        if passed {
            self.total_passed += 1;
        } else {
            self.total_failed += 1;
        }
        for (src, ls) in lines.iter().enumerate() {
            for &(l, n) in ls {
                let e = self.lines.entry((src, l)).or_default();
                e.most = e.most.max(n);
                if passed {
                    e.passed += 1;
                    e.runs_passed += n;
                } else {
                    e.failed += 1;
                    e.runs_failed += n;
                }
            }
        }
    }

    /// Adds a failing test's failure point, and whether it is telling
    /// (see `native::FailurePoint`).
    pub fn add_point(&mut self, at: (usize, u32), telling: bool) {
        if !self.points.contains(&at) {
            self.points.push(at);
        }
        if telling && !self.telling.contains(&at) {
            self.telling.push(at);
        }
    }

    /// Whether the failure point at `line` of source `src` is telling.
    pub fn telling(&self, src: usize, line: u32) -> bool {
        self.telling.contains(&(src, line))
    }

    /// The failure points, in the order the tests found them.
    pub fn points(&self) -> &[(usize, u32)] {
        &self.points
    }

    fn line(&self, src: usize, line: u32) -> Line {
        self.lines.get(&(src, line)).copied().unwrap_or_default()
    }

    /// The most executions of any of `lines` in one test.
    pub fn most_runs(&self, src: usize, lines: std::ops::Range<u32>) -> u64 {
        lines.map(|l| self.line(src, l).most).max().unwrap_or(0)
    }

    /// How much more often a failing test runs `lines` than a passing one
    /// (mean executions per failing test minus per passing test; the
    /// largest over the lines): the tie-break among equally suspicious
    /// statements.
    pub fn frequency(&self, src: usize, lines: std::ops::Range<u32>) -> f64 {
        let mean = |n: u64, d: u32| if d == 0 { 0.0 } else { n as f64 / d as f64 };
        lines
            .map(|l| {
                let e = self.line(src, l);
                mean(e.runs_failed, self.total_failed) - mean(e.runs_passed, self.total_passed)
            })
            .fold(f64::MIN, f64::max)
    }

    /// Ochiai suspiciousness of one line: `ef / sqrt(F * (ef + ep))`.
    pub fn ochiai(&self, src: usize, line: u32) -> f64 {
        let Line { failed: ef, passed: ep, .. } = self.line(src, line);
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
        lines.into_iter().any(|l| self.line(src, l).failed > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ochiai_ranks_lines_run_only_by_failing_tests_first() {
        let mut s = Spectrum::default();
        s.add(false, &[vec![(1, 1), (2, 5), (3, 1)]]);
        s.add(true, &[vec![(1, 1), (2, 1)]]);
        s.add(true, &[vec![(1, 1)]]);
        assert!((s.ochiai(0, 3) - 1.0).abs() < 1e-9);
        assert!((s.ochiai(0, 2) - 1.0 / 2f64.sqrt()).abs() < 1e-9);
        assert!((s.ochiai(0, 1) - 1.0 / 3f64.sqrt()).abs() < 1e-9);
        assert_eq!(s.ochiai(0, 9), 0.0);
        assert_eq!(s.score(0, 1..4), s.ochiai(0, 3));
        assert!(!s.failing_cover(0, 4..9));
        // Line 2 runs five times in the failing test, once in a passing one.
        assert!((s.frequency(0, 2..3) - 4.5).abs() < 1e-9);
        assert!(s.frequency(0, 2..3) > s.frequency(0, 1..2));
    }

    #[test]
    fn a_failure_point_is_kept_once() {
        let mut s = Spectrum::default();
        s.add_point((0, 20), false);
        s.add_point((1, 5), true);
        s.add_point((0, 20), true);
        assert_eq!(s.points(), [(0, 20), (1, 5)]);
        assert!(s.telling(0, 20) && s.telling(1, 5), "telling once is telling");
    }
}
