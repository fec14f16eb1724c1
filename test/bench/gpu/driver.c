/* Runs each GPU kernel as compiled by clang-16's offloading (c_*) and by
   weft (w_*), alternating, inside one `target data` region (no transfer in
   the timed calls), and prints best-of-R milliseconds per call, their
   ratio and the bandwidth achieved. Every result is copied back and
   checked against the serial program; a wrong one fails. A w_* kernel
   weft-cc refused is absent (weak, null): its row says so. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

void c_triad(double *, const double *, const double *, double, long);
double c_dot(const double *, const double *, long);
void c_matmul(double *, const double *, const double *, int);
void w_triad(double *, const double *, const double *, double, long) __attribute__((weak));
double w_dot(const double *, const double *, long) __attribute__((weak));
void w_matmul(double *, const double *, const double *, int) __attribute__((weak));

static int bad;

static void row(const char *name, double c, double w, double bytes) {
  if (w < 0) {
    printf("%-8s %10.3f %10s %7s %9.0f\n", name, c * 1e3, "refused", "-", bytes / c / 1e9);
    return;
  }
  printf("%-8s %10.3f %10.3f %7.3f %9.0f %9.0f\n", name, c * 1e3, w * 1e3, w / c, bytes / c / 1e9, bytes / w / 1e9);
}

static void check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-9 * (fabs(want) + 1)) {
    printf("%s: %.17g, serial %.17g\n", what, got, want);
    bad = 1;
  }
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 10;
  long n = argc > 2 ? atol(argv[2]) : 1L << 26;
  int m = argc > 3 ? atoi(argv[3]) : 1024;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
  double *A = malloc((long)m * m * sizeof *A), *B = malloc((long)m * m * sizeof *B), *C = malloc((long)m * m * sizeof *C);
  for (long i = 0; i < n; i++) b[i] = (i % 97) * 0.25, c[i] = (i % 13) * 0.5, a[i] = -1;
  for (long i = 0; i < (long)m * m; i++) A[i] = (i % 7) - 3, B[i] = (i % 5) * 0.5, C[i] = -1;
  printf("devices %d, triad/dot n = %ld, matmul %d x %d, best of %d\n", omp_get_num_devices(), n, m, m, reps);
  printf("%-8s %10s %10s %7s %9s %9s\n", "kernel", "clang ms", "weft ms", "ratio", "clang GB/s", "weft GB/s");
  double dot_ref = 0;
  for (long i = 0; i < n; i++) dot_ref += b[i] * c[i];
#pragma omp target data map(to: b[0:n], c[0:n], A[0:m*m], B[0:m*m]) map(alloc: a[0:n], C[0:m*m])
  {
    double best[3][2] = {{1e30, 1e30}, {1e30, 1e30}, {1e30, 1e30}};
    int have[3] = {w_triad != 0, w_dot != 0, w_matmul != 0};
    for (int r = 0; r < reps; r++)
      for (int side = 0; side < 2; side++) {
        double t0 = omp_get_wtime();
        if (side == 0) c_triad(a, b, c, 3.0, n);
        else if (have[0]) w_triad(a, b, c, 3.0, n);
        double t1 = omp_get_wtime();
        double d = side == 0 ? c_dot(b, c, n) : have[1] ? w_dot(b, c, n) : dot_ref;
        double t2 = omp_get_wtime();
        if (side == 0) c_matmul(C, A, B, m);
        else if (have[2]) w_matmul(C, A, B, m);
        double t3 = omp_get_wtime();
        const char *who = side ? "weft" : "clang";
        char what[64];
        snprintf(what, sizeof what, "dot (%s)", who);
        check(what, d, dot_ref);
#pragma omp target update from(a[0:n], C[0:m*m])
        for (long i = 0; i < n; i += 4099) {
          snprintf(what, sizeof what, "triad (%s) a[%ld]", who, i);
          if (side == 0 || have[0]) check(what, a[i], b[i] + 3.0 * c[i]);
        }
        for (int i = 0; i < m; i += 37)
          for (int j = 0; j < m; j += 41) {
            double s = 0;
            for (int k = 0; k < m; k++) s += A[(long)i * m + k] * B[(long)k * m + j];
            snprintf(what, sizeof what, "matmul (%s) C[%d][%d]", who, i, j);
            if (side == 0 || have[2]) check(what, C[(long)i * m + j], s);
          }
        for (long i = 0; i < n; i++) a[i] = -1;
        for (long i = 0; i < (long)m * m; i++) C[i] = -1;
#pragma omp target update to(a[0:n], C[0:m*m])
        double t[3] = {t1 - t0, t2 - t1, t3 - t2};
        for (int k = 0; k < 3; k++)
          if (t[k] < best[k][side]) best[k][side] = t[k];
      }
    row("triad", best[0][0], have[0] ? best[0][1] : -1, 24.0 * n);
    row("dot", best[1][0], have[1] ? best[1][1] : -1, 16.0 * n);
    row("matmul", best[2][0], have[2] ? best[2][1] : -1, 8.0 * 3 * m * m);
  }
  return bad;
}
