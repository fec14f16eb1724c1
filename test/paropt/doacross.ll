; Doacross loops: ordered(1) with `ordered depend(sink: ...)` and `ordered
; depend(source)`. Each thread registers the loop's iterations with libomp
; (__kmpc_doacross_init/fini), a sink waits until that iteration has posted,
; source posts the current one. Each loop is a chain (every iteration reads
; what the one before it wrote), so any iteration that runs before its sink
; has posted prints another number. icx's normalized form (region form, the
; sink given as an iteration number, schedule(static, 7)) and the paper form
; with a loop written as a loop counting down by 3 (the sink given as the
; variable's value, i + 3, which weft-prepare turns into an iteration
; number; schedule(dynamic, 2)). The output at 1-7 threads equals the
; serial program's.
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
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: not %opt -passes=weft -disable-output %S/Inputs/doacross-plain-loop.ll 2>&1 | FileCheck %s --check-prefix=PLAIN
; CHECK: icx -8939191526838368140
; CHECK-NEXT: paper {{-?[0-9]+}}
;
; SHAPE-LABEL: define internal void @chain.omp_outlined
; SHAPE: call void @__kmpc_doacross_init(ptr @{{.*}}, i32 %{{.*}}, i32 1, ptr %omp.doacross.dims)
; SHAPE-NEXT: call void @__kmpc_dispatch_init_4(ptr @{{.*}}, i32 %{{.*}}, i32 33,
; SHAPE: call void @__kmpc_doacross_fini(
; SHAPE: call void @__kmpc_doacross_wait(
; SHAPE: call void @__kmpc_doacross_post(
; SHAPE-LABEL: define internal void @down.omp_outlined
; SHAPE: %omp.doacross.sink.iter = sdiv i64
; SHAPE: call void @__kmpc_doacross_wait(
; PRINT: DEPEND.SINK: (i32 %km1)
; PRINT: DEPEND.SOURCE: YES
; PLAIN: error: weft: DIR.OMP.ORDERED in function 'f'{{.*}}: ordered depend(sink/source) needs a loop with ORDERED(n) (a doacross loop), not a plain ORDERED [rule: clause-not-allowed]

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@a = global [1001 x i64] zeroinitializer
@fmt = private constant [10 x i8] c"icx %lld\0A\00"
@fmtp = private constant [12 x i8] c"paper %lld\0A\00"

; for (i = 1; i <= 1000; i++) { ordered depend(sink: i-1); a[i] = a[i-1]*31 + i; ordered depend(source) }
; normalized: k = 0 .. 999, i = k + 1; sink (i-1 - 1)/1 = k - 1.
define i64 @chain() {
entry:
  %iv = alloca i32
  %ub = alloca i32
  store i32 999, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 1, i64 1000),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub), "QUAL.OMP.SCHEDULE.STATIC"(i32 7) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  %km1 = sub i32 %k, 1
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SINK"(i32 %km1) ]
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.ORDERED"() ]
  %i = add i32 %k, 1
  %iw = sext i32 %i to i64
  %im1 = sub i64 %iw, 1
  %pp = getelementptr [1001 x i64], ptr @a, i64 0, i64 %im1
  %prev = load i64, ptr %pp
  %m = mul i64 %prev, 31
  %v = add i64 %m, %iw
  %p = getelementptr [1001 x i64], ptr @a, i64 0, i64 %iw
  store i64 %v, ptr %p
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SOURCE"() ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.ORDERED"() ]
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %lp = getelementptr [1001 x i64], ptr @a, i64 0, i64 1000
  %l = load i64, ptr %lp
  ret i64 %l
}

; for (i = 999; i > 0; i -= 3) { ordered depend(sink: i + 3);
;   a[i] = a[i + 3] * 7 + i (mod 1000003); ordered depend(source) }
define i64 @down() {
entry:
  %i.addr = alloca i32
  store i64 5, ptr getelementptr ([1001 x i64], ptr @a, i64 0, i64 1000)
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.ORDERED", i32 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 997, ptr %i.addr
  br label %cond
cond:
  %i = load i32, ptr %i.addr
  %c = icmp sgt i32 %i, 0
  br i1 %c, label %body, label %end
body:
  %i0 = load i32, ptr %i.addr
  %ip3 = add i32 %i0, 3
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i32 %ip3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %iw = sext i32 %i0 to i64
  %nw = add i64 %iw, 3
  %np = getelementptr [1001 x i64], ptr @a, i64 0, i64 %nw
  %nv = load i64, ptr %np
  %m = mul i64 %nv, 7
  %s = add i64 %m, %iw
  %r = srem i64 %s, 1000003
  %p = getelementptr [1001 x i64], ptr @a, i64 0, i64 %iw
  store i64 %r, ptr %p
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEPEND.SOURCE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %i1 = load i32, ptr %i.addr
  %i2 = sub i32 %i1, 3
  store i32 %i2, ptr %i.addr
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %l = load i64, ptr getelementptr ([1001 x i64], ptr @a, i64 0, i64 1)
  ret i64 %l
}

define i32 @main() {
  %r = call i64 @chain()
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r)
  %d = call i64 @down()
  call i32 (ptr, ...) @printf(ptr @fmtp, i64 %d)
  ret i32 0
}
