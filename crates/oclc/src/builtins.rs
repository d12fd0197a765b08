//! The built-in library as documentation: `docs/builtins.md` is generated
//! from the built-in table that overload resolution, availability checks
//! and the back end read (`crates/sema/src/builtins/table.rs`, whose library
//! rows are [`oclc_ir::LIBRARY`]); a test keeps the file in sync.

use oclc_ir::{Shape, LIBRARY};
use std::fmt::Write as _;

/// The overloads of a shape, in the specification's notation.
fn overloads(shape: Shape) -> &'static str {
    match shape {
        Shape::F1 => "`gentypef f(gentypef)`",
        Shape::F2 => "`gentypef f(gentypef, gentypef)`",
        Shape::Float1 => "`floatn f(floatn)` (`float` only; a `double` or `half` scalar converts)",
        Shape::Float2 => "`floatn f(floatn, floatn)` (`float` only)",
        Shape::F3 => "`gentypef f(gentypef, gentypef, gentypef)`",
        Shape::F2Scalar => "`gentypef f(gentypef, gentypef)`, `f(gentypef, sgentypef)`",
        Shape::FStep => "`gentypef f(gentypef, gentypef)`, `f(sgentypef, gentypef)`",
        Shape::FMix => "`gentypef f(gentypef, gentypef, gentypef)`, `f(gentypef, gentypef, sgentypef)`",
        Shape::FClamp => "`gentypef f(gentypef, gentypef, gentypef)`, `f(gentypef, sgentypef, sgentypef)`",
        Shape::FSmoothstep => "`gentypef f(gentypef, gentypef, gentypef)`, `f(sgentypef, sgentypef, gentypef)`",
        Shape::FPowInt => "`gentypef f(gentypef, intn)`",
        Shape::FLdexp => "`gentypef f(gentypef, intn)`, `f(gentypef, int)`",
        Shape::I1 => "`igentype f(igentype)`",
        Shape::IAbs => "`ugentype f(igentype)`",
        Shape::I2 => "`igentype f(igentype, igentype)`",
        Shape::I2Scalar => "`igentype f(igentype, igentype)`, `f(igentype, sigentype)`; on floating arguments as `fmin`/`fmax`",
        Shape::IAbsDiff => "`ugentype f(igentype, igentype)`",
        Shape::I3 => "`igentype f(igentype, igentype, igentype)`",
        Shape::IClamp => "`igentype f(igentype, igentype, igentype)`, `f(igentype, sigentype, sigentype)`; on floating arguments `gentypef f(gentypef, gentypef, gentypef)`, `f(gentypef, sgentypef, sgentypef)`",
        Shape::I2Int32 => "`gentype f(gentype, gentype)` for 32-bit `gentype`",
        Shape::I3Int32 => "`gentype f(gentype, gentype, gentype)` for 32-bit `gentype`",
        Shape::Dot => "`sgentypef f(gentypef, gentypef)`",
        Shape::Length => "`sgentypef f(gentypef)`",
        Shape::Distance => "`sgentypef f(gentypef, gentypef)`",
        Shape::Cross => "`floatn f(floatn, floatn)`, n = 3 or 4 (and `double`, `half`)",
        Shape::Any3 => "`gentype f(gentype, gentype, gentype)` (integer or floating)",
        Shape::Test => "`int f(gentypef)` (1/0); `intn f(floatn)`, `longn f(doublen)`, `shortn f(halfn)` (-1/0 per component)",
        Shape::Compare => "`int f(gentypef, gentypef)` (1/0); vectors as for the tests (-1/0 per component)",
        Shape::AnyAll => "`int f(igentype)`: the most significant bit of any / all components",
        Shape::Select => "`gentype f(gentype, gentype, igentype)` with the selector's width and length matching (scalar: any integer)",
        Shape::FPtr => "`gentypef f(gentypef, gentypef *)` (a pointer in any address space)",
        Shape::FIntPtr => "`gentypef f(gentypef, intn *)` (a pointer in any address space)",
        Shape::F2IntPtr => "`gentypef f(gentypef, gentypef, intn *)` (a pointer in any address space)",
        Shape::FToInt => "`intn f(gentypef)`",
        Shape::Nan => "`gentypef f(ugentype)` with the code's width (`uint` gives `float`)",
        Shape::Upsample => "`shortn f(charn, ucharn)`, `intn f(shortn, ushortn)`, `longn f(intn, uintn)` (and unsigned)",
        Shape::Shuffle => "`gentypem f(gentypen, ugentypem)`: components of `x` picked by the mask",
        Shape::Shuffle2 => "`gentypem f(gentypen, gentypen, ugentypem)`: components of `x` then `y` picked by the mask",
    }
}

/// `docs/builtins.md`.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Built-in library functions\n\n\
         Generated from `oclc_ir::LIBRARY` (`crates/ir/src/library.rs`) by \
         `OCLC_BLESS=1 cargo test --test suite docs`; do not edit.\n\n\
         `gentypef` is `float`, `double` or `half`, scalar or a vector of 2, 3, 4, 8 or 16; \
         `igentype` the integer types likewise; `s…` the scalar of the vector arguments. \
         A scalar passed where an overload takes the vector type is splatted into it, as \
         clang's overload resolution does (`rotate(uint4, uint)`). Work-item functions, \
         fences, barriers and atomics are described in `docs/mapping.md`; `printf`, pipes, \
         address-space queries (`to_global`, …, `get_fence`), asynchronous copies, \
         collectives, the sub-group extension functions (`cl_khr_subgroup_*`: ballot, vote, \
         non-uniform and clustered arithmetic, shuffles; see `docs/mapping.md`), \
         conversions, `vloadn`/`vstoren` and images have their own modules \
         under `crates/sema/src/builtins/`.\n\n\
         | function | overloads |\n|---|---|\n",
    );
    for (name, _, shape) in LIBRARY {
        let _ = writeln!(out, "| `{name}` | {} |", overloads(*shape));
    }
    out.push_str(
        "\n## Availability\n\n\
         Every built-in name (functions, types, enumerators) that not every target has, \
         with what makes it available, from the built-in table \
         (`crates/sema/src/builtins/table.rs`). Names not listed exist on every target. \
         Using one the target lacks is error E0417, whose help names the `-cl-std` or \
         `-cl-ext` option that provides it; some needs are also checked by use (64-bit and \
         floating-point atomics, the orders of OpenCL C 3.0).\n\n\
         | name | needs |\n|---|---|\n",
    );
    for (name, needs) in oclc_sema::builtin_requirements() {
        let _ = writeln!(out, "| `{name}` | {needs} |");
    }
    out
}
