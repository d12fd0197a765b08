//! The built-in library as documentation: `docs/builtins.md` is generated
//! from the built-in table that overload resolution, availability checks
//! and the back end read (`crates/sema/src/builtins/table.rs`, whose library
//! rows are [`oclc_ir::LIBRARY`]); a test keeps the file in sync.

use oclc_ir::{Shape, LIBRARY};
use std::fmt::Write as _;

/// The overloads of a shape: each family's signature and domain.
fn overloads(name: &str, shape: Shape) -> String {
    match shape {
        Shape::Shuffle => {
            "`Tm shuffle(Tn, uTm)`: components of `x` picked by the mask (T = any type; n, m = 2, 4, 8, 16)".to_string()
        }
        Shape::Shuffle2 => {
            "`Tm shuffle2(Tn, Tn, uTm)`: components of `x` then `y` picked by the mask (T = any type; n, m = 2, 4, 8, 16)".to_string()
        }
        _ => shape
            .families()
            .iter()
            .map(|f| format!("`{}` ({})", f.signature(name), f.domain()))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// `docs/builtins.md`.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Built-in library functions\n\n\
         Generated from `oclc_ir::LIBRARY` (`crates/ir/src/library.rs`) by \
         `OCLC_BLESS=1 cargo test --test suite docs`; do not edit.\n\n\
         Each overload family is a signature over an element type `T` and a length `n` \
         (`Tn` is `T` for n = 1, else the vector); `uT` and `sT` are the unsigned and signed \
         integer types of `T`'s width, `W` the integer of twice its width, and the \
         relational functions return `int` for scalars, `sTn` for vectors. `double` \
         overloads exist where the target has fp64, `half` ones where it has fp16.\n\n\
         A call resolves as clang resolves it: each argument converts to a parameter by \
         identity, promotion (to `int`, `float` to `double`), conversion, or widening of a \
         scalar into a vector, best first; a pointer to another pointee type converts only \
         with a warning, and an overload needing fewer such conversions wins. The call \
         takes the overload better than every other for some argument and worse for none; \
         without one it is ambiguous (E0324), as `min(int, uint)` and `sqrt(2)` are. \
         Scalars passed to a vector overload are splatted. Work-item functions, \
         fences, barriers and atomics are described in `docs/mapping.md`; `printf`, pipes, \
         address-space queries (`to_global`, …, `get_fence`), asynchronous copies, \
         collectives, the sub-group extension functions (`cl_khr_subgroup_*`: ballot, vote, \
         non-uniform and clustered arithmetic, shuffles; see `docs/mapping.md`), \
         conversions, `vloadn`/`vstoren` and images have their own modules \
         under `crates/sema/src/builtins/`.\n\n\
         | function | overloads |\n|---|---|\n",
    );
    for (name, _, shape) in LIBRARY {
        let _ = writeln!(out, "| `{name}` | {} |", overloads(name, *shape));
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
