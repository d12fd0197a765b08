//! SPIR-V assembly text in the syntax `spirv-as` reads (as `spirv-dis`
//! prints it, with numeric ids): rspirv decodes the binary, this module
//! prints each operand the way the assembler expects (enumerants and mask
//! bits by name, floating constants as decimal or hexadecimal floats,
//! extended instructions by name).

use std::fmt::Write;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::Op;
use rustc_hash::FxHashMap;

/// The scalar kind of a constant's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Number {
    Int,
    Float(u32),
}

/// Disassembles a module; a module rspirv cannot decode yields a single
/// comment line with the reason.
pub fn disassemble(words: &[u32]) -> String {
    let module = match rspirv::dr::load_words(words) {
        Ok(module) => module,
        Err(error) => return format!("; cannot disassemble: {error}\n"),
    };
    let mut out = String::new();
    if let Some(header) = &module.header {
        let (major, minor) = header.version();
        let _ = writeln!(out, "; SPIR-V\n; Version: {major}.{minor}");
        // rspirv's loader does not keep the generator word; read it here.
        let generator = words.get(2).copied().unwrap_or_default();
        let _ = writeln!(
            out,
            "; Generator: {generator:#x}\n; Bound: {}\n; Schema: 0",
            header.bound
        );
    }
    let mut numbers: FxHashMap<u32, Number> = FxHashMap::default();
    let mut open_cl_std = None;
    for inst in module.all_inst_iter() {
        match (inst.class.opcode, inst.result_id, inst.operands.first()) {
            (Op::TypeInt, Some(id), _) => {
                numbers.insert(id, Number::Int);
            }
            (Op::TypeFloat, Some(id), Some(Operand::LiteralBit32(bits))) => {
                numbers.insert(id, Number::Float(*bits));
            }
            (Op::ExtInstImport, Some(id), Some(Operand::LiteralString(name)))
                if name == "OpenCL.std" =>
            {
                open_cl_std = Some(id);
            }
            _ => {}
        }
        let number = inst.result_type.and_then(|ty| numbers.get(&ty).copied());
        write_instruction(&mut out, inst, number, open_cl_std);
    }
    out
}

fn write_instruction(
    out: &mut String,
    inst: &Instruction,
    number: Option<Number>,
    open_cl_std: Option<u32>,
) {
    if let Some(id) = inst.result_id {
        let _ = write!(out, "%{id} = ");
    } else {
        out.push_str("      ");
    }
    let _ = write!(out, "Op{}", inst.class.opname);
    if let Some(ty) = inst.result_type {
        let _ = write!(out, " %{ty}");
    }
    let is_constant = matches!(inst.class.opcode, Op::Constant | Op::SpecConstant);
    let is_ext_inst = inst.class.opcode == Op::ExtInst;
    for (index, operand) in inst.operands.iter().enumerate() {
        out.push(' ');
        match operand {
            Operand::LiteralBit32(value) if is_constant => {
                write_number(out, u64::from(*value), number, 32)
            }
            Operand::LiteralBit64(value) if is_constant => write_number(out, *value, number, 64),
            Operand::LiteralExtInstInteger(value) if is_ext_inst => {
                let set = inst.operands.first();
                let name = match (set, open_cl_std) {
                    (Some(Operand::IdRef(set)), Some(std)) if *set == std && index == 1 => {
                        rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE
                            .lookup_opcode(*value)
                            .map(|entry| entry.opname)
                    }
                    _ => None,
                };
                match name {
                    Some(name) => out.push_str(name),
                    None => {
                        let _ = write!(out, "{value}");
                    }
                }
            }
            _ => write_operand(out, operand),
        }
    }
    out.push('\n');
}

/// A constant's literal: integers in decimal (unsigned), floats in decimal
/// when that round-trips and is finite, otherwise as hexadecimal floats.
fn write_number(out: &mut String, bits: u64, number: Option<Number>, width: u32) {
    match number {
        Some(Number::Float(32)) => {
            let value = f32::from_bits(bits as u32);
            if value.is_finite() {
                let _ = write!(out, "{value:?}");
            } else {
                write_hex_float(out, bits, 23, 8);
            }
        }
        Some(Number::Float(64)) => {
            let value = f64::from_bits(bits);
            if value.is_finite() {
                let _ = write!(out, "{value:?}");
            } else {
                write_hex_float(out, bits, 52, 11);
            }
        }
        Some(Number::Float(16)) => write_hex_float(out, bits, 10, 5),
        _ => {
            let _ = if width == 64 {
                write!(out, "{bits}")
            } else {
                write!(out, "{}", bits as u32)
            };
        }
    }
}

/// `[-]0x1.<mantissa>p<exp>` (or `0x0.<mantissa>p<min>` for subnormals);
/// infinities and NaNs as the out-of-range exponent the assembler reads.
fn write_hex_float(out: &mut String, bits: u64, mantissa_bits: u32, exponent_bits: u32) {
    let sign = (bits >> (mantissa_bits + exponent_bits)) & 1 == 1;
    let exponent = ((bits >> mantissa_bits) & ((1 << exponent_bits) - 1)) as i64;
    let mantissa = bits & ((1 << mantissa_bits) - 1);
    let bias = (1i64 << (exponent_bits - 1)) - 1;
    // Left-align the mantissa to whole hex digits.
    let digits = mantissa_bits.div_ceil(4);
    let aligned = mantissa << (digits * 4 - mantissa_bits);
    if sign {
        out.push('-');
    }
    let (lead, power) = match exponent {
        0 if mantissa == 0 => (0, 0),
        0 => (0, 1 - bias),
        _ => (1, exponent - bias),
    };
    let _ = write!(
        out,
        "0x{lead}.{aligned:0width$x}p{power:+}",
        width = digits as usize
    );
}

fn write_operand(out: &mut String, operand: &Operand) {
    let _ = match operand {
        Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => {
            write!(out, "%{id}")
        }
        Operand::LiteralBit32(value) => write!(out, "{value}"),
        Operand::LiteralBit64(value) => write!(out, "{value}"),
        Operand::LiteralExtInstInteger(value) => write!(out, "{value}"),
        Operand::LiteralString(text) => {
            out.push('"');
            for c in text.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('"');
            Ok(())
        }
        Operand::FunctionControl(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::SelectionControl(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::LoopControl(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::MemoryAccess(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::MemorySemantics(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::FPFastMathMode(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        Operand::ImageOperands(mask) => write_mask(out, mask.bits(), mask.iter_names()),
        // Every other operand prints as its enumerant name.
        other => write!(out, "{other}"),
    };
}

/// A mask as `None` or `Name|Name`.
fn write_mask<'a, T: 'a>(
    out: &mut String,
    bits: u32,
    names: impl Iterator<Item = (&'a str, T)>,
) -> std::fmt::Result {
    if bits == 0 {
        out.push_str("None");
        return Ok(());
    }
    let parts: Vec<String> = names.map(|(name, _)| enumerant_name(name)).collect();
    out.push_str(&parts.join("|"));
    Ok(())
}

/// `ACQUIRE_RELEASE` → `AcquireRelease` (vendor suffixes stay upper case).
fn enumerant_name(constant: &str) -> String {
    const UPPER: [&str; 7] = ["KHR", "EXT", "INTEL", "NV", "AMD", "NSZ", "ARM"];
    let mut name = String::with_capacity(constant.len());
    for word in constant.split('_') {
        if UPPER.contains(&word) {
            name.push_str(word);
        } else if word == "NAN" {
            name.push_str("NaN");
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                name.push(first);
                name.extend(chars.map(|c| c.to_ascii_lowercase()));
            }
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_names_are_camel_case() {
        assert_eq!(enumerant_name("ACQUIRE_RELEASE"), "AcquireRelease");
        assert_eq!(enumerant_name("NOT_NAN"), "NotNaN");
        assert_eq!(
            enumerant_name("MAKE_POINTER_AVAILABLE_KHR"),
            "MakePointerAvailableKHR"
        );
    }

    #[test]
    fn hex_floats_cover_special_values() {
        let mut out = String::new();
        write_hex_float(&mut out, f32::INFINITY.to_bits().into(), 23, 8);
        assert_eq!(out, "0x1.000000p+128");
        out.clear();
        write_hex_float(&mut out, 0x3c00, 10, 5);
        assert_eq!(out, "0x1.000p+0");
        out.clear();
        write_hex_float(&mut out, 0x8000, 10, 5);
        assert_eq!(out, "-0x0.000p+0");
    }

    #[test]
    fn garbage_is_reported_not_panicked_on() {
        assert!(disassemble(&[1, 2, 3]).starts_with("; cannot disassemble"));
    }
}
