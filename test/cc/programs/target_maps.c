// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// The target construct on the host side: each map kind, array sections, a
// struct member, firstprivate and private scalars, if and device clauses,
// thread_limit, is_device_ptr, defaultmap. With no device libomptarget's
// __tgt_target_kernel fails and the host fallback runs each region; a
// fallback that did not run, or ran on the wrong data, prints other values
// (e.g. `from` and `tofrom` results, the firstprivate scalar left alone,
// the if(0) region still run).
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define N 64
// What OpenMP's data-sharing gives, and what the serial program computes:
// a firstprivate or private variable keeps its value after the region.
#ifdef _OPENMP
#define KEPT(omp, serial) (omp)
#else
#define KEPT(omp, serial) (serial)
#endif
struct pt { int x; double y; };

int main(void) {
  int a[N], b[N], c[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; c[i] = 3 * i; }
  int n = 7, scratch = 100;
  double scale = 1.5;
  struct pt p = { 2, 0.25 };
  int *dp = c;

#pragma omp target map(to: a) map(from: b) map(tofrom: c[8:16]) firstprivate(n) private(scratch)
  {
    scratch = 0;
    for (int i = 0; i < N; i++) { b[i] = a[i] * n; scratch += i; }
    for (int i = 8; i < 24; i++) c[i] += scratch;
    n = -1; // firstprivate: not seen after the region
  }
  printf("to/from/tofrom: %d %d %d %d n kept=%d scratch kept=%d\n", b[0], b[N - 1], c[8], c[23],
         n == KEPT(7, -1), scratch == KEPT(100, 2016));
  n = 7;

  int cond = n > 100, ran = 0;
  scratch = 100;
#pragma omp target if(cond) map(tofrom: ran)
  ran += 1;
#pragma omp target if(!cond) map(tofrom: ran) device(0) thread_limit(4)
  ran += 10;
  printf("if: %d\n", ran);

#pragma omp target map(alloc: scratch) map(always, tofrom: p.x) map(close, to: scale)
  {
    scratch = 5;
    p.x = (int)(p.x * scale * 10);
  }
  printf("alloc/always/close: %d %d\n", scratch, p.x);

#pragma omp target is_device_ptr(dp)
  for (int i = 0; i < 4; i++) dp[i] = -i;
  printf("is_device_ptr: %d %d\n", c[1], c[3]);

  // (Unlisted: the array is mapped tofrom, the scalar is firstprivate;
  // under defaultmap(tofrom: scalar) the scalar is mapped tofrom too.)
  int total = 0, seen = 0;
#pragma omp target
  {
    for (int i = 0; i < N; i++) total += a[i];
    a[0] = 1000;
  }
#pragma omp target defaultmap(tofrom: scalar)
  for (int i = 0; i < N; i++) seen += a[i];
  printf("implicit: total kept=%d a0=%d seen=%d\n", total == KEPT(0, 2016), a[0], seen);

  double sy = 0;
#pragma omp target map(tofrom: sy) map(to: p)
  sy = p.y * 4 + p.x;
  printf("struct: %.2f\n", sy);
#ifdef _OPENMP
  printf("initial device: %d\n", omp_is_initial_device());
#else
  printf("initial device: 1\n");
#endif
  return 0;
}
