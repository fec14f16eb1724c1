// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// order(concurrent) on simd, for, parallel for, parallel for simd and the
// loop construct, and OpenMP 5.1's modifiers: with order(reproducible:
// concurrent) two worksharing loops of the same trip count give each
// iteration to the same thread (OpenMP 5.1 §2.11.3), so the second loop may
// read, after `nowait`, what the first wrote in the same iteration; a
// different distribution would read values not yet written (-1).
#include <stdio.h>

#define N 1000

int main(void) {
  static int a[N], b[N], c[N], d[N];
  long sum = 0, late = 0;
#pragma omp simd order(concurrent)
  for (int i = 0; i < N; i++)
    a[i] = (i * 37) % 101;
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2 + 1;
#pragma omp parallel for simd order(unconstrained : concurrent) reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += b[i] - a[i];
  for (int i = 0; i < N; i++)
    c[i] = d[i] = -1;
#pragma omp parallel reduction(+ : late)
  {
#pragma omp for order(reproducible : concurrent) nowait
    for (int i = 0; i < N; i++)
      c[i] = a[i] + b[i];
#pragma omp for order(reproducible : concurrent) nowait
    for (int i = 0; i < N; i++) {
      late += c[i] < 0;
      d[i] = c[i] * 3;
    }
#pragma omp barrier
#pragma omp loop order(concurrent)
    for (int i = 0; i < N; i++)
      a[i] = d[i] - c[i];
  }
#pragma omp parallel
#pragma omp for simd order(concurrent)
  for (int i = 0; i < N; i++)
    b[i] = a[i] % 7;
  long check = 0;
  for (int i = 0; i < N; i++)
    check += a[i] * 3 + b[i];
  printf("sum %ld late %ld check %ld\n", sum, late, check);
  return 0;
}
