; Doacross loop nests: ordered(2), each of the two loops a dimension of the
; iteration space libomp tracks (__kmpc_doacross_init with two kmp_dims).
; icx's layout: the outer loop normalized, the inner one a loop in memory,
; ORDERED(2, trip, trip), sinks and source as iteration numbers (region
; form, schedule(static, 1)); and the paper form with both loops written as
; loops over phis, the inner one counting down, ORDERED(2) alone and sinks
; as the variables' values (i - 1, j) and (i, j + 1), which weft-prepare
; turns into iteration numbers, giving the source its vector and ORDERED
; the loops' trip counts (schedule(dynamic, 2)). Each cell is computed from
; the cells its sinks name, and the printed cell depends on every other, so
; a cell computed before its sinks posted prints another number. The output
; at 1-7 threads, at -O0 and -O2, equals the serial program's.
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
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=PREPARED
; RUN: not %opt -passes=weft -disable-output %S/Inputs/doacross-nest.ll 2>&1 | FileCheck %s --check-prefix=NEST
; CHECK: icx 206444
; CHECK-NEXT: paper 799771
;
; SHAPE-LABEL: define internal void @icx.omp_outlined
; SHAPE: call void @__kmpc_doacross_init(ptr @{{.*}}, i32 %{{.*}}, i32 2, ptr %omp.doacross.dims)
; SHAPE: call void @__kmpc_doacross_fini(
; SHAPE: call void @__kmpc_doacross_wait(
; SHAPE: call void @__kmpc_doacross_wait(
; SHAPE: call void @__kmpc_doacross_post(
; SHAPE-LABEL: define internal void @paper.omp_outlined
; SHAPE: %omp.doacross.trip{{[0-9]*}} = load i64, ptr %omp.doacross.trip{{[0-9]*}}.priv
; SHAPE: %omp.doacross.trip{{[0-9]*}} = load i64, ptr %omp.doacross.trip{{[0-9]*}}.priv
; SHAPE: call void @__kmpc_doacross_init(ptr @{{.*}}, i32 %{{.*}}, i32 2, ptr %omp.doacross.dims)
; PREPARED-LABEL: define i64 @paper()
; PREPARED: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.ORDERED", i32 2, ptr %omp.doacross.trip, ptr %omp.doacross.trip{{[0-9]+}})
; PREPARED: store i64 39, ptr %omp.doacross.trip,
; PREPARED-NEXT: store i64 30, ptr %omp.doacross.trip1,
; PREPARED: %omp.doacross.iter = sdiv i64
; PREPARED: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i64 %omp.doacross.iter, i64 %omp.doacross.iter{{[0-9]+}})
; PREPARED: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SOURCE", i64 %{{.*}}, i64 %omp.doacross.iter{{[0-9]+}})
; NEST: error: weft: DIR.OMP.LOOP in function 'f'{{.*}}: cannot count this worksharing loop's iterations: ordered(2) associates 2 loops: the collapsed loops are not nested [rule: loop-form]

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@g = global [40 x [31 x i64]] zeroinitializer
@h = global [40 x [31 x i64]] zeroinitializer
@fmt = private constant [10 x i8] c"icx %lld\0A\00"
@fmtp = private constant [12 x i8] c"paper %lld\0A\00"

; for (i = 1; i < 40; i++) for (j = 0; j < 30; j++) {
;   ordered depend(sink: i-1, j) depend(sink: i, j-1)
;   g[i][j+1] = (g[i-1][j+1] * 3 + g[i][j] * 5 + i + j) % 1000003
;   ordered depend(source) }
; normalized outer: k = 0 .. 38, i = k + 1; iteration numbers (k, j).
define i64 @icx() {
entry:
  %iv = alloca i32
  %ub = alloca i32
  %j.addr = alloca i32
  store i32 38, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 2, i32 39, i32 30),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub), "QUAL.OMP.PRIVATE"(ptr %j.addr),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 1) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  store i32 0, ptr %j.addr
  br label %jcond
jcond:
  %j = load i32, ptr %j.addr
  %jc = icmp slt i32 %j, 30
  br i1 %jc, label %jbody, label %jend
jbody:
  %km1 = sub i32 %k, 1
  %jm1 = sub i32 %j, 1
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SINK"(i32 %km1, i32 %j),
      "QUAL.OMP.DEPEND.SINK"(i32 %k, i32 %jm1) ]
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.ORDERED"() ]
  %i = add i32 %k, 1
  %iw = sext i32 %i to i64
  %jw = sext i32 %j to i64
  %im1 = sub i64 %iw, 1
  %jp1 = add i64 %jw, 1
  %up.p = getelementptr [40 x [31 x i64]], ptr @g, i64 0, i64 %im1, i64 %jp1
  %up = load i64, ptr %up.p
  %left.p = getelementptr [40 x [31 x i64]], ptr @g, i64 0, i64 %iw, i64 %jw
  %left = load i64, ptr %left.p
  %a = mul i64 %up, 3
  %b = mul i64 %left, 5
  %ab = add i64 %a, %b
  %ij = add i64 %iw, %jw
  %s = add i64 %ab, %ij
  %r = srem i64 %s, 1000003
  %p = getelementptr [40 x [31 x i64]], ptr @g, i64 0, i64 %iw, i64 %jp1
  store i64 %r, ptr %p
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SOURCE"(i32 %k, i32 %j) ]
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  %j1 = add i32 %j, 1
  store i32 %j1, ptr %j.addr
  br label %jcond
jend:
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %l = load i64, ptr getelementptr ([40 x [31 x i64]], ptr @g, i64 0, i64 39, i64 30)
  ret i64 %l
}

; for (i = 1; i < 40; i++) for (j = 29; j >= 0; j--) {
;   ordered depend(sink: i-1, j) depend(sink: i, j+1)
;   h[i][j] = (h[i-1][j] * 7 + h[i][j+1] * 2 + i) % 1000003
;   ordered depend(source) }
define i64 @paper() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.ORDERED", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 1, %entry ], [ %i1, %jend ]
  %c = icmp slt i32 %i, 40
  br i1 %c, label %body, label %end
body:
  br label %jcond
jcond:
  %j = phi i32 [ 29, %body ], [ %j1, %jbody ]
  %jc = icmp sge i32 %j, 0
  br i1 %jc, label %jbody, label %jend
jbody:
  %im1 = sub i32 %i, 1
  %jp1 = add i32 %j, 1
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i32 %im1, i32 %j)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i32 %i, i32 %jp1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %iw = sext i32 %i to i64
  %jw = sext i32 %j to i64
  %imw = sub i64 %iw, 1
  %jpw = add i64 %jw, 1
  %up.p = getelementptr [40 x [31 x i64]], ptr @h, i64 0, i64 %imw, i64 %jw
  %up = load i64, ptr %up.p
  %right.p = getelementptr [40 x [31 x i64]], ptr @h, i64 0, i64 %iw, i64 %jpw
  %right = load i64, ptr %right.p
  %a = mul i64 %up, 7
  %b = mul i64 %right, 2
  %ab = add i64 %a, %b
  %s = add i64 %ab, %iw
  %r = srem i64 %s, 1000003
  %p = getelementptr [40 x [31 x i64]], ptr @h, i64 0, i64 %iw, i64 %jw
  store i64 %r, ptr %p
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEPEND.SOURCE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %j1 = sub i32 %j, 1
  br label %jcond
jend:
  %i1 = add i32 %i, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %l = load i64, ptr getelementptr ([40 x [31 x i64]], ptr @h, i64 0, i64 39, i64 0)
  ret i64 %l
}

define i32 @main() {
  %r = call i64 @icx()
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r)
  %d = call i64 @paper()
  call i32 (ptr, ...) @printf(ptr @fmtp, i64 %d)
  ret i32 0
}
