; Array sections with several dimensions or a stride (constant bounds, on an
; array variable; the paper form's QUAL.OPND.ARRSECT and the region form's
; :ARRSECT, both base, dimensions, then lower/length/stride per dimension):
; the private copy is the whole array, indexed like the original, and only
; the section's elements are initialized, copied in, combined or copied out;
; the others keep their values. A sum over g[1:2][2:3] of int g[4][5] (paper
; form), a lastprivate s[1:4:2] (region form), a firstprivate f[1:2] of long
; f[3][2] (whole rows), and a max over m[0:2:3][1:1] of short m[6][3]. (A
; region touches only its sections' elements: the others are not list items.)
; The output at 1-7 threads equals the serial program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
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
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: not %opt -passes=weft -disable-output %S/Inputs/array-section-nd-outside.ll 2>&1 | FileCheck %s --check-prefix=BAD
; CHECK: g 0 1 2 3 4 10 11 96 96 97 20 21 188 191 190 30 31 32 33 34
; CHECK-NEXT: s 0 491 2 493 4 495 6 497 8 9
; CHECK-NEXT: acc 21000
; CHECK-NEXT: m 0 998 2 3 4 5 6 7 8 9 999 11 12 13 14 15 16 17
;
; SHAPE-DAG: %g.priv = alloca [4 x [5 x i32]]
; SHAPE-DAG: call void @sum.omp.section.init(ptr %g.priv)
; SHAPE-DAG: call void @sum.omp.section.combine(ptr @g, ptr %g.priv)
; SHAPE-DAG: define internal void @sum.omp.section.init(ptr %0)
; SHAPE-DAG: urem i64 %t, 3
; SHAPE-DAG: udiv i64 %t, 3
; SHAPE-DAG: icmp ult i64 %{{.*}}, 6
; BAD: error: weft: QUAL.OMP.LASTPRIVATE:ARRSECT on DIR.OMP.PARALLEL.LOOP in function 'outside': the array section does not lie within its array: dimension 1 ([2:5:2]) does not lie within its extent 10 [rule: operand-kind]

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

@g = global [4 x [5 x i32]] [[5 x i32] [i32 0, i32 1, i32 2, i32 3, i32 4], [5 x i32] [i32 10, i32 11, i32 12, i32 13, i32 14], [5 x i32] [i32 20, i32 21, i32 22, i32 23, i32 24], [5 x i32] [i32 30, i32 31, i32 32, i32 33, i32 34]]
@s = global [10 x i64] [i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9]
@m = global [6 x [3 x i16]] [[3 x i16] [i16 0, i16 1, i16 2], [3 x i16] [i16 3, i16 4, i16 5], [3 x i16] [i16 6, i16 7, i16 8], [3 x i16] [i16 9, i16 10, i16 11], [3 x i16] [i16 12, i16 13, i16 14], [3 x i16] [i16 15, i16 16, i16 17]]
@fmt.d = private constant [4 x i8] c" %d\00"
@fmt.ld = private constant [6 x i8] c" %lld\00"
@fmt.nl = private constant [2 x i8] c"\0A\00"
@fmt.g = private constant [2 x i8] c"g\00"
@fmt.s = private constant [2 x i8] c"s\00"
@fmt.m = private constant [2 x i8] c"m\00"
@fmt.f = private constant [10 x i8] c"acc %lld\0A\00"

; sum(g[1:2][2:3]): 500 iterations add to the section's six elements.
define void @sum() {
entry:
  %i.addr = alloca i32
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", metadata !"QUAL.OPND.ARRSECT", ptr @g, i64 2, i64 1, i64 2, i64 1, i64 2, i64 3, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 7)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %i.addr
  br label %cond
cond:
  %i = load i32, ptr %i.addr
  %c = icmp slt i32 %i, 500
  br i1 %c, label %body, label %end
body:
  ; element (1 + i % 2, 2 + i % 3) gets 1 + (i % 2): 500 iterations in all.
  %r = urem i32 %i, 2
  %col = urem i32 %i, 3
  %row = add i32 %r, 1
  %cc = add i32 %col, 2
  %row64 = zext i32 %row to i64
  %cc64 = zext i32 %cc to i64
  %p = getelementptr inbounds [4 x [5 x i32]], ptr @g, i64 0, i64 %row64, i64 %cc64
  %v = load i32, ptr %p
  %inc = add i32 %r, 1
  %v1 = add i32 %v, %inc
  store i32 %v1, ptr %p
  %i1 = add nsw i32 %i, 1
  store i32 %i1, ptr %i.addr
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; lastprivate(s[1:4:2]): iteration k writes s[1], s[3], s[5], s[7] = 10k + j;
; the copy-out leaves the even elements, outside the section, as they were.
define void @strided() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.LASTPRIVATE:ARRSECT"(ptr @s, i64 1, i64 1, i64 4, i64 2),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 2) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %next ]
  %c = icmp slt i64 %k, 50
  br i1 %c, label %body, label %end
body:
  %base = mul i64 %k, 10
  br label %inner
inner:
  %j = phi i64 [ 1, %body ], [ %j2, %inner ]
  %sp = getelementptr inbounds [10 x i64], ptr @s, i64 0, i64 %j
  %v = add i64 %base, %j
  store i64 %v, ptr %sp
  %j2 = add i64 %j, 2
  %more = icmp slt i64 %j2, 8
  br i1 %more, label %inner, label %evens
evens:
  br label %next
next:
  %k1 = add nsw i64 %k, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; firstprivate(f[1:2]) of long f[3][2] (whole rows): each iteration reads
; f[1][0] + f[2][1] from its copy; a local sum (then *acc) adds them.
define void @first(ptr %acc) {
entry:
  %s.addr = alloca i64
  store i64 0, ptr %s.addr
  %f = alloca [3 x [2 x i64]]
  store [3 x [2 x i64]] [[2 x i64] [i64 1, i64 2], [2 x i64] [i64 100, i64 5], [2 x i64] [i64 7, i64 5]], ptr %f
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", metadata !"QUAL.OPND.ARRSECT", ptr %f, i64 1, i64 1, i64 2, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 200
  br i1 %c, label %body, label %end
body:
  %p10 = getelementptr inbounds [3 x [2 x i64]], ptr %f, i64 0, i64 1, i64 0
  %p21 = getelementptr inbounds [3 x [2 x i64]], ptr %f, i64 0, i64 2, i64 1
  %a = load i64, ptr %p10
  %b = load i64, ptr %p21
  %ab = add i64 %a, %b
  %s = load i64, ptr %s.addr
  %s1 = add i64 %s, %ab
  store i64 %s1, ptr %s.addr
  %i1 = add nsw i32 %i, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %total = load i64, ptr %s.addr
  store i64 %total, ptr %acc
  ret void
}

; reduction(max: m[0:2:3][1:1]) of short m[6][3]: m[0][1] and m[3][1].
define void @peak() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.MAX:ARRSECT"(ptr @m, i64 2, i64 0, i64 2, i64 3, i64 1, i64 1, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 1000
  br i1 %c, label %body, label %end
body:
  %odd = and i32 %i, 1
  %row = mul i32 %odd, 3
  %row64 = zext i32 %row to i64
  %p = getelementptr inbounds [6 x [3 x i16]], ptr @m, i64 0, i64 %row64, i64 1
  %v = load i16, ptr %p
  %x = trunc i32 %i to i16
  %gt = icmp sgt i16 %x, %v
  %m = select i1 %gt, i16 %x, i16 %v
  store i16 %m, ptr %p
  %i1 = add nsw i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define void @dump_i32(ptr %a, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i32, ptr %a, i64 %k
  %v = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @fmt.d, i32 %v)
  %k1 = add i64 %k, 1
  br label %head
done:
  call i32 (ptr, ...) @printf(ptr @fmt.nl)
  ret void
}

define void @dump_i16(ptr %a, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i16, ptr %a, i64 %k
  %v = load i16, ptr %p
  %w = sext i16 %v to i32
  call i32 (ptr, ...) @printf(ptr @fmt.d, i32 %w)
  %k1 = add i64 %k, 1
  br label %head
done:
  call i32 (ptr, ...) @printf(ptr @fmt.nl)
  ret void
}

define void @dump_i64(ptr %a, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i64, ptr %a, i64 %k
  %v = load i64, ptr %p
  call i32 (ptr, ...) @printf(ptr @fmt.ld, i64 %v)
  %k1 = add i64 %k, 1
  br label %head
done:
  call i32 (ptr, ...) @printf(ptr @fmt.nl)
  ret void
}

define i32 @main() {
  %acc = alloca i64
  store i64 0, ptr %acc
  call void @sum()
  call i32 (ptr, ...) @printf(ptr @fmt.g)
  call void @dump_i32(ptr @g, i64 20)
  call void @strided()
  call i32 (ptr, ...) @printf(ptr @fmt.s)
  call void @dump_i64(ptr @s, i64 10)
  call void @first(ptr %acc)
  %av = load i64, ptr %acc
  call i32 (ptr, ...) @printf(ptr @fmt.f, i64 %av)
  call void @peak()
  call i32 (ptr, ...) @printf(ptr @fmt.m)
  call void @dump_i16(ptr @m, i64 18)
  ret i32 0
}
