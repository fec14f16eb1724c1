// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=50
// CLANG-16-WRONG: clang 16's build loses a task's update of the section now and then (a[5] 70 instead of 98 in one run of six at 4 threads, clang-16 -O2 -fopenmp; weft-cc's build: 30 of 30 right)
// Task reductions of array sections with constant bounds (OpenMP 5.0
// §2.19.5.5/§2.19.5.6): a taskgroup's task_reduction(+: a[2:5]) of a
// global array and task_reduction(max: h[3:4]) of a local one, and tasks
// that take part with in_reduction on the same sections. Each task reads,
// spins and writes one element of its copy of the section: updates to a
// shared section would be lost at 2 threads and more; a copy misplaced by
// the section's start would add into the wrong elements; the elements
// outside the sections must stay as they were.
#include <stdio.h>
static void spin(void) { volatile int s = 0; for (int i = 0; i < 500; i++) s += i; }
long a[10];
int main(void) {
  int h[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  for (int i = 0; i < 10; i++) a[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: a[2:5]) task_reduction(max: h[3:4])
    {
      for (int k = 0; k < 30; k++) {
#pragma omp task in_reduction(+: a[2:5]) in_reduction(max: h[3:4])
        {
          long t = a[2 + k % 5];
          spin();
          a[2 + k % 5] = t + k;
          if (k * 7 % 19 > h[3 + k % 4]) h[3 + k % 4] = k * 7 % 19;
        }
      }
    }
  }
  for (int i = 0; i < 10; i++) printf("%ld ", a[i]);
  for (int i = 0; i < 8; i++) printf("%d ", h[i]);
  printf("\n");
  return 0;
}
