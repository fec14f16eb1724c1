// RUN: %weftcc-check %s
// && and || reductions of float and double (C's logical operators on
// floating point: the result is 0 or 1, NaN counts as true), in parallel
// loops, a worksharing loop and a parallel for simd; an ordered threads
// region (the same as a plain ordered one); proc_bind(master).
#include <math.h>
#include <stdio.h>

#define N 3000

static float xs[N];
static double ys[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    xs[i] = (i % 97 == 5) ? NAN : (float)(i - 1500) + 0.5f;
    ys[i] = (i == 2222) ? 0.0 : 1.0 / (i + 1);
  }

  float all_x = 3.0f, none_x = 0.0f;
  double all_y = -1.0, any_big = 0.0;
#pragma omp parallel for reduction(&& : all_x, all_y) reduction(|| : none_x, any_big) proc_bind(master)
  for (int i = 0; i < N; i++) {
    all_x = all_x && xs[i];
    all_y = all_y && ys[i];
    none_x = none_x || (xs[i] > 1.0e6f);
    any_big = any_big || (ys[i] > 0.5);
  }
  printf("all_x=%g all_y=%g none_x=%g any_big=%g\n", all_x, all_y, none_x, any_big);

  // The original takes part: false && anything stays false.
  double from_false = 0.0;
  float nan_or = 0.0f;
#pragma omp parallel
  {
#pragma omp for reduction(&& : from_false) reduction(|| : nan_or) schedule(dynamic, 17)
    for (int i = 0; i < N; i++) {
      from_false = from_false && xs[i];
      nan_or = nan_or || (i % 97 == 5 ? xs[i] : 0.0f);
    }
  }
  printf("from_false=%g nan_or=%g\n", from_false, nan_or);

  float simd_and = 1.0f;
#pragma omp parallel for simd reduction(&& : simd_and)
  for (int i = 0; i < N; i++)
    simd_and = simd_and && ys[i];
  printf("simd_and=%g\n", simd_and);

  unsigned long h = 5;
#pragma omp parallel for ordered schedule(static, 3)
  for (int i = 0; i < 400; i++) {
    double w = ys[i] * 2.0;
#pragma omp ordered threads
    h = h * 131 + (unsigned long)(w * 1000.0) + (unsigned long)i;
  }
  printf("ordered threads hash %lu\n", h);
  return 0;
}
