; llvm.is.fpclass (LLVM 16). On constants: main returns the number of the
; first wrong answer. With `sym` as argument, on a symbolic double: the
; NaN and infinity classes agree with the bits, else abort.
declare i1 @llvm.is.fpclass.f64(double, i32)
declare i1 @llvm.is.fpclass.f32(float, i32)
declare void @klee_make_symbolic(ptr, i64, ptr)
declare void @abort()

@vals = global [5 x double] [double 1.0, double -0.0, double 0x7FF8000000000000, double 0xFFF0000000000000, double 4.9406564584124654E-324]
@f1 = global float -2.5
@nb = private constant [5 x i8] c"bits\00"

define i32 @check(i32 %k, double %d, i32 %mask, i1 %want) {
  %r = call i1 @llvm.is.fpclass.f64(double %d, i32 %mask)
  %bad = icmp ne i1 %r, %want
  %code = select i1 %bad, i32 %k, i32 0
  ret i32 %code
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %sym = icmp sgt i32 %argc, 1
  br i1 %sym, label %symbolic, label %concrete
concrete:
  %one = load volatile double, ptr @vals
  %p1 = getelementptr [5 x double], ptr @vals, i64 0, i64 1
  %mz = load volatile double, ptr %p1
  %p2 = getelementptr [5 x double], ptr @vals, i64 0, i64 2
  %nan = load volatile double, ptr %p2
  %p3 = getelementptr [5 x double], ptr @vals, i64 0, i64 3
  %ninf = load volatile double, ptr %p3
  %p4 = getelementptr [5 x double], ptr @vals, i64 0, i64 4
  %sub = load volatile double, ptr %p4
  %fl = load volatile float, ptr @f1
  ; 1.0: positive normal (256), not negative normal (8)
  %c1 = call i32 @check(i32 1, double %one, i32 256, i1 true)
  %c2 = call i32 @check(i32 2, double %one, i32 8, i1 false)
  ; -0.0: negative zero (32), not positive zero (64)
  %c3 = call i32 @check(i32 3, double %mz, i32 32, i1 true)
  %c4 = call i32 @check(i32 4, double %mz, i32 64, i1 false)
  ; a quiet NaN: qnan (2), not snan (1)
  %c5 = call i32 @check(i32 5, double %nan, i32 2, i1 true)
  %c6 = call i32 @check(i32 6, double %nan, i32 1, i1 false)
  ; -inf (4); the smallest subnormal: positive subnormal (128)
  %c7 = call i32 @check(i32 7, double %ninf, i32 4, i1 true)
  %c8 = call i32 @check(i32 8, double %sub, i32 128, i1 true)
  %c9 = call i32 @check(i32 9, double %sub, i32 771, i1 false)
  %r10 = call i1 @llvm.is.fpclass.f32(float %fl, i32 8)
  %c10 = select i1 %r10, i32 0, i32 10
  %s1 = or i32 %c1, %c2
  %s2 = or i32 %c3, %c4
  %s3 = or i32 %c5, %c6
  %s4 = or i32 %c7, %c8
  %s5 = or i32 %c9, %c10
  %t1 = or i32 %s1, %s2
  %t2 = or i32 %s3, %s4
  %t3 = or i32 %t1, %t2
  %all = or i32 %t3, %s5
  ret i32 %all
symbolic:
  %pb = alloca i64
  call void @klee_make_symbolic(ptr %pb, i64 8, ptr @nb)
  %bits = load i64, ptr %pb
  %d = bitcast i64 %bits to double
  %isnan = call i1 @llvm.is.fpclass.f64(double %d, i32 3)
  %isinf = call i1 @llvm.is.fpclass.f64(double %d, i32 516)
  %exp = and i64 %bits, 9218868437227405312   ; 0x7ff0000000000000
  %man = and i64 %bits, 4503599627370495      ; 0x000fffffffffffff
  %e1 = icmp eq i64 %exp, 9218868437227405312
  %m0 = icmp eq i64 %man, 0
  %mn = xor i1 %m0, true
  %nan2 = and i1 %e1, %mn
  %inf2 = and i1 %e1, %m0
  %ok1 = icmp eq i1 %isnan, %nan2
  %ok2 = icmp eq i1 %isinf, %inf2
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %good, label %bad
bad:
  call void @abort()
  unreachable
good:
  ret i32 0
}
