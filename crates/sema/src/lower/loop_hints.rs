//! Loop hints: `#pragma unroll`, `#pragma unroll N`, `#pragma nounroll`
//! (checked by the preprocessor, placed by the parser) and
//! `__attribute__((opencl_unroll_hint))` / `opencl_unroll_hint(N)` (checked
//! here), turned into the IR's [`LoopControl`] as clang turns them into
//! loop metadata: `unroll` and `opencl_unroll_hint` ask for full
//! unrolling, `nounroll` and `opencl_unroll_hint(1)` for none, a count N
//! for unrolling by N (`#pragma unroll 1` stays a count of 1, as clang
//! keeps it).

use oclc_ir::LoopControl;
use oclc_preprocessor::LoopPragmaKind;
use oclc_syntax::ast::{self, LoopHint};

use super::Lowerer;
use crate::codes;

/// The attribute's name, without surrounding underscores.
const UNROLL_HINT: &str = "opencl_unroll_hint";

impl Lowerer<'_> {
    /// The loop control `hints` ask for; other attributes on the loop are
    /// reported as ignored.
    pub(crate) fn loop_control(&mut self, hints: &[LoopHint]) -> LoopControl {
        let mut control = LoopControl::None;
        for hint in hints {
            let asked = match hint {
                LoopHint::Pragma(LoopPragmaKind::Unroll, _) => Some(LoopControl::Unroll),
                LoopHint::Pragma(LoopPragmaKind::NoUnroll, _) => Some(LoopControl::DontUnroll),
                LoopHint::Pragma(LoopPragmaKind::UnrollCount(n), _) => {
                    Some(LoopControl::PartialCount(*n))
                }
                LoopHint::Attribute(attribute)
                    if self.text(attribute.name.name).trim_matches('_') == UNROLL_HINT =>
                {
                    self.unroll_hint(attribute)
                }
                LoopHint::Attribute(attribute) => {
                    self.ignore_attributes(std::slice::from_ref(attribute));
                    None
                }
            };
            // The first request wins (the parser reports two pragmas).
            if control == LoopControl::None {
                control = asked.unwrap_or(LoopControl::None);
            }
        }
        control
    }

    /// `opencl_unroll_hint` (full unrolling) or `opencl_unroll_hint(N)`:
    /// N is a positive integer constant; 1 means no unrolling.
    fn unroll_hint(&mut self, attribute: &ast::Attribute) -> Option<LoopControl> {
        match &attribute.args[..] {
            [] => Some(LoopControl::Unroll),
            [arg] => {
                let value = self.const_int(arg, "the count of `opencl_unroll_hint`")?;
                match u32::try_from(value) {
                    Ok(1) => Some(LoopControl::DontUnroll),
                    Ok(n) if n > 1 => Some(LoopControl::PartialCount(n)),
                    _ => {
                        self.report(
                            &codes::INVALID_ATTRIBUTE,
                            format!(
                                "'{UNROLL_HINT}' attribute requires a positive integral compile \
                                 time constant expression"
                            ),
                            arg.span,
                            "not a positive 32-bit count",
                        );
                        None
                    }
                }
            }
            _ => {
                self.report(
                    &codes::INVALID_ATTRIBUTE,
                    format!("'{UNROLL_HINT}' attribute takes no more than 1 argument"),
                    attribute.span,
                    "too many arguments",
                );
                None
            }
        }
    }
}
