@dir = private constant [17 x i8] c"DIR.OMP.PARALLEL\00"
@bogus = private constant [9 x i8] c"DIR.NOPE\00"
@qual = private constant [16 x i8] c"QUAL.OMP.SHARED\00"
declare void @__weft_cc_begin(i32, ptr, i32, ...)
declare void @__weft_cc_end(i32)

; A clause count larger than the operands given.
define void @short(ptr %x) {
  call void (i32, ptr, i32, ...) @__weft_cc_begin(i32 2, ptr @dir, i32 1, ptr @qual, i32 3, ptr %x)
  call void @__weft_cc_end(i32 2)
  ret void
}
