//! Overload resolution of the library built-ins over the signatures of
//! [`oclc_ir::Family`], ranked as clang ranks calls of OpenCL C built-ins
//! (C++ [over.match.best], which clang applies to `overloadable` C
//! functions, with OpenCL's conversions):
//!
//! * each argument converts to a parameter by identity, a promotion (an
//!   integer narrower than `int` to `int`, `float` to `double`), an
//!   arithmetic conversion, or a scalar-to-vector widening, in that order
//!   of preference; vectors convert only to their own type;
//! * a pointer converts to a pointer to another pointee, or drops `const`,
//!   only as an *incompatible* conversion (C allows it with a warning):
//!   an overload that needs fewer of them wins outright;
//! * an overload is better than another when no argument converts worse
//!   and one converts better. The call resolves to the overload better
//!   than every other viable one; without one it is ambiguous, as in
//!   `min(int, uint)` or `sqrt(2)`.
//!
//! `tests/overloads/library.txt` holds how clang-15 resolves about 15,000
//! calls; the suite checks that these rules give the same answers.

use oclc_diagnostics::Diagnostic;
use oclc_ir::{AddressSpace, Elems, ExprId, Family, Shape, Slot, Type};

use super::Call;
use crate::codes;
use crate::lower::Lowerer;

/// How an argument converts to a parameter, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rank {
    Identity,
    /// Exact match, but not the identity: a pointer gaining qualifiers or
    /// becoming `generic`, with how many it gains (fewer is better, as a
    /// proper subset of qualifiers is in C++ [over.ics.rank]).
    Qualification(u8),
    Promotion,
    Conversion,
    /// A scalar splatted into a vector parameter.
    Widening,
    /// A pointer to another pointee type, or dropping `const`.
    Incompatible,
}

/// An argument's type as resolution sees it.
#[derive(Clone, Copy, Debug)]
enum Arg {
    /// An arithmetic scalar (`len` 1) or vector.
    Value {
        elem: Type,
        len: u8,
    },
    /// A pointer; `pointee` is the scalar or vector it points to.
    Pointer {
        pointee: Option<(Type, u8)>,
        writable: bool,
        constant: bool,
    },
    Other,
}

/// One signature of a family at an element type and a length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overload {
    pub family: &'static Family,
    pub elem: Type,
    pub len: u8,
}

/// Why a call has no overload.
pub(crate) enum Failure {
    /// No overload accepts the arguments.
    NoMatch,
    /// These overloads accept them and none is better than the others.
    Ambiguous(Vec<Overload>),
}

const INTS: [Type; 8] = [
    Type::Int {
        bits: 8,
        signed: true,
    },
    Type::Int {
        bits: 8,
        signed: false,
    },
    Type::Int {
        bits: 16,
        signed: true,
    },
    Type::Int {
        bits: 16,
        signed: false,
    },
    Type::Int {
        bits: 32,
        signed: true,
    },
    Type::Int {
        bits: 32,
        signed: false,
    },
    Type::Int {
        bits: 64,
        signed: true,
    },
    Type::Int {
        bits: 64,
        signed: false,
    },
];
const FLOATS: [Type; 3] = [
    Type::Float { bits: 32 },
    Type::Float { bits: 64 },
    Type::Float { bits: 16 },
];
const INT: Type = Type::Int {
    bits: 32,
    signed: true,
};

/// The width of a scalar type in bits.
fn width(ty: Type) -> u8 {
    match ty {
        Type::Int { bits, .. } | Type::Float { bits } => bits,
        _ => 1,
    }
}

/// Which floating types the target has.
#[derive(Clone, Copy)]
struct Floats {
    double: bool,
    half: bool,
}

impl Floats {
    fn of(lw: &Lowerer<'_>) -> Floats {
        use oclc_target::Feature;
        let target = lw.cx.target;
        Floats {
            double: target.supports(Feature::KhrFp64) || target.supports(Feature::Fp64),
            half: target.supports(Feature::KhrFp16),
        }
    }

    fn has(self, ty: Type) -> bool {
        match ty {
            Type::Float { bits: 64 } => self.double,
            Type::Float { bits: 16 } => self.half,
            _ => true,
        }
    }
}

/// The element types of `elems`.
pub(crate) fn elements(elems: Elems) -> &'static [Type] {
    const ALL: [Type; 11] = [
        INTS[0], INTS[1], INTS[2], INTS[3], INTS[4], INTS[5], INTS[6], INTS[7], FLOATS[0],
        FLOATS[1], FLOATS[2],
    ];
    const GROUP: [Type; 7] = [
        INTS[4], INTS[5], INTS[6], INTS[7], FLOATS[0], FLOATS[1], FLOATS[2],
    ];
    match elems {
        Elems::Float => &FLOATS,
        Elems::Float32 => &FLOATS[..1],
        Elems::Int => &INTS,
        Elems::Int32 => &INTS[4..6],
        Elems::Signed => &[INTS[0], INTS[2], INTS[4], INTS[6]],
        Elems::All => &ALL,
        Elems::Narrow => &INTS[..6],
        Elems::Bytes => &INTS[..2],
        Elems::Group => &GROUP,
        Elems::Int32Float => &[INTS[4], INTS[5], FLOATS[0]],
        Elems::Int3264 => &INTS[4..],
    }
}

/// A parameter type: `len` components of `elem`, or a pointer to them.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Param {
    elem: Type,
    len: u8,
    pointer: bool,
}

impl Overload {
    /// The type `slot` stands for in this overload: `(element, length,
    /// pointer)`.
    fn param(self, slot: Slot) -> Param {
        let at = |elem, len| Param {
            elem,
            len,
            pointer: false,
        };
        let bits = width(self.elem);
        match slot {
            Slot::G => at(self.elem, self.len),
            Slot::S => at(self.elem, 1),
            Slot::IntG => at(INT, self.len),
            Slot::Int => at(INT, 1),
            Slot::Relational if self.len == 1 => at(INT, 1),
            Slot::UnsignedG => at(
                Type::Int {
                    bits,
                    signed: false,
                },
                self.len,
            ),
            Slot::SignedG | Slot::Relational => at(Type::Int { bits, signed: true }, self.len),
            Slot::FlippedG => at(
                Type::Int {
                    bits,
                    signed: !matches!(self.elem, Type::Int { signed: true, .. }),
                },
                self.len,
            ),
            Slot::Int32OfSign => at(
                Type::Int {
                    bits: 32,
                    signed: matches!(self.elem, Type::Int { signed: true, .. }),
                },
                1,
            ),
            Slot::PtrG => Param {
                pointer: true,
                ..at(self.elem, self.len)
            },
            Slot::PtrIntG => Param {
                pointer: true,
                ..at(INT, self.len)
            },
            Slot::Wide => at(
                Type::Int {
                    bits: bits * 2,
                    signed: matches!(self.elem, Type::Int { signed: true, .. }),
                },
                self.len,
            ),
        }
    }

    /// The type of the operand in parameter `slot` as the instruction
    /// takes it (scalars of a vector overload splatted), or for a pointer
    /// parameter the type it points to; and whether it is a pointer.
    pub fn operand(self, lw: &mut Lowerer<'_>, slot: Slot) -> (oclc_ir::TypeId, bool) {
        let p = self.param(slot);
        let len = if p.pointer { p.len } else { self.len };
        (with_len(lw, p.elem, len), p.pointer)
    }

    /// The result type.
    pub fn result(self, lw: &mut Lowerer<'_>) -> oclc_ir::TypeId {
        let p = self.param(self.family.result);
        with_len(lw, p.elem, p.len)
    }

    /// `float4 fmin(float4, float)`.
    pub fn signature(self, lw: &mut Lowerer<'_>, name: &str) -> String {
        let result = self.result(lw);
        let mut out = format!("{} {name}(", lw.type_name(result));
        for (i, &slot) in self.family.params.iter().enumerate() {
            let p = self.param(slot);
            if i > 0 {
                out.push_str(", ");
            }
            let ty = with_len(lw, p.elem, p.len);
            out.push_str(&lw.type_name(ty));
            if p.pointer {
                out.push_str(" *");
            }
        }
        out.push(')');
        out
    }
}

fn with_len(lw: &mut Lowerer<'_>, elem: Type, len: u8) -> oclc_ir::TypeId {
    let elem = lw.intern(elem);
    if len == 1 {
        elem
    } else {
        lw.intern(Type::Vector { elem, len })
    }
}

fn classify(lw: &Lowerer<'_>, value: ExprId) -> Arg {
    let scalar_or_vector = |ty| match lw.ty(ty) {
        t @ (Type::Bool | Type::Int { .. } | Type::Float { .. }) => Some((t, 1)),
        Type::Vector { elem, len } => Some((lw.ty(elem), len)),
        _ => None,
    };
    match lw.type_of(value) {
        Type::Pointer {
            pointee,
            space,
            quals,
        } => Arg::Pointer {
            pointee: scalar_or_vector(pointee),
            writable: !quals.const_,
            constant: space == AddressSpace::Constant,
        },
        _ => match scalar_or_vector(lw.ty_of(value)) {
            Some((elem, len)) => Arg::Value { elem, len },
            None => Arg::Other,
        },
    }
}

/// How `arg` converts to `param`; `None` when it does not.
fn rank(arg: Arg, param: Param) -> Option<Rank> {
    match arg {
        Arg::Value { elem, len } if !param.pointer => {
            if len == param.len && elem == param.elem {
                Some(Rank::Identity)
            } else if len != 1 {
                None
            } else if param.len != 1 {
                Some(Rank::Widening)
            } else if (matches!(elem, Type::Bool | Type::Int { bits: ..=16, .. })
                && param.elem == INT)
                || (elem == FLOATS[0] && param.elem == FLOATS[1])
            {
                Some(Rank::Promotion)
            } else {
                Some(Rank::Conversion)
            }
        }
        Arg::Pointer {
            pointee,
            writable,
            constant,
        } if param.pointer && !constant => {
            if writable && pointee == Some((param.elem, param.len)) {
                Some(Rank::Identity)
            } else {
                Some(Rank::Incompatible)
            }
        }
        _ => None,
    }
}

/// Whether the overload with ranks `a` is better than the one with `b`.
fn better(a: &[Rank], b: &[Rank]) -> bool {
    // An overload needing no incompatible pointer conversion where another
    // needs one wins, unless it needs one where the other does not.
    let bad = |r: Rank| r == Rank::Incompatible;
    let mut fewer_bad = false;
    for (&x, &y) in a.iter().zip(b) {
        if bad(x) != bad(y) {
            if bad(x) {
                return false;
            }
            fewer_bad = true;
        }
    }
    if fewer_bad {
        return true;
    }
    let mut some_better = false;
    for (&x, &y) in a.iter().zip(b) {
        if x > y {
            return false;
        }
        some_better |= x < y;
    }
    some_better
}

/// Resolves a call of a function of `shape` with arguments `values`.
pub(crate) fn resolve(
    lw: &Lowerer<'_>,
    shape: Shape,
    values: &[ExprId],
) -> Result<Overload, Failure> {
    resolve_in(lw, shape.families(), values)
}

/// Resolves a call of a function whose overloads are `families`.
///
/// Under OpenCL C 1.0 and 1.1 without `#pragma OPENCL EXTENSION
/// cl_khr_fp64 : enable`, clang-15 declares no `double` overloads (so
/// `pow(x, 2.0)` takes the `float` one), while compilers built on
/// `opencl-c.h` declare them whenever the device has fp64 (and find that
/// call ambiguous). A call resolves with the `double` overloads, as the
/// latter do, and only when that is ambiguous without them: it compiles
/// wherever either compiler accepts it, to the overload the runtime's own
/// compiler picks when that one accepts it.
pub(crate) fn resolve_in(
    lw: &Lowerer<'_>,
    families: &'static [Family],
    values: &[ExprId],
) -> Result<Overload, Failure> {
    let args: Vec<Arg> = values.iter().map(|&v| classify(lw, v)).collect();
    let floats = Floats::of(lw);
    match resolve_args(families, &args, floats) {
        Err(Failure::Ambiguous(_)) if floats.double && !lw.doubles => resolve_args(
            families,
            &args,
            Floats {
                double: false,
                ..floats
            },
        ),
        result => result,
    }
}

fn resolve_args(
    families: &'static [Family],
    args: &[Arg],
    floats: Floats,
) -> Result<Overload, Failure> {
    // Vector arguments fix the length. With scalars only, a vector
    // overload loses to the scalar overload of its element type (a
    // widening is worse than any scalar conversion) unless a pointer
    // argument points to its vector type, or the function has no scalar
    // overloads (`cross`).
    let mut fixed = None;
    for arg in args {
        if let Arg::Value { len, .. } = *arg {
            if len > 1 && fixed.replace(len).is_some_and(|l| l != len) {
                return Err(Failure::NoMatch);
            }
        }
    }
    let has_scalars = families.iter().any(|f| f.lens.lengths()[0] == 1);
    let wanted = |len: u8| match fixed {
        Some(l) => len == l,
        None => {
            len == 1
                || !has_scalars
                || args
                    .iter()
                    .any(|a| matches!(a, Arg::Pointer { pointee: Some((_, l)), .. } if *l == len))
        }
    };
    let mut viable: Vec<(Overload, [Rank; 4])> = Vec::new();
    for family in families {
        for &len in family.lens.lengths().iter().filter(|&&l| wanted(l)) {
            'elems: for &elem in elements(family.elems) {
                if !floats.has(elem) {
                    continue;
                }
                let overload = Overload { family, elem, len };
                let mut ranks = [Rank::Identity; 4];
                for (i, (&arg, &slot)) in args.iter().zip(family.params).enumerate() {
                    match rank(arg, overload.param(slot)) {
                        Some(r) => ranks[i] = r,
                        None => continue 'elems,
                    }
                }
                viable.push((overload, ranks));
            }
        }
    }
    match best(&viable) {
        Ok(chosen) => Ok(chosen),
        Err(tied) if tied.is_empty() => Err(Failure::NoMatch),
        Err(tied) => Err(Failure::Ambiguous(tied)),
    }
}

/// The candidate better than every other of `viable` (each with its
/// arguments' ranks), as C++ [over.match.best] picks it; `Err` with the
/// candidates no other is better than when there is none (empty when
/// nothing is viable).
pub(crate) fn best<T: Copy + PartialEq, R: AsRef<[Rank]>>(viable: &[(T, R)]) -> Result<T, Vec<T>> {
    let better = |a: &(T, R), b: &(T, R)| better(a.1.as_ref(), b.1.as_ref());
    if let Some(first) = viable.first() {
        let mut top = first;
        for candidate in &viable[1..] {
            if better(candidate, top) {
                top = candidate;
            }
        }
        if viable.iter().all(|c| c.0 == top.0 || better(top, c)) {
            return Ok(top.0);
        }
    }
    Err(viable
        .iter()
        .filter(|c| !viable.iter().any(|d| better(d, c)))
        .map(|c| c.0)
        .collect())
}

/// Whether some overload of `shape` takes argument `value` in position
/// `index`, whatever the other arguments.
pub(crate) fn position_accepts(
    lw: &Lowerer<'_>,
    shape: Shape,
    index: usize,
    value: ExprId,
) -> bool {
    let arg = classify(lw, value);
    let floats = Floats::of(lw);
    shape.families().iter().any(|family| {
        family.lens.lengths().iter().any(|&len| {
            elements(family.elems).iter().any(|&elem| {
                floats.has(elem)
                    && rank(
                        arg,
                        Overload { family, elem, len }.param(family.params[index]),
                    )
                    .is_some()
            })
        })
    })
}

/// Reports an ambiguous call with the overloads that tie.
pub(crate) fn report_ambiguous(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    values: &[ExprId],
    tied: &[Overload],
) -> ExprId {
    const SHOWN: usize = 6;
    let types = argument_types(lw, values);
    let mut diagnostic = Diagnostic::new(
        &codes::AMBIGUOUS_CALL,
        format!("call to `{}` is ambiguous", call.name),
    )
    .with_primary(call.span, format!("arguments of types `({types})`"));
    for o in tied.iter().take(SHOWN) {
        let signature = o.signature(lw, call.name);
        diagnostic = diagnostic.with_note(format!("candidate: `{signature}`"));
    }
    if tied.len() > SHOWN {
        diagnostic = diagnostic.with_note(format!("and {} more", tied.len() - SHOWN));
    }
    diagnostic = diagnostic.with_help(
        "no overload fits these argument types better than the others: cast the \
         arguments to the parameter types of the one you mean",
    );
    lw.push_diag(diagnostic);
    lw.poison(call.span)
}

/// `int, uint`: the types of `values`.
pub(crate) fn argument_types(lw: &Lowerer<'_>, values: &[ExprId]) -> String {
    values
        .iter()
        .map(|&v| lw.type_name(lw.ty_of(v)))
        .collect::<Vec<_>>()
        .join(", ")
}
