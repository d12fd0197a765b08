/* A C host of liboclc: every check of the C API (statuses, diagnostics,
 * renderings, include callbacks, bad arguments, a caught panic), run in
 * THREADS threads at once, then one kernel compiled by oclc and run on the
 * OpenCL runtime through clCreateProgramWithIL, its results checked.
 *
 *   run_kernel [THREADS [ROUNDS]]
 *
 * Built by tests/c_programs.rs against the installed header and library
 * (plain, with -fsanitize=address,undefined, and against liboclc.a);
 * OCLC_TEST_NO_OPENCL leaves the OpenCL part out. Exits 0 when every check
 * passes; prints what failed otherwise. */
#include <oclc.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef OCLC_TEST_NO_OPENCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#endif

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                 \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static const char KERNEL[] =
    "#include \"bins.h\"\n"
    "kernel void histogram(global const uint *values, global atomic_uint *bins) {\n"
    "    uint v = values[get_global_id(0)];\n"
    "    atomic_fetch_add_explicit(&bins[bin_of(v)], SCALE, memory_order_relaxed,\n"
    "                              memory_scope_device);\n"
    "}\n";

static const char HEADER[] = "#define BINS 16\nuint bin_of(uint v) { return (v / 3u) % BINS; }\n";

static const char BAD_KERNEL[] =
    "kernel void k(global atomic_int *p) {\n"
    "    atomic_store_explicit(p, 1, memory_order_acquire);\n"
    "}\n";

/* What the include callback's user_data points to. */
struct includes {
    atomic_int calls;
    atomic_int releases;
    int result; /* what to return for bins.h */
};

static int include_bins(void *user_data, const char *path, const char **content,
                        size_t *length) {
    struct includes *inc = user_data;
    atomic_fetch_add(&inc->calls, 1);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(base, "bins.h") != 0) {
        return OCLC_INCLUDE_NOT_FOUND;
    }
    if (inc->result != OCLC_INCLUDE_FOUND) {
        return inc->result;
    }
    /* A copy the release callback frees: ASan checks both ends. */
    char *copy = malloc(sizeof HEADER - 1);
    if (copy == NULL) {
        return 2;
    }
    memcpy(copy, HEADER, sizeof HEADER - 1);
    *content = copy;
    *length = sizeof HEADER - 1;
    return OCLC_INCLUDE_FOUND;
}

static void release_bins(void *user_data, const char *content, size_t length) {
    struct includes *inc = user_data;
    (void)length;
    atomic_fetch_add(&inc->releases, 1);
    free((void *)content);
}

static const oclc_diagnostic *find_code(const oclc_result *r, const char *code) {
    for (size_t i = 0; i < oclc_result_diagnostic_count(r); i++) {
        const oclc_diagnostic *d = oclc_result_diagnostic(r, i);
        if (strcmp(d->code, code) == 0) {
            return d;
        }
    }
    return NULL;
}

/* Compiles KERNEL with the include callback; the caller frees *out. */
static int compile_histogram(oclc_result **out) {
    struct includes inc = {0, 0, OCLC_INCLUDE_FOUND};
    oclc_options *o = oclc_options_create();
    CHECK(o != NULL);
    CHECK(oclc_options_parse(o, "-cl-std=CL3.0 -DSCALE=1u") == OCLC_SUCCESS);
    CHECK(oclc_options_error(o) == NULL);
    CHECK(oclc_options_set_include_callback(o, include_bins, release_bins, &inc) ==
          OCLC_SUCCESS);
    oclc_status s = oclc_compile(o, KERNEL, strlen(KERNEL), "histogram.cl", out);
    if (s != OCLC_SUCCESS && *out != NULL) {
        fputs(oclc_result_render(*out, OCLC_FORMAT_HUMAN), stderr);
    }
    CHECK(s == OCLC_SUCCESS);
    CHECK(oclc_result_status(*out) == OCLC_SUCCESS);
    CHECK(atomic_load(&inc.calls) >= 1);
    CHECK(atomic_load(&inc.releases) == 1);
    size_t count = 0;
    const uint32_t *words = oclc_result_words(*out, &count);
    CHECK(words != NULL && count > 5 && words[0] == 0x07230203u);
    CHECK(oclc_result_descriptor_map(*out) == NULL);
    oclc_options_destroy(o);
    return 0;
}

static int check_diagnostics(void) {
    oclc_result *r = NULL;
    CHECK(oclc_compile(NULL, BAD_KERNEL, strlen(BAD_KERNEL), "bad.cl", &r) ==
          OCLC_INPUT_ERRORS);
    CHECK(r != NULL && oclc_result_status(r) == OCLC_INPUT_ERRORS);
    size_t count = 1;
    CHECK(oclc_result_words(r, &count) == NULL && count == 0);
    CHECK(oclc_result_count(r, OCLC_SEVERITY_ERROR) >= 1);
    const oclc_diagnostic *d = find_code(r, "E0401");
    CHECK(d != NULL);
    CHECK(d->severity == OCLC_SEVERITY_ERROR);
    CHECK(strcmp(d->name, "store-order") == 0);
    CHECK(strstr(d->message, "memory_order_acquire") != NULL);
    CHECK(d->has_location);
    CHECK(strcmp(d->primary.file, "bad.cl") == 0);
    CHECK(d->primary.line == 2 && d->primary.column == 33);
    CHECK(d->primary.end_column == 33 + strlen("memory_order_acquire"));
    CHECK(strncmp(BAD_KERNEL + d->primary.byte_start, "memory_order_acquire",
                  d->primary.byte_end - d->primary.byte_start) == 0);
    CHECK(d->note_count >= 1 && d->notes[0] != NULL);
    CHECK(d->help != NULL);
    CHECK(d->fix_count == 1 && strcmp(d->fixes[0].replacement, "memory_order_release") == 0);
    CHECK(d->applicability != OCLC_FIX_NONE);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_HUMAN), "error[E0401]") != NULL);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_HUMAN_COLOR), "\x1b[") != NULL);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_JSON), "\"E0401\"") != NULL);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_SARIF), "\"2.1.0\"") != NULL);
    CHECK(oclc_result_render(r, (oclc_format)99) == NULL);
    CHECK(oclc_result_diagnostic(r, oclc_result_diagnostic_count(r)) == NULL);
    oclc_result_free(r);

    /* The linter finds the same error; a clean kernel lints clean. */
    CHECK(oclc_lint(NULL, BAD_KERNEL, strlen(BAD_KERNEL), NULL, &r) == OCLC_INPUT_ERRORS);
    d = find_code(r, "E0401");
    CHECK(d != NULL && strcmp(d->primary.file, "<source>") == 0);
    oclc_result_free(r);
    const char *good = "kernel void k(global int *p) { p[0] = 1; }";
    CHECK(oclc_lint(NULL, good, strlen(good), NULL, &r) == OCLC_SUCCESS);
    CHECK(oclc_result_diagnostic_count(r) == 0);
    CHECK(strcmp(oclc_result_render(r, OCLC_FORMAT_HUMAN), "") == 0);
    oclc_result_free(r);
    return 0;
}

static int check_vulkan(void) {
    oclc_options *o = oclc_options_create();
    CHECK(oclc_options_set_target(o, "vulkan1.2") == OCLC_SUCCESS);
    oclc_options *copy = oclc_options_clone(o);
    oclc_options_destroy(o);
    const char *src = "kernel void scale(global float *x, float k) { x[get_global_id(0)] *= k; }";
    oclc_result *r = NULL;
    CHECK(oclc_compile(copy, src, strlen(src), "scale.cl", &r) == OCLC_SUCCESS);
    const char *map = oclc_result_descriptor_map(r);
    CHECK(map != NULL && strstr(map, "\"scale\"") != NULL && strstr(map, "\"buffer\"") != NULL);
    oclc_result_free(r);
    oclc_options_destroy(copy);
    return 0;
}

static int check_bad_arguments(void) {
    oclc_result *r = (oclc_result *)&r; /* must be reset to NULL */
    const char *src = "kernel void k(global int *p) { p[0] = 1; }";
    CHECK(oclc_compile(NULL, NULL, 10, NULL, &r) == OCLC_INVALID_ARGUMENT && r == NULL);
    CHECK(oclc_compile(NULL, src, strlen(src), NULL, NULL) == OCLC_INVALID_ARGUMENT);
    CHECK(oclc_lint(NULL, NULL, 0, NULL, &r) == OCLC_INVALID_ARGUMENT && r == NULL);
    /* Zero length: an empty program, which is valid. */
    CHECK(oclc_compile(NULL, src, 0, NULL, &r) == OCLC_SUCCESS);
    oclc_result_free(r);
    /* Bytes that are not UTF-8: fine in a comment, an error in code. */
    const char latin1_comment[] = "// caf\xe9\nkernel void k(global int *p) { p[0] = 1; }";
    CHECK(oclc_compile(NULL, latin1_comment, strlen(latin1_comment), NULL, &r) ==
          OCLC_SUCCESS);
    oclc_result_free(r);
    const char latin1_code[] = "kernel void k(global int *p) { p[0] = 1\xe9; }";
    CHECK(oclc_compile(NULL, latin1_code, strlen(latin1_code), NULL, &r) ==
          OCLC_INPUT_ERRORS);
    CHECK(oclc_result_count(r, OCLC_SEVERITY_ERROR) >= 1);
    oclc_result_free(r);
    /* Options. */
    oclc_options *o = oclc_options_create();
    CHECK(oclc_options_parse(NULL, "-DX") == OCLC_INVALID_ARGUMENT);
    CHECK(oclc_options_parse(o, NULL) == OCLC_INVALID_ARGUMENT);
    CHECK(oclc_options_parse(o, "-D\xff\xfe") == OCLC_INVALID_OPTION);
    CHECK(strstr(oclc_options_error(o), "UTF-8") != NULL);
    CHECK(oclc_options_parse(o, "-cl-std=CL9.9") == OCLC_INVALID_OPTION);
    CHECK(strstr(oclc_options_error(o), "-cl-std=CL9.9") != NULL);
    CHECK(oclc_options_parse(o, "-D \"unterminated") == OCLC_INVALID_OPTION);
    CHECK(oclc_options_parse(o, "-DOK=1") == OCLC_SUCCESS && oclc_options_error(o) == NULL);
    CHECK(oclc_options_set_target(o, "riscv") == OCLC_INVALID_OPTION);
    CHECK(oclc_options_set_target(o, NULL) == OCLC_INVALID_ARGUMENT);
    CHECK(oclc_options_set_spirv_version(o, 2, 0) == OCLC_INVALID_OPTION);
    CHECK(oclc_options_set_spirv_version(o, 1, 4) == OCLC_SUCCESS);
    CHECK(oclc_options_set_lint_level(o, "store-order", OCLC_LEVEL_ALLOW) ==
          OCLC_INVALID_OPTION);
    CHECK(oclc_options_set_lint_level(o, "deprecated-atomics", (oclc_lint_level)7) ==
          OCLC_INVALID_ARGUMENT);
    CHECK(oclc_options_set_lint_level(o, "deprecated-atomics", OCLC_LEVEL_DENY) ==
          OCLC_SUCCESS);
    CHECK(oclc_options_set_lint_level(o, "no-such-rule", OCLC_LEVEL_DENY) ==
          OCLC_INVALID_OPTION);
    CHECK(oclc_options_set_include_callback(NULL, include_bins, NULL, NULL) ==
          OCLC_INVALID_ARGUMENT);
    CHECK(oclc_options_clone(NULL) == NULL);
    CHECK(oclc_options_error(NULL) == NULL);
    oclc_options_destroy(o);
    oclc_options_destroy(NULL);
    /* Accessors of a NULL result. */
    size_t count = 7;
    CHECK(oclc_result_words(NULL, &count) == NULL && count == 0);
    CHECK(oclc_result_status(NULL) == OCLC_INVALID_ARGUMENT);
    CHECK(oclc_result_diagnostic_count(NULL) == 0);
    CHECK(oclc_result_diagnostic(NULL, 0) == NULL);
    CHECK(oclc_result_render(NULL, OCLC_FORMAT_HUMAN) == NULL);
    CHECK(oclc_result_descriptor_map(NULL) == NULL);
    oclc_result_free(NULL);
    CHECK(strcmp(oclc_status_name(OCLC_INPUT_ERRORS), "OCLC_INPUT_ERRORS") == 0);
    CHECK(strcmp(oclc_status_name((oclc_status)42), "unknown status") == 0);
    return 0;
}

static int check_failing_includes(void) {
    struct includes inc = {0, 0, 7};
    oclc_options *o = oclc_options_create();
    CHECK(oclc_options_parse(o, "-DSCALE=1u") == OCLC_SUCCESS);
    CHECK(oclc_options_set_include_callback(o, include_bins, release_bins, &inc) ==
          OCLC_SUCCESS);
    oclc_result *r = NULL;
    CHECK(oclc_compile(o, KERNEL, strlen(KERNEL), "histogram.cl", &r) == OCLC_INPUT_ERRORS);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_HUMAN), "include callback failed") != NULL);
    const oclc_diagnostic *d = oclc_result_diagnostic(r, 0);
    CHECK(d != NULL && d->has_location && d->primary.line == 1);
    CHECK(atomic_load(&inc.releases) == 0);
    oclc_result_free(r);
    inc.result = OCLC_INCLUDE_NOT_FOUND;
    CHECK(oclc_compile(o, KERNEL, strlen(KERNEL), "histogram.cl", &r) == OCLC_INPUT_ERRORS);
    oclc_result_free(r);
    oclc_options_destroy(o);
    return 0;
}

static int check_panic(void) {
    oclc_options *o = oclc_options_create();
    CHECK(oclc_options_testing_panic(o) == OCLC_SUCCESS);
    oclc_result *r = NULL;
    CHECK(oclc_compile(o, KERNEL, strlen(KERNEL), NULL, &r) == OCLC_INTERNAL_ERROR);
    CHECK(r != NULL && oclc_result_status(r) == OCLC_INTERNAL_ERROR);
    const oclc_diagnostic *d = oclc_result_diagnostic(r, 0);
    CHECK(d != NULL && d->severity == OCLC_SEVERITY_INTERNAL_ERROR);
    CHECK(strcmp(d->code, "E0006") == 0);
    CHECK(strstr(d->message, "asked for a panic") != NULL);
    CHECK(strstr(oclc_result_render(r, OCLC_FORMAT_HUMAN), "internal compiler error") != NULL);
    oclc_result_free(r);
    CHECK(oclc_lint(o, KERNEL, strlen(KERNEL), NULL, &r) == OCLC_INTERNAL_ERROR);
    oclc_result_free(r);
    oclc_options_destroy(o);
    return 0;
}

/* Every API check once; run concurrently by the threads. */
static int check_api(void) {
    oclc_result *r = NULL;
    if (compile_histogram(&r) != 0) {
        return 1;
    }
    oclc_result_free(r);
    return check_diagnostics() || check_vulkan() || check_bad_arguments() ||
           check_failing_includes() || check_panic();
}

static int rounds = 1;

static void *thread_main(void *arg) {
    (void)arg;
    for (int i = 0; i < rounds; i++) {
        if (check_api() != 0) {
            return (void *)1;
        }
    }
    return NULL;
}

#ifndef OCLC_TEST_NO_OPENCL
#define CL_CHECK(call)                                                         \
    do {                                                                       \
        cl_int err_ = (call);                                                  \
        if (err_ != CL_SUCCESS) {                                              \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, \
                    err_);                                                     \
            return 1;                                                          \
        }                                                                      \
    } while (0)

/* Runs the histogram kernel on the first CPU device and checks every bin. */
static int run_on_opencl(const uint32_t *words, size_t count) {
    enum { N = 4096, BINS = 16 };
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CL_CHECK(clGetPlatformIDs(1, &platform, NULL));
    CL_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CL_CHECK(err);
    cl_command_queue queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CL_CHECK(err);
    cl_program program = clCreateProgramWithIL(ctx, words, count * sizeof *words, &err);
    CL_CHECK(err);
    CL_CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "histogram", &err);
    CL_CHECK(err);
    cl_uint values[N], bins[BINS] = {0}, expected[BINS] = {0};
    for (cl_uint i = 0; i < N; i++) {
        values[i] = i * 2654435761u;
        expected[(values[i] / 3u) % BINS] += 1;
    }
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof values,
                               values, &err);
    CL_CHECK(err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof bins,
                                bins, &err);
    CL_CHECK(err);
    CL_CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    CL_CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));
    size_t global = N;
    CL_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
    CL_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof bins, bins, 0, NULL, NULL));
    for (int b = 0; b < BINS; b++) {
        CHECK(bins[b] == expected[b]);
    }
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
#endif

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 1;
    rounds = argc > 2 ? atoi(argv[2]) : 1;
    CHECK(threads >= 1 && threads <= 256 && rounds >= 1);
    CHECK(oclc_abi_version() == OCLC_ABI_VERSION);
    CHECK(strlen(oclc_version()) > 0);
    pthread_t ids[256];
    for (int t = 0; t < threads; t++) {
        CHECK(pthread_create(&ids[t], NULL, thread_main, NULL) == 0);
    }
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        void *ret;
        CHECK(pthread_join(ids[t], &ret) == 0);
        failed |= ret != NULL;
    }
    CHECK(!failed);
#ifndef OCLC_TEST_NO_OPENCL
    oclc_result *r = NULL;
    CHECK(compile_histogram(&r) == 0);
    size_t count = 0;
    const uint32_t *words = oclc_result_words(r, &count);
    CHECK(run_on_opencl(words, count) == 0);
    oclc_result_free(r);
#endif
    printf("ok: %d threads x %d rounds\n", threads, rounds);
    return 0;
}
