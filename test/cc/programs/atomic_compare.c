// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: `{ if (x < e) { x = e; } v = x; }` captures the old x when it updates (6 of 20000 at 1 thread)
// OpenMP 5.1 atomics under contention: compare (min/max as `?:` and as
// `if`, conditional update), compare capture in its forms (v before, v
// after, else v, r = x == e) with fail(...) and weak, swap capture, on int,
// long and double x, with every memory order; a release/acquire handoff.
// Every result is deterministic: maxima and minima over all iterations,
// counters built from compare-and-swap retry loops, a maximum whose
// capture of the new value is never below the candidate, one winner of a claim,
// and a swap chain whose values must each appear exactly once.
#include <stdio.h>
#include <stdlib.h>

#define N 20000

static int val(int i) { return (int)((i * 7919L) % 10007) - 5000; }

int main(void) {
  int imax = -100000, imax2 = -100000, imin = 100000;
  long lmax = -100000;
  double dmax = -1e9, dmin = 1e9;
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < N; i++) {
    int e = val(i);
    double de = e / 4.0;
#pragma omp atomic compare
    imax = imax < e ? e : imax;
#pragma omp atomic compare seq_cst
    if (e > imax2) { imax2 = e; }
#pragma omp atomic compare relaxed
    if (imin > e) { imin = e; }
#pragma omp atomic compare release
    lmax = lmax < (long)e * 3 ? (long)e * 3 : lmax;
#pragma omp atomic compare acq_rel
    if (de > dmax) { dmax = de; }
#pragma omp atomic compare acquire
    dmin = dmin > de ? de : dmin;
  }
  printf("max %d %d min %d lmax %ld dmax %.2f dmin %.2f\n", imax, imax2, imin, lmax, dmax, dmin);

  // x as an array element and as a member through a pointer: the address
  // is computed inside the statement.
  struct stats { int hi; double lo; } st = { -100000, 1e9 }, *sp = &st;
  int bucket_max[8];
  for (int b = 0; b < 8; b++)
    bucket_max[b] = -100000;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int e = val(i);
#pragma omp atomic compare
    if (bucket_max[i % 8] < e) { bucket_max[i % 8] = e; }
#pragma omp atomic compare
    sp->hi = sp->hi < e ? e : sp->hi;
#pragma omp atomic compare seq_cst
    if (sp->lo > e * 0.5) { sp->lo = e * 0.5; }
  }
  long bsum = 0;
  for (int b = 0; b < 8; b++)
    bsum += bucket_max[b];
  printf("buckets %ld member %d %.1f\n", bsum, st.hi, st.lo);

  // Counters through compare-and-swap retry loops, one per capture form.
  int c1 = 0, c2 = 0, c3 = 0;
  long c4 = 0;
  int bad4 = 0;
  double c5 = 0.0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int old, seen;
    for (;;) {
#pragma omp atomic read
      old = c1;
#pragma omp atomic compare capture
      { seen = c1; if (c1 == old) { c1 = old + 1; } }
      if (seen == old) break;
    }
    for (;;) {
#pragma omp atomic read acquire
      old = c2;
      seen = old;
#pragma omp atomic compare capture acq_rel fail(acquire)
      { if (c2 == old) { c2 = old + 2; } else { seen = c2; } }
      if (seen == old) break;
    }
    int r = 0;
    while (!r) {
#pragma omp atomic read
      old = c3;
#pragma omp atomic compare capture weak fail(relaxed)
      { r = c3 == old; if (r) { c3 = old + 3; } }
    }
    long le = val(i) * 3L, lnew;
#pragma omp atomic compare capture seq_cst
    { if (c4 < le) { c4 = le; } lnew = c4; }
    if (lnew < le) {
#pragma omp atomic
      bad4++;
    }
    double dold, dseen;
    do {
#pragma omp atomic read
      dold = c5;
#pragma omp atomic compare capture
      { dseen = c5; if (c5 == dold) { c5 = dold + 0.5; } }
    } while (dseen != dold);
  }
  printf("cas %d %d %d %.1f max-after %ld bad %d\n", c1, c2, c3, c5, c4, bad4);

  // One claim wins: x == e updates only the first time.
  int owner = -1, wins = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int before;
#pragma omp atomic compare capture
    { before = owner; if (owner == -1) { owner = i; } }
    if (before == -1) {
#pragma omp atomic
      wins++;
    }
  }
  int owner2 = -1;
  unsigned umax = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp atomic compare
    owner2 = owner2 == -1 ? i : owner2;
#pragma omp atomic compare
    umax = umax < (unsigned)i * 3u ? (unsigned)i * 3u : umax;
  }
  printf("claim2 valid %d umax %u\n", owner2 >= 0 && owner2 < N, umax);
  int flag = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp atomic compare
    if (flag == i % 5) { flag = i % 5 + 1; }
  }
  printf("claim wins %d owner-valid %d flag-seen %d\n", wins, owner >= 0 && owner < N, flag >= 1 && flag <= 5);

  // Swap chain: every value stored is seen exactly once (as some
  // iteration's old value or as the final value).
  int *prev = malloc(N * sizeof(int));
  int *count = calloc(N + 1, sizeof(int));
  int chain = -1;
#pragma omp parallel for schedule(dynamic, 7)
  for (int i = 0; i < N; i++) {
    int v;
#pragma omp atomic capture
    { v = chain; chain = i; }
    prev[i] = v;
  }
  count[chain + 1]++;
  for (int i = 0; i < N; i++)
    count[prev[i] + 1]++;
  int once = 1;
  for (int i = 0; i <= N; i++)
    once &= count[i] == 1;
  printf("swap chain each-once %d\n", once);

  // Release/acquire handoff: a value written before a release store is
  // seen after the acquire load that reads it.
  int data = 0, ready = 0, bad = 0;
#pragma omp parallel num_threads(4) shared(data, ready, bad)
  {
#pragma omp masked
    {
      data = 42;
#pragma omp atomic write release
      ready = 1;
    }
    int r = 0;
    while (!r) {
#pragma omp atomic read acquire
      r = ready;
    }
    if (data != 42) {
#pragma omp atomic update seq_cst
      bad++;
    }
    int got;
#pragma omp atomic capture acq_rel
    { got = ready; ready += 1; }
    (void)got;
  }
  printf("handoff bad %d\n", bad);

  // A local no other thread sees (a register at -O1 and up): the
  // statement as it is.
  int m = 3, seen = 0;
#pragma omp atomic compare
  if (m < 5) { m = 5; }
#pragma omp atomic compare capture
  { seen = m; if (m < 9) { m = 9; } }
  printf("local %d %d\n", m, seen);
  free(prev);
  free(count);
  return 0;
}
