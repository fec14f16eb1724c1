// RUN: %weftcc-check %s
// Threadprivate statics of a declaration that declares several variables
// (some threadprivate, some not), in a function of the file and in a
// header's (../Inputs/threadprivate_multi.h): each thread writes its number
// into its copies, and after a barrier must read back its own. With them
// shared (-DSHARED_MULTI) every thread but the last to write reads another
// thread's number, so at 2 threads and more the count of mismatches is not
// 0 (the serial program prints 0):
// RUN: %weftcc -O2 -DSHARED_MULTI %s -o %t.shared
// RUN: env OMP_NUM_THREADS=4 %t.shared | FileCheck %s --check-prefix=SHARED
// SHARED: mismatches {{[1-9][0-9]*}}
#include <stdio.h>
#include "../Inputs/threadprivate_multi.h"
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

/* A declaration of four statics, two of them threadprivate. */
static int file_check(int me, int *team) {
  static long acc, total = 0, *where, last;
#ifndef SHARED_MULTI
#pragma omp threadprivate(acc, last)
#endif
  (void)where;
  acc = 1000 + me;
  last = -me;
#pragma omp barrier
  int bad = (acc != 1000 + me) + (last != -me);
#pragma omp atomic
  total += 1;
#pragma omp barrier
#pragma omp single
  *team = (int)total;
  return bad;
}

int main(void) {
  int mismatches = 0, rounds_ok = 1;
  for (int round = 0; round < 20; round++) {
    int team = 0, threads = 1;
#pragma omp parallel reduction(+ : mismatches)
    {
      int me = omp_get_thread_num();
#pragma omp single
      threads = omp_get_num_threads();
      mismatches += file_check(me, &team);
      mismatches += header_check(me);
    }
    /* (total counts every thread of every round so far.) */
    if (team != threads * (round + 1))
      rounds_ok = 0;
  }
  printf("mismatches %d rounds %s\n", mismatches, rounds_ok ? "ok" : "wrong");
  return 0;
}
