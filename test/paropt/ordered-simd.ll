; ordered simd (OpenMP 5.1 §2.19.9) in both directive forms, executed: a
; simd loop whose ordered simd region carries a recurrence through memory,
; a[i] = a[i-k] + t with k = 1 passed at run time (a vector loop that ran
; it would read stale elements). Region form (icx's ORDERED.SIMD bundle)
; in @region, the paper's form in @paper. weft leaves each loop scalar with
; a missed-optimization remark, and the region calls nothing. The output
; equals the serial program's at -O0 and -O2.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %t0 | diff %t.expected -
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: %t2 | diff %t.expected -
; RUN: %opt -passes=weft -pass-remarks-missed=weft -verify-each -S %s 2>&1 | FileCheck %s
; OUT: region 2998 paper 2998
; CHECK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) left scalar: an ordered simd region runs in the iterations' order
; CHECK-NOT: __kmpc_ordered
; CHECK-NOT: @llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare i32 @printf(ptr, ...)
@fmt = private constant [23 x i8] c"region %ld paper %ld\0A\00\00"
@a = global [1000 x i64] zeroinitializer
@b = global [1000 x i64] zeroinitializer

define i64 @region(i64 %k) {
entry:
  store i64 1, ptr @a
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %head
head:
  %i = phi i64 [ 1, %entry ], [ %i1, %body ]
  %c = icmp slt i64 %i, 1000
  br i1 %c, label %body, label %done
body:
  %j = sub i64 %i, %k
  %pj = getelementptr i64, ptr @a, i64 %j
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.ORDERED.SIMD"() ]
  %v = load i64, ptr %pj
  %w = add i64 %v, 3
  %pi = getelementptr i64, ptr @a, i64 %i
  store i64 %w, ptr %pi
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  %i1 = add i64 %i, 1
  br label %head
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i64, ptr getelementptr (i64, ptr @a, i64 999)
  ret i64 %r
}

define i64 @paper(i64 %k) {
entry:
  store i64 1, ptr @b
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %head
head:
  %i = phi i64 [ 1, %entry ], [ %i1, %after ]
  %c = icmp slt i64 %i, 1000
  br i1 %c, label %body, label %done
body:
  %j = sub i64 %i, %k
  %pj = getelementptr i64, ptr @b, i64 %j
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.ORDERED.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %inner
inner:
  %v = load i64, ptr %pj
  %w = add i64 %v, 3
  %pi = getelementptr i64, ptr @b, i64 %i
  store i64 %w, ptr %pi
  br label %ordend
ordend:
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %after
after:
  %i1 = add i64 %i, 1
  br label %head
done:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr getelementptr (i64, ptr @b, i64 999)
  ret i64 %r
}

define i32 @main(i32 %argc, ptr %argv) {
  %k = sext i32 %argc to i64
  %x = call i64 @region(i64 %k)
  %y = call i64 @paper(i64 %k)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x, i64 %y)
  ret i32 0
}
