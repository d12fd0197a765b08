//! `#include` files served by the caller's callback
//! (`oclc_options_set_include_callback`): a [`oclc::FileLoader`] over C
//! function pointers and the caller's `user_data`.

use std::ffi::{c_char, c_int, c_void, CString};
use std::io;
use std::path::Path;

/// The callback returned the file (`OCLC_INCLUDE_FOUND`).
pub const OCLC_INCLUDE_FOUND: c_int = 0;
/// The callback has no such file (`OCLC_INCLUDE_NOT_FOUND`): the next
/// include directory is tried, as for a missing file.
pub const OCLC_INCLUDE_NOT_FOUND: c_int = 1;

/// `oclc_include_fn`: asked for the file at `path` (the `#include`d name
/// joined to the including file's directory or an `-I` directory, as the
/// file system would be asked). On `OCLC_INCLUDE_FOUND` it stores the
/// file's bytes in `*content` and `*length`; they must stay valid until
/// the release callback is called with them (or, without one, until the
/// compilation returns).
pub type oclc_include_fn = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        path: *const c_char,
        content: *mut *const c_char,
        length: *mut usize,
    ) -> c_int,
>;

/// `oclc_include_release_fn`: gives back what one successful call of the
/// include callback returned, once oclc has copied it.
pub type oclc_include_release_fn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, content: *const c_char, length: usize)>;

/// The callbacks and the caller's pointer, as `oclc_options` holds them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Callbacks {
    pub(crate) resolve:
        unsafe extern "C" fn(*mut c_void, *const c_char, *mut *const c_char, *mut usize) -> c_int,
    pub(crate) release: oclc_include_release_fn,
    pub(crate) user_data: *mut c_void,
}

impl oclc::FileLoader for Callbacks {
    fn load(&self, path: &Path) -> io::Result<String> {
        use std::os::unix::ffi::OsStrExt;
        // A path with a NUL byte cannot be named to C: no such file.
        let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
            return Err(io::ErrorKind::NotFound.into());
        };
        let mut content: *const c_char = std::ptr::null();
        let mut length: usize = 0;
        // SAFETY: the callback and user_data are what the caller
        // registered, under the contract oclc.h documents; the out
        // pointers are valid locals.
        let code =
            unsafe { (self.resolve)(self.user_data, c_path.as_ptr(), &mut content, &mut length) };
        match code {
            OCLC_INCLUDE_FOUND => {
                let bytes = if content.is_null() || length == 0 {
                    Vec::new()
                } else {
                    // SAFETY: the callback promised `length` readable bytes
                    // at `content` until the release call below.
                    unsafe { std::slice::from_raw_parts(content.cast::<u8>(), length) }.to_vec()
                };
                if let Some(release) = self.release {
                    // SAFETY: gives back exactly what the callback returned.
                    unsafe { release(self.user_data, content, length) };
                }
                // Bytes that are not UTF-8 are kept, as for a main file.
                Ok(oclc::decode_lossless(bytes).0)
            }
            OCLC_INCLUDE_NOT_FOUND => Err(io::ErrorKind::NotFound.into()),
            other => Err(io::Error::other(format!(
                "the include callback failed (it returned {other})"
            ))),
        }
    }
}
