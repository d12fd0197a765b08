//! `#pragma OPENCL FP_CONTRACT ON|OFF|DEFAULT`, per function. At file
//! scope a pragma holds until the next one; inside a function body it is
//! block-scoped and ends with the body (OpenCL C 3.0 §6.10.1, C99
//! §7.12.2). `DEFAULT` is ON, OpenCL's default, as in clang.
//!
//! Each function gets its state on entry (from the file-scope pragmas
//! before its definition) and the pragmas inside its body, each with the
//! end of the innermost block holding it: from the pragma to that end it
//! decides, the last one wins ([`oclc_ir::Function::contracts_at`]).
//! Pragmas and definitions are ordered by their place in the source file;
//! a pragma in an included header counts as coming before every
//! definition of the including file. The state before any pragma is ON,
//! or OFF under `-ffp-contract=off` (clang's option; a pragma still
//! overrides it, as in clang).

use oclc_diagnostics::Span;

use super::Lowerer;

/// The pragmas of one translation unit and the definitions seen so far.
#[derive(Default)]
pub(crate) struct FpContractPragmas {
    /// Where each pragma is, and whether it turns contraction on.
    pragmas: Vec<(Span, bool)>,
    /// The function definitions lowered so far: their pragmas are
    /// block-scoped.
    bodies: Vec<Span>,
    /// Per pragma, the innermost block entered so far that holds it.
    innermost: Vec<Option<Span>>,
}

impl FpContractPragmas {
    /// The FP_CONTRACT pragmas among `pragmas`.
    pub(crate) fn new(pragmas: &[oclc_preprocessor::Pragma]) -> Self {
        let pragmas = pragmas
            .iter()
            .filter_map(|p| {
                let words: Vec<&str> = p.text.split_whitespace().collect();
                match words[..] {
                    [_, "OPENCL", "FP_CONTRACT", state] => {
                        Some((p.span, matches!(state, "ON" | "DEFAULT")))
                    }
                    _ => None,
                }
            })
            .collect::<Vec<_>>();
        FpContractPragmas {
            innermost: vec![None; pragmas.len()],
            pragmas,
            bodies: Vec::new(),
        }
    }
}

/// Whether `inner` starts strictly inside `outer`.
fn within(outer: Span, inner: Span) -> bool {
    outer.file == inner.file && outer.start < inner.start && inner.start < outer.end
}

impl Lowerer<'_> {
    /// Notes a block about to be lowered (blocks are entered outermost
    /// first, so the last one holding a pragma is its innermost).
    pub(crate) fn enter_fp_contract_block(&mut self, block: Span) {
        let state = &mut self.fp_contract;
        for (slot, &(pragma, _)) in state.innermost.iter_mut().zip(&state.pragmas) {
            if within(block, pragma) {
                *slot = Some(block);
            }
        }
    }

    /// The contraction state on entry to the function defined at `span`
    /// and the pragmas in its body (call after lowering the body).
    pub(crate) fn fp_contract_for(&mut self, span: Span) -> (bool, Vec<oclc_ir::FpContractPragma>) {
        let default = !self.cx.target.math.fp_contract_off;
        let state = &mut self.fp_contract;
        if state.pragmas.is_empty() {
            return (default, Vec::new());
        }
        let mut on = default;
        let mut inside = Vec::new();
        for (&(pragma, pragma_on), block) in state.pragmas.iter().zip(&state.innermost) {
            if within(span, pragma) {
                inside.push(oclc_ir::FpContractPragma {
                    at: pragma,
                    until: block.map_or(span.end, |b| b.end),
                    on: pragma_on,
                });
            } else if pragma.file != span.file
                || (pragma.start < span.start && !state.bodies.iter().any(|&b| within(b, pragma)))
            {
                on = pragma_on;
            }
        }
        state.bodies.push(span);
        (on, inside)
    }
}
