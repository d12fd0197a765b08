//! The pipe built-in functions (OpenCL C 3.0, `section::PIPES`): `read_pipe` and
//! `write_pipe` in their two- and four-argument forms, the reservations
//! (`reserve_read_pipe`, `work_group_reserve_write_pipe`,
//! `sub_group_…`), their commits, `is_valid_reserve_id` and the packet
//! queries. A read needs a `read_only` pipe and a write a `write_only`
//! one; the packet pointer points to the pipe's packet type and becomes a
//! generic pointer, and the packet size and alignment follow as literals.

use oclc_ir::{
    AddressSpace, BuiltinFn, ExprId, ExprKind, Literal, OpaqueType, PipeOp, PipeType, Type,
};

use super::{lowered_args, wrong_type, Call};
use crate::codes;
use crate::lower::{Lowerer, TypeClass};

/// Lowers a call of the pipe built-in `op`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, op: PipeOp) -> ExprId {
    lower_op(lw, call, op)
}

fn lower_op(lw: &mut Lowerer<'_>, call: &Call<'_>, op: PipeOp) -> ExprId {
    let arity = match op {
        PipeOp::Packet {
            reserved: false, ..
        } if call.args.len() == 4 => 4,
        PipeOp::Packet { .. } => 2,
        PipeOp::Reserve { .. } | PipeOp::Commit { .. } => 2,
        PipeOp::IsValidReserveId | PipeOp::NumPackets | PipeOp::MaxPackets => 1,
    };
    let op = match op {
        PipeOp::Packet { write, .. } => PipeOp::Packet {
            write,
            reserved: arity == 4,
        },
        other => other,
    };
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let reserve_id = lw.intern(Type::Opaque(OpaqueType::ReserveId));
    if op == PipeOp::IsValidReserveId {
        if lw.ty_of(values[0]) != reserve_id {
            return wrong_type(lw, call, values[0], "a `reserve_id_t`");
        }
        let bool_ty = lw.bool_ty();
        return lw.push(
            ExprKind::Builtin(BuiltinFn::Pipe(op), values),
            bool_ty,
            call.span,
        );
    }
    let Type::Opaque(OpaqueType::Pipe(pipe)) = lw.type_of(values[0]) else {
        return wrong_type(lw, call, values[0], "a pipe");
    };
    let writes = match op {
        PipeOp::Packet { write, .. }
        | PipeOp::Reserve { write, .. }
        | PipeOp::Commit { write, .. } => Some(write),
        _ => None,
    };
    if let Some(write) = writes {
        if write != pipe.write {
            let (wanted, name) = if write {
                ("a `write_only` pipe", "writes")
            } else {
                ("a `read_only` pipe", "reads")
            };
            let found = lw.type_name(lw.ty_of(values[0]));
            lw.report(
                &codes::BUILTIN_ARGUMENTS,
                format!(
                    "`{}` {name} the pipe, which needs {wanted}, found `{found}`",
                    call.name
                ),
                call.args[0].span,
                "wrong access qualifier",
            );
            return lw.poison(call.span);
        }
    }
    let mut operands = vec![values[0]];
    let result = match op {
        PipeOp::Packet { reserved, .. } => {
            if reserved {
                if lw.ty_of(values[1]) != reserve_id {
                    return wrong_type(lw, call, values[1], "a `reserve_id_t`");
                }
                let uint = lw.uint_ty();
                if !lw.type_of(values[2]).is_integer_like() {
                    return wrong_type(lw, call, values[2], "a `uint` packet index");
                }
                let index = lw.convert_arith(values[2], uint);
                operands.extend([values[1], index]);
            }
            let Some(pointer) = packet_pointer(lw, call, values[arity - 1], pipe) else {
                return lw.poison(call.span);
            };
            operands.push(pointer);
            lw.int_ty()
        }
        PipeOp::Reserve { .. } => {
            if !lw.type_of(values[1]).is_integer_like() {
                return wrong_type(lw, call, values[1], "a `uint` packet count");
            }
            let uint = lw.uint_ty();
            operands.push(lw.convert_arith(values[1], uint));
            reserve_id
        }
        PipeOp::Commit { .. } => {
            if lw.ty_of(values[1]) != reserve_id {
                return wrong_type(lw, call, values[1], "a `reserve_id_t`");
            }
            operands.push(values[1]);
            lw.void_ty()
        }
        _ => lw.uint_ty(),
    };
    let bits = u32::from(lw.pointer_bits());
    let size = lw
        .module
        .types
        .size_of(pipe.packet, lw.cx.target.pointer_bits);
    let align = lw.module.types.align_of(pipe.packet, bits);
    let (Some(size), Some(align)) = (size, align) else {
        return wrong_type(lw, call, values[0], "a pipe of a sized packet type");
    };
    let uint = lw.uint_ty();
    for value in [size, align] {
        operands.push(lw.push(ExprKind::Literal(Literal::Int(value)), uint, call.span));
    }
    lw.push(
        ExprKind::Builtin(BuiltinFn::Pipe(op), operands),
        result,
        call.span,
    )
}

/// The packet pointer of a read or write: a pointer to the packet type in
/// any space but `constant` (writable for a read), as a generic pointer.
fn packet_pointer(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    value: ExprId,
    pipe: PipeType,
) -> Option<ExprId> {
    let ok = matches!(
        lw.type_of(value),
        Type::Pointer { pointee, space, quals }
            if pointee == pipe.packet
                && space != AddressSpace::Constant
                && (pipe.write || !quals.const_)
    );
    if !ok {
        let packet = lw.type_name(pipe.packet);
        wrong_type(lw, call, value, &format!("a pointer to `{packet}`"));
        return None;
    }
    let Type::Pointer { pointee, quals, .. } = lw.type_of(value) else {
        return None;
    };
    let generic = lw.pointer_to(pointee, AddressSpace::Generic, quals);
    Some(lw.convert_pointer(value, generic, call.span, false))
}
