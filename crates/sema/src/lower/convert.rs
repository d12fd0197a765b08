//! C's conversions made explicit: integer promotions, the usual arithmetic
//! conversions, conversion for assignment (arithmetic, null pointer
//! constants, pointers with OpenCL's address-space rules) and explicit
//! casts. Every conversion becomes an [`ExprKind::Convert`] node.

use oclc_diagnostics::{Diagnostic, Span};
use oclc_ir::{AddressSpace, Conversion, ExprId, ExprKind, Literal, Quals, Type, TypeId};

use super::{Lowerer, TypeClass};
use crate::codes;
use crate::display::space_name;

/// Rank of a floating type for the usual arithmetic conversions.
fn float_bits(ty: Type) -> Option<u8> {
    match ty {
        Type::Float { bits } => Some(bits),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// The type of the value stored in an object of type `ty`: `T` for
    /// `Atomic(T)`, `int` for `atomic_flag`, `ty` otherwise.
    pub(crate) fn value_type(&mut self, ty: TypeId) -> TypeId {
        match self.ty(ty) {
            Type::Atomic(inner) => inner,
            Type::AtomicFlag => self.int_ty(),
            _ => ty,
        }
    }

    /// The integer promotion of `ty` (`bool`, `char`, `short` → `int`).
    pub(crate) fn promote(&mut self, ty: TypeId) -> TypeId {
        match self.ty(ty) {
            Type::Bool => self.int_ty(),
            Type::Int { bits, .. } if bits < 32 => self.int_ty(),
            _ => ty,
        }
    }

    /// The common type of the usual arithmetic conversions, or `None` when
    /// either type is not arithmetic (vectors: identical vector types, or a
    /// vector and a scalar).
    pub(crate) fn usual_arithmetic(&mut self, a: TypeId, b: TypeId) -> Option<TypeId> {
        let (ta, tb) = (self.ty(a), self.ty(b));
        match (ta, tb) {
            (Type::Vector { .. }, Type::Vector { .. }) => return (a == b).then_some(a),
            (Type::Vector { .. }, other) => return other.is_arithmetic().then_some(a),
            (other, Type::Vector { .. }) => return other.is_arithmetic().then_some(b),
            _ => {}
        }
        if !ta.is_arithmetic() || !tb.is_arithmetic() {
            return None;
        }
        match (float_bits(ta), float_bits(tb)) {
            (Some(x), Some(y)) => return Some(if x >= y { a } else { b }),
            (Some(_), None) => return Some(a),
            (None, Some(_)) => return Some(b),
            (None, None) => {}
        }
        let (a, b) = (self.promote(a), self.promote(b));
        let (
            Type::Int {
                bits: ba,
                signed: sa,
            },
            Type::Int {
                bits: bb,
                signed: sb,
            },
        ) = (self.ty(a), self.ty(b))
        else {
            return None;
        };
        Some(if a == b {
            a
        } else if sa == sb {
            if ba >= bb {
                a
            } else {
                b
            }
        } else {
            let (signed, signed_bits, unsigned, unsigned_bits) =
                if sa { (a, ba, b, bb) } else { (b, bb, a, ba) };
            if unsigned_bits >= signed_bits {
                unsigned
            } else {
                signed
            }
        })
    }

    /// A scalar converted to a vector type as an implicit or explicit
    /// conversion of its own (initialisation, assignment, argument, cast):
    /// as [`Self::convert_arith`], except that a `bool` becomes -1 (all
    /// bits set) for true, as clang converts it. (As an operand of
    /// arithmetic with a vector, or a vector literal's component, a `bool`
    /// is the `int` 1: those go through `convert_arith`.)
    pub(crate) fn convert_to_vector(&mut self, value: ExprId, target: TypeId) -> ExprId {
        if let (Type::Bool, Type::Vector { elem, .. }) = (self.type_of(value), self.ty(target)) {
            // -(int)b, then the element type: -1 or 0 (not -0.0).
            let span = self.span_of(value);
            let int = self.int_ty();
            let as_int = self.convert_arith(value, int);
            let negated = self.push(ExprKind::Unary(oclc_ir::UnaryOp::Neg, as_int), int, span);
            let scalar = self.convert_arith(negated, elem);
            return self.push(ExprKind::Convert(Conversion::Splat, scalar), target, span);
        }
        self.convert_arith(value, target)
    }

    /// Converts an arithmetic (or vector) value to another arithmetic (or
    /// vector) type.
    pub(crate) fn convert_arith(&mut self, value: ExprId, target: TypeId) -> ExprId {
        let source = self.ty_of(value);
        if source == target || self.is_poison(value) {
            return value;
        }
        let span = self.span_of(value);
        let (from, to) = (self.ty(source), self.ty(target));
        let conversion = match (from, to) {
            (_, Type::Bool) => Conversion::ToBool,
            (Type::Bool, Type::Int { .. }) => Conversion::BoolToInt,
            (Type::Bool, Type::Float { .. }) => {
                let int = self.int_ty();
                let as_int = self.push(ExprKind::Convert(Conversion::BoolToInt, value), int, span);
                return self.push(
                    ExprKind::Convert(Conversion::IntToFloat, as_int),
                    target,
                    span,
                );
            }
            (Type::Int { .. }, Type::Int { .. }) => Conversion::IntToInt,
            (Type::Int { .. }, Type::Float { .. }) => Conversion::IntToFloat,
            (Type::Float { .. }, Type::Int { .. }) => Conversion::FloatToInt,
            (Type::Float { .. }, Type::Float { .. }) => Conversion::FloatToFloat,
            (_, Type::Vector { elem, .. }) if from.is_arithmetic() => {
                let scalar = self.convert_arith(value, elem);
                return self.push(ExprKind::Convert(Conversion::Splat, scalar), target, span);
            }
            // Component-wise between vectors of one length (what explicit
            // conversions and vector `?:` need).
            (Type::Vector { elem: fe, len: fl }, Type::Vector { elem: te, len: tl })
                if fl == tl
                    && matches!(
                        (self.ty(fe), self.ty(te)),
                        (
                            Type::Int { .. } | Type::Float { .. },
                            Type::Int { .. } | Type::Float { .. }
                        )
                    ) =>
            {
                match (self.ty(fe), self.ty(te)) {
                    (Type::Int { .. }, Type::Int { .. }) => Conversion::IntToInt,
                    (Type::Int { .. }, _) => Conversion::IntToFloat,
                    (_, Type::Int { .. }) => Conversion::FloatToInt,
                    _ => Conversion::FloatToFloat,
                }
            }
            _ => {
                let (f, t) = (self.type_name(source), self.type_name(target));
                self.report(
                    &codes::TYPE_MISMATCH,
                    format!("cannot convert `{f}` to `{t}`"),
                    span,
                    "conversion not supported",
                );
                return self.poison(span);
            }
        };
        self.push(ExprKind::Convert(conversion, value), target, span)
    }

    /// Converts a scalar to `bool` (conditions, `!`, `&&`, `||`).
    pub(crate) fn condition_value(&mut self, value: ExprId) -> ExprId {
        if self.is_poison(value) {
            return value;
        }
        let ty = self.type_of(value);
        if ty == Type::Bool {
            return value;
        }
        let span = self.span_of(value);
        if !ty.is_scalar() {
            let name = self.type_name(self.ty_of(value));
            self.report(
                &codes::INVALID_OPERANDS,
                format!("a condition must have scalar type, found `{name}`"),
                span,
                "not a scalar",
            );
            return self.poison(span);
        }
        let bool_ty = self.bool_ty();
        self.push(ExprKind::Convert(Conversion::ToBool, value), bool_ty, span)
    }

    /// Whether `value` is a null pointer constant (integer constant 0 or a
    /// null pointer literal).
    pub(crate) fn is_null_constant(&self, value: ExprId) -> bool {
        match self.fold(value) {
            Some(Literal::Null) => true,
            Some(Literal::Int(0)) => self.type_of(value).is_integer_like(),
            _ => false,
        }
    }

    /// A null pointer of type `target`.
    fn null_pointer(&mut self, target: TypeId, span: Span) -> ExprId {
        self.push(ExprKind::Literal(Literal::Null), target, span)
    }

    /// Converts `value` to `target` as assignment, initialization, argument
    /// passing and `return` do; `context` names the operation in messages
    /// ("assigning", "passing", ...).
    pub(crate) fn convert_for_assignment(
        &mut self,
        value: ExprId,
        target: TypeId,
        context: &str,
        span: Span,
    ) -> ExprId {
        let source = self.ty_of(value);
        if source == target || self.is_poison(value) {
            return value;
        }
        let (from, to) = (self.ty(source), self.ty(target));
        match (from, to) {
            (_, Type::Bool) if from.is_scalar() => self.condition_value(value),
            (f, t) if f.is_arithmetic() && t.is_arithmetic() => self.convert_arith(value, target),
            (f, Type::Vector { .. }) if f.is_arithmetic() => self.convert_to_vector(value, target),
            (_, Type::Pointer { .. }) if self.is_null_constant(value) => {
                self.null_pointer(target, span)
            }
            // A `CLK_…` constant where a `sampler_t` is expected (a
            // helper's sampler parameter), as clang converts it.
            (f, Type::Opaque(oclc_ir::OpaqueType::Sampler)) if f.is_integer_like() => {
                match self.sampler_literal(value) {
                    Some(sampler) => sampler,
                    None => self.incompatible(value, target, context, span),
                }
            }
            // `event_t e = 0;`: no event yet, as clang accepts it (the
            // asynchronous copies take `0` for their event too).
            (_, Type::Opaque(oclc_ir::OpaqueType::Event)) if self.is_null_constant(value) => {
                self.null_pointer(target, span)
            }
            (Type::Pointer { .. }, Type::Pointer { .. }) => {
                self.convert_pointer(value, target, span, false)
            }
            _ => self.incompatible(value, target, context, span),
        }
    }

    /// Reports `value` where a `target` is expected and cannot convert.
    fn incompatible(&mut self, value: ExprId, target: TypeId, context: &str, span: Span) -> ExprId {
        let (f, t) = (self.type_name(self.ty_of(value)), self.type_name(target));
        self.report(
            &codes::TYPE_MISMATCH,
            format!("{context} `{f}` to an object of incompatible type `{t}`"),
            span,
            format!("expected `{t}`").as_str(),
        );
        self.poison(span)
    }

    /// An integer constant (`CLK_ADDRESS_CLAMP | …`) as a sampler literal;
    /// `None` when `value` is not a constant.
    pub(crate) fn sampler_literal(&mut self, value: ExprId) -> Option<ExprId> {
        let bits = self.fold_int(value)?;
        let ty = self.intern(Type::Opaque(oclc_ir::OpaqueType::Sampler));
        let span = self.span_of(value);
        Some(self.push(ExprKind::Literal(Literal::Int(bits as u64)), ty, span))
    }

    /// Converts a pointer to another pointer type: implicitly (`explicit`
    /// false: named space → generic only, warning for different pointee
    /// types) or by a cast (also generic → named).
    pub(crate) fn convert_pointer(
        &mut self,
        value: ExprId,
        target: TypeId,
        span: Span,
        explicit: bool,
    ) -> ExprId {
        let (
            Type::Pointer {
                pointee: fp,
                space: fs,
                quals: fq,
            },
            Type::Pointer {
                pointee: tp,
                space: ts,
                quals: tq,
            },
        ) = (self.type_of(value), self.ty(target))
        else {
            return value;
        };
        let space_step = if fs == ts {
            None
        } else if ts == AddressSpace::Generic && fs != AddressSpace::Constant {
            Some(Conversion::ToGeneric)
        } else if fs == AddressSpace::Generic && explicit && ts != AddressSpace::Constant {
            Some(Conversion::FromGeneric)
        } else {
            let (f, t) = (self.type_name(self.ty_of(value)), self.type_name(target));
            let mut diagnostic = Diagnostic::new(
                &codes::ADDRESS_SPACE,
                format!(
                    "cannot convert a pointer to the `{}` address space to a pointer to the `{}` address space",
                    space_name(fs),
                    space_name(ts)
                ),
            )
            .with_primary(span, format!("`{f}` here, `{t}` expected"));
            if fs == AddressSpace::Generic {
                diagnostic = diagnostic.with_help(format!(
                    "a `generic` pointer converts to a named address space only with an explicit cast: `({t})`"
                ));
            } else if fs == AddressSpace::Constant {
                diagnostic = diagnostic
                    .with_note("`constant` memory cannot be reached through `generic` pointers");
            }
            self.push_diag(diagnostic);
            return self.poison(span);
        };
        if !explicit {
            self.check_pointee_compatibility(fp, fq, tp, tq, span);
        }
        let mut current = value;
        let same_space_target = self.pointer_to(tp, fs, tq);
        let generic_first = space_step == Some(Conversion::FromGeneric);
        if generic_first {
            // generic → named, then change the pointee in the named space.
            let named = self.pointer_to(fp, ts, fq);
            current = self.push(
                ExprKind::Convert(Conversion::FromGeneric, current),
                named,
                span,
            );
            if named != target {
                current = self.push(
                    ExprKind::Convert(Conversion::PtrToPtr, current),
                    target,
                    span,
                );
            }
            return current;
        }
        if same_space_target != self.ty_of(current) {
            current = self.push(
                ExprKind::Convert(Conversion::PtrToPtr, current),
                same_space_target,
                span,
            );
        }
        if let Some(step) = space_step {
            current = self.push(ExprKind::Convert(step, current), target, span);
        }
        current
    }

    /// Warns when an implicit pointer conversion changes the pointee type
    /// or drops qualifiers.
    fn check_pointee_compatibility(
        &mut self,
        fp: TypeId,
        fq: Quals,
        tp: TypeId,
        tq: Quals,
        span: Span,
    ) {
        let void = self.void_ty();
        if fp != tp && fp != void && tp != void {
            let (f, t) = (self.type_name(fp), self.type_name(tp));
            self.report(
                &codes::INCOMPATIBLE_POINTERS,
                format!(
                    "incompatible pointer types: pointer to `{f}` converted to pointer to `{t}`"
                ),
                span,
                "pointee types differ",
            );
        } else if (fq.const_ && !tq.const_) || (fq.volatile && !tq.volatile) {
            let lost = if fq.const_ && !tq.const_ {
                "const"
            } else {
                "volatile"
            };
            self.report(
                &codes::INCOMPATIBLE_POINTERS,
                format!("pointer conversion discards the `{lost}` qualifier"),
                span,
                "qualifier dropped",
            );
        }
    }

    /// An explicit cast `(target) value`.
    pub(crate) fn explicit_cast(&mut self, value: ExprId, target: TypeId, span: Span) -> ExprId {
        let source = self.ty_of(value);
        if source == target || self.is_poison(value) {
            return value;
        }
        let (from, to) = (self.ty(source), self.ty(target));
        let push = |this: &mut Self, conversion| {
            this.push(ExprKind::Convert(conversion, value), target, span)
        };
        match (from, to) {
            // `(void)e` evaluates `e` and discards it; the value is kept.
            (_, Type::Void) => value,
            (f, t) if f.is_arithmetic() && t.is_arithmetic() => self.convert_arith(value, target),
            (f, Type::Vector { .. }) if f.is_arithmetic() => self.convert_to_vector(value, target),
            (Type::Pointer { .. }, Type::Bool) => self.condition_value(value),
            (Type::Pointer { .. }, Type::Pointer { .. }) => {
                if self.is_null_constant(value) {
                    return self.null_pointer(target, span);
                }
                self.convert_pointer(value, target, span, true)
            }
            (Type::Int { .. } | Type::Bool, Type::Pointer { .. }) => {
                if self.is_null_constant(value) {
                    self.null_pointer(target, span)
                } else {
                    push(self, Conversion::IntToPtr)
                }
            }
            (Type::Pointer { .. }, Type::Int { .. }) => push(self, Conversion::PtrToInt),
            (Type::Vector { .. }, Type::Vector { .. }) => {
                // §6.4.2: no casts between vector types; the explicit
                // conversion functions say which conversion is meant.
                let (f, t) = (self.type_name(source), self.type_name(target));
                self.push_diag(
                    Diagnostic::new(
                        &codes::INVALID_CAST,
                        format!("cannot cast `{f}` to `{t}`: casts between vector types are not allowed"),
                    )
                    .with_primary(span, "vector cast")
                    .with_note("see OpenCL C 3.0 §6.4.2 (explicit casts) and §6.4.3 (explicit conversions)")
                    .with_help(format!(
                        "convert each component with `convert_{t}(…)`, or reinterpret the bits with `as_{t}(…)`"
                    )),
                );
                self.poison(span)
            }
            _ => {
                let (f, t) = (self.type_name(source), self.type_name(target));
                self.report(
                    &codes::INVALID_CAST,
                    format!("cannot cast `{f}` to `{t}`"),
                    span,
                    "invalid cast",
                );
                self.poison(span)
            }
        }
    }
}
