//! Block order for functions with `goto`: SPIR-V requires every block to
//! appear after the blocks that dominate it, and a label reached only by a
//! later `goto` breaks source order. The blocks are put in reverse
//! postorder of the control-flow graph (which has that property); blocks
//! no branch reaches keep their order at the end.

use rspirv::spirv::Op;

use crate::words::Word;

/// One block: its label and its instructions' words (the entry block's
/// label is in the function header, so its words start after it).
struct Block<'a> {
    label: Word,
    words: &'a [Word],
}

/// The instructions of `code` as (opcode, operands) slices.
fn instructions(code: &[Word]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let first = *code.get(at)?;
        let len = ((first >> 16) as usize).max(1);
        let start = at;
        at += len;
        Some((start, len.min(code.len() - start)))
    })
}

/// `code` (the entry block's instructions after its label, then the other
/// blocks) with its blocks in reverse postorder from `entry`.
pub(crate) fn reorder(entry: Word, code: &[Word]) -> Vec<Word> {
    let mut blocks: Vec<Block<'_>> = Vec::new();
    let mut start = 0;
    let mut label = entry;
    for (at, len) in instructions(code) {
        if code[at] & 0xffff == Op::Label as u32 && len >= 2 {
            if at > start || blocks.is_empty() {
                blocks.push(Block {
                    label,
                    words: &code[start..at],
                });
            }
            label = code[at + 1];
            start = at;
        }
    }
    blocks.push(Block {
        label,
        words: &code[start..],
    });
    let index_of = |label: Word| blocks.iter().position(|b| b.label == label);
    // Successors: the label operands of each block's last instruction.
    let successors: Vec<Vec<usize>> = blocks
        .iter()
        .map(|block| {
            let Some((at, len)) = instructions(block.words).last() else {
                return Vec::new();
            };
            let op = block.words[at] & 0xffff;
            let operands = &block.words[at + 1..at + len];
            let targets: &[Word] = if op == Op::Branch as u32 {
                operands
            } else if op == Op::BranchConditional as u32 {
                operands.get(1..3).unwrap_or(&[])
            } else if op == Op::Switch as u32 {
                operands.get(1..).unwrap_or(&[])
            } else {
                &[]
            };
            targets.iter().filter_map(|&t| index_of(t)).collect()
        })
        .collect();
    // Iterative depth-first search for the postorder.
    let mut visited = vec![false; blocks.len()];
    let mut postorder = Vec::with_capacity(blocks.len());
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        if let Some(&succ) = successors[node].get(*next) {
            *next += 1;
            if !visited[succ] {
                visited[succ] = true;
                stack.push((succ, 0));
            }
        } else {
            postorder.push(node);
            stack.pop();
        }
    }
    let mut order: Vec<usize> = postorder.into_iter().rev().collect();
    order.extend((0..blocks.len()).filter(|&i| !visited[i]));
    let mut out = Vec::with_capacity(code.len());
    for i in order {
        out.extend_from_slice(blocks[i].words);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(op: Op, operands: &[Word]) -> Vec<Word> {
        let mut words = vec![((operands.len() as u32 + 1) << 16) | op as u32];
        words.extend_from_slice(operands);
        words
    }

    #[test]
    fn a_block_reached_by_a_later_goto_moves_after_its_dominator() {
        // entry -> 3; 2: reached only from 3; 3 -> 2.
        let code: Vec<Word> = [
            inst(Op::Branch, &[3]),
            inst(Op::Label, &[2]),
            inst(Op::Return, &[]),
            inst(Op::Label, &[3]),
            inst(Op::Branch, &[2]),
        ]
        .concat();
        let out = reorder(1, &code);
        let expected: Vec<Word> = [
            inst(Op::Branch, &[3]),
            inst(Op::Label, &[3]),
            inst(Op::Branch, &[2]),
            inst(Op::Label, &[2]),
            inst(Op::Return, &[]),
        ]
        .concat();
        assert_eq!(out, expected);
    }
}
