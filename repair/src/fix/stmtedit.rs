//! The statement pass of `fix`: edits of whole statements at the
//! statements the failing tests executed (or at `--location`), validated
//! natively, the most suspicious statement first (`cparse/stmts.rs`).
//! A `goto`'s new label and the compiler's fix-its (`fixit.rs`) are tried
//! before any symbolic search (one edit, few candidates); a copied
//! assignment, a value saved and restored around the statement, a swap
//! with the next statement and a deletion only when no expression edit
//! passed the tests. Work is counted in candidates (`MAX_CANDIDATES`), not
//! time.

use super::builds::Builds;
use super::error::FixError;
use super::outcome::SiteResult;
use super::patch::{Attempt, Patch};
use crate::config::{Project, TestCase};
use crate::cparse::{self, Schema, StmtEdit};
use crate::localize::Spectrum;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Statement edits validated at most, in one pass.
pub const MAX_CANDIDATES: usize = 24;
/// Copied assignments tried in front of one statement at most.
const COPIES: usize = 3;

/// What the statement pass reads.
pub(super) struct Statements<'a> {
    pub p: &'a Project,
    pub builds: &'a Builds,
    pub texts: &'a [String],
    /// What the parser reads of each source (same offsets as `texts`).
    pub views: &'a [String],
    pub spectrum: &'a Spectrum,
    /// The tests, failing ones first.
    pub tests: &'a [&'a TestCase],
    pub timeout: Duration,
    pub deadline: Instant,
    pub dir: &'a Path,
    pub all: bool,
    /// `--location`: only these lines; else the statements a failing test
    /// executed.
    pub at: &'a [(PathBuf, u32)],
    /// Statements edited at most (`--locations`).
    pub locations: usize,
    /// Edits made elsewhere, per source (the compiler's fix-its).
    pub extra: &'a [Vec<StmtEdit>],
}

/// The pass's patches and one attempt per edit tried, over the edits of
/// the given kinds (in that order at one statement).
pub(super) fn repair(r: &Statements, kinds: &[Schema]) -> Result<(Vec<Patch>, Vec<Attempt>), FixError> {
    let mut edits: Vec<(usize, f64, StmtEdit)> = Vec::new();
    for (src, view) in r.views.iter().enumerate() {
        let file = &r.p.sources[src];
        let wanted = |lines: Range<u32>| {
            if r.at.is_empty() {
                r.spectrum.failing_cover(src, lines)
            } else {
                r.at.iter().any(|(f, l)| f == file && lines.contains(l))
            }
        };
        let extra = r.extra.get(src).into_iter().flatten().filter(|e| wanted(e.lines.clone())).cloned();
        let all = cparse::statement_edits(view, &wanted, COPIES).into_iter().chain(extra);
        for e in all.filter(|e| kinds.contains(&e.schema)) {
            edits.push((src, r.spectrum.score(src, e.lines.clone()), e));
        }
    }
    let order = |s: Schema| kinds.iter().position(|k| *k == s).unwrap_or(kinds.len());
    edits.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then(a.0.cmp(&b.0))
            .then(a.2.stmt.start.cmp(&b.2.stmt.start))
            .then(order(a.2.schema).cmp(&order(b.2.schema)))
    });
    // The most suspicious statements only.
    let mut statements: Vec<(usize, usize)> = Vec::new();
    edits.retain(|(src, _, e)| {
        let key = (*src, e.stmt.start);
        if !statements.contains(&key) {
            if statements.len() >= r.locations {
                return false;
            }
            statements.push(key);
        }
        true
    });
    let mut attempts = Vec::new();
    let mut patches = Vec::new();
    if edits.is_empty() {
        return Ok((patches, attempts));
    }
    std::fs::create_dir_all(r.dir).map_err(FixError::io(r.dir, "cannot create: "))?;
    for (tried, (src, score, e)) in edits.iter().enumerate() {
        if tried >= MAX_CANDIDATES || (!r.all && !patches.is_empty()) || Instant::now() >= r.deadline {
            break;
        }
        let t0 = Instant::now();
        let patched = e.apply(&r.texts[*src]);
        let vdir = r.dir.join(format!("validate{}", tried + 1));
        std::fs::create_dir_all(&vdir).map_err(FixError::io(&vdir, "cannot create: "))?;
        let result = match r
            .builds
            .validate(r.p, r.tests, r.timeout, (*src, &patched), &vdir, Some(r.deadline))
            .map_err(FixError::Build)?
        {
            None => {
                let diff = super::patch::unified_diff(&r.p.sources[*src], &r.texts[*src], &patched);
                patches.push(Patch {
                    file: r.p.sources[*src].display().to_string(),
                    line: e.lines.start,
                    function: e.function.clone(),
                    schema: e.schema,
                    original: e.original.clone(),
                    replacement: e.shown.clone(),
                    distance: 1,
                    objective: 0,
                    whole_value: false,
                    plain: 0,
                    diff,
                    patched_source: patched,
                    source: *src,
                    also: Vec::new(),
                    term: None,
                });
                SiteResult::Patched { replacement: e.shown.clone(), tests: r.tests.len(), distance: 1 }
            }
            Some((_, why)) => {
                SiteResult::NoCandidatePasses { rejected: vec![format!("`{}`: {why}", e.shown)], set: false }
            }
        };
        attempts.push(Attempt {
            file: r.p.sources[*src].display().to_string(),
            line: e.lines.start,
            schema: e.schema,
            suspiciousness: (score * 1000.0).round() / 1000.0,
            original: e.original.clone(),
            variables: Vec::new(),
            language: "statement edit".into(),
            outcome: result.kind(),
            result,
            antipatterns: Vec::new(),
            also: Vec::new(),
            stats: Default::default(),
            time_s: t0.elapsed().as_secs_f64(),
        });
    }
    Ok((patches, attempts))
}
