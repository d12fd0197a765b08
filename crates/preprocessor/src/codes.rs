//! The preprocessor's diagnostic codes (E01xx errors, W01xx warnings).

use oclc_diagnostics::{Code, Level};

/// The section every preprocessor code cites.
const SPEC: Option<&str> =
    Some("C99 §6.10 (OpenCL C 3.0 §6.10 Preprocessor Directives and Macros)");

#[doc = "a `/*` comment is not closed before the end of the file"]
pub static UNTERMINATED_COMMENT: Code = Code {
    id: "E0101",
    name: "unterminated-comment",
    default_level: Level::Deny,
    summary: "a `/*` comment is not closed before the end of the file",
    spec: SPEC,
    explanation: "A block comment that starts with `/*` must end with `*/` in the same file. \
    Everything after an unterminated `/*` is ignored, so the rest of the file \
    disappears. Close the comment, or use `//` for a one-line comment.",
};

#[doc = "a character or string literal is not closed on its line"]
pub static UNTERMINATED_LITERAL: Code = Code {
    id: "E0102",
    name: "unterminated-literal",
    default_level: Level::Deny,
    summary: "a character or string literal is not closed on its line",
    spec: SPEC,
    explanation: "Character literals (`'a'`) and string literals (`\"text\"`) must end on the \
    line where they start. A literal may continue on the next line only with a \
    backslash immediately before the newline. Add the closing quote; to put a \
    quote character inside a literal, escape it (`'\\''`, `\"\\\"\"`).",
};

#[doc = "a line starting with `#` is not a known preprocessing directive"]
pub static INVALID_DIRECTIVE: Code = Code {
    id: "E0103",
    name: "invalid-directive",
    default_level: Level::Deny,
    summary: "a line starting with `#` is not a known preprocessing directive",
    spec: SPEC,
    explanation: "After `#` at the start of a line, the preprocessor expects one of `define`, \
    `undef`, `include`, `if`, `ifdef`, `ifndef`, `elif`, `else`, `endif`, \
    `line`, `error`, `warning` or `pragma` (or nothing: the null directive). \
    Check the spelling of the directive.",
};

#[doc = "a `#define` or `#undef` is malformed"]
pub static MALFORMED_DEFINE: Code = Code {
    id: "E0104",
    name: "malformed-define",
    default_level: Level::Deny,
    summary: "a `#define` or `#undef` is malformed",
    spec: SPEC,
    explanation: "A macro definition needs an identifier after `#define`; a function-like \
    macro's parameter list must be identifiers separated by commas, optionally \
    ending with `...`, with no parameter named twice. In the replacement list, \
    `#` must be followed by a parameter and `##` may not begin or end it. The \
    name `defined` cannot be defined or undefined.",
};

#[doc = "a function-like macro is invoked with the wrong number of arguments"]
pub static MACRO_ARG_COUNT: Code = Code {
    id: "E0105",
    name: "macro-arg-count",
    default_level: Level::Deny,
    summary: "a function-like macro is invoked with the wrong number of arguments",
    spec: SPEC,
    explanation: "A function-like macro must be invoked with exactly as many arguments as it \
    has parameters (at least as many for a variadic macro, whose extra \
    arguments become `__VA_ARGS__`). Commas inside parentheses do not separate \
    arguments; wrap an argument that contains a top-level comma in parentheses.",
};

#[doc = "a function-like macro invocation has no closing parenthesis"]
pub static UNTERMINATED_MACRO_CALL: Code = Code {
    id: "E0106",
    name: "unterminated-macro-call",
    default_level: Level::Deny,
    summary: "a function-like macro invocation has no closing parenthesis",
    spec: SPEC,
    explanation: "The arguments of a function-like macro invocation extend to the matching \
    `)`. If the file (or the expanded text) ends first, the invocation is \
    unterminated. Add the missing `)`.",
};

#[doc = "`#if`/`#elif`/`#else`/`#endif` directives do not match up"]
pub static UNBALANCED_CONDITIONAL: Code = Code {
    id: "E0107",
    name: "unbalanced-conditional",
    default_level: Level::Deny,
    summary: "`#if`/`#elif`/`#else`/`#endif` directives do not match up",
    spec: SPEC,
    explanation: "Every `#if`, `#ifdef` and `#ifndef` needs a matching `#endif` in the same \
    file; `#elif` and `#else` may appear only between them, and nothing but \
    `#endif` may follow `#else`.",
};

#[doc = "the controlling expression of `#if`/`#elif` is invalid"]
pub static INVALID_IF_EXPRESSION: Code = Code {
    id: "E0108",
    name: "invalid-if-expression",
    default_level: Level::Deny,
    summary: "the controlling expression of `#if`/`#elif` is invalid",
    spec: SPEC,
    explanation: "The expression after `#if` or `#elif` must be an integer constant \
    expression made of integer and character literals, operators, \
    parentheses and `defined NAME`. Identifiers that are not macros count as \
    `0`. Floating literals, assignments, division by zero and a comma \
    operator outside parentheses are errors.",
};

#[doc = "an `#include`d file cannot be found or read"]
pub static INCLUDE_NOT_FOUND: Code = Code {
    id: "E0109",
    name: "include-not-found",
    default_level: Level::Deny,
    summary: "an `#include`d file cannot be found or read",
    spec: SPEC,
    explanation: "`#include \"file\"` looks in the directory of the including file, then in \
    the `-I` directories in order; `#include <file>` looks only in the `-I` \
    directories. Check the name, or add the directory that holds the file \
    with `-I`.",
};

#[doc = "`#include` is nested too deeply"]
pub static INCLUDE_DEPTH: Code = Code {
    id: "E0110",
    name: "include-depth",
    default_level: Level::Deny,
    summary: "`#include` is nested too deeply",
    spec: SPEC,
    explanation: "Included files may include further files only up to a fixed depth. \
    Exceeding it usually means that a file includes itself, directly or \
    through other files, without an include guard. Add `#pragma once` or an \
    `#ifndef` guard to the header. Preprocessing stops at this error.",
};

#[doc = "an `#error` directive was reached"]
pub static ERROR_DIRECTIVE: Code = Code {
    id: "E0111",
    name: "error-directive",
    default_level: Level::Deny,
    summary: "an `#error` directive was reached",
    spec: SPEC,
    explanation: "The source asked for compilation to fail with `#error`, usually because a \
    configuration it needs is missing (an extension, an OpenCL C version, a \
    macro). Read the message that follows `#error`.",
};

#[doc = "a preprocessor resource limit was exceeded"]
pub static LIMIT_EXCEEDED: Code = Code {
    id: "E0112",
    name: "preprocessor-limit",
    default_level: Level::Deny,
    summary: "a preprocessor resource limit was exceeded",
    spec: SPEC,
    explanation: "To protect against runaway input, the preprocessor limits the number of \
    macro expansions, the number of tokens it produces, and the nesting of \
    `#if` directives and of parentheses in `#if` expressions. Exceeding one \
    stops preprocessing; the output is truncated. Recursive or exponentially \
    growing macros are the usual cause.",
};

#[doc = "`##` does not form a valid preprocessing token"]
pub static INVALID_PASTE: Code = Code {
    id: "E0113",
    name: "invalid-token-paste",
    default_level: Level::Deny,
    summary: "`##` does not form a valid preprocessing token",
    spec: SPEC,
    explanation: "The `##` operator joins the tokens on either side into one token. The \
    joined text must be a single valid preprocessing token (an identifier, a \
    number, a punctuator, a literal); joining `+` and `-`, for example, gives \
    `+-`, which is two tokens. The tokens are kept separate.",
};

#[doc = "a preprocessing directive has the wrong form"]
pub static MALFORMED_DIRECTIVE: Code = Code {
    id: "E0114",
    name: "malformed-directive",
    default_level: Level::Deny,
    summary: "a preprocessing directive has the wrong form",
    spec: SPEC,
    explanation: "`#ifdef`, `#ifndef` and `#undef` need a macro name; `#include` needs \
    `\"file\"` or `<file>` (possibly produced by macros); `#line` needs a \
    positive line number and optionally a file name in quotes.",
};

#[doc = "a `#warning` directive was reached"]
pub static WARNING_DIRECTIVE: Code = Code {
    id: "W0101",
    name: "warning-directive",
    default_level: Level::Warn,
    summary: "a `#warning` directive was reached",
    spec: SPEC,
    explanation: "The source asked for a warning with `#warning`. Compilation continues.",
};

#[doc = "a macro is redefined with a different definition"]
pub static MACRO_REDEFINED: Code = Code {
    id: "W0102",
    name: "macro-redefined",
    default_level: Level::Warn,
    summary: "a macro is redefined with a different definition",
    spec: SPEC,
    explanation: "A macro may be defined again only with the same parameters and the same \
    replacement list (white space aside). A different redefinition replaces \
    the old one, which often hides a configuration mistake. `#undef` the \
    macro first if the change is intended.",
};

#[doc = "the count of `#pragma unroll` is not a positive integer constant"]
pub static INVALID_LOOP_PRAGMA: Code = Code {
    id: "E0115",
    name: "invalid-loop-pragma",
    default_level: Level::Deny,
    summary: "the count of `#pragma unroll` is not a positive integer constant",
    spec: SPEC,
    explanation: "`#pragma unroll N` (or `#pragma unroll(N)`) asks for a loop to be \
    unrolled N times; N is an integer constant expression, after macro \
    expansion, from 1 to 2147483647, as clang requires. `#pragma unroll` \
    without a count asks for full unrolling, `#pragma nounroll` for none.\n\n\
    ```c\n#pragma unroll 0   // error: invalid value '0'; must be positive\n\
    for (int i = 0; i < n; i++) a[i] = 0;\n```",
};

#[doc = "an `OPENCL` pragma has the wrong form and is ignored"]
pub static MALFORMED_PRAGMA: Code = Code {
    id: "W0103",
    name: "malformed-pragma",
    default_level: Level::Warn,
    summary: "an `OPENCL` pragma has the wrong form and is ignored",
    spec: SPEC,
    explanation: "The extension pragma has the form `#pragma OPENCL EXTENSION name : enable` \
    (or `disable`), where `name` is an extension name or `all`. A pragma that \
    does not follow this form is ignored.",
};

#[doc = "a directive has extra tokens at the end, which are ignored"]
pub static EXTRA_TOKENS: Code = Code {
    id: "W0104",
    name: "extra-tokens",
    default_level: Level::Warn,
    summary: "a directive has extra tokens at the end, which are ignored",
    spec: SPEC,
    explanation: "Directives such as `#endif`, `#else`, `#ifdef NAME` and `#include \
    \"file\"` end where their syntax ends; anything after that on the line \
    is ignored. To keep a note there, write it as a comment.",
};

#[doc = "a trigraph was replaced"]
pub static TRIGRAPH: Code = Code {
    id: "W0105",
    name: "trigraph",
    default_level: Level::Warn,
    summary: "a trigraph was replaced",
    spec: SPEC,
    explanation: "C's translation phase 1 replaces the trigraphs `??=` `??(` `??)` `??<` \
    `??>` `??/` `??'` `??!` `??-` with `#` `[` `]` `{` `}` `\\` `^` `|` `~` \
    everywhere, string literals and comments included, as clang does for \
    OpenCL C. A `??` meant literally in a string can be written `?\\?`.",
};

/// Every preprocessor code.
pub static CODES: &[&Code] = &[
    &UNTERMINATED_COMMENT,
    &UNTERMINATED_LITERAL,
    &INVALID_DIRECTIVE,
    &MALFORMED_DEFINE,
    &MACRO_ARG_COUNT,
    &UNTERMINATED_MACRO_CALL,
    &UNBALANCED_CONDITIONAL,
    &INVALID_IF_EXPRESSION,
    &INCLUDE_NOT_FOUND,
    &INCLUDE_DEPTH,
    &ERROR_DIRECTIVE,
    &LIMIT_EXCEEDED,
    &INVALID_PASTE,
    &MALFORMED_DIRECTIVE,
    &INVALID_LOOP_PRAGMA,
    &WARNING_DIRECTIVE,
    &MACRO_REDEFINED,
    &MALFORMED_PRAGMA,
    &EXTRA_TOKENS,
    &TRIGRAPH,
];
