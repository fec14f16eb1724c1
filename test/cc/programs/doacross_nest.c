// RUN: %weftcc-check %s
// CLANG-16-WRONG: its build hangs at 2 or more threads in the diagonal nest: a sink (i-1, j+1) that leaves the grid at the right edge is waited for instead of ignored.
// Doacross loop nests (ordered(n), n > 1): each loop of the nest is a
// dimension of the iteration space the runtime tracks. A wavefront over a
// grid (sinks (i-1, j) and (i, j-1)) without collapse, so each thread runs
// whole rows; the same under collapse(2) with a dynamic schedule; a
// diagonal dependence (i-1, j+1) whose sink leaves the grid at the right
// edge (where OpenMP ignores it); a nest of three loops counting j down
// and stepping k by 3; and an ordered(2) loop whose second loop's bounds
// come from variables. Every cell reads cells its sinks wrote, so an
// iteration that ran before its sink would change the checksum.
#include <stdio.h>
#define N 37
#define M 23
static long g[N][M], h[N][M + 1], t[9][11][30];

static long checksum(long *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s = (s * 131 + p[i]) % 1000000007;
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) g[i][j] = (i * 7 + j * 3) % 11;
#pragma omp parallel for ordered(2) schedule(static, 2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      long up = i > 0 ? g[i - 1][j] : 1, left = j > 0 ? g[i][j - 1] : 1;
      g[i][j] = (up * 3 + left * 5 + g[i][j]) % 1000003;
#pragma omp ordered depend(source)
    }
  printf("wavefront %ld\n", checksum(&g[0][0], N * M));

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) g[i][j] = (i * 5 + j) % 13;
  int i, j;
#pragma omp parallel
#pragma omp for collapse(2) ordered(2) schedule(dynamic, 3)
  for (i = 1; i < N; i++)
    for (j = 1; j < M; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      g[i][j] = (g[i - 1][j] * 7 + g[i][j - 1] * 11 + g[i][j]) % 1000003;
#pragma omp ordered depend(source)
    }
  printf("collapsed %ld\n", checksum(&g[0][0], N * M));

  for (int i = 0; i < N; i++)
    for (int j = 0; j <= M; j++) h[i][j] = (i + j) % 5;
#pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++) {
#pragma omp ordered depend(sink: i - 1, j + 1)
      h[i][j] = (h[i - 1][j + 1] * 3 + h[i][j] + 1) % 1000003;
#pragma omp ordered depend(source)
    }
  printf("diagonal %ld\n", checksum(&h[0][0], N * (M + 1)));

  for (int a = 0; a < 9; a++)
    for (int b = 0; b < 11; b++)
      for (int c = 0; c < 30; c++) t[a][b][c] = (a + 2 * b + c) % 7;
#pragma omp parallel for ordered(3) schedule(dynamic)
  for (int a = 1; a < 9; a++)
    for (int b = 9; b >= 0; b--)
      for (int c = 3; c < 30; c += 3) {
#pragma omp ordered depend(sink: a - 1, b, c) depend(sink: a, b + 1, c - 3)
        t[a][b][c] = (t[a - 1][b][c] * 5 + t[a][b + 1][c - 3] * 2 + t[a][b][c]) % 1000003;
#pragma omp ordered depend(source)
      }
  printf("three %ld\n", checksum(&t[0][0][0], 9 * 11 * 30));

  int lo = 2, hi = M - 3;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) g[i][j] = (i * 3 + j) % 17;
#pragma omp parallel for ordered(2) schedule(guided)
  for (int i = 1; i < N; i++)
    for (int j = lo; j < hi; j++) {
      long local = g[i][j] * 2;
#pragma omp ordered depend(sink: i - 1, j - 1)
      g[i][j] = (g[i - 1][j - 1] + local) % 1000003;
#pragma omp ordered depend(source)
    }
  printf("bounds %ld\n", checksum(&g[0][0], N * M));
  return 0;
}
