// RUN: %weftcc-check %s
// Map items through a struct member or a pointer member and sections of
// several dimensions (docs/offload.md, "Map chains"): `s.p[0:n]` with
// `s.a`, `mat->A[:n]`, `Q[0:rows][0:cols]`, `s.a, s.b[0:4]`, on target and
// on target data with target update, each a chain of the struct's entry
// and its members as clang 16 lays it out. Without a device every region
// runs on the host through its fallback, so what is checked here is that
// the fallback gets the host's struct, pointee and array (a wrong base or
// pointer would write elsewhere: the sums would differ), and that a
// pointer the region reads is firstprivate (OpenMP 5.1 §2.21.7.1): `mat`
// and `p` moved inside a region are the caller's unchanged after it (were
// `mat` mapped as a variable, tofrom, as a struct was, it would point at
// `other` afterwards and the last line would print other's values). The
// serial program has no firstprivate copies: it restores the pointers
// itself where _OPENMP is not defined. The map arrays themselves are
// checked in test/cc/map-items.test.
#include <stdio.h>

struct S {
  int a;
  int *p;
  double b[4];
};
struct M {
  int n;
  double *A;
};

int main(void) {
  int x[8] = {0};
  struct S s = {5, x, {0}};
  int n = 8;
  double d[4] = {1, 1, 1, 1}, e[4] = {9, 9, 9, 9};
  struct M m = {4, d}, other = {4, e};
  struct M *mat = &m, *keep = mat;
  double Q[3][5] = {{0}};
  int rows = 2, cols = 5;
  int *p = x, *pkeep = p;

#pragma omp target map(tofrom : s.p[0:n]) map(to : s.a)
  {
    for (int i = 0; i < n; i++)
      s.p[i] = i + s.a;
  }
#pragma omp target map(tofrom : mat->A[:4])
  {
    for (int i = 0; i < 4; i++)
      mat->A[i] += i;
    mat = &other;
  }
#ifndef _OPENMP
  mat = keep;
#endif
#pragma omp target map(tofrom : Q[0:rows][0:cols])
  {
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++)
        Q[i][j] = 10 * i + j;
  }
#pragma omp target map(to : s.a, s.b[0:4])
  {
    for (int i = 0; i < 4; i++)
      s.b[i] = s.a * i;
  }
#pragma omp target data map(tofrom : s.p[0:n])
  {
#pragma omp target map(tofrom : p[0:4])
    {
      p++;
      p[0] += 100;
    }
#ifndef _OPENMP
    p = pkeep;
#endif
#pragma omp target update from(s.a)
  }
  int sx = 0;
  for (int i = 0; i < 8; i++)
    sx += x[i] * (i + 1);
  double sq = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 5; j++)
      sq += Q[i][j] * (i + j + 1);
  printf("%d %g %g %g %g %g\n", sx, sq, s.b[1], s.b[3], d[1], d[3]);
  printf("%d %d %g %g\n", mat == keep, p == pkeep, mat->A[2], other.A[2]);
  return 0;
}
