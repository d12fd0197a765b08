//! A string interner: identifiers and token spellings become 4-byte
//! [`Symbol`]s that compare in one instruction.
//!
//! Every interned string is appended to one shared buffer, so interning a
//! new string allocates nothing most of the time (the buffer and tables grow
//! geometrically) and dropping the interner frees a handful of blocks. The
//! strings are found through an open-addressing table of symbols (linear
//! probing, at most half full) keyed by a deterministic hash of the text;
//! each symbol's hash is kept, so growing the table rehashes no text.

use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;

/// An interned string; resolve it with [`Interner::get`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// An unused slot of [`Interner::slots`].
const EMPTY: u32 = u32::MAX;

/// The smallest table allocated.
const MIN_SLOTS: usize = 64;

/// Owns the text of every [`Symbol`]. One per compilation; not shared
/// between threads.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    /// The text of every symbol, concatenated in symbol order.
    text: String,
    /// Per symbol: its text's byte range in `text`.
    bounds: Vec<(usize, usize)>,
    /// Per symbol: the hash of its text.
    hashes: Vec<u64>,
    /// The hash table: symbol numbers or [`EMPTY`]; its length is zero or
    /// a power of two, and at least twice the number of symbols.
    slots: Vec<u32>,
}

impl Interner {
    /// An empty interner.
    pub fn new() -> Self {
        Interner::default()
    }

    /// An empty interner with room for `symbols` strings of `bytes` bytes
    /// in total before it reallocates.
    pub fn with_capacity(symbols: usize, bytes: usize) -> Self {
        let mut interner = Interner {
            text: String::with_capacity(bytes),
            bounds: Vec::with_capacity(symbols),
            hashes: Vec::with_capacity(symbols),
            slots: Vec::new(),
        };
        interner.resize_table(symbols.saturating_mul(2));
        interner
    }

    /// The symbol for `text`, adding it if new.
    pub fn intern(&mut self, text: &str) -> Symbol {
        let hash = hash_text(text);
        let mut slot = match self.probe(hash, text) {
            Ok(sym) => return sym,
            Err(slot) => slot,
        };
        if (self.hashes.len() + 1) * 2 > self.slots.len() {
            self.resize_table((self.hashes.len() + 1) * 2);
            slot = self.empty_slot(hash);
        }
        let sym = Symbol(self.hashes.len() as u32);
        let start = self.text.len();
        self.text.push_str(text);
        self.bounds.push((start, self.text.len()));
        self.hashes.push(hash);
        if let Some(entry) = self.slots.get_mut(slot) {
            *entry = sym.0;
        }
        sym
    }

    /// The symbol for `text` if it was interned.
    pub fn lookup(&self, text: &str) -> Option<Symbol> {
        self.probe(hash_text(text), text).ok()
    }

    /// The text of a symbol.
    ///
    /// # Panics
    /// If `sym` came from another interner.
    #[inline]
    pub fn get(&self, sym: Symbol) -> &str {
        let (start, end) = self.bounds[sym.0 as usize];
        &self.text[start..end]
    }

    /// Number of distinct strings.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether nothing was interned.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// Finds `text` (whose hash is `hash`): its symbol, or the empty slot
    /// where it would go.
    fn probe(&self, hash: u64, text: &str) -> Result<Symbol, usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut slot = home_slot(hash, mask);
        // The table is never full, so an empty slot ends every probe.
        while let Some(&sym) = self.slots.get(slot) {
            if sym == EMPTY {
                break;
            }
            let index = sym as usize;
            if self.hashes.get(index) == Some(&hash) && self.bytes(index) == text.as_bytes() {
                return Ok(Symbol(sym));
            }
            slot = (slot + 1) & mask;
        }
        Err(slot)
    }

    /// The first empty slot on the probe sequence of `hash`.
    fn empty_slot(&self, hash: u64) -> usize {
        let mask = self.slots.len().wrapping_sub(1);
        let mut slot = home_slot(hash, mask);
        while self.slots.get(slot).is_some_and(|&s| s != EMPTY) {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// The text of symbol number `index` as bytes (empty if out of range).
    fn bytes(&self, index: usize) -> &[u8] {
        self.bounds
            .get(index)
            .and_then(|&(start, end)| self.text.as_bytes().get(start..end))
            .unwrap_or_default()
    }

    /// Rebuilds the table with at least `slots` slots.
    fn resize_table(&mut self, slots: usize) {
        let size = slots.max(MIN_SLOTS).next_power_of_two();
        if size <= self.slots.len() {
            return;
        }
        self.slots.clear();
        self.slots.resize(size, EMPTY);
        for index in 0..self.hashes.len() {
            let slot = self.empty_slot(self.hashes[index]);
            if let Some(entry) = self.slots.get_mut(slot) {
                *entry = index as u32;
            }
        }
    }
}

/// The hash of a symbol's text (deterministic across runs).
fn hash_text(text: &str) -> u64 {
    FxBuildHasher.hash_one(text)
}

/// Where the probe sequence of `hash` starts in a table of `mask + 1`
/// slots: the multiplication spreads every bit of the hash into the bits
/// that are kept.
fn home_slot(hash: u64, mask: usize) -> usize {
    (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_strings_share_a_symbol() {
        let mut interner = Interner::new();
        let a = interner.intern("alpha");
        let b = interner.intern("beta");
        let empty = interner.intern("");
        assert_eq!(interner.intern("alpha"), a);
        assert_eq!(interner.intern(""), empty);
        assert_ne!(a, b);
        assert_eq!(interner.get(a), "alpha");
        assert_eq!(interner.get(b), "beta");
        assert_eq!(interner.get(empty), "");
        assert_eq!(interner.lookup("beta"), Some(b));
        assert_eq!(interner.lookup("gamma"), None);
        assert_eq!(interner.len(), 3);
        assert!(!interner.is_empty() && Interner::new().is_empty());
    }

    #[test]
    fn symbols_are_numbered_in_order_of_first_interning() {
        let mut interner = Interner::with_capacity(2, 4);
        let words = ["x", "é", "x", "longer than the capacity", "é", "y"];
        let symbols: Vec<u32> = words.iter().map(|w| interner.intern(w).0).collect();
        assert_eq!(symbols, [0, 1, 0, 2, 1, 3]);
        assert_eq!(interner.get(Symbol(2)), "longer than the capacity");
    }

    #[test]
    fn strings_with_equal_home_slots_stay_distinct() {
        let mut interner = Interner::new();
        let words: Vec<String> = (0..40).map(|i| format!("v{i}")).collect();
        for word in &words {
            interner.intern(word);
        }
        // Some pair of the 40 words shares a home slot in the 64-slot
        // table, so probing past an occupied slot is exercised.
        let mask = interner.slots.len() - 1;
        let mut homes: Vec<usize> = words
            .iter()
            .map(|w| home_slot(hash_text(w), mask))
            .collect();
        homes.sort_unstable();
        homes.dedup();
        assert!(homes.len() < words.len());
        for (number, word) in words.iter().enumerate() {
            assert_eq!(interner.lookup(word), Some(Symbol(number as u32)));
        }
    }

    #[test]
    fn many_strings_round_trip() {
        let mut interner = Interner::new();
        let words: Vec<String> = (0..5000).map(|i| format!("w{i}")).collect();
        let symbols: Vec<Symbol> = words.iter().map(|w| interner.intern(w)).collect();
        for (word, &sym) in words.iter().zip(&symbols) {
            assert_eq!(interner.get(sym), word);
            assert_eq!(interner.lookup(word), Some(sym));
        }
    }
}
