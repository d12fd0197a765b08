//! Image functions: `read_image*` with a sampler as `OpSampledImage` +
//! `OpImageSampleExplicitLod` (Lod 0), without one as `OpImageRead`;
//! `write_image*` as `OpImageWrite`; the queries as `OpImageQuerySizeLod`
//! (`OpImageQuerySize` for image buffers), `OpImageQueryFormat` and
//! `OpImageQueryOrder`, as llvm-spirv emits them.
//!
//! SPIR-V gives the channel data type and order as its own enumerants
//! (from 0); OpenCL's `CLK_*` values are those plus 0x10D0 and 0x10B0,
//! which the queries add (as llvm-spirv does).

use oclc_ir::{ExprId, ImageDim, ImageQuery, OpaqueType, Type, TypeId};
use rspirv::spirv::{ImageOperands, Op};

use crate::function::FunctionEmitter;
use crate::module::{unsupported, Emit};
use crate::words::Word;

/// `CLK_SNORM_INT8`, the first channel data type.
const CHANNEL_DATA_TYPE_BASE: u64 = 0x10D0;
/// `CLK_R`, the first channel order.
const CHANNEL_ORDER_BASE: u64 = 0x10B0;

impl FunctionEmitter<'_, '_> {
    /// The image type of the image operand `arg`.
    fn image_of(&self, arg: ExprId) -> Emit<oclc_ir::ImageType> {
        match self.m.ir(self.type_of(arg)?) {
            Type::Opaque(OpaqueType::Image(image)) => Ok(image),
            _ => Err(unsupported(
                self.span_of(arg),
                "an image operand of another type",
            )),
        }
    }

    /// `read_image*(image, [sampler,] coord)`: the texel, of IR type `ty`.
    pub(crate) fn read_image(
        &mut self,
        sampled: bool,
        args: &[ExprId],
        values: &[Word],
        ty: TypeId,
    ) -> Emit<Word> {
        let image = self.image_of(args[0])?;
        let result_ty = self.m.ty(ty)?;
        // Depth images give a `float`: a sampled read gives the 4-vector,
        // whose `.x` it is; a read without a sampler gives the `float`
        // itself (the OpenCL environment requires a scalar result there).
        let texel_ty = if image.depth && sampled {
            let float = self.m.float_type(32);
            self.m.vector_type(float, 4)
        } else {
            result_ty
        };
        let coord = values[values.len() - 1];
        let texel = if sampled {
            let image_ty = self.m.ty(self.type_of(args[0])?)?;
            let sampled_ty = self.m.sampled_image_type(image_ty);
            let combined = self.value(Op::SampledImage, sampled_ty, &[values[0], values[1]]);
            let float = self.m.float_type(32);
            let zero = self.m.scalar_constant(float, 0);
            self.value(
                Op::ImageSampleExplicitLod,
                texel_ty,
                &[combined, coord, ImageOperands::LOD.bits(), zero],
            )
        } else {
            self.value(Op::ImageRead, texel_ty, &[values[0], coord])
        };
        Ok(if image.depth && sampled {
            self.value(Op::CompositeExtract, result_ty, &[texel, 0])
        } else {
            texel
        })
    }

    /// `write_image*(image, coord, color)`.
    pub(crate) fn write_image(&mut self, values: &[Word]) -> Word {
        self.inst(Op::ImageWrite, &[values[0], values[1], values[2]]);
        0
    }

    /// `get_image_<property>(image)`, of IR type `ty`.
    pub(crate) fn image_query(
        &mut self,
        query: ImageQuery,
        args: &[ExprId],
        values: &[Word],
        ty: TypeId,
    ) -> Emit<Word> {
        let image = self.image_of(args[0])?;
        let result_ty = self.m.ty(ty)?;
        let uint = self.m.int_type(32);
        if matches!(
            query,
            ImageQuery::ChannelDataType | ImageQuery::ChannelOrder
        ) {
            let (op, base) = if query == ImageQuery::ChannelDataType {
                (Op::ImageQueryFormat, CHANNEL_DATA_TYPE_BASE)
            } else {
                (Op::ImageQueryOrder, CHANNEL_ORDER_BASE)
            };
            let raw = self.value(op, uint, &[values[0]]);
            let base = self.m.scalar_constant(uint, base);
            return Ok(self.value(Op::IAdd, result_ty, &[raw, base]));
        }
        // The size vector: the texel dimensions, then the layer count.
        let count = u32::from(image.dim.coordinates()) + u32::from(image.arrayed);
        let size_ty = if count == 1 {
            uint
        } else {
            self.m.vector_type(uint, count as u8)
        };
        let size = if image.dim == ImageDim::Buffer {
            self.value(Op::ImageQuerySize, size_ty, &[values[0]])
        } else {
            let lod = self.m.u32_constant(0);
            self.value(Op::ImageQuerySizeLod, size_ty, &[values[0], lod])
        };
        let component = |this: &mut Self, index: u32| {
            if count == 1 {
                size
            } else {
                this.value(Op::CompositeExtract, uint, &[size, index])
            }
        };
        let scalar = match query {
            ImageQuery::Width => component(self, 0),
            ImageQuery::Height => component(self, 1),
            ImageQuery::Depth => component(self, 2),
            ImageQuery::ArraySize => component(self, count - 1),
            ImageQuery::Dim => {
                let parts: Vec<Word> = (0..image.dim.coordinates())
                    .map(|i| component(self, u32::from(i)))
                    .collect();
                let mut parts = parts;
                if image.dim == ImageDim::D3 {
                    parts.push(self.m.u32_constant(0));
                }
                return Ok(self.value(Op::CompositeConstruct, result_ty, &parts));
            }
            // Answered above.
            ImageQuery::ChannelDataType | ImageQuery::ChannelOrder => {
                return Err(unsupported(None, "a channel query"))
            }
        };
        Ok(self.fit_width(scalar, 32, ty, result_ty))
    }
}
