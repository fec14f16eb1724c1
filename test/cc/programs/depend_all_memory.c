// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// depend(out|inout: omp_all_memory) (OpenMP 5.1 §2.19.11): the task depends
// on every earlier sibling task with a dependence and every later one
// depends on it. Task A writes a after a delay; B, with omp_all_memory and
// no item of its own naming a, must still wait for A; C (in: c) must wait
// for B. Without the dependence B reads a == 0 (A still delaying) and prints
// another b; C another d.
#include <stdio.h>

static volatile long sink;
static void delay(void) {
  for (long i = 0; i < 20000000; i++)
    sink += i;
}

int main(void) {
  int a = 0, b = 0, c = 0, d = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    {
      delay();
      a = 1;
    }
#pragma omp task depend(inout : omp_all_memory) shared(a, b, c)
    {
      b = a + 1;
      c = b * 10;
    }
#pragma omp task depend(in : c) shared(c, d)
    d = c + 3;
#pragma omp task depend(out : omp_all_memory, d) shared(d)
    d += 100;
#pragma omp taskwait
  }
  printf("a %d b %d c %d d %d\n", a, b, c, d);
  return 0;
}
