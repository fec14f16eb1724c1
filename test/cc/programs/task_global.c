// RUN: %weftcc-check %s
// A global that the parallel region around a task privatizes (firstprivate
// here) is, in the task, firstprivate by OpenMP's implicit rules: the task
// reads the creating thread's copy, captured when the task is created. A
// task that names the global shared reads the thread's copy too (through
// a copy of its address made before the task: the task's body is outlined
// before the parallel region privatizes the global, so it must not name
// the global itself). Globals no construct privatizes stay shared. With
// the global read directly, every task would print the original value.
#include <stdio.h>

int g = 100;
int h = 7;
static long out[8], out2[8], out3[8];

int main(void) {
#pragma omp parallel for firstprivate(g) schedule(static, 1)
  for (int i = 0; i < 8; i++) {
    g = i * 10;
#pragma omp task
    out[i] = g + h;
    g = -1;
#pragma omp task shared(g)
    out2[i] = g;
#pragma omp taskwait
    g = i;
#pragma omp task shared(out3)
    out3[i] = g * 2 + h;
  }
  long s = 0;
  for (int i = 0; i < 8; i++)
    s = s * 13 + out[i] + out2[i] * 3 + out3[i] * 5;
  printf("out[3] %ld out2[3] %ld out3[3] %ld, checksum %ld\n", out[3], out2[3], out3[3], s);
  return 0;
}
