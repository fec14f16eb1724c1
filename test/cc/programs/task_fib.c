// RUN: %weftcc-check %s
// Recursive Fibonacci with tasks and taskwait: each call creates two tasks
// that write shared locals of the calling frame, and waits for them before
// adding (the tasks are orphaned: fib runs in the single region of a
// parallel region, and recursively inside its own tasks). Without the
// taskwait, or with x and y captured rather than shared, the sums differ.
// Also a task per iteration of a worksharing loop, writing its own element
// from the loop's private index (firstprivate by OpenMP's implicit rule),
// waited for by the loop's barrier region's end.
#include <stdio.h>

static long fib(int n) {
  long x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

/* Below a cutoff the tasks are included (if(0)): run at once by the
   creating thread, undeferred. */
static long fib_cut(int n) {
  long x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x) if (n > 12)
  x = fib_cut(n - 1);
#pragma omp task shared(y) if (n > 12)
  y = fib_cut(n - 2);
#pragma omp taskwait
  return x + y;
}

#define N 40

int main(void) {
  long r = 0, c = 0;
  long sq[N];
#pragma omp parallel
  {
#pragma omp single
    {
      r = fib(18);
      c = fib_cut(22);
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp task
      sq[i] = fib(i % 12) + i;
    }
  }
  printf("fib(18) = %ld, fib(22) = %ld\n", r, c);
  long s = 0;
  for (int i = 0; i < N; i++)
    s = s * 7 % 1000003 + sq[i];
  printf("loop tasks: %ld\n", s);
  return 0;
}
