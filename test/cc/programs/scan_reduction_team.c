// RUN: %weftcc-check %s
// CLANG-16-WRONG: its scan reductions crash at trip counts 0 and 1, print garbage for a for loop inside a parallel region (orphaned or not) and for a local set before the scan directive, and drop the original's value
// Scan reductions where clang 16 -fopenmp fails (measured: a segfault at
// trip counts 0 and 1; uninitialized values from `for` and `for simd` loops
// inside a parallel region; the reduction variable's value before the loop
// left out of every prefix and of the final value; a local the loop body
// computes from the loop variable before the scan directive left
// uninitialized after it): worksharing loops in a team, one with nowait, an
// orphaned one in a function the team calls, reduction variables that start
// at a value other than the identity, which OpenMP 5.1 §2.11.8 combines in
// front of every prefix (the serial program's meaning), and a loop whose
// body starts with `int k = i / 2;` and uses k in both phases; and a
// parallel loop in a parallel region whose variable that region declares. Every prefix array is printed in full, at trip counts
// 0, 1, 2, 3, 7, 13 and 100.
#include <stdio.h>

#define MAXN 100

static int a[MAXN];
static long b[MAXN];
static double e[MAXN];

static void show_long(const char *what, int n, long total) {
  printf("%s n=%d total=%ld:", what, n, total);
  for (int i = 0; i < n; i++) printf(" %ld", b[i]);
  printf("\n");
}

static void show_double(const char *what, int n, double total) {
  printf("%s n=%d total=%.2f:", what, n, total);
  for (int i = 0; i < n; i++) printf(" %.2f", e[i]);
  printf("\n");
}

static long orph;

// An orphaned worksharing loop: its team is the caller's.
static void orphaned(int n) {
#pragma omp for reduction(inscan, + : orph)
  for (int i = 0; i < n; i++) {
    b[i] = orph;
#pragma omp scan exclusive(orph)
    orph += a[i] * a[i];
  }
}

static void in_a_team(int n) {
  long x = 0, y = 0;
  double t = 0;
  orph = 0;
#pragma omp parallel
  {
#pragma omp for reduction(inscan, + : x)
    for (int i = 0; i < n; i++) {
      x += i * a[i];
#pragma omp scan inclusive(x)
      b[i] = x;
    }
#pragma omp single
    show_long("for in a team", n, x);
#pragma omp for reduction(inscan, + : y) nowait
    for (int i = 0; i < n; i++) {
      y += a[i] - 1;
#pragma omp scan inclusive(y)
      e[i] = y;
    }
#pragma omp barrier
#pragma omp single
    show_double("nowait", n, y);
    orphaned(n);
#pragma omp barrier
#pragma omp single
    show_long("orphaned", n, orph);
#pragma omp for simd reduction(inscan, + : t)
    for (int i = 0; i < n; i++) {
      e[i] = t;
#pragma omp scan exclusive(t)
      t += a[i] * 0.5;
    }
  }
  show_double("for simd", n, t);
}

// A parallel loop in a parallel region, its variable declared in that
// region (the loop's clauses and the scan directive's name renames of it,
// one inside the other).
static void nested(int n) {
  long got = 0;
#pragma omp parallel num_threads(1)
  {
    long v = 3;
#pragma omp parallel for reduction(inscan, + : v)
    for (int i = 0; i < n; i++) {
      b[i] = v;
#pragma omp scan exclusive(v)
      v += a[i];
    }
    got = v;
  }
  show_long("nested", n, got);
}

// The original's value comes first in every prefix and in the result.
static void original_values(int n) {
  long x = 1000;
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
  show_long("inclusive from 1000", n, x);
  double y = -2.5;
#pragma omp parallel for reduction(inscan, + : y)
  for (int i = 0; i < n; i++) {
    e[i] = y;
#pragma omp scan exclusive(y)
    y += a[i] * 0.25;
  }
  show_double("exclusive from -2.5", n, y);
  int m = 7;
#pragma omp parallel for reduction(inscan, max : m)
  for (int i = 0; i < n; i++) {
    m = a[i] > m ? a[i] : m;
#pragma omp scan inclusive(m)
    b[i] = m;
  }
  show_long("max from 7", n, m);
  long p = 3;
#pragma omp parallel for reduction(inscan, * : p)
  for (int i = 0; i < n; i++) {
    b[i] = p;
#pragma omp scan exclusive(p)
    p *= i % 4 == 1 ? -1 : 1;
  }
  show_long("product from 3", n, p);
  long s = 40;
#pragma omp simd reduction(inscan, - : s)
  for (int i = 0; i < n; i++) {
    s -= a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
  show_long("simd from 40", n, s);
  long q = 0;
#pragma omp parallel for reduction(inscan, + : q)
  for (int i = 0; i < 2 * n; i += 2) {
    int k = i / 2;
    q += a[k] * k;
#pragma omp scan inclusive(q)
    b[k] = q - k;
  }
  show_long("local before the scan", n, q);
}

int main(void) {
  static const int sizes[] = {0, 1, 2, 3, 7, 13, 100};
  for (int i = 0; i < MAXN; i++) a[i] = (i * 37 + 11) % 23 - 7;
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    in_a_team(sizes[k]);
    original_values(sizes[k]);
    nested(sizes[k]);
  }
  return 0;
}
