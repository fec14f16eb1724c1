// weft-cc -S -emit-llvm writes the directive IR: each construct's clauses
// as clang's OpenMP analysis decided them (a team construct also names the
// variables it shares and DEFAULT(PRIVATE), for clang's temporaries), in the
// region form by default
// and in Tian et al.'s form with --paper-form; no marker call is left.
// RUN: %weftcc -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=REGION
// RUN: %weftcc -O2 -S -emit-llvm --paper-form %s -o - | FileCheck %s --check-prefix=PAPER
// The IR is a valid input to weft: it lowers and verifies.
// RUN: %weftcc -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=weft -verify-each -S %t.ll | FileCheck %s --check-prefix=LOWERED
// REGION-NOT: __weft_cc
// PAPER-NOT: __weft_cc
// LOWERED-NOT: llvm.directive
int a[100];

// The loop variable declared before the loop is made private.
// REGION-LABEL: define {{.*}}@sum(
// REGION: %[[T:[0-9]+]] = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 4), "QUAL.OMP.PRIVATE"(ptr %i), "QUAL.OMP.SHARED"(ptr %n.addr, ptr @a), "QUAL.OMP.DEFAULT.PRIVATE"() ]
// REGION: call void @llvm.directive.region.exit(token %[[T]]) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
// PAPER-LABEL: define {{.*}}@sum(
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s)
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 4)
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
// PAPER-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr @a)
// PAPER-NEXT: call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
// PAPER-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
// PAPER-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
int sum(int n) {
  int s = 0, i;
#pragma omp parallel for reduction(+: s) schedule(dynamic, 4)
  for (i = 0; i < n; i++)
    s += a[i];
  return s;
}

// max on an unsigned variable compares unsigned; the variables the loop
// declares (its own and t) are private.
// REGION-LABEL: define {{.*}}@big(
// REGION: "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.MAX:UNSIGNED"(ptr %m), "QUAL.OMP.SHARED"(ptr %n.addr, ptr %v.addr), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.PRIVATE"(ptr %i, ptr %t) ]
// PAPER-LABEL: define {{.*}}@big(
// PAPER: @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MAX:UNSIGNED", ptr %m)
// PAPER-NEXT: @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr %v.addr)
// PAPER-NEXT: @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
// PAPER-NEXT: @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i, ptr %t)
unsigned big(unsigned *v, int n) {
  unsigned m = 0;
#pragma omp parallel for reduction(max: m)
  for (int i = 0; i < n; i++) {
    unsigned t = v[i];
    if (t > m)
      m = t;
  }
  return m;
}

// Named critical, barrier, one-operand clauses in the paper form.
// REGION-LABEL: define {{.*}}@team(
// REGION: "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 %{{[0-9]+}}), "QUAL.OMP.IF"(i32 %lnot.ext), "QUAL.OMP.SHARED"(ptr %c.addr), "QUAL.OMP.DEFAULT.PRIVATE"() ]
// REGION: "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr @.str{{.*}}) ]
// REGION: "DIR.OMP.END.CRITICAL"()
// REGION: "DIR.OMP.BARRIER"() ]
// REGION-NEXT: "DIR.OMP.END.BARRIER"()
// REGION: "DIR.OMP.END.PARALLEL"()
// PAPER-LABEL: define {{.*}}@team(
// PAPER: call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
// PAPER-NEXT: call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_THREADS", i32 %{{.*}})
// PAPER-NEXT: call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.IF", i32 %{{.*}})
// PAPER: call void @llvm.directive.qual.opnd.p0(metadata !"QUAL.OMP.NAME", ptr @.str
void team(int *c, int nt) {
#pragma omp parallel num_threads(nt) if(nt > 1)
  {
#pragma omp critical(lock)
    (*c)++;
#pragma omp barrier
  }
}
