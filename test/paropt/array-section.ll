; Array sections (paper form's QUAL.OPND.ARRSECT marker: base, dimensions,
; then lower/length/stride; region form's :ARRSECT.TYPED): the region gets
; storage of its own indexed like the original, only the section is
; initialized, combined or copied, and the elements outside it keep their
; values. A sum over h[4:8] of a global array (paper form, a loop recovered
; from the CFG) and a max over p[1:2] behind a pointer variable (region
; form). Output at 1-7 threads equals the serial program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; A section that leaves the array is refused, and one with a run-time stride
; is not supported yet.
; RUN: not %opt -passes=weft -disable-output %S/Inputs/array-section-outside.ll 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not %opt -passes=weft -disable-output %S/Inputs/array-section-stride.ll 2>&1 | FileCheck %s --check-prefix=STRIDE
; SERIAL: h 7 7 7 7 132 132 132 132 132 132 132 132 7 7 7 7
; SERIAL-NEXT: p 5 998 998 -3
; SHAPE-LABEL: define internal void @sum.omp_outlined
; SHAPE: %h.priv = alloca [16 x i64]
; SHAPE-LABEL: define internal void @peak.omp_outlined
; SHAPE: %q.ptr.priv = alloca ptr
; SHAPE: %q.priv = alloca [3 x i32]
; SHAPE: store ptr %q.priv, ptr %q.ptr.priv
; BAD: error: weft: {{.*}}QUAL.OMP.REDUCTION.ADD on DIR.OMP.PARALLEL.LOOP in function 'outside': the array section [12:8] does not lie within
; STRIDE: error: weft: not yet supported: QUAL.OMP.REDUCTION.ADD on DIR.OMP.PARALLEL.LOOP in function 'strided': array sections with strides or several dimensions and bounds known only at run time ([i64 0:i64 4:i64 %st])

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@h = global [16 x i64] [i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7]
@fh = private constant [53 x i8] c"h %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld \00"
@fh2 = private constant [31 x i8] c"%lld %lld %lld %lld %lld %lld\0A\00"
@fp = private constant [18 x i8] c"p %d %d %d %d\0A\00\00\00\00"

define void @sum() {
entry:
  %i.addr = alloca i64
  ; Each thread's h[4:8] starts at 0; the combine adds the counts to the 7s.
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", metadata !"QUAL.OPND.ARRSECT", ptr @h, i64 1, i64 4, i64 8, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i64 0, ptr %i.addr
  br label %cond
cond:
  %i = load i64, ptr %i.addr
  %c = icmp slt i64 %i, 1000
  br i1 %c, label %body, label %end
body:
  %b = urem i64 %i, 8
  %k = add i64 %b, 4
  %hp = getelementptr inbounds [16 x i64], ptr @h, i64 0, i64 %k
  %hv = load i64, ptr %hp
  %hv1 = add i64 %hv, 1
  store i64 %hv1, ptr %hp
  %i1 = add nsw i64 %i, 1
  store i64 %i1, ptr %i.addr
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; max over p[1:2] where p is a pointer variable: the copy sits behind a
; private pointer, elements 0 and 3 are never touched.
define void @peak(ptr %data) {
entry:
  %q = alloca ptr
  store ptr %data, ptr %q
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.MAX:ARRSECT.TYPED"(ptr %q, i32 0, i64 2, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 1000
  br i1 %c, label %body, label %end
body:
  %p = load ptr, ptr %q
  %odd = and i32 %i, 1
  %k = add i32 %odd, 1
  %k64 = zext i32 %k to i64
  %pp = getelementptr inbounds i32, ptr %p, i64 %k64
  %pv = load i32, ptr %pp
  %sub = sub i32 999, %odd
  %v = select i1 true, i32 %i, i32 0
  %cap = icmp slt i32 %v, %sub
  %v1 = select i1 %cap, i32 %v, i32 %sub
  %gt = icmp sgt i32 %v1, %pv
  %m = select i1 %gt, i32 %v1, i32 %pv
  store i32 %m, ptr %pp
  %i1 = add nsw i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define i32 @main() {
  call void @sum()
  %a = alloca [4 x i32]
  store [4 x i32] [i32 5, i32 -7, i32 -9, i32 -3], ptr %a
  call void @peak(ptr %a)
  %h0 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 0)
  %h1 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 1)
  %h2 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 2)
  %h3 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 3)
  %h4 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 4)
  %h5 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 5)
  %h6 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 6)
  %h7 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 7)
  %h8 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 8)
  %h9 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 9)
  call i32 (ptr, ...) @printf(ptr @fh, i64 %h0, i64 %h1, i64 %h2, i64 %h3, i64 %h4, i64 %h5, i64 %h6, i64 %h7, i64 %h8, i64 %h9)
  %h10 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 10)
  %h11 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 11)
  %h12 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 12)
  %h13 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 13)
  %h14 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 14)
  %h15 = load i64, ptr getelementptr ([16 x i64], ptr @h, i64 0, i64 15)
  call i32 (ptr, ...) @printf(ptr @fh2, i64 %h10, i64 %h11, i64 %h12, i64 %h13, i64 %h14, i64 %h15)
  %a0 = load i32, ptr %a
  %a1p = getelementptr [4 x i32], ptr %a, i64 0, i64 1
  %a1 = load i32, ptr %a1p
  %a2p = getelementptr [4 x i32], ptr %a, i64 0, i64 2
  %a2 = load i32, ptr %a2p
  %a3p = getelementptr [4 x i32], ptr %a, i64 0, i64 3
  %a3 = load i32, ptr %a3p
  call i32 (ptr, ...) @printf(ptr @fp, i32 %a0, i32 %a1, i32 %a2, i32 %a3)
  ret i32 0
}
