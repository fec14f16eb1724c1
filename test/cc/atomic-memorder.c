// The memory orders of atomic constructs (OpenMP 5.1 §2.19.7) as weft-cc
// passes them on (a suffix of the atomic's kind, `.SEQ_CST` and the like,
// docs/vocabulary.md) in both directive forms, and what weft makes of them:
// the ordering of each atomic instruction, and the flushes OpenMP 5.1
// §1.4.4 implies (a release before, an acquire after).
// RUN: %weftcc -fopenmp-version=51 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=REGION
// RUN: %weftcc -fopenmp-version=51 -S -emit-llvm --paper-form %s -o - | FileCheck %s --check-prefix=PAPER
// RUN: %weftcc -fopenmp-version=51 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=weft -verify-each -S %t.ll | FileCheck %s --check-prefix=LOWERED
int x, v, e;

void orders(void) {
  // REGION-LABEL: define {{.*}} @orders(
  // PAPER-LABEL: define {{.*}} @orders(
  // LOWERED-LABEL: define {{.*}} @orders(
#pragma omp atomic read seq_cst
  v = x;
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.SEQ_CST"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.READ.SEQ_CST")
  // LOWERED: load atomic i32, ptr @x seq_cst
#pragma omp atomic write release
  x = 1;
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.RELEASE"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.WRITE.RELEASE")
  // LOWERED: fence release
  // LOWERED: store atomic i32 1, ptr @x release
#pragma omp atomic update relaxed
  x += 2;
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.RELAXED"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.UPDATE.RELAXED")
  // LOWERED: atomicrmw add ptr @x, i32 2 monotonic
#pragma omp atomic acq_rel capture
  v = x++;
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.ACQ_REL"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.CAPTURE.ACQ_REL")
  // LOWERED: fence release
  // LOWERED: atomicrmw add ptr @x, i32 1 acq_rel
#pragma omp atomic read acquire
  v = x;
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.ACQUIRE"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.READ.ACQUIRE")
  // LOWERED: load atomic i32, ptr @x acquire
  // LOWERED: fence acquire
#pragma omp atomic compare seq_cst
  if (x < e) { x = e; }
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.SEQ_CST"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.COMPARE.SEQ_CST")
  // LOWERED: cmpxchg ptr @x, {{.*}} seq_cst
#pragma omp atomic compare capture release
  { v = x; if (x == e) { x = 0; } }
  // REGION: "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.RELEASE"(), "QUAL.OMP.COMPARE"()
  // PAPER: @llvm.directive.qual(metadata !"QUAL.OMP.CAPTURE.RELEASE")
  // PAPER-NEXT: @llvm.directive.qual(metadata !"QUAL.OMP.COMPARE")
  // LOWERED: cmpxchg ptr @x, {{.*}} release monotonic
}
// REGION-NOT: __weft_cc
// PAPER-NOT: __weft_cc
