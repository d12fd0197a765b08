//! Diagnostic codes of semantic analysis (E03xx errors, W03xx warnings):
//! names, types, address spaces, kernels and built-in calls. The atomic
//! rules have their own codes in [`crate::rules`].

use oclc_diagnostics::{Code, Level};

/// Declares one error code (level Deny).
macro_rules! error_code {
    ($(#[$doc:meta])* $name:ident, $id:literal, $kebab:literal, $summary:literal, $spec:expr, $explanation:literal) => {
        $(#[$doc])*
        pub static $name: Code = Code {
            id: $id,
            name: $kebab,
            default_level: Level::Deny,
            summary: $summary,
            spec: $spec,
            explanation: $explanation,
        };
    };
}

/// Declares one warning code (level Warn).
macro_rules! warning_code {
    ($(#[$doc:meta])* $name:ident, $id:literal, $kebab:literal, $summary:literal, $spec:expr, $explanation:literal) => {
        $(#[$doc])*
        pub static $name: Code = Code {
            id: $id,
            name: $kebab,
            default_level: Level::Warn,
            summary: $summary,
            spec: $spec,
            explanation: $explanation,
        };
    };
}

error_code!(
    /// A name that no declaration in scope introduces.
    UNDECLARED, "E0301", "undeclared-identifier",
    "use of an undeclared identifier", None,
    "A name was used that no declaration in scope introduces, and that is \
     not an OpenCL C built-in.\n\n```c\nkernel void k(global int *p) {\n    \
     p[0] = countr;   // error: `countr` is not declared\n}\n```\n\n\
     Declare the name before its use, or fix the spelling."
);

error_code!(
    /// A second definition of a name in the same scope.
    REDEFINITION, "E0302", "redefinition",
    "a name is defined twice in the same scope", None,
    "Each scope may define a name once. A function may be declared several \
     times with the same type but defined only once.\n\n```c\nint x;\n\
     float x;   // error: redefinition of `x`\n```"
);

error_code!(
    /// A value of one type where an incompatible type is required.
    TYPE_MISMATCH, "E0303", "type-mismatch",
    "a value cannot be converted to the type required", Some("OpenCL C 3.0 §6.2"),
    "Assignment, initialization, argument passing and `return` convert the \
     value to the destination type implicitly only between arithmetic types, \
     from a null pointer constant to a pointer, and between compatible \
     pointers.\n\n```c\nglobal int *p = 1.5f;   // error\n```"
);

error_code!(
    /// Operands an operator does not accept.
    INVALID_OPERANDS, "E0304", "invalid-operands",
    "an operator is applied to operands of the wrong type", None,
    "Arithmetic operators need arithmetic operands (bitwise operators and \
     `%` need integers); `+` and `-` also accept a pointer and an integer, \
     `-` two pointers to the same type.\n\n```c\nglobal int *p; float f;\n\
     p + f;   // error: invalid operands to binary expression\n```"
);

error_code!(
    /// An assignment, increment or address-of on something that is not a
    /// modifiable object.
    NOT_ASSIGNABLE, "E0305", "not-assignable",
    "the left side of an assignment is not a modifiable object", None,
    "Only modifiable lvalues can be assigned, incremented or decremented: \
     not values, not arrays, not `const` objects and not objects in the \
     `constant` address space (which is read-only).\n\n```c\n\
     kernel void k(constant int *c) {\n    c[0] = 1;   // error\n}\n```"
);

error_code!(
    /// An address-space rule of OpenCL C violated.
    ADDRESS_SPACE, "E0306", "address-space",
    "an address space is not allowed here or does not match", Some("OpenCL C 3.0 §6.7"),
    "OpenCL C puts every object in an address space. Kernel pointer \
     parameters must point to `global`, `constant` or `local` memory; `local` \
     variables may only be declared at kernel function scope; program-scope \
     variables live in `global` or `constant` memory; pointers convert \
     implicitly only from a named address space to `generic` (and never from \
     `constant`), and from `generic` to a named space only with a cast.\n\n\
     ```c\nkernel void k(int *p) {}   // error: pointer must be global, \
     constant or local\n```"
);

error_code!(
    /// A kernel whose return type is not `void`.
    KERNEL_RETURN, "E0307", "kernel-return-type",
    "a kernel function must return `void`", Some("OpenCL C 3.0 §6.9"),
    "Kernels are entry points invoked by the host; they cannot return a \
     value.\n\n```c\nkernel int k(global int *p) { return 0; }   // error\n```"
);

error_code!(
    /// A call that is part of a cycle in the call graph.
    RECURSION, "E0308", "recursion",
    "recursive calls are not allowed", Some("OpenCL C 3.0 §6.11"),
    "OpenCL C does not support recursion: no function may call itself, \
     directly or through other functions.\n\n```c\nint f(int n) { return n ? \
     f(n - 1) : 0; }   // error\n```"
);

error_code!(
    /// Valid OpenCL C that oclc cannot compile yet.
    UNSUPPORTED, "E0309", "unsupported",
    "a construct is not supported by oclc yet", None,
    "A few constructs of OpenCL C are out of oclc's scope or not implemented \
     yet: device-side enqueue (`enqueue_kernel`, `get_default_queue`, \
     `ndrange_1D`, events), `extern` variables, function typedefs and a few \
     rare initializer forms. The diagnostic names the construct; rewrite \
     the code without it (enqueue kernels from the host)."
);

error_code!(
    /// A built-in function called with arguments it does not accept.
    BUILTIN_ARGUMENTS, "E0310", "builtin-arguments",
    "a built-in function is called with the wrong number or types of arguments",
    Some("OpenCL C 3.0 §6.15"),
    "Built-in functions are overloaded on their argument types and address \
     spaces; no overload matched the call.\n\n```c\nkernel void k(global int \
     *p) {\n    atomic_fetch_add(p, 1.5f, 2);   // error: wrong argument count\n}\n```"
);

error_code!(
    /// A built-in call that several overloads match equally well.
    AMBIGUOUS_CALL, "E0324", "ambiguous-call",
    "a built-in function call matches several overloads and none is best",
    Some("OpenCL C 3.0 §6.15"),
    "Built-in functions are overloaded on their argument types. When the \
     arguments convert equally well to two or more overloads, the call is \
     ambiguous: `min(int, uint)` could be `min(int, int)` or \
     `min(uint, uint)`, `sqrt(2)` could take a `float` or a `double`. \
     clang rejects these calls too.\n\n```c\nkernel void k(global float *p, \
     uint n) {\n    int i = get_global_id(0);\n    p[0] = min(i, n);        // error: ambiguous\n    \
     p[1] = sqrt(2);          // error: ambiguous\n    p[2] = min(i, (int)n);   // fine\n    \
     p[3] = sqrt(2.0f);       // fine\n}\n```"
);

error_code!(
    /// A call of a user function with the wrong number of arguments.
    ARGUMENT_COUNT, "E0311", "argument-count",
    "a function is called with the wrong number of arguments", None,
    "A call must pass exactly as many arguments as the function has \
     parameters.\n\n```c\nint f(int a, int b);\nint g(void) { return f(1); }   \
     // error\n```"
);

error_code!(
    /// A call of a function that is declared but never defined.
    UNDEFINED_FUNCTION, "E0312", "undefined-function",
    "a called function has no definition", None,
    "oclc compiles one translation unit into one module and does not link \
     modules, so every called function must be defined in the same \
     source.\n\n```c\nint helper(int x);\nkernel void k(global int *p) { p[0] \
     = helper(1); }   // error: never defined\n```"
);

error_code!(
    /// An expression that must be an integer constant but is not.
    NOT_CONSTANT, "E0313", "not-constant",
    "an expression must be a compile-time constant", None,
    "Array sizes, `case` labels, enumerator values, attribute arguments and \
     initializers of program-scope variables must be constant expressions.\n\n\
     ```c\nkernel void k(int n) { int a[n]; }   // error: variable-length array\n```"
);

error_code!(
    /// A member name that the struct or union does not have.
    NO_MEMBER, "E0314", "no-member",
    "a struct or union has no member of this name", None,
    "`.` and `->` name a member of the struct or union.\n\n```c\n\
     struct S { int a; } s;\ns.b = 1;   // error: no member named `b`\n```"
);

error_code!(
    /// An object of incomplete or invalid type.
    INVALID_TYPE, "E0315", "invalid-type",
    "a declaration has an incomplete or invalid type", None,
    "Objects need a complete type: not `void`, not a struct that is declared \
     but not defined, not an array without a size (except as a parameter). \
     Arrays need a positive constant size.\n\n```c\nstruct S;\nstruct S s;   \
     // error: incomplete type\n```"
);

error_code!(
    /// Misuse of `case`/`default` labels.
    SWITCH_LABEL, "E0316", "switch-label",
    "a `case` or `default` label is duplicated or outside a switch", None,
    "Each `case` value may appear once per switch, `default` at most once, \
     and labels only inside a switch.\n\n```c\nswitch (x) { case 1: case 1: \
     break; }   // error: duplicate case value\n```"
);

error_code!(
    /// `break` or `continue` where there is nothing to leave.
    JUMP_OUTSIDE_LOOP, "E0317", "jump-outside-loop",
    "`break` or `continue` outside a loop or switch", None,
    "`break` leaves the innermost loop or switch and `continue` the innermost \
     loop; outside them they have no meaning.\n\n```c\nkernel void k(void) { \
     break; }   // error\n```"
);

error_code!(
    /// A `return` that does not match the function's return type.
    RETURN_MISMATCH, "E0318", "return-mismatch",
    "a `return` statement does not match the function's return type", None,
    "A `void` function cannot return a value, and a function with a return \
     type must return one.\n\n```c\nint f(void) { return; }   // error\n```"
);

error_code!(
    /// A call of something that is not a function.
    NOT_CALLABLE, "E0319", "not-callable",
    "the called object is not a function", None,
    "Only functions can be called; oclc does not support function \
     pointers.\n\n```c\nint x;\nx(1);   // error\n```"
);

error_code!(
    /// A cast between types that cannot be converted.
    INVALID_CAST, "E0320", "invalid-cast",
    "a cast between types that cannot be converted", Some("OpenCL C 3.0 §6.2"),
    "Casts convert between scalar types, between pointers, and between \
     pointers and integers. Struct values cannot be cast, and a pointer \
     cannot be cast between two different named address spaces.\n\n```c\n\
     (global int *)local_ptr;   // error\n```"
);

error_code!(
    /// An initializer that does not fit the object.
    INVALID_INITIALIZER, "E0321", "invalid-initializer",
    "an initializer does not fit the object it initializes", None,
    "Initializer lists need an aggregate, may not have more elements than \
     the object, and designators must name existing members or \
     indices.\n\n```c\nint a[2] = {1, 2, 3};   // error: excess elements\n```"
);

error_code!(
    /// A kernel attribute with invalid arguments.
    INVALID_ATTRIBUTE, "E0322", "invalid-attribute",
    "an attribute has invalid arguments", Some("OpenCL C 3.0 §6.11.2"),
    "`reqd_work_group_size(x, y, z)` takes three positive integer constants \
     and applies to kernels.\n\n```c\nkernel __attribute__((reqd_work_group_size(0, \
     1, 1))) void k(void) {}   // error\n```"
);

error_code!(
    /// A `_Static_assert` whose condition is zero.
    STATIC_ASSERT, "E0323", "static-assertion-failed",
    "a static assertion failed", None,
    "`_Static_assert(condition, \"message\")` (C11) checks an integer \
     constant expression at compile time and stops compilation with the \
     message when it is zero.\n\n```c\n_Static_assert(sizeof(float4) == 16, \
     \"float4 is 16 bytes\");   // holds\n_Static_assert(sizeof(float3) == 12, \
     \"packed float3\");      // error: a float3 occupies 16 bytes\n```"
);

warning_code!(
    /// A conversion between pointers to different types.
    INCOMPATIBLE_POINTERS, "W0301", "incompatible-pointer-types",
    "an implicit conversion between pointers to different types", None,
    "C converts between pointers to different object types implicitly but \
     the result is rarely what was meant; write a cast if it is.\n\n```c\n\
     global int *p; global float *q = p;   // warning\n```"
);

warning_code!(
    /// An attribute that oclc ignores.
    IGNORED_ATTRIBUTE, "W0302", "ignored-attribute",
    "an attribute is ignored", None,
    "oclc knows the attributes real OpenCL C code uses: those with a \
     meaning in SPIR-V become one (`aligned`, `packed`, `reqd_work_group_size`, \
     `work_group_size_hint`, `vec_type_hint`, `intel_reqd_sub_group_size`) and \
     the others (`always_inline`, `noinline`, `unused`, `nosvm`, ...) change \
     nothing in the module. An attribute it does not know at all is reported \
     and ignored, so that a typo does not go unnoticed."
);

warning_code!(
    /// A `printf` argument that its format string does not describe.
    PRINTF_FORMAT, "W0303", "printf-format",
    "a printf argument does not match its conversion", Some("OpenCL C 3.0 §6.15.14.2"),
    "Each conversion of a `printf` format takes one argument of the type it \
     names: `%d` an `int` (or a narrower integer), `%ld` a `long`, `%f` a \
     `float` or `double`, `%s` a `char` pointer, `%v4hlf` a `float4`, \
     `%v4d` an `int4`. The vector size must match and the length modifier \
     fixes the element width (`hh` 8, `h` 16, `hl` 32, `l` 64 bits).\n\n\
     ```c\nprintf(\"%d\\n\", 1.0f);         // warning: `%d` takes an int\n\
     printf(\"%v4hlf\\n\", pos);       // pos is a float4: fine\n```"
);

warning_code!(
    /// More initializers than the object has elements.
    EXCESS_INITIALIZERS, "W0304", "excess-initializers",
    "excess elements in an initializer", Some("C11 §6.7.9"),
    "An initializer list gives more values than the array or struct has \
     elements (or a string literal more characters than a `char` array \
     holds). C makes it a constraint violation; clang warns and ignores the \
     extra values, and so does oclc, so that code clang builds still builds.\n\n\
     ```c\nint a[2] = { 1, 2, 3 };   // warning: the 3 is ignored\n```"
);

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
