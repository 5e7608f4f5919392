//! One execution state: a path through the program.

use super::memory::Memory;
use crate::expr::{ArrayId, ExprId};
use crate::ir::{BlockId, FuncId, LocId, RegId, Val};
use crate::so::Assignment;
use std::rc::Rc;

pub use crate::search::StateId;

#[derive(Clone, Debug)]
pub struct Frame {
    pub func: FuncId,
    pub block: BlockId,
    pub pc: u32,
    pub regs: Vec<Val>,
    /// Where the caller wants the return value.
    pub ret_dst: Option<RegId>,
    /// Objects to release on return (allocas, byval copies, varargs area).
    pub owned: Vec<u64>,
    /// Base address of the variadic-argument area, if the function is variadic.
    pub varargs: u64,
    /// Location of the call that created this frame.
    pub call_loc: LocId,
    /// The integer width the caller expects back when it called through a
    /// cast to another return type (0: the callee's own).
    pub ret_w: u8,
}

impl Frame {
    /// A frame entered at the top of `func` with `regs`, returning nothing
    /// to its caller, owning nothing, without variadic arguments (the
    /// program's entry, constructors, destructors, handlers the executor
    /// calls).
    pub fn entry(func: FuncId, regs: Vec<Val>, call_loc: LocId) -> Frame {
        Frame { func, block: BlockId(0), pc: 0, regs, ret_dst: None, owned: Vec::new(), varargs: 0, call_loc, ret_w: 0 }
    }
}

/// Bytes a path wrote to one file descriptor; symbolic bytes are kept as
/// expressions and concretized under the path's model when it ends.
#[derive(Clone, Debug, Default)]
pub struct OutBuf {
    pub bytes: Vec<u8>,
    pub sym: Vec<(usize, ExprId)>,
}

impl OutBuf {
    /// The bytes, symbolic ones evaluated under `model`.
    pub fn render(&self, pool: &crate::expr::ExprPool, model: &Assignment) -> Vec<u8> {
        let mut out = self.bytes.clone();
        for &(i, e) in &self.sym {
            out[i] = pool.eval(e, model) as u8;
        }
        out
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

/// Where a state's standard input comes from.
#[derive(Clone, Debug)]
pub enum StdinSrc {
    /// The tool's own standard input (read lazily, shared by all states).
    Host,
    /// `--sym-stdin N`: bytes of array `arr`.
    Symbolic { arr: ArrayId, len: u32 },
    /// Fixed bytes (a replayed `--sym-stdin`).
    Bytes(Rc<Vec<u8>>),
    /// Each byte fixed or an expression (`Config::stdin_digits`).
    Cells(Rc<Vec<Result<u8, ExprId>>>),
}

#[derive(Clone, Debug)]
pub struct State {
    pub id: StateId,
    pub stack: Vec<Frame>,
    pub mem: Memory,
    pub constraints: Rc<Vec<ExprId>>,
    /// An assignment satisfying `constraints` (invariant kept by every
    /// place that adds a constraint).
    pub model: Rc<Assignment>,
    pub stdout: OutBuf,
    pub stderr: OutBuf,
    pub stdin: StdinSrc,
    pub stdin_pos: u64,
    /// Symbolic objects made on this path, in order: (array, ktest name).
    pub arrays: Vec<(ArrayId, Rc<str>)>,
    /// Number of forks on the way to this state.
    pub depth: u32,
    pub instructions: u64,
    /// `instructions` when the state last covered a new block (nurs:covnew).
    pub covnew: u64,
    /// The state covered a block no path had covered, since it was forked
    /// off (KLEE's `coveredNew`: a state made at a fork starts without
    /// it; `--only-output-states-covering-new` writes a test only when set).
    pub covered_new: bool,
    /// A symbolic value was silently concretized on the path (pinned to
    /// one value its condition allowed, the others not explored).
    pub concretized: bool,
    /// Location of the instruction being executed.
    pub loc: LocId,
    /// Second-order applications evaluated on this path, in order.
    pub apps: Rc<Vec<ArrayId>>,
    /// Scheduled holes' evaluations on this path, in order.
    pub holes: Rc<Vec<super::so::HoleEval>>,
    /// Descriptors, working directory and children (`exec/posix`).
    pub proc: super::posix::Proc,
    /// The state's node in the recorded tree (`tree.rs`; 0: the root).
    pub tree_node: u32,
    /// `klee_set_forking(0)`: symbolic branches follow one side.
    pub forking_off: bool,
    /// Merge groups the path has open, innermost last (`merge.rs`).
    pub merges: Vec<u32>,
    /// Branch decisions in the program's code, when recorded.
    pub path: Rc<Vec<bool>>,
    /// Blocks the path entered, when recorded (`Config::record_lines`).
    pub blocks: Rc<Vec<(crate::ir::FuncId, crate::ir::BlockId)>>,
    /// Calls made to fail so far (`Config::max_fail`).
    pub fails: u32,
    /// `klee_prefer_cex` conditions: the test's values meet as many of
    /// them as the path allows, in order.
    pub prefs: Rc<Vec<ExprId>>,
    /// The seeds that still steer this path (`seed.rs`).
    pub seeds: Rc<Vec<super::seed::Seed>>,
}

impl State {
    /// The innermost frame (a running state always has one).
    #[inline]
    pub fn frame(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("a running state has a frame")
    }

    /// The innermost frame, read-only.
    #[inline]
    pub fn top(&self) -> &Frame {
        self.stack.last().expect("a running state has a frame")
    }

    /// The registers of the innermost frame.
    #[inline]
    pub(crate) fn regs(&self) -> &[Val] {
        &self.top().regs
    }

    /// Adds `c`, with `model` a model of the constraints and `c`.
    pub(crate) fn add_constraint(&mut self, c: ExprId, model: Rc<Assignment>) {
        Rc::make_mut(&mut self.constraints).push(c);
        self.model = model;
    }
}

/// Vectors of finished frames and calls, kept for the next call: at -O0
/// every call would otherwise allocate its registers, its argument list
/// and its list of stack objects.
#[derive(Default)]
pub(crate) struct VecPool {
    pub regs: Vec<Vec<Val>>,
    pub owned: Vec<Vec<u64>>,
    pub args: Vec<Vec<Val>>,
}

/// Vectors kept per kind, at most.
const POOL_MAX: usize = 256;

impl VecPool {
    pub(crate) fn give_frame(&mut self, mut regs: Vec<Val>, mut owned: Vec<u64>) {
        if self.regs.len() < POOL_MAX {
            regs.clear();
            self.regs.push(regs);
        }
        if self.owned.len() < POOL_MAX && owned.capacity() > 0 {
            owned.clear();
            self.owned.push(owned);
        }
    }

    pub(crate) fn give_args(&mut self, mut args: Vec<Val>) {
        if self.args.len() < POOL_MAX {
            args.clear();
            self.args.push(args);
        }
    }
}
