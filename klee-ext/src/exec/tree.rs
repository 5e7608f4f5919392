//! The symbolic execution tree of a run (`Config::record_tree`): a node
//! per side of every symbolic branch that forked (or whose other side a
//! second-order interpretation ruled out), with the branch's source line
//! and call stack, and a leaf per finished path. `tree_svg` draws it.

use super::{Executor, State, StateId, Termination};
use crate::ir::FuncId;
use std::rc::Rc;

/// Nodes kept at most; later branches are not recorded (`truncated`).
pub(crate) const MAX_NODES: usize = 20_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Root,
    /// The side of a branch the path took (`true`: the condition held).
    Side(bool),
    /// A side no interpretation of the second-order variables can take
    /// (the first-order constraints alone allow it).
    Pruned(bool),
    /// A path's end.
    Leaf(Leaf),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub state: StateId,
    /// `exit 0`, `error: …`, `stopped: …`, `pruned`.
    pub outcome: String,
    /// A caller's verdict on the path (e.g. the test passes on it).
    pub verdict: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct TreeNode {
    pub parent: Option<u32>,
    pub kind: NodeKind,
    pub file: Rc<str>,
    pub line: u32,
    /// The call stack at the node, outermost first.
    pub frames: Rc<[FuncId]>,
}

#[derive(Clone, Debug, Default)]
pub struct ExecTree {
    pub nodes: Vec<TreeNode>,
    pub truncated: bool,
    /// Function names by id (for drawing).
    pub func_names: Vec<Rc<str>>,
}

impl ExecTree {
    pub fn children(&self) -> Vec<Vec<u32>> {
        let mut ch = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.parent {
                ch[p as usize].push(i as u32);
            }
        }
        ch
    }

    /// Records a caller's verdict on the path that ended as `state`.
    pub fn mark(&mut self, state: StateId, verdict: bool) {
        for n in self.nodes.iter_mut().rev() {
            if let NodeKind::Leaf(l) = &mut n.kind {
                if l.state == state {
                    l.verdict = Some(verdict);
                    return;
                }
            }
        }
    }
}

impl<'p> Executor<'p> {
    /// A new node under `st`'s, at `st`'s location (the node's index; the
    /// parent's when the tree is full or not recorded).
    pub(super) fn tree_child(&mut self, st: &State, kind: NodeKind) -> u32 {
        let Some(tree) = self.tree.as_mut() else { return st.tree_node };
        if tree.nodes.len() >= MAX_NODES {
            tree.truncated = true;
            return st.tree_node;
        }
        let l = self.prog.loc(st.loc);
        let frames: Rc<[FuncId]> = st.stack.iter().map(|f| f.func).collect();
        tree.nodes.push(TreeNode { parent: Some(st.tree_node), kind, file: l.file.clone(), line: l.line, frames });
        (tree.nodes.len() - 1) as u32
    }

    /// The tree recorded so far (`Config::record_tree`).
    pub fn tree(&self) -> Option<&ExecTree> {
        self.tree.as_ref()
    }

    pub fn tree_mut(&mut self) -> Option<&mut ExecTree> {
        self.tree.as_mut()
    }

    pub(super) fn new_tree(&self) -> ExecTree {
        let func_names = self.prog.funcs.iter().map(|f| Rc::from(f.name.as_str())).collect();
        ExecTree {
            nodes: vec![TreeNode {
                parent: None,
                kind: NodeKind::Root,
                file: Rc::from(""),
                line: 0,
                frames: Rc::from(Vec::new()),
            }],
            truncated: false,
            func_names,
        }
    }

    /// The leaf of a path that ends with `t`.
    pub(super) fn tree_leaf(&mut self, st: &State, t: &Termination) {
        if self.tree.is_none() {
            return;
        }
        let outcome = match t {
            Termination::Exit(c) => format!("exit {c}"),
            Termination::Silent => "pruned".to_string(),
            Termination::Early(r) => format!("stopped: {r:?}"),
            Termination::Error { kind, msg, .. } => format!("{kind:?} error: {msg}"),
        };
        self.tree_child(st, NodeKind::Leaf(Leaf { state: st.id, outcome, verdict: None }));
    }

    /// Whether the solver has pruned a side for the second-order
    /// variables since it had pruned `before` (tree recording only).
    pub(super) fn so_pruned_since(&self, before: u64) -> bool {
        self.tree.is_some() && self.solver.stats().so_pruned > before
    }

    pub(super) fn so_pruned_now(&self) -> u64 {
        if self.tree.is_some() {
            self.solver.stats().so_pruned
        } else {
            0
        }
    }
}
