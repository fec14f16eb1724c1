#!/usr/bin/env python3
"""Random directive programs for executed differential testing.

Each program is LLVM IR with OpenMP directive intrinsics, in the region form
or the paper form (chosen per program), whose printed results do not depend
on the number of threads: worksharing loops with random schedules, chunks,
IV types and trip counts (zero included), reductions with random operators
and types, private / firstprivate / lastprivate variables, critical, single,
master, masked and barrier inside parallel regions, num_threads and if
clauses, nested parallel regions, pointer linear variables (icx's
LINEAR:PTR_TO_PTR layout in the region form), SSA values that cross region
boundaries, tasking (randprog_tasks.py: task trees with depend items,
taskwait, taskgroup, taskloop, sections, cancel), and teams, distribute and
target (randprog_target.py: teams with distribute or distribute parallel
for, alone or in a target; target regions with maps and firstprivate
scalars; target data with target update). check.sh compiles each through weft and compares its output at
several thread counts with the same program with its directives stripped.

  randprog.py --seed S --index I            one program on stdout
  randprog.py --seed S --count N --out DIR  N programs, DIR/prog-S-I.ll
Program I of seed S depends on S and I alone (RANDPROG_ONLY=kernel_league,...
keeps only the kernels named, to search one family).
"""
import argparse
import os
import random

RED_INT = ["ADD", "SUB", "MUL", "AND", "OR", "BAND", "BOR", "BXOR", "MAX", "MIN", "EQV", "NEQV"]
RED_FP = ["ADD", "SUB", "MUL", "MAX", "MIN"]
SCHEDULES = [
    ("STATIC", False), ("STATIC", True), ("DYNAMIC", False), ("DYNAMIC", True),
    ("GUIDED", False), ("GUIDED", True), ("RUNTIME", False), ("AUTO", False),
]


class Fn:
    """One function's IR text, with fresh names."""

    def __init__(self, form, rng):
        self.form, self.rng = form, rng
        self.allocas, self.body, self.n = [], [], 0

    def tmp(self, base="t"):
        self.n += 1
        return f"%{base}{self.n}"

    def label(self, base):
        self.n += 1
        return f"{base}{self.n}"

    def alloca(self, ty, name):
        self.allocas.append(f"  %{name} = alloca {ty}")
        return f"%{name}"

    def emit(self, line):
        self.body.append("  " + line)

    def block(self, name):
        self.body.append(f"{name}:")

    def begin(self, directive, clauses):
        """Opens a region; returns what `end` needs. clauses: (tag, [typed operands])."""
        if self.form == "region":
            tok = self.tmp("tok")
            bundles = ", ".join([f'"{directive}"()'] + [f'"{t}"({", ".join(ops)})' for t, ops in clauses])
            self.emit(f"{tok} = call token @llvm.directive.region.entry() [ {bundles} ]")
            return tok
        self.emit(f'call void @llvm.directive(metadata !"{directive}")')
        for tag, ops in clauses:
            if ":TYPED" in tag:
                # The paper form has no :TYPED; weft takes the type from the alloca.
                tag, ops = tag.replace(":TYPED", ""), [o for o in ops if o.startswith("ptr")]
            if tag.split(":")[0] in ("QUAL.OMP.NUM_THREADS", "QUAL.OMP.IF", "QUAL.OMP.FILTER",
                                     "QUAL.OMP.GRAINSIZE", "QUAL.OMP.NUM_TASKS", "QUAL.OMP.NUM_TEAMS",
                                     "QUAL.OMP.THREAD_LIMIT", "QUAL.OMP.OFFLOAD.ENTRY.IDX", "QUAL.OMP.DEVICE"):
                self.emit(f'call void (metadata, ...) @llvm.directive.qual.opnd(metadata !"{tag}", {ops[0]})')
            elif not ops and tag.startswith("QUAL.OMP.DIST_SCHEDULE"):
                # (A list clause, its chunk left out.)
                self.emit(f'call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"{tag}")')
            elif not ops:
                self.emit(f'call void @llvm.directive.qual(metadata !"{tag}")')
            else:
                self.emit(f'call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"{tag}", {", ".join(ops)})')
        self.emit('call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")')
        return None

    def end(self, directive, tok):
        end = directive.replace("DIR.OMP.", "DIR.OMP.END.")
        if self.form == "region":
            self.emit(f'call void @llvm.directive.region.exit(token {tok}) [ "{end}"() ]')
        else:
            self.emit(f'call void @llvm.directive(metadata !"{end}")')
            self.emit('call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")')

    def text(self, header):
        # Blocks must start after the entry's allocas; the first line of body is code of entry.
        return "\n".join([header + " {", "entry:"] + self.allocas + self.body + ["}", ""])


def normalized_loop(fn, rng, directive, outer_clauses, n_expr, a_ptr, extra, ivty, unsigned, slots=None):
    """A worksharing loop over i = 0 .. n-1: half the time in icx's normalized
    form, else written as a loop (cfg_loop) that weft must normalize itself.
    extra(fn, i64_index) emits the body's work. slots: the normalized form's
    (lb, ub, iv) allocas when the caller lists them on enclosing regions
    (as icx does on teams and target). Returns nothing."""
    if rng.random() < 0.5:
        return cfg_loop(fn, rng, directive, outer_clauses, n_expr, extra, ivty, unsigned)
    if slots:
        lb, ub, iv = slots
    else:
        lb = fn.alloca(ivty, fn.label("lb"))
        ub = fn.alloca(ivty, fn.label("ub"))
        iv = fn.alloca(ivty, fn.label("iv"))
    fn.emit(f"store {ivty} 0, ptr {lb}")
    if unsigned:
        # An unsigned normalized loop cannot express zero trips (ub = -1): run at least one.
        z, n1 = fn.tmp(), fn.tmp()
        fn.emit(f"{z} = icmp eq i64 {n_expr}, 0")
        fn.emit(f"{n1} = select i1 {z}, i64 1, i64 {n_expr}")
        n_expr = n1
    nt = fn.tmp()
    fn.emit(f"{nt} = trunc i64 {n_expr} to {ivty}" if ivty == "i32" else f"{nt} = add i64 {n_expr}, 0")
    last = fn.tmp()
    fn.emit(f"{last} = sub {ivty} {nt}, 1")
    fn.emit(f"store {ivty} {last}, ptr {ub}")
    clauses = list(outer_clauses) + [
        ("QUAL.OMP.NORMALIZED.IV:TYPED", [f"ptr {iv}", f"{ivty} 0"]),
        ("QUAL.OMP.NORMALIZED.UB:TYPED", [f"ptr {ub}", f"{ivty} 0"]),
        ("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {lb}", f"{ivty} 0", "i32 1"]),
    ]
    tok = fn.begin(directive, clauses)
    l0 = fn.tmp()
    fn.emit(f"{l0} = load {ivty}, ptr {lb}")
    fn.emit(f"store {ivty} {l0}, ptr {iv}")
    cond, body, done = fn.label("cond"), fn.label("body"), fn.label("done")
    fn.emit(f"br label %{cond}")
    fn.block(cond)
    i, u, c = fn.tmp("i"), fn.tmp(), fn.tmp()
    fn.emit(f"{i} = load {ivty}, ptr {iv}")
    fn.emit(f"{u} = load {ivty}, ptr {ub}")
    fn.emit(f"{c} = icmp {'ule' if unsigned else 'sle'} {ivty} {i}, {u}")
    fn.emit(f"br i1 {c}, label %{body}, label %{done}")
    fn.block(body)
    i64 = fn.tmp()
    fn.emit(f"{i64} = {'zext' if unsigned else 'sext'} {ivty} {i} to i64" if ivty == "i32" else f"{i64} = add i64 {i}, 0")
    extra(fn, i64)
    nx = fn.tmp()
    fn.emit(f"{nx} = add {ivty} {i}, 1")
    fn.emit(f"store {ivty} {nx}, ptr {iv}")
    fn.emit(f"br label %{cond}")
    fn.block(done)
    fn.end(directive, tok)


def cfg_loop(fn, rng, directive, outer_clauses, n_expr, extra, ivty, unsigned):
    """The same n iterations as `for (v = lb; v PRED ub; v += step)`, the
    variable a phi or (as -O0 writes it) a local in memory, the bound a value
    or reloaded from memory in the header; the body's index is (v - lb) / step."""
    in_memory = rng.random() < 0.5
    if unsigned:
        lb, step = rng.randint(0, 20), rng.choice([1, 2, 3, 7])
        pred = rng.choice(["ult", "ule", "ne"] if step == 1 else ["ult", "ule"])
    else:
        lb, step = rng.randint(-20, 20), rng.choice([1, 2, 3, 7, -1, -2, -3, -7])
        if step > 0:
            pred = rng.choice(["slt", "sle", "ne"] if step == 1 else ["slt", "sle"])
        else:
            pred = rng.choice(["sgt", "sge", "ne"] if step == -1 else ["sgt", "sge"])
    adjust = {"slt": 0, "ult": 0, "sgt": 0, "ne": 0, "sle": -1, "ule": -1, "sge": 1}[pred]
    span, ub64 = fn.tmp(), fn.tmp()
    fn.emit(f"{span} = mul i64 {n_expr}, {step}")
    fn.emit(f"{ub64} = add i64 {span}, {lb + adjust}")
    ubv = fn.tmp()
    fn.emit(f"{ubv} = trunc i64 {ub64} to i32" if ivty == "i32" else f"{ubv} = add i64 {ub64}, 0")
    bound_slot = None
    # (Only outside a parallel region: all of a team storing it would race.)
    if directive == "DIR.OMP.PARALLEL.LOOP" and rng.random() < 0.5:
        bound_slot = fn.alloca(ivty, fn.label("bound"))
        fn.emit(f"store {ivty} {ubv}, ptr {bound_slot}")
    var = fn.alloca(ivty, fn.label("v")) if in_memory else None
    clauses = list(outer_clauses)
    if var and rng.random() < 0.5:
        clauses.append(("QUAL.OMP.PRIVATE:TYPED", [f"ptr {var}", f"{ivty} 0", "i32 1"]))
    if bound_slot:
        clauses.append(("QUAL.OMP.SHARED", [f"ptr {bound_slot}"]))
    tok = fn.begin(directive, clauses)
    pre, cond, body, latch, done = (fn.label(x) for x in ("pre", "cond", "body", "latch", "done"))
    fn.emit(f"br label %{pre}")
    fn.block(pre)
    if var:
        fn.emit(f"store {ivty} {lb}, ptr {var}")
    fn.emit(f"br label %{cond}")
    fn.block(cond)
    v, nxt = fn.tmp("v"), fn.tmp("next")
    if var:
        fn.emit(f"{v} = load {ivty}, ptr {var}")
    else:
        fn.emit(f"{v} = phi {ivty} [ {lb}, %{pre} ], [ {nxt}, %{latch} ]")
    # The paper's registerized index (Tian et al. 2016, Figure 5): a sandwich
    # clause right after the phi, LINEAR (the loop's own step) or PRIVATE,
    # and sometimes the body's index derived in the header, as there.
    w_in_header = False
    if not var and fn.form == "paper" and rng.random() < 0.5:
        # (taskloop takes no linear clause: OpenMP 5.1 §2.12.2.)
        # (nor does a distribute loop: weft refuses linear there.)
        no_linear = directive in ("DIR.OMP.TASKLOOP", "DIR.OMP.DISTRIBUTE", "DIR.OMP.DISTRIBUTE.PARLOOP")
        tag = rng.choice(["QUAL.OMP.PRIVATE"] if no_linear else ["QUAL.OMP.LINEAR", "QUAL.OMP.PRIVATE"])
        ops = [f"{ivty} {v}"]
        if tag == "QUAL.OMP.LINEAR" and (step != 1 or rng.random() < 0.5):
            ops.append(f"{ivty} {step}")
        intrinsic = "qual.opnd" if rng.random() < 0.5 else "qual.opndlist"
        fn.emit(f'call void (metadata, ...) @llvm.directive.{intrinsic}(metadata !"{tag}", {", ".join(ops)})')
        w_in_header = rng.random() < 0.5
    w = fn.tmp()
    widen = f"{w} = {'zext' if unsigned else 'sext'} {ivty} {{}} to i64" if ivty == "i32" else f"{w} = add i64 {{}}, 0"
    if w_in_header:
        fn.emit(widen.format(v))
    u = ubv
    if bound_slot:
        u = fn.tmp()
        fn.emit(f"{u} = load {ivty}, ptr {bound_slot}")
    c = fn.tmp()
    if rng.random() < 0.5:
        fn.emit(f"{c} = icmp {pred} {ivty} {v}, {u}")
        fn.emit(f"br i1 {c}, label %{body}, label %{done}")
    else:
        swapped = {"slt": "sgt", "sle": "sge", "sgt": "slt", "sge": "sle", "ult": "ugt", "ule": "uge", "ne": "ne"}[pred]
        inverse = {"slt": "sge", "sle": "sgt", "sgt": "sle", "sge": "slt", "ult": "uge", "ule": "ugt", "ne": "eq"}[pred]
        if rng.random() < 0.5:
            fn.emit(f"{c} = icmp {swapped} {ivty} {u}, {v}")
            fn.emit(f"br i1 {c}, label %{body}, label %{done}")
        else:
            fn.emit(f"{c} = icmp {inverse} {ivty} {v}, {u}")
            fn.emit(f"br i1 {c}, label %{done}, label %{body}")
    fn.block(body)
    cur = v
    if var:
        cur = fn.tmp()
        fn.emit(f"{cur} = load {ivty}, ptr {var}")
    d, idx = fn.tmp(), fn.tmp()
    if not w_in_header:
        fn.emit(widen.format(cur))
    fn.emit(f"{d} = sub i64 {w}, {lb}")
    fn.emit(f"{idx} = sdiv i64 {d}, {step}")
    extra(fn, idx)
    fn.emit(f"br label %{latch}")
    fn.block(latch)
    if var:
        old = fn.tmp()
        fn.emit(f"{old} = load {ivty}, ptr {var}")
        fn.emit(f"{nxt} = add {ivty} {old}, {step}" if rng.random() < 0.5 or step > 0 else f"{nxt} = sub {ivty} {old}, {-step}")
        fn.emit(f"store {ivty} {nxt}, ptr {var}")
    else:
        fn.emit(f"{nxt} = add {ivty} {v}, {step}" if rng.random() < 0.5 or step > 0 else f"{nxt} = sub {ivty} {v}, {-step}")
    fn.emit(f"br label %{cond}")
    fn.block(done)
    fn.end(directive, tok)


def reduction_step(fn, op, ty, acc_ptr, i64):
    """acc = acc op f(i), with f small enough that integer-valued doubles stay exact."""
    v = fn.tmp()
    if ty in ("float", "double"):
        small = fn.tmp()
        fn.emit(f"{small} = urem i64 {i64}, 3")
        fn.emit(f"{v} = sitofp i64 {small} to {ty}")
        if op == "MUL":
            one = fn.tmp()
            fn.emit(f"{one} = fadd {ty} {v}, 1.0")
            # 1, 2 or 3 ... keep products exact and bounded: use 1.0 or 2.0 only.
            cap = fn.tmp()
            fn.emit(f"{cap} = fcmp ogt {ty} {one}, 2.0")
            two = fn.tmp()
            fn.emit(f"{two} = select i1 {cap}, {ty} 1.0, {ty} {one}")
            v = two
    else:
        m = fn.tmp()
        fn.emit(f"{m} = mul i64 {i64}, 2654435761")
        fn.emit(f"{v} = trunc i64 {m} to {ty}" if ty != "i64" else f"{v} = xor i64 {m}, 12345")
        if op == "MUL":
            w = fn.tmp()
            fn.emit(f"{w} = or {ty} {v}, 1")
            v = w
        if op in ("AND", "OR"):
            w = fn.tmp()
            fn.emit(f"{w} = and {ty} {v}, 1")
            v = w
        if op in ("EQV", "NEQV"):
            # Fortran LOGICAL as ifx writes it: .TRUE. is -1, .FALSE. 0.
            w, t = fn.tmp(), fn.tmp()
            fn.emit(f"{w} = and {ty} {v}, 1")
            fn.emit(f"{t} = sub {ty} 0, {w}")
            v = t
    cur, new = fn.tmp(), fn.tmp()
    fn.emit(f"{cur} = load {ty}, ptr {acc_ptr}")
    fp = ty in ("float", "double")
    if op in ("ADD", "SUB"):
        fn.emit(f"{new} = {'fadd' if fp else 'add'} {ty} {cur}, {v}")
    elif op == "MUL":
        fn.emit(f"{new} = {'fmul' if fp else 'mul'} {ty} {cur}, {v}")
    elif op in ("BAND", "BOR", "BXOR"):
        fn.emit(f"{new} = {dict(BAND='and', BOR='or', BXOR='xor')[op]} {ty} {cur}, {v}")
    elif op == "NEQV":
        fn.emit(f"{new} = xor {ty} {cur}, {v}")
    elif op == "EQV":
        x = fn.tmp()
        fn.emit(f"{x} = xor {ty} {cur}, {v}")
        fn.emit(f"{new} = xor {ty} {x}, -1")
    elif op in ("AND", "OR"):
        c1, c2, c3 = fn.tmp(), fn.tmp(), fn.tmp()
        fn.emit(f"{c1} = icmp ne {ty} {cur}, 0")
        fn.emit(f"{c2} = icmp ne {ty} {v}, 0")
        fn.emit(f"{c3} = {'and' if op == 'AND' else 'or'} i1 {c1}, {c2}")
        fn.emit(f"{new} = zext i1 {c3} to {ty}")
    else:
        c = fn.tmp()
        if fp:
            fn.emit(f"{c} = fcmp {'ogt' if op == 'MAX' else 'olt'} {ty} {cur}, {v}")
        else:
            fn.emit(f"{c} = icmp {'sgt' if op == 'MAX' else 'slt'} {ty} {cur}, {v}")
        fn.emit(f"{new} = select i1 {c}, {ty} {cur}, {ty} {v}")
    fn.emit(f"store {ty} {new}, ptr {acc_ptr}")


def init_value(op, ty):
    if ty in ("float", "double"):
        return "1.0" if op == "MUL" else "0.0"
    # Logical && and || reductions combine to 0 or 1 even over zero
    # iterations (omp_out = omp_out || omp_in), so start them at a boolean.
    return {"MUL": "1", "AND": "1", "OR": "0", "EQV": "-1", "NEQV": "0"}.get(op, "7")


def print_value(fn, ty, ptr, tag):
    v = fn.tmp()
    fn.emit(f"{v} = load {ty}, ptr {ptr}")
    if ty in ("float", "double"):
        d = fn.tmp()
        fn.emit(f"{d} = {'fpext float' if ty == 'float' else 'fadd double'} {v}{' to double' if ty == 'float' else ', 0.0'}")
        fn.emit(f'call i32 (ptr, ...) @printf(ptr @fmt.f, ptr @{tag}, double {d})')
    else:
        w = fn.tmp()
        fn.emit(f"{w} = sext {ty} {v} to i64" if ty != "i64" else f"{w} = add i64 {v}, 0")
        fn.emit(f'call i32 (ptr, ...) @printf(ptr @fmt.i, ptr @{tag}, i64 {w})')


def kernel_parallel_loop(k, rng, form):
    """PARALLEL.LOOP over a with a reduction, private, firstprivate, lastprivate."""
    fn = Fn(form, rng)
    ivty = rng.choice(["i32", "i64"])
    unsigned = rng.random() < 0.3
    sched, chunked = rng.choice(SCHEDULES)
    rty = rng.choice(["i8", "i16", "i32", "i64", "float", "double"])
    op = rng.choice(RED_FP if rty in ("float", "double") else RED_INT)
    acc = fn.alloca(rty, "acc")
    fn.emit(f"store {rty} {init_value(op, rty)}, ptr {acc}")
    x = fn.alloca("i64", "x")
    fn.emit("store i64 -1, ptr %x")
    y = fn.alloca("i64", "y")
    fn.emit("store i64 5, ptr %y")
    z = fn.alloca("i64", "z")
    fa = fn.alloca("[4 x i64]", "fa")
    la = fn.alloca("[3 x i64]", "la")
    for e in range(4):
        g = fn.tmp()
        fn.emit(f"{g} = getelementptr [4 x i64], ptr %fa, i64 0, i64 {e}")
        fn.emit(f"store i64 {e * 10 + 1}, ptr {g}")
    for e in range(3):
        g = fn.tmp()
        fn.emit(f"{g} = getelementptr [3 x i64], ptr %la, i64 0, i64 {e}")
        fn.emit(f"store i64 -5, ptr {g}")
    clauses = [
        (f"QUAL.OMP.REDUCTION.{op}:TYPED", [f"ptr {acc}", f"{rty} {'0.0' if rty in ('float', 'double') else '0'}", "i32 1"]),
        ("QUAL.OMP.LASTPRIVATE:TYPED", ["ptr %x", "i64 0", "i32 1"]),
        ("QUAL.OMP.FIRSTPRIVATE:TYPED", ["ptr %y", "i64 0", "i32 1"]),
        ("QUAL.OMP.PRIVATE:TYPED", ["ptr %z", "i64 0", "i32 1"]),
        ("QUAL.OMP.SHARED", ["ptr %a"]),
        ("QUAL.OMP.FIRSTPRIVATE:TYPED", ["ptr %fa", "i64 0", "i32 4"]),
        ("QUAL.OMP.LASTPRIVATE:TYPED", ["ptr %la", "i64 0", "i64 3"]),
    ]
    # A pointer linear in the loop: icx's layout (the variable holds a
    # pointer, :TYPED names the pointee, the step counts pointees) in the
    # region form, a step in bytes in the paper form.
    ptr_linear = rng.random() < 0.4
    if ptr_linear:
        fn.alloca("ptr", "pl")
        fn.emit("store ptr %a, ptr %pl")
        if form == "region":
            clauses.append(("QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED", ["ptr %pl", "i64 0", "i32 1", "i32 1"]))
        else:
            clauses.append(("QUAL.OMP.LINEAR", ["ptr %pl", "i64 8"]))
    chunk = rng.choice([1, 2, 3, 7, 64])
    ity = ivty
    clauses.insert(0, (f"QUAL.OMP.SCHEDULE.{sched}", [f"{ity} {chunk if chunked else 0}"]))
    if rng.random() < 0.3:
        clauses.append(("QUAL.OMP.NUM_THREADS", [f"i32 {rng.choice([1, 2, 3, 5])}"]))
    if rng.random() < 0.2:
        clauses.append(("QUAL.OMP.IF", [f"i1 {rng.choice(['true', 'false'])}"]))
    rng.shuffle(clauses)

    def work(fn, i):
        zi = fn.tmp()
        fn.emit(f"{zi} = mul i64 {i}, 3")
        fn.emit(f"store i64 {zi}, ptr %z")
        yv, zv, s = fn.tmp(), fn.tmp(), fn.tmp()
        fn.emit(f"{yv} = load i64, ptr %y")
        fn.emit(f"{zv} = load i64, ptr %z")
        fn.emit(f"{s} = add i64 {yv}, {zv}")
        g = fn.tmp()
        fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
        fn.emit(f"store i64 {s}, ptr {g}")
        xi = fn.tmp()
        fn.emit(f"{xi} = mul i64 {i}, 7")
        fn.emit(f"store i64 {xi}, ptr %x")
        # Arrays: read the firstprivate copy, write the whole lastprivate one.
        m, g, fv, ai, s2 = fn.tmp(), fn.tmp(), fn.tmp(), fn.tmp(), fn.tmp()
        fn.emit(f"{m} = and i64 {i}, 3")
        fn.emit(f"{g} = getelementptr [4 x i64], ptr %fa, i64 0, i64 {m}")
        fn.emit(f"{fv} = load i64, ptr {g}")
        fn.emit(f"{ai} = getelementptr i64, ptr %a, i64 {i}")
        fn.emit(f"{s2} = add i64 {s}, {fv}")
        fn.emit(f"store i64 {s2}, ptr {ai}")
        for e in range(3):
            g2, v2 = fn.tmp(), fn.tmp()
            fn.emit(f"{v2} = mul i64 {i}, {e + 2}")
            fn.emit(f"{g2} = getelementptr [3 x i64], ptr %la, i64 0, i64 {e}")
            fn.emit(f"store i64 {v2}, ptr {g2}")
        if ptr_linear:
            # a[i] += 1000 through the linear pointer, which then steps one i64.
            p, v, v1, p1 = fn.tmp(), fn.tmp(), fn.tmp(), fn.tmp()
            fn.emit(f"{p} = load ptr, ptr %pl")
            fn.emit(f"{v} = load i64, ptr {p}")
            fn.emit(f"{v1} = add i64 {v}, 1000")
            fn.emit(f"store i64 {v1}, ptr {p}")
            fn.emit(f"{p1} = getelementptr i64, ptr {p}, i64 1")
            fn.emit(f"store ptr {p1}, ptr %pl")
        reduction_step(fn, op, rty, acc, i)

    normalized_loop(fn, rng, "DIR.OMP.PARALLEL.LOOP", clauses, "%n", "%a", work, ivty, unsigned)
    print_value(fn, rty, acc, "s.acc")
    print_value(fn, "i64", x, "s.last")
    if ptr_linear:
        pf, pi, ai, d = fn.tmp(), fn.tmp(), fn.tmp(), fn.tmp()
        fn.emit(f"{pf} = load ptr, ptr %pl")
        fn.emit(f"{pi} = ptrtoint ptr {pf} to i64")
        fn.emit(f"{ai} = ptrtoint ptr %a to i64")
        fn.emit(f"{d} = sub i64 {pi}, {ai}")
        dp = fn.alloca("i64", "pld")
        fn.emit(f"store i64 {d}, ptr {dp}")
        print_value(fn, "i64", dp, "s.last")
    fn.emit("call void @checksum(ptr %la, i64 3)")
    fn.emit("call void @checksum(ptr %a, i64 %n)")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def kernel_parallel_sync(k, rng, form):
    """PARALLEL containing a worksharing LOOP (critical inside), single, master, masked, barrier."""
    fn = Fn(form, rng)
    s = fn.alloca("i64", "s")
    cnt = fn.alloca("i64", "cnt")
    dsum = fn.alloca("double", "d")
    fn.emit("store i64 0, ptr %s")
    fn.emit("store i64 0, ptr %cnt")
    fn.emit("store double 0.0, ptr %d")
    outer = []
    if rng.random() < 0.5:
        outer.append(("QUAL.OMP.SHARED", ["ptr %s", "ptr %cnt", "ptr %a"]))
    if rng.random() < 0.3:
        outer.append(("QUAL.OMP.NUM_THREADS", [f"i32 {rng.choice([1, 2, 3, 4])}"]))
    ptok = fn.begin("DIR.OMP.PARALLEL", outer)
    steps = ["loop", "single", "master", "masked", "barrier", "critical"]
    rng.shuffle(steps)
    for st in steps[: rng.randint(2, len(steps))]:
        if st == "loop":
            sched, chunked = rng.choice(SCHEDULES)
            ivty = rng.choice(["i32", "i64"])
            cl = [(f"QUAL.OMP.SCHEDULE.{sched}", [f"{ivty} {rng.choice([1, 4]) if chunked else 0}"])]
            nowait = rng.random() < 0.3
            if nowait:
                cl.append(("QUAL.OMP.NOWAIT", []))

            guard = rng.choice(["critical", "atomic", "atomic-cas", "atomic-fp"])

            def work(fn, i, guard=guard):
                # s += i under a critical section or as an atomic update
                # (atomicrmw, or a compare-exchange loop for an expression
                # atomicrmw lacks), or d += 1.0 atomically (floating point).
                d = "DIR.OMP.CRITICAL" if guard == "critical" else "DIR.OMP.ATOMIC"
                cl = [] if guard == "critical" else [(rng.choice(["QUAL.OMP.UPDATE", "QUAL.OMP.UPDATE.SEQ_CST"]), [])]
                ctok = fn.begin(d, cl)
                v, w = fn.tmp(), fn.tmp()
                if guard == "atomic-fp":
                    fn.emit(f"{v} = load double, ptr %d")
                    fn.emit(f"{w} = fadd double {v}, 1.5")
                    fn.emit(f"store double {w}, ptr %d")
                else:
                    fn.emit(f"{v} = load i64, ptr %s")
                    fn.emit(f"{w} = add i64 {v}, {i}")
                    if guard == "atomic-cas":
                        w2 = fn.tmp()
                        fn.emit(f"{w2} = or i64 {w}, 0")
                        w = w2
                    fn.emit(f"store i64 {w}, ptr %s")
                fn.end(d, ctok)
                g = fn.tmp()
                fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
                q = fn.tmp()
                fn.emit(f"{q} = mul i64 {i}, {i}")
                fn.emit(f"store i64 {q}, ptr {g}")

            normalized_loop(fn, rng, "DIR.OMP.LOOP", cl, "%n", "%a", work, ivty, False)
            if nowait:
                btok = fn.begin("DIR.OMP.BARRIER", [])
                fn.end("DIR.OMP.BARRIER", btok)
        elif st in ("single", "master", "masked"):
            d = {"single": "DIR.OMP.SINGLE", "master": "DIR.OMP.MASTER", "masked": "DIR.OMP.MASKED"}[st]
            cl = [("QUAL.OMP.FILTER", ["i32 0"])] if st == "masked" else []
            t = fn.begin(d, cl)
            v, w = fn.tmp(), fn.tmp()
            fn.emit(f"{v} = load i64, ptr %cnt")
            fn.emit(f"{w} = add i64 {v}, {rng.randint(1, 9)}")
            fn.emit(f"store i64 {w}, ptr %cnt")
            fn.end(d, t)
            if st != "single":
                b = fn.begin("DIR.OMP.BARRIER", [])
                fn.end("DIR.OMP.BARRIER", b)
        elif st == "barrier":
            b = fn.begin("DIR.OMP.BARRIER", [])
            fn.end("DIR.OMP.BARRIER", b)
        else:
            # A critical section every thread runs, under single so the count is fixed.
            t = fn.begin("DIR.OMP.SINGLE", [])
            c = fn.begin("DIR.OMP.CRITICAL", [])
            v, w = fn.tmp(), fn.tmp()
            fn.emit(f"{v} = load i64, ptr %cnt")
            fn.emit(f"{w} = mul i64 {v}, 3")
            fn.emit(f"store i64 {w}, ptr %cnt")
            fn.end("DIR.OMP.CRITICAL", c)
            fn.end("DIR.OMP.SINGLE", t)
    fn.end("DIR.OMP.PARALLEL", ptok)
    print_value(fn, "i64", s, "s.sum")
    print_value(fn, "i64", cnt, "s.cnt")
    print_value(fn, "double", dsum, "s.sum")
    fn.emit("call void @checksum(ptr %a, i64 %n)")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def kernel_nested(k, rng, form):
    """parallel { single { parallel loop } }, and an SSA value computed inside used after."""
    fn = Fn(form, rng)
    acc = fn.alloca("i64", "acc")
    fn.emit("store i64 0, ptr %acc")
    ptok = fn.begin("DIR.OMP.PARALLEL", [("QUAL.OMP.NUM_THREADS", ["i32 2"])])
    stok = fn.begin("DIR.OMP.SINGLE", [])

    def work(fn, i):
        reduction_step(fn, "ADD", "i64", "%acc", i)

    normalized_loop(fn, rng, "DIR.OMP.PARALLEL.LOOP",
                    [("QUAL.OMP.REDUCTION.ADD:TYPED", ["ptr %acc", "i64 0", "i32 1"])], "%n", "%a", work, "i64", False)
    fn.end("DIR.OMP.SINGLE", stok)
    v = fn.tmp("v")
    fn.emit(f"{v} = mul i64 %n, 3")
    fn.end("DIR.OMP.PARALLEL", ptok)
    w = fn.tmp()
    fn.emit(f"{w} = add i64 {v}, 1")
    fn.emit(f"store i64 {w}, ptr %acc")
    print_value(fn, "i64", acc, "s.nest")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


HEADER = """target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd(metadata, ...)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt.i = private constant [8 x i8] c"%s %ld\\0A\\00"
@fmt.f = private constant [9 x i8] c"%s %.1f\\0A\\00"
@s.acc = private constant [4 x i8] c"acc\\00"
@s.last = private constant [5 x i8] c"last\\00"
@s.sum = private constant [4 x i8] c"sum\\00"
@s.cnt = private constant [4 x i8] c"cnt\\00"
@s.nest = private constant [5 x i8] c"nest\\00"
@s.chk = private constant [4 x i8] c"chk\\00"
@s.dep = private constant [4 x i8] c"dep\\00"
@s.found = private constant [6 x i8] c"found\\00"
@arr = global [1000 x i64] zeroinitializer

define void @checksum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %h = phi i64 [ 17, %entry ], [ %h2, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %out
body:
  %g = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %g
  %h1 = mul i64 %h, 31
  %h2 = add i64 %h1, %v
  %i1 = add i64 %i, 1
  br label %loop
out:
  call i32 (ptr, ...) @printf(ptr @fmt.i, ptr @s.chk, i64 %h)
  ret void
}
"""


def program(seed, index):
    rng = random.Random(f"{seed}:{index}")
    form = rng.choice(["region", "paper"])
    import randprog_tasks  # (here: they import this module)
    import randprog_target
    kernels = [kernel_parallel_loop, kernel_parallel_sync, kernel_nested] + randprog_tasks.KERNELS
    kernels += randprog_target.KERNELS
    # (RANDPROG_ONLY=name,name: only those kernels, to hunt in one family.)
    only = os.environ.get("RANDPROG_ONLY")
    if only:
        kernels = [kern for kern in kernels if kern.__name__ in only.split(",")]
    chosen = [rng.choice(kernels) for _ in range(rng.randint(1, 3))]
    # (libomp 16 hangs when host teams are followed by tasks in a taskgroup
    # in one program, clang's builds too: randprog_target.py. Such a
    # program keeps its league kernels and loses its tasking ones.)
    if randprog_target.kernel_league in chosen:
        chosen = [kern for kern in chosen if kern not in randprog_tasks.KERNELS]
    parts = [f"; weft random program seed {seed} index {index}, {form} form", HEADER]
    calls = []
    for k, kern in enumerate(chosen):
        parts.append(kern(k, rng, form))
        n = rng.choice([0, 1, 2, 3, 7, 64, 100, 997])
        calls.append(f"  call void @kernel{k}(ptr @arr, i64 {n})")
    parts.append("define i32 @main() {\nentry:\n" + "\n".join(calls) + "\n  ret i32 0\n}\n")
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.index is not None:
        print(program(a.seed, a.index), end="")
        return
    os.makedirs(a.out, exist_ok=True)
    for i in range(a.count):
        with open(os.path.join(a.out, f"prog-{a.seed}-{i}.ll"), "w") as f:
            f.write(program(a.seed, i))


if __name__ == "__main__":
    main()
