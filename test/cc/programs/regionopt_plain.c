// RUN: %weftcc-check %s
// Where weft-regionopt merges plain parallel regions (with worksharing
// loops, single, masked and barriers inside) and runs the code with side
// effects between them once, under single, in the merged region. Each case
// prints something else if the merge were wrong:
// - `counted`: the counter increment between the regions must happen once
//   (run by every thread of the team it would print N times the value, and
//   the second loop would add that);
// - `printed`: the line between the regions is printed once, not per thread;
// - `joined`: the first region's loop is nowait and unbalanced, so without
//   the barrier that replaces the first region's join the second loop
//   reads elements another thread has not written yet;
// - `stored`: a store to a global between, read by every thread after;
// - `computed`: a value computed between (through a function of the
//   program) used by the next region and after it: it reaches the team
//   through memory;
// - `mixed`: a combined parallel loop, then a plain region, a call between;
// - `privates`: the first region's firstprivate and the second's private
//   become the merged region's (as copies: y doubled in each thread).
// test/regionopt/cc-plain.test checks the remarks (each of these merged).
#include <stdio.h>

#define N 3000

static double a[N], b[N];
static long counter;
static double scale = 1.0;

static double sum(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += x[i];
  return s;
}

// Unbalanced work: the iterations of one thread take far longer than
// another's, so a thread that does not wait reads unwritten elements.
static double slow(long i, long n) {
  long x = 1;
  for (long k = 0; k < (n - i) * 6; k++) x = x * 3 % 1000003;
  return i + 1.0 + (x == 7);
}

static void counted(long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i * 0.5;
  }
  counter++;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] + counter;
  }
  printf("counted %ld %.1f\n", counter, sum(b, n));
}

static void printed(long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i + 2.0;
#pragma omp single
    counter += 10;
  }
  printf("printed: between the regions (%ld)\n", counter);
#pragma omp parallel
  {
#pragma omp master
    counter += 100;
#pragma omp barrier
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] * counter;
  }
  printf("printed %ld %.1f\n", counter, sum(b, n));
}

static void joined(long n) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (long i = 0; i < n; i++) a[i] = slow(i, n);
  }
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[n - 1 - i] * 2.0;
  }
  printf("joined %.1f\n", sum(b, n));
}

static void stored(long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = slow(i, n);
  }
  scale = a[n - 1] + 0.5;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] * scale;
  }
  printf("stored %.1f %.1f\n", scale, sum(b, n));
}

static long next_size(long n) {
  counter += 1000;
  return n / 2 + counter % 7;
}

static void computed(long n) {
  double t = 0;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = 3.0 * i;
  }
  long m = next_size(n);
#pragma omp parallel shared(t)
  {
#pragma omp for
    for (long i = 0; i < m; i++) b[i] = a[i] + 1.0;
#pragma omp single
    t = b[m - 1];
  }
  printf("computed %ld %.1f %.1f\n", m, t, sum(b, m));
}

static void mixed(long n) {
  double local = 0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = slow(i, n);
  printf("mixed: %.1f\n", a[0]);
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[n - 1 - i] - 1.0;
#pragma omp for reduction(+ : local)
    for (long i = 0; i < n; i++) local += b[i];
#pragma omp single
    counter += (long)local;
  }
  printf("mixed %ld\n", counter);
}

// Each region's own private items become the merged region's: the
// second region's private x is a copy there too.
static void privates(long n) {
  double x = 5, y = 7;
#pragma omp parallel firstprivate(y)
  {
    y = y * 2;
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i * y;
  }
  counter++;
#pragma omp parallel private(x)
  {
    x = 3;
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] + x;
  }
  (void)x;
  printf("privates %.1f %ld\n", sum(b, n), counter);
}

int main(void) {
  counted(N);
  printed(N);
  joined(N);
  stored(N);
  computed(N);
  mixed(N);
  privates(N);
  return 0;
}
