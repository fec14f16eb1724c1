// RUN: %weftcc-check %s
// RUN: %weftcc -O2 -Rpass=weft -Rpass-missed=weft -c %s -o /dev/null 2>&1 | FileCheck %s
// Outer-loop vectorization: simd loops whose inner loop runs a different
// number of times in each lane (every lane iterates until all are done,
// under the mask of the lanes still in it): a Collatz while loop, an inner
// loop that loads and stores the lane's element, a reduction updated inside
// an inner loop, an inner loop only some lanes enter with a division inside
// it, and each thread's chunk of a parallel for simd. Last, a simd loop of
// one iteration whose inner loop carries a dependence: LLVM unrolls the
// simd loop away, and the inner loop must not be taken for it (it is tagged
// at pipeline start).
//
// (The reduction's inner loop is a closed form by then: no inner loop.)
// CHECK-DAG: (region 1) in function 'main' vectorized with VF {{[0-9]+}} and UF 1
// CHECK-DAG: (region 2) in function 'main' vectorized with VF {{[0-9]+}} and UF 1
// CHECK-DAG: (region 3) in function 'main' vectorized with VF
// CHECK-DAG: (region 4) in function 'main' vectorized with VF {{[0-9]+}} and UF 1
// CHECK-DAG: in function 'main.omp_outlined.5' vectorized with VF {{[0-9]+}} and UF 1
// CHECK-DAG: (region 5) in function 'main' left scalar: the simd loop is gone (the optimizer unrolled it)
#include <stdio.h>

#define N 1003
static int len[N], steps[N], acc[N];
static long wide[N];
static unsigned chain[600];

int main(int argc, char **argv) {
  for (int i = 0; i < N; i++) {
    len[i] = (i * 7919) % 1000 + argc - 1;
    acc[i] = i % 13;
  }
#pragma omp simd
  for (int i = 0; i < N; i++) {
    unsigned x = (unsigned)len[i] + 1;
    int k = 0;
    while (x != 1) {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      k++;
    }
    steps[i] = k;
  }
#pragma omp simd
  for (int i = 0; i < N; i++)
    for (int q = 0; q < len[i] % 9; q++)
      if (acc[i] > q)
        acc[i] = acc[i] * 2 - q;
  long s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < N; i++)
    for (int q = 0; q < len[i] % 5; q++)
      s += q * len[i];
#pragma omp simd
  for (int i = 0; i < N; i++) {
    long w = 1000003;
    if (len[i] & 1)
      for (int q = 1; q <= len[i] % 11; q++)
        w = w / q + 97 * q;
    wide[i] = w;
  }
#pragma omp parallel for simd
  for (int i = 0; i < N; i++) {
    int t = 0;
    for (int q = len[i] % 7; q > 0; q--)
      t += q * q;
    acc[i] += t;
  }
  chain[0] = 1;
#pragma omp simd
  for (int i = 0; i < 1; i++)
    for (int q = 0; q < 590 + argc; q++)
      chain[q + 2] = chain[q] * 3 + 1;
  long h = 0;
  for (int i = 0; i < N; i++)
    h = h * 31 + steps[i] + 7 * acc[i] + wide[i] % 1009;
  for (int q = 0; q < 600; q++)
    h = h * 31 + chain[q] % 1000;
  printf("s=%ld h=%ld steps[7]=%d acc[5]=%d wide[9]=%ld\n", s, h, steps[7], acc[5], wide[9]);
  return 0;
}
