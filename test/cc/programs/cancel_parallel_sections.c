// RUN: %weftcc-check %s
// cancel parallel (with an if clause, then a barrier that is a
// cancellation point) and cancel sections (with cancellation points in the
// other sections, then a sections construct of the same team that must run
// whole). The program runs twice: as started (OMP_CANCELLATION unset: the
// runtime answers 0 and nothing is cancelled) and again, by exec, with
// OMP_CANCELLATION=true; every line it prints is the same either way and
// in the serial program. How it can fail: with cancellation on, the first
// thread cancels the parallel region and every other thread must leave at
// the barrier, so no thread runs the code after it, while with it off every
// thread does ("wrong" either way otherwise; a build whose barriers in the
// cancelled region stay plain barriers hangs there, past check.sh's
// timeout); the section that cancels must not run its own rest exactly when
// cancellation is on (a cancel that does not branch hangs at the sections'
// closing barrier); the second sections construct must run all three of
// its sections.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static void parallel_cancel(int active) {
  int ticket = 0, before = 0, after = 0;
#pragma omp parallel
  {
    int me = __atomic_fetch_add(&ticket, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&before, 1, __ATOMIC_SEQ_CST);
#pragma omp cancel parallel if (me == 0)
#pragma omp barrier
    __atomic_fetch_add(&after, 1, __ATOMIC_SEQ_CST);
  }
  printf("cancel parallel: %s\n", (after == 0) == active && before == ticket ? "as expected" : "wrong");
}

static void sections_cancel(int active) {
  int rest = 0, parts = 0, second = 0;
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      {
#pragma omp cancellation point sections
        __atomic_fetch_add(&parts, 1, __ATOMIC_SEQ_CST);
      }
#pragma omp section
      {
#pragma omp cancel sections
        rest = 1;
      }
#pragma omp section
      {
#pragma omp cancellation point sections
        __atomic_fetch_add(&parts, 1, __ATOMIC_SEQ_CST);
      }
    }
#pragma omp sections reduction(+ : second)
    {
#pragma omp section
      {
#pragma omp cancellation point sections
        second += 1;
      }
#pragma omp section
      {
#pragma omp cancellation point sections
        second += 10;
      }
#pragma omp section
      {
#pragma omp cancellation point sections
        second += 100;
      }
    }
  }
  printf("cancel sections: the cancelling section stopped: %s; other sections run: %s\n",
         (rest == 0) == active ? "as expected" : "wrong", parts <= 2 ? "at most both" : "too many");
  printf("the next sections construct: %d\n", second);
}

int main(int argc, char **argv) {
  (void)argc;
  int active = 0;
#ifdef _OPENMP
  active = omp_get_cancellation();
#endif
  parallel_cancel(active);
  sections_cancel(active);
  if (!getenv("OMP_CANCELLATION")) {
    fflush(stdout);
    setenv("OMP_CANCELLATION", "true", 1);
    execv("/proc/self/exe", argv);
    perror("exec");
    return 1;
  }
  return 0;
}
