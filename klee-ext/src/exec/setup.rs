//! Initial states: globals, argv (concrete or symbolic), stdin, and replay
//! of `.ktest` objects.

use super::memory::{Memory, ObjKind, ObjMeta};
use super::posix::{SymData, SymFile};
use super::state::{Frame, OutBuf, State, StateId, StdinSrc};
use super::{Executor, Val};
use crate::expr::CmpOp;
use crate::ir::{BlockId, FuncKind, LocId};
use std::collections::VecDeque;
use std::rc::Rc;

/// One command-line argument of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgSpec {
    Concrete(String),
    /// An argument that is not UTF-8 (C programs take any bytes).
    Bytes(Vec<u8>),
    /// `--sym-arg N`: a symbolic string of up to N characters.
    Sym(u32),
    /// `--sym-args MIN MAX N`: MIN to MAX symbolic strings of up to N characters.
    SymArgs {
        min: u32,
        max: u32,
        len: u32,
    },
}

/// Why an exploration cannot start: the program's start states cannot
/// be made as configured. The texts are KLEE's where KLEE has one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("Entry function '{0}' not found in module.")]
    NoEntry(String),
    #[error("{0}: not a valid directory name")]
    DirectoryName(std::path::PathBuf),
    #[error("{dir}: cannot be the working directory: {cause}")]
    Directory { dir: std::path::PathBuf, cause: String },
    /// The solver failed on a constraint of the start (`n_args`, a
    /// symbolic file's stat).
    #[error("solver failure while making {0}")]
    Solver(String),
    /// A start constraint no value meets.
    #[error("cannot constrain {0}")]
    Unsatisfiable(String),
    /// A seed's object is not of the size of the object it seeds (and
    /// neither extending nor truncating is allowed).
    #[error("replace size mismatch: {name}[{size}] vs {object}[{len}] in test")]
    SeedSize { name: String, size: usize, object: String, len: usize },
    #[error("ran out of inputs during seeding")]
    SeedsExhausted,
    /// `Config::stdin_digits` names a byte of the fixed stdin that is not
    /// a digit.
    #[error("stdin byte {index} is not a digit ({byte:#04x})")]
    NotADigit { index: u32, byte: u8 },
}

/// Objects of a `.ktest` to use, in order, instead of fresh symbolic ones.
#[derive(Clone, Debug, Default)]
pub struct ReplayObjects {
    pub objects: VecDeque<(String, Vec<u8>)>,
}

/// Whether a start state's arguments are those a test's objects were made
/// for: as many symbolic arguments as the test has `argNN` objects, and
/// the count its first `n_args` object holds.
fn replay_fits(variant: &[(ArgSpec, Option<u32>)], objects: &VecDeque<(String, Vec<u8>)>) -> bool {
    let is_arg = |n: &str| n.strip_prefix("arg").is_some_and(|d| d.len() >= 2 && d.bytes().all(|b| b.is_ascii_digit()));
    let args = objects.iter().filter(|(n, _)| is_arg(n)).count();
    let count = objects
        .iter()
        .find(|(n, _)| n == "n_args")
        .and_then(|(_, b)| Some(u32::from_le_bytes(b.get(..4)?.try_into().ok()?)));
    variant.iter().filter(|(a, _)| matches!(a, ArgSpec::Sym(_))).count() == args
        && count.is_none_or(|k| variant.iter().find_map(|(_, c)| *c) == Some(k))
}

impl<'p> Executor<'p> {
    /// The bytes a replayed object named `name` has (objects are consumed in order).
    pub(super) fn next_replay(&mut self, name: &str) -> Option<Vec<u8>> {
        let r = self.cfg.replay.as_mut()?;
        let (n, bytes) = r.objects.pop_front()?;
        if n != name && self.cfg.warnings {
            crate::log::warning(&format!("replay object {n:?} used for {name:?}"));
        }
        Some(bytes)
    }

    pub(super) fn initial_states(&mut self) -> Result<Vec<State>, StartError> {
        let prog = self.prog;
        let entry = self.cfg.entry.as_deref().unwrap_or("main");
        let main = *prog.func_by_name.get(entry).ok_or_else(|| StartError::NoEntry(entry.to_string()))?;
        if prog.func(main).kind != FuncKind::Defined {
            return Err(StartError::NoEntry(entry.to_string()));
        }
        let mem = self.initial_memory();
        let variants = self.arg_variants();
        let proc = self.initial_proc()?;
        let mut states = Vec::new();
        for variant in variants {
            let mut st = self.blank_state(&mem, &proc);
            let (argc, argv) = self.arguments(&mut st, variant)?;
            let envp = self.environment(&mut st)?;
            self.symbolic_files(&mut st)?;
            self.enter(&mut st, main, [Val::C(argc), Val::C(argv), Val::C(envp)]);
            states.push(st);
        }
        Ok(states)
    }

    /// The globals with their initial values; the C library's own
    /// variables with the host's (`optind` is 1, `opterr` 1).
    fn initial_memory(&self) -> Memory {
        let mut mem = Memory::default();
        mem.cap = Some(self.cfg.max_total_memory.unwrap_or(self.cfg.max_memory));
        for (i, g) in self.prog.globals.iter().enumerate() {
            let meta = ObjMeta {
                size: g.size,
                kind: ObjKind::Global,
                name: g.name.as_str().into(),
                read_only: g.read_only,
                loc: LocId(0),
            };
            mem.install(i as u32 + 1, meta, g.init.clone());
        }
        for &super::ffi::HostGlobal { id, addr: host, size, .. } in &self.ext_globals {
            // SAFETY: `host` is the address of a host variable of `size` bytes.
            let bytes = unsafe { std::slice::from_raw_parts(host as *const u8, size) };
            mem.data_mut_pub(id).bytes.copy_from_slice(bytes);
        }
        mem
    }

    /// The argument lists to start from: `--sym-args` expanded into one
    /// per argument count (each argument with the count it belongs to). A
    /// replayed test was one path of one argument count: only that one.
    fn arg_variants(&self) -> Vec<Vec<(ArgSpec, Option<u32>)>> {
        let mut variants: Vec<Vec<(ArgSpec, Option<u32>)>> = vec![Vec::new()];
        for a in &self.cfg.args {
            match a {
                ArgSpec::SymArgs { min, max, len } => {
                    let mut next = Vec::new();
                    for v in &variants {
                        for k in *min..=*max {
                            let mut v2 = v.clone();
                            for _ in 0..k {
                                v2.push((ArgSpec::Sym(*len), Some(k)));
                            }
                            if k == 0 {
                                v2.push((ArgSpec::SymArgs { min: 0, max: 0, len: 0 }, Some(0)));
                            }
                            next.push(v2);
                        }
                    }
                    variants = next;
                }
                other => variants.iter_mut().for_each(|v| v.push((other.clone(), None))),
            }
        }
        // Each variant would take objects from the test's one queue.
        if let (Some(r), true) = (&self.cfg.replay, variants.len() > 1) {
            if let Some(i) = variants.iter().position(|v| replay_fits(v, &r.objects)) {
                variants = vec![variants.swap_remove(i)];
            }
        }
        variants
    }

    /// The process every start state shares: its working directory
    /// (`Config::cwd`, held open).
    fn initial_proc(&self) -> Result<super::posix::Proc, StartError> {
        let mut proc = super::posix::Proc::default();
        if let Some(dir) = &self.cfg.cwd {
            use std::os::unix::ffi::OsStrExt;
            let c = std::ffi::CString::new(dir.as_os_str().as_bytes())
                .map_err(|_| StartError::DirectoryName(dir.clone()))?;
            // SAFETY: open with a NUL-terminated path; the descriptor is owned by the HostFd.
            let h = unsafe { libc::open(c.as_ptr(), libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC) };
            if h < 0 {
                let cause = std::io::Error::last_os_error().to_string();
                return Err(StartError::Directory { dir: dir.clone(), cause });
            }
            proc.cwd = Some(std::rc::Rc::new(super::posix::HostFd(h)));
        }
        Ok(proc)
    }

    /// A start state with memory `mem` and process `proc`, nothing on its
    /// stack.
    fn blank_state(&self, mem: &Memory, proc: &super::posix::Proc) -> State {
        State {
            id: StateId(0),
            stack: Vec::new(),
            mem: mem.clone(),
            constraints: Rc::new(Vec::new()),
            model: Rc::default(),
            stdout: OutBuf::default(),
            stderr: OutBuf::default(),
            stdin: match &self.cfg.stdin {
                Some(b) => StdinSrc::Bytes(b.clone()),
                None => StdinSrc::Host,
            },
            stdin_pos: 0,
            arrays: Vec::new(),
            depth: 0,
            instructions: 0,
            covnew: 0,
            covered_new: false,
            concretized: false,
            loc: LocId(0),
            apps: Rc::default(),
            holes: Rc::default(),
            proc: proc.clone(),
            tree_node: 0,
            forking_off: false,
            merges: Vec::new(),
            path: Rc::default(),
            blocks: Rc::default(),
            fails: 0,
            prefs: Rc::default(),
            seeds: Rc::new(self.cfg.seeding.seeds.iter().cloned().map(super::seed::Seed::new).collect()),
        }
    }

    /// The program's arguments in `st` (KLEE's `n_args` object when their
    /// count is symbolic, `argNN` for each symbolic one), glibc's names of
    /// the program, and the argument vector: `(argc, argv)`.
    fn arguments(&mut self, st: &mut State, variant: Vec<(ArgSpec, Option<u32>)>) -> Result<(u64, u64), StartError> {
        let mut argv_addrs = vec![self.c_string(st, &self.cfg.program_name.clone())?];
        let mut sym_index = 0;
        let mut counted = false;
        for (spec, n_args) in variant {
            if let (Some(k), false) = (n_args, counted) {
                // KLEE records the chosen count as object "n_args".
                counted = true;
                let v = self.symbolic_int_named(st, "n_args", 4)?;
                let kc = self.pool.constant(32, k as u64);
                if let Val::S(e) = v {
                    let eq = self.pool.cmp(CmpOp::Eq, e, kc);
                    self.constrain(st, eq).map_err(|_| StartError::Solver("n_args".into()))?;
                }
            }
            match spec {
                ArgSpec::Concrete(s) => argv_addrs.push(self.c_string(st, &s)?),
                ArgSpec::Bytes(b) => argv_addrs.push(self.c_bytes(st, &b, "argv string")?),
                ArgSpec::Sym(len) => {
                    let name = format!("arg{sym_index:02}");
                    sym_index += 1;
                    argv_addrs.push(self.sym_string(st, &name, len)?);
                }
                ArgSpec::SymArgs { .. } => {}
            }
        }
        // glibc sets these from argv[0] before main (error() prints them).
        let name0 = argv_addrs[0];
        let short = self.cfg.program_name.rsplit('/').next().unwrap_or_default().to_string();
        let short_addr = self.c_string(st, &short)?;
        for (g, v) in [
            ("program_invocation_name", name0),
            ("__progname_full", name0),
            ("program_invocation_short_name", short_addr),
            ("__progname", short_addr),
        ] {
            if let Some(&gi) = self.prog.global_by_name.get(g) {
                let id = gi as u64 + 1;
                if st.mem.check(id << 32, 8, true).is_ok() {
                    st.mem.write_scalar(&mut self.pool, id, 0, 8, &Val::C(v));
                }
            }
        }
        let argc = argv_addrs.len() as u64;
        let argv = st.mem.alloc(ObjMeta {
            size: (argc + 1) * 8,
            kind: ObjKind::Internal,
            name: "argv".into(),
            read_only: false,
            loc: LocId(0),
        });
        for (i, a) in argv_addrs.iter().enumerate() {
            st.mem.write_scalar(&mut self.pool, argv >> 32, i as u64 * 8, 8, &Val::C(*a));
        }
        Ok((argc, argv))
    }

    /// The symbolic files in KLEE's order: the files' objects, then
    /// stdin's (or a stdin shaped like a test's), then stdout's (1024
    /// bytes and a stat).
    fn symbolic_files(&mut self, st: &mut State) -> Result<(), StartError> {
        let dir = super::posix::dir_stat();
        if let Some((n, size)) = self.cfg.sym_files {
            let mut files = Vec::new();
            for k in 0..n.min(26) {
                let letter = b'A' + k as u8;
                let obj = format!("{}_data", letter as char);
                let (data, stat) = self.sym_dfile(st, &obj, size, &dir)?;
                files.push(SymFile { name: vec![letter], data, size: size as u64, stat });
            }
            st.proc.sym_files = Rc::new(files);
        }
        if let Some(n) = self.cfg.sym_stdin.filter(|&n| n > 0) {
            let (data, stat) = self.sym_dfile(st, "stdin", n, &dir)?;
            st.stdin = match &data {
                SymData::Arr(arr) => StdinSrc::Symbolic { arr: *arr, len: n },
                SymData::Bytes(b) => StdinSrc::Bytes(b.clone()),
                // A fresh object has no written bytes.
                SymData::Cells(_) => StdinSrc::Bytes(Rc::default()),
            };
            st.proc.sym_stdin = Some(Rc::new(SymFile { name: b"stdin".to_vec(), data, size: n as u64, stat }));
        }
        if self.cfg.sym_stdin.is_none() && !self.cfg.stdin_digits.is_empty() {
            self.shaped_stdin(st)?;
        }
        if self.cfg.sym_stdout {
            let (data, stat) = self.sym_dfile(st, "stdout", 1024, &dir)?;
            st.proc.sym_stdout = Some(Rc::new(SymFile { name: b"stdout".to_vec(), data, size: 1024, stat }));
        }
        Ok(())
    }

    /// The entry function's frame with `args` (`argc`, `argv`, `envp`),
    /// and above it what runs before it: the destructors registered with
    /// the C library's atexit (so they run after the program's own
    /// handlers), then the constructors. Frames are pushed last-first.
    fn enter(&mut self, st: &mut State, main: crate::ir::FuncId, args: [Val; 3]) {
        let prog = self.prog;
        let f = prog.func(main);
        let mut regs = vec![Val::C(0); f.nregs as usize];
        for (p, a) in f.params.iter().zip(args) {
            regs[p.idx()] = a;
        }
        st.stack.push(Frame::entry(main, regs, LocId(0)));
        self.cover(main, BlockId(0));
        if self.cfg.record_lines {
            Rc::make_mut(&mut st.blocks).push((main, BlockId(0)));
        }
        let atexit = prog
            .func_by_name
            .get("atexit")
            .copied()
            .filter(|f| prog.func(*f).kind == FuncKind::Defined && !prog.func(*f).params.is_empty());
        if let Some(ax) = atexit {
            for &d in prog.dtors.iter().rev() {
                let fa = prog.func(ax);
                let mut regs = vec![Val::C(0); fa.nregs as usize];
                regs[fa.params[0].idx()] = Val::C(crate::ir::func_addr(d));
                st.stack.push(Frame::entry(ax, regs, LocId(0)));
            }
        }
        for &c in prog.ctors.iter().rev() {
            let fc = prog.func(c);
            if fc.kind == FuncKind::Defined {
                let regs = vec![Val::C(0); fc.nregs as usize];
                st.stack.push(Frame::entry(c, regs, LocId(0)));
            }
        }
    }

    /// The program's environment: `Config::env`, or the tool's own. Its
    /// vector is main's third argument and the runtime's `environ`.
    fn environment(&mut self, st: &mut State) -> Result<u64, StartError> {
        use std::os::unix::ffi::OsStrExt;
        let strings: Vec<Vec<u8>> = match &self.cfg.env {
            Some(e) => e.clone(),
            None => std::env::vars_os()
                .map(|(k, v)| {
                    let mut b = k.as_bytes().to_vec();
                    b.push(b'=');
                    b.extend_from_slice(v.as_bytes());
                    b
                })
                .collect(),
        };
        let mut addrs = Vec::with_capacity(strings.len());
        for s in &strings {
            addrs.push(self.c_bytes(st, s, "environment string")?);
        }
        let envp = st.mem.alloc(ObjMeta {
            size: (addrs.len() as u64 + 1) * 8,
            kind: ObjKind::Internal,
            name: "envp".into(),
            read_only: false,
            loc: LocId(0),
        });
        for (i, a) in addrs.iter().enumerate() {
            st.mem.write_scalar(&mut self.pool, envp >> 32, i as u64 * 8, 8, &Val::C(*a));
        }
        if let Some(&g) = self.prog.global_by_name.get("environ") {
            let id = g as u64 + 1;
            if st.mem.check(id << 32, 8, true).is_ok() {
                st.mem.write_scalar(&mut self.pool, id, 0, 8, &Val::C(envp));
            }
        }
        Ok(envp)
    }

    fn c_string(&mut self, st: &mut State, s: &str) -> Result<u64, StartError> {
        self.c_bytes(st, s.as_bytes(), "argv string")
    }

    fn c_bytes(&mut self, st: &mut State, s: &[u8], what: &str) -> Result<u64, StartError> {
        let mut bytes = s.to_vec();
        bytes.push(0);
        let a = st.mem.alloc(ObjMeta {
            size: bytes.len() as u64,
            kind: ObjKind::Internal,
            name: what.into(),
            read_only: false,
            loc: LocId(0),
        });
        st.mem.data_mut_pub(a >> 32).bytes.copy_from_slice(&bytes);
        Ok(a)
    }

    /// A symbolic string of up to `len` characters (the last byte is 0).
    fn sym_string(&mut self, st: &mut State, name: &str, len: u32) -> Result<u64, StartError> {
        let a = st.mem.alloc(ObjMeta {
            size: len as u64 + 1,
            kind: ObjKind::Internal,
            name: name.into(),
            read_only: false,
            loc: LocId(0),
        });
        let id = a >> 32;
        if let Some(bytes) = self.next_replay(name) {
            let arr = self.pool.new_array(name, len + 1);
            self.add_array(st, arr, name)?;
            for k in 0..=len as usize {
                st.mem.write_byte(&self.pool, id, k as u64, Ok(bytes.get(k).copied().unwrap_or(0)));
            }
            st.mem.write_byte(&self.pool, id, len as u64, Ok(0));
            return Ok(a);
        }
        let arr = self.pool.new_array(name, len + 1);
        self.add_array(st, arr, name)?;
        for k in 0..=len {
            let v = self.pool.var(arr, k);
            st.mem.write_byte(&self.pool, id, k as u64, Err(v));
        }
        let last = self.pool.var(arr, len);
        let z = self.pool.constant(8, 0);
        let eq = self.pool.eq(last, z);
        // The all-zero model satisfies this.
        let m = st.model.clone();
        st.add_constraint(eq, m.clone());
        if let Some(alpha) = self.cfg.sym_arg_alphabet.clone() {
            // Each character is one of the alphabet's, or the end (so the
            // all-zero model still satisfies every constraint).
            for k in 0..len {
                let v = self.pool.var(arr, k);
                let mut any = self.pool.eq(v, z);
                for &c in alpha.iter().filter(|&&c| c != 0) {
                    let cc = self.pool.constant(8, c as u64);
                    let e = self.pool.eq(v, cc);
                    any = self.pool.or(any, e);
                }
                st.add_constraint(any, m.clone());
            }
        }
        Ok(a)
    }

    /// A fresh symbolic int of `nbytes` bytes named `name` (or its replayed value).
    pub(super) fn symbolic_int_named(&mut self, st: &mut State, name: &str, nbytes: u32) -> Result<Val, StartError> {
        if let Some(bytes) = self.next_replay(name) {
            let arr = self.pool.new_array(name, nbytes);
            self.add_array(st, arr, name)?;
            let mut buf = [0u8; 8];
            let n = bytes.len().min(8);
            buf[..n].copy_from_slice(&bytes[..n]);
            return Ok(Val::C(u64::from_le_bytes(buf)));
        }
        let arr = self.pool.new_array(name, nbytes);
        self.add_array(st, arr, name)?;
        let mut acc = self.pool.var(arr, 0);
        for i in 1..nbytes {
            let b = self.pool.var(arr, i);
            acc = self.pool.concat(b, acc);
        }
        Ok(Val::S(acc))
    }
}
