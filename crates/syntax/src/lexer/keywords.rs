//! Which identifiers are keywords or built-in type names. The table is
//! indexed by [`Symbol`], built once per parse by looking each keyword up
//! in the interner, so classifying a token never compares strings.

use crate::ast::{BuiltinType, ImageType, VectorElem};
use crate::token::Kw;
use oclc_preprocessor::{Interner, Symbol};

/// What an identifier's spelling means before typedef names are
/// considered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A keyword.
    Kw(Kw),
    /// A built-in type name such as `uint` or `float4`.
    Builtin(BuiltinType),
}

const KEYWORDS: &[(&str, Kw)] = &[
    ("if", Kw::If),
    ("else", Kw::Else),
    ("for", Kw::For),
    ("while", Kw::While),
    ("do", Kw::Do),
    ("switch", Kw::Switch),
    ("case", Kw::Case),
    ("default", Kw::Default),
    ("break", Kw::Break),
    ("continue", Kw::Continue),
    ("return", Kw::Return),
    ("goto", Kw::Goto),
    ("typedef", Kw::Typedef),
    ("extern", Kw::Extern),
    ("static", Kw::Static),
    ("inline", Kw::Inline),
    ("__inline", Kw::Inline),
    ("__inline__", Kw::Inline),
    ("const", Kw::Const),
    ("__const", Kw::Const),
    ("__const__", Kw::Const),
    ("volatile", Kw::Volatile),
    ("__volatile", Kw::Volatile),
    ("__volatile__", Kw::Volatile),
    ("restrict", Kw::Restrict),
    ("__restrict", Kw::Restrict),
    ("__restrict__", Kw::Restrict),
    ("struct", Kw::Struct),
    ("union", Kw::Union),
    ("enum", Kw::Enum),
    ("sizeof", Kw::Sizeof),
    ("__typeof__", Kw::Typeof),
    ("__typeof", Kw::Typeof),
    ("_Static_assert", Kw::StaticAssert),
    ("vec_step", Kw::VecStep),
    ("__builtin_offsetof", Kw::BuiltinOffsetof),
    ("__builtin_astype", Kw::BuiltinAstype),
    ("_Generic", Kw::GenericSelection),
    ("_Alignof", Kw::Alignof),
    ("_Alignas", Kw::Alignas),
    ("__alignof__", Kw::Alignof),
    ("__alignof", Kw::Alignof),
    ("void", Kw::Void),
    ("bool", Kw::Bool),
    ("_Bool", Kw::Bool),
    ("char", Kw::Char),
    ("short", Kw::Short),
    ("int", Kw::Int),
    ("long", Kw::Long),
    ("float", Kw::Float),
    ("double", Kw::Double),
    ("half", Kw::Half),
    ("signed", Kw::Signed),
    ("__signed", Kw::Signed),
    ("__signed__", Kw::Signed),
    ("unsigned", Kw::Unsigned),
    ("__kernel", Kw::Kernel),
    ("kernel", Kw::Kernel),
    ("__global", Kw::Global),
    ("global", Kw::Global),
    ("__local", Kw::Local),
    ("local", Kw::Local),
    ("__constant", Kw::Constant),
    ("constant", Kw::Constant),
    ("__private", Kw::Private),
    ("private", Kw::Private),
    ("__generic", Kw::Generic),
    ("generic", Kw::Generic),
    ("__attribute__", Kw::Attribute),
    ("__attribute", Kw::Attribute),
    ("__read_only", Kw::Access),
    ("read_only", Kw::Access),
    ("__write_only", Kw::Access),
    ("write_only", Kw::Access),
    ("__read_write", Kw::Access),
    ("read_write", Kw::Access),
];

const BUILTINS: &[(&str, BuiltinType)] = &[
    ("uchar", BuiltinType::UChar),
    ("ushort", BuiltinType::UShort),
    ("uint", BuiltinType::UInt),
    ("ulong", BuiltinType::ULong),
    ("size_t", BuiltinType::SizeT),
    ("ptrdiff_t", BuiltinType::PtrdiffT),
    ("intptr_t", BuiltinType::IntptrT),
    ("uintptr_t", BuiltinType::UintptrT),
    ("atomic_int", BuiltinType::AtomicInt),
    ("atomic_uint", BuiltinType::AtomicUInt),
    ("atomic_long", BuiltinType::AtomicLong),
    ("atomic_ulong", BuiltinType::AtomicULong),
    ("atomic_half", BuiltinType::AtomicHalf),
    ("atomic_float", BuiltinType::AtomicFloat),
    ("atomic_double", BuiltinType::AtomicDouble),
    ("atomic_intptr_t", BuiltinType::AtomicIntptrT),
    ("atomic_uintptr_t", BuiltinType::AtomicUintptrT),
    ("atomic_size_t", BuiltinType::AtomicSizeT),
    ("atomic_ptrdiff_t", BuiltinType::AtomicPtrdiffT),
    ("atomic_flag", BuiltinType::AtomicFlag),
    ("memory_order", BuiltinType::MemoryOrder),
    ("memory_scope", BuiltinType::MemoryScope),
    ("cl_mem_fence_flags", BuiltinType::ClMemFenceFlags),
    ("sampler_t", BuiltinType::Sampler),
    ("event_t", BuiltinType::Event),
    ("reserve_id_t", BuiltinType::ReserveId),
    ("image1d_t", BuiltinType::Image(ImageType::Image1d)),
    (
        "image1d_array_t",
        BuiltinType::Image(ImageType::Image1dArray),
    ),
    (
        "image1d_buffer_t",
        BuiltinType::Image(ImageType::Image1dBuffer),
    ),
    ("image2d_t", BuiltinType::Image(ImageType::Image2d)),
    (
        "image2d_array_t",
        BuiltinType::Image(ImageType::Image2dArray),
    ),
    (
        "image2d_depth_t",
        BuiltinType::Image(ImageType::Image2dDepth),
    ),
    (
        "image2d_array_depth_t",
        BuiltinType::Image(ImageType::Image2dArrayDepth),
    ),
    ("image3d_t", BuiltinType::Image(ImageType::Image3d)),
];

const VECTOR_ELEMS: &[(&str, VectorElem)] = &[
    ("char", VectorElem::Char),
    ("uchar", VectorElem::UChar),
    ("short", VectorElem::Short),
    ("ushort", VectorElem::UShort),
    ("int", VectorElem::Int),
    ("uint", VectorElem::UInt),
    ("long", VectorElem::Long),
    ("ulong", VectorElem::ULong),
    ("half", VectorElem::Half),
    ("float", VectorElem::Float),
    ("double", VectorElem::Double),
];

const VECTOR_WIDTHS: &[u8] = &[2, 3, 4, 8, 16];

/// Keyword and built-in type classes, indexed by symbol.
#[derive(Debug)]
pub struct KeywordTable {
    classes: Vec<Option<Class>>,
}

impl KeywordTable {
    /// Looks every keyword and built-in type name up in `interner` (names
    /// the source never uses are simply absent).
    pub fn new(interner: &Interner) -> Self {
        let mut classes = vec![None; interner.len()];
        let mut set = |name: &str, class: Class| {
            if let Some(slot) = interner
                .lookup(name)
                .and_then(|sym| classes.get_mut(sym.0 as usize))
            {
                *slot = Some(class);
            }
        };
        for &(name, kw) in KEYWORDS {
            set(name, Class::Kw(kw));
        }
        for &(name, ty) in BUILTINS {
            set(name, Class::Builtin(ty));
        }
        let mut name = String::new();
        for &(elem_name, elem) in VECTOR_ELEMS {
            for &width in VECTOR_WIDTHS {
                name.clear();
                name.push_str(elem_name);
                name.push_str(&width.to_string());
                set(&name, Class::Builtin(BuiltinType::Vector(elem, width)));
            }
        }
        KeywordTable { classes }
    }

    /// The class of an identifier's spelling, if it is special.
    pub fn get(&self, sym: Symbol) -> Option<Class> {
        self.classes.get(sym.0 as usize).copied().flatten()
    }
}
