/* The work inside the tasking kernels, shared by kernels_omp.c (both sides)
   and the driver's serial references. static inline: each side inlines it
   into its own tasks, so both measure the same work around the tasking. */
#ifndef TASK_BODIES_H
#define TASK_BODIES_H

/* fib below the cutoff: plain recursion. */
static inline long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

/* One Gauss-Seidel sweep over tile (ti, tj) of the n x n interior of a
   (n + 2) x (n + 2) grid, in place: rows above and columns left of a point
   are already this sweep's, the others the previous sweep's. */
static inline void gs_tile(double *u, long n, long bs, long ti, long tj) {
  long m = n + 2;
  for (long i = 1 + ti * bs; i < 1 + (ti + 1) * bs; i++)
    for (long j = 1 + tj * bs; j < 1 + (tj + 1) * bs; j++)
      u[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] + u[i * m + j - 1] + u[i * m + j + 1]);
}

/* An iteration of very uneven cost: a hashed length up to 1000 steps, and
   every 64th iteration 40 times longer (a heavy tail that grainsize-sized
   chunks must balance). The additions form one chain (not vectorized). */
static inline double tl_work(long i) {
  long len = 1 + (long)(((unsigned long)i * 2654435761u) % 1000u);
  if (i % 64 == 0)
    len *= 40;
  double s = 0;
  for (long k = 0; k < len; k++)
    s += 1.0 / (double)(i + k + 1);
  return s;
}

/* A small task's work (tens of nanoseconds): task creation dominates. */
static inline double tg_work(double x, long i) {
  double s = x;
  for (int k = 0; k < 16; k++)
    s = s * 0.5 + (double)((i + k) & 7);
  return s;
}

#endif
