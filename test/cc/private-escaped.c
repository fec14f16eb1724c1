// A private copy is a new object: a pointer to the original, taken before
// the region, still reaches the original inside it (OpenMP 5.1, 2.21.4).
// Before weft outlines the region, LLVM forwards such pointers (`*p` becomes
// the variable itself); weft renames the region's own uses of each private
// variable at pipeline start, so only those get the copy. Here the serial
// program means something else (there is one `i`), so the output is checked
// against OpenMP's meaning, at -O0 and -O2 (where the pointers are forwarded)
// and at 1, 2 and 4 threads; the originals are written only before the
// regions, never through a private copy.
// RUN: %weftcc -O0 %s -o %t0
// RUN: %weftcc -O2 %s -o %t2
// RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
// CHECK: bad 0 s 500 i 1 j 2 k 5 m 7
#include <stdio.h>

int main(void) {
  int i = 1, j = 2, k = 5, m = 7, bad = 0;
  int *pi = &i, *pj = &j, *pk = &k, *pm = &m;
  long s = 0;
#pragma omp parallel private(i) firstprivate(j) reduction(+ : bad)
  {
    i = 3;
    j = j + 10;
    if (*pi != 1 || *pj != 2)
      bad++;
    if (i != 3 || j != 12)
      bad++;
  }
#pragma omp parallel
  {
#pragma omp for private(k) reduction(+ : s, bad)
    for (int n = 0; n < 100; n++) {
      k = n;
      s += *pk;
      if (k != n)
        bad++;
    }
  }
  /* a nested private copy of an outer private copy */
#pragma omp parallel private(m) reduction(+ : bad)
  {
    m = 40;
    int *pmm = &m;
#pragma omp parallel private(m) reduction(+ : bad) num_threads(2)
    {
      m = 41;
      if (*pm != 7 || *pmm != 40 || m != 41)
        bad++;
    }
    if (m != 40)
      bad++;
  }
  printf("bad %d s %ld i %d j %d k %d m %d\n", bad, s, i, j, k, m);
  return 0;
}
