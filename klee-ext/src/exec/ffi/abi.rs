//! The libffi side of a host call: the arguments' words and types, the
//! return type's descriptor, the path's working directory and locale
//! around the call, and the bytes it changed copied back.

use super::super::State;
use crate::ir::Ty;
use libffi::raw;

/// A host call's arguments: the words, their libffi types, the pointers
/// among them (the roots of what the host may see), and the x87 values
/// of `long double` arguments by position.
pub(super) struct HostArgs {
    pub(super) words: Vec<u64>,
    pub(super) types: Vec<*mut raw::ffi_type>,
    pub(super) roots: Vec<u64>,
    pub(super) long_args: Vec<(usize, u128)>,
}

/// How a host call went.
pub(super) struct HostCall {
    /// Its end: a signal, or none.
    pub(super) end: Result<(), i32>,
    /// Whether a returned pointer is the host's own (not into a mirrored
    /// object).
    pub(super) ret_host: bool,
    /// errno after it.
    pub(super) errno: i32,
    /// The argument words it was given.
    pub(super) words: Vec<u64>,
}

/// A host call's libffi return type; a small aggregate's descriptor and
/// its fields live here until the call returns.
pub(super) struct ReturnType {
    scalar: Option<*mut raw::ffi_type>,
    fields: Vec<*mut raw::ffi_type>,
    agg: raw::ffi_type,
}

impl ReturnType {
    /// The return type of `ret` (`fields`: its scalar fields, for an
    /// aggregate); `None`: libffi cannot return it.
    pub(super) fn of(
        prog: &crate::ir::Program, ret: &crate::ir::TyInfo, fields: Option<&[(u64, crate::ir::TyId)]>,
    ) -> Option<ReturnType> {
        // SAFETY: a zeroed descriptor, filled below for an aggregate.
        let mut r = ReturnType { scalar: None, fields: Vec::new(), agg: unsafe { std::mem::zeroed() } };
        r.scalar = match (&ret.ty, fields) {
            (Ty::Void, _) => Some(&raw mut raw::ffi_type_void),
            (Ty::Int(w), _) if *w <= 64 => Some(&raw mut raw::ffi_type_uint64),
            (Ty::Ptr, _) => Some(&raw mut raw::ffi_type_uint64),
            (Ty::Double, _) => Some(&raw mut raw::ffi_type_double),
            (Ty::Float, _) => Some(&raw mut raw::ffi_type_float),
            (Ty::LongDouble, _) => Some(&raw mut raw::ffi_type_longdouble),
            (Ty::Struct(_) | Ty::Array { .. }, Some(fields)) if ret.size <= 16 => {
                for (_, t) in fields {
                    r.fields.push(ffi_scalar(&prog.ty(*t).ty).unwrap_or(&raw mut raw::ffi_type_uint64));
                }
                r.fields.push(std::ptr::null_mut());
                r.agg.type_ = raw::FFI_TYPE_STRUCT;
                None
            }
            _ => return None,
        };
        Some(r)
    }

    /// The descriptor libffi reads, valid while `self` stays in place.
    pub(super) fn ptr(&mut self) -> *mut raw::ffi_type {
        match self.scalar {
            Some(t) => t,
            None => {
                self.agg.elements = self.fields.as_mut_ptr();
                &raw mut self.agg
            }
        }
    }
}

/// Runs `call` in the path's context: the process moved into the path's
/// working directory when it has one (so relative paths mean what they
/// mean to the program; host calls are serialized by the mirror's lock,
/// held by the caller) and the path's locale current on this thread.
pub(super) fn in_path_context<T>(st: &State, call: impl FnOnce() -> T) -> T {
    let cwd = st.proc.cwd.as_ref().map(|c| c.0);
    let tool_cwd = cwd.and_then(|c| {
        // SAFETY: opening the tool's directory, then moving the process
        // into the path's for the call.
        let here = unsafe { libc::open(c".".as_ptr(), libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC) };
        if here < 0 {
            return None;
        }
        if unsafe { libc::fchdir(c) } != 0 {
            unsafe { libc::close(here) };
            return None;
        }
        Some(here)
    });
    let loc = st.proc.locale.handle;
    // SAFETY: the program's locale for this thread during the call.
    let prev = if loc.is_null() { std::ptr::null_mut() } else { unsafe { libc::uselocale(loc) } };
    let r = call();
    if !prev.is_null() {
        // SAFETY: restoring the thread's previous locale.
        unsafe { libc::uselocale(prev) };
    }
    if let Some(here) = tool_cwd {
        // SAFETY: back to the tool's own directory.
        unsafe {
            libc::fchdir(here);
            libc::close(here);
        }
    }
    r
}

/// The bytes the host call changed in the mirrored `objects`, copied
/// back into the path's memory (read-only objects skipped).
pub(super) fn copy_back(st: &mut State, objects: &[u64]) {
    for &id in objects {
        let slot = st.mem.slot(id).expect("live");
        if slot.meta.read_only {
            continue;
        }
        let n = slot.meta.size as usize;
        // SAFETY: the window was mapped and filled before the call.
        let now = unsafe { std::slice::from_raw_parts((id << 32) as *const u8, n) };
        if now != &st.mem.data(id).bytes[..] {
            st.mem.data_mut_pub(id).bytes.copy_from_slice(now);
        }
    }
}

/// The libffi type of an integer or floating-point scalar.
pub(super) fn ffi_scalar(t: &Ty) -> Option<*mut raw::ffi_type> {
    Some(match *t {
        Ty::Int(w) if w <= 8 => &raw mut raw::ffi_type_uint8,
        Ty::Int(w) if w <= 16 => &raw mut raw::ffi_type_uint16,
        Ty::Int(w) if w <= 32 => &raw mut raw::ffi_type_uint32,
        Ty::Int(w) if w <= 64 => &raw mut raw::ffi_type_uint64,
        Ty::Double => &raw mut raw::ffi_type_double,
        Ty::Float => &raw mut raw::ffi_type_float,
        _ => return None,
    })
}
