// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// Task dependences decide the order: each first task below is slow, and
// the tasks after it would run before it ends without their depend
// clauses (the creating thread, at the taskwait after each group, runs its
// newest tasks first; other threads take the oldest), and only the right
// order prints these values (checked: the program without its depend
// clauses prints other chain, block and inoutset values at 2 threads and
// more). A chain out -> inout -> in on one variable gives 12 (without the
// dependences: 2, or 10, or a read before either); array sections chain
// each block's producer to its consumer; two in tasks may run together but
// both after the out task; mutexinoutset tasks update one variable without
// a lock, one at a time (a race without it loses updates); inoutset tasks
// run after the earlier out task and before the later in task; taskwait
// depend(in: x) waits for the task that writes x (the print reads it next).
#include <stdio.h>

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 300000L * k; i++)
    s += i;
}

#define B 8
#define L 16

int main(void) {
  int a = 0, r = 0, r2 = 0;
  long data[B * L], sums[B];
  long m = 0, set = 0, seen = -1;
  int w = 0, wr = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a) shared(a)
    {
      spin(3);
      a = 1;
    }
#pragma omp task depend(inout: a) shared(a)
    a = a * 10 + 2;
#pragma omp task depend(in: a) shared(a, r)
    r = a;
#pragma omp task depend(in: a) shared(a, r2)
    r2 = a + 100;
#pragma omp taskwait
    for (int b = 0; b < B; b++) {
#pragma omp task depend(out: data[b * L : L]) shared(data)
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
#pragma omp task depend(out: set) shared(set)
    {
      spin(2);
      set = 5;
    }
    for (int k = 1; k <= 6; k++) {
#pragma omp task depend(mutexinoutset: m) shared(m)
      {
        long t = m;
        spin(1);
        m = t + k;
      }
#pragma omp task depend(inoutset: set) shared(set) firstprivate(k)
      {
#pragma omp atomic
        set += k;
      }
    }
#pragma omp task depend(in: set) shared(set, seen)
    seen = set;
#pragma omp taskwait
#pragma omp task depend(out: w) shared(w)
    {
      spin(2);
      w = 42;
    }
#pragma omp taskwait depend(in: w)
    wr = w;
  }
  long s = 0;
  for (int b = 0; b < B; b++)
    s += sums[b] * (b + 1);
  printf("chain %d %d, blocks %ld, mutex %ld, inoutset %ld, taskwait %d\n", r, r2, s, m, seen, wr);
  return 0;
}
