//! The overloads of each library [`Shape`], as data: families of
//! signatures over element types and vector lengths, the way OpenCL C 3.0
//! §6.15 writes `gentype` and clang declares the built-ins. Overload
//! resolution ranks the arguments against these signatures; the
//! documentation lists them.
//!
//! A family is one signature in terms of the generic type `T n` (`n` = 1
//! for scalars), instantiated for every element type `T` of its
//! [`Elems`] and every length of its [`Lens`].

use crate::library::Shape;

/// The element types a family ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elems {
    /// `float`, `double`, `half` (each where the target has it).
    Float,
    /// `float` only (`native_*`, `half_*`, `fast_*`).
    Float32,
    /// The eight integer types.
    Int,
    /// `int` and `uint` (`mul24`, `mad24`).
    Int32,
    /// The signed integer types (`any`, `all`).
    Signed,
    /// Every integer and floating type (`bitselect`, `select`).
    All,
    /// The integer types of 8 to 32 bits, as the high half (`upsample`).
    Narrow,
    /// `char` and `uchar` (the integer dot product).
    Bytes,
    /// `int`, `uint`, `long`, `ulong`, `float`, `double`, `half`: the
    /// collective functions.
    Group,
    /// `int`, `uint`, `float`: `atomic_xchg`.
    Int32Float,
    /// `int`, `uint`, `long`, `ulong`: the `atom_` functions.
    Int3264,
}

/// The vector lengths a family ranges over (1 is the scalar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lens {
    /// 1, 2, 3, 4, 8, 16.
    All,
    /// 2, 3, 4, 8, 16: the forms that mix a vector with scalars.
    Vectors,
    /// 1 to 4: the geometric functions.
    UpTo4,
    /// 3 and 4: `cross`.
    ThreeFour,
    /// 4: the integer dot product.
    Four,
    /// 1: scalars only.
    One,
}

impl Lens {
    /// The lengths, shortest first.
    pub fn lengths(self) -> &'static [u8] {
        match self {
            Lens::All => &[1, 2, 3, 4, 8, 16],
            Lens::Vectors => &[2, 3, 4, 8, 16],
            Lens::UpTo4 => &[1, 2, 3, 4],
            Lens::ThreeFour => &[3, 4],
            Lens::Four => &[4],
            Lens::One => &[1],
        }
    }
}

/// A parameter or result type in terms of the family's `T n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// `T n`.
    G,
    /// `T`, the scalar of a vector form.
    S,
    /// `int n`.
    IntG,
    /// `int`.
    Int,
    /// The unsigned integer of `T`'s width, `n` components.
    UnsignedG,
    /// The signed integer of `T`'s width, `n` components.
    SignedG,
    /// The integer of `T`'s width and the other signedness, `n`
    /// components.
    FlippedG,
    /// The 32-bit integer of `T`'s signedness.
    Int32OfSign,
    /// A pointer to `T n` (any address space but `constant`).
    PtrG,
    /// A pointer to `int n`.
    PtrIntG,
    /// Result of the relational functions: `int` for scalars, else the
    /// signed integer of `T`'s width with `n` components.
    Relational,
    /// Result of `upsample`: twice `T`'s width, `T`'s signedness.
    Wide,
}

/// One signature over the family's element types and lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// The element types `T`.
    pub elems: Elems,
    /// The lengths `n`.
    pub lens: Lens,
    /// The parameters.
    pub params: &'static [Slot],
    /// The result.
    pub result: Slot,
}

/// `family!(elements, lengths, &[parameters], result)` as a constant
/// expression (a struct literal, so that `&[...]` of them is static).
macro_rules! family {
    ($elems:expr, $lens:expr, $params:expr, $result:expr) => {
        Family {
            elems: $elems,
            lens: $lens,
            params: $params,
            result: $result,
        }
    };
}

impl Family {
    /// The signature with `T n` left generic: `Tn fmin(Tn, T)`. `uT` and
    /// `sT` are the unsigned and signed integers of `T`'s width, `fT` the
    /// one of the other signedness, `W` the integer of twice `T`'s width.
    pub fn signature(&self, name: &str) -> String {
        let slot = |s: Slot| match s {
            Slot::G => "Tn",
            Slot::S => "T",
            Slot::IntG => "intn",
            Slot::Int => "int",
            Slot::UnsignedG => "uTn",
            Slot::SignedG => "sTn",
            Slot::FlippedG => "fTn",
            Slot::Int32OfSign => "int or uint",
            Slot::PtrG => "Tn *",
            Slot::PtrIntG => "intn *",
            Slot::Relational => "int or sTn",
            Slot::Wide => "Wn",
        };
        let params: Vec<&str> = self.params.iter().map(|&s| slot(s)).collect();
        format!("{} {name}({})", slot(self.result), params.join(", "))
    }

    /// What `T` and `n` range over: `T = float, double, half; n = 2, 3, 4, 8, 16`.
    pub fn domain(&self) -> String {
        let elems = match self.elems {
            Elems::Float => "float, double, half",
            Elems::Float32 => "float",
            Elems::Int => "any integer type",
            Elems::Int32 => "int, uint",
            Elems::Signed => "char, short, int, long",
            Elems::All => "any integer or floating type",
            Elems::Narrow => "char, uchar, short, ushort, int, uint",
            Elems::Bytes => "char, uchar",
            Elems::Group => "int, uint, long, ulong, float, double, half",
            Elems::Int32Float => "int, uint, float",
            Elems::Int3264 => "int, uint, long, ulong",
        };
        let lens: Vec<String> = self.lens.lengths().iter().map(u8::to_string).collect();
        format!("T = {elems}; n = {}", lens.join(", "))
    }
}

use Elems::{Float, Float32, Int, Int32, Narrow, Signed};
use Slot::{PtrG, PtrIntG, Relational, SignedG, UnsignedG, Wide, G, S};

const F1: &[Family] = &[family!(Float, Lens::All, &[G], G)];
const F2: Family = family!(Float, Lens::All, &[G, G], G);
const F3: Family = family!(Float, Lens::All, &[G, G, G], G);
const I2: Family = family!(Int, Lens::All, &[G, G], G);
const I3: Family = family!(Int, Lens::All, &[G, G, G], G);
const F_MIN: [Family; 2] = [F2, family!(Float, Lens::Vectors, &[G, S], G)];
const F_CLAMP: [Family; 2] = [F3, family!(Float, Lens::Vectors, &[G, S, S], G)];

impl Shape {
    /// The signatures of the shape's overloads. Empty for `shuffle` and
    /// `shuffle2`, whose result length comes from the mask.
    pub fn families(self) -> &'static [Family] {
        match self {
            Shape::F1 => F1,
            Shape::F2 => &[F2],
            Shape::F3 => &[F3],
            Shape::Float1 => &[family!(Float32, Lens::All, &[G], G)],
            Shape::Float2 => &[family!(Float32, Lens::All, &[G, G], G)],
            Shape::F2Scalar => &F_MIN,
            Shape::FStep => &[F2, family!(Float, Lens::Vectors, &[S, G], G)],
            Shape::FMix => &[F3, family!(Float, Lens::Vectors, &[G, G, S], G)],
            Shape::FClamp => &F_CLAMP,
            Shape::FSmoothstep => &[F3, family!(Float, Lens::Vectors, &[S, S, G], G)],
            Shape::FPowInt => &[family!(Float, Lens::All, &[G, Slot::IntG], G)],
            Shape::FLdexp => &[
                family!(Float, Lens::All, &[G, Slot::IntG], G),
                family!(Float, Lens::Vectors, &[G, Slot::Int], G),
            ],
            Shape::I1 => &[family!(Int, Lens::All, &[G], G)],
            Shape::IAbs => &[family!(Int, Lens::All, &[G], UnsignedG)],
            Shape::I2 => &[I2],
            // Integer and floating `min` and `max`.
            Shape::I2Scalar => &[
                I2,
                family!(Int, Lens::Vectors, &[G, S], G),
                F_MIN[0],
                F_MIN[1],
            ],
            Shape::IAbsDiff => &[family!(Int, Lens::All, &[G, G], UnsignedG)],
            Shape::I3 => &[I3],
            // Integer and floating `clamp`.
            Shape::IClamp => &[
                I3,
                family!(Int, Lens::Vectors, &[G, S, S], G),
                F_CLAMP[0],
                F_CLAMP[1],
            ],
            Shape::I2Int32 => &[family!(Int32, Lens::All, &[G, G], G)],
            Shape::I3Int32 => &[family!(Int32, Lens::All, &[G, G, G], G)],
            // With the integer dot product of `cl_khr_integer_dot_product`
            // (`int dot(char4, uchar4)`, `uint dot(uchar4, uchar4)`, ...).
            Shape::Dot => &[
                family!(Float, Lens::UpTo4, &[G, G], S),
                family!(Elems::Bytes, Lens::Four, &[G, G], Slot::Int32OfSign),
                family!(Elems::Bytes, Lens::Four, &[G, Slot::FlippedG], Slot::Int),
            ],
            Shape::Distance => &[family!(Float, Lens::UpTo4, &[G, G], S)],
            Shape::Length => &[family!(Float, Lens::UpTo4, &[G], S)],
            Shape::Normalize => &[family!(Float, Lens::UpTo4, &[G], G)],
            Shape::FastDistance => &[family!(Float32, Lens::UpTo4, &[G, G], S)],
            Shape::FastLength => &[family!(Float32, Lens::UpTo4, &[G], S)],
            Shape::FastNormalize => &[family!(Float32, Lens::UpTo4, &[G], G)],
            Shape::Cross => &[family!(Float, Lens::ThreeFour, &[G, G], G)],
            Shape::Any3 => &[family!(Elems::All, Lens::All, &[G, G, G], G)],
            Shape::Test => &[family!(Float, Lens::All, &[G], Relational)],
            Shape::Compare => &[family!(Float, Lens::All, &[G, G], Relational)],
            Shape::AnyAll => &[family!(Signed, Lens::All, &[G], Slot::Int)],
            Shape::Select => &[
                family!(Elems::All, Lens::All, &[G, G, SignedG], G),
                family!(Elems::All, Lens::All, &[G, G, UnsignedG], G),
            ],
            Shape::FPtr => &[family!(Float, Lens::All, &[G, PtrG], G)],
            Shape::FIntPtr => &[family!(Float, Lens::All, &[G, PtrIntG], G)],
            Shape::F2IntPtr => &[family!(Float, Lens::All, &[G, G, PtrIntG], G)],
            Shape::FToInt => &[family!(Float, Lens::All, &[G], Slot::IntG)],
            Shape::Nan => &[family!(Float, Lens::All, &[UnsignedG], G)],
            Shape::Upsample => &[family!(Narrow, Lens::All, &[G, UnsignedG], Wide)],
            Shape::Shuffle | Shape::Shuffle2 => &[],
        }
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            Shape::Shuffle => 2,
            Shape::Shuffle2 => 3,
            _ => self.families()[0].params.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::library::LIBRARY;

    #[test]
    fn families_of_a_shape_agree_on_arity() {
        for &(name, _, shape) in LIBRARY {
            let families = shape.families();
            assert!(
                families.iter().all(|f| f.params.len() == shape.arity()),
                "{name}"
            );
        }
    }
}
