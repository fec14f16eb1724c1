; fuzz seed: region form offload nest (target > teams > distribute.parloop)
; with map chains and typed clauses, and an unwind edge inside a critical.
target triple = "x86_64-pc-linux-gnu"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @work()
declare i32 @__gxx_personality_v0(...)

define void @offload(ptr %a, ptr %b, i64 %n) {
entry:
  %lb = alloca i32, align 4
  %ub = alloca i32, align 4
  %iv = alloca i32, align 4
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TO"(ptr %a, ptr %a, i64 400, i64 33, ptr null, ptr null), "QUAL.OMP.MAP.FROM"(ptr %b), "QUAL.OMP.DEVICE"(i32 0) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"(), "QUAL.OMP.NUM_TEAMS"(i32 2), "QUAL.OMP.THREAD_LIMIT"(i32 8) ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE.PARLOOP"(), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1), "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0), "QUAL.OMP.DIST_SCHEDULE.STATIC"(i32 4) ]
  br label %body

body:
  %x = load i32, ptr %a, align 4
  store i32 %x, ptr %b, align 4
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.DISTRIBUTE.PARLOOP"() ]
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

define void @guarded() personality ptr @__gxx_personality_v0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr null) ]
  invoke void @work() to label %ok unwind label %lp

ok:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.CRITICAL"() ]
  ret void

lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
