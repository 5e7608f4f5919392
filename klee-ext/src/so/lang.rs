//! Languages of interpretations: a grammar (nonterminals and rules) and a
//! depth bound. The built-in languages are the paper's Fig. 6 grammars;
//! others come from SyGuS-IF files (`sygus.rs`).

use super::term::{Op, Sort, Term};

/// What one grammar rule produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleOp {
    /// The argument at this position.
    Var(usize),
    /// Any integer constant (SyGuS `(Constant Int)`): one free value per
    /// tree node, chosen by the solver.
    AnyConst,
    /// A fixed integer.
    Lit(i64),
    /// `true` / `false`.
    BoolLit(bool),
    /// An operator applied to one subterm per argument nonterminal.
    Op(Op),
    /// `N -> M`: the value of the single child.
    Chain,
}

/// `nt -> op(args...)`, `args` being nonterminal indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub nt: usize,
    pub op: RuleOp,
    pub args: Vec<usize>,
}

/// A grammar with a depth bound (nodes on the longest root-to-leaf path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// The function's name in the grammar file (or the variable's name).
    pub name: String,
    /// Argument names (all of sort Int: C passes `int`s).
    pub params: Vec<String>,
    pub result: Sort,
    /// Nonterminals: name and sort. `start` produces the result.
    pub nts: Vec<(String, Sort)>,
    pub start: usize,
    pub rules: Vec<Rule>,
    pub depth: usize,
}

/// The largest depth accepted (a depth-`d` tree of ternary nodes has
/// (3^d - 1)/2 nodes; beyond 6 the encodings stop being useful).
pub(crate) const MAX_DEPTH: usize = 6;
pub(crate) const DEFAULT_DEPTH: usize = 3;

/// The factors of the `arith` language's scaling rule.
pub(crate) const SCALES: [i64; 4] = [2, 8, 10, 16];

/// The Boolean rules of the built-in languages over values of
/// nonterminal `v`: all six comparisons (though `<` and `<=` add no
/// function: an original `a < b` keeps its layout under MaxSMT
/// preferences), `&&`, `||`, `!`, `true`, `false`.
fn push_conditions(rules: &mut Vec<Rule>, v: usize, b: usize) {
    let op = |nt, op, args: &[usize]| Rule { nt, op: RuleOp::Op(op), args: args.to_vec() };
    for o in [Op::Gt, Op::Ge, Op::Lt, Op::Le, Op::Eq, Op::Ne] {
        rules.push(op(b, o, &[v, v]));
    }
    rules.push(op(b, Op::And, &[b, b]));
    rules.push(op(b, Op::Or, &[b, b]));
    rules.push(op(b, Op::Not, &[b]));
    rules.push(Rule { nt: b, op: RuleOp::BoolLit(true), args: vec![] });
    rules.push(Rule { nt: b, op: RuleOp::BoolLit(false), args: vec![] });
}

impl Language {
    /// Conditions over `arity` floating-point arguments (values and the
    /// program's constants, all passed as arguments): `Bool: V < V | V <=
    /// V | V > V | V >= V | V == V | V != V | Bool && Bool | Bool || Bool
    /// | !Bool | true | false`, `V: x1 | ... | xn`. Only comparisons read
    /// the arguments, so an argument may be any order-preserving integer
    /// image of its value (the VM passes `exec::so::real_key`), and no
    /// value is bounded to the `int` range.
    pub fn comparisons(name: &str, arity: usize, depth: usize) -> Language {
        const V: usize = 0;
        const B: usize = 1;
        let mut rules: Vec<Rule> = (0..arity).map(|l| Rule { nt: V, op: RuleOp::Var(l), args: vec![] }).collect();
        push_conditions(&mut rules, V, B);
        Language {
            name: name.to_string(),
            params: (1..=arity).map(|i| format!("x{i}")).collect(),
            result: Sort::Bool,
            nts: vec![("Real".into(), Sort::Int), ("Bool".into(), Sort::Bool)],
            start: B,
            rules,
            depth,
        }
    }

    /// Whether an Int value of the language is ever more than an argument
    /// (a constant, or an operator's result): only then are Int values
    /// kept in the `int` range.
    pub(crate) fn computes_ints(&self) -> bool {
        self.rules.iter().any(|r| self.sort_of(r.nt) == Sort::Int && !matches!(r.op, RuleOp::Var(_)))
    }

    /// The paper's Fig. 6 languages over `arity` Int arguments `x1..xn`:
    /// `Int: var | const | Int + Int | Int - Int | Bool ? Int : Int` and
    /// `Bool: Int > Int | Int >= Int | Int == Int | Int != Int |
    /// Bool && Bool | Bool || Bool | !Bool | true | false`.
    pub fn builtin(name: &str, arity: usize, result: Sort, depth: usize) -> Language {
        const I: usize = 0;
        const B: usize = 1;
        let mut rules: Vec<Rule> = (0..arity).map(|l| Rule { nt: I, op: RuleOp::Var(l), args: vec![] }).collect();
        let op = |nt, op, args: &[usize]| Rule { nt, op: RuleOp::Op(op), args: args.to_vec() };
        rules.push(Rule { nt: I, op: RuleOp::AnyConst, args: vec![] });
        rules.push(op(I, Op::Add, &[I, I]));
        rules.push(op(I, Op::Sub, &[I, I]));
        rules.push(op(I, Op::Ite, &[B, I, I]));
        push_conditions(&mut rules, I, B);
        Language {
            name: name.to_string(),
            params: (1..=arity).map(|i| format!("x{i}")).collect(),
            result,
            nts: vec![("Int".into(), Sort::Int), ("Bool".into(), Sort::Bool)],
            start: if result == Sort::Int { I } else { B },
            rules,
            depth,
        }
    }

    /// The built-in Int language ([`Language::builtin`]) with one more
    /// rule, `Int: Scale * Int`, where `Scale` is one of [`SCALES`]: the
    /// bases of numerals, scaling without a product of two unknowns, so
    /// the encodings stay linear.
    pub fn arith(name: &str, arity: usize, depth: usize) -> Language {
        let mut l = Language::builtin(name, arity, Sort::Int, depth);
        let k = l.nts.len();
        l.nts.push(("Scale".into(), Sort::Int));
        l.rules.extend(SCALES.iter().map(|&v| Rule { nt: k, op: RuleOp::Lit(v), args: vec![] }));
        l.rules.push(Rule { nt: 0, op: RuleOp::Op(Op::Mul), args: vec![k, 0] });
        l
    }

    /// [`Language::arith`] without its conditionals (`ite` and the
    /// Boolean nonterminal): sums, differences and scalings only.
    pub fn linear(name: &str, arity: usize, depth: usize) -> Language {
        let mut l = Language::arith(name, arity, depth);
        l.rules.retain(|r| l.nts[r.nt].1 == Sort::Int && r.op != RuleOp::Op(Op::Ite));
        l
    }

    /// Linear terms under character-class conditions: `Int: x | const |
    /// Int + Int | Int - Int | Scale * Int | Class ? Int : Int | Class ? 1
    /// : 0`, `Class:
    /// Arg OP Arg | Arg OP Bound | Class && Class | Class ||
    /// Class | !Class` (OP one of the six comparisons), `Arg: x1 | ... |
    /// xn`, `Bound: const`. A condition compares an argument with a
    /// constant or with another argument, never a sum, which keeps the
    /// conditions few: a counting step `c >= 65 && c <= 90 ? acc + 1 :
    /// acc` is small. With a Boolean `result`, the start is `Class`.
    pub fn cond(name: &str, arity: usize, result: Sort, depth: usize) -> Language {
        let mut l = Language::linear(name, arity, depth);
        let (i, b, arg, bound) = (0, l.nts.len(), l.nts.len() + 1, l.nts.len() + 2);
        l.nts.push(("Class".into(), Sort::Bool));
        l.nts.push(("Arg".into(), Sort::Int));
        l.nts.push(("Bound".into(), Sort::Int));
        l.nts.push(("One".into(), Sort::Int));
        l.nts.push(("Zero".into(), Sort::Int));
        let op = |nt, op, args: &[usize]| Rule { nt, op: RuleOp::Op(op), args: args.to_vec() };
        l.rules.push(op(i, Op::Ite, &[b, i, i]));
        // A condition as 0 or 1 (`acc + (c >= 'A' && c <= 'Z')`).
        let (one, zero) = (bound + 1, bound + 2);
        l.rules.push(op(i, Op::Ite, &[b, one, zero]));
        l.rules.push(Rule { nt: one, op: RuleOp::Lit(1), args: vec![] });
        l.rules.push(Rule { nt: zero, op: RuleOp::Lit(0), args: vec![] });
        l.rules.extend((0..arity).map(|v| Rule { nt: arg, op: RuleOp::Var(v), args: vec![] }));
        l.rules.push(Rule { nt: bound, op: RuleOp::AnyConst, args: vec![] });
        // Equalities first: among conditions of one size that fit, the
        // earlier is kept.
        for o in [Op::Eq, Op::Ne, Op::Ge, Op::Le, Op::Gt, Op::Lt] {
            l.rules.push(op(b, o, &[arg, arg]));
        }
        for o in [Op::Eq, Op::Ne, Op::Ge, Op::Le, Op::Gt, Op::Lt] {
            l.rules.push(op(b, o, &[arg, bound]));
        }
        l.rules.push(op(b, Op::And, &[b, b]));
        l.rules.push(op(b, Op::Or, &[b, b]));
        l.rules.push(op(b, Op::Not, &[b]));
        l.result = result;
        if result == Sort::Bool {
            l.start = b;
        }
        l
    }

    /// A running count over the first argument: `Int: x1 + Flag | x1 +
    /// 1`, `Flag: Class ? 1 : 0`, with the conditions of
    /// [`Language::cond`].
    pub fn count(name: &str, arity: usize, depth: usize) -> Language {
        let c = Language::cond(name, arity, Sort::Int, depth);
        let idx = |n: &str| c.nts.iter().position(|(m, _)| m == n).unwrap_or(0);
        let (b, one, zero) = (idx("Class"), idx("One"), idx("Zero"));
        let (acc, flag) = (c.nts.len(), c.nts.len() + 1);
        let mut l = c.clone();
        l.nts.push(("Acc".into(), Sort::Int));
        l.nts.push(("Flag".into(), Sort::Int));
        let op = |nt, op, args: &[usize]| Rule { nt, op: RuleOp::Op(op), args: args.to_vec() };
        l.rules.retain(|r| l.nts[r.nt].0 != "Int" && l.nts[r.nt].0 != "Scale");
        l.rules.push(Rule { nt: acc, op: RuleOp::Var(0), args: vec![] });
        l.rules.push(op(flag, Op::Ite, &[b, one, zero]));
        l.rules.push(op(0, Op::Add, &[acc, flag]));
        l.rules.push(op(0, Op::Add, &[acc, one]));
        l
    }

    /// Whether nonterminal `nt` produces only fixed integers.
    pub fn literals_only(&self, nt: usize) -> bool {
        self.rules.iter().filter(|r| r.nt == nt).all(|r| matches!(r.op, RuleOp::Lit(_)))
    }

    pub fn arity(&self) -> usize {
        self.params.len()
    }

    /// The largest number of children of any rule.
    pub fn max_arity(&self) -> usize {
        self.rules.iter().map(|r| r.args.len()).max().unwrap_or(0)
    }

    pub(crate) fn sort_of(&self, nt: usize) -> Sort {
        self.nts[nt].1
    }

    /// The term a rule builds from its children's terms.
    pub fn build(&self, rule: &Rule, constant: i64, kids: Vec<Term>) -> Term {
        match &rule.op {
            RuleOp::Var(l) => Term::Var(*l),
            RuleOp::AnyConst => Term::Int(constant),
            RuleOp::Lit(v) => Term::Int(*v),
            RuleOp::BoolLit(b) => Term::Bool(*b),
            RuleOp::Op(op) => Term::App(*op, kids),
            RuleOp::Chain => kids.into_iter().next().unwrap_or(Term::Int(0)),
        }
    }

    /// Leaves of the start nonterminal: every argument, and the constant
    /// `value` where the language can write it.
    pub fn leaves(&self, value: i64) -> Vec<Term> {
        let mut out = Vec::new();
        for r in self.rules.iter().filter(|r| r.nt == self.start && r.args.is_empty()) {
            match r.op {
                RuleOp::AnyConst => out.push(Term::Int(value)),
                RuleOp::Lit(v) if v == value => out.push(Term::Int(v)),
                RuleOp::BoolLit(b) if b as i64 == value => out.push(Term::Bool(b)),
                RuleOp::Var(l) => out.push(Term::Var(l)),
                _ => {}
            }
        }
        out
    }

    /// The simplest term of the start nonterminal (a leaf), used as the
    /// interpretation of a variable no path condition constrains yet.
    pub(crate) fn default_term(&self) -> Option<Term> {
        let mut best: Option<Term> = None;
        for r in self.rules.iter().filter(|r| r.nt == self.start && r.args.is_empty()) {
            let t = self.build(r, 0, vec![]);
            let rank = |t: &Term| match t {
                Term::Int(0) | Term::Bool(false) => 0,
                Term::Int(_) | Term::Bool(_) => 1,
                _ => 2,
            };
            if best.as_ref().is_none_or(|b| rank(&t) < rank(b)) {
                best = Some(t);
            }
        }
        best
    }

    /// Checks the grammar can build at least one term within the depth, and
    /// that every rule's argument sorts fit its operator.
    pub fn validate(&self) -> Result<(), String> {
        for r in &self.rules {
            let want: Vec<Sort> = match &r.op {
                RuleOp::Op(op) => {
                    if op.result() != self.sort_of(r.nt) {
                        return Err(format!("rule `{}` of {} has the wrong sort", op.smt_name(), self.nts[r.nt].0));
                    }
                    op.arg_sorts().to_vec()
                }
                RuleOp::Chain => vec![self.sort_of(r.nt)],
                RuleOp::BoolLit(_) if self.sort_of(r.nt) != Sort::Bool => {
                    return Err(format!("Boolean literal in Int nonterminal {}", self.nts[r.nt].0))
                }
                RuleOp::Var(_) | RuleOp::AnyConst | RuleOp::Lit(_) if self.sort_of(r.nt) != Sort::Int => {
                    return Err(format!("Int leaf in Bool nonterminal {}", self.nts[r.nt].0))
                }
                _ => vec![],
            };
            let got: Vec<Sort> = r.args.iter().map(|&a| self.sort_of(a)).collect();
            if want != got {
                return Err(format!("rule of {} has arguments of the wrong sorts", self.nts[r.nt].0));
            }
        }
        if !self.rules.iter().any(|r| r.nt == self.start && r.args.is_empty()) && self.depth == 1 {
            return Err("no term of depth 1: the start symbol has no leaf rule".into());
        }
        if !self.rules.iter().any(|r| r.args.is_empty()) {
            return Err("the grammar has no leaf rule, so it has no finite term".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::so::LangSpec;

    #[test]
    fn arith_scales_and_linear_has_no_conditionals() {
        let a = Language::arith("rho", 2, 3);
        a.validate().expect("valid");
        let scale = a.nts.iter().position(|(n, _)| n == "Scale").expect("a Scale nonterminal");
        assert!(a.literals_only(scale) && !a.literals_only(a.start));
        assert!(a.rules.iter().any(|r| r.op == RuleOp::Op(Op::Mul) && r.args == vec![scale, a.start]));
        let l = Language::linear("rho", 2, 3);
        l.validate().expect("valid");
        assert!(l.rules.iter().all(|r| r.op != RuleOp::Op(Op::Ite) && l.sort_of(r.nt) == Sort::Int));
        assert_eq!(LangSpec::parse("arith:4", "rho"), Ok(LangSpec::Arith(4)));
        assert_eq!(LangSpec::parse("linear", "rho"), Ok(LangSpec::Linear(3)));
    }

    #[test]
    fn builtin_languages_are_well_formed() {
        for s in [Sort::Int, Sort::Bool] {
            let l = Language::builtin("rho", 2, s, 3);
            l.validate().expect("valid");
            assert_eq!(l.max_arity(), 3);
        }
        assert_eq!(Language::builtin("p", 1, Sort::Bool, 3).default_term(), Some(Term::Bool(false)));
        assert_eq!(Language::builtin("p", 1, Sort::Int, 3).default_term(), Some(Term::Int(0)));
    }
}
