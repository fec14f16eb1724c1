// RUN: %weftcc-check %s
// collapse(2) on rectangular nests with static, dynamic and guided schedules, variable bounds and reductions.
#include <stdio.h>
#include <stdlib.h>

#define R 37
#define C 53

static int grid[R][C];

static long sum_block(int (*g)[C], int r0, int r1, int c0, int c1) {
  long s = 0;
#pragma omp parallel for collapse(2) reduction(+ : s) schedule(static, 5)
  for (int i = r0; i < r1; i++)
    for (int j = c0; j < c1; j++)
      s += g[i][j];
  return s;
}

int main(void) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      grid[i][j] = (i * 31 + j * 17) % 23 - 9 + (i * j) % 5;

  int *t = malloc(sizeof(int) * R * C);
#pragma omp parallel for collapse(2) schedule(dynamic, 3)
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++)
      t[j * R + i] = grid[i][j] * (i + 1);

  int mx = -1000000, mn = 1000000;
#pragma omp parallel for collapse(2) schedule(guided) reduction(max : mx) reduction(min : mn)
  for (int i = 1; i <= R - 2; i++)
    for (int j = 1; j <= C - 2; j++) {
      int v = grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1] - 4 * grid[i][j];
      if (v > mx)
        mx = v;
      if (v < mn)
        mn = v;
    }

  long ts = 0;
  int i, j;
#pragma omp parallel for collapse(2) reduction(+ : ts) private(j)
  for (i = 0; i < C; i += 2)
    for (j = R - 1; j >= 0; j--)
      ts += (long)t[i * R + j] * (j % 3);

  printf("sum all      = %ld\n", sum_block(grid, 0, R, 0, C));
  printf("sum interior = %ld\n", sum_block(grid, 5, R - 5, 7, C - 7));
  printf("sum empty    = %ld\n", sum_block(grid, 10, 10, 0, C));
  printf("laplacian min=%d max=%d\n", mn, mx);
  printf("transposed weighted = %ld\n", ts);
  free(t);
  return 0;
}
