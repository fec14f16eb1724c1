/* The GPU benchmark's kernels: `target teams distribute parallel for` on
   data already on the device (the driver maps it once, in one `target
   data` region). clang-16 compiles them as c_*; weft-cc compiles this file
   again once per kernel (-DK_TRIAD, -DK_DOT or -DK_MATMUL with -Dc_x=w_x
   renames), so a kernel weft-cc refuses leaves the others measured. */
#if !defined(K_TRIAD) && !defined(K_DOT) && !defined(K_MATMUL)
#define K_TRIAD
#define K_DOT
#define K_MATMUL
#endif

#ifdef K_TRIAD
/* STREAM triad: 24 bytes moved per element. */
void c_triad(double *a, const double *b, const double *c, double s, long n) {
#pragma omp target teams distribute parallel for map(to: b[0:n], c[0:n]) map(from: a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}
#endif

#ifdef K_DOT
/* A reduction across the teams and their threads: 16 bytes per element. */
double c_dot(const double *x, const double *y, long n) {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) reduction(+: s)
  for (long i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
#endif

#ifdef K_MATMUL
/* C = A B, n x n, one (i, j) per iteration of the collapsed nest. */
void c_matmul(double *C, const double *A, const double *B, int n) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:n*n], B[0:n*n]) map(from: C[0:n*n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}
#endif
