/* Kernels whose OpenMP constructs sit in a header, as DataRaceBench's and
   many applications' do: weft-cc rewrites this file in a pass of its own
   (a quoted include of a user header). */
#ifndef HEADER_KERNEL_H
#define HEADER_KERNEL_H

/* A dot product: a parallel for with a reduction. */
static double dot(const double *x, const double *y, int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s) schedule(dynamic, 7)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

/* y = a*x + y, orphaned: a worksharing loop in a caller's team. */
static void axpy(double a, const double *x, double *y, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

/* The largest element, and how many iterations each thread ran summed. */
static long max_and_count(const long *v, int n, long *count) {
  long m = v[0], c = 0;
#pragma omp parallel for reduction(max : m) reduction(+ : c)
  for (int i = 0; i < n; i++) {
    if (v[i] > m)
      m = v[i];
    c++;
  }
  *count = c;
  return m;
}
#endif
