/* Runs each kernel as compiled by clang -fopenmp (c_*) and as directive IR
   through weft (w_*), alternating, and prints best-of-R times and their ratio.
   Results are checked against each other. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void c_triad(double *, const double *, const double *, double, long);
void w_triad(double *, const double *, const double *, double, long);
double c_dot(const double *, const double *, long);
double w_dot(const double *, const double *, long);
void c_matmul(const double *, const double *, double *, long);
void w_matmul(const double *, const double *, double *, long);
void c_jacobi(const double *, double *, long);
void w_jacobi(const double *, double *, long);
void c_mandel(int *, long, long, int);
void w_mandel(int *, long, long, int);
void c_fig2(double *, double *, long);
void w_fig2(double *, double *, long);

enum { TRIAD, DOT, MATMUL, JACOBI, MANDEL, FIG2, NK };
static const char *names[NK] = {"triad", "dot", "matmul", "jacobi2d", "mandelbrot-dyn", "fig2-pair"};

static long n_stream = 20000000, n_mat = 512, n_jac = 2048, mw = 768, mh = 768;
static double *a, *b, *c, *A, *B, *C, *u, *v, *x, *y;
static int *img;
static volatile double sink;

static void run(int k, int weft) {
  switch (k) {
  case TRIAD: (weft ? w_triad : c_triad)(a, b, c, 3.0, n_stream); break;
  case DOT: sink = (weft ? w_dot : c_dot)(a, b, n_stream); break;
  case MATMUL: (weft ? w_matmul : c_matmul)(A, B, C, n_mat); break;
  case JACOBI: (weft ? w_jacobi : c_jacobi)(u, v, n_jac); break;
  case MANDEL: (weft ? w_mandel : c_mandel)(img, mw, mh, 500); break;
  case FIG2: (weft ? w_fig2 : c_fig2)(x, y, n_stream / 4); break;
  }
}

static double checksum(int k) {
  double s = 0;
  switch (k) {
  case TRIAD: for (long i = 0; i < n_stream; i += 997) s += a[i]; break;
  case DOT: s = sink; break;
  case MATMUL: for (long i = 0; i < n_mat * n_mat; i += 31) s += C[i]; break;
  case JACOBI: for (long i = 0; i < n_jac * n_jac; i += 31) s += v[i]; break;
  case MANDEL: for (long i = 0; i < mw * mh; i++) s += img[i]; break;
  case FIG2: for (long i = 0; i < n_stream / 4; i += 97) s += y[i]; break;
  }
  return s;
}

static void init(void) {
  a = malloc(n_stream * 8); b = malloc(n_stream * 8); c = malloc(n_stream * 8);
  for (long i = 0; i < n_stream; i++) { a[i] = 0; b[i] = i % 7; c[i] = i % 11; }
  A = malloc(n_mat * n_mat * 8); B = malloc(n_mat * n_mat * 8); C = malloc(n_mat * n_mat * 8);
  for (long i = 0; i < n_mat * n_mat; i++) { A[i] = i % 5; B[i] = i % 3; }
  u = malloc(n_jac * n_jac * 8); v = calloc(n_jac * n_jac, 8);
  for (long i = 0; i < n_jac * n_jac; i++) u[i] = i % 13;
  img = malloc(mw * mh * sizeof(int));
  x = malloc(n_stream / 4 * 8); y = malloc(n_stream / 4 * 8);
}

static void reset_fig2(void) {
  for (long i = 0; i < n_stream / 4; i++) { x[i] = (i % 100) * 0.01; y[i] = 0; }
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  init();
  double best[NK][2];
  int bad = 0;
  for (int k = 0; k < NK; k++) {
    best[k][0] = best[k][1] = 1e30;
    double sum[2];
    for (int r = 0; r < reps; r++)
      for (int w = 0; w < 2; w++) {
        int which = (r & 1) ? !w : w; /* alternate which goes first */
        if (k == FIG2) reset_fig2();
        double t0 = omp_get_wtime();
        run(k, which);
        double t = omp_get_wtime() - t0;
        if (t < best[k][which]) best[k][which] = t;
        sum[which] = checksum(k);
      }
    if (fabs(sum[0] - sum[1]) > 1e-9 * fabs(sum[0]) + 1e-9) {
      printf("%s: MISMATCH clang %.17g weft %.17g\n", names[k], sum[0], sum[1]);
      bad = 1;
    }
  }
  printf("threads %d, best of %d\n%-16s %12s %12s %8s\n", omp_get_max_threads(), reps, "kernel", "clang (ms)",
         "weft (ms)", "weft/clang");
  double lg = 0;
  for (int k = 0; k < NK; k++) {
    double r = best[k][1] / best[k][0];
    lg += log(r);
    printf("%-16s %12.2f %12.2f %8.3f\n", names[k], best[k][0] * 1e3, best[k][1] * 1e3, r);
  }
  printf("%-16s %12s %12s %8.3f\n", "geomean", "", "", exp(lg / NK));
  return bad;
}
