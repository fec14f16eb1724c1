"""Random teams, distribute and target kernels for randprog.py.

Each kernel prints values that only a right lowering gives at every thread
count, and that the program without its directives (the serial meaning)
gives too:

  kernel_league       teams (num_teams, thread_limit: a constant or, in the
                      region form, icx's :TYPED slot) around distribute
                      (dist_schedule static with or without a chunk,
                      lastprivate) or distribute parallel for (the loop's
                      own schedule inside the team's blocks or chunks,
                      reduction, lastprivate, num_threads), a teams
                      reduction, every element written once; half the time
                      inside a target region (target teams distribute
                      [parallel for]) with the array and the results mapped
                      tofrom and icx's private loop slots;
  kernel_target       target data (map to/tofrom of the array) around target
                      regions (map tofrom/to/from of the array and a result,
                      a firstprivate scalar only read inside, thread_limit,
                      if, device) whose body is a serial loop or a parallel
                      loop with a reduction (target parallel for), and
                      target update from/to around host code between them.

A program with kernel_league has no tasking kernel (randprog.py): libomp
16 hangs when host teams are followed by a parallel region whose tasks
run in a taskgroup with cancel, in clang 16's builds too (a C program of
that shape, `teams distribute parallel for` then `parallel` / `single` /
`taskgroup` of tasks with `cancel taskgroup`, hangs at 2 threads built by
clang-16 -fopenmp as by weft-cc).

No device is registered, so every target region runs through its host
fallback: the map types decide nothing here, the lowering of every clause
still has to be right (a wrong argument, a missed copy-back of a
firstprivate or a league that misses a block prints something else).
"""
import randprog as R

MAP_BITS = {"TO": 1, "FROM": 2, "TOFROM": 3}
TARGET_PARAM = 0x20


def _typed(ty, n=1):
    return [f"{ty} 0", f"i32 {n}"]


def _map(fn, kind, ptr, size):
    """A map chain (base, begin, size, bits); icx's carry TARGET_PARAM."""
    bits = MAP_BITS[kind] | (TARGET_PARAM if fn.form == "region" else 0)
    return (f"QUAL.OMP.MAP.{kind}", [f"ptr {ptr}", f"ptr {ptr}", f"i64 {size}", f"i64 {bits}"])


def _bytes(fn):
    sz = fn.tmp("sz")
    fn.emit(f"{sz} = mul i64 %n, 8")
    return sz


def _league_value(fn, rng, tag, slots):
    """NUM_TEAMS or THREAD_LIMIT: a constant, or (region form) icx's
    `:TYPED` slot, captured firstprivate by an enclosing target."""
    v = rng.choice([1, 2, 3, 4])
    if fn.form == "region" and rng.random() < 0.5:
        slot = fn.alloca("i32", fn.label(tag.split(".")[-1].lower()))
        fn.emit(f"store i32 {v}, ptr {slot}")
        slots.append(slot)
        return (f"{tag}:TYPED", [f"ptr {slot}", "i32 0"])
    return (tag, [f"i32 {v}"])


def kernel_league(k, rng, form):
    fn = R.Fn(form, rng)
    ivty = rng.choice(["i32", "i64"])
    unsigned = rng.random() < 0.2
    rty = rng.choice(["i32", "i64", "double"])
    op = rng.choice(R.RED_FP if rty == "double" else R.RED_INT)
    acc = fn.alloca(rty, "acc")
    fn.emit(f"store {rty} {R.init_value(op, rty)}, ptr {acc}")
    last = fn.alloca("i64", "last")
    fn.emit(f"store i64 -1, ptr {last}")
    slots = (fn.alloca(ivty, "lb"), fn.alloca(ivty, "ub"), fn.alloca(ivty, "iv"))
    parloop = rng.random() < 0.6
    in_target = rng.random() < 0.5
    zero = "0.0" if rty == "double" else "0"
    red = (f"QUAL.OMP.REDUCTION.{op}:TYPED", [f"ptr {acc}", f"{rty} {zero}", "i32 1"])
    captured = []
    teams = []
    if rng.random() < 0.7:
        teams.append(_league_value(fn, rng, "QUAL.OMP.NUM_TEAMS", captured))
    if rng.random() < 0.4:
        teams.append(_league_value(fn, rng, "QUAL.OMP.THREAD_LIMIT", captured))
    teams += [red, ("QUAL.OMP.SHARED", ["ptr %a", f"ptr {last}"])]
    teams += [("QUAL.OMP.PRIVATE:TYPED", [f"ptr {s}"] + _typed(ivty)) for s in slots]
    loop = [("QUAL.OMP.LASTPRIVATE:TYPED", [f"ptr {last}"] + _typed("i64"))]
    if rng.random() < 0.5:
        loop.append(("QUAL.OMP.DIST_SCHEDULE.STATIC", [f"{ivty} {rng.choice([1, 2, 5, 16])}"]))
    elif rng.random() < 0.5:
        loop.append(("QUAL.OMP.DIST_SCHEDULE.STATIC", []))
    if parloop:
        loop.append(red)
        sched, chunked = rng.choice(R.SCHEDULES)
        loop.append((f"QUAL.OMP.SCHEDULE.{sched}", [f"{ivty} {rng.choice([1, 3]) if chunked else 0}"]))
        if rng.random() < 0.3:
            loop.append(("QUAL.OMP.NUM_THREADS", [f"i32 {rng.choice([1, 2, 3])}"]))
    rng.shuffle(loop)
    ttok = None
    if in_target:
        sz = _bytes(fn)
        tcl = [_map(fn, "TOFROM", "%a", sz), _map(fn, "TOFROM", acc, 8), _map(fn, "TOFROM", last, 8)]
        tcl += [("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {s}", "i32 0", "i32 1"]) for s in captured]
        tcl += [("QUAL.OMP.PRIVATE:TYPED", [f"ptr {s}"] + _typed(ivty)) for s in slots]
        if form == "region":
            tcl.insert(0, ("QUAL.OMP.OFFLOAD.ENTRY.IDX", [f"i32 {k}"]))
        ttok = fn.begin("DIR.OMP.TARGET", tcl)
    tmtok = fn.begin("DIR.OMP.TEAMS", teams)

    def work(fn, i):
        g, v, m, w, li = (fn.tmp() for _ in range(5))
        fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
        fn.emit(f"{v} = load i64, ptr {g}")
        fn.emit(f"{m} = mul i64 {v}, 3")
        fn.emit(f"{w} = add i64 {m}, {i}")
        fn.emit(f"store i64 {w}, ptr {g}")
        fn.emit(f"{li} = mul i64 {i}, 7")
        fn.emit(f"store i64 {li}, ptr {last}")
        R.reduction_step(fn, op, rty, acc, i)

    directive = "DIR.OMP.DISTRIBUTE.PARLOOP" if parloop else "DIR.OMP.DISTRIBUTE"
    R.normalized_loop(fn, rng, directive, loop, "%n", "%a", work, ivty, unsigned, slots)
    fn.end("DIR.OMP.TEAMS", tmtok)
    if in_target:
        fn.end("DIR.OMP.TARGET", ttok)
    R.print_value(fn, rty, acc, "s.acc")
    R.print_value(fn, "i64", last, "s.last")
    fn.emit("call void @checksum(ptr %a, i64 %n)")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


def _serial_loop(fn, body):
    """for (i = 0; i < n; i++) body(i) as a phi loop."""
    pre, head, step, out = (fn.label(x) for x in ("spre", "shead", "sstep", "sout"))
    fn.emit(f"br label %{pre}")
    fn.block(pre)
    fn.emit(f"br label %{head}")
    fn.block(head)
    i, nx, c = fn.tmp("i"), fn.tmp(), fn.tmp()
    fn.emit(f"{i} = phi i64 [ 0, %{pre} ], [ {nx}, %{step} ]")
    fn.emit(f"{c} = icmp slt i64 {i}, %n")
    fn.emit(f"br i1 {c}, label %{step}, label %{out}")
    fn.block(step)
    body(i)
    fn.emit(f"{nx} = add i64 {i}, 1")
    fn.emit(f"br label %{head}")
    fn.block(out)


def _target_region(fn, rng, k, sz, s, x, round_no):
    """One target region over a and s, reading the firstprivate x."""
    kinds = [rng.choice(["TOFROM", "TO", "FROM"]) if round_no else "TOFROM", rng.choice(["TOFROM", "FROM"])]
    cl = [_map(fn, kinds[0], "%a", sz), _map(fn, "TOFROM", s, 8),
          ("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {x}"] + _typed("i64"))]
    if rng.random() < 0.4:
        # (OpenMP 5.1's thread_limit on target; icx's :TYPED slot captured firstprivate.)
        captured = []
        cl.append(_league_value(fn, rng, "QUAL.OMP.THREAD_LIMIT", captured))
        cl += [("QUAL.OMP.FIRSTPRIVATE:TYPED", [f"ptr {p}", "i32 0", "i32 1"]) for p in captured]
    if rng.random() < 0.2:
        cl.append(("QUAL.OMP.DEVICE", ["i32 0"]))
    if rng.random() < 0.3:
        c = fn.tmp()
        fn.emit(f"{c} = icmp sgt i64 %n, {rng.choice([2, 50])}")
        cl.append(("QUAL.OMP.IF", [f"i1 {c}"]))
    rng.shuffle(cl)
    if fn.form == "region":
        cl.insert(0, ("QUAL.OMP.OFFLOAD.ENTRY.IDX", [f"i32 {k * 4 + round_no}"]))
    tok = fn.begin("DIR.OMP.TARGET", cl)

    def elem(i):
        g, v, xv, m, w = (fn.tmp() for _ in range(5))
        fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
        fn.emit(f"{v} = load i64, ptr {g}")
        fn.emit(f"{xv} = load i64, ptr {x}")
        fn.emit(f"{m} = mul i64 {xv}, {i}")
        fn.emit(f"{w} = add i64 {v}, {m}")
        fn.emit(f"store i64 {w}, ptr {g}")
        return w

    if rng.random() < 0.5:
        # A serial loop on the device: s = s * 3 + a[i] (order matters).
        def body(i):
            w = elem(i)
            o, m, t = fn.tmp(), fn.tmp(), fn.tmp()
            fn.emit(f"{o} = load i64, ptr {s}")
            fn.emit(f"{m} = mul i64 {o}, 3")
            fn.emit(f"{t} = add i64 {m}, {w}")
            fn.emit(f"store i64 {t}, ptr {s}")
        _serial_loop(fn, body)
    else:
        # target parallel for: s += a[i] as a reduction.
        ivty = rng.choice(["i32", "i64"])
        sched, chunked = rng.choice(R.SCHEDULES)
        lcl = [(f"QUAL.OMP.SCHEDULE.{sched}", [f"{ivty} {rng.choice([1, 4]) if chunked else 0}"]),
               ("QUAL.OMP.REDUCTION.ADD:TYPED", [f"ptr {s}", "i64 0", "i32 1"]),
               ("QUAL.OMP.SHARED", ["ptr %a"])]

        def work(fn, i):
            w = elem(i)
            o, t = fn.tmp(), fn.tmp()
            fn.emit(f"{o} = load i64, ptr {s}")
            fn.emit(f"{t} = add i64 {o}, {w}")
            fn.emit(f"store i64 {t}, ptr {s}")
        R.normalized_loop(fn, rng, "DIR.OMP.PARALLEL.LOOP", lcl, "%n", "%a", work, ivty, False)
    fn.end("DIR.OMP.TARGET", tok)


def _update(fn, kind, sz):
    tok = fn.begin("DIR.OMP.TARGET.UPDATE", [(f"QUAL.OMP.MAP.{kind}", ["ptr %a", "ptr %a", f"i64 {sz}",
                                                                       f"i64 {MAP_BITS[kind]}"])])
    fn.end("DIR.OMP.TARGET.UPDATE", tok)


def kernel_target(k, rng, form):
    fn = R.Fn(form, rng)
    s = fn.alloca("i64", "s")
    x = fn.alloca("i64", "x")
    fn.emit(f"store i64 0, ptr {s}")
    fn.emit(f"store i64 {rng.randint(1, 9)}, ptr {x}")
    sz = _bytes(fn)
    data = rng.random() < 0.6
    dtok = None
    if data:
        dtok = fn.begin("DIR.OMP.TARGET.DATA", [_map(fn, rng.choice(["TO", "TOFROM"]), "%a", sz)])
    rounds = rng.randint(1, 3)
    for r in range(rounds):
        _target_region(fn, rng, k, sz, s, x, r)
        if r + 1 < rounds:
            if data:
                _update(fn, "FROM", sz)

            def bump(i):
                g, v, w = fn.tmp(), fn.tmp(), fn.tmp()
                fn.emit(f"{g} = getelementptr i64, ptr %a, i64 {i}")
                fn.emit(f"{v} = load i64, ptr {g}")
                fn.emit(f"{w} = xor i64 {v}, 5")
                fn.emit(f"store i64 {w}, ptr {g}")
            _serial_loop(fn, bump)
            if data:
                _update(fn, "TO", sz)
    if data:
        fn.end("DIR.OMP.TARGET.DATA", dtok)
    if data and rng.random() < 0.5:
        _update(fn, "FROM", sz)
    R.print_value(fn, "i64", s, "s.sum")
    R.print_value(fn, "i64", x, "s.last")
    fn.emit("call void @checksum(ptr %a, i64 %n)")
    fn.emit("ret void")
    return fn.text(f"define void @kernel{k}(ptr %a, i64 %n)")


KERNELS = [kernel_league, kernel_target]
