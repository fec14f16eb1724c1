#!/usr/bin/env python3
"""Writes kernels_weft.ll: the benchmark kernels of kernels_omp.c as directive
IR in the region form icx emits (normalized worksharing loops), calling the
same loop bodies (bodies.c, linked in with llvm-link)."""

HEAD = """target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @body_triad(i64, ptr, ptr, ptr, double)
declare double @body_dot(i64, ptr, ptr)
declare void @body_matmul(i64, ptr, ptr, ptr, i64)
declare void @body_jacobi(i64, ptr, ptr, i64)
declare void @body_mandel(i64, ptr, i64, i64, i32)
declare void @body_fig2a(i64, ptr)
declare void @body_fig2b(i64, ptr, ptr)
"""


def ploop(tag, count, offset, call, sched="STATIC", extra=(), pre="", post=""):
    """A PARALLEL.LOOP over k = 0 .. count-1 running `call` with %i = k + offset."""
    clauses = [f'"QUAL.OMP.SCHEDULE.{sched}"(i64 0)',
               f'"QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %{tag}.iv, i64 0)',
               f'"QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %{tag}.ub, i64 0)',
               f'"QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %{tag}.lb, i64 0, i32 1)', *extra]
    return f"""  %{tag}.iv = alloca i64, align 8
  %{tag}.ub = alloca i64, align 8
  %{tag}.lb = alloca i64, align 8
{pre}  store i64 0, ptr %{tag}.lb
  %{tag}.last = sub i64 {count}, 1
  store i64 %{tag}.last, ptr %{tag}.ub
  %{tag}.t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), {", ".join(clauses)} ]
  %{tag}.l0 = load i64, ptr %{tag}.lb
  store i64 %{tag}.l0, ptr %{tag}.iv
  br label %{tag}.cond
{tag}.cond:
  %{tag}.k = load i64, ptr %{tag}.iv
  %{tag}.u = load i64, ptr %{tag}.ub
  %{tag}.c = icmp sle i64 %{tag}.k, %{tag}.u
  br i1 %{tag}.c, label %{tag}.body, label %{tag}.end
{tag}.body:
  %i.{tag} = add nsw i64 %{tag}.k, {offset}
{call.replace('%i', f'%i.{tag}')}
  %{tag}.k1 = add nsw i64 %{tag}.k, 1
  store i64 %{tag}.k1, ptr %{tag}.iv
  br label %{tag}.cond
{tag}.end:
  call void @llvm.directive.region.exit(token %{tag}.t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
{post}"""


KERNELS = [
    ("define void @w_triad(ptr %a, ptr %b, ptr %c, double %s, i64 %n)",
     ploop("L", "%n", 0, "  call void @body_triad(i64 %i, ptr %a, ptr %b, ptr %c, double %s)"), "  ret void"),
    ("define double @w_dot(ptr %a, ptr %b, i64 %n)",
     ploop("L", "%n", 0, """  %d = call double @body_dot(i64 %i, ptr %a, ptr %b)
  %s0 = load double, ptr %sum
  %s1 = fadd double %s0, %d
  store double %s1, ptr %sum""", extra=['"QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, double 0.0, i32 1)'],
           pre="  %sum = alloca double\n  store double 0.0, ptr %sum\n"),
     "  %r = load double, ptr %sum\n  ret double %r"),
    ("define void @w_matmul(ptr %A, ptr %B, ptr %C, i64 %n)",
     ploop("L", "%n", 0, "  call void @body_matmul(i64 %i, ptr %A, ptr %B, ptr %C, i64 %n)"), "  ret void"),
    ("define void @w_jacobi(ptr %u, ptr %v, i64 %n)",
     ploop("L", "%rows", 1, "  call void @body_jacobi(i64 %i, ptr %u, ptr %v, i64 %n)", pre="  %rows = sub i64 %n, 2\n"),
     "  ret void"),
    ("define void @w_mandel(ptr %out, i64 %w, i64 %h, i32 %maxit)",
     ploop("L", "%h", 0, "  call void @body_mandel(i64 %i, ptr %out, i64 %w, i64 %h, i32 %maxit)", sched="DYNAMIC"),
     "  ret void"),
    ("define void @w_fig2(ptr %x, ptr %y, i64 %n)",
     ploop("L", "%n", 0, "  call void @body_fig2a(i64 %i, ptr %x)")
     + ploop("M", "%n", 0, "  call void @body_fig2b(i64 %i, ptr %x, ptr %y)"), "  ret void"),
]

out = [HEAD]
for sig, body, ret in KERNELS:
    # Every alloca goes to the entry block, as front ends put them.
    lines = body.split("\n")
    allocas = [l for l in lines if " = alloca " in l]
    rest = "\n".join(l for l in lines if " = alloca " not in l)
    out.append(f"{sig} {{\nentry:\n" + "\n".join(allocas) + f"\n{rest}{ret}\n}}\n")
print("\n".join(out))
