//! Reading the descriptor map oclc writes beside a Vulkan module
//! (`-fdescriptor-map=`; its format is in docs/vulkan.md).

use serde_json::Value;

/// How one argument is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgSpec {
    /// A storage buffer at descriptor set `set`, `binding`.
    Buffer {
        /// Descriptor set.
        set: u32,
        /// Binding.
        binding: u32,
    },
    /// Bytes of the push-constant block.
    PushConstant {
        /// Offset in the block.
        offset: u32,
        /// Size.
        size: u32,
    },
    /// A work-group array sized by a specialization constant.
    Local {
        /// The specialization constant id.
        spec_id: u32,
    },
}

/// One kernel of a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The entry point.
    pub name: String,
    /// Its arguments in order.
    pub args: Vec<ArgSpec>,
    /// Size of the push-constant block.
    pub push_constant_size: u32,
    /// A work-group size fixed in the module, if any (otherwise it is set
    /// through specialization constants 0, 1 and 2).
    pub local_size: Option<[u32; 3]>,
}

/// Parses a descriptor map.
///
/// # Errors
/// A message naming what is malformed.
pub fn parse_descriptor_map(text: &str) -> Result<Vec<Kernel>, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("descriptor map: {e}"))?;
    let kernels = root
        .get("kernels")
        .and_then(Value::as_array)
        .ok_or("descriptor map: no `kernels` array")?;
    kernels.iter().map(kernel).collect()
}

fn number(value: &Value, key: &str) -> Result<u32, String> {
    value
        .get(key)
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| format!("descriptor map: missing or invalid `{key}`"))
}

fn kernel(value: &Value) -> Result<Kernel, String> {
    let name = value
        .get("name")
        .and_then(Value::as_str)
        .ok_or("descriptor map: a kernel without a name")?
        .to_owned();
    let args = value
        .get("args")
        .and_then(Value::as_array)
        .ok_or("descriptor map: a kernel without `args`")?
        .iter()
        .map(|arg| {
            Ok(
                match arg.get("kind").and_then(Value::as_str).unwrap_or_default() {
                    "buffer" => ArgSpec::Buffer {
                        set: number(arg, "set")?,
                        binding: number(arg, "binding")?,
                    },
                    "push_constant" => ArgSpec::PushConstant {
                        offset: number(arg, "offset")?,
                        size: number(arg, "size")?,
                    },
                    "local" => ArgSpec::Local {
                        spec_id: number(arg, "spec_id")?,
                    },
                    other => {
                        return Err(format!("descriptor map: unknown argument kind `{other}`"))
                    }
                },
            )
        })
        .collect::<Result<Vec<_>, String>>()?;
    let local_size = match value.get("local_size").and_then(Value::as_array) {
        Some(size) if size.len() == 3 => {
            let mut out = [0u32; 3];
            for (slot, v) in out.iter_mut().zip(size) {
                *slot = v
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or("descriptor map: invalid `local_size`")?;
            }
            Some(out)
        }
        _ => None,
    };
    Ok(Kernel {
        name,
        args,
        push_constant_size: number(value, "push_constant_size")?,
        local_size,
    })
}
