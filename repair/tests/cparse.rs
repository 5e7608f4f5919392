//! The schemas' sites, variables, instrumentation and original terms on C source.

use repair::cparse::*;

const SRC: &str = "int g;\nint f(int a, int *p) {\n  int b = a + 1;\n  double d = 0;\n  if (a < b && p)\n    b = a - 2;\n  while (b > 0) {\n    b = b - 1;\n    g = b / a;\n  }\n  for (int i = 0; i <= a; i++) { b = i; }\n  return b;\n}\n";

#[test]
fn finds_sites_of_every_schema() {
    let s = sites(SRC, 4).unwrap();
    let kinds: Vec<(Schema, u32, &str)> = s.iter().map(|x| (x.schema, x.line(), x.original.as_str())).collect();
    assert!(kinds.contains(&(Schema::Assignment, 3, "a + 1")), "{kinds:?}");
    assert!(kinds.contains(&(Schema::Condition, 5, "a < b && p")), "{kinds:?}");
    assert!(kinds.contains(&(Schema::Assignment, 8, "b - 1")), "{kinds:?}");
    assert!(kinds.contains(&(Schema::Guard, 9, "g = b / a;")), "{kinds:?}");
    assert!(kinds.contains(&(Schema::Condition, 11, "i <= a")), "{kinds:?}");
    assert!(kinds.contains(&(Schema::Guard, 12, "return b;")), "{kinds:?}");
    // Expressions with calls or assignments are no holes of their own; a
    // condition or a value with one is passed whole, as the value the
    // program computes (a number, for a right-hand side).
    let calls = sites("int f(int a) { int b = g(a); if ((b = a)) b++; return b; }", 4).unwrap();
    let a = calls.iter().find(|s| s.schema == Schema::Assignment).unwrap();
    assert!(a.passed_whole() && a.vars[0].name == "(g(a))" && !a.vars[0].pointer, "{a:?}");
    assert_eq!(original_term("", a, &Default::default()), Some(klee_ext::so::Term::Var(0)));
    let c = calls.iter().find(|s| s.schema == Schema::Condition).unwrap();
    assert!(c.vars[0].opaque() && c.vars[0].name == "((b = a))", "{c:?}");
    assert_eq!(c.vars[0].arg(), "(((b = a)) != 0)");
    // ... but their integer parts are: the call's argument, the increment,
    // the returned value.
    let parts: Vec<(Schema, &str)> = calls.iter().map(|s| (s.schema, s.original.as_str())).collect();
    for want in [(Schema::Argument, "a"), (Schema::Step, "b++"), (Schema::Return, "b")] {
        assert!(parts.contains(&want), "{parts:?}");
    }
    // `b = a - 2;` is an if's direct body: no guard (else would rebind).
    assert!(!kinds.iter().any(|k| k.0 == Schema::Guard && k.1 == 6), "{kinds:?}");
    // The double is never a variable of a hole.
    assert!(s.iter().all(|x| x.vars.iter().all(|v| v.name != "d")));
}

#[test]
fn variables_used_first_then_closest() {
    let s = sites(SRC, 4).unwrap();
    let c = s.iter().find(|x| x.original == "a < b && p").unwrap();
    let names: Vec<&str> = c.vars.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "p", "g"]);
    let w = s.iter().find(|x| x.original == "b - 1").unwrap();
    assert!(w.vars.iter().all(|v| !v.pointer), "a pointer the statement does not use is no hole argument");
    assert!(c.vars[2].pointer);
    let f = s.iter().find(|x| x.original == "i <= a").unwrap();
    assert_eq!(f.vars[0].name, "i");
    let t = original_term(SRC, c, &Default::default()).unwrap();
    assert_eq!(t.to_c(&c.vars.iter().map(Var::in_patch).collect::<Vec<_>>()), "a < b && (p != 0) != 0");
}

#[test]
fn instrumented_source_keeps_line_numbers() {
    let s = sites(SRC, 2).unwrap();
    let c = s.iter().find(|x| x.original == "b - 1").unwrap();
    let out = instrument(SRC, c, "f.c");
    assert!(out.contains("b = __se2repair_hole((int)(b), (int)(a));"), "{out}");
    let body: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(body[7].trim(), "b = __se2repair_hole((int)(b), (int)(a));");
    let g = s.iter().find(|x| x.schema == Schema::Guard && x.line() == 9).unwrap();
    assert!(replace(SRC, g, "a != 0").contains("if (a != 0) g = b / a;"));
}

#[test]
fn several_sites_get_a_hole_each_and_one_patched_source() {
    let s = sites(SRC, 2).unwrap();
    let cond = s.iter().find(|x| x.original == "b > 0").unwrap();
    let rhs = s.iter().find(|x| x.original == "b - 1").unwrap();
    let guard = s.iter().find(|x| x.schema == Schema::Guard && x.line() == 9).unwrap();
    let body = s.iter().find(|x| x.schema == Schema::Guard && x.line() == 12).unwrap();
    assert!(disjoint(cond, rhs) && disjoint(rhs, guard) && disjoint(guard, body));
    assert!(!disjoint(rhs, rhs));
    let names = vec!["cond0".to_string(), "rhs1".to_string()];
    let out = instrument_many(SRC, &[cond, rhs], &names, "f.c");
    // One wrapper per hole, each applying its own variable, on the first
    // line; the source's lines keep their numbers.
    let head = out.lines().next().unwrap();
    assert!(head.contains("klee_apply_symbolic(\"cond0\"") && head.contains("klee_apply_symbolic(\"rhs1\""), "{head}");
    let body_lines: Vec<&str> = out.lines().skip(2).collect();
    assert!(body_lines[6].contains("while (__se2repair_hole("), "{out}");
    assert!(body_lines[7].contains("b = __se2repair_hole1("), "{out}");
    // Patched at both, from the last range to the first.
    let patched = replace_many(SRC, &[cond, rhs], &["b >= 0".into(), "b - 2".into()]);
    assert!(patched.contains("while (b >= 0)") && patched.contains("b = b - 2;"), "{patched}");
    assert_eq!(patched.lines().count(), SRC.lines().count());
}

#[test]
fn array_elements_and_their_siblings_are_hole_arguments() {
    let src = "int f(int n) {\n  int r1[10];\n  int r2[10];\n  int m = 0;\n  for (int j = 0; j < n; j++)\n    m = r2[j];\n  return m;\n}\n";
    let s = sites(src, 6).unwrap();
    let a = s.iter().find(|x| x.schema == Schema::Assignment && x.original == "r2[j]").unwrap();
    let names: Vec<&str> = a.vars.iter().map(|v| v.name.as_str()).collect();
    // What the original reads (the index, the element), the same element
    // of the array declared alike, then the rest.
    assert_eq!(&names[..3], ["j", "r2[j]", "r1[j]"], "{names:?}");
    let t = original_term(src, a, &Default::default()).unwrap();
    assert_eq!(t.to_c(&a.vars.iter().map(Var::in_patch).collect::<Vec<_>>()), "r2[j]");
    // The index is a site of its own; a guard never dereferences.
    assert!(s.iter().any(|x| x.schema == Schema::Index && x.original == "j"));
    let g = s.iter().find(|x| x.schema == Schema::Guard && x.line() == 7).unwrap();
    assert!(g.vars.iter().all(|v| !v.name.contains('[')), "{:?}", g.vars);
}

#[test]
fn an_increment_becomes_a_step_hole() {
    let src = "int f(int n) {\n  int i = 0;\n  while (i < n)\n    i++;\n  return i;\n}\n";
    let s = sites(src, 4).unwrap();
    let st = s.iter().find(|x| x.schema == Schema::Step).unwrap();
    assert_eq!(replace(src, st, "2").lines().nth(3).unwrap().trim(), "i += 2;");
    assert_eq!(original_term(src, st, &Default::default()), Some(klee_ext::so::Term::Int(1)));
}

/// Enumerations: their constants have values, their variables are
/// integers a hole reads.
#[test]
fn enumerations_are_integers() {
    let src = "enum cmp { LT, GT = 5, EQ };\nint f(enum cmp c, int k) {\n  struct { enum cmp kind; } t;\n  if (LT == t.kind)\n    return 1;\n  return k;\n}\n";
    assert_eq!(enumerators(src), vec![("LT".to_string(), 0), ("GT".to_string(), 5), ("EQ".to_string(), 6)]);
    let s = sites(src, 4).unwrap();
    let cond = s.iter().find(|x| x.schema == Schema::Condition).unwrap();
    let names: Vec<&str> = cond.vars.iter().map(|v| v.name.as_str()).collect();
    assert!(names.contains(&"t.kind") && names.contains(&"c"), "{names:?}");
    let macros = enumerators(src).into_iter().collect();
    let t = original_term(src, cond, &macros).unwrap();
    assert_eq!(t.to_c(&cond.vars.iter().map(Var::in_patch).collect::<Vec<_>>()), "0 == t.kind");
}

/// An index through a pointer (`argv[*arg_ptr]`) is a site; an element
/// read through a pointer is read only where it is readable, and the
/// same element of a pointer declared alike is an argument too.
#[test]
fn pointer_lvalues_and_their_siblings() {
    let src = "static char *path;\nint g(char **argv, int *arg_ptr) {\n  return h(argv[*arg_ptr]);\n}\nint isdir1(const char *dir, const char *file) {\n  int n = strlen(dir);\n  while (n && path[n - 1] == '/')\n    n--;\n  return n;\n}\n";
    let s = sites(src, 4).unwrap();
    assert!(s.iter().any(|x| x.schema == Schema::Index && x.original == "*arg_ptr"), "{s:?}");
    let w = s.iter().find(|x| x.schema == Schema::Condition).unwrap();
    let names: Vec<&str> = w.vars.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["n", "path", "path[n - 1]", "dir[n - 1]"]);
    assert_eq!(w.vars[2].arg(), "(int)__se2_read_or_zero(&(path[n - 1]), sizeof(path[n - 1]), __builtin_classify_type(path[n - 1]) == 5 ? 2 : (__typeof__(path[n - 1]))-1 < 0)");
    assert_eq!(w.vars[0].arg(), "(int)(n)");
}

/// A condition's hole also reads the fields its body tests as scalars.
#[test]
fn fields_the_body_tests() {
    let src = "struct e { int todo; void *wd; };\nint r(struct e *x) {\n  if (!x->wd) {\n    assert(!x->todo);\n    x->wd = 0;\n  }\n  return 0;\n}\n";
    let s = sites(src, 4).unwrap();
    let c = s.iter().find(|x| x.schema == Schema::Condition).unwrap();
    let names: Vec<&str> = c.vars.iter().map(|v| v.name.as_str()).collect();
    assert!(names.contains(&"x->todo"), "{names:?}");
}

/// `p == NULL` is a term over `p`'s flag; a pointer the context compares
/// with is a flag of its own (`(p == lim)`).
#[test]
fn null_and_pointer_comparisons() {
    let src = "char const *f(char const *b, char const *lim) {\n  for (char const *end = b; end < lim; end++) {\n    char const *p = g(end);\n    if (p == NULL)\n      break;\n  }\n  return b;\n}\n";
    let s = sites(src, 4).unwrap();
    let c = s.iter().find(|x| x.schema == Schema::Condition && x.original == "p == NULL").unwrap();
    let names: Vec<&str> = c.vars.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(&names[..3], ["p", "(p == end)", "(p == lim)"], "{names:?}");
    assert!(c.vars[1].opaque() && c.vars[1].pointer);
    let t = original_term(src, c, &Default::default()).unwrap();
    assert_eq!(t.to_c(&c.vars.iter().map(Var::in_patch).collect::<Vec<_>>()), "(p != 0) == 0");
}

/// A condition that is one call is passed whole; its other arguments are
/// the variables the function's other conditions test, closest first.
#[test]
fn whole_conditions_read_their_siblings_variables() {
    let src = "int g(int desc, int cl) {\n  int status = 1;\n  long count;\n  if (desc != 0 && cl > 2)\n    status = 0;\n  if (is_dir(desc))\n    return status;\n  return 0;\n}\n";
    let s = sites(src, 4).unwrap();
    let c = s.iter().find(|x| x.schema == Schema::Condition && x.passed_whole()).unwrap();
    let names: Vec<&str> = c.vars.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["(is_dir(desc))", "desc", "cl", "count"]);
    let t = original_term(src, c, &Default::default()).unwrap();
    assert_eq!(
        t,
        klee_ext::so::Term::App(klee_ext::so::Op::Ne, vec![klee_ext::so::Term::Var(0), klee_ext::so::Term::Int(0)])
    );
}

/// A source whose `#ifdef` branches split a statement: the project's
/// macros decide the branch, and the sites keep the source's offsets.
#[test]
fn sites_in_code_split_by_conditionals() {
    let src = "int f(int b, int w) {\n#ifdef WIDE\n  if (w > 1) {\n    b--;\n  } else {\n#endif\n    b = b + 2;\n#ifdef WIDE\n  }\n#endif\n  return b;\n}\n";
    let mut defined = std::collections::HashMap::new();
    defined.insert("WIDE".to_string(), true);
    let view = project_view(src, &defined);
    assert_eq!(view.len(), src.len());
    let s = sites(&view, 4).unwrap();
    let cond = s.iter().find(|x| x.schema == Schema::Condition).expect("the #ifdef WIDE condition");
    assert_eq!(&src[cond.range.clone()], "w > 1");
    let rhs = s.iter().find(|x| x.schema == Schema::Assignment).unwrap();
    assert_eq!(replace(src, rhs, "b + 3").lines().nth(6).unwrap().trim(), "b = b + 3;");
    // Undefined in the project: the condition is not compiled, no site.
    let view = project_view(src, &Default::default());
    assert!(!sites(&view, 4).unwrap().iter().any(|x| x.schema == Schema::Condition));
}
