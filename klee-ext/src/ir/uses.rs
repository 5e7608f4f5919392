//! What an instruction reads and where a block goes: the registers a
//! path may still read from a point on (a conservative liveness used when
//! two paths merge).

use super::*;

impl Inst {
    /// Calls `f` on every operand the instruction reads, edge moves
    /// included.
    pub(crate) fn for_each_operand(&self, f: &mut dyn FnMut(&Operand)) {
        let edge = |e: &Edge, f: &mut dyn FnMut(&Operand)| e.moves.iter().for_each(|(_, o)| f(o));
        match self {
            Inst::Br(e) => edge(e, f),
            Inst::CondBr { c, edges } => {
                f(c);
                edges.iter().for_each(|e| edge(e, f));
            }
            Inst::Switch(s) => {
                f(&s.cond);
                edge(&s.default, f);
                s.cases.iter().for_each(|(_, e)| edge(e, f));
            }
            Inst::IndirectBr { addr, edges } => {
                f(addr);
                edges.iter().for_each(|e| edge(e, f));
            }
            Inst::AtomicRmw { addr, val, .. } => [addr, val].into_iter().for_each(f),
            Inst::CmpXchg { addr, cmp, new, .. } => [addr, cmp, new].into_iter().for_each(f),
            Inst::Call(c) => {
                c.args.iter().for_each(&mut *f);
                if let Callee::Indirect(o) = &c.callee {
                    f(o);
                }
            }
            Inst::Bin { a, b, .. } | Inst::ICmp { a, b, .. } | Inst::FBin { a, b, .. } | Inst::FCmp { a, b, .. } => {
                [a, b].into_iter().for_each(f)
            }
            Inst::Load { addr, .. } => f(addr),
            Inst::Store { val, addr, .. } => [val, addr].into_iter().for_each(f),
            Inst::Gep(g) => {
                f(&g.base);
                g.idx.iter().for_each(|(o, _, _)| f(o));
            }
            Inst::Select { c, t, f: e, .. } => [c, t, e].into_iter().for_each(f),
            Inst::Cast { a, .. } | Inst::Copy { a, .. } | Inst::FNeg { a, .. } => f(a),
            Inst::Alloca { count, .. } => f(count),
            Inst::ExtractValue { agg, .. } => f(agg),
            Inst::ElementAt { agg, idx, val, .. } => {
                f(agg);
                f(idx);
                val.iter().for_each(f);
            }
            Inst::InsertValue { agg, val, .. } => [agg, val].into_iter().for_each(f),
            Inst::Ret(v) => v.iter().for_each(f),
            Inst::Wide(w) => match &**w {
                WideInst::Bin { a, b, .. }
                | WideInst::ICmp { a, b, .. }
                | WideInst::F80Bin { a, b, .. }
                | WideInst::F80Cmp { a, b, .. } => [a, b].into_iter().for_each(f),
                WideInst::Cast { a, .. }
                | WideInst::FpToInt { a, .. }
                | WideInst::IntToFp { a, .. }
                | WideInst::F80Neg { a, .. }
                | WideInst::F80Conv { a, .. } => f(a),
            },
            Inst::Unreachable | Inst::Unsupported(_) => {}
        }
    }

    /// The blocks a terminator goes to.
    pub(crate) fn successors(&self) -> Vec<BlockId> {
        match self {
            Inst::Br(e) => vec![e.target],
            Inst::CondBr { edges, .. } => edges.iter().map(|e| e.target).collect(),
            Inst::Switch(s) => std::iter::once(s.default.target).chain(s.cases.iter().map(|(_, e)| e.target)).collect(),
            Inst::IndirectBr { edges, .. } => edges.iter().map(|e| e.target).collect(),
            _ => Vec::new(),
        }
    }
}

impl Function {
    /// The registers the function may read from instruction `pc` of
    /// `block` on: those read there and after it in the block, and in every
    /// block reachable from it (all of `block` when a loop leads back).
    pub(crate) fn live_from(&self, block: BlockId, pc: u32) -> Vec<bool> {
        let mut live = vec![false; self.nregs as usize];
        let mark = |i: &Inst, live: &mut Vec<bool>| {
            i.for_each_operand(&mut |o| {
                if let Operand::Reg(r) = o {
                    live[r.idx()] = true;
                }
            })
        };
        let b = &self.blocks[block.idx()];
        for i in &b.insts[(pc as usize).min(b.insts.len())..] {
            mark(i, &mut live);
        }
        let mut seen = vec![false; self.blocks.len()];
        let mut work: Vec<BlockId> = b.insts.last().map(|t| t.successors()).unwrap_or_default();
        while let Some(x) = work.pop() {
            if std::mem::replace(&mut seen[x.idx()], true) {
                continue;
            }
            let blk = &self.blocks[x.idx()];
            for i in &blk.insts {
                mark(i, &mut live);
            }
            if let Some(t) = blk.insts.last() {
                work.extend(t.successors());
            }
        }
        live
    }
}
