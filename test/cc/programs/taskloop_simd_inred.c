// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// taskloop simd with in_reduction into an enclosing taskgroup (the thread's
// copy from __kmpc_task_reduction_get_th_data is the vector loop's
// reduction: vectorized with VF 2, simdlen(2)) and with collapse(2) (the
// collapsed loop's variables stay in memory: left scalar, which simd
// allows). How it fails: a lane's partial sum lost or added twice prints
// another g, a task running another's iterations another s or t.
#include <stdio.h>

int main(void) {
  long s = 0, g = 0;
  int a[40][30];
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop simd collapse(2) reduction(+: s) grainsize(50)
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 30; j++) {
        a[i][j] = i * j;
        s += i - j;
      }
#pragma omp taskgroup task_reduction(+: g)
    {
#pragma omp taskloop simd in_reduction(+: g) num_tasks(4) simdlen(2)
      for (int i = 0; i < 1000; i++)
        g += i % 13;
    }
  }
  long t = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 30; j++)
      t += a[i][j] * (i + 1);
  printf("s %ld g %ld t %ld\n", s, g, t);
  return 0;
}
