// A C++ host of liboclc: owns oclc objects with std::unique_ptr, compiles
// one kernel from many std::threads at once with shared options (the words
// must all be the same), then runs it on the OpenCL runtime through
// clCreateProgramWithIL and checks its results.
//
// Built by tests/c_programs.rs with the system c++ against the installed
// header and library. Exits 0 when every check passes.
#include <oclc.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#ifndef OCLC_TEST_NO_OPENCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#endif

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

namespace {

struct OptionsDeleter {
    void operator()(oclc_options *o) const { oclc_options_destroy(o); }
};
struct ResultDeleter {
    void operator()(oclc_result *r) const { oclc_result_free(r); }
};
using Options = std::unique_ptr<oclc_options, OptionsDeleter>;
using Result = std::unique_ptr<oclc_result, ResultDeleter>;

// Counts the negative inputs with a C11 atomic and writes their absolute
// values.
const std::string kSource = R"(
kernel void absolute(global const int *in, global int *out, global atomic_int *negatives) {
    size_t i = get_global_id(0);
    int v = in[i];
    if (v < 0) {
        atomic_fetch_add_explicit(negatives, 1, memory_order_relaxed, memory_scope_device);
    }
    out[i] = v < 0 ? -v : v;
}
)";

Result compile(const oclc_options *options, oclc_status *status) {
    oclc_result *raw = nullptr;
    *status = oclc_compile(options, kSource.data(), kSource.size(), "absolute.cl", &raw);
    return Result(raw);
}

std::vector<uint32_t> words_of(const oclc_result *r) {
    size_t count = 0;
    const uint32_t *words = oclc_result_words(r, &count);
    return std::vector<uint32_t>(words, words + count);
}

#ifndef OCLC_TEST_NO_OPENCL
#define CL_CHECK(call)                                                                  \
    do {                                                                                \
        cl_int err_ = (call);                                                           \
        if (err_ != CL_SUCCESS) {                                                       \
            std::fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, err_); \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

int run_on_opencl(const std::vector<uint32_t> &words) {
    constexpr size_t n = 1000;
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CL_CHECK(clGetPlatformIDs(1, &platform, nullptr));
    CL_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr));
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    CL_CHECK(err);
    cl_command_queue queue = clCreateCommandQueueWithProperties(ctx, device, nullptr, &err);
    CL_CHECK(err);
    cl_program program =
        clCreateProgramWithIL(ctx, words.data(), words.size() * sizeof(uint32_t), &err);
    CL_CHECK(err);
    CL_CHECK(clBuildProgram(program, 1, &device, "", nullptr, nullptr));
    cl_kernel kernel = clCreateKernel(program, "absolute", &err);
    CL_CHECK(err);
    std::vector<cl_int> in(n), out(n, 0);
    cl_int negatives = 0, expected_negatives = 0;
    for (size_t i = 0; i < n; i++) {
        in[i] = static_cast<cl_int>(i * 37 % 101) - 50;
        expected_negatives += in[i] < 0;
    }
    cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                   n * sizeof(cl_int), in.data(), &err);
    CL_CHECK(err);
    cl_mem out_buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * sizeof(cl_int), nullptr, &err);
    CL_CHECK(err);
    cl_mem count_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                      sizeof(cl_int), &negatives, &err);
    CL_CHECK(err);
    CL_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &in_buf));
    CL_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &out_buf));
    CL_CHECK(clSetKernelArg(kernel, 2, sizeof(cl_mem), &count_buf));
    size_t global = n;
    CL_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr,
                                    nullptr));
    CL_CHECK(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, n * sizeof(cl_int), out.data(), 0,
                                 nullptr, nullptr));
    CL_CHECK(clEnqueueReadBuffer(queue, count_buf, CL_TRUE, 0, sizeof(cl_int), &negatives, 0,
                                 nullptr, nullptr));
    for (size_t i = 0; i < n; i++) {
        CHECK(out[i] == (in[i] < 0 ? -in[i] : in[i]));
    }
    CHECK(negatives == expected_negatives);
    clReleaseMemObject(in_buf);
    clReleaseMemObject(out_buf);
    clReleaseMemObject(count_buf);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
#endif

}  // namespace

int main() {
    Options options(oclc_options_create());
    CHECK(options != nullptr);
    CHECK(oclc_options_parse(options.get(), "-cl-std=CL2.0 -Werror") == OCLC_SUCCESS);
    oclc_status status;
    Result reference = compile(options.get(), &status);
    CHECK(status == OCLC_SUCCESS && reference != nullptr);
    const std::vector<uint32_t> expected = words_of(reference.get());
    CHECK(expected.size() > 5 && expected[0] == 0x07230203u);

    // The same options from 16 threads at once: every module is the same.
    std::vector<std::thread> threads;
    std::vector<int> failures(16, 0);
    for (size_t t = 0; t < failures.size(); t++) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 4; round++) {
                oclc_status s;
                Result r = compile(options.get(), &s);
                if (s != OCLC_SUCCESS || words_of(r.get()) != expected) {
                    failures[t] = 1;
                }
            }
        });
    }
    for (auto &thread : threads) {
        thread.join();
    }
    for (int f : failures) {
        CHECK(f == 0);
    }

    // An error in C++ is a status and a result, never an exception.
    const std::string bad = "kernel void k() { undeclared = 1; }";
    oclc_result *raw = nullptr;
    CHECK(oclc_compile(nullptr, bad.data(), bad.size(), "bad.cl", &raw) == OCLC_INPUT_ERRORS);
    Result failed(raw);
    CHECK(oclc_result_count(failed.get(), OCLC_SEVERITY_ERROR) >= 1);
    CHECK(std::string(oclc_result_render(failed.get(), OCLC_FORMAT_HUMAN)).find("bad.cl:1:") !=
          std::string::npos);

#ifndef OCLC_TEST_NO_OPENCL
    CHECK(run_on_opencl(expected) == 0);
#endif
    std::printf("ok\n");
    return 0;
}
