//! Handles and the arenas they index.
//!
//! Every IR entity that others refer to (functions, globals, locals,
//! expressions, types, labels) lives in an [`Arena`] and is named by a
//! handle type ([`crate::ExprId`], [`crate::FunctionId`], …). A handle's
//! index is private to this crate: the only way to get one is to push into
//! an arena (or to iterate one), so no other crate can forge a handle, and
//! a handle taken from an arena is in range for it. Other crates read the
//! index with `index()` (to size side tables).

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, Index, IndexMut};

/// The sealed construction of handles: a public trait in a private
/// module, so that code outside this crate can neither name nor call it.
pub(crate) mod sealed {
    /// A handle made from its index.
    pub trait Handle: Copy {
        /// The handle of index `index`.
        fn from_index(index: usize) -> Self;
        /// Its index.
        fn to_index(self) -> usize;
    }
}

/// Declares a handle type (see the module documentation).
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            /// The index in its arena.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The handle of index `index` (crate-private: handles come
            /// from the arenas).
            #[inline]
            #[allow(dead_code)]
            pub(crate) fn new(index: usize) -> Self {
                // Arenas are bounded far below 2^32 by the front end's
                // limits on source size.
                $name(index as u32)
            }
        }

        impl $crate::arena::sealed::Handle for $name {
            #[inline]
            fn from_index(index: usize) -> Self {
                $name::new(index)
            }
            #[inline]
            fn to_index(self) -> usize {
                self.index()
            }
        }
    };
}
pub(crate) use handle;

/// Items named by handles of type `H`, in push order. Reading is through
/// the slice it dereferences to, or by handle; growing is by [`push`],
/// which hands out the new item's handle.
///
/// [`push`]: Arena::push
pub struct Arena<H, T> {
    items: Vec<T>,
    handle: PhantomData<fn() -> H>,
}

impl<H: sealed::Handle, T> Arena<H, T> {
    /// An empty arena.
    pub fn new() -> Self {
        Arena {
            items: Vec::new(),
            handle: PhantomData,
        }
    }

    /// Adds `item`, returning its handle.
    pub fn push(&mut self, item: T) -> H {
        let handle = H::from_index(self.items.len());
        self.items.push(item);
        handle
    }

    /// The item of `handle`, if it is in range.
    pub fn get(&self, handle: H) -> Option<&T> {
        self.items.get(handle.to_index())
    }

    /// The item of `handle`, mutably, if it is in range.
    pub fn get_mut(&mut self, handle: H) -> Option<&mut T> {
        self.items.get_mut(handle.to_index())
    }

    /// Whether `handle` names an item of this arena.
    pub fn contains(&self, handle: H) -> bool {
        handle.to_index() < self.items.len()
    }

    /// Every item with its handle, in push order.
    pub fn iter_with_handles(&self) -> impl DoubleEndedIterator<Item = (H, &T)> + '_ {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (H::from_index(i), item))
    }

    /// Every handle, in push order.
    pub fn handles(&self) -> impl DoubleEndedIterator<Item = H> + '_ {
        (0..self.items.len()).map(H::from_index)
    }

    /// The handle the next [`push`](Arena::push) will return.
    pub fn next_handle(&self) -> H {
        H::from_index(self.items.len())
    }

    /// The items, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    /// Drops the items pushed after the first `len` (undoing scratch
    /// work; their handles must not be used again).
    pub fn truncate(&mut self, len: usize) {
        self.items.truncate(len);
    }

    /// Keeps the items `keep` accepts, in order, and returns each old
    /// handle's new one (`None` for a dropped item).
    pub fn retain(&mut self, mut keep: impl FnMut(H, &T) -> bool) -> Vec<Option<H>> {
        let mut remap = Vec::with_capacity(self.items.len());
        let mut next = 0;
        let items = std::mem::take(&mut self.items);
        for (i, item) in items.into_iter().enumerate() {
            if keep(H::from_index(i), &item) {
                remap.push(Some(H::from_index(next)));
                next += 1;
                self.items.push(item);
            } else {
                remap.push(None);
            }
        }
        remap
    }

    /// The items, as a vector.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<H: sealed::Handle, T> Default for Arena<H, T> {
    fn default() -> Self {
        Arena::new()
    }
}

impl<H, T: Clone> Clone for Arena<H, T> {
    fn clone(&self) -> Self {
        Arena {
            items: self.items.clone(),
            handle: PhantomData,
        }
    }
}

impl<H, T: fmt::Debug> fmt::Debug for Arena<H, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.items.fmt(f)
    }
}

impl<H, T: PartialEq> PartialEq for Arena<H, T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<H, T> Deref for Arena<H, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<H: sealed::Handle, T> Index<H> for Arena<H, T> {
    type Output = T;
    fn index(&self, handle: H) -> &T {
        &self.items[handle.to_index()]
    }
}

impl<H: sealed::Handle, T> IndexMut<H> for Arena<H, T> {
    fn index_mut(&mut self, handle: H) -> &mut T {
        &mut self.items[handle.to_index()]
    }
}

impl<'a, H, T> IntoIterator for &'a Arena<H, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, H, T> IntoIterator for &'a mut Arena<H, T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

impl<H, T> IntoIterator for Arena<H, T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<H: sealed::Handle, T> FromIterator<T> for Arena<H, T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Arena {
            items: iter.into_iter().collect(),
            handle: PhantomData,
        }
    }
}
