// RUN: %weftcc-check %s
// #pragma omp requires unified_shared_memory on a file with target
// regions: the module constructor registers OMP_REQ_UNIFIED_SHARED_MEMORY
// (8) as clang 16 does (test/cc/requires.c checks the flag), and the
// program runs as clang's does, with and without a device. The regions'
// results are printed, so a region dropped or run twice prints something
// else.
#pragma omp requires unified_shared_memory
#include <stdio.h>

#define N 50
int main(void) {
  int a[N], s = 0;
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target map(tofrom: a, s)
  for (int i = 0; i < N; i++) {
    a[i] *= 2;
    s += a[i];
  }
#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(tofrom: a)
    a[0] += 7;
  }
  printf("requires: %d %d %d\n", s, a[0], a[N - 1]);
  return 0;
}
