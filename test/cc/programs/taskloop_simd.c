// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: its parallel masked taskloop simd leaves the reduction at 0 ("s3 0", at 1 thread too), as in parallel_masked_if.c
// taskloop simd in its forms (taskloop simd, master taskloop simd,
// parallel masked taskloop simd): tasks first, then each task's chunk a
// simd loop that weft-vectorize vectorizes (test/cc/taskloop-simd.test
// checks the remark and the vector code). The task's copies are the vector
// loop's own: reductions (a sum, a max written with ?: and a bitwise or),
// lastprivate, a private array rewritten by every iteration, and one loop that reads what an iteration
// 2 before wrote (allowed by safelen(2), in one task: num_tasks(1)).
// How it fails: a vector of more than 2 lanes on the safelen(2) loop
// reads c[i - 2] before it is written (a build that drops safelen from the
// task's simd region vectorizes it with VF 4 and prints "c 2248" instead of
// "c 375250"); a reduction copy taken for shared memory would lose the other
// lanes' partial sums (another s, m or bits), a private array shared by
// the lanes would give one lane's values to another (another q), a
// lastprivate copy not written by the last lane another last (a build
// that leaves the reduction copies off the simd region gets those loops
// left scalar instead: taskloop-simd.test's remarks then fail);
// simdlen(4) asks for 4 lanes.
#include <stdio.h>

#define N 1000
long a[N], b[N], q[N];
int c[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    b[i] = (i * 37) % 101 - 50;
    a[i] = 0;
    c[i] = i < 2 ? 1 : 0;
  }
  long s = 0, m = -1000, bits = 0;
  int last = -1;
  long t[4];
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop simd grainsize(100) reduction(+: s) reduction(max: m) lastprivate(last) simdlen(4)
    for (int i = 0; i < N; i++) {
      a[i] = 2 * b[i] + 1;
      s += a[i];
      m = a[i] > m ? a[i] : m;
      last = i;
    }
#pragma omp taskloop simd num_tasks(7) private(t) reduction(|: bits)
    for (int i = 0; i < N; i++) {
      for (int k = 0; k < 4; k++)
        t[k] = b[i] * (k + 1);
      q[i] = t[0] + t[1] * t[3] - t[2];
      bits |= 1L << (i % 40);
    }
#pragma omp taskloop simd num_tasks(1) safelen(2)
    for (int i = 2; i < N; i++)
      c[i] = c[i - 2] + (i % 2) + 1;
  }
  long s2 = 0;
  int last2 = -1;
#pragma omp parallel num_threads(3)
  {
#pragma omp master taskloop simd reduction(+: s2) lastprivate(last2) grainsize(64)
    for (int i = 0; i < N; i++) {
      s2 += a[i] * b[i];
      last2 = i * 3;
    }
  }
  long s3 = 0;
#pragma omp parallel masked taskloop simd num_threads(2) reduction(+: s3) safelen(8)
  for (int i = 0; i < N; i++)
    s3 += q[i] - a[i];
  long qs = 0, cs = 0;
  for (int i = 0; i < N; i++) {
    qs += q[i] * (i % 7);
    cs += c[i];
  }
  printf("s %ld m %ld last %d\n", s, m, last);
  printf("bits %lx q %ld\n", bits, qs);
  printf("c %ld\n", cs);
  printf("s2 %ld last2 %d s3 %ld\n", s2, last2, s3);
  return 0;
}
