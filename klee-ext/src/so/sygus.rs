//! SyGuS-IF (v2, and v1 grammars without predeclared nonterminals): the
//! `synth-fun` of a file as a [`Language`], and back.
//!
//! Supported: Int parameters; Int and Bool nonterminals; rules that are a
//! parameter, an integer literal, `true`/`false`, `(Constant Int)`,
//! `(Variable Int)`, another nonterminal, or one of the operators of
//! [`Op`] applied to nonterminals, parameters or literals (nested terms
//! are given auxiliary nonterminals). Anything else is reported as
//! unsupported with its line.

use super::lang::{Language, Rule, RuleOp, DEFAULT_DEPTH};
use super::term::{Op, Sort};

#[derive(Clone, Debug)]
enum Sx {
    Atom(String, usize),
    List(Vec<Sx>, usize),
}

impl Sx {
    fn line(&self) -> usize {
        match self {
            Sx::Atom(_, l) | Sx::List(_, l) => *l,
        }
    }
    fn atom(&self) -> Option<&str> {
        match self {
            Sx::Atom(a, _) => Some(a),
            _ => None,
        }
    }
    fn list(&self) -> Option<&[Sx]> {
        match self {
            Sx::List(v, _) => Some(v),
            _ => None,
        }
    }
}

type R<T> = Result<T, String>;

fn err<T>(line: usize, msg: impl Into<String>) -> R<T> {
    Err(format!("{line}: {}", msg.into()))
}

/// Reads every top-level s-expression of `text`.
fn read_all(text: &str) -> R<Vec<Sx>> {
    let mut stack: Vec<(Vec<Sx>, usize)> = vec![(Vec::new(), 1)];
    let mut line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '(' => stack.push((Vec::new(), line)),
            ')' => match (stack.pop(), stack.last_mut()) {
                (Some((items, l)), Some(outer)) => outer.0.push(Sx::List(items, l)),
                _ => return err(line, "unbalanced `)`"),
            },
            '"' => {
                let mut s = String::new();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    line += (c == '\n') as usize;
                    s.push(c);
                }
                push(&mut stack, Sx::Atom(format!("\"{s}\""), line));
            }
            c if c.is_whitespace() => {}
            c => {
                let mut s = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || n == '(' || n == ')' || n == ';' {
                        break;
                    }
                    s.push(n);
                    chars.next();
                }
                push(&mut stack, Sx::Atom(s, line));
            }
        }
    }
    if stack.len() > 1 {
        let open = stack.get(1).map(|s| s.1).unwrap_or(line);
        return err(open, "`(` is never closed");
    }
    Ok(stack.pop().map(|s| s.0).unwrap_or_default())
}

fn push(stack: &mut [(Vec<Sx>, usize)], x: Sx) {
    if let Some(top) = stack.last_mut() {
        top.0.push(x);
    }
}

fn sort_of(sx: &Sx) -> R<Sort> {
    match sx.atom() {
        Some("Int") => Ok(Sort::Int),
        Some("Bool") => Ok(Sort::Bool),
        _ => err(sx.line(), format!("unsupported sort `{}` (Int and Bool are supported)", show(sx))),
    }
}

fn show(sx: &Sx) -> String {
    match sx {
        Sx::Atom(a, _) => a.clone(),
        Sx::List(v, _) => format!("({})", v.iter().map(show).collect::<Vec<_>>().join(" ")),
    }
}

fn int_literal(sx: &Sx) -> Option<i64> {
    match sx {
        Sx::Atom(a, _) => a.parse::<i64>().ok().filter(|_| a.chars().all(|c| c.is_ascii_digit())),
        Sx::List(v, _) => match v.as_slice() {
            [Sx::Atom(m, _), n] if m == "-" => int_literal(n).map(|x| -x),
            _ => None,
        },
    }
}

/// The `synth-fun` of `text` as a language (depth: the default). With
/// several `synth-fun`s, the one named `want` is taken. Errors start with
/// the line number.
pub fn parse_synth_fun(text: &str, want: Option<&str>) -> R<Language> {
    let top = read_all(text)?;
    let mut funs = Vec::new();
    for cmd in &top {
        let items = cmd
            .list()
            .ok_or_else(|| format!("{}: expected a command in parentheses, found `{}`", cmd.line(), show(cmd)))?;
        match items.first().and_then(Sx::atom) {
            Some("synth-fun") => funs.push(cmd),
            Some("set-logic" | "set-option" | "set-info" | "declare-var" | "constraint" | "check-synth") => {}
            Some(other) => return err(cmd.line(), format!("unsupported command `{other}`")),
            None => return err(cmd.line(), "expected a command name"),
        }
    }
    let chosen = match (funs.len(), want) {
        (0, _) => return err(1, "no synth-fun in the file"),
        (1, _) => funs[0],
        (_, Some(w)) => funs
            .iter()
            .find(|f| f.list().and_then(|l| l.get(1)).and_then(Sx::atom) == Some(w))
            .copied()
            .ok_or_else(|| format!("1: several synth-funs and none is named `{w}`"))?,
        (_, None) => return err(funs[1].line(), "several synth-funs"),
    };
    synth_fun(chosen)
}

fn synth_fun(cmd: &Sx) -> R<Language> {
    let items = cmd.list().unwrap_or_default();
    let line = cmd.line();
    if items.len() < 4 {
        return err(line, "synth-fun needs a name, parameters and a sort");
    }
    let name = items[1].atom().ok_or_else(|| format!("{line}: synth-fun name must be a symbol"))?.to_string();
    let mut params = Vec::new();
    for p in items[2].list().ok_or_else(|| format!("{}: expected the parameter list", items[2].line()))? {
        match p.list() {
            Some([Sx::Atom(n, _), s]) => {
                if sort_of(s)? != Sort::Int {
                    return err(
                        p.line(),
                        format!("parameter `{n}`: only Int parameters are supported (C passes ints)"),
                    );
                }
                params.push(n.clone());
            }
            _ => return err(p.line(), format!("malformed parameter `{}`", show(p))),
        }
    }
    let result = sort_of(&items[3])?;
    // v2: (N S)* declarations then (N S (rules))*; v1: only the groups.
    let (decls, groups): (Vec<(String, Sort)>, &[Sx]) = match items.get(4..).unwrap_or(&[]) {
        [] => return err(line, "unsupported: synth-fun without a grammar"),
        [Sx::List(d, _), g] if d.iter().all(|x| x.list().is_some_and(|y| y.len() == 2)) => {
            let mut decls = Vec::new();
            for x in d {
                let pair = x.list().unwrap_or_default();
                let n = pair[0].atom().ok_or_else(|| format!("{}: nonterminal name must be a symbol", x.line()))?;
                decls.push((n.to_string(), sort_of(&pair[1])?));
            }
            (decls, g.list().ok_or_else(|| format!("{}: expected the grammar", g.line()))?)
        }
        [g] => {
            let gs = g.list().ok_or_else(|| format!("{}: expected the grammar", g.line()))?;
            let mut decls = Vec::new();
            for x in gs {
                match x.list() {
                    Some([Sx::Atom(n, _), s, _]) => decls.push((n.clone(), sort_of(s)?)),
                    _ => return err(x.line(), format!("malformed grammar group `{}`", show(x))),
                }
            }
            (decls, gs)
        }
        rest => return err(rest[0].line(), "malformed synth-fun (expected a grammar after the sort)"),
    };
    let mut b = Builder { params, nts: decls, rules: Vec::new() };
    for (i, (n, _)) in b.nts.iter().enumerate() {
        if b.nts[..i].iter().any(|(m, _)| m == n) {
            return err(line, format!("nonterminal `{n}` declared twice"));
        }
        if b.params.contains(n) {
            return err(line, format!("`{n}` is both a parameter and a nonterminal"));
        }
    }
    let ngroups = b.nts.len();
    for g in groups {
        let (n, s, rules) = match g.list() {
            Some([Sx::Atom(n, _), s, r]) => (n.clone(), sort_of(s)?, r),
            _ => return err(g.line(), format!("malformed grammar group `{}`", show(g))),
        };
        let nt = b.nts[..ngroups]
            .iter()
            .position(|(m, _)| *m == n)
            .ok_or_else(|| format!("{}: undeclared nonterminal `{n}`", g.line()))?;
        if b.nts[nt].1 != s {
            return err(g.line(), format!("nonterminal `{n}` declared with another sort"));
        }
        for r in rules.list().ok_or_else(|| format!("{}: expected the rules of `{n}`", rules.line()))? {
            b.rule(nt, r)?;
        }
    }
    if b.nts.first().map(|x| x.1) != Some(result) {
        return err(line, "the first nonterminal must have the function's sort");
    }
    // Rules grouped by nonterminal (auxiliary ones were added mid-way).
    b.rules.sort_by_key(|r| r.nt);
    let lang = Language { name, params: b.params, result, nts: b.nts, start: 0, rules: b.rules, depth: DEFAULT_DEPTH };
    lang.validate().map_err(|e| format!("{line}: {e}"))?;
    Ok(lang)
}

struct Builder {
    params: Vec<String>,
    nts: Vec<(String, Sort)>,
    rules: Vec<Rule>,
}

impl Builder {
    /// Adds the rules `nt -> r` (several for `(Variable Int)`).
    fn rule(&mut self, nt: usize, r: &Sx) -> R<()> {
        let line = r.line();
        let want = self.nts[nt].1;
        let leaf = |op| Rule { nt, op, args: vec![] };
        if let Some(v) = int_literal(r) {
            if want != Sort::Int {
                return err(line, format!("integer `{v}` in a Bool nonterminal"));
            }
            self.rules.push(leaf(RuleOp::Lit(v)));
            return Ok(());
        }
        match r {
            Sx::Atom(a, _) if a == "true" || a == "false" => self.rules.push(leaf(RuleOp::BoolLit(a == "true"))),
            Sx::Atom(a, _) => {
                if let Some(p) = self.params.iter().position(|x| x == a) {
                    self.rules.push(leaf(RuleOp::Var(p)));
                } else if let Some(m) = self.nts.iter().position(|(x, _)| x == a) {
                    self.rules.push(Rule { nt, op: RuleOp::Chain, args: vec![m] });
                } else {
                    return err(line, format!("unknown symbol `{a}`"));
                }
            }
            Sx::List(items, _) => match items.as_slice() {
                [Sx::Atom(k, _), s] if k == "Constant" => {
                    if sort_of(s)? == Sort::Bool {
                        self.rules.push(leaf(RuleOp::BoolLit(true)));
                        self.rules.push(leaf(RuleOp::BoolLit(false)));
                    } else {
                        self.rules.push(leaf(RuleOp::AnyConst));
                    }
                }
                [Sx::Atom(k, _), s] if k == "Variable" => {
                    if sort_of(s)? != Sort::Int {
                        return err(line, "unsupported: (Variable Bool) (parameters are Int)");
                    }
                    for p in 0..self.params.len() {
                        self.rules.push(leaf(RuleOp::Var(p)));
                    }
                }
                [Sx::Atom(f, _), args @ ..] => {
                    let op = Op::from_smt(f, args.len())
                        .ok_or_else(|| format!("{line}: unsupported operator `{f}` with {} argument(s)", args.len()))?;
                    let mut kids = Vec::new();
                    for (a, s) in args.iter().zip(op.arg_sorts()) {
                        kids.push(self.child(a, *s)?);
                    }
                    self.rules.push(Rule { nt, op: RuleOp::Op(op), args: kids });
                }
                _ => return err(line, format!("unsupported rule `{}`", show(r))),
            },
        }
        Ok(())
    }

    /// The nonterminal standing for argument `a` of sort `want`: a declared
    /// nonterminal, or an auxiliary one with `a` as its only rule.
    fn child(&mut self, a: &Sx, want: Sort) -> R<usize> {
        if let Some(n) = a.atom() {
            if let Some(m) = self.nts.iter().position(|(x, _)| x == n) {
                if self.nts[m].1 != want {
                    return err(a.line(), format!("`{n}` has the wrong sort here"));
                }
                return Ok(m);
            }
        }
        let aux = self.nts.len();
        self.nts.push((format!("_Aux{aux}"), want));
        self.rule(aux, a)?;
        Ok(aux)
    }
}

impl Language {
    /// The language as a SyGuS-IF v2 `synth-fun` (the depth is not part of
    /// SyGuS; it travels in the `--so-lang` spec).
    pub fn to_sygus(&self) -> String {
        let sort = |s: Sort| if s == Sort::Int { "Int" } else { "Bool" };
        let mut out = format!("(synth-fun {} (", self.name);
        out.push_str(&self.params.iter().map(|p| format!("({p} Int)")).collect::<Vec<_>>().join(" "));
        out.push_str(&format!(") {}\n  (", sort(self.result)));
        out.push_str(&self.nts.iter().map(|(n, s)| format!("({n} {})", sort(*s))).collect::<Vec<_>>().join(" "));
        out.push_str(")\n  (");
        for (i, (n, s)) in self.nts.iter().enumerate() {
            if i > 0 {
                out.push_str("\n   ");
            }
            out.push_str(&format!("({n} {} (", sort(*s)));
            let rules: Vec<String> = self.rules.iter().filter(|r| r.nt == i).map(|r| self.rule_text(r)).collect();
            out.push_str(&rules.join(" "));
            out.push_str("))");
        }
        out.push_str("))\n");
        out
    }

    fn rule_text(&self, r: &Rule) -> String {
        let nt = |i: usize| self.nts[i].0.clone();
        match &r.op {
            RuleOp::Var(p) => self.params[*p].clone(),
            RuleOp::AnyConst => "(Constant Int)".into(),
            RuleOp::Lit(v) if *v < 0 => format!("(- {})", v.unsigned_abs()),
            RuleOp::Lit(v) => v.to_string(),
            RuleOp::BoolLit(b) => b.to_string(),
            RuleOp::Chain => nt(r.args[0]),
            RuleOp::Op(op) => {
                format!("({} {})", op.smt_name(), r.args.iter().map(|&a| nt(a)).collect::<Vec<_>>().join(" "))
            }
        }
    }
}
