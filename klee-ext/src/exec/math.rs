//! Floating-point functions of the C library and LLVM's float intrinsics,
//! evaluated on concrete values.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    Fabs,
    Floor,
    Ceil,
    Trunc,
    Round,
    Rint,
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Pow,
    Fmod,
    Fma,
    FMulAdd,
    Copysign,
    Fmin,
    Fmax,
    Hypot,
    Cbrt,
    Powi,
}

const NAMES: &[(&str, MathFn)] = &[
    ("fabs", MathFn::Fabs),
    ("floor", MathFn::Floor),
    ("ceil", MathFn::Ceil),
    ("trunc", MathFn::Trunc),
    ("round", MathFn::Round),
    ("rint", MathFn::Rint),
    ("nearbyint", MathFn::Rint),
    ("sqrt", MathFn::Sqrt),
    ("sin", MathFn::Sin),
    ("cos", MathFn::Cos),
    ("tan", MathFn::Tan),
    ("asin", MathFn::Asin),
    ("acos", MathFn::Acos),
    ("atan", MathFn::Atan),
    ("atan2", MathFn::Atan2),
    ("sinh", MathFn::Sinh),
    ("cosh", MathFn::Cosh),
    ("tanh", MathFn::Tanh),
    ("exp", MathFn::Exp),
    ("exp2", MathFn::Exp2),
    ("log", MathFn::Log),
    ("log2", MathFn::Log2),
    ("log10", MathFn::Log10),
    ("pow", MathFn::Pow),
    ("fmod", MathFn::Fmod),
    ("fma", MathFn::Fma),
    ("fmuladd", MathFn::FMulAdd),
    ("copysign", MathFn::Copysign),
    ("fmin", MathFn::Fmin),
    ("fmax", MathFn::Fmax),
    ("minnum", MathFn::Fmin),
    ("maxnum", MathFn::Fmax),
    ("hypot", MathFn::Hypot),
    ("cbrt", MathFn::Cbrt),
    ("powi", MathFn::Powi),
];

impl MathFn {
    /// The function behind a C name (`sqrt`, `sqrtf`).
    pub fn from_c_name(name: &str) -> Option<MathFn> {
        let base = name.strip_suffix('f').filter(|b| NAMES.iter().any(|(n, _)| n == b)).unwrap_or(name);
        NAMES.iter().find(|(n, _)| *n == base).map(|(_, m)| *m)
    }

    /// The function behind an intrinsic's base name (`llvm.floor.f64` → `floor`).
    pub fn from_intrinsic(base: &str) -> Option<MathFn> {
        NAMES.iter().find(|(n, _)| *n == base).map(|(_, m)| *m)
    }

    pub fn eval(self, a: &[f64]) -> f64 {
        let x = a.first().copied().unwrap_or(0.0);
        let y = a.get(1).copied().unwrap_or(0.0);
        let z = a.get(2).copied().unwrap_or(0.0);
        match self {
            MathFn::Fabs => x.abs(),
            MathFn::Floor => x.floor(),
            MathFn::Ceil => x.ceil(),
            MathFn::Trunc => x.trunc(),
            MathFn::Round => x.round(),
            MathFn::Rint => {
                // Round half to even, as the default rounding mode does.
                let r = x.round();
                if (x - x.trunc()).abs() == 0.5 {
                    2.0 * (x / 2.0).round()
                } else {
                    r
                }
            }
            MathFn::Sqrt => x.sqrt(),
            MathFn::Sin => x.sin(),
            MathFn::Cos => x.cos(),
            MathFn::Tan => x.tan(),
            MathFn::Asin => x.asin(),
            MathFn::Acos => x.acos(),
            MathFn::Atan => x.atan(),
            MathFn::Atan2 => x.atan2(y),
            MathFn::Sinh => x.sinh(),
            MathFn::Cosh => x.cosh(),
            MathFn::Tanh => x.tanh(),
            MathFn::Exp => x.exp(),
            MathFn::Exp2 => x.exp2(),
            MathFn::Log => x.ln(),
            MathFn::Log2 => x.log2(),
            MathFn::Log10 => x.log10(),
            MathFn::Pow => x.powf(y),
            MathFn::Fmod => x % y,
            MathFn::Fma => x.mul_add(y, z),
            // Without FMA hardware (the x86-64 baseline) fmuladd is a multiply then an add.
            MathFn::FMulAdd => x * y + z,
            MathFn::Copysign => x.copysign(y),
            MathFn::Fmin => x.min(y),
            MathFn::Fmax => x.max(y),
            MathFn::Hypot => x.hypot(y),
            MathFn::Cbrt => x.cbrt(),
            MathFn::Powi => x.powi(y as i32),
        }
    }
}
