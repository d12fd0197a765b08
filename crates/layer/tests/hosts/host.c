/* An ordinary OpenCL application, written as applications are: it builds
 * a kernel from source with the options it is given and runs it. The
 * layer's tests (crates/layer/tests/layer.rs) run it under the layer and
 * read what it prints.
 *
 *   host SOURCE.cl "BUILD OPTIONS" [--contexts N | --sub-devices | --header NAME FILE]
 *
 * The kernel is `run(global int *out, global const int *in)` over 64
 * work-items, with in[i] = i. Printed, one fact a line:
 *   build C: STATUS            clBuildProgram's result in context C
 *   callback C: same|other     the build callback saw the application's handle
 *   build-status C: S          CL_PROGRAM_BUILD_STATUS
 *   log-begin C / log-end C    CL_PROGRAM_BUILD_LOG between these lines
 *   source C: same|other       CL_PROGRAM_SOURCE against the file
 *   kernels C: N               clCreateKernelsInProgram's count
 *   kernel-program C: same|other   CL_KERNEL_PROGRAM
 *   arg0-name C: NAME|error E  clGetKernelArgInfo(CL_KERNEL_ARG_NAME)
 *   out C.D: v0 v1 ...         the results on device D of context C
 *   binary-out C: v0 v1 ...    the same from a program made of the binary
 * With --header, the program is compiled (clCompileProgram, the header
 * FILE embedded under NAME) and linked (clLinkProgram) instead of built:
 *   compile C: STATUS          clCompileProgram's result
 *   log-begin C / log-end C    the compiled program's CL_PROGRAM_BUILD_LOG
 *   link C: STATUS             clLinkProgram's result
 *   out C.0: v0 v1 ...         the linked program's results
 * Exit status 0 unless an OpenCL call outside the build fails. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 64
#define MAX_DEVICES 2

static void check(cl_int status, const char *what) {
  if (status != CL_SUCCESS) {
    printf("error %d in %s\n", status, what);
    exit(1);
  }
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("cannot read %s\n", path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = calloc(1, size + 1);
  if (fread(text, 1, size, f) != (size_t)size) exit(1);
  fclose(f);
  return text;
}

static volatile cl_program notified;
static void CL_CALLBACK on_built(cl_program program, void *user_data) {
  (void)user_data;
  notified = program;
}

static void run(cl_context ctx, cl_device_id device, cl_kernel kernel, const char *label) {
  cl_int status;
  cl_command_queue queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &status);
  check(status, "clCreateCommandQueueWithProperties");
  int in[N], out[N];
  for (int i = 0; i < N; i++) {
    in[i] = i;
    out[i] = 0;
  }
  cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof in, in, &status);
  check(status, "clCreateBuffer");
  cl_mem out_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof out, out, &status);
  check(status, "clCreateBuffer");
  check(clSetKernelArg(kernel, 0, sizeof out_buf, &out_buf), "clSetKernelArg");
  check(clSetKernelArg(kernel, 1, sizeof in_buf, &in_buf), "clSetKernelArg");
  size_t global = N;
  check(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL), "clEnqueueNDRangeKernel");
  check(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), "clEnqueueReadBuffer");
  printf("%s:", label);
  for (int i = 0; i < N; i++) printf(" %d", out[i]);
  printf("\n");
  clReleaseMemObject(in_buf);
  clReleaseMemObject(out_buf);
  clReleaseCommandQueue(queue);
}

/* Builds SOURCE in `ctx` for `devices`, runs it on each, then rebuilds it
 * from the binary and runs that on the first device. */
static void session(int c, cl_context ctx, cl_uint ndev, cl_device_id *devices, const char *source,
                    const char *options) {
  cl_int status;
  cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &status);
  check(status, "clCreateProgramWithSource");
  notified = NULL;
  cl_int built = clBuildProgram(program, ndev, devices, options, on_built, NULL);
  printf("build %d: %d\n", c, built);
  /* The callback may come later, from another thread. */
  for (int i = 0; i < 6000 && notified == NULL; i++) {
    struct timespec ms = {0, 10000000};
    nanosleep(&ms, NULL);
  }
  printf("callback %d: %s\n", c, notified == program ? "same" : "other");
  for (cl_uint d = 0; d < ndev; d++) {
    cl_build_status build_status;
    check(clGetProgramBuildInfo(program, devices[d], CL_PROGRAM_BUILD_STATUS, sizeof build_status,
                                &build_status, NULL),
          "CL_PROGRAM_BUILD_STATUS");
    printf("build-status %d: %d\n", c, build_status);
    size_t size;
    check(clGetProgramBuildInfo(program, devices[d], CL_PROGRAM_BUILD_LOG, 0, NULL, &size), "log size");
    char *log = malloc(size + 1);
    check(clGetProgramBuildInfo(program, devices[d], CL_PROGRAM_BUILD_LOG, size, log, NULL), "log");
    printf("log-begin %d\n%s\nlog-end %d\n", c, log, c);
    free(log);
  }
  size_t size;
  check(clGetProgramInfo(program, CL_PROGRAM_SOURCE, 0, NULL, &size), "source size");
  char *text = malloc(size);
  check(clGetProgramInfo(program, CL_PROGRAM_SOURCE, size, text, NULL), "source");
  printf("source %d: %s\n", c, strcmp(text, source) == 0 ? "same" : "other");
  free(text);
  if (built != CL_SUCCESS) {
    clReleaseProgram(program);
    return;
  }

  cl_uint count = 0;
  cl_kernel all[8];
  check(clCreateKernelsInProgram(program, 8, all, &count), "clCreateKernelsInProgram");
  printf("kernels %d: %u\n", c, count);
  for (cl_uint i = 0; i < count; i++) clReleaseKernel(all[i]);

  cl_kernel kernel = clCreateKernel(program, "run", &status);
  check(status, "clCreateKernel");
  cl_program owner;
  check(clGetKernelInfo(kernel, CL_KERNEL_PROGRAM, sizeof owner, &owner, NULL), "CL_KERNEL_PROGRAM");
  printf("kernel-program %d: %s\n", c, owner == program ? "same" : "other");
  char name[64];
  cl_int arg = clGetKernelArgInfo(kernel, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL);
  if (arg == CL_SUCCESS) {
    printf("arg0-name %d: %s\n", c, name);
  } else {
    printf("arg0-name %d: error %d\n", c, arg);
  }
  /* The binaries, then the application drops its program while its
   * kernel lives on. */
  size_t sizes[MAX_DEVICES];
  check(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof sizes[0] * ndev, sizes, NULL), "binary sizes");
  unsigned char *binaries[MAX_DEVICES];
  for (cl_uint d = 0; d < ndev; d++) binaries[d] = malloc(sizes[d]);
  check(clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries[0] * ndev, binaries, NULL), "binaries");
  clReleaseProgram(program);
  for (cl_uint d = 0; d < ndev; d++) {
    char label[32];
    snprintf(label, sizeof label, "out %d.%u", c, d);
    run(ctx, devices[d], kernel, label);
  }

  /* The binary of the first device, as a program of its own. */
  const unsigned char *first = binaries[0];
  cl_program from_binary = clCreateProgramWithBinary(ctx, 1, devices, &sizes[0], &first, NULL, &status);
  check(status, "clCreateProgramWithBinary");
  check(clBuildProgram(from_binary, 1, devices, NULL, NULL, NULL), "clBuildProgram (binary)");
  cl_kernel again = clCreateKernel(from_binary, "run", &status);
  check(status, "clCreateKernel (binary)");
  char label[32];
  snprintf(label, sizeof label, "binary-out %d", c);
  run(ctx, devices[0], again, label);
  clReleaseKernel(again);
  clReleaseProgram(from_binary);
  for (cl_uint d = 0; d < ndev; d++) free(binaries[d]);
  clReleaseKernel(kernel);
}

/* Compiles SOURCE with the header HEADER embedded as NAME, links it, and
 * runs the linked program's kernel on the first device. */
static void separate_session(int c, cl_context ctx, cl_device_id *devices, const char *source,
                             const char *options, const char *name, const char *header) {
  cl_int status;
  cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &status);
  check(status, "clCreateProgramWithSource");
  cl_program header_program = clCreateProgramWithSource(ctx, 1, &header, NULL, &status);
  check(status, "clCreateProgramWithSource (header)");
  const char *names[] = {name};
  cl_int compiled = clCompileProgram(program, 1, devices, options, 1, &header_program, names, NULL, NULL);
  printf("compile %d: %d\n", c, compiled);
  size_t size;
  check(clGetProgramBuildInfo(program, devices[0], CL_PROGRAM_BUILD_LOG, 0, NULL, &size), "log size");
  char *log = malloc(size + 1);
  check(clGetProgramBuildInfo(program, devices[0], CL_PROGRAM_BUILD_LOG, size, log, NULL), "log");
  printf("log-begin %d\n%s\nlog-end %d\n", c, log, c);
  free(log);
  if (compiled != CL_SUCCESS) return;
  cl_program linked = clLinkProgram(ctx, 1, devices, NULL, 1, &program, NULL, NULL, &status);
  printf("link %d: %d\n", c, status);
  if (status != CL_SUCCESS) return;
  cl_kernel kernel = clCreateKernel(linked, "run", &status);
  check(status, "clCreateKernel (linked)");
  char label[32];
  snprintf(label, sizeof label, "out %d.0", c);
  run(ctx, devices[0], kernel, label);
  clReleaseKernel(kernel);
  clReleaseProgram(linked);
  clReleaseProgram(header_program);
  clReleaseProgram(program);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: host SOURCE.cl OPTIONS [--contexts N | --sub-devices | --header NAME FILE]\n");
    return 2;
  }
  char *source = read_file(argv[1]);
  const char *options = argv[2];
  int contexts = 1, sub_devices = 0;
  if (argc > 4 && strcmp(argv[3], "--contexts") == 0) contexts = atoi(argv[4]);
  if (argc > 3 && strcmp(argv[3], "--sub-devices") == 0) sub_devices = 1;
  const char *header_name = NULL;
  char *header = NULL;
  if (argc > 5 && strcmp(argv[3], "--header") == 0) {
    header_name = argv[4];
    header = read_file(argv[5]);
  }

  cl_platform_id platform;
  check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
  cl_device_id device;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
  cl_device_id devices[MAX_DEVICES] = {device};
  cl_uint ndev = 1;
  if (sub_devices) {
    cl_device_partition_property props[] = {CL_DEVICE_PARTITION_BY_COUNTS, 1, 1,
                                            CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
    check(clCreateSubDevices(device, props, 2, devices, &ndev), "clCreateSubDevices");
  }
  for (int c = 0; c < contexts; c++) {
    cl_int status;
    cl_context ctx = clCreateContext(NULL, ndev, devices, NULL, NULL, &status);
    check(status, "clCreateContext");
    if (header) {
      separate_session(c, ctx, devices, source, options, header_name, header);
    } else {
      session(c, ctx, ndev, devices, source, options);
    }
    clReleaseContext(ctx);
  }
  printf("done: %d\n", contexts);
  return 0;
}
