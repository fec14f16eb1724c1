// RUN: %weftcc-check %s
// Jacobi 2D stencil iteration with parallel for over rows, a max-residual reduction and a collapse(2) copy-back.
#include <stdio.h>
#include <math.h>

#define NX 48
#define NY 40
#define ITERS 60

static double u[NX][NY], unew[NX][NY];

static void init(double (*g)[NY]) {
#pragma omp parallel for
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      g[i][j] = (i == 0) ? 64.0 : (j == NY - 1 ? 16.0 : 0.0);
}

static double sweep(double (*src)[NY], double (*dst)[NY]) {
  double res = 0.0;
#pragma omp parallel for schedule(static) reduction(max : res)
  for (int i = 1; i < NX - 1; i++)
    for (int j = 1; j < NY - 1; j++) {
      dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
      double d = fabs(dst[i][j] - src[i][j]);
      if (d > res)
        res = d;
    }
  return res;
}

int main(void) {
  init(u);
  init(unew);

  double res = 0.0;
  for (int it = 0; it < ITERS; it++) {
    res = sweep(u, unew);
#pragma omp parallel for collapse(2)
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        u[i][j] = unew[i][j];
    if (it % 20 == 19)
      printf("iter %d residual %.9f\n", it + 1, res);
  }

  /* checksum computed serially in fixed order */
  double total = 0.0;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      total += u[i][j];
  printf("u[1][1]=%.9f u[NX/2][NY/2]=%.9f u[NX-2][NY-2]=%.9f\n", u[1][1], u[NX / 2][NY / 2],
         u[NX - 2][NY - 2]);
  printf("total=%.6f\n", total);
  return 0;
}
