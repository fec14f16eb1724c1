// RUN: %weftcc-check %s
// OpenMP 5.0's loop construct: closely nested in a parallel region (or
// bind(parallel)) the team shares its iterations, each run once, with a
// barrier after; bind(thread), nested in a worksharing loop's body, or
// orphaned, its thread runs them all as a simd loop. Were a team-bound loop
// run by every thread, its reduction would print a multiple of the serial
// sum; were a thread-bound one shared, its per-iteration sums would miss
// iterations. lastprivate of the loop variable leaves it past the end.
// CLANG-16-WRONG: lastprivate(last) on `loop bind(parallel)` leaves last
// at -1 (measured at 1 thread), as if the clause were not there.
#include <stdio.h>

#define N 1000
static int a[N], b[N];

static long orphaned(int k) {
  long w = 0;
#pragma omp loop reduction(+ : w) order(concurrent)
  for (int i = 0; i < N; i++) w += a[i] * k;
  return w;
}

int main(void) {
  long s = 0, t = 0;
  int last = -1;
#pragma omp parallel
  {
#pragma omp loop reduction(+ : s)
    for (int i = 0; i < N; i++) {
      a[i] = i % 17;
      s += a[i];
    }
    // The loop's barrier: every a[i] is set before any thread reads it.
#pragma omp loop bind(parallel) lastprivate(last)
    for (last = 0; last < N; last++) b[last] = a[N - 1 - last] * 2;
  }
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < 100; i++) {
    long u = 0;
#pragma omp loop bind(thread) reduction(+ : u)
    for (int j = 0; j < N; j++) u += b[j] * i;
    t += u + orphaned(i);
  }
  printf("s %ld t %ld last %d\n", s, t, last);
  return 0;
}
