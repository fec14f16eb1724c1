// RUN: %weftcc-check %s
// CLANG-16-WRONG: its parallel for simd scan crashes at trip count 0 (as in scan_reduction_team.c)
// Scan reductions on simd loops, which weft-vectorize vectorizes (each
// vector iteration: the input phase of its lanes from the identity, an
// in-register prefix across the lanes, the carry of the iterations before;
// docs/vectorization.md): inclusive and exclusive; +, *, max, min, &, |
// and ^; int, long, unsigned and double; simdlen 2, 4, 8 and 16 and the
// target's own width; an update under a condition; a start other than the
// identity; two variables in one scan; a loop stepping down by 3; and
// for simd / parallel for simd, whose simd part stays scalar in their two
// passes. Trip counts 0, 1, 3 (below VF), 4, 8, 16 (multiples), 7, 37 and
// 1000 (not). Every prefix array is printed in full or as an
// order-sensitive checksum: a prefix without the carry, a lane's prefix
// off by one lane, or a scalar remainder not continuing from the carry
// prints other numbers. Loops of a constant 0 and 2 iterations too.
// Doubles are multiples of 1/2 (and products of factors 1/2, 1, 2): exact
// in any order, as OpenMP leaves the order of a scan's combination
// unspecified.
#include <stdio.h>

#define MAXN 1000

static int a[MAXN];
static double d[MAXN], f[MAXN];
static long lb[MAXN];
static int ib[MAXN];
static unsigned ub[MAXN];
static double db[MAXN];

static void init(void) {
  for (int i = 0; i < MAXN; i++) {
    a[i] = (i * 37 + 11) % 23 - 7;
    d[i] = ((i * 13) % 9) * 0.5 - 2.0;
    f[i] = (i % 5 == 0) ? 2.0 : (i % 5 == 1) ? 0.5 : (i % 7 == 3) ? -1.0 : 1.0;
  }
}

static unsigned long long sum_of(long v, unsigned long long h) { return h * 1000003ULL + (unsigned long long)v; }

static void show_l(const char *what, int n, long total, const long *p) {
  unsigned long long h = 0;
  for (int i = 0; i < n; i++)
    h = sum_of(p[i], h);
  printf("%s n=%d total %ld prefix %llu", what, n, total, h);
  for (int i = 0; i < n && i < 20; i++)
    printf(" %ld", p[i]);
  printf("\n");
}

static void show_i(const char *what, int n, long total, const int *p) {
  long tmp[MAXN];
  for (int i = 0; i < n; i++)
    tmp[i] = p[i];
  show_l(what, n, total, tmp);
}

static void show_u(const char *what, int n, unsigned total, const unsigned *p) {
  long tmp[MAXN];
  for (int i = 0; i < n; i++)
    tmp[i] = (long)p[i];
  show_l(what, n, (long)total, tmp);
}

static void show_d(const char *what, int n, double total, const double *p) {
  double h = 0;
  for (int i = 0; i < n; i++)
    h = h * 0.5 + p[i];
  printf("%s n=%d total %g prefix %.17g", what, n, total, h);
  for (int i = 0; i < n && i < 20; i++)
    printf(" %g", p[i]);
  printf("\n");
}

static void int_scans(int n) {
  int x = 0;
#pragma omp simd reduction(inscan, + : x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    ib[i] = x;
  }
  show_i("int + inclusive", n, x, ib);

  int y = 100;
#pragma omp simd reduction(inscan, + : y) simdlen(8)
  for (int i = 0; i < n; i++) {
    ib[i] = y;
#pragma omp scan exclusive(y)
    y += a[i];
  }
  show_i("int + exclusive from 100 simdlen 8", n, y, ib);

  int m = -1000;
#pragma omp simd reduction(inscan, max : m)
  for (int i = 0; i < n; i++) {
    m = a[i] * (i % 11) > m ? a[i] * (i % 11) : m;
#pragma omp scan inclusive(m)
    ib[i] = m;
  }
  show_i("int max inclusive", n, m, ib);

  int lo = 1000;
#pragma omp simd reduction(inscan, min : lo) simdlen(16)
  for (int i = 0; i < n; i++) {
    ib[i] = lo;
#pragma omp scan exclusive(lo)
    lo = a[i] - i / 3 < lo ? a[i] - i / 3 : lo;
  }
  show_i("int min exclusive simdlen 16", n, lo, ib);

  int c = 0;
#pragma omp simd reduction(inscan, + : c)
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      c += a[i];
#pragma omp scan inclusive(c)
    ib[i] = c;
  }
  show_i("int + under a condition", n, c, ib);
}

static void other_scans(int n) {
  long s = 0;
#pragma omp simd reduction(inscan, + : s) simdlen(2)
  for (int i = 0; i < n; i++) {
    s += (long)a[i] * 100000;
#pragma omp scan inclusive(s)
    lb[i] = s;
  }
  show_l("long + inclusive simdlen 2", n, s, lb);

  unsigned band = ~0u, bor = 0, bx = 0;
#pragma omp simd reduction(inscan, & : band)
  for (int i = 0; i < n; i++) {
    band &= ~(1u << (i * 7 % 32));
#pragma omp scan inclusive(band)
    ub[i] = band;
  }
  show_u("unsigned & inclusive", n, band, ub);
#pragma omp simd reduction(inscan, | : bor)
  for (int i = 0; i < n; i++) {
    ub[i] = bor;
#pragma omp scan exclusive(bor)
    bor |= 1u << (i * 5 % 32);
  }
  show_u("unsigned | exclusive", n, bor, ub);
#pragma omp simd reduction(inscan, ^ : bx)
  for (int i = 0; i < n; i++) {
    bx ^= (unsigned)a[i] * 2654435761u;
#pragma omp scan inclusive(bx)
    ub[i] = bx;
  }
  show_u("unsigned ^ inclusive", n, bx, ub);

  double t = 0.5;
#pragma omp simd reduction(inscan, + : t) simdlen(4)
  for (int i = 0; i < n; i++) {
    t += d[i];
#pragma omp scan inclusive(t)
    db[i] = t;
  }
  show_d("double + inclusive simdlen 4", n, t, db);

  double p = 1.0;
  int np = n < 60 ? n : 60;
#pragma omp simd reduction(inscan, * : p)
  for (int i = 0; i < np; i++) {
    db[i] = p;
#pragma omp scan exclusive(p)
    p *= f[i];
  }
  show_d("double * exclusive", np, p, db);

  // A loop stepping down: i = 10, 7, 4, ... above -n.
  long w = 0;
  int k = 0;
#pragma omp simd reduction(inscan, + : w)
  for (int i = 10; i > -n; i -= 3) {
    w += a[(i + n) % 997];
#pragma omp scan inclusive(w)
    lb[(i - 10) / -3] = w;
  }
  k = (10 + n + 2) / 3;
  show_l("long + stepping down", k, w, lb);
}

static void two_and_threads(int n) {
  int s = 0, q = 0;
#pragma omp simd reduction(inscan, + : s, q)
  for (int i = 0; i < n; i++) {
    s += a[i];
    q += i % 3;
#pragma omp scan inclusive(s, q)
    ib[i] = s * 10 + q;
  }
  show_i("two variables", n, s * 10 + q, ib);

  long r = 0;
#pragma omp parallel for simd reduction(inscan, + : r)
  for (int i = 0; i < n; i++) {
    r += a[i];
#pragma omp scan inclusive(r)
    lb[i] = r;
  }
  show_l("parallel for simd", n, r, lb);
}

// Constant trip counts: 0 (the optimizer removes the loop, scan directive
// and all, before weft-vectorize sees it) and 2 (LLVM's unroller would
// copy the scan directive; weft keeps the loop whole).
static void constant_trips(void) {
  long z = 5;
#pragma omp simd reduction(inscan, + : z)
  for (int i = 0; i > 0; i--) {
    z += a[-i];
#pragma omp scan inclusive(z)
    lb[-i] = z;
  }
  long two = 5;
#pragma omp simd reduction(inscan, + : two)
  for (int i = 0; i < 2; i++) {
    lb[i] = two;
#pragma omp scan exclusive(two)
    two += a[i];
  }
  show_l("constant trip counts 0 and 2", 2, z * 1000 + two, lb);
}

int main(void) {
  init();
  constant_trips();
  const int sizes[] = {0, 1, 3, 4, 7, 8, 16, 37, 1000};
  for (int k = 0; k < (int)(sizeof sizes / sizeof sizes[0]); k++) {
    int n = sizes[k];
    int_scans(n);
    other_scans(n);
    two_and_threads(n);
  }
  return 0;
}
