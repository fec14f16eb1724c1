#include <math.h>
void f(double *restrict o, const double *restrict x, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    o[i] = sin(x[i]) + exp(x[i]);
}
