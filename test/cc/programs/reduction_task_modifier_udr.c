// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=50
// The task reduction modifier (OpenMP 5.0 §2.19.5.4) with a declared
// reduction (a struct's span: its initializer and combiner make the task
// copies' init and comb) and an unsigned max (REDUCTION.MAX:UNSIGNED.TASK),
// on parallel for. Every contribution comes from a task that reads,
// spins and writes its copy: had the tasks shared one copy, updates would
// be lost at 2 threads and more; task copies left uncombined would leave
// the initial values (500 501 3).
#include <stdio.h>
typedef struct { long lo, hi; } range;
static void spin(void) { volatile int s = 0; for (int i = 0; i < 500; i++) s += i; }
#pragma omp declare reduction(span: range: omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = (range){1000000, -1000000})
int main(void) {
  range r = {500, 501};
  unsigned long umax = 3;
#pragma omp parallel for reduction(task, span: r) reduction(task, max: umax)
  for (int i = 0; i < 50; i++) {
#pragma omp task in_reduction(span: r) in_reduction(max: umax)
    {
      range t = r;
      spin();
      long v = (i * 37) % 101 - 20;
      if (v < t.lo) t.lo = v;
      if (v > t.hi) t.hi = v;
      r = t;
      if ((unsigned long)(i * 13 % 47) > umax) umax = i * 13 % 47;
    }
  }
  printf("%ld %ld %lu\n", r.lo, r.hi, umax);
  return 0;
}
