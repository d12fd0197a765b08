//! Combining declaration specifiers: `unsigned long int` becomes
//! [`BuiltinType::ULong`], and invalid mixtures (`unsigned float`,
//! `int uint`, two storage classes, a missing type) become diagnostics.
//! OpenCL C has no implicit `int`, so a declaration without a type
//! specifier is an error.

use crate::actions::{Basic, QualKind, SpecKind, SpecPiece};
use crate::ast::*;
use crate::codes;
use oclc_diagnostics::{Diagnostic, Span};
use oclc_preprocessor::Symbol;

/// The message for declaration specifiers with no type in them.
pub(crate) const TYPE_SPECIFIER_MISSING: &str = "type specifier missing";

/// Combines specifiers in source order into [`DeclSpecs`]; `span` covers
/// all of them and `name_of` spells typedef names for messages.
pub fn combine(
    pieces: Vec<SpecPiece>,
    span: Span,
    name_of: impl Fn(Symbol) -> String,
) -> (DeclSpecs, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let mut storage: Option<(StorageClass, Span)> = None;
    let mut kernel = None;
    let mut inline = None;
    let mut pipe = None;
    let mut qualifiers = Qualifiers::default();
    let mut attributes = Vec::new();
    let mut basics: Vec<(Basic, Span)> = Vec::new();
    // The one non-keyword type specifier, with the symbol naming it.
    let mut other: Option<(TypeSpec, Option<Symbol>, Span)> = None;
    let spell = |ty: &TypeSpec, sym: Option<Symbol>| match (ty, sym) {
        (_, Some(sym)) => name_of(sym),
        (TypeSpec::Record(r), None) if r.kind == RecordKind::Union => "union".to_string(),
        (TypeSpec::Record(_), None) => "struct".to_string(),
        (TypeSpec::Typeof(..), None) => "__typeof__".to_string(),
        _ => "enum".to_string(),
    };

    // A `struct`/`union`/`enum` body followed by another type: almost
    // always a missing `;` after the body.
    let mut body_end: Option<(Span, &'static str)> = None;
    let mut reported_missing_semicolon = false;

    for piece in pieces {
        let here = piece.span;
        let is_type = matches!(
            piece.kind,
            SpecKind::Basic(_)
                | SpecKind::TypeName(_)
                | SpecKind::Record(_)
                | SpecKind::Enum(_)
                | SpecKind::Typeof(_)
        );
        if let (true, Some((end, keyword))) = (is_type, body_end) {
            if !reported_missing_semicolon {
                reported_missing_semicolon = true;
                problems.push(missing_semicolon_after_body(end, keyword, here));
            }
            continue;
        }
        body_end = match &piece.kind {
            SpecKind::Record(r) if r.fields.is_some() => Some((
                r.span.end_point(),
                match r.kind {
                    RecordKind::Struct => "struct",
                    RecordKind::Union => "union",
                },
            )),
            SpecKind::Enum(e) if e.enumerators.is_some() => Some((e.span.end_point(), "enum")),
            _ => body_end,
        };
        let named = match piece.kind {
            SpecKind::Storage(class) => {
                match storage {
                    Some((previous, previous_span)) => problems.push(conflict(
                        storage_name(class),
                        here,
                        storage_name(previous),
                        previous_span,
                    )),
                    None => storage = Some((class, here)),
                }
                None
            }
            SpecKind::Kernel => {
                kernel.get_or_insert(here);
                None
            }
            SpecKind::Inline => {
                inline.get_or_insert(here);
                None
            }
            SpecKind::Pipe => {
                pipe.get_or_insert(here);
                None
            }
            SpecKind::Qual(kind) => {
                problems.extend(add_qualifier(&mut qualifiers, kind, here));
                None
            }
            SpecKind::Attributes(list) => {
                attributes.extend(list);
                None
            }
            SpecKind::Basic(basic) => {
                basics.push((basic, here));
                None
            }
            SpecKind::TypeName(t) => Some(match t.builtin {
                Some(builtin) => (TypeSpec::Builtin(builtin, here), Some(t.ident.name)),
                None => (TypeSpec::Typedef(t.ident), Some(t.ident.name)),
            }),
            SpecKind::Record(record) => Some((TypeSpec::Record(*record), None)),
            SpecKind::Enum(e) => Some((TypeSpec::Enum(*e), None)),
            SpecKind::Typeof(t) => Some((TypeSpec::Typeof(t, here), None)),
        };
        if let Some((ty, sym)) = named {
            match &other {
                Some((previous, previous_sym, previous_span)) => problems.push(conflict(
                    &spell(&ty, sym),
                    here,
                    &spell(previous, *previous_sym),
                    *previous_span,
                )),
                None => other = Some((ty, sym, here)),
            }
        }
    }

    let ty = match other {
        Some((ty, sym, other_span)) => {
            if let Some(&(basic, basic_span)) = basics.first() {
                let name = spell(&ty, sym);
                let (later, later_span, earlier, earlier_span) =
                    if basic_span.start > other_span.start {
                        (basic.as_str(), basic_span, name.as_str(), other_span)
                    } else {
                        (name.as_str(), other_span, basic.as_str(), basic_span)
                    };
                problems.push(conflict(later, later_span, earlier, earlier_span));
            }
            ty
        }
        None if basics.is_empty() => {
            problems.push(
                Diagnostic::new(&codes::INVALID_SPECIFIERS, TYPE_SPECIFIER_MISSING)
                    .with_primary(span, "no type given")
                    .with_note("OpenCL C has no implicit `int`")
                    .with_help("write the type explicitly, e.g. `int` or `void`"),
            );
            TypeSpec::Builtin(BuiltinType::Int, span)
        }
        None => {
            let (builtin, problem) = resolve_basic(&basics);
            problems.extend(problem);
            let first = basics.first().map_or(span, |b| b.1);
            let last = basics.last().map_or(span, |b| b.1);
            TypeSpec::Builtin(builtin, first.to(last))
        }
    };

    let specs = DeclSpecs {
        storage,
        kernel,
        inline,
        pipe,
        qualifiers,
        ty,
        attributes,
        span,
    };
    (specs, problems)
}

/// Adds one qualifier; returns a diagnostic for conflicting address spaces.
pub fn add_qualifier(
    qualifiers: &mut Qualifiers,
    kind: QualKind,
    span: Span,
) -> Option<Diagnostic> {
    match kind {
        QualKind::Const => {
            qualifiers.const_.get_or_insert(span);
        }
        QualKind::Volatile => {
            qualifiers.volatile.get_or_insert(span);
        }
        QualKind::Restrict => {
            qualifiers.restrict.get_or_insert(span);
        }
        QualKind::Space(space) => match qualifiers.address_space {
            Some((previous, previous_span)) if previous != space => {
                return Some(
                    Diagnostic::new(
                        &codes::INVALID_SPECIFIERS,
                        "multiple address spaces specified",
                    )
                    .with_primary(span, format!("`{}` given here", space_name(space)))
                    .with_secondary(
                        previous_span,
                        format!("after `{}` here", space_name(previous)),
                    ),
                );
            }
            Some(_) => {}
            None => qualifiers.address_space = Some((space, span)),
        },
    }
    None
}

/// Resolves the basic type keywords (at least one) to a built-in type.
fn resolve_basic(basics: &[(Basic, Span)]) -> (BuiltinType, Option<Diagnostic>) {
    let first_of = |b: Basic| basics.iter().find(|x| x.0 == b).map(|x| x.1);
    let count = |b: Basic| basics.iter().filter(|x| x.0 == b).count();

    // Repeated keywords (only `long` may appear twice).
    for (i, &(basic, here)) in basics.iter().enumerate() {
        let earlier = basics[..i].iter().filter(|x| x.0 == basic).count();
        if earlier >= 1 && !(basic == Basic::Long && earlier == 1) {
            let message = format!("duplicate `{}`", basic.as_str());
            let problem = Diagnostic::new(&codes::INVALID_SPECIFIERS, message)
                .with_primary(here, "written again here");
            return (fallback(basics), Some(problem));
        }
    }

    let unsigned = first_of(Basic::Unsigned);
    let signed = first_of(Basic::Signed);
    if let (Some(u), Some(s)) = (unsigned, signed) {
        let (later, earlier) = if u.start > s.start {
            (("unsigned", u), ("signed", s))
        } else {
            (("signed", s), ("unsigned", u))
        };
        return (
            fallback(basics),
            Some(conflict(later.0, later.1, earlier.0, earlier.1)),
        );
    }
    let is_unsigned = unsigned.is_some();
    let sign = unsigned
        .map(|s| ("unsigned", s))
        .or(signed.map(|s| ("signed", s)));

    // The one "base" keyword other than the size modifiers.
    let bases = [
        Basic::Void,
        Basic::Bool,
        Basic::Char,
        Basic::Float,
        Basic::Double,
        Basic::Half,
    ];
    let mut named = basics.iter().filter(|x| bases.contains(&x.0));
    let base = named.next().copied();
    if let (Some(a), Some(b)) = (base, named.next()) {
        return (
            fallback(basics),
            Some(conflict(b.0.as_str(), b.1, a.0.as_str(), a.1)),
        );
    }
    let longs = count(Basic::Long);
    let short = first_of(Basic::Short);
    let long = first_of(Basic::Long);
    let int = first_of(Basic::Int);

    match base {
        Some((Basic::Char, char_span)) => {
            for (word, modifier) in [("short", short), ("long", long), ("int", int)] {
                if let Some(here) = modifier {
                    return (
                        fallback(basics),
                        Some(conflict(word, here, "char", char_span)),
                    );
                }
            }
            let ty = if is_unsigned {
                BuiltinType::UChar
            } else {
                BuiltinType::Char
            };
            (ty, None)
        }
        Some((basic, base_span)) => {
            let ty = match basic {
                Basic::Void => BuiltinType::Void,
                Basic::Bool => BuiltinType::Bool,
                Basic::Float => BuiltinType::Float,
                Basic::Double => BuiltinType::Double,
                _ => BuiltinType::Half,
            };
            if basic == Basic::Double {
                if let Some(here) = long {
                    let problem = Diagnostic::new(
                        &codes::INVALID_SPECIFIERS,
                        "`long double` is not supported in OpenCL C",
                    )
                    .with_primary(here.to(base_span), "not supported");
                    return (ty, Some(problem));
                }
            }
            if let Some((word, here)) = sign {
                let message = format!("`{}` cannot be {word}", basic.as_str());
                let problem = Diagnostic::new(&codes::INVALID_SPECIFIERS, message)
                    .with_primary(here, format!("`{word}` given here"));
                return (ty, Some(problem));
            }
            for (word, modifier) in [("short", short), ("long", long), ("int", int)] {
                if let Some(here) = modifier {
                    return (ty, Some(conflict(word, here, basic.as_str(), base_span)));
                }
            }
            (ty, None)
        }
        None => {
            if let (Some(s), Some(l)) = (short, long) {
                let (later, earlier) = if s.start > l.start {
                    (("short", s), ("long", l))
                } else {
                    (("long", l), ("short", s))
                };
                return (
                    fallback(basics),
                    Some(conflict(later.0, later.1, earlier.0, earlier.1)),
                );
            }
            let ty = match (short.is_some(), longs > 0, is_unsigned) {
                (true, _, false) => BuiltinType::Short,
                (true, _, true) => BuiltinType::UShort,
                (false, true, false) => BuiltinType::Long,
                (false, true, true) => BuiltinType::ULong,
                (false, false, false) => BuiltinType::Int,
                (false, false, true) => BuiltinType::UInt,
            };
            if longs > 1 {
                let spans: Vec<Span> = basics
                    .iter()
                    .filter(|x| x.0 == Basic::Long)
                    .map(|x| x.1)
                    .collect();
                let here = spans[0].to(spans[spans.len() - 1]);
                let problem = Diagnostic::new(
                    &codes::INVALID_SPECIFIERS,
                    "`long long` is reserved in OpenCL C",
                )
                .with_primary(here, "not supported")
                .with_help("`long` is already 64 bits wide in OpenCL C");
                return (ty, Some(problem));
            }
            (ty, None)
        }
    }
}

/// The type assumed after an invalid combination: the first keyword's.
fn fallback(basics: &[(Basic, Span)]) -> BuiltinType {
    match basics.first().map(|b| b.0) {
        Some(Basic::Void) => BuiltinType::Void,
        Some(Basic::Bool) => BuiltinType::Bool,
        Some(Basic::Char) => BuiltinType::Char,
        Some(Basic::Short) => BuiltinType::Short,
        Some(Basic::Long) => BuiltinType::Long,
        Some(Basic::Float) => BuiltinType::Float,
        Some(Basic::Double) => BuiltinType::Double,
        Some(Basic::Half) => BuiltinType::Half,
        Some(Basic::Unsigned) => BuiltinType::UInt,
        Some(Basic::Int | Basic::Signed) | None => BuiltinType::Int,
    }
}

/// "expected `;` after struct definition", at the end of the body.
fn missing_semicolon_after_body(end: Span, keyword: &str, next: Span) -> Diagnostic {
    Diagnostic::new(
        &codes::SYNTAX_ERROR,
        format!("expected `;` after {keyword} definition"),
    )
    .with_primary(end, "expected `;`")
    .with_secondary(next, "a new declaration seems to start here")
    .with_fix("add `;` here", end, ";")
}

/// "cannot combine `later` with `earlier`".
fn conflict(later: &str, later_span: Span, earlier: &str, earlier_span: Span) -> Diagnostic {
    Diagnostic::new(
        &codes::INVALID_SPECIFIERS,
        format!("cannot combine `{later}` with `{earlier}`"),
    )
    .with_primary(later_span, format!("conflicts with `{earlier}`"))
    .with_secondary(earlier_span, format!("`{earlier}` given here"))
}

fn storage_name(class: StorageClass) -> &'static str {
    match class {
        StorageClass::Typedef => "typedef",
        StorageClass::Extern => "extern",
        StorageClass::Static => "static",
    }
}

fn space_name(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Private => "__private",
        AddressSpace::Global => "__global",
        AddressSpace::Local => "__local",
        AddressSpace::Constant => "__constant",
        AddressSpace::Generic => "__generic",
    }
}
