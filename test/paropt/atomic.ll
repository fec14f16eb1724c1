; DIR.OMP.ATOMIC: read and write make the access atomic; an update that is
; `x op e` with an integer op becomes atomicrmw (its old value serves a
; capture); any other update, floating point included, a compare-exchange loop.
; RUN: %opt -passes=weft -S %s | FileCheck %s
; RUN: %opt -passes=weft -verify-each -disable-output %s

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

; CHECK-LABEL: define void @read(
; CHECK: %v = load atomic i32, ptr %x monotonic, align 4
define void @read(ptr %x, ptr %out) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ"() ]
  %v = load i32, ptr %x, align 4
  store i32 %v, ptr %out
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; CHECK-LABEL: define void @write(
; CHECK: store atomic i64 %e, ptr %x seq_cst, align 8
define void @write(ptr %x, i64 %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.SEQ_CST"() ]
  store i64 %e, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; CHECK-LABEL: define void @update(
; CHECK: %[[OLD:.*]] = atomicrmw add ptr %x, i32 %e monotonic
; CHECK-NOT: store i32
; CHECK: ret void
define void @update(ptr %x, i32 %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"() ]
  %o = load i32, ptr %x
  %n = add i32 %o, %e
  store i32 %n, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; Capture of the new value: the old value from atomicrmw, recomputed.
; CHECK-LABEL: define void @capture(
; CHECK: %[[OLD:.*]] = atomicrmw xor ptr %x, i32 %e monotonic
; CHECK: %n = xor i32 %[[OLD]], %e
; CHECK: store i32 %n, ptr %v
define void @capture(ptr %x, i32 %e, ptr %v) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE"() ]
  %o = load i32, ptr %x
  %n = xor i32 %o, %e
  store i32 %n, ptr %x
  store i32 %n, ptr %v
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; CHECK-LABEL: define void @fp(
; CHECK: %o = load atomic double, ptr %x seq_cst, align 8
; CHECK: omp.atomic.retry:
; CHECK: %omp.atomic.seen = phi double [ %o, %{{.*}} ], [ %{{.*}}, %omp.atomic.cas ]
; CHECK: %n = fmul double %omp.atomic.seen, %e
; CHECK: omp.atomic.cas:
; CHECK: cmpxchg ptr %x, i64 %{{.*}}, i64 %{{.*}} seq_cst seq_cst
; CHECK: br i1 %omp.atomic.ok, label %omp.atomic.done, label %omp.atomic.retry
define void @fp(ptr %x, double %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.SEQ_CST"() ]
  %o = load double, ptr %x
  %n = fmul double %o, %e
  store double %n, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; OpenMP 5.1 compare on an integer in its select form (`x = e > x ? e : x`
; after -O1): one atomicrmw (unsigned: umax), or one cmpxchg for
; `x = x == e ? d : x` (weak, acq_rel with fail(relaxed): the failure
; ordering); release and acquire flushes as fences.
; CHECK-LABEL: define void @umax(
; CHECK: fence release
; CHECK: atomicrmw umax ptr %x, i32 %e release
; CHECK-NOT: select
; CHECK: ret void
define void @umax(ptr %x, i32 %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.RELEASE"() ]
  %o = load i32, ptr %x
  %c = icmp ugt i32 %e, %o
  %n = select i1 %c, i32 %e, i32 %o
  store i32 %n, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; CHECK-LABEL: define void @min(
; CHECK: atomicrmw min ptr %x, i64 %e monotonic
define void @min(ptr %x, i64 %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE"() ]
  %o = load i64, ptr %x
  %c = icmp slt i64 %o, %e
  %n = select i1 %c, i64 %o, i64 %e
  store i64 %n, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; CHECK-LABEL: define void @cas(
; CHECK: fence release
; CHECK: cmpxchg weak ptr %x, i32 %e, i32 %d acq_rel monotonic
; CHECK: fence acquire
define void @cas(ptr %x, i32 %e, i32 %d) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.ACQ_REL"(), "QUAL.OMP.FAIL.RELAXED"(), "QUAL.OMP.WEAK"() ]
  %o = load i32, ptr %x
  %c = icmp eq i32 %e, %o
  %n = select i1 %c, i32 %d, i32 %o
  store i32 %n, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; Every other compare runs on a private copy of x, published by a
; compare-exchange loop (here a float minimum through a branch).
; CHECK-LABEL: define void @fmin(
; CHECK: %omp.atomic.copy = alloca float
; CHECK: %omp.atomic.loaded = load atomic float, ptr %x monotonic
; CHECK: omp.atomic.compare:
; CHECK: %omp.atomic.seen = phi float [ %omp.atomic.loaded, %{{.*}} ], [ %{{.*}}, %omp.atomic.cas ]
; CHECK: store float %omp.atomic.seen, ptr %omp.atomic.copy
; CHECK: %o = load float, ptr %omp.atomic.copy
; CHECK: store float %e, ptr %omp.atomic.copy
; CHECK: omp.atomic.commit:
; CHECK: icmp ne i32
; CHECK: omp.atomic.cas:
; CHECK: cmpxchg ptr %x, i32 %{{.*}}, i32 %{{.*}} monotonic monotonic
; CHECK: br i1 %omp.atomic.ok, label %omp.atomic.done, label %omp.atomic.compare
define void @fmin(ptr %x, float %e) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE"() ]
  %o = load float, ptr %x
  %c = fcmp olt float %e, %o
  br i1 %c, label %s, label %j
s:
  store float %e, ptr %x
  br label %j
j:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

; Not an atomic statement: refused, naming the construct.
; RUN: not %opt -passes=weft -disable-output %S/Inputs/atomic-bad.ll 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: error: weft: DIR.OMP.ATOMIC in function 'bad': its statement is not an atomic Write of one variable (a load and/or store of x) [rule: operand-kind]
