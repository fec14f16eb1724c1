// RUN: %weftcc-check %s
// distribute in teams: dist_schedule(static) with and without a chunk,
// collapse, private, firstprivate, lastprivate, and an unsigned and a
// 64-bit loop. Each iteration adds to its own element, so an iteration
// missed or run twice changes the weighted checksums; the lastprivate
// values are those of the sequentially last iteration.
// How it fails: with the distribute schedule broken (every team running
// every iteration, or chunks skipped past the first) the checksums change;
// lastprivate copied from a team other than the last one's prints
// another `last`; a firstprivate not copied in shifts every element.
#include <stdio.h>

#define N 1003
#define R 13
#define C 29

static long a[N], b[R][C];

static long sum_a(void) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 11 + 1);
  return s;
}

int main(void) {
  int last = -1, off = 7, tmp = 0;
#pragma omp teams num_teams(3)
#pragma omp distribute firstprivate(off) lastprivate(last) private(tmp)
  for (int i = 0; i < N; i++) {
    tmp = i * 2;
    a[i] += tmp + off;
    last = i;
  }
  printf("plain %ld last %d\n", sum_a(), last);

  for (int chunk = 1; chunk <= 8; chunk += 3) {
    int lc = -1;
#pragma omp teams num_teams(4)
#pragma omp distribute dist_schedule(static, chunk) lastprivate(lc)
    for (int i = 2; i < N; i += 3) {
      a[i] += i + chunk;
      lc = i;
    }
    printf("chunk %d: %ld last %d\n", chunk, sum_a(), lc);
  }

  int li = -1, lj = -1;
#pragma omp teams num_teams(5)
#pragma omp distribute collapse(2) dist_schedule(static, 4) lastprivate(li, lj)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      b[i][j] += i * 100 + j;
      li = i;
      lj = j;
    }
  long s = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      s += b[i][j] * ((i + 2 * j) % 7 + 1);
  printf("collapse %ld last %d %d\n", s, li, lj);

  unsigned ul = 0;
#pragma omp teams num_teams(2)
#pragma omp distribute lastprivate(ul)
  for (unsigned u = 5; u < N; u += 2) {
    a[u] += u;
    ul = u;
  }
  long long ll = 0;
#pragma omp teams num_teams(3)
#pragma omp distribute dist_schedule(static, 16) lastprivate(ll)
  for (long long k = 3000000000LL; k < 3000000000LL + N; k++) {
    a[k - 3000000000LL] += 1;
    ll = k;
  }
  printf("unsigned %u long %lld %ld\n", ul, ll, sum_a());
  return 0;
}
