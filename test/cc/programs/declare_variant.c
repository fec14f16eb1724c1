// RUN: %weftcc-check %s
// RUN: %weftcc -fopenmp-version=51 -S -emit-llvm %s -o - | FileCheck %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// declare variant: at each call of the base function, the variant its
// context selects (clang's choice: enclosing parallel, target, teams),
// else the base. Every function counts the iterations it runs. Called in
// a parallel region, the base runs every iteration on each thread; the
// parallel variant shares them (an orphaned worksharing loop), and in a
// target teams region the target variant deals them to the teams (an
// orphaned distribute loop): the count is the serial program's only where
// the variant is the one called. A call outside both constructs calls the
// base; a variant with an implementation selector is the one chosen there.
#include <stdio.h>

#define N 1000

void par_work(int *v, int n);
void dev_work(int *v, int n);
#pragma omp declare target
void team_work(int *v, int n);
#pragma omp end declare target

#pragma omp declare variant(par_work) match(construct={parallel})
#pragma omp declare variant(team_work) match(construct={target, teams})
void work(int *v, int n) {
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    v[n] += 1;
    v[i] = 2 * i;
  }
}

void par_work(int *v, int n) {
#pragma omp for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    v[n] += 1;
    v[i] = 2 * i;
  }
}

#pragma omp declare target
void team_work(int *v, int n) {
#pragma omp distribute
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    v[n] += 1;
    v[i] = 2 * i;
  }
}
#pragma omp end declare target

// (Shape: the call in main names the variant.)
// CHECK-LABEL: define {{.*}} @main(
// CHECK: call {{.*}} @scale(i32 {{.*}}7)
static int scale(int x) { return 3 * x; }
#pragma omp declare variant(scale) match(implementation={vendor(llvm)})
static int twice(int x) { return 3 * x; }

int main(void) {
  int v[N + 1];
  for (int i = 0; i <= N; i++)
    v[i] = 0;
#pragma omp parallel
  work(v, N);
  printf("parallel: count %d v %d\n", v[N], v[N - 1]);
  v[N] = 0;
#pragma omp target teams num_teams(4) map(tofrom: v)
  work(v, N);
  printf("target teams: count %d v %d\n", v[N], v[N - 2]);
  v[N] = 0;
  work(v, N);
  printf("plain: count %d twice %d\n", v[N], twice(7));
  return 0;
}
