; LLVM 16 (opaque pointers): the integer intrinsics clang 15 and 16 emit,
; checked on a symbolic x and y against their definitions; a mismatch
; aborts.
declare void @klee_make_symbolic(ptr, i64, ptr)
declare void @abort()
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)

@nx = private constant [2 x i8] c"x\00"
@ny = private constant [2 x i8] c"y\00"

define i32 @main() {
entry:
  %px = alloca i32
  %py = alloca i32
  call void @klee_make_symbolic(ptr %px, i64 4, ptr @nx)
  call void @klee_make_symbolic(ptr %py, i64 4, ptr @ny)
  %x = load i32, ptr %px
  %y = load i32, ptr %py
  %fx = freeze i32 %x
  %ok0 = icmp eq i32 %fx, %x
  ; abs
  %a = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %neg = sub i32 0, %x
  %xneg = icmp slt i32 %x, 0
  %a2 = select i1 %xneg, i32 %neg, i32 %x
  %ok1 = icmp eq i32 %a, %a2
  ; smax, smin, umax, umin
  %smax = call i32 @llvm.smax.i32(i32 %x, i32 %y)
  %sgt = icmp sgt i32 %x, %y
  %smax2 = select i1 %sgt, i32 %x, i32 %y
  %ok2 = icmp eq i32 %smax, %smax2
  %smin = call i32 @llvm.smin.i32(i32 %x, i32 %y)
  %smin2 = select i1 %sgt, i32 %y, i32 %x
  %ok3 = icmp eq i32 %smin, %smin2
  %umax = call i32 @llvm.umax.i32(i32 %x, i32 %y)
  %ugt = icmp ugt i32 %x, %y
  %umax2 = select i1 %ugt, i32 %x, i32 %y
  %ok4 = icmp eq i32 %umax, %umax2
  %umin = call i32 @llvm.umin.i32(i32 %x, i32 %y)
  %umin2 = select i1 %ugt, i32 %y, i32 %x
  %ok5 = icmp eq i32 %umin, %umin2
  ; funnel shifts by a constant: (x << 8) | (y >> 24), (x << 24) | (y >> 8)
  %fl = call i32 @llvm.fshl.i32(i32 %x, i32 %y, i32 8)
  %xl = shl i32 %x, 8
  %yr = lshr i32 %y, 24
  %fl2 = or i32 %xl, %yr
  %ok6 = icmp eq i32 %fl, %fl2
  %fr = call i32 @llvm.fshr.i32(i32 %x, i32 %y, i32 8)
  %xl8 = shl i32 %x, 24
  %yr8 = lshr i32 %y, 8
  %fr2 = or i32 %xl8, %yr8
  %ok7 = icmp eq i32 %fr, %fr2
  %c01 = and i1 %ok0, %ok1
  %c23 = and i1 %ok2, %ok3
  %c45 = and i1 %ok4, %ok5
  %c67 = and i1 %ok6, %ok7
  %c03 = and i1 %c01, %c23
  %c47 = and i1 %c45, %c67
  %all = and i1 %c03, %c47
  br i1 %all, label %good, label %bad
bad:
  call void @abort()
  unreachable
good:
  ret i32 0
}
