// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// declare mapper (OpenMP 5.1 §2.21.7.4; docs/offload.md, "User-defined
// mappers"), as the OpenMP Examples target_mapper.1 and target_update.3
// use it: a default mapper applied to a struct a target region uses
// without a clause (alone and in a combined form with a reduction), a
// named mapper on target data, target update, enter and exit data. Without
// a device every region runs on the host through its fallback, reached
// through the map entries weft builds (a wrong base would write elsewhere:
// the values would differ); the entries themselves are checked against
// clang's mapper functions in test/cc/mapper.test. The struct is a typedef
// of a struct, which a target region maps tofrom (weft took it for a
// scalar once and made it firstprivate: the sum written in the first
// region was then lost, and the first line printed sum -1).
#include <stdio.h>
#include <stdlib.h>
#define N 100

typedef struct myvec {
  size_t len;
  double *data;
  double sum;
} myvec_t;
#pragma omp declare mapper(myvec_t v) map(v, v.data[0:v.len])

typedef struct {
  int x;
  int y;
  int z;
} T;
#pragma omp declare mapper(custom : T S) map(to : S.x) map(from : S.y) map(alloc : S.z)

static void init(myvec_t *s) {
  s->sum = 0;
  for (size_t i = 0; i < s->len; i++) {
    s->data[i] = i;
    s->sum += i;
  }
}

int main(void) {
  myvec_t s;
  s.data = (double *)calloc(N, sizeof(double));
  s.len = N;
  s.sum = -1;
#pragma omp target
  init(&s);
  printf("s.data[%d]=%f sum %g\n", N - 1, s.data[N - 1], s.sum);

  double total = 0;
#pragma omp target teams distribute parallel for reduction(+ : total)
  for (size_t i = 0; i < s.len; i++)
    total += s.data[i] * 2;
  printf("total %g\n", total);

#pragma omp target map(mapper(default), tofrom : s)
  {
    s.len = N / 2;
    s.data[0] = 7;
  }
  printf("len %zu data[0] %g\n", s.len, s.data[0]);

  T t = {5, 5, 5};
#pragma omp target data map(mapper(custom), tofrom : t)
  {
    int a, b;
    t.x += 5;
    t.y += 5;
    t.z += 5;
#pragma omp target update to(mapper(custom) : t)
#pragma omp target map(from : a, b)
    {
      a = t.x;
      b = t.z;
      t.y = 5;
    }
#pragma omp target update from(mapper(custom) : t)
    printf("t.y %d a %d b %d\n", t.y, a, b);
  }
  printf("t %d %d %d\n", t.x, t.y, t.z);

#pragma omp target enter data map(mapper(custom), to : t)
#pragma omp target
  t.y = t.x * 3;
#pragma omp target exit data map(mapper(custom), from : t)
  printf("t.y %d\n", t.y);
  free(s.data);
  return 0;
}
