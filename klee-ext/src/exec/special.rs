//! The table of functions the executor implements itself.
//!
//! Lookup order for a call to a function named `f` (see `ir::FuncKind`):
//! 1. a definition in the program (the user's code, then the C runtime,
//!    whose definitions are weak);
//! 2. an entry of this table (`klee_*` intrinsics, memory management,
//!    process exit, the runtime's I/O primitives, math);
//! 3. the host's C library through the FFI dispatcher, when every argument
//!    is concrete (`ffi.rs`).

use super::echo::echo_buffered;
use super::memory::ObjKind;
use super::state::{OutBuf, StdinSrc};
use super::{ErrorKind, Executor, State, StopReason, Termination};
use crate::expr::{CmpOp, ExprId};
use crate::ir::Special;
use crate::ir::{CallInst, Val};
use std::rc::Rc;

impl<'p> Executor<'p> {
    /// Reads a NUL-terminated string (symbolic bytes are concretized).
    pub(super) fn read_cstr(&mut self, st: &mut State, v: &Val) -> Result<String, Termination> {
        let bytes = self.read_cbytes(st, v)?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The bytes of a NUL-terminated string, without the NUL (symbolic
    /// bytes are concretized).
    pub(super) fn read_cbytes(&mut self, st: &mut State, v: &Val) -> Result<Vec<u8>, Termination> {
        let mut a = self.concrete_of(st, v.clone(), "string address")?;
        let mut out = Vec::new();
        loop {
            let (id, off) = st.mem.check(a, 1, false).map_err(|e| self.fault(st, e))?;
            let b = match st.mem.read_byte(id, off) {
                Ok(b) => b,
                Err(e) => {
                    let c = self.concretize(st, e, "string byte")? as u8;
                    st.mem.write_byte(&self.pool, id, off, Ok(c));
                    c
                }
            };
            if b == 0 {
                break;
            }
            out.push(b);
            a += 1;
            if out.len() > 1 << 20 {
                return Err(self.error(st, ErrorKind::Model, "string longer than 1 MiB"));
            }
        }
        Ok(out)
    }

    /// A string argument of a `klee_` function, read as KLEE reads it:
    /// the pointer must be concrete and into an object; a string without
    /// its NUL ends at the object's end (with a warning).
    fn klee_string(&mut self, st: &mut State, v: &Val) -> Result<String, Termination> {
        let a = match v {
            Val::C(a) => *a,
            _ => {
                return Err(self.error(
                    st,
                    ErrorKind::User,
                    "Symbolic string pointer passed to one of the klee_ functions",
                ))
            }
        };
        let Ok((id, off)) = st.mem.check(a, 1, false) else {
            return Err(self.error(st, ErrorKind::User, "Invalid string pointer passed to one of the klee_ functions"));
        };
        let size = st.mem.slot(id).map(|s| s.meta.size).unwrap_or(0);
        let mut out = Vec::new();
        for k in off..size {
            let b = match st.mem.read_byte(id, k) {
                Ok(b) => b,
                Err(e) => self.concretize(st, e, "string byte")? as u8,
            };
            if b == 0 {
                return Ok(String::from_utf8_lossy(&out).into_owned());
            }
            out.push(b);
        }
        self.warn_once("String not terminated by \\0 passed to one of the klee_ functions".into());
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    fn new_symbolic(&mut self, st: &mut State, name: &str, size: u32) -> Result<crate::expr::ArrayId, Termination> {
        let arr = self.pool.new_array(name, size);
        match self.add_array(st, arr, name) {
            Ok(()) => Ok(arr),
            Err(e) => Err(self.error(st, ErrorKind::User, e.to_string())),
        }
    }

    /// A symbolic int made by an intrinsic (`klee_range`, `klee_int`).
    fn intrinsic_int(&mut self, st: &mut State, name: &str) -> Result<Val, Termination> {
        match self.symbolic_int_named(st, name, 4) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.error(st, ErrorKind::User, e.to_string())),
        }
    }

    pub(super) fn special(
        &mut self, st: &mut State, s: Special, ci: &CallInst, args: &[Val],
    ) -> Result<(), Termination> {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::C(0));
        let which = s;
        let r: Option<Val> = match s {
            Special::MakeSymbolic => {
                self.make_symbolic(st, args)?;
                None
            }
            Special::Assume => {
                self.assume(st, arg(0))?;
                None
            }
            Special::Range => Some(self.klee_range(st, args)?),
            Special::Int => {
                let name = self.read_cstr(st, &arg(0)).unwrap_or_else(|_| "int".into());
                Some(self.intrinsic_int(st, &name)?)
            }
            Special::IsSymbolic => Some(Val::C(matches!(arg(0), Val::S(_)) as u64)),
            Special::SilentExit => return Err(Termination::Silent),
            Special::ReportError => return Err(self.report_error(st, args)),
            Special::KleeAbort | Special::Abort => return Err(self.error(st, ErrorKind::Abort, "abort failure")),
            Special::GetValue => {
                let v = match arg(0) {
                    Val::S(e) => Val::C(self.pool.eval(e, &st.model)),
                    v => v,
                };
                Some(v)
            }
            Special::Warning | Special::WarningOnce => {
                let m = self.klee_string(st, &arg(0))?;
                let fname = self.prog.func(st.top().func).name.clone();
                if which == Special::Warning {
                    if self.cfg.warnings {
                        crate::log::warning(&format!("{fname}: {m}"));
                    }
                } else {
                    self.warn_once(format!("{fname}: {m}"));
                }
                None
            }
            Special::PrintExpr => {
                let m = self.read_cstr(st, &arg(0)).unwrap_or_default();
                let shown = match arg(1) {
                    Val::C(c) => format!("{c}"),
                    Val::S(e) => crate::expr::kquery::expr_text(&self.pool, e),
                    Val::Wide(w) => format!("{w}"),
                    Val::Agg(_) => "<aggregate>".into(),
                };
                eprintln!("{m}:{shown}");
                None
            }
            Special::IsReplay => Some(Val::C(self.cfg.replay.is_some() as u64)),
            Special::GetObjSize => {
                let p = self.concrete_of(st, arg(0), "klee_get_obj_size pointer")?;
                match st.mem.slot(p >> 32).filter(|s| !s.freed) {
                    Some(s) => Some(Val::C(s.meta.size)),
                    None => {
                        return Err(self.error(
                            st,
                            ErrorKind::User,
                            "klee_get_obj_size: pointer does not point to an object",
                        ))
                    }
                }
            }
            Special::DefineFixedObject => {
                let a = self.concrete_of(st, arg(0), "klee_define_fixed_object address")?;
                let n = self.concrete_of(st, arg(1), "klee_define_fixed_object size")?;
                let id = self.alloc_object(st, n, ObjKind::Global, "fixed object")? >> 32;
                if !st.mem.fix_at(id, a, n) {
                    return Err(self.error(
                        st,
                        ErrorKind::User,
                        "klee_define_fixed_object: the range overlaps a fixed object",
                    ));
                }
                None
            }
            Special::CheckMemoryAccess => {
                let p = self.concrete_of(st, arg(0), "klee_check_memory_access pointer")?;
                let n = self.concrete_of(st, arg(1), "klee_check_memory_access size")?;
                if let Err(e) = st.mem.check(p, n, false) {
                    return Err(self.fault(st, e));
                }
                None
            }
            Special::PreferCex => {
                if let Val::S(e) = arg(1) {
                    let c = self.pool.is_nonzero(e);
                    Rc::make_mut(&mut st.prefs).push(c);
                }
                None
            }
            Special::OpenMerge => {
                self.open_merge(st);
                None
            }
            Special::CloseMerge => {
                if self.close_merge(st) {
                    // Ended by the merge: KLEE's "early, algorithm" class.
                    self.stats.klee.next_class = Some(super::stats::EARLY_ALGORITHM);
                    return Err(Termination::Silent);
                }
                None
            }
            Special::SetForking => {
                st.forking_off = matches!(arg(0), Val::C(0));
                None
            }
            Special::Concretize => Some(Val::C(self.concrete_of(st, arg(0), "klee_concretize argument")?)),
            Special::ApplySymbolic => Some(self.apply_symbolic(st, &arg(0), &arg(1), &arg(2))?),
            Special::ApplySymbolicF64 => Some(self.apply_symbolic_f64(st, &arg(0), &arg(1), &arg(2))?),
            Special::Malloc => Some(self.malloc(st, ci, arg(0))?),
            Special::Calloc => Some(self.calloc(st, ci, arg(0), arg(1))?),
            Special::Realloc => self.realloc(st, ci, arg(0), arg(1))?,
            Special::Free => {
                self.free(st, arg(0))?;
                None
            }
            Special::Exit => {
                let code = match arg(0) {
                    Val::S(e) if self.cfg.fork_on_values => self.exit_status(st, e)?,
                    v => self.concrete_of(st, v, "exit status")?,
                };
                return Err(Termination::Exit(code as i32));
            }
            Special::AssertFail => {
                let cond = self.read_cstr(st, &arg(0)).unwrap_or_default();
                return Err(self.error(st, ErrorKind::Assert, format!("ASSERTION FAIL: {cond}")));
            }
            Special::Memcpy | Special::Memmove => {
                self.mem_copy(st, &arg(0), &arg(1), &arg(2))?;
                Some(arg(0))
            }
            Special::Memset => {
                self.mem_set(st, &arg(0), &arg(1), &arg(2))?;
                Some(arg(0))
            }
            Special::Write => {
                self.inject_failure(st, ci, "write_fail", &arg(0))?;
                Some(self.write_fd(st, &arg(0), &arg(1), &arg(2))?)
            }
            Special::Read => {
                self.inject_failure(st, ci, "read_fail", &arg(0))?;
                Some(self.read_fd(st, &arg(0), &arg(1), &arg(2))?)
            }
            Special::IsATty => {
                // stdio asks on a stream's first use; errno is left alone.
                let fd = self.concrete_of(st, arg(0), "file descriptor")? as i32 as i64;
                let line_buffered = self.cfg.line_buffered_stdout && fd == 1;
                Some(Val::C((line_buffered || self.fd_is_tty(st, fd).unwrap_or(false)) as u64))
            }
            Special::FmtDouble | Special::FmtLDouble => {
                Some(self.fmt_double(st, args, which == Special::FmtLDouble)?)
            }
            Special::ExpectDecimal => Some(self.expect_decimal(st, &arg(0), &arg(1), &arg(2))?),
            Special::ReadOrZero => Some(self.read_or_zero(st, arg(0), &arg(1), &arg(2))?),
            Special::Strtod | Special::Strtof | Special::Atof => Some(self.strtod(st, which, args)?),
            Special::Posix(p) => return self.posix(st, p, ci, args),
            Special::SetLocale => {
                let cat = self.concrete_of(st, arg(0), "locale category")? as i32;
                let name = self.concrete_of(st, arg(1), "locale name")?;
                Some(self.setlocale(st, cat, name)?)
            }
            Special::Math(m) => {
                let (v, errno) = self.math_call(st, m, ci, args)?;
                if errno != 0 {
                    self.set_errno(st, errno);
                }
                Some(v)
            }
        };
        if let Some(v) = r {
            self.set_result(st, ci, v);
        }
        Ok(())
    }

    /// `klee_make_symbolic(addr, size, name)`: the object at `addr`
    /// becomes a fresh symbolic array (or the replayed test's bytes).
    fn make_symbolic(&mut self, st: &mut State, args: &[Val]) -> Result<(), Termination> {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::C(0));
        let addr = self.concrete_of(st, arg(0), "klee_make_symbolic address")?;
        let size = self.concrete_of(st, arg(1), "klee_make_symbolic size")?;
        if args.len() != 3 {
            return Err(self.error(
                st,
                ErrorKind::User,
                "Incorrect number of arguments to klee_make_symbolic(void*, size_t, char*)",
            ));
        }
        // A null name is an empty one (renamed below), as KLEE's.
        let mut name = if arg(2) == Val::C(0) { String::new() } else { self.klee_string(st, &arg(2))? };
        if name.is_empty() {
            crate::log::warning("klee_make_symbolic: renamed empty name to \"unnamed\"");
            name = "unnamed".into();
        }
        // An object of 0 bytes (malloc(0)) can be made symbolic: it has none.
        let (id, off) = st.mem.check(addr, size, false).map_err(|e| self.fault(st, e))?;
        if st.mem.slot(id).is_some_and(|s| s.meta.read_only) {
            return Err(self.error(st, ErrorKind::User, "cannot make readonly object symbolic"));
        }
        // KLEE makes whole objects symbolic; klee mode holds a
        // program to that.
        if self.cfg.whole_objects && (off != 0 || st.mem.slot(id).is_some_and(|s| s.meta.size != size)) {
            return Err(self.error(st, ErrorKind::User, "Wrong size given to klee_make_symbolic"));
        }
        if size > u64::from(u32::MAX) {
            return Err(self.error(
                st,
                ErrorKind::Exec,
                format!("Symbolic objects larger than 4 GiB are not allowed (requested {size} bytes)."),
            ));
        }
        if let Some(bytes) = self.next_replay(&name) {
            self.new_symbolic(st, &name, size as u32)?;
            for k in 0..size {
                st.mem.write_byte(&self.pool, id, off + k, Ok(bytes.get(k as usize).copied().unwrap_or(0)));
            }
        } else {
            let arr = self.new_symbolic(st, &name, size as u32)?;
            for k in 0..size {
                let v = self.pool.var(arr, k as u32);
                st.mem.write_byte(&self.pool, id, off + k, Err(v));
            }
        }
        Ok(())
    }

    /// `klee_assume(v)`: the path goes on where `v` may hold.
    fn assume(&mut self, st: &mut State, v: Val) -> Result<(), Termination> {
        match v {
            Val::C(0) if self.cfg.silent_klee_assume => return Err(Termination::Silent),
            Val::C(0) => return Err(self.error(st, ErrorKind::User, "invalid klee_assume call (provably false)")),
            Val::C(_) => {}
            Val::S(e) => {
                let c = self.pool.is_nonzero(e);
                if !self.constrain(st, c)? {
                    if self.cfg.silent_klee_assume {
                        return Err(Termination::Silent);
                    }
                    return Err(self.error(st, ErrorKind::User, "invalid klee_assume call (provably false)"));
                }
            }
            Val::Agg(_) | Val::Wide(_) => {}
        }
        Ok(())
    }

    /// `klee_range(lo, hi, name)`: a symbolic int in `[lo, hi)`.
    fn klee_range(&mut self, st: &mut State, args: &[Val]) -> Result<Val, Termination> {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::C(0));
        let lo = self.concrete_of(st, arg(0), "klee_range bound")? as u32;
        let hi = self.concrete_of(st, arg(1), "klee_range bound")? as u32;
        let name = self.read_cstr(st, &arg(2)).unwrap_or_else(|_| "range".into());
        if (hi as i32) <= (lo as i32) {
            return Err(self.error(st, ErrorKind::User, "invalid klee_range: empty range"));
        }
        let v = self.intrinsic_int(st, &name)?;
        if let Val::S(e) = v {
            let (l, h) = (self.pool.constant(32, lo as u64), self.pool.constant(32, hi as u64));
            let ge = self.pool.cmp(CmpOp::Sle, l, e);
            let lt = self.pool.cmp(CmpOp::Slt, e, h);
            let both = self.pool.and(ge, lt);
            self.constrain(st, both)?;
        }
        Ok(v)
    }

    /// `klee_report_error(file, line, message, suffix)`: the path ends
    /// with an error of the suffix's kind.
    fn report_error(&mut self, st: &mut State, args: &[Val]) -> Termination {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::C(0));
        let file = self.read_cstr(st, &arg(0)).unwrap_or_default();
        let line = match self.concrete_of(st, arg(1), "line") {
            Ok(line) => line,
            Err(t) => return t,
        };
        let msg = self.read_cstr(st, &arg(2)).unwrap_or_default();
        let suffix = self.read_cstr(st, &arg(3)).unwrap_or_else(|_| "report".into());
        let kind = match suffix.strip_suffix(".err").unwrap_or(&suffix) {
            "assert" => ErrorKind::Assert,
            "abort" => ErrorKind::Abort,
            "ptr" => ErrorKind::Ptr,
            "div" => ErrorKind::Div,
            "free" => ErrorKind::Free,
            "user" => ErrorKind::User,
            "model" => ErrorKind::Model,
            "exec" => ErrorKind::Exec,
            _ => ErrorKind::Report,
        };
        // The runtime's own reports (no file) are placed where the
        // program called into it.
        let loc = if file.is_empty() {
            self.user_loc(st)
        } else {
            Some(crate::ir::SrcLoc { file: file.into(), line: line as u32 })
        };
        Termination::Error { kind, suffix: Some(suffix), msg, loc, stack: self.stack_trace(st), info: None }
    }

    /// `strtod`, `strtof` and `atof` on the host's C library, over the
    /// string's concrete bytes; the end pointer and errno as the host's.
    fn strtod(&mut self, st: &mut State, which: Special, args: &[Val]) -> Result<Val, Termination> {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::C(0));
        let p = self.concrete_of(st, arg(0), "string address")?;
        let text = self.read_cstr(st, &Val::C(p))?;
        let c = std::ffi::CString::new(text).unwrap_or_default();
        let mut end: *mut libc::c_char = std::ptr::null_mut();
        // SAFETY: `c` is a valid NUL-terminated string; strtod only
        // reads it and stores a pointer into it.
        let (bits, errno) = unsafe {
            *libc::__errno_location() = 0;
            let bits = if which == Special::Strtof {
                strtof(c.as_ptr(), &mut end).to_bits() as u64
            } else {
                libc::strtod(c.as_ptr(), &mut end).to_bits()
            };
            (bits, *libc::__errno_location())
        };
        if errno != 0 {
            self.set_errno(st, errno);
        }
        // SAFETY: strtod sets `end` within `c`'s buffer.
        let consumed = unsafe { end.offset_from(c.as_ptr()) } as u64;
        if which != Special::Atof {
            let endp = self.concrete_of(st, arg(1), "strtod end pointer")?;
            if endp != 0 {
                let (id, off) = st.mem.check(endp, 8, true).map_err(|e| self.fault(st, e))?;
                st.mem.write_scalar(&mut self.pool, id, off, 8, &Val::C(p + consumed));
            }
        }
        Ok(Val::C(bits))
    }

    /// Whether the path's standard stream `k` is a terminal: when the
    /// tool's is and a single path is running (its output then reaches the
    /// terminal; paths of an exploration write to files). Judged against an
    /// expected output, stdout is a terminal: line-buffered, so a wrong
    /// line ends its path at once.
    pub(super) fn std_is_tty(&self, k: u64) -> bool {
        let single = self.stats.forks == 0 && self.cfg.sym_stdin.is_none() && !(k == 1 && self.cfg.sym_stdout);
        let judged = k == 1 && self.cfg.expect_stdout.is_some();
        // SAFETY: isatty on one of the tool's standard descriptors.
        judged || (k <= 2 && single && unsafe { libc::isatty(k as i32) } == 1)
    }

    /// Sets the program's `errno` (the runtime's `__se2_errno`).
    pub(super) fn set_errno(&mut self, st: &mut State, e: i32) {
        if let Some(id) = self.errno_obj {
            if st.mem.check(id << 32, 4, true).is_ok() {
                st.mem.write_scalar(&mut self.pool, id, 0, 4, &Val::C(e as u32 as u64));
            }
        }
    }

    /// The program's `errno` (0 when it has none or it is symbolic).
    pub(super) fn get_errno(&mut self, st: &State) -> i32 {
        if let Some(id) = self.errno_obj {
            if st.mem.check(id << 32, 4, false).is_ok() {
                if let Val::C(v) = st.mem.read_scalar(&mut self.pool, id, 0, 4) {
                    return v as i32;
                }
            }
        }
        0
    }

    fn write_fd(&mut self, st: &mut State, fd: &Val, buf: &Val, n: &Val) -> Result<Val, Termination> {
        let fd = self.concrete_of(st, fd.clone(), "file descriptor")? as i32 as i64;
        let n = self.concrete_of(st, n.clone(), "write length")?;
        let b = self.concrete_of(st, buf.clone(), "write buffer")?;
        let fd = match st.proc.entry(fd).map(|o| (o.file.clone(), o.flags)) {
            None => return Ok(Val::C(self.fail(st, libc::EBADF)? as u64)),
            Some((super::posix::FileRef::Host(_) | super::posix::FileRef::Sym(_), _)) => {
                return Ok(Val::C(self.host_rw(st, true, fd, b, n)? as u64))
            }
            Some((super::posix::FileRef::Std(0), _)) => return Ok(Val::C(self.fail(st, libc::EBADF)? as u64)),
            Some((super::posix::FileRef::Std(k), _)) => k as u64,
        };
        if n == 0 {
            return Ok(Val::C(0));
        }
        let (id, off) = st.mem.check(b, n, false).map_err(|e| self.fault(st, e))?;
        let mut bytes: Vec<Result<u8, ExprId>> = Vec::with_capacity(n as usize);
        for k in 0..n {
            bytes.push(st.mem.read_byte(id, off + k));
        }
        self.emit(st, fd, bytes)?;
        Ok(Val::C(n))
    }

    /// Appends bytes to the path's captured stdout (1) or stderr (2).
    pub(super) fn emit(&mut self, st: &mut State, fd: u64, bytes: Vec<Result<u8, ExprId>>) -> Result<(), Termination> {
        if bytes.is_empty() {
            return Ok(());
        }
        if self.cfg.echo_live {
            // As the host's stdio under KLEE: written when the program
            // writes, once, before later forks (symbolic bytes as the
            // path's current model has them).
            use std::io::Write;
            let text: Vec<u8> =
                bytes.iter().map(|b| b.unwrap_or_else(|e| self.pool.eval(e, &st.model) as u8)).collect();
            let _ = if fd == 1 && self.cfg.echo_block_buffered {
                echo_buffered(&text)
            } else if fd == 1 {
                std::io::stdout().write_all(&text).and_then(|_| std::io::stdout().flush())
            } else {
                std::io::stderr().write_all(&text)
            };
        }
        if fd == 1 {
            if let Some(want) = self.cfg.expect_stdout.clone() {
                return self.write_expected(st, bytes, &want);
            }
        }
        let out: &mut OutBuf = if fd == 1 { &mut st.stdout } else { &mut st.stderr };
        for b in bytes {
            match b {
                Ok(c) => out.bytes.push(c),
                Err(e) => {
                    out.sym.push((out.bytes.len(), e));
                    out.bytes.push(0);
                }
            }
        }
        if (st.stdout.len() + st.stderr.len()) as u64 > self.cfg.max_memory {
            return Err(Termination::Early(StopReason::MaxMemory));
        }
        Ok(())
    }

    /// Stdout against an expected output (`Config::expect_stdout`): a
    /// symbolic byte is constrained to the expected one, and a path whose
    /// output cannot match ends at once, as the output specifications of
    /// repair tools do.
    fn write_expected(
        &mut self, st: &mut State, bytes: Vec<Result<u8, ExprId>>, want: &[u8],
    ) -> Result<(), Termination> {
        let mismatch = Termination::Early(StopReason::OutputMismatch);
        for b in bytes {
            let pos = st.stdout.bytes.len();
            let Some(&w) = want.get(pos) else { return Err(mismatch) };
            match b {
                Ok(c) if c == w => {}
                Ok(_) => return Err(mismatch),
                Err(e) => {
                    let wc = self.pool.constant(8, w as u64);
                    let eq = self.pool.cmp(crate::expr::CmpOp::Eq, e, wc);
                    if !self.constrain(st, eq)? {
                        return Err(mismatch);
                    }
                }
            }
            st.stdout.bytes.push(w);
        }
        Ok(())
    }

    /// `__se2_read_or_zero(p, n, kind)`: see [`Special::ReadOrZero`].
    /// `kind` is 0 for an unsigned integer, 1 for a signed one (extended
    /// to 64 bits), 2 for a pointer (1 when non-null, else 0: a pointer's
    /// value truncated to `int` says nothing). A symbolic address is
    /// concretized first; a size or kind that is not a constant is an
    /// error of the caller.
    fn read_or_zero(&mut self, st: &mut State, p: Val, n: &Val, kind: &Val) -> Result<Val, Termination> {
        let (Val::C(n), Val::C(kind)) = (n, kind) else {
            return Err(self.error(st, ErrorKind::Exec, "__se2_read_or_zero: the size and kind must be constants"));
        };
        if !(1..=8).contains(n) {
            return Err(self.error(st, ErrorKind::Exec, format!("__se2_read_or_zero: size {n} is not 1 to 8 bytes")));
        }
        let addr = self.concrete_of(st, p, "address of a hole argument")?;
        let Ok((id, off)) = st.mem.check(addr, *n, false) else { return Ok(Val::C(0)) };
        let bits = (*n * 8) as u8;
        Ok(match (st.mem.read_scalar(&mut self.pool, id, off, *n), kind) {
            (Val::C(c), 2) => Val::C((c != 0) as u64),
            (Val::S(e), 2) => {
                let zero = self.pool.constant(bits, 0);
                let ne = self.pool.cmp(CmpOp::Ult, zero, e);
                Val::S(self.pool.zext(ne, 64))
            }
            (Val::C(c), 1) => Val::C(crate::expr::sext64(c, bits) as u64),
            (Val::C(c), _) => Val::C(c),
            (Val::S(e), _) if bits == 64 => Val::S(e),
            (Val::S(e), 1) => Val::S(self.pool.sext(e, 64)),
            (Val::S(e), _) => Val::S(self.pool.zext(e, 64)),
            (v, _) => v,
        })
    }

    /// `__se2_expect_decimal(v, pending, follow)`: `v` (a `long long`)
    /// is about to be printed in decimal on stdout after `pending`
    /// buffered bytes, followed by the literal byte `follow`. Against an
    /// expected output, the number written there is the only value whose
    /// text matches (decimal text ends where `follow`, not a digit,
    /// begins), so `v` is constrained to it in one step instead of digit
    /// by digit; a path where it cannot be that number ends as a mismatch.
    fn expect_decimal(&mut self, st: &mut State, v: &Val, pending: &Val, follow: &Val) -> Result<Val, Termination> {
        let (Val::S(e), Some(want)) = (v, self.cfg.expect_stdout.clone()) else { return Ok(v.clone()) };
        if self.pool.width(*e) != 64 {
            return Ok(v.clone());
        }
        let std_out = matches!(st.proc.entry(1).map(|o| o.file.clone()), Some(super::posix::FileRef::Std(1)));
        let pending = self.concrete_of(st, pending.clone(), "buffered byte count")?;
        let follow = self.concrete_of(st, follow.clone(), "following byte")? as u8;
        let pos = st.stdout.bytes.len() as u64 + pending;
        let Some(text) = want.get(pos as usize..).filter(|_| std_out && !follow.is_ascii_digit()) else {
            return Ok(v.clone());
        };
        let neg = text.first() == Some(&b'-');
        let digits = text[usize::from(neg)..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = usize::from(neg) + digits;
        // Only the canonical text of a number: no leading zero, no "-0".
        let canonical =
            digits > 0 && (digits == 1 || text[usize::from(neg)] != b'0') && !(neg && digits == 1 && text[1] == b'0');
        let parsed = std::str::from_utf8(&text[..end]).ok().and_then(|t| t.parse::<i64>().ok());
        if text.is_empty() {
            return Ok(v.clone());
        }
        // Whatever `v` is, its text goes here, then `follow`: when the
        // expected output has no number followed by `follow` at this
        // place, the path cannot match (and need not fork on digits to
        // find out).
        let (true, Some(n), Some(&next)) = (canonical, parsed, text.get(end)) else {
            return Err(Termination::Early(super::StopReason::OutputMismatch));
        };
        if next != follow {
            return Err(Termination::Early(super::StopReason::OutputMismatch));
        }
        let c = self.pool.constant(64, n as u64);
        let eq = self.pool.cmp(crate::expr::CmpOp::Eq, *e, c);
        if self.constrain(st, eq)? {
            Ok(Val::C(n as u64))
        } else {
            Err(Termination::Early(super::StopReason::OutputMismatch))
        }
    }

    fn read_fd(&mut self, st: &mut State, fd: &Val, buf: &Val, n: &Val) -> Result<Val, Termination> {
        let fd = self.concrete_of(st, fd.clone(), "file descriptor")? as i32 as i64;
        let n = self.concrete_of(st, n.clone(), "read length")?;
        let b = self.concrete_of(st, buf.clone(), "read buffer")?;
        match st.proc.entry(fd).map(|o| o.file.clone()) {
            None => return Ok(Val::C(self.fail(st, libc::EBADF)? as u64)),
            Some(super::posix::FileRef::Host(_) | super::posix::FileRef::Sym(_)) => {
                return Ok(Val::C(self.host_rw(st, false, fd, b, n)? as u64))
            }
            Some(super::posix::FileRef::Std(0)) => {}
            Some(super::posix::FileRef::Std(_)) => return Ok(Val::C(self.fail(st, libc::EBADF)? as u64)),
        }
        if n == 0 {
            return Ok(Val::C(0));
        }
        // A buffer in the null page is the kernel's EFAULT, not a fault.
        let (id, off) = match st.mem.check(b, n, true) {
            Ok(x) => x,
            Err(crate::exec::memory::MemFault::Null) => return self.fail(st, libc::EFAULT).map(|r| Val::C(r as u64)),
            Err(e) => return Err(self.fault(st, e)),
        };
        // The next (at most) `n` bytes, each fixed or an expression.
        let pos = st.stdin_pos;
        let tail = |len: usize| (pos as usize).min(len)..(pos.saturating_add(n) as usize).min(len);
        let bytes: Vec<Result<u8, ExprId>> = match st.stdin.clone() {
            StdinSrc::Host => self.host_stdin(pos, n).into_iter().map(Ok).collect(),
            StdinSrc::Bytes(data) => data[tail(data.len())].iter().map(|&c| Ok(c)).collect(),
            StdinSrc::Cells(cells) => cells[tail(cells.len())].to_vec(),
            StdinSrc::Symbolic { arr, len } => tail(len as usize).map(|i| Err(self.pool.var(arr, i as u32))).collect(),
        };
        for (k, c) in bytes.iter().enumerate() {
            st.mem.write_byte(&self.pool, id, off + k as u64, *c);
        }
        st.stdin_pos += bytes.len() as u64;
        Ok(Val::C(bytes.len() as u64))
    }

    /// `__se2_fmt_double` / `__se2_fmt_ldouble`: one conversion formatted
    /// by the host's snprintf (a long double is passed to it through
    /// libffi, the one way to hand an x87 value to C from Rust).
    fn fmt_double(&mut self, st: &mut State, args: &[Val], long: bool) -> Result<Val, Termination> {
        let out = self.concrete_of(st, args[0].clone(), "buffer")?;
        let cap = self.concrete_of(st, args[1].clone(), "capacity")?;
        let spec = self.read_cstr(st, &args[2])?;
        let bits: u128 = match &args[3] {
            Val::Wide(w) if long => **w,
            v => self.concrete_of(st, v.clone(), "floating-point value")? as u128,
        };
        let body = spec.strip_prefix('%').unwrap_or("");
        let body = if long {
            body.strip_suffix(|c: char| "fFeEgGaA".contains(c))
                .and_then(|b| b.strip_suffix('L'))
                .map(|b| format!("{b}x"))
        } else {
            Some(body.to_string())
        };
        let ok = spec.len() < 64
            && body.is_some_and(|b| {
                b[..b.len().saturating_sub(1)].chars().all(|c| c.is_ascii_digit() || "-+ #0.".contains(c))
            })
            && spec.chars().last().is_some_and(|c| "fFeEgGaA".contains(c));
        if !ok {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported floating-point format {spec:?}")));
        }
        let cspec = std::ffi::CString::new(spec).unwrap_or_default();
        let format = |buf: &mut Vec<u8>| -> i32 {
            if long {
                host_snprintf_ld(buf, &cspec, bits)
            } else {
                // SAFETY: the format was validated above to hold exactly one
                // double conversion; `buf` has the given size.
                unsafe {
                    libc::snprintf(
                        buf.as_mut_ptr() as *mut libc::c_char,
                        buf.len(),
                        cspec.as_ptr(),
                        f64::from_bits(bits as u64),
                    )
                }
            }
        };
        let mut buf = vec![0u8; 512];
        let len = format(&mut buf).max(0) as usize;
        if len >= buf.len() {
            buf = vec![0u8; len + 1];
            format(&mut buf);
        }
        if cap > 0 {
            let n = (len as u64).min(cap - 1);
            let (id, off) = st.mem.check(out, n + 1, true).map_err(|e| self.fault(st, e))?;
            for k in 0..n {
                st.mem.write_byte(&self.pool, id, off + k, Ok(buf[k as usize]));
            }
            st.mem.write_byte(&self.pool, id, off + n, Ok(0));
        }
        Ok(Val::C(len as u64))
    }
}

/// The host's snprintf with one long double argument (its 80 bits in
/// `bits`), through libffi's variadic call.
fn host_snprintf_ld(buf: &mut [u8], spec: &std::ffi::CStr, bits: u128) -> i32 {
    use libffi::raw;
    let mut types: [*mut raw::ffi_type; 4] = [
        &raw mut raw::ffi_type_pointer,
        &raw mut raw::ffi_type_uint64,
        &raw mut raw::ffi_type_pointer,
        &raw mut raw::ffi_type_longdouble,
    ];
    // SAFETY: a zeroed cif is filled by ffi_prep_cif_var below.
    let mut cif: raw::ffi_cif = unsafe { std::mem::zeroed() };
    // SAFETY: the type array lives for the call.
    let st = unsafe {
        raw::ffi_prep_cif_var(
            &mut cif,
            raw::ffi_abi_FFI_DEFAULT_ABI,
            3,
            4,
            &raw mut raw::ffi_type_sint32,
            types.as_mut_ptr(),
        )
    };
    if st != raw::ffi_status_FFI_OK {
        return -1;
    }
    let mut p_buf = buf.as_mut_ptr() as *mut libc::c_void;
    let mut n = buf.len() as u64;
    let mut p_spec = spec.as_ptr() as *mut libc::c_void;
    let mut ld = [0u8; 16];
    ld[..10].copy_from_slice(&bits.to_le_bytes()[..10]);
    let mut argv: [*mut libc::c_void; 4] = [
        &mut p_buf as *mut _ as *mut libc::c_void,
        &mut n as *mut _ as *mut libc::c_void,
        &mut p_spec as *mut _ as *mut libc::c_void,
        ld.as_mut_ptr() as *mut libc::c_void,
    ];
    let mut ret: u64 = 0;
    // SAFETY: snprintf(char *, size_t, const char *, long double) with a
    // format validated to hold one long double conversion.
    unsafe {
        raw::ffi_call(
            &mut cif,
            Some(std::mem::transmute::<*mut libc::c_void, unsafe extern "C" fn()>(libc::snprintf as *mut libc::c_void)),
            &mut ret as *mut u64 as *mut libc::c_void,
            argv.as_mut_ptr(),
        );
    }
    ret as i32
}

extern "C" {
    /// The host's strtof (not in the libc crate).
    fn strtof(s: *const libc::c_char, end: *mut *mut libc::c_char) -> f32;
}
