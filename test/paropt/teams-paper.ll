; teams and distribute in the paper's form (Tian et al. 2016: llvm.directive
; with metadata strings, DIR.QUAL.LIST.END after each directive's clauses),
; as weft-cc --paper-form writes `teams num_teams(3)` around `distribute
; dist_schedule(static, 4) lastprivate(last)`: the loop is found in the CFG
; and normalized by weft-prepare. Executed (the serial program's output at
; 1-7 threads): each element written once, `last` from the team with the
; last chunk.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; CHECK: sum 5146 last 49
; SHAPE-LABEL: define dso_local i32 @main()
; SHAPE: call void @__kmpc_push_num_teams(ptr @{{.*}}, i32 %{{.*}}, i32 3, i32 0)
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @{{.*}}, i32 1, ptr @main.omp_outlined.1,
; SHAPE: define internal void @main.omp_outlined.1(
; SHAPE: call void @__kmpc_for_static_init_8(ptr @{{.*}}, i32 %gtid, i32 91, ptr %omp.last, ptr %omp.lo, ptr %omp.hi, ptr %omp.stride, i64 1, i64 4)
; SHAPE: omp.dist.next:
; SHAPE: %omp.dist.hi.cut = select i1
; SHAPE: omp.dist.done:
; SHAPE: call void @__kmpc_for_static_fini(
; SHAPE-NOT: call void @__kmpc_barrier(
; SHAPE: ret void
; PRINT: BEGIN WRNTeamsNode<1>
; PRINT: NUM_TEAMS: i32 3
; PRINT: BEGIN WRNDistributeNode<2>
; PRINT: DIST_SCHEDULE: STATIC chunk i32 4
; PRINT: } END WRNDistributeNode<2>
; PRINT: } END WRNTeamsNode<1>

target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [50 x i32] zeroinitializer, align 16
@.str.7 = private unnamed_addr constant [17 x i8] c"sum %ld last %d\0A\00", align 1


define dso_local i32 @main() #0 {
entry:
  %retval = alloca i32, align 4
  %last = alloca i32, align 4
  %i = alloca i32, align 4
  %s = alloca i64, align 8
  %i2 = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %last)
  store i32 -1, ptr %last, align 4
  call void @llvm.directive(metadata !"DIR.OMP.TEAMS")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_TEAMS", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %last, ptr @a)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.DISTRIBUTE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DIST_SCHEDULE.STATIC", i32 4)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %last)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i)
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %0, 50
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i)
  br label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %i, align 4
  %add = add nsw i32 %1, 1
  %2 = load i32, ptr %i, align 4
  %idxprom = sext i32 %2 to i64
  %arrayidx = getelementptr inbounds [50 x i32], ptr @a, i64 0, i64 %idxprom
  %3 = load i32, ptr %arrayidx, align 4
  %add1 = add nsw i32 %3, %add
  store i32 %add1, ptr %arrayidx, align 4
  %4 = load i32, ptr %i, align 4
  store i32 %4, ptr %last, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i32, ptr %i, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.DISTRIBUTE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 8, ptr %s)
  store i64 0, ptr %s, align 8
  call void @llvm.lifetime.start.p0(i64 4, ptr %i2)
  store i32 0, ptr %i2, align 4
  br label %for.cond3

for.cond3:                                        ; preds = %for.inc12, %for.end
  %6 = load i32, ptr %i2, align 4
  %cmp4 = icmp slt i32 %6, 50
  br i1 %cmp4, label %for.body6, label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond3
  call void @llvm.lifetime.end.p0(i64 4, ptr %i2)
  br label %for.end14

for.body6:                                        ; preds = %for.cond3
  %7 = load i32, ptr %i2, align 4
  %idxprom7 = sext i32 %7 to i64
  %arrayidx8 = getelementptr inbounds [50 x i32], ptr @a, i64 0, i64 %idxprom7
  %8 = load i32, ptr %arrayidx8, align 4
  %conv = sext i32 %8 to i64
  %9 = load i32, ptr %i2, align 4
  %rem = srem i32 %9, 7
  %add9 = add nsw i32 %rem, 1
  %conv10 = sext i32 %add9 to i64
  %mul = mul nsw i64 %conv, %conv10
  %10 = load i64, ptr %s, align 8
  %add11 = add nsw i64 %10, %mul
  store i64 %add11, ptr %s, align 8
  br label %for.inc12

for.inc12:                                        ; preds = %for.body6
  %11 = load i32, ptr %i2, align 4
  %inc13 = add nsw i32 %11, 1
  store i32 %inc13, ptr %i2, align 4
  br label %for.cond3

for.end14:                                        ; preds = %for.cond.cleanup5
  %12 = load i64, ptr %s, align 8
  %13 = load i32, ptr %last, align 4
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.7, i64 noundef %12, i32 noundef %13)
  call void @llvm.lifetime.end.p0(i64 8, ptr %s)
  call void @llvm.lifetime.end.p0(i64 4, ptr %last)
  ret i32 0
}


declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)


declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @printf(ptr noundef, ...)

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opnd.i32(metadata, i32)

declare void @llvm.directive.qual.opndlist(metadata, ...)

declare void @llvm.directive.qual(metadata)
