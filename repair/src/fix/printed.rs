//! The literal pass of `fix`: before any symbolic search, the string
//! literals the failing tests executed are edited where the failing
//! tests' expected stdout says they print wrong (`literal.rs`), and each
//! edit, the smallest first, is validated natively. Its work is counted in
//! candidates (`MAX_CANDIDATES`), not time.

use super::builds::Builds;
use super::error::FixError;
use super::literal::{self, Edit, Literal};
use super::outcome::SiteResult;
use super::patch::{Attempt, Patch};
use crate::config::{MatchKind, Project, TestCase};
use crate::cparse::Schema;
use crate::localize::Spectrum;
use std::path::Path;
use std::time::{Duration, Instant};

/// Literal candidates validated at most, in one repair.
pub const MAX_CANDIDATES: usize = 24;
/// Literals edited together at most, when no single edit passes.
const MAX_TOGETHER: usize = 4;

/// What the literal pass reads.
pub(super) struct Printed<'a> {
    pub p: &'a Project,
    pub builds: &'a Builds,
    pub texts: &'a [String],
    pub spectrum: &'a Spectrum,
    /// The tests, failing ones first.
    pub tests: &'a [&'a TestCase],
    pub failing: usize,
    pub timeout: Duration,
    /// The repair's outer time limit: no candidate is tried after it.
    pub deadline: Instant,
    pub dir: &'a Path,
    /// Keep every passing edit (`--all`), not only the first.
    pub all: bool,
}

/// The literal pass's patches and one attempt per literal edited.
pub(super) fn repair(r: &Printed) -> Result<(Vec<Patch>, Vec<Attempt>), FixError> {
    let checked: Vec<&TestCase> = r.tests[..r.failing].iter().copied().filter(|t| t.stdout.is_some()).collect();
    if checked.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    // The literals a failing test executed, per source.
    let lits: Vec<Vec<Literal>> = r
        .texts
        .iter()
        .enumerate()
        .map(|(src, t)| {
            literal::literals(t)
                .into_iter()
                .filter(|l| l.global || r.spectrum.failing_cover(src, l.line..l.line + 1))
                .collect()
        })
        .collect();
    if lits.iter().all(Vec::is_empty) {
        return Ok((Vec::new(), Vec::new()));
    }
    std::fs::create_dir_all(r.dir).map_err(FixError::io(r.dir, "cannot create: "))?;
    let seen = r
        .builds
        .observe(r.p, &checked, r.timeout, (0, &r.texts[0]), &r.dir.join("original"), r.deadline)
        .map_err(FixError::Build)?;
    let mut edits: Vec<(usize, Edit)> = Vec::new();
    for (t, o) in checked.iter().zip(&seen) {
        let printed: Vec<char> = String::from_utf8_lossy(&o.stdout).chars().collect();
        let want = t.stdout.as_deref().unwrap_or("");
        // A test that states a regular expression expects, as text, the
        // accepted output closest to what was printed.
        let expected: Vec<char> = match t.match_kind {
            MatchKind::Regex => match super::closest::closest(want, &o.stdout) {
                Some(text) => String::from_utf8_lossy(&text).chars().collect(),
                None => continue,
            },
            _ => want.chars().collect(),
        };
        let hs = literal::hunks(&printed, &expected);
        for (src, ls) in lits.iter().enumerate() {
            let refs: Vec<(usize, &Literal)> = ls.iter().enumerate().collect();
            for e in literal::explain(&refs, &printed, &hs) {
                if !edits.iter().any(|(s, x)| *s == src && x.literal == e.literal && x.token == e.token) {
                    edits.push((src, e));
                }
            }
        }
    }
    // Smallest edit first; at equal size, the more suspicious line.
    let score = |src: usize, e: &Edit| {
        let l = lits[src][e.literal].line;
        r.spectrum.score(src, l..l + 1)
    };
    edits.sort_by(|(sa, a), (sb, b)| a.size.cmp(&b.size).then(score(*sb, b).total_cmp(&score(*sa, a))));
    let mut attempts: Vec<Attempt> = Vec::new();
    let mut patches = Vec::new();
    // Per literal, the edit that passed the most failing tests (the
    // tests run failing first, so the index of the first one failed).
    let mut progress: Vec<(usize, usize, usize, String)> = Vec::new();
    let mut tried = 0;
    for (src, e) in &edits {
        if tried >= MAX_CANDIDATES || (!r.all && !patches.is_empty()) || Instant::now() >= r.deadline {
            break;
        }
        let lit = &lits[*src][e.literal];
        let t0 = Instant::now();
        let at = attempt_of(r, *src, lit);
        let old = lit.token(&r.texts[*src]);
        let (result, anti) = if let Some(why) = literal::check(old, &e.token, lit.format) {
            let line = format!("`{}`: {why}", e.token);
            (SiteResult::NoCandidatePasses { rejected: vec![line.clone()], set: false }, vec![line])
        } else {
            tried += 1;
            let patched = with_edits(&r.texts[*src], &[(lit, &e.token)]);
            let vdir = r.dir.join(format!("validate{tried}"));
            std::fs::create_dir_all(&vdir).map_err(FixError::io(&vdir, "cannot create: "))?;
            match r
                .builds
                .validate(r.p, r.tests, r.timeout, (*src, &patched), &vdir, Some(r.deadline))
                .map_err(FixError::Build)?
            {
                None => {
                    patches.push(patch(r, *src, &[(lit, &e.token)], patched));
                    (
                        SiteResult::Patched { replacement: e.token.clone(), tests: r.tests.len(), distance: 1 },
                        Vec::new(),
                    )
                }
                Some((i, why)) => {
                    if i > 0 && i <= r.failing {
                        match progress.iter_mut().find(|x| x.0 == *src && x.1 == e.literal) {
                            Some(x) if x.2 >= i => {}
                            Some(x) => *x = (*src, e.literal, i, e.token.clone()),
                            None => progress.push((*src, e.literal, i, e.token.clone())),
                        }
                    }
                    (
                        SiteResult::NoCandidatePasses { rejected: vec![format!("`{}`: {why}", e.token)], set: false },
                        Vec::new(),
                    )
                }
            }
        };
        attempts.push(Attempt {
            result: result.clone(),
            outcome: result.kind(),
            antipatterns: anti,
            time_s: t0.elapsed().as_secs_f64(),
            ..at
        });
    }
    // No single literal: the best edit of each literal that made failing
    // tests pass, together (in one source).
    if patches.is_empty() && progress.len() >= 2 && Instant::now() < r.deadline {
        let src = progress[0].0;
        let mut together: Vec<(&Literal, &str)> =
            progress.iter().filter(|x| x.0 == src).map(|x| (&lits[src][x.1], x.3.as_str())).collect();
        together.sort_by_key(|(l, _)| l.range.start);
        together.truncate(MAX_TOGETHER);
        if together.len() >= 2 {
            let patched = with_edits(&r.texts[src], &together);
            let vdir = r.dir.join("validate-together");
            std::fs::create_dir_all(&vdir).map_err(FixError::io(&vdir, "cannot create: "))?;
            if r.builds
                .validate(r.p, r.tests, r.timeout, (src, &patched), &vdir, Some(r.deadline))
                .map_err(FixError::Build)?
                .is_none()
            {
                patches.push(patch(r, src, &together, patched));
            }
        }
    }
    Ok((patches, attempts))
}

/// The attempt record of a literal (its result filled in by the caller).
fn attempt_of(r: &Printed, src: usize, lit: &Literal) -> Attempt {
    Attempt {
        file: r.p.sources[src].display().to_string(),
        line: lit.line,
        schema: Schema::Literal,
        suspiciousness: (r.spectrum.score(src, lit.line..lit.line + 1) * 1000.0).round() / 1000.0,
        original: lit.token(&r.texts[src]).to_string(),
        variables: Vec::new(),
        language: "string literal".into(),
        result: SiteResult::NotReached,
        outcome: "",
        antipatterns: Vec::new(),
        also: Vec::new(),
        stats: Default::default(),
        time_s: 0.0,
    }
}

/// `text` with each literal replaced by its new token.
fn with_edits(text: &str, edits: &[(&Literal, &str)]) -> String {
    let mut sorted: Vec<&(&Literal, &str)> = edits.iter().collect();
    sorted.sort_by_key(|(l, _)| std::cmp::Reverse(l.range.start));
    let mut out = text.to_string();
    for (l, tok) in sorted {
        out.replace_range(l.range.clone(), tok);
    }
    out
}

fn patch(r: &Printed, src: usize, edits: &[(&Literal, &str)], patched: String) -> Patch {
    let text = &r.texts[src];
    let diff = super::patch::unified_diff(&r.p.sources[src], text, &patched);
    let (first, rest) = (edits[0], &edits[1..]);
    Patch {
        file: r.p.sources[src].display().to_string(),
        line: first.0.line,
        function: first.0.function.clone(),
        schema: Schema::Literal,
        original: first.0.token(text).to_string(),
        replacement: first.1.to_string(),
        distance: edits.len() as u32,
        objective: 0,
        whole_value: false,
        plain: 0,
        diff,
        patched_source: patched,
        source: src,
        also: rest
            .iter()
            .map(|(l, tok)| super::patch::Location {
                line: l.line,
                function: l.function.clone(),
                schema: Schema::Literal,
                original: l.token(text).to_string(),
                replacement: tok.to_string(),
            })
            .collect(),
        term: None,
    }
}
