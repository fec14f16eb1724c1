// RUN: %weftcc-check %s
// Orphaned constructs in functions a loop calls (OpenMP binds them to the
// calling thread's loop at run time): an ordered region in a function called
// from a loop with the ordered clause, under dynamic and static schedules,
// and an orphaned worksharing loop and single in a function called from a
// parallel region.
#include <stdio.h>

static long acc[4];

static void record(int k) {
#pragma omp ordered
  printf("%d ", k);
}

static void fold(int k) {
#pragma omp ordered
  acc[0] = acc[0] * 31 + k;
}

static void fill(long *v, int n) {
#pragma omp for schedule(guided)
  for (int i = 0; i < n; i++)
    v[i] = (long)i * i;
#pragma omp single
  acc[1] = v[n - 1];
}

int main(void) {
#pragma omp parallel for ordered schedule(dynamic)
  for (int i = 0; i < 20; i++)
    record(i);
  printf("\n");
#pragma omp parallel for ordered schedule(static, 3)
  for (int i = 0; i < 100; i++)
    fold(i % 17);
  long v[64];
#pragma omp parallel
  fill(v, 64);
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += v[i];
  printf("fold %ld single %ld sum %ld\n", acc[0], acc[1], s);
  return 0;
}
