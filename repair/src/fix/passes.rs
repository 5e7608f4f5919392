//! The passes over the candidate sites: the relabel pass, every site with
//! a small work budget (quick), sets of several sites, then the sites
//! that ran out of it with the full one, so that one costly site cannot
//! starve the others. Budgets are work (runs, VM instructions, solver
//! steps, validations): the same defect gets the same search on an idle
//! and a busy machine; the clock is only `--timeout`. Every pass adds
//! its patches to one pool, and the choice is made once, over the pool;
//! a patch of at most [`CLOSE`] edits ends the search after the quick
//! pass (the collection after the first patch: [`Collect`]).

use super::error::FixError;
use super::found::Found;
use super::options::{FixOptions, Search};
use super::patch::{one_line, Attempt};
use super::prepare::Prepared;
use super::rank::{relabels_subsumed, Candidate, Wide};
use super::report::Progress;
use super::site::{try_site, Pass, Repair, SiteOutcome, SiteRun};
use crate::search::Limits;
use std::collections::{HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

/// A patch this close to the original ends the search after the quick
/// pass (sites that ran out of time there are not tried again).
const CLOSE: u32 = 3;

/// With a patch in hand, the quick pass searches at most this many more
/// sites for others (each within its pass's work budget).
const COLLECT_SITES: usize = 8;

/// The share of `--timeout` the search leaves to the choice once it has
/// a patch (running the pool near the tests, the questions).
const CHOICE_SHARE: f64 = 0.15;

/// The collection of patches after the first: the relabel pass goes on
/// to its end and the quick pass for [`COLLECT_SITES`] more sites; the
/// full pass keeps its own share (as much work again as the first patch
/// took). None of them runs into the last [`CHOICE_SHARE`] of the time,
/// which is the choice's.
struct Collect {
    /// Whether a patch is in hand.
    found: bool,
    /// Sites of the quick pass searched since.
    tried: usize,
    /// The end of the search once a patch is in hand.
    reserve: Instant,
}

impl Collect {
    fn new(deadline: Instant, timeout: Duration) -> Collect {
        Collect { found: false, tried: 0, reserve: deadline - timeout.mul_f64(CHOICE_SHARE) }
    }

    /// Notes a site searched in `pass`, and whether the pool has a patch.
    fn note(&mut self, found: &Found, pass: Option<Pass>) {
        if self.found && pass == Some(Pass::Quick) {
            self.tried += 1;
        }
        self.found |= !found.report.patches.is_empty();
    }

    /// Whether the collection's share is spent for a site of `pass`
    /// (with `--all`, only its time is).
    fn spent(&self, pass: Pass, all: bool) -> bool {
        self.found && (Instant::now() >= self.reserve || (!all && pass == Pass::Quick && self.tried >= COLLECT_SITES))
    }

    /// The time limit of a site's search.
    fn deadline(&self, deadline: Instant) -> Instant {
        if self.found {
            self.reserve.min(deadline)
        } else {
            deadline
        }
    }
}

/// What one site of a pass comes to before its search.
enum Visit {
    /// Not searched in this pass.
    Skip,
    /// Not searched in this pass, kept for the next.
    Later,
    /// The repair's time is up.
    TimeUp,
    /// Searched with at most this many runs.
    Search(Option<u64>),
}

/// The passes' state over the candidate sites of one repair.
pub(super) struct SitePasses<'a> {
    repair: &'a Repair<'a>,
    pre: &'a Prepared<'a>,
    opts: &'a FixOptions,
    candidates: &'a [Candidate],
    limits: Limits,
    /// Per candidate, the closest term its last round offered: a site cut
    /// by its time in one pass is tried again only if it may still beat
    /// the best patch.
    bounds: HashMap<usize, u32>,
    /// Per candidate, the test no path of its site passes (every path
    /// explored): such a site cannot repair the defect alone.
    blocked: HashMap<usize, String>,
    /// The candidates whose search forked in some pass.
    forked: HashSet<usize>,
    /// The paths explored when the first patch was found: the search for
    /// a closer one at sites without a lower bound gets as many again.
    first_work: Option<u64>,
    improvement_spent: bool,
    collect: Collect,
    /// The statements tried, (source, offset).
    statements: HashSet<(usize, usize)>,
    /// The narrow candidates whose site the relabel pass also tries with
    /// more variables (see [`relabels_subsumed`]).
    subsumed: HashSet<usize>,
}

impl<'a> SitePasses<'a> {
    pub fn new(repair: &'a Repair<'a>, pre: &'a Prepared<'a>, candidates: &'a [Candidate], found: &Found) -> Self {
        let opts = repair.opts;
        let limits = Limits {
            max_forks: opts.max_forks,
            max_paths: opts.max_paths,
            max_path_instructions: opts.max_path_instructions,
            max_instructions: opts.max_instructions,
            deadline: pre.deadline,
            query_timeout: opts.query_timeout,
            max_applications: None,
            max_runs: None,
            max_validations: None,
            max_site_instructions: None,
            solver_steps: true,
            skip_unpassed: false,
            forks_after_pass: None,
            keep_failing: false,
            fork_on_pins: false,
        };
        let mut collect = Collect::new(pre.deadline, opts.timeout);
        collect.note(found, None);
        SitePasses {
            repair,
            pre,
            opts,
            candidates,
            limits,
            bounds: HashMap::new(),
            blocked: HashMap::new(),
            forked: HashSet::new(),
            first_work: None,
            improvement_spent: false,
            collect,
            statements: HashSet::new(),
            subsumed: relabels_subsumed(candidates),
        }
    }

    /// The passes in order, the sites of the first, and the sites that
    /// insert new statements (`if (…) return/break/continue/exit`): the
    /// last resort, with passes of their own when the others give no
    /// patch (with `--all`, with the others).
    fn plan(&self) -> (VecDeque<Pass>, Vec<usize>, Option<Vec<usize>>) {
        let opts = self.opts;
        let (queue, inserts): (Vec<usize>, Vec<usize>) =
            (0..self.candidates.len()).partition(|&k| opts.all || !self.candidates[k].site.schema.inserts());
        let mut inserts = Some(inserts).filter(|v| !v.is_empty());
        let mut passes = vec![Pass::Quick, Pass::Full];
        if opts.search == Search::Deviation {
            passes.insert(0, Pass::Relabels);
        }
        // Several locations at once (`--locations-at-once K`): by default
        // two, after the quick pass, when one location gave no patch; with
        // K >= 2, instead of one location.
        match opts.locations_at_once {
            _ if opts.search != Search::Deviation => {}
            None => passes.insert(passes.len() - 1, Pass::Sets),
            Some(1) => {}
            Some(_) => {
                passes = vec![Pass::Sets];
                inserts = None;
            }
        }
        (passes.into(), queue, inserts)
    }

    /// Runs every pass, adding what each finds to `found`.
    pub fn run(&mut self, found: &mut Found, progress: &mut dyn Progress) -> Result<(), FixError> {
        let all = self.opts.all;
        let (mut passes, mut queue, mut inserts) = self.plan();
        'passes: while let Some(pass) = passes.pop_front() {
            if pass == Pass::Sets {
                if found.report.patches.is_empty() {
                    self.sets(found, progress)?;
                }
                if !all && found.has_within(CLOSE) {
                    break;
                }
                continue;
            }
            let mut retry = Vec::new();
            for (at, &k) in queue.iter().enumerate() {
                let max_runs = match self.visit(pass, k, found, progress) {
                    Visit::Skip => continue,
                    Visit::Later => {
                        retry.push(k);
                        continue;
                    }
                    Visit::TimeUp => break 'passes,
                    Visit::Search(max_runs) => max_runs,
                };
                if self.site(pass, k, queue.get(at + 1).copied(), max_runs, found, progress)? {
                    retry.push(k);
                }
            }
            // The relabel pass is followed by the quick pass in any case
            // (its patches join the pool within the collection's share); a
            // close patch after the quick pass ends the search.
            if pass != Pass::Relabels && !all && found.has_within(CLOSE) {
                break;
            }
            // The sites whose runs never forked first: a run that forks
            // (the hole's value makes the rest of the test symbolic) costs
            // many paths and solver queries, and such a site spends its
            // whole share.
            retry.sort_by_key(|k| self.forked.contains(k));
            queue = retry;
            if passes.is_empty() && found.report.patches.is_empty() {
                if let Some(ks) = inserts.take() {
                    queue = ks;
                    passes.extend([Pass::Quick, Pass::Full]);
                }
            }
        }
        Ok(())
    }

    /// Whether candidate `k` is searched in `pass`, and with how many runs.
    fn visit(&mut self, pass: Pass, k: usize, found: &mut Found, progress: &mut dyn Progress) -> Visit {
        let (c, all) = (&self.candidates[k], self.opts.all);
        // With a patch in hand, the search goes on collecting others for
        // its share of work (`Collect`).
        if self.collect.spent(pass, all) {
            return Visit::Skip;
        }
        let best = found.report.patches.iter().map(|pt| pt.distance).min();
        if let (Pass::Full, Some(b), Some(d), false) = (pass, self.bounds.get(&k), best, all) {
            if *b >= d {
                return Visit::Skip;
            }
        }
        // The relabel pass tries a site's wide candidate instead of its
        // full one; the other passes, never.
        if c.wide == Wide::Only && pass != Pass::Relabels {
            return Visit::Skip;
        }
        if pass == Pass::Relabels && (c.wide == Wide::Twin || self.subsumed.contains(&k)) {
            return Visit::Later;
        }
        if Instant::now() >= self.pre.deadline {
            found.report.reason = Some(format!("time limit ({} s) reached", self.opts.timeout.as_secs()));
            return Visit::TimeUp;
        }
        if self.first_work.is_none() && !found.report.patches.is_empty() {
            self.first_work = Some(found.report.paths_explored.max(1));
        }
        // A site that no round bounded may or may not hold a closer patch:
        // with a patch in hand, such sites share as much work again as the
        // first patch took (a site with a lower bound below the best is
        // searched in full).
        let max_runs = pass.runs(self.opts);
        let (Pass::Full, Some(w), false, false) = (pass, self.first_work, all, self.bounds.contains_key(&k)) else {
            return Visit::Search(max_runs);
        };
        let left = (2 * w).saturating_sub(found.report.paths_explored);
        if left == 0 {
            if !self.improvement_spent {
                self.improvement_spent = true;
                progress.message(&format!(
                    "the search for a closer patch at sites without a lower bound has used its work ({w} paths, as many as the first patch took)"
                ));
            }
            return Visit::Skip;
        }
        Visit::Search(Some(max_runs.map_or(left, |m| m.min(left))))
    }

    /// Searches candidate `k` in `pass` (the candidate `next` compiled
    /// ahead meanwhile); whether the next pass tries it again.
    fn site(
        &mut self, pass: Pass, k: usize, next: Option<usize>, max_runs: Option<u64>, found: &mut Found,
        progress: &mut dyn Progress,
    ) -> Result<bool, FixError> {
        let (pre, c) = (self.pre, &self.candidates[k]);
        self.statements.insert((c.src, c.site.stmt.start));
        found.report.locations_tried = self.statements.len();
        let file = pre.p.sources[c.src].display().to_string();
        progress.status(&format!(
            "[{}/{}] {}:{} {} ({} paths so far, {:.1} s)",
            k + 1,
            self.candidates.len(),
            file,
            c.site.line(),
            c.site.schema.describe(),
            found.report.paths_explored,
            found.elapsed_s()
        ));
        let t0 = Instant::now();
        // A hole may run a few times more often than its statement ran
        // natively in any test (a repaired loop runs a similar number of
        // times); beyond that a path ends.
        let most = pre.spectrum.most_runs(c.src, c.site.lines.clone());
        let limits = Limits {
            max_applications: Some(2 * most + 16),
            max_runs,
            max_site_instructions: Some(pass.instructions(self.opts)),
            max_validations: pass.validations(),
            deadline: self.collect.deadline(pre.deadline),
            ..self.limits.clone()
        };
        let site = SiteRun { c, k, text: &pre.texts[c.src], view: &pre.views[c.src], limits, pass };
        if let Some(next) = next {
            let n = &self.candidates[next];
            self.repair.compile_ahead(next, n, &pre.texts[n.src]);
        }
        let SiteOutcome { result, stats, patches, antipatterns } = try_site(self.repair, &site)?;
        if let Some(b) = stats.lower_bound {
            self.bounds.insert(k, b);
        }
        if stats.forks > 0 {
            self.forked.insert(k);
        }
        if let Some(test) = result.blocked_by() {
            self.blocked.insert(k, test.to_string());
        }
        for a in &antipatterns {
            progress.message(&format!("{}:{}: rejected {a}", file, c.site.line()));
        }
        found.absorb(&stats);
        found.note_first(&patches);
        let line = c.site.line();
        let (schema, original) = (c.site.schema.describe(), one_line(&c.site.original));
        progress.message(&format!("{file}:{line}: {schema} `{original}`: {result}"));
        let retry = (pass == Pass::Relabels && c.wide != Wide::Only && !c.far)
            || (result.out_of_budget() && pass == Pass::Quick);
        found.report.attempts.push(Attempt {
            file,
            line,
            schema: c.site.schema,
            suspiciousness: (c.score * 1000.0).round() / 1000.0,
            original: c.site.original.clone(),
            variables: c.site.vars.iter().map(|v| v.name.clone()).collect(),
            language: c.language(self.opts).describe(),
            outcome: result.kind(),
            result,
            antipatterns,
            also: Vec::new(),
            stats,
            time_s: t0.elapsed().as_secs_f64(),
        });
        found.add(patches, progress)?;
        self.collect.note(found, Some(pass));
        Ok(retry)
    }

    /// The pass over sets of several locations at once: by default only
    /// sites that cannot repair alone, blocked by different tests (with
    /// `--locations-at-once K`, any); each set's search with the work
    /// budget `--max-set-paths` (the site's time share is the outer
    /// limit); a patch of one edit per location ends it (with `--all`,
    /// every set is tried).
    fn sets(&mut self, found: &mut Found, progress: &mut dyn Progress) -> Result<(), FixError> {
        let (pre, opts) = (self.pre, self.opts);
        let at_once = opts.locations_at_once.unwrap_or(2);
        let only = opts.locations_at_once.is_none().then_some(&self.blocked);
        for set in super::locations::sets(self.candidates, at_once, only) {
            if Instant::now() >= pre.deadline {
                found.report.reason = Some(format!("time limit ({} s) reached", opts.timeout.as_secs()));
                break;
            }
            let mut cs: Vec<&Candidate> = set.iter().map(|&k| &self.candidates[k]).collect();
            // In the order of the source: the patch lists them so.
            cs.sort_by_key(|c| c.site.range.start);
            self.set(&set, &cs, found, progress)?;
            // A patch of one edit per location ends the pass; a farther
            // one, only once every set was tried.
            if !opts.all && found.has_within(at_once as u32) {
                break;
            }
        }
        Ok(())
    }

    /// Searches one set of sites `cs` (candidates `set`) at once.
    fn set(
        &mut self, set: &[usize], cs: &[&Candidate], found: &mut Found, progress: &mut dyn Progress,
    ) -> Result<(), FixError> {
        let (pre, opts) = (self.pre, self.opts);
        let file = pre.p.sources[cs[0].src].display().to_string();
        let lines: Vec<String> = cs.iter().map(|c| c.site.line().to_string()).collect();
        progress.status(&format!("{} locations at once: {}:{}", cs.len(), file, lines.join(",")));
        for c in cs {
            self.statements.insert((c.src, c.site.stmt.start));
        }
        found.report.locations_tried = self.statements.len();
        let t0 = Instant::now();
        let limits = Limits { max_site_instructions: Some(Pass::Sets.instructions(opts)), ..self.limits.clone() };
        let dir =
            pre.tmp.path().join(format!("set{}", set.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("-")));
        let (text, view) = (&pre.texts[cs[0].src], &pre.views[cs[0].src]);
        let out = super::locations::try_set(self.repair, cs, text, view, &limits, &dir)?;
        for a in &out.antipatterns {
            progress.message(&format!("{file}: rejected {a}"));
        }
        found.absorb(&out.stats);
        progress.message(&format!("{}:{}: {} locations at once: {}", file, lines.join(","), cs.len(), out.result));
        found.note_first(&out.patches);
        let c = cs[0];
        found.report.attempts.push(Attempt {
            file: file.clone(),
            line: c.site.line(),
            schema: c.site.schema,
            suspiciousness: (c.score * 1000.0).round() / 1000.0,
            original: cs.iter().map(|c| c.site.original.as_str()).collect::<Vec<_>>().join(" | "),
            variables: c.site.vars.iter().map(|v| v.name.clone()).collect(),
            language: c.language(opts).describe(),
            outcome: out.result.kind(),
            result: out.result,
            antipatterns: out.antipatterns,
            also: cs[1..].iter().map(|c| c.site.line()).collect(),
            stats: out.stats,
            time_s: t0.elapsed().as_secs_f64(),
        });
        found.add(out.patches, progress)
    }
}
