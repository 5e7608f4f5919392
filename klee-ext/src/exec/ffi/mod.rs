//! The external-call dispatcher: a declared function the program does not
//! define and the executor does not model is called on the host's C
//! library. Symbolic arguments are concretized (with a warning), as KLEE
//! does. The objects reachable from pointer arguments are placed at their
//! VM addresses in the tool's address space (`host.rs`), so the host
//! function may follow pointers stored inside them and return pointers
//! into them; the call runs under signal protection, so a host function
//! that faults ends the path with an `exec` error naming it, never the
//! tool; `errno` goes in and out as the program's.

mod abi;

use super::host;
use super::host_lists::{ENV_READERS, FD_ARGS, HOST_WRITERS, REFUSED};
use super::memory::split;
use super::{ErrorKind, Executor, State, Termination};
use crate::ir::{CallInst, FuncId, Ty, Val};
use abi::{copy_back, ffi_scalar, in_path_context, HostArgs, HostCall, ReturnType};
use libffi::raw;
use std::collections::{BTreeSet, VecDeque};

/// What a descriptor call does, without the host, when a descriptor it
/// is given is a path's standard stream or symbolic file: its result and
/// errno (0: none). Advice changes nothing a program observes; in-kernel
/// copies refuse what is not a host file (EINVAL, as Linux for a pipe),
/// and programs fall back to read and write; an ioctl finds no terminal.
fn on_path_stream(name: &str) -> Option<(u64, i32)> {
    match name {
        "posix_fadvise" | "posix_fadvise64" => Some((0, 0)),
        "copy_file_range" | "sendfile" | "sendfile64" | "splice" => Some((u64::MAX, libc::EINVAL)),
        "ioctl" => Some((u64::MAX, libc::ENOTTY)),
        _ => None,
    }
}

/// How an external function is called (`Executor::host_fn`).
#[derive(Clone, Copy, Debug)]
pub(super) enum HostKind {
    /// The host's function at this address.
    Call(usize),
    SetJmp,
    Refused(&'static str),
    Undefined,
}

/// One external function, resolved once.
#[derive(Clone, Copy, Debug)]
pub(super) struct HostFn {
    kind: HostKind,
    /// Arguments that are descriptors.
    fd_args: &'static [usize],
    /// Changes the file system outside the model.
    writer: bool,
    /// Reads the environment.
    reads_env: bool,
    /// The `struct tm *` argument it fills.
    tm_arg: Option<usize>,
}

/// A C library variable the program declares, exchanged around host calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct HostGlobal {
    /// The program's object.
    pub id: u64,
    /// The host variable and its size.
    pub addr: usize,
    pub size: usize,
    pub kind: GlobalKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GlobalKind {
    /// Given to the host only by the functions that read it.
    Environ,
    /// Its strings become VM copies after a call.
    Tzname,
    Other,
}

/// Bytes of host memory a call may copy in and out at most.
const MAX_SYNC_BYTES: u64 = 512 << 20;

impl<'p> Executor<'p> {
    /// What the dispatcher knows of external function `f`, found on its
    /// first call (names are looked up once, not per call).
    fn host_fn(&mut self, f: FuncId) -> HostFn {
        if let Some(Some(h)) = self.host_fns.get(f.idx()) {
            return *h;
        }
        let name = self.prog.func(f).name.as_str();
        let kind = if name.contains("setjmp") {
            HostKind::SetJmp
        } else if name.contains("longjmp") {
            HostKind::Refused("non-local jumps")
        } else if let Some((_, why)) = REFUSED.iter().find(|(n, _)| *n == name) {
            HostKind::Refused(why)
        } else {
            let cname = std::ffi::CString::new(name).unwrap_or_default();
            // SAFETY: dlsym with a valid NUL-terminated name.
            let sym = unsafe { libc::dlsym(libc::RTLD_DEFAULT, cname.as_ptr()) };
            if sym.is_null() {
                HostKind::Undefined
            } else {
                HostKind::Call(sym as usize)
            }
        };
        let h = HostFn {
            kind,
            fd_args: FD_ARGS.iter().find(|(n, _)| *n == name).map_or(&[], |(_, a)| a),
            writer: HOST_WRITERS.contains(&name),
            reads_env: ENV_READERS.contains(&name),
            tm_arg: match name {
                "localtime_r" | "gmtime_r" => Some(1),
                "mktime" | "timegm" | "timelocal" => Some(0),
                _ => None,
            },
        };
        if self.host_fns.len() <= f.idx() {
            self.host_fns.resize(f.idx() + 1, None);
        }
        self.host_fns[f.idx()] = Some(h);
        h
    }

    pub(super) fn external(
        &mut self, st: &mut State, f: FuncId, ci: &CallInst, args: &[Val],
    ) -> Result<(), Termination> {
        let hf = self.host_fn(f);
        let prog = self.prog;
        let name = prog.func(f).name.as_str();
        let Some(sym) = self.before_host(st, f, ci, args, hf, name)? else { return Ok(()) };
        let a = self.host_args(st, ci, args, hf.fd_args, name)?;
        let ret = self.prog.ty(ci.ret).clone();
        let agg_fields = self.scalar_fields(ci.ret);
        let Some(mut rtype) = ReturnType::of(prog, &ret, agg_fields.as_deref()) else {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported: return type of external {name}")));
        };
        // The objects the call may see (from the arguments and the C
        // library's variables), their symbolic bytes concretized. The
        // environment (a hundred strings) goes only to the functions that
        // read it: the time-zone ones.
        let bridged: Vec<HostGlobal> =
            self.ext_globals.iter().copied().filter(|g| hf.reads_env || g.kind != GlobalKind::Environ).collect();
        let mut roots = a.roots.clone();
        roots.extend(bridged.iter().map(|g| g.id << 32));
        let objects = self.reachable(st, &roots, name)?;
        for &id in &objects {
            self.concretize_object(st, id, name)?;
        }
        let mut retbuf = [0u64; 4];
        let done = self.call_host(st, ci, sym, a, rtype.ptr(), &objects, &bridged, &mut retbuf, &ret, name)?;
        if let Err(sig) = done.end {
            return Err(self.error(
                st,
                ErrorKind::Exec,
                format!("external call to {name} ended with {} on the host", host::signal_name(sig)),
            ));
        }
        self.set_errno(st, done.errno);
        // `tzname` holds the host library's zone names after tzset.
        if let Some(g) = self.ext_globals.iter().find(|g| g.kind == GlobalKind::Tzname).copied() {
            for k in 0..(g.size / 8) as u64 {
                self.host_string_field(st, (g.id << 32) + 8 * k)?;
            }
        }
        // A `struct tm` the library filled points into its zone data.
        if let Some(&tm) = hf.tm_arg.and_then(|k| done.words.get(k)) {
            self.fix_tm_zone(st, tm)?;
        }
        let v = self.returned_value(st, &ret, agg_fields.as_deref(), &retbuf, done.ret_host, name)?;
        self.set_result(st, ci, v);
        Ok(())
    }

    /// What happens before a call reaches the host: the POSIX model's
    /// `ioctl`, `setjmp`, refused and undefined functions, the
    /// `--external-calls` policy and its warnings, a descriptor call on
    /// one of the path's own streams, the host-write policy, a function of
    /// the program handed to the host. `None`: the call is answered (its
    /// result set); else the host function's address.
    fn before_host(
        &mut self, st: &mut State, f: FuncId, ci: &CallInst, args: &[Val], hf: HostFn, name: &str,
    ) -> Result<Option<*mut libc::c_void>, Termination> {
        // The POSIX model answers an ioctl on a descriptor that is not open
        // or is a symbolic file.
        if name == "ioctl" {
            if let Some(r) = self.ioctl_model(st, args)? {
                self.set_result(st, ci, Val::C(r as u64));
                return Ok(None);
            }
        }
        let sym = match hf.kind {
            // setjmp returns 0 (the direct return); a longjmp back to it
            // ends the path with an error, so no path continues wrongly.
            HostKind::SetJmp => {
                self.warn_once(format!("{name}: a later longjmp is not supported"));
                self.set_result(st, ci, Val::C(0));
                return Ok(None);
            }
            HostKind::Refused(why) => {
                return Err(self.error(st, ErrorKind::Model, format!("unsupported: external call to {name} ({why})")))
            }
            HostKind::Undefined => {
                return Err(self.error(st, ErrorKind::Exec, format!("failed external call: {name}")))
            }
            HostKind::Call(sym) => sym as *mut libc::c_void,
        };
        if self.cfg.external_calls == super::ExternalCalls::None
            && !matches!(name, "printf" | "fprintf" | "puts" | "getpid")
        {
            crate::log::warning(&format!("Disallowed call to external function: {name}"));
            return Err(self.error(st, ErrorKind::User, "external calls disallowed"));
        }
        self.warn_external(f, name);
        if let Some((result, errno)) = on_path_stream(name) {
            let path_stream = hf.fd_args.iter().any(|&i| match args.get(i) {
                Some(Val::C(fd)) if (*fd as i32) >= 0 => {
                    st.proc.entry(*fd as i32 as i64).is_some_and(|o| !matches!(o.file, super::posix::FileRef::Host(_)))
                }
                _ => false,
            });
            if path_stream {
                if errno != 0 {
                    self.set_errno(st, errno);
                }
                self.set_result(st, ci, Val::C(result));
                return Ok(None);
            }
        }
        if hf.writer && !self.writes_allowed() {
            return Err(self.error(st, ErrorKind::Model, format!("refused: {name} would change the host file system during a symbolic run (pass --allow-host-writes to permit it)")));
        }
        // The host cannot call back into the VM: a function of the program
        // handed to it (a callback it would call later, at exit or on a
        // signal) would make the host jump to an address it does not have.
        if args.iter().any(|a| matches!(a, Val::C(c) if self.prog.func_at(*c).is_some())) {
            return Err(self.error(
                st,
                ErrorKind::Model,
                format!("unsupported: passing a function of the program to external {name}"),
            ));
        }
        Ok(Some(sym))
    }

    /// `--external-call-warnings`: a warning per call, or once per function.
    fn warn_external(&mut self, f: FuncId, name: &str) {
        let first = self.warned_host.insert(f);
        match self.cfg.external_call_warnings {
            super::config::CallWarnings::None => {}
            super::config::CallWarnings::All if crate::log::style() == crate::log::Style::Klee => {
                crate::log::warning(&format!("calling external: {name}()"));
            }
            _ if first => {
                if crate::log::style() == crate::log::Style::Klee {
                    self.warn_once(format!("calling external: {name}()"));
                } else {
                    self.warn_once(format!("calling external function {name} on the host"));
                }
            }
            _ => {}
        }
    }

    /// The call's concrete argument words and their libffi types.
    fn host_args(
        &mut self, st: &mut State, ci: &CallInst, args: &[Val], fd_args: &[usize], name: &str,
    ) -> Result<HostArgs, Termination> {
        let prog = self.prog;
        let mut a = HostArgs {
            words: Vec::with_capacity(args.len()),
            types: Vec::with_capacity(args.len()),
            roots: Vec::new(),
            long_args: Vec::new(),
        };
        for (i, v) in args.iter().enumerate() {
            let ty = prog.ty(ci.arg_tys[i]);
            if ty.ty == Ty::LongDouble {
                let Some(w) = super::wide::wide(v) else {
                    return Err(self.error(
                        st,
                        ErrorKind::Exec,
                        format!("symbolic long double argument to external {name}"),
                    ));
                };
                a.types.push(&raw mut raw::ffi_type_longdouble);
                a.words.push(0);
                a.long_args.push((i, w));
                continue;
            }
            let v = self.host_word(st, v, fd_args.contains(&i), name)?;
            let t = match ty.ty {
                Ty::Ptr => {
                    a.roots.push(v);
                    &raw mut raw::ffi_type_pointer
                }
                ref t => match ffi_scalar(t) {
                    Some(t) => t,
                    None => {
                        return Err(self.error(
                            st,
                            ErrorKind::Model,
                            format!("unsupported: argument type of external {name}"),
                        ))
                    }
                },
            };
            a.types.push(t);
            a.words.push(v);
        }
        Ok(a)
    }

    /// One argument's concrete word: a symbolic one must have one value
    /// (KLEE's default) or is concretized (`--external-calls all`); a
    /// descriptor becomes the host's descriptor behind it (AT_FDCWD and
    /// negative values pass as they are).
    fn host_word(&mut self, st: &mut State, a: &Val, fd: bool, name: &str) -> Result<u64, Termination> {
        let v = match a {
            Val::C(c) => *c,
            Val::S(e) if self.cfg.external_calls == super::ExternalCalls::Concrete => {
                let v = self.pool.eval(*e, &st.model);
                let w = self.pool.get(*e).width();
                let c = self.pool.constant(w, v);
                let other = self.pool.ne(*e, c);
                if self.model_for(st, other)?.is_some() {
                    return Err(self.error(
                        st,
                        ErrorKind::Exec,
                        format!("external call with symbolic argument: {name}"),
                    ));
                }
                v
            }
            Val::S(_) => {
                self.warn_once(format!("concretizing a symbolic argument of external {name}"));
                self.concrete_of(st, a.clone(), "external call argument")?
            }
            _ => {
                return Err(self.error(
                    st,
                    ErrorKind::Model,
                    format!("unsupported: aggregate argument to external {name}"),
                ))
            }
        };
        if !fd || (v as i32) < 0 {
            return Ok(v);
        }
        match st.proc.entry(v as i32 as i64).map(|o| o.file.clone()) {
            Some(super::posix::FileRef::Host(h)) => Ok(h.0 as u64),
            Some(_) => Err(self.error(
                st,
                ErrorKind::Model,
                format!("unsupported: {name} on a standard stream or symbolic file"),
            )),
            None => Ok(u32::MAX as u64 >> 1), // no such descriptor: EBADF on the host
        }
    }

    /// Calls `sym` on the host with arguments `a` and return type `rtype`,
    /// the `objects` mirrored at their VM addresses and the C library's
    /// variables `bridged` given the program's values.
    #[allow(clippy::too_many_arguments)]
    fn call_host(
        &mut self, st: &mut State, ci: &CallInst, sym: *mut libc::c_void, mut a: HostArgs, rtype: *mut raw::ffi_type,
        objects: &[u64], bridged: &[HostGlobal], retbuf: &mut [u64; 4], ret: &crate::ir::TyInfo, name: &str,
    ) -> Result<HostCall, Termination> {
        // Argument storage in the widths libffi reads.
        let mut store: Vec<[u8; 16]> = a
            .words
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let mut b = [0u8; 16];
                match self.prog.ty(ci.arg_tys[i]).ty {
                    Ty::Float => b[..4].copy_from_slice(&(*v as u32).to_le_bytes()),
                    Ty::LongDouble => {
                        let w = a.long_args.iter().find(|(k, _)| *k == i).map_or(0, |(_, w)| *w);
                        b[..10].copy_from_slice(&w.to_le_bytes()[..10]);
                    }
                    _ => b[..8].copy_from_slice(&v.to_le_bytes()),
                }
                b
            })
            .collect();
        let mut argp: Vec<*mut libc::c_void> = store.iter_mut().map(|b| b.as_mut_ptr() as *mut libc::c_void).collect();
        let mut cif: raw::ffi_cif = unsafe { std::mem::zeroed() };
        let nargs = a.words.len() as u32;
        // SAFETY: `types` and `rtype` outlive the cif's use below.
        let status = unsafe {
            if ci.args.len() as u32 > ci.fixed {
                raw::ffi_prep_cif_var(
                    &mut cif,
                    raw::ffi_abi_FFI_DEFAULT_ABI,
                    ci.fixed,
                    nargs,
                    rtype,
                    a.types.as_mut_ptr(),
                )
            } else {
                raw::ffi_prep_cif(&mut cif, raw::ffi_abi_FFI_DEFAULT_ABI, nargs, rtype, a.types.as_mut_ptr())
            }
        };
        if status != raw::ffi_status_FFI_OK {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported: the signature of external {name}")));
        }
        let mut errno = self.get_errno(st);
        let mut guard = host::lock();
        let mirror = guard.as_mut().expect("initialized by lock");
        for &id in objects {
            let size = st.mem.slot(id).expect("live").meta.size;
            let base = match mirror.ensure(id, size) {
                Ok(p) => p,
                Err(e) => {
                    drop(guard);
                    return Err(self.error(st, ErrorKind::Model, format!("unsupported: external {name}: {e}")));
                }
            };
            let bytes = &st.mem.data(id).bytes;
            // SAFETY: the window holds at least size + 1 bytes.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), base, bytes.len()) };
        }
        // The library's variables take the program's values for the call.
        let saved: Vec<Vec<u8>> = bridged
            .iter()
            .map(|&HostGlobal { id, addr: h, size: n, .. }| {
                // SAFETY: `h` is a host variable of `n` bytes (dlsym).
                let old = unsafe { std::slice::from_raw_parts(h as *const u8, n) }.to_vec();
                let now = &st.mem.data(id).bytes;
                // SAFETY: as above.
                unsafe { std::ptr::copy_nonoverlapping(now.as_ptr(), h as *mut u8, n) };
                old
            })
            .collect();
        let r = in_path_context(st, || {
            // SAFETY: the cif matches the call site's signature; pointer
            // arguments are VM addresses whose objects are mapped above.
            unsafe {
                host::call(
                    &mut cif,
                    std::mem::transmute::<*mut libc::c_void, unsafe extern "C" fn()>(sym),
                    retbuf.as_mut_ptr() as *mut libc::c_void,
                    argp.as_mut_ptr(),
                    &mut errno,
                )
            }
        });
        if r.is_ok() {
            copy_back(st, objects);
        }
        for (&HostGlobal { id, addr: h, size: n, .. }, old) in bridged.iter().zip(saved) {
            // SAFETY: `h` is a host variable of `n` bytes.
            let now = unsafe { std::slice::from_raw_parts(h as *const u8, n) };
            if r.is_ok() && now != &st.mem.data(id).bytes[..] {
                st.mem.data_mut_pub(id).bytes.copy_from_slice(now);
            }
            // SAFETY: as above; the tool's own view is restored.
            unsafe { std::ptr::copy_nonoverlapping(old.as_ptr(), h as *mut u8, n) };
        }
        let ret_host = matches!(ret.ty, Ty::Ptr) && retbuf[0] != 0 && !mirror.contains(retbuf[0]);
        drop(guard);
        Ok(HostCall { end: r, ret_host, errno, words: a.words })
    }

    /// The program's value of a host call's result in `retbuf`: an
    /// aggregate by its scalar fields, an x87 `long double`, or a scalar;
    /// a pointer into the host's static storage becomes a copy in the VM.
    fn returned_value(
        &mut self, st: &mut State, ret: &crate::ir::TyInfo, agg_fields: Option<&[(u64, crate::ir::TyId)]>,
        retbuf: &[u64; 4], ret_host: bool, name: &str,
    ) -> Result<Val, Termination> {
        if let (Some(fields), Ty::Struct(_) | Ty::Array { .. }) = (agg_fields, &ret.ty) {
            let bytes: Vec<u8> = retbuf.iter().flat_map(|w| w.to_le_bytes()).collect();
            let items: Vec<Val> = fields
                .iter()
                .map(|(off, t)| {
                    let info = self.prog.ty(*t);
                    let mut b = [0u8; 8];
                    let n = info.store_size.min(8) as usize;
                    b[..n].copy_from_slice(&bytes[*off as usize..*off as usize + n]);
                    Val::C(u64::from_le_bytes(b) & crate::expr::mask(info.bits.max(1)))
                })
                .collect();
            return Ok(Val::Agg(std::rc::Rc::new(items)));
        }
        if ret.ty == Ty::LongDouble {
            let v = (retbuf[0] as u128 | (retbuf[1] as u128) << 64) & crate::expr::mask128(80);
            return Ok(Val::Wide(Box::new(v)));
        }
        let raw_ret = match ret.ty {
            Ty::Float => retbuf[0] & 0xffff_ffff,
            _ => retbuf[0],
        };
        let mut ret_val = raw_ret & crate::expr::mask(ret.bits.max(1));
        if matches!(ret.ty, Ty::Ptr) && ret_val != 0 {
            let (id, off) = split(ret_val);
            let in_vm = !ret_host && st.mem.slot(id).is_some_and(|s| !s.freed && off <= s.meta.size);
            if !in_vm {
                ret_val = self.copy_host_result(st, name, ret_val)?;
            }
        }
        Ok(Val::C(ret_val))
    }

    /// The live objects reachable from `roots` through aligned pointer
    /// words, in id order.
    fn reachable(&mut self, st: &State, roots: &[u64], name: &str) -> Result<Vec<u64>, Termination> {
        let mut seen = BTreeSet::new();
        let mut queue: VecDeque<u64> = VecDeque::new();
        let live = |st: &State, a: u64| -> Option<u64> {
            let (id, off) = split(a);
            let s = st.mem.slot(id)?;
            (id != 0 && !s.freed && off <= s.meta.size).then_some(id)
        };
        for &r in roots {
            if r == 0 {
                continue;
            }
            match live(st, r) {
                Some(id) => {
                    if seen.insert(id) {
                        queue.push_back(id);
                    }
                }
                None => {
                    if self.prog.func_at(r).is_none() {
                        return Err(self.error(
                            st,
                            ErrorKind::Ptr,
                            format!("invalid pointer passed to external {name}"),
                        ));
                    }
                    // The host would call it later, outside any protection
                    // (at exit, in a handler); a call during the call itself
                    // is caught, so only registrations are refused above.
                }
            }
        }
        let mut total = 0u64;
        while let Some(id) = queue.pop_front() {
            let data = &st.mem.data(id).bytes;
            total += data.len() as u64;
            if total > MAX_SYNC_BYTES {
                return Err(self.error(
                    st,
                    ErrorKind::Model,
                    format!("unsupported: external {name} reaches more than {} MiB of memory", MAX_SYNC_BYTES >> 20),
                ));
            }
            for w in data.chunks_exact(8) {
                let a = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                if a >> 32 == 0 {
                    continue;
                }
                if let Some(t) = live(st, a) {
                    if seen.insert(t) {
                        queue.push_back(t);
                    }
                }
            }
        }
        Ok(seen.into_iter().collect())
    }

    /// Concretizes the symbolic bytes of object `id` under the path's
    /// model before the host sees it (KLEE does the same).
    fn concretize_object(&mut self, st: &mut State, id: u64, name: &str) -> Result<(), Termination> {
        let syms: Vec<(usize, crate::expr::ExprId)> = {
            let d = st.mem.data(id);
            d.sym.iter().enumerate().filter_map(|(k, s)| s.map(|e| (k, e))).collect()
        };
        if syms.is_empty() {
            return Ok(());
        }
        self.warn_once(format!("concretizing symbolic memory passed to external {name}"));
        for (k, e) in syms {
            let c = self.concretize(st, e, "memory passed to an external function")? as u8;
            st.mem.write_byte(&self.pool, id, k as u64, Ok(c));
        }
        Ok(())
    }

    /// A pointer a host function returned into its own memory: the program
    /// gets a copy in a new object where its size is known (static strings
    /// and structures); otherwise the path ends with a clear error.
    fn copy_host_result(&mut self, st: &mut State, name: &str, p: u64) -> Result<u64, Termination> {
        let bytes = match static_result(name) {
            Some(StaticResult::String) => host::host_string(p),
            // SAFETY: gmtime/localtime return their static `struct tm`.
            Some(StaticResult::Tm) => {
                Some(unsafe { std::slice::from_raw_parts(p as *const u8, std::mem::size_of::<libc::tm>()) }.to_vec())
            }
            None => {
                return Err(self.error(
                    st,
                    ErrorKind::Model,
                    format!("unsupported: external {name} returned a pointer to host memory"),
                ))
            }
        };
        let Some(bytes) = bytes else {
            return Err(self.error(st, ErrorKind::Exec, format!("external {name} returned an unreadable pointer")));
        };
        let size = bytes.len();
        let a = self.alloc_object(st, size as u64, super::memory::ObjKind::Internal, &format!("result of {name}"))?;
        st.mem.data_mut_pub(a >> 32).bytes.copy_from_slice(&bytes);
        if TM.contains(&name) {
            self.fix_tm_zone(st, a)?;
        }
        Ok(a)
    }

    /// The `tm_zone` field of a `struct tm` at VM address `tm`, when it
    /// points into the host's time-zone data, becomes a VM string.
    pub(super) fn fix_tm_zone(&mut self, st: &mut State, tm: u64) -> Result<(), Termination> {
        const TM_ZONE: u64 = 48;
        if st.mem.check(tm, 56, false).is_err() {
            return Ok(());
        }
        self.host_string_field(st, tm + TM_ZONE)
    }

    /// A pointer field at VM address `field` that points to a string in
    /// the host library's static data becomes a pointer to a VM copy.
    fn host_string_field(&mut self, st: &mut State, field: u64) -> Result<(), Termination> {
        let (id, off) = split(field);
        let Val::C(z) = st.mem.read_scalar(&mut self.pool, id, off, 8) else { return Ok(()) };
        if z == 0 || st.mem.slot(z >> 32).is_some() {
            return Ok(());
        }
        // glibc's zone names are in its own static data; anything that
        // cannot be read ends the path.
        let Some(s) = host::host_string(z) else {
            return Err(self.error(
                st,
                ErrorKind::Ptr,
                format!("invalid pointer {z:#x} where the C library keeps a string"),
            ));
        };
        let a = self.alloc_object(st, s.len() as u64, super::memory::ObjKind::Internal, "host string")?;
        st.mem.data_mut_pub(a >> 32).bytes.copy_from_slice(&s);
        st.mem.write_scalar(&mut self.pool, id, off, 8, &Val::C(a));
        Ok(())
    }

    /// The (offset, type) of each field of an aggregate whose fields are all
    /// scalars, or `None`.
    fn scalar_fields(&self, ty: crate::ir::TyId) -> Option<Vec<(u64, crate::ir::TyId)>> {
        match &self.prog.ty(ty).ty {
            Ty::Struct(fields) => fields.iter().all(|(_, t)| self.prog.ty(*t).is_scalar()).then(|| fields.to_vec()),
            Ty::Array { elem, n, stride } => {
                self.prog.ty(*elem).is_scalar().then(|| (0..*n).map(|i| (i * stride, *elem)).collect())
            }
            _ => None,
        }
    }
}

/// The program's undefined global variables that the host's C library
/// defines: (object id, host address, size).
pub(super) fn host_globals(prog: &crate::ir::Program) -> Vec<HostGlobal> {
    let mut out = Vec::new();
    for (i, g) in prog.globals.iter().enumerate() {
        // `environ` is the runtime's, given to the host too (setlocale,
        // getenv inside the library read it).
        if !(g.external || g.name == "environ") || g.size == 0 || g.size > 4096 {
            continue;
        }
        let Ok(c) = std::ffi::CString::new(g.name.as_str()) else { continue };
        // SAFETY: dlsym with a valid NUL-terminated name.
        let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) };
        if !p.is_null() && host_object_size(p).is_some_and(|n| n >= g.size) {
            let kind = match g.name.as_str() {
                "environ" => GlobalKind::Environ,
                "tzname" => GlobalKind::Tzname,
                _ => GlobalKind::Other,
            };
            out.push(HostGlobal { id: i as u64 + 1, addr: p as usize, size: g.size as usize, kind });
        }
    }
    out
}

/// The size of the host data object at `p` (from its ELF symbol), or
/// `None` if `p` is not one (a function, or unknown).
fn host_object_size(p: *mut libc::c_void) -> Option<u64> {
    const RTLD_DL_SYMENT: libc::c_int = 1;
    const STT_OBJECT: u8 = 1;
    // SAFETY: dladdr1 fills `info` and points `sym` at the ELF symbol.
    unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        let mut sym: *mut libc::Elf64_Sym = std::ptr::null_mut();
        if libc::dladdr1(p, &mut info, &mut sym as *mut _ as *mut *mut libc::c_void, RTLD_DL_SYMENT) == 0
            || sym.is_null()
        {
            return None;
        }
        let kind = (*sym).st_info & 0xf;
        (kind == STT_OBJECT).then_some((*sym).st_size)
    }
}

const TM: &[&str] = &["gmtime", "localtime"];

/// What a library function's pointer into its own static storage holds.
enum StaticResult {
    String,
    Tm,
}

/// Library functions that return a pointer to their own static storage.
fn static_result(name: &str) -> Option<StaticResult> {
    const STRINGS: &[&str] = &[
        "ctime",
        "asctime",
        "strsignal",
        "ttyname",
        "nl_langinfo",
        "tmpnam",
        "inet_ntoa",
        "getlogin",
        "strerror",
        "gai_strerror",
        "setlocale",
    ];
    if STRINGS.contains(&name) {
        Some(StaticResult::String)
    } else if TM.contains(&name) {
        Some(StaticResult::Tm)
    } else {
        None
    }
}
