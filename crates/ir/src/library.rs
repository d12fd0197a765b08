//! The OpenCL C built-in library functions that compute a value from their
//! arguments (math, integer, common and geometric functions, OpenCL C 3.0
//! §6.15.2–§6.15.5): one row per function name, giving the function and
//! the shape of its overloads over the generic types. Front ends resolve
//! calls with it; the back end maps each [`LibFn`] to its instruction.
//!
//! Adding such a built-in is one row here (and, in the back end, the
//! instruction it maps to).

use std::fmt;

/// The overloads of a library function, over the generic types of
/// §6.15.2 (`gentype` is a scalar or a vector of 2, 3, 4, 8 or 16; `gentypef`
/// floating-point, `igentype` integer; "s" is the element type of the
/// vector arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `gentypef f(gentypef)`.
    F1,
    /// `gentypef f(gentypef, gentypef)`.
    F2,
    /// `gentypef f(gentypef, gentypef, gentypef)`.
    F3,
    /// `floatn f(floatn)`: `half_*` and `native_*`, declared for `float`
    /// only (a `double` or `half` scalar converts to `float`).
    Float1,
    /// `floatn f(floatn, floatn)`: `half_divide`, `native_powr`, ….
    Float2,
    /// `F2`, or `(gentypef, s)`: `fmin`, `fmax`.
    F2Scalar,
    /// `F2`, or `(s, gentypef)`: `step`.
    FStep,
    /// `F3`, or `(gentypef, gentypef, s)`: `mix`.
    FMix,
    /// `F3`, or `(gentypef, s, s)`: floating `clamp`.
    FClamp,
    /// `F3`, or `(s, s, gentypef)`: `smoothstep`.
    FSmoothstep,
    /// `gentypef f(gentypef, intn)`: `pown`, `rootn`.
    FPowInt,
    /// `gentypef f(gentypef, intn)` or `(gentypef, int)`: `ldexp`.
    FLdexp,
    /// `igentype f(igentype)`.
    I1,
    /// `ugentype f(igentype)`: `abs`.
    IAbs,
    /// `igentype f(igentype, igentype)`.
    I2,
    /// `I2`, or `(igentype, s)`: integer `min`, `max`.
    I2Scalar,
    /// `ugentype f(igentype, igentype)`: `abs_diff`.
    IAbsDiff,
    /// `igentype f(igentype, igentype, igentype)`.
    I3,
    /// `I3`, or `(igentype, s, s)`: integer `clamp`.
    IClamp,
    /// `I2` on 32-bit integers only: `mul24`.
    I2Int32,
    /// `I3` on 32-bit integers only: `mad24`.
    I3Int32,
    /// `s f(floatn, floatn)` for up to 4 components: `dot`.
    Dot,
    /// `s f(gentypef)` for up to 4 components: `length`.
    Length,
    /// `s f(gentypef, gentypef)` for up to 4 components: `distance`.
    Distance,
    /// `gentypef f(gentypef)` for up to 4 components: `normalize`.
    Normalize,
    /// `Distance` on `float` only: `fast_distance`.
    FastDistance,
    /// `Length` on `float` only: `fast_length`.
    FastLength,
    /// `Normalize` on `float` only: `fast_normalize`.
    FastNormalize,
    /// `float3/4 f(float3/4, float3/4)`: `cross`.
    Cross,
    /// `gentype f(gentype, gentype, gentype)`, integer or floating:
    /// `bitselect`.
    Any3,
    /// `int f(float)`, `intn f(floatn)` (`long…` for `double`, `short…`
    /// for `half`): 1/0 for scalars, -1/0 per component for vectors:
    /// `isnan`, `signbit`, ….
    Test,
    /// `Test` with two arguments: `isequal`, `isless`, ….
    Compare,
    /// `int f(igentype)`: whether the most significant bit of any / all
    /// components is set: `any`, `all`.
    AnyAll,
    /// `gentype f(gentype a, gentype b, igentype c)`, `c` integer of the
    /// width and length of `gentype`: `select`.
    Select,
    /// `gentypef f(gentypef, gentypef *)`: `fract`, `modf`, `sincos`.
    FPtr,
    /// `gentypef f(gentypef, intn *)`: `frexp`, `lgamma_r`.
    FIntPtr,
    /// `gentypef f(gentypef, gentypef, intn *)`: `remquo`.
    F2IntPtr,
    /// `intn f(gentypef)`: `ilogb`.
    FToInt,
    /// `gentypef f(ugentype)` with the width of the result: `nan`.
    Nan,
    /// `wider f(igentype hi, ugentype lo)` (`char` and `uchar` make
    /// `short`, …): `upsample`.
    Upsample,
    /// `gentypem f(gentypen x, ugentypem mask)`: `shuffle`.
    Shuffle,
    /// `gentypem f(gentypen x, gentypen y, ugentypem mask)`: `shuffle2`.
    Shuffle2,
}

macro_rules! library {
    ($($variant:ident = $name:literal : $shape:ident,)*) => {
        /// A library function (see the module documentation).
        #[allow(missing_docs)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LibFn { $($variant,)* }

        /// Every library function: its OpenCL C name and overloads.
        pub const LIBRARY: &[(&str, LibFn, Shape)] = &[
            $(($name, LibFn::$variant, Shape::$shape),)*
        ];
    };
}

library! {
    // §6.15.2 math functions.
    Acos = "acos": F1, Acosh = "acosh": F1, Acospi = "acospi": F1,
    Asin = "asin": F1, Asinh = "asinh": F1, Asinpi = "asinpi": F1,
    Atan = "atan": F1, Atan2 = "atan2": F2, Atanh = "atanh": F1,
    Atanpi = "atanpi": F1, Atan2pi = "atan2pi": F2, Cbrt = "cbrt": F1,
    Ceil = "ceil": F1, Copysign = "copysign": F2, Cos = "cos": F1,
    Cosh = "cosh": F1, Cospi = "cospi": F1, Erfc = "erfc": F1, Erf = "erf": F1,
    Exp = "exp": F1, Exp2 = "exp2": F1, Exp10 = "exp10": F1, Expm1 = "expm1": F1,
    Fabs = "fabs": F1, Fdim = "fdim": F2, Floor = "floor": F1, Fma = "fma": F3,
    Fmax = "fmax": F2Scalar, Fmin = "fmin": F2Scalar, Fmod = "fmod": F2,
    Fract = "fract": FPtr, Frexp = "frexp": FIntPtr, LgammaR = "lgamma_r": FIntPtr,
    Modf = "modf": FPtr, Remquo = "remquo": F2IntPtr, Sincos = "sincos": FPtr,
    Hypot = "hypot": F2, Ilogb = "ilogb": FToInt, Ldexp = "ldexp": FLdexp,
    Lgamma = "lgamma": F1, Nan = "nan": Nan,
    Log = "log": F1, Log2 = "log2": F1, Log10 = "log10": F1, Log1p = "log1p": F1,
    Logb = "logb": F1, Mad = "mad": F3, Maxmag = "maxmag": F2, Minmag = "minmag": F2,
    Nextafter = "nextafter": F2, Pow = "pow": F2, Pown = "pown": FPowInt,
    Powr = "powr": F2, Remainder = "remainder": F2, Rint = "rint": F1,
    Rootn = "rootn": FPowInt, Round = "round": F1, Rsqrt = "rsqrt": F1,
    Sin = "sin": F1, Sinh = "sinh": F1, Sinpi = "sinpi": F1, Sqrt = "sqrt": F1,
    Tan = "tan": F1, Tanh = "tanh": F1, Tanpi = "tanpi": F1, Tgamma = "tgamma": F1,
    Trunc = "trunc": F1,
    HalfCos = "half_cos": Float1, HalfDivide = "half_divide": Float2, HalfExp = "half_exp": Float1,
    HalfExp2 = "half_exp2": Float1, HalfExp10 = "half_exp10": Float1, HalfLog = "half_log": Float1,
    HalfLog2 = "half_log2": Float1, HalfLog10 = "half_log10": Float1, HalfPowr = "half_powr": Float2,
    HalfRecip = "half_recip": Float1, HalfRsqrt = "half_rsqrt": Float1, HalfSin = "half_sin": Float1,
    HalfSqrt = "half_sqrt": Float1, HalfTan = "half_tan": Float1,
    NativeCos = "native_cos": Float1, NativeDivide = "native_divide": Float2,
    NativeExp = "native_exp": Float1, NativeExp2 = "native_exp2": Float1,
    NativeExp10 = "native_exp10": Float1, NativeLog = "native_log": Float1,
    NativeLog2 = "native_log2": Float1, NativeLog10 = "native_log10": Float1,
    NativePowr = "native_powr": Float2, NativeRecip = "native_recip": Float1,
    NativeRsqrt = "native_rsqrt": Float1, NativeSin = "native_sin": Float1,
    NativeSqrt = "native_sqrt": Float1, NativeTan = "native_tan": Float1,
    // §6.15.3 integer functions.
    Abs = "abs": IAbs, AbsDiff = "abs_diff": IAbsDiff, AddSat = "add_sat": I2,
    Hadd = "hadd": I2, Rhadd = "rhadd": I2, Clz = "clz": I1, Ctz = "ctz": I1,
    MadHi = "mad_hi": I3, MadSat = "mad_sat": I3, MulHi = "mul_hi": I2,
    Rotate = "rotate": I2, SubSat = "sub_sat": I2, Popcount = "popcount": I1,
    Mad24 = "mad24": I3Int32, Mul24 = "mul24": I2Int32, Upsample = "upsample": Upsample,
    // §6.15.3–§6.15.4: `min`, `max` and `clamp` take integers or floats.
    Min = "min": I2Scalar, Max = "max": I2Scalar, Clamp = "clamp": IClamp,
    // §6.15.4 common functions.
    Degrees = "degrees": F1, Mix = "mix": FMix, Radians = "radians": F1,
    Step = "step": FStep, Smoothstep = "smoothstep": FSmoothstep, Sign = "sign": F1,
    // §6.15.5 geometric functions.
    Cross = "cross": Cross, Dot = "dot": Dot, Distance = "distance": Distance,
    Length = "length": Length, Normalize = "normalize": Normalize,
    FastDistance = "fast_distance": FastDistance, FastLength = "fast_length": FastLength,
    FastNormalize = "fast_normalize": FastNormalize,
    // §6.15.6 relational functions.
    Isequal = "isequal": Compare, Isnotequal = "isnotequal": Compare,
    Isgreater = "isgreater": Compare, Isgreaterequal = "isgreaterequal": Compare,
    Isless = "isless": Compare, Islessequal = "islessequal": Compare,
    Islessgreater = "islessgreater": Compare, Isfinite = "isfinite": Test,
    Isinf = "isinf": Test, Isnan = "isnan": Test, Isnormal = "isnormal": Test,
    Isordered = "isordered": Compare, Isunordered = "isunordered": Compare,
    Signbit = "signbit": Test, Any = "any": AnyAll, All = "all": AnyAll,
    Bitselect = "bitselect": Any3, Select = "select": Select,
    // §6.15.7 miscellaneous vector functions.
    Shuffle = "shuffle": Shuffle, Shuffle2 = "shuffle2": Shuffle2,
}

impl LibFn {
    /// The function's OpenCL C name.
    pub fn name(self) -> &'static str {
        LIBRARY
            .iter()
            .find(|(_, f, _)| *f == self)
            .map_or("?", |(name, _, _)| name)
    }

    /// Whether the specification fixes the result bit for bit, so that
    /// every conforming implementation, and a compiler folding the call at
    /// build time, gives the same value: the integer, relational and
    /// vector-shuffling functions, and the floating-point functions the
    /// specification's accuracy table gives 0 ulp or calls correctly
    /// rounded (OpenCL C 3.0 §7.4: `fabs`, `floor`, `fmin`, `fma`, …).
    /// `mad`, `mix` and every function with an error bound are not.
    pub fn exact(self) -> bool {
        use LibFn::*;
        matches!(
            self,
            // Floating-point functions of 0 ulp or correctly rounded.
            Ceil | Copysign | Fabs | Fdim | Floor | Fma | Fmax | Fmin | Fmod | Fract | Frexp
                | Ilogb | Ldexp | Logb | Maxmag | Minmag | Modf | Nan | Nextafter | Remainder
                | Remquo | Rint | Round | Trunc | Step | Sign
                // Integer functions (`min`, `max`, `clamp` also on floats: exact).
                | Abs | AbsDiff | AddSat | Hadd | Rhadd | Clz | Ctz | MadHi | MadSat | MulHi
                | Rotate | SubSat | Popcount | Mad24 | Mul24 | Upsample | Min | Max | Clamp
                // Relational and vector-shuffling functions.
                | Isequal | Isnotequal | Isgreater | Isgreaterequal | Isless | Islessequal
                | Islessgreater | Isfinite | Isinf | Isnan | Isnormal | Isordered | Isunordered
                | Signbit | Any | All | Bitselect | Select | Shuffle | Shuffle2
        )
    }

    /// The function named `name`.
    pub fn from_name(name: &str) -> Option<(LibFn, Shape)> {
        LIBRARY
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, f, shape)| (f, shape))
    }
}

impl fmt::Display for LibFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for (i, (name, f, _)) in LIBRARY.iter().enumerate() {
            assert!(
                LIBRARY[..i].iter().all(|(other, _, _)| other != name),
                "{name} twice"
            );
            assert_eq!(LibFn::from_name(name).map(|x| x.0), Some(*f));
            assert_eq!(f.name(), *name);
        }
    }
}
