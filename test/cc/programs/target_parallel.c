// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// The combined forms target parallel, target parallel for (with a
// reduction), target parallel for simd and target simd, each a target
// region around the construct (weft-cc writes them nested); the
// reduction's item is mapped tofrom. A lost reduction, or a region whose
// fallback did not run, prints another sum.
#include <stdio.h>

#define N 1000
int main(void) {
  double x[N], y[N];
  for (int i = 0; i < N; i++) { x[i] = i * 0.5; y[i] = 1.0; }
  long sum = 0;
  int n = N;
#pragma omp target parallel for reduction(+: sum) map(to: x)
  for (int i = 0; i < n; i++) sum += (long)(x[i] * 2);
  printf("target parallel for: %ld\n", sum);

  double dot = 0;
#pragma omp target parallel for simd reduction(+: dot) map(to: x, y)
  for (int i = 0; i < N; i++) dot += x[i] * y[i];
  printf("target parallel for simd: %.1f\n", dot);

#pragma omp target simd map(tofrom: y)
  for (int i = 0; i < N; i++) y[i] = y[i] + x[i];
  printf("target simd: %.1f %.1f\n", y[0], y[N - 1]);

  int hits = 0;
#pragma omp target parallel map(tofrom: hits) num_threads(3)
  {
#pragma omp atomic
    hits += 1;
  }
  printf("target parallel: %d\n", hits > 0);

  long cnt = 0;
#pragma omp target parallel for reduction(+: cnt) if(n > 10) device(0) schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    if (i % 3 == 0) cnt += i;
  printf("if/device: %ld\n", cnt);
  return 0;
}
