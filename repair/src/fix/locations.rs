//! Several locations at once (`--locations-at-once K`): sets of K of the
//! most suspicious sites of one source, each set one program with K holes
//! (one second-order variable each) searched together (`crate::multi`),
//! and each combination of terms validated natively as one patch.

use super::antipattern;
use super::error::FixError;
use super::outcome::SiteResult;
use super::patch::{one_line, Location, Patch};
use super::rank::{Candidate, Wide};
use super::render::{added_constants, Render};
use super::site::Repair;
use crate::cparse;
use crate::native;
use crate::search::sets::{self, Hole, MultiInferred, MultiProblem};
use crate::search::{InferStats, Limits};
use klee_ext::so::Term;
use std::collections::HashMap;
use std::path::Path;

/// Sites a set is made from: the most suspicious ones.
const SET_SITES: usize = 12;

/// Sets tried at most.
const MAX_SETS: usize = 30;

/// The sets of `k` candidates (indices into `candidates`) to try, most
/// suspicious first: one candidate per site (the first in rank order),
/// at most [`SET_SITES`] sites, sites of one source that do not overlap.
/// Sites that insert a statement, floating-point conditions and sites
/// with no variable are left out. With `only`, just those candidates,
/// in sets whose sites are not all blocked by the same test (each site
/// passes what another cannot).
pub(super) fn sets(candidates: &[Candidate], k: usize, only: Option<&HashMap<usize, String>>) -> Vec<Vec<usize>> {
    let mut sites: Vec<usize> = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        let s = &c.site;
        if c.wide == Wide::Only || c.far || s.schema.inserts() || s.real || s.vars.is_empty() {
            continue;
        }
        if only.is_some_and(|m| !m.contains_key(&i)) {
            continue;
        }
        if sites.iter().any(|&j| candidates[j].src == c.src && candidates[j].site.range == s.range) {
            continue;
        }
        sites.push(i);
        if sites.len() == SET_SITES {
            break;
        }
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut pick: Vec<usize> = Vec::new();
    choose(&sites, k, 0, &mut pick, &mut |set| {
        let ok = set.iter().enumerate().all(|(a, &i)| {
            set[a + 1..].iter().all(|&j| {
                candidates[i].src == candidates[j].src && cparse::disjoint(&candidates[i].site, &candidates[j].site)
            })
        });
        let complementary = only.is_none_or(|m| set.iter().any(|i| m.get(i) != m.get(&set[0])));
        if ok && complementary {
            out.push(set.to_vec());
        }
    });
    // Conditions before other expressions, guards and new statements, as
    // for one site (a Boolean hole deviates to one value, an integer hole
    // to a symbolic one); then the most suspicious sites first (their
    // positions' sum), then in order.
    out.sort_by_key(|set| {
        let groups: u32 = set.iter().map(|&i| u32::from(candidates[i].schema_group())).sum();
        let at: usize = set.iter().map(|&i| sites.iter().position(|&s| s == i).unwrap_or(0)).sum();
        (groups, at)
    });
    out.truncate(MAX_SETS);
    out
}

/// Every `k`-subset of `items` (in order), to `f`.
fn choose(items: &[usize], k: usize, from: usize, pick: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if pick.len() == k {
        f(pick);
        return;
    }
    for i in from..items.len() {
        pick.push(items[i]);
        choose(items, k, i + 1, pick, f);
        pick.pop();
    }
}

/// What one set's search gave.
pub(super) struct SetOutcome {
    pub result: SiteResult,
    pub stats: InferStats,
    pub patches: Vec<Patch>,
    pub antipatterns: Vec<String>,
}

/// Instruments the set's sites as holes of one program, searches them
/// together and validates each combination of terms natively.
pub(super) fn try_set(
    r: &Repair, cands: &[&Candidate], text: &str, view: &str, limits: &Limits, dir: &Path,
) -> Result<SetOutcome, FixError> {
    let (p, opts) = (r.p, r.opts);
    let none = |result: SiteResult| SetOutcome {
        result,
        stats: InferStats::default(),
        patches: Vec::new(),
        antipatterns: Vec::new(),
    };
    let src = cands[0].src;
    let sites: Vec<&cparse::Site> = cands.iter().map(|c| &c.site).collect();
    let renders: Vec<Render> = sites.iter().map(|s| Render::new(s, view, r.macros, r.constants)).collect();
    let mut holes = Vec::with_capacity(cands.len());
    for (i, (c, rd)) in cands.iter().zip(&renders).enumerate() {
        let Some(original) = rd.original.clone() else {
            return Ok(none(SiteResult::SetOriginalNotATerm { line: c.site.line() }));
        };
        holes.push(Hole {
            name: format!("{}{i}", c.site.schema.hole_name()),
            lang: c.language(opts),
            arity: c.site.vars.len(),
            original,
        });
    }
    std::fs::create_dir_all(dir).map_err(FixError::io(dir, "cannot create: "))?;
    let names: Vec<String> = holes.iter().map(|h| h.name.clone()).collect();
    let inst = cparse::instrument_many(text, &sites, &names, &p.dir.join(&p.sources[src]).display().to_string());
    let prog = match r.builds.instrumented(p, src, &inst, &dir.join("build")) {
        Ok(prog) => prog,
        Err(e) => return Ok(none(SiteResult::Build(e))),
    };
    let argv0 = super::builds::Builds::argv0(p);
    let (_dirs, owned) =
        native::in_prepared_dirs(r.tests.iter().copied(), &p.dir, opts.test_timeout, argv0).map_err(FixError::Build)?;
    let vm_tests: Vec<&crate::config::TestCase> = owned.iter().collect();
    let mut found: Vec<Patch> = Vec::new();
    let mut rejected: Vec<String> = Vec::new();
    let mut antipatterns: Vec<String> = Vec::new();
    let mut tried = 0usize;
    let mut check = |terms: &[Term], objective: u32| -> Result<Option<usize>, String> {
        let mut exprs = Vec::with_capacity(terms.len());
        let mut distance = 0;
        let mut plain = 0;
        for ((t, rd), site) in terms.iter().zip(&renders).zip(&sites) {
            let one = rd.render(t);
            let shown = one_line(&cparse::replacement_text(site, &one.expr));
            let reads = if site.passed_whole() { 0 } else { site.used };
            if let Some(why) =
                antipattern::check_term(rd.original.as_ref(), &one.folded, site.schema, site.vars.len(), one.distance)
                    .or_else(|| {
                        antipattern::check_constants(
                            rd.original.as_ref(),
                            reads,
                            &one.folded,
                            site.schema,
                            r.constants,
                            &r.inputs,
                        )
                    })
            {
                antipatterns.push(format!("`{shown}` (line {}): {why}", site.line()));
                return Ok(Some(usize::MAX));
            }
            distance += one.distance;
            plain += added_constants(rd.original.as_ref(), &one.folded);
            exprs.push(one.expr);
        }
        let patched = cparse::replace_many(text, &sites, &exprs);
        if patched == text {
            return Ok(Some(usize::MAX));
        }
        tried += 1;
        let vdir = dir.join(format!("validate{tried}"));
        std::fs::create_dir_all(&vdir).map_err(|e| e.to_string())?;
        if let Some((i, why)) =
            r.builds.validate(p, r.tests, opts.test_timeout, (src, &patched), &vdir, Some(limits.deadline))?
        {
            rejected.push(format!("`{}`: {why}", exprs.join("`, `")));
            return Ok(Some(i));
        }
        let diff = super::patch::unified_diff(&p.sources[src], text, &patched);
        let at = |i: usize| Location {
            line: sites[i].line(),
            function: sites[i].function.clone(),
            schema: sites[i].schema,
            original: sites[i].original.clone(),
            replacement: cparse::replacement_text(sites[i], &exprs[i]),
        };
        let first = at(0);
        found.push(Patch {
            file: p.sources[src].display().to_string(),
            line: first.line,
            function: first.function,
            schema: first.schema,
            original: first.original,
            replacement: first.replacement,
            distance,
            objective,
            whole_value: false,
            plain,
            diff,
            patched_source: patched,
            source: src,
            also: (1..sites.len()).map(at).collect(),
            term: None,
        });
        Ok(None)
    };
    let problem = MultiProblem {
        prog: &prog,
        tests: &vm_tests,
        failing: r.failing,
        holes: &holes,
        constants: r.constants,
        engine: opts.engine,
        limits,
        max_paths: opts.max_set_paths,
        solutions: if opts.all { 5 } else { 3 },
    };
    let (inferred, stats) = sets::search(&problem, &mut check).map_err(FixError::Search)?;
    let result = match inferred {
        MultiInferred::Terms(_) => match found.first() {
            Some(pt) => SiteResult::SetPatched { locations: cands.len(), tests: p.tests.len(), distance: pt.distance },
            None => SiteResult::NoCandidatePasses { rejected, set: true },
        },
        MultiInferred::NoPassingPath { test } => SiteResult::NoPassingPath { test, bound: None, cut: false },
        MultiInferred::NoInterpretation => SiteResult::NoCombination,
        MultiInferred::OutOfWork => SiteResult::SetWorkLimit { paths: opts.max_set_paths },
        MultiInferred::OutOfTime => SiteResult::SetTimeLimit,
    };
    Ok(SetOutcome { result, stats, patches: found, antipatterns })
}
