// RUN: %weftcc-check %s
// Where weft-regionopt must not merge plain parallel regions, each case
// written to print something else if it did:
// - `asks`: omp_get_num_threads() between the regions is 1 (one thread
//   runs the program there); moved into the merged team, even under single,
//   it would be the team's size;
// - `teams`: the second region asks for a team of one thread; merged into
//   the first region's team it would see that team's size;
// - `reduced`: a reduction's value is read between the regions: it is
//   complete only at its region's end, which a merge would move;
// - `nested`: a function called between the regions forks a region of its
//   own; under single in a team it would be nested (one thread here, as
//   OMP_MAX_ACTIVE_LEVELS is 1, so its count would be smaller).
// test/regionopt/cc-plain.test checks the missed remarks, each naming why.
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 2000

static double a[N], b[N];

static double sum(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += x[i];
  return s;
}

static void asks(long n) {
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i;
  }
  int between = omp_get_num_threads();
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] * between;
  }
  printf("asks %d %.1f\n", between, sum(b, n));
}

static void teams(long n) {
  int size = 0;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i + 1.0;
  }
#pragma omp parallel num_threads(1) shared(size)
  {
#pragma omp single
    size = omp_get_num_threads();
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] * size;
  }
  printf("teams %d %.1f\n", size, sum(b, n));
}

static void reduced(long n) {
  double s = 0;
#pragma omp parallel reduction(+ : s)
  {
#pragma omp for
    for (long i = 0; i < n; i++) s += i * 0.5;
  }
  double half = s / 2;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = half + i;
  }
  printf("reduced %.1f %.1f\n", s, sum(b, n));
}

static long forked;

static void count_team(void) {
#pragma omp parallel
  {
#pragma omp atomic
    forked++;
  }
}

static void nested(long n) {
  forked = 0;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) a[i] = i + 3.0;
  }
  count_team();
  long seen = forked;
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++) b[i] = a[i] + (seen > 0);
  }
#ifdef _OPENMP
  printf("nested %d %.1f\n", seen == omp_get_max_threads(), sum(b, n));
#else
  printf("nested %d %.1f\n", 1, sum(b, n));
#endif
}

int main(void) {
  asks(N);
  teams(N);
  reduced(N);
  nested(N);
  return 0;
}
