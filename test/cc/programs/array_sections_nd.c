// RUN: %weftcc-check %s
// Array sections of several dimensions in reductions (C with OpenMP 5.0,
// as clang-16 takes it; strides and sections in other clauses are tested
// in IR, test/paropt/array-section-nd.ll): a sum over a block of a 2-D grid,
// an unsigned max over a block of a 2-D array, a sum over a 3-D block.
// Elements outside each section keep their values.
// CLANG-16-WRONG: its reductions over these sections differ from the serial
// program (measured at 3 threads: 20 of 20 runs with the schedule below, 14
// of 20 without it); weft's builds match it at every thread count.
#include <stdio.h>

#define R 6
#define C 8
#define N 4000

static long grid[R][C];
static unsigned peak[3][C];
static int cube[4][3][2];

int main(void) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      grid[r][c] = 1000 + 10 * r + c;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 3; b++)
      for (int c = 0; c < 2; c++)
        cube[a][b][c] = 100 * a + 10 * b + c;

  /* a 3x4 block of the grid, rows 2..4 and columns 1..4 */
#pragma omp parallel for reduction(+: grid[2:3][1:4]) schedule(dynamic, 16)
  for (int i = 0; i < N; i++)
    grid[2 + i % 3][1 + (i / 3) % 4] += i % 7;

  /* rows 0..2, columns 2..5, unsigned values above INT_MAX */
#pragma omp parallel for reduction(max: peak[0:3][2:4])
  for (int i = 0; i < N; i++) {
    unsigned v = (unsigned)i * 2654435761u;
    int r = i % 3, c = 2 + (i / 3) % 4;
    if (v > peak[r][c])
      peak[r][c] = v;
  }

  /* cube[1..2][0..1][1] */
#pragma omp parallel for reduction(+: cube[1:2][0:2][1:1]) schedule(guided)
  for (int i = 0; i < 500; i++)
    cube[1 + i % 2][(i / 2) % 2][1] += i;

  long total = 0;
  for (int r = 0; r < R; r++) {
    for (int c = 0; c < C; c++) {
      printf("%ld ", grid[r][c]);
      total += grid[r][c];
    }
    printf("\n");
  }
  printf("grid total %ld\n", total);
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < C; c++)
      printf("peak[%d][%d] = %u\n", r, c, peak[r][c]);
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 3; b++)
      printf("cube[%d][%d] = %d %d\n", a, b, cube[a][b][0], cube[a][b][1]);
  return 0;
}
