// The other file of test/offload/device-declare-function.c: a declare
// target variable and functions, no target region.
#pragma omp declare target
int offset = 5;
static double helper(double x) { return x + 1; }
double twice(double x) { return 2 * helper(x) - 2 + offset; }
#pragma omp end declare target
