//! The syntax diagnostics' codes (E02xx, W02xx).

use oclc_diagnostics::{Code, Level};

/// A token the grammar does not allow where it appears.
pub static SYNTAX_ERROR: Code = Code {
    id: "E0201",
    name: "syntax-error",
    default_level: Level::Deny,
    summary: "the code does not follow OpenCL C syntax",
    spec: Some("OpenCL C 3.0 §6 (C99 §6.5–6.9)"),
    explanation: "The parser found a token it cannot accept at that point, such as a \
missing `;` after a statement or declaration, an unbalanced bracket, or an expression \
where a type is needed.\n\nThe message says what was expected and where; for a missing \
`;` a fix inserting it is offered. After an error the parser skips to the next `;` or \
`}` and keeps going, so several independent errors are reported in one run.\n\n\
```c\nint x = 1   // error: expected `;` after declaration\n```\n",
};

/// A character that cannot begin any token.
pub static UNEXPECTED_CHARACTER: Code = Code {
    id: "E0202",
    name: "unexpected-character",
    default_level: Level::Deny,
    summary: "a character that is not part of any OpenCL C token",
    spec: Some("OpenCL C 3.0 §6.1 (C99 §6.4)"),
    explanation: "Characters such as `@`, `$`, a backquote, a stray backslash or a NUL \
byte cannot appear in OpenCL C source outside comments, strings and character \
constants. Remove the character; it is often left over from editing or from another \
language's syntax.\n",
};

/// A number, character or string literal that is malformed.
pub static INVALID_LITERAL: Code = Code {
    id: "E0203",
    name: "invalid-literal",
    default_level: Level::Deny,
    summary: "a malformed numeric, character or string literal",
    spec: Some("OpenCL C 3.0 §6.1 (C99 §6.4.4, §6.4.5)"),
    explanation: "Examples: `08` (8 is not an octal digit), `1e` (an exponent needs \
digits), `0x` (no hexadecimal digits), `12abc` (an unknown suffix), `0x1.8` (a \
hexadecimal floating literal needs a `p` exponent), `''` (an empty character \
constant), or an unknown escape sequence such as `\\q`.\n\nInteger literals take the \
suffixes `u`, `l`, `ul`, `lu` (any case); floating literals take `f` or `h`.\n",
};

/// A literal whose value does not fit its type.
pub static LITERAL_OUT_OF_RANGE: Code = Code {
    id: "E0204",
    name: "literal-out-of-range",
    default_level: Level::Deny,
    summary: "a literal's value does not fit in any type",
    spec: Some("OpenCL C 3.0 §6.1 (C99 §6.4.4.1, §6.4.4.2)"),
    explanation: "An integer literal larger than 2^64 - 1, or a hexadecimal escape larger \
than a byte, cannot be represented. (A floating literal beyond its type's range is \
infinity, with warning W0202.)\n",
};

/// Brackets, expressions or statements nested beyond oclc's limits.
pub static NESTING_LIMIT: Code = Code {
    id: "E0205",
    name: "nesting-limit",
    default_level: Level::Deny,
    summary: "brackets, expressions or statements nested too deeply",
    spec: None,
    explanation: "oclc accepts at most 256 nested brackets (`(`, `[` and `{` together) \
and expressions or statements nested at most 512 deep. Deeper nesting is almost \
always generated code; split it into smaller functions or temporaries. The limits keep \
the compiler from exhausting its stack on hostile input.\n",
};

/// Syntax oclc parses but does not implement.
pub static UNSUPPORTED_SYNTAX: Code = Code {
    id: "E0206",
    name: "unsupported-syntax",
    default_level: Level::Deny,
    summary: "a construct oclc does not support yet",
    spec: None,
    explanation: "Bit-fields, and blocks and the other constructs of device-side enqueue \
(`^(…){…}`, `queue_t`, `ndrange_t`, `clk_event_t`), are valid OpenCL C that oclc does not \
support. Replace bit-fields with explicit shifts and masks; write a block's body as a \
function; enqueue kernels from the host.\n",
};

/// Declaration specifiers that do not form a type.
pub static INVALID_SPECIFIERS: Code = Code {
    id: "E0207",
    name: "invalid-specifiers",
    default_level: Level::Deny,
    summary: "declaration specifiers that do not form a valid type",
    spec: Some("OpenCL C 3.0 §6.1, §6.7 (C99 §6.7.2)"),
    explanation: "Type keywords combine only in the ways C allows: `unsigned char`, \
`short int`, `unsigned long` and so on. Combinations such as `unsigned float`, \
`int uint`, `char long`, two storage classes, or two different address spaces are \
errors. OpenCL C has no implicit `int`: every declaration needs a type, e.g. \
`__kernel void k()`, not `__kernel k()`. `long long` and `long double` are reserved.\n",
};

/// The error limit was reached.
pub static TOO_MANY_ERRORS: Code = Code {
    id: "E0208",
    name: "too-many-syntax-errors",
    default_level: Level::Deny,
    summary: "the parser stopped after too many syntax errors",
    spec: None,
    explanation: "After 50 syntax errors in one file the parser stops: later errors are \
usually consequences of earlier ones. Fix the first errors and compile again.\n",
};

/// A loop pragma that no loop follows, or two of them on one loop.
pub static INVALID_LOOP_HINT: Code = Code {
    id: "E0209",
    name: "invalid-loop-hint",
    default_level: Level::Deny,
    summary: "a loop pragma is not followed by a loop, or contradicts another",
    spec: None,
    explanation: "`#pragma unroll`, `#pragma unroll N` and `#pragma nounroll` apply to the \
`for`, `while` or `do` loop right after them (clang's loop pragmas); anything else there \
is an error, as in clang, and so are two of them on one loop.

```c
#pragma unroll
p[0] = 1;                          // error[E0209]: not a loop
#pragma unroll
for (int i = 0; i < 4; i++) p[i] = i;   // ok
```
",
};

/// A `;` at file scope that declares nothing.
pub static EXTRA_SEMICOLON: Code = Code {
    id: "W0201",
    name: "extra-semicolon",
    default_level: Level::Warn,
    summary: "an extra `;` at file scope",
    spec: Some("OpenCL C 3.0 §6 (C99 §6.9)"),
    explanation: "C does not allow an empty declaration at file scope, such as the `;` after a function body (`void f(void) { };`), but clang accepts it with a warning and so does oclc. Removing the `;` changes nothing, so the fix is machine-applicable.

```c
kernel void k(global int *p) { p[0] = 1; };   // warning[W0201]
```
",
};

/// A floating literal beyond or below its type's range.
pub static LITERAL_RANGE: Code = Code {
    id: "W0202",
    name: "literal-range",
    default_level: Level::Warn,
    summary: "a floating literal's magnitude is outside its type's range",
    spec: Some("OpenCL C 3.0 §6.1 (C99 §6.4.4.2)"),
    explanation: "A floating literal too large for its type is infinity (`1e39f`, `1e400`), \
one too small but not zero is zero (`1e-50f`), as C rounds it and clang warns. Write \
`INFINITY`, `FLT_MAX` or `0.0f` if that is what is meant, or use a wider type.

```c
float big = 1e39f;   // warning[W0202]: it is infinity
```
",
};

/// Every code this crate reports.
pub static CODES: &[&Code] = &[
    &SYNTAX_ERROR,
    &UNEXPECTED_CHARACTER,
    &INVALID_LITERAL,
    &LITERAL_OUT_OF_RANGE,
    &LITERAL_RANGE,
    &NESTING_LIMIT,
    &UNSUPPORTED_SYNTAX,
    &INVALID_SPECIFIERS,
    &TOO_MANY_ERRORS,
    &INVALID_LOOP_HINT,
    &EXTRA_SEMICOLON,
];
