// RUN: %weftcc-check %s
// taskloop reductions (the implicit taskgroup's task reduction, each task
// an in_reduction of it), a taskloop's in_reduction of an enclosing
// taskgroup's task_reduction, and collapse(2) of a nest.
// How it fails: without the reduction machinery the tasks' unsynchronized
// updates of one shared variable lose some (observed at 4 threads; the
// spin widens the window), printing other sums; a collapsed nest divided
// wrongly leaves cells of m unwritten or writes one twice (count != 1).
#include <stdio.h>

static void spin(void) {
  volatile int s = 0;
  for (int i = 0; i < 30000; i++)
    s += i;
}

int main(void) {
  long sum = 0;
  double prod = 1.0;
  int mx = -1, total = 0, m[12][9];
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 9; j++)
      m[i][j] = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(3) reduction(+: sum) reduction(*: prod) reduction(max: mx)
    for (int i = 0; i < 200; i++) {
      long t = sum;
      spin();
      sum = t + i;
      prod *= (i % 10 == 0) ? 2.0 : 1.0;
      mx = mx > (i * 7) % 101 ? mx : (i * 7) % 101;
    }
#pragma omp taskgroup task_reduction(+: total)
    {
#pragma omp taskloop num_tasks(5) in_reduction(+: total)
      for (int i = 0; i < 50; i++) {
        int t = total;
        spin();
        total = t + 1;
      }
    }
#pragma omp taskloop collapse(2) grainsize(4)
    for (int i = 0; i < 12; i++)
      for (int j = 0; j < 9; j++)
        m[i][j] += i * 10 + j + 1;
  }
  int bad = 0;
  long ms = 0;
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 9; j++) {
      bad += m[i][j] != i * 10 + j + 1;
      ms += m[i][j];
    }
  printf("sum %ld prod %g max %d total %d bad %d msum %ld\n", sum, prod, mx, total, bad, ms);
  return 0;
}
