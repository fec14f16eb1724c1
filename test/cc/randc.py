#!/usr/bin/env python3
"""Random OpenMP C11 programs for differential testing of weft-cc.

  randc.py SEED        prints program SEED on stdout
  randc.py SEED DIR    writes it into DIR as prog-SEED.c, with its header
  generate(seed) -> str    the program, from Python
  files(seed) -> {name: text}  the program and the header it includes, if any

Some programs include a header of their own with threadprivate variables
(randc_tp.py). Some write pragmas through macros (`_Pragma`), and some
have their test functions in a header of their own (randc_macro.py).

Every program is race-free and prints output that depends neither on the
number of threads nor on the schedule, so its output compiled without
-fopenmp (the serial meaning) is the expected output of every OpenMP build.

How the generator keeps programs valid
--------------------------------------
Code is generated inside a chain of contexts: 'root' (serial code of a test
function), 'repl' (code every thread of a team runs), 'iter' (one iteration
of a worksharing loop), 'once' (single/master/masked), 'block' (if, serial
loops, critical, ordered) and 'fn' (an outlined helper function, its
variables renamed to parameters).  Each team keeps, per phase (the code
between two barriers), a claim on every shared variable it touches: READ,
EXCL(owner construct), PART(loop: element of the own iteration only),
ATOMIC(op family), CRIT(name, op family), ORD(loop: only inside ordered).
A new access is allowed only when compatible with the claim, and a new claim
is checked outwards against the enclosing team as an access of the whole
team.  Code every thread runs may only make idempotent updates (|, &, min,
max) of shared data; atomic capture values only flow into sums.
Data-sharing clauses whose effect differs from the serial program (private,
firstprivate that is modified) are followed by a reset of the variable.
Integer arithmetic is done in long on bounded values (no signed overflow,
only `%` by positive constants); doubles only hold multiples of 1/4.
Nested critical sections take their locks in one global order (no deadlock);
&& and || reductions only use variables that hold 0 or 1.

Some programs use OpenMP 5.1's `atomic compare` as an atomic max or min
(idempotent, so it goes wherever an atomic | or & may); such a program's
first line is `// WEFT-CC-FLAGS: -fopenmp-version=51`, the flags its OpenMP
builds need. Whether an atomic is a compare is drawn from a random stream of
its own, so programs without one are those the generator made before. So is
whether a worksharing loop applies to an OpenMP 5.1 loop transformation of
its loops (`tile sizes(...)`, `unroll partial[(n)]`; never with `ordered`,
a loop variable declared before the loop, which crashes clang 16, or a loop
without iterations, whose tile clang 16 runs about 2^32 times), which also
asks for `-fopenmp-version=51`.

Some programs have sections constructs in team code (a random stream of
their own; each section a 'once' context). Some programs have scan reductions (randc_scan.py, a random stream of its
own); where they use what clang 16 gets wrong, the program says
`// CLANG-16-WRONG:` on a line of its own and difftest.py does not run clang
on it.

Some programs have host teams (randc_teams.py, a random stream of its
own): teams around distribute or distribute parallel for, and the combined
teams distribute [parallel for] [simd], each iteration writing its own
element.
Some programs have target regions (randc_target.py, a random stream of its
own): target, target parallel for and the target teams forms, with maps,
num_teams, thread_limit, reductions and lastprivate, each iteration
writing its own element; the host fallback runs them.
Some programs have explicit tasks (randc_task.py, a random stream of its
own): chains of dependent tasks on a row of cells whose updates do not
commute, reads and writes through `in`/`out`/`inout`/`mutexinoutset`/
`inoutset` dependences and array sections, firstprivate values changed
after a task is created, taskwait, taskgroups around nested tasks,
`task_reduction`/`in_reduction`, a recursive function of tasks, and the
clauses that change nothing printed (`if`, `final`, `mergeable`, `untied`,
`priority`); `inoutset` asks for `-fopenmp-version=51`.

Two clang 16 bugs are kept out of the programs, because clang -fopenmp is the
check that a program is valid: lastprivate is never used with
schedule(dynamic[,c]) or schedule(guided,c) (clang loses the value), and the
structured capture { v = x; x = x + c; } is not used when x is (*p) (clang
compiles it as an exchange). Two others are not: lastprivate of the
variables of a non-rectangular nest (clang copies out the values after the
last iteration, not what the serial nest leaves), and a collapse(3) nest
whose inner loop runs from the middle variable up to an invariant bound
(clang miscounts it, or runs forever); such a program says so on a line
`// CLANG-16-WRONG:`, as scan reductions do.

Non-rectangular collapsed nests (OpenMP 5.0) have one or two loops whose
start or bound is affine in an outer variable (collapse(2) and (3)), some
on `for simd` / `parallel for simd` or, in serial code, `simd` (whose body
then holds no construct); their shapes, simd and the lastprivate of their
variables are drawn from a stream of their own.
"""
import os
import random
import sys

from randc_macro import Packaging
from randc_scan import Scans
from randc_task import Tasks
from randc_target import Target
from randc_teams import Teams
from randc_tp import Threadprivate

ITYPES = ['int', 'long', 'unsigned', 'unsigned long', 'short', 'char']
UNSIGNED = {'unsigned', 'unsigned long'}
BITS = {'int': 32, 'long': 64, 'unsigned': 32, 'unsigned long': 64, 'short': 16, 'char': 8}
IDEMP = ('|', '&', 'max', 'min')

STRUCT_DEF = "struct rec {\n  int cnt;\n  long sum;\n  unsigned mask;\n  int vals[24];\n};"

PRELUDE = r"""#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static inline long mix(long a, long b) {
  unsigned long u = (unsigned long)a * 2654435761ul ^ ((unsigned long)b + 0x9e3779b9ul);
  u ^= u >> 13;
  return (long)(u % 1009ul);
}
"""


def wr(v):
    """v may be the target of ordinary writes."""
    return v.bound is None and v.loopvar is None and not v.logic and not v.frozen


def lit(v, ty):
    if ty == 'double':
        return f"{float(v)!r}"
    if ty == 'unsigned':
        return f"{v}u"
    if ty == 'unsigned long':
        return f"{v}ul"
    s = f"{v}L" if ty == 'long' else str(v)
    return f"({s})" if v < 0 else s


class Var:
    def __init__(self, key, name, ty, dims=None, ident=True, bound=None):
        self.key, self.name, self.ty, self.dims = key, name, ty, dims
        self.ident, self.bound = ident, bound
        self.loopvar = None      # (lo, hi) value range of a loop variable
        self.logic = False       # holds 0 or 1: only && / || reductions write it
        self.frozen = False      # an index (ordered log position): only its own statement writes it
        self.members = None      # struct variable: its member Vars
        self.init = None

    @property
    def arr(self):
        return self.dims is not None


class Team:
    def __init__(self, level, can_print):
        self.level, self.can_print = level, can_print
        self.claims = {}     # key -> (mode, owner, extra)
        self.printing = False

    def reset(self):
        self.claims.clear()
        self.printing = False


class Ctx:
    def __init__(self, kind, parent, team=None, ws=None):
        self.kind, self.parent = kind, parent
        self.locals = {}     # key -> (Var, mode): free | ro | bound | red:OP
        if kind == 'repl':
            self.team = team
            self.level = parent.level + 1
        else:
            self.team = parent.team if parent else None
            self.level = parent.level if parent else 0
        if ws is None:
            ws = kind == 'repl' or (kind in ('block', 'fn') and parent is not None and parent.ws)
        self.ws = ws
        self.crit = list(parent.crit) if parent else []
        self.fnmap = None    # fn: key -> view Var
        self.used = []       # fn: keys of views used
        self.iterinfo = None  # iter: dict(idx, trip, t1, t2, ii, jj, loopvars)
        self.ordered = None  # iter of an ordered loop: True while an ordered block may still be added
        self.in_ordered = None  # block inside an ordered region: the loop's iter ctx
        self.simd = False    # iter of a simd loop: no constructs inside

    def add(self, v, mode):
        self.locals[v.key] = (v, mode)

    def uniform(self):
        """True for code that every thread of a team runs (replicated)."""
        c = self
        while c:
            if c.kind == 'repl':
                return True
            if c.kind in ('iter', 'once', 'root'):
                return False
            c = c.parent
        return False

    def cur_iter(self):
        c = self
        while c:
            if c.kind == 'iter':
                return c
            if c.kind in ('repl', 'once', 'root', 'fn'):
                return None
            c = c.parent
        return None

    def in_simd(self):
        it = self.cur_iter()
        return it is not None and it.simd

    def in_fn(self):
        c = self
        while c:
            if c.kind == 'fn':
                return True
            c = c.parent
        return False

def newclaim_outward(claim):
    mode = claim[0]
    if mode == 'READ':
        return ('read',)
    if mode == 'ATOMIC':
        return ('atomic', claim[2])
    if mode == 'CRIT':
        return ('crit',) + claim[2]
    return ('write',)


def team_check(team, v, req, origin):
    """(verdict, new claim or None); verdict 'done' (allowed, already claimed), 'new', 'fail'."""
    if v.bound is not None or v.loopvar is not None:
        return ('done' if req[0] == 'read' else 'fail'), None
    kind = req[0]
    if kind == 'red':
        return 'fail', None
    cl = team.claims.get(v.key)
    excl_mine = cl is not None and cl[0] == 'EXCL' and origin is not None and cl[1] is origin
    if kind == 'read':
        if cl is None:
            return 'new', ('READ', None, None)
        if cl[0] == 'READ' or excl_mine:
            return 'done', None
        return 'fail', None
    if kind == 'read_elem':
        if origin is None or origin.kind != 'iter':
            return 'fail', None
        if cl is None:
            return 'new', ('PART', origin, None)
        if cl[0] == 'READ' or excl_mine or (cl[0] == 'PART' and cl[1] is origin):
            return 'done', None
        return 'fail', None
    if kind in ('write', 'write_elem'):
        if origin is None:
            return 'fail', None
        if origin.kind == 'once':
            if cl is None:
                return 'new', ('EXCL', origin, None)
            return ('done' if excl_mine else 'fail'), None
        if kind == 'write_elem':
            if cl is None:
                return 'new', ('PART', origin, None)
            return ('done' if cl[0] == 'PART' and cl[1] is origin else 'fail'), None
        return 'fail', None
    if kind == 'atomic':
        fam = req[1]
        if origin is None and fam not in IDEMP:
            return 'fail', None
        if cl is None:
            return 'new', ('ATOMIC', None, fam)
        if excl_mine or (cl[0] == 'ATOMIC' and cl[2] == fam):
            return 'done', None
        return 'fail', None
    if kind == 'crit':
        name, fam = req[1], req[2]
        if origin is None and fam not in IDEMP:
            return 'fail', None
        if cl is None:
            return 'new', ('CRIT', None, (name, fam))
        if excl_mine or (cl[0] == 'CRIT' and cl[2] == (name, fam)):
            return 'done', None
        return 'fail', None
    if kind == 'ord':
        owner = req[1]
        if cl is None:
            return 'new', ('ORD', owner, None)
        return ('done' if cl[0] == 'ORD' and cl[1] is owner else 'fail'), None
    if kind == 'claim_loop':
        if origin is not None or cl is not None:
            return 'fail', None
        return 'new', ('EXCL', req[1], None)
    return 'fail', None


def local_check(mode, req, origin, c):
    kind = req[0]
    if kind == 'claim_loop' or mode == 'unset':
        return False
    if mode in ('ro', 'bound'):
        return kind in ('read', 'read_elem')
    if mode.startswith('red:'):
        if kind != 'red':
            return False
        op = mode[4:]
        want = req[1]
        if not (want == op or {want, op} <= {'+', '-'}):
            return False
        if origin is None and c.kind == 'repl':
            return op in IDEMP or op in ('&&', '||')
        return True
    # free
    if kind == 'red':
        return False
    if origin is not None:
        return kind in ('read', 'read_elem')
    return True


def walk(ctx, v, req, commit):
    c, origin = ctx, None
    while c is not None:
        ent = c.locals.get(v.key)
        if ent is not None:
            return local_check(ent[1], req, origin, c)
        if c.kind in ('iter', 'once') and origin is None:
            origin = c
        if c.kind == 'repl':
            verdict, claim = team_check(c.team, v, req, origin)
            if verdict == 'fail':
                return False
            if verdict == 'done':
                return True
            if commit:
                c.team.claims[v.key] = claim
            req = newclaim_outward(claim)
            origin = None
        c = c.parent
    if v.bound is not None:
        return req[0] == 'read'
    return True


def can(ctx, v, req):
    return walk(ctx, v, req, False)


def use(ctx, v, req):
    ok = walk(ctx, v, req, True)
    assert ok, (v.name, req)
    # helpers take what they use as parameters
    c = ctx
    while c is not None and v.key not in c.locals:
        if c.kind == 'fn' and v.key in c.fnmap and v.key not in c.used:
            c.used.append(v.key)
        c = c.parent
    return v.name


def lookup_mode(ctx, v):
    c = ctx
    while c is not None:
        ent = c.locals.get(v.key)
        if ent is not None:
            return ent[1]
        c = c.parent
    return None


def team_shared(ctx, v):
    """v is shared in the team whose replicated code ctx belongs to."""
    c = ctx
    while c is not None:
        if v.key in c.locals:
            return False
        if c.kind == 'repl':
            return True
        c = c.parent
    return False


class Out:
    def __init__(self, ind=1):
        self.lines, self.ind = [], ind

    def __call__(self, s):
        self.lines.append('  ' * self.ind + s)

    def open(self, s=None):
        if s is not None:
            self(s + ' {')
        else:
            self('{')
        self.ind += 1

    def close(self, s='}'):
        self.ind -= 1
        self(s)


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        # Draws whether an atomic is a compare (its own stream: see above).
        self.crng = random.Random(seed * 7919 + 51)
        # Over-aligned locals (_Alignas), from a generator of their own so
        # the rest of a seed's program stays as it was: copies weft makes of
        # them must keep the alignment their accesses claim.
        self.arng = random.Random(seed * 104729 + 7)
        # The shapes of non-rectangular nests (a second varying loop, simd,
        # lastprivate of their variables), from a stream of their own.
        self.nrng = random.Random(seed * 32452843 + 5)
        self.compare = False
        # Draws loop transformations under worksharing loops (their own stream).
        self.trng = random.Random(seed * 15485863 + 11)
        self.transform = False
        # Whether team code gets a sections construct (its own stream:
        # programs without one are those the generator made before).
        self.srng = random.Random(seed * 49979687 + 13)
        # A non-rectangular nest clang 16 gets wrong (see the module doc).
        self.clang_wrong = None
        # Variables an expression being generated must not read: OpenMP's
        # atomic `x op= expr` and `x = expr` may not refer to x in expr.
        self.exclude = set()
        self.seed = seed
        self.nkey = 0
        self.nname = 0
        self.globals = []        # Vars at file scope (views: themselves)
        self.gdecls = []
        self.ginits = []         # lines in main before the tests
        self.gprints = []        # Vars printed at the end of main
        self.main_decls = []
        self.main_prints = []
        self.helpers = []
        self.tests = []
        self.calls = []
        self.nhelper = 0
        self.nord = 0

    # ---- names, variables ------------------------------------------------
    def key(self):
        self.nkey += 1
        return self.nkey

    def name(self, prefix):
        self.nname += 1
        return f"{prefix}{self.nname}"

    def init_val(self, ty):
        r = self.rng
        if ty == 'double':
            return r.randint(-8, 40) * 0.25
        if ty in UNSIGNED:
            return r.randint(0, 60)
        return r.randint(-20, 50)

    def arr_init_expr(self, ty, idx):
        r = self.rng
        a, b, m = r.randint(1, 97), r.randint(0, 50), r.choice([7, 13, 101, 251, 1009])
        e = f"(({idx}) * {a} + {b}) % {m}"
        if ty in UNSIGNED:
            return f"({ty})({e})"
        off = r.choice([0, 0, m // 2])
        if ty == 'char':
            e = f"(({idx}) * {a} + {b}) % 101"
            off = r.choice([0, 50])
        return f"({ty})({e} - {off})"

    def fresh_scalar(self, ctx, ty=None, storage=None, init=None):
        """A new variable declared at test-function level (or file scope)."""
        r = self.rng
        ty = ty or r.choice(ITYPES + ['int', 'long', 'unsigned long'])
        if ctx.in_fn():
            storage = 'global'
        storage = storage or r.choice(['local'] * 5 + ['static', 'global', 'global', 'mainptr'])
        if init is None:
            init = self.init_val(ty)
        k = self.key()
        if storage == 'global':
            v = Var(k, self.name('g'), ty)
            self.gdecls.append(f"{ty} {v.name} = {lit(init, ty)};")
            self.globals.append(v)
            self.gprints.append(v)
        elif storage == 'mainptr':
            p, m = self.name('p'), self.name('m')
            v = Var(k, f"(*{p})", ty, ident=False)
            self.params.append((f"{ty} *{p}", f"&{m}"))
            self.main_decls.append(f"{ty} {m} = {lit(init, ty)};")
            mv = Var(0, m, ty)
            self.main_prints.append(mv)
            self.root.add(v, 'free')
        else:
            v = Var(k, self.name('v' if storage == 'local' else 's'), ty)
            st = 'static ' if storage == 'static' else ''
            st += self.over_aligned()
            self.rdecls.append(f"{st}{ty} {v.name} = {lit(init, ty)};")
            self.rprints.append(v)
            self.root.add(v, 'free')
        v.init = init
        return v

    def fresh_for(self, ctx, out, req, ty=None, storage=None, init=None):
        """A fresh variable that ctx may access with req; else a new local of ctx."""
        v = self.fresh_scalar(ctx, ty=ty, storage=storage, init=init)
        if can(ctx, v, req):
            return v
        if out is None:
            return None
        return self.local_var(ctx, out, v.ty)

    def local_var(self, ctx, out, ty):
        v = Var(self.key(), self.name('t'), ty)
        out(f"{ty} {v.name} = {lit(self.init_val(ty), ty)};")
        ctx.add(v, 'free')
        return v

    def over_aligned(self):
        """Sometimes `_Alignas(16|32|64) `, for a local's declaration."""
        r = self.arng
        return f"_Alignas({r.choice([16, 32, 64])}) " if r.random() < 0.3 else ''

    def fresh_array(self, ctx, dims, ty=None, storage=None):
        r = self.rng
        dims = tuple(max(d, 1) for d in dims)
        ty = ty or r.choice(['int', 'int', 'long', 'unsigned', 'short', 'unsigned long', 'char'])
        if ctx.in_fn():
            storage = 'global'
        storage = storage or r.choice(['local'] * 4 + ['static', 'global', 'global', 'mainptr'])
        if len(dims) == 2 and storage == 'mainptr':
            storage = 'global'
        k = self.key()
        dtxt = ''.join(f"[{d}]" for d in dims)
        n = dims[0] * (dims[1] if len(dims) == 2 else 1)
        if storage == 'global':
            v = Var(k, self.name('ga'), ty, dims)
            self.gdecls.append(f"{ty} {v.name}{dtxt};")
            self.ginits += self.fill_lines(v, v.name)
            self.globals.append(v)
            self.gprints.append(v)
        elif storage == 'mainptr':
            p, m = self.name('pa'), self.name('ma')
            v = Var(k, p, ty, dims, ident=False)
            self.params.append((f"{ty} *{p}", m))
            mv = Var(0, m, ty, dims)
            self.main_decls.append(f"{ty} {m}{dtxt};")
            self.ginits += self.fill_lines(mv, m)
            self.main_prints.append(mv)
            self.root.add(v, 'free')
        else:
            v = Var(k, self.name('a' if storage == 'local' else 'sa'), ty, dims)
            st = 'static ' if storage == 'static' else ''
            st += self.over_aligned()
            self.rdecls.append(f"{st}{ty} {v.name}{dtxt};")
            self.rinits += self.fill_lines(v, v.name)
            self.rprints.append(v)
            self.root.add(v, 'free')
        return v

    def fill_lines(self, v, name):
        if len(v.dims) == 1:
            return [f"for (int k = 0; k < {v.dims[0]}; k++)", f"  {name}[k] = {self.arr_init_expr(v.ty, 'k')};"]
        return [f"for (int k = 0; k < {v.dims[0]}; k++)",
                f"  for (int q = 0; q < {v.dims[1]}; q++)",
                f"    {name}[k][q] = {self.arr_init_expr(v.ty, 'k * 7 + q')};"]

    def visible(self, ctx):
        seen, res = set(), []
        c = ctx
        while c is not None:
            for key, (v, mode) in c.locals.items():
                if key not in seen:
                    seen.add(key)
                    res.append(v)
            if c.kind == 'fn':
                for key, v in c.fnmap.items():
                    if key not in seen:
                        seen.add(key)
                        res.append(v)
                break
            c = c.parent
        for v in self.globals:
            if v.key not in seen:
                seen.add(v.key)
                res.append(v)
        return res

    def scalars(self, ctx, pred=None, ints=False):
        out = [v for v in self.visible(ctx) if not v.arr and v.members is None]
        if ints:
            out = [v for v in out if v.ty != 'double']
        if pred:
            out = [v for v in out if pred(v)]
        return out

    def pick(self, cands, test):
        cands = list(cands)
        self.rng.shuffle(cands)
        for v in cands:
            if test(v):
                return v
        return None

    # ---- expressions -----------------------------------------------------
    def iexpr(self, ctx, depth=0):
        """(text, bound): a long-valued expression whose magnitude is below bound."""
        r = self.rng
        if depth >= 2 or r.random() < 0.3:
            return self.ileaf(ctx, depth)
        a, ba = self.iexpr(ctx, depth + 1)
        x = r.random()
        if x < 0.3:
            b, bb = self.iexpr(ctx, depth + 1)
            t, B = f"({a} + {b})", ba + bb
        elif x < 0.45:
            b, bb = self.iexpr(ctx, depth + 1)
            t, B = f"({a} - {b})", ba + bb
        elif x < 0.6:
            c = r.randint(2, 9)
            t, B = f"({a} * {c})", ba * c
        elif x < 0.7:
            c = r.choice([3, 5, 7, 16, 101])
            t, B = f"({a} % {c})", c
        elif x < 0.8:
            b, bb = self.iexpr(ctx, depth + 1)
            t, B = f"({a} {r.choice('^&|')} {b})", 1 << max(ba, bb, 1).bit_length()
        elif x < 0.9:
            b, bb = self.iexpr(ctx, depth + 1)
            t, B = f"mix({a}, {b})", 1009
        else:
            b, bb = self.iexpr(ctx, depth + 1)
            c, bc = self.iexpr(ctx, depth + 1)
            t, B = f"({a} < {b} ? {b} : {c})", max(bb, bc)
        if B > 1000000:
            t, B = f"({t} % 1009)", 1009
        return t, B

    def small(self, ctx, m=1009):
        t, B = self.iexpr(ctx)
        if B >= m:
            return f"({t} % {m})", m
        return t, B

    def cond(self, ctx):
        r = self.rng
        t, B = self.iexpr(ctx, 1)
        x = r.random()
        if x < 0.4:
            return f"{t} % {r.randint(2, 5)} == 0"
        if x < 0.7:
            return f"{t} < {r.randint(-5, 40)}"
        return f"({t} & {r.choice([1, 2, 4])}) != 0"

    def ileaf(self, ctx, depth):
        r = self.rng
        x = r.random()
        if x < 0.2:
            c = r.randint(-9, 40)
            return lit(c, 'int'), abs(c)
        vis = self.visible(ctx)
        if x < 0.75:
            vis = [v for v in vis if v.name not in self.exclude]
            loopvars = [v for v in vis if v.loopvar is not None]
            if loopvars and r.random() < 0.55:
                v = r.choice(loopvars)
                use(ctx, v, ('read',))
                return f"(long){v.name}", max(abs(v.loopvar[0]), abs(v.loopvar[1]), 1)
            v = self.pick([v for v in vis if not v.arr and v.members is None and v.ty != 'double'],
                          lambda v: can(ctx, v, ('read',)))
            if v is not None:
                use(ctx, v, ('read',))
                if v.bound is not None or v.loopvar is not None:
                    b = v.bound if v.bound is not None else max(abs(v.loopvar[0]), abs(v.loopvar[1]))
                    return f"(long){v.name}", max(abs(b), 1)
                m = r.choice([7, 13, 97, 1000])
                return f"(long)({v.name} % {lit(m, 'unsigned' if v.ty in UNSIGNED else 'int')})", m
        if depth < 2:
            it = ctx.cur_iter()
            arrs = [v for v in vis if v.arr and v.ty != 'double' and v.name not in self.exclude]
            if it is not None and r.random() < 0.5:
                v = self.pick(arrs, lambda v: len(v.dims) == 1 and v.dims[0] >= it.iterinfo['trip']
                              and can(ctx, v, ('read_elem',)))
                if v is not None:
                    use(ctx, v, ('read_elem',))
                    m = r.choice([13, 97, 1000])
                    return f"(long)({v.name}[{it.iterinfo['idx']}] % {m})", m
            v = self.pick(arrs, lambda v: can(ctx, v, ('read',)))
            if v is not None:
                use(ctx, v, ('read',))
                idx = ''
                for d in v.dims:
                    e, _ = self.iexpr(ctx, depth + 1)
                    idx += f"[(unsigned long)({e}) % {d}u]"
                m = r.choice([13, 97, 1000])
                return f"(long)({v.name}{idx} % {m})", m
        c = r.randint(0, 30)
        return lit(c, 'int'), c

    def conv(self, ty, e, B):
        """e (a long of magnitude < B) converted for storing in ty."""
        if ty == 'double':
            return f"(double)({e}) * 0.25" if B < 1000000 else f"(double)(({e}) % 1009) * 0.25"
        if ty == 'short' and B > 30000:
            e = f"({e}) % 30011"
        if ty == 'char' and B > 120:
            e = f"({e}) % 101"
        return f"({ty})({e})"

    # ---- loop headers ----------------------------------------------------
    def trip(self, small=False):
        r = self.rng
        x = r.random()
        if x < 0.06:
            return 0
        if x < 0.14:
            return 1
        if small:
            return r.randint(2, 12)
        if x < 0.45:
            return r.randint(2, 9)
        if x < 0.85:
            return r.randint(10, 64)
        return r.randint(65, 300)

    def bound_expr(self, ctx, val, ty):
        r = self.rng
        cands = [v for v in self.visible(ctx) if v.bound is not None and not v.arr]
        if not cands or r.random() < 0.35:
            return lit(val, ty)
        b = r.choice(cands)
        vb = b.bound
        forms = []
        d = val - vb
        if b.ty not in UNSIGNED or val >= 0:
            forms.append(f"{b.name} + {d}" if d >= 0 else f"{b.name} - {-d}")
            if vb > 0:
                d2 = val - vb // 2
                forms.append(f"{b.name} / 2 + {d2}" if d2 >= 0 else f"{b.name} / 2 - {-d2}")
            if vb > 0 and vb < 1000:
                d3 = val - 2 * vb
                forms.append(f"2 * {b.name} + {d3}" if d3 >= 0 else f"2 * {b.name} - {-d3}")
        if not forms:
            return lit(val, ty)
        use(ctx, b, ('read',))
        e = r.choice(forms)
        if b.ty != ty:
            return f"({ty})({e})"
        return f"({e})" if r.random() < 0.5 else e

    def make_loop(self, ctx, trip, name, ty=None):
        r = self.rng
        ty = ty or r.choice(['int', 'int', 'long', 'unsigned'])
        k = r.choice([1, 1, 1, 1, 2, 3, 4, 5])
        up = r.random() < 0.6
        if up:
            lo = r.choice([0, 0, 1, 3, 7, 10]) if ty == 'unsigned' else r.choice([0, 0, 0, 1, -3, -10, 5, 17])
            op = r.choice(['<', '<='])
            if trip == 0:
                if op == '<=' and lo < 3 and ty == 'unsigned':
                    op = '<'
                end = lo - r.randint(0, 2) if op == '<' else lo - 1 - r.randint(0, 2)
                if ty == 'unsigned':
                    end = max(end, 0)
                last = lo
            else:
                last = lo + (trip - 1) * k
                end = last + 1 + r.randint(0, k - 1) if op == '<' else last + r.randint(0, k - 1)
            start = lo
            vrange = (min(lo, last), max(lo, last))
            idx = name if (lo == 0 and k == 1) else f"({name} - {lit(lo, ty)}) / {lit(k, ty)}"
        else:
            op = r.choice(['>', '>='])
            E = r.randint(k + 3, k + 12) if ty == 'unsigned' else r.randint(-10, 20)
            if trip == 0:
                start = E - r.randint(0, 2) if op == '>' else E - 1 - r.randint(0, 2)
                last = start
            else:
                last = E + r.randint(0, k - 1) if op == '>=' else E + 1 + r.randint(0, k - 1)
                start = last + (trip - 1) * k
            end = E
            vrange = (min(start, last), max(start, last))
            idx = f"({lit(start, ty)} - {name}) / {lit(k, ty)}"
        se = self.bound_expr(ctx, start, ty)
        ee = self.bound_expr(ctx, end, ty)
        cond = f"{name} {op} {ee}" if r.random() < 0.8 else f"{ee} {dict(zip('<>', '><')).get(op[0])}{op[1:]} {name}"
        ke = lit(k, ty) if r.random() < 0.8 else f"({self.bound_expr(ctx, k, ty)})"
        if up:
            incs = [f"{name} += {ke}", f"{name} = {name} + {ke}", f"{name} = {ke} + {name}"]
            if k == 1:
                incs += [f"{name}++", f"++{name}", f"{name}++"]
        else:
            incs = [f"{name} -= {ke}", f"{name} = {name} - {ke}"]
            if k == 1:
                incs += [f"{name}--", f"--{name}", f"{name}--"]
        inc = r.choice(incs)
        v = Var(self.key(), name, ty)
        v.loopvar = vrange
        return dict(var=v, ty=ty, start=se, cond=cond, inc=inc, idx=idx, trip=trip)

    def nonrect_nest(self, ctx):
        """A non-rectangular collapse(2) or collapse(3) nest (OpenMP 5.0): the
        inner loop's start or bound is affine in the outer variable i, which
        runs 0..t1-1 by 1; a third loop's affine in the middle variable j
        (two varying loops). Each iteration has its own index below the
        trip bound; info['count'] is how many iterations the nest runs."""
        r = self.rng
        three = self.nrng.random() < 0.35
        t1 = self.trip(small=True)
        if three:
            t1 = min(t1, 8)
        ty = r.choice(['int', 'long'])
        i, j = self.name('i'), self.name('j')
        vi, vj = Var(self.key(), i, ty), Var(self.key(), j, ty)
        vi.loopvar = (0, max(t1 - 1, 0))
        outer = dict(var=vi, ty=ty, start=lit(0, ty), cond=f"{i} < {self.bound_expr(ctx, t1, ty)}",
                     inc=r.choice([f"{i}++", f"++{i}", f"{i} += 1"]), idx=i, trip=t1)
        kind = r.choice(['below', 'upto', 'from', 'shifted', 'down'])
        if kind == 'shifted':
            # j from a*i + c for t2 iterations: the trip is the same for every i.
            t2, a, c = self.trip(small=True), r.choice([1, 2, 3]), r.randint(-5, 5)
            lo = f"{a} * {i} + ({c})"
            inner = dict(start=lo, cond=f"{j} < {a} * {i} + ({c + t2})", inc=f"{j}++", idx=f"({j} - ({lo}))")
            vj.loopvar = (min(c, 0), a * max(t1 - 1, 0) + c + t2)
            js = lambda x: range(a * x + c, a * x + c + t2)
        elif kind == 'down':
            # j from i down to 0 by 2
            t2 = t1
            inner = dict(start=i, cond=f"{j} >= 0", inc=r.choice([f"{j} -= 2", f"{j} = {j} - 2"]), idx=f"({i} - {j}) / 2")
            vj.loopvar = (0, max(t1 - 1, 0))
            js = lambda x: range(x, -1, -2)
        else:
            # j < i, j <= i, j from i up to t1
            t2 = t1
            start, cond = {'below': ('0', f"{j} < {i}"), 'upto': ('0', f"{j} <= {i}"),
                           'from': (i, f"{j} < {self.bound_expr(ctx, t1, ty)}")}[kind]
            inner = dict(start=start, cond=cond, inc=r.choice([f"{j}++", f"{j} = {j} + 1"]), idx=j)
            vj.loopvar = (0, max(t1 - 1, 0))
            js = {'below': lambda x: range(0, x), 'upto': lambda x: range(0, x + 1),
                  'from': lambda x: range(x, t1)}[kind]
        inner.update(var=vj, ty=ty, trip=t2)
        count = sum(len(js(x)) for x in range(t1))
        info = dict(idx=f"({i}) * {t2} + ({inner['idx']})", trip=t1 * t2, t1=t1, t2=t2, ii=i, jj=inner['idx'],
                    count=count)
        if not three:
            return [outer, inner], info
        third, kk, t3, ks = self.nonrect_third(ctx, j, vj, ty)
        count = sum(len(ks(y)) for x in range(t1) for y in js(x))
        info = dict(idx=f"(({i}) * {t2} + ({inner['idx']})) * {t3} + ({kk})", trip=t1 * t2 * t3, t1=t1 * t2 * t3,
                    t2=None, count=count)
        return [outer, inner, third], info

    def nonrect_third(self, ctx, j, vj, ty):
        """A third loop whose start or bound is affine in j (whose values lie
        in vj.loopvar; it may be negative, where the triangles below run no
        iteration): (loop, its index below t3, t3, its values for a j)."""
        g = self.nrng
        k = self.name('k')
        vk = Var(self.key(), k, ty)
        lo, hi = vj.loopvar
        top = max(hi, 0)
        kind = g.choice(['tri', 'down', 'shift', 'from'])
        if kind == 'tri':
            # k from 0 to <= j
            L = dict(start=lit(0, ty), cond=f"{k} <= {j}", inc=f"{k}++", idx=k)
            t3, vk.loopvar, ks = top + 1, (0, top), (lambda y: range(0, y + 1))
        elif kind == 'down':
            # k from j down to >= 0 by 2
            L = dict(start=j, cond=g.choice([f"{k} >= 0", f"{k} > -1"]), inc=f"{k} -= 2", idx=f"({j} - {k}) / 2")
            t3, vk.loopvar, ks = top // 2 + 1, (0, top), (lambda y: range(y, -1, -2))
        elif kind == 'shift':
            # k from b*j + c for t3 iterations
            b, c, t3 = g.choice([1, 2]), g.randint(-4, 4), g.randint(1, 5)
            start = f"{b} * {j} + ({c})"
            L = dict(start=start, cond=f"{k} < {b} * {j} + ({c + t3})", inc=f"{k}++", idx=f"({k} - ({start}))")
            vk.loopvar = (min(b * lo + c, 0), b * hi + c + t3)
            ks = lambda y: range(b * y + c, b * y + c + t3)
        else:
            # k from j up to a constant: empty where j passes it
            B = hi + g.randint(-2, 3)
            L = dict(start=j, cond=f"{k} < {self.bound_expr(ctx, B, ty)}", inc=f"++{k}", idx=f"({k} - {j})")
            t3, vk.loopvar, ks = max(B - lo, 1), (min(lo, 0), max(B, 0)), (lambda y: range(y, B))
            # (measured: a sum of 30852 for 46602, or running forever, where
            # j itself starts at i, or at 2*i - 3, or runs down)
            self.clang_wrong = "a collapse(3) nest whose inner loop runs from j up to an invariant bound"
        L.update(var=vk, ty=ty, trip=t3)
        return L, L['idx'], t3, ks

    def header(self, L, decl):
        d = f"{L['ty']} " if decl else ''
        return f"for ({d}{L['var'].name} = {L['start']}; {L['cond']}; {L['inc']})"

    # ---- update statements -----------------------------------------------
    def upd(self, ctx, v, fam, name=None):
        """A statement updating v with the commutative family fam."""
        r = self.rng
        n = name or v.name
        ty = v.ty
        if ty == 'double':
            e, B = self.small(ctx, 400)
            val = f"(double)({e}) * 0.25"
            if fam in ('+', '-'):
                return r.choice([f"{n} += {val};", f"{n} -= {val};", f"{n} = {n} + {val};"])
            if fam == 'max':
                return f"if ({val} > {n}) {n} = {val};"
            return f"{n} = {n} < {val} ? {n} : {val};"
        if fam in ('+', '-'):
            e, B = self.small(ctx, 1009)
            ce = self.conv(ty, e, B)
            return r.choice([f"{n} += {ce};", f"{n} -= {ce};", f"{n} = {n} + {ce};", f"{n}++;", f"--{n};"])
        if fam == '*':
            e, B = self.iexpr(ctx)
            return f"{n} *= ({e}) % 97 == 0 ? {r.choice([2, 3])} : 1;"
        if fam in ('|', '&'):
            bits = {'int': 30, 'long': 62, 'unsigned': 32, 'unsigned long': 64, 'short': 14, 'char': 6}[ty]
            e, B = self.iexpr(ctx)
            sh = f"((unsigned long)({e}) % {bits}u)"
            if fam == '|':
                return r.choice([f"{n} |= ({ty})(1L << {sh});", f"{n} = {n} | ({ty})(1L << {sh});"])
            return r.choice([f"{n} &= ({ty})~(1L << {sh});", f"{n} = {n} & ({ty})~(1L << {sh});"])
        if fam == '^':
            e, B = self.small(ctx, 97)
            return f"{n} ^= ({ty})({e});"
        if fam in ('max', 'min'):
            e, B = self.iexpr(ctx)
            ce = self.conv(ty, e, B)
            cmp = '>' if fam == 'max' else '<'
            t = self.name('t')
            return r.choice([f"{{ {ty} {t} = {ce}; if ({t} {cmp} {n}) {n} = {t}; }}",
                             f"{n} = {n} {cmp} {ce} ? {n} : {ce};"])
        if fam == '&&':
            return f"{n} = {n} && ({self.cond(ctx)});"
        if fam == '||':
            return f"{n} = {n} || ({self.cond(ctx)});"
        raise AssertionError(fam)

    def atomic_stmt(self, ctx, n, ty, fam):
        r = self.rng
        if ty == 'double':
            e, B = self.small(ctx, 400)
            return r.choice([f"{n} += (double)({e}) * 0.25;", f"{n} = {n} + (double)({e}) * 0.25;"])
        if fam == '+':
            e, B = self.small(ctx, 1009)
            ce = self.conv(ty, e, B)
            return r.choice([f"{n} += {ce};", f"{n} -= {ce};", f"{n}++;", f"++{n};", f"{n}--;",
                             f"--{n};", f"{n} = {n} + {ce};"])
        if fam.startswith('cap:'):
            c = int(fam[4:])
            if c == 1:
                return r.choice([f"{n}++;", f"++{n};", f"{n} += 1;"])
            return f"{n} += {c};"
        return self.upd(ctx, Var(0, n, ty), fam, n)

    # ---- statement items -------------------------------------------------
    def items(self, ctx, out, n, depth):
        for _ in range(n):
            self.item(ctx, out, depth)

    def item(self, ctx, out, depth):
        r = self.rng
        self.budget -= 1
        big = self.budget > 0 and depth < 5
        if ctx.in_simd():
            return self.simd_item(ctx, out, depth, big)
        if ctx.ws and big and self.srng.random() < 0.05:
            return self.it_sections(ctx, out, depth)
        opts = []
        if ctx.ws and big:
            opts += [('for', 6), ('single', 2), ('master', 1.5), ('barrier', 0.6)]
            if depth < 4:
                opts.append(('repeat', 0.4))
        if ctx.level < 2 and big and depth < 4:
            opts += [('par', 0.5 if ctx.level else 3), ('parfor', 0.6 if ctx.level else 3)]
        opts += [('local', 1.2), ('assign', 1.5), ('atomic', 2), ('aread', 0.5), ('awrite', 0.4),
                 ('critical', 1.5), ('red', 2.5)]
        if not ctx.uniform():
            opts.append(('capture', 1.2))
        if ctx.cur_iter() is not None:
            opts.append(('elem', 4))
        if big:
            opts += [('if', 0.7), ('sloop', 0.6), ('helper', 0.8)]
        tot = sum(w for _, w in opts)
        x = r.random() * tot
        for kind, w in opts:
            x -= w
            if x <= 0:
                break
        getattr(self, 'it_' + kind)(ctx, out, depth)

    def simd_item(self, ctx, out, depth, big):
        """A statement of a simd loop's body: no construct (OpenMP allows
        none but atomic, ordered simd, simd and loop there), no call but
        mix(), no atomic."""
        r = self.rng
        opts = [('local', 1.2), ('assign', 1.5), ('elem', 4), ('red', 2.5)]
        if big:
            opts += [('if', 0.7), ('sloop', 0.6)]
        tot = sum(w for _, w in opts)
        x = r.random() * tot
        for kind, w in opts:
            x -= w
            if x <= 0:
                break
        getattr(self, 'it_' + kind)(ctx, out, depth)

    def it_local(self, ctx, out, depth):
        r = self.rng
        ty = r.choice(ITYPES + ['int', 'long'])
        e, B = self.iexpr(ctx)
        v = Var(self.key(), self.name('t'), ty)
        out(f"{ty} {v.name} = {self.conv(ty, e, B)};")
        ctx.add(v, 'free')

    def it_assign(self, ctx, out, depth):
        r = self.rng
        if r.random() < 0.25:
            a = self.pick([v for v in self.visible(ctx) if v.arr], lambda v: can(ctx, v, ('write',)))
            if a is not None:
                use(ctx, a, ('write',))
                blk = Ctx('block', ctx, ws=False)
                kv = Var(self.key(), self.name('k'), 'int')
                kv.loopvar = (0, a.dims[0] - 1)
                blk.add(kv, 'ro')
                e, B = self.small(blk, 1009)
                if len(a.dims) == 1:
                    out(f"for (int {kv.name} = 0; {kv.name} < {a.dims[0]}; {kv.name}++)")
                    out(f"  {a.name}[{kv.name}] = {self.conv(a.ty, e, B)};")
                else:
                    c = r.randrange(a.dims[1])
                    out(f"for (int {kv.name} = 0; {kv.name} < {a.dims[0]}; {kv.name}++)")
                    out(f"  {a.name}[{kv.name}][{c}] = {self.conv(a.ty, e, B)};")
                return
        v = self.pick(self.scalars(ctx, lambda v: wr(v)),
                      lambda v: can(ctx, v, ('write',)))
        if v is None:
            if ctx.uniform():
                return self.it_local(ctx, out, depth)
            v = self.fresh_for(ctx, out, ('write',))
        use(ctx, v, ('write',))
        if r.random() < 0.5:
            e, B = self.iexpr(ctx)
            out(f"{v.name} = {self.conv(v.ty, e, B)};")
        else:
            out(self.upd(ctx, v, r.choice(['+', '^', 'max', '|'] if v.ty != 'double' else ['+', 'max'])))

    def it_elem(self, ctx, out, depth):
        r = self.rng
        it = ctx.cur_iter()
        info = it.iterinfo
        trip = info['trip']

        def fits(a):
            if len(a.dims) == 1:
                return a.dims[0] >= trip
            if info['t2'] is not None:
                return a.dims[0] >= info['t1'] and a.dims[1] >= info['t2']
            return a.dims[0] >= trip

        a = self.pick([v for v in self.visible(ctx) if v.arr and fits(v)], lambda v: can(ctx, v, ('write_elem',)))
        if a is None:
            if info['t2'] is not None and r.random() < 0.5:
                dims = (info['t1'] + r.randint(0, 3), info['t2'] + r.randint(0, 3))
            else:
                dims = (max(trip, 1) + r.randint(0, 6),)
            a = self.fresh_array(ctx, dims)
            if not can(ctx, a, ('write_elem',)):
                return self.it_local(ctx, out, depth)
        use(ctx, a, ('write_elem',))
        e, B = self.small(ctx, 1009)
        if len(a.dims) == 1:
            lv = f"{a.name}[{info['idx']}]"
        elif info['t2'] is not None:
            lv = f"{a.name}[{info['ii']}][{info['jj']}]"
        else:
            kv = Var(self.key(), self.name('k'), 'int')
            out(f"for (int {kv.name} = 0; {kv.name} < {a.dims[1]}; {kv.name}++)")
            out(f"  {a.name}[{info['idx']}][{kv.name}] = {self.conv(a.ty, e, B)} + ({a.ty}){kv.name};")
            return
        x = r.random()
        if x < 0.5:
            out(f"{lv} = {self.conv(a.ty, e, B)};")
        elif x < 0.8:
            out(f"{lv} += {self.conv(a.ty, e, B)};")
        else:
            out(f"{lv} = ({a.ty})({lv} % 1000 + {e});")

    def it_red(self, ctx, out, depth):
        r = self.rng
        cands = []
        for v in self.scalars(ctx):
            m = lookup_mode(ctx, v)
            if m and m.startswith('red:') and can(ctx, v, ('red', m[4:])):
                cands.append((v, m[4:]))
        if not cands:
            return self.it_local(ctx, out, depth) if ctx.in_simd() else self.it_atomic(ctx, out, depth)
        v, op = r.choice(cands)
        use(ctx, v, ('red', op))
        out(self.upd(ctx, v, op))

    def fams_for(self, ty, uniform):
        if ty == 'double':
            return [] if uniform else ['+']
        fams = ['|', '&'] if uniform else ['+', '+', '|', '&', '^']
        self.rng.shuffle(fams)
        return fams

    def it_compare(self, ctx, out):
        """`atomic compare` (OpenMP 5.1) as max or min, in one of the four
        forms clang takes; the candidate is a temporary, evaluated once."""
        r = self.rng
        fam = r.choice(['max', 'min'])
        v = self.pick(self.scalars(ctx, lambda v: wr(v)), lambda v: can(ctx, v, ('atomic', fam)))
        if v is None:
            v = self.fresh_scalar(ctx, ty=r.choice(ITYPES + ['double']))
            if not can(ctx, v, ('atomic', fam)):
                v = self.local_var(ctx, out, r.choice(ITYPES))
        use(ctx, v, ('atomic', fam))
        self.exclude = {v.name}
        e, B = self.iexpr(ctx)
        self.exclude = set()
        n, t = v.name, self.name('t')
        better = '<' if fam == 'max' else '>'
        worse = '>' if fam == 'max' else '<'
        out(f"{{ {v.ty} {t} = {self.conv(v.ty, e, B)};")
        out("#pragma omp atomic compare")
        out(r.choice([f"  {n} = {n} {better} {t} ? {t} : {n};", f"  {n} = {t} {worse} {n} ? {t} : {n};",
                      f"  if ({n} {better} {t}) {{ {n} = {t}; }}", f"  if ({t} {worse} {n}) {{ {n} = {t}; }}"]))
        out("}")
        self.compare = True

    def it_atomic(self, ctx, out, depth):
        if self.crng.random() < 0.04:
            return self.it_compare(ctx, out)
        r = self.rng
        uni = ctx.uniform()
        # array element (histogram) or scalar
        if r.random() < 0.25:
            a = self.pick([v for v in self.visible(ctx) if v.arr and len(v.dims) == 1],
                          lambda v: any(can(ctx, v, ('atomic', f)) for f in self.fams_for(v.ty, uni)))
            if a is None and not uni:
                a = self.fresh_array(ctx, (r.randint(3, 16),), ty=r.choice(['int', 'long', 'unsigned']))
                if not any(can(ctx, a, ('atomic', f)) for f in self.fams_for(a.ty, uni)):
                    a = None
            if a is not None:
                fam = next(f for f in self.fams_for(a.ty, uni) if can(ctx, a, ('atomic', f)))
                use(ctx, a, ('atomic', fam))
                self.exclude = {a.name}
                e, B = self.iexpr(ctx)
                lv = f"{a.name}[(unsigned long)({e}) % {a.dims[0]}u]"
                out(f"#pragma omp atomic{r.choice(['', ' update'])}")
                out(self.atomic_stmt(ctx, lv, a.ty, fam))
                self.exclude = set()
                return
        best = None
        cands = self.scalars(ctx, lambda v: wr(v))
        r.shuffle(cands)
        for v in cands:
            fams = self.fams_for(v.ty, uni)
            for f in fams:
                if can(ctx, v, ('atomic', f)):
                    best = (v, f)
                    break
            if best:
                break
        if best is None:
            if uni and r.random() < 0.5:
                return self.it_local(ctx, out, depth)
            v = self.fresh_scalar(ctx, ty=r.choice(ITYPES + ['double']) if not uni else r.choice(ITYPES))
            fams = [f for f in self.fams_for(v.ty, uni) if can(ctx, v, ('atomic', f))]
            if not fams:
                v = self.local_var(ctx, out, r.choice(ITYPES))
                fams = self.fams_for(v.ty, uni)
            best = (v, fams[0])
        v, fam = best
        use(ctx, v, ('atomic', fam))
        out(f"#pragma omp atomic{r.choice(['', ' update', ''])}")
        self.exclude = {v.name}
        out(self.atomic_stmt(ctx, v.name, v.ty, fam))
        self.exclude = set()

    def it_capture(self, ctx, out, depth):
        """v = x++ and friends. The values captured in one phase depend on the order, but
        their sum does not, provided every update of x in the phase is a capture whose value
        goes into the same accumulator (the claim's family names it) and that accumulator
        is not more private than x."""
        r = self.rng
        c = r.choice([1, 1, 2, 3, -1])
        xt = ['int', 'long', 'unsigned', 'unsigned long'] if c > 0 else ['int', 'long']

        def acc_how(v):
            m = lookup_mode(ctx, v)
            if m in ('red:+', 'red:-') and can(ctx, v, ('red', '+')):
                return 'red'
            if can(ctx, v, ('atomic', '+')):
                return 'atomic'
            return None

        xs = self.pick_all(self.scalars(ctx, lambda v: wr(v) and v.ty in xt))
        accs = [(v, h) for v in self.pick_all(self.scalars(ctx, lambda v: wr(v) and v.ty != 'double'))
                for h in [acc_how(v)] if h]
        best = None
        for x in xs:
            for acc, how in accs:
                if acc.key == x.key:
                    continue
                if lookup_mode(ctx, acc) == 'free' and self.depth_of(ctx, acc) < self.depth_of(ctx, x):
                    continue
                if can(ctx, x, ('atomic', f"cap:{c}:{acc.key}")):
                    best = (x, acc, how)
                    break
            if best:
                break
        if best is None:
            acc = self.fresh_scalar(ctx, ty=r.choice(['unsigned long', 'long']))
            x = self.fresh_scalar(ctx, ty=r.choice(xt))
            if not (can(ctx, acc, ('atomic', '+')) and can(ctx, x, ('atomic', f"cap:{c}:{acc.key}"))):
                acc = self.local_var(ctx, out, 'unsigned long')
                x = self.local_var(ctx, out, r.choice(xt))
            best = (x, acc, 'atomic')
        x, acc, how = best
        use(ctx, x, ('atomic', f"cap:{c}:{acc.key}"))
        use(ctx, acc, ('red', '+') if how == 'red' else ('atomic', '+'))
        cv = self.name('cv')
        n = x.name
        if c == 1:
            forms = [f"{cv} = {n}++;", f"{cv} = ++{n};", f"{cv} = {n} += 1;", f"{{ {cv} = {n}; {n}++; }}",
                     f"{{ ++{n}; {cv} = {n}; }}", f"{{ {cv} = {n}; {n} += 1; }}"]
        elif c == -1:
            forms = [f"{cv} = {n}--;", f"{cv} = --{n};", f"{cv} = {n} -= 1;", f"{{ {n}--; {cv} = {n}; }}"]
        else:
            forms = [f"{cv} = {n} += {c};", f"{{ {cv} = {n}; {n} += {c}; }}", f"{{ {n} += {c}; {cv} = {n}; }}"]
            if not n.startswith('('):
                # clang 16 compiles { v = (*p); (*p) = (*p) + c; } as an exchange, not an add
                forms.append(f"{{ {cv} = {n}; {n} = {n} + {c}; }}")
        out.open()
        out(f"{x.ty} {cv};")
        out("#pragma omp atomic capture")
        out(r.choice(forms))
        if how == 'atomic':
            out("#pragma omp atomic")
        out(f"{acc.name} += ({acc.ty}){cv};")
        out.close()

    def depth_of(self, ctx, v):
        """How many contexts up v is declared; variables of the test function or file count as infinitely far."""
        c, n = ctx, 0
        while c is not None:
            if v.key in c.locals:
                return 10 ** 6 if c.kind == 'root' else n
            c, n = c.parent, n + 1
        return 10 ** 6

    def pick_all(self, cands):
        cands = list(cands)
        self.rng.shuffle(cands)
        return cands

    def it_aread(self, ctx, out, depth):
        r = self.rng
        v = self.pick(self.scalars(ctx, lambda v: v.loopvar is None), lambda v: can(ctx, v, ('read',)))
        if v is None:
            return self.it_local(ctx, out, depth)
        use(ctx, v, ('read',))
        t = Var(self.key(), self.name('t'), v.ty)
        out(f"{v.ty} {t.name};")
        out("#pragma omp atomic read")
        out(f"{t.name} = {v.name};")
        ctx.add(t, 'free')

    def it_awrite(self, ctx, out, depth):
        v = self.pick(self.scalars(ctx, lambda v: wr(v)),
                      lambda v: can(ctx, v, ('write',)))
        if v is None:
            return self.it_assign(ctx, out, depth)
        use(ctx, v, ('write',))
        self.exclude = {v.name}
        e, B = self.iexpr(ctx)
        self.exclude = set()
        out("#pragma omp atomic write")
        out(f"{v.name} = {self.conv(v.ty, e, B)};")

    def it_critical(self, ctx, out, depth):
        r = self.rng
        # locks are only taken in one global order ('' < cA < cB < cC), so nested critical
        # sections cannot deadlock
        order = ['', 'cA', 'cB', 'cC']
        low = max([order.index(n) for n in ctx.crit], default=-1)
        names = order[low + 1:]
        if not names:
            return self.it_atomic(ctx, out, depth)
        name = r.choice(names)
        blk = Ctx('block', ctx, ws=False)
        blk.crit.append(name)
        out("#pragma omp critical" + (f"({name})" if name else ''))
        out.open()
        uni = ctx.uniform()
        for _ in range(r.randint(1, 3)):
            x = r.random()
            if x < 0.7:
                fams = ['|', '&', 'max', 'min'] if uni else ['+', '+', '^', '|', '&', 'max', 'min']
                found = None
                for v in self.pick_all(self.scalars(blk, lambda v: wr(v))):
                    fl = [f for f in fams if v.ty != 'double' or f in ('+', 'max', 'min')]
                    r.shuffle(fl)
                    for f in fl:
                        if can(blk, v, ('crit', name, f)):
                            found = (v, f)
                            break
                    if found:
                        break
                if found is None:
                    ty = r.choice(ITYPES + ['double'])
                    f = r.choice([f for f in fams if ty != 'double' or f in ('+', 'max', 'min')])
                    found = (self.fresh_for(blk, out, ('crit', name, f), ty=ty), f)
                v, f = found
                use(blk, v, ('crit', name, f))
                out(self.upd(blk, v, f))
            elif x < 0.85:
                self.it_atomic(blk, out, depth + 1)
            elif x < 0.93 and len(blk.crit) < 2:
                self.it_critical(blk, out, depth + 1)
            else:
                self.it_local(blk, out, depth + 1)
        out.close()

    def it_if(self, ctx, out, depth):
        r = self.rng
        out(f"if ({self.cond(ctx)})")
        out.open()
        blk = Ctx('block', ctx, ws=False)
        self.items(blk, out, r.randint(1, 3), depth + 1)
        if r.random() < 0.4:
            out.close("} else {")
            out.ind += 1
            blk = Ctx('block', ctx, ws=False)
            self.items(blk, out, r.randint(1, 2), depth + 1)
        out.close()

    def it_sloop(self, ctx, out, depth):
        r = self.rng
        blk = Ctx('block', ctx, ws=False)
        L = self.make_loop(ctx, r.randint(0, 5), self.name('j'))
        blk.add(L['var'], 'ro')
        out(self.header(L, True))
        out.open()
        self.items(blk, out, r.randint(1, 3), depth + 1)
        out.close()

    def it_repeat(self, ctx, out, depth):
        r = self.rng
        team = ctx.team
        if team.claims:
            out("#pragma omp barrier")
            team.reset()
        blk = Ctx('block', ctx)
        rv = Var(self.key(), self.name('r'), 'int')
        n = r.randint(1, 3)
        rv.loopvar = (0, n - 1)
        blk.add(rv, 'ro')
        out(f"for (int {rv.name} = 0; {rv.name} < {n}; {rv.name}++)")
        out.open()
        self.items(blk, out, r.randint(1, 3), depth + 1)
        if r.random() < 0.5:
            self.it_for(blk, out, depth + 1, force_barrier=True)
        else:
            out("#pragma omp barrier")
            team.reset()
        out.close()
        assert not team.claims

    def it_barrier(self, ctx, out, depth):
        out("#pragma omp barrier")
        ctx.team.reset()

    def it_master(self, ctx, out, depth):
        r = self.rng
        x = r.random()
        if x < 0.4:
            out("#pragma omp master")
        elif x < 0.7:
            out("#pragma omp masked")
        else:
            out(f"#pragma omp masked filter({self.bound_expr(ctx, 0, 'int')})")
        once = Ctx('once', ctx)
        out.open()
        self.items(once, out, r.randint(1, 3), depth + 1)
        out.close()

    def it_single(self, ctx, out, depth):
        r = self.rng
        once = Ctx('once', ctx)
        clauses, taken = [], []
        # copyprivate: variables private in the region, set by the single thread, broadcast to all
        cps = []
        if r.random() < 0.35:
            for v in self.pick_all(self.scalars(ctx, lambda v: v.ident and wr(v))):
                if len(cps) < 2 and lookup_mode(ctx, v) == 'free' and can(ctx, v, ('write',)):
                    cps.append(v)
        privs = []
        if r.random() < 0.2:
            for v in self.pick_all(self.scalars(ctx, lambda v: v.ident and wr(v))):
                if v not in cps and len(privs) < 1 and lookup_mode(ctx, v) == 'free' and can(ctx, v, ('write',)):
                    privs.append(v)
        fps = []
        if r.random() < 0.2:
            for v in self.pick_all(self.scalars(ctx, lambda v: v.ident and v not in cps and v not in privs)):
                if len(fps) < 1 and team_shared(ctx, v) and can(ctx, v, ('read',)):
                    fps.append(v)
        for v in fps:
            use(ctx, v, ('read',))
            once.add(v, 'ro')
        for v in privs:
            once.add(v, 'unset')
        if privs:
            clauses.append(f"private({', '.join(v.name for v in privs)})")
        if fps:
            clauses.append(f"firstprivate({', '.join(v.name for v in fps)})")
        nowait = False
        if cps:
            clauses.append(f"copyprivate({', '.join(v.name for v in cps)})")
        elif r.random() < 0.35:
            nowait = True
            clauses.append("nowait")
        r.shuffle(clauses)
        out("#pragma omp single" + ''.join(' ' + c for c in clauses))
        out.open()
        for v in privs:
            e, B = self.iexpr(once)
            out(f"{v.name} = {self.conv(v.ty, e, B)};")
            once.add(v, 'free')
        for v in cps:
            once.add(v, 'free')
            e, B = self.iexpr(once)
            out(f"{v.name} = {self.conv(v.ty, e, B)};")
        self.items(once, out, r.randint(1, 3), depth + 1)
        out.close()
        if not nowait:
            ctx.team.reset()
        for v in privs:
            out(f"{v.name} = {lit(self.init_val(v.ty), v.ty)};")

    def it_sections(self, ctx, out, depth):
        """A sections construct in team code: each section runs once, on some
        thread, beside the others, so each is a 'once' context of its own
        (its claims keep two sections from racing, as two single nowait
        regions are kept). nowait leaves the phase open, as single's does."""
        r = self.srng
        nowait = r.random() < 0.3
        out("#pragma omp sections" + (" nowait" if nowait else ""))
        out.open()
        for k in range(r.randint(1, 4)):
            # (The first section's directive may be left out.)
            if k > 0 or r.random() < 0.7:
                out("#pragma omp section")
            out.open()
            self.items(Ctx('once', ctx), out, r.randint(1, 3), depth + 1)
            out.close()
        out.close()
        if not nowait:
            ctx.team.reset()

    def it_helper(self, ctx, out, depth):
        """Outline some items into a helper function (orphaned constructs when called from a team)."""
        r = self.rng
        fn = Ctx('fn', ctx)
        fn.fnmap = {}
        params = {}  # key -> (decl, arg)
        gl = set(v.key for v in self.globals)
        for v in self.visible(ctx):
            # a global is passed like a local when the region privatized it (the helper
            # would otherwise see the shared global, not the private copy)
            if (v.key in gl and lookup_mode(ctx, v) is None) or v.members is not None:
                continue
            san = ''.join(ch if ch.isalnum() else '_' for ch in v.name).strip('_')
            while '__' in san:
                san = san.replace('__', '_')
            san = 'q_' + san
            k = self.key()
            if v.arr:
                nv = Var(v.key, san, v.ty, v.dims, ident=False)
                decl = f"{v.ty} *{san}" if len(v.dims) == 1 else f"{v.ty} (*{san})[{v.dims[1]}]"
                params[v.key] = (decl, v.name)
            else:
                mode = lookup_mode(ctx, v)
                if v.bound is not None or v.loopvar is not None or mode in ('ro', 'bound'):
                    nv = Var(v.key, san, v.ty, ident=False, bound=v.bound)
                    nv.loopvar = v.loopvar
                    params[v.key] = (f"{v.ty} {san}", v.name)
                else:
                    nv = Var(v.key, f"(*{san})", v.ty, ident=False)
                    params[v.key] = (f"{v.ty} *{san}", f"&{v.name}" if v.name[0] != '(' else f"&{v.name}")
            fn.fnmap[v.key] = nv
        self.nhelper += 1
        hname = f"helper{self.nhelper}"
        body = Out(1)
        self.items(fn, body, r.randint(1, 3), depth + 1)
        ps = [params[k] for k in fn.used]
        sig = ', '.join(p[0] for p in ps) or 'void'
        self.helpers.append(f"static void {hname}({sig}) {{\n" + '\n'.join(body.lines) + "\n}\n")
        out(f"{hname}({', '.join(p[1] for p in ps)});")

    # ---- parallel regions --------------------------------------------------
    def par_clauses(self, ctx, repl, taken):
        """Clauses of a parallel construct; registers privatized variables in repl. Returns (clauses, resets)."""
        r = self.rng
        cl, resets = [], []
        if r.random() < 0.3:
            x = r.random()
            if x < 0.5:
                cl.append(f"if({self.cond_bound(ctx)})")
            elif x < 0.7:
                cl.append(f"if(parallel: {self.cond_bound(ctx)})")
            else:
                cl.append(f"if({r.choice([0, 1, 1])})")
        if r.random() < 0.3:
            cl.append(f"num_threads({self.bound_expr(ctx, r.randint(1, 5), 'int')})")
        if r.random() < 0.2:
            cl.append("default(shared)")
        idents = self.scalars(ctx, lambda v: v.ident and v.loopvar is None)
        writable = lambda v: wr(v) and v.key not in taken and can(ctx, v, ('write',))
        # private
        if r.random() < 0.3:
            ps = [v for v in self.pick_all(idents) if writable(v)][:r.randint(1, 2)]
            for v in ps:
                taken.add(v.key)
                use(ctx, v, ('write',))
                resets.append(v)
            if ps:
                cl.append(f"private({', '.join(v.name for v in ps)})")
                repl.pending_private = ps
                for v in ps:
                    repl.add(v, 'unset')
        # firstprivate
        if r.random() < 0.3:
            fs = []
            for v in self.pick_all(idents + [v for v in self.visible(ctx) if v.ident and (v.arr or v.members)]):
                if len(fs) >= 2 or v.key in taken:
                    continue
                if not v.arr and v.members is None and writable(v) and r.random() < 0.6:
                    use(ctx, v, ('write',))
                    repl.add(v, 'free')
                    resets.append(v)
                    fs.append(v)
                elif v.members is not None:
                    if all(can(ctx, m, ('read',)) for m in v.members):
                        for m in v.members:
                            use(ctx, m, ('read',))
                            repl.add(m, 'ro')
                        fs.append(v)
                elif can(ctx, v, ('read',)):
                    use(ctx, v, ('read',))
                    repl.add(v, 'ro')
                    fs.append(v)
                else:
                    continue
                taken.add(v.key)
            if fs:
                cl.append(f"firstprivate({', '.join(v.name for v in fs)})")
        # reduction
        if r.random() < 0.45:
            for _ in range(r.randint(1, 2)):
                v, op = self.pick_red(ctx, idents, taken, lambda v: can(ctx, v, ('write',)))
                if v is None:
                    break
                taken.add(v.key)
                use(ctx, v, ('write',))
                repl.add(v, 'red:' + op)
                cl.append(f"reduction({op}: {v.name})" if r.random() < 0.5 else f"reduction({op}:{v.name})")
        # shared
        if r.random() < 0.25:
            sh = [v for v in self.visible(ctx) if v.ident and v.key not in taken and v.loopvar is None
                  and v.members is None][:3]
            if sh:
                cl.append(f"shared({', '.join(v.name for v in sh)})")
        r.shuffle(cl)
        return cl, resets

    def pick_red(self, ctx, idents, taken, ok, fresh=True):
        """(variable, operator) for a reduction clause; && and || only on variables holding 0 or 1."""
        r = self.rng
        op = r.choice(['+', '+', '-', '&', '|', '^', '&&', '||', 'min', 'max', '*'])
        logic = op in ('&&', '||')

        def tyok(v):
            if v.bound is not None or v.loopvar is not None or v.key in taken or v.logic != logic or v.frozen:
                return False
            if v.ty == 'double':
                return op in ('+', '-', 'max', 'min')
            return op != '*' or v.ty in UNSIGNED

        v = self.pick([c for c in idents if tyok(c)], ok)
        if v is None and fresh:
            ty = 'int' if logic else 'unsigned' if op == '*' else r.choice(ITYPES + ['double'] * (op in '+-'))
            v = self.fresh_scalar(ctx, ty=ty, storage=r.choice(['local', 'local', 'global', 'static']),
                                  init=r.randint(0, 1) if logic else None)
            v.logic = logic
            if not ok(v):
                return None, None
        return v, op

    def cond_bound(self, ctx):
        r = self.rng
        cands = [v for v in self.visible(ctx) if v.bound is not None]
        if not cands:
            return r.choice(['1', '0', '2 > 1'])
        b = r.choice(cands)
        use(ctx, b, ('read',))
        return f"{b.name} {r.choice(['>', '<', '>=', '!='])} {lit(r.randint(0, 40), b.ty)}"

    def it_par(self, ctx, out, depth):
        r = self.rng
        team = Team(ctx.level + 1, ctx.level == 0)
        repl = Ctx('repl', ctx, team)
        repl.pending_private = []
        taken = set()
        cl, resets = self.par_clauses(ctx, repl, taken)
        out("#pragma omp parallel" + ''.join(' ' + c for c in cl))
        out.open()
        for v in repl.pending_private:
            e, B = self.iexpr(repl)
            out(f"{v.name} = {self.conv(v.ty, e, B)};")
            repl.add(v, 'free')
        n = r.randint(2, 5) if ctx.level == 0 else r.randint(1, 3)
        self.items(repl, out, n, depth + 1)
        out.close()
        for v in resets:
            out(f"{v.name} = {lit(self.init_val(v.ty), v.ty)};")

    def it_parfor(self, ctx, out, depth):
        team = Team(ctx.level + 1, ctx.level == 0)
        repl = Ctx('repl', ctx, team)
        self.it_for(repl, out, depth, outer=ctx)

    def it_for(self, ctx, out, depth, outer=None, force_barrier=False):
        """A worksharing loop in the team of ctx; with outer, the combined parallel for in outer."""
        r = self.rng
        team = ctx.team
        it = Ctx('iter', ctx)
        collapse = r.random() < 0.2
        nonrect = False
        # simd: None, 'for simd' (each thread's chunk), or 'simd' (one
        # thread: instead of a combined parallel for in serial code)
        simd = None
        if collapse and r.random() < 0.4:
            nonrect = True
            loops, info = self.nonrect_nest(ctx)
            trip = info['trip']
            if self.nrng.random() < 0.35:
                serial = outer is not None and outer.level == 0
                simd = 'simd' if serial and self.nrng.random() < 0.8 else 'for simd'
                it.simd = True
        elif collapse:
            t1, t2 = self.trip(small=True), self.trip(small=True)
            L1 = self.make_loop(ctx, t1, self.name('i'))
            L2 = self.make_loop(ctx, t2, self.name('j'))
            loops = [L1, L2]
            trip = t1 * t2
            info = dict(idx=f"({L1['idx']}) * {t2} + ({L2['idx']})", trip=trip, t1=t1, t2=t2,
                        ii=L1['idx'], jj=L2['idx'])
        else:
            L1 = self.make_loop(ctx, self.trip(), self.name('i'))
            loops = [L1]
            trip = L1['trip']
            info = dict(idx=L1['idx'], trip=trip, t1=trip, t2=None)
        it.iterinfo = info
        cl, parcl, resets, pre = [], [], [], []
        taken = set()
        if outer is not None:
            pc, resets = self.par_clauses_for_combined(outer, ctx, taken)
            # (simd alone: no team, no parallel clauses)
            parcl += pc if simd != 'simd' else []
        # schedule
        scheds = [None, 'static', 'static,c', 'dynamic', 'dynamic,c', 'guided', 'guided,c', 'runtime', 'auto']
        s = r.choice(scheds)
        # clang 16 loses lastprivate values with schedule(dynamic) (chunked or not) and
        # with a chunked guided schedule: no lastprivate on those
        chunked_dyn = s in ('dynamic', 'dynamic,c', 'guided,c')
        if s is not None and simd != 'simd':
            if s.endswith(',c'):
                ce = self.bound_expr(ctx, r.choice([1, 1, 2, 3, 4, 7, 16]), 'int')
                cl.append(f"schedule({s[:-2]}, {ce})")
            else:
                cl.append(f"schedule({s})")
        base = outer if outer is not None else ctx
        idents = self.scalars(base, lambda v: v.ident and wr(v))
        # private
        privs = []
        if r.random() < 0.3:
            for v in self.pick_all(idents):
                if len(privs) < 2 and v.key not in taken and can(base, v, ('write',)):
                    use(base, v, ('write',))
                    privs.append(v)
                    taken.add(v.key)
                    resets.append(v)
            if privs:
                cl.append(f"private({', '.join(v.name for v in privs)})")
        # firstprivate
        fps = []
        if r.random() < 0.3:
            for v in self.pick_all(self.scalars(base, lambda v: v.ident and v.loopvar is None)):
                ok = can(base, v, ('read',)) and (outer is not None or team_shared(ctx, v))
                if len(fps) < 2 and v.key not in taken and ok:
                    use(base, v, ('read',))
                    fps.append(v)
                    taken.add(v.key)
                    it.add(v, 'ro')
            if fps and simd != 'simd':
                cl.append(f"firstprivate({', '.join(v.name for v in fps)})")
        # lastprivate (never with a chunked dynamic/guided schedule)
        lps = []
        if not chunked_dyn and r.random() < 0.3:
            for v in self.pick_all(idents):
                if len(lps) >= 2 or v.key in taken and v not in fps:
                    continue
                ok = can(base, v, ('write',)) if outer is not None else can(ctx, v, ('claim_loop', it))
                if ok:
                    if outer is not None:
                        use(base, v, ('write',))
                    else:
                        use(ctx, v, ('claim_loop', it))
                    lps.append(v)
                    taken.add(v.key)
            if lps:
                cl.append(f"lastprivate({', '.join(v.name for v in lps)})")
        # reduction
        if r.random() < 0.5:
            ridents = self.scalars(base, lambda v: v.ident and v.loopvar is None and v.bound is None)
            for _ in range(r.randint(1, 3)):
                if outer is not None:
                    ok = lambda c: can(base, c, ('write',))
                else:
                    ok = lambda c: can(ctx, c, ('claim_loop', it))
                v, op = self.pick_red(base, ridents, taken, ok, fresh=outer is not None or r.random() < 0.5)
                if v is None:
                    break
                if outer is not None:
                    use(base, v, ('write',))
                else:
                    use(ctx, v, ('claim_loop', it))
                taken.add(v.key)
                it.add(v, 'red:' + op)
                cl.append(f"reduction({op}:{v.name})")
        ordered = r.random() < 0.15 and simd is None
        if ordered:
            cl.append("ordered")
            it.ordered = True
        nowait = outer is None and not force_barrier and r.random() < 0.25
        if nowait:
            cl.append("nowait")
        if collapse:
            cl.append(f"collapse({len(loops)})")
        r.shuffle(cl)
        allcl = parcl + cl
        # the loop variable may be declared before the loop
        decl_outside = not collapse and r.random() < 0.25
        print_lp = False
        if decl_outside and outer is not None and outer.level == 0 and trip > 0 and not chunked_dyn \
                and r.random() < 0.6 and not outer.in_fn():
            allcl.append(f"lastprivate({L1['var'].name})")
            print_lp = True
        # a non-rectangular nest's variables: lastprivate, printed after it
        # (only where an iteration runs: no iteration copies nothing out)
        lp_loops = []
        if 'count' in info and outer is not None and outer.level == 0 and info['count'] > 0 and not chunked_dyn \
                and not outer.in_fn() and self.nrng.random() < 0.4:
            decl_outside = True
            lp_loops = [L for L in loops if self.nrng.random() < 0.8] or [loops[-1]]
            allcl.append(f"lastprivate({', '.join(L['var'].name for L in lp_loops)})")
            self.clang_wrong = "lastprivate of a non-rectangular nest's loop variables"
        if decl_outside:
            out.open()
            for L in loops:
                out(f"{L['ty']} {L['var'].name};")
        pragma = ("parallel for" if outer is not None else "for")
        if simd is not None:
            pragma = simd if simd == 'simd' else pragma + " simd"
        out(f"#pragma omp {pragma}" + ''.join(' ' + c for c in allcl))
        # A tile or partial unroll of the loops (the worksharing loop then
        # shares its floor loops, or the unrolled loop).
        t = self.trng
        # (clang 16 runs a tile of a loop that runs no iteration about 2^32
        # times: no transformation of a loop with no iteration.)
        nonempty = all(L['trip'] > 0 for L in loops) if not nonrect else False
        if t.random() < 0.2 and not ordered and not decl_outside and nonempty:
            sizes = [t.choice([1, 2, 3, 4, 5, 8]) for _ in loops]
            if len(loops) == 1 and t.random() < 0.5:
                out("#pragma omp unroll partial" + t.choice(['', f"({sizes[0]})"]))
            else:
                out(f"#pragma omp tile sizes({', '.join(map(str, sizes))})")
            self.transform = True
        for v in privs + lps:
            it.add(v, 'unset')
        for k, L in enumerate(loops):
            it.add(L['var'], 'ro')
            out(("  " * k) + self.header(L, not decl_outside))
        out.ind += len(loops) - 1
        out.open()
        for v in privs + lps:
            e, B = self.iexpr(it)
            out(f"{v.name} = {self.conv(v.ty, e, B)};")
            it.add(v, 'free')
        n = r.randint(1, 4)
        pos = r.randint(0, n) if ordered else -1
        for k in range(n + 1):
            if k == pos:
                self.ordered_block(it, out, depth + 1, team if not nowait else None)
            if k < n:
                self.item(it, out, depth + 1)
        out.close()
        out.ind -= len(loops) - 1
        if decl_outside:
            if print_lp:
                out(f"printf(\"lastprivate {L1['var'].name}=%ld\\n\", (long){L1['var'].name});")
            for L in lp_loops:
                out(f"printf(\"lastprivate {L['var'].name}=%ld\\n\", (long){L['var'].name});")
            out.close()
        if outer is None and not nowait:
            team.reset()
        for v in resets:
            out(f"{v.name} = {lit(self.init_val(v.ty), v.ty)};")

    def par_clauses_for_combined(self, outer, repl, taken):
        r = self.rng
        cl = []
        if r.random() < 0.25:
            cl.append(f"num_threads({self.bound_expr(outer, r.randint(1, 5), 'int')})")
        if r.random() < 0.2:
            cl.append(f"if({self.cond_bound(outer)})")
        if r.random() < 0.15:
            cl.append("default(shared)")
        return cl, []

    def ordered_block(self, it, out, depth, team):
        r = self.rng
        blk = Ctx('block', it, ws=False)
        blk.in_ordered = it
        cond = r.random() < 0.3
        if cond:
            out(f"if ({self.cond(blk)})")
        out("#pragma omp ordered")
        out.open()
        for _ in range(r.randint(1, 2)):
            x = r.random()
            if x < 0.55:
                v = self.pick(self.scalars(blk, lambda v: wr(v)
                                           and v.ty in ('unsigned', 'unsigned long', 'int', 'long')),
                              lambda v: can(blk, v, ('ord', it)))
                if v is None:
                    v = self.fresh_scalar(blk, ty=r.choice(['unsigned', 'unsigned long', 'long']))
                    if not can(blk, v, ('ord', it)):
                        continue
                use(blk, v, ('ord', it))
                e, B = self.small(blk, 1009)
                if v.ty in UNSIGNED:
                    out(f"{v.name} = {v.name} * 31u + ({v.ty})({e});")
                else:
                    out(f"{v.name} = ({v.name} % 10007) * 7 + {e};")
            elif x < 0.8 or team is None or not (team.can_print and not team.printing):
                # append to a log array
                n = it.iterinfo['trip']
                pos = self.fresh_scalar(blk, ty='int', init=0, storage='local' if not blk.in_fn() else None)
                pos.frozen = True
                log = self.fresh_array(blk, (max(n, 1) + r.randint(0, 3),), ty=r.choice(['int', 'long']))
                if not (can(blk, pos, ('ord', it)) and can(blk, log, ('ord', it))):
                    continue
                use(blk, pos, ('ord', it))
                use(blk, log, ('ord', it))
                e, B = self.small(blk, 1009)
                out(f"if ({pos.name} < {log.dims[0]}) {log.name}[{pos.name}++] = ({log.ty})({e});")
            else:
                team.printing = True
                self.nord += 1
                e, B = self.iexpr(blk)
                out(f"printf(\"ordered{self.nord} %ld\\n\", (long)({e}));")
        out.close()

    # ---- test functions and the program -----------------------------------
    def gen_test(self, tid):
        r = self.rng
        root = Ctx('root', None)
        self.root = root
        self.params, self.rdecls, self.rinits, self.rprints = [], [], [], []
        self.budget = r.randint(8, 22)
        # bound parameters and locals (known values, never written)
        for _ in range(r.randint(1, 2)):
            ty = r.choice(['int', 'int', 'long', 'unsigned'])
            val = r.choice([0, 1, r.randint(2, 20), r.randint(20, 200)])
            v = Var(self.key(), self.name('n'), ty, bound=val)
            self.params.append((f"{ty} {v.name}", lit(val, ty)))
            root.add(v, 'bound')
        if r.random() < 0.5:
            ty = r.choice(['int', 'long'])
            val = r.randint(0, 50)
            v = Var(self.key(), self.name('lim'), ty, bound=val)
            self.rdecls.append(f"{ty} {v.name} = {lit(val, ty)};")
            root.add(v, 'bound')
        # a few variables to start with
        for _ in range(r.randint(1, 4)):
            self.fresh_scalar(root)
        if r.random() < 0.4:
            st = Var(self.key(), self.name('st'), 'struct rec')
            mem = []
            for m, ty in (('cnt', 'int'), ('sum', 'long'), ('mask', 'unsigned')):
                mv = Var(self.key(), f"{st.name}.{m}", ty, ident=False)
                mem.append(mv)
                root.add(mv, 'free')
                self.rprints.append(mv)
            av = Var(self.key(), f"{st.name}.vals", 'int', (24,), ident=False)
            mem.append(av)
            root.add(av, 'free')
            self.rprints.append(av)
            st.members = mem
            root.add(st, 'free')
            stat = 'static ' if r.random() < 0.3 else ''
            self.rdecls.append(f"{stat}struct rec {st.name} = {{{r.randint(0, 9)}, {r.randint(-9, 9)}L, "
                               f"{r.randint(0, 99)}u, {{0}}}};")
            self.rinits += self.fill_lines(av, av.name)
        body = Out(1)
        n = r.randint(1, 3)
        for _ in range(n):
            x = r.random()
            if x < 0.45:
                self.it_par(root, body, 0)
            elif x < 0.85:
                self.it_parfor(root, body, 0)
            elif x < 0.93:
                blk = Ctx('block', root)
                L = self.make_loop(root, r.randint(1, 3), self.name('rep'))
                blk.add(L['var'], 'ro')
                body(self.header(L, True))
                body.open()
                self.it_par(blk, body, 1) if r.random() < 0.5 else self.it_parfor(blk, body, 1)
                body.close()
            else:
                self.it_assign(root, body, 0)
                self.it_par(root, body, 0)
        lines = [f"static void test{tid}({', '.join(p[0] for p in self.params) or 'void'}) {{"]
        lines += ['  ' + d for d in self.rdecls]
        lines += ['  ' + d for d in self.rinits]
        lines += body.lines
        for v in self.rprints:
            lines += ['  ' + l for l in self.print_lines(v, f"t{tid}.")]
        lines.append("}")
        self.tests.append('\n'.join(lines) + '\n')
        self.calls.append(f"test{tid}({', '.join(p[1] for p in self.params)});")

    def print_lines(self, v, prefix):
        label = prefix + v.name.replace('(*', '').replace(')', '')
        if v.arr:
            if len(v.dims) == 1:
                acc = f"(unsigned long)({v.name}[k])"
                return ["{", "  unsigned long ck = 0;",
                        f"  for (int k = 0; k < {v.dims[0]}; k++)",
                        f"    ck = ck * 1000003ul + {acc};",
                        f"  printf(\"{label} ck=%lu\\n\", ck);", "}"]
            return ["{", "  unsigned long ck = 0;",
                    f"  for (int k = 0; k < {v.dims[0]}; k++)",
                    f"    for (int q = 0; q < {v.dims[1]}; q++)",
                    f"      ck = ck * 1000003ul + (unsigned long)({v.name}[k][q]);",
                    f"  printf(\"{label} ck=%lu\\n\", ck);", "}"]
        if v.ty == 'double':
            return [f"printf(\"{label}=%.2f\\n\", {v.name});"]
        if v.ty in UNSIGNED:
            return [f"printf(\"{label}=%lu\\n\", (unsigned long){v.name});"]
        return [f"printf(\"{label}=%ld\\n\", (long){v.name});"]

    def generate(self):
        r = self.rng
        # global bound variables
        for _ in range(r.randint(0, 2)):
            ty = r.choice(['int', 'long', 'unsigned'])
            val = r.randint(0, 120)
            v = Var(self.key(), self.name('gn'), ty, bound=val)
            self.gdecls.append(f"{ty} {v.name} = {lit(val, ty)};")
            self.globals.append(v)
        for tid in range(r.randint(2, 4)):
            self.gen_test(tid)
        tp = Threadprivate(self.seed)
        sc = self.scans = Scans(self.seed)
        tk = self.tasks = Tasks(self.seed)
        src = [PRELUDE] + (tp.include() if tp.wanted else []) + [STRUCT_DEF, '']
        src += self.gdecls + ['']
        src += self.helpers
        self.packaging = Packaging(self.seed)
        tests, self.tests_header = self.packaging.tests(self.tests)
        src += tests
        if tp.wanted:
            src.append(tp.function())
            self.calls.append("test_tp();")
        if sc.wanted:
            src += sc.globals() + sc.helpers() + [sc.function()]
            self.calls.append("test_scan();")
        if tk.wanted:
            src += tk.globals() + tk.helpers() + [tk.function()]
            self.calls.append("test_tasks();")
        tm = Teams(self.seed)
        if tm.wanted:
            src.append(tm.function())
            self.calls.append("test_teams();")
        tg = Target(self.seed)
        if tg.wanted:
            src.append(tg.function())
            self.calls.append("test_target();")
            self.clang_wrong = self.clang_wrong or tg.clang_wrong
            if tg.teams and (tm.wanted or tk.wanted):
                # (libomp 16 asserts in kmp_wait_release.h in clang's build
                # when its target teams fallback follows host teams or the
                # tasking tests; weft's build does not.)
                self.clang_wrong = self.clang_wrong or "clang 16's target teams after host teams or tasks (a libomp assertion)"
        src.append("int main(void) {")
        if r.random() < 0.5:
            kind = r.choice(['omp_sched_static', 'omp_sched_dynamic', 'omp_sched_guided'])
            src += ["#ifdef _OPENMP", f"  omp_set_schedule({kind}, {r.randint(0, 5)});", "#endif"]
        src += ['  ' + d for d in self.main_decls]
        src += ['  ' + d for d in self.ginits]
        src += ['  ' + c for c in self.calls]
        for v in self.gprints + self.main_prints:
            src += ['  ' + l for l in self.print_lines(v, "")]
        src += ["  return 0;", "}", ""]
        return f"/* randc.py seed {self.seed} */\n" + '\n'.join(src)


def generate(seed: int) -> str:
    return program(seed)[0]


def program(seed: int):
    """The program's text, and its generator (for the headers it writes)."""
    g = Gen(seed)
    text = g.generate()
    text = g.scans.marker() + text
    if g.clang_wrong:
        text = f"// CLANG-16-WRONG: {g.clang_wrong}\n" + text
    # (inoutset is OpenMP 5.1's.)
    v51 = g.compare or g.transform or g.tasks.wanted
    text = ("// WEFT-CC-FLAGS: -fopenmp-version=51\n" + text) if v51 else text
    return g.packaging.pragmas(text), g


def clang_checks(text: str) -> bool:
    """Whether clang -fopenmp must agree with the serial program (no
    `// CLANG-16-WRONG:` line: see randc_scan.py and the module doc)."""
    return "// CLANG-16-WRONG:" not in text


def build_flags(text: str) -> list:
    """The flags a program's OpenMP builds need (its `// WEFT-CC-FLAGS:` line)."""
    first = text.split("\n", 1)[0]
    return first[len("// WEFT-CC-FLAGS:"):].split() if first.startswith("// WEFT-CC-FLAGS:") else []


def files(seed: int) -> dict:
    """The program (prog-SEED.c) and the header it includes, by file name."""
    text, g = program(seed)
    out = {f"prog-{seed}.c": text}
    tp = Threadprivate(seed)
    if tp.wanted:
        out[tp.header_name] = tp.header()
    if g.tests_header:
        out[g.packaging.header_name] = g.packaging.pragmas(g.tests_header, define=False)
    return out


if __name__ == '__main__':
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: randc.py SEED [DIR]")
    if len(sys.argv) == 2:
        sys.stdout.write(generate(int(sys.argv[1])))
    else:
        for name, text in files(int(sys.argv[1])).items():
            with open(os.path.join(sys.argv[2], name), "w") as f:
                f.write(text)
