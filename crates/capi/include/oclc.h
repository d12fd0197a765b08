/* oclc.h: the oclc C library (liboclc) — compile OpenCL C to validated
 * SPIR-V and lint its atomics, from C or C++.
 *
 * Reference: docs/c-api.md. Written by hand; tests/c_programs.rs checks it
 * against the library (every function, enum value and struct field).
 *
 * Guarantees, for every function:
 *  - it never prints, exits, aborts or lets a panic unwind into the caller:
 *    a failure inside oclc comes back as OCLC_INTERNAL_ERROR;
 *  - a NULL pointer where one is required gives OCLC_INVALID_ARGUMENT (or
 *    NULL/0 from accessors), never a crash;
 *  - it is reentrant and keeps no global state: any number of threads may
 *    compile at once. An oclc_options may be read by many threads at once
 *    (oclc_compile, oclc_lint, oclc_options_clone) but changed by one
 *    thread only while no other uses it. An oclc_result is immutable and
 *    may be read by many threads at once.
 *
 * Ownership: what a *_create, oclc_options_clone, oclc_compile or
 * oclc_lint call returns belongs to the caller and is freed by the
 * matching oclc_options_destroy or oclc_result_free. Every pointer a
 * result hands out (words, diagnostics, strings, renderings) belongs to
 * the result and stays valid until oclc_result_free. Strings are UTF-8
 * and NUL-terminated.
 */
#ifndef OCLC_H
#define OCLC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version: the N of the SONAME liboclc.so.N. */
#define OCLC_ABI_VERSION 0

/* What a call amounts to. */
typedef enum oclc_status {
    /* The call did what was asked. */
    OCLC_SUCCESS = 0,
    /* The input has errors: a result with the diagnostics comes back. */
    OCLC_INPUT_ERRORS = 1,
    /* A NULL pointer or out-of-range value where the call needs a valid
     * one: nothing was done and no result comes back. */
    OCLC_INVALID_ARGUMENT = 2,
    /* An option oclc rejects: oclc_options_error says which and why. */
    OCLC_INVALID_OPTION = 3,
    /* oclc failed (a bug in oclc): oclc_compile and oclc_lint return a
     * result with an internal-error diagnostic saying what happened. */
    OCLC_INTERNAL_ERROR = 4
} oclc_status;

/* How bad a diagnostic is. */
typedef enum oclc_severity {
    OCLC_SEVERITY_NOTE = 0,
    OCLC_SEVERITY_WARNING = 1,
    OCLC_SEVERITY_ERROR = 2,
    OCLC_SEVERITY_INTERNAL_ERROR = 3
} oclc_severity;

/* How safely a diagnostic's fix may be applied. */
typedef enum oclc_applicability {
    /* No fix (there may still be help text). */
    OCLC_FIX_NONE = 0,
    /* Certain to keep the meaning: a tool may apply it unasked. */
    OCLC_FIX_MACHINE_APPLICABLE = 1,
    /* One reasonable fix among several: show it, never apply it unasked. */
    OCLC_FIX_MAYBE_INCORRECT = 2
} oclc_applicability;

/* The renderings of a result's diagnostics. */
typedef enum oclc_format {
    /* rustc-like text, as the oclc command prints it, without colours. */
    OCLC_FORMAT_HUMAN = 0,
    /* The same with ANSI colours. */
    OCLC_FORMAT_HUMAN_COLOR = 1,
    /* One JSON object per line (rustc's --error-format=json shape). */
    OCLC_FORMAT_JSON = 2,
    /* A SARIF 2.1.0 log. */
    OCLC_FORMAT_SARIF = 3
} oclc_format;

/* The level of a lint rule or warning. */
typedef enum oclc_lint_level {
    OCLC_LEVEL_ALLOW = 0,
    OCLC_LEVEL_WARN = 1,
    OCLC_LEVEL_DENY = 2
} oclc_lint_level;

/* A range of source text, in the units of the JSON output: 1-based lines,
 * 1-based columns counted in characters, the end exclusive. */
typedef struct oclc_span {
    const char *file;     /* the file's name (main file or included path) */
    size_t byte_start;    /* first byte */
    size_t byte_end;      /* one past the last byte */
    size_t line;          /* line of the first byte */
    size_t column;        /* column of the first byte */
    size_t end_line;      /* line after the last byte */
    size_t end_column;    /* column after the last byte */
    const char *label;    /* what the span's label says ("" if nothing) */
} oclc_span;

/* One edit of a fix: replace the text at span by replacement. */
typedef struct oclc_fix {
    oclc_span span;
    const char *replacement;
} oclc_fix;

/* One diagnostic. */
typedef struct oclc_diagnostic {
    oclc_severity severity;
    const char *code;             /* stable code, e.g. "E0401" */
    const char *name;             /* the code's name, e.g. "store-order" */
    const char *message;          /* the headline */
    int has_location;             /* 0 for a diagnostic about no place */
    oclc_span primary;            /* the main location (zeros/NULLs if none) */
    size_t related_count;         /* further related locations */
    const oclc_span *related;
    size_t note_count;            /* the "note:" lines */
    const char *const *notes;
    const char *help;             /* the "help:" line, or NULL */
    oclc_applicability applicability;
    size_t fix_count;             /* the fix's edits, applied together */
    const oclc_fix *fixes;
} oclc_diagnostic;

/* Options for oclc_compile and oclc_lint (opaque). */
typedef struct oclc_options oclc_options;

/* The result of oclc_compile or oclc_lint (opaque). */
typedef struct oclc_result oclc_result;

/* Return values of an include callback. */
#define OCLC_INCLUDE_FOUND 0
#define OCLC_INCLUDE_NOT_FOUND 1

/* Asked for the file at path (the #include'd name joined to the including
 * file's directory or to an -I directory, in the order a file system would
 * be searched). Return OCLC_INCLUDE_FOUND and store the file's bytes (need
 * not be NUL-terminated) in *content and *length; they must stay valid
 * until the release callback is called with them, or, without one, until
 * oclc_compile/oclc_lint returns. Return OCLC_INCLUDE_NOT_FOUND to let the
 * next directory be tried; any other value fails the #include with an
 * error diagnostic at its line. May be called from several threads at once
 * when several compile with the same options. */
typedef int (*oclc_include_fn)(void *user_data, const char *path,
                               const char **content, size_t *length);

/* Gives back what one successful call of the include callback returned,
 * once oclc has copied it. */
typedef void (*oclc_include_release_fn)(void *user_data, const char *content,
                                        size_t length);

/* "OCLC_SUCCESS", ... for a status; a static string. */
const char *oclc_status_name(oclc_status status);

/* The version of oclc, e.g. "0.1.0"; a static string. */
const char *oclc_version(void);

/* The ABI version of the library loaded (compare with OCLC_ABI_VERSION). */
uint32_t oclc_abi_version(void);

/* New options with oclc's defaults: OpenCL C 2.0, SPIR-V 1.0 for OpenCL
 * with 64-bit pointers, #include files from the file system. Free with
 * oclc_options_destroy. NULL only if memory runs out. */
oclc_options *oclc_options_create(void);

/* A copy of options (callbacks included); NULL if options is NULL. */
oclc_options *oclc_options_clone(const oclc_options *options);

/* Frees options; NULL is ignored. */
void oclc_options_destroy(oclc_options *options);

/* Applies a clBuildProgram option string ("-cl-std=CL3.0 -DN=64 -I inc
 * -Werror", the options of the oclc command) on top of options, left to
 * right. OCLC_INVALID_OPTION for an unknown or malformed option or text
 * that is not UTF-8; the options before it have been applied. */
oclc_status oclc_options_parse(oclc_options *options, const char *build_options);

/* Selects the target: "spirv64" (OpenCL, the default), "spirv32",
 * "vulkan1.2" or "vulkan1.3" (a Vulkan compute module plus a descriptor
 * map). OCLC_INVALID_OPTION for any other name. */
oclc_status oclc_options_set_target(oclc_options *options, const char *target);

/* The highest SPIR-V version the module may use, 1.0 to 1.6. */
oclc_status oclc_options_set_spirv_version(oclc_options *options, uint32_t major,
                                           uint32_t minor);

/* Sets the level of a configurable rule or warning, by code ("W0406") or
 * name ("deprecated-atomics"). Errors the specification requires cannot be
 * configured: OCLC_INVALID_OPTION. */
oclc_status oclc_options_set_lint_level(oclc_options *options, const char *rule,
                                        oclc_lint_level level);

/* Serves #include files through resolve instead of the file system (resolve
 * NULL: back to the file system). release may be NULL. user_data is passed
 * to both, untouched. */
oclc_status oclc_options_set_include_callback(oclc_options *options,
                                              oclc_include_fn resolve,
                                              oclc_include_release_fn release,
                                              void *user_data);

/* Why the last oclc_options_parse or setter call on options returned
 * OCLC_INVALID_OPTION, or NULL after a call that succeeded. Owned by
 * options; valid until the next call that changes them. */
const char *oclc_options_error(const oclc_options *options);

/* For oclc's own tests only: compiling or linting with these options
 * panics inside the library, to show that the panic comes back as
 * OCLC_INTERNAL_ERROR with a diagnostic (E0006). */
oclc_status oclc_options_testing_panic(oclc_options *options);

/* Compiles length bytes of OpenCL C at source (need not be NUL-terminated
 * nor UTF-8; length 0 is an empty program) to SPIR-V. options NULL means
 * the defaults; filename (NULL: "<source>") is what diagnostics show and
 * the directory #include "..." searches first. On OCLC_SUCCESS,
 * OCLC_INPUT_ERRORS and OCLC_INTERNAL_ERROR, *result receives a result to
 * free with oclc_result_free; on OCLC_INVALID_ARGUMENT (source or result
 * NULL) *result is set to NULL if result is not NULL. */
oclc_status oclc_compile(const oclc_options *options, const char *source,
                         size_t length, const char *filename,
                         oclc_result **result);

/* Runs every check on the source without emitting SPIR-V (oclc lint).
 * Arguments and results as for oclc_compile; OCLC_INPUT_ERRORS when an
 * error-level finding remains. */
oclc_status oclc_lint(const oclc_options *options, const char *source,
                      size_t length, const char *filename,
                      oclc_result **result);

/* The status the call that made result returned. */
oclc_status oclc_result_status(const oclc_result *result);

/* The module's words (NULL and *count 0 unless compiled successfully);
 * count may be NULL. */
const uint32_t *oclc_result_words(const oclc_result *result, size_t *count);

/* Number of diagnostics, and diagnostic index (NULL when out of range). */
size_t oclc_result_diagnostic_count(const oclc_result *result);
const oclc_diagnostic *oclc_result_diagnostic(const oclc_result *result,
                                              size_t index);

/* Number of diagnostics of one severity. */
size_t oclc_result_count(const oclc_result *result, oclc_severity severity);

/* Every diagnostic rendered in format ("" when there is none; a SARIF log
 * is always a whole log); NULL for an unknown format. */
const char *oclc_result_render(const oclc_result *result, oclc_format format);

/* The Vulkan descriptor map as JSON (docs/vulkan.md), or NULL for OpenCL
 * targets and failed compilations. */
const char *oclc_result_descriptor_map(const oclc_result *result);

/* Frees result and everything it handed out; NULL is ignored. */
void oclc_result_free(oclc_result *result);

#ifdef __cplusplus
}
#endif

#endif /* OCLC_H */
