// RUN: %weftcc-check %s
// Non-rectangular collapsed nests on simd loops (OpenMP 5.0): simd
// collapse(2) over a triangle, with a reduction, a linear variable whose
// step counts the nest's iterations, and lastprivate of the loop
// variables; simd collapse(3) with two varying loops; for simd in a
// parallel region; parallel for simd under a dynamic schedule; long
// variables counting down. The simd collapse(3) is vectorized (its
// innermost loop, per iteration of the loops around it:
// nonrect_simd_vector.c), and so are the for simd nests, in runs inside
// one innermost row of each thread's chunk; the nest with a linear
// variable is collapsed into one counter and stays scalar (each iteration
// finds its variables from a cursor the one before left), so every
// iteration runs once, in order. Each cell counts its visits: a cell
// outside the nest or visited twice changes the checksum.
// CLANG-16-WRONG: linear and lastprivate of a non-rectangular simd nest
// (measured at 1 thread: linear x 843 where the serial nest leaves 425,
// lastprivate j 40 where it leaves 20).
#include <stdio.h>
#include <string.h>

#define N 21
static int cnt[N][N][N];

static void report(const char *what) {
  long sum = 0, visits = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) {
        sum += (long)cnt[i][j][k] * (i * 10007 + j * 101 + k + 1);
        visits += cnt[i][j][k];
      }
  printf("%s: %ld visits, checksum %ld\n", what, visits, sum);
  memset(cnt, 0, sizeof cnt);
}

int main(void) {
  int n = N, i, j, k, x = 5;
  long s = 0;
  int b[N * N * 2 + 8] = {0};

#pragma omp simd collapse(2) reduction(+ : s) linear(x : 2) lastprivate(i, j)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 1; j++) {
      cnt[i][j][0]++;
      s += i * j;
      b[x] = i * 100 + j;
      x += 2;
    }
  report("simd, j from i");
  long bs = 0;
  for (int q = 0; q < N * N * 2 + 8; q++)
    bs = bs * 7 + b[q];
  printf("reduction %ld, linear x %d (b %ld), lastprivate i %d j %d\n", s, x, bs, i, j);

#pragma omp simd collapse(3) lastprivate(i, j, k)
  for (i = 0; i < 11; i++)
    for (j = 0; j < i; j++)
      for (k = j; k <= 2 * j; k++)
        cnt[i][j][k]++;
  report("simd collapse(3), k from j to 2j");
  printf("lastprivate i %d j %d k %d\n", i, j, k);

  s = 0;
#pragma omp parallel
  {
#pragma omp for simd collapse(2) reduction(+ : s) schedule(static, 7)
    for (int a = 0; a < n; a++)
      for (int c = 0; c <= a; c += 2)
        cnt[a][c][1]++, s += a - c;
  }
  report("for simd, c <= a by 2, static 7");
  printf("reduction %ld\n", s);

  long li, lj;
#pragma omp parallel for simd collapse(2) schedule(dynamic, 3) lastprivate(li, lj)
  for (li = n - 1; li >= 0; li--)
    for (lj = 2 * li; lj > li; lj -= 3)
      cnt[li][lj / 2][2]++;
  report("parallel for simd, long, down, dynamic 3");
  printf("lastprivate li %ld lj %ld\n", li, lj);

#pragma omp parallel for simd collapse(3) simdlen(4)
  for (int a = 0; a < 9; a++)
    for (int c = a; c < 9; c++)
      for (int d = c; d < 9; d++)
        cnt[a][c][d]++;
  report("parallel for simd collapse(3), two varying loops, simdlen(4)");
  return 0;
}
