// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: clang 16 does not map a combined target form's lastprivate item back (OpenMP 5.1 §2.16 maps it tofrom: it prints "last -1"), and its host fallback of target teams loop leaves the arrays and the reduction unchanged ("loop: sum 0 hits 0")
// The combined forms target teams, target teams distribute, target teams
// distribute simd, target teams distribute parallel for, target teams
// distribute parallel for simd and target teams loop: a TEAMS region
// nested in a TARGET region, the league forked by the target's host
// fallback. Each loop counts its iterations per index (hits[]), so a
// missing or doubled iteration prints "hits 0"; a reduction not combined
// across the teams and threads (or combined twice) prints another sum; a
// lastprivate not the last iteration's, or not mapped back, prints another
// last; a map(from:) array not copied back prints another checksum; a
// league not sized by num_teams prints "league 0"; a team of more threads
// than thread_limit prints "limit 0". The serial program is one team of
// one thread. A target (teams) whose statement is a loop construct
// without braces must end after the loop (the last two).
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_team_num(void) { return 0; }
static int omp_get_num_teams(void) { return 1; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 1000

static int all_once(const int *hits, int n) {
  int ok = 1;
  for (int i = 0; i < n; i++) ok &= hits[i] == 1;
  return ok;
}

static long checksum(const double *b, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += (long)b[i] * (i % 7 + 1);
  return s;
}

int main(void) {
  double a[N], b[N];
  int hits[N];
  int n = N;
  for (int i = 0; i < N; i++) a[i] = i % 13 + 0.5;

  // target teams: the league itself.
  long count = 0;
  int nt = 0, over = 0, seen[8] = {0};
#pragma omp target teams num_teams(3) thread_limit(2) reduction(+ : count) map(tofrom : nt, seen, over)
  {
    int t = omp_get_team_num();
    count += 1;
    if (t < 8) seen[t] += 1;
    if (t == 0) nt = omp_get_num_teams();
    int o = 0;
#pragma omp parallel reduction(+ : o)
    o += omp_get_num_threads() > 2;
#pragma omp atomic
    over += o;
  }
  int once = 1;
  for (int t = 0; t < nt && t < 8; t++) once &= seen[t] == 1;
#ifdef _OPENMP
  printf("target teams: count %d once %d league %d limit %d\n", count == nt, once, nt >= 2 && nt <= 3, over == 0);
#else
  printf("target teams: count %d once %d league %d limit %d\n", count == nt, once, 1, over == 0);
#endif

  // target teams distribute.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  double sum = 0;
  int last = -1;
#pragma omp target teams distribute num_teams(4) map(to : a) map(from : b) map(tofrom : hits) \
    reduction(+ : sum) lastprivate(last)
  for (int i = 0; i < n; i++) {
    b[i] = a[i] * 2 + 1;
    hits[i] += 1;
    sum += a[i];
    last = i * 3;
  }
  printf("distribute: sum %.1f last %d hits %d b %ld\n", sum, last, all_once(hits, N), checksum(b, N));

  // target teams distribute simd.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  long isum = 0;
  last = -1;
#pragma omp target teams distribute simd num_teams(3) map(to : a[0 : N]) map(from : b[0 : N]) map(tofrom : hits) \
    reduction(+ : isum) lastprivate(last)
  for (int i = 0; i < N; i++) {
    b[i] = a[i] - i;
    hits[i] += 1;
    isum += i;
    last = i + 7;
  }
  printf("distribute simd: sum %ld last %d hits %d b %ld\n", isum, last, all_once(hits, N), checksum(b, N));

  // target teams distribute parallel for, with num_teams and thread_limit.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  double mx = -1;
  long cnt = 0;
  int over2 = 0;
  last = -1;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(3) map(to : a) map(from : b) \
    map(tofrom : hits) reduction(max : mx) reduction(+ : cnt, over2) lastprivate(last)
  for (int i = 0; i < n; i++) {
    b[i] = a[i] * a[i];
    hits[i] += 1;
    if (a[i] * i > mx) mx = a[i] * i;
    cnt += i % 3 == 0;
    over2 += omp_get_num_threads() > 3;
    last = i;
  }
  printf("distribute parallel for: max %.1f cnt %ld last %d hits %d b %ld limit %d\n", mx, cnt, last,
         all_once(hits, N), checksum(b, N), over2 == 0);

  // target teams distribute parallel for simd, a firstprivate and a schedule.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  double dot = 0;
  int off = 5;
  last = -1;
#pragma omp target teams distribute parallel for simd num_teams(3) map(to : a) map(from : b) map(tofrom : hits) \
    reduction(+ : dot) lastprivate(last) firstprivate(off) schedule(static, 7)
  for (int i = 0; i < n; i++) {
    b[i] = a[i] + off;
    hits[i] += 1;
    dot += a[i] * (i % 5);
    last = i - off;
  }
  printf("distribute parallel for simd: dot %.1f last %d hits %d b %ld\n", dot, last, all_once(hits, N),
         checksum(b, N));

  // target teams loop.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  long lsum = 0;
#pragma omp target teams loop num_teams(2) thread_limit(2) map(to : a) map(from : b) map(tofrom : hits) \
    reduction(+ : lsum)
  for (int i = 0; i < n; i++) {
    long v = (long)a[i] + i;
    b[i] = 3 * a[i];
    hits[i] += 1;
    lsum += v;
  }
  printf("loop: sum %ld hits %d b %ld\n", lsum, all_once(hits, N), checksum(b, N));

  // target teams around a distribute parallel for (no braces: the target's
  // statement is the whole loop), and target around a parallel for.
  for (int i = 0; i < N; i++) hits[i] = 0, b[i] = -1;
  long x = 4;
#pragma omp target teams num_teams(3) map(to : a) map(tofrom : b, hits) reduction(^ : x)
#pragma omp distribute parallel for reduction(^ : x)
  for (long i = 4; i < n; i += 2) {
    b[i] = a[i] + off;
    hits[i] += 1;
    x ^= (long)b[i] * i;
  }
  int even = 1;
  for (int i = 0; i < N; i++) even &= hits[i] == (i >= 4 && i % 2 == 0);
  printf("teams+distribute parallel for: x %ld hits %d b %ld\n", x, even, checksum(b, N));
  for (int i = 0; i < N; i++) hits[i] = 0;
#pragma omp target map(tofrom : hits)
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    hits[i] += 1;
  printf("target+parallel for: hits %d\n", all_once(hits, N));
  return 0;
}
