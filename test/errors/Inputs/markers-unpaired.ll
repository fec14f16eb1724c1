@dir = private constant [17 x i8] c"DIR.OMP.PARALLEL\00"
@bogus = private constant [9 x i8] c"DIR.NOPE\00"
@qual = private constant [16 x i8] c"QUAL.OMP.SHARED\00"
declare void @__weft_cc_begin(i32, ptr, i32, ...)
declare void @__weft_cc_end(i32)

; An end without its begin, and a begin that never ends.
define void @unpaired() {
  call void (i32, ptr, i32, ...) @__weft_cc_begin(i32 3, ptr @dir, i32 0)
  call void @__weft_cc_end(i32 4)
  ret void
}
