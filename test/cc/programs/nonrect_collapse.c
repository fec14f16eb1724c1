// RUN: %weftcc-check %s
// Non-rectangular collapsed nests (OpenMP 5.0): an inner loop's start or
// bound affine in an outer loop's variable. Every valid iteration runs
// exactly once (each cell counts its visits; a cell outside the nest or
// visited twice shows in the checksum), under every schedule, with int and
// long variables, counting up and down, collapse(2) and collapse(3) with
// the varying loop in the middle or innermost; lastprivate of the loop
// variables leaves what the serial nest leaves.
// CLANG-16-WRONG: lastprivate of a non-rectangular nest's inner variable
// (measured at 1 thread: j 45 where the serial nest leaves 23, lj -47
// where it leaves -1).
#include <stdio.h>
#include <string.h>

#define N 23
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
  int n = N, i, j;
#pragma omp parallel for collapse(2)
  for (int a = 0; a < n; a++)
    for (int b = 0; b < a; b++)
      cnt[a][b][0]++;
  report("lower, j < i");

#pragma omp parallel for collapse(2) schedule(static, 3)
  for (int a = 0; a < n; a++)
    for (int b = 0; b <= a; b++)
      cnt[a][b][0]++;
  report("lower, j <= i, static 3");

#pragma omp parallel for collapse(2) schedule(dynamic, 2) lastprivate(i, j)
  for (i = 0; i < n - 1; i++)
    for (j = i; j < n; j++)
      cnt[i][j][0]++;
  report("upper, j = i, dynamic 2");
  printf("lastprivate i %d j %d\n", i, j);

  long li, lj;
#pragma omp parallel for collapse(2) schedule(guided) lastprivate(li, lj)
  for (li = n - 1; li >= 0; li--)
    for (lj = 2 * li + 1; lj >= li; lj -= 2)
      cnt[li][lj / 2][1]++;
  report("long, down, affine start, step -2, guided");
  printf("lastprivate li %ld lj %ld\n", li, lj);

#pragma omp parallel for collapse(2) schedule(runtime)
  for (int a = 3; a < n; a += 2)
    for (int b = n - a; b < n - 1; b++)
      cnt[a][b][2]++;
  report("start n - i, step 2 outside, runtime");

  // An outer loop whose early iterations run no inner iteration.
#pragma omp parallel for collapse(2) schedule(static, 1)
  for (int a = 0; a < n; a++)
    for (int b = 10; b < a; b++)
      cnt[a][b][3]++;
  report("empty blocks first");

#pragma omp parallel
  {
#pragma omp for collapse(3) schedule(dynamic)
    for (int a = 0; a < n; a++)
      for (int b = 0; b < a; b++)
        for (int c = 0; c < 5; c++)
          cnt[a][b][c]++;
  }
  report("collapse(3), middle varies");

#pragma omp parallel for collapse(3) schedule(static)
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 5; b++)
      for (int c = 2 * a + 1; c < n; c++)
        cnt[a][b][c]++;
  report("collapse(3), innermost varies with the outermost");

  long total = 0;
#pragma omp parallel for collapse(2) reduction(+ : total)
  for (int a = 0; a < n; a++)
    for (int b = a; b < n; b++)
      total += a * b;
  printf("reduction over the upper triangle %ld\n", total);
  return 0;
}
