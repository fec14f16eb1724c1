// RUN: %weftcc-check %s
// parallel loop and target parallel loop (OpenMP 5.0's loop construct
// bound to the parallel region its combined form makes): the team shares
// the iterations. Each loop counts the iterations it runs; read as a loop
// each thread runs (a loop bound to the thread), the count is once per
// thread and differs from the serial program's.
// CLANG-16-WRONG: clang 16 emits no code for a parallel loop construct
// (its statement is dropped: every count prints 0).
#include <stdio.h>

#define N 1000

int main(void) {
  int a[N], s = 0, t = 0, runs = 0;
#pragma omp parallel loop bind(parallel) reduction(+:s) order(concurrent)
  for (int i = 0; i < N; i++) {
    a[i] = i;
    s += i;
  }
#pragma omp parallel loop collapse(2)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 100; j++) {
#pragma omp atomic
      runs += 1;
    }
#pragma omp target parallel loop map(tofrom: a) reduction(+:t)
  for (int i = 0; i < N; i++) {
    a[i] += 1;
    t += a[i];
  }
  printf("%d %d %d %d\n", s, t, a[N - 1], runs);
  return 0;
}
