// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// depobj: depend objects made by `depobj(o) depend(...)`, changed by
// `update(...)`, freed by `destroy`, and named by `depend(depobj: o)` on
// tasks and `taskwait`, alone or with other depend clauses. Each first
// task below is slow, and only the right order prints these values
// (checked: the program without its depend(depobj: ...) clauses prints
// other values at 2 threads and more). A chain inout -> inout through one
// object gives 12; after update(in) two readers (one through the object,
// one through depend(in:)) run after the chain and together; after
// update(out) a writer through the object waits for both readers; taskwait
// depend(depobj: o) waits for the writer. Objects in an array stand for
// each block's producer, which its consumer (depend(in:) on the same
// storage) follows.
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
typedef void *omp_depend_t;
#endif

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 300000L * k; i++)
    s += i;
}

#define B 6
#define L 8

int main(void) {
  int a = 0, r1 = -1, r2 = -1, fin = -1;
  long data[B * L], sums[B];
  omp_depend_t o, objs[B];
#pragma omp parallel
#pragma omp single
  {
#pragma omp depobj(o) depend(inout: a)
#pragma omp task depend(depobj: o) shared(a)
    {
      spin(3);
      a = 1;
    }
#pragma omp task depend(depobj: o) shared(a)
    a = a * 10 + 2;
#pragma omp depobj(o) update(in)
#pragma omp task depend(depobj: o) shared(a, r1)
    {
      spin(2);
      r1 = a;
    }
#pragma omp task depend(in: a) shared(a, r2)
    {
      spin(2);
      r2 = a + 100;
    }
#pragma omp depobj(o) update(out)
#pragma omp task depend(depobj: o) shared(a)
    a = 7;
#pragma omp taskwait depend(depobj: o)
    fin = a;
#pragma omp depobj(o) destroy
    for (int b = 0; b < B; b++) {
#pragma omp depobj(objs[b]) depend(out: data[b * L : L])
    }
    for (int b = 0; b < B; b++) {
#pragma omp task depend(depobj: objs[b]) shared(data)
      {
        spin(B - b);
        for (int i = 0; i < L; i++)
          data[b * L + i] = b * 100 + i;
      }
    }
    for (int b = 0; b < B; b++) {
#pragma omp task depend(in: data[b * L : L]) depend(out: sums[b]) shared(data, sums)
      {
        long s = 0;
        for (int i = 0; i < L; i++)
          s += data[b * L + i];
        sums[b] = s;
      }
    }
#pragma omp taskwait
    for (int b = 0; b < B; b++) {
#pragma omp depobj(objs[b]) destroy
    }
  }
  printf("%d %d %d %d\n", a, r1, r2, fin);
  for (int b = 0; b < B; b++)
    printf("%ld\n", sums[b]);
  return 0;
}
