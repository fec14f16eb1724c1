; atomic compare (OpenMP 5.1), executed: every thread of a team runs the
; iterations tid, tid + T, ... of 0 .. N-1 (N = 20000), so each result is
; the same at any team size T and equals the serial program's.
; - minmax: an int maximum as a select (`x = x < e ? e : x` at -O2), a
;   double minimum as a branch (`if (e < x) x = e;`, paper form, seq_cst),
;   an i64 maximum as a branch with release (the integer select becomes
;   one atomicrmw max, the branches a compare-exchange loop on a copy);
; - cas: counters, each incremented once per iteration by a compare-and-swap
;   retry loop over one compare capture form: `{v = x; if (x == e) x = d;}`
;   (acq_rel, fail(acquire)), `{if (x == e) x = d; else v = x;}` (paper
;   form, weak), `r = x == e; if (r) x = d;` (relaxed, fail(seq_cst), weak: a fail order
;   stronger than the construct's makes the exchange seq_cst on both sides),
;   and a double counter (`==` on values) stepping by 0.5.
; A lost update or a wrong capture changes a printed number.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
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
; RUN: %opt -passes=weft -verify-each -disable-output %s
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
;
; e(i) = (i * 7919) mod 10007 - 5000 takes its maximum 5006 and minimum
; -5000 on 0 .. 19999; the double is e / 4.
; SERIAL: minmax 5006 -5000 15018
; SERIAL-NEXT: cas 20000 40000 60000 10000
;
; SHAPE-LABEL: define internal void @minmax.omp_outlined
; SHAPE: %omp.atomic.copy{{[0-9]*}} = alloca double
; SHAPE: %omp.atomic.copy{{[0-9]*}} = alloca i64
; SHAPE: atomicrmw max ptr %{{.*}}, i32 %e monotonic
; SHAPE: fence seq_cst
; SHAPE: load atomic double, ptr %{{.*}} seq_cst
; SHAPE: cmpxchg ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}} seq_cst seq_cst
; SHAPE: fence seq_cst
; SHAPE: fence release
; SHAPE: cmpxchg ptr %{{.*}}, i64 %omp.atomic.seen{{.*}}, i64 %omp.atomic.new{{.*}} release monotonic
; SHAPE-LABEL: define internal void @cas.omp_outlined
; SHAPE: fence release
; SHAPE: load atomic i32, ptr %{{.*}} acquire
; SHAPE: cmpxchg ptr %{{.*}} acq_rel acquire
; SHAPE: fence acquire
; SHAPE: cmpxchg weak ptr %{{.*}} monotonic monotonic
; SHAPE: cmpxchg weak ptr %{{.*}} seq_cst seq_cst

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @printf(ptr, ...)
@fmt.mm = private constant [22 x i8] c"minmax %d %d %lld\0A\00\00\00\00"
@fmt.cas = private constant [22 x i8] c"cas %d %d %d %d\0A\00\00\00\00\00\00"

define i32 @val(i32 %i) {
  %m = mul i32 %i, 7919
  %r = srem i32 %m, 10007
  %e = sub i32 %r, 5000
  ret i32 %e
}

define void @minmax() {
entry:
  %mx = alloca i32
  %dmn = alloca double
  %lmx = alloca i64
  store i32 -100000, ptr %mx
  store double 1.0e9, ptr %dmn
  store i64 -100000, ptr %lmx
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %mx, ptr %dmn, ptr %lmx) ]
  %tid = call i32 @omp_get_thread_num()
  %nt = call i32 @omp_get_num_threads()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %i1, %next ]
  %c = icmp slt i32 %i, 20000
  br i1 %c, label %body, label %end
body:
  %e = call i32 @val(i32 %i)
  ; x = x < e ? e : x
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE"() ]
  %o = load i32, ptr %mx
  %lt = icmp slt i32 %o, %e
  %n = select i1 %lt, i32 %e, i32 %o
  store i32 %n, ptr %mx
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.ATOMIC"() ]
  %de = sitofp i32 %e to double
  %dq = fmul double %de, 2.5e-01
  ; if (e < x) x = e; (paper form)
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.COMPARE.SEQ_CST")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %dcmp
dcmp:
  %od = load double, ptr %dmn
  %dlt = fcmp olt double %dq, %od
  br i1 %dlt, label %dset, label %ddone
dset:
  store double %dq, ptr %dmn
  br label %ddone
ddone:
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %le = sext i32 %e to i64
  %l3 = mul i64 %le, 3
  ; if (e > x) x = e; release
  %b = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.RELEASE"() ]
  %ol = load i64, ptr %lmx
  %lgt = icmp sgt i64 %l3, %ol
  br i1 %lgt, label %lset, label %ldone
lset:
  store i64 %l3, ptr %lmx
  br label %ldone
ldone:
  call void @llvm.directive.region.exit(token %b) [ "DIR.OMP.END.ATOMIC"() ]
  br label %next
next:
  %i1 = add i32 %i, %nt
  br label %loop
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %rm = load i32, ptr %mx
  %rd = load double, ptr %dmn
  %rd4 = fmul double %rd, 4.0
  %rdi = fptosi double %rd4 to i32
  %rl = load i64, ptr %lmx
  call i32 (ptr, ...) @printf(ptr @fmt.mm, i32 %rm, i32 %rdi, i64 %rl)
  ret void
}

define void @cas() {
entry:
  %c1 = alloca i32
  %c2 = alloca i32
  %c3 = alloca i32
  %c4 = alloca double
  store i32 0, ptr %c1
  store i32 0, ptr %c2
  store i32 0, ptr %c3
  store double 0.0, ptr %c4
  %v = alloca i32
  %r = alloca i8
  %dv = alloca double
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %c1, ptr %c2, ptr %c3, ptr %c4), "QUAL.OMP.PRIVATE"(ptr %v, ptr %r, ptr %dv) ]
  %tid = call i32 @omp_get_thread_num()
  %nt = call i32 @omp_get_num_threads()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %i1, %d4 ]
  %c = icmp slt i32 %i, 20000
  br i1 %c, label %r1, label %end
r1:
  ; {v = x; if (x == e) x = e + 1;} with e = a plain read of x
  %e1 = load atomic i32, ptr %c1 monotonic, align 4
  %a1 = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE"(), "QUAL.OMP.CAPTURE.ACQ_REL"(), "QUAL.OMP.FAIL.ACQUIRE"() ]
  %x1 = load i32, ptr %c1
  store i32 %x1, ptr %v
  %x1b = load i32, ptr %c1
  %eq1 = icmp eq i32 %x1b, %e1
  br i1 %eq1, label %set1, label %done1
set1:
  %d1 = add i32 %e1, 1
  store i32 %d1, ptr %c1
  br label %done1
done1:
  call void @llvm.directive.region.exit(token %a1) [ "DIR.OMP.END.ATOMIC"() ]
  %got1 = load i32, ptr %v
  %ok1 = icmp eq i32 %got1, %e1
  br i1 %ok1, label %r2, label %r1
r2:
  ; {if (x == e) x = e + 2; else v = x;} (paper form, weak): v starts as e
  %e2 = load atomic i32, ptr %c2 monotonic, align 4
  store i32 %e2, ptr %v
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.COMPARE")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.CAPTURE")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.WEAK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cmp2
cmp2:
  %x2 = load i32, ptr %c2
  %eq2 = icmp eq i32 %x2, %e2
  br i1 %eq2, label %set2, label %else2
set2:
  %d2 = add i32 %e2, 2
  store i32 %d2, ptr %c2
  br label %done2
else2:
  %x2b = load i32, ptr %c2
  store i32 %x2b, ptr %v
  br label %done2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %got2 = load i32, ptr %v
  %ok2 = icmp eq i32 %got2, %e2
  br i1 %ok2, label %r3, label %r2
r3:
  ; r = x == e; if (r) x = e + 3;
  %e3 = load atomic i32, ptr %c3 monotonic, align 4
  %a3 = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.RELAXED"(), "QUAL.OMP.CAPTURE"(), "QUAL.OMP.FAIL.SEQ_CST"(), "QUAL.OMP.WEAK"() ]
  %x3 = load i32, ptr %c3
  %eq3 = icmp eq i32 %x3, %e3
  %rb = zext i1 %eq3 to i8
  store i8 %rb, ptr %r
  %rl = load i8, ptr %r
  %rt = trunc i8 %rl to i1
  br i1 %rt, label %set3, label %done3
set3:
  %d3 = add i32 %e3, 3
  store i32 %d3, ptr %c3
  br label %done3
done3:
  call void @llvm.directive.region.exit(token %a3) [ "DIR.OMP.END.ATOMIC"() ]
  %got3 = load i8, ptr %r
  %ok3 = icmp ne i8 %got3, 0
  br i1 %ok3, label %r4, label %r3
r4:
  ; {v = x; if (x == e) x = e + 0.5;} on a double
  %e4 = load atomic double, ptr %c4 monotonic, align 8
  %a4 = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE"(), "QUAL.OMP.CAPTURE"() ]
  %x4 = load double, ptr %c4
  store double %x4, ptr %dv
  %eq4 = fcmp oeq double %x4, %e4
  br i1 %eq4, label %set4, label %done4
set4:
  %s4 = fadd double %e4, 5.0e-01
  store double %s4, ptr %c4
  br label %done4
done4:
  call void @llvm.directive.region.exit(token %a4) [ "DIR.OMP.END.ATOMIC"() ]
  %got4 = load double, ptr %dv
  %ok4 = fcmp oeq double %got4, %e4
  br i1 %ok4, label %d4, label %r4
d4:
  %i1 = add i32 %i, %nt
  br label %loop
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %f1 = load i32, ptr %c1
  %f2 = load i32, ptr %c2
  %f3 = load i32, ptr %c3
  %f4 = load double, ptr %c4
  %f4i = fptosi double %f4 to i32
  call i32 (ptr, ...) @printf(ptr @fmt.cas, i32 %f1, i32 %f2, i32 %f3, i32 %f4i)
  ret void
}

define i32 @main() {
  call void @minmax()
  call void @cas()
  ret i32 0
}
