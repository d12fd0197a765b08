//! Image functions (OpenCL C 3.0, `section::IMAGES`): `read_image{f,i,ui,h}` with
//! and without a sampler, `write_image{f,i,ui,h}` and the
//! `get_image_<property>` queries, over every image type.
//!
//! Overloads follow the specification's tables: the coordinate type is
//! `int`/`float` for 1D images, `int2`/`float2` for 1D arrays and 2D
//! images, `int4`/`float4` for 2D arrays and 3D images (float coordinates
//! only with a sampler; image buffers take `int` and no sampler);
//! `read_imagef` returns `float4` (`float` for depth images),
//! `read_imagei`/`read_imageui`/`read_imageh` `int4`/`uint4`/`half4`; the
//! writes take the same coordinates in integers and a colour of that type
//! (a scalar colour is splatted, as clang's overload resolution converts it).
//! Access qualifiers are checked: a `write_only` image is not read, a
//! `read_only` image not written, and a `read_write` image is read without
//! a sampler (`section::IMAGE_FENCE`).

use oclc_diagnostics::Span;
use oclc_ir::{
    BuiltinFn, ExprId, ExprKind, ImageAccess, ImageDim, ImageQuery, ImageType, OpaqueType, Type,
    TypeId,
};

use super::{lowered_args, wrong_count, wrong_type, Call};
use crate::codes;
use crate::lower::{Lowerer, TypeClass};

/// The texel type of a read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Texel {
    Float,
    Int,
    UInt,
    Half,
}

/// What an image function name denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ImageFn {
    Read(Texel),
    Write(Texel),
    Query(ImageQuery),
}

/// Lowers a call of image function `f`.
pub(super) fn lower(lw: &mut Lowerer<'_>, call: &Call<'_>, f: ImageFn) -> ExprId {
    let arity = match f {
        ImageFn::Read(_) if call.args.len() == 3 => 3,
        ImageFn::Read(_) => 2,
        ImageFn::Write(_) => 3,
        ImageFn::Query(_) => 1,
    };
    if call.args.len() != arity {
        let expected = match f {
            ImageFn::Read(_) => "2 or 3",
            ImageFn::Write(_) => "3",
            ImageFn::Query(_) => "1",
        };
        return wrong_count(lw, call, expected);
    }
    let values = match lowered_args(lw, call, arity) {
        Ok(values) => values,
        Err(poison) => return poison,
    };
    let image_arg = values[0];
    let Type::Opaque(OpaqueType::Image(image)) = lw.type_of(image_arg) else {
        return wrong_type(lw, call, image_arg, "an image");
    };
    match f {
        ImageFn::Read(texel) => read(lw, call, image, texel, &values),
        ImageFn::Write(texel) => write(lw, call, image, texel, &values),
        ImageFn::Query(query) => self::query(lw, call, image, query, image_arg),
    }
}

/// Reports an access-qualifier violation and returns poison.
fn access_error(lw: &mut Lowerer<'_>, call: &Call<'_>, at: Span, message: &str) -> ExprId {
    lw.report(
        &codes::BUILTIN_ARGUMENTS,
        message.to_string(),
        at,
        "this image",
    );
    lw.poison(call.span)
}

/// A vector type of `len` elements of scalar `elem` (the scalar when 1).
fn vector(lw: &mut Lowerer<'_>, elem: Type, len: u8) -> TypeId {
    let elem = lw.intern(elem);
    if len == 1 {
        elem
    } else {
        lw.intern(Type::Vector { elem, len })
    }
}

fn texel_scalar(texel: Texel) -> Type {
    match texel {
        Texel::Float => Type::Float { bits: 32 },
        Texel::Half => Type::Float { bits: 16 },
        Texel::Int => Type::Int {
            bits: 32,
            signed: true,
        },
        Texel::UInt => Type::Int {
            bits: 32,
            signed: false,
        },
    }
}

/// Checks the coordinate argument: `len` ints, or floats when `float_ok`.
fn coordinates(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    coord: ExprId,
    len: u8,
    float_ok: bool,
) -> Result<ExprId, ExprId> {
    let int = Type::Int {
        bits: 32,
        signed: true,
    };
    let float = Type::Float { bits: 32 };
    let int_ty = vector(lw, int, len);
    let float_ty = vector(lw, float, len);
    let given = lw.ty_of(coord);
    if given == int_ty || (float_ok && given == float_ty) {
        return Ok(coord);
    }
    // A scalar coordinate of another integer type converts, as in C.
    if len == 1 && lw.type_of(coord).is_integer_like() {
        return Ok(lw.convert_arith(coord, int_ty));
    }
    let names = |lw: &Lowerer<'_>| (lw.type_name(int_ty), lw.type_name(float_ty));
    let (i, f) = names(lw);
    let expected = if float_ok {
        format!("`{i}` or `{f}` coordinates")
    } else {
        format!("`{i}` coordinates")
    };
    Err(wrong_type(lw, call, coord, &expected))
}

fn read(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    image: ImageType,
    texel: Texel,
    values: &[ExprId],
) -> ExprId {
    let image_span = lw.span_of(values[0]);
    let sampled = values.len() == 3;
    if image.access == ImageAccess::WriteOnly {
        return access_error(
            lw,
            call,
            image_span,
            &format!("`{}` reads a `write_only` image", call.name),
        );
    }
    if !sampled && lw.cx.target.std < oclc_target::ClStd::Cl12 {
        return access_error(
            lw,
            call,
            call.name_span,
            "reading an image without a sampler needs OpenCL C 1.2 (`-cl-std=CL1.2`)",
        );
    }
    if sampled && image.access == ImageAccess::ReadWrite {
        return access_error(
            lw,
            call,
            image_span,
            "a `read_write` image cannot be read with a sampler (OpenCL C 3.0 §6.15.15.6)",
        );
    }
    if sampled && image.dim == ImageDim::Buffer {
        return access_error(
            lw,
            call,
            image_span,
            "an image buffer is read without a sampler",
        );
    }
    if image.depth && texel != Texel::Float {
        return access_error(
            lw,
            call,
            image_span,
            &format!(
                "depth images are read with `read_imagef`, not `{}`",
                call.name
            ),
        );
    }
    let mut args = vec![values[0]];
    if sampled {
        let sampler = values[1];
        let sampler = match lw.type_of(sampler) {
            Type::Opaque(OpaqueType::Sampler) => sampler,
            // A `CLK_…` constant written in place of a sampler.
            t if t.is_integer_like() => match lw.sampler_literal(sampler) {
                Some(literal) => literal,
                None => return wrong_type(lw, call, sampler, "a `sampler_t`"),
            },
            _ => return wrong_type(lw, call, sampler, "a `sampler_t`"),
        };
        args.push(sampler);
    }
    let coord = values[values.len() - 1];
    let coord = match coordinates(lw, call, coord, image.coordinate_count(), sampled) {
        Ok(coord) => coord,
        Err(poison) => return poison,
    };
    args.push(coord);
    let result = if image.depth {
        lw.intern(Type::Float { bits: 32 })
    } else {
        vector(lw, texel_scalar(texel), 4)
    };
    lw.push(
        ExprKind::Builtin(BuiltinFn::ReadImage { sampled }, args),
        result,
        call.span,
    )
}

fn write(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    image: ImageType,
    texel: Texel,
    values: &[ExprId],
) -> ExprId {
    let image_span = lw.span_of(values[0]);
    if image.access == ImageAccess::ReadOnly {
        return access_error(
            lw,
            call,
            image_span,
            &format!(
                "`{}` writes a `read_only` image (images are `read_only` unless declared \
                 `write_only` or `read_write`)",
                call.name
            ),
        );
    }
    if image.depth && texel != Texel::Float {
        return access_error(
            lw,
            call,
            image_span,
            &format!(
                "depth images are written with `write_imagef`, not `{}`",
                call.name
            ),
        );
    }
    let coord = match coordinates(lw, call, values[1], image.coordinate_count(), false) {
        Ok(coord) => coord,
        Err(poison) => return poison,
    };
    let color_ty = if image.depth {
        lw.intern(Type::Float { bits: 32 })
    } else {
        vector(lw, texel_scalar(texel), 4)
    };
    let color = values[2];
    let color = if lw.ty_of(color) == color_ty {
        color
    } else if lw.type_of(color).is_arithmetic() {
        // A scalar colour is splatted, as clang's overload resolution
        // converts it (`write_imagef(out, at, 0.0f)`).
        lw.convert_arith(color, color_ty)
    } else {
        let expected = format!("a `{}` colour", lw.type_name(color_ty));
        return wrong_type(lw, call, color, &expected);
    };
    let void = lw.intern(Type::Void);
    lw.push(
        ExprKind::Builtin(BuiltinFn::WriteImage, vec![values[0], coord, color]),
        void,
        call.span,
    )
}

fn query(
    lw: &mut Lowerer<'_>,
    call: &Call<'_>,
    image: ImageType,
    query: ImageQuery,
    image_arg: ExprId,
) -> ExprId {
    let int = Type::Int {
        bits: 32,
        signed: true,
    };
    let applies = match query {
        ImageQuery::Height => image.dim.coordinates() >= 2,
        ImageQuery::Depth => image.dim == ImageDim::D3,
        ImageQuery::Dim => matches!(image.dim, ImageDim::D2 | ImageDim::D3),
        ImageQuery::ArraySize => image.arrayed,
        _ => true,
    };
    if !applies {
        let span = lw.span_of(image_arg);
        return access_error(
            lw,
            call,
            span,
            &format!("`{}` does not apply to `{}`", call.name, image.name()),
        );
    }
    let result = match query {
        ImageQuery::Dim if image.dim == ImageDim::D3 => vector(lw, int, 4),
        ImageQuery::Dim => vector(lw, int, 2),
        ImageQuery::ArraySize => lw.size_ty(),
        _ => lw.intern(int),
    };
    lw.push(
        ExprKind::Builtin(BuiltinFn::ImageQuery(query), vec![image_arg]),
        result,
        call.span,
    )
}
