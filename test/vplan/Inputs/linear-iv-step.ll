; LINEAR:IV with a step of 2, but the loop steps its variable by 1.
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f(ptr %a) {
entry:
  %i = alloca i32
  store i32 0, ptr %i
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i, i32 0, i32 1, i32 2) ]
  br label %cond
cond:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, 100
  br i1 %c, label %body, label %end
body:
  %iv2 = load i32, ptr %i
  %p = getelementptr i32, ptr %a, i32 %iv2
  store i32 %iv2, ptr %p
  %iv3 = load i32, ptr %i
  %inc = add nsw i32 %iv3, 1
  store i32 %inc, ptr %i
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
