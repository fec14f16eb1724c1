// RUN: %weftcc-check %s
// Where weft-regionopt must not remove a barrier or merge regions: each
// case prints something else if it did. The first loop of each pair is
// unbalanced (an inner loop of work that varies with i: some threads finish it long before others), so a thread that
// went on without the barrier reads elements another thread had not written
// yet. Checked against a deliberately broken build: with
// regionopt/barrier.rs's `why_needed` returning None (every barrier
// removed), `reversed`, `shifted` and `cyclic` print other values at 2 or
// more threads; with legality.rs's `adjacency` returning Ok(()) (code
// between regions merged), `between` prints its line once per thread.
// test/regionopt/cc-remarks.test checks the missed remarks.
#include <stdio.h>

#define N 4000

static double a[N], b[N];
static double total;

// The second loop reads the first's elements in reverse: another thread's.
static void reversed(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    long x = 1;
    for (long k = 0; k < i * 8; k++) x = x * 3 % 1000003;
    int e = (x == 7);
    a[i] = i + 1.0 + e;
  }
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[n - 1 - i];
}

// A dependence carried across the loops: the second reads a[i - 1] (the
// last element of the previous thread's block, slower by construction).
static void shifted(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    long x = 1;
    for (long k = 0; k < (n - i) * 8; k++) x = x * 3 % 1000003;
    int e = (x == 7);
    a[i] = i + 2.0 + e;
  }
#pragma omp parallel for
  for (long i = 1; i < n; i++) b[i] = a[i - 1];
}

// The same index, but different schedules: static,1 deals the elements out
// round-robin (odd ones slow), the second loop reads them in blocks.
static void cyclic(long n) {
#pragma omp parallel for schedule(static, 1)
  for (long i = 0; i < n; i++) {
    long x = 1;
    for (long k = 0; k < (i % 2) * 4000; k++) x = x * 3 % 1000003;
    int e = (x == 7);
    a[i] = i + 3.0 + e;
  }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) b[i] = a[i] * 2.0;
}

// A reduction read by the next region: complete only at the first's end.
static void reduced(long n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++) s += a[i];
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] / (s + 1.0);
  total = s;
}

// A call between the regions: the regions are merged and the call runs
// once, under single (weft-regionopt/single.rs); run by every thread of
// the merged team it would print its line once per thread.
static void between(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i * 0.25;
  printf("between the regions\n");
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] + 1.0;
}

static double sum(const double *v, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += v[i] * (1 + i % 5);
  return s;
}

int main(void) {
  reversed(N);
  printf("reversed %.1f\n", sum(b, N));
  shifted(N);
  printf("shifted %.1f\n", sum(b, N));
  cyclic(N);
  printf("cyclic %.1f\n", sum(b, N));
  reduced(N);
  printf("reduced %.1f %.6f\n", total, sum(b, N));
  between(N);
  printf("between %.2f\n", sum(b, N));
  return 0;
}
