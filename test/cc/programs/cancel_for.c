// RUN: %weftcc-check %s
// cancel for: a search that cancels its worksharing loop when it finds the
// key, with a cancellation point in every iteration. The program runs
// twice: as started (OMP_CANCELLATION unset: the runtime answers 0 and the
// loop runs whole) and again, by exec, with OMP_CANCELLATION=true; every
// line it prints is the same either way and in the serial program. How it
// can fail: the thread that finds the key must stop its own block (the
// iteration after the key, in the same static block at 1-7 threads, runs
// exactly when cancellation is off: a cancel that does not branch, or one
// that branches when the runtime said 0, prints "wrong"); after the loop
// (its static fini and closing barrier) every thread must see the key and
// every thread must arrive; and a second loop of the same team must run
// whole (the first loop's request must not reach its cancellation points).
// A build whose cancel does not branch prints "wrong" in the second run.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define N 7000
#define KEY 3500

static int a[N];
static char ran[N];

static void search(void) {
  int found = -1, team = 0, arrived = 0, unseen = 0, second = 0;
  for (int i = 0; i < N; i++) {
    a[i] = 3 * i + 1;
    ran[i] = 0;
  }
#pragma omp parallel
  {
    __atomic_fetch_add(&team, 1, __ATOMIC_SEQ_CST);
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp cancellation point for
      ran[i] = 1;
      if (a[i] == 3 * KEY + 1) {
        found = i;
#pragma omp cancel for
      }
    }
    if (found != KEY)
      __atomic_fetch_add(&unseen, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
#pragma omp for reduction(+ : second)
    for (int i = 0; i < 1000; i++) {
#pragma omp cancellation point for
      second += 1;
    }
  }
  int active = 0;
#ifdef _OPENMP
  active = omp_get_cancellation();
#endif
  printf("found the key at %d\n", found);
  printf("the finder's own block stopped at the key: %s\n", (ran[KEY + 1] == 0) == active ? "as expected" : "wrong");
  printf("threads that did not see the key after the loop: %d\n", unseen);
  printf("every thread arrived after the loop: %s\n", arrived == team ? "yes" : "no");
  printf("the next loop ran %d of 1000 iterations\n", second);
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
