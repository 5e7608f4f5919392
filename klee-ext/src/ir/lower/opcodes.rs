//! LLVM's integer opcodes and predicates as the IR's.

use crate::expr::BinOp;
use crate::ir::IPred;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

pub(super) fn bin_op(op: LLVMOpcode) -> Option<BinOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMAdd => BinOp::Add,
        LLVMSub => BinOp::Sub,
        LLVMMul => BinOp::Mul,
        LLVMUDiv => BinOp::UDiv,
        LLVMSDiv => BinOp::SDiv,
        LLVMURem => BinOp::URem,
        LLVMSRem => BinOp::SRem,
        LLVMShl => BinOp::Shl,
        LLVMLShr => BinOp::LShr,
        LLVMAShr => BinOp::AShr,
        LLVMAnd => BinOp::And,
        LLVMOr => BinOp::Or,
        LLVMXor => BinOp::Xor,
        _ => return None,
    })
}

pub(super) fn ipred(p: LLVMIntPredicate) -> IPred {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => IPred::Eq,
        LLVMIntNE => IPred::Ne,
        LLVMIntUGT => IPred::Ugt,
        LLVMIntUGE => IPred::Uge,
        LLVMIntULT => IPred::Ult,
        LLVMIntULE => IPred::Ule,
        LLVMIntSGT => IPred::Sgt,
        LLVMIntSGE => IPred::Sge,
        LLVMIntSLT => IPred::Slt,
        LLVMIntSLE => IPred::Sle,
    }
}
