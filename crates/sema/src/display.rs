//! OpenCL C spellings of IR types for diagnostics: `uint`, `ulong`,
//! `global atomic_int *`, `struct S`.

use oclc_ir::{AddressSpace, OpaqueType, Quals, Type, TypeId, Types};

/// The address-space keyword as written in messages (`global`, `generic`).
pub fn space_name(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Private => "private",
        AddressSpace::Global => "global",
        AddressSpace::Local => "local",
        AddressSpace::Constant => "constant",
        AddressSpace::Generic => "generic",
    }
}

/// The OpenCL C spelling of a type, e.g. `global atomic_int *` or `uint`.
pub fn type_name(types: &Types, id: TypeId) -> String {
    let mut out = String::new();
    write_type(types, id, &mut out);
    out
}

/// The spelling of a scalar element type (`int`, `float`), used for
/// vector and atomic type names.
fn scalar_name(ty: Type) -> Option<&'static str> {
    Some(match ty {
        Type::Bool => "bool",
        Type::Int {
            bits: 8,
            signed: true,
        } => "char",
        Type::Int {
            bits: 8,
            signed: false,
        } => "uchar",
        Type::Int {
            bits: 16,
            signed: true,
        } => "short",
        Type::Int {
            bits: 16,
            signed: false,
        } => "ushort",
        Type::Int {
            bits: 32,
            signed: true,
        } => "int",
        Type::Int {
            bits: 32,
            signed: false,
        } => "uint",
        Type::Int {
            bits: 64,
            signed: true,
        } => "long",
        Type::Int {
            bits: 64,
            signed: false,
        } => "ulong",
        Type::Float { bits: 16 } => "half",
        Type::Float { bits: 32 } => "float",
        Type::Float { bits: 64 } => "double",
        _ => return None,
    })
}

fn write_quals(quals: Quals, out: &mut String) {
    if quals.const_ {
        out.push_str("const ");
    }
    if quals.volatile {
        out.push_str("volatile ");
    }
}

/// Writes a type. Pointer chains are walked iteratively from the outside
/// in, so arbitrarily deep types cannot overflow the stack.
fn write_type(types: &Types, id: TypeId, out: &mut String) {
    // Collect the pointer/array suffixes, outermost first.
    let mut suffixes: Vec<String> = Vec::new();
    let mut current = id;
    loop {
        match types.get(current) {
            Type::Pointer {
                pointee,
                space,
                quals,
            } => {
                let mut prefix = String::new();
                prefix.push_str(space_name(space));
                prefix.push(' ');
                write_quals(quals, &mut prefix);
                suffixes.push(prefix);
                current = pointee;
            }
            Type::Array { elem, len } => {
                suffixes.push(match len {
                    Some(n) => format!("[{n}]"),
                    None => "[]".to_string(),
                });
                current = elem;
            }
            _ => break,
        }
    }
    let base = match types.get(current) {
        Type::Void => "void".to_string(),
        Type::Vector { elem, len } => {
            format!("{}{len}", scalar_name(types.get(elem)).unwrap_or("?"))
        }
        Type::Struct(s) => {
            let def = types.struct_def(s);
            let kind = if def.is_union { "union" } else { "struct" };
            format!("{kind} {}", def.name)
        }
        Type::Atomic(inner) => match scalar_name(types.get(inner)) {
            Some(name) => format!("atomic_{name}"),
            None => "atomic type".to_string(),
        },
        Type::AtomicFlag => "atomic_flag".to_string(),
        Type::Opaque(OpaqueType::Image(image)) => {
            let access = match image.access {
                oclc_ir::ImageAccess::ReadOnly => "",
                oclc_ir::ImageAccess::WriteOnly => "write_only ",
                oclc_ir::ImageAccess::ReadWrite => "read_write ",
            };
            format!("{access}{}", image.name())
        }
        Type::Opaque(OpaqueType::Sampler) => "sampler_t".to_string(),
        Type::Opaque(OpaqueType::Event) => "event_t".to_string(),
        Type::Opaque(OpaqueType::ReserveId) => "reserve_id_t".to_string(),
        Type::Opaque(OpaqueType::Pipe(pipe)) => format!(
            "{} pipe {}",
            if pipe.write {
                "write_only"
            } else {
                "read_only"
            },
            type_name(types, pipe.packet)
        ),
        other => scalar_name(other).unwrap_or("?").to_string(),
    };
    // Innermost derivation first: `global int *` is the pointer's prefix
    // before the base, arrays follow it.
    let mut text = base;
    for suffix in suffixes.iter().rev() {
        if suffix.starts_with('[') {
            text.push_str(suffix);
        } else if text.ends_with('*') {
            text = format!("{text}{}*", suffix);
        } else {
            text = format!("{suffix}{text} *");
        }
    }
    out.push_str(&text);
}
