; icx's map chains (docs/offload.md, "Map chains"), in both directive forms:
; `map(tofrom: s.p[0:n]) map(to: s.a)` as clang 16 lays it out, the
; struct's extent (s.a to s.p, TARGET_PARAM) followed by `:CHAIN` links,
; the pointer member and its pointee (MEMBER_OF | PTR_AND_OBJ | TOFROM)
; and the member s.a (MEMBER_OF | TO); and on target enter data / exit
; data a chain whose first entry is the second (MEMBER_OF(2)). The
; MEMBER_OF(5) the front end wrote on the target is rewritten to the
; struct's position, as icx's own lowering does. Executed twice: against
; test/cc/Inputs/map_recorder.c, which prints the map arrays each call
; receives (a member's parent named, "BAD" when a member precedes its
; parent or is a kernel argument; a MEMBER_OF left at 5 would name an
; entry that is not there) and fails each launch, so the host fallback
; runs; and with the real libomptarget, as is and with
; OMP_TARGET_OFFLOAD=disabled. The fallback must see the host's struct
; (x[3] = 3 + s.a, 8 12 8), as the serial program (weft-strip) does.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft %t/region.ll -S -o - | FileCheck %s --check-prefix=IR
; RUN: %opt -passes=weft %t/paper.ll -S -o - | FileCheck %s --check-prefix=IR
; RUN: %clang -O0 -c %S/../cc/Inputs/map_recorder.c -o %t/rec.o
; RUN: %clang -O0 -DNAMES_ONLY -c %S/../cc/Inputs/map_recorder.c -o %t/names.o
; RUN: %opt -passes=weft-strip %t/region.ll -o %t/serial.bc
; RUN: %clang -O0 -Wno-override-module %t/serial.bc %t/names.o -o %t/serial && %t/serial > %t/expected
; RUN: %opt -passes=weft %t/region.ll -o %t/weft.bc
; RUN: %clang -O2 -Wno-override-module %t/weft.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/rec
; RUN: %t/rec > %t/out 2> %t/arrays && diff %t/expected %t/out
; RUN: FileCheck %s --check-prefix=ARRAYS --implicit-check-not=BAD < %t/arrays
; RUN: %clang -O2 -Wno-override-module %t/weft.bc %t/names.o -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/weft
; RUN: %t/weft > %t/out2 && diff %t/expected %t/out2
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/weft > %t/out3 && diff %t/expected %t/out3
; RUN: %opt -passes=weft %t/paper.ll -o %t/paper.bc
; RUN: %clang -O2 -Wno-override-module %t/paper.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/paper
; RUN: %t/paper > %t/out4 2> %t/arrays4 && diff %t/expected %t/out4
; RUN: FileCheck %s --check-prefix=ARRAYS --implicit-check-not=BAD < %t/arrays4
; RUN: not %opt -passes=weft -disable-output %t/lonely.ll 2>&1 | FileCheck %s --check-prefix=LONELY
; RUN: not %opt -passes=weft -disable-output %t/member-head.ll 2>&1 | FileCheck %s --check-prefix=MEMBER_HEAD
; RUN: not %opt -passes=weft -disable-output %t/aggr.ll 2>&1 | FileCheck %s --check-prefix=AGGR
;
; Exit data: the struct's entry first, the link MEMBER_OF(1); enter data:
; n, then the struct (MEMBER_OF(2) = 562949953421329 with PTR_AND_OBJ | TO);
; the target: n (a firstprivate int, passed as its value: LITERAL |
; TARGET_PARAM, paropt/target_literal.rs), the struct
; (TARGET_PARAM), its links MEMBER_OF(2).
; IR-DAG: private unnamed_addr constant [2 x i64] [i64 0, i64 281474976710674]
; IR-DAG: private unnamed_addr constant [3 x i64] [i64 1, i64 0, i64 562949953421329]
; IR-DAG: private unnamed_addr constant [4 x i64] [i64 288, i64 32, i64 562949953421331, i64 562949953421313]
; IR-DAG: constant [4 x i64] [i64 {{.*}}, i64 16, i64 32, i64 4]
; IR: call void @__omp_offloading_{{[0-9a-f]+}}_main_r1(i64 %{{.*}}, ptr %s)
;
; ARRAYS: target: 4 entries
; ARRAYS-NEXT: (literal, literal) size 4 bits 0x120
; ARRAYS-NEXT: (s+0, s+0) size 16 bits 0x20
; ARRAYS-NEXT: (s+0, s+0) size 4 bits 0x1 member of (s+0, s+0)
; ARRAYS-NEXT: (s+8, x+0) size 32 bits 0x13 member of (s+0, s+0)
; ARRAYS-NEXT: 2 kernel arguments
; ARRAYS-NEXT: begin: 3 entries
; ARRAYS-NEXT: (n+0, n+0) size 4 bits 0x1
; ARRAYS-NEXT: (s+0, s+8) size 8 bits 0
; ARRAYS-NEXT: (s+8, x+0) size 16 bits 0x11 member of (s+0, s+8)
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: end: 2 entries
; ARRAYS-NEXT: (s+0, s+8) size 8 bits 0
; ARRAYS-NEXT: (s+8, x+0) size 16 bits 0x12 member of (s+0, s+8)
;
; LONELY: error: weft: QUAL.OMP.MAP.TOFROM:CHAIN on DIR.OMP.TARGET in function 'lonely': a :CHAIN link must follow its chain's first entry {{.*}}[rule: operand-kind]
; MEMBER_HEAD: error: weft: QUAL.OMP.MAP.TOFROM on DIR.OMP.TARGET in function 'lonely': a map entry with MEMBER_OF bits (0x1000000000003) must be a :CHAIN link {{.*}}[rule: operand-kind]
; AGGR: error: weft: not yet supported: {{.*}}QUAL.OMP.MAP.TOFROM:AGGRHEAD{{.*}}icx's older map chains (AGGRHEAD, AGGR: no map-type bits){{.*}}[rule: not-yet-supported]

;--- region.ll
%struct.S = type { i32, ptr, [4 x double] }
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
declare void @rec_name(ptr, i64, ptr)
@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
@nx = private constant [2 x i8] c"x\00"
@ns = private constant [2 x i8] c"s\00"
@nn = private constant [2 x i8] c"n\00"

define i32 @main() {
entry:
  %x = alloca [8 x i32]
  %s = alloca %struct.S
  %n = alloca i32
  store [8 x i32] zeroinitializer, ptr %x
  %sa = getelementptr %struct.S, ptr %s, i32 0, i32 0
  store i32 5, ptr %sa
  %sp = getelementptr %struct.S, ptr %s, i32 0, i32 1
  store ptr %x, ptr %sp
  store i32 8, ptr %n
  call void @rec_name(ptr %x, i64 32, ptr @nx)
  call void @rec_name(ptr %s, i64 48, ptr @ns)
  call void @rec_name(ptr %n, i64 4, ptr @nn)
  %p = load ptr, ptr %sp
  ; map(tofrom: s.p[0:n]) map(to: s.a): the struct's extent (a, p), then
  ; its members; the MEMBER_OF(5) written is rewritten to the struct's
  ; position.
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0),
    "QUAL.OMP.MAP.TOFROM"(ptr %s, ptr %sa, i64 16, i64 32, ptr null, ptr null),
    "QUAL.OMP.MAP.TOFROM:CHAIN"(ptr %sp, ptr %p, i64 32, i64 1407374883553299, ptr null, ptr null),
    "QUAL.OMP.MAP.TO:CHAIN"(ptr %s, ptr %sa, i64 4, i64 1407374883553281, ptr null, ptr null),
    "QUAL.OMP.FIRSTPRIVATE"(ptr %n) ]
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %ia = getelementptr %struct.S, ptr %s, i32 0, i32 0
  %av = load i32, ptr %ia
  %ip = getelementptr %struct.S, ptr %s, i32 0, i32 1
  %pv = load ptr, ptr %ip
  %v = add i32 %i, %av
  %i64 = sext i32 %i to i64
  %e = getelementptr i32, ptr %pv, i64 %i64
  store i32 %v, ptr %e
  %i1 = add i32 %i, 1
  %nv = load i32, ptr %n
  %c = icmp slt i32 %i1, %nv
  br i1 %c, label %loop, label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ; target enter data map(to: n, s.p[0:4]), target exit data map(from: s.p[0:4]):
  ; the chain's first entry second (MEMBER_OF(2)).
  %ed = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.ENTER.DATA"(),
    "QUAL.OMP.MAP.TO"(ptr %n, ptr %n, i64 4, i64 1, ptr null, ptr null),
    "QUAL.OMP.MAP.TO"(ptr %s, ptr %sp, i64 8, i64 0, ptr null, ptr null),
    "QUAL.OMP.MAP.TO:CHAIN"(ptr %sp, ptr %p, i64 16, i64 281474976710673, ptr null, ptr null) ]
  call void @llvm.directive.region.exit(token %ed) [ "DIR.OMP.END.TARGET.ENTER.DATA"() ]
  %xd = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.EXIT.DATA"(),
    "QUAL.OMP.MAP.FROM"(ptr %s, ptr %sp, i64 8, i64 0, ptr null, ptr null),
    "QUAL.OMP.MAP.FROM:CHAIN"(ptr %sp, ptr %p, i64 16, i64 281474976710674, ptr null, ptr null) ]
  call void @llvm.directive.region.exit(token %xd) [ "DIR.OMP.END.TARGET.EXIT.DATA"() ]
  %x3 = getelementptr [8 x i32], ptr %x, i64 0, i64 3
  %r3 = load i32, ptr %x3
  %x7 = getelementptr [8 x i32], ptr %x, i64 0, i64 7
  %r7 = load i32, ptr %x7
  %rn = load i32, ptr %n
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r3, i32 %r7, i32 %rn)
  ret i32 0
}

;--- paper.ll
%struct.S = type { i32, ptr, [4 x double] }
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
declare void @rec_name(ptr, i64, ptr)
@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
@nx = private constant [2 x i8] c"x\00"
@ns = private constant [2 x i8] c"s\00"
@nn = private constant [2 x i8] c"n\00"

define i32 @main() {
entry:
  %x = alloca [8 x i32]
  %s = alloca %struct.S
  %n = alloca i32
  store [8 x i32] zeroinitializer, ptr %x
  %sa = getelementptr %struct.S, ptr %s, i32 0, i32 0
  store i32 5, ptr %sa
  %sp = getelementptr %struct.S, ptr %s, i32 0, i32 1
  store ptr %x, ptr %sp
  store i32 8, ptr %n
  call void @rec_name(ptr %x, i64 32, ptr @nx)
  call void @rec_name(ptr %s, i64 48, ptr @ns)
  call void @rec_name(ptr %n, i64 4, ptr @nn)
  %p = load ptr, ptr %sp
  ; map(tofrom: s.p[0:n]) map(to: s.a): the struct's extent (a, p), then
  ; its members; the MEMBER_OF(5) written is rewritten to the struct's
  ; position.
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %s, ptr %sa, i64 16, i64 32)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM:CHAIN", ptr %sp, ptr %p, i64 32, i64 1407374883553299)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO:CHAIN", ptr %s, ptr %sa, i64 4, i64 1407374883553281)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %ia = getelementptr %struct.S, ptr %s, i32 0, i32 0
  %av = load i32, ptr %ia
  %ip = getelementptr %struct.S, ptr %s, i32 0, i32 1
  %pv = load ptr, ptr %ip
  %v = add i32 %i, %av
  %i64 = sext i32 %i to i64
  %e = getelementptr i32, ptr %pv, i64 %i64
  store i32 %v, ptr %e
  %i1 = add i32 %i, 1
  %nv = load i32, ptr %n
  %c = icmp slt i32 %i1, %nv
  br i1 %c, label %loop, label %done
done:
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; target enter data map(to: n, s.p[0:4]), target exit data map(from: s.p[0:4]):
  ; the chain's first entry second (MEMBER_OF(2)).
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.ENTER.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %n, ptr %n, i64 4, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %s, ptr %sp, i64 8, i64 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO:CHAIN", ptr %sp, ptr %p, i64 16, i64 281474976710673)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.ENTER.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.EXIT.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %s, ptr %sp, i64 8, i64 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM:CHAIN", ptr %sp, ptr %p, i64 16, i64 281474976710674)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.EXIT.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %x3 = getelementptr [8 x i32], ptr %x, i64 0, i64 3
  %r3 = load i32, ptr %x3
  %x7 = getelementptr [8 x i32], ptr %x, i64 0, i64 7
  %r7 = load i32, ptr %x7
  %rn = load i32, ptr %n
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r3, i32 %r7, i32 %rn)
  ret i32 0
}

;--- lonely.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @lonely(ptr %s, ptr %p) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM:CHAIN"(ptr %s, ptr %p, i64 4, i64 281474976710659) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

;--- member-head.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @lonely(ptr %s, ptr %p) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %s, ptr %p, i64 4, i64 281474976710659) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

;--- aggr.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @lonely(ptr %s, ptr %p) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM:AGGRHEAD"(ptr %s, ptr %p, i64 4) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ret void
}
