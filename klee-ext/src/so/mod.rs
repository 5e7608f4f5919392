//! Second-order symbolic variables (`klee_apply_symbolic`).
//!
//! A second-order variable `rho` is one unknown function whose
//! interpretation comes from a [`Language`]. Each evaluation of
//! `klee_apply_symbolic("rho", n, args)` makes an *occurrence*: a fresh
//! 4-byte symbolic array standing for `rho(args)`, registered here with
//! the argument expressions. Path conditions mention occurrences like any
//! other symbolic bytes; what makes them second-order is that the solver
//! (`solver/z3_so.rs`) encodes all occurrences of one variable with shared
//! selectors, so that a model is one term for all of them.
//!
//! The registry travels with its expressions in a [`Pool`] (an
//! [`ExprPool`] and the [`Registry`] over it), which the executor holds
//! and the solver chain is given. An occurrence changes what an expression
//! depends on: its bytes depend on its arguments and on every other
//! occurrence of the same variable (a *sentinel* array per variable stands
//! for the shared selectors), declared to the expression layer with
//! [`ExprPool::link_array`], so independence slicing keeps them together.
//!
//! In first-order mode (`--hole-mode fo`) occurrences are registered but
//! not linked: each is a fresh unconstrained value (Angelix's holes), and
//! only the whole-specification solver (`spec.rs`, a layer above) encodes
//! them.

pub mod edit;
pub mod fit;
pub mod lang;
pub mod langspec;
pub mod nearby;
pub mod sygus;
pub mod term;

pub use lang::Language;
pub use langspec::{parse_so_langs, LangError, LangSpec};
pub use term::{Op, Sort, Term, Value};

use crate::expr::{ArrayId, ExprId, ExprPool, Valuation};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Index of a second-order variable in the [`Registry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SoVarId(pub u32);

/// How applications are explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HoleMode {
    /// Second-order: all applications of a variable are one function.
    #[default]
    So,
    /// First-order: every evaluation is a fresh symbolic value.
    Fo,
}

/// How second-order queries are encoded for Z3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Propositional selector encoding over integer node values.
    #[default]
    Pse,
    /// Component-based synthesis with location variables (Jha et al.).
    Cbs,
}

#[derive(Clone, Debug)]
pub struct SoVar {
    pub name: String,
    pub spec: LangSpec,
    /// Instantiated at the first application (the arity is known then).
    pub lang: Rc<Language>,
    /// Stands for the variable's shared selectors in dependency sets.
    pub sentinel: ArrayId,
    /// Applications so far.
    pub applications: u32,
}

/// One evaluation of `klee_apply_symbolic`.
#[derive(Clone, Debug)]
pub struct Occurrence {
    pub var: SoVarId,
    /// The argument values (32-bit expressions).
    pub args: Rc<[ExprId]>,
    /// Linked to the other occurrences of its variable (second-order mode).
    pub linked: bool,
    /// The 32-bit value (the array's bytes, little-endian).
    pub value: ExprId,
}

/// Every second-order variable and occurrence of an exploration.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    pub vars: Vec<SoVar>,
    /// `--so-lang NAME=SPEC` choices, applied when `NAME` is first used.
    pub specs: FxHashMap<String, LangSpec>,
    occs: FxHashMap<ArrayId, Occurrence>,
    sentinels: FxHashMap<ArrayId, SoVarId>,
}

/// Interpretations of second-order variables (part of a model).
pub(crate) type Interp = std::collections::BTreeMap<SoVarId, Rc<Term>>;

/// A model: values of symbolic bytes (a byte not listed reads as 0) and
/// interpretations of second-order variables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    pub bytes: FxHashMap<(ArrayId, u32), u8>,
    pub terms: Interp,
}

impl Assignment {
    pub fn get(&self, arr: ArrayId, idx: u32) -> u8 {
        self.bytes.byte(arr, idx)
    }

    /// Overwrites this assignment's values with `other`'s.
    pub fn merge(&mut self, other: Assignment) {
        self.bytes.extend(other.bytes);
        self.terms.extend(other.terms);
    }
}

impl Valuation for Assignment {
    fn byte(&self, arr: ArrayId, idx: u32) -> u8 {
        self.get(arr, idx)
    }
}

/// An exploration's expressions and the second-order variables applied in
/// them. It reads as its [`ExprPool`] (`Deref`), so expression building
/// is unchanged; `so` is the registry.
#[derive(Default)]
pub struct Pool {
    pub exprs: ExprPool,
    pub so: Registry,
}

impl Pool {
    pub fn new() -> Self {
        Self::default()
    }
}

impl std::ops::Deref for Pool {
    type Target = ExprPool;
    fn deref(&self) -> &ExprPool {
        &self.exprs
    }
}

impl std::ops::DerefMut for Pool {
    fn deref_mut(&mut self) -> &mut ExprPool {
        &mut self.exprs
    }
}

impl Registry {
    pub fn var(&self, v: SoVarId) -> &SoVar {
        &self.vars[v.0 as usize]
    }

    pub fn find(&self, name: &str) -> Option<SoVarId> {
        self.vars.iter().position(|v| v.name == name).map(|i| SoVarId(i as u32))
    }

    pub fn occurrence(&self, arr: ArrayId) -> Option<&Occurrence> {
        if self.occs.is_empty() {
            return None;
        }
        self.occs.get(&arr)
    }

    /// The variable whose sentinel `arr` is.
    pub(crate) fn sentinel_of(&self, arr: ArrayId) -> Option<SoVarId> {
        if self.sentinels.is_empty() {
            return None;
        }
        self.sentinels.get(&arr).copied()
    }

    pub(crate) fn has_occurrences(&self) -> bool {
        !self.occs.is_empty()
    }

    pub fn lang(&self, v: SoVarId) -> &Rc<Language> {
        &self.var(v).lang
    }
}

impl Pool {
    /// The variable named `name`, declared on first use with its `--so-lang`
    /// language (default `int:3`) instantiated for `arity` arguments.
    /// Errors: an arity other than the first application's, or a grammar
    /// file whose parameters do not match.
    pub fn so_declare(&mut self, name: &str, arity: usize) -> Result<SoVarId, String> {
        if let Some(v) = self.so.find(name) {
            let earlier = self.so.lang(v).arity();
            if earlier != arity {
                return Err(format!(
                    "second-order variable `{name}` applied to {arity} argument(s), earlier to {earlier}"
                ));
            }
            return Ok(v);
        }
        let spec = self.so.specs.get(name).cloned().unwrap_or(LangSpec::Int(lang::DEFAULT_DEPTH));
        let lang = spec.instantiate(name, arity).map_err(|e| e.to_string())?;
        let sentinel = self.new_array(&format!("{name}#fn"), 0);
        let id = SoVarId(self.so.vars.len() as u32);
        self.so.vars.push(SoVar { name: name.to_string(), spec, lang: Rc::new(lang), sentinel, applications: 0 });
        self.so.sentinels.insert(sentinel, id);
        Ok(id)
    }

    /// A fresh 4-byte array standing for `var(args)`, and its value.
    pub fn so_occurrence(&mut self, var: SoVarId, args: Vec<ExprId>, linked: bool) -> (ArrayId, ExprId) {
        let v = &mut self.so.vars[var.0 as usize];
        let name = format!("{}@{}", v.name, v.applications);
        v.applications += 1;
        let arr = self.new_array(&name, 4);
        let mut acc = self.var(arr, 0);
        for i in 1..4 {
            let b = self.var(arr, i);
            acc = self.concat(b, acc);
        }
        // Registered before anything asks for the bytes' dependencies
        // (computed lazily), so those include the links.
        let args: Rc<[ExprId]> = args.into();
        if linked {
            let sentinel = self.so.var(var).sentinel;
            self.exprs.link_array(arr, (sentinel, 0), args.clone());
        }
        self.so.occs.insert(arr, Occurrence { var, args, linked, value: acc });
        (arr, acc)
    }

    /// Occurrences `roots` depend on (through arguments too), oldest first.
    pub(crate) fn so_occurrences_in(&self, roots: &[ExprId]) -> Vec<ArrayId> {
        if !self.so.has_occurrences() {
            return Vec::new();
        }
        let mut found: Vec<ArrayId> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut todo: Vec<ExprId> = roots.to_vec();
        while !todo.is_empty() {
            let vars = self.vars_of(&todo);
            todo.clear();
            for (arr, _) in vars {
                if let Some(o) = self.so.occurrence(arr) {
                    if seen.insert(arr) {
                        found.push(arr);
                        todo.extend(o.args.iter().copied());
                    }
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// Does any root mention a linked (second-order) occurrence?
    pub(crate) fn so_linked_in(&mut self, roots: &[ExprId]) -> bool {
        if !self.so.has_occurrences() {
            return false;
        }
        roots.iter().any(|&r| self.deps(r).iter().any(|(a, _)| self.so.sentinel_of(*a).is_some()))
    }

    /// Sets the bytes of every occurrence of a linked variable in `occs`
    /// (oldest first) to its interpretation in `asg` applied to its
    /// arguments' values under `asg`. False when a variable has no
    /// interpretation or the term leaves the `int` range on these
    /// arguments.
    pub(crate) fn so_complete(&self, asg: &mut Assignment, occs: &[ArrayId]) -> bool {
        for &arr in occs {
            let Some(o) = self.so.occurrence(arr) else { continue };
            if !o.linked {
                continue;
            }
            let Some(term) = asg.terms.get(&o.var).cloned() else { return false };
            let args: Vec<i64> = o.args.iter().map(|&a| self.eval(a, asg) as u32 as i32 as i64).collect();
            let Some(v) = term.eval(&args) else { return false };
            let bits = v.as_c() as i32 as u32;
            for i in 0..4 {
                asg.bytes.insert((arr, i), (bits >> (8 * i)) as u8);
            }
        }
        true
    }
}
