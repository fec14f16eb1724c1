/* Runs each tasking kernel as compiled by clang -fopenmp (c_*) and by weft
   (w_*), alternating, and prints best-of-R times and their ratio. Every run
   of either side is checked against a serial reference computed here (and
   so against the other side); a wrong result fails the run loudly. A w_*
   kernel weft-cc refused is absent (weak, null): its row says so and the
   geomean leaves it out. */
#include "bodies.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long c_fib(int, int);
long w_fib(int, int) __attribute__((weak));
void c_gauss(double *, long, long, int);
void w_gauss(double *, long, long, int) __attribute__((weak));
void c_taskloop(double *, long, long);
void w_taskloop(double *, long, long) __attribute__((weak));
void c_taskgroup(double *, double *, long, int);
void w_taskgroup(double *, double *, long, int) __attribute__((weak));

enum { FIB, GAUSS, TLOOP, TGROUP, NK };
static const char *names[NK] = {"fib-cutoff", "gauss-seidel-dep", "taskloop-irreg", "taskgroup-small"};

/* fib(34) with tasks above 14 (57312 tasks); Gauss-Seidel 2048^2 in 64^2
   tiles, 6 sweeps (6144 tasks, 4 in-dependences each); taskloop over 24000
   uneven iterations, grainsize 16 (1500 tasks); 48 taskgroups of 4000
   tiny tasks (192k tasks). */
static int fib_n = 34, fib_cut = 14;
static long gs_n = 2048, gs_bs = 64;
static int gs_sweeps = 6;
static long tl_n = 24000, tl_grain = 16;
static long tg_n = 4000;
static int tg_rounds = 48;

static double *u, *u_ref, *out, *out_ref, *ga, *gb, *g_ref;
static long fib_r, fib_ref;

static int absent(int k) {
  switch (k) {
  case FIB: return !w_fib;
  case GAUSS: return !w_gauss;
  case TLOOP: return !w_taskloop;
  default: return !w_taskgroup;
  }
}

static void gs_init(double *v) {
  long m = gs_n + 2;
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++)
      v[i * m + j] = (i == 0 || j == 0) ? 1.0 : (i == m - 1 || j == m - 1) ? -1.0 : (double)((i * 31 + j * 17) % 13);
}

static void tg_init(void) {
  for (long i = 0; i < tg_n; i++) { ga[i] = (double)(i % 10); gb[i] = -1.0; }
}

static void reset(int k) {
  if (k == GAUSS) gs_init(u);
  if (k == TLOOP) for (long i = 0; i < tl_n; i++) out[i] = -1.0;
  if (k == TGROUP) tg_init();
}

static void run(int k, int weft) {
  switch (k) {
  case FIB: fib_r = (weft ? w_fib : c_fib)(fib_n, fib_cut); break;
  case GAUSS: (weft ? w_gauss : c_gauss)(u, gs_n, gs_bs, gs_sweeps); break;
  case TLOOP: (weft ? w_taskloop : c_taskloop)(out, tl_n, tl_grain); break;
  case TGROUP: (weft ? w_taskgroup : c_taskgroup)(ga, gb, tg_n, tg_rounds); break;
  }
}

/* Largest difference from the serial reference, relative to its size;
   the results are deterministic, so anything above rounding is wrong. */
static double maxdiff(const double *v, const double *ref, long len) {
  double d = 0;
  for (long i = 0; i < len; i++) {
    double e = fabs(v[i] - ref[i]) / (fabs(ref[i]) + 1e-300);
    if (!(e <= d)) d = e; /* NaN counts */
  }
  return d;
}

static double error(int k) {
  switch (k) {
  case FIB: return fib_r == fib_ref ? 0 : 1;
  case GAUSS: return maxdiff(u, u_ref, (gs_n + 2) * (gs_n + 2));
  case TLOOP: return maxdiff(out, out_ref, tl_n);
  default: return maxdiff(ga, g_ref, tg_n);
  }
}

static double checksum(int k) {
  double s = 0;
  switch (k) {
  case FIB: return (double)fib_r;
  case GAUSS: for (long i = 0; i < (gs_n + 2) * (gs_n + 2); i += 7) s += u[i]; break;
  case TLOOP: for (long i = 0; i < tl_n; i++) s += out[i]; break;
  case TGROUP: for (long i = 0; i < tg_n; i++) s += ga[i]; break;
  }
  return s;
}

static void references(void) {
  long a = 0, b = 1;
  for (int i = 0; i < fib_n; i++) { long t = a + b; a = b; b = t; }
  fib_ref = a;
  long m = gs_n + 2, nb = gs_n / gs_bs;
  u = malloc(m * m * 8); u_ref = malloc(m * m * 8);
  gs_init(u_ref);
  for (int s = 0; s < gs_sweeps; s++)
    for (long ti = 0; ti < nb; ti++)
      for (long tj = 0; tj < nb; tj++) gs_tile(u_ref, gs_n, gs_bs, ti, tj);
  out = malloc(tl_n * 8); out_ref = malloc(tl_n * 8);
  for (long i = 0; i < tl_n; i++) out_ref[i] = tl_work(i);
  ga = malloc(tg_n * 8); gb = malloc(tg_n * 8); g_ref = malloc(tg_n * 8);
  tg_init();
  for (int r = 0; r < tg_rounds; r++) {
    double *src = (r & 1) ? gb : ga, *dst = (r & 1) ? ga : gb;
    for (long i = 0; i < tg_n; i++) dst[i] = tg_work(src[(i * 7 + 1) % tg_n], i + r);
  }
  memcpy(g_ref, ga, tg_n * 8);
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  references();
  double best[NK][2];
  int bad = 0;
  for (int k = 0; k < NK; k++) {
    best[k][0] = best[k][1] = 1e30;
    double sum[2] = {0, 0};
    for (int r = 0; r < reps; r++)
      for (int w = 0; w < 2; w++) {
        int which = (r & 1) ? !w : w; /* alternate which goes first */
        if (which && absent(k)) continue;
        reset(k);
        double t0 = omp_get_wtime();
        run(k, which);
        double t = omp_get_wtime() - t0;
        if (t < best[k][which]) best[k][which] = t;
        double e = error(k);
        sum[which] = checksum(k);
        if (e > 1e-12) {
          printf("%s: WRONG RESULT on the %s side (relative difference %.3g from the serial reference, checksum %.17g)\n",
                 names[k], which ? "weft" : "clang", e, sum[which]);
          bad = 1;
        }
      }
    if (!absent(k) && sum[0] != sum[1] && fabs(sum[0] - sum[1]) > 1e-12 * fabs(sum[0])) {
      printf("%s: MISMATCH clang %.17g weft %.17g\n", names[k], sum[0], sum[1]);
      bad = 1;
    }
  }
  printf("threads %d, best of %d\n%-18s %12s %12s %10s\n", omp_get_max_threads(), reps, "kernel", "clang (ms)",
         "weft (ms)", "weft/clang");
  double lg = 0;
  int measured = 0;
  for (int k = 0; k < NK; k++) {
    if (absent(k)) {
      printf("%-18s %12.2f %12s %10s\n", names[k], best[k][0] * 1e3, "refused", "-");
      continue;
    }
    double r = best[k][1] / best[k][0];
    lg += log(r);
    measured++;
    printf("%-18s %12.2f %12.2f %10.3f\n", names[k], best[k][0] * 1e3, best[k][1] * 1e3, r);
  }
  if (measured)
    printf("%-18s %12s %12s %10.3f%s\n", "geomean", "", "", exp(lg / measured),
           measured < NK ? " (measured kernels only)" : "");
  if (bad) printf("FAILED: a kernel computed a wrong result\n");
  return bad;
}
