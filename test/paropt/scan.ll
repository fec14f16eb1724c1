; Scan reductions (OpenMP 5.1 §2.11.8: `reduction(inscan, op: x)` with a
; `scan inclusive(x)` or `exclusive(x)` directive in the loop's body),
; executed. Region form as icx writes it: the normalized loop, the
; reduction's inscan index (`REDUCTION.ADD:INSCAN.TYPED(ptr %x, i32 0, i32 1,
; i64 1)`), and a DIR.OMP.SCAN region holding a fence whose INCLUSIVE:TYPED
; item carries the same index; an exclusive sum in a worksharing loop inside
; a parallel region; an icx simd loop (vectorized: test/vplan/scan.ll). Paper form: a
; parallel loop written as a loop, a max scan with EXCLUSIVE, the variable
; starting above some inputs (the original's value comes first in every
; prefix). Each prints its total and its whole prefix array at trip counts
; 0, 1, 5 and 37; output at 1-7 threads, -O0 and -O2, equals the serial
; program's (the directives stripped). A scan pass that ran before the
; other threads' input pass, or an offset without the earlier threads'
; totals, prints other prefixes from 2 threads on.
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
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=GONE
; RUN: %opt -passes=weft -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; CHECK: inclusive n=0 total 0:
; CHECK: max n=0 total 3:
; CHECK: inclusive n=5 total 11: -3 1 1 8 11
; CHECK: exclusive n=5 total 10: 0 0 1 3 6
; CHECK: max n=5 total 11: 3 3 7 7 11
; CHECK: simd n=5 total 5.5: -1.5 0.5 0.5 4 5.5
;
; SHAPE-LABEL: define void @simd_region(
; SHAPE-NOT: @malloc
; SHAPE: ret void
; SHAPE-LABEL: define internal void @incl_region.omp_outlined.1(
; SHAPE: call i32 @omp_get_num_threads()
; SHAPE: call i32 @__kmpc_single(
; SHAPE: call void @__kmpc_copyprivate({{.*}}@incl_region.omp.scan.copy
; SHAPE-DAG: omp.scan.alloc:
; SHAPE-DAG: call ptr @malloc(
; SHAPE-DAG: omp.scan.next:
; SHAPE-DAG: omp.scan.between:
; SHAPE-DAG: omp.scan.pre.input.pass:
; SHAPE-DAG: omp.scan.at.scan.pass:
; SHAPE-DAG: call void @free(
; SHAPE-LABEL: define internal void @excl_team.omp_outlined.1(
; SHAPE: omp.scan.end.input.pass:
; SHAPE-LABEL: define internal void @max_paper.omp_outlined.1(
; SHAPE: call void @__kmpc_for_static_init_{{4|8}}(
; GONE-NOT: call {{.*}}@llvm.directive
;
; REMARK: remark: {{.*}}DIR.OMP.PARALLEL.LOOP (region 1) lowered; {{.*}}; inclusive scan of 1 variable(s)
; REMARK: remark: {{.*}}DIR.OMP.LOOP (region 2) lowered; {{.*}}; exclusive scan of 1 variable(s)
; REMARK: remark: {{.*}}DIR.OMP.PARALLEL.LOOP (region 1) lowered; {{.*}}; exclusive scan of 1 variable(s)
; REMARK: remark: {{.*}}DIR.OMP.SIMD (region 1) run by the encountering thread; its scan reduction left to weft-vectorize
; REMARK: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'simd_region' vectorized with VF 4

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)

@a = global [64 x i32] zeroinitializer
@b = global [64 x i32] zeroinitializer
@f = global [64 x float] zeroinitializer
@head = private constant [18 x i8] c"%s n=%d total %d:\00"
@headf = private constant [18 x i8] c"%s n=%d total %g:\00"
@item = private constant [4 x i8] c" %d\00"
@itemf = private constant [4 x i8] c" %g\00"
@nl = private constant [2 x i8] c"\0A\00"
@s.incl = private constant [10 x i8] c"inclusive\00"
@s.excl = private constant [10 x i8] c"exclusive\00"
@s.max = private constant [4 x i8] c"max\00"
@s.simd = private constant [5 x i8] c"simd\00"

; name n=<n> total <t>: b[0] ... b[n-1]
define void @show(ptr %name, i32 %n, i32 %t) {
entry:
  call i32 (ptr, ...) @printf(ptr @head, ptr %name, i32 %n, i32 %t)
  br label %cond
cond:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i32 %k, %n
  br i1 %c, label %body, label %done
body:
  %kx = sext i32 %k to i64
  %p = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %kx
  %v = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @item, i32 %v)
  %k1 = add i32 %k, 1
  br label %cond
done:
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

define void @showf(ptr %name, i32 %n, float %t) {
entry:
  %td = fpext float %t to double
  call i32 (ptr, ...) @printf(ptr @headf, ptr %name, i32 %n, double %td)
  br label %cond
cond:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i32 %k, %n
  br i1 %c, label %body, label %done
body:
  %kx = sext i32 %k to i64
  %p = getelementptr inbounds [64 x float], ptr @f, i64 0, i64 %kx
  %v = load float, ptr %p
  %vd = fpext float %v to double
  call i32 (ptr, ...) @printf(ptr @itemf, double %vd)
  %k1 = add i32 %k, 1
  br label %cond
done:
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

; parallel for reduction(inscan, +: x): x += a[i]; scan inclusive(x); b[i] = x
; (icx's layout: normalized loop, inscan index 1 on both clauses).
define void @incl_region(i32 %n) {
entry:
  %x = alloca i32, align 4
  %.omp.iv = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 0, ptr %x
  %ub = sub i32 %n, 1
  store i32 %ub, ptr %.omp.ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %.omp.iv, i32 0),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %.omp.ub, i32 0),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  store i32 0, ptr %.omp.iv
  br label %cond
cond:
  %iv = load i32, ptr %.omp.iv
  %ubv = load i32, ptr %.omp.ub
  %c = icmp sle i32 %iv, %ubv
  br i1 %c, label %body, label %exit
body:
  %iv2 = load i32, ptr %.omp.iv
  %mul = mul nsw i32 %iv2, 1
  %add = add nsw i32 0, %mul
  store i32 %add, ptr %i
  %i1 = load i32, ptr %i
  %ix = sext i32 %i1 to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = add i32 %xv, %av
  store i32 %xs, ptr %x
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(),
      "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  fence acq_rel
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %xv2 = load i32, ptr %x
  %i2 = load i32, ptr %i
  %ix2 = sext i32 %i2 to i64
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix2
  store i32 %xv2, ptr %pb
  br label %inc
inc:
  %iv3 = load i32, ptr %.omp.iv
  %ivn = add nsw i32 %iv3, 1
  store i32 %ivn, ptr %.omp.iv
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %xt = load i32, ptr %x
  call void @show(ptr @s.incl, i32 %n, i32 %xt)
  ret void
}

; parallel { for reduction(inscan, +: y): b[i] = y; scan exclusive(y); y += i }
; (region form, the loop inside a parallel region, untyped with its index).
define void @excl_team(i32 %n) {
entry:
  %y = alloca i32, align 4
  %.omp.iv = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 0, ptr %y
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %y, i32 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.iv, i32 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.ub, i32 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  %ub = sub i32 %n, 1
  store i32 %ub, ptr %.omp.ub
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:INSCAN"(ptr %y, i64 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %.omp.iv, i32 0),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %.omp.ub, i32 0),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  store i32 0, ptr %.omp.iv
  br label %cond
cond:
  %iv = load i32, ptr %.omp.iv
  %ubv = load i32, ptr %.omp.ub
  %c = icmp sle i32 %iv, %ubv
  br i1 %c, label %body, label %exit
body:
  %iv2 = load i32, ptr %.omp.iv
  store i32 %iv2, ptr %i
  %i1 = load i32, ptr %i
  %ix = sext i32 %i1 to i64
  %yv = load i32, ptr %y
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %yv, ptr %pb
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.EXCLUSIVE"(ptr %y, i64 1) ]
  fence acq_rel
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %i2 = load i32, ptr %i
  %yv2 = load i32, ptr %y
  %ys = add i32 %yv2, %i2
  store i32 %ys, ptr %y
  %iv3 = load i32, ptr %.omp.iv
  %ivn = add nsw i32 %iv3, 1
  store i32 %ivn, ptr %.omp.iv
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %yt = load i32, ptr %y
  call void @show(ptr @s.excl, i32 %n, i32 %yt)
  ret void
}

; Paper form, a loop written as a loop: m = 3;
; parallel for reduction(inscan, max: m): b[k] = m; scan exclusive(m);
; m = max(m, a[k] * 2 - k).
define void @max_paper(i32 %n) {
entry:
  %m = alloca i32, align 4
  %k = alloca i32, align 4
  store i32 3, ptr %m
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MAX:INSCAN", ptr %m)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %k)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %k
  br label %cond
cond:
  %kv = load i32, ptr %k
  %c = icmp slt i32 %kv, %n
  br i1 %c, label %body, label %exit
body:
  %k1 = load i32, ptr %k
  %kx = sext i32 %k1 to i64
  %mv = load i32, ptr %m
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %kx
  store i32 %mv, ptr %pb
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.EXCLUSIVE", ptr %m)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k2 = load i32, ptr %k
  %kx2 = sext i32 %k2 to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %kx2
  %av = load i32, ptr %pa
  %a2 = mul i32 %av, 2
  %v = sub i32 %a2, %k2
  %mv2 = load i32, ptr %m
  %gt = icmp sgt i32 %v, %mv2
  %mx = select i1 %gt, i32 %v, i32 %mv2
  store i32 %mx, ptr %m
  br label %inc
inc:
  %k3 = load i32, ptr %k
  %kn = add nsw i32 %k3, 1
  store i32 %kn, ptr %k
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %mt = load i32, ptr %m
  call void @show(ptr @s.max, i32 %n, i32 %mt)
  ret void
}

; icx's simd loop with an inscan float sum: z += a[i] * 0.5; scan
; inclusive(z); f[i] = z (vectorized by weft-vectorize, its fence dropped).
define void @simd_region(i32 %n) {
entry:
  %z = alloca float, align 4
  %.omp.iv = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %i = alloca i32, align 4
  store float 0.0, ptr %z
  %ub = sub i32 %n, 1
  store i32 %ub, ptr %.omp.ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %z, float 0.000000e+00, i32 1, i64 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %.omp.iv, i32 0),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %.omp.ub, i32 0),
      "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i, i32 0, i32 1, i32 1) ]
  store i32 0, ptr %.omp.iv
  br label %cond
cond:
  %iv = load i32, ptr %.omp.iv
  %ubv = load i32, ptr %.omp.ub
  %c = icmp sle i32 %iv, %ubv
  br i1 %c, label %body, label %exit
body:
  %iv2 = load i32, ptr %.omp.iv
  store i32 %iv2, ptr %i
  %i1 = load i32, ptr %i
  %ix = sext i32 %i1 to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %af = sitofp i32 %av to float
  %h = fmul float %af, 5.000000e-01
  %zv = load float, ptr %z
  %zs = fadd float %zv, %h
  store float %zs, ptr %z
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(),
      "QUAL.OMP.INCLUSIVE:TYPED"(ptr %z, float 0.000000e+00, i32 1, i64 1) ]
  fence acq_rel
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %zv2 = load float, ptr %z
  %pf = getelementptr inbounds [64 x float], ptr @f, i64 0, i64 %ix
  store float %zv2, ptr %pf
  %iv3 = load i32, ptr %.omp.iv
  %ivn = add nsw i32 %iv3, 1
  store i32 %ivn, ptr %.omp.iv
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %zt = load float, ptr %z
  call void @showf(ptr @s.simd, i32 %n, float %zt)
  ret void
}

define i32 @main() {
entry:
  br label %fill
fill:
  %k = phi i32 [ 0, %entry ], [ %k1, %fill ]
  %kx = sext i32 %k to i64
  %p = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %kx
  %m = mul i32 %k, 7
  %r = urem i32 %m, 11
  %v = sub i32 %r, 3
  store i32 %v, ptr %p
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, 64
  br i1 %more, label %fill, label %run
run:
  br label %sizes
sizes:
  %j = phi i32 [ 0, %run ], [ %j1, %sizes ]
  %n = call i32 @size(i32 %j)
  call void @incl_region(i32 %n)
  call void @excl_team(i32 %n)
  call void @max_paper(i32 %n)
  call void @simd_region(i32 %n)
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 4
  br i1 %again, label %sizes, label %done
done:
  ret i32 0
}

; 0, 1, 5, 37
define i32 @size(i32 %j) {
  switch i32 %j, label %d [ i32 0, label %z
                            i32 1, label %o
                            i32 2, label %f ]
z:
  ret i32 0
o:
  ret i32 1
f:
  ret i32 5
d:
  ret i32 37
}
