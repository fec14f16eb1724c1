// RUN: %weftcc-check %s
// The directive IR weft-cc writes for it, in both forms (best_of):
// RUN: %weftcc -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=REGION
// RUN: %weftcc -O0 -S -emit-llvm --paper-form %s -o - | FileCheck %s --check-prefix=PAPER
// REGION-LABEL: define internal {{.*}}@best_of(
// REGION: %[[L:[0-9]+]] = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr %n.addr, ptr %v.addr, ptr %retval), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.PRIVATE"(ptr %i) ]
// REGION: %[[C:[0-9]+]] = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr @.str{{[.0-9]*}}) ]
// REGION: call void @llvm.directive.region.exit(token %[[C]]) [ "DIR.OMP.END.CRITICAL"() ]
// REGION: call void @llvm.directive.region.exit(token %[[L]]) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
// PAPER-LABEL: define internal {{.*}}@best_of(
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr %v.addr, ptr %retval)
// PAPER-NEXT: call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
// PAPER-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.CRITICAL")
// PAPER-NEXT: call void @llvm.directive.qual.opnd.p0(metadata !"QUAL.OMP.NAME", ptr @.str
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.END.CRITICAL")
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
// Unnamed and named critical sections protecting shared counters, a shared index stack and a min-with-index search.
#include <stdio.h>
#include <limits.h>

#define N 3000

struct best {
  int value;
  int index;
};

static struct best best_of(const int *v, int n) {
  struct best b = {INT_MAX, -1};
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(best_update)
    {
      if (v[i] < b.value || (v[i] == b.value && i < b.index)) {
        b.value = v[i];
        b.index = i;
      }
    }
  }
  return b;
}

int main(void) {
  int v[N];
  for (int i = 0; i < N; i++)
    v[i] = (int)(((i + 1) * 2654435761u) % 10007u);

  long total = 0;
  int bucket_small = 0, bucket_large = 0;
#pragma omp parallel
  {
    long mine = 0;
#pragma omp for
    for (int i = 0; i < N; i++) {
      mine += v[i];
      if (v[i] < 5000) {
#pragma omp critical(small)
        bucket_small++;
      } else {
#pragma omp critical(large)
        bucket_large++;
      }
    }
#pragma omp critical
    total += mine;
  }

  /* push indices of multiples of 7 onto a shared stack, then sort serially */
  int stack[N];
  int top = 0;
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < N; i++) {
    if (v[i] % 7 == 0) {
#pragma omp critical(stack)
      stack[top++] = i;
    }
  }
  long stack_sum = 0;
  for (int i = 0; i < top; i++)
    stack_sum += stack[i];

  struct best b = best_of(v, N);
  printf("total=%ld small=%d large=%d\n", total, bucket_small, bucket_large);
  printf("multiples of 7: count=%d index sum=%ld\n", top, stack_sum);
  printf("minimum %d at index %d\n", b.value, b.index);
  return 0;
}
