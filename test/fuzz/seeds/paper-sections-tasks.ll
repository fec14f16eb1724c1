; fuzz seed: paper form with the llvm.intel.directive spellings and metadata
; nodes: sections with two section arms on a diamond, a task inside a
; taskgroup, atomic, master, barrier, and a standalone threadprivate.
target triple = "x86_64-pc-linux-gnu"

@gv = global i32 0

declare void @llvm.intel.directive(metadata)
declare void @llvm.intel.directive.qual(metadata)
declare void @llvm.intel.directive.qual.opndlist(metadata, ...)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i1(metadata, i1)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @f1()
declare void @f2()

define void @sections(i1 %c, ptr %q) {
entry:
  call void @llvm.intel.directive(metadata !0)
  call void (metadata, ...) @llvm.intel.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %q)
  call void @llvm.intel.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.intel.directive(metadata !1)
  br i1 %c, label %s1, label %s2

s1:
  call void @llvm.intel.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.intel.directive(metadata !1)
  call void @f1()
  call void @llvm.intel.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.intel.directive(metadata !1)
  br label %done

s2:
  call void @llvm.intel.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.intel.directive(metadata !1)
  call void @f2()
  call void @llvm.intel.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.intel.directive(metadata !1)
  br label %done

done:
  call void @llvm.intel.directive(metadata !"DIR.OMP.END.SECTIONS")
  call void @llvm.intel.directive(metadata !1)
  ret void
}

define void @tasks(ptr %cnt, i1 %f) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void @llvm.directive.qual.opnd.i1(metadata !"QUAL.OMP.FINAL", i1 %f)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %cnt)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.INOUT", ptr %cnt)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %cnt, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %cnt, align 4
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.MASTER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %cnt, align 4
  call void @llvm.directive(metadata !"DIR.OMP.END.MASTER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.THREADPRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.THREADPRIVATE", ptr @gv)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

!0 = !{!"DIR.OMP.SECTIONS"}
!1 = !{!"DIR.QUAL.LIST.END"}
