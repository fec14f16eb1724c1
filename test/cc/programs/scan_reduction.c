// RUN: %weftcc-check %s
// Scan reductions (OpenMP 5.0 `reduction(inscan, op: x)` with `#pragma omp
// scan inclusive(x)` or `exclusive(x)`) on parallel for, for, for simd,
// parallel for simd and simd loops: prefix sums, products, max and min over
// int, long, unsigned and double, at loop sizes 2, 3, 7, 8, 13, 100 and 1000
// (below, at and above the thread counts), with a start and step other than
// 0 and 1, two variables in one scan and locals in a phase. Every prefix
// array is printed in full (the long ones as an order-sensitive checksum): a
// missing barrier, an offset from the wrong threads or a scan phase run
// before its input prints other numbers. Each reduction variable starts at
// its operator's identity, and every loop is a parallel for or a simd loop:
// what clang 16 gets right, so its build checks this test too
// (scan_reduction_team.c has the rest: trip counts 0 and 1, loops in a
// team, orphaned, nowait, and the original's value, where clang 16 is wrong).
#include <limits.h>
#include <math.h>
#include <stdio.h>

#define MAXN 1000

static int a[MAXN];
static double d[MAXN];
static long b[MAXN];
static double e[MAXN];
static unsigned long long u[MAXN];

static void init(int n) {
  for (int i = 0; i < n; i++) {
    a[i] = (i * 37 + 11) % 23 - 7;
    d[i] = ((i * 13) % 9) * 0.5 - 1.0;
    b[i] = -1;
    e[i] = -1;
    u[i] = 0;
  }
}

static void show_long(const char *what, int n, long total) {
  printf("%s n=%d total=%ld:", what, n, total);
  if (n <= 13) {
    for (int i = 0; i < n; i++) printf(" %ld", b[i]);
  } else {
    unsigned long long check = 0;
    for (int i = 0; i < n; i++) check = check * 31 + (unsigned long long)b[i];
    printf(" check %llu", check);
  }
  printf("\n");
}

static void show_double(const char *what, int n, double total) {
  printf("%s n=%d total=%.2f:", what, n, total);
  if (n <= 13) {
    for (int i = 0; i < n; i++) printf(" %.2f", e[i]);
  } else {
    double check = 0;
    for (int i = 0; i < n; i++) check = fmod(check * 3.0 + e[i], 1000003.0);
    printf(" check %.2f", check);
  }
  printf("\n");
}

static void inclusive_sum(int n) {
  long x = 0;
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
  show_long("inclusive sum", n, x);
}

static void exclusive_sum(int n) {
  double x = 0;
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    e[i] = x;
#pragma omp scan exclusive(x)
    x += d[i];
  }
  show_double("exclusive sum", n, x);
}

static void products(int n) {
  unsigned long long p = 1, q = 1;
#pragma omp parallel for reduction(inscan, * : p)
  for (int i = 0; i < n; i++) {
    p *= (unsigned long long)(a[i] + 10);
#pragma omp scan inclusive(p)
    u[i] = p;
  }
  unsigned long long check = 0;
  for (int i = 0; i < n; i++) check = check * 1000003u + u[i];
  printf("inclusive product n=%d total=%llu check %llu\n", n, p, check);
#pragma omp parallel for reduction(inscan, * : q)
  for (int i = 0; i < n; i++) {
    u[i] = q;
#pragma omp scan exclusive(q)
    q *= (unsigned long long)(a[i] + 10);
  }
  check = 0;
  for (int i = 0; i < n; i++) check = check * 1000003u + u[i];
  printf("exclusive product n=%d total=%llu check %llu\n", n, q, check);
}

static void extremes(int n) {
  double m = -INFINITY;
  int lo = INT_MAX;
#pragma omp parallel for reduction(inscan, max : m)
  for (int i = 0; i < n; i++) {
    m = d[i] * (i % 5) > m ? d[i] * (i % 5) : m;
#pragma omp scan inclusive(m)
    e[i] = m;
  }
  show_double("inclusive max", n, m);
#pragma omp parallel for reduction(inscan, min : lo)
  for (int i = 0; i < n; i++) {
    b[i] = lo;
#pragma omp scan exclusive(lo)
    lo = a[i] - i / 4 < lo ? a[i] - i / 4 : lo;
  }
  show_long("exclusive min", n, lo);
}

// Two variables in one scan; a local in the input phase; a loop from 10
// down by 3.
static void two_at_once(void) {
  long s = 0;
  int m = INT_MIN;
  int k = 0;
#pragma omp parallel for reduction(inscan, + : s) reduction(inscan, max : m)
  for (int i = 10; i > -20; i -= 3) {
    int t = a[i + 20] * 2 + i;
    s += t;
    m = t > m ? t : m;
#pragma omp scan inclusive(s, m)
    int j = (10 - i) / 3;
    b[j] = s * 1000 + m;
  }
  k = (10 - -20 + 2) / 3;
  show_long("two at once", k, s + m);
}

static void simd_scans(int n) {
  long x = 0;
  double y = 0;
#pragma omp simd reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
  show_long("simd inclusive", n, x);
#pragma omp simd reduction(inscan, + : y)
  for (int i = 0; i < n; i++) {
    e[i] = y;
#pragma omp scan exclusive(y)
    y += d[i];
  }
  show_double("simd exclusive", n, y);
  long s = 0;
#pragma omp parallel for simd reduction(inscan, + : s)
  for (int i = 0; i < n; i++) {
    s += 2 * a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
  show_long("parallel for simd", n, s);
}

int main(void) {
  static const int sizes[] = {2, 3, 7, 8, 13, 100, 1000};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    int n = sizes[k];
    init(MAXN);
    inclusive_sum(n);
    exclusive_sum(n);
    products(n);
    extremes(n);
    simd_scans(n);
  }
  init(MAXN);
  two_at_once();
  return 0;
}
