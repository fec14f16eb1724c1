// RUN: %weftcc-check %s
// simd collapse(2) and collapse(3): weft-prepare puts the nest into one
// counter, which weft-vectorize then vectorizes as one loop (each level's
// variable computed from the counter); a reduction over the nest, stores
// to a 2-D array, trip counts that are not multiples of the vector width,
// and a parallel for simd collapse(2).
#include <stdio.h>

static int a[37][29];
static double g[5][6][7];

int main(void) {
  long s = 0;
#pragma omp simd collapse(2) reduction(+ : s)
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 29; j++) {
      a[i][j] = i * 100 + j;
      s += i * j;
    }
  long t = 0;
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 29; j++)
      t += a[i][j] % 7;
  printf("s=%ld t=%ld\n", s, t);

  double d = 0;
#pragma omp simd collapse(3) reduction(+ : d)
  for (int x = 0; x < 5; x++)
    for (int y = 0; y < 6; y++)
      for (int z = 0; z < 7; z++) {
        g[x][y][z] = x * 0.5 + y - z;
        d += g[x][y][z];
      }
  printf("d=%.1f g[4][5][6]=%.1f\n", d, g[4][5][6]);

  long m = -1;
#pragma omp parallel for simd collapse(2) reduction(max : m)
  for (int i = 1; i < 37; i++)
    for (int j = 2; j < 29; j++)
      m = a[i][j] * (i % 3) > m ? a[i][j] * (i % 3) : m;
  printf("m=%ld\n", m);
  return 0;
}
