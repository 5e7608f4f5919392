//! The built-in sketches read as functions of their holes' terms: given
//! one recorded call's inputs and a term per hole, the result the sketch
//! computes, exactly as its C text in `sketches/` does. Enumeration
//! (`enumsynth.rs`) evaluates millions of candidates this way; the
//! model written is still the C sketch instantiated, built and checked
//! natively on every test.

use klee_ext::so::{LangSpec, Term};

/// One call of the function: its integer inputs and its strings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    pub ints: Vec<i64>,
    pub strs: Vec<Vec<u8>>,
}

impl Call {
    /// Decodes a recorded call ([`super::sig::Signature::recorder`]):
    /// `nints` integers, then `nstrs` strings each ended by -1 (then
    /// padding). `None` when a string was too long to record.
    pub fn decode(args: &[i64], nints: usize, nstrs: usize) -> Option<Call> {
        let ints = args.get(..nints)?.to_vec();
        let mut strs = Vec::new();
        let mut cur = Vec::new();
        for &a in &args[nints..] {
            if strs.len() == nstrs {
                break;
            }
            match a {
                -1 => strs.push(std::mem::take(&mut cur)),
                -2 => return None,
                c => cur.push(c as u8),
            }
        }
        (strs.len() == nstrs).then_some(Call { ints, strs })
    }

    /// `atoi("12")`.
    pub fn describe(&self, func: &str) -> String {
        let mut parts: Vec<String> = self.strs.iter().map(|s| format!("{:?}", String::from_utf8_lossy(s))).collect();
        parts.extend(self.ints.iter().map(|i| i.to_string()));
        format!("{func}({})", parts.join(", "))
    }
}

/// A built-in sketch that can be evaluated here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Apply,
    Accumulation,
    Comparison,
    Search,
    Number,
}

/// What one of a hole's parameters ranges over (its probe points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// A running value.
    Acc,
    /// A character of a string (0 where a string ends).
    Char,
    /// The call's integer input `j`.
    Int(usize),
}

/// A hole of a shape.
#[derive(Clone, Debug)]
pub struct HoleDef {
    pub name: &'static str,
    pub params: Vec<Domain>,
    /// The languages tried, in order.
    pub ladder: Vec<LangSpec>,
    /// A hole that decides where the sketch goes (which characters it
    /// reads), solved before the hole that computes the value.
    pub control: bool,
}

/// At most this many integer inputs reach a hole (`SE2_MAX_INTS`).
const MAX_INTS: usize = 4;

impl Shape {
    pub fn of(sketch: &str) -> Option<Shape> {
        Some(match sketch {
            "apply" => Shape::Apply,
            "accumulation" => Shape::Accumulation,
            "comparison" => Shape::Comparison,
            "search" => Shape::Search,
            "number" => Shape::Number,
            _ => return None,
        })
    }

    /// The shape's holes for calls with `nints` integers and `nstrs`
    /// strings, the value hole last.
    pub fn holes(self, nints: usize, nstrs: usize) -> Vec<HoleDef> {
        let ints = (0..nints.min(MAX_INTS)).map(Domain::Int);
        let step = vec![LangSpec::Linear(3), LangSpec::Count(5), LangSpec::Cond(4)];
        let value = |params: Vec<Domain>| HoleDef { name: "rho", params, ladder: step.clone(), control: false };
        match self {
            Shape::Apply => vec![value((0..nints).map(Domain::Int).collect())],
            Shape::Accumulation => {
                let mut p = vec![Domain::Acc, Domain::Char];
                if nstrs > 1 {
                    p.push(Domain::Char);
                }
                p.extend(ints);
                vec![value(p)]
            }
            Shape::Comparison => vec![value([Domain::Char, Domain::Char].into_iter().chain(ints).collect())],
            Shape::Search => vec![
                HoleDef {
                    name: "hit",
                    params: std::iter::once(Domain::Char).chain(ints).collect(),
                    ladder: vec![LangSpec::Class(3)],
                    control: true,
                },
                HoleDef { name: "none", params: vec![], ladder: vec![LangSpec::Linear(2)], control: false },
            ],
            Shape::Number => vec![
                HoleDef { name: "digit", params: vec![Domain::Char], ladder: vec![LangSpec::Class(3)], control: true },
                value(vec![Domain::Acc, Domain::Char]),
            ],
        }
    }

    /// Whether the value hole's term has the property the sketch's
    /// contract gives its function, beyond what the tests check; of the
    /// terms that fit the tests, one that has it is preferred to a
    /// smaller one that does not. A comparison orders its strings: its
    /// rho, given the two characters where they part, is 0 on equal
    /// characters and changes sign when they are swapped. Where the tests
    /// only tell equal strings from unequal ones, that keeps `x1 - x2`
    /// rather than `x1` (which calls a prefix equal to the longer string)
    /// or `x1 + x2` (which never orders). Other shapes: every term.
    pub fn contract(self, t: &Term, arity: usize) -> bool {
        if self != Shape::Comparison || arity < 2 {
            return true;
        }
        let mut args = vec![0i64; arity];
        let mut rho = |a: i64, b: i64| {
            args[0] = a;
            args[1] = b;
            t.eval(&args).map(|v| v.as_c().signum())
        };
        let chars = [0i64, 1, 32, 48, 57, 65, 90, 97, 122, 126, 200, 255];
        chars.iter().all(|&a| {
            chars.iter().all(|&b| match (rho(a, b), rho(b, a)) {
                (Some(x), Some(y)) => x == -y && (a != b || x == 0) && (a == b || x != 0),
                _ => false,
            })
        })
    }

    /// Whether `t` may be the value hole's term: a step of a fold carries
    /// the running value on: at every printable character, its result
    /// grows with the running value (a count, a length, a number, a
    /// hash) or starts it again from 0. A step that drops or negates it
    /// is a function of the last characters, which fits sums of results
    /// by accident.
    /// How control term `t` ranks where the sketch's contract makes the
    /// narrowest class of the tests' characters the right one (smaller
    /// is better): whether it splits a character class (digits, capitals,
    /// small letters, blanks, punctuation), then how many characters
    /// (1 to 127) it accepts. The number sketch's `digit` is the class the
    /// number is made of, whole and no wider: `'0' <= c <= '9'` rather
    /// than `c != '9'` or `'0' <= c < '9'`, which the tests' digits may fit
    /// as well. `None`: every term alike.
    pub fn narrowness(self, t: &Term) -> Option<(bool, usize)> {
        if !self.narrow_control() {
            return None;
        }
        let accepts: Vec<bool> = (0..128).map(|c| truth(t, &[c]) == Some(true)).collect();
        let splits = CHAR_CLASSES.iter().any(|k| {
            let inside: Vec<bool> = (1u8..128).filter(|&c| k(c)).map(|c| accepts[c as usize]).collect();
            inside.iter().any(|&a| a) && !inside.iter().all(|&a| a)
        });
        Some((splits, accepts[1..].iter().filter(|&&a| a).count()))
    }

    /// Whether [`Shape::narrowness`] orders this sketch's control terms.
    pub fn narrow_control(self) -> bool {
        self == Shape::Number
    }

    pub fn admits(self, t: &Term, arity: usize) -> bool {
        if !matches!(self, Shape::Accumulation | Shape::Number) {
            return true;
        }
        let mut args = vec![0i64; arity.max(2)];
        (32i64..127).all(|c| {
            args[1] = c;
            if arity > 2 {
                args[2] = c;
            }
            let vals: Vec<Option<i64>> = [0, 1, 7, 100]
                .iter()
                .map(|&a| {
                    args[0] = a;
                    t.eval(&args).map(|v| v.as_c())
                })
                .collect();
            let defined: Vec<i64> = vals.into_iter().flatten().collect();
            defined.iter().all(|&v| v == 0) || defined.windows(2).all(|w| w[0] < w[1])
        })
    }

    /// Where a control hole's term takes the sketch on `call`: the
    /// position of the first character it accepts (search) or refuses
    /// (number); `None` if undefined there.
    pub fn control(self, call: &Call, hole: &Term) -> Option<i64> {
        let s = call.strs.first()?;
        match self {
            Shape::Search => {
                for (i, &c) in s.iter().enumerate() {
                    if truth(hole, &hole_args(c, &call.ints))? {
                        return Some(i as i64);
                    }
                }
                Some(-1)
            }
            Shape::Number => {
                let start = number_start(s);
                for (i, &c) in s.iter().enumerate().skip(start) {
                    if !truth(hole, &[c as i64])? {
                        return Some(i as i64);
                    }
                }
                Some(s.len() as i64)
            }
            _ => Some(0),
        }
    }

    /// The sketch's result on `call` with `terms` (one per hole, in the
    /// order of [`Shape::holes`]); `None` when a term is undefined on the
    /// arguments the sketch gives it (or a term is missing).
    pub fn run(self, call: &Call, terms: &[&Term]) -> Option<i64> {
        let ints: Vec<i64> = call.ints.iter().take(MAX_INTS).copied().collect();
        let val = |t: &Term, args: &[i64]| t.eval(args).map(|v| v.as_c());
        match self {
            Shape::Apply => val(terms.first()?, &call.ints),
            Shape::Accumulation => {
                let s = call.strs.first()?;
                let t = call.strs.get(1);
                let rho = terms.first()?;
                let mut acc = 0i64;
                let mut args = Vec::with_capacity(3 + ints.len());
                for i in 0.. {
                    let c = s.get(i).copied().unwrap_or(0);
                    if t.is_none() && c == 0 {
                        break;
                    }
                    args.clear();
                    args.push(acc);
                    args.push(c as i64);
                    let d = t.map(|t| t.get(i).copied().unwrap_or(0));
                    if let Some(d) = d {
                        args.push(d as i64);
                    }
                    args.extend(&ints);
                    acc = val(rho, &args)?;
                    if d.is_some_and(|d| c == 0 || d == 0) {
                        break;
                    }
                }
                Some(acc)
            }
            Shape::Comparison => {
                let (s, t) = (call.strs.first()?, call.strs.get(1)?);
                let at = |v: &Vec<u8>, i: usize| v.get(i).copied().unwrap_or(0) as i64;
                let mut i = 0;
                while at(s, i) != 0 && at(s, i) == at(t, i) {
                    i += 1;
                }
                let mut args = vec![at(s, i), at(t, i)];
                args.extend(&ints);
                val(terms.first()?, &args)
            }
            Shape::Search => match self.control(call, terms.first()?)? {
                -1 => val(terms.get(1)?, &[]),
                i => Some(i),
            },
            Shape::Number => {
                let s = call.strs.first()?;
                let (digit, rho) = (terms.first()?, terms.get(1)?);
                let start = number_start(s);
                let neg = start > 0 && s[start - 1] == b'-';
                let mut acc = 0i64;
                for &c in &s[start..] {
                    if !truth(digit, &[c as i64])? {
                        break;
                    }
                    acc = val(rho, &[acc, c as i64])?;
                }
                Some(if neg { (-acc) as i32 as i64 } else { acc })
            }
        }
    }
}

/// The character classes models are drawn over and a digit class is
/// kept whole in: digits, capitals, small letters, blanks, punctuation.
pub const CHAR_CLASSES: [fn(u8) -> bool; 5] = [
    |c| c.is_ascii_digit(),
    |c| c.is_ascii_uppercase(),
    |c| c.is_ascii_lowercase(),
    |c| c == b' ' || c == b'\t',
    |c| c.is_ascii_punctuation(),
];

/// A condition's truth on `args` (a Boolean term, or an integer one read
/// as C reads it).
fn truth(t: &Term, args: &[i64]) -> Option<bool> {
    Some(t.eval(args)?.as_c() != 0)
}

fn hole_args(c: u8, ints: &[i64]) -> Vec<i64> {
    std::iter::once(c as i64).chain(ints.iter().take(MAX_INTS).copied()).collect()
}

/// Where the number sketch's digits start: after white space and one
/// sign.
fn number_start(s: &[u8]) -> usize {
    let mut i = s.iter().take_while(|&&c| c == b' ' || (b'\t'..=b'\r').contains(&c)).count();
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::so::Op;

    fn call(s: &str) -> Call {
        Call { ints: vec![], strs: vec![s.as_bytes().to_vec()] }
    }

    fn app(op: Op, k: Vec<Term>) -> Term {
        Term::App(op, k)
    }

    #[test]
    fn a_comparison_contract_is_zero_on_equal_and_antisymmetric() {
        let (x1, x2) = (Term::Var(0), Term::Var(1));
        let diff = app(Op::Sub, vec![x1.clone(), x2.clone()]);
        assert!(Shape::Comparison.contract(&diff, 2));
        assert!(Shape::Comparison.contract(&app(Op::Sub, vec![x2.clone(), x1.clone()]), 2));
        // Ignores a character, never orders, or never 0 on equal ones.
        assert!(!Shape::Comparison.contract(&x1, 2));
        assert!(!Shape::Comparison.contract(&app(Op::Add, vec![x1.clone(), x2.clone()]), 2));
        assert!(!Shape::Comparison.contract(&app(Op::Add, vec![diff.clone(), Term::Int(1)]), 2));
        // Other shapes promise nothing beyond the tests.
        assert!(Shape::Accumulation.contract(&x1, 2));
    }

    #[test]
    fn recorded_calls_decode() {
        let c = Call::decode(&[61, 97, 61, -1], 1, 1).unwrap();
        assert_eq!(c, Call { ints: vec![61], strs: vec![b"a=".to_vec()] });
        assert_eq!(Call::decode(&[97, -2], 0, 1), None);
        assert_eq!(c.describe("f"), "f(\"a=\", 61)");
    }

    #[test]
    fn accumulation_and_number_read_as_their_c_text() {
        // 10 * acc + c - 48
        let step = app(
            Op::Add,
            vec![app(Op::Mul, vec![Term::Int(10), Term::Var(0)]), app(Op::Sub, vec![Term::Var(1), Term::Int(48)])],
        );
        assert_eq!(Shape::Accumulation.run(&call("123"), &[&step]), Some(123));
        let digit = app(
            Op::And,
            vec![app(Op::Ge, vec![Term::Var(0), Term::Int(48)]), app(Op::Le, vec![Term::Var(0), Term::Int(57)])],
        );
        assert_eq!(Shape::Number.run(&call("  -42x7"), &[&digit, &step]), Some(-42));
        assert_eq!(Shape::Number.run(&call("+7"), &[&digit, &step]), Some(7));
        assert_eq!(Shape::Number.control(&call(" 12a"), &digit), Some(3));
    }

    #[test]
    fn the_number_digit_is_the_narrowest_whole_class() {
        let cmp = |op: Op, k: i64| app(op, vec![Term::Var(0), Term::Int(k)]);
        let digits = app(Op::And, vec![cmp(Op::Ge, 48), cmp(Op::Le, 57)]);
        let not_nine = cmp(Op::Ne, 57);
        let below_nine = app(Op::And, vec![cmp(Op::Ge, 48), cmp(Op::Lt, 57)]);
        let printable = cmp(Op::Gt, 32);
        let rank = |t: &Term| Shape::Number.narrowness(t).unwrap();
        assert_eq!(rank(&digits), (false, 10));
        // Fewer characters, but part of the digits only.
        assert_eq!(rank(&below_nine), (true, 9));
        assert!(rank(&digits) < rank(&below_nine));
        assert!(rank(&digits) < rank(&printable));
        assert!(rank(&digits) < rank(&not_nine));
        // Other sketches keep their terms' order.
        assert_eq!(Shape::Search.narrowness(&digits), None);
    }

    #[test]
    fn search_returns_the_first_hit_or_none() {
        let hit = app(Op::Eq, vec![Term::Var(0), Term::Var(1)]);
        let c = Call { ints: vec![b'=' as i64], strs: vec![b"a=b=c".to_vec()] };
        assert_eq!(Shape::Search.run(&c, &[&hit, &Term::Int(-1)]), Some(1));
        let c = Call { ints: vec![b'=' as i64], strs: vec![b"flag".to_vec()] };
        assert_eq!(Shape::Search.run(&c, &[&hit, &Term::Int(-1)]), Some(-1));
    }
}
