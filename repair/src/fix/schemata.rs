//! The terms one edit from a site's original, screened natively in one
//! build (a mutant schema): where the VM could not judge them on a
//! failing test (a run stopped at a limit of its work: the test, or the
//! test under the term, runs too long for it), the site's expression
//! becomes a choice among them by an environment variable, and each
//! failing test runs natively once per term — a few milliseconds each,
//! where the VM would take seconds.

use super::builds::Builds;
use super::render::Render;
use crate::config::{Project, TestCase};
use crate::native;
use crate::search::Unjudged;
use klee_ext::so::{LangSpec, Term};
use std::path::Path;
use std::time::{Duration, Instant};

/// The environment variable that picks a schema's variant (its index;
/// any other value, or none, runs the original).
pub const VARIANT_ENV: &str = "SE2REPAIR_VARIANT";

/// At most this many terms in one schema, the closest first.
pub const MAX_TERMS: usize = 256;

/// At most this many native runs of one site's schema.
pub const MAX_RUNS: usize = 2048;

/// A variant's run of a test is cut once it evaluates the site this many
/// times as often as the original did on that test (at least
/// [`LEAST_EVALUATIONS`]): a term that makes a loop run on costs that much
/// work, not a time. Where the original's count is not known (it did not
/// end by `exit`), or a variant loops elsewhere, the run is cut at this
/// many times the original's time instead (at least [`LEAST_TIME`]).
pub const SLOWER: u32 = 20;

/// The least number of the site's evaluations a variant's run is given.
pub const LEAST_EVALUATIONS: u64 = 100_000;

/// The least time a variant's run is given.
pub const LEAST_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// At most this many of the terms that pass the failing tests are
/// validated on every test (a build each).
pub const MAX_VALIDATED: usize = 8;

/// The environment variable that bounds a variant's evaluations of the
/// site: past it, the run ends (a trap).
pub const LIMIT_ENV: &str = "SE2REPAIR_SITE_LIMIT";

/// The environment variable that makes a run print, at its `exit`, how
/// often it evaluated the site (after [`COUNT_MARK`] on stdout).
pub const COUNT_ENV: &str = "SE2REPAIR_SITE_COUNT";

/// What precedes the count on stdout.
pub const COUNT_MARK: &str = "\nse2repair-site-count:";

/// Reads [`VARIANT_ENV`], [`LIMIT_ENV`] and [`COUNT_ENV`] once (no header
/// needed: the program's own includes may come after it; the compiler's
/// builtins print and trap); `se2repair_tick_` is called once per
/// evaluation of the site; `#line 1` keeps the source's line numbers.
fn prelude() -> String {
    let mark = COUNT_MARK.replace('\n', "\\n");
    format!(
        "extern char **environ;
static long se2repair_env_(const char *k) {{
  for (char **e = environ; e && *e; e++) {{
    const char *s = *e, *p = k;
    while (*p && *s == *p) {{ s++; p++; }}
    if (!*p && *s == '=') {{ long v = 0; s++; while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0'); return v; }}
  }}
  return -1;
}}
static int se2repair_variant_(void) {{
  static int v = -2;
  if (v == -2) v = (int)se2repair_env_(\"{VARIANT_ENV}\");
  return v;
}}
static long se2repair_count_;
__attribute__((destructor)) static void se2repair_report_(void) {{
  if (se2repair_env_(\"{COUNT_ENV}\") >= 0) __builtin_printf(\"{mark}%ld\\n\", se2repair_count_);
}}
static int se2repair_tick_(void) {{
  static long limit = -2;
  if (limit == -2) limit = se2repair_env_(\"{LIMIT_ENV}\");
  if (++se2repair_count_ > limit && limit >= 0) __builtin_trap();
  return se2repair_variant_();
}}
#line 1
"
    )
}

/// A site whose terms are screened natively: the project, its build, the
/// site (source `src`, whose text is `text`) and what the search allows.
pub(super) struct Screened<'a> {
    pub p: &'a Project,
    pub builds: &'a Builds,
    pub site: &'a crate::cparse::Site,
    pub src: usize,
    pub text: &'a str,
    /// The program's constants, the terms' literals.
    pub constants: &'a [i64],
    pub failing: &'a [&'a TestCase],
    pub test_timeout: Duration,
    pub deadline: Instant,
}

/// The terms one edit from the site's original that `only` names
/// (closest first, with their objective) that pass every failing test
/// natively; empty when the project is built by its own build or the
/// language has no such terms.
pub(super) fn passing_terms(
    at: &Screened, render: &Render, lang: &LangSpec, only: &Unjudged, dir: &Path,
) -> Result<Vec<(Term, u32)>, String> {
    let (site, Some(orig)) = (at.site, render.original.as_ref()) else { return Ok(Vec::new()) };
    if !matches!(at.builds, Builds::Direct) {
        return Ok(Vec::new());
    }
    let Some(near) = klee_ext::spec::neighbours(lang, orig, site.vars.len(), at.constants) else {
        return Ok(Vec::new());
    };
    // Terms whose C would run a captured effect again, or read a pointer
    // as a number, are no candidates (as in validation).
    let near: Vec<(Term, u32, String)> = near
        .into_iter()
        .filter(|(t, _)| match only {
            Unjudged::None => false,
            Unjudged::Terms(ts) => ts.contains(t),
            Unjudged::All => true,
        })
        .filter_map(|(t, c)| {
            let shown = render.render(&t);
            let bad = super::render::repeated_effect(site, Some(orig), &shown.folded)
                .or_else(|| super::render::pointer_as_number(site, Some(orig), &shown.folded));
            bad.is_none().then_some((t, c, shown.expr))
        })
        .take(MAX_TERMS)
        .collect();
    if near.is_empty() {
        return Ok(Vec::new());
    }
    let exprs: Vec<&str> = near.iter().map(|(_, _, e)| e.as_str()).collect();
    let text = schema_text(at.text, site, &exprs, &render.render(orig).expr);
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let passing = passing_variants(
        at.builds,
        at.p,
        (at.src, &text),
        near.len(),
        at.failing,
        at.test_timeout,
        dir,
        at.deadline,
        MAX_RUNS,
    )?;
    Ok(passing.unwrap_or_default().into_iter().map(|v| (near[v].0.clone(), near[v].1)).collect())
}

/// How often a run of a schema with [`COUNT_ENV`] set evaluated the site:
/// the number after the last [`COUNT_MARK`] of its stdout (none when the
/// run did not end by `exit`).
pub(crate) fn site_count(stdout: &[u8]) -> Option<u64> {
    let out = String::from_utf8_lossy(stdout);
    let (_, tail) = out.rsplit_once(COUNT_MARK)?;
    tail.trim_end().parse().ok()
}

/// `text` with the site's expression chosen among `exprs` by the variant
/// (`original` for any other), and the prelude that reads it.
fn schema_text(text: &str, site: &crate::cparse::Site, exprs: &[&str], original: &str) -> String {
    let mut chain = String::from("(");
    for (i, e) in exprs.iter().enumerate() {
        // The first comparison is made on every evaluation: it counts it.
        let read = if i == 0 { "se2repair_tick_()" } else { "se2repair_variant_()" };
        chain.push_str(&format!("{read} == {i} ? ({e}) : "));
    }
    chain.push_str(&format!("({original}))"));
    format!("{}{}", prelude(), crate::cparse::replace(text, site, &chain))
}

/// The variants of a mutant schema that pass every one of `tests`:
/// the project with `schema` (source index, text: a site's
/// expression chosen by [`VARIANT_ENV`] among
/// `variants` terms) built natively once in `dir`, each test run once
/// per variant, the first test first, a variant dropped at the first
/// it fails or when it evaluates the site, or runs,
/// [`SLOWER`] times as often or as long as the
/// original. At most `max_runs` runs and none past `deadline`: the
/// variants not yet judged then are left out. `None` for a project
/// built by its own build.
#[allow(clippy::too_many_arguments)]
pub(super) fn passing_variants(
    builds: &Builds, p: &Project, schema: (usize, &str), variants: usize, tests: &[&TestCase], timeout: Duration,
    dir: &Path, deadline: Instant, max_runs: usize,
) -> Result<Option<Vec<usize>>, String> {
    let Builds::Direct = builds else { return Ok(None) };
    let b = super::builds::build_replaced(p, schema, dir, native::Instrument::Plain)?;
    let with = |t: &TestCase, v: usize, env: Option<(&str, String)>| {
        let mut t = t.clone();
        t.env.push((VARIANT_ENV.into(), v.to_string()));
        t.env.extend(env.map(|(k, v)| (k.to_string(), v)));
        t
    };
    // A variant may evaluate the site a bounded multiple of the times
    // the original does on each test (the variant past the last is the
    // original), and run a bounded multiple of its time: one that
    // loops costs that, not the test's whole time limit.
    let mut limits = Vec::new();
    for t in tests {
        let start = Instant::now();
        let (r, _) = super::builds::run_one(&b.exe, p, &with(t, variants, Some((COUNT_ENV, "1".into()))), timeout)
            .map_err(|e| e.to_string())?;
        let time = (start.elapsed() * SLOWER).clamp(LEAST_TIME, timeout);
        let work = site_count(&r.stdout).map(|n| (n.saturating_mul(SLOWER.into())).max(LEAST_EVALUATIONS));
        limits.push((time, work.map(|w| (LIMIT_ENV, w.to_string()))));
    }
    let mut runs = 0;
    let mut out = Vec::new();
    'variants: for v in 0..variants {
        for (t, (limit, work)) in tests.iter().zip(&limits) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || runs >= max_runs {
                break 'variants;
            }
            runs += 1;
            let (_, passed) = super::builds::run_one(&b.exe, p, &with(t, v, work.clone()), (*limit).min(left))
                .map_err(|e| e.to_string())?;
            if !passed {
                continue 'variants;
            }
        }
        out.push(v);
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schema of `src`'s site `original` over `exprs`, built by gcc:
    /// its folder and program.
    fn built(src: &str, exprs: &[&str], original: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let sites = crate::cparse::sites(src, 4).unwrap();
        let site = sites.iter().find(|s| s.original == original).expect("the expression is a site");
        let text = schema_text(src, site, exprs, original);
        let d = tempfile::tempdir().unwrap();
        let c = d.path().join("s.c");
        std::fs::write(&c, &text).unwrap();
        let exe = d.path().join("s");
        let built = klee_ext::procs::output(std::process::Command::new("gcc").arg("-w").arg(&c).arg("-o").arg(&exe));
        assert!(built.unwrap().status.success(), "{text}");
        (d, exe)
    }

    #[test]
    fn a_schema_chooses_each_term_by_the_variant_and_keeps_the_lines() {
        let src = "#include <stdio.h>\nint main(void) {\n  int a = 2, b = 5;\n  printf(\"%d\\n\", a + b);\n  return __LINE__;\n}\n";
        let (_d, exe) = built(src, &["a - b", "a * b"], "a + b");
        let run = |v: Option<&str>| {
            let mut cmd = std::process::Command::new(&exe);
            cmd.env_remove(VARIANT_ENV);
            if let Some(v) = v {
                cmd.env(VARIANT_ENV, v);
            }
            let o = klee_ext::procs::output(&mut cmd).unwrap();
            (String::from_utf8_lossy(&o.stdout).into_owned(), o.status.code())
        };
        // The original without the variable; each term by its index; the
        // source's own line numbers (`return __LINE__` is line 5).
        assert_eq!(run(None), ("7\n".into(), Some(5)));
        assert_eq!(run(Some("0")), ("-3\n".into(), Some(5)));
        assert_eq!(run(Some("1")), ("10\n".into(), Some(5)));
        assert_eq!(run(Some("2")), ("7\n".into(), Some(5)));
    }

    #[test]
    fn a_variant_is_cut_by_its_evaluations_of_the_site_and_the_original_counts_them() {
        let src = "#include <stdio.h>\nint main(void) {\n  int i, s = 0;\n  for (i = 0; i < 10; i = i + 1)\n    s += i;\n  printf(\"%d\\n\", s);\n  return 0;\n}\n";
        // Variant 0 does not end the loop; variant 1 ends it early.
        let (_d, exe) = built(src, &["i >= 0", "i < 5"], "i < 10");
        let run = |env: &[(&str, &str)]| {
            let mut cmd = std::process::Command::new(&exe);
            cmd.envs(env.iter().copied());
            crate::native::run_command(cmd, b"", std::time::Duration::from_secs(20)).unwrap()
        };
        let orig = run(&[(COUNT_ENV, "1")]);
        assert!(orig.stdout.starts_with(b"45\n"), "{:?}", String::from_utf8_lossy(&orig.stdout));
        assert_eq!(site_count(&orig.stdout), Some(11));
        let stepping = run(&[(VARIANT_ENV, "1"), (LIMIT_ENV, "1000"), (COUNT_ENV, "1")]);
        assert_eq!(site_count(&stepping.stdout), Some(6));
        let looping = run(&[(VARIANT_ENV, "0"), (LIMIT_ENV, "1000")]);
        assert!(!looping.timed_out && looping.signal.is_some(), "cut by its work, not the clock: {looping:?}");
        // Without the count asked, nothing is added to the output.
        assert_eq!(run(&[]).stdout, b"45\n");
    }
}
