//! The choice among patches that pass the tests: the one that changes the
//! program's behaviour least where no failing test asks for a change.
//!
//! Inputs near the tests are the tests' own inputs with one integer
//! changed (an argument or a number in stdin: one more, one less, 0, 1,
//! −1, its negation, or another number of the same input). The original
//! and each patched program run natively on them; a patch's behavioural
//! difference is the number of inputs whose stdout or exit status differs
//! from the original's, counted on inputs near the passing tests only (near
//! a failing test, the change may be what the test asks for). Patches at
//! equal edit distance are ranked by it, then by the objective's
//! tie-breaks, then by the plainer constants (`x < 0` before `x < -1`);
//! two at equal distance, difference and objective that disagree on an
//! input are reported: the tests do not decide between them, and that
//! input, as a new test, would.

use super::builds::Builds;
use super::report::Patch;
use crate::config::{Project, TestCase};
use std::path::Path;
use std::time::{Duration, Instant};

/// At most this many inputs near the tests.
pub const MAX_INPUTS: usize = 32;

/// At most this many undecided pairs are reported.
pub const MAX_UNDECIDED: usize = 3;

/// At most this many patches (the closest) are run on them.
pub const MAX_COMPARED: usize = 6;

/// One input near a test: the test with one number changed.
#[derive(Clone, Debug)]
pub struct Near {
    pub test: TestCase,
    /// What changed (`test t2, argument 1: 7 → 4`).
    pub what: String,
    /// Whether it is near a failing test too (the same input made from
    /// one): there the failing test may ask for the change, so it does
    /// not count in the behavioural difference.
    pub near_failing: bool,
}

/// What a run shows of the program's behaviour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    pub stdout: Vec<u8>,
    /// The exit code, or the abnormal end.
    pub end: String,
}

/// Two patches at equal rank and an input on which they disagree.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Undecided {
    /// The chosen patch's and the other's replacement text.
    pub chosen: String,
    pub other: String,
    /// The input: which test, what changed, its arguments and stdin.
    pub input: String,
    pub args: Vec<String>,
    pub stdin: String,
    /// Their stdout on it (lossy UTF-8) and exit.
    pub chosen_output: String,
    pub other_output: String,
}

/// The integers of `s` as (byte range, value).
fn numbers(s: &str) -> Vec<(std::ops::Range<usize>, i64)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let neg = b[i] == b'-' && i + 1 < b.len() && b[i + 1].is_ascii_digit();
        let start_ok = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.');
        if (b[i].is_ascii_digit() || neg) && start_ok {
            let start = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let end_ok = i == b.len() || !(b[i].is_ascii_alphabetic() || b[i] == b'_' || b[i] == b'.');
            if let (true, Ok(v)) = (end_ok, s[start..i].parse::<i64>()) {
                if v.unsigned_abs() < 1 << 30 {
                    out.push((start..i, v));
                }
            }
            continue;
        }
        i += 1;
    }
    out
}

/// Inputs near `tests`: per test and per number in its arguments and
/// stdin, the variants, taken round-robin over the tests so that each
/// test contributes; deduplicated, at most `max`.
pub fn inputs_near(tests: &[&TestCase], max: usize) -> Vec<Near> {
    let mut per_test: Vec<Vec<Near>> = Vec::new();
    for t in tests {
        let stdin = String::from_utf8_lossy(&t.stdin).into_owned();
        // Every number of the input: (argument index or None for stdin, range, value).
        let mut slots: Vec<(Option<usize>, std::ops::Range<usize>, i64)> = Vec::new();
        for (i, a) in t.args.iter().enumerate() {
            slots.extend(numbers(a).into_iter().map(|(r, v)| (Some(i), r, v)));
        }
        slots.extend(numbers(&stdin).into_iter().take(16).map(|(r, v)| (None, r, v)));
        let all: Vec<i64> = slots.iter().map(|s| s.2).collect();
        let mut mine = Vec::new();
        for (slot, range, v) in &slots {
            let mut values = vec![v + 1, v - 1, 0, 1, -1, -v];
            for w in &all {
                values.extend([*w, w + 1, w - 1]);
            }
            values.retain(|x| x != v);
            let mut seen = Vec::new();
            for x in values {
                if seen.contains(&x) {
                    continue;
                }
                seen.push(x);
                let mut n = (*t).clone();
                n.stdout = None;
                n.stderr = None;
                n.exit = None;
                n.check = None;
                let what = match slot {
                    Some(i) => {
                        let a = &t.args[*i];
                        n.args[*i] = format!("{}{x}{}", &a[..range.start], &a[range.end..]);
                        format!("test {}, argument {}: {v} → {x}", t.name, i + 1)
                    }
                    None => {
                        n.stdin = format!("{}{x}{}", &stdin[..range.start], &stdin[range.end..]).into_bytes();
                        format!("test {}, stdin: {v} → {x}", t.name)
                    }
                };
                n.name = format!("{}~{}", t.name, mine.len() + 1);
                mine.push(Near { test: n, what, near_failing: false });
            }
        }
        per_test.push(mine);
    }
    let mut out: Vec<Near> = Vec::new();
    let longest = per_test.iter().map(Vec::len).max().unwrap_or(0);
    'fill: for k in 0..longest {
        for list in &per_test {
            if let Some(n) = list.get(k) {
                if !out.iter().any(|o| o.test.args == n.test.args && o.test.stdin == n.test.stdin) {
                    out.push(n.clone());
                }
                if out.len() >= max {
                    break 'fill;
                }
            }
        }
    }
    out
}

/// Inputs near the passing tests (`counted`: up to `max`, none that is
/// also near a failing test) and near the failing tests (up to `max`,
/// marked `near_failing`).
pub fn inputs_near_split(tests: &[&TestCase], failing: &[bool], max: usize) -> Vec<Near> {
    let pick = |want: bool| -> Vec<&TestCase> {
        tests.iter().zip(failing).filter(|(_, f)| **f == want).map(|(t, _)| *t).collect()
    };
    let (pass, fail) = (pick(false), pick(true));
    let near_fail = inputs_near(&fail, usize::MAX);
    let same = |a: &Near, b: &Near| a.test.args == b.test.args && a.test.stdin == b.test.stdin;
    let is_failing = |n: &Near| fail.iter().any(|t| t.args == n.test.args && t.stdin == n.test.stdin);
    let mut out: Vec<Near> = inputs_near(&pass, usize::MAX)
        .into_iter()
        .filter(|n| !is_failing(n) && !near_fail.iter().any(|f| same(f, n)))
        .take(max)
        .collect();
    out.extend(near_fail.into_iter().take(max).map(|n| Near { near_failing: true, ..n }));
    out
}

/// Ranks `patches` (already ordered by distance, then objective): among
/// the closest ones, by behavioural difference from the original on
/// inputs near `tests`; sets each compared patch's `behaviour`. Returns
/// the inputs' count and the undecided pairs (the first patch against
/// each other patch of its rank that disagrees with it somewhere). Runs
/// stop at `deadline`: an error, and the order is left as it was.
#[allow(clippy::too_many_arguments)]
pub fn rank(
    p: &Project, builds: &Builds, texts: &[String], tests: &[&TestCase], failing: &[bool], patches: &mut [Patch],
    timeout: Duration, dir: &Path, deadline: Instant,
) -> Result<(usize, Vec<Undecided>), String> {
    let Some(best) = patches.first().map(|pt| pt.distance) else { return Ok((0, Vec::new())) };
    let tied = patches.iter().take(MAX_COMPARED).take_while(|pt| pt.distance == best).count();
    if tied < 2 {
        return Ok((0, Vec::new()));
    }
    let near = inputs_near_split(tests, failing, MAX_INPUTS);
    if near.is_empty() {
        return Ok((0, Vec::new()));
    }
    let inputs: Vec<&TestCase> = near.iter().map(|n| &n.test).collect();
    let src = patches[0].source;
    let original = builds.observe(p, &inputs, timeout, (src, &texts[src]), &dir.join("original"), deadline)?;
    let mut seen: Vec<Vec<Observed>> = Vec::new();
    for (i, pt) in patches[..tied].iter_mut().enumerate() {
        let obs = builds.observe(
            p,
            &inputs,
            timeout,
            (pt.source, &pt.patched_source),
            &dir.join(format!("p{i}")),
            deadline,
        )?;
        let counted = near.iter().zip(obs.iter().zip(&original)).filter(|(n, (a, b))| !n.near_failing && a != b);
        pt.behaviour = Some(counted.count());
        seen.push(obs);
    }
    // Stable: at equal difference the earlier (closer by objective) first.
    let mut order: Vec<usize> = (0..tied).collect();
    order.sort_by_key(|&i| (patches[i].behaviour, patches[i].objective, patches[i].plain));
    let reordered: Vec<Patch> = order.iter().map(|&i| patches[i].clone()).collect();
    let seen: Vec<Vec<Observed>> = order.iter().map(|&i| seen[i].clone()).collect();
    patches[..tied].clone_from_slice(&reordered);
    let mut undecided = Vec::new();
    for j in (1..tied).take(MAX_UNDECIDED) {
        if patches[j].behaviour != patches[0].behaviour || patches[j].objective != patches[0].objective {
            continue;
        }
        if let Some(k) = (0..inputs.len()).find(|&k| seen[0][k] != seen[j][k]) {
            let show = |o: &Observed| format!("{} ({})", String::from_utf8_lossy(&o.stdout), o.end);
            undecided.push(Undecided {
                chosen: patches[0].replacement.clone(),
                other: patches[j].replacement.clone(),
                input: near[k].what.clone(),
                args: inputs[k].args.clone(),
                stdin: String::from_utf8_lossy(&inputs[k].stdin).into_owned(),
                chosen_output: show(&seen[0][k]),
                other_output: show(&seen[j][k]),
            });
        }
    }
    Ok((inputs.len(), undecided))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_found_in_arguments_and_stdin() {
        let n: Vec<i64> = numbers("3 -4 x5 7.5 10\n").into_iter().map(|(_, v)| v).collect();
        assert_eq!(n, vec![3, -4, 10]);
        assert!(numbers("abc").is_empty());
    }

    #[test]
    fn inputs_near_a_test_change_one_number_each() {
        let t = TestCase {
            name: "t".into(),
            args: vec!["7".into(), "x".into()],
            stdin: b"3 1\n".to_vec(),
            stdout: Some("4\n".into()),
            ..TestCase::default()
        };
        let near = inputs_near(&[&t], 100);
        assert!(near.iter().all(|n| !n.near_failing));
        assert!(near.len() > 10);
        for n in &near {
            let changed = usize::from(n.test.args[0] != "7") + usize::from(n.test.stdin != b"3 1\n");
            assert_eq!(changed, 1, "{:?}", n.what);
            assert_eq!(n.test.args[1], "x");
            assert!(n.test.stdout.is_none());
        }
        assert!(near.iter().any(|n| n.test.args[0] == "8"));
        assert!(near.iter().any(|n| n.test.stdin == b"1 1\n"), "another number of the same input");
        assert_eq!(inputs_near(&[&t], 5).len(), 5);
        // Near a passing and a failing test: neither the failing test's
        // own input nor one near it counts.
        let u =
            TestCase { name: "u".into(), args: vec!["9".into(), "x".into()], stdin: b"3 1\n".to_vec(), ..t.clone() };
        let split = inputs_near_split(&[&t, &u], &[false, true], 1000);
        let counted =
            |a: &str| split.iter().any(|n| !n.near_failing && n.test.args[0] == a && n.test.stdin == b"3 1\n");
        assert!(!counted("9"), "the failing test's own input");
        assert!(!counted("8"), "near both: 7 + 1 and 9 - 1");
        assert!(counted("6"), "near the passing test only");
        assert!(split.iter().any(|n| !n.near_failing) && split.iter().any(|n| n.near_failing));
    }
}
