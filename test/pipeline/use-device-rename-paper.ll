; A target data region's use_device_addr variable, in the paper's form (Tian et al. 2016): inside
; the region `a` is the device address libomptarget returns, outside the
; host's. Until weft lowers the region both are one SSA value, so an
; optimizer would fold `(char *)a - host` (host taken outside) to 0;
; weft renames the region's uses at pipeline start (prepare/rename.rs, as
; for private variables), and after the whole -O2 pipeline the difference
; is the device address's, read from the base pointers array.
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s
; CHECK-LABEL: define dso_local i64 @diff(
; CHECK: call void @__tgt_target_data_begin_mapper(
; CHECK: %[[DEV:.*]] = load ptr, ptr %{{.*}}
; CHECK: ptrtoint ptr %[[DEV]] to i64
; CHECK-NOT: ret i64 0
; CHECK: ret i64 %

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__const.diff.a = private unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@.str = private unnamed_addr constant [20 x i8] c"DIR.OMP.TARGET.DATA\00", align 1
@.str.1 = private unnamed_addr constant [20 x i8] c"QUAL.OMP.MAP.TOFROM\00", align 1
@.str.2 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.USE_DEVICE_ADDR\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i64 @diff() #0 {
entry:
  %a = alloca [4 x i32], align 16
  %host = alloca ptr, align 8
  %d = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr %a) #3
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @__const.diff.a, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(i64 8, ptr %host) #3
  %arraydecay = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 0
  store ptr %arraydecay, ptr %host, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr %d) #3
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %a, ptr %a, i64 16, i64 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.USE_DEVICE_ADDR", ptr %a)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %arraydecay1 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 0
  %0 = load ptr, ptr %host, align 8
  %sub.ptr.lhs.cast = ptrtoint ptr %arraydecay1 to i64
  %sub.ptr.rhs.cast = ptrtoint ptr %0 to i64
  %sub.ptr.sub = sub i64 %sub.ptr.lhs.cast, %sub.ptr.rhs.cast
  store i64 %sub.ptr.sub, ptr %d, align 8
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %1 = load i64, ptr %d, align 8
  call void @llvm.lifetime.end.p0(i64 8, ptr %d) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %host) #3
  call void @llvm.lifetime.end.p0(i64 16, ptr %a) #3
  ret i64 %1
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opndlist(metadata, ...)

attributes #0 = { nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }


