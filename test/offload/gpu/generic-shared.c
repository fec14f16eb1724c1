// Generic-mode kernels whose parallel regions read and write the main
// thread's locals (docs/offload-device.md, "Generic mode"): a local array
// reached through a struct handed to a function that forks, a plain
// parallel region, and each team's own locals in a league. On the GPU the
// locals live in the team's shared memory (__kmpc_alloc_shared); left on
// the main thread's stack, the team's other threads would read and write
// their own stacks at those addresses instead, and the sums would be wrong
// (or the kernel would fault). A combined target parallel without a loop
// runs every thread of the team. Here (no GPU) the host fallback runs it;
// gpu-check.sh runs it on the GPU.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// CHECK: view 130560 dev 1 team {{[01]}}
// CHECK: league 496 32496
// CHECK: tpar 1 {{[01]}}
// GPU-EXPECT: ^view 130560 dev 0 team 1 league 496 32496 64496 96496 tpar 1 1 $
// HOST-EXPECT: ^view 130560 dev 1 team [01] league 496 32496 (64496|0) (96496|0) tpar 1 [01] $
#include <omp.h>
#include <stdio.h>

#define M 256
#define T 4

struct view {
  int *v;
  int n;
  int k;
};

static void scale(struct view *w) {
  int n = w->n;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w->v[i] = w->v[i] * w->k + i;
}

int main(void) {
  long r = 0;
  int dev = -1, nth = 0;
#pragma omp target map(tofrom: r, dev, nth)
  {
    int tmp[M];
    struct view w0 = {tmp, M, 3};
    struct view w = w0;
    for (int i = 0; i < M; i++)
      tmp[i] = i;
    scale(&w);
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0)
        nth = omp_get_num_threads();
    }
    for (int i = 0; i < M; i++)
      r += tmp[i];
    dev = omp_is_initial_device();
  }
  printf("view %ld dev %d team %d\n", r, dev, nth > 1);

  int per[T] = {0};
#pragma omp target teams num_teams(T) map(tofrom: per)
  {
    int acc[32];
    int t = omp_get_team_num();
#pragma omp parallel for
    for (int j = 0; j < 32; j++)
      acc[j] = t * 1000 + j;
    int s = 0;
    for (int j = 0; j < 32; j++)
      s += acc[j];
    if (t < T)
      per[t] = s;
  }
  printf("league %d %d %d %d\n", per[0], per[1], per[2], per[3]);

  // A combined target parallel: no loop, each thread marks its slot.
  int hits[1024] = {0}, nt = 0;
#pragma omp target parallel map(tofrom: hits, nt)
  {
    int id = omp_get_thread_num();
    if (id < 1024)
      hits[id] = 1;
    if (id == 0)
      nt = omp_get_num_threads();
  }
  int marked = 0;
  for (int i = 0; i < 1024; i++)
    marked += hits[i];
  printf("tpar %d %d\n", marked == nt, nt > 1);
  return 0;
}
