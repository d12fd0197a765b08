//! The one rule by which the execution tests compare a result with a
//! reference result computed by another compiler on the same device
//! (`docs/testing.md`, "How results are compared").
//!
//! The rule follows what the OpenCL C specification fixes and what it
//! leaves open, so that it holds on every host CPU the runtime may choose
//! to generate code for:
//!
//! - integer and bit outputs are compared exactly;
//! - a floating-point component that is NaN in the reference may be any
//!   NaN (payload and sign are unspecified: OpenCL C 3.0 §7.1 and the
//!   SPIR-V environment leave NaN propagation to the implementation), at
//!   the width the kernel writes — `half`, `float` or `double`;
//! - every other floating-point component must be bit-identical, unless
//!   the kernel declares a tolerance in ULPs (`// oclc-corpus: ulp N`,
//!   with a comment on why): the results of the built-ins the
//!   specification bounds but does not fix (§7.4: `rsqrt`, `length`,
//!   `exp`, `native_*`, …) may differ within those bounds, and a kernel
//!   that accumulates them propagates the bound;
//! - the padding lane of a 3-component vector stored through a pointer to
//!   one (`float3 *`) is never compared: its content is unspecified.
//!
//! Kernels whose results the specification fixes to the bit (integer code,
//! conversions with an explicit rounding mode, `fma`, `+ - * /` and `sqrt`
//! when correctly rounded) stay exact under this rule, which is what lets
//! the corpus catch contraction and rounding-mode mistakes (`perturb.rs`
//! shows it does).

use std::fmt;

/// The scalar type of one output component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// An integer (or any bit pattern) of this many bytes: exact.
    Int(usize),
    /// IEEE binary16.
    Half,
    /// IEEE binary32.
    Float,
    /// IEEE binary64.
    Double,
}

impl Scalar {
    /// Size in bytes.
    pub fn bytes(self) -> usize {
        match self {
            Scalar::Int(n) => n,
            Scalar::Half => 2,
            Scalar::Float => 4,
            Scalar::Double => 8,
        }
    }

    /// The OpenCL C spelling of a scalar type name, if it names one.
    fn from_name(name: &str) -> Option<Scalar> {
        Some(match name {
            "char" | "uchar" => Scalar::Int(1),
            "short" | "ushort" => Scalar::Int(2),
            "int" | "uint" => Scalar::Int(4),
            "long" | "ulong" => Scalar::Int(8),
            "half" => Scalar::Half,
            "float" => Scalar::Float,
            "double" => Scalar::Double,
            _ => return None,
        })
    }

    /// (exponent bits, mantissa bits) of a floating-point type.
    fn float_format(self) -> Option<(u32, u32)> {
        match self {
            Scalar::Int(_) => None,
            Scalar::Half => Some((5, 10)),
            Scalar::Float => Some((8, 23)),
            Scalar::Double => Some((11, 52)),
        }
    }
}

/// How an output buffer is laid out: elements of `lanes` components, each
/// stored in `stride` components' room (4 for a 3-component vector).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The component type.
    pub scalar: Scalar,
    /// Components compared per element.
    pub lanes: usize,
    /// Components stored per element.
    pub stride: usize,
}

impl Layout {
    /// One scalar per element.
    pub const fn scalar(scalar: Scalar) -> Layout {
        Layout {
            scalar,
            lanes: 1,
            stride: 1,
        }
    }

    /// A vector of `lanes` components (3-component vectors take the room of
    /// 4, as OpenCL C lays them out).
    pub const fn vector(scalar: Scalar, lanes: usize) -> Layout {
        Layout {
            scalar,
            lanes,
            stride: if lanes == 3 { 4 } else { lanes },
        }
    }

    /// Parses an OpenCL C type name: `uint`, `half2`, `float3`, `double`.
    pub fn parse(name: &str) -> Option<Layout> {
        let digits = name.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let base = &name[..name.len() - digits.len()];
        let scalar = Scalar::from_name(base)?;
        match digits {
            "" => Some(Layout::scalar(scalar)),
            "2" | "3" | "4" | "8" | "16" => Some(Layout::vector(scalar, digits.parse().ok()?)),
            _ => None,
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = match self.scalar {
            Scalar::Int(1) => "char",
            Scalar::Int(2) => "short",
            Scalar::Int(4) => "int",
            Scalar::Int(8) => "long",
            Scalar::Int(_) => "bytes",
            Scalar::Half => "half",
            Scalar::Float => "float",
            Scalar::Double => "double",
        };
        if self.lanes == 1 {
            write!(f, "{base}")
        } else {
            write!(f, "{base}{}", self.lanes)
        }
    }
}

/// The comparison of one output: its layout and the ULP tolerance of its
/// floating-point components (0: exact but for NaN payloads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// How the output is laid out.
    pub layout: Layout,
    /// Largest distance in units in the last place allowed between two
    /// finite floating-point components of the same sign.
    pub ulp: u64,
}

/// One component that differs beyond the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The element's index in the output.
    pub element: usize,
    /// The component within the element.
    pub lane: usize,
    /// The component's bits in the result under test.
    pub ours: u64,
    /// The component's bits in the reference.
    pub theirs: u64,
    /// The layout the output was read with, for the message.
    pub layout: Layout,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.layout.scalar.bytes() * 2;
        write!(f, "element {} ({})", self.element, self.layout)?;
        if self.layout.lanes > 1 {
            write!(f, " component {}", self.lane)?;
        }
        write!(
            f,
            " is {:#0w$x}, the reference has {:#0w$x}",
            self.ours,
            self.theirs,
            w = digits + 2
        )?;
        if let Some(distance) = ulp_distance(self.layout.scalar, self.ours, self.theirs) {
            write!(f, " ({distance} ulp apart)")?;
        }
        Ok(())
    }
}

impl Rule {
    /// Exact comparison of every component, with NaN payloads free.
    pub const fn exact(layout: Layout) -> Rule {
        Rule { layout, ulp: 0 }
    }

    /// Whether two components are equal under this rule.
    pub fn component_equal(&self, ours: u64, theirs: u64) -> bool {
        if ours == theirs {
            return true;
        }
        let scalar = self.layout.scalar;
        if is_nan(scalar, theirs) {
            return is_nan(scalar, ours);
        }
        self.ulp > 0 && ulp_distance(scalar, ours, theirs).is_some_and(|d| d <= self.ulp)
    }

    /// Every component of `ours` that differs from `theirs` under this
    /// rule, in order. The two byte strings must have the same length; a
    /// trailing partial element is compared byte for byte.
    pub fn mismatches<'a>(
        &'a self,
        ours: &'a [u8],
        theirs: &'a [u8],
    ) -> impl Iterator<Item = Mismatch> + 'a {
        assert_eq!(ours.len(), theirs.len(), "outputs of different sizes");
        let size = self.layout.scalar.bytes();
        let element_bytes = size * self.layout.stride;
        let whole = ours.len() / element_bytes * element_bytes;
        let components = (0..whole / size).filter_map(move |c| {
            let (element, lane) = (c / self.layout.stride, c % self.layout.stride);
            if lane >= self.layout.lanes {
                return None; // the padding lane of a 3-component vector
            }
            let a = read(&ours[c * size..][..size]);
            let b = read(&theirs[c * size..][..size]);
            (!self.component_equal(a, b)).then_some(Mismatch {
                element,
                lane,
                ours: a,
                theirs: b,
                layout: self.layout,
            })
        });
        let tail = (whole..ours.len()).filter_map(move |i| {
            (ours[i] != theirs[i]).then_some(Mismatch {
                element: i / element_bytes,
                lane: 0,
                ours: u64::from(ours[i]),
                theirs: u64::from(theirs[i]),
                layout: Layout::scalar(Scalar::Int(1)),
            })
        });
        components.chain(tail)
    }

    /// The first component that differs, if any.
    pub fn first_mismatch(&self, ours: &[u8], theirs: &[u8]) -> Option<Mismatch> {
        self.mismatches(ours, theirs).next()
    }
}

/// A little-endian component of up to 8 bytes.
fn read(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

/// Whether `bits` is a NaN of the floating-point type `scalar`.
fn is_nan(scalar: Scalar, bits: u64) -> bool {
    let Some((exponent, mantissa)) = scalar.float_format() else {
        return false;
    };
    let exp_mask = (1u64 << exponent) - 1;
    (bits >> mantissa) & exp_mask == exp_mask && bits & ((1u64 << mantissa) - 1) != 0
}

/// The distance in units in the last place between two non-NaN values of
/// a floating-point type (the number of representable values between
/// them, counting across zero; `+0` and `-0` are one apart), or `None`
/// for integers and NaNs.
pub fn ulp_distance(scalar: Scalar, a: u64, b: u64) -> Option<u64> {
    let (exponent, mantissa) = scalar.float_format()?;
    if is_nan(scalar, a) || is_nan(scalar, b) {
        return None;
    }
    let sign = 1u64 << (exponent + mantissa);
    // Map to a monotonic integer line: -0 just below +0.
    let ordinal = |bits: u64| -> i128 {
        let magnitude = i128::from(bits & (sign - 1));
        if bits & sign != 0 {
            -magnitude - 1
        } else {
            magnitude
        }
    };
    Some((ordinal(a) - ordinal(b)).unsigned_abs() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes32(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn nan_payloads_are_free_only_for_floats() {
        let float = Rule::exact(Layout::scalar(Scalar::Float));
        let int = Rule::exact(Layout::scalar(Scalar::Int(4)));
        let (a, b) = (bytes32(&[0x7fc0_0000]), bytes32(&[0xffff_ffff]));
        assert_eq!(float.first_mismatch(&a, &b), None);
        assert!(int.first_mismatch(&a, &b).is_some());
        // NaN where the reference is a number, or a number where it is NaN.
        let one = bytes32(&[0x3f80_0000]);
        assert!(float.first_mismatch(&a, &one).is_some());
        assert!(float.first_mismatch(&one, &a).is_some());
        // Infinity is not NaN.
        let inf = bytes32(&[0x7f80_0000]);
        assert!(float.first_mismatch(&inf, &a).is_some());
    }

    #[test]
    fn nan_is_judged_at_the_written_width() {
        // Two half NaNs in one word (one of them negative): free as half2,
        // but not as float, where neither word is a NaN.
        let (a, b) = (bytes32(&[0xfe00_7dfc]), bytes32(&[0x7e00_7e01]));
        let half = Rule::exact(Layout::parse("half2").unwrap());
        assert_eq!(half.first_mismatch(&a, &b), None);
        let float = Rule::exact(Layout::parse("float").unwrap());
        assert!(float.first_mismatch(&a, &b).is_some());
        // A double NaN whose low word alone would not be a float NaN.
        let (c, d) = (
            0x7ff8_0000_0000_0001u64.to_le_bytes(),
            0xfff0_0000_0000_1000u64.to_le_bytes(),
        );
        let double = Rule::exact(Layout::scalar(Scalar::Double));
        assert_eq!(double.first_mismatch(&c, &d), None);
    }

    #[test]
    fn last_bits_differ_only_within_a_declared_tolerance() {
        let exact = Rule::exact(Layout::scalar(Scalar::Float));
        let loose = Rule { ulp: 6, ..exact };
        let (a, b) = (bytes32(&[0x319b_e4aa]), bytes32(&[0x319b_e4a4]));
        let mismatch = exact.first_mismatch(&a, &b).expect("exact differs");
        assert_eq!(
            mismatch.to_string(),
            "element 0 (float) is 0x319be4aa, the reference has 0x319be4a4 (6 ulp apart)"
        );
        assert_eq!(loose.first_mismatch(&a, &b), None);
        let far = bytes32(&[0x319b_e4b1]);
        assert!(loose.first_mismatch(&far, &b).is_some());
        // Signed zeros are one ulp apart, so exact tells them apart.
        let (pz, nz) = (bytes32(&[0]), bytes32(&[0x8000_0000]));
        assert!(exact.first_mismatch(&pz, &nz).is_some());
        assert_eq!(ulp_distance(Scalar::Float, 0, 0x8000_0000), Some(1));
        assert_eq!(ulp_distance(Scalar::Float, 1, 0x8000_0001), Some(3));
    }

    #[test]
    fn the_padding_lane_of_a_three_vector_is_not_compared() {
        let rule = Rule::exact(Layout::parse("float3").unwrap());
        let a = bytes32(&[1, 2, 3, 0xdead, 5, 6, 7, 0]);
        let b = bytes32(&[1, 2, 3, 0xbeef, 5, 6, 7, 9]);
        assert_eq!(rule.first_mismatch(&a, &b), None);
        let c = bytes32(&[1, 2, 3, 0, 5, 0x3f80_0000, 7, 0]);
        let m = rule.first_mismatch(&c, &b).expect("lane 1 of element 1");
        assert_eq!((m.element, m.lane), (1, 1));
    }

    #[test]
    fn type_names_parse() {
        assert_eq!(
            Layout::parse("uchar16"),
            Some(Layout::vector(Scalar::Int(1), 16))
        );
        assert_eq!(
            Layout::parse("double"),
            Some(Layout::scalar(Scalar::Double))
        );
        assert_eq!(Layout::parse("float5"), None);
        assert_eq!(Layout::parse("real4"), None);
    }
}
