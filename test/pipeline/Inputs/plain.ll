; A directive-free program: weft must leave it alone and it must still run.
target triple = "x86_64-pc-linux-gnu"
@fmt = private constant [9 x i8] c"sum=%ld\0A\00"
declare i32 @printf(ptr, ...)

define i64 @sum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %s.next = add i64 %s, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %s.next
}

define i32 @main() {
entry:
  %a = alloca [100 x i64]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %p = getelementptr inbounds [100 x i64], ptr %a, i64 0, i64 %i
  store i64 %i, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 100
  br i1 %done, label %go, label %fill
go:
  %s = call i64 @sum(ptr %a, i64 100)
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %s)
  ret i32 0
}
