//! Enumerative synthesis of a built-in sketch's holes from recorded
//! examples ([`super::examples`]): the value hole's terms by size, from
//! each language of its ladder in turn ([`super::enumerate`]); a control
//! hole (where the sketch stops) first, one candidate per distinct effect
//! on the recorded calls. The smallest fitting term wins; the other terms
//! that fit are compared with it on inputs drawn from the tests'
//! character classes, and the report says when the tests did not decide
//! between them.
//!
//! Every budget is work: enumeration steps and candidates checked.

use super::enumerate::{hash_of, Enumerator};
use super::examples::Examples;
use super::interp::{Call, Domain, HoleDef, Shape};
use klee_ext::so::{LangSpec, Term};
use std::collections::{HashMap, HashSet};

/// Budgets, in work.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Candidate models checked against the examples.
    pub candidates: u64,
    /// Enumeration steps (combinations of smaller terms) per language.
    pub steps: u64,
    /// The largest term size enumerated.
    pub max_size: usize,
    /// The user's outer time limit (`--timeout`).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { candidates: 1_500_000, steps: 15_000_000, max_size: 13, deadline: None }
    }
}

/// A model found.
#[derive(Clone, Debug)]
pub struct Found {
    pub terms: Vec<(String, Term)>,
    /// `rho=linear:3`, per hole.
    pub language: String,
    /// Why the tests did not decide, when another fitting model differs
    /// from this one beyond them.
    pub undecided: Option<String>,
}

/// What enumeration found.
#[derive(Clone, Debug)]
pub enum Outcome {
    Found(Found),
    /// No term within the budget; why, and the first test no candidate met.
    None {
        reason: String,
    },
}

/// Counters.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub candidates: u64,
    pub steps: u64,
}

/// The constants `AnyConst` stands for outside conditions.
const ARITH: [i64; 6] = [0, 1, -1, 2, 10, 48];

/// The bounds of the character classes (`'0' '9' 'A' 'Z' 'a' 'z'`, space,
/// tab, carriage return), tried first in conditions.
const CLASS_BOUNDS: [i64; 9] = [48, 57, 65, 90, 97, 122, 32, 9, 13];

/// Running values a step is probed at.
const ACCS: [i64; 7] = [0, 1, 2, 7, 12, 100, -5];

/// At most this many probe points per hole.
const MAX_POINTS: usize = 256;

/// The distinct characters of the calls' strings, sorted.
fn chars_of(calls: &[Call]) -> Vec<i64> {
    let mut cs: Vec<i64> = calls.iter().flat_map(|c| c.strs.iter().flatten().map(|&b| b as i64)).collect();
    cs.sort_unstable();
    cs.dedup();
    cs
}

/// The probe points of a hole: every combination of its parameters'
/// values, thinned evenly to [`MAX_POINTS`].
fn points(h: &HoleDef, calls: &[Call], two_strings: bool) -> Vec<Vec<i64>> {
    let mut chars = chars_of(calls);
    if two_strings {
        chars.insert(0, 0);
    }
    // Fewer running values before fewer characters: every character of
    // the tests stays a probe.
    let chars_per_point =
        h.params.iter().filter(|d| **d == Domain::Char).map(|_| chars.len().max(1)).product::<usize>();
    let accs = (MAX_POINTS / chars_per_point.max(1)).clamp(2, ACCS.len());
    let mut pts: Vec<Vec<i64>> = vec![vec![]];
    for d in &h.params {
        let vals: Vec<i64> = match d {
            Domain::Acc => ACCS[..accs].to_vec(),
            Domain::Char => chars.clone(),
            Domain::Int(j) => {
                let mut v: Vec<i64> = calls.iter().filter_map(|c| c.ints.get(*j).copied()).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
        };
        pts = pts.into_iter().flat_map(|p| vals.iter().map(move |&v| [p.clone(), vec![v]].concat())).collect();
    }
    if pts.len() > MAX_POINTS {
        let step = pts.len().div_ceil(MAX_POINTS);
        pts = pts.into_iter().step_by(step).collect();
    }
    pts
}

fn bounds(calls: &[Call]) -> Vec<i64> {
    let mut b = CLASS_BOUNDS.to_vec();
    // The tests' punctuation (a separator the function looks for); not
    // their letters and digits, whose classes the bounds already give
    // (a bound at any letter fits sums of counts by accident).
    for c in chars_of(calls).into_iter().filter(|&c| (c as u8).is_ascii_punctuation()) {
        if !b.contains(&c) {
            b.push(c);
        }
    }
    for c in calls.iter().flat_map(|c| c.ints.iter()) {
        if !b.contains(c) {
            b.push(*c);
        }
    }
    b
}

/// The search state of one synthesis.
struct Search<'a> {
    ex: &'a Examples,
    shape: Shape,
    holes: Vec<HoleDef>,
    budget: Budget,
    stats: Stats,
    order: Vec<usize>,
    /// The test most often failed first, for the report.
    failed: HashMap<usize, u64>,
    out_of_time: bool,
    /// The constants conditions compare with ([`bounds`]).
    bounds: Vec<i64>,
    /// The value hole's probe points ([`points`]).
    value_points: Vec<Vec<i64>>,
    /// Candidates must meet a passing path of every test
    /// ([`Examples::check`]).
    strict: bool,
}

impl Search<'_> {
    /// The value hole's fitting terms with the control holes' `fixed`
    /// terms, from the first language of `ladder` that has one: up to 8,
    /// smallest first, from the first size that has one and the next.
    fn values(&mut self, fixed: &[Term], ladder: &[LangSpec]) -> Result<Option<(Vec<Term>, String)>, String> {
        let h = self.holes.last().ok_or("the sketch has no value hole")?.clone();
        for spec in ladder {
            let lang = spec.instantiate(h.name, h.params.len()).map_err(|e| e.to_string())?;
            let mut e = Enumerator::new(&lang, self.value_points.clone(), &ARITH, &self.bounds);
            let mut seen: HashMap<u64, bool> = HashMap::new();
            let mut fits: Vec<Term> = Vec::new();
            let mut first_size = None;
            // Where the sketch's contract says more than the tests, two
            // sizes more are enumerated for a fitting term that keeps it.
            let arity = h.params.len();
            let shape = self.shape;
            let keeps_contract = |t: &Term| shape.contract(t, arity);
            let extra = if shape == Shape::Comparison { 2 } else { 0 };
            while e.size() < self.budget.max_size.min(e.max_size()) && self.stats.candidates < self.budget.candidates {
                let done = |f: usize| e.size() > f + extra || (extra > 0 && fits.iter().any(keeps_contract));
                if first_size.is_some_and(done) {
                    break;
                }
                let Some(terms) = e.next_size(self.budget.steps) else { break };
                for t in terms {
                    self.stats.candidates += 1;
                    if self.stats.candidates > self.budget.candidates {
                        break;
                    }
                    if self.stats.candidates.is_multiple_of(1024)
                        && self.budget.deadline.is_some_and(|d| std::time::Instant::now() >= d)
                    {
                        self.out_of_time = true;
                        self.stats.candidates = self.budget.candidates;
                        break;
                    }
                    let all: Vec<&Term> = fixed.iter().chain(std::iter::once(&t)).collect();
                    if self.ex.is_banned(self.shape, &all) {
                        continue;
                    }
                    let results: Vec<Option<i64>> = self.ex.calls.iter().map(|c| self.shape.run(c, &all)).collect();
                    let key = hash_of(&results);
                    let ok = match seen.get(&key) {
                        Some(&ok) => ok,
                        None => {
                            let ok = match self.ex.check(&results, &mut self.order, self.strict) {
                                Ok(()) => true,
                                Err(ti) => {
                                    *self.failed.entry(ti).or_default() += 1;
                                    false
                                }
                            };
                            seen.insert(key, ok);
                            ok
                        }
                    };
                    if ok
                        && (fits.len() < 8 || keeps_contract(&t) && !fits.iter().any(keeps_contract))
                        && self.shape.admits(&t, h.params.len())
                    {
                        first_size.get_or_insert(e.size());
                        fits.push(t);
                    }
                }
            }
            self.stats.steps += e.work;
            // Stable: the smallest term that reads what it should first.
            fits.sort_by_key(|t| !keeps_contract(t));
            if !fits.is_empty() {
                return Ok(Some((fits, format!("{}={}", h.name, spec.describe()))));
            }
        }
        Ok(None)
    }

    /// The control hole's candidates, one per distinct effect on the
    /// calls, smallest first; with each, the others of the same effect.
    fn controls(&mut self, h: &HoleDef) -> Result<Vec<Vec<Term>>, String> {
        // Where the narrowest class is wanted, terms are told apart on
        // every character, not only on the tests' (which would leave
        // `c != '9'` and `'0' <= c <= '9'` one term).
        let pts = if self.shape.narrow_control() && h.params == [Domain::Char] {
            (1..128).map(|c| vec![c]).collect()
        } else {
            points(h, &self.ex.calls, false)
        };
        let mut groups: Vec<Vec<Term>> = Vec::new();
        // Each group's leader's rank (`Shape::narrowness`).
        let mut ranks: Vec<Option<(bool, usize)>> = Vec::new();
        let mut by_effect: HashMap<u64, usize> = HashMap::new();
        for spec in &h.ladder {
            let lang = spec.instantiate(h.name, h.params.len()).map_err(|e| e.to_string())?;
            let mut e = Enumerator::new(&lang, pts.clone(), &ARITH, &self.bounds);
            while e.size() < 9.min(e.max_size()) {
                let Some(terms) = e.next_size(self.budget.steps / 10) else { break };
                for t in terms {
                    let effect: Vec<Option<i64>> = self.ex.calls.iter().map(|c| self.shape.control(c, &t)).collect();
                    if effect.iter().any(Option::is_none) {
                        continue;
                    }
                    // Once per term; each group keeps its leader's rank.
                    let rank = self.shape.narrowness(&t);
                    match by_effect.get(&hash_of(&effect)) {
                        // Terms come smallest first; a narrower one leads
                        // its group where the contract asks for it.
                        Some(&g) if rank.zip(ranks[g]).is_some_and(|(a, b)| a < b) => {
                            groups[g].insert(0, t);
                            groups[g].truncate(8);
                            ranks[g] = rank;
                        }
                        Some(&g) if groups[g].len() < 8 => groups[g].push(t),
                        Some(_) => {}
                        None if groups.len() < 64 => {
                            by_effect.insert(hash_of(&effect), groups.len());
                            groups.push(vec![t]);
                            ranks.push(rank);
                        }
                        None => {}
                    }
                }
            }
            self.stats.steps += e.work;
        }
        // The narrowest whole class first, where the contract asks for
        // one (stable: otherwise smallest first).
        let mut ranked: Vec<_> = ranks.into_iter().zip(groups).collect();
        ranked.sort_by_key(|(r, _)| *r);
        let groups: Vec<Vec<Term>> = ranked.into_iter().map(|(_, g)| g).collect();
        Ok(groups)
    }
}

/// How many rungs the ladder of `shape`'s value hole has (1 when the
/// user chose its language).
pub fn rungs(shape: Shape, langs: &[(String, LangSpec)]) -> usize {
    let holes = shape.holes(0, 1);
    match holes.last() {
        Some(h) if !langs.iter().any(|(n, _)| n == h.name || n.is_empty()) => h.ladder.len(),
        _ => 1,
    }
}

/// Synthesizes `shape`'s holes from `ex` with rung `rung` of the value
/// hole's ladder; `langs` overrides the ladder of the named holes.
///
/// Where a test's exploration was cut, a candidate that meets one of its
/// passing paths is preferred to one that only falls outside every path
/// seen (a value the exploration never reached, such as a field width
/// it did not try): the search runs strictly first, then, finding
/// nothing, leniently.
pub fn synthesize(
    ex: &Examples, shape: Shape, nints: usize, nstrs: usize, langs: &[(String, LangSpec)], rung: usize, budget: Budget,
) -> Result<(Outcome, Stats), String> {
    if !ex.has_cut_tests() {
        return synthesize_with(ex, shape, nints, nstrs, langs, rung, budget, false);
    }
    let (strict, first) = synthesize_with(ex, shape, nints, nstrs, langs, rung, budget, true)?;
    if let Outcome::Found(_) = strict {
        return Ok((strict, first));
    }
    let (outcome, mut stats) = synthesize_with(ex, shape, nints, nstrs, langs, rung, budget, false)?;
    stats.candidates += first.candidates;
    stats.steps += first.steps;
    Ok((outcome, stats))
}

#[allow(clippy::too_many_arguments)]
fn synthesize_with(
    ex: &Examples, shape: Shape, nints: usize, nstrs: usize, langs: &[(String, LangSpec)], rung: usize, budget: Budget,
    strict: bool,
) -> Result<(Outcome, Stats), String> {
    let mut holes = shape.holes(nints, nstrs);
    for h in &mut holes {
        if let Some((_, l)) = langs.iter().find(|(n, _)| n == h.name || (n.is_empty() && !h.control)) {
            h.ladder = vec![l.clone()];
        } else if !h.control {
            h.ladder = h.ladder.get(rung).cloned().into_iter().collect();
        }
    }
    let value_points = holes.last().map_or_else(Vec::new, |h| points(h, &ex.calls, nstrs > 1));
    let mut s = Search {
        bounds: bounds(&ex.calls),
        value_points,
        ex,
        shape,
        holes: holes.clone(),
        budget,
        stats: Stats::default(),
        order: Vec::new(),
        failed: HashMap::new(),
        out_of_time: false,
        strict,
    };
    let value_ladder = holes.last().map(|h| h.ladder.clone()).unwrap_or_default();
    let controls: Vec<&HoleDef> = holes.iter().filter(|h| h.control).collect();
    let found = match controls.first() {
        None => s.values(&[], &value_ladder)?.map(|(fits, lang)| (vec![], fits, lang, vec![])),
        Some(c) => {
            let mut found = None;
            for group in s.controls(c)? {
                if let Some((fits, lang)) = s.values(&group[..1], &value_ladder)? {
                    let lang = format!(
                        "{}={},{lang}",
                        c.name,
                        c.ladder.iter().map(|l| l.describe()).collect::<Vec<_>>().join("/")
                    );
                    found = Some((vec![group[0].clone()], fits, lang, group[1..].to_vec()));
                    break;
                }
                if s.stats.candidates >= budget.candidates {
                    break;
                }
            }
            found
        }
    };
    let Some((fixed, fits, language, other_controls)) = found else {
        let hardest = s.failed.iter().max_by_key(|(ti, n)| (**n, std::cmp::Reverse(**ti))).map(|(ti, _)| *ti);
        let langs: Vec<String> = holes
            .iter()
            .map(|h| format!("{}={}", h.name, h.ladder.iter().map(|l| l.describe()).collect::<Vec<_>>().join("/")))
            .collect();
        let mut reason =
            format!("no term of {} fits the tests ({} candidates checked)", langs.join(", "), s.stats.candidates);
        if let Some(ti) = hardest {
            reason.push_str(&format!("; test {} rejected the most", ex.test_name(ti)));
        }
        if s.out_of_time {
            reason = "out of time".into();
        }
        return Ok((Outcome::None { reason }, s.stats));
    };
    let name = |i: usize| holes[i].name.to_string();
    let model: Vec<Term> = fixed.iter().cloned().chain(std::iter::once(fits[0].clone())).collect();
    let mut alternatives: Vec<Vec<Term>> =
        fits[1..].iter().map(|t| fixed.iter().cloned().chain(std::iter::once(t.clone())).collect()).collect();
    alternatives.extend(other_controls.iter().map(|c| vec![c.clone(), fits[0].clone()]));
    let undecided = undecided(shape, &ex.calls, &model, &alternatives, &holes);
    let terms = model.into_iter().enumerate().map(|(i, t)| (name(i), t)).collect();
    Ok((Outcome::Found(Found { terms, language, undecided }), s.stats))
}

/// The printable characters of every class (digits, capitals, small
/// letters, blanks, punctuation) that `seen` reports a character of.
pub fn class_alphabet(seen: impl Fn(fn(u8) -> bool) -> bool) -> Vec<u8> {
    (1u8..127).filter(|&c| super::interp::CHAR_CLASSES.iter().any(|&k| k(c) && seen(k))).collect()
}

/// Inputs beyond the tests: for each recorded call, strings of its
/// length and of other lengths drawn from the character classes the
/// tests' strings use (digits, capitals, small letters, white space,
/// punctuation), with the call's integers. A fixed sequence.
pub fn class_inputs(calls: &[Call], per_call: usize) -> Vec<Call> {
    let seen = chars_of(calls);
    let alphabet = class_alphabet(|k| seen.iter().any(|&s| k(s as u8)));
    if alphabet.is_empty() {
        return Vec::new();
    }
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % n.max(1) as u64) as usize
    };
    let mut out = Vec::new();
    for c in calls.iter().take(24) {
        for k in 0..per_call {
            let strs = c
                .strs
                .iter()
                .map(|s| {
                    let len = if k % 2 == 0 { s.len().max(1) } else { 1 + next(12) };
                    (0..len).map(|_| alphabet[next(alphabet.len())]).collect()
                })
                .collect();
            out.push(Call { ints: c.ints.clone(), strs });
        }
    }
    out
}

/// When an alternative fitting the tests differs from `model` on an
/// input beyond them: what the report says.
fn undecided(shape: Shape, calls: &[Call], model: &[Term], alts: &[Vec<Term>], holes: &[HoleDef]) -> Option<String> {
    let inputs = class_inputs(calls, 12);
    let mut checked = HashSet::new();
    for alt in alts {
        if !checked.insert(hash_of(alt)) {
            continue;
        }
        let m: Vec<&Term> = model.iter().collect();
        let a: Vec<&Term> = alt.iter().collect();
        for input in &inputs {
            let (x, y) = (shape.run(input, &m), shape.run(input, &a));
            if x != y {
                let show = |ts: &[Term]| {
                    ts.iter().zip(holes).map(|(t, h)| super::describe_term(h.name, t)).collect::<Vec<_>>().join("; ")
                };
                let v = |r: Option<i64>| r.map_or("undefined".to_string(), |v| v.to_string());
                let arity = holes.last().map_or(0, |h| h.params.len());
                let value = |ts: &[Term]| ts.last().is_some_and(|t| shape.contract(t, arity));
                let why = if value(model) && !value(alt) {
                    "the one that keeps the sketch's contract"
                } else {
                    "the smaller"
                };
                return Some(format!(
                    "the tests did not decide between {} (kept: {why}) and {}: on {} they give {} and {}; add a test with such an input to decide",
                    show(model),
                    show(alt),
                    input.describe("f"),
                    v(x),
                    v(y)
                ));
            }
        }
    }
    None
}
