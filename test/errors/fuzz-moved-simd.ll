; A simd directive a fuzz mutant moved inside its block (mutant 2:953 of
; test/paropt/nonrect-simd.ll): prepare read a clause list from a value
; that was no longer a call and aborted allocating for a garbage count.
; RUN: %opt -passes=weft -disable-output %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
declare i32 @printf(ptr, ...)
@f1 = private constant [28 x i8] c"stok3 %lld %lld %d %d %d\0A\00\00\00"
@f2 = private constant [30 x i8] c"spaper3 %lld %lld %d %d %d\0A\00\00\00"
@f3 = private constant [27 x i8] c"tri64 %lld %lld %lld %lld\0A\00"
@f4 = private constant [16 x i8] c"checksum %lld\0A\00\00"
@f5 = private constant [28 x i8] c"ptok3 %lld %lld %d %d %d\0A\00\00\00"
@f6 = private constant [30 x i8] c"ppaper3 %lld %lld %d %d %d\0A\00\00\00"
@out = global [1024 x i32] zeroinitializer
@pout = global [1024 x i32] zeroinitializer
@out64 = global [1024 x i64] zeroinitializer
define void @stok3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  store i32 -1, ptr %i
  store i32 -1, ptr %j
  store i32 -1, ptr %k
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.COLLAPSE"(i32 3), "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.LASTPRIVATE"(ptr %i), "QUAL.OMP.LASTPRIVATE"(ptr %j), "QUAL.OMP.LASTPRIVATE"(ptr %k) ]
  store i32 0, ptr %i
  br label %i.cond
i.cond:
  %fz.n0 = load i32, ptr %i
  %fz.n1 = load i32, ptr %n
  %c0 = icmp slt i32 %fz.n0, %fz.n1
  br i1 %c0, label %i.body, label %i.end
i.body:
  %fz.n2 = load i32, ptr %i
  store i32 %fz.n2, ptr %j
  br label %j.cond
j.cond:
  %fz.n3 = load i32, ptr %j
  %fz.n4 = load i32, ptr %n
  %c1 = icmp slt i32 %fz.n3, %fz.n4
  br i1 %c1, label %j.body, label %j.end
j.body:
  %fz.n5 = load i32, ptr %j
  store i32 %fz.n5, ptr %k
  br label %k.cond
k.cond:
  %fz.n6 = load i32, ptr %k
  %fz.n7 = load i32, ptr %n
  %nm1 = sub nsw i32 %fz.n7, 1
  %c2 = icmp slt i32 %fz.n6, %nm1
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %ai = mul i32 %vi, 81
  %aj = mul i32 %vj, 9
  %aij = add i32 %ai, %aj
  %aijk = add i32 %aij, %vk
  %aw = sext i32 %aijk to i64
  %ap = getelementptr inbounds [1024 x i32], ptr @out, i64 0, i64 %aw
  store i32 %v, ptr %ap
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %fz.n8 = load i32, ptr %k
  %k1 = add nsw i32 %fz.n8, 1
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %fz.n9 = load i32, ptr %j
  %j1 = add nsw i32 %fz.n9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %fz.n10 = load i32, ptr %i
  %i1 = add nsw i32 %fz.n10, 1
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f1, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}
define void @spaper3() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %cnt, ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %i, ptr %j, ptr %k)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %n0 = load i32, ptr %n
  store i32 %n0, ptr %i
  br label %i.cond
i.cond:
  %p0 = load i32, ptr %i
  %c0 = icmp sgt i32 %p0, 0
  br i1 %c0, label %i.body, label %i.end
i.body:
  %p2 = load i32, ptr %i
  %twoi = mul nsw i32 %p2, 2
  store i32 %twoi, ptr %j
  br label %j.cond
j.cond:
  %p3 = load i32, ptr %j
  %p4 = load i32, ptr %i
  %im3 = sub nsw i32 %p4, 3
  %c1 = icmp sge i32 %p3, %im3
  br i1 %c1, label %j.body, label %j.end
j.body:
  %p5 = load i32, ptr %j
  %negj = sub nsw i32 0, %p5
  store i32 %negj, ptr %k
  br label %k.cond
k.cond:
  %p6 = load i32, ptr %k
  %p7 = load i32, ptr %j
  %jm4 = sub nsw i32 %p7, 4
  %c2 = icmp sle i32 %p6, %jm4
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %p8 = load i32, ptr %k
  %k1 = add nsw i32 %p8, 3
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %p9 = load i32, ptr %j
  %j1 = sub nsw i32 %p9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %p10 = load i32, ptr %i
  %i1 = sub nsw i32 %p10, 2
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f2, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}
define void @ptok3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  store i32 -1, ptr %i
  store i32 -1, ptr %j
  store i32 -1, ptr %k
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP.SIMD"(), "QUAL.OMP.COLLAPSE"(i32 3), "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.LASTPRIVATE"(ptr %i), "QUAL.OMP.LASTPRIVATE"(ptr %j), "QUAL.OMP.LASTPRIVATE"(ptr %k), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 2), "QUAL.OMP.SHARED"(ptr %n) ]
  store i32 0, ptr %i
  br label %i.cond
i.cond:
  %fz.n0 = load i32, ptr %i
  %fz.n1 = load i32, ptr %n
  %c0 = icmp slt i32 %fz.n0, %fz.n1
  br i1 %c0, label %i.body, label %i.end
i.body:
  %fz.n2 = load i32, ptr %i
  store i32 %fz.n2, ptr %j
  br label %j.cond
j.cond:
  %fz.n3 = load i32, ptr %j
  %fz.n4 = load i32, ptr %n
  %c1 = icmp slt i32 %fz.n3, %fz.n4
  br i1 %c1, label %j.body, label %j.end
j.body:
  %fz.n5 = load i32, ptr %j
  store i32 %fz.n5, ptr %k
  br label %k.cond
k.cond:
  %fz.n6 = load i32, ptr %k
  %fz.n7 = load i32, ptr %n
  %nm1 = sub nsw i32 %fz.n7, 1
  %c2 = icmp slt i32 %fz.n6, %nm1
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %ai = mul i32 %vi, 81
  %aj = mul i32 %vj, 9
  %aij = add i32 %ai, %aj
  %aijk = add i32 %aij, %vk
  %aw = sext i32 %aijk to i64
  %ap = getelementptr inbounds [1024 x i32], ptr @pout, i64 0, i64 %aw
  store i32 %v, ptr %ap
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %fz.n8 = load i32, ptr %k
  %k1 = add nsw i32 %fz.n8, 1
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %fz.n9 = load i32, ptr %j
  %j1 = add nsw i32 %fz.n9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %fz.n10 = load i32, ptr %i
  %i1 = add nsw i32 %fz.n10, 1
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP.SIMD"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f5, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}
define void @ppaper3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP.SIMD")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %cnt, ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %i, ptr %j, ptr %k)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %n0 = load i32, ptr %n
  store i32 %n0, ptr %i
  br label %i.cond
i.cond:
  %p0 = load i32, ptr %i
  %c0 = icmp sgt i32 %p0, 0
  br i1 %c0, label %i.body, label %i.end
i.body:
  %p2 = load i32, ptr %i
  %twoi = mul nsw i32 %p2, 2
  store i32 %twoi, ptr %j
  br label %j.cond
j.cond:
  %p3 = load i32, ptr %j
  %p4 = load i32, ptr %i
  %im3 = sub nsw i32 %p4, 3
  %c1 = icmp sge i32 %p3, %im3
  br i1 %c1, label %j.body, label %j.end
j.body:
  %p5 = load i32, ptr %j
  %negj = sub nsw i32 0, %p5
  store i32 %negj, ptr %k
  br label %k.cond
k.cond:
  %p6 = load i32, ptr %k
  %p7 = load i32, ptr %j
  %jm4 = sub nsw i32 %p7, 4
  %c2 = icmp sle i32 %p6, %jm4
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %p8 = load i32, ptr %k
  %k1 = add nsw i32 %p8, 3
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %p9 = load i32, ptr %j
  %j1 = sub nsw i32 %p9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %p10 = load i32, ptr %i
  %i1 = sub nsw i32 %p10, 2
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f6, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}
define void @tri64(i64 %n) {
entry:
  %sum = alloca i64
  %cnt = alloca i64
  %i = alloca i64
  %j = alloca i64
  store i64 0, ptr %sum
  store i64 0, ptr %cnt
  store i64 -1, ptr %i
  store i64 -1, ptr %j
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum, ptr %cnt)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %i, ptr %j)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i64 0, ptr %i
  br label %i.cond
i.cond:
  %fz.n0 = load i64, ptr %i
  %c0 = icmp slt i64 %fz.n0, %n
  br i1 %c0, label %i.body, label %i.end
i.body:
  %fz.n1 = load i64, ptr %i
  %ip1 = add nsw i64 %fz.n1, 1
  store i64 %ip1, ptr %j
  br label %j.cond
j.cond:
  %fz.n2 = load i64, ptr %j
  %c1 = icmp slt i64 %fz.n2, %n
  br i1 %c1, label %j.body, label %j.end
j.body:
  %vi = load i64, ptr %i
  %vj = load i64, ptr %j
  %row = mul nsw i64 %vi, 32
  %idx = add nsw i64 %row, %vj
  %p = getelementptr inbounds [1024 x i64], ptr @out64, i64 0, i64 %idx
  %old = load i64, ptr %p
  %v = add i64 %old, %idx
  store i64 %v, ptr %p
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vj
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c2 = add i64 %c, 1
  store i64 %c2, ptr %cnt
  br label %j.inc
j.inc:
  %fz.n3 = load i64, ptr %j
  %j1 = add nsw i64 %fz.n3, 1
  store i64 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %fz.n4 = load i64, ptr %i
  %i1 = add nsw i64 %fz.n4, 1
  store i64 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i64, ptr %i
  %rj = load i64, ptr %j
  call i32 (ptr, ...) @printf(ptr @f3, i64 %rc, i64 %rs, i64 %ri, i64 %rj)
  ret void
}
define void @checksum() {
entry:
  br label %loop
loop:
  %q = phi i64 [ 0, %entry ], [ %q1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %loop ]
  %pa = getelementptr [1024 x i32], ptr @out, i64 0, i64 %q
  %a = load i32, ptr %pa
  %aw = sext i32 %a to i64
  %pb = getelementptr [1024 x i64], ptr @out64, i64 0, i64 %q
  %b = load i64, ptr %pb
  %pc = getelementptr [1024 x i32], ptr @pout, i64 0, i64 %q
  %c = load i32, ptr %pc
  %cw = sext i32 %c to i64
  %bc = add i64 %b, %cw
  %ab = add i64 %aw, %bc
  %w = add i64 %q, 1
  %t = mul i64 %ab, %w
  %acc1 = mul i64 %acc, 31
  %acc2 = add i64 %acc1, %t
  %q1 = add i64 %q, 1
  %done = icmp eq i64 %q1, 1024
  br i1 %done, label %exit, label %loop
exit:
  call i32 (ptr, ...) @printf(ptr @f4, i64 %acc2)
  ret void
}
define i32 @main() {
fz.entry:
  call void @stok3()
  call void @spaper3()
  call void @ptok3()
  call void @ppaper3()
  call void @tri64(i64 25)
  call void @tri64(i64 0)
  call void @tri64(i64 1)
  call void @checksum()
  ret i32 0
}
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
