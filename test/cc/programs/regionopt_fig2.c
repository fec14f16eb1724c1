// RUN: %weftcc-check %s
// weft-regionopt where it applies (Tian et al. 2016, Figure 2): adjacent
// `parallel for` loops over the same range become one parallel region (one
// fork), and the barrier between two loops goes where the second reads only
// what the same thread wrote (same index) or nothing the first wrote. A
// Jacobi pair keeps its barrier: the copy-back writes what neighbours read.
// test/regionopt/cc-remarks.test checks which transformations happen here.
#include <stdio.h>

#define N 4096

static double a[N], b[N], c[N], d[N];

// Figure 2: the second loop reads what the first wrote, at the same index.
static void fig2(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = i * 0.5 + 1.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) b[i] = a[i] * 2.0 + 1.0;
}

// A chain of three dependent loops.
static void chain3(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) c[i] = b[i] + i;
#pragma omp parallel for
  for (long i = 0; i < n; i++) d[i] = c[i] * 3.0;
#pragma omp parallel for
  for (long i = 0; i < n; i++) a[i] = d[i] - c[i];
}

// A Jacobi sweep and its copy-back: the copy-back writes a[i], which the
// sweep's neighbours read; the barrier between them must stay.
static void jacobi(long n, int sweeps) {
  for (int s = 0; s < sweeps; s++) {
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++) a[i] = b[i];
  }
}

// Restrict pointers: distinct objects, the same index.
static void scaled(double *restrict x, double *restrict y, long n, double k) {
#pragma omp parallel for firstprivate(k)
  for (long i = 0; i < n; i++) x[i] = i * k;
#pragma omp parallel for
  for (long i = 0; i < n; i++) y[i] = x[i] + 1.0;
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
  jacobi(N, 20);
  printf("jacobi %.6f\n", sum(a, N));
  scaled(c, d, N, 0.25);
  printf("scaled %.2f\n", sum(d, N));
  return 0;
}
