// OpenMP 5.1's tile and unroll through weft-cc: the directive IR in both
// forms, and, run, loops whose variables are declared before them (which
// crash clang-16 -fopenmp, so this program is not in programs/): the
// variables of every loop a transformation under a worksharing loop applies
// to are private to the worksharing loop whatever its collapse (a tile's
// second loop too), else the threads would race on j. Each iteration runs
// once, each tile or group of iterations on one thread; the output equals
// the serial program's at -O0 and -O2, at 1 to 7 threads.
// RUN: %weftcc -O0 -fopenmp-version=51 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=REGION
// RUN: %weftcc -O2 -fopenmp-version=51 -S -emit-llvm --paper-form %s -o - | FileCheck %s --check-prefix=PAPER
// RUN: %weftcc -O0 -fopenmp-version=51 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=weft-prepare -S %t.ll | FileCheck %s --check-prefix=PREPARED --implicit-check-not='"DIR.OMP.TILE"(' --implicit-check-not='"DIR.OMP.UNROLL"('
// RUN: %opt -passes=weft -verify-each -disable-output %t.ll
// RUN: %clang -O0 -w %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %weftcc -O0 -fopenmp-version=51 %s -o %t0
// RUN: %weftcc -O2 -fopenmp-version=51 %s -o %t2
// RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
// REGION-LABEL: define {{.*}}@tiles(
// REGION: "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1), "QUAL.OMP.PRIVATE"(ptr %i, ptr %j,
// REGION-NEXT: "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 5, i32 2) ]
// REGION: "DIR.OMP.END.TILE"()
// REGION-NEXT: "DIR.OMP.END.PARALLEL.LOOP"()
// REGION-LABEL: define {{.*}}@groups(
// REGION: "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.PRIVATE"(ptr %i),
// REGION-NEXT: "DIR.OMP.UNROLL"(), "QUAL.OMP.PARTIAL"(i32 3) ]
// REGION: "DIR.OMP.UNROLL"(), "QUAL.OMP.PARTIAL"() ]
// REGION-LABEL: define {{.*}}@alone(
// REGION: "DIR.OMP.UNROLL"(), "QUAL.OMP.FULL"() ]
// REGION: "DIR.OMP.UNROLL"() ]
// PAPER-LABEL: define {{.*}}@tiles(
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.TILE")
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SIZES", i32 5, i32 2)
// PAPER-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.END.TILE")
// PAPER-LABEL: define {{.*}}@groups(
// PAPER: call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.PARTIAL", i32 3)
// PAPER: call void @llvm.directive.qual(metadata !"QUAL.OMP.PARTIAL")
// PAPER-LABEL: define {{.*}}@alone(
// PAPER: call void @llvm.directive.qual(metadata !"QUAL.OMP.FULL")
// weft-prepare leaves no transformation directive: the worksharing loop's
// normalized loop counts the floor loops; the loops alone carry hints.
// PREPARED-LABEL: define {{.*}}@tiles(
// PREPARED: "DIR.OMP.PARALLEL.LOOP"(){{.*}}"QUAL.OMP.NORMALIZED.IV"
// PREPARED: omp.floor.head:
// PREPARED: omp.tile.bounds:
// PREPARED-LABEL: define {{.*}}@alone(
// PREPARED: br label %{{.*}}, !llvm.loop ![[FULL:[0-9]+]]
// PREPARED: br label %{{.*}}, !llvm.loop ![[ENABLE:[0-9]+]]
// PREPARED: ![[FULL]] = distinct !{![[FULL]], !{{[0-9]+}}, ![[F:[0-9]+]]}
// PREPARED: ![[F]] = !{!"llvm.loop.unroll.full"}
// PREPARED: ![[ENABLE]] = distinct !{![[ENABLE]], !{{[0-9]+}}, ![[E:[0-9]+]]}
// PREPARED: ![[E]] = !{!"llvm.loop.unroll.enable"}
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
static int tid(void) { return omp_get_thread_num(); }
#define TRANSFORMED 1
#else
static int tid(void) { return 0; }
#define TRANSFORMED 0
#endif

#define N1 13
#define N2 11
static int visits[N1][N2], owner[N1][N2], work[N1 * N2];

void tiles(void) {
  int i, j;
#pragma omp parallel for schedule(dynamic, 1)
#pragma omp tile sizes(5, 2)
  for (i = 0; i < N1; i++)
    for (j = 0; j < N2; j++) {
      // (Some work between reading j and using it again: were i or j
      // shared, another thread's store would land in between.)
      int first = i * N2 + j;
      for (int w = 0; w < 2000; w++) work[first] += (w ^ first) & 3;
      visits[i][j] += i * N2 + j == first;
      owner[i][j] = tid();
    }
  long once = 0, split = 0;
  for (int r = 0; r < N1; r++)
    for (int c = 0; c < N2; c++) {
      once += visits[r][c] == 1;
      split += TRANSFORMED && r % 5 && owner[r][c] != owner[r - 1][c];
      split += TRANSFORMED && c % 2 && owner[r][c] != owner[r][c - 1];
    }
  printf("tiles: once %ld of %d, split %ld\n", once, N1 * N2, split);
}

static int hits[100], gowner[100];

void groups(int n) {
  int i;
  for (i = 0; i < 100; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for
#pragma omp unroll partial(3)
  for (i = 0; i < n; i++) {
    hits[i]++;
    gowner[i] = tid();
  }
  long once = 0, split = 0;
  for (int k = 0; k < n; k++) {
    once += hits[k] == 1;
    split += TRANSFORMED && k % 3 && gowner[k] != gowner[k - 1];
  }
  long s = 0;
#pragma omp parallel for reduction(+ : s)
#pragma omp unroll partial
  for (i = n; i > 0; i--) s += i * i;
  printf("groups n=%d: once %ld, split %ld, sum %ld\n", n, once, split, s);
}

void alone(void) {
  long s = 0, t = 0;
  int k;
#pragma omp unroll full
  for (k = 0; k < 6; k++) s += k * 7;
#pragma omp unroll
  for (k = 3; k < 40; k += 4) t += k;
  printf("alone: %ld %ld k=%d\n", s, t, k);
}

int main(void) {
  tiles();
  int trips[] = {0, 1, 2, 7, 100};
  for (int t = 0; t < 5; t++) groups(trips[t]);
  alone();
  return 0;
}
