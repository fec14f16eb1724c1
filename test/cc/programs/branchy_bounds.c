// RUN: %weftcc-check %s
// Loops whose start or bound is computed with branches (`?:`, `&&`, `||`),
// as loop-nest generators write min and max (the polybench kernels of
// DataRaceBench): weft-cc computes each once before the construct, as the
// bound of a loop a construct associates must be the same in every
// iteration. A parallel loop with both, a collapsed nest whose inner bound
// branches, an orphaned loop and a simd loop; the variables' last values
// and the sums show which iterations ran.
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static long a[300][40];

static long total;

static void orphan(int n, int m) {
#pragma omp for reduction(+: total)
  for (int i = MAX(n - 50, 3); i <= (MIN(n, m) && n > 0 ? MIN(n, m) : 0); i++) total += i * 3;
}

int main(void) {
  int n = 250, m = 37, k = -5;
  long s = 0;
#pragma omp parallel for reduction(+: s)
  for (int c1 = (k * 3 < 0 ? -(-k / 3) : k / 3); c1 <= ((n + -1) * 16 < 0 ? -((-(n + -1) + 15) / 16) : (n + -1) / 16); c1++)
    s += c1 * 7 + 1;
  printf("parallel %ld\n", s);
  int i, j;
#pragma omp parallel for collapse(2) private(i, j)
  for (i = 0; i < MIN(n, 280); i++)
    for (j = (m > 40 ? 40 : 2); j < (m < 40 ? m : 40); j++)
      a[i][j] = i * 100 + j;
  long t = 0;
  for (i = 0; i < 300; i++)
    for (j = 0; j < 40; j++) t = (t * 31 + a[i][j]) % 1000000007;
  printf("collapsed %ld\n", t);
#pragma omp parallel
  {
    orphan(n, m);
    orphan(20, 30);
  }
  printf("orphaned %ld\n", total);
  float v[64];
  for (int q = 0; q < 64; q++) v[q] = q * 0.5f;
#pragma omp simd
  for (int q = (n > m || k > 0 ? 3 : 5); q < (n < 60 ? n : 60); q++) v[q] = v[q] * 2 + 1;
  float f = 0;
  for (int q = 0; q < 64; q++) f += v[q] * (q + 1);
  printf("simd %.1f\n", f);
  return 0;
}
