//! Floating-point functions of the C library and LLVM's float intrinsics,
//! evaluated on concrete values.

use crate::expr::{mask, BinOp, CmpOp, ExprId};
use crate::ir::MathFn;

impl MathFn {
    /// Evaluates in double precision. Library functions run on the host's
    /// libm (the same glibc the native program uses); `powi` and `fmuladd`
    /// are compiler operations: repeated multiplication, and a multiply
    /// then an add (no FMA on baseline x86-64).
    pub fn eval(self, a: &[f64]) -> f64 {
        self.eval_errno(a).0
    }

    /// Like [`eval`](Self::eval), also returning the `errno` the host
    /// library set (0 if none).
    pub(crate) fn eval_errno(self, a: &[f64]) -> (f64, i32) {
        let (x, y, z) = three(a);
        match self {
            MathFn::FMulAdd => return (x * y + z, 0),
            MathFn::Powi => return (powi(x, y as i32), 0),
            MathFn::RoundEven => return (host::roundeven(x), 0),
            _ => {}
        }
        host::call(|| match self {
            MathFn::Fabs => x.abs(),
            MathFn::Floor => x.floor(),
            MathFn::Ceil => x.ceil(),
            MathFn::Trunc => x.trunc(),
            MathFn::Round => x.round(),
            MathFn::Rint => host::rint(x),
            MathFn::Sqrt => host::sqrt_errno(x),
            MathFn::Sin => host::sin(x),
            MathFn::Cos => host::cos(x),
            MathFn::Tan => host::tan(x),
            MathFn::Asin => host::asin(x),
            MathFn::Acos => host::acos(x),
            MathFn::Atan => host::atan(x),
            MathFn::Atan2 => host::atan2(x, y),
            MathFn::Sinh => host::sinh(x),
            MathFn::Cosh => host::cosh(x),
            MathFn::Tanh => host::tanh(x),
            MathFn::Exp => host::exp(x),
            MathFn::Exp2 => host::exp2(x),
            MathFn::Log => host::log(x),
            MathFn::Log2 => host::log2(x),
            MathFn::Log10 => host::log10(x),
            MathFn::Pow => host::pow(x, y),
            MathFn::Fmod => host::fmod(x, y),
            MathFn::Fma => host::fma(x, y, z),
            MathFn::Copysign => x.copysign(y),
            MathFn::Fmin => x.min(y),
            MathFn::Fmax => x.max(y),
            MathFn::Hypot => host::hypot(x, y),
            MathFn::Cbrt => host::cbrt(x),
            MathFn::FMulAdd | MathFn::Powi | MathFn::RoundEven => unreachable!("handled above"),
        })
    }

    /// Evaluates in single precision (the `f`-suffixed C functions and
    /// `.f32` intrinsics), with the host's `errno`.
    pub(crate) fn eval_f32_errno(self, a: &[f32]) -> (f32, i32) {
        let (x, y, z) = three(a);
        match self {
            MathFn::FMulAdd => return (x * y + z, 0),
            MathFn::Powi => return (powi(x, y as i32), 0),
            MathFn::RoundEven => return (host::roundeven(x as f64) as f32, 0),
            _ => {}
        }
        let (r, e) = host::call(|| {
            (match self {
                MathFn::Fabs => x.abs(),
                MathFn::Floor => x.floor(),
                MathFn::Ceil => x.ceil(),
                MathFn::Trunc => x.trunc(),
                MathFn::Round => x.round(),
                MathFn::Rint => host::rintf(x),
                MathFn::Sqrt => host::sqrt_errno(x as f64) as f32,
                MathFn::Sin => host::sinf(x),
                MathFn::Cos => host::cosf(x),
                MathFn::Tan => host::tanf(x),
                MathFn::Asin => host::asinf(x),
                MathFn::Acos => host::acosf(x),
                MathFn::Atan => host::atanf(x),
                MathFn::Atan2 => host::atan2f(x, y),
                MathFn::Sinh => host::sinhf(x),
                MathFn::Cosh => host::coshf(x),
                MathFn::Tanh => host::tanhf(x),
                MathFn::Exp => host::expf(x),
                MathFn::Exp2 => host::exp2f(x),
                MathFn::Log => host::logf(x),
                MathFn::Log2 => host::log2f(x),
                MathFn::Log10 => host::log10f(x),
                MathFn::Pow => host::powf(x, y),
                MathFn::Fmod => host::fmodf(x, y),
                MathFn::Fma => host::fmaf(x, y, z),
                MathFn::Copysign => x.copysign(y),
                MathFn::Fmin => x.min(y),
                MathFn::Fmax => x.max(y),
                MathFn::Hypot => host::hypotf(x, y),
                MathFn::Cbrt => host::cbrtf(x),
                MathFn::FMulAdd | MathFn::Powi | MathFn::RoundEven => unreachable!("handled above"),
            }) as f64
        });
        (r as f32, e)
    }
}

/// The first three arguments (missing ones are 0).
fn three<T: Copy + Default>(a: &[T]) -> (T, T, T) {
    let g = |i: usize| a.get(i).copied().unwrap_or_default();
    (g(0), g(1), g(2))
}

/// `x` to the integer power `n` by repeated multiplication in the value's
/// own type, as compiler-rt's `__powidf2`/`__powisf2` do.
fn powi<T: Copy + std::ops::Mul<Output = T> + std::ops::Div<Output = T> + From<u8>>(x: T, n: i32) -> T {
    let mut r: T = T::from(1u8);
    let mut b = x;
    let mut k = n.unsigned_abs();
    loop {
        if k & 1 == 1 {
            r = r * b;
        }
        k >>= 1;
        if k == 0 {
            break;
        }
        b = b * b;
    }
    if n < 0 {
        T::from(1u8) / r
    } else {
        r
    }
}

/// The host's C math library.
mod host {
    // Functions are looked up in glibc's libm.so.6 itself: the tool's own
    // binary may carry other implementations of the same names (Rust's
    // compiler-builtins), which differ from glibc in the last bit.
    fn libm_symbol(name: &std::ffi::CStr) -> usize {
        static HANDLE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        let h = *HANDLE.get_or_init(|| {
            // SAFETY: dlopen of the system math library by its soname.
            unsafe { libc::dlopen(c"libm.so.6".as_ptr(), libc::RTLD_NOW) as usize }
        });
        // SAFETY: dlsym on a handle from dlopen (or the default scope).
        let p = unsafe { libc::dlsym(if h == 0 { libc::RTLD_DEFAULT } else { h as *mut libc::c_void }, name.as_ptr()) };
        assert!(!p.is_null(), "the C math library has no {name:?}");
        p as usize
    }

    macro_rules! libm {
        ($($name:ident($($a:ident: $t:ty),*) -> $r:ty;)*) => {
            $(
                pub fn $name($($a: $t),*) -> $r {
                    static F: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
                    let p = *F.get_or_init(|| libm_symbol(&std::ffi::CString::new(stringify!($name)).expect("no NUL")));
                    // SAFETY: `p` is glibc's function of this name and C signature.
                    unsafe {
                        let f: extern "C" fn($($t),*) -> $r = std::mem::transmute::<usize, extern "C" fn($($t),*) -> $r>(p);
                        f($($a),*)
                    }
                }
            )*
        };
    }
    libm! {
        sin(x: f64) -> f64; cos(x: f64) -> f64; tan(x: f64) -> f64;
        asin(x: f64) -> f64; acos(x: f64) -> f64; atan(x: f64) -> f64; atan2(y: f64, x: f64) -> f64;
        sinh(x: f64) -> f64; cosh(x: f64) -> f64; tanh(x: f64) -> f64; exp(x: f64) -> f64; exp2(x: f64) -> f64;
        log(x: f64) -> f64; log2(x: f64) -> f64; log10(x: f64) -> f64; pow(x: f64, y: f64) -> f64;
        fmod(x: f64, y: f64) -> f64; fma(x: f64, y: f64, z: f64) -> f64; hypot(x: f64, y: f64) -> f64;
        cbrt(x: f64) -> f64; rint(x: f64) -> f64; roundeven(x: f64) -> f64;
        sinf(x: f32) -> f32; cosf(x: f32) -> f32; tanf(x: f32) -> f32;
        asinf(x: f32) -> f32; acosf(x: f32) -> f32; atanf(x: f32) -> f32; atan2f(y: f32, x: f32) -> f32;
        sinhf(x: f32) -> f32; coshf(x: f32) -> f32; tanhf(x: f32) -> f32; expf(x: f32) -> f32; exp2f(x: f32) -> f32;
        logf(x: f32) -> f32; log2f(x: f32) -> f32; log10f(x: f32) -> f32; powf(x: f32, y: f32) -> f32;
        fmodf(x: f32, y: f32) -> f32; fmaf(x: f32, y: f32, z: f32) -> f32; hypotf(x: f32, y: f32) -> f32;
        cbrtf(x: f32) -> f32; rintf(x: f32) -> f32;
    }

    /// sqrt with C's errno: the compiler turns a call to sqrt into the
    /// instruction, which sets no errno, so EDOM is set here.
    pub(crate) fn sqrt_errno(x: f64) -> f64 {
        if x < 0.0 {
            // SAFETY: this thread's errno slot.
            unsafe { *libc::__errno_location() = libc::EDOM };
        }
        x.sqrt()
    }

    /// Runs `f` with the host's errno cleared; returns its result and the
    /// errno it left.
    pub fn call(f: impl FnOnce() -> f64) -> (f64, i32) {
        // SAFETY: __errno_location returns this thread's errno slot.
        unsafe {
            *libc::__errno_location() = 0;
            let r = f();
            (r, *libc::__errno_location())
        }
    }
}

/// `llvm.is.fpclass(x, test)`: whether the `w`-bit IEEE float whose bits
/// are `x` (16, 32 or 64 bits) is in a class of the mask `test` (bit 0
/// signalling NaN, 1 quiet NaN, 2 −∞, 3 negative normal, 4 negative
/// subnormal, 5 −0, 6 +0, 7 positive subnormal, 8 positive normal, 9 +∞),
/// as a 1-bit expression over the bits (exact for symbolic floats too);
/// `None` for another width.
pub(super) fn is_fpclass(pool: &mut crate::expr::ExprPool, x: ExprId, w: u8, test: u64) -> Option<ExprId> {
    let (ebits, mbits) = match w {
        16 => (5, 10),
        32 => (8, 23),
        64 => (11, 52),
        _ => return None,
    };
    let exp = pool.extract(x, mbits, ebits);
    let man = pool.extract(x, 0, mbits);
    let sign = pool.extract(x, w - 1, 1);
    let (e0, e1) = (pool.constant(ebits, 0), pool.constant(ebits, mask(ebits)));
    let m0 = pool.constant(mbits, 0);
    let exp_zero = pool.cmp(CmpOp::Eq, exp, e0);
    let exp_ones = pool.cmp(CmpOp::Eq, exp, e1);
    let man_zero = pool.cmp(CmpOp::Eq, man, m0);
    let man_some = pool.not(man_zero);
    let quiet = pool.extract(x, mbits - 1, 1);
    let neg = sign;
    let pos = pool.not(neg);
    let nan = pool.bin(BinOp::And, exp_ones, man_some);
    let not_quiet = pool.not(quiet);
    let snan = pool.bin(BinOp::And, nan, not_quiet);
    let qnan = pool.bin(BinOp::And, nan, quiet);
    let inf = pool.bin(BinOp::And, exp_ones, man_zero);
    let zero = pool.bin(BinOp::And, exp_zero, man_zero);
    let sub = pool.bin(BinOp::And, exp_zero, man_some);
    let special = pool.bin(BinOp::Or, exp_zero, exp_ones);
    let normal = pool.not(special);
    let classes = [
        (snan, None),
        (qnan, None),
        (inf, Some(neg)),
        (normal, Some(neg)),
        (sub, Some(neg)),
        (zero, Some(neg)),
        (zero, Some(pos)),
        (sub, Some(pos)),
        (normal, Some(pos)),
        (inf, Some(pos)),
    ];
    let mut r = pool.constant(1, 0);
    for (k, (class, side)) in classes.into_iter().enumerate() {
        if test >> k & 1 == 1 {
            let c = match side {
                Some(s) => pool.bin(BinOp::And, class, s),
                None => class,
            };
            r = pool.bin(BinOp::Or, r, c);
        }
    }
    Some(r)
}
