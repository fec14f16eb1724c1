// RUN: %weftcc-check %s
// User-defined reductions (declare reduction): on a struct, under the
// predefined names min and max (which keep their own meaning for an int in
// the same program), with a brace initializer and with an initializer
// that calls a function given omp_orig; one declared for two types with no
// initializer (each copy starts as zeros); on a parallel loop, on a loop in
// a parallel region, and on a parallel region itself.
#include <limits.h>
#include <stdio.h>

struct point {
  int x, y;
};

struct mx {
  float value;
  int index;
};

static void minproc(struct point *out, const struct point *in) {
  if (in->x < out->x) out->x = in->x;
  if (in->y < out->y) out->y = in->y;
}

static void maxproc(struct point *out, const struct point *in) {
  if (in->x > out->x) out->x = in->x;
  if (in->y > out->y) out->y = in->y;
}

#pragma omp declare reduction(min : struct point : minproc(&omp_out, &omp_in)) \
    initializer(omp_priv = {INT_MAX, INT_MAX})
#pragma omp declare reduction(max : struct point : maxproc(&omp_out, &omp_in)) initializer(omp_priv = {0, 0})

static void mx_init(struct mx *priv, const struct mx *orig) { *priv = *orig; }

#pragma omp declare reduction(maxloc : struct mx : \
    omp_out = omp_in.value > omp_out.value ? omp_in : omp_out) \
    initializer(mx_init(&omp_priv, &omp_orig))

#pragma omp declare reduction(xsum : int, long : omp_out += omp_in * 1)

int main(void) {
  struct point pts[500];
  float val[1000];
  for (int i = 0; i < 500; i++) {
    pts[i].x = (i * 37) % 1009 - 300;
    pts[i].y = (i * 91) % 997 + 5;
  }
  for (int i = 0; i < 1000; i++)
    val[i] = (float)((i * 7919) % 1000) - 0.5f * (float)(i % 3);

  struct point lo = {INT_MAX, INT_MAX}, hi = {0, 0};
  int imin = INT_MAX;
#pragma omp parallel for reduction(min : lo, imin) reduction(max : hi) schedule(dynamic, 13)
  for (int i = 0; i < 500; i++) {
    minproc(&lo, &pts[i]);
    maxproc(&hi, &pts[i]);
    if (pts[i].x < imin) imin = pts[i].x;
  }

  struct mx best = {val[0], 0};
#pragma omp parallel
  {
#pragma omp for reduction(maxloc : best)
    for (int i = 1; i < 1000; i++)
      if (val[i] > best.value) {
        best.value = val[i];
        best.index = i;
      }
  }

  int count = 0;
  long total = 0;
#pragma omp parallel reduction(xsum : count, total)
  {
    count += 1;
    total += 10;
  }
  /* (count and total depend on the team size: print their ratio.) */
  printf("lo %d %d hi %d %d imin %d best %.1f at %d ratio %ld\n", lo.x, lo.y, hi.x, hi.y, imin, best.value,
         best.index, total / count);
  return 0;
}
