//! Inputs near the tests, and what the pool's patches do on them.
//!
//! Inputs near the tests are the tests' own inputs with one thing
//! changed: an integer (an argument or a number in stdin, or the digits
//! that end a word, `a8`: one more, one less, 0, 1, −1, its negation, or
//! another number of the same input),
//! two neighbouring tokens swapped, or a word one character shorter or
//! longer. The original and each patch of the pool run natively on them
//! ([`observe_pool`]); `choice.rs` groups the patches by what they print
//! and exit and orders the groups.

use super::builds::Builds;
pub use super::builds::{End, Observed, MAX_TIMEOUTS};
use super::patch::Patch;
use crate::config::{Project, TestCase};
use std::path::Path;
use std::time::{Duration, Instant};

/// At most this many inputs near the tests.
pub const MAX_INPUTS: usize = 32;

/// At most this many patches of the pool are run on them.
pub const MAX_COMPARED: usize = 16;

/// One input near a test: the test with one number changed.
#[derive(Clone, Debug)]
pub struct Near {
    pub test: TestCase,
    /// What changed (`test t2, argument 1: 7 → 4`).
    pub what: String,
    /// Whether it is near a failing test too (the same input made from
    /// one, or a number changed to within one of a value that only the
    /// failing tests' inputs hold): there the failing test may ask for
    /// the change, so it does not count in the behavioural difference.
    pub near_failing: bool,
    /// The new value of a changed number.
    pub value: Option<i64>,
    /// Found by the VM where two patches at one site differ
    /// (`distinguish.rs`), not made by one change of a test's input: it
    /// tells behaviours apart and is asked, but weighs nothing in a
    /// departure (it was sought where a patch departs).
    pub found: bool,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Exit(c) => write!(f, "exit {c}"),
            End::Abnormal(a) => f.write_str(a),
            End::NotRun => f.write_str("not run (it timed out before)"),
        }
    }
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

/// The byte ranges of the integers of `s` (a sign included).
pub fn number_ranges(s: &str) -> Vec<std::ops::Range<usize>> {
    numbers(s).into_iter().map(|(r, _)| r).collect()
}

/// The digits that end a word of `s` (`8` of `a8`, `12` of `x12`: a
/// square, a cell, a version) as (byte range, value).
fn word_digits(s: &str) -> Vec<(std::ops::Range<usize>, i64)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && i > 0 && b[i - 1].is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let ends_word = i == b.len() || !(b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.');
            if let (true, Ok(v)) = (ends_word && i - start <= 9, s[start..i].parse::<i64>()) {
                out.push((start..i, v));
            }
            continue;
        }
        i += 1;
    }
    out
}

/// A stretch of one argument (`arg`) or of stdin (`None`).
#[derive(Clone, Debug)]
struct Place {
    arg: Option<usize>,
    range: std::ops::Range<usize>,
}

/// The whitespace-separated tokens of `s` on one line each, as ranges.
fn tokens_of(s: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(b)) => {
                out.push(b..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The variants of a test's tokens: two neighbours on a line swapped
/// (stdin) or two neighbouring arguments swapped, and each word (a
/// token that is no number) one character shorter and longer.
fn token_variants(t: &TestCase, stdin: &str) -> Vec<Vec<Variant>> {
    let mut swaps = Vec::new();
    let mut lengths = Vec::new();
    let toks = tokens_of(stdin);
    for w in toks.windows(2) {
        let (a, b) = (&stdin[w[0].clone()], &stdin[w[1].clone()]);
        if a != b && !stdin[w[0].end..w[1].start].contains('\n') {
            let text = format!("{b}{}{a}", &stdin[w[0].end..w[1].start]);
            swaps.push((
                Place { arg: None, range: w[0].start..w[1].end },
                text,
                format!("`{a} {b}` → `{b} {a}`"),
                None,
            ));
        }
    }
    let mut word = |place: Place, tok: &str| {
        if tok.chars().count() >= 2 && tok.parse::<f64>().is_err() {
            let last = tok.chars().last().unwrap_or('a');
            let shorter: String = tok.chars().take(tok.chars().count() - 1).collect();
            lengths.push((place.clone(), shorter.clone(), format!("`{tok}` → `{shorter}`"), None));
            lengths.push((place, format!("{tok}{last}"), format!("`{tok}` → `{tok}{last}`"), None));
        }
    };
    for r in toks.iter().take(16) {
        word(Place { arg: None, range: r.clone() }, &stdin[r.clone()]);
    }
    for (i, a) in t.args.iter().enumerate() {
        word(Place { arg: Some(i), range: 0..a.len() }, a);
    }
    vec![swaps, lengths]
}

/// The numbers of a test's input, where they stand: its arguments' and
/// the first 16 of its stdin (`stdin` is the test's stdin as text), then
/// the digits that end a word (whether a number is one: it stays
/// non-negative).
fn number_places(t: &TestCase, stdin: &str) -> Vec<(Place, i64, bool)> {
    let mut out: Vec<(Place, i64, bool)> = Vec::new();
    for (f, in_word) in [(numbers as fn(&str) -> _, false), (word_digits, true)] {
        for (i, a) in t.args.iter().enumerate() {
            out.extend(f(a).into_iter().map(|(range, v)| (Place { arg: Some(i), range }, v, in_word)));
        }
        out.extend(f(stdin).into_iter().take(16).map(|(range, v)| (Place { arg: None, range }, v, in_word)));
    }
    out
}

/// The numbers of a test's input.
fn input_numbers(t: &TestCase) -> Vec<i64> {
    number_places(t, &String::from_utf8_lossy(&t.stdin)).into_iter().map(|(_, v, _)| v).collect()
}

/// A change at one place of a test's input: where, the new text, what
/// changed in words, and the new value of a changed number.
type Variant = (Place, String, String, Option<i64>);

/// Per number of the input, its variants: one more, one less, 0, 1, −1,
/// its negation, and each other number of the input and its neighbours
/// (none negative for the digits that end a word: `a8` → `a1`, not `a-1`).
fn number_variants(t: &TestCase, stdin: &str) -> Vec<Vec<Variant>> {
    let places = number_places(t, stdin);
    let all: Vec<i64> = places.iter().map(|p| p.1).collect();
    let mut lists = Vec::new();
    for (place, v, in_word) in &places {
        let mut values = vec![v + 1, v - 1, 0, 1, -1, -v];
        for w in &all {
            values.extend([*w, w + 1, w - 1]);
        }
        // Digits that end a word stay digits.
        if *in_word {
            values.retain(|x| *x >= 0);
        }
        let mut seen = vec![*v];
        values.retain(|x| {
            !seen.contains(x) && {
                seen.push(*x);
                true
            }
        });
        lists.push(values.into_iter().map(|x| (place.clone(), x.to_string(), format!("{v} → {x}"), Some(x))).collect());
    }
    lists
}

/// `t` as an input of its own: named `name`, its expectations dropped.
pub(super) fn unjudged(t: &TestCase, name: String) -> TestCase {
    TestCase { name, stdout: None, stderr: None, exit: None, check: None, ..t.clone() }
}

/// `t` with the text at `place` replaced by `text`, its expectations
/// dropped, named `name`; and where the change is, in words.
fn changed(t: &TestCase, stdin: &str, place: &Place, text: &str, name: String) -> (TestCase, String) {
    let mut n = unjudged(t, name);
    let splice = |s: &str| format!("{}{text}{}", &s[..place.range.start], &s[place.range.end..]);
    let at = match place.arg {
        Some(i) => {
            n.args[i] = splice(&t.args[i]);
            format!("argument {}", i + 1)
        }
        None => {
            n.stdin = splice(stdin).into_bytes();
            "stdin".to_string()
        }
    };
    (n, format!("test {}, {at}", t.name))
}

/// Inputs near `tests`: per test and per number in its arguments and
/// stdin, the variants, taken round-robin over the tests so that each
/// test contributes; deduplicated, at most `max`.
pub fn inputs_near(tests: &[&TestCase], max: usize) -> Vec<Near> {
    let mut per_test: Vec<Vec<Near>> = Vec::new();
    for t in tests {
        let stdin = String::from_utf8_lossy(&t.stdin).into_owned();
        let mut lists = number_variants(t, &stdin);
        lists.extend(token_variants(t, &stdin));
        // One variant of each place in turn, so that every place counts.
        let mut mine = Vec::new();
        let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
        for k in 0..longest {
            for (place, text, change, value) in lists.iter().filter_map(|l| l.get(k)) {
                let (test, at) = changed(t, &stdin, place, text, format!("{}~{}", t.name, mine.len() + 1));
                mine.push(Near {
                    test,
                    what: format!("{at}: {change}"),
                    near_failing: false,
                    value: *value,
                    found: false,
                });
            }
        }
        per_test.push(mine);
    }
    let mut out: Vec<Near> = Vec::new();
    let longest = per_test.iter().map(Vec::len).max().unwrap_or(0);
    'fill: for k in 0..longest {
        for list in &per_test {
            if let Some(n) = list.get(k) {
                if !out.iter().any(|o| same_input(&o.test, &n.test)) {
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

/// Whether two tests give the program the same input.
fn same_input(a: &TestCase, b: &TestCase) -> bool {
    a.args == b.args && a.stdin == b.stdin
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
    let is_failing = |n: &Near| fail.iter().any(|t| same_input(t, &n.test));
    // The values only the failing tests' inputs hold: a number changed to
    // within one of them is at a boundary the tests do not decide.
    let values = |ts: &[&TestCase]| -> Vec<i64> { ts.iter().flat_map(|t| input_numbers(t)).collect() };
    let passing_values = values(&pass);
    let failing_only: Vec<i64> = values(&fail).into_iter().filter(|v| !passing_values.contains(v)).collect();
    let mut out: Vec<Near> = inputs_near(&pass, usize::MAX)
        .into_iter()
        .filter(|n| !is_failing(n) && !near_fail.iter().any(|f| same_input(&f.test, &n.test)))
        .take(max)
        .map(|n| {
            let boundary = n.value.is_some_and(|x| failing_only.iter().any(|w| x.abs_diff(*w) <= 1));
            Near { near_failing: boundary, ..n }
        })
        .collect();
    out.extend(near_fail.into_iter().take(max).map(|n| Near { near_failing: true, ..n }));
    out
}

/// The test `near` was made from (its index in `tests`).
pub fn made_from(tests: &[&TestCase], near: &Near) -> Option<usize> {
    tests.iter().position(|t| near.test.name.starts_with(&format!("{}~", t.name)))
}

/// `near` without the inputs outside the program's domain: those on
/// which the original program, built with every memory access checked
/// (in `dir`), errs in memory where it does not on the test the input was
/// made from. Such a change breaks what the tests keep (a count that is
/// never negative, a word that fits its buffer): what a program prints
/// there is whatever memory held, neither a behaviour to compare nor a
/// question to ask. All are kept when the check cannot run.
pub(super) fn in_domain(
    p: &Project, builds: &Builds, tests: &[&TestCase], near: Vec<Near>, timeout: Duration, dir: &Path,
    deadline: Instant,
) -> Vec<Near> {
    if near.is_empty() {
        return near;
    }
    let errs = memory_errors(p, builds, tests, &near, timeout, dir, deadline);
    let keep = domain(tests, &near, errs.as_deref());
    near.into_iter().zip(keep).filter(|(_, k)| *k).map(|(n, _)| n).collect()
}

/// Per input of `tests` then `near`, whether the original program built
/// with every memory access checked (in `dir`) errs in memory on it
/// (`None` when the check cannot run).
fn memory_errors(
    p: &Project, builds: &Builds, tests: &[&TestCase], near: &[Near], timeout: Duration, dir: &Path, deadline: Instant,
) -> Option<Vec<bool>> {
    let inputs: Vec<&TestCase> = tests.iter().copied().chain(near.iter().map(|n| &n.test)).collect();
    builds.memory_errors(p, &inputs, timeout, dir, deadline)
}

/// Per input of `near`, whether it is in the program's domain, given the
/// memory errors `errs` of `tests` then `near` (all are, unknown).
fn domain(tests: &[&TestCase], near: &[Near], errs: Option<&[bool]>) -> Vec<bool> {
    let Some(errs) = errs else { return vec![true; near.len()] };
    let (own, theirs) = errs.split_at(tests.len());
    let base_errs = |n: &Near| made_from(tests, n).is_some_and(|i| own[i]);
    near.iter().zip(theirs).map(|(n, err)| !*err || base_errs(n)).collect()
}

/// What the compared patches of a pool do near the tests.
pub struct Comparison {
    pub near: Vec<Near>,
    /// The original program's runs, one per input.
    pub original: Vec<Observed>,
    /// The runs of the first `observed.len()` patches of the pool.
    pub observed: Vec<Vec<Observed>>,
}

/// Runs the original and the first [`MAX_COMPARED`] patches of `pool` on
/// the inputs near `tests` (`failing` per test) that are in the program's
/// domain. Only the inputs on which the versions do not all agree are
/// checked for the domain (an input on which they agree tells nothing
/// apart and counts in no departure, wherever memory stands): the checked
/// builds are the slowest runs of the choice. The builds and their runs
/// are independent: for a direct build they run on [`WORKERS`] threads,
/// and what each gives does not depend on their order. Runs stop at
/// `deadline`: an error.
#[allow(clippy::too_many_arguments)]
pub fn observe_pool(
    p: &Project, builds: &Builds, texts: &[String], tests: &[&TestCase], failing: &[bool], pool: &[Patch],
    timeout: Duration, dir: &Path, deadline: Instant,
) -> Result<Comparison, String> {
    let near = inputs_near_split(tests, failing, MAX_INPUTS);
    if near.is_empty() || pool.is_empty() {
        let near = in_domain(p, builds, tests, near, timeout, &dir.join("checked"), deadline);
        return Ok(Comparison { near, original: Vec::new(), observed: Vec::new() });
    }
    let inputs: Vec<&TestCase> = near.iter().map(|n| &n.test).collect();
    let src = pool[0].source;
    let mut versions: Vec<(usize, &str, std::path::PathBuf)> = vec![(src, &texts[src], dir.join("original"))];
    for (i, pt) in pool.iter().take(MAX_COMPARED).enumerate() {
        versions.push((pt.source, &pt.patched_source, dir.join(format!("p{i}"))));
    }
    let runs: Vec<Vec<Observed>> = if matches!(builds, Builds::Direct) {
        let observe = |k: usize| {
            let (src, text, d) = &versions[k];
            builds.observe(p, &inputs, timeout, (*src, text), d, deadline)
        };
        // The checked builds, which the domain check will likely need, are
        // made beside the observations.
        let checked = || builds.build_checked(p, &dir.join("checked"));
        in_parallel(checked, versions.len(), observe).1.into_iter().collect::<Result<_, _>>()?
    } else {
        // A make build shares one tree: one at a time.
        let runs = versions.iter().map(|(src, text, d)| builds.observe(p, &inputs, timeout, (*src, text), d, deadline));
        runs.collect::<Result<_, _>>()?
    };
    let deciding = differing(&runs, near.len());
    let keep = if deciding.iter().any(|&d| d) {
        let asked: Vec<Near> = near.iter().zip(&deciding).filter(|(_, d)| **d).map(|(n, _)| n.clone()).collect();
        let errs = memory_errors(p, builds, tests, &asked, timeout, &dir.join("checked"), deadline);
        let mut checked = domain(tests, &asked, errs.as_deref()).into_iter();
        deciding.iter().map(|&d| !d || checked.next().unwrap_or(true)).collect()
    } else {
        vec![true; near.len()]
    };
    let kept =
        |v: Vec<Observed>| -> Vec<Observed> { v.into_iter().zip(&keep).filter(|(_, k)| **k).map(|(o, _)| o).collect() };
    let mut runs = runs.into_iter().map(kept);
    let original = runs.next().unwrap_or_default();
    let near = near.into_iter().zip(&keep).filter(|(_, k)| **k).map(|(n, _)| n).collect();
    Ok(Comparison { near, original, observed: runs.collect() })
}

/// Per input (of `n`), whether the versions' runs `runs` (one list per
/// version, one run per input) do not all agree on it.
fn differing(runs: &[Vec<Observed>], n: usize) -> Vec<bool> {
    (0..n).map(|i| runs.iter().filter_map(|r| r.get(i)).collect::<Vec<_>>().windows(2).any(|w| w[0] != w[1])).collect()
}

/// Threads the builds and runs of [`observe_pool`] use at most.
pub const WORKERS: usize = 2;

/// `first` and `job(0)`, …, `job(n - 1)` on at most [`WORKERS`] threads:
/// `first`'s result and the jobs' in their order.
pub(super) fn in_parallel<A: Send, T: Send>(
    first: impl FnOnce() -> A + Send, n: usize, job: impl Fn(usize) -> T + Sync,
) -> (A, Vec<T>) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if k >= n {
                return done;
            }
            done.push((k, job(k)));
        }
    };
    std::thread::scope(|s| {
        let helpers: Vec<_> = (1..WORKERS).map(|_| s.spawn(work)).collect();
        let a = first();
        let mut all = work();
        for h in helpers {
            // A job that panicked is a bug: it is raised here, as unthreaded.
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all.sort_by_key(|(k, _)| *k);
        (a, all.into_iter().map(|(_, t)| t).collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_in_parallel_give_their_results_in_their_order() {
        let slow_first = |k: usize| {
            // The first jobs take longest: they end after later ones.
            std::thread::sleep(Duration::from_millis(((5 - k.min(5)) * 3) as u64));
            k * k
        };
        let (a, jobs) = in_parallel(|| "first", 8, slow_first);
        assert_eq!(a, "first");
        assert_eq!(jobs, vec![0, 1, 4, 9, 16, 25, 36, 49]);
        let (_, none) = in_parallel(|| (), 0, slow_first);
        assert!(none.is_empty());
    }

    #[test]
    fn only_inputs_the_versions_disagree_on_decide() {
        let run = |s: &str| Observed { stdout: s.as_bytes().to_vec(), end: End::Exit(0) };
        let crash = Observed { stdout: b"1".to_vec(), end: End::Abnormal("killed by signal 11 (SIGSEGV)".into()) };
        // Original, then two patches, on three inputs: all agree on the
        // first; a patch prints otherwise on the second; one crashes on
        // the third with the same output.
        let runs = vec![
            vec![run("1"), run("2"), run("1")],
            vec![run("1"), run("3"), run("1")],
            vec![run("1"), run("2"), crash],
        ];
        assert_eq!(differing(&runs, 3), vec![false, true, true]);
        // One version alone decides nothing.
        assert_eq!(differing(&runs[..1], 3), vec![false; 3]);
    }

    #[test]
    fn numbers_are_found_in_arguments_and_stdin() {
        let n: Vec<i64> = numbers("3 -4 x5 7.5 10\n").into_iter().map(|(_, v)| v).collect();
        assert_eq!(n, vec![3, -4, 10]);
        assert!(numbers("abc").is_empty());
        let w: Vec<i64> = word_digits("a8 h1 x12y 7 b3.5 c2_").into_iter().map(|(_, v)| v).collect();
        assert_eq!(w, vec![8, 1]);
    }

    #[test]
    fn a_number_next_to_a_failing_tests_own_value_is_near_it() {
        let t = |name: &str, stdin: &str| TestCase {
            name: name.into(),
            stdin: stdin.as_bytes().to_vec(),
            stdout: Some("x".into()),
            ..TestCase::default()
        };
        let (pass, fail) = (t("p", "7 1\n"), t("f", "1 -2 3\n"));
        let split = inputs_near_split(&[&pass, &fail], &[false, true], 1000);
        let near = |stdin: &[u8]| split.iter().find(|n| n.test.name.starts_with("p~") && n.test.stdin == stdin);
        // -1 is next to -2, which only the failing test holds;
        // 8 is next to none; 0 is next to 1, which the passing test holds too.
        assert!(near(b"-1 1\n").unwrap().near_failing);
        assert!(!near(b"8 1\n").unwrap().near_failing && !near(b"0 1\n").unwrap().near_failing);
    }

    #[test]
    fn inputs_near_a_test_swap_neighbours_and_stretch_words() {
        let t = TestCase {
            name: "t".into(),
            args: vec!["abc".into()],
            stdin: b"QH 9S\nD\n".to_vec(),
            stdout: Some("YES".into()),
            ..TestCase::default()
        };
        let near = inputs_near(&[&t], 100);
        let has = |args: &str, stdin: &[u8]| near.iter().any(|n| n.test.args[0] == args && n.test.stdin == stdin);
        assert!(has("abc", b"9S QH\nD\n"), "neighbours on a line swapped");
        assert!(!has("abc", b"QH D\n9S\n"), "not across lines");
        assert!(has("abc", b"Q 9S\nD\n") && has("abc", b"QHH 9S\nD\n"), "a word shorter and longer");
        assert!(has("ab", b"QH 9S\nD\n") && has("abcc", b"QH 9S\nD\n"), "an argument shorter and longer");
        assert!(
            near.iter().all(|n| n.what.starts_with("test t, ")),
            "{:?}",
            near.iter().map(|n| &n.what).collect::<Vec<_>>()
        );
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
        // The digits that end a word: `a8` → `a1` (the other square's
        // row), never negative.
        let sq = TestCase { stdin: b"a8\nh1\n".to_vec(), args: Vec::new(), ..t.clone() };
        let near_sq = inputs_near(&[&sq], 1000);
        assert!(near_sq.iter().any(|n| n.test.stdin == b"a1\nh1\n"));
        assert!(!near_sq.iter().any(|n| String::from_utf8_lossy(&n.test.stdin).contains('-')));
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
