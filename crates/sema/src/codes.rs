//! Diagnostic codes of semantic analysis (E03xx errors, W03xx warnings):
//! names, types, address spaces, kernels and built-in calls. The atomic
//! rules have their own codes in [`crate::rules`].

use oclc_diagnostics::{Code, Level};

/// A name that no declaration in scope introduces.
pub static UNDECLARED: Code = Code {
    id: "E0301",
    name: "undeclared-identifier",
    default_level: Level::Deny,
    summary: "use of an undeclared identifier",
    spec: None,
    explanation: "A name was used that no declaration in scope introduces, and that is \
    not an OpenCL C built-in.\n\n```c\nkernel void k(global int *p) {\n    \
    p[0] = countr;   // error: `countr` is not declared\n}\n```\n\n\
    Declare the name before its use, or fix the spelling.",
};

/// A second definition of a name in the same scope.
pub static REDEFINITION: Code = Code {
    id: "E0302",
    name: "redefinition",
    default_level: Level::Deny,
    summary: "a name is defined twice in the same scope",
    spec: None,
    explanation: "Each scope may define a name once. A function may be declared several \
    times with the same type but defined only once.\n\n```c\nint x;\n\
    float x;   // error: redefinition of `x`\n```",
};

/// A value of one type where an incompatible type is required.
pub static TYPE_MISMATCH: Code = Code {
    id: "E0303",
    name: "type-mismatch",
    default_level: Level::Deny,
    summary: "a value cannot be converted to the type required",
    spec: Some("OpenCL C 3.0 §6.2"),
    explanation: "Assignment, initialization, argument passing and `return` convert the \
    value to the destination type implicitly only between arithmetic types, \
    from a null pointer constant to a pointer, and between compatible \
    pointers.\n\n```c\nglobal int *p = 1.5f;   // error\n```",
};

/// Operands an operator does not accept.
pub static INVALID_OPERANDS: Code = Code {
    id: "E0304",
    name: "invalid-operands",
    default_level: Level::Deny,
    summary: "an operator is applied to operands of the wrong type",
    spec: None,
    explanation: "Arithmetic operators need arithmetic operands (bitwise operators and \
    `%` need integers); `+` and `-` also accept a pointer and an integer, \
    `-` two pointers to the same type.\n\n```c\nglobal int *p; float f;\n\
    p + f;   // error: invalid operands to binary expression\n```",
};

/// An assignment, increment or address-of on something that is not a
/// modifiable object.
pub static NOT_ASSIGNABLE: Code = Code {
    id: "E0305",
    name: "not-assignable",
    default_level: Level::Deny,
    summary: "the left side of an assignment is not a modifiable object",
    spec: None,
    explanation: "Only modifiable lvalues can be assigned, incremented or decremented: \
    not values, not arrays, not `const` objects and not objects in the \
    `constant` address space (which is read-only).\n\n```c\n\
    kernel void k(constant int *c) {\n    c[0] = 1;   // error\n}\n```",
};

/// An address-space rule of OpenCL C violated.
pub static ADDRESS_SPACE: Code = Code {
    id: "E0306",
    name: "address-space",
    default_level: Level::Deny,
    summary: "an address space is not allowed here or does not match",
    spec: Some("OpenCL C 3.0 §6.7"),
    explanation: "OpenCL C puts every object in an address space. Kernel pointer \
    parameters must point to `global`, `constant` or `local` memory; `local` \
    variables may only be declared at kernel function scope; program-scope \
    variables live in `global` or `constant` memory; pointers convert \
    implicitly only from a named address space to `generic` (and never from \
    `constant`), and from `generic` to a named space only with a cast.\n\n\
    ```c\nkernel void k(int *p) {}   // error: pointer must be global, \
    constant or local\n```",
};

/// A kernel whose return type is not `void`.
pub static KERNEL_RETURN: Code = Code {
    id: "E0307",
    name: "kernel-return-type",
    default_level: Level::Deny,
    summary: "a kernel function must return `void`",
    spec: Some("OpenCL C 3.0 §6.9"),
    explanation: "Kernels are entry points invoked by the host; they cannot return a \
    value.\n\n```c\nkernel int k(global int *p) { return 0; }   // error\n```",
};

/// A call that is part of a cycle in the call graph.
pub static RECURSION: Code = Code {
    id: "E0308",
    name: "recursion",
    default_level: Level::Deny,
    summary: "recursive calls are not allowed",
    spec: Some("OpenCL C 3.0 §6.11"),
    explanation: "OpenCL C does not support recursion: no function may call itself, \
    directly or through other functions.\n\n```c\nint f(int n) { return n ? \
    f(n - 1) : 0; }   // error\n```",
};

/// Valid OpenCL C that oclc cannot compile yet.
pub static UNSUPPORTED: Code = Code {
    id: "E0309",
    name: "unsupported",
    default_level: Level::Deny,
    summary: "a construct is not supported by oclc yet",
    spec: None,
    explanation: "A few constructs of OpenCL C are out of oclc's scope or not implemented \
    yet: device-side enqueue (`enqueue_kernel`, `get_default_queue`, \
    `ndrange_1D`, events), `extern` variables, function typedefs and a few \
    rare initializer forms. The diagnostic names the construct; rewrite \
    the code without it (enqueue kernels from the host).",
};

/// A built-in function called with arguments it does not accept.
pub static BUILTIN_ARGUMENTS: Code = Code {
    id: "E0310",
    name: "builtin-arguments",
    default_level: Level::Deny,
    summary: "a built-in function is called with the wrong number or types of arguments",
    spec: Some("OpenCL C 3.0 §6.15"),
    explanation: "Built-in functions are overloaded on their argument types and address \
    spaces; no overload matched the call.\n\n```c\nkernel void k(global int \
    *p) {\n    atomic_fetch_add(p, 1.5f, 2);   // error: wrong argument count\n}\n```",
};

/// A built-in call that several overloads match equally well.
pub static AMBIGUOUS_CALL: Code = Code {
    id: "E0324",
    name: "ambiguous-call",
    default_level: Level::Deny,
    summary: "a built-in function call matches several overloads and none is best",
    spec: Some("OpenCL C 3.0 §6.15"),
    explanation: "Built-in functions are overloaded on their argument types. When the \
    arguments convert equally well to two or more overloads, the call is \
    ambiguous: `min(int, uint)` could be `min(int, int)` or \
    `min(uint, uint)`, `sqrt(2)` could take a `float` or a `double`. \
    clang rejects these calls too.\n\n```c\nkernel void k(global float *p, \
    uint n) {\n    int i = get_global_id(0);\n    p[0] = min(i, n);        // error: ambiguous\n    \
    p[1] = sqrt(2);          // error: ambiguous\n    p[2] = min(i, (int)n);   // fine\n    \
    p[3] = sqrt(2.0f);       // fine\n}\n```",
};

/// A call of a user function with the wrong number of arguments.
pub static ARGUMENT_COUNT: Code = Code {
    id: "E0311",
    name: "argument-count",
    default_level: Level::Deny,
    summary: "a function is called with the wrong number of arguments",
    spec: None,
    explanation: "A call must pass exactly as many arguments as the function has \
    parameters.\n\n```c\nint f(int a, int b);\nint g(void) { return f(1); }   \
    // error\n```",
};

/// A call of a function that is declared but never defined.
pub static UNDEFINED_FUNCTION: Code = Code {
    id: "E0312",
    name: "undefined-function",
    default_level: Level::Deny,
    summary: "a called function has no definition",
    spec: None,
    explanation: "oclc compiles one translation unit into one module and does not link \
    modules, so every called function must be defined in the same \
    source.\n\n```c\nint helper(int x);\nkernel void k(global int *p) { p[0] \
    = helper(1); }   // error: never defined\n```",
};

/// An expression that must be an integer constant but is not.
pub static NOT_CONSTANT: Code = Code {
    id: "E0313",
    name: "not-constant",
    default_level: Level::Deny,
    summary: "an expression must be a compile-time constant",
    spec: None,
    explanation: "Array sizes, `case` labels, enumerator values, attribute arguments and \
    initializers of program-scope variables must be constant expressions.\n\n\
    ```c\nkernel void k(int n) { int a[n]; }   // error: variable-length array\n```",
};

/// A member name that the struct or union does not have.
pub static NO_MEMBER: Code = Code {
    id: "E0314",
    name: "no-member",
    default_level: Level::Deny,
    summary: "a struct or union has no member of this name",
    spec: None,
    explanation: "`.` and `->` name a member of the struct or union.\n\n```c\n\
    struct S { int a; } s;\ns.b = 1;   // error: no member named `b`\n```",
};

/// An object of incomplete or invalid type.
pub static INVALID_TYPE: Code = Code {
    id: "E0315",
    name: "invalid-type",
    default_level: Level::Deny,
    summary: "a declaration has an incomplete or invalid type",
    spec: None,
    explanation: "Objects need a complete type: not `void`, not a struct that is declared \
    but not defined, not an array without a size (except as a parameter). \
    Arrays need a positive constant size.\n\n```c\nstruct S;\nstruct S s;   \
    // error: incomplete type\n```",
};

/// Misuse of `case`/`default` labels.
pub static SWITCH_LABEL: Code = Code {
    id: "E0316",
    name: "switch-label",
    default_level: Level::Deny,
    summary: "a `case` or `default` label is duplicated or outside a switch",
    spec: None,
    explanation: "Each `case` value may appear once per switch, `default` at most once, \
    and labels only inside a switch.\n\n```c\nswitch (x) { case 1: case 1: \
    break; }   // error: duplicate case value\n```",
};

/// `break` or `continue` where there is nothing to leave.
pub static JUMP_OUTSIDE_LOOP: Code = Code {
    id: "E0317",
    name: "jump-outside-loop",
    default_level: Level::Deny,
    summary: "`break` or `continue` outside a loop or switch",
    spec: None,
    explanation: "`break` leaves the innermost loop or switch and `continue` the innermost \
    loop; outside them they have no meaning.\n\n```c\nkernel void k(void) { \
    break; }   // error\n```",
};

/// A `return` that does not match the function's return type.
pub static RETURN_MISMATCH: Code = Code {
    id: "E0318",
    name: "return-mismatch",
    default_level: Level::Deny,
    summary: "a `return` statement does not match the function's return type",
    spec: None,
    explanation: "A `void` function cannot return a value, and a function with a return \
    type must return one.\n\n```c\nint f(void) { return; }   // error\n```",
};

/// A call of something that is not a function.
pub static NOT_CALLABLE: Code = Code {
    id: "E0319",
    name: "not-callable",
    default_level: Level::Deny,
    summary: "the called object is not a function",
    spec: None,
    explanation: "Only functions can be called; oclc does not support function \
    pointers.\n\n```c\nint x;\nx(1);   // error\n```",
};

/// A cast between types that cannot be converted.
pub static INVALID_CAST: Code = Code {
    id: "E0320",
    name: "invalid-cast",
    default_level: Level::Deny,
    summary: "a cast between types that cannot be converted",
    spec: Some("OpenCL C 3.0 §6.2"),
    explanation: "Casts convert between scalar types, between pointers, and between \
    pointers and integers. Struct values cannot be cast, and a pointer \
    cannot be cast between two different named address spaces.\n\n```c\n\
    (global int *)local_ptr;   // error\n```",
};

/// An initializer that does not fit the object.
pub static INVALID_INITIALIZER: Code = Code {
    id: "E0321",
    name: "invalid-initializer",
    default_level: Level::Deny,
    summary: "an initializer does not fit the object it initializes",
    spec: None,
    explanation: "Initializer lists need an aggregate, may not have more elements than \
    the object, and designators must name existing members or \
    indices.\n\n```c\nint a[2] = {1, 2, 3};   // error: excess elements\n```",
};

/// A kernel attribute with invalid arguments.
pub static INVALID_ATTRIBUTE: Code = Code {
    id: "E0322",
    name: "invalid-attribute",
    default_level: Level::Deny,
    summary: "an attribute has invalid arguments",
    spec: Some("OpenCL C 3.0 §6.11.2"),
    explanation: "`reqd_work_group_size(x, y, z)` takes three positive integer constants \
    and applies to kernels.\n\n```c\nkernel __attribute__((reqd_work_group_size(0, \
    1, 1))) void k(void) {}   // error\n```",
};

/// A `_Static_assert` whose condition is zero.
pub static STATIC_ASSERT: Code = Code {
    id: "E0323",
    name: "static-assertion-failed",
    default_level: Level::Deny,
    summary: "a static assertion failed",
    spec: None,
    explanation: "`_Static_assert(condition, \"message\")` (C11) checks an integer \
    constant expression at compile time and stops compilation with the \
    message when it is zero.\n\n```c\n_Static_assert(sizeof(float4) == 16, \
    \"float4 is 16 bytes\");   // holds\n_Static_assert(sizeof(float3) == 12, \
    \"packed float3\");      // error: a float3 occupies 16 bytes\n```",
};

/// A conversion between pointers to different types.
pub static INCOMPATIBLE_POINTERS: Code = Code {
    id: "W0301",
    name: "incompatible-pointer-types",
    default_level: Level::Warn,
    summary: "an implicit conversion between pointers to different types",
    spec: None,
    explanation: "C converts between pointers to different object types implicitly but \
    the result is rarely what was meant; write a cast if it is.\n\n```c\n\
    global int *p; global float *q = p;   // warning\n```",
};

/// An attribute that oclc ignores.
pub static IGNORED_ATTRIBUTE: Code = Code {
    id: "W0302",
    name: "ignored-attribute",
    default_level: Level::Warn,
    summary: "an attribute is ignored",
    spec: None,
    explanation: "oclc knows the attributes real OpenCL C code uses: those with a \
    meaning in SPIR-V become one (`aligned`, `packed`, `reqd_work_group_size`, \
    `work_group_size_hint`, `vec_type_hint`, `intel_reqd_sub_group_size`) and \
    the others (`always_inline`, `noinline`, `unused`, `nosvm`, ...) change \
    nothing in the module. An attribute it does not know at all is reported \
    and ignored, so that a typo does not go unnoticed.",
};

/// A `printf` argument that its format string does not describe.
pub static PRINTF_FORMAT: Code = Code {
    id: "W0303",
    name: "printf-format",
    default_level: Level::Warn,
    summary: "a printf argument does not match its conversion",
    spec: Some("OpenCL C 3.0 §6.15.14.2"),
    explanation: "Each conversion of a `printf` format takes one argument of the type it \
    names: `%d` an `int` (or a narrower integer), `%ld` a `long`, `%f` a \
    `float` or `double`, `%s` a `char` pointer, `%v4hlf` a `float4`, \
    `%v4d` an `int4`. The vector size must match and the length modifier \
    fixes the element width (`hh` 8, `h` 16, `hl` 32, `l` 64 bits).\n\n\
    ```c\nprintf(\"%d\\n\", 1.0f);         // warning: `%d` takes an int\n\
    printf(\"%v4hlf\\n\", pos);       // pos is a float4: fine\n```",
};

/// More initializers than the object has elements.
pub static EXCESS_INITIALIZERS: Code = Code {
    id: "W0304",
    name: "excess-initializers",
    default_level: Level::Warn,
    summary: "excess elements in an initializer",
    spec: Some("C11 §6.7.9"),
    explanation: "An initializer list gives more values than the array or struct has \
    elements (or a string literal more characters than a `char` array \
    holds). C makes it a constraint violation; clang warns and ignores the \
    extra values, and so does oclc, so that code clang builds still builds.\n\n\
    ```c\nint a[2] = { 1, 2, 3 };   // warning: the 3 is ignored\n```",
};

/// Every code of semantic analysis (not the rules), in id order.
pub static CODES: &[&Code] = &[
    &UNDECLARED,
    &REDEFINITION,
    &TYPE_MISMATCH,
    &INVALID_OPERANDS,
    &NOT_ASSIGNABLE,
    &ADDRESS_SPACE,
    &KERNEL_RETURN,
    &RECURSION,
    &UNSUPPORTED,
    &BUILTIN_ARGUMENTS,
    &AMBIGUOUS_CALL,
    &ARGUMENT_COUNT,
    &UNDEFINED_FUNCTION,
    &NOT_CONSTANT,
    &NO_MEMBER,
    &INVALID_TYPE,
    &SWITCH_LABEL,
    &JUMP_OUTSIDE_LOOP,
    &RETURN_MISMATCH,
    &NOT_CALLABLE,
    &INVALID_CAST,
    &INVALID_INITIALIZER,
    &INVALID_ATTRIBUTE,
    &STATIC_ASSERT,
    &INCOMPATIBLE_POINTERS,
    &IGNORED_ATTRIBUTE,
    &PRINTF_FORMAT,
    &EXCESS_INITIALIZERS,
];
