// RUN: %weftcc-check %s
// Conway's game of life on a torus: collapse(2) generation updates, atomic population counting in a for inside a parallel region.
#include <stdio.h>
#include <string.h>

#define R 40
#define C 48
#define GENS 40

static unsigned char cur[R][C], nxt[R][C];

static int neighbors(unsigned char (*g)[C], int i, int j) {
  int n = 0;
  for (int di = -1; di <= 1; di++)
    for (int dj = -1; dj <= 1; dj++)
      if (di || dj)
        n += g[(i + di + R) % R][(j + dj + C) % C];
  return n;
}

static void seed_glider(unsigned char (*g)[C], int r, int c) {
  g[r][c + 1] = 1;
  g[r + 1][c + 2] = 1;
  g[r + 2][c] = g[r + 2][c + 1] = g[r + 2][c + 2] = 1;
}

int main(void) {
  unsigned s = 31337u;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      s = s * 1103515245u + 12345u;
      cur[i][j] = (i > R / 2) && ((s >> 16) % 3 == 0);
    }
  seed_glider(cur, 2, 2);
  seed_glider(cur, 5, 30);

  for (int g = 1; g <= GENS; g++) {
    int population = 0;
#pragma omp parallel
    {
#pragma omp for collapse(2) schedule(static, 8)
      for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
          int n = neighbors(cur, i, j);
          nxt[i][j] = (unsigned char)(n == 3 || (n == 2 && cur[i][j]));
        }
#pragma omp for
      for (int i = 0; i < R; i++) {
        int row = 0;
        for (int j = 0; j < C; j++)
          row += nxt[i][j];
#pragma omp atomic
        population += row;
      }
    }
    memcpy(cur, nxt, sizeof cur);
    if (g % 10 == 0)
      printf("generation %2d: population %d\n", g, population);
  }
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < C; j++)
      putchar(cur[i][j] ? 'O' : '.');
    putchar('\n');
  }
  return 0;
}
