//! The panic boundary for the faces of oclc that are called from other
//! languages (the C library, the Python package, a loader layer).
//!
//! oclc never panics on input by design; a panic is a bug in oclc. A face
//! called from C or Python must still never let one unwind into its host,
//! abort the process or print: [`catch_panics`] runs a call, catches a
//! panic (in a build whose profile unwinds: see `[profile.release-ffi]` in
//! the root `Cargo.toml`) and turns it into a [`Failed`] whose report holds
//! one internal-error diagnostic (E0006, [`Severity::Bug`], so
//! [`crate::Report::outcome`] is [`crate::Outcome::InternalError`]).
//!
//! Printing: the standard panic hook writes to standard error. The first
//! call of [`catch_panics`] installs, once per process (per copy of the
//! Rust standard library: a C library or Python extension has its own),
//! a hook that records the message for the diagnostic instead while the
//! panicking thread is inside [`catch_panics`], and defers to the hook it
//! replaced everywhere else.

use crate::registry::INTERNAL_ERROR;
use crate::{Failed, Report};
use oclc_diagnostics::{Diagnostic, Severity};
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// How many [`catch_panics`] calls this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The message of the last panic caught on this thread.
    static MESSAGE: RefCell<Option<String>> = const { RefCell::new(None) };
}

static INSTALL_HOOK: Once = Once::new();

/// Runs `call`; a panic inside it becomes `Err` with an internal-error
/// report instead of unwinding further. Reentrant and thread-safe: each
/// thread's panics are recorded for that thread alone.
///
/// ```
/// let failed = oclc::catch_panics(|| -> u32 { panic!("boom") }).unwrap_err();
/// assert_eq!(failed.report.outcome(), oclc::Outcome::InternalError);
/// assert!(failed.report.diagnostics()[0].message.contains("boom"));
/// assert_eq!(oclc::catch_panics(|| 7).unwrap(), 7);
/// ```
pub fn catch_panics<T>(call: impl FnOnce() -> T) -> Result<T, Failed> {
    INSTALL_HOOK.call_once(install_hook);
    DEPTH.with(|d| d.set(d.get() + 1));
    // The closure's state is discarded when it panics, so no broken
    // invariant can be observed afterwards.
    let result = panic::catch_unwind(AssertUnwindSafe(call));
    DEPTH.with(|d| d.set(d.get() - 1));
    result.map_err(|payload| {
        let recorded = MESSAGE.with(|m| m.borrow_mut().take());
        let message = recorded.unwrap_or_else(|| payload_text(payload.as_ref()));
        let diagnostic = Diagnostic::new(
            &INTERNAL_ERROR,
            format!("internal compiler error: {message}"),
        )
        .with_severity(Severity::Bug)
        .with_note("this is a bug in oclc; please report it with the input that triggered it");
        Failed {
            report: Report::from_diagnostics(vec![diagnostic]),
        }
    })
}

fn install_hook() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if DEPTH.with(Cell::get) > 0 {
            let location = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let text = format!("{}{location}", payload_text(info.payload()));
            MESSAGE.with(|m| *m.borrow_mut() = Some(text));
        } else {
            previous(info);
        }
    }));
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
