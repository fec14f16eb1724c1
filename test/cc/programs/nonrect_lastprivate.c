// RUN: %weftcc-check %s
// lastprivate of the loop variables of non-rectangular collapsed nests
// whose last outer iterations run no inner iteration. OpenMP 5.1
// §2.21.4.5 (5.2 §5.4.5) gives an iteration variable of an associated loop
// the value it would have after sequential execution of the loop nest,
// which here is not one step past the sequentially last iteration: in
//   for (i = 0; i < n; i++) for (j = i; j < n - 1; j++)
// the last iteration is i = j = n - 2, but the serial nest then runs i =
// n - 1, which sets j = n - 1 and runs no inner iteration, and leaves i = n,
// j = n - 1. That is what the serial program prints, so the serial program
// is the reference (check.sh). Worksharing loops under several schedules,
// simd, for simd and parallel for simd, int and long, up and down, two and
// three levels, an inner level empty at the end of the nest or only for
// the last outer iteration; a wrong copy-out prints another value.
// CLANG-16-WRONG: lastprivate of the loop variables (measured at 3 threads:
// the triangle's j 17 where the serial nest leaves j 8).
#include <stdio.h>

static long visits(long acc, long i, long j, long k) { return acc * 31 + (i * 97 + j) * 89 + k; }

int main(void) {
  int n = 9, i = -1, j = -1, k = -1;
  long li = -1, lj = -1, lk = -1, acc = 0;

#pragma omp parallel for collapse(2) lastprivate(i, j) reduction(+ : acc)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 1; j++)
      acc += i * 100 + j;
  printf("triangle, static: i %d j %d (%ld)\n", i, j, acc);

  i = j = -1, acc = 0;
#pragma omp parallel for collapse(2) lastprivate(i, j) schedule(dynamic) reduction(+ : acc)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 1; j++)
      acc += i * 100 + j;
  printf("triangle, dynamic: i %d j %d (%ld)\n", i, j, acc);

  i = j = -1, acc = 0;
#pragma omp parallel for collapse(2) lastprivate(j) schedule(guided, 2) reduction(+ : acc)
  for (i = 0; i < n; i++)
    for (j = i + 3; j < n; j++)
      acc += i * 100 + j;
  printf("three outer iterations empty, guided, only j: j %d (%ld)\n", j, acc);

  li = lj = -1, acc = 0;
#pragma omp parallel for collapse(2) lastprivate(li, lj) schedule(static, 1) reduction(+ : acc)
  for (li = 0; li < n; li++)
    for (lj = n - 1; lj >= li + 2; lj -= 2)
      acc += li * 100 + lj;
  printf("long, down by 2: i %ld j %ld (%ld)\n", li, lj, acc);

  // Three levels: the last (i, j) runs no k, earlier ones do.
  i = j = k = -1, acc = 0;
#pragma omp parallel for collapse(3) lastprivate(i, j, k) reduction(+ : acc)
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (k = j; k < n - 2; k++)
        acc += i * 10000 + j * 100 + k;
  printf("collapse(3), k empty last: i %d j %d k %d (%ld)\n", i, j, k, acc);

  // The middle loop runs out before the outer one does: k keeps what its
  // last entry left, j what the last outer iteration set.
  i = j = k = -1, acc = 0;
#pragma omp parallel for collapse(3) lastprivate(i, j, k) schedule(dynamic, 3) reduction(+ : acc)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 3; j++)
      for (k = j; k <= j + 1; k++)
        acc += i * 10000 + j * 100 + k;
  printf("collapse(3), j empty last: i %d j %d k %d (%ld)\n", i, j, k, acc);

  li = lj = lk = -1, acc = 0;
#pragma omp parallel for collapse(3) lastprivate(li, lj, lk) schedule(guided) reduction(+ : acc)
  for (li = n; li > 0; li--)
    for (lj = 2 * li; lj > li + 2; lj--)
      for (lk = lj; lk >= 2 * lj - 8; lk -= 3)
        acc += li * 10000 + lj * 100 + lk;
  printf("long collapse(3) down: i %ld j %ld k %ld (%ld)\n", li, lj, lk, acc);

  int a[16][16] = {{0}};
#pragma omp simd collapse(2) lastprivate(i, j)
  for (i = 0; i < n; i++)
    for (j = i; j < n - 1; j++)
      a[i][j] += i + 2 * j;
  acc = 0;
  for (int x = 0; x < 16; x++)
    for (int y = 0; y < 16; y++)
      acc = visits(acc, x, y, a[x][y]);
  printf("simd: i %d j %d (%ld)\n", i, j, acc);

  i = j = k = -1;
#pragma omp parallel
  {
#pragma omp for simd collapse(3) lastprivate(i, j, k)
    for (i = 0; i < n; i++)
      for (j = 0; j <= i; j++)
        for (k = j; k < n - 2; k++)
          a[i][j] += k;
  }
  acc = 0;
  for (int x = 0; x < 16; x++)
    for (int y = 0; y < 16; y++)
      acc = visits(acc, x, y, a[x][y]);
  printf("for simd collapse(3): i %d j %d k %d (%ld)\n", i, j, k, acc);

  li = lj = -1, acc = 0;
#pragma omp parallel for simd collapse(2) lastprivate(li, lj) reduction(+ : acc)
  for (li = 0; li < n; li++)
    for (lj = li; lj < n - 1; lj++)
      acc += li * 100 + lj;
  printf("parallel for simd: i %ld j %ld (%ld)\n", li, lj, acc);
  return 0;
}
