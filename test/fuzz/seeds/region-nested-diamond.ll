; fuzz seed: region form. parallel > (loop over a counted loop, then a
; diamond with a single on one arm, then a critical after the join), and a
; simd region around a loop.
target triple = "x86_64-pc-linux-gnu"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @use(i32)

define i32 @nest(i1 %c, ptr %p, i32 %n) {
entry:
  %x = alloca i32, align 4
  %iv = alloca i32, align 4
  %ub = alloca i32, align 4
  %r = alloca i32, align 4
  store i32 0, ptr %r, align 4
  store i32 99, ptr %ub, align 4
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PRIVATE"(ptr %x), "QUAL.OMP.SHARED"(ptr %p), "QUAL.OMP.REDUCTION.ADD"(ptr %r) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub), "QUAL.OMP.SCHEDULE.STATIC"(i32 0) ]
  store i32 0, ptr %iv, align 4
  br label %loop.cond

loop.cond:
  %j = load i32, ptr %iv, align 4
  %u = load i32, ptr %ub, align 4
  %lc = icmp sle i32 %j, %u
  br i1 %lc, label %loop.body, label %loop.end

loop.body:
  call void @use(i32 %j)
  %j1 = add nsw i32 %j, 1
  store i32 %j1, ptr %iv, align 4
  br label %loop.cond

loop.end:
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.LOOP"() ]
  br i1 %c, label %then, label %else

then:
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(), "QUAL.OMP.NOWAIT"() ]
  store i32 1, ptr %x, align 4
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.SINGLE"() ]
  br label %join

else:
  store i32 2, ptr %x, align 4
  br label %join

join:
  %v = phi i32 [ 1, %then ], [ 2, %else ]
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  call void @use(i32 %v)
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.PARALLEL"() ]
  br label %vec.pre

vec.pre:
  %t4 = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4), "QUAL.OMP.LINEAR"(ptr %iv, i32 1) ]
  br label %vec.loop

vec.loop:
  %i = phi i32 [ 0, %vec.pre ], [ %i.next, %vec.loop ]
  %g = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %g, align 4
  %i.next = add nsw i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %vec.end, label %vec.loop

vec.end:
  call void @llvm.directive.region.exit(token %t4) [ "DIR.OMP.END.SIMD"() ]
  %res = load i32, ptr %r, align 4
  ret i32 %res
}
