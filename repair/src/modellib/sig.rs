//! A missing function's signature as the program declares it, the sketch
//! that fits it, and the C that instantiates the sketch for it: the
//! adapter (FUNC with the program's signature, calling the generic
//! sketch), the baseline stub (FUNC's result a fresh symbolic value) and
//! the model file (the sketch with its holes replaced by terms).

use klee_ext::compile::Declaration;
use klee_ext::so::Term;

/// What a parameter or result is to the sketches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer (any width or signedness, `_Bool`, an enumeration).
    Int,
    /// `const char *`: a string read.
    Str,
    /// `char *`: a string read, or written when the function's result is
    /// `void` or `char *` (the output buffer).
    MutStr,
    /// `char **`: where a parse stopped (`strtol`'s `endptr`).
    EndPtr,
    Void,
    Other,
}

/// Classifies a C type as clang prints it, typedefs resolved.
pub fn kind(ty: &str) -> Kind {
    let t = ty.replace("restrict", "").replace("volatile", "");
    let words: Vec<&str> = t.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    let stars = t.matches('*').count();
    let base: Vec<&str> = words.iter().filter(|w| **w != "const" && !w.contains('*')).copied().collect();
    let base_t = base.join(" ");
    let ints = ["char", "short", "int", "long", "signed", "unsigned", "_Bool"];
    // The C library's integer typedefs (a function's type keeps them).
    let typedefs = [
        "size_t",
        "ssize_t",
        "ptrdiff_t",
        "intptr_t",
        "uintptr_t",
        "intmax_t",
        "uintmax_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "wint_t",
        "wchar_t",
        "off_t",
        "pid_t",
        "uid_t",
        "gid_t",
        "mode_t",
        "time_t",
    ];
    let is_char = base_t.ends_with("char") && base.iter().all(|w| ["char", "signed", "unsigned"].contains(w));
    let stripped = t.replace('*', " ");
    let const_pointee =
        stripped.split_whitespace().next() == Some("const") || t.split('*').next().is_some_and(|p| p.contains("const"));
    match stars {
        0 if base_t == "void" => Kind::Void,
        0 if base.first().is_some_and(|w| *w == "enum") => Kind::Int,
        0 if !base.is_empty() && base.iter().all(|w| ints.contains(w)) => Kind::Int,
        0 if base.len() == 1 && typedefs.contains(&base[0]) => Kind::Int,
        1 if is_char && const_pointee => Kind::Str,
        1 if is_char => Kind::MutStr,
        2 if is_char => Kind::EndPtr,
        _ => Kind::Other,
    }
}

/// The built-in sketches, by name.
pub const SKETCH_NAMES: [&str; 6] = ["apply", "accumulation", "comparison", "transformation", "search", "number"];

/// How FUNC's parameters reach the sketch.
#[derive(Clone, Debug)]
pub struct Signature {
    pub name: String,
    pub decl: Declaration,
    pub ret: Kind,
    pub params: Vec<Kind>,
}

impl Signature {
    pub fn new(name: &str, decl: Declaration) -> Signature {
        let ret = kind(&decl.ret);
        let params = decl.params.iter().map(|(_, t)| kind(t)).collect();
        Signature { name: name.to_string(), decl, ret, params }
    }

    /// `int atoi(const char *)`, as the program declares it.
    pub fn describe(&self) -> String {
        let ps: Vec<&str> = self.decl.params.iter().map(|(_, t)| t.as_str()).collect();
        let dots = if self.decl.variadic { ", ..." } else { "" };
        format!(
            "{} {}({}{dots})",
            self.decl.ret,
            self.name,
            if ps.is_empty() { "void".to_string() } else { ps.join(", ") }
        )
    }

    fn count(&self, k: Kind) -> usize {
        self.params.iter().filter(|p| **p == k).count()
    }

    /// The built-in sketch that fits, or why none does.
    pub fn sketch(&self) -> Result<&'static str, String> {
        let why = |what: &str| {
            Err(format!(
                "no built-in sketch fits `{}`: {what}. The sketches are apply (integer inputs, an integer result), accumulation (a string and integers in, an integer out; a `char **` end pointer), comparison (two strings in, an integer out) and transformation (a `char *` output buffer, a string and integers in); write your own as a C definition of {} with klee_apply_symbolic holes and pass it with --sketch FILE (see sketches/README.md)",
                self.describe(),
                self.name
            ))
        };
        if self.decl.variadic {
            return why("it is variadic");
        }
        if self.params.contains(&Kind::Other) {
            return why("a parameter is neither an integer nor a string");
        }
        if self.count(Kind::Int) > 4 {
            return why("it has more than 4 integer parameters");
        }
        // In order of preference: two strings read in step are an ordering
        // before they are an accumulation.
        match ["apply", "comparison", "accumulation", "transformation"].into_iter().find(|n| self.fits(n)) {
            Some(n) => Ok(n),
            None if self.ret == Kind::Int => {
                why("an integer result needs one or two strings and at most one end pointer")
            }
            None if matches!(self.ret, Kind::Void | Kind::MutStr) => {
                why("a string result needs one `char *` output buffer and at most one input string")
            }
            None => why("its result is neither an integer nor a string"),
        }
    }

    /// `T0 a0, T1 a1, ...`.
    fn param_list(&self) -> String {
        if self.decl.params.is_empty() {
            return "void".into();
        }
        self.decl.params.iter().enumerate().map(|(i, (_, t))| format!("{t} a{i}")).collect::<Vec<_>>().join(", ")
    }

    fn ints_init(&self) -> (String, usize) {
        let ints: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == Kind::Int)
            .map(|(i, _)| format!("(int)a{i}"))
            .collect();
        let n = ints.len();
        let init = if n == 0 {
            "  int *ints = 0;\n".to_string()
        } else {
            format!("  int ints[{n}] = {{{}}};\n", ints.join(", "))
        };
        (init, n)
    }

    /// The positions of the string parameters.
    fn strings(&self) -> Vec<usize> {
        self.params.iter().enumerate().filter(|(_, k)| matches!(k, Kind::Str | Kind::MutStr)).map(|(i, _)| i).collect()
    }

    fn index_of(&self, k: Kind, nth: usize) -> Option<usize> {
        self.params.iter().enumerate().filter(|(_, p)| **p == k).nth(nth).map(|(i, _)| i)
    }

    /// Whether FUNC reports where it stopped reading (strtol's `endptr`).
    pub fn has_end_pointer(&self) -> bool {
        self.count(Kind::EndPtr) > 0
    }

    /// The end pointer argument a sketch is given, `0` if FUNC has none.
    fn end_arg(&self) -> String {
        self.index_of(Kind::EndPtr, 0).map_or("0".to_string(), |i| format!("(const char **)a{i}"))
    }

    /// Whether built-in sketch `name` can take FUNC's parameters.
    pub fn fits(&self, name: &str) -> bool {
        let strings = self.count(Kind::Str) + self.count(Kind::MutStr);
        let ok_params = !self.decl.variadic && !self.params.contains(&Kind::Other) && self.count(Kind::Int) <= 4;
        ok_params
            && match name {
                "apply" => self.ret == Kind::Int && strings == 0 && self.count(Kind::EndPtr) == 0,
                "accumulation" => self.ret == Kind::Int && (1..=2).contains(&strings) && self.count(Kind::EndPtr) <= 1,
                "comparison" => self.ret == Kind::Int && strings == 2 && self.count(Kind::EndPtr) == 0,
                "search" => self.ret == Kind::Int && strings == 1 && self.count(Kind::EndPtr) == 0,
                // Integer arguments (strtol's base) do not reach its holes.
                "number" => self.ret == Kind::Int && strings == 1 && self.count(Kind::EndPtr) <= 1,
                "transformation" => {
                    matches!(self.ret, Kind::Void | Kind::MutStr)
                        && self.count(Kind::MutStr) == 1
                        && self.count(Kind::Str) <= 1
                        && self.count(Kind::EndPtr) == 0
                }
                _ => false,
            }
    }

    /// FUNC with the program's signature, calling the built-in sketch.
    pub fn adapter(&self, sketch: &str) -> String {
        format!("#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n\n{}", self.adapter_body(sketch))
    }

    fn adapter_body(&self, sketch: &str) -> String {
        let (ints, n) = self.ints_init();
        let head = format!("{} {}({})", self.decl.ret, self.name, self.param_list());
        match sketch {
            "apply" => format!("int se2_sketch_apply(int n, int *xs);\n\n{head} {{\n{ints}  return ({})se2_sketch_apply({n}, ints);\n}}\n", self.decl.ret),
            "comparison" => {
                let strs = self.strings();
                format!(
                    "int se2_sketch_comparison(const char *s, const char *t, int nints, const int *ints);\n\n{head} {{\n{ints}  return ({})se2_sketch_comparison(a{}, a{}, {n}, ints);\n}}\n",
                    self.decl.ret, strs[0], strs[1]
                )
            }
            "search" => format!(
                "int se2_sketch_search(const char *s, int nints, const int *ints);\n\n{head} {{\n{ints}  return ({})se2_sketch_search(a{}, {n}, ints);\n}}\n",
                self.decl.ret,
                self.strings()[0]
            ),
            "number" => format!(
                "int se2_sketch_number(const char *s, const char **end);\n\n{head} {{\n  return ({})se2_sketch_number(a{}, {});\n}}\n",
                self.decl.ret,
                self.strings()[0],
                self.end_arg()
            ),
            "accumulation" => {
                let strs = self.strings();
                let s = format!("a{}", strs[0]);
                let t = strs.get(1).map_or("0".to_string(), |i| format!("a{i}"));
                let end = self.end_arg();
                format!(
                    "int se2_sketch_accumulation(const char *s, const char *t, int nints, const int *ints, const char **end);\n\n{head} {{\n{ints}  return ({})se2_sketch_accumulation({s}, {t}, {n}, ints, {end});\n}}\n",
                    self.decl.ret
                )
            }
            _ => {
                let out = self.index_of(Kind::MutStr, 0).unwrap_or(0);
                let input = self.index_of(Kind::Str, 0).unwrap_or(out);
                let ret = if self.ret == Kind::Void { "" } else { "return " };
                format!(
                    "char *se2_sketch_transformation(char *out, const char *in, int nints, const int *ints);\n\n{head} {{\n{ints}  {ret}se2_sketch_transformation(a{out}, a{input}, {n}, ints);\n}}\n"
                )
            }
        }
    }

    /// Whether every call's inputs can be recorded and its result is one
    /// integer ([`Signature::recorder`]): integers and read strings in.
    pub fn recordable(&self) -> bool {
        self.ret == Kind::Int
            && !self.decl.variadic
            && self.params.iter().all(|k| matches!(k, Kind::Int | Kind::Str | Kind::EndPtr))
            && self.count(Kind::Int) <= 4
            && (self.count(Kind::EndPtr) == 0 || (self.count(Kind::EndPtr) == 1 && self.count(Kind::Str) >= 1))
    }

    /// FUNC recording each call: its integer inputs, then each string's
    /// characters (unsigned) each followed by -1, then zeros up to 1024
    /// arguments (a variable's arity is fixed), passed to one application
    /// of `se2_call` whose value (a fresh symbolic value in a first-order
    /// run) is the result. A string too long to pass ends with -2. An end
    /// pointer receives the first string's end, where the accumulation
    /// sketch (the one sketch with an end pointer) stops.
    pub fn recorder(&self) -> String {
        let mut body = String::from("  static int a[RECORD_MAX];\n  int n = 0;\n  long i;\n");
        if let (Some(e), Some(s)) = (self.index_of(Kind::EndPtr, 0), self.strings().first().copied()) {
            body.push_str(&format!(
                "  if (a{e}) {{\n    for (i = 0; a{s}[i] != 0; i++)\n      ;\n    *a{e} = (char *)a{s} + i;\n  }}\n"
            ));
        }
        for (i, k) in self.params.iter().enumerate() {
            if *k == Kind::Int {
                body.push_str(&format!("  a[n++] = (int)a{i};\n"));
            }
        }
        for (i, k) in self.params.iter().enumerate() {
            if *k == Kind::Str {
                body.push_str(&format!(
                    "  for (i = 0; a{i} && a{i}[i] != 0 && n < RECORD_MAX - 2; i++)\n    a[n++] = (unsigned char)a{i}[i];\n  a[n++] = a{i} && a{i}[i] != 0 ? -2 : -1;\n"
                ));
            }
        }
        format!(
            "#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n#include \"klee/klee.h\"\n\n#define RECORD_MAX 1024\n\n{} {}({}) {{\n{body}  while (n < RECORD_MAX)\n    a[n++] = 0;\n  return ({})klee_apply_symbolic(\"se2_call\", RECORD_MAX, a);\n}}\n",
            self.decl.ret,
            self.name,
            self.param_list(),
            self.decl.ret
        )
    }

    /// FUNC whose every result is a fresh symbolic value (the baseline of
    /// test generation): the integer result, or the output buffer's
    /// characters up to the input's length.
    pub fn baseline(&self) -> String {
        let head = format!(
            "#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n#include \"klee/klee.h\"\n\n{} {}({})",
            self.decl.ret,
            self.name,
            self.param_list()
        );
        let name = &self.name;
        let end = self
            .index_of(Kind::EndPtr, 0)
            .zip(self.strings().first().copied())
            .map_or(String::new(), |(e, s)| format!("  if (a{e}) *a{e} = (char *)a{s};\n"));
        if self.ret == Kind::Int {
            return format!(
                "{head} {{\n  {} r;\n  klee_make_symbolic(&r, sizeof r, \"{name}\");\n{end}  return r;\n}}\n",
                self.decl.ret
            );
        }
        let out = self.index_of(Kind::MutStr, 0).unwrap_or(0);
        let input = self.index_of(Kind::Str, 0).unwrap_or(out);
        let ret = if self.ret == Kind::Void { "" } else { "return " };
        format!(
            "{head} {{\n  long n = 0;\n  while (a{input}[n]) n++;\n  if (n > 0) klee_make_symbolic(a{out}, n, \"{name}\");\n  a{out}[n] = 0;\n  {ret}{}a{out};\n}}\n",
            if ret.is_empty() { "(void)" } else { "" }
        )
    }
}

/// `t` with the constants of its value's arithmetic reduced modulo 256
/// (to -128..=127): equal to `t` on the low byte, which is all a
/// transformation keeps (`out[i] = (char)rho(...)`). Conditions are kept.
pub fn reduce_bytes(t: &Term) -> Term {
    use klee_ext::so::Op;
    match t {
        Term::Int(c) => Term::Int((c.rem_euclid(256) + 128) % 256 - 128),
        Term::App(op @ (Op::Add | Op::Sub | Op::Neg | Op::Mul), args) => {
            Term::App(*op, args.iter().map(reduce_bytes).collect())
        }
        Term::App(Op::Ite, args) if args.len() == 3 => {
            Term::App(Op::Ite, vec![args[0].clone(), reduce_bytes(&args[1]), reduce_bytes(&args[2])])
        }
        other => other.clone(),
    }
}

/// One `klee_apply_symbolic("NAME", N, ARGS)` call in a sketch's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoleCall {
    pub name: String,
    /// The argument count, as written.
    pub nargs: String,
    /// The argument array expression, as written.
    pub args: String,
    pub span: std::ops::Range<usize>,
}

/// The hole calls of a sketch's C text.
pub fn hole_calls(text: &str) -> Vec<HoleCall> {
    static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let Some(re) = RE.get_or_init(|| regex::Regex::new(r#"klee_apply_symbolic\s*\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*,\s*([^,()]+|\([^()]*\)[^,()]*)\s*,\s*([^()]*(?:\([^()]*\)[^()]*)*)\)"#).ok()).as_ref() else { return Vec::new() };
    re.captures_iter(text)
        .filter_map(|c| {
            Some(HoleCall {
                name: c.get(1)?.as_str().to_string(),
                nargs: c.get(2)?.as_str().trim().to_string(),
                args: c.get(3)?.as_str().trim().to_string(),
                span: c.get(0)?.range(),
            })
        })
        .collect()
}

/// The names of a sketch's holes, in order of first appearance.
pub fn hole_names(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for h in hole_calls(text) {
        if !names.contains(&h.name) {
            names.push(h.name);
        }
    }
    names
}

/// The sketch's text with each hole replaced by its term (arguments read
/// from the call's argument array) and the `klee/klee.h` include removed.
pub fn instantiate(text: &str, terms: &[(String, Term)]) -> Result<String, String> {
    let mut out = String::new();
    let mut at = 0;
    for h in hole_calls(text) {
        let (_, term) =
            terms.iter().find(|(n, _)| *n == h.name).ok_or_else(|| format!("no term for the hole `{}`", h.name))?;
        out.push_str(&text[at..h.span.start]);
        let names: Vec<String> = (0..64).map(|l| format!("({})[{l}]", h.args)).collect();
        out.push('(');
        out.push_str(&crate::simplify::simplify(term).to_c(&names));
        out.push(')');
        at = h.span.end;
    }
    out.push_str(&text[at..]);
    Ok(out
        .lines()
        .filter(|l| !(l.trim_start().starts_with("#include") && l.contains("klee/klee.h")))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(ret: &str, params: &[&str]) -> Signature {
        Signature::new(
            "f",
            Declaration {
                ret: ret.into(),
                params: params.iter().map(|t| (String::new(), t.to_string())).collect(),
                variadic: false,
            },
        )
    }

    #[test]
    fn kinds_of_c_types() {
        assert_eq!(kind("int"), Kind::Int);
        assert_eq!(kind("unsigned long"), Kind::Int);
        assert_eq!(kind("size_t"), Kind::Int);
        assert_eq!(kind("const char *restrict"), Kind::Str);
        assert_eq!(kind("char *"), Kind::MutStr);
        assert_eq!(kind("char **restrict"), Kind::EndPtr);
        assert_eq!(kind("void"), Kind::Void);
        assert_eq!(kind("double"), Kind::Other);
        assert_eq!(kind("int *"), Kind::Other);
        assert_eq!(kind("struct stat *"), Kind::Other);
    }

    #[test]
    fn sketches_by_signature() {
        assert_eq!(sig("int", &["int"]).sketch(), Ok("apply"));
        assert_eq!(sig("int", &["const char *"]).sketch(), Ok("accumulation"));
        assert_eq!(sig("long", &["const char *restrict", "char **restrict", "int"]).sketch(), Ok("accumulation"));
        assert_eq!(sig("int", &["const char *", "const char *"]).sketch(), Ok("comparison"));
        assert!(sig("int", &["const char *", "const char *"]).fits("accumulation"));
        assert!(!sig("int", &["int"]).fits("transformation"));
        assert_eq!(sig("void", &["char *", "const char *"]).sketch(), Ok("transformation"));
        assert_eq!(sig("char *", &["char *"]).sketch(), Ok("transformation"));
        let e = sig("double", &["double"]).sketch().unwrap_err();
        assert!(e.contains("--sketch") && e.contains("accumulation"), "{e}");
    }

    #[test]
    fn a_bytes_constants_are_reduced() {
        use klee_ext::so::Op;
        let t = Term::App(
            Op::Ite,
            vec![
                Term::App(Op::Gt, vec![Term::Var(0), Term::Int(90)]),
                Term::App(Op::Sub, vec![Term::Var(0), Term::Int(2147483168)]),
                Term::App(Op::Sub, vec![Term::Var(0), Term::Int(2147483392)]),
            ],
        );
        let r = reduce_bytes(&t);
        assert_eq!(
            r,
            Term::App(
                Op::Ite,
                vec![
                    Term::App(Op::Gt, vec![Term::Var(0), Term::Int(90)]),
                    Term::App(Op::Sub, vec![Term::Var(0), Term::Int(32)]),
                    Term::App(Op::Sub, vec![Term::Var(0), Term::Int(0)])
                ]
            )
        );
        for x in 0..256i64 {
            let (a, b) = (t.eval(&[x]).unwrap().as_c(), r.eval(&[x]).unwrap().as_c());
            assert_eq!(a.rem_euclid(256), b.rem_euclid(256));
        }
    }

    #[test]
    fn holes_are_replaced_by_terms() {
        let text = "#include \"klee/klee.h\"\nint f(int *args) { return klee_apply_symbolic(\"rho\", 2, args); }\n";
        assert_eq!(hole_calls(text).len(), 1);
        let t = Term::App(klee_ext::so::Op::Add, vec![Term::Var(0), Term::Var(1)]);
        let got = instantiate(text, &[("rho".into(), t)]).unwrap();
        assert!(!got.contains("klee"), "{got}");
        assert!(got.contains("(args)[0]") && got.contains("(args)[1]"), "{got}");
    }
}
