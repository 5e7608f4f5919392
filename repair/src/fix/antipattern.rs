//! Anti-patterns: patches that pass the tests but that a developer would
//! not write (`x || x`, a condition made constant, the expression's
//! variables dropped, the only output guarded away, a loop made to run
//! once). Each rule has a name; a candidate a rule rejects is not
//! validated, and the site's report says which rule and why.
//!
//! The term rules read the simplified term and the original. Where they
//! compare meanings (a subsumed operand, a constant condition) they
//! evaluate both on a grid of sample arguments: small values and the
//! terms' constants with their neighbours, so a comparison with a
//! constant is seen on both of its sides.

use crate::cparse::Schema;
use klee_ext::so::{Op, Term, Value};
use std::fmt;

/// The anti-patterns, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// An operand of `&&`/`||` repeated or implied by another
    /// (`a == 1 || a == 1`, `x > 5 || x > 3`), or a conditional whose two
    /// branches are the same, where the original had no such operand.
    RepeatedOperand,
    /// A condition whose value is the same on every input, where the
    /// original's was not.
    ConstantCondition,
    /// None of the original's variables left (beyond a one-variable
    /// relabel), or the variable every operand of the original tests
    /// (`c` of `c < a && c < b`) dropped.
    DropsVariables,
    /// A guard around the only statement that prints anything in the
    /// failing tests (a failing test that expects no output excepted).
    SkipsOnlyOutput,
    /// A loop condition (or a `for` header's step) after which the loop
    /// body runs at most once in every test, where the original ran it
    /// more often.
    LoopRunsOnce,
    /// A string literal rewritten rather than corrected: the new one keeps
    /// less than half of the old one's text (`"YES"` → `"NO"`).
    LiteralRewritten,
    /// Digits added to a string literal's text: a test's value printed as
    /// text instead of computed.
    LiteralTestValue,
    /// A constant the program does not have (nor one more or less than
    /// one it has, nor its negation) that a test's input holds, as a number or as a
    /// character: the patch specializes on the tests (`num3 != 6`).
    TestValue,
    /// A new conditional (`?:`) on one input value (`a == 7 ? 10 : a`),
    /// a value a test's input holds, even one the program also uses
    /// elsewhere: the patch handles the tests' case apart.
    TestValueCase,
    /// An integer expression that reads variables replaced by a constant
    /// (`i = k - x % k` → `i = 2`): a value the tests need, not a
    /// computation.
    ConstantForExpression,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::RepeatedOperand => "repeated-operand",
            Rule::ConstantCondition => "constant-condition",
            Rule::DropsVariables => "drops-variables",
            Rule::SkipsOnlyOutput => "skips-only-output",
            Rule::LoopRunsOnce => "loop-runs-once",
            Rule::LiteralRewritten => "literal-rewritten",
            Rule::LiteralTestValue => "literal-test-value",
            Rule::TestValue => "test-value",
            Rule::TestValueCase => "test-value-case",
            Rule::ConstantForExpression => "constant-for-expression",
        }
    }
}

/// A candidate a rule rejects, and why (in the candidate's own terms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub rule: Rule,
    pub why: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "anti-pattern {}: {}", self.rule.name(), self.why)
    }
}

/// At most this many sample points per check.
const MAX_SAMPLES: usize = 4096;

/// The term rules on `patch` (simplified) against `original` at a site of
/// `schema` whose hole reads `arity` arguments; `distance` is the patch's
/// edit distance from the original.
pub fn check_term(
    original: Option<&Term>, patch: &Term, schema: Schema, arity: usize, distance: u32,
) -> Option<Rejection> {
    let points = samples(&[original, Some(patch)], arity);
    let redundant = redundancies(patch, &points);
    if let Some(why) = redundant.first() {
        let before = original.map(|o| redundancies(o, &points).len()).unwrap_or(0);
        if redundant.len() > before {
            return Some(Rejection { rule: Rule::RepeatedOperand, why: why.clone() });
        }
    }
    // A new statement under a condition that always holds: what follows
    // it never runs.
    if schema.inserts() && constant_on(patch, &points).as_deref() == Some("true") {
        return Some(Rejection {
            rule: Rule::ConstantCondition,
            why: "the new statement always runs, and the statements after it never do".into(),
        });
    }
    if schema.sort() == klee_ext::so::Sort::Bool {
        let orig_constant = original.is_none_or(|o| constant_on(o, &points).is_some());
        if let (false, Some(v)) = (orig_constant, constant_on(patch, &points)) {
            return Some(Rejection {
                rule: Rule::ConstantCondition,
                why: format!("the condition is {v} on every input"),
            });
        }
    }
    if let Some(o) = original {
        let (before, after) = (vars_of(o), vars_of(patch));
        if !before.is_empty() && !before.iter().any(|v| after.contains(v)) && distance > 1 {
            return Some(Rejection {
                rule: Rule::DropsVariables,
                why: "it reads none of the original expression's variables".into(),
            });
        }
        if let Some(v) = subject(o).filter(|v| !after.contains(v)) {
            return Some(Rejection {
                rule: Rule::DropsVariables,
                why: format!("it drops argument {v}, which every operand of the original tests"),
            });
        }
    }
    None
}

/// The values the tests' inputs hold: the integers written in their
/// arguments and stdin, and their characters.
#[derive(Clone, Debug, Default)]
pub struct InputValues {
    numbers: Vec<i64>,
    chars: Vec<i64>,
}

impl InputValues {
    pub fn of<'t>(tests: impl Iterator<Item = &'t crate::config::TestCase>) -> InputValues {
        let mut v = InputValues::default();
        for t in tests {
            let mut texts: Vec<String> = t.args.clone();
            texts.push(String::from_utf8_lossy(&t.stdin).into_owned());
            for text in texts {
                for c in text.bytes() {
                    if !v.chars.contains(&(c as i64)) {
                        v.chars.push(c as i64);
                    }
                }
                for w in text.split(|c: char| !(c.is_ascii_digit() || c == '-')) {
                    if let Ok(n) = w.parse::<i64>() {
                        if !v.numbers.contains(&n) {
                            v.numbers.push(n);
                        }
                    }
                }
            }
        }
        v
    }

    /// Whether a test's input holds `c` (of magnitude 2 or more), as a
    /// number or as a printable character.
    fn holds(&self, c: i64) -> bool {
        c.abs() >= 2 && (self.numbers.contains(&c) || ((32..127).contains(&c) && self.chars.contains(&c)))
    }
}

/// The constant rules on `patch` (simplified) at a site of `schema` whose
/// original reads `reads` variables, in a program with the integer
/// constants `program`, against the tests' `inputs`.
pub fn check_constants(
    original: Option<&Term>, reads: usize, patch: &Term, schema: Schema, program: &[i64], inputs: &InputValues,
) -> Option<Rejection> {
    if let (Term::Int(c), klee_ext::so::Sort::Int, true) = (patch, schema.sort(), reads > 0) {
        if schema != Schema::Step {
            return Some(Rejection {
                rule: Rule::ConstantForExpression,
                why: format!("the expression over variables becomes the constant {c}"),
            });
        }
    }
    let mut before = Vec::new();
    if let Some(o) = original {
        klee_ext::so::edit::constants(o, &mut before);
    }
    if let Some(c) = special_case(patch).filter(|c| !special_case_values(original).contains(c) && inputs.holds(*c)) {
        return Some(Rejection {
            rule: Rule::TestValueCase,
            why: format!("a new conditional on the value {c}, which a test's input holds"),
        });
    }
    let mut after = Vec::new();
    klee_ext::so::edit::constants(patch, &mut after);
    // A program's constant, negated or one off, is the program's.
    let known = |c: i64| before.contains(&c) || program.iter().any(|&k| (k.abs() - c.abs()).abs() <= 1);
    let found = after.into_iter().find(|&c| !known(c) && inputs.holds(c))?;
    Some(Rejection {
        rule: Rule::TestValue,
        why: format!("{found} is not a constant of the program, but a value of a test's input"),
    })
}

/// `c` of `x == c` or `x != c` (either side).
fn equality_constant(t: &Term) -> Option<i64> {
    match t {
        Term::App(Op::Eq | Op::Ne, sides) => match sides.as_slice() {
            [Term::Var(_), Term::Int(c)] | [Term::Int(c), Term::Var(_)] => Some(*c),
            _ => None,
        },
        _ => None,
    }
}

/// The constant of the first conditional (`?:`) of `t` whose condition
/// is `x == c` or `x != c`.
fn special_case(t: &Term) -> Option<i64> {
    let Term::App(op, args) = t else { return None };
    (*op == Op::Ite).then(|| equality_constant(&args[0])).flatten().or_else(|| args.iter().find_map(special_case))
}

/// The constants `t` compares a variable with for equality.
fn special_case_values(t: Option<&Term>) -> Vec<i64> {
    fn go(t: &Term, out: &mut Vec<i64>) {
        out.extend(equality_constant(t));
        if let Term::App(_, args) = t {
            args.iter().for_each(|a| go(a, out));
        }
    }
    let mut out = Vec::new();
    if let Some(t) = t {
        go(t, &mut out);
    }
    out
}

/// The variables a term reads, in order of first use.
pub fn vars_of(t: &Term) -> Vec<usize> {
    fn go(t: &Term, out: &mut Vec<usize>) {
        match t {
            Term::Var(i) if !out.contains(i) => out.push(*i),
            Term::App(_, a) => a.iter().for_each(|x| go(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    go(t, &mut out);
    out
}

/// The variable every operand of a top-level `&&`/`||` chain of two or
/// more operands reads, if exactly one does.
fn subject(t: &Term) -> Option<usize> {
    let Term::App(op @ (Op::And | Op::Or), _) = t else { return None };
    let ops = chain(t, *op);
    let mut common = vars_of(ops[0]);
    for o in &ops[1..] {
        let v = vars_of(o);
        common.retain(|x| v.contains(x));
    }
    (ops.len() >= 2 && common.len() == 1).then(|| common[0])
}

/// The operands of a maximal chain of `op` rooted at `t`.
fn chain(t: &Term, op: Op) -> Vec<&Term> {
    match t {
        Term::App(o, a) if *o == op => a.iter().flat_map(|x| chain(x, op)).collect(),
        other => vec![other],
    }
}

/// Every redundancy of `t`: repeated or implied operands of its `&&`/`||`
/// chains, conditionals with equal branches.
fn redundancies(t: &Term, points: &[Vec<i64>]) -> Vec<String> {
    let mut out = Vec::new();
    collect_redundancies(t, None, points, &mut out);
    out
}

fn collect_redundancies(t: &Term, parent: Option<Op>, points: &[Vec<i64>], out: &mut Vec<String>) {
    let Term::App(op, args) = t else { return };
    match op {
        Op::And | Op::Or if parent != Some(*op) => {
            let ops = chain(t, *op);
            'pairs: for i in 0..ops.len() {
                for j in 0..ops.len() {
                    if i == j {
                        continue;
                    }
                    let (a, b) = (ops[i], ops[j]);
                    if a == b && i < j {
                        out.push(format!("operand {} appears twice", i + 1));
                        continue 'pairs;
                    }
                    // In `a || b`, `a` adds nothing when it implies `b`; in
                    // `a && b`, when `b` implies it.
                    let (from, to) = if *op == Op::Or { (a, b) } else { (b, a) };
                    if a != b && implies(from, to, points) {
                        let kind = if *op == Op::Or { "||" } else { "&&" };
                        out.push(format!("operand {} of `{kind}` adds nothing to operand {}", i + 1, j + 1));
                        continue 'pairs;
                    }
                }
            }
        }
        Op::Ite if args[1] == args[2] || equal_on(&args[1], &args[2], points) => {
            out.push("both branches of the conditional are the same".into());
        }
        _ => {}
    }
    for a in args {
        collect_redundancies(a, Some(*op), points, out);
    }
}

fn truth(t: &Term, p: &[i64]) -> Option<bool> {
    match t.eval(p)? {
        Value::Bool(b) => Some(b),
        Value::Int(_) => None,
    }
}

/// Whether `a` implies `b` on every sample where both evaluate (and some do).
fn implies(a: &Term, b: &Term, points: &[Vec<i64>]) -> bool {
    let mut seen = false;
    for p in points {
        if let (Some(x), Some(y)) = (truth(a, p), truth(b, p)) {
            seen = true;
            if x && !y {
                return false;
            }
        }
    }
    seen
}

/// Whether `a` and `b` (over `arity` arguments) have the same value on
/// every sample where both are defined (and there is one).
pub fn same_on_samples(a: &Term, b: &Term, arity: usize) -> bool {
    equal_on(a, b, &samples(&[Some(a), Some(b)], arity))
}

fn equal_on(a: &Term, b: &Term, points: &[Vec<i64>]) -> bool {
    let mut seen = false;
    for p in points {
        if let (Some(x), Some(y)) = (a.eval(p), b.eval(p)) {
            seen = true;
            if x != y {
                return false;
            }
        }
    }
    seen
}

/// The term's value when it is the same on every sample.
fn constant_on(t: &Term, points: &[Vec<i64>]) -> Option<String> {
    let mut first: Option<Value> = None;
    for p in points {
        let Some(v) = t.eval(p) else { continue };
        match first {
            None => first = Some(v),
            Some(f) if f != v => return None,
            _ => {}
        }
    }
    first.map(|v| match v {
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
    })
}

/// Sample argument vectors: every combination of small values and the
/// terms' constants with their neighbours when there are few, else a
/// fixed pseudo-random selection of them (the same on every run).
fn samples(terms: &[Option<&Term>], arity: usize) -> Vec<Vec<i64>> {
    fn consts(t: &Term, out: &mut Vec<i64>) {
        match t {
            Term::Int(v) => out.extend([v - 1, *v, v + 1]),
            Term::App(_, a) => a.iter().for_each(|x| consts(x, out)),
            _ => {}
        }
    }
    let mut values = vec![-2, -1, 0, 1, 2, 3];
    for t in terms.iter().flatten() {
        consts(t, &mut values);
    }
    values.sort_unstable();
    values.dedup();
    if arity == 0 {
        return vec![Vec::new()];
    }
    let total = (values.len() as u64).checked_pow(arity as u32).unwrap_or(u64::MAX);
    if total <= MAX_SAMPLES as u64 {
        let mut out = vec![Vec::new()];
        for _ in 0..arity {
            out = out.into_iter().flat_map(|p| values.iter().map(move |v| [p.clone(), vec![*v]].concat())).collect();
        }
        return out;
    }
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..MAX_SAMPLES).map(|_| (0..arity).map(|_| values[(next() % values.len() as u64) as usize]).collect()).collect()
}

/// What the site-level rules need to know of a site: whether its
/// statement is the failing tests' only output statement.
pub fn output_call(text: &str) -> bool {
    const CALLS: [&str; 9] = ["printf", "puts", "putchar", "fputs", "fputc", "fprintf", "fwrite", "putc", "write"];
    let bytes = text.as_bytes();
    CALLS.iter().any(|c| {
        text.match_indices(c).any(|(i, _)| {
            let before = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
            let rest = text[i + c.len()..].trim_start();
            before && rest.starts_with('(')
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::so::Op::*;

    fn app(op: Op, a: Vec<Term>) -> Term {
        Term::App(op, a)
    }
    fn v(i: usize) -> Term {
        Term::Var(i)
    }
    fn k(i: i64) -> Term {
        Term::Int(i)
    }

    #[test]
    fn constants_of_the_tests_inputs_and_constants_for_expressions_are_rejected() {
        let t = |stdin: &str| crate::config::TestCase { stdin: stdin.as_bytes().to_vec(), ..Default::default() };
        let inputs = InputValues::of([t("3 6 -10\n"), t("K\n")].iter());
        let program = [0, 1, 10, 17];
        // a != 6, where 6 is only a test's value; 'K' (75) the same.
        let r = check_constants(None, 1, &app(Ne, vec![v(0), k(6)]), Schema::Condition, &program, &inputs);
        assert_eq!(r.map(|r| r.rule), Some(Rule::TestValue));
        let r = check_constants(None, 1, &app(Ne, vec![k(75), v(0)]), Schema::Condition, &program, &inputs);
        assert_eq!(r.map(|r| r.rule), Some(Rule::TestValue));
        // One off a constant of the program, or its negation, is the
        // program's own: `age >= 18` for `age >= 17`, `x < -10`.
        for c in [18, -10, 11] {
            assert_eq!(
                check_constants(None, 1, &app(Ge, vec![v(0), k(c)]), Schema::Condition, &program, &inputs),
                None
            );
        }
        // `a == 7 ? 10 : a` for `a`, where 7 is a test's value: a case of
        // its own for the tests, even though the program has 7 too; a
        // conditional on a value no test holds, or one the original
        // already compares with, is no such case.
        let case = |c: i64| app(Ite, vec![app(Eq, vec![v(0), k(c)]), k(10), v(0)]);
        let r = check_constants(Some(&v(0)), 1, &case(6), Schema::Assignment, &[6, 10], &inputs);
        assert_eq!(r.map(|r| r.rule), Some(Rule::TestValueCase));
        assert_eq!(check_constants(Some(&v(0)), 1, &case(7), Schema::Assignment, &[7, 10], &inputs), None);
        let orig = app(Ite, vec![app(Ne, vec![k(6), v(0)]), v(0), k(10)]);
        assert_eq!(check_constants(Some(&orig), 1, &case(6), Schema::Assignment, &[6, 10], &inputs), None);
        // `i = 2` for `i = k - x % k`; a step may be any constant.
        let r = check_constants(None, 2, &k(2), Schema::Assignment, &program, &inputs);
        assert_eq!(r.map(|r| r.rule), Some(Rule::ConstantForExpression));
        assert_eq!(check_constants(None, 0, &k(2), Schema::Assignment, &program, &inputs), None);
        assert_eq!(check_constants(None, 1, &k(2), Schema::Step, &program, &inputs), None);
    }

    #[test]
    fn a_repeated_disjunct_is_rejected() {
        // a1 == 1 || a2 == 1  →  a2 == 1 || a2 == 1
        let orig = app(Or, vec![app(Eq, vec![v(0), k(1)]), app(Eq, vec![v(1), k(1)])]);
        let patch = app(Or, vec![app(Eq, vec![v(1), k(1)]), app(Eq, vec![v(1), k(1)])]);
        let r = check_term(Some(&orig), &patch, Schema::Condition, 2, 1).unwrap();
        assert_eq!(r.rule, Rule::RepeatedOperand);
        // The developer's fix, `&&`, is no anti-pattern.
        let fix = app(And, vec![app(Eq, vec![v(0), k(1)]), app(Eq, vec![v(1), k(1)])]);
        assert_eq!(check_term(Some(&orig), &fix, Schema::Condition, 2, 1), None);
    }

    #[test]
    fn a_subsumed_operand_is_rejected_unless_the_original_had_one() {
        // x > 10  →  x > 10 || x > 12 (the new disjunct adds nothing)
        let orig = app(Gt, vec![v(0), k(10)]);
        let patch = app(Or, vec![app(Gt, vec![v(0), k(10)]), app(Gt, vec![v(0), k(12)])]);
        assert_eq!(check_term(Some(&orig), &patch, Schema::Condition, 1, 2).unwrap().rule, Rule::RepeatedOperand);
        // x > 10 || x < -10 has two needed disjuncts.
        let fix = app(Or, vec![app(Gt, vec![v(0), k(10)]), app(Lt, vec![v(0), k(-10)])]);
        assert_eq!(check_term(Some(&orig), &fix, Schema::Condition, 1, 3), None);
        // An original with the same redundancy is not the patch's doing.
        assert_eq!(check_term(Some(&patch), &patch, Schema::Condition, 1, 0), None);
    }

    #[test]
    fn a_conditional_with_equal_branches_is_rejected() {
        let orig = app(Sub, vec![v(0), v(1)]);
        let patch = app(Ite, vec![app(Lt, vec![v(0), v(1)]), app(Sub, vec![v(0), v(1)]), app(Sub, vec![v(0), v(1)])]);
        assert_eq!(check_term(Some(&orig), &patch, Schema::Assignment, 2, 4).unwrap().rule, Rule::RepeatedOperand);
    }

    #[test]
    fn a_condition_made_constant_is_rejected() {
        let orig = app(Lt, vec![v(0), v(1)]);
        // x <= x || y > 3 is true everywhere... only where x <= x: a tautology.
        let taut = app(Or, vec![app(Le, vec![v(0), v(0)]), app(Gt, vec![v(1), k(3)])]);
        let r = check_term(Some(&orig), &taut, Schema::Condition, 2, 3).unwrap();
        assert!(matches!(r.rule, Rule::ConstantCondition | Rule::RepeatedOperand), "{r}");
        let r = check_term(Some(&orig), &Term::Bool(false), Schema::Condition, 2, 3).unwrap();
        assert_eq!(r.rule, Rule::ConstantCondition);
        assert!(r.to_string().contains("false on every input"));
        // A guard's original is the constant `true`: a guard may be anything.
        assert_eq!(check_term(Some(&Term::Bool(true)), &Term::Bool(false), Schema::Guard, 2, 1), None);
        // A statement added under `true` makes the rest dead.
        let r = check_term(Some(&Term::Bool(false)), &Term::Bool(true), Schema::BreakIf, 1, 1).unwrap();
        assert_eq!(r.rule, Rule::ConstantCondition);
        // Right-hand sides may be constants.
        assert_eq!(check_term(Some(&v(0)), &k(0), Schema::Assignment, 1, 1), None);
    }

    #[test]
    fn dropping_the_original_variables_is_rejected() {
        // (c<a)&&(c<b)&&(c<d)  →  d >= a: `c` is what every conjunct tests.
        let (a, b, c, d) = (v(0), v(1), v(2), v(3));
        let orig = app(
            And,
            vec![
                app(And, vec![app(Lt, vec![c.clone(), a.clone()]), app(Lt, vec![c.clone(), b.clone()])]),
                app(Lt, vec![c.clone(), d.clone()]),
            ],
        );
        let patch = app(Ge, vec![d.clone(), a.clone()]);
        let r = check_term(Some(&orig), &patch, Schema::Condition, 4, 9).unwrap();
        assert_eq!(r.rule, Rule::DropsVariables);
        // The developer's fix keeps it.
        let fix = app(
            And,
            vec![app(And, vec![app(Le, vec![c.clone(), a.clone()]), app(Le, vec![c.clone(), b])]), app(Le, vec![c, d])],
        );
        assert_eq!(check_term(Some(&orig), &fix, Schema::Condition, 4, 3), None);
        // x + y → z * 2 reads none of x, y; x → y (one relabel) is allowed.
        let sum = app(Add, vec![v(0), v(1)]);
        let r = check_term(Some(&sum), &app(Mul, vec![v(2), k(2)]), Schema::Assignment, 3, 3).unwrap();
        assert_eq!(r.rule, Rule::DropsVariables);
        assert_eq!(check_term(Some(&v(0)), &v(1), Schema::Assignment, 2, 1), None);
    }

    #[test]
    fn output_calls_are_recognized() {
        assert!(output_call("printf(\"%d\\n\", x);"));
        assert!(output_call("fputs (s, stdout);"));
        assert!(!output_call("sprintf(buf, \"%d\", x);"));
        assert!(!output_call("total = total + printed;"));
    }
}
