//! The host mirror: VM objects at their VM addresses in the tool's own
//! address space, so that a host function may follow pointers stored
//! inside the structures it is given (argv vectors, `struct tm`, a
//! `getpwnam_r` buffer) and return pointers into them.
//!
//! Object `k` lives at VM address `k << 32`; the mirror maps a window of
//! anonymous memory at host address `k << 32` (with `MAP_FIXED_NOREPLACE`,
//! so it never takes an address the tool already uses) the first time the
//! object takes part in a host call. Around each call the objects reachable
//! from the pointer arguments are copied in, and the writable ones copied
//! back after it, as KLEE synchronizes its objects around an external call.
//! Reachability is conservative: every aligned 8-byte word of a synced
//! object that is the address of a live object (inside it or one past its
//! end) adds that object, so a word that only looks like a pointer costs a
//! copy, never a wrong value (the bytes are the same on both sides).
//!
//! Windows are process-wide and shared by every executor of the process:
//! host calls are serialized by one lock, and a window's content is only
//! meaningful during the call that copied it in.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// Mapped windows: object id -> bytes mapped at `id << 32`.
pub(super) struct Mirror {
    mapped: HashMap<u64, usize>,
}

static MIRROR: Mutex<Option<Mirror>> = Mutex::new(None);

/// The lock every host call holds from copying in to copying back.
pub(super) fn lock() -> MutexGuard<'static, Option<Mirror>> {
    let mut g = MIRROR.lock().unwrap_or_else(|p| p.into_inner());
    if g.is_none() {
        *g = Some(Mirror { mapped: HashMap::new() });
    }
    g
}

const PAGE: usize = 4096;

impl Mirror {
    /// Makes `size` bytes (plus one, for one-past-the-end pointers) of
    /// object `id`'s window host memory. Fails when the host already uses
    /// those addresses.
    pub(super) fn ensure(&mut self, id: u64, size: u64) -> Result<*mut u8, String> {
        let base = (id << 32) as usize;
        let need = ((size as usize + 1).div_ceil(PAGE)) * PAGE;
        let have = self.mapped.get(&id).copied().unwrap_or(0);
        if have < need {
            let at = base + have;
            let len = need - have;
            // SAFETY: an anonymous private mapping at a fixed address that
            // MAP_FIXED_NOREPLACE keeps from replacing any existing one.
            let p = unsafe {
                libc::mmap(
                    at as *mut libc::c_void,
                    len,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED_NOREPLACE | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED || p as usize != at {
                if p != libc::MAP_FAILED {
                    // An old kernel took the flag as a hint and put the
                    // mapping elsewhere.
                    // SAFETY: unmapping the mapping just made.
                    unsafe { libc::munmap(p, len) };
                }
                return Err(format!("the host address {at:#x} of object {id} is taken by the tool"));
            }
            self.mapped.insert(id, need);
        }
        Ok(base as *mut u8)
    }

    /// Whether `addr` lies in a mapped window.
    pub(super) fn contains(&self, addr: u64) -> bool {
        let id = addr >> 32;
        self.mapped.get(&id).is_some_and(|&n| (addr & 0xffff_ffff) < n as u64)
    }
}

extern "C" {
    fn se2_host_call(
        cif: *mut libffi::raw::ffi_cif, f: Option<unsafe extern "C" fn()>, ret: *mut libc::c_void,
        args: *mut *mut libc::c_void, errno_io: *mut libc::c_int,
    ) -> libc::c_int;
}

extern "C" {
    fn se2_host_strnlen(p: *const libc::c_char, max: libc::c_ulong) -> libc::c_long;
}

/// The NUL-terminated string at host address `p` (at most 1 MiB), or
/// `None` if reading it faults.
pub(super) fn host_string(p: u64) -> Option<Vec<u8>> {
    const MAX: u64 = 1 << 20;
    let _guard = lock();
    // SAFETY: a protected read; a fault returns -1.
    let n = unsafe { se2_host_strnlen(p as *const libc::c_char, MAX as libc::c_ulong) };
    if n < 0 || n as u64 >= MAX {
        return None;
    }
    // SAFETY: the `n + 1` bytes were just read without a fault.
    Some(unsafe { std::slice::from_raw_parts(p as *const u8, n as usize + 1) }.to_vec())
}

/// Calls `f` through `cif`, protected: returns `Err(signal)` when the call
/// faulted or aborted. `errno` is the program's errno in and out.
///
/// # Safety
/// `cif` must describe `f`'s real signature, `args` point to argument
/// values of those types, and `ret` to room for the result.
pub(super) unsafe fn call(
    cif: *mut libffi::raw::ffi_cif, f: unsafe extern "C" fn(), ret: *mut libc::c_void, args: *mut *mut libc::c_void,
    errno: &mut i32,
) -> Result<(), i32> {
    let mut e: libc::c_int = *errno;
    let sig = se2_host_call(cif, Some(f), ret, args, &mut e);
    *errno = e;
    if sig == 0 {
        Ok(())
    } else {
        Err(sig)
    }
}

/// A signal's name for messages.
pub(super) fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGABRT => "SIGABRT",
        _ => "a signal",
    }
}

/// Calls the host's `name(long double, ...)` returning `long double` (the
/// 80-bit values in the low bits of each `u128`), with errno cleared
/// before: the result and the errno it set, or `None` if the host has no
/// such function.
pub(super) fn call_long_double(name: &str, args: &[u128]) -> Option<(u128, i32)> {
    use libffi::raw;
    let c = std::ffi::CString::new(name).ok()?;
    // SAFETY: dlsym with a valid NUL-terminated name.
    let f = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) };
    if f.is_null() || args.len() > 3 {
        return None;
    }
    let mut types: Vec<*mut raw::ffi_type> = vec![&raw mut raw::ffi_type_longdouble; args.len()];
    // SAFETY: a zeroed cif, filled by ffi_prep_cif.
    let mut cif: raw::ffi_cif = unsafe { std::mem::zeroed() };
    // SAFETY: the type array outlives the call.
    let st = unsafe {
        raw::ffi_prep_cif(
            &mut cif,
            raw::ffi_abi_FFI_DEFAULT_ABI,
            args.len() as u32,
            &raw mut raw::ffi_type_longdouble,
            types.as_mut_ptr(),
        )
    };
    if st != raw::ffi_status_FFI_OK {
        return None;
    }
    let mut store: Vec<[u8; 16]> = args
        .iter()
        .map(|a| {
            let mut b = [0u8; 16];
            b[..10].copy_from_slice(&a.to_le_bytes()[..10]);
            b
        })
        .collect();
    let mut argp: Vec<*mut libc::c_void> = store.iter_mut().map(|b| b.as_mut_ptr() as *mut libc::c_void).collect();
    let mut ret = [0u8; 16];
    let mut errno = 0;
    let _guard = lock();
    // SAFETY: a libm function of long double arguments and result.
    let r = unsafe {
        call(
            &mut cif,
            std::mem::transmute::<*mut libc::c_void, unsafe extern "C" fn()>(f),
            ret.as_mut_ptr() as *mut libc::c_void,
            argp.as_mut_ptr(),
            &mut errno,
        )
    };
    r.ok()?;
    Some((u128::from_le_bytes(ret) & ((1u128 << 80) - 1), errno))
}
