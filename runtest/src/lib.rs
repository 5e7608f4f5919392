//! `libkleeRuntest`: the intrinsics of `klee/klee.h` for a program
//! compiled natively (`gcc prog.c -lkleeRuntest`), replaying a test:
//! each `klee_make_symbolic` takes the next object of the `.ktest` named
//! by `KTEST_FILE` (asked for on stdin when unset), in order.
//!
//! As KLEE's library: an object whose name or size differs from the
//! request, a test out of objects, a `klee_assume` that does not hold or
//! a `klee_range`/`klee_choose` value out of range prints
//! `KLEE_RUN_TEST_ERROR: …` and exits with status 1, or carries on when
//! `KLEE_RUN_TEST_ERRORS_NON_FATAL` is set; `KLEE_RANDOM` fills objects
//! with random bytes instead of a test. The path-only intrinsics
//! (`klee_prefer_cex`, `klee_set_forking`, merging) do nothing; the
//! value intrinsics return their argument; `klee_report_error` and
//! `klee_abort` end the program as an error (abort). An intrinsic that
//! has no native meaning (`klee_apply_symbolic`, `klee_get_obj_size`)
//! reports itself unsupported and exits with status 1.
#![allow(non_snake_case)]
#![allow(clippy::missing_safety_doc)]

use ktest_format::KTest;
use libc::{c_char, c_int, c_uint, c_void, size_t, uintptr_t};
use std::ffi::CStr;
use std::io::{BufRead, Write};
use std::sync::Mutex;

/// The test being replayed and the next object's index.
struct Replay {
    test: Option<KTest>,
    next: usize,
    /// `KLEE_RANDOM`: the generator's state (0: replay a test).
    random: u64,
}

static REPLAY: Mutex<Replay> = Mutex::new(Replay { test: None, next: 0, random: 0 });
static WARNED: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn text(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: a NUL-terminated string from the program.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// `KLEE_RUN_TEST_ERROR: msg`, then exit 1 unless errors are non-fatal.
fn report(msg: &str) {
    eprintln!("KLEE_RUN_TEST_ERROR: {msg}");
    if std::env::var_os("KLEE_RUN_TEST_ERRORS_NON_FATAL").is_some() {
        eprintln!("KLEE_RUN_TEST_ERROR: Forcing execution to continue");
    } else {
        std::process::exit(1);
    }
}

/// The test named by `KTEST_FILE`, or by a line read from stdin.
fn load() -> KTest {
    let path = match std::env::var_os("KTEST_FILE") {
        Some(p) => std::path::PathBuf::from(p),
        None => {
            print!("KLEE-RUNTIME: KTEST_FILE not set, please enter .ktest path: ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if std::io::stdin().lock().read_line(&mut line).map_or(true, |n| n == 0) || line.trim_end().is_empty() {
                eprintln!("KLEE-RUNTIME: cannot replay, no KTEST_FILE or user input");
                std::process::exit(1);
            }
            std::path::PathBuf::from(line.trim_end_matches('\n'))
        }
    };
    match KTest::load(&path) {
        Ok(t) => t,
        Err(_) => {
            eprintln!("KLEE-RUNTIME: unable to open .ktest file");
            std::process::exit(1);
        }
    }
}

/// xorshift64*: the next random byte.
fn random_byte(state: &mut u64) -> u8 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
}

/// Fills `out` with the next object (named `name`) of the test.
fn fill(out: &mut [u8], name: &str) {
    let mut r = REPLAY.lock().unwrap_or_else(|e| e.into_inner());
    if r.random == 0 && r.test.is_none() && std::env::var_os("KLEE_RANDOM").is_some() {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        r.random = t | 1;
    }
    if r.random != 0 {
        for b in out.iter_mut() {
            *b = random_byte(&mut r.random);
        }
        return;
    }
    if r.test.is_none() {
        r.test = Some(load());
    }
    let i = r.next;
    let obj = r.test.as_ref().and_then(|t| t.objects.get(i)).cloned();
    let Some((oname, bytes)) = obj else {
        drop(r);
        report("out of inputs. Will use zero if continuing.");
        out.fill(0);
        return;
    };
    r.next += 1;
    drop(r);
    if oname != name {
        report(&format!("object name mismatch. Requesting \"{name}\" but returning \"{oname}\""));
    }
    let n = out.len().min(bytes.len());
    out[..n].copy_from_slice(&bytes[..n]);
    if bytes.len() != out.len() {
        report(&format!("object sizes differ. Expected {} but got {}", out.len(), bytes.len()));
        out[n..].fill(0);
    }
}

#[no_mangle]
pub unsafe extern "C" fn klee_make_symbolic(addr: *mut c_void, nbytes: size_t, name: *const c_char) {
    let name = if name.is_null() { "unnamed".to_string() } else { text(name) };
    if addr.is_null() || nbytes == 0 {
        fill(&mut [], &name);
        return;
    }
    // SAFETY: the program gives an object of `nbytes` bytes.
    let out = unsafe { std::slice::from_raw_parts_mut(addr as *mut u8, nbytes) };
    fill(out, &name);
}

#[no_mangle]
pub extern "C" fn klee_int(name: *const c_char) -> c_int {
    let mut b = [0u8; 4];
    fill(&mut b, &text(name));
    c_int::from_ne_bytes(b)
}

#[no_mangle]
pub extern "C" fn klee_range(begin: c_int, end: c_int, name: *const c_char) -> c_int {
    let x = klee_int(name);
    if x < begin || x >= end {
        report(&format!("invalid klee_range({begin},{end},{}) value, got: {x}\n", text(name)));
    }
    x
}

#[no_mangle]
pub extern "C" fn klee_choose(n: uintptr_t) -> uintptr_t {
    let mut b = [0u8; std::mem::size_of::<uintptr_t>()];
    fill(&mut b, "klee_choose");
    let x = uintptr_t::from_ne_bytes(b);
    if x >= n {
        report(&format!("klee_choose failure. max = {n}, got = {x}\n"));
    }
    x
}

#[no_mangle]
pub extern "C" fn klee_assume(cond: uintptr_t) {
    if cond == 0 {
        report("invalid klee_assume");
    }
}

#[no_mangle]
pub extern "C" fn klee_is_replay() -> c_uint {
    1
}

#[no_mangle]
pub extern "C" fn klee_is_symbolic(_n: uintptr_t) -> c_uint {
    0
}

#[no_mangle]
pub extern "C" fn klee_silent_exit(status: c_int) -> ! {
    std::process::exit(status)
}

#[no_mangle]
pub extern "C" fn klee_abort() -> ! {
    std::process::abort()
}

#[no_mangle]
pub extern "C" fn klee_report_error(
    file: *const c_char, line: c_int, message: *const c_char, suffix: *const c_char,
) -> ! {
    eprintln!("{}:{line}: {} ({})", text(file), text(message), text(suffix));
    std::process::abort()
}

#[no_mangle]
pub extern "C" fn klee_warning(message: *const c_char) {
    eprintln!("KLEE: WARNING: {}", text(message));
}

#[no_mangle]
pub extern "C" fn klee_warning_once(message: *const c_char) {
    let m = text(message);
    let mut seen = WARNED.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.contains(&m) {
        eprintln!("KLEE: WARNING ONCE: {m}");
        seen.push(m);
    }
}

/// What has no native meaning: reported, exit 1.
fn unsupported(what: &str) -> ! {
    eprintln!("KLEE_RUN_TEST_ERROR: unsupported: {what} has no native replay");
    std::process::exit(1)
}

#[no_mangle]
pub extern "C" fn klee_apply_symbolic(_name: *const c_char, _nargs: c_int, _args: *mut c_int) -> c_int {
    unsupported("klee_apply_symbolic")
}

#[no_mangle]
pub extern "C" fn klee_get_obj_size(_ptr: *mut c_void) -> size_t {
    unsupported("klee_get_obj_size")
}

/// The intrinsics that only steer exploration: nothing to do natively.
macro_rules! nothing {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) {}
    )*};
}

nothing! {
    klee_prefer_cex(_object: *mut c_void, _cond: uintptr_t);
    klee_set_forking(_enable: c_uint);
    klee_open_merge();
    klee_close_merge();
    klee_print_expr(_message: *const c_char);
    klee_check_memory_access(_ptr: *const c_void, _size: size_t);
    klee_mark_global(_object: *mut c_void);
}

/// The value intrinsics: the value itself.
macro_rules! identity {
    ($($name:ident: $ty:ty;)*) => {$(
        #[no_mangle]
        pub extern "C" fn $name(x: $ty) -> $ty { x }
    )*};
}

identity! {
    klee_get_valuef: f32;
    klee_get_valued: f64;
    klee_get_valuel: libc::c_long;
    klee_get_valuell: libc::c_longlong;
    klee_get_value_i32: i32;
    klee_get_value_i64: i64;
    klee_get_value_u32: u32;
    klee_get_value_u64: u64;
    klee_get_value_char: c_char;
    klee_get_value_long: libc::c_long;
    klee_concretize: uintptr_t;
}
