//! Component-based synthesis with location variables (Jha et al., ICSE
//! 2010), the paper's baseline encoding.
//!
//! Components: one instance of every leaf rule that is a literal, as many
//! `(Constant Int)` instances as the depth-`d` tree has inner nodes plus
//! one, and as many instances of every operator rule as it has inner
//! nodes, so every term of depth `d` is a program. Arguments sit at
//! locations `0..n`, components at distinct locations `n..n+N`; each input
//! of a component takes a location below the component's own
//! (acyclicity) produced by something of its sort. The program's value is
//! at location `res`. Values are integers, as for PSE; only the result is
//! kept in the `int` range (unused components may compute anything).
//! Grammars with several nonterminals of one sort are encoded by sort, so
//! CBS may accept some terms PSE does not; for the built-in languages and
//! single-nonterminal grammars both encode the same terms up to depth `d`
//! (CBS also reaches some deeper shared-subterm programs).

use super::z3_pse::apply;
use super::z3_terms::Z;
use crate::so::lang::{Language, RuleOp};
use crate::so::term::{Sort, Term};
use z3_sys::{Z3_ast, Z3_model};

struct Comp {
    rule: usize,
    sort: Sort,
    /// Input sorts.
    ins: Vec<Sort>,
    lout: Z3_ast,
    lin: Vec<Z3_ast>,
    konst: Z3_ast,
}

pub(crate) struct CbsVar {
    comps: Vec<Comp>,
    res: Z3_ast,
    nparams: usize,
    tag: String,
}

pub(crate) struct CbsOcc {
    pub out: Z3_ast,
    pub defs: Vec<Z3_ast>,
    pub range: Vec<Z3_ast>,
}

impl CbsVar {
    pub fn declare(z: &Z, lang: &Language, tag: &str) -> (CbsVar, Vec<Z3_ast>) {
        let a = lang.max_arity().max(1);
        let inner: usize = (0..lang.depth.saturating_sub(1)).map(|l| a.pow(l as u32)).sum();
        let n = lang.arity();
        let mut comps = Vec::new();
        for (k, r) in lang.rules.iter().enumerate() {
            let copies = match r.op {
                RuleOp::Var(_) => 0,
                RuleOp::Lit(_) | RuleOp::BoolLit(_) => 1,
                RuleOp::AnyConst => inner + 1,
                RuleOp::Chain => 0,
                RuleOp::Op(_) => inner,
            };
            for c in 0..copies {
                let id = comps.len();
                comps.push(Comp {
                    rule: k,
                    sort: lang.sort_of(r.nt),
                    ins: r.args.iter().map(|&x| lang.sort_of(x)).collect(),
                    lout: z.int_var(&format!("{tag}!lo{id}")),
                    lin: (0..r.args.len()).map(|j| z.int_var(&format!("{tag}!li{id}_{j}"))).collect(),
                    konst: z.int_var(&format!("{tag}!k{k}_{c}")),
                });
            }
        }
        let v = CbsVar { comps, res: z.int_var(&format!("{tag}!res")), nparams: n, tag: tag.to_string() };
        let total = (n + v.comps.len()) as i64;
        let mut out = Vec::new();
        for (i, c) in v.comps.iter().enumerate() {
            out.push(z.le(z.int(n as i64), c.lout));
            out.push(z.lt(c.lout, z.int(total)));
            for d in &v.comps[i + 1..] {
                out.push(z.not(z.eq(c.lout, d.lout)));
            }
            for (j, &l) in c.lin.iter().enumerate() {
                out.push(z.le(z.int(0), l));
                out.push(z.lt(l, c.lout));
                out.push(v.well_sorted(z, l, c.ins[j]));
            }
            out.push(z.in_int_range(c.konst));
        }
        // Copies of one component are interchangeable: keep them in order.
        for w in v.comps.windows(2) {
            if w[0].rule == w[1].rule {
                out.push(z.lt(w[0].lout, w[1].lout));
            }
        }
        out.push(v.well_sorted(z, v.res, lang.sort_of(lang.start)));
        out.push(z.le(z.int(0), v.res));
        out.push(z.lt(v.res, z.int(total)));
        (v, out)
    }

    /// Location `l` holds a value of sort `s`.
    fn well_sorted(&self, z: &Z, l: Z3_ast, s: Sort) -> Z3_ast {
        let mut ok: Vec<Z3_ast> = self.comps.iter().filter(|c| c.sort == s).map(|c| z.eq(l, c.lout)).collect();
        if s == Sort::Int && self.nparams > 0 {
            ok.push(z.lt(l, z.int(self.nparams as i64)));
        }
        z.or(&ok)
    }

    pub fn occurrence(&self, z: &Z, lang: &Language, args: &[Z3_ast], otag: &str) -> CbsOcc {
        let val = |s: Sort, name: String| if s == Sort::Int { z.int_var(&name) } else { z.bool_var(&name) };
        let outs: Vec<Z3_ast> =
            self.comps.iter().enumerate().map(|(i, c)| val(c.sort, format!("{}!{otag}!o{i}", self.tag))).collect();
        let mut defs = Vec::new();
        // Where a location's value comes from, for an input of sort `s`.
        let connect = |loc: Z3_ast, x: Z3_ast, s: Sort, defs: &mut Vec<Z3_ast>| {
            for (p, c) in self.comps.iter().enumerate() {
                if c.sort == s {
                    defs.push(z.implies(z.eq(loc, c.lout), z.eq(x, outs[p])));
                }
            }
            if s == Sort::Int {
                for (l, &arg) in args.iter().enumerate() {
                    defs.push(z.implies(z.eq(loc, z.int(l as i64)), z.eq(x, arg)));
                }
            }
        };
        for (i, c) in self.comps.iter().enumerate() {
            let ins: Vec<Z3_ast> =
                c.ins.iter().enumerate().map(|(j, s)| val(*s, format!("{}!{otag}!in{i}_{j}", self.tag))).collect();
            for (j, &x) in ins.iter().enumerate() {
                connect(c.lin[j], x, c.ins[j], &mut defs);
            }
            let r = &lang.rules[c.rule];
            let v = match &r.op {
                RuleOp::AnyConst => c.konst,
                RuleOp::Lit(v) => z.int(*v),
                RuleOp::BoolLit(b) => z.boolean(*b),
                RuleOp::Op(op) => apply(z, *op, &ins),
                RuleOp::Var(_) | RuleOp::Chain => unreachable!("no components for these rules"),
            };
            defs.push(z.eq(outs[i], v));
        }
        let start = lang.sort_of(lang.start);
        let res = val(start, format!("{}!{otag}!res", self.tag));
        connect(self.res, res, start, &mut defs);
        let (out, range) = if start == Sort::Int { (res, vec![z.in_int_range(res)]) } else { (z.b2i(res), vec![]) };
        CbsOcc { out, defs, range }
    }

    pub fn decode(&self, z: &Z, model: Z3_model, lang: &Language) -> Option<Term> {
        self.decode_loc(z, model, lang, z.model_int(model, self.res), 0)
    }

    fn decode_loc(&self, z: &Z, model: Z3_model, lang: &Language, loc: i64, depth: usize) -> Option<Term> {
        if depth > self.comps.len() {
            return None;
        }
        if loc >= 0 && (loc as usize) < self.nparams {
            return Some(Term::Var(loc as usize));
        }
        let c = self.comps.iter().find(|c| z.model_int(model, c.lout) == loc)?;
        let mut kids = Vec::new();
        for &l in &c.lin {
            kids.push(self.decode_loc(z, model, lang, z.model_int(model, l), depth + 1)?);
        }
        Some(lang.build(&lang.rules[c.rule], z.model_int(model, c.konst), kids))
    }
}
