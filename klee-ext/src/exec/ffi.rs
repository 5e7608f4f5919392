//! The external-call dispatcher: a declared function the program does not
//! define and the executor does not model is called on the host's C library
//! when every argument is concrete. Objects that pointer arguments point
//! into are copied to host buffers before the call and back after it, as
//! KLEE's external dispatcher does.

use super::{ErrorKind, Executor, State, Termination};
use crate::ir::{CallInst, FuncId, Ty, Val};
use libffi::middle::{Arg, Cif, CodePtr, Type};

/// Functions never called on the host: they would act on the tool's own
/// process rather than on the program's modelled one.
const REFUSED: &[&str] = &[
    "exit", "_exit", "abort", "fork", "vfork", "execv", "execve", "execvp", "execl", "execlp", "system", "kill", "raise",
    "signal", "sigaction", "setjmp", "longjmp", "_setjmp", "_longjmp", "__sigsetjmp", "sigsetjmp", "siglongjmp", "__longjmp_chk", "pthread_create", "pthread_exit", "dup2", "close",
    "chdir", "mmap", "munmap", "brk", "sbrk", "setrlimit", "unlink", "remove", "rename", "rmdir",
];

impl<'p> Executor<'p> {
    pub(super) fn external(&mut self, st: &mut State, f: FuncId, ci: &CallInst, args: &[Val]) -> Result<(), Termination> {
        let name = self.prog.func(f).name.clone();
        if name.contains("setjmp") || name.contains("longjmp") {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported: {name} (non-local jumps)")));
        }
        if REFUSED.contains(&name.as_str()) {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported: external call to {name} is not allowed")));
        }
        if ci.args.len() as u32 > ci.fixed {
            return Err(self.error(st, ErrorKind::Model, format!("unsupported: variadic external function {name}")));
        }
        if let Some(i) = args.iter().position(|a| matches!(a, Val::S(_))) {
            return Err(self.error(st, ErrorKind::Exec, format!("external call to {name} with a symbolic argument (argument {})", i + 1)));
        }
        let cname = std::ffi::CString::new(name.clone()).unwrap_or_default();
        // SAFETY: dlsym with a valid NUL-terminated name.
        let sym = unsafe { libc::dlsym(libc::RTLD_DEFAULT, cname.as_ptr()) };
        if sym.is_null() {
            return Err(self.error(st, ErrorKind::Exec, format!("call to undefined external function {name}")));
        }
        self.warn_once(format!("calling external function {name} on the host"));

        // Marshal arguments.
        let mut types = Vec::new();
        let mut ints: Vec<u64> = Vec::new();
        let mut floats: Vec<(usize, f64, f32)> = Vec::new();
        let mut buffers: Vec<(u64, Vec<u8>)> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let ty = self.prog.ty(ci.arg_tys[i]).clone();
            let v = match a {
                Val::C(c) => *c,
                _ => return Err(self.error(st, ErrorKind::Model, format!("unsupported: aggregate argument to external {name}"))),
            };
            match ty.ty {
                Ty::Ptr => {
                    let (id, off) = super::memory::split(v);
                    let host = if id != 0 && st.mem.check(v, 0, false).is_ok() {
                        let data = st.mem.data(id);
                        if !data.sym.is_empty() && data.sym.iter().any(|s| s.is_some()) {
                            return Err(self.error(st, ErrorKind::Exec, format!("external call to {name} with a pointer to symbolic memory")));
                        }
                        let mut buf = data.bytes.clone();
                        buf.push(0); // room for one-past-the-end pointers
                        let ptr = buf.as_ptr() as u64 + off;
                        buffers.push((id, buf));
                        ptr
                    } else if v == 0 {
                        0
                    } else {
                        return Err(self.error(st, ErrorKind::Ptr, format!("invalid pointer passed to external {name}")));
                    };
                    types.push(Type::pointer());
                    ints.push(host);
                }
                Ty::Int(w) => {
                    types.push(match w {
                        1..=8 => Type::u8(),
                        9..=16 => Type::u16(),
                        17..=32 => Type::u32(),
                        _ => Type::u64(),
                    });
                    ints.push(v);
                }
                Ty::Double => {
                    types.push(Type::f64());
                    floats.push((i, f64::from_bits(v), 0.0));
                    ints.push(0);
                }
                Ty::Float => {
                    types.push(Type::f32());
                    floats.push((i, 0.0, f32::from_bits(v as u32)));
                    ints.push(0);
                }
                _ => return Err(self.error(st, ErrorKind::Model, format!("unsupported: argument type of external {name}"))),
            }
        }
        let ret = self.prog.ty(ci.ret).clone();
        // Small aggregates of scalars (e.g. libgcc's __divdc3 returning
        // `{ double, double }`) are returned as libffi structures.
        let agg_fields = self.scalar_fields(ci.ret);
        let rtype = match (&ret.ty, &agg_fields) {
            (Ty::Void, _) => Type::void(),
            (Ty::Int(w), _) if *w <= 64 => Type::u64(),
            (Ty::Ptr, _) => Type::u64(),
            (Ty::Double, _) => Type::f64(),
            (Ty::Float, _) => Type::f32(),
            (Ty::Struct(_) | Ty::Array { .. }, Some(fields)) if ret.size <= 16 => Type::structure(fields.iter().map(|(_, t)| match self.prog.ty(*t).ty {
                Ty::Double => Type::f64(),
                Ty::Float => Type::f32(),
                Ty::Int(w) if w <= 8 => Type::u8(),
                Ty::Int(w) if w <= 16 => Type::u16(),
                Ty::Int(w) if w <= 32 => Type::u32(),
                _ => Type::u64(),
            })),
            _ => return Err(self.error(st, ErrorKind::Model, format!("unsupported: return type of external {name}"))),
        };
        let narrow: Vec<(u8, u16, u32)> = ints.iter().map(|v| (*v as u8, *v as u16, *v as u32)).collect();
        let cif = Cif::new(types.clone(), rtype);
        let mut fargs = Vec::with_capacity(args.len());
        for (i, t) in types.iter().enumerate() {
            let fl = floats.iter().find(|(k, _, _)| *k == i);
            let arg = match (fl, self.prog.ty(ci.arg_tys[i]).ty.clone()) {
                (Some((_, d, _)), Ty::Double) => Arg::new(d),
                (Some((_, _, f)), Ty::Float) => Arg::new(f),
                (_, Ty::Int(w)) if w <= 8 => Arg::new(&narrow[i].0),
                (_, Ty::Int(w)) if w <= 16 => Arg::new(&narrow[i].1),
                (_, Ty::Int(w)) if w <= 32 => Arg::new(&narrow[i].2),
                _ => Arg::new(&ints[i]),
            };
            let _ = t;
            fargs.push(arg);
        }
        let code = CodePtr(sym);
        // SAFETY: the signature comes from the call site's function type;
        // pointer arguments point into live host buffers held in `buffers`.
        if let (Some(fields), Ty::Struct(_) | Ty::Array { .. }) = (&agg_fields, &ret.ty) {
            let mut buf = [0u8; 32];
            // SAFETY: as below; `buf` is larger than any structure accepted
            // above; `Arg` is a transparent pointer (as `Cif::call` uses it).
            unsafe {
                libffi::raw::ffi_call(cif.as_raw_ptr(), Some(*code.as_safe_fun()), buf.as_mut_ptr() as *mut libc::c_void, fargs.as_ptr() as *mut *mut libc::c_void);
            }
            let items: Vec<Val> = fields
                .iter()
                .map(|(off, t)| {
                    let info = self.prog.ty(*t);
                    let mut b = [0u8; 8];
                    let n = info.store_size.min(8) as usize;
                    b[..n].copy_from_slice(&buf[*off as usize..*off as usize + n]);
                    Val::C(u64::from_le_bytes(b) & crate::expr::mask(info.bits.max(1)))
                })
                .collect();
            self.set_result(st, ci, Val::Agg(std::rc::Rc::new(items)));
            return Ok(());
        }
        let result: u64 = unsafe {
            match ret.ty {
                Ty::Void => {
                    cif.call::<()>(code, &fargs);
                    0
                }
                Ty::Double => cif.call::<f64>(code, &fargs).to_bits(),
                Ty::Float => cif.call::<f32>(code, &fargs).to_bits() as u64,
                _ => cif.call::<u64>(code, &fargs),
            }
        };
        // Copy buffers back and translate a returned pointer.
        let mut ret_val = result & crate::expr::mask(ret.bits.max(1));
        if matches!(ret.ty, Ty::Ptr) && result != 0 {
            let hit = buffers.iter().find(|(_, b)| {
                let start = b.as_ptr() as u64;
                result >= start && result < start + b.len() as u64
            });
            ret_val = match hit {
                Some((id, b)) => (id << 32) + (result - b.as_ptr() as u64),
                None => match static_result_size(&name, result) {
                    // A pointer to the library's own static storage: the
                    // program gets a copy of it in a new object.
                    Some(size) => {
                        // SAFETY: the host function returned a pointer to
                        // `size` readable bytes (see `static_result_size`).
                        let bytes = unsafe { std::slice::from_raw_parts(result as *const u8, size) }.to_vec();
                        let a = self.alloc_object(st, size as u64, super::memory::ObjKind::Internal, &format!("result of {name}"))?;
                        st.mem.data_mut_pub(a >> 32).bytes.copy_from_slice(&bytes);
                        a
                    }
                    None => return Err(self.error(st, ErrorKind::Model, format!("unsupported: external {name} returned a pointer to host memory"))),
                },
            };
        }
        for (id, buf) in buffers {
            let ro = st.mem.slot(id).is_some_and(|s| s.meta.read_only);
            if !ro {
                let data = st.mem.data_mut_pub(id);
                let n = data.bytes.len();
                data.bytes.copy_from_slice(&buf[..n]);
            }
        }
        self.set_result(st, ci, Val::C(ret_val));
        Ok(())
    }
}

impl<'p> Executor<'p> {
    /// The (offset, type) of each field of an aggregate whose fields are all
    /// scalars, or `None`.
    fn scalar_fields(&self, ty: crate::ir::TyId) -> Option<Vec<(u64, crate::ir::TyId)>> {
        match &self.prog.ty(ty).ty {
            Ty::Struct(fields) => fields.iter().all(|(_, t)| self.prog.ty(*t).is_scalar()).then(|| fields.to_vec()),
            Ty::Array { elem, n, stride } => self.prog.ty(*elem).is_scalar().then(|| (0..*n).map(|i| (i * stride, *elem)).collect()),
            _ => None,
        }
    }
}

/// Library functions that return a pointer to their own static storage,
/// and how many bytes it holds: C strings (to their NUL) and `struct tm`.
fn static_result_size(name: &str, p: u64) -> Option<usize> {
    const STRINGS: &[&str] = &["ctime", "asctime", "strsignal", "ttyname", "nl_langinfo", "tmpnam", "inet_ntoa", "getlogin"];
    const TM: &[&str] = &["gmtime", "localtime"];
    if STRINGS.contains(&name) {
        // SAFETY: these functions return NUL-terminated strings.
        Some(unsafe { libc::strlen(p as *const libc::c_char) } + 1)
    } else if TM.contains(&name) {
        Some(std::mem::size_of::<libc::tm>())
    } else {
        None
    }
}
