//! The OpenCL C 3.0 specification sections oclc cites, written once: the
//! rules' notes, the built-in table's requirements (which lowering's
//! availability check cites) and the module docs that name a section all
//! read [`section`]. Its own module, so that neither the built-in table nor
//! lowering imports it from one of their consumers (`rules`).

/// The OpenCL C 3.0 sections oclc cites, by name: diagnostics, the
/// built-in table's requirements and module docs refer to these names
/// instead of writing numbers.
pub(crate) mod section {
    /// §6.7.2 `local` (or `__local`).
    pub const LOCAL: &str = "6.7.2";
    /// §6.7.3 `constant` (or `__constant`).
    pub const CONSTANT: &str = "6.7.3";
    /// §6.7.7 Initialization.
    pub const INITIALIZATION: &str = "6.7.7";
    /// §6.15.1 Work-Item Functions.
    pub const WORK_ITEM: &str = "6.15.1";
    /// §6.15.3 Integer Functions.
    pub const INTEGER_FUNCTIONS: &str = "6.15.3";
    /// §6.15.8 Synchronization Functions.
    pub const SYNCHRONIZATION: &str = "6.15.8";
    /// §6.15.9 Legacy Explicit Memory Fence Functions.
    pub const LEGACY_FENCES: &str = "6.15.9";
    /// §6.15.10 Address Space Qualifier Functions.
    pub const ADDRESS_SPACE: &str = "6.15.10";
    /// §6.15.12 Atomic Functions.
    pub const ATOMIC_FUNCTIONS: &str = "6.15.12";
    /// §6.15.12.1 The `ATOMIC_VAR_INIT` Macro.
    pub const ATOMIC_VAR_INIT: &str = "6.15.12.1";
    /// §6.15.12.3 Order and Consistency.
    pub const ORDER: &str = "6.15.12.3";
    /// §6.15.12.4 Memory Scope.
    pub const SCOPE: &str = "6.15.12.4";
    /// §6.15.12.5 Fences.
    pub const FENCES: &str = "6.15.12.5";
    /// §6.15.12.6 Atomic Integer and Floating-point Types.
    pub const ATOMIC_TYPES: &str = "6.15.12.6";
    /// §6.15.12.7 Operations on Atomic Types.
    pub const OPERATIONS: &str = "6.15.12.7";
    /// §6.15.12.7.1 The atomic_store Functions.
    pub const STORE: &str = "6.15.12.7.1";
    /// §6.15.12.7.2 The atomic_load Functions.
    pub const LOAD: &str = "6.15.12.7.2";
    /// §6.15.12.7.4 The atomic_compare_exchange Functions.
    pub const COMPARE_EXCHANGE: &str = "6.15.12.7.4";
    /// §6.15.12.7.6 Atomic Flag Type and Operations.
    pub const FLAG: &str = "6.15.12.7.6";
    /// §6.15.12.7.8 The atomic_flag_clear Functions.
    pub const FLAG_CLEAR: &str = "6.15.12.7.8";
    /// §6.15.12.8 OpenCL C 1.x Legacy Atomics.
    pub const LEGACY_ATOMICS: &str = "6.15.12.8";
    /// §6.15.12.9 Legacy 64-Bit Atomic Extensions.
    pub const LEGACY_INT64: &str = "6.15.12.9";
    /// §6.15.12.10 Restrictions (on atomic operations).
    pub const RESTRICTIONS: &str = "6.15.12.10";
    /// §6.15.15.6 Reading and Writing to the Same Image in a Kernel.
    pub const IMAGE_FENCE: &str = "6.15.15.6";
    /// §6.15.16 Work-group Collective Functions.
    pub const WORK_GROUP_COLLECTIVES: &str = "6.15.16";
    /// §6.15.17 Pipe Functions.
    pub const PIPES: &str = "6.15.17";
    /// §6.15.19 Sub-Group Functions (the `cl_khr_subgroup_*` extensions
    /// extend them).
    pub const SUB_GROUPS: &str = "6.15.19";
    /// §6.4.3 Explicit Conversions (cited by module docs).
    #[allow(dead_code)]
    pub const EXPLICIT_CONVERSIONS: &str = "6.4.3";
    /// §6.15.7 Vector Data Load and Store Functions (cited by module docs).
    #[allow(dead_code)]
    pub const VECTOR_DATA: &str = "6.15.7";
    /// §6.15.11 Async Copies from Global to Local Memory, Local to Global
    /// Memory, and Prefetch (cited by module docs).
    #[allow(dead_code)]
    pub const ASYNC_COPIES: &str = "6.15.11";
    /// §6.15.15 Image Read and Write Functions (cited by module docs).
    #[allow(dead_code)]
    pub const IMAGES: &str = "6.15.15";
    /// §6.15.18 Enqueuing Kernels (cited by module docs).
    #[allow(dead_code)]
    pub const ENQUEUE: &str = "6.15.18";
    /// Built-in scalar data types.
    pub const DATA_TYPES: &str = "6.3.1";
    /// `printf`.
    pub const PRINTF: &str = "6.15.14";
}

/// The note citing a specification section.
pub(crate) fn see(section: &str) -> String {
    format!("see OpenCL C 3.0 §{section}")
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// The `.rs` files under `dir`, recursively.
    fn sources(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).expect("readable source directory") {
                let path = entry.expect("readable entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    out.push(path);
                }
            }
        }
        out.sort();
        out
    }

    /// Every `section::` name a comment of sema or the IR gives is a row of
    /// the table, and the module docs of the built-in families cite the
    /// table by name instead of writing section numbers.
    #[test]
    fn docs_cite_sections_from_the_table() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let table = include_str!("spec.rs");
        let defined = |name: &str| table.contains(&format!("pub const {name}: &str"));
        let mut files = sources(&root.join("src"));
        files.extend(sources(&root.join("../ir/src")));
        let mut problems = Vec::new();
        for path in &files {
            let text = std::fs::read_to_string(path).expect("readable source");
            let in_builtins = path.parent().is_some_and(|p| p.ends_with("builtins"))
                || path.ends_with("ir/src/lib.rs");
            for (n, line) in text.lines().enumerate() {
                let comment = line.trim_start();
                if !comment.starts_with("//") {
                    continue;
                }
                for (at, _) in comment.match_indices("section::") {
                    let name: String = comment[at + "section::".len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                        .collect();
                    if !name.is_empty() && !defined(&name) {
                        problems.push(format!("{}:{}: no section `{name}`", path.display(), n + 1));
                    }
                }
                let numbered = comment.match_indices('§').any(|(at, _)| {
                    comment[at + '§'.len_utf8()..].starts_with(|c: char| c.is_ascii_digit())
                });
                if in_builtins && numbered {
                    problems.push(format!(
                        "{}:{}: a section number; name the table's row (`section::NAME`)",
                        path.display(),
                        n + 1
                    ));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
