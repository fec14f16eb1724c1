// RUN: %weftcc-check %s
// Kernels in a user header (../Inputs/header_kernel.h, included twice):
// a parallel for with a reduction, an orphaned for, max and sum reductions.
// weft-cc lowers the header's constructs (it used to refuse them); with a
// construct dropped, the reductions would race (or, lowered as serial
// code inside a team, count every iteration once per thread).
#include <stdio.h>
#include "../Inputs/header_kernel.h"
#include "../Inputs/header_kernel.h"

#define N 1000

int main(void) {
  static double x[N], y[N];
  static long v[N];
  for (int i = 0; i < N; i++) {
    x[i] = (i % 13) * 0.5;
    y[i] = (i % 7) - 3;
    v[i] = (i * 7919L) % 1009;
  }
  double d = dot(x, y, N);
#pragma omp parallel
  axpy(2.0, x, y, N);
  double d2 = dot(x, y, N);
  long count = 0;
  long m = max_and_count(v, N, &count);
  printf("dot %.1f then %.1f max %ld count %ld\n", d, d2, m, count);
  return 0;
}
