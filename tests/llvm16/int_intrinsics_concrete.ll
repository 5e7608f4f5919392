; The same intrinsics on constants (through memory, so nothing folds):
; main returns the number of the first wrong result, 0 when all are right.
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)

@m5 = global i32 -5
@m3 = global i32 -3
@two = global i32 2
@hi = global i32 305419896   ; 0x12345678
@lo = global i32 -1698898192 ; 0x9abcdef0
@sh = global i32 40          ; a shift of 40 is a shift of 8

define i32 @main() {
entry:
  %m5 = load volatile i32, ptr @m5
  %m3 = load volatile i32, ptr @m3
  %two = load volatile i32, ptr @two
  %hi = load volatile i32, ptr @hi
  %lo = load volatile i32, ptr @lo
  %sh = load volatile i32, ptr @sh
  %a = call i32 @llvm.abs.i32(i32 %m5, i1 true)
  %k1 = icmp ne i32 %a, 5
  br i1 %k1, label %f1, label %n1
n1:
  %s = call i32 @llvm.smax.i32(i32 %m3, i32 %two)
  %k2 = icmp ne i32 %s, 2
  br i1 %k2, label %f2, label %n2
n2:
  %u = call i32 @llvm.umax.i32(i32 %m3, i32 %two)
  %k3 = icmp ne i32 %u, -3
  br i1 %k3, label %f3, label %n3
n3:
  %um = call i32 @llvm.umin.i32(i32 %m3, i32 %two)
  %sm = call i32 @llvm.smin.i32(i32 %m3, i32 %two)
  %k4a = icmp ne i32 %um, 2
  %k4b = icmp ne i32 %sm, -3
  %k4 = or i1 %k4a, %k4b
  br i1 %k4, label %f4, label %n4
n4:
  %l = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 %sh)
  %k5 = icmp ne i32 %l, 878082202 ; 0x3456789a
  br i1 %k5, label %f5, label %n5
n5:
  %r = call i32 @llvm.fshr.i32(i32 %hi, i32 %lo, i32 %sh)
  %k6 = icmp ne i32 %r, 2023406814 ; 0x789abcde
  br i1 %k6, label %f6, label %ok
ok:
  ret i32 0
f1:
  ret i32 1
f2:
  ret i32 2
f3:
  ret i32 3
f4:
  ret i32 4
f5:
  ret i32 5
f6:
  ret i32 6
}
