// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=50
// Task reductions: a taskgroup's task_reduction items, and tasks that take
// part with in_reduction, each adding to its thread's copy (no atomics, no
// locks: with the tasks updating the shared variables directly, as a
// missing in_reduction would have them, updates race and are lost at 2
// threads and more); the taskgroup's end combines the copies into the
// variables, whose values before the taskgroup count too. Sum, product,
// max (signed and unsigned) and a double sum; tasks created by tasks
// (nested, and in a function each task calls) take part too.
#include <stdio.h>

static void spin(void) {
  volatile int s = 0;
  for (int i = 0; i < 2000; i++)
    s += i;
}

static long sum = 5;

static void add_range(int lo, int hi) {
  for (int k = lo; k < hi; k++) {
#pragma omp task in_reduction(+: sum)
    {
      long t = sum;
      spin();
      sum = t + k;
    }
  }
}

int main(void) {
  long prod = 1;
  int mx = -100;
  unsigned umx = 3;
  double d = 0.5;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: sum, d) task_reduction(*: prod) task_reduction(max: mx, umx)
    {
      for (int i = 1; i <= 40; i++) {
#pragma omp task in_reduction(+: sum, d) in_reduction(max: mx, umx)
        {
          long t = sum;
          spin();
          sum = t + i;
          d += i * 0.25;
          if (i * 7 % 23 > mx)
            mx = i * 7 % 23;
          if ((unsigned)(i * 13 % 37) > umx)
            umx = i * 13 % 37;
        }
        if (i % 8 == 0) {
#pragma omp task in_reduction(*: prod)
          prod = prod * (i / 8 + 1);
        }
      }
#pragma omp task
      add_range(100, 110);
    }
  }
  printf("sum %ld prod %ld max %d %u d %.2f\n", sum, prod, mx, umx, d);
  return 0;
}
