; fuzz seed: both forms in one function, properly nested: a paper-form
; parallel around a region-form loop whose body is a paper-form ordered, and
; a never-completing region (parallel { abort(); }).
target triple = "x86_64-pc-linux-gnu"

declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @abort() noreturn

define void @mixed(ptr %p, i32 %n) {
entry:
  %i = alloca i32, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %p)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.PRIVATE"(ptr %i), "QUAL.OMP.ORDERED"(i32 0) ]
  br label %head

head:
  %k = phi i32 [ 0, %entry ], [ %k1, %latch ]
  %c = icmp slt i32 %k, %n
  br i1 %c, label %latch, label %out

latch:
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 %k, ptr %p, align 4
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k1 = add i32 %k, 1
  br label %head

out:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @noreturn() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  call void @abort()
  unreachable
}
