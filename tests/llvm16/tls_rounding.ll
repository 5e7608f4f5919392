; LLVM 16's llvm.threadlocal.address (every access to a thread-local
; variable) and llvm.get.rounding (FLT_ROUNDS): main returns the variable
; after a store through the address (9) plus the rounding mode (1).
@tls = thread_local global i32 7

declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @llvm.get.rounding()

define i32 @main() {
entry:
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tls)
  store i32 9, ptr %p
  %q = call ptr @llvm.threadlocal.address.p0(ptr @tls)
  %v = load i32, ptr %q
  %r = call i32 @llvm.get.rounding()
  %s = add i32 %v, %r
  ret i32 %s
}
