// RUN: %weftcc-check %s
// RUN: %weftcc -O2 -Rpass=weft -Rpass-missed=weft -c %s -o /dev/null 2>&1 | FileCheck %s
// linear clauses: each iteration starts with the value on entry plus its
// logical number times the step, and the original ends with what the last
// iteration left. Integers of two widths, a negative and a run-time step,
// pointers (the step counts elements: weft-cc scales it to bytes), on simd
// loops (vectorized: the variable becomes an induction), on a parallel for
// simd and on a worksharing loop.
//
// CHECK-DAG: DIR.OMP.SIMD (region 1) in function 'main' vectorized
// CHECK-DAG: DIR.OMP.SIMD (region 2) in function 'main' vectorized
// CHECK-DAG: in function 'main.omp_outlined.{{[0-9]+}}' vectorized
#include <stdio.h>

static int a[2000], b[2000];

int main(int argc, char **argv) {
  int j = 3;
  long m = 7;
  int *p = b;
  for (int i = 0; i < 2000; i++)
    b[i] = i * 3 % 17;
#pragma omp simd linear(j : 2) linear(p) linear(m : -1)
  for (int i = 0; i < 400 + argc; i++) {
    a[i] = j + *p * (int)m;
    j += 2;
    p++;
    m -= 1;
  }
  long s = 0;
  for (int i = 0; i < 2000; i++)
    s = s * 31 + a[i];
  printf("j=%d p=%ld m=%ld s=%ld\n", j, (long)(p - b), m, s);

  int step = argc + 2;
  short h = 5;
  int *w = a + 1;
#pragma omp simd linear(h : 3) linear(w : step)
  for (int i = 0; i < 333; i++) {
    *w = h * 2 + i;
    h += 3;
    w += step;
  }
  s = 0;
  for (int i = 0; i < 2000; i++)
    s = s * 31 + a[i];
  printf("h=%d w=%ld s=%ld\n", h, (long)(w - a), s);

  int q = 0;
#pragma omp parallel for simd linear(q : 3)
  for (int i = 0; i < 300; i++) {
    a[i] = q;
    q += 3;
  }
  int *r = b + 7;
#pragma omp parallel
#pragma omp for linear(r : 2)
  for (int i = 0; i < 500; i++) {
    *r = i;
    r += 2;
  }
  s = 0;
  for (int i = 0; i < 2000; i++)
    s = s * 31 + a[i] + 3 * b[i];
  printf("q=%d r=%ld s=%ld\n", q, (long)(r - b), s);
  return 0;
}
