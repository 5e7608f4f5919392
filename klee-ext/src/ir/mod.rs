//! The executable form of a program.
//!
//! An LLVM module is lowered once (`lower/`) into this compact form: typed
//! ids index vectors, operands are resolved to registers or entries of one
//! constant pool, type layouts are precomputed, and no LLVM object is
//! referenced after lowering. Phi nodes become parallel moves on the edges
//! that enter their block.
//!
//! Addresses: memory object `k` occupies addresses `k << 32 ..`; globals are
//! objects `1..=globals.len()` in order, so the address of every global and
//! function is a compile-time constant (function `f` sits at
//! `(FUNC_BASE + f) << 32`).

mod builtin;
mod lower;
mod types;
mod uses;
pub mod verify;

pub use builtin::Special;
pub use builtin::{MathFn, PosixFn};
pub(crate) use lower::check_bitcode_version;
pub use lower::LoadError;
pub use lower::{llvm_version, load_module_file, load_module_with, LoadOptions};
pub use types::Ty;
pub use types::{TyId, TyInfo};

use crate::expr::{BinOp, ExprId};
use rustc_hash::FxHashMap;
use std::rc::Rc;

macro_rules! id_type {
    ($($(#[$m:meta])* $name:ident),*) => {$(
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            #[inline]
            pub fn idx(self) -> usize { self.0 as usize }
        }
    )*};
}

id_type!(
    /// A function of the program.
    FuncId,
    /// A basic block within its function.
    BlockId,
    /// A virtual register (SSA value) within its function's frame.
    RegId,
    /// An entry of the program's constant pool.
    ConstId,
    /// A source location (file, line).
    LocId
);

/// Object ids at and above this are function addresses.
pub(crate) const FUNC_BASE: u64 = 0xF000_0000;

/// Object ids from this up to `FUNC_BASE` are label addresses
/// (`&&label`): object `BLOCK_BASE + f`, offset = the block's index.
pub(crate) const BLOCK_BASE: u64 = 0xE000_0000;

/// The address of function `f`.
pub(crate) fn func_addr(f: FuncId) -> u64 {
    (FUNC_BASE + f.0 as u64) << 32
}

/// A run-time value: a concrete bit pattern (integers, pointers, and floats
/// as their IEEE bits), a symbolic expression, or an aggregate.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    C(u64),
    S(ExprId),
    Agg(Rc<Vec<Val>>),
    /// A concrete integer of 65 to 128 bits (packed bitfield runs); such
    /// integers are never symbolic.
    Wide(Box<u128>),
}

/// An instruction operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Reg(RegId),
    Const(ConstId),
}

/// Integer comparison predicates as LLVM has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl IPred {
    /// The comparison of two concrete `w`-bit values.
    #[inline]
    pub fn eval(self, w: u8, a: u64, b: u64) -> bool {
        self.holds(a, b, crate::expr::sext64(a, w), crate::expr::sext64(b, w))
    }

    /// The comparison given both the unsigned and the signed views of the
    /// operands (shared by 64-bit and wide integers).
    #[inline]
    pub fn holds<U: Ord, S: Ord>(self, a: U, b: U, sa: S, sb: S) -> bool {
        match self {
            IPred::Eq => a == b,
            IPred::Ne => a != b,
            IPred::Ugt => a > b,
            IPred::Uge => a >= b,
            IPred::Ult => a < b,
            IPred::Ule => a <= b,
            IPred::Sgt => sa > sb,
            IPred::Sge => sa >= sb,
            IPred::Slt => sa < sb,
            IPred::Sle => sa <= sb,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Casts between scalars; widths are in bits. Float kinds are `dbl` flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpToUi { dbl: bool },
    FpToSi { dbl: bool },
    UiToFp { dbl: bool },
    SiToFp { dbl: bool },
    FpExt,
    FpTrunc,
}

/// A control-flow edge with the phi moves it performs.
#[derive(Clone, Debug)]
pub struct Edge {
    pub target: BlockId,
    pub moves: Box<[(RegId, Operand)]>,
}

/// LLVM intrinsics the executor implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    Memcpy,
    Memmove,
    Memset,
    VaStart,
    VaEnd,
    VaCopy,
    /// `llvm.{s,u}{add,sub,mul}.with.overflow`: (operation, signed).
    Overflow(BinOp, bool),
    /// `llvm.{s,u}{add,sub}.sat`.
    Saturating(BinOp, bool),
    Bswap,
    Bitreverse,
    Ctpop,
    Ctlz,
    Cttz,
    Abs,
    SMax,
    SMin,
    UMax,
    UMin,
    Fshl,
    Fshr,
    Trap,
    /// Returns its first argument (`llvm.expect`, `llvm.ssa.copy`).
    Identity,
    StackSave,
    StackRestore,
    ObjectSize,
    IsConstant,
    /// `llvm.flt.rounds` (`llvm.get.rounding` from LLVM 16): the rounding
    /// mode (1, to nearest).
    FltRounds,
    /// `llvm.is.fpclass(x, mask)` (LLVM 16): whether float `x` is in one of
    /// the classes of the mask.
    IsFpClass,
    /// `llvm.load.relative(ptr, offset)`: `ptr + *(i32 *)(ptr + offset)`.
    LoadRelative,
    /// `llvm.lround`/`llvm.llround` (`rint = false`, halves away from
    /// zero) and `llvm.lrint`/`llvm.llrint` (`rint = true`, to even).
    RoundToInt {
        rint: bool,
    },
    /// A floating-point function of the C library, by name.
    Math(MathFn),
}

/// The combining operation of an `atomicrmw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Bin(BinOp),
    Nand,
    Max,
    Min,
    UMax,
    UMin,
}

/// What a call calls.
#[derive(Clone, Debug)]
pub enum Callee {
    Func(FuncId),
    Indirect(Operand),
    Intrinsic(Intrinsic),
}

#[derive(Clone, Debug)]
pub struct CallInst {
    pub dst: Option<RegId>,
    pub callee: Callee,
    pub args: Box<[Operand]>,
    /// Types of the arguments (for variadic calls and byval copies).
    pub arg_tys: Box<[TyId]>,
    /// Number of fixed parameters of the called function type.
    pub fixed: u32,
    pub ret: TyId,
    /// Arguments passed `byval`: (index, size in bytes, ABI alignment).
    pub byval: Box<[(u32, u64, u64)]>,
}

#[derive(Clone, Debug)]
pub struct SwitchInst {
    pub w: u8,
    pub cond: Operand,
    pub cases: Box<[(u64, Edge)]>,
    pub default: Edge,
}

/// Operations on integers of 65 to 128 bits (concrete only).
#[derive(Clone, Debug)]
pub enum WideInst {
    Bin {
        op: BinOp,
        w: u8,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    ICmp {
        pred: IPred,
        w: u8,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    /// Trunc, ZExt or SExt where `from` or `to` exceeds 64 bits.
    Cast {
        op: CastOp,
        from: u8,
        to: u8,
        dst: RegId,
        a: Operand,
    },
    /// fptosi / fptoui to a wide integer.
    FpToInt {
        signed: bool,
        dbl: bool,
        to: u8,
        dst: RegId,
        a: Operand,
    },
    /// sitofp / uitofp from a wide integer.
    IntToFp {
        signed: bool,
        dbl: bool,
        from: u8,
        dst: RegId,
        a: Operand,
    },
    /// x87 80-bit `long double` arithmetic.
    F80Bin {
        op: FOp,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    /// `pred` as in `Inst::FCmp`.
    F80Cmp {
        pred: u8,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    F80Neg {
        dst: RegId,
        a: Operand,
    },
    F80Conv {
        conv: F80Conv,
        dst: RegId,
        a: Operand,
    },
}

/// Conversions to and from `long double`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F80Conv {
    /// fpext from float (`dbl` false) or double.
    FromFloat { dbl: bool },
    /// fptrunc to float or double.
    ToFloat { dbl: bool },
    /// sitofp / uitofp from an integer of `w` bits.
    FromInt { signed: bool, w: u8 },
    /// fptosi / fptoui to an integer of `w` bits.
    ToInt { signed: bool, w: u8 },
}

/// A GEP with its constant part folded: `base + offset + Σ idx_i * scale_i`
/// (indices sign-extended from their width).
#[derive(Clone, Debug)]
pub struct GepInst {
    pub dst: RegId,
    pub base: Operand,
    pub offset: i64,
    pub idx: Box<[(Operand, u8, i64)]>,
}

#[derive(Clone, Debug)]
pub enum Inst {
    Bin {
        op: BinOp,
        w: u8,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    ICmp {
        pred: IPred,
        w: u8,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    FBin {
        op: FOp,
        dbl: bool,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    /// `pred` is LLVM's FCmp predicate number (0 = false .. 15 = true).
    FCmp {
        pred: u8,
        dbl: bool,
        dst: RegId,
        a: Operand,
        b: Operand,
    },
    FNeg {
        dbl: bool,
        dst: RegId,
        a: Operand,
    },
    Cast {
        op: CastOp,
        from: u8,
        to: u8,
        dst: RegId,
        a: Operand,
    },
    Copy {
        dst: RegId,
        a: Operand,
    },
    /// Integer operation, comparison or cast on integers wider than 64 bits.
    Wide(Box<WideInst>),
    /// `w` is the bit width of a scalar result (0 for aggregates).
    Select {
        dst: RegId,
        w: u8,
        c: Operand,
        t: Operand,
        f: Operand,
    },
    Alloca {
        dst: RegId,
        size: u64,
        count: Operand,
        count_w: u8,
        align: u64,
    },
    Load {
        dst: RegId,
        addr: Operand,
        ty: TyId,
    },
    Store {
        val: Operand,
        addr: Operand,
        ty: TyId,
    },
    Gep(Box<GepInst>),
    ExtractValue {
        dst: RegId,
        agg: Operand,
        path: Box<[u32]>,
    },
    /// `extractelement` (`val: None`) or `insertelement` of a vector at an
    /// index known only when it runs; `n` elements.
    ElementAt {
        dst: RegId,
        agg: Operand,
        idx: Operand,
        val: Option<Operand>,
        n: u32,
    },
    InsertValue {
        dst: RegId,
        agg: Operand,
        val: Operand,
        path: Box<[u32]>,
    },
    Call(Box<CallInst>),
    Br(Box<Edge>),
    CondBr {
        c: Operand,
        edges: Box<[Edge; 2]>,
    },
    Switch(Box<SwitchInst>),
    /// `atomicrmw` (one thread: load, combine, store; the result is the old
    /// value). `op` is `None` for exchange; `Some((min_max, signed))`
    /// encodings are in `RmwOp`.
    AtomicRmw {
        dst: RegId,
        op: RmwOp,
        addr: Operand,
        val: Operand,
        ty: TyId,
    },
    /// `cmpxchg` (one thread): `{ old, old == cmp }`, storing `new` on success.
    CmpXchg {
        dst: RegId,
        addr: Operand,
        cmp: Operand,
        new: Operand,
        ty: TyId,
    },
    /// `indirectbr` (computed goto) to one of `edges`, by label address.
    IndirectBr {
        addr: Operand,
        edges: Box<[Edge]>,
    },
    Ret(Option<Operand>),
    Unreachable,
    /// An instruction the executor does not support; executing it ends the
    /// path with an `exec` error carrying this text.
    Unsupported(Box<str>),
}

#[derive(Clone, Debug)]
pub struct Block {
    pub insts: Vec<Inst>,
    /// Source location of each instruction (parallel to `insts`).
    pub locs: Vec<LocId>,
    /// When loading was asked for it (`LoadOptions::inst_text`): each
    /// instruction's source place (`file:line column`) and LLVM text,
    /// parallel to `insts`.
    pub text: Vec<(Box<str>, Box<str>)>,
}

/// How calls to a function are carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuncKind {
    /// Has a body in the program.
    Defined,
    /// Implemented by the executor.
    Special(Special),
    /// Declared only: called on the host through the FFI dispatcher when
    /// all arguments are concrete.
    External,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub kind: FuncKind,
    pub params: Vec<RegId>,
    pub nregs: u32,
    pub blocks: Vec<Block>,
    pub var_arg: bool,
    pub ret: TyId,
    pub param_tys: Vec<TyId>,
    /// The parameters' names in the bitcode (empty where clang discarded
    /// them).
    pub param_names: Vec<String>,
    /// Defined by the VM's C runtime (not by the program): the executor
    /// may compute it natively where its arguments are concrete.
    pub runtime: bool,
}

/// A global variable: memory object `index + 1`.
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub size: u64,
    pub init: Vec<u8>,
    pub read_only: bool,
    /// Declared but not defined: the C library's own variable (`optind`,
    /// `optarg`, `timezone`), which host calls read and write.
    pub external: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SrcLoc {
    pub file: Rc<str>,
    pub line: u32,
}

/// A whole lowered program.
#[derive(Debug)]
pub struct Program {
    pub funcs: Vec<Function>,
    pub globals: Vec<Global>,
    pub consts: Vec<Val>,
    pub types: Vec<TyInfo>,
    pub locs: Vec<SrcLoc>,
    pub func_by_name: FxHashMap<String, FuncId>,
    pub global_by_name: FxHashMap<String, u32>,
    /// `__attribute__((constructor))` functions, in the order they run.
    pub ctors: Vec<FuncId>,
    /// `__attribute__((destructor))` functions, in registration order
    /// (they run in reverse, after the program's own atexit handlers).
    pub dtors: Vec<FuncId>,
    /// The linked module as LLVM text, when loading was asked to keep it.
    pub assembly: String,
    /// The program's functions whose address is taken (used other than as
    /// the callee of a call of their own type), when loading was asked
    /// for them (KLEE's escaping functions).
    pub escaping: Vec<String>,
}

impl Program {
    #[inline]
    pub fn func(&self, f: FuncId) -> &Function {
        &self.funcs[f.idx()]
    }

    #[inline]
    pub fn ty(&self, t: TyId) -> &TyInfo {
        &self.types[t.idx()]
    }

    pub fn loc(&self, l: LocId) -> &SrcLoc {
        &self.locs[l.idx()]
    }

    /// The function whose address is `addr`, if any.
    pub(crate) fn func_at(&self, addr: u64) -> Option<FuncId> {
        let id = addr >> 32;
        if addr & 0xffff_ffff != 0 || id < FUNC_BASE {
            return None;
        }
        let f = (id - FUNC_BASE) as usize;
        (f < self.funcs.len()).then_some(FuncId(f as u32))
    }

    /// Number of LLVM instructions lowered (for statistics).
    pub fn num_insts(&self) -> usize {
        self.funcs.iter().flat_map(|f| &f.blocks).map(|b| b.insts.len()).sum()
    }
}
