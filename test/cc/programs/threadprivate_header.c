// RUN: %weftcc-check %s
// Threadprivate variables declared, and made threadprivate, in a header:
// work arrays written per thread in parallel regions and read back, kept
// from one region to the next, and copyin of a scalar and an array.
// A build where the work array is shared (-DSHARED_WORK) must differ:
// RUN: %weftcc -O2 -DSHARED_WORK %s -o %t.shared
// RUN: env OMP_NUM_THREADS=4 %t.shared | FileCheck %s --check-prefix=SHARED
// SHARED: barrier mismatches {{[1-9]}}
#include <stdio.h>
#include "../Inputs/threadprivate_header.h"
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif

#define N 500

/* The work array as scratch space of each iteration. */
static double row(int i) {
  for (int k = 0; k < NWORK; k++)
    work[k] = (i % 17) * 0.5 + k;
  double s = 0;
  for (int k = NWORK - 1; k >= 0; k--)
    s += work[k] * (k % 3);
  tp_count += 1;
  return s;
}

int main(void) {
  static double out[N];
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < N; i++)
    out[i] = row(i);
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (i % 5);
  printf("rows %.1f\n", sum);

  /* each thread fills its own array; after the barrier it must read back
     exactly what it wrote */
  long bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < NWORK; k++)
      work[k] = t * 1000 + k;
    tp_count = t;
#pragma omp barrier
    for (int k = 0; k < NWORK; k++)
      bad += work[k] != t * 1000 + k;
    bad += tp_count != t;
  }
  printf("barrier mismatches %ld\n", bad);
  printf("primary work[5] %.1f count %ld\n", work[5], tp_count);

  /* the values persist into the next region of the same team; what the
     primary thread stores before it is its own copy only */
  tp_count = 99;
  long kept = 0;
#pragma omp parallel reduction(+ : kept)
  {
    int t = omp_get_thread_num();
    kept += work[7] != t * 1000 + 7;
    kept += tp_count != (t == 0 ? 99 : t);
  }
  printf("kept mismatches %ld\n", kept);

  /* copyin: every thread starts from the primary thread's values */
  tp_seed = 42;
  for (int k = 0; k < 4; k++)
    tp_scale[k] = 1.5 * k;
  long wrong = 0;
#pragma omp parallel copyin(tp_seed, tp_scale) reduction(+ : wrong)
  {
    wrong += tp_seed != 42;
    for (int k = 0; k < 4; k++)
      wrong += tp_scale[k] != 1.5 * k;
    tp_seed += omp_get_thread_num() + 1;
    tp_scale[1] = -1;
  }
  printf("copyin mismatches %ld primary seed %d scale[1] %.1f\n", wrong, tp_seed, tp_scale[1]);
  return 0;
}
