// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: it drops strict (it calls __kmpc_taskloop, not __kmpc_taskloop_5): its grainsize(strict: 6) gives the first tasks 7 iterations, "bad 94"
// OpenMP 5.1's strict grainsize and num_tasks: every generated task runs
// exactly the chunk the clause asks for. Each task counts its iterations
// in its own firstprivate copy (copied into every task from the pattern
// task), so pos[i], an iteration's place in its task's chunk, shows the
// chunking: i % 6 under grainsize(strict: 6); under num_tasks(strict: 7)
// the iterations that start a task (pos2 0) count the tasks, exactly 7
// (libomp makes the first 100 % 7 of them one iteration longer). The
// serial program has no tasks and prints what a right division gives.
// How it fails: a wrong division (the plain, non-strict grainsize(6) gives
// the first tasks 7 iterations: `bad 94`; num_tasks taken as a grainsize
// makes 14 tasks; a firstprivate copy shared by the tasks) prints other
// counts, and the per-iteration lines differ.
#include <stdio.h>

#define N 100

int main(void) {
  int pos[N], pos2[N], grain[N];
  for (int i = 0; i < N; i++)
    pos[i] = pos2[i] = grain[i] = -1;
  int k = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(strict: 6) firstprivate(k)
    for (int i = 0; i < N; i++)
      pos[i] = k++;
#pragma omp taskloop num_tasks(strict: 7) firstprivate(k)
    for (int i = 0; i < N; i++)
      pos2[i] = k++;
#pragma omp taskloop grainsize(7) firstprivate(k)
    for (int i = 0; i < N; i++)
      grain[i] = k++;
  }
#ifndef _OPENMP
  for (int i = 0; i < N; i++) {
    pos[i] = i % 6;
    pos2[i] = i < 30 ? i % 15 : (i - 30) % 14;
    grain[i] = 0;
  }
#endif
  int bad = 0, tasks2 = 0, big = 0;
  for (int i = 0; i < N; i++) {
    bad += pos[i] != i % 6;
    tasks2 += pos2[i] == 0;
    big += grain[i] >= 14;
  }
  for (int i = 0; i < N; i += 7)
    printf("i %d pos %d pos2 %d\n", i, pos[i], pos2[i]);
  printf("bad %d tasks2 %d chunks of 14 or more %d\n", bad, tasks2, big);
  return 0;
}
