// oclc-flags: -target vulkan1.2
// expect-code: E0902
// Found by a mutation run: a file without kernels is a library module with
// the `Linkage` capability (no_kernels.cl), which Vulkan forbids; the
// validator rejected the module (E0901, an internal error). On the Vulkan
// target it is now an error that says why.
int twice(int x) { return 2 * x; }
