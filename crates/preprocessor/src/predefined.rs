//! The macros a real OpenCL C compiler predefines, generated as `#define`
//! text for the selected [`Target`] (the `<built-in>` pseudo-file, whose
//! lines the engine parses one by one when a macro is first needed), and
//! the command-line `-D`/`-U` operations as text (the `<command line>`
//! pseudo-file).
//!
//! The set follows what clang 15 defines for `-target spir64
//! -cl-std=CLx.y` with its default OpenCL header, restricted to what oclc
//! supports: version and target macros, memory-order and memory-scope
//! values, fence flags, sampler constants, integer limits, common math
//! constants, and one macro per supported extension and optional feature.

use crate::MacroOp;
use oclc_target::{ClStd, Feature, Target};
use std::fmt::Write;

/// `(name, value)` pairs defined for every target.
const COMMON: &[(&str, &str)] = &[
    ("__STDC__", "1"),
    ("__STDC_VERSION__", "199901L"),
    ("__STDC_HOSTED__", "1"),
    ("__ENDIAN_LITTLE__", "1"),
    ("__LITTLE_ENDIAN__", "1"),
    ("__SPIR__", "1"),
    ("__SPIR", "1"),
    ("CL_VERSION_1_0", "100"),
    ("CL_VERSION_1_1", "110"),
    ("CL_VERSION_1_2", "120"),
    ("CL_VERSION_2_0", "200"),
    ("CL_VERSION_3_0", "300"),
    ("CL_VERSION_3_1", "310"),
    ("__kernel_exec(X, typen)", KERNEL_EXEC),
    ("kernel_exec(X, typen)", KERNEL_EXEC),
    ("__ATOMIC_RELAXED", "0"),
    ("__ATOMIC_CONSUME", "1"),
    ("__ATOMIC_ACQUIRE", "2"),
    ("__ATOMIC_RELEASE", "3"),
    ("__ATOMIC_ACQ_REL", "4"),
    ("__ATOMIC_SEQ_CST", "5"),
    ("__OPENCL_MEMORY_SCOPE_WORK_ITEM", "0"),
    ("__OPENCL_MEMORY_SCOPE_WORK_GROUP", "1"),
    ("__OPENCL_MEMORY_SCOPE_DEVICE", "2"),
    ("__OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES", "3"),
    ("__OPENCL_MEMORY_SCOPE_SUB_GROUP", "4"),
    ("CLK_LOCAL_MEM_FENCE", "0x01"),
    ("CLK_GLOBAL_MEM_FENCE", "0x02"),
    ("CLK_NORMALIZED_COORDS_FALSE", "0"),
    ("CLK_NORMALIZED_COORDS_TRUE", "1"),
    ("CLK_ADDRESS_NONE", "0"),
    ("CLK_ADDRESS_CLAMP_TO_EDGE", "2"),
    ("CLK_ADDRESS_CLAMP", "4"),
    ("CLK_ADDRESS_REPEAT", "6"),
    ("CLK_ADDRESS_MIRRORED_REPEAT", "8"),
    ("CLK_FILTER_NEAREST", "0x10"),
    ("CLK_FILTER_LINEAR", "0x20"),
    ("NULL", "((void*)0)"),
    ("CHAR_BIT", "8"),
    ("SCHAR_MAX", "127"),
    ("SCHAR_MIN", "(-128)"),
    ("CHAR_MAX", "SCHAR_MAX"),
    ("CHAR_MIN", "SCHAR_MIN"),
    ("UCHAR_MAX", "255"),
    ("SHRT_MAX", "32767"),
    ("SHRT_MIN", "(-32768)"),
    ("USHRT_MAX", "65535"),
    ("INT_MAX", "2147483647"),
    ("INT_MIN", "(-2147483647-1)"),
    ("UINT_MAX", "0xffffffff"),
    ("LONG_MAX", "0x7fffffffffffffffL"),
    ("LONG_MIN", "(-0x7fffffffffffffffL-1)"),
    ("ULONG_MAX", "0xffffffffffffffffUL"),
    ("FLT_DIG", "6"),
    ("FLT_MANT_DIG", "24"),
    ("FLT_MAX_10_EXP", "+38"),
    ("FLT_MAX_EXP", "+128"),
    ("FLT_MIN_10_EXP", "-37"),
    ("FLT_MIN_EXP", "-125"),
    ("FLT_RADIX", "2"),
    ("FLT_MAX", "0x1.fffffep127f"),
    ("FLT_MIN", "0x1.0p-126f"),
    ("FLT_EPSILON", "0x1.0p-23f"),
    ("MAXFLOAT", "0x1.fffffep127f"),
    ("HUGE_VALF", "(__builtin_huge_valf())"),
    ("INFINITY", "(__builtin_inff())"),
    ("NAN", "as_float(INT_MAX)"),
    ("FP_ILOGB0", "INT_MIN"),
    ("FP_ILOGBNAN", "INT_MAX"),
    ("M_E_F", "2.71828182845904523536f"),
    ("M_LOG2E_F", "1.44269504088896340736f"),
    ("M_LOG10E_F", "0.434294481903251827651f"),
    ("M_LN2_F", "0.693147180559945309417f"),
    ("M_LN10_F", "2.30258509299404568402f"),
    ("M_PI_F", "3.14159265358979323846f"),
    ("M_PI_2_F", "1.57079632679489661923f"),
    ("M_PI_4_F", "0.785398163397448309616f"),
    ("M_1_PI_F", "0.318309886183790671538f"),
    ("M_2_PI_F", "0.636619772367581343076f"),
    ("M_2_SQRTPI_F", "1.12837916709551257390f"),
    ("M_SQRT2_F", "1.41421356237309504880f"),
    ("M_SQRT1_2_F", "0.707106781186547524401f"),
    ("CLK_SNORM_INT8", "0x10D0"),
    ("CLK_SNORM_INT16", "0x10D1"),
    ("CLK_UNORM_INT8", "0x10D2"),
    ("CLK_UNORM_INT16", "0x10D3"),
    ("CLK_UNORM_SHORT_565", "0x10D4"),
    ("CLK_UNORM_SHORT_555", "0x10D5"),
    ("CLK_UNORM_INT_101010", "0x10D6"),
    ("CLK_SIGNED_INT8", "0x10D7"),
    ("CLK_SIGNED_INT16", "0x10D8"),
    ("CLK_SIGNED_INT32", "0x10D9"),
    ("CLK_UNSIGNED_INT8", "0x10DA"),
    ("CLK_UNSIGNED_INT16", "0x10DB"),
    ("CLK_UNSIGNED_INT32", "0x10DC"),
    ("CLK_HALF_FLOAT", "0x10DD"),
    ("CLK_FLOAT", "0x10DE"),
    ("CLK_UNORM_INT24", "0x10DF"),
    ("CLK_R", "0x10B0"),
    ("CLK_A", "0x10B1"),
    ("CLK_RG", "0x10B2"),
    ("CLK_RA", "0x10B3"),
    ("CLK_RGB", "0x10B4"),
    ("CLK_RGBA", "0x10B5"),
    ("CLK_BGRA", "0x10B6"),
    ("CLK_ARGB", "0x10B7"),
    ("CLK_INTENSITY", "0x10B8"),
    ("CLK_LUMINANCE", "0x10B9"),
    ("CLK_Rx", "0x10BA"),
    ("CLK_RGx", "0x10BB"),
    ("CLK_RGBx", "0x10BC"),
    ("CLK_DEPTH", "0x10BD"),
    ("CLK_DEPTH_STENCIL", "0x10BE"),
];

/// Defined when the target has double precision.
const DOUBLE: &[(&str, &str)] = &[
    ("DBL_DIG", "15"),
    ("DBL_MANT_DIG", "53"),
    ("DBL_MAX_10_EXP", "+308"),
    ("DBL_MAX_EXP", "+1024"),
    ("DBL_MIN_10_EXP", "-307"),
    ("DBL_MIN_EXP", "-1021"),
    ("HUGE_VAL", "(__builtin_huge_val())"),
    ("DBL_RADIX", "2"),
    ("DBL_MAX", "0x1.fffffffffffffp1023"),
    ("DBL_MIN", "0x1.0p-1022"),
    ("DBL_EPSILON", "0x1.0p-52"),
    ("M_E", "2.71828182845904523536"),
    ("M_LOG2E", "1.44269504088896340736"),
    ("M_LOG10E", "0.434294481903251827651"),
    ("M_LN2", "0.693147180559945309417"),
    ("M_LN10", "2.30258509299404568402"),
    ("M_PI", "3.14159265358979323846"),
    ("M_PI_2", "1.57079632679489661923"),
    ("M_PI_4", "0.785398163397448309616"),
    ("M_1_PI", "0.318309886183790671538"),
    ("M_2_PI", "0.636619772367581343076"),
    ("M_2_SQRTPI", "1.12837916709551257390"),
    ("M_SQRT2", "1.41421356237309504880"),
    ("M_SQRT1_2", "0.707106781186547524401"),
];

/// Defined when the target has half precision (`cl_khr_fp16`), as clang's
/// header defines them.
const HALF: &[(&str, &str)] = &[
    ("HALF_DIG", "3"),
    ("HALF_MANT_DIG", "11"),
    ("HALF_MAX_10_EXP", "+4"),
    ("HALF_MAX_EXP", "+16"),
    ("HALF_MIN_10_EXP", "-4"),
    ("HALF_MIN_EXP", "-13"),
    ("HALF_RADIX", "2"),
    ("HALF_MAX", "((0x1.ffcp15h))"),
    ("HALF_MIN", "((0x1.0p-14h))"),
    ("HALF_EPSILON", "((0x1.0p-10h))"),
    ("M_E_H", "2.71828182845904523536028747135266250h"),
    ("M_LOG2E_H", "1.44269504088896340735992468100189214h"),
    ("M_LOG10E_H", "0.434294481903251827651128918916605082h"),
    ("M_LN2_H", "0.693147180559945309417232121458176568h"),
    ("M_LN10_H", "2.30258509299404568401799145468436421h"),
    ("M_PI_H", "3.14159265358979323846264338327950288h"),
    ("M_PI_2_H", "1.57079632679489661923132169163975144h"),
    ("M_PI_4_H", "0.785398163397448309615660845819875721h"),
    ("M_1_PI_H", "0.318309886183790671537767526745028724h"),
    ("M_2_PI_H", "0.636619772367581343075535053490057448h"),
    ("M_2_SQRTPI_H", "1.12837916709551257389615890312154517h"),
    ("M_SQRT2_H", "1.41421356237309504880168872420969808h"),
    ("M_SQRT1_2_H", "0.707106781186547524400844362104849039h"),
];

/// Defined from OpenCL C 2.0 on.
const CL20: &[(&str, &str)] = &[
    ("CLK_IMAGE_MEM_FENCE", "0x04"),
    ("ATOMIC_VAR_INIT(x)", "(x)"),
    ("ATOMIC_FLAG_INIT", "0"),
    ("CLK_sRGB", "0x10BF"),
    ("CLK_sRGBx", "0x10C0"),
    ("CLK_sRGBA", "0x10C1"),
    ("CLK_sBGRA", "0x10C2"),
    ("CLK_ABGR", "0x10C3"),
];

/// The replacement of `__kernel_exec(X, typen)`.
const KERNEL_EXEC: &str = "__kernel __attribute__((work_group_size_hint(X, 1, 1))) \
                           __attribute__((vec_type_hint(typen)))";

/// The `#define` lines of the predefined macros for `target`.
pub fn predefined_source(target: &Target) -> String {
    predefined_definitions(target).text
}

/// The `<built-in>` text together with where each of its `#define` lines
/// starts, so that the engine can parse a definition only when the macro
/// is first looked up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PredefinedSource {
    /// The text [`predefined_source`] returns.
    pub(crate) text: String,
    /// One entry per line of `text`, in order.
    pub(crate) lines: Vec<DefineLine>,
}

/// One `#define NAME VALUE` line of the `<built-in>` text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DefineLine {
    /// Byte offset of the line's `#`.
    pub(crate) start: u32,
    /// Byte offset of the macro name.
    pub(crate) name_start: u32,
    /// Byte offset just past the macro name (before any parameter list).
    pub(crate) name_end: u32,
}

/// Generates the `<built-in>` text of `target` and indexes its lines.
pub(crate) fn predefined_definitions(target: &Target) -> PredefinedSource {
    const DIRECTIVE: &str = "#define ";
    let mut source = PredefinedSource {
        text: String::with_capacity(8 * 1024),
        lines: Vec::with_capacity(200),
    };
    let mut define = |name: &str, value: &str| {
        let text = &mut source.text;
        let start = text.len();
        text.push_str(DIRECTIVE);
        text.push_str(name);
        text.push(' ');
        text.push_str(value);
        text.push('\n');
        let name_start = start + DIRECTIVE.len();
        let name_len = name.find('(').unwrap_or(name.len());
        source.lines.push(DefineLine {
            start: start as u32,
            name_start: name_start as u32,
            name_end: (name_start + name_len) as u32,
        });
    };
    let version = target.std.number().to_string();
    define("__OPENCL_VERSION__", &version);
    define("__OPENCL_C_VERSION__", &version);
    // `as_size_t` and the other pointer-sized reinterpretations, which
    // clang's opencl-c-base.h defines as macros.
    let (unsigned, signed) = if target.pointer_bits == 32 {
        ("as_uint(x)", "as_int(x)")
    } else {
        ("as_ulong(x)", "as_long(x)")
    };
    define("as_size_t(x)", unsigned);
    define("as_uintptr_t(x)", unsigned);
    define("as_ptrdiff_t(x)", signed);
    define("as_intptr_t(x)", signed);
    if target.pointer_bits == 32 {
        define("__SPIR32__", "1");
        define("__SPIR32", "1");
    } else {
        define("__SPIR64__", "1");
        define("__SPIR64", "1");
        define("__LP64__", "1");
        define("_LP64", "1");
    }
    for &(name, value) in COMMON {
        define(name, value);
    }
    // The floating-point build options, as clang reports them.
    define(
        "__FINITE_MATH_ONLY__",
        if target.math.finite_only { "1" } else { "0" },
    );
    if target.math.fast_relaxed {
        define("__FAST_MATH__", "1");
        define("__FAST_RELAXED_MATH__", "1");
    }
    if target.std.is_2_0_or_later() {
        for &(name, value) in CL20 {
            define(name, value);
        }
    }
    if target.supports(Feature::KhrFp64) || target.supports(Feature::Fp64) {
        for &(name, value) in DOUBLE {
            define(name, value);
        }
    }
    if target.supports(Feature::KhrFp16) {
        for &(name, value) in HALF {
            define(name, value);
        }
    }
    if target.supports(Feature::Images) {
        define("__IMAGE_SUPPORT__", "1");
    }
    for &feature in Feature::ALL {
        if feature_macro_defined(target, feature) {
            define(feature.name(), "1");
        }
    }
    // The input formats of `cl_khr_integer_dot_product`, which clang
    // defines with the extension.
    if target.supports(Feature::KhrIntegerDotProduct) {
        define("__opencl_c_integer_dot_product_input_4x8bit", "1");
        define("__opencl_c_integer_dot_product_input_4x8bit_packed", "1");
    }
    source
}

/// Whether the macro named after `feature` is defined: extensions when
/// supported; OpenCL C 3.0 feature macros when supported under OpenCL C
/// 2.0 or later (clang's header defines the 2.0 core features under 2.0
/// too, as [`Target::supports`] models).
fn feature_macro_defined(target: &Target, feature: Feature) -> bool {
    let name = feature.name();
    let is_feature_macro = name.starts_with("__opencl_c_");
    target.supports(feature) && (!is_feature_macro || target.std >= ClStd::Cl20)
}

/// The `-D`/`-U` operations as `#define`/`#undef` lines (`-D X` defines
/// `X` as `1`; `-D X=V` as `V`; a `(` in the name makes a function-like
/// macro).
pub fn command_line_source(ops: &[MacroOp]) -> String {
    let mut text = String::new();
    for op in ops {
        let _ = match op {
            MacroOp::Define(name, value) => {
                let value = value.as_deref().unwrap_or("1").replace(['\n', '\r'], " ");
                writeln!(text, "#define {} {value}", name.replace(['\n', '\r'], " "))
            }
            MacroOp::Undefine(name) => writeln!(text, "#undef {}", name.replace(['\n', '\r'], " ")),
        };
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Targets covering every branch of [`predefined_definitions`].
    fn targets() -> Vec<Target> {
        let mut targets = Vec::new();
        for std in [
            ClStd::Cl10,
            ClStd::Cl11,
            ClStd::Cl12,
            ClStd::Cl20,
            ClStd::Cl30,
            ClStd::Cl31,
        ] {
            for pointer_bits in [32, 64] {
                let mut target = Target {
                    pointer_bits,
                    ..Target::new(std)
                };
                targets.push(target);
                target.features.insert(Feature::Images);
                target.features.remove(Feature::KhrFp64);
                target.features.remove(Feature::Fp64);
                targets.push(target);
            }
        }
        targets
    }

    #[test]
    fn the_index_locates_every_line_and_name() {
        for target in targets() {
            let source = predefined_definitions(&target);
            assert_eq!(source.text, predefined_source(&target));
            let lines: Vec<&str> = source.text.lines().collect();
            assert_eq!(lines.len(), source.lines.len());
            let mut offset = 0;
            for (line, entry) in lines.iter().zip(&source.lines) {
                assert_eq!(entry.start as usize, offset);
                let name = &source.text[entry.name_start as usize..entry.name_end as usize];
                let rest = line.strip_prefix("#define ").unwrap_or_default();
                assert!(rest.starts_with(name) && !name.is_empty(), "{line}");
                let after = rest[name.len()..].chars().next();
                assert!(matches!(after, Some(' ' | '(')), "{line}");
                offset += line.len() + 1;
            }
        }
    }

    #[test]
    fn every_macro_is_defined_once() {
        // The engine enters the lines without redefinition checks, so a
        // name defined twice would lose its "macro redefined" warning.
        for target in targets() {
            let source = predefined_definitions(&target);
            let mut names: Vec<&str> = source
                .lines
                .iter()
                .map(|l| &source.text[l.name_start as usize..l.name_end as usize])
                .collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{target:?}");
        }
    }
}
