// A simd prefix sum (inclusive scan of ints and of doubles), timed: built
// by weft-cc (the vector scan: docs/vectorization.md) and by clang-16
// without OpenMP (the same loop as the serial program, left to
// LoopVectorize). scan.sh builds both and prints the ratio.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1000000
static int a[N], b[N];
static double d[N], e[N];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((noinline)) static int scan_int(int n) {
  int x = 0;
#pragma omp simd reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
  return x;
}

__attribute__((noinline)) static double scan_double(int n) {
  double x = 0;
#pragma omp simd reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += d[i];
#pragma omp scan inclusive(x)
    e[i] = x;
  }
  return x;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 9;
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37 + 11) % 23 - 7;
    d[i] = ((i * 13) % 9) * 0.5 - 2.0;
  }
  double best_i = 1e9, best_d = 1e9;
  long check = 0;
  for (int r = 0; r < rounds; r++) {
    double t0 = now();
    check += scan_int(N);
    double t1 = now();
    check += (long)scan_double(N);
    double t2 = now();
    best_i = t1 - t0 < best_i ? t1 - t0 : best_i;
    best_d = t2 - t1 < best_d ? t2 - t1 : best_d;
  }
  printf("int %.1f us, double %.1f us, check %ld %d %g\n", best_i * 1e6, best_d * 1e6, check, b[N - 1], e[N / 2]);
  return 0;
}
