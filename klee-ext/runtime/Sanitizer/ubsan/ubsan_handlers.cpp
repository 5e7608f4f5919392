// ubsan_handlers.cpp — the handlers clang's -fsanitize=undefined checks
// call, as the VM's runtime (klee's --ubsan-runtime). Each ends the path
// with the check's name as its message (the names clang's own runtime
// prints, e.g. "signed-integer-overflow") and KLEE's error kind as the
// suffix of its test file. The location reported is this file's: the
// program's line is in the error's stack.
//
// The data layouts are clang's (the first fields of each record the
// compiler emits are a source location, then type descriptors).

extern "C" void klee_report_error(const char *file, int line,
                                  const char *message, const char *suffix)
    __attribute__((noreturn));

namespace {

typedef unsigned long uptr;

struct Location {
  const char *file;
  unsigned line, column;
};

// TypeKind 0: integer (info bit 0: signed); 1: floating point.
struct Type {
  unsigned short kind, info;
  char name[1];
};

struct WithType {
  Location loc;
  const Type *type;
};

struct TypeMismatch {
  Location loc;
  const Type *type;
  unsigned char log_alignment;
  unsigned char check_kind;
};

struct Conversion {
  Location loc;
  const Type *from, *to;
  unsigned char kind;
};

bool is_int(const Type *t) { return t->kind == 0; }
bool is_signed_int(const Type *t) { return t->kind == 0 && (t->info & 1); }

#define FAIL(msg, suffix) klee_report_error(__FILE__, __LINE__, msg, suffix)

[[noreturn]] void overflow(WithType *d) {
  if (is_signed_int(d->type))
    FAIL("signed-integer-overflow", "overflow.err");
  FAIL("unsigned-integer-overflow", "overflow.err");
}

[[noreturn]] void type_mismatch(TypeMismatch *d, uptr p) {
  const unsigned char nonnull_assign = 10;
  if (!p && d->check_kind == nonnull_assign)
    FAIL("null-pointer-use", "ptr.err");
  if (!p)
    FAIL("null-pointer-use", "ptr.err");
  if (p & ((uptr(1) << d->log_alignment) - 1))
    FAIL("misaligned-pointer-use", "ptr.err");
  FAIL("insufficient-object-size", "ptr.err");
}

[[noreturn]] void conversion(Conversion *d) {
  switch (d->kind) {
  case 0: // the older, unsplit truncation check
    if (!is_signed_int(d->from) && !is_signed_int(d->to))
      FAIL("implicit-unsigned-integer-truncation", "implicit_truncation.err");
    FAIL("implicit-signed-integer-truncation", "implicit_truncation.err");
  case 1:
    FAIL("implicit-unsigned-integer-truncation", "implicit_truncation.err");
  case 2:
    FAIL("implicit-signed-integer-truncation", "implicit_truncation.err");
  case 3:
    FAIL("implicit-integer-sign-change", "implicit_conversion.err");
  default:
    FAIL("implicit-signed-integer-truncation-or-sign-change",
         "implicit_conversion.err");
  }
}

[[noreturn]] void pointer_overflow(uptr base, uptr result) {
  if (!base && !result)
    FAIL("nullptr-with-offset", "ptr.err");
  if (!base)
    FAIL("nullptr-with-nonzero-offset", "ptr.err");
  if (!result)
    FAIL("nullptr-after-nonzero-offset", "ptr.err");
  FAIL("pointer-overflow", "ptr.err");
}

} // namespace

// Each check has a recovering and an aborting entry; both end the path.
#define BOTH(name, params, body)                                               \
  extern "C" void name params { body; }                                        \
  extern "C" void name##_abort params { body; }

BOTH(__ubsan_handle_add_overflow, (WithType * d, uptr, uptr), overflow(d))
BOTH(__ubsan_handle_sub_overflow, (WithType * d, uptr, uptr), overflow(d))
BOTH(__ubsan_handle_mul_overflow, (WithType * d, uptr, uptr), overflow(d))
BOTH(__ubsan_handle_negate_overflow, (WithType * d, uptr), overflow(d))
BOTH(__ubsan_handle_divrem_overflow, (WithType * d, uptr, uptr),
     if (is_int(d->type)) FAIL("integer division overflow", "overflow.err");
     FAIL("float-divide-by-zero", "div.err"))
BOTH(__ubsan_handle_shift_out_of_bounds, (void *, uptr, uptr),
     FAIL("shift out of bounds", "overflow.err"))
BOTH(__ubsan_handle_type_mismatch_v1, (TypeMismatch * d, uptr p),
     type_mismatch(d, p))
BOTH(__ubsan_handle_alignment_assumption, (void *, uptr, uptr, uptr),
     FAIL("alignment-assumption", "ptr.err"))
BOTH(__ubsan_handle_out_of_bounds, (void *, uptr),
     FAIL("out-of-bounds-index", "ptr.err"))
BOTH(__ubsan_handle_vla_bound_not_positive, (void *, uptr),
     FAIL("non-positive-vla-index", "ptr.err"))
BOTH(__ubsan_handle_float_cast_overflow, (void *, uptr),
     FAIL("float-cast-overflow", "overflow.err"))
BOTH(__ubsan_handle_load_invalid_value, (void *, uptr),
     FAIL("load invalid value", "invalid_load.err"))
BOTH(__ubsan_handle_implicit_conversion, (Conversion * d, uptr, uptr),
     conversion(d))
BOTH(__ubsan_handle_invalid_builtin, (void *),
     FAIL("invalid-builtin-use", "invalid_builtin_use.err"))
BOTH(__ubsan_handle_nonnull_return_v1, (void *, void *),
     FAIL("invalid-null-return", "nullable_attribute.err"))
BOTH(__ubsan_handle_nullability_return_v1, (void *, void *),
     FAIL("invalid-null-return", "nullable_attribute.err"))
BOTH(__ubsan_handle_nonnull_arg, (void *),
     FAIL("invalid-null-argument", "nullable_attribute.err"))
BOTH(__ubsan_handle_nullability_arg, (void *),
     FAIL("invalid-null-argument", "nullable_attribute.err"))
BOTH(__ubsan_handle_pointer_overflow, (void *, uptr base, uptr result),
     pointer_overflow(base, result))

extern "C" void __ubsan_handle_builtin_unreachable(void *) {
  FAIL("unreachable-call", "unreachable_call.err");
}

extern "C" void __ubsan_handle_missing_return(void *) {
  FAIL("missing-return", "missing_return.err");
}
