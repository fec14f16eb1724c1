// RUN: %weftcc-check %s
// schedule(dynamic) and schedule(dynamic, c) over an imbalanced workload (Collatz lengths) with reductions.
#include <stdio.h>

#define N 20000

static int steps[N];

static int collatz(long n) {
  int s = 0;
  while (n != 1) {
    n = (n % 2) ? 3 * n + 1 : n / 2;
    s++;
  }
  return s;
}

static long total_dynamic(int n, int chunk) {
  long t = 0;
  (void)chunk;
#pragma omp parallel for schedule(dynamic, chunk) reduction(+ : t)
  for (int i = 1; i <= n; i++)
    t += collatz(i);
  return t;
}

int main(void) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++)
    steps[i] = collatz(i + 1);

  int best = 0;
#pragma omp parallel for schedule(dynamic, 100) reduction(max : best)
  for (int i = 0; i < N; i++)
    if (steps[i] > best)
      best = steps[i];

  int argbest = N;
#pragma omp parallel for schedule(dynamic, 33) reduction(min : argbest)
  for (int i = 0; i < N; i++)
    if (steps[i] == best && i + 1 < argbest)
      argbest = i + 1;

  printf("longest chain below %d: %d steps, start %d\n", N + 1, best, argbest);
  printf("total dynamic,1   = %ld\n", total_dynamic(5000, 1));
  printf("total dynamic,17  = %ld\n", total_dynamic(5000, 17));
  printf("total dynamic,999 = %ld\n", total_dynamic(123, 999));
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += steps[i];
  printf("serial sum of parallel array = %ld\n", sum);
  return 0;
}
