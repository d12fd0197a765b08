//! `#pragma pack`: the largest alignment members of structs defined while
//! it is in effect may have, as GCC and clang read it —
//! `#pragma pack(N)` sets it, `#pragma pack()` clears it,
//! `#pragma pack(push[, N])` saves the current value (then sets N) and
//! `#pragma pack(pop)` restores the last saved one. A pragma counts for a
//! definition after it in the same file; one in an included header counts
//! for every definition of the including file (as for `FP_CONTRACT`).

use oclc_diagnostics::Span;
use oclc_preprocessor::Pragma;

/// One `#pragma pack` directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// Set the limit (0: none).
    Set(u64),
    /// Save the limit, then set it if given.
    Push(Option<u64>),
    /// Restore the last saved limit.
    Pop,
}

/// The `#pragma pack` directives of a translation unit, in order.
#[derive(Debug, Default)]
pub(crate) struct PackPragmas {
    actions: Vec<(Span, Action)>,
}

impl PackPragmas {
    /// The pack pragmas among `pragmas`.
    pub(crate) fn new(pragmas: &[Pragma]) -> Self {
        let actions = pragmas
            .iter()
            .filter_map(|p| Some((p.span, parse(&p.text)?)))
            .collect();
        PackPragmas { actions }
    }

    /// The member alignment limit in effect at `at` (0: none).
    pub(crate) fn limit_at(&self, at: Span) -> u64 {
        let mut current = 0;
        let mut saved = Vec::new();
        for &(span, action) in &self.actions {
            let before = span.file != at.file || span.start < at.start;
            if !before {
                continue;
            }
            match action {
                Action::Set(n) => current = n,
                Action::Push(n) => {
                    saved.push(current);
                    if let Some(n) = n {
                        current = n;
                    }
                }
                Action::Pop => current = saved.pop().unwrap_or(0),
            }
        }
        current
    }
}

/// `#pragma pack ( … )` as an action; `None` for other pragmas and for
/// forms that are not understood (ignored, as compilers do).
fn parse(text: &str) -> Option<Action> {
    let rest = text.strip_prefix("#pragma")?.trim_start();
    let rest = rest.strip_prefix("pack")?;
    let compact: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let inner = compact.strip_prefix('(')?.strip_suffix(')')?;
    let number = |s: &str| s.parse::<u64>().ok().filter(|n| n.is_power_of_two());
    let parts: Vec<&str> = inner.split(',').collect();
    Some(match parts[..] {
        [""] => Action::Set(0),
        ["push"] => Action::Push(None),
        ["push", n] => Action::Push(Some(number(n)?)),
        ["pop"] => Action::Pop,
        [n] => Action::Set(number(n)?),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{parse, Action};

    #[test]
    fn forms() {
        assert_eq!(parse("#pragma pack ( 1 )"), Some(Action::Set(1)));
        assert_eq!(parse("#pragma pack()"), Some(Action::Set(0)));
        assert_eq!(
            parse("#pragma pack ( push , 2 )"),
            Some(Action::Push(Some(2)))
        );
        assert_eq!(parse("#pragma pack(push)"), Some(Action::Push(None)));
        assert_eq!(parse("#pragma pack(pop)"), Some(Action::Pop));
        assert_eq!(parse("#pragma pack(3)"), None);
        assert_eq!(parse("#pragma packed(1)"), None);
        assert_eq!(parse("#pragma OPENCL FP_CONTRACT ON"), None);
    }
}
