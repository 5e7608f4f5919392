//! The settings of an exploration (`Config`), with KLEE's defaults where
//! KLEE has one.

use super::{posix, so, ArgSpec, ReplayObjects};
use crate::search::SearchKind;
use crate::solver::SolverConfig;
use std::rc::Rc;
use std::time::Duration;

/// Every setting of an exploration, with KLEE's defaults where KLEE has one.
#[derive(Clone, Debug)]
pub struct Config {
    /// Stop exploring after this long (`--max-time`); remaining states end
    /// early. Default: no limit.
    pub max_time: Option<Duration>,
    /// Stop after this many instructions in total (`--max-instructions`).
    pub max_instructions: Option<u64>,
    /// Stop once the first-order solver has taken this many Z3 steps in
    /// total (counted with `solver.steps`): a bound in work on runs whose
    /// time goes to the solver, not to instructions.
    pub max_solver_steps: Option<u64>,
    /// End a single path early once it has run this many instructions
    /// (a path looping forever under some interpretation of a hole).
    pub max_path_instructions: Option<u64>,
    /// End a path early once it has applied second-order (or first-order)
    /// holes this many times: a hole that keeps a loop going makes one
    /// path per iteration count, each costing a query.
    pub max_hole_applications: Option<u64>,
    /// The characters a symbolic argument (`ArgSpec::Sym`) may hold
    /// before its end (NUL is always allowed); `None`: any byte.
    pub sym_arg_alphabet: Option<Rc<Vec<u8>>>,
    /// Fork at most this many times (`--max-forks`); after that a symbolic
    /// branch follows one feasible side.
    pub max_forks: Option<u64>,
    /// Memory limit in bytes for one path's heap and stack (`--max-memory`,
    /// given in MB). Default 2000 MB, as KLEE.
    pub max_memory: u64,
    /// Memory limit in bytes of the whole run (`klee --max-memory`, as
    /// KLEE): over it no path forks, well over it paths end early.
    pub max_total_memory: Option<u64>,
    /// Objects larger than this cannot be allocated (a path asking for more
    /// ends with a `model` error). Default 1 GiB.
    pub max_object_size: u64,
    /// Call-stack depth limit (`--max-stack-frames`; guards runaway
    /// recursion). Default 100 000.
    pub max_stack: usize,
    pub search: SearchKind,
    /// Further searchers, interleaved with `search` (KLEE's repeated
    /// `--search`).
    pub search_more: Vec<SearchKind>,
    /// With batching on (`--use-batching-search`), the instructions a
    /// picked state runs before the next pick.
    pub batch_instructions: Option<u64>,
    pub seed: u64,
    pub solver: SolverConfig,
    /// argv[0] as the program sees it.
    pub program_name: String,
    /// argv[1..], concrete or symbolic.
    pub args: Vec<ArgSpec>,
    /// `--sym-stdin N`.
    pub sym_stdin: Option<u32>,
    /// `--sym-files N SIZE`: files `A`, `B`, ... of SIZE symbolic bytes.
    pub sym_files: Option<(u32, u32)>,
    /// `--sym-stdout`: stdout is never a terminal.
    pub sym_stdout: bool,
    /// Fixed bytes for stdin instead of the tool's own stdin (a test's
    /// input); ignored with `sym_stdin`.
    pub stdin: Option<Rc<Vec<u8>>>,
    /// Positions (ascending) of `stdin`'s bytes that are symbolic decimal
    /// digits (`'0'..='9'`) instead of fixed: an input shaped like a
    /// test's, its numbers free in their width (the object `stdin`; its
    /// other bytes are the fixed ones). Empty: `stdin` as given.
    pub stdin_digits: Rc<Vec<u32>>,
    /// The output a path must print (a test's expected stdout): a path
    /// whose stdout departs from it ends early (`OutputMismatch`), and a
    /// symbolic byte printed is constrained to the expected byte.
    pub expect_stdout: Option<Rc<Vec<u8>>>,
    /// A symbolic exit status forks a path per value it may have (a run
    /// that judges paths by a test's outcome, where the one value KLEE
    /// would concretize it to may fail the test when another passes it);
    /// otherwise it is concretized to one value, as KLEE does.
    pub fork_on_values: bool,
    /// A value the VM would silently concretize (a field width, a copy's
    /// length) forks instead, smallest values first: this path takes the
    /// smallest value below 16 (`control::PIN_SMALL`) the path
    /// allows (else its model's), and within the fork limit a copy
    /// re-executes the instruction with the values above it. For runs that
    /// look for any path that passes a test (model-lib's recording of a
    /// test left undecided), where the one value KLEE would pin may fail
    /// it when another passes it.
    pub fork_on_pins: bool,
    /// Replay the objects of a `.ktest` instead of making them symbolic.
    pub replay: Option<ReplayObjects>,
    /// Seeds (`--seed-file`, `--seed-dir`) and how they are used.
    pub seeding: super::seed::SeedConfig,
    /// Instructions a state runs before the searcher picks again.
    pub quantum: u64,
    /// Print warnings (concretizations, external calls) on stderr.
    pub warnings: bool,
    /// Second-order (`So`) or first-order (`Fo`) holes.
    pub hole_mode: crate::so::HoleMode,
    /// Original-first holes (`so.rs`): each evaluation returns the
    /// original expression's value, except the evaluations the schedule
    /// names, which deviate from it. `None`: holes are symbolic.
    pub hole_schedule: Option<Rc<so::HoleSchedule>>,
    /// `--so-lang NAME=SPEC`: languages of second-order variables.
    pub so_langs: Vec<(String, crate::so::LangSpec)>,
    /// What a path may change on the host file system (`exec/posix`).
    pub host_writes: posix::HostWrites,
    /// A directory a symbolic run may always change.
    pub scratch_dir: Option<std::path::PathBuf>,
    /// The program's environment (`NAME=VALUE` strings); `None`: the
    /// tool's own.
    pub env: Option<Vec<Vec<u8>>>,
    /// The program's initial working directory; `None`: the tool's own.
    pub cwd: Option<std::path::PathBuf>,
    /// Record the symbolic execution tree (`Executor::tree`).
    pub record_tree: bool,
    /// The function a path starts in (`--entry-point`); `None`: `main`.
    pub entry: Option<String>,
    /// What a call of a host function may take (`--external-calls`).
    pub external_calls: ExternalCalls,
    /// A shift by the operand's width or more ends the path with an
    /// `overshift` error (`--check-overshift`, on in klee mode).
    pub check_overshift: bool,
    /// A division whose symbolic divisor may be zero forks a `div` error
    /// (`--check-div-zero`, on by default).
    pub check_div_zero: bool,
    /// A `klee_assume` that cannot hold ends the path silently
    /// (`--silent-klee-assume`) instead of with a user error.
    pub silent_klee_assume: bool,
    /// The program's stdout is line-buffered whatever it is (klee mode:
    /// KLEE's programs print through the host's stdio, so a line printed
    /// before an error is not lost with the path).
    pub line_buffered_stdout: bool,
    /// `klee_open_merge`/`klee_close_merge` merge paths (`--use-merge`).
    pub use_merge: bool,
    /// Print each open and close of a merge (`--debug-log-merge`).
    pub debug_log_merge: bool,
    /// Record each path's branch decisions in the program's code
    /// (`State::path`; KLEE's `--write-paths`).
    pub record_branches: bool,
    /// Follow these branch decisions (KLEE's `--replay-path`); implies
    /// `record_branches`.
    pub replay_path: Option<Rc<Vec<bool>>>,
    /// Record the blocks each path enters, for its covered source lines
    /// (`PathReport::lines`; KLEE's `--write-cov`).
    pub record_lines: bool,
    /// Paths that end without an error and cover nothing new are
    /// reported bare (termination and counts only): the sink writes no
    /// test for them (KLEE's `--only-output-states-covering-new`).
    pub bare_reports: bool,
    /// A symbolic switch forks once per target block (KLEE's
    /// `--switch-type=internal`); off, once per case value and the default,
    /// as a chain of branches (`--switch-type=simple`).
    pub switch_by_target: bool,
    /// Copy the program's stdout and stderr to the tool's as the program
    /// writes them (klee mode), instead of each path's at its end.
    pub echo_live: bool,
    /// With `echo_live`, the program's stdout reaches the tool's through a
    /// block buffer flushed when full and at the end (`flush_echo`), as
    /// the host's printf under KLEE with no C library writes into KLEE's
    /// own stdout when that is not a terminal.
    pub echo_block_buffered: bool,
    /// `klee_make_symbolic` must name a whole object (KLEE's rule; `run`
    /// also allows part of one).
    pub whole_objects: bool,
    /// KLEE's POSIX `--max-fail N`: up to N reads, writes or closes of
    /// files per path fail with EIO, each on a path of its own.
    pub max_fail: u32,
    /// The heap functions as KLEE's handlers have them (klee mode): a
    /// symbolic `malloc`/`calloc`/`realloc` size is pinned to a small value
    /// it may take, a copy of the path takes the one other value if there
    /// is one, else sizes over 2^31 return null and the rest end with a
    /// `model` error; `realloc(p, 0)` frees `p` and returns null. Off: a
    /// symbolic size is concretized, and `realloc` is glibc's.
    pub klee_heap: bool,
    /// The largest objects (bytes) a symbolic offset may read and write
    /// without being concretized: each access builds an expression over
    /// every position of the object. Default 4096 and 1024; klee mode
    /// raises both to 8192 and warns, as KLEE does, when an object over
    /// 4096 bytes goes to the solver.
    pub sym_read_limit: u64,
    /// KLEE's `--make-concrete-symbolic=N`: about one in N loads of a
    /// concrete value (0: none) returns a fresh symbolic value constrained
    /// equal to it, a test of the solver path (not in the tests written).
    pub make_concrete_symbolic: u64,
    /// A symbolic file, stdin or stdout is a terminal where its symbolic
    /// stat says it is a character device: `isatty` and `ioctl` fork on it
    /// (KLEE's model; klee mode). Off, it is never one (a pipe's answers).
    pub symbolic_terminals: bool,
    pub sym_write_limit: u64,
    /// Which objects a symbolic address is resolved to besides the one
    /// its path's model points into.
    pub object_resolution: ObjectResolution,
    /// KLEE's `--optimize-array`: which of its array optimizations are
    /// carried out and reported (`array_opt.rs`).
    pub optimize_array: OptimizeArray,
    /// The searcher within iterative deepening (`search::Deepening`;
    /// `--use-iterative-deepening-time-search`).
    pub iterative_deepening: bool,
    /// Which host calls are reported (`--external-call-warnings`).
    pub external_call_warnings: CallWarnings,
    /// A branch whose instruction made more than this share of all forks
    /// does not fork (`--max-static-fork-pct`; 1: no limit).
    pub max_static_fork_pct: f64,
    /// As `max_static_fork_pct`, for the forks of a call path
    /// (`--max-static-cpfork-pct`).
    pub max_static_cpfork_pct: f64,
    /// The limits apply once the run has forked this many times
    /// (`--max-static-pct-check-delay`).
    pub max_static_pct_check_delay: u64,
}

/// KLEE's `--external-call-warnings` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CallWarnings {
    /// None.
    None,
    /// The first call of each function (the default).
    #[default]
    OncePerFunction,
    /// Every call.
    All,
}

/// KLEE's `--optimize-array` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OptimizeArray {
    #[default]
    None,
    /// Branch conditions over reads of constant objects at one symbolic
    /// offset become ranges of the offset.
    Index,
    /// Reads at a symbolic offset are value selections (always so here);
    /// each is reported.
    Value,
    /// Both.
    All,
    /// As `Index`, without the reports (KLEE's `--const-array-opt`).
    IndexQuiet,
}

/// KLEE's `--external-calls` policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExternalCalls {
    /// No host call (KLEE lets `printf`, `fprintf`, `puts` and `getpid`
    /// through).
    None,
    /// Arguments must have one value on the path; otherwise the path ends
    /// with an error (KLEE's default).
    Concrete,
    /// Symbolic arguments are concretized (`run`'s default).
    All,
}

impl Config {
    /// The searcher this configuration asks for.
    pub(crate) fn search_plan(&self) -> crate::search::SearchPlan {
        let mut kinds = vec![self.search];
        kinds.extend(self.search_more.iter().copied());
        crate::search::SearchPlan {
            kinds,
            seed: self.seed,
            batch_instructions: self.batch_instructions,
            deepening: self.iterative_deepening,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_time: None,
            max_instructions: None,
            max_solver_steps: None,
            max_path_instructions: None,
            max_hole_applications: None,
            sym_arg_alphabet: None,
            max_forks: None,
            max_memory: 2000 << 20,
            max_total_memory: None,
            max_object_size: 1 << 30,
            max_stack: 100_000,
            search: SearchKind::Dfs,
            search_more: Vec::new(),
            batch_instructions: None,
            seed: 1,
            solver: SolverConfig::default(),
            program_name: "program".into(),
            args: Vec::new(),
            sym_stdin: None,
            sym_files: None,
            sym_stdout: false,
            stdin: None,
            stdin_digits: Rc::default(),
            expect_stdout: None,
            fork_on_values: false,
            fork_on_pins: false,
            replay: None,
            seeding: Default::default(),
            quantum: 10_000,
            warnings: true,
            hole_mode: crate::so::HoleMode::So,
            hole_schedule: None,
            so_langs: Vec::new(),
            host_writes: posix::HostWrites::Auto,
            scratch_dir: None,
            env: None,
            cwd: None,
            record_tree: false,
            entry: None,
            external_calls: ExternalCalls::All,
            check_overshift: false,
            check_div_zero: true,
            silent_klee_assume: false,
            line_buffered_stdout: false,
            use_merge: false,
            debug_log_merge: false,
            record_branches: false,
            replay_path: None,
            record_lines: false,
            bare_reports: false,
            switch_by_target: true,
            echo_live: false,
            echo_block_buffered: false,
            whole_objects: false,
            max_fail: 0,
            klee_heap: false,
            sym_read_limit: 4096,
            make_concrete_symbolic: 0,
            symbolic_terminals: false,
            sym_write_limit: 1024,
            object_resolution: ObjectResolution::Every,
            optimize_array: OptimizeArray::None,
            iterative_deepening: false,
            external_call_warnings: CallWarnings::OncePerFunction,
            max_static_fork_pct: 1.0,
            max_static_cpfork_pct: 1.0,
            max_static_pct_check_delay: 1000,
        }
    }
}

/// Which objects a symbolic address may resolve to besides the one its
/// path's model points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectResolution {
    /// Each object it may point into: a copy of the path resolves it again
    /// to each other one (KLEE's default).
    Every,
    /// Only that object; anywhere else is an out-of-bound error
    /// (`--single-object-resolution`).
    Single,
    /// Only that object where the address is an offset into one object
    /// (C's pointer arithmetic stays inside the object it starts from, so
    /// an index past it is out of bounds, not an access to a neighbour
    /// that happens to lie at the next ids); where the address chooses
    /// among objects (`c ? p : q` as one value), as [`Every`](Self::Every).
    /// What `fix` uses: which neighbours an index can reach depends on how
    /// many objects the run made before (the environment's strings among
    /// them), so resolving to them made the paths explored, and the time,
    /// depend on the shell `fix` runs in.
    Indexed,
}
