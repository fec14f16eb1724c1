/* The benchmark kernels as C with #pragma omp, compiled by clang-16 -fopenmp. */
#include "bodies.h"

void c_triad(double *a, const double *b, const double *c, double s, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) body_triad(i, a, b, c, s);
}

double c_dot(const double *a, const double *b, long n) {
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (long i = 0; i < n; i++) sum += body_dot(i, a, b);
  return sum;
}

void c_matmul(const double *A, const double *B, double *C, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) body_matmul(i, A, B, C, n);
}

void c_jacobi(const double *u, double *v, long n) {
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++) body_jacobi(i, u, v, n);
}

void c_mandel(int *out, long w, long h, int maxit) {
#pragma omp parallel for schedule(dynamic)
  for (long i = 0; i < h; i++) body_mandel(i, out, w, h, maxit);
}

void c_fig2(double *x, double *y, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) body_fig2a(i, x);
#pragma omp parallel for
  for (long i = 0; i < n; i++) body_fig2b(i, x, y);
}
