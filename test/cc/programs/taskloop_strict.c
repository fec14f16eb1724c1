// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// OpenMP 5.1's strict grainsize and num_tasks: every generated task runs
// exactly the chunk the clause asks for. Each task counts its iterations
// in its own firstprivate copy (copied into every task from the pattern
// task), so pos[i], an iteration's place in its task's chunk, shows the
// chunking: i % 4 under grainsize(strict: 4), i % 20 under
// num_tasks(strict: 5) of 100 iterations. The serial program has no
// tasks and prints what a right division gives.
// How it fails: a wrong division (the plain, non-strict grainsize, whose
// chunks are between 4 and 8 iterations, or a firstprivate copy shared by
// the tasks) prints `bad` counts above 0, and the per-iteration lines differ.
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
#pragma omp taskloop grainsize(strict: 4) firstprivate(k)
    for (int i = 0; i < N; i++)
      pos[i] = k++;
#pragma omp taskloop num_tasks(strict: 5) firstprivate(k)
    for (int i = 0; i < N; i++)
      pos2[i] = k++;
#pragma omp taskloop grainsize(7) firstprivate(k)
    for (int i = 0; i < N; i++)
      grain[i] = k++;
  }
#ifndef _OPENMP
  for (int i = 0; i < N; i++) {
    pos[i] = i % 4;
    pos2[i] = i % 20;
    grain[i] = 0;
  }
#endif
  int bad = 0, bad2 = 0, big = 0;
  for (int i = 0; i < N; i++) {
    bad += pos[i] != i % 4;
    bad2 += pos2[i] != i % 20;
    big += grain[i] >= 14;
  }
  for (int i = 0; i < N; i += 7)
    printf("i %d pos %d pos2 %d\n", i, pos[i], pos2[i]);
  printf("bad %d bad2 %d chunks of 14 or more %d\n", bad, bad2, big);
  return 0;
}
