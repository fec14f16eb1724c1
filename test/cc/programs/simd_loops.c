// RUN: %weftcc-check %s
// simd loops (plain simd with and without reduction) on integer arrays inside ordinary serial code.
#include <stdio.h>

#define N 1024

static int a[N], b[N], c[N];

static long dot_simd(const int *x, const int *y, int n) {
  long s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (long)x[i] * y[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i % 31 - 15;
    b[i] = (i * 5) % 29 - 14;
  }

#pragma omp simd
  for (int i = 0; i < N; i++)
    c[i] = a[i] * 3 + b[i];

  int mx = -100000;
#pragma omp simd reduction(max : mx)
  for (int i = 0; i < N; i++)
    mx = c[i] > mx ? c[i] : mx;

  long chk = 0;
  for (int i = 0; i < N; i++)
    chk = chk * 7 % 1000003 + c[i];
  printf("dot(a,b)=%ld\n", dot_simd(a, b, N));
  printf("dot(c,c)=%ld\n", dot_simd(c, c, N));
  printf("max c=%d checksum=%ld\n", mx, chk);
  return 0;
}
