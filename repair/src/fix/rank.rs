//! Which sites `fix` tries, in which order: the schemas' sites of every
//! source, ranked by suspiciousness, each as a narrow candidate (what the
//! original reads), the full one and, for the relabel pass, a wide one.

use super::error::FixError;
use super::options::{FixOptions, Search};
use crate::config::Project;
use crate::cparse::{self, Schema, Site};
use crate::localize::Spectrum;
use klee_ext::so::LangSpec;

/// Variables of a site in the relabel pass (every one in scope, up to
/// this many).
const WIDE_VARS: usize = 12;

/// The relabel pass reaches this many times `--locations` statements: a
/// relabel costs a few runs of the tests, where a search at one site may
/// cost thousands, so the cheapest edits are tried further down the
/// ranking than the others.
pub(crate) const RELABEL_REACH: usize = 3;

/// A site to try, with its source and scores.
pub(crate) struct Candidate {
    pub(crate) src: usize,
    pub(crate) site: Site,
    /// Ochiai suspiciousness of the statement.
    pub(crate) score: f64,
    /// Tie-break at equal suspiciousness: how much more often failing
    /// tests execute the statement than passing ones.
    pub(crate) freq: f64,
    /// 0: only the variables the original reads (with `dfs`, and a
    /// language one level shallower: small edits, cheap where the hole is
    /// evaluated many times); 1: the site as configured.
    pub(crate) stage: u8,
    /// Whether this is (or has) a candidate with every integer variable in
    /// scope, for the relabel pass.
    pub(crate) wide: Wide,
    /// A language replacing the configured one.
    pub(crate) lang: Option<LangSpec>,
    /// Whether its statement ranks beyond `--locations` (within
    /// [`RELABEL_REACH`] times as many): tried by the relabel pass only.
    pub(crate) far: bool,
    /// Whether it is a `for` loop's step (`i++` of `for (…; …; i++)`):
    /// tried after every other expression site of its pass.
    pub(crate) loop_step: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wide {
    No,
    /// The relabel pass's candidate: every variable in scope.
    Only,
    /// A full candidate whose wide twin the relabel pass tries instead.
    Twin,
}

/// The built-in language one level shallower, if it is deeper than 2.
fn shallower(l: &LangSpec) -> Option<LangSpec> {
    match l {
        LangSpec::Int(d) if *d > 2 => Some(LangSpec::Int(d - 1)),
        LangSpec::Real(d) if *d > 2 => Some(LangSpec::Real(d - 1)),
        LangSpec::Bool(d) if *d > 2 => Some(LangSpec::Bool(d - 1)),
        _ => None,
    }
}

/// Ranks the sites of every source by suspiciousness; keeps the sites of
/// the `n` most suspicious statements, condition and assignment schemas
/// before guards at equal suspiciousness.
pub(crate) fn rank(
    p: &Project, texts: &[String], spec: &Spectrum, opts: &FixOptions,
) -> Result<Vec<Candidate>, FixError> {
    let mut all = Vec::new();
    // When every test passes as many arguments, `argc` is one constant
    // over the tests: as a hole's operand it only lets a patch print or
    // store a test's value (`len = argc;`).
    let same_argc = p.tests.iter().all(|t| t.args.len() == p.tests[0].args.len());
    let keep_vars = |mut sites: Vec<Site>| -> Vec<Site> {
        if same_argc {
            for s in &mut sites {
                drop_unread(s, "argc");
            }
        }
        sites
    };
    for (i, text) in texts.iter().enumerate() {
        let sites =
            cparse::sites(text, opts.vars).map_err(|e| FixError::Parse(format!("{}: {e}", p.sources[i].display())))?;
        let sites = keep_vars(sites);
        // The relabel pass can afford every variable in scope.
        let wide = if opts.search == Search::Deviation {
            keep_vars(cparse::sites(text, WIDE_VARS).unwrap_or_default())
        } else {
            Vec::new()
        };
        for s in sites {
            // `--location`: only the sites on the given lines, covered by
            // the failing tests or not.
            let located = !opts.at.is_empty();
            if located && !opts.at.iter().any(|(f, l)| *f == p.sources[i] && s.lines.contains(l)) {
                continue;
            }
            let covered = |lines: std::ops::Range<u32>| located || spec.failing_cover(i, lines);
            let loop_step = s.schema == Schema::Step && text[s.stmt.start..].trim_start().starts_with("for");
            let mut wide_twin = false;
            if let Some(w) = wide.iter().find(|w| {
                !w.real && w.range == s.range && w.schema == s.schema && w.vars.len() > s.vars.len().max(opts.vars)
            }) {
                if !covered(s.lines.clone()) {
                    continue;
                }
                let score = spec.score(i, s.lines.clone());
                let freq = spec.frequency(i, s.lines.clone());
                all.push(Candidate {
                    src: i,
                    site: w.clone(),
                    score,
                    freq,
                    stage: 1,
                    lang: None,
                    wide: Wide::Only,
                    far: false,
                    loop_step,
                });
                wide_twin = true;
            }
            if !covered(s.lines.clone()) {
                continue;
            }
            let score = spec.score(i, s.lines.clone());
            let freq = spec.frequency(i, s.lines.clone());
            // A floating-point condition's language is `real` (of the
            // conditions' depth).
            let own = s.real.then_some(match &opts.cond_lang {
                LangSpec::Bool(d) => LangSpec::Real(*d),
                _ => LangSpec::Real(3),
            });
            let site_lang = own.clone().unwrap_or_else(|| opts.language(s.schema).clone());
            // The deviation search's cost grows with the variables more
            // than with the depth: its narrow site keeps the language.
            let narrow_lang = match opts.search {
                Search::Deviation if s.used > 0 && s.used < s.vars.len() => Some(site_lang.clone()),
                Search::Deviation => None,
                Search::Dfs => shallower(&site_lang),
            };
            if let Some(l) = narrow_lang {
                let mut narrow = s.clone();
                if narrow.used > 0 {
                    narrow.vars.truncate(narrow.used);
                }
                all.push(Candidate {
                    src: i,
                    site: narrow,
                    score,
                    freq,
                    stage: 0,
                    lang: Some(l),
                    wide: Wide::No,
                    far: false,
                    loop_step,
                });
            }
            let wide = if wide_twin { Wide::Twin } else { Wide::No };
            all.push(Candidate { src: i, site: s, score, freq, stage: 1, lang: own, wide, far: false, loop_step });
        }
    }
    // Statements by score, then by how often failing tests run them, then
    // by line (earlier first).
    let mut stmts: Vec<(usize, usize, f64, f64)> = Vec::new();
    for c in &all {
        match stmts.iter_mut().find(|(s, b, _, _)| *s == c.src && *b == c.site.stmt.start) {
            Some(e) => {
                e.2 = e.2.max(c.score);
                e.3 = e.3.max(c.freq);
            }
            None => stmts.push((c.src, c.site.stmt.start, c.score, c.freq)),
        }
    }
    stmts.sort_by(|a, b| b.2.total_cmp(&a.2).then(b.3.total_cmp(&a.3)).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    // The relabel pass reaches further (`far` candidates) when the search
    // has one and no location is given.
    let reach = if opts.search == Search::Deviation && opts.at.is_empty() {
        opts.locations.saturating_mul(RELABEL_REACH)
    } else {
        opts.locations
    };
    stmts.truncate(reach);
    let rank_of = |c: &Candidate| stmts.iter().position(|(s, b, _, _)| *s == c.src && *b == c.site.stmt.start);
    let mut kept: Vec<(usize, Candidate)> = all
        .into_iter()
        .filter_map(|mut c| {
            let r = rank_of(&c)?;
            c.far = r >= opts.locations;
            // Far, one candidate per site: its relabel pass's (the wide
            // one, or the full one without a wide twin); no new statement.
            let relabelled = match c.wide {
                Wide::Only => true,
                Wide::Twin => false,
                Wide::No => c.stage == 1,
            };
            (!c.far || (relabelled && !c.site.schema.inserts())).then_some((r, c))
        })
        .collect();
    // A loop's step after every other site: deviating it changes how
    // often the loop runs, so its search is the costliest of all (the
    // loop's condition, at the same line, is searched first), and a
    // loop's step is the rarest of fixes. Then by suspiciousness; at
    // equal suspiciousness, small edits first, then by schema
    // (expressions first, guards last), then by rank.
    kept.sort_by(|(ra, a), (rb, b)| {
        a.loop_step.cmp(&b.loop_step).then(b.score.total_cmp(&a.score)).then((a.stage, a.schema_group(), *ra).cmp(&(
            b.stage,
            b.schema_group(),
            *rb,
        )))
    });
    Ok(kept.into_iter().map(|(_, c)| c).collect())
}

/// The candidates whose relabels another candidate's include: a site's
/// narrow candidate (the variables its original reads) beside the full or
/// wide one of the same site (every variable in scope), which the relabel
/// pass tries too. One variable swapped for another among more variables
/// includes every swap among fewer; the narrow candidate waits for the
/// passes that search beyond one relabel.
pub(crate) fn relabels_subsumed(candidates: &[Candidate]) -> std::collections::HashSet<usize> {
    let relabelled_wider = |c: &Candidate, n: &Candidate| {
        c.stage == 1
            && c.wide != Wide::Twin
            && (c.src, &c.site.range, c.site.schema) == (n.src, &n.site.range, n.site.schema)
            && c.site.vars.len() > n.site.vars.len()
    };
    (0..candidates.len())
        .filter(|&k| candidates[k].stage == 0 && candidates.iter().any(|c| relabelled_wider(c, &candidates[k])))
        .collect()
}

/// Drops the variable `name` from a site's operands unless its original
/// reads it.
fn drop_unread(s: &mut Site, name: &str) {
    if let Some(k) = s.vars.iter().position(|v| v.name == name) {
        if k >= s.used {
            s.vars.remove(k);
        }
    }
}

impl Candidate {
    /// The hole's language at this candidate.
    pub(crate) fn language<'a>(&'a self, opts: &'a FixOptions) -> &'a LangSpec {
        self.lang.as_ref().unwrap_or(opts.language(self.site.schema))
    }

    /// Conditions, then the other expressions (right-hand sides,
    /// returns, arguments), then guards, then conditions passed whole: the order in which bugs of these
    /// kinds are common, and in which they cost to try (a Boolean hole
    /// deviates to one value, an integer hole to a symbolic one).
    pub(super) fn schema_group(&self) -> u8 {
        match self.site.schema {
            // A condition passed whole (it calls or assigns) last: its
            // patches only add a conjunct or disjunct.
            Schema::Condition if self.site.passed_whole() => 3,
            Schema::Condition => 0,
            Schema::Guard => 2,
            s if s.inserts() => 4,
            _ => 1,
        }
    }
}

/// The integer constants of the sources, with 0 and 1 (a patch's
/// constants outside them cost more).
pub(crate) fn program_constants(texts: &[String]) -> Vec<i64> {
    let mut out = vec![0, 1];
    for t in texts {
        for c in cparse::constants(t) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::options::CliOverrides;

    /// Straight-line code and a loop, every line run once by a failing
    /// and once by a passing test: every statement ties.
    const SRC: &str = "#include <stdio.h>\nint main(void) {\n  int n, s = 0, i;\n  scanf(\"%d\", &n);\n  for (i = 0; i < n; i++)\n    s = s + i;\n  int a = s * 2;\n  int b = a - n;\n  int c = b + 1;\n  int d = c - a;\n  printf(\"%d\\n\", d);\n  return 0;\n}\n";

    fn ranked(locations: usize) -> (tempfile::TempDir, Vec<Candidate>) {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("prog.c"), SRC).unwrap();
        std::fs::write(
            d.path().join(crate::config::PROJECT_FILE),
            "sources: [prog.c]\ntests:\n  - name: t\n    stdin: \"3\"\n    stdout: \"1\\n\"\n",
        )
        .unwrap();
        let p = Project::load(d.path()).unwrap();
        let opts = FixOptions::resolve(&p, &CliOverrides { locations: Some(locations), ..Default::default() }).unwrap();
        let lines: Vec<(u32, u64)> = (1..=13).map(|l| (l, 1)).collect();
        let mut spec = Spectrum::default();
        spec.add(false, std::slice::from_ref(&lines));
        spec.add(true, std::slice::from_ref(&lines));
        let c = rank(&p, &[SRC.to_string()], &spec, &opts).unwrap();
        (d, c)
    }

    /// The relabel pass reaches three times `--locations` statements, one
    /// candidate per site and no new statement; the others keep to the
    /// first `--locations`.
    #[test]
    fn the_relabel_pass_reaches_further_than_the_search() {
        let (_d, c) = ranked(2);
        let statements = |far: bool| {
            let mut s: Vec<usize> = c.iter().filter(|c| c.far == far).map(|c| c.site.stmt.start).collect();
            s.sort_unstable();
            s.dedup();
            s.len()
        };
        assert_eq!(statements(false), 2);
        assert!(statements(true) > 2 && statements(true) <= 4, "{}", statements(true));
        for f in c.iter().filter(|c| c.far) {
            assert!(!f.site.schema.inserts() && f.wide != Wide::Twin, "{}", f.site.original);
            assert!(f.wide == Wide::Only || f.stage == 1, "{}", f.site.original);
        }
        let (_d, near) = ranked(RELABEL_REACH * 2);
        assert!(near.iter().filter(|c| !c.far).count() >= c.len());
    }

    /// A loop's step comes after every other site, whatever its rank.
    #[test]
    fn a_loop_step_is_tried_last() {
        let (_d, c) = ranked(10);
        let step = c.iter().position(|c| c.site.schema == Schema::Step).expect("the loop's step is a site");
        assert!(c[step].loop_step);
        assert!(c[step..].iter().all(|c| c.loop_step), "{:?}", c.iter().map(|c| &c.site.original).collect::<Vec<_>>());
        assert!(c[..step].iter().any(|c| c.site.original == "s * 2"));
    }

    /// A site's narrow candidate waits in the relabel pass for its full
    /// one, whose variables include its own; no other candidate does.
    #[test]
    fn the_relabels_of_a_narrow_candidate_are_among_its_full_ones() {
        let (_d, c) = ranked(10);
        let sub = relabels_subsumed(&c);
        assert!(!sub.is_empty());
        for (k, n) in c.iter().enumerate() {
            let wider = c.iter().find(|w| w.stage == 1 && w.wide != Wide::Twin && w.site.range == n.site.range);
            if sub.contains(&k) {
                let w = wider.expect("a wider candidate of the same site");
                assert!(
                    n.site.vars.iter().all(|v| w.site.vars.iter().any(|x| x.name == v.name)),
                    "{}",
                    n.site.original
                );
            } else {
                assert!(n.stage == 1, "{}: a narrow candidate not subsumed", n.site.original);
            }
        }
    }
}
