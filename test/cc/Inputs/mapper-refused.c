/* What weft-cc refuses of declare mapper, each by name at its line
   (test/cc/mapper-refused.test). */
#include <stddef.h>
typedef struct { size_t n; double *d; } V;
#pragma omp declare mapper(V v) map(v, v.d[0:v.n])
typedef struct { int k; V inner; } W;
#pragma omp declare mapper(custom: W w) map(to: w.k)
typedef struct { V *pv; V one; } P;
#pragma omp declare mapper(deep: P p) map(p.pv, p.pv[0]) map(alloc: p.one)
V gv;

double sections(void) {
  V a[4];
#pragma omp target map(tofrom: a[0:4])
  a[0].n = 1;
#pragma omp target
  a[1].n = 2;
  return a[0].n + a[1].n;
}

int holds(void) {
  W w;
#pragma omp target map(w)
  w.k = 1;
  return w.k;
}

int nested(void) {
  P p;
#pragma omp target map(mapper(deep), tofrom: p)
  p.pv = 0;
  return p.pv != 0;
}

size_t global(void) {
#pragma omp target
  gv.n = 1;
  return gv.n;
}

size_t pointee(V *q, W *w) {
#pragma omp target map(tofrom: q[0])
  q->n = 1;
#pragma omp target map(mapper(custom), tofrom: w[0])
  w->k = 1;
  return q->n;
}

int modifiers(W *w) {
  W t = *w;
#pragma omp target map(always, mapper(custom), tofrom: t)
  t.k = 1;
#pragma omp target update to(present, mapper(custom): t)
  return t.k;
}

int in_function(void) {
#pragma omp declare mapper(local: V v) map(v.n)
  V x;
#pragma omp target map(mapper(local), tofrom: x)
  x.n = 1;
  return x.n;
}

#pragma omp declare mapper(only_from: W w) map(from: w.k)
int nothing_moves(W w) {
#pragma omp target update to(mapper(only_from): w)
  return w.k;
}

#include "mapper-refused.h"
