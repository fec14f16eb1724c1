/* The program of test/cc/mapper.test: declare mapper (OpenMP 5.1
   §2.21.7.4), a default mapper applied to a struct a target region maps
   without a clause (alone and in a combined form) and in map and motion
   clauses (an item written through a macro too), a named mapper on
   target data, target update, enter and exit data; each construct
   naming its objects for map_recorder.c. */
#include <stdio.h>
#include <stdlib.h>
void rec_name(void *p, unsigned long size, const char *name);
typedef struct myvec {
  size_t len;
  double *data;
} vec_t;
#pragma omp declare mapper(vec_t v) map(v, v.data[0:v.len])
typedef struct {
  int x, y, z;
} T;
#pragma omp declare mapper(custom : T S) map(to : S.x) map(from : S.y) map(alloc : S.z)

static void twice(vec_t *v) {
  for (size_t i = 0; i < v->len; i++)
    v->data[i] *= 2;
}

int main(void) {
  double d[4] = {1, 2, 3, 4};
  vec_t s = {4, d};
  T t = {1, 2, 3};
  rec_name(&s, sizeof s, "s");
  rec_name(d, sizeof d, "d");
  rec_name(&t, sizeof t, "t");
#pragma omp target
  twice(&s);
#pragma omp target map(to : s)
  twice(&s);
#pragma omp target teams distribute parallel for
  for (size_t i = 0; i < s.len; i++)
    s.data[i] += 1;
#pragma omp target data map(mapper(custom), tofrom : t)
  {
#pragma omp target update to(mapper(custom) : t)
#pragma omp target update from(mapper(custom) : t)
  }
#pragma omp target enter data map(mapper(custom), to : t)
#pragma omp target exit data map(mapper(custom), from : t)
#pragma omp target update to(s)
#pragma omp target map(mapper(default), tofrom : s)
  s.len = 3;
#define VEC s
#pragma omp target map(tofrom : VEC)
  s.len = 4;
  printf("%g %g %zu %d\n", d[0], d[3], s.len, t.y);
  return 0;
}
