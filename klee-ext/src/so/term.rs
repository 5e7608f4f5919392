//! Terms of a language of interpretations: what a second-order variable
//! decodes to, evaluated on concrete arguments and printed as C or SyGuS.

use std::fmt::Write;

/// The sort of a term or nonterminal. C sees both as `int` (a Bool is 0/1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    Int,
    Bool,
}

/// Operators of the language (the components of the encodings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    Sub,
    Mul,
    /// C's `/` on `int`: the quotient truncated toward zero.
    Div,
    /// C's `%` on `int`: the remainder of [`Op::Div`] (the dividend's sign).
    Mod,
    Neg,
    /// `c ? a : b` (Bool, Int, Int).
    Ite,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    Not,
    Implies,
}

impl Op {
    /// Argument sorts of the operator (for `Ite`, the branches are Int; a
    /// Bool-valued `ite` is not part of any language here).
    pub(crate) fn arg_sorts(self) -> &'static [Sort] {
        use Sort::*;
        match self {
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne => {
                &[Int, Int]
            }
            Op::Neg => &[Int],
            Op::Ite => &[Bool, Int, Int],
            Op::And | Op::Or | Op::Implies => &[Bool, Bool],
            Op::Not => &[Bool],
        }
    }

    pub fn result(self) -> Sort {
        match self {
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod | Op::Neg | Op::Ite => Sort::Int,
            _ => Sort::Bool,
        }
    }

    /// The operator's SyGuS (SMT-LIB) name. `div` and `mod` name C's
    /// operators here (truncation toward zero), which SMT-LIB's differ
    /// from on a negative operand: they are printed, never parsed (a
    /// grammar file's `div` stays unsupported).
    pub(crate) fn smt_name(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub | Op::Neg => "-",
            Op::Mul => "*",
            Op::Div => "div",
            Op::Mod => "mod",
            Op::Ite => "ite",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "=",
            Op::Ne => "distinct",
            Op::And => "and",
            Op::Or => "or",
            Op::Not => "not",
            Op::Implies => "=>",
        }
    }

    /// The operator named `name` with `arity` arguments.
    pub(crate) fn from_smt(name: &str, arity: usize) -> Option<Op> {
        let op = match (name, arity) {
            ("+", 2) => Op::Add,
            ("-", 2) => Op::Sub,
            ("-", 1) => Op::Neg,
            ("*", 2) => Op::Mul,
            ("ite", 3) => Op::Ite,
            ("<", 2) => Op::Lt,
            ("<=", 2) => Op::Le,
            (">", 2) => Op::Gt,
            (">=", 2) => Op::Ge,
            ("=", 2) => Op::Eq,
            ("distinct", 2) => Op::Ne,
            ("and", 2) => Op::And,
            ("or", 2) => Op::Or,
            ("not", 1) => Op::Not,
            ("=>", 2) => Op::Implies,
            _ => return None,
        };
        Some(op)
    }

    /// Is `f(a, b) = f(b, a)`?
    /// The comparison that says the same with its operands swapped
    /// (`<` for `>`; `==` and `!=` are their own); `None` for the others.
    pub fn mirrored(self) -> Option<Op> {
        match self {
            Op::Lt => Some(Op::Gt),
            Op::Gt => Some(Op::Lt),
            Op::Le => Some(Op::Ge),
            Op::Ge => Some(Op::Le),
            Op::Eq | Op::Ne => Some(self),
            _ => None,
        }
    }
    pub fn commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul | Op::Eq | Op::Ne | Op::And | Op::Or)
    }
}

/// A value of a term: C `int` range for Int.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
}

impl Value {
    /// The value as C sees it (a Bool is 0 or 1).
    pub fn as_c(self) -> i64 {
        match self {
            Value::Int(v) => v,
            Value::Bool(b) => b as i64,
        }
    }
}

/// The range every Int node value must stay in (the C `int` type).
pub(crate) const INT_MIN: i64 = i32::MIN as i64;
pub const INT_MAX: i64 = i32::MAX as i64;

/// A term over the positional arguments of a second-order variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Var(usize),
    Int(i64),
    Bool(bool),
    App(Op, Vec<Term>),
}

/// How a term prints as C in a program's own style.
#[derive(Clone, Copy, Debug)]
pub struct CStyle<'a> {
    /// Constants printed by name (the program's macros).
    pub consts: &'a std::collections::HashMap<i64, String>,
    /// Per argument: it holds a character (the original compares it with
    /// character literals), so the constants compared with it print as
    /// character literals.
    pub char_vars: &'a [bool],
    /// Per argument: which constants compared with it print by name
    /// ([`Named`]); an argument past the slice is `Named::All`.
    pub named: &'a [Named],
    /// Per argument: a truth value passed whole (a condition's value), so
    /// `x != 0` prints as `x` and `x == 0` as `!x`.
    pub bare: &'a [bool],
}

/// Which constants compared with an argument print by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// None (a flag: `p != 0`).
    None,
    /// All but 0 (`desc != 0`, not `desc != SOME_ENUM_ZERO`).
    NonZero,
    All,
}

/// The argument a term is, or `usize::MAX`.
fn var_index(t: &Term) -> usize {
    match t {
        Term::Var(i) => *i,
        _ => usize::MAX,
    }
}

/// `v` as a C character literal, if it is a character one writes so.
fn char_literal(v: i64) -> Option<String> {
    let c = u8::try_from(v).ok()?;
    Some(match c {
        0 => "'\\0'".into(),
        b'\t' => "'\\t'".into(),
        b'\n' => "'\\n'".into(),
        b'\r' => "'\\r'".into(),
        b'\'' => "'\\''".into(),
        b'\\' => "'\\\\'".into(),
        0x20..=0x7e => format!("'{}'", c as char),
        _ => return None,
    })
}

impl Term {
    /// The value on `args`, or `None` when some Int node leaves the C `int`
    /// range (such a term is not an interpretation for these arguments).
    pub fn eval(&self, args: &[i64]) -> Option<Value> {
        let int = |t: &Term| match t.eval(args)? {
            Value::Int(v) => Some(v),
            Value::Bool(_) => None,
        };
        let boolean = |t: &Term| match t.eval(args)? {
            Value::Bool(b) => Some(b),
            Value::Int(_) => None,
        };
        let in_range = |v: i64| (INT_MIN..=INT_MAX).contains(&v).then_some(Value::Int(v));
        match self {
            // Arguments are what the program passed (an `int`, or the
            // order-preserving image of a floating-point value).
            Term::Var(i) => Some(Value::Int(*args.get(*i)?)),
            Term::Int(v) => in_range(*v),
            Term::Bool(b) => Some(Value::Bool(*b)),
            Term::App(op, a) => match op {
                Op::Add => in_range(int(&a[0])? + int(&a[1])?),
                Op::Sub => in_range(int(&a[0])? - int(&a[1])?),
                Op::Mul => in_range(int(&a[0])?.checked_mul(int(&a[1])?)?),
                // A zero divisor is no value (C leaves it undefined); i64
                // division truncates toward zero as C's does.
                Op::Div => in_range(int(&a[0])?.checked_div(int(&a[1])?)?),
                Op::Mod => in_range(int(&a[0])?.checked_rem(int(&a[1])?)?),
                Op::Neg => in_range(-int(&a[0])?),
                Op::Ite => {
                    if boolean(&a[0])? {
                        in_range(int(&a[1])?)
                    } else {
                        in_range(int(&a[2])?)
                    }
                }
                Op::Lt => Some(Value::Bool(int(&a[0])? < int(&a[1])?)),
                Op::Le => Some(Value::Bool(int(&a[0])? <= int(&a[1])?)),
                Op::Gt => Some(Value::Bool(int(&a[0])? > int(&a[1])?)),
                Op::Ge => Some(Value::Bool(int(&a[0])? >= int(&a[1])?)),
                Op::Eq => Some(Value::Bool(int(&a[0])? == int(&a[1])?)),
                Op::Ne => Some(Value::Bool(int(&a[0])? != int(&a[1])?)),
                Op::And => Some(Value::Bool(boolean(&a[0])? & boolean(&a[1])?)),
                Op::Or => Some(Value::Bool(boolean(&a[0])? | boolean(&a[1])?)),
                Op::Implies => Some(Value::Bool(!boolean(&a[0])? | boolean(&a[1])?)),
                Op::Not => Some(Value::Bool(!boolean(&a[0])?)),
            },
        }
    }

    /// Number of nodes.
    pub fn size(&self) -> usize {
        match self {
            Term::App(_, a) => 1 + a.iter().map(Term::size).sum::<usize>(),
            _ => 1,
        }
    }

    /// The term as a C expression over `names` (the arguments' names),
    /// with only the parentheses C's precedence needs (and around `&&`
    /// inside `||`, and nested conditionals, for readability).
    pub fn to_c(&self, names: &[String]) -> String {
        self.to_c_named(names, &std::collections::HashMap::new())
    }

    /// As [`Term::to_c`], with the constants that `consts` names printed
    /// by their names (a program's macros).
    pub(crate) fn to_c_named(&self, names: &[String], consts: &std::collections::HashMap<i64, String>) -> String {
        self.to_c_styled(names, &CStyle { consts, char_vars: &[], named: &[], bare: &[] })
    }

    /// As [`Term::to_c`], in the program's own style (`style`).
    pub fn to_c_styled(&self, names: &[String], style: &CStyle<'_>) -> String {
        let mut s = String::new();
        self.write_c(names, style, &mut s, 0);
        s
    }

    /// C precedence of the term's top operator (higher binds tighter).
    fn c_prec(&self) -> u8 {
        match self {
            Term::Int(v) if *v < 0 && *v != INT_MIN => 14,
            Term::Var(_) | Term::Int(_) | Term::Bool(_) => 16,
            Term::App(op, _) => match op {
                Op::Not | Op::Neg => 14,
                Op::Mul | Op::Div | Op::Mod => 13,
                Op::Add | Op::Sub => 12,
                Op::Lt | Op::Le | Op::Gt | Op::Ge => 10,
                Op::Eq | Op::Ne => 9,
                Op::And => 5,
                Op::Or | Op::Implies => 4,
                Op::Ite => 3,
            },
        }
    }

    /// Writes the term, parenthesized when its precedence is below `min`.
    fn write_c(&self, names: &[String], style: &CStyle<'_>, out: &mut String, min: u8) {
        let consts = style.consts;
        // A truth value passed whole (already parenthesized), tested
        // against 0: itself, or `!` itself.
        if let Term::App(op @ (Op::Eq | Op::Ne), a) = self {
            if let [Term::Var(i), Term::Int(0)] | [Term::Int(0), Term::Var(i)] = a.as_slice() {
                if style.bare.get(*i) == Some(&true) {
                    if *op == Op::Eq {
                        out.push('!');
                    }
                    out.push_str(names.get(*i).map(String::as_str).unwrap_or("?"));
                    return;
                }
            }
        }
        let p = self.c_prec();
        let paren = p < min;
        if paren {
            out.push('(');
        }
        match self {
            Term::Var(i) => out.push_str(names.get(*i).map(String::as_str).unwrap_or("?")),
            Term::Int(v) if consts.contains_key(v) => out.push_str(&consts[v]),
            Term::Int(v) if *v == INT_MIN => out.push_str("(-2147483647 - 1)"),
            Term::Int(v) => {
                let _ = write!(out, "{v}");
            }
            Term::Bool(b) => out.push_str(if *b { "1" } else { "0" }),
            Term::App(op, a) => match op {
                Op::Not | Op::Neg => {
                    out.push(if *op == Op::Not { '!' } else { '-' });
                    // `!(x != 0)` is `!x` in C.
                    match &a[0] {
                        Term::App(Op::Ne, b)
                            if *op == Op::Not
                                && b[1] == Term::Int(0)
                                && !matches!(b[0], Term::Bool(_))
                                && style.bare.get(var_index(&b[0])) != Some(&true) =>
                        {
                            b[0].write_c(names, style, out, 15)
                        }
                        x => x.write_c(names, style, out, 15),
                    }
                }
                Op::Ite => {
                    a[0].write_c(names, style, out, 4);
                    out.push_str(" ? ");
                    a[1].write_c(names, style, out, 4);
                    out.push_str(" : ");
                    a[2].write_c(names, style, out, 4);
                }
                Op::Implies => {
                    out.push('!');
                    a[0].write_c(names, style, out, 15);
                    out.push_str(" || ");
                    a[1].write_c(names, style, out, 6);
                }
                _ => {
                    let sym = match op {
                        Op::Add => "+",
                        Op::Sub => "-",
                        Op::Mul => "*",
                        Op::Div => "/",
                        Op::Mod => "%",
                        Op::Lt => "<",
                        Op::Le => "<=",
                        Op::Gt => ">",
                        Op::Ge => ">=",
                        Op::Eq => "==",
                        Op::Ne => "!=",
                        Op::And => "&&",
                        _ => "||",
                    };
                    // `&&` under `||` keeps its parentheses (as gcc asks);
                    // a chain of `||` reads left to right without them.
                    let and_under_or = |t: &Term| *op == Op::Or && matches!(t, Term::App(Op::And, _));
                    let left_min = if and_under_or(&a[0]) { 6 } else { p };
                    let right_min = if and_under_or(&a[1]) { 6 } else { p + 1 };
                    // A character variable compared with a constant: the
                    // constant as a character literal (`c == '\t'`).
                    let cmp = matches!(op, Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne);
                    let literal = |v: &Term, k: &Term| match (v, k) {
                        (Term::Var(i), Term::Int(n)) if cmp && style.char_vars.get(*i) == Some(&true) => {
                            char_literal(*n)
                        }
                        (Term::Var(i), Term::Int(n)) if cmp && consts.contains_key(n) => match style.named.get(*i) {
                            Some(Named::None) => Some(n.to_string()),
                            Some(Named::NonZero) if *n == 0 => Some("0".into()),
                            _ => None,
                        },
                        _ => None,
                    };
                    match literal(&a[1], &a[0]) {
                        Some(l) => out.push_str(&l),
                        None => a[0].write_c(names, style, out, left_min),
                    }
                    let _ = write!(out, " {sym} ");
                    match literal(&a[0], &a[1]) {
                        Some(l) => out.push_str(&l),
                        None => a[1].write_c(names, style, out, right_min),
                    }
                }
            },
        }
        if paren {
            out.push(')');
        }
    }

    /// The term in SyGuS/SMT-LIB syntax.
    pub fn to_sygus(&self, names: &[String]) -> String {
        match self {
            Term::Var(i) => names.get(*i).cloned().unwrap_or_else(|| "?".into()),
            Term::Int(v) if *v < 0 => format!("(- {})", v.unsigned_abs()),
            Term::Int(v) => v.to_string(),
            Term::Bool(b) => b.to_string(),
            Term::App(op, a) => {
                let mut s = format!("({}", op.smt_name());
                for t in a {
                    s.push(' ');
                    s.push_str(&t.to_sygus(names));
                }
                s.push(')');
                s
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluates_within_the_int_range_and_prints_c() {
        let names = vec!["i".to_string(), "x".to_string()];
        // x - i
        let t = Term::App(Op::Sub, vec![Term::Var(1), Term::Var(0)]);
        assert_eq!(t.eval(&[3, 10]), Some(Value::Int(7)));
        assert_eq!(t.to_c(&names), "x - i");
        assert_eq!(t.to_sygus(&names), "(- x i)");
        let over = Term::App(Op::Add, vec![Term::Var(0), Term::Int(INT_MAX)]);
        assert_eq!(over.eval(&[1, 0]), None, "overflow is not a value");
        let ite = Term::App(
            Op::Ite,
            vec![Term::App(Op::Gt, vec![Term::Var(0), Term::Int(-2)]), Term::Var(1), Term::Int(INT_MIN)],
        );
        assert_eq!(ite.to_c(&names), "i > -2 ? x : (-2147483647 - 1)");
        let nested = Term::App(Op::Sub, vec![Term::Var(1), Term::App(Op::Sub, vec![Term::Var(0), Term::Int(1)])]);
        assert_eq!(nested.to_c(&names), "x - (i - 1)");
        let or = Term::App(
            Op::Or,
            vec![
                Term::App(Op::And, vec![Term::Bool(true), Term::Var(0)]),
                Term::App(Op::Not, vec![Term::App(Op::Eq, vec![Term::Var(0), Term::Int(-1)])]),
            ],
        );
        assert_eq!(or.to_c(&names), "(1 && i) || !(i == -1)");
        // A chain of `||` as written, left to right; `&&` under it kept.
        let eq = |c| Term::App(Op::Eq, vec![Term::Var(0), Term::Int(c)]);
        let chain = Term::App(Op::Or, vec![Term::App(Op::Or, vec![eq(1), eq(2)]), eq(3)]);
        assert_eq!(chain.to_c(&names), "i == 1 || i == 2 || i == 3");
        let mixed = Term::App(Op::Or, vec![eq(1), Term::App(Op::And, vec![eq(2), eq(3)])]);
        assert_eq!(mixed.to_c(&names), "i == 1 || (i == 2 && i == 3)");
        assert_eq!(ite.eval(&[-5, 1]), Some(Value::Int(INT_MIN)));
        assert_eq!(ite.to_sygus(&names), "(ite (> i (- 2)) x (- 2147483648))");
    }

    #[test]
    fn division_and_remainder_are_cs() {
        let names = vec!["n".to_string(), "k".to_string()];
        let app = |op, a: Term, b: Term| Term::App(op, vec![a, b]);
        // n * (n + 1) / 2: left to right, the right operand in parentheses.
        let tri = app(Op::Div, app(Op::Mul, Term::Var(0), app(Op::Add, Term::Var(0), Term::Int(1))), Term::Int(2));
        assert_eq!(tri.to_c(&names), "n * (n + 1) / 2");
        assert_eq!(tri.eval(&[4, 0]), Some(Value::Int(10)));
        let over = app(Op::Div, Term::Var(0), app(Op::Mul, Term::Var(1), Term::Int(2)));
        assert_eq!(over.to_c(&names), "n / (k * 2)");
        // Truncation toward zero; the remainder has the dividend's sign.
        let (div, rem) = (app(Op::Div, Term::Var(0), Term::Var(1)), app(Op::Mod, Term::Var(0), Term::Var(1)));
        assert_eq!(div.eval(&[-7, 2]), Some(Value::Int(-3)));
        assert_eq!(rem.eval(&[-7, 2]), Some(Value::Int(-1)));
        assert_eq!(rem.eval(&[7, -2]), Some(Value::Int(1)));
        assert_eq!(rem.to_c(&names), "n % k");
        // A zero divisor, and INT_MIN / -1, have no value.
        assert_eq!(div.eval(&[5, 0]), None);
        assert_eq!(rem.eval(&[5, 0]), None);
        assert_eq!(div.eval(&[INT_MIN, -1]), None);
        assert_eq!(rem.to_sygus(&names), "(mod n k)");
        assert_eq!(Op::from_smt("div", 2), None, "SMT-LIB's div is not C's");
    }

    #[test]
    fn constants_compared_with_a_character_print_as_literals() {
        let names = vec!["c".to_string(), "col".to_string()];
        let eq = |a: Term, b: Term| Term::App(Op::Eq, vec![a, b]);
        // c == 35 && col == 0; 9 == c || c == 39 || c == 200
        let t = Term::App(Op::And, vec![eq(Term::Var(0), Term::Int(35)), eq(Term::Var(1), Term::Int(0))]);
        let none = std::collections::HashMap::new();
        let style = CStyle { consts: &none, char_vars: &[true, false], named: &[], bare: &[] };
        assert_eq!(t.to_c_styled(&names, &style), "c == '#' && col == 0");
        assert_eq!(t.to_c(&names), "c == 35 && col == 0");
        let u = Term::App(
            Op::Or,
            vec![
                eq(Term::Int(9), Term::Var(0)),
                Term::App(Op::Or, vec![eq(Term::Var(0), Term::Int(39)), eq(Term::Var(0), Term::Int(200))]),
            ],
        );
        assert_eq!(u.to_c_styled(&names, &style), "'\\t' == c || (c == '\\'' || c == 200)");
        // A condition's value passed whole; a flag's constants as numbers.
        let names3 = vec!["(f(x) || y)".to_string(), "desc".to_string(), "p".to_string()];
        let mut zero = std::collections::HashMap::new();
        zero.insert(0, "ZERO_ENUM".to_string());
        let style3 = CStyle {
            consts: &zero,
            char_vars: &[],
            named: &[Named::None, Named::NonZero, Named::All],
            bare: &[true, false, false],
        };
        let ne = |a: Term, b: Term| Term::App(Op::Ne, vec![a, b]);
        let t = Term::App(Op::And, vec![ne(Term::Var(0), Term::Int(0)), ne(Term::Var(1), Term::Int(0))]);
        assert_eq!(t.to_c_styled(&names3, &style3), "(f(x) || y) && desc != 0");
        let t = Term::App(
            Op::Or,
            vec![Term::App(Op::Eq, vec![Term::Var(0), Term::Int(0)]), eq(Term::Var(2), Term::Int(0))],
        );
        assert_eq!(t.to_c_styled(&names3, &style3), "!(f(x) || y) || p == ZERO_ENUM");
        // `!(x != 0)` reads `!x`.
        let not = Term::App(Op::Not, vec![Term::App(Op::Ne, vec![Term::Var(1), Term::Int(0)])]);
        assert_eq!(not.to_c(&names), "!col");
        // Arithmetic with a character variable keeps its numbers.
        let add = Term::App(Op::Add, vec![Term::Var(0), Term::Int(65)]);
        assert_eq!(add.to_c_styled(&names, &style), "c + 65");
    }
}
