// RUN: %weftcc-check %s
// weft-regionopt's worksharing loop fusion: where it applies (Figure 2 of
// Tian et al. 2016, a chain of three) each pair of loops becomes one loop
// whose iteration i runs both bodies; where it must not (a read of a[i+1]
// after the write, a reversed read, a different trip count, a reduction, a
// call between) the loops stay apart; pure code between two regions is
// hoisted before the merged region, code that reads what the first region
// wrote or has side effects runs once under single in it (not fused). Each refused case is written so
// that a wrong fusion prints something else: fused, the second body would
// read a[i+1] or a[n-1-i] before another iteration (or another thread)
// wrote it. test/regionopt/cc-fusion.test checks which loops are fused.
#include <stdio.h>

#define N 4096

static double a[N], b[N], c[N], d[N];
static int calls;

static void fig2(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i * 0.5 + 1.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] * 2.0 + 1.0;
}

static void chain3(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = b[i] + i;
#pragma omp parallel for
  for (long i = 0; i < n; i++) d[i] = c[i] * 3.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = d[i] - c[i];
}

// a[i+1] is written by iteration i+1 of the first loop: fused, iteration i
// would read it before it is written.
static void shifted(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i + 7.0;
#pragma omp parallel for
  for (long i = 0; i < n - 1; i++) b[i] = a[i + 1] * 2.0;
}

static void shifted_same(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i + 3.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[(i + 1) % n] * 2.0;
}

static void reversed(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i * 1.5;
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[n - 1 - i] + i;
}

// Different trip counts: fused, the shorter loop would run too often.
static void counts(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = i;
#pragma omp parallel for
  for (long i = 0; i < n / 2; i++) c[i] = c[i] * 2.0 + 1.0;
}

static double reduced(long n) {
  double s = 0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i % 13;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++) s += a[i];
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] + s;
  return s;
}

static void between(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i;
  calls++;
  a[0] = calls;
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] + a[0];
}

// Pure code between the regions: hoisted before the merged region (the
// loops are then fused); hoisted after the first loop's writes were
// ignored, k would differ.
static double scale = 1.5;
static void pure_between(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = i * scale;
  double k = scale * 3.0 + n;
#pragma omp parallel for
  for (long i = 0; i < n; i++) d[i] = c[i] * k;
}

// Code between the regions that reads what the first wrote: it cannot run
// before the fork, so it runs once, under single, in the merged region.
static void reads_between(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = i * 0.75 + 2.0;
  double k = c[n / 2] * 2.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) d[i] = c[i] + k;
}

static double sum(const double *v, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += v[i] * (1 + i % 7);
  return s;
}

int main(void) {
  fig2(N);
  printf("fig2 %.1f\n", sum(b, N));
  chain3(N);
  printf("chain3 %.1f %.1f\n", sum(d, N), sum(a, N));
  shifted(N);
  printf("shifted %.1f\n", sum(b, N));
  shifted_same(N);
  printf("shifted_same %.1f\n", sum(b, N));
  reversed(N);
  printf("reversed %.1f\n", sum(b, N));
  counts(N);
  printf("counts %.1f\n", sum(c, N));
  printf("reduced %.1f %.1f\n", reduced(N), sum(b, N));
  between(N);
  printf("between %.1f %d\n", sum(b, N), calls);
  pure_between(N);
  printf("pure_between %.1f\n", sum(d, N));
  reads_between(N);
  printf("reads_between %.1f\n", sum(d, N));
  return 0;
}
