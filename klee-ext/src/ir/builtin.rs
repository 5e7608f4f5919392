//! The functions the executor implements itself (`Special`) and the math
//! functions it evaluates (`MathFn`): names and ids only, so that lowering
//! can classify calls; their behaviour is in `exec`.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    MakeSymbolic,
    Assume,
    Range,
    Int,
    IsSymbolic,
    SilentExit,
    ReportError,
    KleeAbort,
    /// `klee_get_value_*`: the width of the value.
    GetValue,
    Warning,
    WarningOnce,
    PrintExpr,
    /// `klee_is_replay`: 1 when the objects come from a test.
    IsReplay,
    /// `klee_get_obj_size`: the size of the object a pointer is in.
    GetObjSize,
    /// `klee_define_fixed_object(addr, size)`: an object at a fixed address.
    DefineFixedObject,
    /// `klee_check_memory_access(ptr, size)`: a memory error unless the
    /// bytes are in one object.
    CheckMemoryAccess,
    /// `klee_prefer_cex(obj, cond)`: a preference for test values (not
    /// applied: test values are the solver's).
    PreferCex,
    /// `klee_set_forking(on)`: off, a symbolic branch follows one side.
    SetForking,
    OpenMerge,
    CloseMerge,
    Concretize,
    ApplySymbolic,
    /// `klee_apply_symbolic_f64`: a hole over `double` arguments.
    ApplySymbolicF64,
    Malloc,
    Calloc,
    Realloc,
    Free,
    Exit,
    Abort,
    AssertFail,
    Memcpy,
    Memmove,
    Memset,
    Write,
    Read,
    IsATty,
    FmtDouble,
    FmtLDouble,
    /// `__se2_expect_decimal`: a symbolic integer about to be printed on
    /// a stdout judged against an expected output.
    ExpectDecimal,
    /// `__se2_read_or_zero(p, n, is_signed)`: the `n`-byte integer at `p`
    /// (sign- or zero-extended), or 0 where `p` is not readable. A repair
    /// hole's lvalue arguments (`a[i]`, `*p`, `p->f`) are read so: the
    /// hole must not fault where the original expression would not have
    /// read them (short-circuit operands, a NULL buffer).
    ReadOrZero,
    Strtod,
    Strtof,
    Atof,
    Math(MathFn),
    Posix(PosixFn),
    SetLocale,
}

const TABLE: &[(&str, Special)] = &[
    ("klee_make_symbolic", Special::MakeSymbolic),
    ("klee_assume", Special::Assume),
    ("klee_range", Special::Range),
    ("klee_int", Special::Int),
    ("klee_is_symbolic", Special::IsSymbolic),
    ("klee_silent_exit", Special::SilentExit),
    ("klee_report_error", Special::ReportError),
    ("klee_abort", Special::KleeAbort),
    ("klee_get_value_char", Special::GetValue),
    ("klee_get_value_i32", Special::GetValue),
    ("klee_get_value_i64", Special::GetValue),
    ("klee_get_value_u32", Special::GetValue),
    ("klee_get_value_u64", Special::GetValue),
    ("klee_get_value_long", Special::GetValue),
    ("klee_get_valuel", Special::GetValue),
    ("klee_warning", Special::Warning),
    ("klee_warning_once", Special::WarningOnce),
    ("klee_print_expr", Special::PrintExpr),
    ("klee_is_replay", Special::IsReplay),
    ("klee_get_obj_size", Special::GetObjSize),
    ("klee_define_fixed_object", Special::DefineFixedObject),
    ("klee_check_memory_access", Special::CheckMemoryAccess),
    ("klee_prefer_cex", Special::PreferCex),
    ("klee_set_forking", Special::SetForking),
    ("klee_open_merge", Special::OpenMerge),
    ("klee_close_merge", Special::CloseMerge),
    ("klee_concretize", Special::Concretize),
    ("klee_apply_symbolic", Special::ApplySymbolic),
    ("klee_apply_symbolic_f64", Special::ApplySymbolicF64),
    ("malloc", Special::Malloc),
    ("calloc", Special::Calloc),
    ("realloc", Special::Realloc),
    ("free", Special::Free),
    ("_exit", Special::Exit),
    ("_Exit", Special::Exit),
    ("abort", Special::Abort),
    ("__assert_fail", Special::AssertFail),
    ("klee_assert_fail", Special::AssertFail),
    ("memcpy", Special::Memcpy),
    ("memmove", Special::Memmove),
    ("memset", Special::Memset),
    ("__se2_write", Special::Write),
    ("__se2_read", Special::Read),
    ("__se2_isatty", Special::IsATty),
    // POSIX read/write on the standard descriptors go to the path's
    // buffers too (other descriptors fail with -1).
    ("write", Special::Write),
    ("read", Special::Read),
    ("__se2_fmt_double", Special::FmtDouble),
    ("__se2_expect_decimal", Special::ExpectDecimal),
    ("__se2_fmt_ldouble", Special::FmtLDouble),
    ("__se2_read_or_zero", Special::ReadOrZero),
    ("strtod", Special::Strtod),
    ("strtof", Special::Strtof),
    ("atof", Special::Atof),
    ("setlocale", Special::SetLocale),
];

impl Special {
    pub(crate) fn lookup(name: &str) -> Option<Special> {
        TABLE
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
            .or_else(|| MathFn::from_c_name(name).map(Special::Math))
            .or_else(|| PosixFn::from_c_name(name).map(Special::Posix))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    Fabs,
    Floor,
    Ceil,
    Trunc,
    Round,
    RoundEven,
    Rint,
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Pow,
    Fmod,
    Fma,
    FMulAdd,
    Copysign,
    Fmin,
    Fmax,
    Hypot,
    Cbrt,
    Powi,
}

const NAMES: &[(&str, MathFn)] = &[
    ("fabs", MathFn::Fabs),
    ("floor", MathFn::Floor),
    ("ceil", MathFn::Ceil),
    ("trunc", MathFn::Trunc),
    ("round", MathFn::Round),
    ("roundeven", MathFn::RoundEven),
    ("rint", MathFn::Rint),
    ("nearbyint", MathFn::Rint),
    ("sqrt", MathFn::Sqrt),
    ("sin", MathFn::Sin),
    ("cos", MathFn::Cos),
    ("tan", MathFn::Tan),
    ("asin", MathFn::Asin),
    ("acos", MathFn::Acos),
    ("atan", MathFn::Atan),
    ("atan2", MathFn::Atan2),
    ("sinh", MathFn::Sinh),
    ("cosh", MathFn::Cosh),
    ("tanh", MathFn::Tanh),
    ("exp", MathFn::Exp),
    ("exp2", MathFn::Exp2),
    ("log", MathFn::Log),
    ("log2", MathFn::Log2),
    ("log10", MathFn::Log10),
    ("pow", MathFn::Pow),
    ("fmod", MathFn::Fmod),
    ("fma", MathFn::Fma),
    ("fmuladd", MathFn::FMulAdd),
    ("copysign", MathFn::Copysign),
    ("fmin", MathFn::Fmin),
    ("fmax", MathFn::Fmax),
    ("minnum", MathFn::Fmin),
    ("maxnum", MathFn::Fmax),
    ("hypot", MathFn::Hypot),
    ("cbrt", MathFn::Cbrt),
    ("powi", MathFn::Powi),
];

impl MathFn {
    /// The function behind a C name (`sqrt`, `sqrtf`).
    pub(crate) fn from_c_name(name: &str) -> Option<MathFn> {
        let base = name.strip_suffix('f').filter(|b| NAMES.iter().any(|(n, _)| n == b)).unwrap_or(name);
        NAMES.iter().find(|(n, _)| *n == base).map(|(_, m)| *m)
    }

    /// The C name of the double-precision function (`sqrt`).
    pub(crate) fn c_name(self) -> &'static str {
        NAMES.iter().find(|(_, m)| *m == self).map(|(n, _)| *n).expect("every MathFn has a name")
    }

    /// The function behind an intrinsic's base name (`llvm.floor.f64` → `floor`).
    pub(crate) fn from_intrinsic(base: &str) -> Option<MathFn> {
        NAMES.iter().find(|(n, _)| *n == base).map(|(_, m)| *m)
    }
}

/// POSIX functions the executor implements over the host (`exec/posix`):
/// file descriptors, directories, the working directory, changes to the
/// file system, and processes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PosixFn {
    Open,
    OpenAt,
    Creat,
    Close,
    Pread,
    Pwrite,
    Lseek,
    Dup,
    Dup2,
    Dup3,
    Fcntl,
    Fstat,
    FstatAt,
    Statx,
    Stat,
    Lstat,
    Access,
    FaccessAt,
    Readlink,
    ReadlinkAt,
    Getdents,
    Chdir,
    Fchdir,
    Getcwd,
    Realpath,
    CanonicalizeFileName,
    Unlink,
    UnlinkAt,
    Rmdir,
    Mkdir,
    MkdirAt,
    Rename,
    RenameAt,
    RenameAt2,
    Symlink,
    SymlinkAt,
    Link,
    LinkAt,
    Chmod,
    FchmodAt,
    Fchmod,
    Chown,
    Lchown,
    FchownAt,
    Fchown,
    UtimensAt,
    Futimens,
    Truncate,
    Ftruncate,
    Fsync,
    Isatty,
    Pipe,
    Fork,
    Execve,
    Execv,
    Execvp,
    Execvpe,
    Waitpid,
    Wait,
    Getpid,
    Getppid,
}

const POSIX: &[(&str, PosixFn)] = &[
    ("open", PosixFn::Open),
    ("open64", PosixFn::Open),
    ("openat", PosixFn::OpenAt),
    ("openat64", PosixFn::OpenAt),
    ("creat", PosixFn::Creat),
    ("creat64", PosixFn::Creat),
    ("close", PosixFn::Close),
    ("pread", PosixFn::Pread),
    ("pread64", PosixFn::Pread),
    ("pwrite", PosixFn::Pwrite),
    ("pwrite64", PosixFn::Pwrite),
    ("lseek", PosixFn::Lseek),
    ("lseek64", PosixFn::Lseek),
    ("dup", PosixFn::Dup),
    ("dup2", PosixFn::Dup2),
    ("dup3", PosixFn::Dup3),
    ("fcntl", PosixFn::Fcntl),
    ("fcntl64", PosixFn::Fcntl),
    ("fstat", PosixFn::Fstat),
    ("fstat64", PosixFn::Fstat),
    ("fstatat", PosixFn::FstatAt),
    ("fstatat64", PosixFn::FstatAt),
    ("statx", PosixFn::Statx),
    ("stat", PosixFn::Stat),
    ("stat64", PosixFn::Stat),
    ("lstat", PosixFn::Lstat),
    ("lstat64", PosixFn::Lstat),
    ("access", PosixFn::Access),
    ("euidaccess", PosixFn::Access),
    ("eaccess", PosixFn::Access),
    ("faccessat", PosixFn::FaccessAt),
    ("readlink", PosixFn::Readlink),
    ("readlinkat", PosixFn::ReadlinkAt),
    ("getdents64", PosixFn::Getdents),
    ("chdir", PosixFn::Chdir),
    ("fchdir", PosixFn::Fchdir),
    ("getcwd", PosixFn::Getcwd),
    ("realpath", PosixFn::Realpath),
    ("canonicalize_file_name", PosixFn::CanonicalizeFileName),
    ("unlink", PosixFn::Unlink),
    ("unlinkat", PosixFn::UnlinkAt),
    ("rmdir", PosixFn::Rmdir),
    ("mkdir", PosixFn::Mkdir),
    ("mkdirat", PosixFn::MkdirAt),
    ("rename", PosixFn::Rename),
    ("renameat", PosixFn::RenameAt),
    ("renameat2", PosixFn::RenameAt2),
    ("symlink", PosixFn::Symlink),
    ("symlinkat", PosixFn::SymlinkAt),
    ("link", PosixFn::Link),
    ("linkat", PosixFn::LinkAt),
    ("chmod", PosixFn::Chmod),
    ("fchmodat", PosixFn::FchmodAt),
    ("fchmod", PosixFn::Fchmod),
    ("chown", PosixFn::Chown),
    ("lchown", PosixFn::Lchown),
    ("fchownat", PosixFn::FchownAt),
    ("fchown", PosixFn::Fchown),
    ("utimensat", PosixFn::UtimensAt),
    ("futimens", PosixFn::Futimens),
    ("truncate", PosixFn::Truncate),
    ("truncate64", PosixFn::Truncate),
    ("ftruncate", PosixFn::Ftruncate),
    ("ftruncate64", PosixFn::Ftruncate),
    ("fsync", PosixFn::Fsync),
    ("fdatasync", PosixFn::Fsync),
    ("isatty", PosixFn::Isatty),
    ("pipe", PosixFn::Pipe),
    ("fork", PosixFn::Fork),
    ("vfork", PosixFn::Fork),
    ("execve", PosixFn::Execve),
    ("execv", PosixFn::Execv),
    ("execvp", PosixFn::Execvp),
    ("execvpe", PosixFn::Execvpe),
    ("waitpid", PosixFn::Waitpid),
    ("wait", PosixFn::Wait),
    ("getpid", PosixFn::Getpid),
    ("getppid", PosixFn::Getppid),
];

impl PosixFn {
    pub(crate) fn from_c_name(name: &str) -> Option<PosixFn> {
        POSIX.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
    }
}
