// RUN: %weftcc-check %s
// Non-rectangular collapsed nests with two varying loops (OpenMP 5.0):
// collapse(3) nests whose middle loop's start and bound are affine in the
// outer variable and whose inner loop's are affine in the middle (or the
// outer) one, counting up and down with <, <=, >, >=, in int and long,
// under the default, static, dynamic, guided and auto schedules, with
// lastprivate of every loop variable. Each shape runs for many parameters
// drawn from a fixed generator, so that inner ranges are empty for some
// outer iterations, triangles shrink to nothing, steps are 1 to 3.
//
// Each nest first runs serially, recording the cells it visits; then in
// parallel, each iteration counting its visit of its cell. A nest is wrong
// when the parallel one visits a cell the serial one does not, misses one,
// visits one twice, or leaves its loop variables other than the serial
// nest does (OpenMP 5.1 §2.21.4.5, 5.2 §5.4.5: what sequential execution of the nest
// leaves in them). Every line reports "0 wrong" where weft is right: a
// wrong nest changes the count the line prints, so the serial program's
// output (where the pragmas are ignored and everything agrees) differs.
// Also a collapse(4) nest with two varying loops, checked by its sum.
// CLANG-16-WRONG: clang-16 -fopenmp's build of the first shape does not
// finish (measured: still running after 20 s at 1 thread; its lastprivate
// of the loop variables is wrong too, nonrect_lastprivate.c).
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define R 48  /* j and k stay in [-R, R) */
#define NI 18 /* i stays in [0, NI) */
#define W (2 * R)
static int seen[NI * W * W];
static int cells[1 << 17];
static int ncells;
static unsigned long long rng = 0x2545F4914F6CDD1DULL;

static int pick(int lo, int hi) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return lo + (int)((rng >> 33) % (unsigned)(hi - lo + 1));
}

static int inside(long i, long j, long k) { return i >= 0 && i < NI && j >= -R && j < R && k >= -R && k < R; }
static int cell(long i, long j, long k) { return (int)((i * W + (j + R)) * W + (k + R)); }

// The serial nest visits (i, j, k): 0 when it leaves the cells (the
// parameters are then drawn again).
static int record(long i, long j, long k) {
  if (!inside(i, j, k) || ncells == (int)(sizeof cells / sizeof cells[0]))
    return 0;
  cells[ncells++] = cell(i, j, k);
  return 1;
}

// Checks the parallel visits against the serial ones and clears them:
// the number of wrong cells (and 1 for a wrong total).
static int compare(long visits, long stray) {
  int wrong = (visits != ncells) + (stray != 0);
  for (int c = 0; c < ncells; c++) {
    wrong += seen[cells[c]] != 1;
    seen[cells[c]] = 0;
  }
  if (wrong)
    memset(seen, 0, sizeof seen);
  return wrong;
}

static void schedule(int s) {
#ifdef _OPENMP
  static const omp_sched_t kinds[] = {omp_sched_static, omp_sched_static, omp_sched_dynamic,
                                      omp_sched_dynamic, omp_sched_guided, omp_sched_auto};
  static const int chunks[] = {0, 2, 1, 3, 2, 0};
  omp_set_schedule(kinds[s % 6], chunks[s % 6]);
#else
  (void)s;
#endif
}

struct Totals {
  int nests, wrong, lp_wrong;
  long iterations;
};

static void report(const char *what, struct Totals t) {
  printf("%s: %d nests, %ld iterations, %d wrong, lastprivate %d wrong\n", what, t.nests, t.iterations, t.wrong,
         t.lp_wrong);
}

// int, up: j from a1*i+a0 to <= b1*i+b0, k from c1*j+c0 to <= d1*j+d0.
static void shape_up(void) {
  struct Totals t = {0};
  while (t.nests < 150) {
    int n = pick(0, 12), a1 = pick(-1, 2), a0 = pick(-3, 3), b1 = pick(-1, 2), b0 = pick(-3, 3), sj = pick(1, 3);
    int c1 = pick(-1, 2), c0 = pick(-3, 3), d1 = pick(-1, 2), d0 = pick(-3, 3), sk = pick(1, 3);
    int i, j, k, si = -100, sj_ = -100, sk_ = -100, ok = 1;
    ncells = 0;
    for (i = 0; i < n; i++)
      for (j = a1 * i + a0; j <= b1 * i + b0; j += sj)
        for (k = c1 * j + c0; k <= d1 * j + d0; k += sk)
          ok &= record(i, j, k);
    if (!ok)
      continue;
    si = i, sj_ = j, sk_ = k;
    long visits = 0, stray = 0;
    i = j = k = -100;
#pragma omp parallel for collapse(3) lastprivate(i, j, k) reduction(+ : visits, stray)
    for (i = 0; i < n; i++)
      for (j = a1 * i + a0; j <= b1 * i + b0; j += sj)
        for (k = c1 * j + c0; k <= d1 * j + d0; k += sk) {
          visits++;
          if (inside(i, j, k)) {
#pragma omp atomic
            seen[cell(i, j, k)]++;
          } else {
            stray++;
          }
        }
    t.nests++;
    t.iterations += ncells;
    t.wrong += compare(visits, stray) != 0;
    // (No iteration: nothing is copied out, see docs/threads.md.)
    t.lp_wrong += ncells > 0 && (i != si || j != sj_ || k != sk_);
  }
  report("int, up, <=, default schedule", t);
}

// long, down: i from n-1 to >= 0, j from a1*i+a0 down to >= b1*i+b0, k
// from c1*j+c0 down to > d1*j+d0.
static void shape_down(void) {
  struct Totals t = {0};
  while (t.nests < 150) {
    long n = pick(0, 12), a1 = pick(-1, 2), a0 = pick(-3, 3), b1 = pick(-1, 2), b0 = pick(-3, 3), sj = pick(1, 3);
    long c1 = pick(-1, 2), c0 = pick(-3, 3), d1 = pick(-1, 2), d0 = pick(-3, 3), sk = pick(1, 3);
    long i, j, k, si, sj_, sk_;
    int ok = 1;
    ncells = 0;
    for (i = n - 1; i >= 0; i--)
      for (j = a1 * i + a0; j >= b1 * i + b0; j -= sj)
        for (k = c1 * j + c0; k > d1 * j + d0; k -= sk)
          ok &= record(i, j, k);
    if (!ok)
      continue;
    si = i, sj_ = j, sk_ = k;
    schedule(t.nests);
    long visits = 0, stray = 0;
    i = j = k = -100;
#pragma omp parallel for collapse(3) schedule(runtime) lastprivate(i, j, k) reduction(+ : visits, stray)
    for (i = n - 1; i >= 0; i--)
      for (j = a1 * i + a0; j >= b1 * i + b0; j -= sj)
        for (k = c1 * j + c0; k > d1 * j + d0; k -= sk) {
          visits++;
          if (inside(i, j, k)) {
#pragma omp atomic
            seen[cell(i, j, k)]++;
          } else {
            stray++;
          }
        }
    t.nests++;
    t.iterations += ncells;
    t.wrong += compare(visits, stray) != 0;
    t.lp_wrong += ncells > 0 && (i != si || j != sj_ || k != sk_);
  }
  report("long, down, >= and >, runtime schedules", t);
}

// int, mixed: i up by 2, j from a1*i+a0 down to > b1*i+b0, k from c1*j+c0
// up to < d1*j+d0; in a parallel region, a for with nowait.
static void shape_mixed(void) {
  struct Totals t = {0};
  while (t.nests < 150) {
    int n = pick(0, 17), a1 = pick(-1, 1), a0 = pick(-3, 3), b1 = pick(-1, 1), b0 = pick(-3, 3), sj = pick(1, 3);
    int c1 = pick(-2, 2), c0 = pick(-3, 3), d1 = pick(-2, 2), d0 = pick(-3, 3), sk = pick(1, 3);
    int i, j, k, si, sj_, sk_, ok = 1;
    ncells = 0;
    for (i = 0; i < n; i += 2)
      for (j = a1 * i + a0; j > b1 * i + b0; j -= sj)
        for (k = c1 * j + c0; k < d1 * j + d0; k += sk)
          ok &= record(i, j, k);
    if (!ok)
      continue;
    si = i, sj_ = j, sk_ = k;
    schedule(t.nests + 2);
    long visits = 0, stray = 0;
    i = j = k = -100;
#pragma omp parallel reduction(+ : visits, stray)
    {
#pragma omp for collapse(3) schedule(runtime) lastprivate(i, j, k) nowait
      for (i = 0; i < n; i += 2)
        for (j = a1 * i + a0; j > b1 * i + b0; j -= sj)
          for (k = c1 * j + c0; k < d1 * j + d0; k += sk) {
            visits++;
            if (inside(i, j, k)) {
#pragma omp atomic
              seen[cell(i, j, k)]++;
            } else {
              stray++;
            }
          }
    }
    t.nests++;
    t.iterations += ncells;
    t.wrong += compare(visits, stray) != 0;
    t.lp_wrong += ncells > 0 && (i != si || j != sj_ || k != sk_);
  }
  report("int, i by 2, j down >, k up <, for in a parallel region", t);
}

// long, both inner loops affine in the outer one: j from a1*i+a0 to <
// b1*i+b0, k from c1*i+c0 to <= d1*i+d0.
static void shape_both_outer(void) {
  struct Totals t = {0};
  while (t.nests < 150) {
    long n = pick(0, 12), a1 = pick(-1, 2), a0 = pick(-3, 3), b1 = pick(-1, 2), b0 = pick(-3, 3), sj = pick(1, 3);
    long c1 = pick(-2, 2), c0 = pick(-3, 3), d1 = pick(-2, 2), d0 = pick(-3, 3), sk = pick(1, 3);
    long i, j, k, si, sj_, sk_;
    int ok = 1;
    ncells = 0;
    for (i = 0; i < n; i++)
      for (j = a1 * i + a0; j < b1 * i + b0; j += sj)
        for (k = c1 * i + c0; k <= d1 * i + d0; k += sk)
          ok &= record(i, j, k);
    if (!ok)
      continue;
    si = i, sj_ = j, sk_ = k;
    schedule(t.nests + 4);
    long visits = 0, stray = 0;
    i = j = k = -100;
#pragma omp parallel for collapse(3) schedule(runtime) lastprivate(i, j, k) reduction(+ : visits, stray)
    for (i = 0; i < n; i++)
      for (j = a1 * i + a0; j < b1 * i + b0; j += sj)
        for (k = c1 * i + c0; k <= d1 * i + d0; k += sk) {
          visits++;
          if (inside(i, j, k)) {
#pragma omp atomic
            seen[cell(i, j, k)]++;
          } else {
            stray++;
          }
        }
    t.nests++;
    t.iterations += ncells;
    t.wrong += compare(visits, stray) != 0;
    t.lp_wrong += ncells > 0 && (i != si || j != sj_ || k != sk_);
  }
  report("long, j and k affine in i", t);
}

// collapse(4): i, j on i, a rectangular k, l on j; by its sum.
static void collapse4(void) {
  int n = 7, i, j, k, l;
  long count = 0, sum = 0;
  for (i = 0; i < n; i++)
    for (j = i - 2; j < n; j++)
      for (k = 0; k < 3; k++)
        for (l = 2 * j; l >= j - 1; l--)
          count++, sum += ((i * 31 + j) * 7 + k) * 131 + l;
  printf("collapse(4) serial: %ld iterations, sum %ld, i %d j %d k %d l %d\n", count, sum, i, j, k, l);
  count = sum = 0;
  i = j = k = l = -100;
#pragma omp parallel for collapse(4) schedule(dynamic, 5) lastprivate(i, j, k, l) reduction(+ : count, sum)
  for (i = 0; i < n; i++)
    for (j = i - 2; j < n; j++)
      for (k = 0; k < 3; k++)
        for (l = 2 * j; l >= j - 1; l--)
          count++, sum += ((i * 31 + j) * 7 + k) * 131 + l;
  printf("collapse(4): %ld iterations, sum %ld, i %d j %d k %d l %d\n", count, sum, i, j, k, l);
}

int main(void) {
  shape_up();
  shape_down();
  shape_mixed();
  shape_both_outer();
  collapse4();
  return 0;
}
