// RUN: %weftcc-check %s
// CLANG-16-WRONG: lastprivate under schedule(dynamic, 3): libomp 16 runs plain dynamic as work stealing and overwrites the last-chunk flag of a thread that then steals another chunk; clang 16 reads the flag once after its dispatch loop and sometimes copies nothing out (prints -7 at 2 threads), weft reads it per chunk
// Worksharing loops of an int variable counted up by 1 from a non-negative
// constant run on a 32-bit counter (prepare/narrow_iv.rs); the others keep
// the 64-bit one. Each loop's sum, last value and lastprivate are printed,
// so a counter that started, stopped or indexed one off, or an iteration
// run twice or not at all, prints another line: bounds near INT_MAX (a
// loop ending at INT_MAX - 1 and one at INT_MAX with `<`), an empty loop
// (start above the bound), one iteration, every schedule, nowait, a
// reduction, lastprivate, and the ineligible forms beside them (start 0
// with `<=`, a variable start, a negative start, step 2).
#include <limits.h>
#include <stdio.h>

static double a[1002], b[1002];

int main(void) {
  for (int i = 0; i < 1002; i++)
    b[i] = (i * 37 + 11) % 101;
  int n = 1000, one = 1, neg = -5, s = 3;

  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 1; i <= n; i++) {
    a[i] = b[i - 1] + 2 * b[i + 1];
    sum += a[i] * i;
  }
  printf("le from 1: %.1f %.1f %.1f\n", sum, a[1], a[n]);

  int last = -7;
#pragma omp parallel for lastprivate(last) schedule(dynamic, 3)
  for (int i = 0; i < n; i++)
    last = i * 2 + (int)b[i];
  printf("lt from 0, dynamic, lastprivate: %d\n", last);

  long cnt = 0, top = 0;
#pragma omp parallel for reduction(+ : cnt) reduction(max : top)
  for (int i = INT_MAX - 100; i < INT_MAX; i++) {
    cnt++;
    if (i > top)
      top = i;
  }
  printf("to INT_MAX with <: %ld %ld\n", cnt, top);

  cnt = 0, top = 0;
#pragma omp parallel for reduction(+ : cnt) reduction(max : top) schedule(guided)
  for (int i = INT_MAX - 37; i <= INT_MAX - 1; i++) {
    cnt++;
    if (i > top)
      top = i;
  }
  printf("to INT_MAX - 1 with <=: %ld %ld\n", cnt, top);

  cnt = 0;
#pragma omp parallel for reduction(+ : cnt)
  for (int i = 5; i < one; i++)
    cnt++;
#pragma omp parallel for reduction(+ : cnt) schedule(static, 2)
  for (int i = 1; i <= one; i++)
    cnt += 10;
  printf("empty and one: %ld\n", cnt);

  sum = 0;
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 2; i < n; i++)
      a[i] = b[i] * 0.5;
#pragma omp barrier
#pragma omp for reduction(+ : sum) schedule(static, 7)
    for (int i = 0; i <= n; i++)
      sum += a[i];
  }
  printf("nowait and start 0 with <=: %.1f\n", sum);

  sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = s; i < n; i++)
    sum += b[i];
#pragma omp parallel for reduction(+ : sum)
  for (int i = neg; i < 10; i++)
    sum += b[i + 5] * i;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 1; i < n; i += 2)
    sum += b[i];
  printf("variable, negative start, step 2: %.1f\n", sum);
  return 0;
}
