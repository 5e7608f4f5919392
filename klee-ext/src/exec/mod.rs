//! The executor: runs states of a lowered [`Program`] instruction by
//! instruction, forking on symbolic branches.
//!
//! Split by concern: `arith.rs` (integer and float operations and casts),
//! `memops.rs` (alloca, load, store, GEP, pointer resolution), `call.rs`
//! (calls, returns, varargs, intrinsics), `control.rs` (branches and
//! forking), `special.rs` (the table of functions the executor implements),
//! `ffi.rs` (host calls with concrete arguments), `setup.rs` (initial
//! states: globals, argv, stdin), `report.rs` (the end of a path: its
//! counts and its report for the sink).
//!
//! The concrete fast path: when every operand is `Val::C`, an instruction
//! is computed directly on `u64`s; expressions are built only when an
//! operand is symbolic, and the solver is asked only at symbolic branches,
//! symbolic addresses and concretizations.

mod arith;
mod array_opt;
mod call;
mod config;
mod control;
mod echo;
mod errors;
mod fast;
mod ffi;
mod heap;
mod host;
mod host_lists;
mod inst_log;
mod locale;
mod math;
mod memcap;
mod memops;
pub mod memory;
mod merge;
pub mod posix;
mod report;
mod seed;
mod setup;
pub mod so;
mod special;
pub mod state;
mod static_pct;
pub mod stats;
pub mod termination;
pub mod tree;
mod wide;

pub use crate::ir::MathFn;
pub use config::{CallWarnings, Config, ExternalCalls, ObjectResolution, OptimizeArray};
pub use echo::flush_echo;
pub use inst_log::InstForm;
pub use seed::SeedConfig;
pub use setup::{ArgSpec, ReplayObjects, StartError};
pub use state::State;
pub use state::StateId;
pub use termination::{ErrorKind, StopReason, Termination};

/// Set when the user asks the run to stop (`klee`'s first Ctrl-C): every
/// exploration ends before its next step as by [`Executor::halt`].
pub(crate) static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

use crate::expr::ExprId;
use crate::ir::{FuncKind, Inst, Operand, Program, RegId, Val};
use crate::search::Searcher;
use crate::so::Pool;
use crate::solver::{Solver, SolverStats};
use rustc_hash::FxHashSet;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Counters of one exploration.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub instructions: u64,
    /// Paths ended without a test (`klee_silent_exit`, an assumption that
    /// cannot hold with --silent-klee-assume).
    pub silent: u64,
    pub forks: u64,
    pub paths_completed: u64,
    /// Branch sides found infeasible by the solver.
    pub branches_infeasible: u64,
    /// Paths ended at an application no interpretation can evaluate (every
    /// candidate leaves the `int` range); the solver counts the rest.
    pub so_pruned: u64,
    pub errors: u64,
    pub states_created: u64,
    pub covered_blocks: u64,
    pub total_blocks: u64,
    /// What KLEE's statistics count besides (`stats.rs`).
    pub klee: stats::KleeCounters,
}

/// What a finished path produced.
#[derive(Clone, Debug)]
pub struct PathReport {
    pub state: StateId,
    pub termination: Termination,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Concrete values of the path's symbolic objects (its test case).
    pub objects: Vec<(String, Vec<u8>)>,
    /// The symbolic arrays behind `objects`, in the same order.
    pub arrays: Vec<crate::expr::ArrayId>,
    /// The path covered a block no path had covered before it.
    pub covered_new: bool,
    /// A symbolic value was silently concretized on it: its condition
    /// pins that value, and the path's other values were not explored.
    pub concretized: bool,
    /// Its branch decisions (with `Config::record_branches`).
    pub path: Rc<Vec<bool>>,
    /// The source lines it ran, sorted (with `Config::record_lines`).
    pub lines: Vec<(Rc<str>, u32)>,
    pub instructions: u64,
    pub depth: u32,
    /// Second-order witnesses and applications of the path.
    pub so: so::SoReport,
    /// The path condition and the applications evaluated on the path
    /// (for whole-specification solving).
    pub constraints: Rc<Vec<ExprId>>,
    pub apps: Rc<Vec<crate::expr::ArrayId>>,
    /// Scheduled holes: evaluations whose value differs from the original
    /// expression's.
    pub deviations: u32,
}

/// Why the exploration as a whole stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every path was explored.
    Exhausted,
    Limit(StopReason),
}

/// Result of running a state for a while.
enum Step {
    Continue,
    Done(Termination),
}

pub struct Executor<'p> {
    pub prog: &'p Program,
    pub pool: Pool,
    pub solver: Solver,
    pub cfg: Config,
    pub stats: Stats,
    states: Vec<Option<State>>,
    searcher: Box<dyn Searcher>,
    /// Merge groups of `klee_open_merge` (`merge.rs`).
    merge: merge::Merges,
    start: Instant,
    /// Times each block was entered, by function.
    covered: Vec<Vec<u64>>,
    /// Sides taken of each block's conditional branch (bit 0 true, bit 1
    /// false), by function.
    sides: Vec<Vec<u8>>,
    warned: FxHashSet<String>,
    /// Bytes of the host's stdin read so far (shared by all states).
    host_stdin: Rc<std::cell::RefCell<HostStdin>>,
    halted: Option<StopReason>,
    halt_requested: bool,
    /// Over the run's memory cap: no path forks (`memcap.rs`).
    memory_inhibit: std::cell::Cell<bool>,
    steps_since_memcheck: u64,
    /// `memory::grown` at the last check between steps and at a fork's.
    grown_at_memcheck: u64,
    grown_at_fork_check: std::cell::Cell<u64>,
    /// `--make-concrete-symbolic`: reads made symbolic so far, and the
    /// state of the generator choosing which (`memops.rs`).
    concrete_reads_made_symbolic: u64,
    read_choice: u64,
    /// Paths split off and ended inside an instruction, waiting to be reported.
    pending: Vec<(State, Termination)>,
    /// Reused buffer for the parallel phi moves of an edge.
    phi_scratch: Vec<Val>,
    /// The C library's variables the program declares (`optind`, `optarg`):
    /// (object id, host address, size), exchanged around every host call.
    ext_globals: Vec<ffi::HostGlobal>,
    /// External functions resolved so far, by `FuncId` (`ffi.rs`).
    host_fns: Vec<Option<ffi::HostFn>>,
    /// How the last forked child ended (set by its `exec`).
    child_end: Option<posix::ChildEnd>,
    /// The name of each function's stack objects, made once.
    alloca_names: Vec<Option<Rc<str>>>,
    /// `--optimize-array`: branch conditions already rewritten (or found
    /// not to apply) and reads already reported (`array_opt.rs`).
    array_opt: array_opt::ArrayOptCache,
    /// `--debug-print-instructions` (`inst_log.rs`).
    inst_log: Option<inst_log::InstLog>,
    /// Forks by branch instruction and call path (`static_pct.rs`).
    fork_sites: static_pct::ForkSites,
    /// The name of every `malloc` object.
    heap_name: Rc<str>,
    /// Vectors of returned frames, reused by later calls.
    vec_pool: state::VecPool,
    /// Host functions already announced by a warning.
    warned_host: FxHashSet<crate::ir::FuncId>,
    /// Native fast paths of the runtime's scans, by function (`fast.rs`).
    fast: Vec<Option<fast::FastFn>>,
    /// The object of the runtime's `__se2_errno`, if linked.
    errno_obj: Option<u64>,
    /// Per second-order variable, the consistency checker of scheduled
    /// holes (`so.rs`), kept across restarts.
    examples: rustc_hash::FxHashMap<crate::so::SoVarId, crate::solver::z3_examples::ExampleSolver>,
    /// `stats.forks` when the current run started (`--max-forks` is per
    /// run).
    forks_at_start: u64,
    /// The most evaluations of scheduled holes any path of the current run
    /// reached, counting one that ended its path (pruned) — where a
    /// deviation could have kept the path going.
    pub holes_reached: usize,
    /// The symbolic execution tree, when recorded.
    tree: Option<tree::ExecTree>,
    /// Seeded paths are still running (`seed.rs`).
    seeding: bool,
    /// Paths without seeds set aside while seeding.
    deferred: Vec<StateId>,
}

#[derive(Default)]
struct HostStdin {
    buf: Vec<u8>,
    eof: bool,
}

impl<'p> Executor<'p> {
    /// Prepares the initial states for running `main`.
    pub fn new(prog: &'p Program, cfg: Config) -> Result<Self, StartError> {
        Self::with_pool(prog, cfg, Pool::new())
    }

    /// As [`Executor::new`], building expressions into `pool`: explorations
    /// run one after another on one pool (e.g. one per test) give
    /// expressions and second-order variables that can be solved together.
    pub fn with_pool(prog: &'p Program, cfg: Config, pool: Pool) -> Result<Self, StartError> {
        let solver = crate::solver::build(&cfg.solver);
        let cfg_unseeded = cfg.seeding.seeds.is_empty();
        let read_choice = cfg.seed | 1;
        let searcher = crate::search::build(&cfg.search_plan());
        let covered = prog.funcs.iter().map(|f| vec![0; f.blocks.len()]).collect();
        let sides = prog.funcs.iter().map(|f| vec![0; f.blocks.len()]).collect();
        let total_blocks =
            prog.funcs.iter().filter(|f| f.kind == FuncKind::Defined).map(|f| f.blocks.len() as u64).sum();
        let mut ex = Executor {
            prog,
            pool,
            solver,
            cfg,
            stats: Stats { total_blocks, ..Stats::default() },
            states: Vec::new(),
            searcher,
            merge: merge::Merges::default(),
            start: Instant::now(),
            covered,
            sides,
            warned: FxHashSet::default(),
            host_stdin: Rc::default(),
            halted: None,
            halt_requested: false,
            memory_inhibit: Default::default(),
            steps_since_memcheck: 0,
            grown_at_memcheck: memory::grown(),
            grown_at_fork_check: std::cell::Cell::new(memory::grown()),
            concrete_reads_made_symbolic: 0,
            read_choice,
            pending: Vec::new(),
            phi_scratch: Vec::new(),
            ext_globals: ffi::host_globals(prog),
            host_fns: Vec::new(),
            child_end: None,
            alloca_names: Vec::new(),
            array_opt: Default::default(),
            inst_log: None,
            fork_sites: Default::default(),
            heap_name: "heap object".into(),
            vec_pool: Default::default(),
            warned_host: FxHashSet::default(),
            fast: fast::table(prog),
            errno_obj: prog.global_by_name.get("__se2_errno").map(|&g| g as u64 + 1),
            examples: Default::default(),
            forks_at_start: 0,
            holes_reached: 0,
            tree: None,
            seeding: !cfg_unseeded,
            deferred: Vec::new(),
        };
        ex.set_max_time(ex.cfg.max_time);
        if ex.cfg.record_tree {
            ex.tree = Some(ex.new_tree());
        }
        ex.pool.so.specs = ex.cfg.so_langs.iter().cloned().collect();
        for st in ex.initial_states()? {
            ex.add_state(st);
        }
        Ok(ex)
    }

    fn add_state(&mut self, mut st: State) -> StateId {
        let id = StateId(self.states.len() as u32);
        self.stats.states_created += 1;
        // A fork's copy still carries its parent's id.
        let parent = Some(std::mem::replace(&mut st.id, id)).filter(|p| (p.0 as usize) < self.states.len());
        self.searcher.add(id, st.depth, parent);
        self.states.push(Some(st));
        id
    }

    /// Prepares a new exploration of the same program after a run ended:
    /// `change` adjusts the configuration (a hole schedule, a test's
    /// input), then the initial states are made again. Caches, counters
    /// and the second-order checkers carry over; `max_time` counts from
    /// now.
    pub fn restart(&mut self, max_time: Option<Duration>, change: impl FnOnce(&mut Config)) -> Result<(), StartError> {
        change(&mut self.cfg);
        self.set_max_time(max_time.map(|d| self.start.elapsed() + d));
        self.halted = None;
        self.forks_at_start = self.stats.forks;
        self.holes_reached = 0;
        self.pending.clear();
        self.child_end = None;
        self.states.clear();
        self.searcher = crate::search::build(&self.cfg.search_plan());
        for st in self.initial_states()? {
            self.add_state(st);
        }
        Ok(())
    }

    /// Query times of the scheduled holes' consistency checks, with the
    /// number of examples of each and its answer (`None`: unknown).
    pub fn example_queries(&self) -> Vec<(usize, Duration, Option<bool>)> {
        self.examples.values().flat_map(|e| e.stats.queries.iter().copied()).collect()
    }

    /// The expression pool, for use after the exploration.
    pub fn into_pool(self) -> Pool {
        self.pool
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn solver_stats(&self) -> SolverStats {
        self.solver.stats()
    }

    /// Z3's steps of the first-order checks so far, over every run of
    /// this executor (counted with `solver.steps`).
    pub fn solver_steps(&self) -> u64 {
        self.solver.steps()
    }

    /// Prints a warning once per distinct text.
    pub(crate) fn warn_once(&mut self, msg: String) {
        if self.cfg.warnings && self.warned.insert(msg.clone()) {
            crate::log::warning_once_tag(&msg);
        }
    }

    /// Explores until every path ends or a limit is reached; `sink` gets
    /// each finished path as it ends.
    pub fn run(&mut self, sink: &mut dyn FnMut(&mut Executor<'p>, PathReport)) -> RunEnd {
        self.run_observed(sink, &mut |_| {})
    }

    /// As [`Executor::run`], calling `observe` between steps (a step runs
    /// up to `Config::quantum` instructions), e.g. to write statistics.
    pub(crate) fn run_observed(
        &mut self, sink: &mut dyn FnMut(&mut Executor<'p>, PathReport), observe: &mut dyn FnMut(&Executor<'p>),
    ) -> RunEnd {
        loop {
            let Some(sid) = self.searcher.select() else {
                if self.end_seeding() {
                    continue;
                }
                break;
            };
            if self.defer_unseeded(sid) {
                continue;
            }
            observe(self);
            if let Some(reason) = self.global_limit() {
                self.halted = Some(reason);
                break;
            }
            self.check_memory(sink);
            // None: ended by the memory cap just now.
            let Some(mut st) = self.states[sid.0 as usize].take() else { continue };
            let before = st.instructions;
            let step = self.execute(&mut st);
            for (p, t) in std::mem::take(&mut self.pending) {
                self.finish(p, t, sink);
            }
            match step {
                Step::Continue if self.merge.pause.is_some() => {
                    // The path closed a merge: it waits for its group.
                    self.states[sid.0 as usize] = Some(st);
                    self.park(sid);
                }
                Step::Continue => {
                    self.searcher.ran(sid, st.instructions - st.covnew);
                    self.searcher.ran_for(sid, st.instructions - before);
                    self.states[sid.0 as usize] = Some(st);
                }
                Step::Done(t) => {
                    self.searcher.remove(sid);
                    self.finish(st, t, sink);
                }
            }
        }
        let end = match self.halted.clone() {
            None => RunEnd::Exhausted,
            Some(r) => RunEnd::Limit(r),
        };
        // End whatever is still pending.
        if let RunEnd::Limit(r) = &end {
            let pending: Vec<StateId> =
                (0..self.states.len() as u32).map(StateId).filter(|s| self.states[s.0 as usize].is_some()).collect();
            for sid in pending {
                let st = self.states[sid.0 as usize].take().expect("pending");
                self.searcher.remove(sid);
                self.finish(st, Termination::Early(r.clone()), sink);
            }
        }
        self.stats.covered_blocks = self.covered.iter().map(|v| v.iter().filter(|b| **b > 0).count() as u64).sum();
        end
    }

    /// Ends the run (with `--max-time`'s reason) at most `d` from now: a
    /// sink that has what it needs stops the exploration early.
    pub fn limit_time(&mut self, d: Duration) {
        let at = self.start.elapsed() + d;
        self.set_max_time(Some(self.cfg.max_time.map_or(at, |t| t.min(at))));
    }

    /// Lets the run fork at most `n` more times (a budget in work, where
    /// [`Executor::limit_time`] is one in time).
    pub fn limit_forks(&mut self, n: u64) {
        let at = self.stats.forks - self.forks_at_start + n;
        self.cfg.max_forks = Some(self.cfg.max_forks.map_or(at, |m| m.min(at)));
    }

    /// Whether the run has used its fork budget (`max_forks`, or what
    /// [`Executor::limit_forks`] left): its later paths each followed one
    /// side of a branch, so the exploration is not exhaustive.
    pub fn forks_spent(&self) -> bool {
        self.cfg.max_forks.is_some_and(|m| self.stats.forks - self.forks_at_start >= m)
    }

    /// The run's time limit (from the executor's start), for the steps
    /// and for the solver's queries alike.
    fn set_max_time(&mut self, t: Option<Duration>) {
        self.cfg.max_time = t;
        self.solver.set_deadline(t.map(|t| self.start + t));
    }

    /// Ends the exploration before the next step; the states still
    /// pending end early with `StopReason::Halted` (KLEE's halt).
    pub fn halt(&mut self) {
        self.halt_requested = true;
    }

    fn global_limit(&self) -> Option<StopReason> {
        if self.halt_requested || INTERRUPTED.load(std::sync::atomic::Ordering::Relaxed) {
            return Some(StopReason::Halted);
        }
        if let Some(t) = self.cfg.max_time {
            if self.start.elapsed() >= t {
                return Some(StopReason::MaxTime);
            }
        }
        if let Some(n) = self.cfg.max_instructions {
            if self.stats.instructions >= n {
                return Some(StopReason::MaxInstructions);
            }
        }
        if self.cfg.max_solver_steps.is_some_and(|n| self.solver.steps() >= n) {
            return Some(StopReason::MaxSolverSteps);
        }
        None
    }

    #[inline(always)]
    fn get(&self, regs: &[Val], op: Operand) -> Val {
        match op {
            Operand::Reg(r) => regs[r.idx()].clone(),
            Operand::Const(c) => self.prog.consts[c.idx()].clone(),
        }
    }

    #[inline(always)]
    fn set(st: &mut State, r: RegId, v: Val) {
        st.frame().regs[r.idx()] = v;
    }

    /// The operand as an expression (constants of width `w` are built).
    fn as_expr(&mut self, v: &Val, w: u8) -> ExprId {
        match v {
            Val::C(c) => self.pool.constant(w, *c),
            Val::S(e) => *e,
            Val::Agg(_) | Val::Wide(_) => self.pool.constant(w, 0),
        }
    }

    /// Pins `e` on the path to its value in the state's model (which
    /// satisfies the path, so that value is feasible), and returns it.
    pub(super) fn pin_to_model(&mut self, st: &mut State, e: ExprId) -> u64 {
        let v = self.pool.eval(e, &st.model);
        let w = self.pool.width(e);
        let c = self.pool.constant(w, v);
        let eq = self.pool.eq(e, c);
        let m = st.model.clone();
        st.add_constraint(eq, m);
        v
    }

    /// Turns a symbolic value into a concrete one, pinning it on the path.
    pub(crate) fn concretize(&mut self, st: &mut State, e: ExprId, why: &str) -> Result<u64, Termination> {
        if let Some(c) = self.pool.as_const(e) {
            return Ok(c);
        }
        let v = if self.cfg.fork_on_pins { self.pin_smallest(st, e)? } else { self.pin_to_model(st, e) };
        st.concretized = true;
        let l = self.loc_of(st).map(|l| format!(" ({}:{})", l.file, l.line)).unwrap_or_default();
        // KLEE's words; its reason for every floating-point operand is
        // "floating point".
        let reason = if why.contains("floating-point") { "floating point" } else { why };
        self.warn_once(format!("silently concretizing (reason: {reason}) expression to value {v}{l}"));
        Ok(v)
    }

    /// Marks a block covered; returns true if it was new.
    #[inline]
    fn cover(&mut self, f: crate::ir::FuncId, b: crate::ir::BlockId) -> bool {
        let slot = &mut self.covered[f.idx()][b.idx()];
        *slot += 1;
        *slot == 1
    }

    /// Runs `st` until it forks, ends, or its quantum is used.
    fn execute(&mut self, st: &mut State) -> Step {
        let prog = self.prog;
        let quantum = self.cfg.quantum;
        let mut budget = quantum;
        // The quantum ends where --max-instructions would be passed, so
        // the run stops at exactly that many instructions.
        if let Some(n) = self.cfg.max_instructions {
            budget = budget.min(n.saturating_sub(self.stats.instructions));
        }
        let forks_before = self.stats.forks;
        // Read once: the trace is set before a run, never during one.
        let logging = self.inst_log.is_some();
        if self.cfg.max_path_instructions.is_some_and(|n| st.instructions >= n) {
            return Step::Done(Termination::Early(StopReason::MaxPathInstructions));
        }
        loop {
            if budget == 0 || self.stats.forks != forks_before {
                return Step::Continue;
            }
            budget -= 1;
            let fr = st.frame();
            let (fid, bid) = (fr.func, fr.block);
            let func = &prog.funcs[fid.idx()];
            let block = &func.blocks[bid.idx()];
            let pc = fr.pc as usize;
            fr.pc += 1;
            let inst = &block.insts[pc];
            st.loc = block.locs[pc];
            st.instructions += 1;
            self.stats.instructions += 1;
            if logging {
                self.log_instruction(st, fid, bid, pc);
            }
            let r = match inst {
                Inst::Bin { op, w, dst, a, b } => {
                    let regs = st.regs();
                    match (self.get(regs, *a), self.get(regs, *b)) {
                        (Val::C(x), Val::C(y)) => match crate::expr::fold_bin(*op, *w, x, y) {
                            Some(_) if self.cfg.check_overshift && op.is_shift() && y >= *w as u64 && !func.runtime => {
                                Err(self.overshift_error(st))
                            }
                            Some(v) => {
                                Self::set(st, *dst, Val::C(v));
                                Ok(())
                            }
                            None => Err(self.div_error(st, y == 0)),
                        },
                        (x, y) => self.sym_bin(st, *op, *w, *dst, x, y),
                    }
                }
                Inst::ICmp { pred, w, dst, a, b } => {
                    let regs = st.regs();
                    match (self.get(regs, *a), self.get(regs, *b)) {
                        (Val::C(x), Val::C(y)) => {
                            Self::set(st, *dst, Val::C(pred.eval(*w, x, y) as u64));
                            Ok(())
                        }
                        (x, y) => {
                            let e = self.sym_icmp(*pred, *w, &x, &y);
                            Self::set(st, *dst, Val::S(e));
                            Ok(())
                        }
                    }
                }
                Inst::Br(edge) => {
                    self.take_edge(st, edge);
                    Ok(())
                }
                Inst::CondBr { c, edges } => {
                    let regs = st.regs();
                    match self.get(regs, *c) {
                        Val::C(x) => {
                            if self.cfg.record_branches && !func.runtime {
                                Rc::make_mut(&mut st.path).push(x & 1 != 0);
                            }
                            let side = (x & 1 == 0) as usize;
                            self.mark_side(st, side);
                            self.take_edge(st, &edges[side]);
                            Ok(())
                        }
                        v => self.branch(st, &v, edges),
                    }
                }
                Inst::Load { dst, addr, ty } => self.load(st, *dst, *addr, *ty),
                Inst::Store { val, addr, ty } => self.store(st, *val, *addr, *ty),
                Inst::Gep(g) => self.gep(st, g),
                Inst::Alloca { dst, size, count, count_w, .. } => self.alloca(st, *dst, *size, *count, *count_w),
                Inst::Copy { dst, a } => {
                    let v = self.get(st.regs(), *a);
                    Self::set(st, *dst, v);
                    Ok(())
                }
                Inst::Cast { op, from, to, dst, a } => self.cast(st, *op, *from, *to, *dst, *a),
                Inst::Wide(w) => self.wide(st, w),
                Inst::Select { dst, w, c, t, f } => self.select(st, *dst, *w, *c, *t, *f),
                Inst::Call(ci) => {
                    let r = self.call(st, ci);
                    // A path that closed a merge waits from here (merge.rs).
                    if r.is_ok() && self.merge.pause.is_some() {
                        return Step::Continue;
                    }
                    r
                }
                Inst::Ret(v) => match self.ret(st, *v) {
                    Ok(None) => Ok(()),
                    Ok(Some(t)) => return Step::Done(t),
                    Err(t) => Err(t),
                },
                Inst::Switch(sw) => self.switch(st, sw),
                Inst::IndirectBr { addr, edges } => self.indirect_br(st, *addr, edges),
                Inst::AtomicRmw { dst, op, addr, val, ty } => self.atomic_rmw(st, *dst, *op, *addr, *val, *ty),
                Inst::CmpXchg { dst, addr, cmp, new, ty } => self.cmpxchg(st, *dst, *addr, *cmp, *new, *ty),
                Inst::FBin { op, dbl, dst, a, b } => self.fbin(st, *op, *dbl, *dst, *a, *b),
                Inst::FCmp { pred, dbl, dst, a, b } => self.fcmp(st, *pred, *dbl, *dst, *a, *b),
                Inst::FNeg { dbl, dst, a } => self.fneg(st, *dbl, *dst, *a),
                Inst::ElementAt { dst, agg, idx, val, n } => {
                    let regs = st.regs();
                    let (a, i) = (self.get(regs, *agg), self.get(regs, *idx));
                    let v = val.map(|v| self.get(regs, v));
                    match self.concrete_of(st, i, "vector element index") {
                        Err(t) => Err(t),
                        Ok(k) if k >= *n as u64 => Err(self.error(
                            st,
                            ErrorKind::Exec,
                            if v.is_some() {
                                "Out of bounds write when inserting element"
                            } else {
                                "Out of bounds read when extracting element"
                            },
                        )),
                        Ok(k) => {
                            let path = [k as u32];
                            let r = match v {
                                None => arith::extract_value(&a, &path),
                                Some(v) => arith::insert_value(&a, &path, v),
                            };
                            Self::set(st, *dst, r);
                            Ok(())
                        }
                    }
                }
                Inst::ExtractValue { dst, agg, path } => {
                    let v = self.get(st.regs(), *agg);
                    let r = arith::extract_value(&v, path);
                    Self::set(st, *dst, r);
                    Ok(())
                }
                Inst::InsertValue { dst, agg, val, path } => {
                    let regs = st.regs();
                    let (a, v) = (self.get(regs, *agg), self.get(regs, *val));
                    Self::set(st, *dst, arith::insert_value(&a, path, v));
                    Ok(())
                }
                Inst::Unreachable => Err(self.error(st, ErrorKind::Exec, "reached \"unreachable\" instruction")),
                Inst::Unsupported(m)
                    if self.cfg.external_calls == ExternalCalls::None && m.contains("inline assembly") =>
                {
                    Err(self.error(st, ErrorKind::Exec, "external calls disallowed (in particular inline asm)"))
                }
                Inst::Unsupported(m) => Err(self.error(st, ErrorKind::Exec, format!("unsupported: {m}"))),
            };
            if let Err(t) = r {
                return Step::Done(t);
            }
            if st.mem.shadow_failed {
                crate::log::warning(
                    "killing 1 states (the symbolic bytes of a large object would exceed the memory limit or the host's memory)",
                );
                return Step::Done(Termination::Early(StopReason::MaxMemory));
            }
        }
    }

    /// Reads the host's stdin up to `want` bytes past `pos`; returns what is
    /// available from `pos` (up to `want` bytes).
    fn host_stdin(&self, pos: u64, want: u64) -> Vec<u8> {
        use std::io::Read;
        let mut h = self.host_stdin.borrow_mut();
        let need = (pos + want) as usize;
        while h.buf.len() < need && !h.eof {
            let mut chunk = vec![0u8; 65536];
            match std::io::stdin().read(&mut chunk) {
                Ok(0) | Err(_) => h.eof = true,
                Ok(n) => h.buf.extend_from_slice(&chunk[..n]),
            }
        }
        let start = (pos as usize).min(h.buf.len());
        let end = need.min(h.buf.len());
        h.buf[start..end].to_vec()
    }
}
