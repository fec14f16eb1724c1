/* The tasking benchmark's kernels as C with #pragma omp. clang-16 -fopenmp
   compiles the whole file (c_*); the weft side is this file again through
   weft-cc, once per kernel (-DK_FIB, -DK_GAUSS, -DK_TASKLOOP or
   -DK_TASKGROUP, with -Dc_x=w_x renames), so a kernel weft-cc refuses
   leaves the others measured. No K_* defined: every kernel. */
#include "bodies.h"
#include <stdlib.h>

#if !defined(K_FIB) && !defined(K_GAUSS) && !defined(K_TASKLOOP) && !defined(K_TASKGROUP)
#define K_FIB
#define K_GAUSS
#define K_TASKLOOP
#define K_TASKGROUP
#endif

#ifdef K_FIB
/* Orphaned tasks: two per call above the cutoff, writing the caller's
   locals (shared), joined by taskwait. */
static long fib_task(int n, int cutoff) {
  if (n < cutoff)
    return fib_seq(n);
  long x, y;
#pragma omp task shared(x)
  x = fib_task(n - 1, cutoff);
#pragma omp task shared(y)
  y = fib_task(n - 2, cutoff);
#pragma omp taskwait
  return x + y;
}

long c_fib(int n, int cutoff) {
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = fib_task(n, cutoff);
  return r;
}
#endif

#ifdef K_GAUSS
/* Blocked Gauss-Seidel: a task per tile per sweep, created in the serial
   order. One token per tile (a border of never-written tokens spares the
   edge tiles their own clauses): inout on the tile's own token, in on its
   four neighbours'. That orders each tile after the tiles above and left
   of it in this sweep (a wavefront), after its neighbours of the previous
   sweep, and before their writers of the next: the serial tiled result,
   to the bit. */
void c_gauss(double *u, long n, long bs, int sweeps) {
  long nb = n / bs, w = nb + 2;
  char *tok = calloc(w * w, 1);
#pragma omp parallel
#pragma omp single
  for (int s = 0; s < sweeps; s++)
    for (long ti = 0; ti < nb; ti++)
      for (long tj = 0; tj < nb; tj++) {
        long t = (ti + 1) * w + tj + 1;
#pragma omp task depend(in : tok[t - w], tok[t - 1], tok[t + 1], tok[t + w]) depend(inout : tok[t])
        gs_tile(u, n, bs, ti, tj);
      }
  free(tok);
}
#endif

#ifdef K_TASKLOOP
/* An irregular loop as a taskloop: chunks of grain iterations, of very
   different cost, balanced by the task scheduler. */
void c_taskloop(double *out, long n, long grain) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(grain)
  for (long i = 0; i < n; i++)
    out[i] = tl_work(i);
}
#endif

#ifdef K_TASKGROUP
/* Rounds of n tiny tasks, each round a taskgroup: round r reads what
   round r - 1 wrote (another element), so a round that did not wait for
   the one before reads stale values. rounds even: the result is in a. */
void c_taskgroup(double *a, double *b, long n, int rounds) {
#pragma omp parallel
#pragma omp single
  for (int r = 0; r < rounds; r++) {
    double *src = (r & 1) ? b : a, *dst = (r & 1) ? a : b;
#pragma omp taskgroup
    for (long i = 0; i < n; i++) {
#pragma omp task
      dst[i] = tg_work(src[(i * 7 + 1) % n], i + r);
    }
  }
}
#endif
