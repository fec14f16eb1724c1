// RUN: %weftcc-check %s
// RUN: %weftcc -O2 -march=x86-64-v3 -Rpass=weft -Rpass-missed=weft -c %s -o /dev/null 2>&1 | FileCheck %s
// simd loops with lastprivate(conditional:): the original ends as the sequentially last assignment left it, or keeps its value when no iteration assigns it; also inside a parallel loop's body.
// weft vectorizes them (a last value: each lane keeps what it assigned
// last and the iteration it did, and the lane of the latest iteration
// wins): assignments in every part, in none, only in the last iterations
// (the scalar loop's or a masked remainder's), a float, a select; and a
// parallel for simd, whose thread record compares iterations (so that a
// later chunk's assignment wins whatever order chunks come in): a maximum
// of iterations steering the value, which a lane's partial maximum steers
// as the whole loop's would.
//
// CHECK-DAG: (region 1) in function 'main' vectorized with VF
// CHECK-DAG: (region 2) in function 'main' vectorized with VF
// CHECK-DAG: (region 3) in function 'main' vectorized with VF
// CHECK-DAG: in function 'main.omp_outlined.2' vectorized with VF
// CHECK-DAG: in function 'main.omp_outlined.6' vectorized with VF
// CLANG-16-WRONG: when no iteration assigns a lastprivate(conditional:)
// variable, clang-16 copies its uninitialized private copy out (here `never`
// printed as garbage); OpenMP and weft keep the original's value
// (OpenMP 5.1 §2.21.4.5).
#include <stdio.h>

static int a[400];

int main(void) {
  for (int i = 0; i < 400; i++)
    a[i] = (i * 37 + 11) % 23;
  int x = -7, never = -7;
#pragma omp simd lastprivate(conditional: x, never)
  for (int i = 0; i < 400; i++) {
    if (a[i] > 20)
      x = i;
    if (a[i] > 30)
      never = i;
  }
  printf("last index above 20: %d, above 30: %d\n", x, never);

  long rows = 0;
#pragma omp parallel for reduction(+: rows)
  for (int r = 0; r < 20; r++) {
    int last = -1;
#pragma omp simd lastprivate(conditional: last)
    for (int c = 0; c < 20; c++)
      if ((r * 20 + c) % 7 == 3)
        last = c;
    rows += last;
  }
  printf("sum of each row's last match: %ld\n", rows);

  float f = 0.5f;
  int late = -1, sel = 3;
#pragma omp simd lastprivate(conditional: f, late, sel)
  for (int i = 0; i < 397; i++) {
    if (a[i] % 5 == 1)
      f = a[i] * 0.25f + i;
    if (i > 390 && a[i] > 2)
      late = i;
    if (a[i] == 7)
      sel = i % 3 ? i * 2 : -i;
  }
  printf("f=%g late=%d sel=%d\n", f, late, sel);

  /* 8 lanes and a division: the last iterations run as a masked remainder. */
  int q = -1;
#pragma omp simd lastprivate(conditional: q)
  for (int i = 0; i < 395; i++) {
    a[i] = 100000 / (a[i] + 1);
    if (a[i] > 9000 && i > 380)
      q = i;
  }
  printf("q=%d\n", q);

  int hit = -5;
#pragma omp parallel for simd lastprivate(conditional: hit)
  for (int i = 0; i < 400; i++)
    if (a[i] % 11 == 4)
      hit = i;
  printf("hit=%d\n", hit);
  return 0;
}
