// RUN: %weftcc-check %s
// threadprivate globals (named by weft-cc's threadprivate marker, made thread-local by weft-markers) and a function-scope static (made _Thread_local by weft-cc), copyin of a scalar and an array, and per-thread state that persists from one parallel region to the next.
#include <stdio.h>

static int counter;
long table[4];
#pragma omp threadprivate(counter, table)

static long seen(void) {
  static long calls;
#pragma omp threadprivate(calls)
  return ++calls;
}

int main(void) {
  counter = 5;
  for (int k = 0; k < 4; k++)
    table[k] = 10 * k;
  long total = 0, first = 0;
  /* every thread starts from the primary thread's values */
#pragma omp parallel copyin(counter, table) reduction(+: total)
  {
    counter += 1;
    table[2] += counter;
    total += counter + table[2];
  }
  int threads = 0;
#pragma omp parallel reduction(+: threads)
  threads += 1;
  /* with one thread per team member, each thread's count is its own */
#pragma omp parallel reduction(+: first)
  {
    first += seen();
  }
  printf("primary counter %d table[2] %ld\n", counter, table[2]);
  printf("total/threads %ld\n", threads ? total / threads : 0);
  printf("first calls %ld\n", threads ? first / threads : 0);
  return 0;
}
