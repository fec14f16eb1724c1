/* Runs each league kernel as compiled by clang -fopenmp (c_*) and by weft
   (w_*), alternating, at a small size (where the fork of the league and the
   launch are most of a call) and a large one, and prints best-of-R times per
   call and their ratio. Every run is checked against a serial reference; a
   wrong result fails loudly. A w_* kernel weft-cc refused is absent (weak,
   null): its row says so and the geomean leaves it out. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef void kernel(double *, const double *, double, long, int);
kernel c_teams, c_target_teams, c_target_par;
kernel w_teams __attribute__((weak)), w_target_teams __attribute__((weak)), w_target_par __attribute__((weak));

static const char *names[] = {"teams-dpf", "target-teams-dpf", "target-par-for"};

static double now(void) { return omp_get_wtime(); }

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  int nteams = 2;
  long sizes[] = {4096, 4L << 20};
  kernel *cs[] = {c_teams, c_target_teams, c_target_par};
  kernel *ws[] = {w_teams, w_target_teams, w_target_par};
  double logsum = 0;
  int counted = 0, bad = 0;
  printf("threads %d, teams %d, best of %d\n", omp_get_max_threads(), nteams, reps);
  printf("%-18s %9s %12s %12s %7s\n", "kernel", "n", "clang (us)", "weft (us)", "ratio");
  for (int s = 0; s < 2; s++) {
    long n = sizes[s];
    int calls = n < 100000 ? 2000 : 10;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *ref = malloc(n * sizeof *ref);
    for (long i = 0; i < n; i++) x[i] = (double)(i % 97) * 0.25;
    for (int k = 0; k < 3; k++) {
      if (!ws[k]) {
        printf("%-18s %9ld %12s %12s %7s\n", names[k], n, "-", "refused", "-");
        continue;
      }
      /* Serial reference of `calls` calls from y = 1. */
      for (long i = 0; i < n; i++) ref[i] = 1.0;
      for (int c = 0; c < calls; c++)
        for (long i = 0; i < n; i++) ref[i] = 1.5 * x[i] + ref[i] * 0.5;
      double best[2] = {1e30, 1e30};
      for (int r = 0; r < reps; r++)
        for (int side = 0; side < 2; side++) {
          kernel *f = side ? ws[k] : cs[k];
          for (long i = 0; i < n; i++) y[i] = 1.0;
          double t0 = now();
          for (int c = 0; c < calls; c++) f(y, x, 1.5, n, nteams);
          double t = (now() - t0) / calls * 1e6;
          for (long i = 0; i < n; i++)
            if (fabs(y[i] - ref[i]) > 1e-9 * (fabs(ref[i]) + 1)) {
              printf("%s (%s) n=%ld: y[%ld] = %g, serial %g\n", names[k], side ? "weft" : "clang", n, i, y[i], ref[i]);
              bad = 1;
              break;
            }
          if (t < best[side]) best[side] = t;
        }
      double ratio = best[1] / best[0];
      logsum += log(ratio);
      counted++;
      printf("%-18s %9ld %12.2f %12.2f %7.3f\n", names[k], n, best[0], best[1], ratio);
    }
    free(x); free(y); free(ref);
  }
  if (counted) printf("geomean weft/clang %.3f over %d rows\n", exp(logsum / counted), counted);
  return bad;
}
