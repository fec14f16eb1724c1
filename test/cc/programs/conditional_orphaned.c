// RUN: %weftcc-check %s
// CLANG-16-WRONG: its build leaves garbage in the variables when no iteration of an orphaned loop assigns them (the "none" line).
// lastprivate(conditional:) on orphaned worksharing loops (in functions
// called from a parallel region, and serially): the original gets the value
// of the sequentially last iteration that assigned it, or keeps its own
// when none did, at every encounter of the loop in one region, with a
// dynamic schedule and under nowait. A thread whose chunk ran later but
// held an earlier iteration would leave its own value (another number).
#include <stdio.h>
#define N 1000
static int a[N];
static int last = -7, lastv = -7;
static double dlast = -1.0;

static void find(int t) {
#pragma omp for lastprivate(conditional: last, dlast) schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    if (a[i] > t) {
      last = i;
      dlast = a[i] * 0.5;
    }
}

static void find_nowait(int t) {
#pragma omp for lastprivate(conditional: lastv) nowait
  for (int i = 0; i < N; i++)
    if (a[i] % t == 0) lastv = i;
}

int main(void) {
  for (int i = 0; i < N; i++) a[i] = (i * 7919) % 1009;
  find(1000);
  printf("serial %d %.1f\n", last, dlast);
#pragma omp parallel
  {
    find(1005);
#pragma omp single
    printf("first %d %.1f\n", last, dlast);
    find(2000);
#pragma omp single
    printf("none %d %.1f\n", last, dlast);
    find(500);
    find_nowait(97);
  }
  printf("end %d %.1f %d\n", last, dlast, lastv);
  return 0;
}
