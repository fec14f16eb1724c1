; IR as icx's own prepare pass leaves it (Intel's public VPO tests feed it to
; later passes): each pointer a clause names renamed through a slot
; (QUAL.OMP.OPERAND.ADDR(ptr %x, ptr %x.addr): %x stored into %x.addr
; before the region, read back with a volatile load inside it), and the
; region's END kept reachable by a branch on a flag nothing sets
; (QUAL.OMP.JUMP.TO.END.IF). weft-prepare undoes both as icx's
; restore-operands pass does (passes/src/prepare/restore.rs). @renamed: each
; thread of a parallel region writes its number into its private %mine
; through the renamed pointer, waits at a barrier, and reads it back; if
; the loads of the slot were left in place, every thread would write the
; one shared %mine and at 2 or more threads some would read another's number
; (mismatches > 0). @guarded: a worksharing loop behind the flag's branch;
; were the flag's load left in place, the branch would read an uninitialized
; byte and could skip the loop. Region form only: these clauses are icx's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=SHAPE
; SHAPE-LABEL: define void @renamed(
; SHAPE-NOT: QUAL.OMP.OPERAND.ADDR
; SHAPE-NOT: load volatile ptr, ptr %mine.addr
; SHAPE: store i32 %me, ptr %mine
; SHAPE-LABEL: define void @guarded(
; SHAPE-NOT: QUAL.OMP.JUMP.TO.END.IF
; SHAPE-NOT: load volatile i1, ptr %flag
; CHECK: renamed mismatches 0
; CHECK-NEXT: guarded 5050

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@s1 = private constant [19 x i8] c"renamed mismatches\00"
@s2 = private constant [8 x i8] c"guarded\00"

define void @renamed() {
entry:
  %mine = alloca i32
  %bad = alloca i32
  %mine.addr = alloca ptr
  %bad.addr = alloca ptr
  store i32 0, ptr %bad
  store ptr %mine, ptr %mine.addr
  store ptr %bad, ptr %bad.addr
  br label %par
par:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %mine, i32 0, i32 1), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %bad, i32 0, i32 1),
      "QUAL.OMP.OPERAND.ADDR"(ptr %mine, ptr %mine.addr), "QUAL.OMP.OPERAND.ADDR"(ptr %bad, ptr %bad.addr) ]
  br label %body
body:
  %m = load volatile ptr, ptr %mine.addr
  %b = load volatile ptr, ptr %bad.addr
  %me = call i32 @omp_get_thread_num()
  store i32 %me, ptr %m
  br label %bar
bar:
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.BARRIER"() ]
  br label %check
check:
  %back = load i32, ptr %m
  %diff = icmp ne i32 %back, %me
  %d = zext i1 %diff to i32
  %old = load i32, ptr %b
  %new = add i32 %old, %d
  store i32 %new, ptr %b
  br label %end
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s1, i32 %r)
  ret void
}

define void @guarded() {
entry:
  %s = alloca i32
  store i32 0, ptr %s
  %flag = alloca i1
  br label %par
par:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1), "QUAL.OMP.JUMP.TO.END.IF"(ptr %flag) ]
  %skip = load volatile i1, ptr %flag
  br i1 %skip, label %end, label %pre
pre:
  br label %cond
cond:
  %i = phi i32 [ 1, %pre ], [ %i1, %body ]
  %c = icmp sle i32 %i, 100
  br i1 %c, label %body, label %end
body:
  %x = load i32, ptr %s
  %y = add i32 %x, %i
  store i32 %y, ptr %s
  %i1 = add i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s2, i32 %r)
  ret void
}

define i32 @main() {
  call void @renamed()
  call void @guarded()
  ret i32 0
}
