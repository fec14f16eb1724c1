// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// Task reductions of declared reductions (declare reduction): a
// taskgroup's task_reduction and its tasks' in_reduction over a struct
// (a bounding box, with a brace initializer), under the predefined name
// max for a struct (which keeps its meaning for an int in the same
// group), and one with no initializer (each thread's copy starts as
// zeros). Each task folds values into its thread's copy by the combiner,
// and the copies are combined into the item when the group ends.
// Checked able to fail: a build of weft whose combine function does not
// call the combiner prints other boxes and sums at 2 threads and more
// (libomp gives a team of one thread the item itself, not a copy).
#include <limits.h>
#include <stdio.h>

struct box {
  int lo, hi;
};

struct pair {
  long a, b;
};

static void widen(struct box *out, const struct box *in) {
  if (in->lo < out->lo) out->lo = in->lo;
  if (in->hi > out->hi) out->hi = in->hi;
}

#pragma omp declare reduction(bbox : struct box : widen(&omp_out, &omp_in)) \
    initializer(omp_priv = {INT_MAX, INT_MIN})
#pragma omp declare reduction(max : struct box : widen(&omp_out, &omp_in)) initializer(omp_priv = {INT_MAX, INT_MIN})
#pragma omp declare reduction(psum : struct pair : omp_out.a += omp_in.a, omp_out.b += omp_in.b)

int main(void) {
  struct box bb = {1000, 1000}, mb = {500, 500};
  struct pair ps = {1, 2};
  int m = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(bbox: bb) task_reduction(max: mb, m) task_reduction(psum: ps)
    {
      for (int i = 0; i < 300; i += 3) {
#pragma omp task in_reduction(bbox: bb) in_reduction(max: mb, m) in_reduction(psum: ps) firstprivate(i)
        for (int j = i; j < i + 3; j++) {
          int v = (j * 37) % 1009 - 200;
          struct box one = {v, v};
          widen(&bb, &one);
          struct box two = {v / 2, v * 2};
          widen(&mb, &two);
          if (v > m)
            m = v;
          ps.a += v;
          ps.b += j;
        }
      }
    }
  }
  printf("%d %d %d %d %d %ld %ld\n", bb.lo, bb.hi, mb.lo, mb.hi, m, ps.a, ps.b);
  return 0;
}
