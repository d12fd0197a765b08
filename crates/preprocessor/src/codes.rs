//! The preprocessor's diagnostic codes (E01xx errors, W01xx warnings).

use oclc_diagnostics::{Code, Level};

/// Defines an error code (always an error).
macro_rules! error_code {
    ($static:ident, $id:literal, $name:literal, $summary:literal, $explanation:literal) => {
        #[doc = $summary]
        pub static $static: Code = Code {
            id: $id,
            name: $name,
            default_level: Level::Deny,
            summary: $summary,
            spec: Some("C99 §6.10 (OpenCL C 3.0 §6.10 Preprocessor Directives and Macros)"),
            explanation: $explanation,
        };
    };
}

/// Defines a warning code (its level set with `-W`/`--allow`).
macro_rules! warning_code {
    ($static:ident, $id:literal, $name:literal, $summary:literal, $explanation:literal) => {
        #[doc = $summary]
        pub static $static: Code = Code {
            id: $id,
            name: $name,
            default_level: Level::Warn,
            summary: $summary,
            spec: Some("C99 §6.10 (OpenCL C 3.0 §6.10 Preprocessor Directives and Macros)"),
            explanation: $explanation,
        };
    };
}

error_code!(
    UNTERMINATED_COMMENT,
    "E0101",
    "unterminated-comment",
    "a `/*` comment is not closed before the end of the file",
    "A block comment that starts with `/*` must end with `*/` in the same file. \
     Everything after an unterminated `/*` is ignored, so the rest of the file \
     disappears. Close the comment, or use `//` for a one-line comment."
);
error_code!(
    UNTERMINATED_LITERAL,
    "E0102",
    "unterminated-literal",
    "a character or string literal is not closed on its line",
    "Character literals (`'a'`) and string literals (`\"text\"`) must end on the \
     line where they start. A literal may continue on the next line only with a \
     backslash immediately before the newline. Add the closing quote; to put a \
     quote character inside a literal, escape it (`'\\''`, `\"\\\"\"`)."
);
error_code!(
    INVALID_DIRECTIVE,
    "E0103",
    "invalid-directive",
    "a line starting with `#` is not a known preprocessing directive",
    "After `#` at the start of a line, the preprocessor expects one of `define`, \
     `undef`, `include`, `if`, `ifdef`, `ifndef`, `elif`, `else`, `endif`, \
     `line`, `error`, `warning` or `pragma` (or nothing: the null directive). \
     Check the spelling of the directive."
);
error_code!(
    MALFORMED_DEFINE,
    "E0104",
    "malformed-define",
    "a `#define` or `#undef` is malformed",
    "A macro definition needs an identifier after `#define`; a function-like \
     macro's parameter list must be identifiers separated by commas, optionally \
     ending with `...`, with no parameter named twice. In the replacement list, \
     `#` must be followed by a parameter and `##` may not begin or end it. The \
     name `defined` cannot be defined or undefined."
);
error_code!(
    MACRO_ARG_COUNT,
    "E0105",
    "macro-arg-count",
    "a function-like macro is invoked with the wrong number of arguments",
    "A function-like macro must be invoked with exactly as many arguments as it \
     has parameters (at least as many for a variadic macro, whose extra \
     arguments become `__VA_ARGS__`). Commas inside parentheses do not separate \
     arguments; wrap an argument that contains a top-level comma in parentheses."
);
error_code!(
    UNTERMINATED_MACRO_CALL,
    "E0106",
    "unterminated-macro-call",
    "a function-like macro invocation has no closing parenthesis",
    "The arguments of a function-like macro invocation extend to the matching \
     `)`. If the file (or the expanded text) ends first, the invocation is \
     unterminated. Add the missing `)`."
);
error_code!(
    UNBALANCED_CONDITIONAL,
    "E0107",
    "unbalanced-conditional",
    "`#if`/`#elif`/`#else`/`#endif` directives do not match up",
    "Every `#if`, `#ifdef` and `#ifndef` needs a matching `#endif` in the same \
     file; `#elif` and `#else` may appear only between them, and nothing but \
     `#endif` may follow `#else`."
);
error_code!(
    INVALID_IF_EXPRESSION,
    "E0108",
    "invalid-if-expression",
    "the controlling expression of `#if`/`#elif` is invalid",
    "The expression after `#if` or `#elif` must be an integer constant \
     expression made of integer and character literals, operators, \
     parentheses and `defined NAME`. Identifiers that are not macros count as \
     `0`. Floating literals, assignments, division by zero and a comma \
     operator outside parentheses are errors."
);
error_code!(
    INCLUDE_NOT_FOUND,
    "E0109",
    "include-not-found",
    "an `#include`d file cannot be found or read",
    "`#include \"file\"` looks in the directory of the including file, then in \
     the `-I` directories in order; `#include <file>` looks only in the `-I` \
     directories. Check the name, or add the directory that holds the file \
     with `-I`."
);
error_code!(
    INCLUDE_DEPTH,
    "E0110",
    "include-depth",
    "`#include` is nested too deeply",
    "Included files may include further files only up to a fixed depth. \
     Exceeding it usually means that a file includes itself, directly or \
     through other files, without an include guard. Add `#pragma once` or an \
     `#ifndef` guard to the header. Preprocessing stops at this error."
);
error_code!(
    ERROR_DIRECTIVE,
    "E0111",
    "error-directive",
    "an `#error` directive was reached",
    "The source asked for compilation to fail with `#error`, usually because a \
     configuration it needs is missing (an extension, an OpenCL C version, a \
     macro). Read the message that follows `#error`."
);
error_code!(
    LIMIT_EXCEEDED,
    "E0112",
    "preprocessor-limit",
    "a preprocessor resource limit was exceeded",
    "To protect against runaway input, the preprocessor limits the number of \
     macro expansions, the number of tokens it produces, and the nesting of \
     `#if` directives and of parentheses in `#if` expressions. Exceeding one \
     stops preprocessing; the output is truncated. Recursive or exponentially \
     growing macros are the usual cause."
);
error_code!(
    INVALID_PASTE,
    "E0113",
    "invalid-token-paste",
    "`##` does not form a valid preprocessing token",
    "The `##` operator joins the tokens on either side into one token. The \
     joined text must be a single valid preprocessing token (an identifier, a \
     number, a punctuator, a literal); joining `+` and `-`, for example, gives \
     `+-`, which is two tokens. The tokens are kept separate."
);
error_code!(
    MALFORMED_DIRECTIVE,
    "E0114",
    "malformed-directive",
    "a preprocessing directive has the wrong form",
    "`#ifdef`, `#ifndef` and `#undef` need a macro name; `#include` needs \
     `\"file\"` or `<file>` (possibly produced by macros); `#line` needs a \
     positive line number and optionally a file name in quotes."
);
warning_code!(
    WARNING_DIRECTIVE,
    "W0101",
    "warning-directive",
    "a `#warning` directive was reached",
    "The source asked for a warning with `#warning`. Compilation continues."
);
warning_code!(
    MACRO_REDEFINED,
    "W0102",
    "macro-redefined",
    "a macro is redefined with a different definition",
    "A macro may be defined again only with the same parameters and the same \
     replacement list (white space aside). A different redefinition replaces \
     the old one, which often hides a configuration mistake. `#undef` the \
     macro first if the change is intended."
);
error_code!(
    INVALID_LOOP_PRAGMA,
    "E0115",
    "invalid-loop-pragma",
    "the count of `#pragma unroll` is not a positive integer constant",
    "`#pragma unroll N` (or `#pragma unroll(N)`) asks for a loop to be \
     unrolled N times; N is an integer constant expression, after macro \
     expansion, from 1 to 2147483647, as clang requires. `#pragma unroll` \
     without a count asks for full unrolling, `#pragma nounroll` for none.\n\n\
     ```c\n#pragma unroll 0   // error: invalid value '0'; must be positive\n\
     for (int i = 0; i < n; i++) a[i] = 0;\n```"
);
warning_code!(
    MALFORMED_PRAGMA,
    "W0103",
    "malformed-pragma",
    "an `OPENCL` pragma has the wrong form and is ignored",
    "The extension pragma has the form `#pragma OPENCL EXTENSION name : enable` \
     (or `disable`), where `name` is an extension name or `all`. A pragma that \
     does not follow this form is ignored."
);
warning_code!(
    EXTRA_TOKENS,
    "W0104",
    "extra-tokens",
    "a directive has extra tokens at the end, which are ignored",
    "Directives such as `#endif`, `#else`, `#ifdef NAME` and `#include \
     \"file\"` end where their syntax ends; anything after that on the line \
     is ignored. To keep a note there, write it as a comment."
);

warning_code!(
    TRIGRAPH,
    "W0105",
    "trigraph",
    "a trigraph was replaced",
    "C's translation phase 1 replaces the trigraphs `??=` `??(` `??)` `??<` \
     `??>` `??/` `??'` `??!` `??-` with `#` `[` `]` `{` `}` `\\` `^` `|` `~` \
     everywhere, string literals and comments included, as clang does for \
     OpenCL C. A `??` meant literally in a string can be written `?\\?`."
);

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
