// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// cancel taskgroup: a search by one task per element, in a taskgroup, whose
// finder cancels the taskgroup; each task starts at a cancellation point.
// The program runs twice: as started (OMP_CANCELLATION unset: the runtime
// answers 0 and every task runs whole) and again, by exec, with
// OMP_CANCELLATION=true; every line it prints is the same either way and
// in the serial program. How it can fail: the finder must leave its task at
// the cancel exactly when cancellation is on (a cancel that does not branch,
// or one that branches when the runtime said 0, prints "wrong"); the key is
// found either way (tasks the runtime discards come after the finder's
// cancel, never before it is found); the taskgroup waits for the tasks that
// did run; and a second taskgroup afterwards runs all its tasks (the
// cancelled one's request must not reach it).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define N 400
#define KEY 123

static int a[N];

static void search(void) {
  int found = -1, after_cancel = 0, second = 0;
  for (int i = 0; i < N; i++)
    a[i] = 5 * i + 2;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) shared(found, after_cancel)
        {
#pragma omp cancellation point taskgroup
          if (a[i] == 5 * KEY + 2) {
            __atomic_store_n(&found, i, __ATOMIC_SEQ_CST);
#pragma omp cancel taskgroup
            after_cancel = 1;
          }
        }
      }
    }
#pragma omp taskgroup
    {
      for (int i = 0; i < 100; i++) {
#pragma omp task shared(second)
        {
#pragma omp cancellation point taskgroup
          __atomic_fetch_add(&second, 1, __ATOMIC_SEQ_CST);
        }
      }
    }
  }
  int active = 0;
#ifdef _OPENMP
  active = omp_get_cancellation();
#endif
  printf("found the key at %d\n", found);
  printf("the finder left its task at the cancel: %s\n", (after_cancel == 0) == active ? "as expected" : "wrong");
  printf("the next taskgroup ran %d of 100 tasks\n", second);
}

int main(int argc, char **argv) {
  (void)argc;
  search();
  if (!getenv("OMP_CANCELLATION")) {
    fflush(stdout);
    setenv("OMP_CANCELLATION", "true", 1);
    execv("/proc/self/exe", argv);
    perror("exec");
    return 1;
  }
  return 0;
}
