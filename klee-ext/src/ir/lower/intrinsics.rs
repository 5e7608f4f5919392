//! The LLVM intrinsics the executor implements, by name.

use crate::expr::BinOp;
use crate::ir::Intrinsic;
use crate::ir::MathFn;

pub(super) enum IntrinsicKind {
    Known(Intrinsic),
    /// No effect on execution (debug info, lifetime markers, hints).
    Skip,
    Unknown,
}

pub(super) fn intrinsic(name: &str) -> IntrinsicKind {
    use Intrinsic as I;
    let base = name.strip_prefix("llvm.").unwrap_or(name);
    const SKIP: &[&str] = &[
        "dbg.",
        "lifetime.",
        "assume",
        "experimental.noalias.scope.decl",
        "invariant.",
        "donothing",
        "sideeffect",
        "var.annotation",
        "ptr.annotation",
        "annotation",
        "prefetch",
        "launder.invariant.group",
        "strip.invariant.group",
    ];
    if SKIP.iter().any(|s| base.starts_with(s)) {
        return IntrinsicKind::Skip;
    }
    let table: &[(&str, Intrinsic)] = &[
        ("memcpy.", I::Memcpy),
        ("memmove.", I::Memmove),
        ("memset.", I::Memset),
        ("va_start", I::VaStart),
        ("va_end", I::VaEnd),
        ("va_copy", I::VaCopy),
        ("sadd.with.overflow", I::Overflow(BinOp::Add, true)),
        ("uadd.with.overflow", I::Overflow(BinOp::Add, false)),
        ("ssub.with.overflow", I::Overflow(BinOp::Sub, true)),
        ("usub.with.overflow", I::Overflow(BinOp::Sub, false)),
        ("smul.with.overflow", I::Overflow(BinOp::Mul, true)),
        ("umul.with.overflow", I::Overflow(BinOp::Mul, false)),
        ("sadd.sat", I::Saturating(BinOp::Add, true)),
        ("uadd.sat", I::Saturating(BinOp::Add, false)),
        ("ssub.sat", I::Saturating(BinOp::Sub, true)),
        ("usub.sat", I::Saturating(BinOp::Sub, false)),
        ("bswap", I::Bswap),
        ("bitreverse", I::Bitreverse),
        ("ctpop", I::Ctpop),
        ("ctlz", I::Ctlz),
        ("cttz", I::Cttz),
        ("abs.", I::Abs),
        ("smax", I::SMax),
        ("smin", I::SMin),
        ("umax", I::UMax),
        ("umin", I::UMin),
        ("fshl", I::Fshl),
        ("fshr", I::Fshr),
        ("trap", I::Trap),
        ("debugtrap", I::Trap),
        ("ubsantrap", I::Trap),
        ("expect", I::Identity),
        ("ssa.copy", I::Identity),
        ("stacksave", I::StackSave),
        ("stackrestore", I::StackRestore),
        ("objectsize", I::ObjectSize),
        ("is.constant", I::IsConstant),
        ("flt.rounds", I::FltRounds),
        ("get.rounding", I::FltRounds),
        ("is.fpclass", I::IsFpClass),
        // A thread-local variable's address (LLVM 16): one thread, so the
        // variable's own.
        ("threadlocal.address", I::Identity),
        ("lround", I::RoundToInt { rint: false }),
        ("llround", I::RoundToInt { rint: false }),
        ("lrint", I::RoundToInt { rint: true }),
        ("llrint", I::RoundToInt { rint: true }),
        ("load.relative", I::LoadRelative),
    ];
    for (p, k) in table {
        if base.starts_with(p) {
            return IntrinsicKind::Known(*k);
        }
    }
    // Floating-point intrinsics: llvm.<fn>.f32 / .f64.
    let fname = base.split('.').next().unwrap_or("");
    if let Some(m) = MathFn::from_intrinsic(fname) {
        return IntrinsicKind::Known(I::Math(m));
    }
    IntrinsicKind::Unknown
}
