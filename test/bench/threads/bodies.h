/* The per-iteration work of each benchmark kernel, shared verbatim by the
   clang -fopenmp version (kernels_omp.c) and the directive-IR version
   (kernels_weft.ll, which calls these from its parallel loops). */
#include <math.h>
#ifndef BODY
#define BODY static inline __attribute__((always_inline))
#endif

BODY void body_triad(long i, double *a, const double *b, const double *c, double s) { a[i] = b[i] + s * c[i]; }

BODY double body_dot(long i, const double *a, const double *b) { return a[i] * b[i]; }

/* One row of C = A * B (n x n, row-major). */
BODY void body_matmul(long i, const double *A, const double *B, double *C, long n) {
  for (long j = 0; j < n; j++) C[i * n + j] = 0.0;
  for (long k = 0; k < n; k++) {
    double aik = A[i * n + k];
    for (long j = 0; j < n; j++) C[i * n + j] += aik * B[k * n + j];
  }
}

/* One interior row of a 5-point Jacobi sweep v = avg(u). */
BODY void body_jacobi(long i, const double *u, double *v, long n) {
  for (long j = 1; j < n - 1; j++)
    v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
}

/* One row of the Mandelbrot set: iteration counts (uneven work per row). */
BODY void body_mandel(long i, int *out, long w, long h, int maxit) {
  for (long j = 0; j < w; j++) {
    double cr = -2.0 + 3.0 * j / w, ci = -1.5 + 3.0 * i / h, zr = 0, zi = 0;
    int it = 0;
    while (it < maxit && zr * zr + zi * zi < 4.0) {
      double t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      it++;
    }
    out[i * w + j] = it;
  }
}

/* The paper's Figure 2 pair. */
BODY void body_fig2a(long i, double *x) { x[i] += sin(x[i]); }
BODY void body_fig2b(long i, const double *x, double *y) { y[i] += cos(x[i]); }
