// RUN: %weftcc-check %s
// Undeferred and included tasks. A task whose if clause is false runs at
// once, before the creating thread goes on (so the value is there without
// a taskwait; a deferred task would still be queued behind a slow task
// that holds the only other thread). final(1): the task and every task it
// creates run at once (included), so a child's result is there right
// after the child's task construct. final(0) and a false if on a
// mergeable task change nothing of the values. omp_in_final() reports the
// final tasks (1 in the serial program, where every task is included).
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_in_final(void) { return 1; }
#endif

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 200000L * k; i++)
    s += i;
}

int main(void) {
  int x = 0, seen_x = -1, child = 0, seen_child = -1, in_final = -1, m = 0, n = 0;
#pragma omp parallel
#pragma omp single
  {
    int zero = 0;
#pragma omp task if (zero) shared(x)
    {
      spin(3);
      x = 11;
    }
    seen_x = x;
#pragma omp task final(1) shared(child, seen_child, in_final)
    {
#pragma omp task shared(child)
      {
        spin(2);
        child = 22;
      }
      seen_child = child;
      in_final = omp_in_final();
    }
#pragma omp task final(zero) mergeable shared(m)
    m = 33;
#pragma omp task if (0) mergeable shared(n)
    n = 44;
    n += 1;
#pragma omp taskwait
  }
  printf("if(0): %d, final child: %d, in_final %d, mergeable %d %d\n", seen_x, seen_child, in_final, m, n);
  return 0;
}
