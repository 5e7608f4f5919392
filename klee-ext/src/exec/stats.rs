//! What KLEE's statistics (`run.stats`, `run.istats`) count, kept by the
//! executor: forks by the kind of instruction that forked, ended paths
//! by termination class, external calls and allocations, the time spent
//! copying states, and coverage of the program's own code (instructions
//! of the blocks entered, conditional branches by the sides taken).
//!
//! Coverage is over the program's functions, not the tool's C library
//! (`Func::runtime`), as KLEE leaves its runtime out; an instruction is
//! covered when its block was entered.

use super::{Executor, State, StopReason, Termination};
use crate::ir::{FuncKind, Inst, Program};
use std::time::Duration;

/// KLEE's branch types (`BranchTypes.h`), the kinds of fork counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BranchKind {
    Conditional = 0,
    Indirect,
    Switch,
    Call,
    MemOp,
    ResolvePointer,
    Alloc,
    Realloc,
    Free,
    GetVal,
}

/// KLEE's names of the branch kinds, by `BranchKind as usize`.
pub(crate) const BRANCH_KINDS: [&str; 10] =
    ["Conditional", "Indirect", "Switch", "Call", "MemOp", "ResolvePointer", "Alloc", "Realloc", "Free", "GetVal"];

/// KLEE's termination classes (`TerminationTypes.h`).
pub(crate) const TERMINATION_CLASSES: [&str; 8] =
    ["Exit", "Early", "SolverError", "ProgramError", "UserError", "ExecutionError", "EarlyAlgorithm", "EarlyUser"];

/// Counters KLEE's statistics report that the executor keeps.
#[derive(Clone, Debug, Default)]
pub struct KleeCounters {
    pub external_calls: u64,
    pub allocations: u64,
    /// Forks by `BranchKind`.
    pub branches: [u64; 10],
    /// Ended paths by class (`TERMINATION_CLASSES`).
    pub terminations: [u64; 8],
    /// Time spent copying states at forks.
    pub fork_time: Duration,
    /// The class of the path about to end, when its termination does not
    /// tell (a path merged into another ends silently).
    pub next_class: Option<usize>,
}

/// The class of a path that ended by merging into another.
pub(crate) const EARLY_ALGORITHM: usize = 6;

/// Coverage of the program's own code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub covered_instructions: u64,
    pub uncovered_instructions: u64,
    /// Conditional branches.
    pub branches: u64,
    /// Conditional branches both of whose sides were taken.
    pub full_branches: u64,
    /// Conditional branches one of whose sides was taken.
    pub partial_branches: u64,
}

/// One instruction of the program's own code in the profile: its
/// number (1-based, over the whole program), source line, times run, and
/// the function it calls directly, if any, with that function's first
/// instruction's number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct InstrCount {
    pub instr: u64,
    pub line: u32,
    pub runs: u64,
    pub calls: Option<(String, u64)>,
}

/// A function's instructions in the profile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FuncProfile {
    pub name: String,
    pub file: String,
    pub instrs: Vec<InstrCount>,
}

/// The class of a path's end.
pub(crate) fn termination_class(t: &Termination) -> usize {
    use super::ErrorKind as K;
    match t {
        Termination::Exit(_) => 0,
        Termination::Early(StopReason::SolverTimeout) => 2,
        Termination::Early(_) => 1,
        Termination::Error { kind: K::User, .. } => 4,
        Termination::Error { kind: K::Exec | K::Model, .. } => 5,
        Termination::Error { .. } => 3,
        Termination::Silent => 7,
    }
}

impl<'p> Executor<'p> {
    /// Counts a fork of `kind`.
    pub(super) fn count_fork(&mut self, kind: BranchKind) {
        self.stats.forks += 1;
        self.stats.klee.branches[kind as usize] += 1;
    }

    /// Marks side `side` (0 true, 1 false) of the conditional branch that
    /// ends the block `st` is in as taken.
    pub(super) fn mark_side(&mut self, st: &State, side: usize) {
        let fr = st.top();
        self.sides[fr.func.idx()][fr.block.idx()] |= 1 << side;
    }

    /// Paths not ended yet.
    pub(crate) fn active_states(&self) -> u64 {
        self.states.iter().filter(|s| s.is_some()).count() as u64
    }

    /// Coverage of the program's own code so far.
    pub fn coverage(&self) -> Coverage {
        coverage_of(self.prog, &self.covered, &self.sides)
    }

    /// Times each block was entered and the sides taken of its
    /// conditional branch, by function.
    pub(crate) fn block_profile(&self) -> (&[Vec<u64>], &[Vec<u8>]) {
        (&self.covered, &self.sides)
    }
}

/// The program's own functions: (index, function).
fn own_funcs(prog: &Program) -> impl Iterator<Item = (usize, &crate::ir::Function)> {
    prog.funcs.iter().enumerate().filter(|(_, f)| f.kind == FuncKind::Defined && !f.runtime)
}

/// Coverage of the program's own code by block entry `counts` and branch
/// `sides` (empty: nothing run).
pub(crate) fn coverage_of(prog: &Program, counts: &[Vec<u64>], sides: &[Vec<u8>]) -> Coverage {
    let mut c = Coverage::default();
    for (fi, f) in own_funcs(prog) {
        for (bi, b) in f.blocks.iter().enumerate() {
            let n = b.insts.len() as u64;
            if counts.get(fi).and_then(|v| v.get(bi)).is_some_and(|&k| k > 0) {
                c.covered_instructions += n;
            } else {
                c.uncovered_instructions += n;
            }
            if matches!(b.insts.last(), Some(Inst::CondBr { .. })) {
                c.branches += 1;
                match sides.get(fi).and_then(|v| v.get(bi)).copied().unwrap_or(0) {
                    3 => c.full_branches += 1,
                    0 => {}
                    _ => c.partial_branches += 1,
                }
            }
        }
    }
    c
}

/// The number of each function's first instruction: instructions are
/// numbered over the whole program from 1, as lines of a listing.
pub(crate) fn first_instructions(prog: &Program) -> Vec<u64> {
    let mut first = Vec::with_capacity(prog.funcs.len());
    let mut n = 1u64;
    for f in &prog.funcs {
        first.push(n);
        n += f.blocks.iter().map(|b| b.insts.len() as u64).sum::<u64>();
    }
    first
}

/// The profile of the program's own functions by block entry `counts`:
/// each instruction with a source line, in program order.
pub(crate) fn profile_of(prog: &Program, counts: &[Vec<u64>]) -> Vec<FuncProfile> {
    let first = first_instructions(prog);
    let mut out = Vec::new();
    for (fi, f) in own_funcs(prog) {
        let mut fp = FuncProfile { name: f.name.clone(), ..FuncProfile::default() };
        let mut instr = first[fi];
        for (bi, b) in f.blocks.iter().enumerate() {
            let runs = counts.get(fi).and_then(|v| v.get(bi)).copied().unwrap_or(0);
            for (inst, l) in b.insts.iter().zip(&b.locs) {
                let loc = prog.loc(*l);
                if loc.line != 0 {
                    if fp.file.is_empty() {
                        fp.file = loc.file.to_string();
                    }
                    let calls = match inst {
                        Inst::Call(ci) => match ci.callee {
                            crate::ir::Callee::Func(g) if prog.func(g).kind == FuncKind::Defined => {
                                Some((prog.func(g).name.clone(), first[g.idx()]))
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                    fp.instrs.push(InstrCount { instr, line: loc.line, runs, calls });
                }
                instr += 1;
            }
        }
        out.push(fp);
    }
    out
}
