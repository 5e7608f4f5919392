//! KLEE's `--optimize-array`, reported in KLEE's words.
//!
//! * index (`OPT_I`): a symbolic branch condition whose only symbolic part
//!   is reads of constant objects at one symbolic offset is replaced by the
//!   ranges of that offset for which it holds (`expr::index_opt`), an
//!   equivalent and smaller condition;
//! * value (`OPT_V`): a read at a symbolic offset is a selection over the
//!   object's values. The executor always reads so (`memops.rs`); with the
//!   option each such read is reported, once per distinct read.

use super::config::OptimizeArray;
use super::Executor;
use crate::expr::index_opt::{rewrite, IndexRewrite};
use crate::expr::ExprId;
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Default)]
pub(super) struct ArrayOptCache {
    /// Conditions seen, with their rewrite (`None`: does not apply).
    conditions: FxHashMap<ExprId, Option<ExprId>>,
    /// Reads reported.
    reads: FxHashSet<ExprId>,
}

impl<'p> Executor<'p> {
    /// The branch condition `c`, rewritten by the index-based optimization
    /// where it applies and the option asks for it.
    pub(super) fn index_optimized(&mut self, c: ExprId) -> ExprId {
        if !matches!(self.cfg.optimize_array, OptimizeArray::Index | OptimizeArray::All | OptimizeArray::IndexQuiet) {
            return c;
        }
        let report = self.cfg.optimize_array != OptimizeArray::IndexQuiet;
        if let Some(r) = self.array_opt.conditions.get(&c) {
            return r.unwrap_or(c);
        }
        let r = match rewrite(&mut self.pool, c) {
            None => None,
            Some(IndexRewrite::Infeasible) => {
                if report {
                    crate::log::warning("OPT_I: infeasible branch!");
                    crate::log::warning("OPT_I: successful");
                }
                Some(crate::expr::ExprPool::FALSE)
            }
            Some(IndexRewrite::Rewritten(e)) => {
                if report {
                    crate::log::warning("OPT_I: successful");
                }
                Some(e)
            }
        };
        self.array_opt.conditions.insert(c, r);
        r.unwrap_or(c)
    }

    /// Reports a read at a symbolic offset made a value selection `e`.
    pub(super) fn report_value_read(&mut self, e: ExprId) {
        if matches!(self.cfg.optimize_array, OptimizeArray::Value | OptimizeArray::All)
            && self.array_opt.reads.insert(e)
        {
            crate::log::warning("OPT_V: successful");
        }
    }
}
