// RUN: %weftcc-check %s
// taskloop's data-sharing and task clauses, in a parallel region's single
// (the other threads run the generated tasks) and orphaned.
// How it fails: a firstprivate captured after the loop changes it (or read
// from the creating frame) prints 3 instead of 5 in every a[i]; private
// copies shared among tasks, or lastprivate copied out by a task other
// than the one with the last iteration, print another `last`; without the
// implicit taskgroup the sums are read before the tasks ran (at 2 threads
// and more a spin in each task makes that certain); `nogroup` followed by
// a taskwait must see every iteration; if(0) and final(1) run the tasks
// before the construct ends, as any taskloop does.
#include <stdio.h>

#define N 100

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 2000L * k; i++)
    s += i;
}

static int orphaned(int n, int *b) {
  int last = -1, k = 0;
  // A function's locals in an orphaned taskloop: firstprivate by default.
#pragma omp taskloop num_tasks(4) lastprivate(last)
  for (int i = 0; i < n; i++) {
    spin(1);
    b[i] = i + k;
    last = i * 3;
  }
  return last;
}

int main(void) {
  int a[N], b[N], c[N], d[N], last = -1, fp = 5, tmp = 0, nsum = 0;
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = d[i] = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(7) firstprivate(fp) private(tmp) lastprivate(last) shared(a)
    for (int i = 0; i < N; i++) {
      spin(1);
      tmp = i * 2;
      a[i] = tmp + fp;
      last = i;
    }
    fp = 3;
#pragma omp taskloop nogroup untied priority(2) mergeable
    for (int i = 0; i < N; i++) {
      spin(1);
      c[i] = i * i;
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      nsum += c[i];
    int zero = 0;
#pragma omp taskloop if (zero) final(1) num_tasks(3)
    for (int i = 10; i < N; i += 3)
      d[i] = i + 1;
  }
  int l2 = orphaned(N, b);
  for (int i = 0; i < N; i += 9)
    printf("a[%d]=%d b[%d]=%d c[%d]=%d d[%d]=%d\n", i, a[i], i, b[i], i, c[i], i, d[i]);
  long sa = 0, sb = 0, sd = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i];
    sb += b[i];
    sd += d[i];
  }
  printf("last %d l2 %d nsum %d sums %ld %ld %ld fp %d\n", last, l2, nsum, sa, sb, sd, fp);
  return 0;
}
