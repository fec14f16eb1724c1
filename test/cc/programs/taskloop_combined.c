// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: its combined parallel master/masked taskloop leaves a[] as it was (at 1 thread too: "s2 0 t 64 a[5] 1"), as if the tasks had copies of the shared array
// The combined forms of taskloop: parallel master taskloop (with the
// team's num_threads and the taskloop's reduction), master taskloop simd
// and masked taskloop (filter) inside a parallel region, parallel masked
// taskloop simd; weft-cc writes each as nested regions.
// How it fails: a part run by every thread of the team (a missing master
// or masked region) adds its increments once per thread, and a variable
// made firstprivate in the tasks instead of shared (the team's own) keeps
// a[] unchanged, printing other sums at 2 threads and more; a lost
// reduction prints another s or s2.
#include <stdio.h>

int main(void) {
  int a[64], s = 0, s2 = 0;
  for (int i = 0; i < 64; i++)
    a[i] = 0;
#pragma omp parallel master taskloop num_threads(3) grainsize(5) reduction(+: s)
  for (int i = 0; i < 64; i++) {
    a[i] += i;
    s += i;
  }
#pragma omp parallel
  {
#pragma omp master taskloop simd
    for (int i = 0; i < 64; i++)
      a[i] += 1;
#pragma omp barrier
#pragma omp masked taskloop filter(0) reduction(+: s2)
    for (int i = 0; i < 64; i++)
      s2 += a[i];
  }
#pragma omp parallel masked taskloop simd num_tasks(4)
  for (int i = 0; i < 64; i++)
    a[i] *= 2;
  long t = 0;
  for (int i = 0; i < 64; i++)
    t += a[i];
  printf("s %d s2 %d t %ld a[5] %d a[63] %d\n", s, s2, t, a[5], a[63]);
  return 0;
}
