//! Hash-consed bit-vector expressions.
//!
//! Every expression lives once in an [`ExprPool`] and is named by an
//! [`ExprId`]; building an expression that already exists returns the old
//! id, so structural equality is id equality. Constructors fold constants and
//! apply cheap local rewrites eagerly (see `simplify.rs`), so that concrete
//! execution never produces a non-constant node and symbolic expressions stay
//! small. Widths are 1..=64 bits; width 1 doubles as the Boolean sort.

mod arith;
mod eval;
pub mod index_opt;
pub mod kquery;
mod simplify;

pub use arith::BinOp;
pub(crate) use arith::{fold_bin, mask128, sext64};
pub use arith::{mask, CmpOp};
pub use eval::Valuation;

use rustc_hash::FxHashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

/// Index of an expression in its [`ExprPool`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// Index of a symbolic array (a `klee_make_symbolic` object).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ArrayId(pub u32);

/// One expression node. Children are ids into the same pool.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Expr {
    /// A constant of width `w`, its value masked to `w` bits.
    Const {
        w: u8,
        v: u64,
    },
    /// Byte `idx` of symbolic array `arr` (width 8).
    Var {
        arr: ArrayId,
        idx: u32,
    },
    Bin {
        op: BinOp,
        w: u8,
        a: ExprId,
        b: ExprId,
    },
    /// A comparison of two operands of equal width; width 1.
    Cmp {
        op: CmpOp,
        a: ExprId,
        b: ExprId,
    },
    /// Bitwise complement.
    Not {
        w: u8,
        a: ExprId,
    },
    Ite {
        w: u8,
        c: ExprId,
        t: ExprId,
        e: ExprId,
    },
    /// Bits `lo .. lo+w` of `a`.
    Extract {
        w: u8,
        a: ExprId,
        lo: u8,
    },
    /// `hi` in the upper bits, `lo` in the lower bits.
    Concat {
        w: u8,
        hi: ExprId,
        lo: ExprId,
    },
    ZExt {
        w: u8,
        a: ExprId,
    },
    SExt {
        w: u8,
        a: ExprId,
    },
}

impl Expr {
    /// The width of the node in bits.
    pub fn width(&self) -> u8 {
        match *self {
            Expr::Const { w, .. }
            | Expr::Bin { w, .. }
            | Expr::Not { w, .. }
            | Expr::Ite { w, .. }
            | Expr::Extract { w, .. }
            | Expr::Concat { w, .. }
            | Expr::ZExt { w, .. }
            | Expr::SExt { w, .. } => w,
            Expr::Var { .. } => 8,
            Expr::Cmp { .. } => 1,
        }
    }

    /// The children of the node, in order.
    pub fn children(&self) -> impl Iterator<Item = ExprId> {
        let (a, b, c) = match *self {
            Expr::Const { .. } | Expr::Var { .. } => (None, None, None),
            Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => (Some(a), Some(b), None),
            Expr::Concat { hi, lo, .. } => (Some(hi), Some(lo), None),
            Expr::Not { a, .. } | Expr::Extract { a, .. } | Expr::ZExt { a, .. } | Expr::SExt { a, .. } => {
                (Some(a), None, None)
            }
            Expr::Ite { c, t, e, .. } => (Some(c), Some(t), Some(e)),
        };
        a.into_iter().chain(b).chain(c)
    }
}

/// A symbolic array: the bytes of one `klee_make_symbolic` call.
#[derive(Clone, Debug)]
pub struct ArrayInfo {
    pub name: String,
    pub size: u32,
}

/// The arena of all expressions and symbolic arrays of one exploration.
pub struct ExprPool {
    nodes: Vec<Expr>,
    map: FxHashMap<Expr, ExprId>,
    /// Lazily computed sorted list of symbolic bytes each node depends on.
    deps: Vec<Option<Rc<[(ArrayId, u32)]>>>,
    arrays: Vec<ArrayInfo>,
    /// Arrays whose bytes depend on more than themselves (see
    /// [`ExprPool::link_array`]).
    links: FxHashMap<ArrayId, ArrayLink>,
}

/// What a linked array's bytes depend on besides themselves: one byte of
/// another array (shared by every array linked to it) and the symbolic
/// bytes of some expressions.
#[derive(Clone, Debug)]
struct ArrayLink {
    also: (ArrayId, u32),
    args: Rc<[ExprId]>,
}

impl Default for ExprPool {
    fn default() -> Self {
        Self::new()
    }
}

impl ExprPool {
    pub fn new() -> Self {
        let mut p = ExprPool {
            nodes: Vec::new(),
            map: FxHashMap::default(),
            deps: Vec::new(),
            arrays: Vec::new(),
            links: FxHashMap::default(),
        };
        // Ids 0 and 1 are the Boolean constants.
        p.intern(Expr::Const { w: 1, v: 0 });
        p.intern(Expr::Const { w: 1, v: 1 });
        p
    }

    pub const FALSE: ExprId = ExprId(0);
    pub const TRUE: ExprId = ExprId(1);

    /// The node behind an id.
    #[inline]
    pub fn get(&self, id: ExprId) -> &Expr {
        &self.nodes[id.0 as usize]
    }

    #[inline]
    pub fn width(&self, id: ExprId) -> u8 {
        self.nodes[id.0 as usize].width()
    }

    /// The constant value of `id`, if it is a constant.
    #[inline]
    pub fn as_const(&self, id: ExprId) -> Option<u64> {
        match self.nodes[id.0 as usize] {
            Expr::Const { v, .. } => Some(v),
            _ => None,
        }
    }

    /// Number of nodes built so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The id of `e` if it was built before.
    pub fn find(&self, e: &Expr) -> Option<ExprId> {
        self.map.get(e).copied()
    }

    fn intern(&mut self, e: Expr) -> ExprId {
        if let Some(&id) = self.map.get(&e) {
            return id;
        }
        let id = ExprId(self.nodes.len() as u32);
        self.nodes.push(e.clone());
        self.deps.push(None);
        self.map.insert(e, id);
        id
    }

    /// `e == e`, built without simplification: always true, but mentions
    /// `e`'s symbolic bytes (ties a second-order application to a path).
    pub fn mention(&mut self, e: ExprId) -> ExprId {
        self.intern(Expr::Cmp { op: CmpOp::Eq, a: e, b: e })
    }

    /// Registers a new symbolic array and returns its id.
    pub(crate) fn new_array(&mut self, name: &str, size: u32) -> ArrayId {
        let id = ArrayId(self.arrays.len() as u32);
        self.arrays.push(ArrayInfo { name: name.to_string(), size });
        id
    }

    pub fn array(&self, id: ArrayId) -> &ArrayInfo {
        &self.arrays[id.0 as usize]
    }

    pub fn constant(&mut self, w: u8, v: u64) -> ExprId {
        self.intern(Expr::Const { w, v: v & mask(w) })
    }

    pub(crate) fn bool_const(&mut self, b: bool) -> ExprId {
        if b {
            Self::TRUE
        } else {
            Self::FALSE
        }
    }

    pub fn var(&mut self, arr: ArrayId, idx: u32) -> ExprId {
        self.intern(Expr::Var { arr, idx })
    }

    /// Declares that the bytes of `arr` depend also on byte `also` and on
    /// whatever `args` depend on, so that [`deps`](Self::deps) (and with
    /// it independence slicing) keeps them together. A layer above uses it
    /// for values that stand for a function applied to arguments (a
    /// second-order occurrence: `also` is its function's sentinel). Must
    /// be called before anything asks for the bytes' dependencies.
    pub(crate) fn link_array(&mut self, arr: ArrayId, also: (ArrayId, u32), args: Rc<[ExprId]>) {
        self.links.insert(arr, ArrayLink { also, args });
    }

    /// The symbolic bytes `id` depends on, sorted (cached per node).
    pub(crate) fn deps(&mut self, id: ExprId) -> Rc<[(ArrayId, u32)]> {
        if let Some(a) = &self.deps[id.0 as usize] {
            return a.clone();
        }
        // Iterative post-order to avoid deep recursion on long chains.
        let mut stack = vec![(id, false)];
        while let Some((n, done)) = stack.pop() {
            if self.deps[n.0 as usize].is_some() {
                continue;
            }
            let node = self.nodes[n.0 as usize].clone();
            if !done {
                stack.push((n, true));
                for c in node.children() {
                    if self.deps[c.0 as usize].is_none() {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let mut v: Vec<(ArrayId, u32)> = match node {
                Expr::Var { arr, idx } => {
                    let mut v = vec![(arr, idx)];
                    if let Some(link) = if self.links.is_empty() { None } else { self.links.get(&arr).cloned() } {
                        v.push(link.also);
                        for &a in link.args.iter() {
                            v.extend(self.deps(a).iter().copied());
                        }
                    }
                    v
                }
                _ => Vec::new(),
            };
            for c in node.children() {
                v.extend(self.deps[c.0 as usize].as_ref().expect("child computed").iter().copied());
            }
            v.sort_unstable();
            v.dedup();
            self.deps[n.0 as usize] = Some(v.into());
        }
        self.deps[id.0 as usize].clone().expect("computed above")
    }

    /// All distinct symbolic bytes `(array, index)` that `roots` mention.
    pub fn vars_of(&self, roots: &[ExprId]) -> Vec<(ArrayId, u32)> {
        let mut out = Vec::new();
        let _ = self.each_node(roots, usize::MAX, |node| {
            if let Expr::Var { arr, idx } = *node {
                out.push((arr, idx));
            }
            ControlFlow::Continue(())
        });
        out.sort_unstable();
        out
    }

    /// Calls `visit` on each distinct node under `roots` (each once, in no
    /// set order) until it breaks; breaks too after `max` nodes.
    pub fn each_node(
        &self, roots: &[ExprId], max: usize, mut visit: impl FnMut(&Expr) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack: Vec<ExprId> = roots.to_vec();
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            if seen.len() > max {
                return ControlFlow::Break(());
            }
            let node = &self.nodes[n.0 as usize];
            visit(node)?;
            stack.extend(node.children());
        }
        ControlFlow::Continue(())
    }
}
