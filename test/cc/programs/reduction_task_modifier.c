// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=50
// The task reduction modifier (OpenMP 5.0 §2.19.5.4): a parallel, for,
// sections, parallel for or parallel sections construct's
// `reduction(task, op: list)` is also a task reduction that the tasks
// created in the region join with in_reduction. Each item's total counts
// the region's own contributions (each thread's private copy) and the
// tasks' (their thread's task copy) exactly once: a task that updated the
// thread's copy or the variable directly would race (each task reads,
// spins, then writes, so updates are lost at 2 threads and more); task
// copies left uncombined lose the tasks' contributions; combining them
// into the variable besides the thread's copy counts them twice. At 1
// thread libomp hands the tasks the thread's copy itself.
#include <stdio.h>

static void spin(void) {
  volatile int s = 0;
  for (int i = 0; i < 1000; i++)
    s += i;
}

int main(void) {
  long sum = 7;
  long prod = 3;
  int big = -1000;
  unsigned hist[4] = {1, 2, 3, 4};

  // parallel: the tasks come from one thread (single), the items' other
  // contributions from no one: only the tasks count.
#pragma omp parallel reduction(task, +: sum) reduction(task, max: big)
  {
#pragma omp single
    for (int k = 0; k < 40; k++) {
#pragma omp task in_reduction(+: sum) in_reduction(max: big)
      {
        long t = sum;
        spin();
        sum = t + k;
        if (k * 3 % 17 > big)
          big = k * 3 % 17;
      }
    }
  }
  printf("parallel: sum %ld max %d\n", sum, big);

  // for inside parallel: each iteration adds directly and through a task.
  sum = 1;
#pragma omp parallel
  {
#pragma omp for reduction(task, +: sum, hist) schedule(dynamic, 3)
    for (int i = 0; i < 60; i++) {
      sum += i;
#pragma omp task in_reduction(+: sum, hist)
      {
        long t = sum;
        spin();
        sum = t + 100 * i;
        hist[i % 4] += i;
      }
    }
  }
  printf("for: sum %ld hist %u %u %u %u\n", sum, hist[0], hist[1], hist[2], hist[3]);

  // parallel for: a product through tasks and directly.
#pragma omp parallel for reduction(task, *: prod)
  for (int i = 1; i <= 12; i++) {
    if (i % 2)
      prod *= 2;
    else {
#pragma omp task in_reduction(*: prod)
      {
        long t = prod;
        spin();
        prod = t * (i % 3 + 1);
      }
    }
  }
  printf("parallel for: prod %ld\n", prod);

  // sections inside parallel, and parallel sections: tasks from each section.
  sum = 0;
#pragma omp parallel
  {
#pragma omp sections reduction(task, +: sum)
    {
#pragma omp section
      for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+: sum)
        {
          long t = sum;
          spin();
          sum = t + k;
        }
      }
#pragma omp section
      {
        sum += 1000;
        for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+: sum)
          {
            long t = sum;
            spin();
            sum = t + 10 * k;
          }
        }
      }
    }
  }
  printf("sections: sum %ld\n", sum);

  int lo = 1 << 20;
#pragma omp parallel sections reduction(task, min: lo) reduction(+: sum)
  {
#pragma omp section
    for (int k = 0; k < 8; k++) {
#pragma omp task in_reduction(min: lo)
      {
        if (50 - k * 7 < lo)
          lo = 50 - k * 7;
      }
      sum += 1;
    }
#pragma omp section
    sum += 2;
  }
  printf("parallel sections: min %d sum %ld\n", lo, sum);
  return 0;
}
