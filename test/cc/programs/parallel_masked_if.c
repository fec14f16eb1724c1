// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: its parallel masked filter(2) num_threads(3) runs the block on no thread, and its parallel masked taskloop simd leaves the reduction at 0 (at 1 thread too)
// parallel master and parallel masked (weft-cc writes a MASTER or MASKED
// region inside the PARALLEL one, filter moved onto it), and the if
// clause's directive-name modifiers on combined forms: if(parallel: c)
// reaches the team, if(taskloop: c) the taskloop, a plain if both. c is
// false (no arguments). Each line prints 1 when its property held; each
// can fail: a lost master or masked runs the block on every thread of
// the team of 3 (runs 3), a filter left on the parallel region or dropped
// runs it on thread 0, an if(taskloop: c) sent to the team makes a team
// of 1, an if(parallel: c) sent to the taskloop a team of 3, and an
// if(taskloop: 0) that is lost lets threads other than the master run
// the tasks (now and then; the team counts fail every time).
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TEAM 3
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#define TEAM 1
#endif

int main(int argc, char **argv) {
  int c = argc > 5;
  int runs = 0, who = -1, team = 0;
#pragma omp parallel master num_threads(3) shared(runs, team)
  {
    runs += 1;
    team = omp_get_num_threads();
  }
  printf("parallel master: runs %d team %d\n", runs == 1, team == TEAM);

  runs = 0;
#pragma omp parallel masked filter(TEAM - 1) num_threads(3)
  {
    runs += 1;
    who = omp_get_thread_num();
  }
  printf("parallel masked filter: runs %d thread %d\n", runs == 1, who == TEAM - 1);

  int seen = 0;
#pragma omp parallel for if(parallel: c) num_threads(3) reduction(max: seen)
  for (int i = 0; i < 30; i++)
    seen = omp_get_num_threads() > seen ? omp_get_num_threads() : seen;
  printf("parallel for if(parallel: 0): team %d\n", seen == 1);

  long s = 0;
  int tmax = 0, notmaster = 0;
#pragma omp parallel master taskloop if(taskloop: c) num_threads(3) reduction(+: s) reduction(max: tmax) reduction(+: notmaster)
  for (int i = 0; i < 60; i++) {
    s += i;
    tmax = omp_get_num_threads() > tmax ? omp_get_num_threads() : tmax;
    notmaster += omp_get_thread_num() != 0;
  }
  printf("parallel master taskloop if(taskloop: 0): sum %ld team %d undeferred %d\n", s, tmax == TEAM, notmaster == 0);

  s = 0;
  tmax = 0;
#pragma omp parallel masked taskloop simd if(parallel: c) num_threads(3) grainsize(4) reduction(+: s) reduction(max: tmax)
  for (int i = 0; i < 60; i++) {
    s += 2 * i;
    tmax = omp_get_num_threads() > tmax ? omp_get_num_threads() : tmax;
  }
  printf("parallel masked taskloop simd if(parallel: 0): sum %ld team %d\n", s, tmax == 1);

  s = 0;
  tmax = 0;
#pragma omp parallel master taskloop if(c) num_threads(3) reduction(+: s) reduction(max: tmax)
  for (int i = 0; i < 60; i++) {
    s += 3 * i;
    tmax = omp_get_num_threads() > tmax ? omp_get_num_threads() : tmax;
  }
  printf("parallel master taskloop if(0): sum %ld team %d\n", s, tmax == 1);

  s = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp masked taskloop simd filter(TEAM - 1) reduction(+: s)
    for (int i = 0; i < 50; i++)
      s += i;
#pragma omp master taskloop simd reduction(+: s) num_tasks(3)
    for (int i = 0; i < 50; i++)
      s += 2 * i;
  }
  printf("masked / master taskloop simd: sum %ld\n", s);
  return 0;
}
