// RUN: %weftcc-check %s
// The if clause's directive-name modifiers on combined target forms
// (OpenMP 5.1 §3.4): if(target: c) only decides whether the region is
// offloaded, if(parallel: c) only the team of the parallel part, and an
// if without a modifier both; and the base pointer of a mapped array
// section is firstprivate in the region (§2.21.7.1), so moving it there
// leaves the caller's pointer where it was (without OpenMP the region
// is a block that moves it: POINTER_KEPT). Each line prints 1 when its
// property held; each can fail: if(parallel: 0) sent to the target forms
// a team of 4 (line 1 prints 0), if(target: 0) sent to the team makes a
// team of 1 (line 2), a plain if(0) left off the team a team of 4
// (line 3), and a shared base pointer moves the caller's (line 4 prints
// 0: p - a is 1).
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TEAM 4
#define POINTER_KEPT 1
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#define TEAM 1
#define POINTER_KEPT 0
#endif

int main(int argc, char **argv) {
  int c = argc > 5, t1 = -1, t2 = -1, t3 = -1;
#pragma omp target parallel if(parallel: c) num_threads(4) map(tofrom: t1)
  {
    if (omp_get_thread_num() == 0)
      t1 = omp_get_num_threads();
  }
#pragma omp target parallel if(target: c) if(parallel: !c) num_threads(4) map(tofrom: t2)
  {
    if (omp_get_thread_num() == 0)
      t2 = omp_get_num_threads();
  }
#pragma omp target parallel for if(c) num_threads(4) map(tofrom: t3)
  for (int i = 0; i < 8; i++)
    if (i == 0)
      t3 = omp_get_num_threads();
  int a[8] = {0};
  int *p = a;
#pragma omp target map(tofrom: p[0:4])
  {
    p++;
    *p = 9;
  }
  printf("%d\n%d\n%d\n%d %d %d\n", t1 == 1, t2 == TEAM, t3 == 1, (p == a) == POINTER_KEPT, a[0], a[1]);
  return 0;
}
