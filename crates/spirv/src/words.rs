//! Binary encoding of SPIR-V instructions: a word stream per module section
//! and the helpers that append one instruction or a literal string.

use rspirv::spirv::Op;

/// A SPIR-V result id.
pub(crate) type Word = u32;

/// The SPIR-V magic number.
pub(crate) const MAGIC: u32 = 0x0723_0203;

/// Generator magic: 0 in the high half means "unregistered tool".
pub(crate) const GENERATOR: u32 = 0;

/// Appends one instruction: the word count and opcode, then `operands`.
pub(crate) fn push_inst(out: &mut Vec<u32>, op: Op, operands: &[u32]) {
    let count = operands.len() as u32 + 1;
    out.push((count << 16) | op as u32);
    out.extend_from_slice(operands);
}

/// Appends one instruction whose operands are `before`, a literal string,
/// then `after` (e.g. `OpEntryPoint`, `OpName`, `OpExtension`).
pub(crate) fn push_inst_with_string(
    out: &mut Vec<u32>,
    op: Op,
    before: &[u32],
    text: &str,
    after: &[u32],
) {
    let start = begin_inst(out);
    out.extend_from_slice(before);
    push_string(out, text);
    out.extend_from_slice(after);
    end_inst(out, start, op);
}

/// Appends one instruction with a result type and id: `op ty id operands`.
pub(crate) fn push_inst_typed(out: &mut Vec<u32>, op: Op, ty: u32, id: u32, operands: &[u32]) {
    let start = begin_inst(out);
    out.extend_from_slice(&[ty, id]);
    out.extend_from_slice(operands);
    end_inst(out, start, op);
}

/// Reserves the header word of an instruction written in place, with no
/// temporary operand buffer; [`end_inst`] fills it in.
fn begin_inst(out: &mut Vec<u32>) -> usize {
    out.push(0);
    out.len() - 1
}

/// Writes the header (word count and opcode) of the instruction that
/// starts at `start` and runs to the end of `out`.
fn end_inst(out: &mut [u32], start: usize, op: Op) {
    let count = (out.len() - start) as u32;
    out[start] = (count << 16) | op as u32;
}

/// Appends a nul-terminated UTF-8 string padded with zeros to whole words.
/// An interior nul (impossible in an identifier) would end the string early
/// for readers, so it is dropped.
pub(crate) fn push_string(out: &mut Vec<u32>, text: &str) {
    let mut word = 0u32;
    let mut filled = 0;
    for byte in text.bytes().filter(|&b| b != 0) {
        word |= u32::from(byte) << (8 * filled);
        filled += 1;
        if filled == 4 {
            out.push(word);
            word = 0;
            filled = 0;
        }
    }
    // The terminating nul lives in the last, partly filled (or a fresh) word.
    out.push(word);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_nul_terminated_and_padded() {
        let mut out = Vec::new();
        push_string(&mut out, "abcd");
        assert_eq!(out, vec![0x6463_6261, 0]);
        out.clear();
        push_string(&mut out, "ab");
        assert_eq!(out, vec![0x6261]);
        out.clear();
        push_string(&mut out, "");
        assert_eq!(out, vec![0]);
    }

    #[test]
    fn instruction_header_holds_count_and_opcode() {
        let mut out = Vec::new();
        push_inst(&mut out, Op::TypeInt, &[5, 32, 0]);
        assert_eq!(out, vec![(4 << 16) | 21, 5, 32, 0]);
    }
}
