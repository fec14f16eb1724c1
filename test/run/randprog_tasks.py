"""Random tasking kernels for randprog.py: tasks, taskloops, sections, cancel.

Each kernel prints values that only a right lowering gives at every thread
count, and that the program without its directives (the serial meaning)
gives too:

  kernel_task_deps  trees of tasks whose depend items (in / out / inout on
                    shared and distinct slots) order non-commutative updates
                    (old * 3 + read + capture), a firstprivate capture the
                    creator overwrites right after each task, child tasks
                    waited for by a taskwait in their parent, taskwait and
                    taskgroup between them, taskwait with depend at the end;
  kernel_taskloop   a taskloop with grainsize / num_tasks (strict or not),
                    nogroup (then a store to its firstprivate variable and a
                    taskwait), reduction, lastprivate, firstprivate, private;
  kernel_sections   sections (or parallel sections) with lastprivate (the
                    lexically last section's value), reduction, firstprivate;
  kernel_cancel     cancel of a worksharing loop, sections or taskgroup by the
                    one iteration / section / task that finds a key (nothing
                    else is printed), or of a parallel region after its work.

difftest.py runs some thread counts with OMP_CANCELLATION=true, so the
cancels take effect there and are no-ops elsewhere.
"""
import randprog as R


def _typed(ty, n=1):
    return [f"{ty} 0", f"i32 {n}"]


def _team(fn, rng, shared, body):
    """body() inside parallel { single | master } (or orphaned, in the
    implicit parallel region, then followed by a taskwait)."""
    if rng.random() < 0.2:
        body()
        t = fn.begin("DIR.OMP.TASKWAIT", [])
        fn.end("DIR.OMP.TASKWAIT", t)
        return
    outer = [("QUAL.OMP.SHARED", [f"ptr {p}" for p in shared])]
    if rng.random() < 0.3:
        outer.append(("QUAL.OMP.NUM_THREADS", [f"i32 {rng.choice([1, 2, 3, 4])}"]))
    ptok = fn.begin("DIR.OMP.PARALLEL", outer)
    which = rng.choice(["DIR.OMP.SINGLE", "DIR.OMP.MASTER", "DIR.OMP.MASKED"])
    cl = [("QUAL.OMP.FILTER", ["i32 0"])] if which == "DIR.OMP.MASKED" else []
    stok = fn.begin(which, cl)
    body()
    fn.end(which, stok)
    fn.end("DIR.OMP.PARALLEL", ptok)


def _depends(rng, ins, outs, inouts):
    """The depend clauses, items sometimes one per clause, sometimes listed together."""
    cl = []
    for tag, items in (("QUAL.OMP.DEPEND.IN", ins), ("QUAL.OMP.DEPEND.OUT", outs), ("QUAL.OMP.DEPEND.INOUT", inouts)):
        if not items:
            continue
        if rng.random() < 0.5:
            cl.append((tag, [f"ptr {p}" for p in items]))
        else:
            cl.extend((tag, [f"ptr {p}"]) for p in items)
    return cl


def _step(fn, w, reads, cap, keep_old):
    """*w = (keep_old ? *w * 3 : 0) + sum(*reads) * 5 + *cap: a step whose result only its place in the order gives."""
    acc = fn.tmp()
    if keep_old:
        o = fn.tmp()
        fn.emit(f"{o} = load i64, ptr {w}")
        fn.emit(f"{acc} = mul i64 {o}, 3")
    else:
        fn.emit(f"{acc} = add i64 0, 0")
    for r in reads:
        v, m, s = fn.tmp(), fn.tmp(), fn.tmp()
        fn.emit(f"{v} = load i64, ptr {r}")
        fn.emit(f"{m} = mul i64 {v}, 5")
        fn.emit(f"{s} = add i64 {acc}, {m}")
        acc = s
    c, s = fn.tmp(), fn.tmp()
    fn.emit(f"{c} = load i64, ptr {cap}")
    fn.emit(f"{s} = add i64 {acc}, {c}")
    fn.emit(f"store i64 {s}, ptr {w}")


def kernel_task_deps(k, rng, form):
    fn = R.Fn(form, rng)
    nslot = rng.randint(2, 4)
    slots = [fn.alloca("i64", f"d{j}") for j in range(nslot)]
    for j, s in enumerate(slots):
        fn.emit(f"store i64 {j + 1}, ptr {s}")
    cap = fn.alloca("i64", "cap")
    fn.emit(f"store i64 0, ptr {cap}")
    ntask = rng.randint(3, 9)
    outs = []  # the distinct slots of readers and trees: printed at the end
    plan = []
    for t in range(ntask):
        kind = rng.choice(["inout", "out", "reader", "tree"])
        w = rng.choice(slots)
        reads = rng.sample([s for s in slots if s != w], rng.randint(0, min(2, nslot - 1)))
        if kind == "reader":
            w = fn.alloca("i64", fn.label("o"))
            fn.emit(f"store i64 0, ptr {w}")
            outs.append(w)
            reads = reads or [rng.choice(slots)]
        extra = []
        if kind == "tree":
            extra = [fn.alloca("i64", fn.label("ca")), fn.alloca("i64", fn.label("cb"))]
        plan.append((kind, w, reads, extra))
    shared = slots + [cap] + outs + [e for p in plan for e in p[3]]

    def body():
        group = None  # (a list: the paper form's begin returns None)
        for t, (kind, w, reads, extra) in enumerate(plan):
            if group is None and rng.random() < 0.15:
                group = [fn.begin("DIR.OMP.TASKGROUP", [])]
            fn.emit(f"store i64 {rng.randint(1, 99)}, ptr {cap}")
            if kind == "out" or kind == "reader":
                dep = _depends(rng, reads, [w], [])
            else:
                dep = _depends(rng, reads, [], [w])
            cl = [("QUAL.OMP.SHARED", [f"ptr {p}" for p in [w] + reads + extra]),
                  ("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {cap}"] + _typed("i64"))] + dep
            if rng.random() < 0.15:
                # Undeferred: the creating thread still waits for the task's dependences.
                cl.append(("QUAL.OMP.IF", ["i1 false"]))
            rng.shuffle(cl)
            tok = fn.begin("DIR.OMP.TASK", cl)
            if kind == "tree":
                # Two children ordered by their own depend items, then a taskwait
                # before the parent writes: the parent's dependences hold until then.
                ca, cb = extra
                c1 = fn.begin("DIR.OMP.TASK", [("QUAL.OMP.SHARED", [f"ptr {p}" for p in reads + [ca]]),
                                               ("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {cap}"] + _typed("i64"))]
                              + _depends(rng, [], [ca], []))
                _step(fn, ca, reads, cap, False)
                fn.end("DIR.OMP.TASK", c1)
                c2 = fn.begin("DIR.OMP.TASK", [("QUAL.OMP.SHARED", [f"ptr {ca}", f"ptr {cb}"]),
                                               ("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {cap}"] + _typed("i64"))]
                              + _depends(rng, [ca], [cb], []))
                _step(fn, cb, [ca], cap, False)
                fn.end("DIR.OMP.TASK", c2)
                tw = fn.begin("DIR.OMP.TASKWAIT", [])
                fn.end("DIR.OMP.TASKWAIT", tw)
                _step(fn, w, [cb], cap, True)
            else:
                _step(fn, w, reads, cap, kind == "inout")
            fn.end("DIR.OMP.TASK", tok)
            # A task that read the variable when it ran, not when it was created, sees this.
            fn.emit(f"store i64 {rng.randint(1000, 9999)}, ptr {cap}")
            if group is not None and rng.random() < 0.3:
                fn.end("DIR.OMP.TASKGROUP", group[0])
                group = None
            elif rng.random() < 0.1:
                tw = fn.begin("DIR.OMP.TASKWAIT", [])
                fn.end("DIR.OMP.TASKWAIT", tw)
        if group is not None:
            fn.end("DIR.OMP.TASKGROUP", group[0])
        if rng.random() < 0.5:
            # Every printed slot is some task's out or inout item.
            tw = fn.begin("DIR.OMP.TASKWAIT", [("QUAL.OMP.DEPEND.IN", [f"ptr {p}" for p in slots + outs])])
            fn.end("DIR.OMP.TASKWAIT", tw)

    _team(fn, rng, shared, body)
    for p in slots + outs:
        R.print_value(fn, "i64", p, "s.dep")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def kernel_taskloop(k, rng, form):
    fn = R.Fn(form, rng)
    ivty = rng.choice(["i32", "i64"])
    unsigned = rng.random() < 0.3
    rty = rng.choice(["i8", "i16", "i32", "i64", "float", "double"])
    op = rng.choice(R.RED_FP if rty in ("float", "double") else R.RED_INT)
    acc = fn.alloca(rty, "acc")
    fn.emit(f"store {rty} {R.init_value(op, rty)}, ptr {acc}")
    fn.alloca("i64", "x")
    fn.emit("store i64 -1, ptr %x")
    fn.alloca("i64", "y")
    fn.emit("store i64 5, ptr %y")
    fn.alloca("i64", "z")
    nogroup = rng.random() < 0.3
    clauses = [
        ("QUAL.OMP.LASTPRIVATE:TYPED", ["ptr %x"] + _typed("i64")),
        ("QUAL.OMP.FIRSTPRIVATE:TYPED", ["ptr %y"] + _typed("i64")),
        ("QUAL.OMP.PRIVATE:TYPED", ["ptr %z"] + _typed("i64")),
        ("QUAL.OMP.SHARED", ["ptr %a"]),
    ]
    if nogroup:
        # (OpenMP 5.1 §2.12.2: reduction and nogroup are exclusive.)
        clauses.append(("QUAL.OMP.NOGROUP", []))
    else:
        zero = "0.0" if rty in ("float", "double") else "0"
        clauses.append((f"QUAL.OMP.REDUCTION.{op}:TYPED", [f"ptr {acc}", f"{rty} {zero}", "i32 1"]))
    size = rng.choice([None, "GRAINSIZE", "NUM_TASKS"])
    if size:
        tag = f"QUAL.OMP.{size}" + (":STRICT" if rng.random() < 0.4 else "")
        clauses.append((tag, [f"i32 {rng.choice([1, 2, 3, 5, 16])}"]))
    rng.shuffle(clauses)

    def work(fn, i):
        zi, yv, zv, s, g, xi = (fn.tmp() for _ in range(6))
        fn.emit(f"{zi} = mul i64 {i}, 3")
        fn.emit(f"store i64 {zi}, ptr %z")
        fn.emit(f"{yv} = load i64, ptr %y")
        fn.emit(f"{zv} = load i64, ptr %z")
        fn.emit(f"{s} = add i64 {yv}, {zv}")
        fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
        fn.emit(f"store i64 {s}, ptr {g}")
        fn.emit(f"{xi} = mul i64 {i}, 7")
        fn.emit(f"store i64 {xi}, ptr %x")
        if not nogroup:
            R.reduction_step(fn, op, rty, acc, i)

    def body():
        R.normalized_loop(fn, rng, "DIR.OMP.TASKLOOP", clauses, "%n", "%a", work, ivty, unsigned)
        if nogroup:
            # The generated tasks captured y when the taskloop began.
            fn.emit("store i64 999, ptr %y")
            t = fn.begin("DIR.OMP.TASKWAIT", [])
            fn.end("DIR.OMP.TASKWAIT", t)

    _team(fn, rng, [acc, "%x", "%y", "%a"], body)
    R.print_value(fn, rty, acc, "s.acc")
    R.print_value(fn, "i64", "%x", "s.last")
    fn.emit("call void @checksum(ptr %a, i64 %n)")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def kernel_sections(k, rng, form):
    fn = R.Fn(form, rng)
    rty = rng.choice(["i32", "i64", "double"])
    op = rng.choice(R.RED_FP if rty == "double" else R.RED_INT)
    acc = fn.alloca(rty, "acc")
    fn.emit(f"store {rty} {R.init_value(op, rty)}, ptr {acc}")
    fn.alloca("i64", "x")
    fn.emit("store i64 -1, ptr %x")
    fn.alloca("i64", "f")
    fn.emit("store i64 5, ptr %f")
    zero = "0.0" if rty == "double" else "0"
    clauses = [
        ("QUAL.OMP.LASTPRIVATE:TYPED", ["ptr %x"] + _typed("i64")),
        ("QUAL.OMP.FIRSTPRIVATE:TYPED", ["ptr %f"] + _typed("i64")),
        (f"QUAL.OMP.REDUCTION.{op}:TYPED", [f"ptr {acc}", f"{rty} {zero}", "i32 1"]),
    ]
    rng.shuffle(clauses)
    nsec = rng.randint(1, 5)
    combined = rng.random() < 0.3
    nowait = not combined and rng.random() < 0.3
    if nowait:
        clauses.append(("QUAL.OMP.NOWAIT", []))
    d = "DIR.OMP.PARALLEL.SECTIONS" if combined else "DIR.OMP.SECTIONS"
    if not combined:
        ptok = fn.begin("DIR.OMP.PARALLEL", [("QUAL.OMP.SHARED", [f"ptr {acc}", "ptr %x", "ptr %f", "ptr %a"])])
    else:
        clauses.append(("QUAL.OMP.SHARED", ["ptr %a"]))
    stok = fn.begin(d, clauses)
    for j in range(nsec):
        lab = fn.label("sec")
        fn.emit(f"br label %{lab}")
        fn.block(lab)
        t = fn.begin("DIR.OMP.SECTION", [])
        fv, v, g = fn.tmp(), fn.tmp(), fn.tmp()
        # (Each section reads f and never writes it: a thread's copy serves all its sections.)
        fn.emit(f"{fv} = load i64, ptr %f")
        fn.emit(f"{v} = add i64 {fv}, {11 * j + 1}")
        fn.emit(f"store i64 {v}, ptr %x")
        fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {j}")
        fn.emit(f"store i64 {v}, ptr {g}")
        R.reduction_step(fn, op, rty, acc, str(j + 2))
        fn.end("DIR.OMP.SECTION", t)
    lab = fn.label("secend")
    fn.emit(f"br label %{lab}")
    fn.block(lab)
    fn.end(d, stok)
    if not combined:
        if nowait:
            b = fn.begin("DIR.OMP.BARRIER", [])
            fn.end("DIR.OMP.BARRIER", b)
        fn.end("DIR.OMP.PARALLEL", ptok)
    R.print_value(fn, rty, acc, "s.acc")
    R.print_value(fn, "i64", "%x", "s.last")
    fn.emit(f"call void @checksum(ptr %a, i64 {nsec})")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def _cancel(fn, rng, construct, hit):
    """cancel <construct> when hit: under a branch, or with an if clause."""
    if rng.random() < 0.5:
        c = fn.begin("DIR.OMP.CANCEL", [(f"QUAL.OMP.CANCEL.{construct}", []), ("QUAL.OMP.IF", [f"i1 {hit}"])])
        fn.end("DIR.OMP.CANCEL", c)
        return
    yes, no = fn.label("cancel"), fn.label("go")
    fn.emit(f"br i1 {hit}, label %{yes}, label %{no}")
    fn.block(yes)
    c = fn.begin("DIR.OMP.CANCEL", [(f"QUAL.OMP.CANCEL.{construct}", [])])
    fn.end("DIR.OMP.CANCEL", c)
    fn.emit(f"br label %{no}")
    fn.block(no)


def _point(fn, rng, construct):
    if rng.random() < 0.5:
        c = fn.begin("DIR.OMP.CANCELLATION.POINT", [(f"QUAL.OMP.CANCEL.{construct}", [])])
        fn.end("DIR.OMP.CANCELLATION.POINT", c)


def _found(fn, hit, value):
    """found = value when hit (the one writer of found)."""
    yes, no = fn.label("hit"), fn.label("miss")
    fn.emit(f"br i1 {hit}, label %{yes}, label %{no}")
    fn.block(yes)
    fn.emit(f"store i64 {value}, ptr %found")
    fn.emit(f"br label %{no}")
    fn.block(no)


def kernel_cancel(k, rng, form):
    fn = R.Fn(form, rng)
    fn.alloca("i64", "found")
    fn.emit("store i64 -1, ptr %found")
    what = rng.choice(["LOOP", "PARALLEL", "SECTIONS", "TASKGROUP"])
    ptok = fn.begin("DIR.OMP.PARALLEL", [("QUAL.OMP.SHARED", ["ptr %found", "ptr %a"])])
    if what == "LOOP":
        key = fn.tmp()
        fn.emit(f"{key} = udiv i64 %n, {rng.choice([2, 3])}")
        # (weft cancels static loops without a chunk: docs/threads.md.)
        cl = [("QUAL.OMP.SCHEDULE.STATIC", ["i64 0"])] if rng.random() < 0.5 else []

        def work(fn, i):
            _point(fn, rng, "LOOP")
            hit = fn.tmp()
            fn.emit(f"{hit} = icmp eq i64 {i}, {key}")
            _found(fn, hit, i)
            _cancel(fn, rng, "LOOP", hit)

        R.normalized_loop(fn, rng, "DIR.OMP.LOOP", cl, "%n", "%a", work, "i64", False)
    elif what == "PARALLEL":
        # The master's store is the region's one observable effect; the
        # join orders it before the print, cancelled or not. (Not single:
        # libomp 16 hangs a team whose single's barrier precedes a cancel of
        # the parallel region, clang -fopenmp's code as well as weft's.)
        s = fn.begin("DIR.OMP.MASTER", [])
        fn.emit(f"store i64 {rng.randint(1, 50)}, ptr %found")
        fn.end("DIR.OMP.MASTER", s)
        _point(fn, rng, "PARALLEL")
        _cancel(fn, rng, "PARALLEL", "true")
    elif what == "SECTIONS":
        nsec = rng.randint(2, 5)
        keysec = rng.randrange(nsec)
        st = fn.begin("DIR.OMP.SECTIONS", [])
        for j in range(nsec):
            lab = fn.label("sec")
            fn.emit(f"br label %{lab}")
            fn.block(lab)
            t = fn.begin("DIR.OMP.SECTION", [])
            _point(fn, rng, "SECTIONS")
            if j == keysec:
                fn.emit(f"store i64 {j + 100}, ptr %found")
                _cancel(fn, rng, "SECTIONS", "true")
            fn.end("DIR.OMP.SECTION", t)
        lab = fn.label("secend")
        fn.emit(f"br label %{lab}")
        fn.block(lab)
        fn.end("DIR.OMP.SECTIONS", st)
    else:
        ntask = rng.randint(2, 8)
        key = rng.randrange(ntask)
        fn.alloca("i64", "kk")
        s = fn.begin("DIR.OMP.SINGLE", [])
        g = fn.begin("DIR.OMP.TASKGROUP", [])
        for t in range(ntask):
            fn.emit(f"store i64 {t}, ptr %kk")
            tt = fn.begin("DIR.OMP.TASK", [("QUAL.OMP.SHARED", ["ptr %found"]),
                                           ("QUAL.OMP.FIRSTPRIVATE:TYPED", ["ptr %kk"] + _typed("i64"))])
            _point(fn, rng, "TASKGROUP")
            kv, hit = fn.tmp(), fn.tmp()
            fn.emit(f"{kv} = load i64, ptr %kk")
            fn.emit(f"{hit} = icmp eq i64 {kv}, {key}")
            _found(fn, hit, kv)
            _cancel(fn, rng, "TASKGROUP", hit)
            fn.end("DIR.OMP.TASK", tt)
        fn.end("DIR.OMP.TASKGROUP", g)
        fn.end("DIR.OMP.SINGLE", s)
    fn.end("DIR.OMP.PARALLEL", ptok)
    R.print_value(fn, "i64", "%found", "s.found")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


KERNELS = [kernel_task_deps, kernel_taskloop, kernel_sections, kernel_cancel]
