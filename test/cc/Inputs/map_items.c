/* The program of test/cc/map-items.test: map items through struct and
   pointer members and a section of two dimensions, each target region
   naming its objects for map_recorder.c. */
#include <stdio.h>
void rec_name(void *p, unsigned long size, const char *name);
struct S { int a; int *p; double b[4]; };
struct M { int n; double *A; };
int main(void) {
  int x[8] = {0};
  struct S s = {1, x, {0}};
  int n = 8;
  double d[4] = {0}; struct M m = {4, d}; struct M *mat = &m;
  double Q[3][5] = {{0}};
  int rows = 2, cols = 5;
  rec_name(x, sizeof x, "x"); rec_name(&s, sizeof s, "s"); rec_name(&n, sizeof n, "n");
  rec_name(d, sizeof d, "d"); rec_name(&m, sizeof m, "m"); rec_name(Q, sizeof Q, "Q");
#pragma omp target map(tofrom: s.p[0:n]) map(to: s.a)
  { for (int i = 0; i < n; i++) s.p[i] = i + s.a; }
#pragma omp target map(to: mat->A[:4])
  { mat->A[1] = 2; }
#pragma omp target map(tofrom: Q[0:rows][0:cols])
  { Q[1][4] = 7; }
#pragma omp target map(to: s.a, s.b[0:4])
  { s.b[2] = s.a; }
  printf("%d %g %g %g\n", x[3], d[1], Q[1][4], s.b[2]);
  return 0;
}
