//! Inputs found by the VM on which two interpretations of one site differ.
//!
//! The patches of the pool at one site are interpretations of the site's
//! second-order variable; the original expression is one more. For the
//! pairs the inputs near the tests could not tell apart, the site becomes
//! two applications of one variable over those interpretations, each
//! picked by a symbolic selector, and the program runs in the VM on an
//! input shaped like a test's (its stdin, each number's digits symbolic
//! in their width). A path on which the two applications differ is an
//! input on which the pair does: `so-pse` asks it of every pair at once
//! (one exploration, the selectors constrained to the pairs), `fo` of
//! one pair per exploration, the same work shared among the pairs. The
//! inputs found then run natively like the inputs near the tests
//! (`behaviour.rs`), which decides whether the outputs differ.

use super::behaviour::{Comparison, Near, Observed};
use super::builds::Builds;
use super::patch::Patch;
use crate::config::{Project, TestCase};
use crate::search::Engine;
use klee_ext::exec::{ArgSpec, Config, Executor, ObjectResolution, Termination};
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// At most this many inputs found in all.
pub const MAX_FOUND: usize = 8;

/// At most this many at one site, so that the next sites have their turn.
const PER_SITE: usize = 4;

/// At most this many tests lend their shape to an exploration, shortest
/// stdin first.
const MAX_SHAPES: usize = 4;

/// At most this many of a stdin's digits are symbolic (the first ones).
const MAX_DIGITS: usize = 48;

/// The work of one site's explorations, shared by its shapes (and, for
/// `fo`, its pairs): VM instructions, forks and Z3's steps, so what is
/// found does not depend on the machine's load.
const SITE_WORK: Work = Work { instructions: 40_000_000, forks: 1_200, solver_steps: 2_000_000 };

/// A budget of VM work.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Work {
    instructions: u64,
    forks: u64,
    solver_steps: u64,
}

impl Work {
    /// One of `n` equal shares.
    fn share(self, n: usize) -> Work {
        let n = n.max(1) as u64;
        Work {
            instructions: self.instructions / n,
            forks: (self.forks / n).max(1),
            solver_steps: self.solver_steps / n,
        }
    }
}

/// The suffix of the error a path ends with where the two applications
/// differ.
const FOUND: &str = "se2d";

/// The pool's patches at one site: each replaces the same span of the
/// original text by an expression without side effects.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteSet {
    pub src: usize,
    /// Byte range of the site's expression in the original text.
    pub span: std::ops::Range<usize>,
    /// The interpretations: the original expression first, then each
    /// member's replacement.
    pub exprs: Vec<String>,
    /// Per interpretation after the first, the patch's index in the pool.
    pub members: Vec<usize>,
}

/// The sites of `pool` with at least one patch whose text is the original
/// with one expression replaced (`Patch::original` by
/// `Patch::replacement` on its line) and neither evaluates with side
/// effects.
pub fn site_sets(texts: &[String], pool: &[Patch]) -> Vec<SiteSet> {
    let mut sets: Vec<SiteSet> = Vec::new();
    for (i, pt) in pool.iter().enumerate() {
        let Some(span) = splice_span(texts.get(pt.source).map(String::as_str).unwrap_or(""), pt) else { continue };
        if !pure(&pt.original) || !pure(&pt.replacement) {
            continue;
        }
        match sets.iter_mut().find(|s| s.src == pt.source && s.span == span) {
            Some(s) if !s.exprs.contains(&pt.replacement) => {
                s.exprs.push(pt.replacement.clone());
                s.members.push(i);
            }
            Some(_) => {}
            None => sets.push(SiteSet {
                src: pt.source,
                span,
                exprs: vec![pt.original.clone(), pt.replacement.clone()],
                members: vec![i],
            }),
        }
    }
    sets
}

/// Where `pt.original` stands on `pt.line` of `text` such that replacing
/// it by `pt.replacement` gives the patched text.
fn splice_span(text: &str, pt: &Patch) -> Option<std::ops::Range<usize>> {
    if !pt.also.is_empty() || pt.original.is_empty() {
        return None;
    }
    let line_start: usize = text.split_inclusive('\n').take(pt.line.saturating_sub(1) as usize).map(str::len).sum();
    let line_end = text[line_start..].find('\n').map_or(text.len(), |e| line_start + e);
    let line = &text[line_start..line_end];
    line.match_indices(pt.original.as_str()).map(|(k, _)| line_start + k).find_map(|at| {
        let end = at + pt.original.len();
        let same = text.len() - pt.original.len() + pt.replacement.len() == pt.patched_source.len()
            && pt.patched_source.starts_with(&text[..at])
            && pt.patched_source[at..].starts_with(pt.replacement.as_str())
            && pt.patched_source.ends_with(&text[end..]);
        same.then_some(at..end)
    })
}

/// Whether C expression `e` evaluates without side effects: no
/// increment, decrement, assignment or call.
pub fn pure(e: &str) -> bool {
    let b = e.as_bytes();
    if e.contains("++") || e.contains("--") {
        return false;
    }
    for (i, &c) in b.iter().enumerate() {
        let prev = if i > 0 { b[i - 1] } else { b' ' };
        let next = b.get(i + 1).copied().unwrap_or(b' ');
        if c == b'=' && !b"=!<>".contains(&prev) && next != b'=' {
            return false;
        }
        if c == b'(' {
            let before = e[..i].trim_end();
            if before.ends_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '_') {
                return false;
            }
        }
    }
    true
}

/// The program text with the site of `set` replaced by two applications
/// over its interpretations, each picked by a symbolic selector
/// constrained to `pairs`; the path ends with the error [`FOUND`] where
/// they differ. `SE2D_PAIR=k` in the environment keeps pair `k` only.
pub fn merged(text: &str, set: &SiteSet, pairs: &[(usize, usize)]) -> String {
    let pick = |k: usize| -> String {
        let mut s = String::new();
        for (i, e) in set.exprs.iter().enumerate() {
            if i + 1 < set.exprs.len() {
                s.push_str(&format!("se2d_which_({k}) == {i} ? (long long)({e}) : "));
            } else {
                s.push_str(&format!("(long long)({e})"));
            }
        }
        format!("({s})")
    };
    let site = format!(
        "({{ long long se2d_a_ = {}; long long se2d_b_ = {}; if (se2d_a_ != se2d_b_) \
         klee_report_error(__FILE__, __LINE__, \"interpretations differ\", \"{FOUND}\"); \
         (__typeof__(({}))) se2d_a_; }})",
        pick(0),
        pick(1),
        set.exprs[0]
    );
    let list: Vec<String> = pairs.iter().map(|(a, b)| format!("{{{a}, {b}}}")).collect();
    let prelude = format!(
        "extern void klee_make_symbolic(void *, unsigned long, const char *);\n\
extern void klee_assume(unsigned long);\n\
extern void klee_report_error(const char *, int, const char *, const char *) __attribute__((noreturn));\n\
extern char **environ;\n\
static const int se2d_pairs_[][2] = {{{}}};\n\
static int se2d_which_(int k) {{\n\
  static int made, sel[2];\n\
  if (!made) {{\n\
    int only = -1;\n\
    for (char **e = environ; e && *e; e++) {{\n\
      const char *s = *e, *p = \"SE2D_PAIR=\";\n\
      while (*p && *s == *p) {{ s++; p++; }}\n\
      if (!*p) {{ only = 0; while (*s >= '0' && *s <= '9') only = only * 10 + (*s++ - '0'); }}\n\
    }}\n\
    int s[2], ok = 0;\n\
    klee_make_symbolic(s, sizeof s, \"se2d_sel\");\n\
    for (int i = 0; i < (int)(sizeof se2d_pairs_ / sizeof se2d_pairs_[0]); i++)\n\
      if (only < 0 || only == i) ok |= (s[0] == se2d_pairs_[i][0]) & (s[1] == se2d_pairs_[i][1]);\n\
    klee_assume(ok);\n\
    sel[0] = s[0]; sel[1] = s[1]; made = 1;\n\
  }}\n\
  return sel[k];\n\
}}\n\
#line 1\n",
        list.join(", ")
    );
    format!("{prelude}{}{site}{}", &text[..set.span.start], &text[set.span.end..])
}

/// The byte positions of `stdin`'s decimal digits that belong to numbers
/// (the first [`MAX_DIGITS`]).
pub fn digit_positions(stdin: &[u8]) -> Vec<u32> {
    let s = String::from_utf8_lossy(stdin);
    if s.len() != stdin.len() {
        return Vec::new();
    }
    super::behaviour::number_ranges(&s)
        .into_iter()
        .flat_map(|r| r.filter(|&i| stdin[i].is_ascii_digit()))
        .take(MAX_DIGITS)
        .map(|i| i as u32)
        .collect()
}

/// What a search needs of the repair.
pub struct Search<'a> {
    pub p: &'a Project,
    pub builds: &'a Builds,
    pub texts: &'a [String],
    pub tests: &'a [&'a TestCase],
    pub failing: &'a [bool],
    pub engine: Engine,
    /// Questions can be asked (`--oracle`, `--ask`): only then is an
    /// input where a patch departs from the original worth finding.
    pub asking: bool,
    pub dir: &'a Path,
    pub deadline: Instant,
}

/// Inputs on which some pair of `pairs` (indices into `set.exprs`) differs
/// at the site, each as an input near the test whose shape it has, none
/// that `known` holds; at most `max`. An exploration that cannot start
/// (the merged program does not build) finds none.
pub fn find(
    s: &Search, set: &SiteSet, pairs: &[(usize, usize)], max: usize, k: usize, known: &[&TestCase],
) -> Vec<Near> {
    if pairs.is_empty() || max == 0 {
        return Vec::new();
    }
    let text = merged(&s.texts[set.src], set, pairs);
    let Ok(prog) = s.builds.instrumented(s.p, set.src, &text, &s.dir.join(format!("site{k}"))) else {
        return Vec::new();
    };
    let mut shapes: Vec<usize> =
        (0..s.tests.len()).filter(|&i| !digit_positions(&s.tests[i].stdin).is_empty()).collect();
    shapes.sort_by_key(|&i| (s.tests[i].stdin.len(), i));
    shapes.truncate(MAX_SHAPES);
    // `fo`: one exploration per pair, the site's work shared among them.
    let runs: Vec<Option<usize>> = match s.engine {
        Engine::Fo => (0..pairs.len()).map(Some).collect(),
        _ => vec![None],
    };
    let per_run = SITE_WORK.share(shapes.len() * runs.len());
    // Bounded by its work alone: the repair's deadline is the only clock.
    let deadline = s.deadline;
    let mut out: Vec<Near> = Vec::new();
    for &t in &shapes {
        for &only in &runs {
            if out.len() >= max || Instant::now() >= deadline {
                return out;
            }
            let found = explore(&prog, s.tests[t], only, per_run, deadline);
            for stdin in found {
                let args = &s.tests[t].args;
                let held = known.iter().copied().chain(out.iter().map(|n| &n.test));
                if !held.into_iter().any(|x| &x.args == args && x.stdin == stdin) && out.len() < max {
                    out.push(near(s.tests[t], stdin, s.failing[t], out.len() + 1 + 100 * k));
                }
            }
        }
    }
    out
}

/// `cmp` with the inputs the VM finds where two interpretations of a
/// site of `compared` (the pool's compared patches) differ that the
/// inputs near the tests do not tell apart: two patches that behave alike
/// on every input, or a patch and the original where the patch departs
/// on none near the passing tests. The original and every compared patch
/// run on them natively; `cmp` as it was when none is found or they
/// cannot be run.
pub fn with_found(s: &Search, compared: &[Patch], timeout: Duration, mut cmp: Comparison) -> Comparison {
    // A project built by its own build: each merged program would be a
    // build of the project, and its tests' inputs are files and
    // arguments more than numbers on stdin.
    if !matches!(s.builds, Builds::Direct) {
        return cmp;
    }
    let mut found: Vec<Near> = Vec::new();
    for (k, set) in site_sets(s.texts, compared).iter().enumerate() {
        let mut pairs = untold(&cmp, set);
        // Unasked, a departure found weighs nothing: only pairs of patches.
        pairs.retain(|&(a, _)| s.asking || a > 0);
        // Two patches whose terms agree on every sample differ on no input.
        pairs.retain(|&(a, b)| a == 0 || !alike(compared, set, a, b));
        // An input the tests, the inputs near them or another site hold
        // already is not found again.
        let known: Vec<&TestCase> =
            s.tests.iter().copied().chain(cmp.near.iter().chain(&found).map(|n| &n.test)).collect();
        let more = find(s, set, &pairs, PER_SITE.min(MAX_FOUND - found.len()), k, &known);
        found.extend(more);
    }
    let found = super::behaviour::in_domain(s.p, s.builds, s.tests, found, timeout, &s.dir.join("checked"), s.deadline);
    if found.is_empty() {
        return cmp;
    }
    let inputs: Vec<&TestCase> = found.iter().map(|n| &n.test).collect();
    // The original, then each compared patch (independent builds).
    let version = |k: usize| match k.checked_sub(1) {
        None => (compared[0].source, s.texts[compared[0].source].as_str()),
        Some(i) => (compared[i].source, compared[i].patched_source.as_str()),
    };
    let run =
        |k: usize| s.builds.observe(s.p, &inputs, timeout, version(k), &s.dir.join(format!("found{k}")), s.deadline);
    let ((), runs) = super::behaviour::in_parallel(|| (), cmp.observed.len() + 1, run);
    let Ok(mut runs) = runs.into_iter().collect::<Result<Vec<_>, _>>() else { return cmp };
    let original = runs.remove(0);
    let observed = runs;
    cmp.near.extend(found);
    cmp.original.extend(original);
    for (mine, more) in cmp.observed.iter_mut().zip(observed) {
        mine.extend(more);
    }
    cmp
}

/// Whether interpretations `a` and `b` (both members) of `set` are
/// patches whose terms agree on every sample of their arguments.
fn alike(compared: &[Patch], set: &SiteSet, a: usize, b: usize) -> bool {
    let term = |i: usize| compared.get(set.members[i - 1]).and_then(|p| p.term.as_ref());
    matches!((term(a), term(b)), (Some(x), Some(y)) if x.alike(y))
}

/// The pairs of `set`'s interpretations the inputs of `cmp` do not tell
/// apart: two members alike on every input, the original and a member
/// alike on every input near the passing tests.
pub fn untold(cmp: &Comparison, set: &SiteSet) -> Vec<(usize, usize)> {
    let runs = |i: usize| -> Option<&Vec<Observed>> {
        if i == 0 {
            Some(&cmp.original)
        } else {
            cmp.observed.get(set.members[i - 1])
        }
    };
    let mut out = Vec::new();
    for a in 0..set.exprs.len() {
        for b in a + 1..set.exprs.len() {
            let (Some(ra), Some(rb)) = (runs(a), runs(b)) else { continue };
            let alike = ra.iter().zip(rb).zip(&cmp.near).all(|((x, y), n)| x == y || (a == 0 && n.near_failing));
            if alike {
                out.push((a, b));
            }
        }
    }
    out
}

/// The input near `t` with stdin `stdin`, found by the VM.
fn near(t: &TestCase, stdin: Vec<u8>, failing: bool, n: usize) -> Near {
    let test = TestCase { stdin, ..super::behaviour::unjudged(t, format!("{}~vm{n}", t.name)) };
    Near {
        test,
        what: format!("test {}, stdin: numbers found by the VM where two interpretations of the site differ", t.name),
        near_failing: failing,
        value: None,
        found: true,
    }
}

/// At most two stdins shaped like `t`'s on whose paths the two
/// applications differ (`only`: the one pair allowed).
fn explore(
    prog: &klee_ext::ir::Program, t: &TestCase, only: Option<usize>, work: Work, deadline: Instant,
) -> Vec<Vec<u8>> {
    let digits = digit_positions(&t.stdin);
    let mut placed = t.clone();
    if let Some(k) = only {
        placed.env.push(("SE2D_PAIR".into(), k.to_string()));
    }
    let time = deadline.saturating_duration_since(Instant::now());
    let mut cfg = Config {
        warnings: false,
        max_forks: Some(work.forks),
        max_time: Some(time),
        max_instructions: Some(work.instructions),
        max_path_instructions: Some(work.instructions),
        max_solver_steps: Some(work.solver_steps),
        program_name: t.argv0.clone().unwrap_or_else(|| "program".into()),
        args: t.args.iter().cloned().map(ArgSpec::Concrete).collect(),
        stdin: Some(Rc::new(t.stdin.clone())),
        stdin_digits: Rc::new(digits.clone()),
        object_resolution: ObjectResolution::Indexed,
        ..Config::default()
    };
    crate::search::place(&mut cfg, &placed);
    cfg.solver.timeout = Some(Duration::from_millis(500));
    cfg.solver.steps = true;
    let Ok(mut ex) = Executor::new(prog, cfg) else { return Vec::new() };
    let mut found: Vec<Vec<u8>> = Vec::new();
    ex.run(&mut |ex, r| {
        let differs = matches!(&r.termination, Termination::Error { suffix: Some(s), .. } if s == FOUND);
        let Some((_, bytes)) = r.objects.iter().find(|(n, _)| n == "stdin") else { return };
        if !differs {
            return;
        }
        let mut stdin = t.stdin.clone();
        for &i in &digits {
            if let Some(&b) = bytes.get(i as usize) {
                stdin[i as usize] = b;
            }
        }
        if !found.contains(&stdin) {
            found.push(stdin);
        }
        if found.len() >= 2 {
            ex.halt();
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cparse::Schema;

    fn patch(text: &str, line: u32, original: &str, replacement: &str) -> Patch {
        let at = text.find(original).unwrap();
        let patched = format!("{}{replacement}{}", &text[..at], &text[at + original.len()..]);
        Patch {
            file: "p.c".into(),
            line,
            function: "main".into(),
            schema: Schema::Condition,
            original: original.into(),
            replacement: replacement.into(),
            distance: 1,
            objective: 1,
            whole_value: false,
            plain: 0,
            diff: String::new(),
            patched_source: patched,
            source: 0,
            also: Vec::new(),
            term: None,
        }
    }

    #[test]
    fn patches_at_one_expression_are_one_site_and_side_effects_are_left_out() {
        let text =
            "int main(void) {\n  int x = 1, lo = 0, mid = 3;\n  if (x > lo) return 1;\n  return 0;\n}\n".to_string();
        let pool = vec![
            patch(&text, 3, "x > lo", "x > mid"),
            patch(&text, 3, "x > lo", "x >= lo"),
            patch(&text, 3, "x > lo", "x > lo++"),
            patch(&text, 2, "lo = 0", "lo = 1"),
        ];
        let sets = site_sets(std::slice::from_ref(&text), &pool);
        assert_eq!(sets.len(), 1);
        assert_eq!(sets[0].exprs, vec!["x > lo", "x > mid", "x >= lo"]);
        assert_eq!(sets[0].members, vec![0, 1]);
        assert_eq!(&text[sets[0].span.clone()], "x > lo");
        assert!(pure("a[i] < (b + 1)") && !pure("f(a)") && !pure("x = 1") && !pure("i--"));
        let m = merged(&text, &sets[0], &[(1, 2)]);
        assert!(m.contains("se2d_which_(0) == 0 ? (long long)(x > lo)"));
        assert!(m.contains("static const int se2d_pairs_[][2] = {{1, 2}};"));
        assert!(m.ends_with("  return 0;\n}\n"));
    }

    #[test]
    fn only_the_digits_of_numbers_are_symbolic() {
        assert_eq!(digit_positions(b"12 -3 a4\n"), vec![0, 1, 4]);
        assert!(digit_positions(b"abc\n").is_empty());
    }
}
