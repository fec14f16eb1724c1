; device-globals-region.ll in the paper's directive form (the four
; llvm.directive* intrinsics with metadata strings; weft-cc -O2 -S
; -emit-llvm --paper-form from test/offload/Inputs/globals.c, edited the
; same way): the same device module and program.
; REQUIRES: nvptx-tools
; The libdevice path is the lit configuration's CUDA folder, named by the
; module's constant string .omp.offload.libdevice (weft-cc writes it from
; --cuda-path), linked in from a one-line C file.
; RUN: printf 'static const char l[] __asm__(".omp.offload.libdevice") __attribute__((used)) = "%%s";' %cuda/nvvm/libdevice/libdevice.10.bc > %t.lib.c
; RUN: clang-16 -S -emit-llvm %t.lib.c -o %t.lib.ll
; RUN: llvm-link %s %t.lib.ll -o %t.in.bc
; RUN: %opt -passes=weft %t.in.bc -o %t.bc
; RUN: llc -relocation-model=pic -filetype=obj %t.bc -o %t.o
; RUN: llvm-objdump --offloading %t.o | FileCheck --check-prefix=IMAGE %s
; RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
; RUN: opt -passes=verify -disable-output %t.dev.bc
; RUN: llvm-dis %t.dev.bc -o - | FileCheck %s
; RUN: llvm-dis %t.bc -o - | FileCheck --check-prefix=HOST %s
; RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
; RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
; RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
; The program runs its host fallback (no GPU here) with the serial results.
; RUN: clang-16 %t.o %S/Inputs/globals-main.c -o %t.exe -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -lm
; RUN: %t.exe | FileCheck --check-prefix=OUT %s

; IMAGE: kind            llvm ir
; IMAGE-NEXT: arch            sm_90

; The variables under their names, external and protected, with their
; initializers; the link variable's reference pointer, null until
; libomptarget fills it; the declare target function no kernel calls, but
; not the host's other function; libm's sin as libdevice's, linked in;
; printf as the device runtime's vprintf on a buffer of { i32, double }.
; CHECK-DAG: @counter = protected global i32 7
; CHECK-DAG: @table = protected global [8 x double] [double 1.000000e+00,
; CHECK-DAG: @lnk_decl_tgt_ref_ptr = weak global ptr null
; CHECK-NOT: @lnk =
; CHECK-NOT: @host_only
; CHECK-NOT: @sin(
; CHECK-NOT: @printf
; CHECK-DAG: define {{.*}}double @twice(
; CHECK-DAG: define {{.*}}double @thrice(
; CHECK-DAG: define internal double @__nv_sin(
; CHECK-DAG: load ptr, ptr @lnk_decl_tgt_ref_ptr
; CHECK-DAG: call double @__nv_sin(
; CHECK-DAG: alloca { i32, double }
; CHECK-DAG: call i32 @__llvm_omp_vprintf(ptr @{{.*}}, ptr %{{.*}}, i32 16)
; CHECK-DAG: load i32, ptr @counter

; The host's entries (from !omp_offload.info) name the device's globals.
; HOST-DAG: @.omp_offloading.entry.counter = weak constant {{.*}} { ptr @counter, ptr @{{.*}}, i64 4, i32 0, i32 0 }, section "omp_offloading_entries"
; HOST-DAG: @.omp_offloading.entry.table = weak constant {{.*}} { ptr @table, ptr @{{.*}}, i64 64, i32 0, i32 0 }, section "omp_offloading_entries"
; HOST-DAG: @.omp_offloading.entry.lnk_decl_tgt_ref_ptr = weak constant {{.*}} { ptr @lnk_decl_tgt_ref_ptr, ptr @{{.*}}, i64 8, i32 1, i32 0 }, section "omp_offloading_entries"
; The link variable is mapped through its pointer (PTR_AND_OBJ | TO | FROM | IMPLICIT).
; HOST-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [{{[0-9]+}} x i64] [{{.*}}i64 531{{.*}}]

; OUT: i 3 out 11.243
; OUT-NEXT: counter 8 sum 187.086

source_filename = "/tmp/weft-cc-8009-0/3/globals.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.omp.offload.targets = internal constant [26 x i8] c"nvptx64-nvidia-cuda:sm_90\00"
@llvm.compiler.used = appending global [1 x ptr] [ptr @.omp.offload.targets], section "llvm.metadata"


@counter = dso_local global i32 7, align 4
@table = dso_local global [8 x double] [double 1.000000e+00, double 2.000000e+00, double 3.000000e+00, double 4.000000e+00, double 5.000000e+00, double 6.000000e+00, double 7.000000e+00, double 8.000000e+00], align 16
@lnk = dso_local global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@.str = private unnamed_addr constant [15 x i8] c"DIR.OMP.TARGET\00", align 1
@.str.1 = private unnamed_addr constant [18 x i8] c"QUAL.OMP.MAP.FROM\00", align 1
@.str.2 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.3 = private unnamed_addr constant [20 x i8] c"QUAL.OMP.MAP.TOFROM\00", align 1
@lnk_decl_tgt_ref_ptr = weak dso_local global ptr @lnk, align 8
@.str.4 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.5 = private unnamed_addr constant [27 x i8] c"DIR.OMP.DISTRIBUTE.PARLOOP\00", align 1
@.str.6 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@.str.7 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.8 = private unnamed_addr constant [15 x i8] c"i %d out %.3f\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local double @twice(double noundef %x) #0 {
entry:
  %x.addr = alloca double, align 8
  store double %x, ptr %x.addr, align 8, !tbaa !5
  %0 = load double, ptr %x.addr, align 8, !tbaa !5
  %mul = fmul double 2.000000e+00, %0
  ret double %mul
}

; Function Attrs: nounwind uwtable
define dso_local double @thrice(double noundef %x) #9 {
entry:
  %x.addr = alloca double, align 8
  store double %x, ptr %x.addr, align 8, !tbaa !5
  %0 = load double, ptr %x.addr, align 8, !tbaa !5
  %mul = fmul double 3.000000e+00, %0
  ret double %mul
}

; Function Attrs: nounwind uwtable
define dso_local double @host_only(double noundef %x) #0 {
entry:
  %x.addr = alloca double, align 8
  store double %x, ptr %x.addr, align 8, !tbaa !5
  %0 = load double, ptr %x.addr, align 8, !tbaa !5
  %mul = fmul double 4.000000e+00, %0
  ret double %mul
}

; Function Attrs: nounwind uwtable
define dso_local void @kernel(i32 noundef %n, ptr noundef %out) #0 {
entry:
  %n.addr = alloca i32, align 4
  %out.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !9
  store ptr %out, ptr %out.addr, align 8, !tbaa !11
  %0 = load ptr, ptr %out.addr, align 8, !tbaa !11
  %1 = load ptr, ptr %out.addr, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds double, ptr %1, i64 0
  %2 = load i32, ptr %n.addr, align 4, !tbaa !9
  %conv = sext i32 %2 to i64
  %mul = mul i64 %conv, 8
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %0, ptr %arrayidx, i64 %mul, i64 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %out.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr @lnk_decl_tgt_ref_ptr, ptr @lnk, i64 16, i64 531)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.DISTRIBUTE.PARLOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr @counter, ptr @table, ptr @lnk, ptr %out.addr)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %i, align 4, !tbaa !9
  %4 = load i32, ptr %n.addr, align 4, !tbaa !9
  %cmp = icmp slt i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load i32, ptr %i, align 4, !tbaa !9
  %rem = srem i32 %5, 8
  %idxprom = sext i32 %rem to i64
  %arrayidx2 = getelementptr inbounds [8 x double], ptr @table, i64 0, i64 %idxprom
  %6 = load double, ptr %arrayidx2, align 8, !tbaa !5
  %call = call double @twice(double noundef %6)
  %7 = load i32, ptr %i, align 4, !tbaa !9
  %rem3 = srem i32 %7, 8
  %idxprom4 = sext i32 %rem3 to i64
  %arrayidx5 = getelementptr inbounds [8 x double], ptr @table, i64 0, i64 %idxprom4
  %8 = load double, ptr %arrayidx5, align 8, !tbaa !5
  %call6 = call double @sin(double noundef %8) #4
  %add = fadd double %call, %call6
  %9 = load i32, ptr %i, align 4, !tbaa !9
  %rem7 = srem i32 %9, 4
  %idxprom8 = sext i32 %rem7 to i64
  %arrayidx9 = getelementptr inbounds [4 x i32], ptr @lnk, i64 0, i64 %idxprom8
  %10 = load i32, ptr %arrayidx9, align 4, !tbaa !9
  %conv10 = sitofp i32 %10 to double
  %add11 = fadd double %add, %conv10
  %11 = load ptr, ptr %out.addr, align 8, !tbaa !11
  %12 = load i32, ptr %i, align 4, !tbaa !9
  %idxprom12 = sext i32 %12 to i64
  %arrayidx13 = getelementptr inbounds double, ptr %11, i64 %idxprom12
  store double %add11, ptr %arrayidx13, align 8, !tbaa !5
  %13 = load i32, ptr %i, align 4, !tbaa !9
  %cmp14 = icmp eq i32 %13, 3
  br i1 %cmp14, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %14 = load i32, ptr @counter, align 4, !tbaa !9
  %add16 = add nsw i32 %14, 1
  store i32 %add16, ptr @counter, align 4, !tbaa !9
  %15 = load i32, ptr %i, align 4, !tbaa !9
  %16 = load ptr, ptr %out.addr, align 8, !tbaa !11
  %17 = load i32, ptr %i, align 4, !tbaa !9
  %idxprom17 = sext i32 %17 to i64
  %arrayidx18 = getelementptr inbounds double, ptr %16, i64 %idxprom17
  %18 = load double, ptr %arrayidx18, align 8, !tbaa !5
  %call19 = call i32 (ptr, ...) @printf(ptr noundef @.str.8, i32 noundef %15, double noundef %18)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %19 = load i32, ptr %i, align 4, !tbaa !9
  %inc = add nsw i32 %19, 1
  store i32 %inc, ptr %i, align 4, !tbaa !9
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.DISTRIBUTE.PARLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare double @sin(double noundef) #2

declare i32 @printf(ptr noundef, ...) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opndlist(metadata, ...)

declare void @llvm.directive.qual(metadata)

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "openmp-target-declare"="true" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!omp_offload.info = !{!100, !101, !102}
!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!100 = !{i32 1, !"counter", i32 0, i32 0}
!101 = !{i32 1, !"table", i32 0, i32 1}
!102 = !{i32 1, !"lnk_decl_tgt_ref_ptr", i32 1, i32 2}
