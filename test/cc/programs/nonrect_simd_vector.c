// RUN: %weftcc-check %s
// Non-rectangular collapsed nests on simd loops that weft vectorizes: the
// nest stays a nest and its innermost loop is the vector loop, once per
// iteration of the loops around it, with a remainder (docs/vectorization.md).
// Triangles up (j < i) and down (long, j from n - 1 down to > i), a
// collapse(3) with two varying loops (j from i, k up to j), simdlen(8),
// reductions (+, max, *, of int and long), lastprivate of the loop
// variables where the last outer iterations run no inner one (the serial
// nest leaves i = n, j = n - 1 there, not one step past its last
// iteration), a nest that runs nothing, a simd nest inside a parallel
// for (each thread its own rows), and for simd and parallel for simd under
// static, dynamic and guided schedules (each thread's chunk runs as runs
// inside one innermost row, each vectorized), a rectangular innermost
// level below a varying one among them. Every row's length is different, so most
// rows end in a partial vector: a lost remainder leaves cells unvisited, a
// vector that ran past its row visits cells outside the nest; each cell
// counts its visits and the checksum weighs each cell differently.
// CLANG-16-WRONG: lastprivate of a non-rectangular simd nest (measured at 1
// thread: j 29 where the serial nest leaves 15, j 44 where it leaves 22;
// at 3 threads conditional y 815 where the serial program leaves 1316).
#include <stdio.h>
#include <string.h>

#define N 23
static int cnt[N][N][N];
static long val[N][N];

static void report(const char *what) {
  long sum = 0, visits = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      for (int k = 0; k < N; k++) {
        sum += (long)cnt[i][j][k] * (i * 10007 + j * 101 + k + 1);
        visits += cnt[i][j][k];
      }
      sum += val[i][j] * (i * 31 + j + 7);
    }
  printf("%s: %ld visits, checksum %ld\n", what, visits, sum);
  memset(cnt, 0, sizeof cnt);
  memset(val, 0, sizeof val);
}

int main(void) {
  int n = N, i, j, k;
  long s = 0;

#pragma omp simd collapse(2) reduction(+ : s) lastprivate(i, j)
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++) {
      cnt[i][j][0]++;
      val[i][j] = i * 100 + j;
      s += i * j + 1;
    }
  report("simd, j < i");
  printf("reduction %ld, lastprivate i %d j %d\n", s, i, j);

  long li = -5, lj = -5, m = -1;
#pragma omp simd collapse(2) reduction(max : m) lastprivate(li, lj)
  for (li = n - 1; li >= 0; li--)
    for (lj = n - 1; lj > li; lj--) {
      cnt[li][lj][1]++;
      val[li][lj] += li - 3 * lj;
      m = m > li * 7 - lj ? m : li * 7 - lj;
    }
  report("simd, long, down, j > i");
  printf("reduction max %ld, lastprivate li %ld lj %ld\n", m, li, lj);

  s = 0;
#pragma omp simd collapse(3) reduction(+ : s) lastprivate(i, j, k) simdlen(8)
  for (i = 0; i < 15; i++)
    for (j = i; j < 15; j++)
      for (k = 0; k <= j; k++) {
        cnt[i][j][k]++;
        s += k;
      }
  report("simd collapse(3), j from i, k to j, simdlen(8)");
  printf("reduction %ld, lastprivate i %d j %d k %d\n", s, i, j, k);

  unsigned p = 1;
#pragma omp simd collapse(2) reduction(* : p) lastprivate(i, j)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 1; j++) {
      cnt[i][j][2]++;
      p *= (i + j) % 3 == 0 ? 3 : 1;
    }
  report("simd, j from i, the last outer iteration runs none");
  printf("reduction * %u, lastprivate i %d j %d\n", p, i, j);

  i = j = 77;
  int zero = 0;
#pragma omp simd collapse(2) lastprivate(i, j)
  for (i = 0; i < zero; i++)
    for (j = 0; j < i; j++)
      cnt[i][j][3]++;
  report("simd, no iteration");
  printf("lastprivate i %d j %d\n", i, j);

#pragma omp parallel for private(j, k)
  for (int t = 0; t < n; t++) {
    long r = 0;
#pragma omp simd collapse(2) reduction(+ : r)
    for (j = 0; j < N; j++)
      for (k = j; k < N; k++) {
        cnt[t][j][k]++;
        r += t + j * k;
      }
    val[t][0] = r;
  }
  report("parallel for around a simd nest, k from j");

  // for simd: the schedule divides the collapsed space; each thread's
  // chunk runs as runs inside one innermost row, each vectorized.
  s = 0;
#pragma omp parallel
  {
#pragma omp for simd collapse(2) reduction(+ : s) schedule(static, 5)
    for (int a = 0; a < N; a++)
      for (int c = 0; c < a; c++) {
        cnt[a][c][4]++;
        s += a * 3 + c;
      }
  }
  report("for simd, c < a, static 5");
  printf("reduction %ld\n", s);

  long la = -3, lc = -3, lsum = 0;
#pragma omp parallel for simd collapse(2) reduction(+ : lsum) lastprivate(la, lc) schedule(dynamic, 4)
  for (la = N - 1; la >= 0; la--)
    for (lc = N - 2; lc >= la; lc--) {
      cnt[la][lc][5]++;
      val[la][lc] = la * 1000 + lc;
      lsum += lc;
    }
  report("parallel for simd, long, down, dynamic 4, the last outer iteration runs none");
  printf("reduction %ld, lastprivate la %ld lc %ld\n", lsum, la, lc);

  // A rectangular innermost level below the varying one: runs end at the
  // innermost row (of 5), inside a block of the varying level.
  s = 0;
#pragma omp parallel for simd collapse(3) reduction(+ : s) lastprivate(i, j, k) schedule(guided, 3)
  for (i = 0; i < 12; i++)
    for (j = i; j < 12; j++)
      for (k = 0; k < 5; k++) {
        cnt[i][j][k + 6]++;
        s += i * j + k;
      }
  report("parallel for simd collapse(3), j from i, k rectangular, guided 3");
  printf("reduction %ld, lastprivate i %d j %d k %d\n", s, i, j, k);

#pragma omp parallel for simd collapse(3) schedule(static)
  for (int a = 0; a < 11; a++)
    for (int c = a; c < 11; c++)
      for (int d = 0; d <= c; d++)
        cnt[a][c][d]++;
  report("parallel for simd collapse(3), c from a, d to c, static");

  // lastprivate(conditional:): on simd the nest is vectorized (the
  // variable a last value of the inner vector loop, carried by the outer
  // loops); on parallel for simd weft-paropt reads the nest's counter at
  // each assignment, so the nest is collapsed without runs and stays scalar.
  int x = -1, y = -7;
  s = 0;
#pragma omp simd collapse(2) lastprivate(conditional : x) reduction(+ : s)
  for (i = 0; i < 19; i++)
    for (j = 0; j < i; j++) {
      if ((i * 7 + j * 3) % 11 == 2)
        x = i * 100 + j;
      s += j;
    }
  printf("conditional x %d, reduction %ld\n", x, s);
#pragma omp parallel for simd collapse(2) lastprivate(conditional : y) schedule(static, 4)
  for (int a = 0; a < 19; a++)
    for (int c = a; c < 19; c++)
      if ((a * 5 + c) % 13 == 3)
        y = a * 100 + c;
  printf("conditional y %d\n", y);
  return 0;
}
