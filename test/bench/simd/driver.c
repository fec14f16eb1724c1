/* Runs each simd kernel as vectorized by weft (w_), by LoopVectorize (v_)
   and scalar (s_), alternating, best of R; prints per-kernel times and the
   ratio weft/LoopVectorize, then their geometric mean. Results are checked
   equal (floating point within 1e-9 relative). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DECL(p)                                                                                   \
  void p##saxpy(float *, const float *, const float *, float, long);                                           \
  double p##dot(const double *, const double *, long);                                          \
  int p##cdiv(int *, int, long);                                                                  \
  void p##clamp(float *, const float *, float, float, long);                                     \
  void p##strided(double *, const double *, long);                                               \
  void p##inner(int *, const int *, long);                                                        \
  void p##mathcall(float *, const float *, long);
DECL(w_)
DECL(v_)
DECL(s_)

#define N 10000
#define NBIG 1000000
static float fx[NBIG], fy[NBIG], fo[NBIG];
static double dx[3 * NBIG], dy[NBIG], dout[NBIG];
static int ia[N], ia0[N], len[N], iout[N];
static volatile double sink;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* cdiv at a given share of dividing lanes: a[k] > m in that share. */
static void cdiv_input(int pct) {
  for (int k = 0; k < N; k++)
    ia0[k] = (k * 37 % 100) < pct ? 100 + k % 50 : 1 + k % 10;
}

enum { SAXPY, DOT, CDIV0, CDIV50, CDIV100, CLAMP, STRIDED, INNER, MATH, NK };
static const char *names[NK] = {"saxpy", "dot", "cond-divide 0%", "cond-divide 50%", "cond-divide 100%",
                                "clamp (selects)", "strided", "outer/inner (Collatz)", "math call (sqrtf)"};
static const int reps_of[NK] = {20, 20, 2000, 2000, 2000, 20, 20, 20, 20};

static double run(int k, char who) {
  double r = 0;
  int pct = k == CDIV0 ? 0 : k == CDIV50 ? 50 : 100;
  switch (k) {
  case SAXPY: (who == 'w' ? w_saxpy : who == 'v' ? v_saxpy : s_saxpy)(fo, fx, fy, 1.5f, NBIG); r = fo[77]; break;
  case DOT: r = (who == 'w' ? w_dot : who == 'v' ? v_dot : s_dot)(dx, dy, NBIG); break;
  case CDIV0: case CDIV50: case CDIV100:
    cdiv_input(pct);
    memcpy(ia, ia0, sizeof ia);
    r = (who == 'w' ? w_cdiv : who == 'v' ? v_cdiv : s_cdiv)(ia, 50, N);
    for (int i = 0; i < N; i += 7) r += ia[i];
    break;
  case CLAMP: (who == 'w' ? w_clamp : who == 'v' ? v_clamp : s_clamp)(fo, fx, -0.5f, 0.5f, NBIG); r = fo[999]; break;
  case STRIDED: (who == 'w' ? w_strided : who == 'v' ? v_strided : s_strided)(dout, dx, NBIG); r = dout[1234]; break;
  case INNER: (who == 'w' ? w_inner : who == 'v' ? v_inner : s_inner)(iout, len, N); r = iout[N - 1] + iout[17]; break;
  case MATH: (who == 'w' ? w_mathcall : who == 'v' ? v_mathcall : s_mathcall)(fo, fx, NBIG); r = fo[4321]; break;
  }
  return r;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 5;
  for (long i = 0; i < NBIG; i++) { fx[i] = (float)((i % 200) - 100) / 64.0f; fy[i] = 1.0f; dy[i] = (double)(i % 7); }
  for (long i = 0; i < 3 * NBIG; i++) dx[i] = (double)(i % 13);
  for (int i = 0; i < N; i++) len[i] = (i * 7919) % 100000;
  double geo = 0;
  printf("%-22s %12s %12s %12s %10s %10s\n", "kernel", "weft (us)", "LV (us)", "scalar (us)", "weft/LV", "weft/scal");
  for (int k = 0; k < NK; k++) {
    double best[3] = {1e30, 1e30, 1e30}, res[3];
    const char who[3] = {'w', 'v', 's'};
    for (int round = 0; round < rounds; round++)
      for (int jj = 0; jj < 3; jj++) {
        int j = (jj + round) % 3; /* (who goes first changes every round) */
        double t0 = now();
        for (int rep = 0; rep < reps_of[k]; rep++) res[j] = run(k, who[j]);
        double t = (now() - t0) / reps_of[k];
        if (t < best[j]) best[j] = t;
      }
    for (int j = 1; j < 3; j++)
      if (fabs(res[j] - res[0]) > 1e-9 * (fabs(res[0]) + 1)) {
        fprintf(stderr, "%s: results differ: weft %.17g, %c %.17g\n", names[k], res[0], who[j], res[j]);
        return 1;
      }
    double ratio = best[0] / best[1];
    geo += log(ratio);
    printf("%-22s %12.2f %12.2f %12.2f %10.3f %10.3f\n", names[k], best[0] * 1e6, best[1] * 1e6, best[2] * 1e6, ratio,
           best[0] / best[2]);
  }
  printf("geomean weft/LoopVectorize: %.3f\n", exp(geo / NK));
  return 0;
}
