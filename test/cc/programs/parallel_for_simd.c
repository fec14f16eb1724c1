// RUN: %weftcc-check %s
// parallel for simd and for simd (inside a parallel region) with reductions and elementwise updates.
#include <stdio.h>

#define N 4096

static int x[N], y[N];

static void axpy(int alpha) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < N; i++)
    y[i] += alpha * x[i];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = i % 13;
    y[i] = (i * 3) % 17;
  }

  axpy(4);

  long sum = 0;
  int mn = 1 << 30;
#pragma omp parallel
  {
#pragma omp for simd reduction(+ : sum) reduction(min : mn)
    for (int i = 0; i < N; i++) {
      sum += y[i];
      mn = y[i] < mn ? y[i] : mn;
    }
  }

  long sq = 0;
#pragma omp parallel for simd reduction(+ : sq)
  for (int i = 0; i < N; i++)
    sq += (long)y[i] * y[i];

  printf("y[0]=%d y[100]=%d y[N-1]=%d\n", y[0], y[100], y[N - 1]);
  printf("sum=%ld min=%d\n", sum, mn);
  printf("sum of squares=%ld\n", sq);
  return 0;
}
