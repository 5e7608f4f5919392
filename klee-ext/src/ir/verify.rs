//! Checks a lowered program before it runs. Invariants:
//! 1. every register an instruction or edge names is below its function's
//!    `nregs`; every constant id is in the pool;
//! 2. every edge targets an existing block of the same function;
//! 3. every block of a defined function is non-empty and ends with a
//!    terminator (br, switch, ret, unreachable, or an unsupported marker),
//!    and no terminator appears before the end;
//! 4. `locs` is parallel to `insts`;
//! 5. direct callees exist.
//!
//! All violations are reported at once.

use super::*;

pub fn verify(p: &Program) -> Vec<String> {
    let mut out = Vec::new();
    for (fi, f) in p.funcs.iter().enumerate() {
        if f.kind != FuncKind::Defined {
            continue;
        }
        let reg_ok = |r: RegId| r.0 < f.nregs;
        let op_ok = |o: &Operand| match o {
            Operand::Reg(r) => reg_ok(*r),
            Operand::Const(c) => c.idx() < p.consts.len(),
        };
        let edge_ok = |e: &Edge| e.target.idx() < f.blocks.len() && e.moves.iter().all(|(r, o)| reg_ok(*r) && op_ok(o));
        for (bi, b) in f.blocks.iter().enumerate() {
            let at = |what: &str| format!("{} (function {fi}) block {bi}: {what}", f.name);
            if b.locs.len() != b.insts.len() {
                out.push(at("locations not parallel to instructions"));
            }
            let Some(last) = b.insts.last() else {
                out.push(at("empty block"));
                continue;
            };
            let is_term = |i: &Inst| {
                matches!(
                    i,
                    Inst::Br(_)
                        | Inst::CondBr { .. }
                        | Inst::Switch(_)
                        | Inst::IndirectBr { .. }
                        | Inst::Ret(_)
                        | Inst::Unreachable
                        | Inst::Unsupported(_)
                )
            };
            if !is_term(last) {
                out.push(at("does not end with a terminator"));
            }
            for (ii, i) in b.insts.iter().enumerate() {
                if ii + 1 < b.insts.len() && is_term(i) && !matches!(i, Inst::Unsupported(_)) {
                    out.push(at(&format!("terminator at position {ii} before the end")));
                }
                let ok = match i {
                    Inst::Br(e) => edge_ok(e),
                    Inst::CondBr { c, edges } => op_ok(c) && edges.iter().all(edge_ok),
                    Inst::Switch(s) => op_ok(&s.cond) && edge_ok(&s.default) && s.cases.iter().all(|(_, e)| edge_ok(e)),
                    Inst::IndirectBr { addr, edges } => op_ok(addr) && edges.iter().all(edge_ok),
                    Inst::AtomicRmw { dst, addr, val, .. } => reg_ok(*dst) && op_ok(addr) && op_ok(val),
                    Inst::CmpXchg { dst, addr, cmp, new, .. } => {
                        reg_ok(*dst) && op_ok(addr) && op_ok(cmp) && op_ok(new)
                    }
                    Inst::Call(c) => {
                        c.args.iter().all(op_ok)
                            && c.dst.is_none_or(reg_ok)
                            && match &c.callee {
                                Callee::Func(g) => g.idx() < p.funcs.len(),
                                Callee::Indirect(o) => op_ok(o),
                                Callee::Intrinsic(_) => true,
                            }
                    }
                    Inst::Bin { dst, a, b, .. }
                    | Inst::ICmp { dst, a, b, .. }
                    | Inst::FBin { dst, a, b, .. }
                    | Inst::FCmp { dst, a, b, .. } => reg_ok(*dst) && op_ok(a) && op_ok(b),
                    Inst::Load { dst, addr, .. } => reg_ok(*dst) && op_ok(addr),
                    Inst::Store { val, addr, .. } => op_ok(val) && op_ok(addr),
                    Inst::Gep(g) => reg_ok(g.dst) && op_ok(&g.base) && g.idx.iter().all(|(o, _, _)| op_ok(o)),
                    Inst::Select { dst, c, t, f, .. } => reg_ok(*dst) && op_ok(c) && op_ok(t) && op_ok(f),
                    Inst::Cast { dst, a, .. } | Inst::Copy { dst, a } | Inst::FNeg { dst, a, .. } => {
                        reg_ok(*dst) && op_ok(a)
                    }
                    Inst::Alloca { dst, count, .. } => reg_ok(*dst) && op_ok(count),
                    Inst::ExtractValue { dst, agg, .. } => reg_ok(*dst) && op_ok(agg),
                    Inst::ElementAt { dst, agg, idx, val, .. } => {
                        reg_ok(*dst) && op_ok(agg) && op_ok(idx) && val.as_ref().is_none_or(op_ok)
                    }
                    Inst::InsertValue { dst, agg, val, .. } => reg_ok(*dst) && op_ok(agg) && op_ok(val),
                    Inst::Ret(v) => v.as_ref().is_none_or(op_ok),
                    Inst::Wide(w) => match &**w {
                        WideInst::Bin { dst, a, b, .. }
                        | WideInst::ICmp { dst, a, b, .. }
                        | WideInst::F80Bin { dst, a, b, .. }
                        | WideInst::F80Cmp { dst, a, b, .. } => reg_ok(*dst) && op_ok(a) && op_ok(b),
                        WideInst::Cast { dst, a, .. }
                        | WideInst::FpToInt { dst, a, .. }
                        | WideInst::IntToFp { dst, a, .. }
                        | WideInst::F80Neg { dst, a }
                        | WideInst::F80Conv { dst, a, .. } => reg_ok(*dst) && op_ok(a),
                    },
                    Inst::Unreachable | Inst::Unsupported(_) => true,
                };
                if !ok {
                    out.push(at(&format!(
                        "instruction {ii} names a register, constant, block or function that does not exist"
                    )));
                }
            }
        }
    }
    out
}
