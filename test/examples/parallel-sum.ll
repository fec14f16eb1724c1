; weft's bundled example: sum of i*i for i in [0, N) with
;   #pragma omp parallel for reduction(+:sum)
; in the region form Intel's compiler emits (normalized loop: iv = 0 .. ub
; inclusive). main() prints the parallel sum and the serially computed one.
target triple = "x86_64-pc-linux-gnu"

@fmt = private constant [28 x i8] c"parallel %ld serial %ld %s\0A\00"
@ok = private constant [3 x i8] c"OK\00"
@bad = private constant [9 x i8] c"MISMATCH\00"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

define i64 @sum_squares(i32 %n) {
entry:
  %sum = alloca i64, align 8
  %i = alloca i32, align 4
  %omp.lb = alloca i32, align 4
  %omp.ub = alloca i32, align 4
  %omp.iv = alloca i32, align 4
  store i64 0, ptr %sum, align 8
  store i32 0, ptr %omp.lb, align 4
  %last = sub nsw i32 %n, 1
  store i32 %last, ptr %omp.ub, align 4
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i32 1),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 0),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %omp.iv, i32 0),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %omp.lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %omp.ub, i32 0),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  %lb = load i32, ptr %omp.lb, align 4
  store i32 %lb, ptr %omp.iv, align 4
  br label %loop.cond

loop.cond:
  %iv = load i32, ptr %omp.iv, align 4
  %ub = load i32, ptr %omp.ub, align 4
  %cmp = icmp sle i32 %iv, %ub
  br i1 %cmp, label %loop.body, label %loop.end

loop.body:
  store i32 %iv, ptr %i, align 4
  %iw = sext i32 %iv to i64
  %sq = mul nsw i64 %iw, %iw
  %s = load i64, ptr %sum, align 8
  %s.next = add nsw i64 %s, %sq
  store i64 %s.next, ptr %sum, align 8
  %iv.next = add nsw i32 %iv, 1
  store i32 %iv.next, ptr %omp.iv, align 4
  br label %loop.cond

loop.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %sum, align 8
  ret i64 %r
}

define i64 @serial(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %iw = sext i32 %i to i64
  %sq = mul nsw i64 %iw, %iw
  %s.next = add nsw i64 %s, %sq
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %s.next
}

define i32 @main() {
entry:
  %p = call i64 @sum_squares(i32 100000)
  %s = call i64 @serial(i32 100000)
  %same = icmp eq i64 %p, %s
  %msg = select i1 %same, ptr @ok, ptr @bad
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %p, i64 %s, ptr %msg)
  %code = select i1 %same, i32 0, i32 1
  ret i32 %code
}
