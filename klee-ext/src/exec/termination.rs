//! Every way a path can end, and the file suffix each gets.

use crate::ir::SrcLoc;

/// Kinds of errors found on a path, named as KLEE names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorKind {
    /// Out-of-bounds, null or freed-memory access.
    Ptr,
    /// Invalid or double free.
    Free,
    /// Division or remainder by zero.
    Div,
    /// Failed `assert` / `klee_assert`.
    Assert,
    /// `abort()` or a trap.
    Abort,
    /// The executor cannot carry on (unsupported instruction, unknown
    /// function with symbolic arguments, …).
    Exec,
    /// A limitation of the executor's models (e.g. a call the FFI refuses).
    Model,
    /// Misuse of the intrinsics (`klee_assume(false)`, bad arguments).
    User,
    /// Write to read-only memory.
    ReadOnly,
    /// `klee_report_error` with a custom suffix.
    Report,
}

impl ErrorKind {
    pub fn suffix(self) -> &'static str {
        match self {
            ErrorKind::Ptr => "ptr",
            ErrorKind::Free => "free",
            ErrorKind::Div => "div",
            ErrorKind::Assert => "assert",
            ErrorKind::Abort => "abort",
            ErrorKind::Exec => "exec",
            ErrorKind::Model => "model",
            ErrorKind::User => "user",
            ErrorKind::ReadOnly => "read_only",
            ErrorKind::Report => "report",
        }
    }
}

/// Why a path stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    MaxTime,
    MaxInstructions,
    /// The run's solver steps (`Config::max_solver_steps`).
    MaxSolverSteps,
    MaxMemory,
    MaxDepth,
    /// The call stack reached `--max-stack-frames` (runaway recursion).
    MaxStack,
    /// The path ran `max_path_instructions` instructions.
    MaxPathInstructions,
    /// The path's stdout departed from the expected output.
    OutputMismatch,
    SolverTimeout,
    /// Exploration was halted with the state still pending.
    Halted,
}

impl StopReason {
    pub fn describe(&self) -> &'static str {
        match self {
            StopReason::MaxTime => "time limit (--max-time) reached",
            StopReason::MaxInstructions => "instruction limit (--max-instructions) reached",
            StopReason::MaxSolverSteps => "solver step limit reached",
            StopReason::MaxMemory => "memory limit (--max-memory) reached",
            StopReason::MaxDepth => "depth limit reached",
            StopReason::MaxStack => "Maximum stack size reached.",
            StopReason::MaxPathInstructions => "per-path instruction limit reached",
            StopReason::OutputMismatch => "output differs from the expected output",
            StopReason::SolverTimeout => "solver query timed out (--max-solver-time)",
            StopReason::Halted => "exploration halted",
        }
    }
}

#[derive(Clone, Debug)]
pub enum Termination {
    /// The program exited with this status.
    Exit(i32),
    /// `msg` is KLEE's words for the error; `info` details it (the
    /// `Info:` section of the `.err` file).
    Error {
        kind: ErrorKind,
        suffix: Option<String>,
        msg: String,
        loc: Option<SrcLoc>,
        stack: Vec<String>,
        info: Option<String>,
    },
    /// Ended early by a limit; written as `.early`.
    Early(StopReason),
    /// `klee_silent_exit` or an infeasible `klee_assume`: no test case.
    Silent,
}

impl Termination {
    /// File suffix of the companion file (`ptr.err`, `early`), if any.
    pub fn file_suffix(&self) -> Option<String> {
        match self {
            // A suffix given as KLEE's runtime gives it (`div.err`) keeps
            // its one `.err`.
            Termination::Error { kind, suffix, .. } => {
                let s = suffix.as_deref().unwrap_or(kind.suffix());
                Some(format!("{}.err", s.strip_suffix(".err").unwrap_or(s)))
            }
            Termination::Early(_) => Some("early".into()),
            _ => None,
        }
    }

    pub(crate) fn is_error(&self) -> bool {
        matches!(self, Termination::Error { .. })
    }
}
