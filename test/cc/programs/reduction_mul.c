// RUN: %weftcc-check %s
// Product (*) reductions on long, unsigned long and double (powers of two, exact) in parallel loops.
#include <stdio.h>

#define N 64

static unsigned long hash_product(const unsigned *v, int n) {
  unsigned long p = 1;
#pragma omp parallel for reduction(* : p)
  for (int i = 0; i < n; i++)
    p *= (unsigned long)v[i] | 1ul;
  return p;
}

int main(void) {
  unsigned v[N];
  for (int i = 0; i < N; i++)
    v[i] = (unsigned)(i * 2654435761u);

  long fact = 1;
#pragma omp parallel for reduction(* : fact)
  for (int i = 1; i <= 20; i++)
    fact *= i;

  long signs = 1;
#pragma omp parallel for schedule(static, 2) reduction(* : signs)
  for (int i = 0; i < 37; i++)
    signs *= (i % 3 == 0) ? -1 : 1;

  double scale = 1.0;
#pragma omp parallel for reduction(* : scale)
  for (int i = 0; i < 40; i++)
    scale *= (i % 2 == 0) ? 2.0 : 0.5 * ((i % 4 == 1) ? 1.0 : 4.0);

  int small = 3;
#pragma omp parallel for reduction(* : small)
  for (int i = 0; i < 10; i++)
    small *= (i % 5 == 0) ? 2 : 1;

  printf("20! = %ld\n", fact);
  printf("sign product = %ld\n", signs);
  printf("hash product = %lu\n", hash_product(v, N));
  printf("scale = %.1f\n", scale);
  printf("small = %d\n", small);
  return 0;
}
