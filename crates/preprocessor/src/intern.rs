//! A string interner: identifiers and token spellings become 4-byte
//! [`Symbol`]s that compare in one instruction.

use rustc_hash::FxHashMap;

/// An interned string; resolve it with [`Interner::get`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// Owns the text of every [`Symbol`]. One per compilation; not shared
/// between threads.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    map: FxHashMap<Box<str>, Symbol>,
    strings: Vec<Box<str>>,
}

impl Interner {
    /// An empty interner.
    pub fn new() -> Self {
        Interner::default()
    }

    /// The symbol for `text`, adding it if new.
    pub fn intern(&mut self, text: &str) -> Symbol {
        if let Some(&sym) = self.map.get(text) {
            return sym;
        }
        let sym = Symbol(self.strings.len() as u32);
        let boxed: Box<str> = text.into();
        self.strings.push(boxed.clone());
        self.map.insert(boxed, sym);
        sym
    }

    /// The symbol for `text` if it was interned.
    pub fn lookup(&self, text: &str) -> Option<Symbol> {
        self.map.get(text).copied()
    }

    /// The text of a symbol.
    ///
    /// # Panics
    /// If `sym` came from another interner.
    pub fn get(&self, sym: Symbol) -> &str {
        &self.strings[sym.0 as usize]
    }

    /// Number of distinct strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    /// Whether nothing was interned.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
}
