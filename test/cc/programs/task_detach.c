// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// detach(event): a detached task completes only when its event is
// fulfilled, and the tasks and taskwaits that depend on it wait for that.
// In each round a detached task D (whose own body does little) is what a
// reader depends on, while the work the reader must see is done later by
// another, slow task that then fulfills D's event through its firstprivate
// copy of the handle. The reader is a dependent task (depend(in:) after
// D's depend(out:)). In the second part the creating thread fulfills the
// event itself, through the event variable the task's creation set, and
// waits with `taskwait depend(in:)`. Only the right order prints these
// values (checked: the program without its first detach clause prints
// 0s in the third column at 2 threads, the readers running
// as soon as D's body has ended). An `affinity` clause rides along: a
// hint, which weft takes and does not act on.
// (The team has at least 2 threads: libomp 16 aborts at the end of a
// parallel region of one thread that ran a detached task, `Assertion
// failure at kmp_runtime.cpp(2427)`, clang-16 -fopenmp's build alike.)
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
typedef unsigned long omp_event_handle_t;
static void omp_fulfill_event(omp_event_handle_t e) { (void)e; }
static int omp_get_max_threads(void) { return 1; }
#endif

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 400000L * k; i++)
    s += i;
}

#define R 6

int main(void) {
  long work[R], seen[R], waited[R], extra[R], after[R];
  int d[R];
  int nt = omp_get_max_threads() < 2 ? 2 : omp_get_max_threads();
#pragma omp parallel num_threads(nt)
#pragma omp single
  {
    for (int k = 0; k < R; k++) {
      omp_event_handle_t ev;
      work[k] = 0;
      seen[k] = -1;
#pragma omp task detach(ev) depend(out: d[k]) affinity(work[k])
      { d[k] = k; }
      // (The slow worker fulfills D's event once the work is done.)
#pragma omp task firstprivate(ev, k) shared(work)
      {
        spin(2);
        work[k] = 100 + k;
        omp_fulfill_event(ev);
      }
#pragma omp task depend(in: d[k]) shared(work, seen)
      seen[k] = work[k];
    }
#pragma omp taskwait
    for (int k = 0; k < R; k++) {
      omp_event_handle_t ev;
      waited[k] = 0;
#pragma omp task detach(ev) depend(out: waited[k]) shared(waited)
      { waited[k] = k + 1; }
      spin(1);
      extra[k] = 10 * (k + 1);
      omp_fulfill_event(ev);
#pragma omp taskwait depend(in: waited[k])
      after[k] = waited[k] + extra[k];
    }
  }
  for (int k = 0; k < R; k++)
    printf("%d %ld %ld %ld %ld\n", d[k], work[k], seen[k], waited[k], after[k]);
  return 0;
}
