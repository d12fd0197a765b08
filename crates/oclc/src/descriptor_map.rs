//! The descriptor map of a Vulkan module as JSON: per kernel, where the
//! host binds each argument (docs/vulkan.md has the format). Written by
//! hand for its layout (one argument per line, as docs/vulkan.md shows
//! it), which `serde_json`'s pretty printer does not produce; the output is
//! deterministic (kernels and arguments in source order).

use oclc_spirv::{ArgKind, KernelLayout};

/// `kernels` as a JSON document.
pub(crate) fn to_json(kernels: &[KernelLayout]) -> String {
    let mut out = String::from("{\n  \"version\": 1,\n  \"kernels\": [");
    for (k, kernel) in kernels.iter().enumerate() {
        out.push_str(if k == 0 { "\n" } else { ",\n" });
        out.push_str(&format!(
            "    {{\n      \"name\": {},\n      \"push_constant_size\": {},\n",
            quote(&kernel.name),
            kernel.push_constant_size
        ));
        match kernel.local_size {
            Some([x, y, z]) => out.push_str(&format!("      \"local_size\": [{x}, {y}, {z}],\n")),
            None => out.push_str("      \"local_size_spec_ids\": [0, 1, 2],\n"),
        }
        out.push_str("      \"args\": [");
        for (a, arg) in kernel.args.iter().enumerate() {
            out.push_str(if a == 0 { "\n" } else { ",\n" });
            let fields = match arg.kind {
                ArgKind::Buffer {
                    set,
                    binding,
                    elem_size,
                } => format!(
                    "\"kind\": \"buffer\", \"set\": {set}, \"binding\": {binding}, \"elem_size\": {elem_size}"
                ),
                ArgKind::PushConstant { offset, size } => format!(
                    "\"kind\": \"push_constant\", \"offset\": {offset}, \"size\": {size}"
                ),
                ArgKind::Local { spec_id, elem_size } => format!(
                    "\"kind\": \"local\", \"spec_id\": {spec_id}, \"elem_size\": {elem_size}"
                ),
            };
            out.push_str(&format!(
                "        {{ \"index\": {}, \"name\": {}, {fields} }}",
                arg.index,
                quote(&arg.name)
            ));
        }
        out.push_str(if kernel.args.is_empty() {
            "]\n"
        } else {
            "\n      ]\n"
        });
        out.push_str("    }");
    }
    out.push_str(if kernels.is_empty() {
        "]\n}\n"
    } else {
        "\n  ]\n}\n"
    });
    out
}

/// A JSON string literal.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
