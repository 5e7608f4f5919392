//! A term of a site's language as the C a developer would write there:
//! the site's variables by name, constants by their macro's name or as
//! character literals where the original writes them so, and its edit
//! distance from the original expression.

use crate::cparse::{self, Site};
use klee_ext::so::term::{CStyle, Named};
use klee_ext::so::{Op, Sort, Term};
use std::collections::HashMap;

/// What rendering a site's terms needs, computed once per site.
pub(super) struct Render<'a> {
    pub site: &'a Site,
    /// The original expression as a term of the language, if it is one.
    pub original: Option<Term>,
    /// The program's integer constants.
    constants: &'a [i64],
    /// Per variable: a pointer (tested as a flag).
    pub flags: Vec<bool>,
    const_names: HashMap<i64, String>,
    char_vars: Vec<bool>,
    named: Vec<Named>,
    bare: Vec<bool>,
    /// The original as candidates print: to put it first in a join.
    orig_form: Option<Term>,
}

/// One term rendered.
pub(super) struct Rendered {
    /// The C expression.
    pub expr: String,
    /// The term simplified.
    pub folded: Term,
    /// The edit distance from the original.
    pub distance: u32,
}

impl<'a> Render<'a> {
    pub fn new(site: &'a Site, view: &str, macros: &HashMap<String, i64>, constants: &'a [i64]) -> Self {
        let original = cparse::original_term(view, site, macros);
        let flags: Vec<bool> = site.vars.iter().map(|v| v.pointer).collect();
        // Constants print by name next to what the original reads; 0 only
        // there; never next to a flag (`p != 0`) or a condition's value.
        let named = site
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if v.pointer {
                    Named::None
                } else if i < site.used {
                    Named::All
                } else {
                    Named::NonZero
                }
            })
            .collect();
        // A value passed whole to an integer hole (`f(y)` of `x = f(y)`) is
        // a number, not a truth value.
        // A pointer the original condition tests bare (`p && …`, `!p`)
        // stays bare.
        let bare = site
            .vars
            .iter()
            .map(|v| {
                (v.opaque() && (site.schema.sort() == Sort::Bool || v.form != cparse::Form::Whole))
                    || (v.pointer && site.schema.sort() == Sort::Bool && tested_bare(&site.original, &v.name))
            })
            .collect();
        let orig_form = original.as_ref().map(|o| crate::simplify::flag_tests(&crate::simplify::simplify(o), &flags));
        Render {
            site,
            constants,
            const_names: constant_names(&site.original, macros),
            char_vars: site.vars.iter().map(|v| compared_with_char(&site.original, &v.name)).collect(),
            named,
            bare,
            orig_form,
            flags,
            original,
        }
    }

    /// `term` as C at the site, simplified, with its distance.
    pub fn render(&self, term: &Term) -> Rendered {
        let site = self.site;
        let folded = crate::simplify::simplify(term);
        let t = crate::simplify::flag_tests(&folded, &self.flags);
        // The original operand first where the patch joins it with a new
        // one (`orig || new`), as a developer extends a condition.
        let t = match (&t, &self.orig_form) {
            (Term::App(op @ (Op::Or | Op::And), a), Some(o)) if a.len() == 2 && a[1] == *o && a[0] != *o => {
                Term::App(*op, vec![a[1].clone(), a[0].clone()])
            }
            _ => t,
        };
        // A pointer tested only against 0 reads as itself (`p != 0`);
        // anywhere else as its flag `(p != 0)`.
        let names: Vec<String> = site
            .vars
            .iter()
            .enumerate()
            .map(
                |(i, v)| {
                    if v.pointer && crate::simplify::only_zero_tests(&t, i) {
                        v.name.clone()
                    } else {
                        v.in_patch()
                    }
                },
            )
            .collect();
        let style =
            CStyle { consts: &self.const_names, char_vars: &self.char_vars, named: &self.named, bare: &self.bare };
        let t = constant_last(&t);
        let mut expr = t.to_c_styled(&names, &style);
        // A truth value where the original writes `true` or `false`.
        if matches!(site.original.as_str(), "true" | "false") && matches!(expr.as_str(), "0" | "1") {
            expr = if expr == "1" { "true" } else { "false" }.to_string();
        }
        // A tautology (`x != x`) costs as the constant it folds to, not
        // as a one-node change: the larger of the term's two measures.
        let original = self.original.as_ref();
        let mut distance = klee_ext::so::edit::cost(original, term, self.constants).max(klee_ext::so::edit::cost(
            original,
            &folded,
            self.constants,
        ));
        // An expression made constant (`argv[3]` for `argv[*arg_ptr]`)
        // drops the data dependence the program had: 2 more, so that a
        // patch that still reads a variable wins at a small extra edit.
        if original.is_some_and(crate::simplify::has_var) && !crate::simplify::has_var(&folded) {
            distance += 2;
        }
        // A plain variable in place of an element or field the original
        // read through memory (`c > 3` for `Color[b] > 3`) replaces the
        // whole access in the source, not one name: 1 more than the
        // hole's relabel.
        if original.is_some_and(|o| replaces_memory_read(&site.vars, o, &folded)) {
            distance += 1;
        }
        Rendered { expr, folded, distance }
    }
}

/// `t` with each comparison of a constant with an expression written
/// expression first (`0 >= f(x)` as `f(x) <= 0`), as C is usually written.
fn constant_last(t: &Term) -> Term {
    match t {
        Term::App(op, k) => {
            let k: Vec<Term> = k.iter().map(constant_last).collect();
            let Some(mirrored) = op.mirrored() else { return Term::App(*op, k) };
            if matches!(k[0], Term::Int(_)) && !matches!(k[1], Term::Int(_)) {
                Term::App(mirrored, vec![k[1].clone(), k[0].clone()])
            } else {
                Term::App(*op, k)
            }
        }
        _ => t.clone(),
    }
}

/// Whether `patch` drops an operand of `original` read through memory
/// (`a[i]`, `*p`, `p->f`) and reads a plain variable `original` does not.
fn replaces_memory_read(vars: &[crate::cparse::Var], original: &Term, patch: &Term) -> bool {
    use super::antipattern::vars_of;
    let (before, after) = (vars_of(original), vars_of(patch));
    let memory = |i: &usize| vars.get(*i).is_some_and(|v| v.form == crate::cparse::Form::Memory);
    before.iter().any(|i| memory(i) && !after.contains(i)) && after.iter().any(|i| !before.contains(i) && !memory(i))
}

/// How a patch prints constants: by the name of a macro of the same
/// family (prefix up to the first `_`) as a macro the original expression
/// names, when exactly one such macro has the value (`FTS_NS`, not `10`).
fn constant_names(original: &str, macros: &HashMap<String, i64>) -> HashMap<i64, String> {
    let words: Vec<&str> =
        original.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| macros.contains_key(*w)).collect();
    let family = |name: &str| name.find('_').map(|i| name[..=i].to_string());
    let families: Vec<String> = words.iter().filter_map(|w| family(w)).collect();
    let mut out: HashMap<i64, String> = HashMap::new();
    let mut ambiguous = std::collections::HashSet::new();
    for (name, v) in macros {
        if !family(name).is_some_and(|f| families.contains(&f))
            || ((*v == 0 || *v == 1) && !words.contains(&name.as_str()))
        {
            continue;
        }
        if words.contains(&name.as_str()) {
            out.insert(*v, name.clone());
            ambiguous.remove(v);
        } else if out.get(v).is_some_and(|n| n != name && !words.contains(&n.as_str())) {
            ambiguous.insert(*v);
        } else {
            out.entry(*v).or_insert_with(|| name.clone());
        }
    }
    out.retain(|v, _| !ambiguous.contains(v));
    out
}

/// Whether `original` compares variable `name` with a character literal
/// (`c == '#'`, `' ' < *p`): then a patch writes its constants so too.
fn compared_with_char(original: &str, name: &str) -> bool {
    let v = regex::escape(name);
    let lit = r"'(?:\\.|[^'\\])+'";
    let re = format!(
        r"(?:(?:^|[^\w.>]){v}\s*(?:==|!=|<=|>=|<|>)\s*{lit})|(?:{lit}\s*(?:==|!=|<=|>=|<|>)\s*{v}(?:$|[^\w\[(]))"
    );
    regex::Regex::new(&re).is_ok_and(|r| r.is_match(original))
}

/// Whether `original` tests the pointer `name` as a truth value
/// (`p && …`, `!p`) and never compares it (`p == NULL`, `p < end`).
fn tested_bare(original: &str, name: &str) -> bool {
    let v = regex::escape(name);
    let compared = format!(r"(?:^|[^\w.>]){v}\s*(?:==|!=|<|>)|(?:==|!=|<=|>=|<|[^-]>)\s*{v}(?:$|[^\w\[(])");
    let truth = format!(r"(?:^|[(!]|&&|\|\|)\s*{v}\s*(?:$|[)]|&&|\|\||\?)");
    match (regex::Regex::new(&compared), regex::Regex::new(&truth)) {
        (Ok(compared), Ok(truth)) => truth.is_match(original) && !compared.is_match(original),
        _ => false,
    }
}

/// A captured operand that runs code (a call, an assignment, `++`/`--`)
/// read more often by `patch` than by `original`: the C printed would run
/// it again where the VM evaluated it once (`a == (b = c)` twice).
pub(super) fn repeated_effect(site: &Site, original: Option<&Term>, patch: &Term) -> Option<String> {
    fn count(t: &Term, k: usize) -> usize {
        match t {
            Term::Var(i) => usize::from(*i == k),
            Term::App(_, a) => a.iter().map(|x| count(x, k)).sum(),
            _ => 0,
        }
    }
    static EFFECTS: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let effects = EFFECTS.get_or_init(|| regex::Regex::new(r"\w\s*\(|[^=!<>]=[^=]|\+\+|--").ok()).as_ref()?;
    site.vars.iter().enumerate().find_map(|(k, v)| {
        let runs = matches!(v.form, cparse::Form::Captured(_)) && effects.is_match(&v.name);
        let before = original.map_or(0, |o| count(o, k));
        (runs && count(patch, k) > before.max(1)).then(|| format!("it would evaluate `{}` again", v.name))
    })
}

/// A pointer passed as its flag (`p != 0`, 0 or 1) that `patch` uses as a
/// number: anywhere but compared with 0, where the original does not.
/// Such a term compares a value with a truth (`f(p) != (p != 0)`); C has
/// no such expression over the pointer itself.
pub(super) fn pointer_as_number(site: &Site, original: Option<&Term>, patch: &Term) -> Option<String> {
    fn misuses(t: &Term, flag: usize) -> bool {
        match t {
            Term::Var(i) => *i == flag,
            Term::App(Op::Eq | Op::Ne, a)
                if matches!(a.as_slice(), [Term::Var(_), Term::Int(0)] | [Term::Int(0), Term::Var(_)]) =>
            {
                false
            }
            Term::App(_, a) => a.iter().any(|x| misuses(x, flag)),
            _ => false,
        }
    }
    site.vars.iter().enumerate().find_map(|(k, v)| {
        let flag = v.pointer && matches!(v.form, cparse::Form::Plain | cparse::Form::Memory);
        (flag && misuses(patch, k) && !original.is_some_and(|o| misuses(o, k)))
            .then(|| format!("it uses pointer `{}` as a number", v.name))
    })
}

/// The magnitudes of the constants of `patch` that `original` lacks,
/// summed (each at most 2^20).
pub(super) fn added_constants(original: Option<&Term>, patch: &Term) -> u64 {
    fn consts(t: &Term, out: &mut Vec<i64>) {
        match t {
            Term::Int(v) => out.push(*v),
            Term::App(_, a) => a.iter().for_each(|x| consts(x, out)),
            _ => {}
        }
    }
    let (mut before, mut after) = (Vec::new(), Vec::new());
    if let Some(o) = original {
        consts(o, &mut before);
    }
    consts(patch, &mut after);
    after.iter().filter(|c| !before.contains(c)).map(|c| c.unsigned_abs().min(1 << 20)).sum()
}

#[cfg(test)]
mod tests {
    use crate::cparse::{self, Schema, Site};
    use klee_ext::so::Term;

    /// The first condition site of `src` and its original term.
    fn condition(src: &str) -> (Site, Term) {
        let sites = cparse::sites(src, 4).unwrap();
        let site = sites.into_iter().find(|s| s.schema == Schema::Condition).unwrap();
        let orig = cparse::original_term(src, &site, &Default::default()).unwrap();
        (site, orig)
    }

    /// `(c = d)` is captured as the original evaluates it, once; a patch
    /// that reads it twice would assign twice in C.
    #[test]
    fn an_operand_that_assigns_is_not_read_again() {
        use klee_ext::so::Op;
        let src = "int main(void) {\n    int a = 1, b = 2, c = 0, d = 3, ok = 1;\n    if (!((a == b) && (c = d))) ok = 0;\n    return ok;\n}\n";
        let (site, orig) = &condition(src);
        let cap = site.vars.iter().position(|v| v.name.contains("c = d")).expect("captured");
        let b = site.vars.iter().position(|v| v.name == "b").unwrap();
        let set = Term::App(Op::Ne, vec![Term::Var(cap), Term::Int(0)]);
        let twice = Term::App(
            Op::Not,
            vec![Term::App(Op::And, vec![Term::App(Op::Eq, vec![Term::Var(cap), Term::Var(b)]), set.clone()])],
        );
        assert!(super::repeated_effect(site, Some(orig), &twice).is_some_and(|w| w.contains("c = d")));
        let once = Term::App(Op::Not, vec![set]);
        assert_eq!(super::repeated_effect(site, Some(orig), &once), None);
        assert_eq!(super::repeated_effect(site, Some(orig), orig), None);
    }

    /// `ex && !listed(ex, a)`: the pointer `ex` is a flag; a relabel that
    /// compares the call's value with it is no C over the pointer.
    #[test]
    fn a_pointer_flag_is_no_number() {
        use klee_ext::so::Op;
        let src = "int listed(const char *l, const char *n);\nint main(int argc, char **argv) {\n    const char *ex = argv[1];\n    int skip = 0;\n    if (ex && !listed(ex, argv[2]))\n        skip = 1;\n    return skip;\n}\n";
        let (site, orig) = &condition(src);
        let ex = site.vars.iter().position(|v| v.name == "ex").unwrap();
        let flag = Term::App(Op::Ne, vec![Term::Var(ex), Term::Int(0)]);
        let call = |other: Term| Term::App(Op::Ne, vec![Term::Var(0), other]);
        let relabel = Term::App(Op::And, vec![flag.clone(), Term::App(Op::Not, vec![call(Term::Var(ex))])]);
        assert!(super::pointer_as_number(site, Some(orig), &relabel).is_some_and(|w| w.contains("`ex`")));
        let intended = Term::App(Op::And, vec![flag, call(Term::Int(0))]);
        assert_eq!(super::pointer_as_number(site, Some(orig), &intended), None);
        assert_eq!(super::pointer_as_number(site, Some(orig), orig), None);
    }

    #[test]
    fn a_pointer_tested_bare_stays_bare() {
        use super::tested_bare;
        assert!(tested_bare("excluded && !listed(excluded, argv[1])", "excluded"));
        assert!(tested_bare("!p || p->next", "p"));
        assert!(!tested_bare("p != NULL && *p", "p"));
        assert!(!tested_bare("q < p && p", "p"));
        assert!(!tested_bare("n > 0", "p"));
    }

    #[test]
    fn variables_compared_with_character_literals() {
        use super::compared_with_char as f;
        assert!(f("c == '#'", "c"));
        assert!(f("' ' < *p", "*p"));
        assert!(f("ch != '\\n' && n > 0", "ch"));
        assert!(!f("ch != '\\n' && n > 0", "n"));
        assert!(!f("cc == 'x'", "c"));
        assert!(!f("c == 35", "c"));
    }

    #[test]
    fn a_plain_variable_for_a_read_through_memory_is_a_larger_edit() {
        use klee_ext::so::Op;
        let src = "int f(int *color, int b, int c) {\n  if (color[b] > 3) c--;\n  return c;\n}\n";
        let sites = crate::cparse::sites(src, 4).unwrap();
        let site = sites.iter().find(|s| s.original == "color[b] > 3").expect("the condition's site");
        let at = |name: &str| site.vars.iter().position(|v| v.name == name).expect(name);
        let (elem, c) = (at("color[b]"), at("c"));
        let gt = |v: usize, k: i64| Term::App(Op::Gt, vec![Term::Var(v), Term::Int(k)]);
        let f = |patch: &Term| super::replaces_memory_read(&site.vars, &gt(elem, 3), patch);
        assert!(f(&gt(c, 3)), "c > 3");
        assert!(!f(&gt(elem, 2)), "color[b] > 2: a constant");
    }
}
