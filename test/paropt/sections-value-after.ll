; A value a section computes and the code after its sections region uses
; (IR can say that; C cannot): once prepare turns the sections into a loop
; over the section index, the section may be skipped on a thread, so the
; value no longer dominates its use. A pure value is computed again at the
; END (prepare/sections.rs), in both directive forms; a value that reads
; memory is refused by name (test/errors/sections-value-after.test). Before
; this was handled, the module failed the verifier (an internal error at
; -O2 and through clang, found by the fuzzer). Each line prints the value
; the serial program prints; a value from the wrong place prints another.
; CHECK: paper 15 7
; CHECK-NEXT: region 24 9
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; SHAPE-NOT: call {{.*}}@llvm.directive
; SHAPE: define void @paper(i32 %n)
; SHAPE: call void {{.*}}@__kmpc_fork_call
; SHAPE: mul i32 %n, 5

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [10 x i8] c"%s %d %d\0A\00"
@np = private constant [6 x i8] c"paper\00"
@nr = private constant [7 x i8] c"region\00"
@a = global i32 0
@b = global i32 0

; parallel sections: the first (unmarked) section computes v = 5n and
; stores it; the second stores n + 4; after the region v is printed.
define void @paper(i32 %n) {
entry:
  br label %begin
begin:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.SECTIONS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %first
first:
  %v = mul i32 %n, 5
  store i32 %v, ptr @a
  br label %sec
sec:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %w = add i32 %n, 4
  store i32 %w, ptr @b
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.SECTIONS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %bv = load i32, ptr @b
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @np, i32 %v, i32 %bv)
  ret void
}

; The same in the token form, the value computed in a marked section.
define void @region(i32 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.SECTIONS"() ]
  br label %s0
s0:
  %u0 = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTION"() ]
  %v = mul i32 %n, 3
  %v2 = add i32 %v, 6
  store i32 %v2, ptr @a
  call void @llvm.directive.region.exit(token %u0) [ "DIR.OMP.END.SECTION"() ]
  br label %s1
s1:
  %u1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTION"() ]
  %w = add i32 %n, 3
  store i32 %w, ptr @b
  call void @llvm.directive.region.exit(token %u1) [ "DIR.OMP.END.SECTION"() ]
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.SECTIONS"() ]
  %bv = load i32, ptr @b
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @nr, i32 %v2, i32 %bv)
  ret void
}

define i32 @main() {
  call void @paper(i32 3)
  call void @region(i32 6)
  ret i32 0
}
