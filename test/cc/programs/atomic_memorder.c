// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// Atomic constructs with each memory order (OpenMP 5.1 §2.19.7): seq_cst,
// acq_rel, acquire, release and relaxed on read, write, update, capture
// and compare. Message passing: the first thread of a team publishes data
// with `atomic write release` (and seq_cst, acq_rel captures), the others
// wait with `atomic read acquire` (seq_cst) for the flag and then read the
// data; a dropped atomic lets -O2 hoist the flag's read out of the loop and
// spin forever (check.sh's timeout). Tickets from `atomic capture` must be
// unique and the counters exact.
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 4000
#define ROUNDS 20

static int data[64];
static int flag, flag2;
static int seen[N];

int main(void) {
  long relaxed = 0, sc = 0, rel = 0;
  int next = 0, big = -1, small = 1 << 30, dup = 0, stale = 0, maxv = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int t;
#pragma omp atomic update relaxed
    relaxed += i % 5;
#pragma omp atomic seq_cst
    sc += 2;
#pragma omp atomic release
    rel++;
#pragma omp atomic capture acq_rel
    t = next++;
    seen[t]++;
#pragma omp atomic compare acq_rel
    if (big < i) { big = i; }
#pragma omp atomic compare relaxed
    small = small > i ? i : small;
    int old;
#pragma omp atomic compare capture seq_cst
    { old = maxv; if (maxv < i % 97) { maxv = i % 97; } }
    (void)old;
  }
  for (int i = 0; i < N; i++)
    dup += seen[i] != 1;
  for (int round = 1; round <= ROUNDS; round++) {
#pragma omp parallel reduction(+ : stale)
    {
      if (omp_get_thread_num() == 0) {
        for (int k = 0; k < 64; k++)
          data[k] = round * 100 + k;
#pragma omp atomic write release
        flag = round;
        int prev;
#pragma omp atomic capture seq_cst
        { prev = flag2; flag2 = round; }
        (void)prev;
      } else {
        int f = 0, g = 0;
        while (f != round) {
#pragma omp atomic read acquire
          f = flag;
        }
        for (int k = 0; k < 64; k++)
          stale += data[k] != round * 100 + k;
        while (g != round) {
#pragma omp atomic read seq_cst
          g = flag2;
        }
      }
#pragma omp barrier
      int r;
#pragma omp atomic read relaxed
      r = flag;
      stale += r != round;
    }
  }
  int last;
#pragma omp atomic write relaxed
  flag = -1;
#pragma omp atomic read
  last = flag;
  printf("relaxed %ld seq_cst %ld release %ld tickets %d dup %d big %d small %d max %d stale %d last %d\n",
         relaxed, sc, rel, next, dup, big, small, maxv, stale, last);
  return 0;
}
