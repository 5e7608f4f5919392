//! Bottom-up enumeration of a language's terms by size, pruned by
//! observational equivalence, as enumerative SyGuS solvers do: every term
//! is evaluated on a fixed set of probe points (argument vectors), and a
//! term whose values on all of them equal an earlier term's of the same
//! nonterminal is dropped, so larger terms are built only from distinct
//! smaller ones. The grammar is any [`Language`]; its `AnyConst` rules
//! draw from a finite pool (the `Bound` nonterminal of [`Language::cond`]
//! from the bounds pool, every other from the arithmetic pool).
//!
//! All work is counted (combinations tried), never timed: the same
//! language, points and budget give the same terms in the same order.

use klee_ext::so::lang::{Rule, RuleOp};
use klee_ext::so::{Language, Op, Term};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// A value undefined at a point (an Int node left the `int` range).
const UNDEF: i32 = i32::MIN;

struct Entry {
    term: Term,
    vals: Box<[i32]>,
    depth: u8,
}

/// The enumeration of one language's terms.
pub struct Enumerator<'l> {
    lang: &'l Language,
    points: Vec<Vec<i64>>,
    /// Per nonterminal, the constants its `AnyConst` rule stands for.
    consts: Vec<Vec<i64>>,
    /// `bank[nt][size]`: entries (indices into `entries`).
    bank: Vec<Vec<Vec<u32>>>,
    entries: Vec<Entry>,
    /// Per nonterminal, hashes of the value vectors seen.
    seen: Vec<HashSet<u64>>,
    /// The last size built.
    size: usize,
    /// Entries kept for building larger terms (beyond: still yielded and
    /// deduplicated, not kept).
    pub max_entries: usize,
    /// Combinations evaluated so far.
    pub work: u64,
    /// The start nonterminal's new terms of the size being built.
    fresh: Vec<Term>,
}

/// A 64-bit hash of `v` (value vectors, result vectors, effects).
pub fn hash_of<T: Hash + ?Sized>(v: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

fn int(v: i64) -> i32 {
    if v > i32::MAX as i64 || v <= i32::MIN as i64 {
        UNDEF
    } else {
        v as i32
    }
}

/// `op` applied pointwise.
fn apply(op: Op, kids: &[&[i32]], out: &mut Vec<i32>) {
    let n = kids.first().map_or(0, |k| k.len());
    out.clear();
    for p in 0..n {
        let a = kids[0][p];
        let b = kids.get(1).map_or(0, |k| k[p]);
        if a == UNDEF || (kids.len() > 1 && b == UNDEF) {
            out.push(UNDEF);
            continue;
        }
        let (a64, b64) = (a as i64, b as i64);
        out.push(match op {
            Op::Add => int(a64 + b64),
            Op::Sub => int(a64 - b64),
            Op::Mul => int(a64 * b64),
            Op::Div => a64.checked_div(b64).map_or(UNDEF, int),
            Op::Mod => a64.checked_rem(b64).map_or(UNDEF, int),
            Op::Neg => int(-a64),
            Op::Ite => {
                let c = kids[2][p];
                match a {
                    0 if c == UNDEF => UNDEF,
                    0 => c,
                    _ => b,
                }
            }
            Op::Lt => (a < b) as i32,
            Op::Le => (a <= b) as i32,
            Op::Gt => (a > b) as i32,
            Op::Ge => (a >= b) as i32,
            Op::Eq => (a == b) as i32,
            Op::Ne => (a != b) as i32,
            Op::And => (a != 0 && b != 0) as i32,
            Op::Or => (a != 0 || b != 0) as i32,
            Op::Implies => (a == 0 || b != 0) as i32,
            Op::Not => (a == 0) as i32,
        });
    }
}

/// The ways to write `total` as one size per part, in order: 0 for a
/// part in `fixed` (a nonterminal of literals only, which adds nothing
/// to a term's size), at least 1 for the others.
fn compositions(total: usize, fixed: &[bool]) -> Vec<Vec<usize>> {
    let Some((&first, rest)) = fixed.split_first() else {
        return if total == 0 { vec![vec![]] } else { vec![] };
    };
    let mut out = Vec::new();
    let sizes = if first { 0..=0 } else { 1..=total };
    for z in sizes {
        if z > total {
            break;
        }
        for mut tail in compositions(total - z, rest) {
            tail.insert(0, z);
            out.push(tail);
        }
    }
    out
}

impl<'l> Enumerator<'l> {
    /// `points`: argument vectors (each the language's arity);
    /// `arith`/`bounds`: the constant pools.
    pub fn new(lang: &'l Language, points: Vec<Vec<i64>>, arith: &[i64], bounds: &[i64]) -> Enumerator<'l> {
        let n = lang.nts.len();
        let consts =
            lang.nts.iter().map(|(name, _)| if name == "Bound" { bounds.to_vec() } else { arith.to_vec() }).collect();
        Enumerator {
            lang,
            points,
            consts,
            bank: vec![vec![Vec::new()]; n],
            entries: Vec::new(),
            seen: vec![HashSet::new(); n],
            size: 0,
            max_entries: 200_000,
            work: 0,
            fresh: Vec::new(),
        }
    }

    /// The last size built.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The largest size a term within the language's depth can have.
    pub fn max_size(&self) -> usize {
        let k = self.lang.max_arity().max(1);
        let d = self.lang.depth.min(12) as u32;
        if k == 1 {
            d as usize
        } else {
            (k.pow(d) - 1) / (k - 1)
        }
    }

    /// Adds a term of `nt` unless an earlier one has its values; whether
    /// it was new (and then, when `nt` is the start, it is one of this
    /// size's [`Enumerator::fresh`] terms). `hash`: the values' hash, when the caller has it.
    fn offer(&mut self, nt: usize, size: usize, term: Term, vals: &[i32], depth: u8, hash: Option<u64>) -> bool {
        let hash = hash.unwrap_or_else(|| hash_of(vals));
        if depth as usize > self.lang.depth || !self.seen[nt].insert(hash) {
            return false;
        }
        if nt == self.lang.start {
            self.fresh.push(term.clone());
        }
        if self.entries.len() < self.max_entries {
            self.bank[nt][size].push(self.entries.len() as u32);
            self.entries.push(Entry { term, vals: vals.into(), depth });
        }
        true
    }

    /// Builds the terms of the next size; the start nonterminal's new
    /// ones, in order. Stops early (`None`) once `work` passes `budget`.
    pub fn next_size(&mut self, budget: u64) -> Option<Vec<Term>> {
        let s = self.size + 1;
        for b in &mut self.bank {
            b.push(Vec::new());
        }
        self.fresh.clear();
        let rules: Vec<Rule> = self.lang.rules.clone();
        let mut vals = Vec::with_capacity(self.points.len());
        for r in rules.iter().filter(|r| r.op != RuleOp::Chain) {
            match &r.op {
                RuleOp::Var(l) if s == 1 => {
                    vals.clear();
                    vals.extend(self.points.iter().map(|p| p.get(*l).map_or(UNDEF, |&v| int(v))));
                    self.offer(r.nt, 1, Term::Var(*l), &vals.clone(), 1, None);
                }
                RuleOp::Lit(c) if s == 1 && self.lang.literals_only(r.nt) => {
                    // Size 0: literals of their own nonterminal (scales,
                    // the 1 and 0 of a condition's value).
                    let v = vec![int(*c); self.points.len()];
                    self.offer(r.nt, 0, Term::Int(*c), &v, 1, None);
                }
                RuleOp::AnyConst | RuleOp::Lit(_) if s == 1 => {
                    let cs = match r.op {
                        RuleOp::Lit(v) => vec![v],
                        _ => self.consts[r.nt].clone(),
                    };
                    for c in cs {
                        let v = vec![int(c); self.points.len()];
                        self.offer(r.nt, 1, Term::Int(c), &v, 1, None);
                    }
                }
                RuleOp::BoolLit(b) if s == 1 => {
                    let v = vec![*b as i32; self.points.len()];
                    self.offer(r.nt, 1, Term::Bool(*b), &v, 1, None);
                }
                RuleOp::Op(op) => {
                    let op = *op;
                    let fixed: Vec<bool> = r.args.iter().map(|&a| self.lang.literals_only(a)).collect();
                    for sizes in compositions(s - 1, &fixed) {
                        let lists: Vec<Vec<u32>> =
                            r.args.iter().zip(&sizes).map(|(&a, &z)| self.bank[a][z].clone()).collect();
                        if lists.iter().any(|l| l.is_empty()) {
                            continue;
                        }
                        let mut idx = vec![0usize; lists.len()];
                        'combos: loop {
                            self.work += 1;
                            if self.work > budget {
                                return None;
                            }
                            let ids: Vec<u32> = idx.iter().zip(&lists).map(|(&i, l)| l[i]).collect();
                            // A commutative operator over one nonterminal
                            // takes each unordered pair once.
                            // (And an operator on one term twice: `x == x`, `x - x`.)
                            let skip = ids.len() == 2
                                && r.args[0] == r.args[1]
                                && ((op.commutative() && ids[0] > ids[1])
                                    || (ids[0] == ids[1] && !matches!(op, Op::Add | Op::Mul)));
                            if !skip {
                                let kids: Vec<&[i32]> = ids.iter().map(|&i| &*self.entries[i as usize].vals).collect();
                                apply(op, &kids, &mut vals);
                                let depth = 1 + ids.iter().map(|&i| self.entries[i as usize].depth).max().unwrap_or(0);
                                let hash = hash_of(&vals[..]);
                                if depth as usize <= self.lang.depth && !self.seen[r.nt].contains(&hash) {
                                    let term = self.lang.build(
                                        r,
                                        0,
                                        ids.iter().map(|&i| self.entries[i as usize].term.clone()).collect(),
                                    );
                                    let v = std::mem::take(&mut vals);
                                    self.offer(r.nt, s, term, &v, depth, Some(hash));
                                    vals = v;
                                }
                            }
                            for k in (0..idx.len()).rev() {
                                idx[k] += 1;
                                if idx[k] < lists[k].len() {
                                    continue 'combos;
                                }
                                idx[k] = 0;
                            }
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        // `N -> M`: M's new terms are N's too, until nothing changes.
        let mut changed = true;
        while changed {
            changed = false;
            for r in rules.iter().filter(|r| r.op == RuleOp::Chain) {
                for id in self.bank[r.args[0]][s].clone() {
                    let e = &self.entries[id as usize];
                    let (t, v, d) = (e.term.clone(), e.vals.clone(), e.depth);
                    changed |= self.offer(r.nt, s, t, &v, d, None);
                }
            }
        }
        self.size = s;
        Some(std::mem::take(&mut self.fresh))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::so::{LangSpec, Sort};

    fn points() -> Vec<Vec<i64>> {
        let mut p = Vec::new();
        for acc in [0, 1, 2, 7, 100] {
            for c in [32, 48, 49, 57, 65, 90, 97] {
                p.push(vec![acc, c]);
            }
        }
        p
    }

    /// The first start term (in enumeration order) equal to `want` on
    /// every point, and the size it came at.
    fn find(lang: &Language, want: impl Fn(i64, i64) -> i64, bounds: &[i64]) -> Option<(Term, usize)> {
        let pts = points();
        let mut e = Enumerator::new(lang, pts.clone(), &[0, 1, 48], bounds);
        for _ in 0..12 {
            for t in e.next_size(5_000_000)? {
                if pts.iter().all(|p| t.eval(p).map(|v| v.as_c()) == Some(want(p[0], p[1]))) {
                    return Some((t, e.size()));
                }
            }
        }
        None
    }

    #[test]
    fn finds_a_linear_step() {
        let l = LangSpec::Linear(3).instantiate("rho", 2).unwrap();
        let (t, size) = find(&l, |acc, c| 10 * acc + c - 48, &[]).unwrap();
        // The scale 10 is a literal of its own nonterminal: size 0.
        assert_eq!(size, 6, "{t:?}");
    }

    #[test]
    fn finds_a_step_under_a_class_condition() {
        let l = LangSpec::Cond(4).instantiate("rho", 2).unwrap();
        let (t, _) = find(&l, |acc, c| if c == 32 { acc } else { acc + 1 }, &[32, 48, 57]).unwrap();
        // `acc + (c != 32 ? 1 : 0)`: the condition as 0 or 1.
        let flag =
            Term::App(Op::Ite, vec![Term::App(Op::Ne, vec![Term::Var(1), Term::Int(32)]), Term::Int(1), Term::Int(0)]);
        assert_eq!(t, Term::App(Op::Add, vec![Term::Var(0), flag]));
        let b = Language::cond("digit", 1, Sort::Bool, 3);
        let pts: Vec<Vec<i64>> = (30..100).map(|c| vec![c]).collect();
        let mut e = Enumerator::new(&b, pts.clone(), &[0, 1], &[48, 57]);
        let mut found = None;
        while found.is_none() && e.size() < 8 {
            for t in e.next_size(1_000_000).unwrap() {
                let digit = |p: &Vec<i64>| Some((48..=57).contains(&p[0]) as i64);
                if found.is_none() && pts.iter().all(|p| t.eval(p).map(|v| v.as_c()) == digit(p)) {
                    found = Some(t);
                }
            }
        }
        assert!(found.is_some());
    }

    #[test]
    fn equivalent_terms_are_enumerated_once() {
        let l = LangSpec::Linear(2).instantiate("rho", 1).unwrap();
        let pts: Vec<Vec<i64>> = (0..5).map(|x| vec![x]).collect();
        let mut e = Enumerator::new(&l, pts, &[0, 1], &[]);
        let one = e.next_size(1000).unwrap();
        let three = e.next_size(1000).unwrap();
        // x + 0, x - 0 and 0 + x are x; 1 - 1 and 0 + 0 are 0.
        assert_eq!(one.len(), 3);
        assert!(three.iter().all(|t| !matches!(t, Term::App(Op::Add, k) if k.contains(&Term::Int(0)))));
    }

    #[test]
    fn the_work_budget_stops_it() {
        let l = LangSpec::Arith(4).instantiate("rho", 2).unwrap();
        let mut e = Enumerator::new(&l, points(), &[0, 1, 2, 3, 48], &[]);
        let mut sizes = 0;
        while e.next_size(20_000).is_some() {
            sizes += 1;
            assert!(sizes < 50);
        }
        assert!(e.work > 20_000);
    }
}

#[cfg(test)]
mod count_tests {
    use super::*;
    use klee_ext::so::LangSpec;

    #[test]
    fn finds_a_count_of_capitals() {
        let l = LangSpec::Count(5).instantiate("rho", 2).unwrap();
        let mut pts = Vec::new();
        for acc in [0, 1, 7] {
            for c in [32, 48, 64, 65, 77, 90, 91, 97, 122] {
                pts.push(vec![acc, c]);
            }
        }
        let mut e = Enumerator::new(&l, pts.clone(), &[0, 1], &[48, 57, 65, 90, 97, 122]);
        let want = |p: &Vec<i64>| p[0] + (65..=90).contains(&p[1]) as i64;
        let mut found = None;
        while found.is_none() && e.size() < 12 {
            for t in e.next_size(10_000_000).unwrap() {
                if found.is_none() && pts.iter().all(|p| t.eval(p).map(|v| v.as_c()) == Some(want(p))) {
                    found = Some(t);
                }
            }
        }
        assert!(found.is_some(), "sizes {}", e.size());
    }
}
