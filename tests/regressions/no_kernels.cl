// Found by the robustness tests: a file without kernels (empty, comments
// only, or helper functions only) produced a module with no entry point,
// which the validator rejected (E0901, an internal error). It is now a
// library module declaring the `Linkage` capability.
// expect: module
int twice(int x) { return 2 * x; }
