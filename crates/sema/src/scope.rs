//! Lexical scopes: ordinary identifiers (variables, parameters, functions,
//! typedefs, enumerators) and tags (`struct`/`union`/`enum`) live in
//! separate name spaces, each a stack of block scopes over the file scope.

use oclc_diagnostics::Span;
use oclc_ir::{FunctionId, GlobalId, LocalId, StructId, TypeId};
use oclc_preprocessor::Symbol;
use oclc_syntax::ast::RecordKind;
use rustc_hash::FxHashMap;

use crate::lower::types::QualType;

/// Where a variable's storage is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Storage {
    /// A private variable of the current function.
    Local(LocalId),
    /// A program-scope, `static`, `constant` or kernel `local` variable.
    Global(GlobalId),
}

/// What an ordinary identifier denotes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Binding {
    /// A variable (memory).
    Var {
        /// Its storage.
        storage: Storage,
        /// Its declared type with qualifiers and address space.
        ty: QualType,
    },
    /// A parameter used as a value (index into the parameter list).
    Param {
        /// Parameter index.
        index: u32,
        /// Its type.
        ty: TypeId,
    },
    /// A function (`None`: a function declaration that was rejected, so
    /// calls of it are not lowered again).
    Function(Option<FunctionId>),
    /// A typedef name.
    Typedef(QualType),
    /// An enumerator.
    EnumConst {
        /// Its value.
        value: i64,
        /// Its type (`int`).
        ty: TypeId,
    },
}

/// What a tag denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// A struct or union.
    Record(StructId, RecordKind),
    /// An enum (its type is `int`-like).
    Enum(TypeId),
}

/// One block scope.
#[derive(Debug, Default)]
struct Frame {
    names: FxHashMap<Symbol, (Binding, Span)>,
    tags: FxHashMap<Symbol, (Tag, Span)>,
}

/// The scope stack; the bottom frame is file scope.
#[derive(Debug)]
pub struct Scopes {
    frames: Vec<Frame>,
}

impl Default for Scopes {
    fn default() -> Self {
        Scopes {
            frames: vec![Frame::default()],
        }
    }
}

impl Scopes {
    /// Enters a block scope.
    pub fn push(&mut self) {
        self.frames.push(Frame::default());
    }

    /// Leaves a block scope (never pops file scope).
    pub fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// How many scopes are open, file scope included (a function's
    /// parameters and outermost block are at depth 2).
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Whether the innermost scope is file scope.
    pub fn at_file_scope(&self) -> bool {
        self.frames.len() == 1
    }

    /// Looks an ordinary identifier up, innermost scope first.
    pub fn lookup(&self, name: Symbol) -> Option<Binding> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.names.get(&name).map(|&(b, _)| b))
    }

    /// The binding of `name` in the innermost scope only, with its span.
    pub fn lookup_current(&self, name: Symbol) -> Option<(Binding, Span)> {
        self.frames.last().and_then(|f| f.names.get(&name).copied())
    }

    /// Binds `name` in the innermost scope, replacing any binding there.
    pub fn bind(&mut self, name: Symbol, binding: Binding, span: Span) {
        if let Some(frame) = self.frames.last_mut() {
            frame.names.insert(name, (binding, span));
        }
    }

    /// Binds `name` at file scope (block-scope function prototypes).
    pub fn bind_file_scope(&mut self, name: Symbol, binding: Binding, span: Span) {
        if let Some(frame) = self.frames.first_mut() {
            frame.names.entry(name).or_insert((binding, span));
        }
    }

    /// Looks a tag up, innermost scope first.
    pub fn lookup_tag(&self, name: Symbol) -> Option<Tag> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.tags.get(&name).map(|&(t, _)| t))
    }

    /// The tag `name` in the innermost scope only.
    pub fn lookup_tag_current(&self, name: Symbol) -> Option<(Tag, Span)> {
        self.frames.last().and_then(|f| f.tags.get(&name).copied())
    }

    /// Binds a tag in the innermost scope.
    pub fn bind_tag(&mut self, name: Symbol, tag: Tag, span: Span) {
        if let Some(frame) = self.frames.last_mut() {
            frame.tags.insert(name, (tag, span));
        }
    }

    /// Every ordinary name visible now (for "did you mean" suggestions).
    pub fn visible_names(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.frames.iter().flat_map(|f| f.names.keys().copied())
    }
}

/// The closest candidate to `name` by edit distance, if close enough to be
/// a likely typo (at most one edit per three characters, at most two).
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.len() / 3).clamp(1, 2);
    candidates
        .filter(|c| *c != name && c.len().abs_diff(name.len()) <= limit)
        .map(|c| (edit_distance(name, c), c))
        .filter(|&(d, _)| d <= limit)
        .min()
        .map(|(_, c)| c)
}

/// Levenshtein distance over bytes (identifiers are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.as_bytes().iter().enumerate() {
        let mut prev_diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let next = (prev_diag + cost).min(row[j] + 1).min(row[j + 1] + 1);
            prev_diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("counter", "countr"), 1);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn closest_ignores_distant_names() {
        let names = ["counter", "index", "value"];
        assert_eq!(closest("countr", names.iter().copied()), Some("counter"));
        assert_eq!(closest("zzz", names.iter().copied()), None);
    }
}
