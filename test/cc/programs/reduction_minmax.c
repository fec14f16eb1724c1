// RUN: %weftcc-check %s
// min and max reductions on int, long, float and double with schedule(static, c).
#include <stdio.h>
#include <limits.h>

#define N 5000

static double samples[N];

static unsigned lcg(unsigned *s) {
  *s = *s * 1664525u + 1013904223u;
  return *s >> 8;
}

static void minmax_double(const double *v, int n, double *lo, double *hi) {
  double mn = 1e300, mx = -1e300;
#pragma omp parallel for schedule(static, 7) reduction(min : mn) reduction(max : mx)
  for (int i = 0; i < n; i++) {
    if (v[i] < mn)
      mn = v[i];
    if (v[i] > mx)
      mx = v[i];
  }
  *lo = mn;
  *hi = mx;
}

int main(void) {
  unsigned seed = 99u;
  int iv[N];
  for (int i = 0; i < N; i++) {
    iv[i] = (int)(lcg(&seed) % 200001u) - 100000;
    samples[i] = (double)iv[i] / 8.0;
  }

  int imin = INT_MAX, imax = INT_MIN;
#pragma omp parallel for schedule(static, 16) reduction(min : imin) reduction(max : imax)
  for (int i = 0; i < N; i++) {
    imin = iv[i] < imin ? iv[i] : imin;
    imax = iv[i] > imax ? iv[i] : imax;
  }

  long lmax = LONG_MIN;
#pragma omp parallel for schedule(static, 3) reduction(max : lmax)
  for (int i = 1; i < N; i++) {
    long d = (long)iv[i] * iv[i - 1];
    if (d > lmax)
      lmax = d;
  }

  float fmin = 1e30f;
#pragma omp parallel for schedule(static, 100) reduction(min : fmin)
  for (int i = 0; i < N; i++) {
    float f = (float)(iv[i] % 1024) * 0.25f;
    if (f < fmin)
      fmin = f;
  }

  double dlo, dhi;
  minmax_double(samples, N, &dlo, &dhi);

  printf("int   min=%d max=%d\n", imin, imax);
  printf("long  max adjacent product=%ld\n", lmax);
  printf("float min=%.2f\n", (double)fmin);
  printf("double min=%.3f max=%.3f\n", dlo, dhi);
  return 0;
}
