"""The scan part of randc.py's programs: some programs call a test function
with scan reductions (OpenMP 5.0's `reduction(inscan, op: x)` with a
`#pragma omp scan inclusive(x)` or `exclusive(x)` in the loop's body): prefix
sums, products, max, min and bitwise scans over int, long, unsigned and
double, on parallel for, simd and parallel for simd loops, and on worksharing
loops inside a team (also `for simd`, `nowait`, and orphaned in a function
the team calls), with loops that start anywhere and step up or down, a
local inside the input phase, and a local computed from the loop variable
before the scan directive and used after it. Each loop prints its result
and a checksum of its whole prefix array; nothing depends on the number of
threads.

clang 16's scan reductions are wrong in measured ways (a crash at trip
counts 0 and 1; garbage from worksharing loops inside a parallel region and
from a local set before the scan directive; the original's value left out
of every prefix). Half the programs with scans keep to what clang gets
right (parallel for, simd and parallel for simd, 2 iterations or more, the
variable starting at the identity, no such local), so clang still checks
them; the others use all of it and say so on a line `// CLANG-16-WRONG:`,
and difftest.py then holds only weft to the serial program.

It draws from a random generator of its own, so the rest of each program
stays what it was for its seed.
"""
import random

# (type, operator, identity as C, the input phase's update of x by v)
OPS = [
    ('long', '+', '0', 'x += v;'),
    ('double', '+', '0.0', 'x += v * 0.25;'),
    ('long', '-', '0', 'x -= v;'),
    ('unsigned long', '*', '1', 'x *= (unsigned long)(v % 5 + 1);'),
    ('long', 'max', '(-9223372036854775807L - 1)', 'x = v > x ? v : x;'),
    ('int', 'min', '2147483647', 'x = (int)v < x ? (int)v : x;'),
    ('unsigned', '^', '0u', 'x ^= (unsigned)v * 2654435761u;'),
    ('unsigned', '|', '0u', 'x |= 1u << (v % 32);'),
    ('unsigned long', '&', '~0ul', 'x &= ~(1ul << (v % 64));'),
]
SAFE = ['parallel for', 'simd', 'parallel for simd']
ALL = SAFE + ['team for', 'team for nowait', 'team for simd', 'orphaned for']


class Loop:
    def __init__(self, r, k, clang_ok):
        self.k = k
        self.ty, self.op, self.ident, self.update = r.choice(OPS)
        self.kind = r.choice(SAFE if clang_ok else ALL)
        self.inclusive = r.random() < 0.5
        if clang_ok or r.random() < 0.75:
            self.trip = r.choice([2, r.randint(3, 9), r.randint(10, 300)])
        else:
            self.trip = r.choice([0, 1])
        self.start = r.randint(-50, 50) if r.random() < 0.5 else 0
        self.step = r.choice([1, 1, 2, 3, -1, -2])
        self.local_input = r.random() < 0.4
        self.local_index = not clang_ok and r.random() < 0.5
        if clang_ok or r.random() < 0.4:
            self.init = self.ident
        elif self.ty == 'double':
            self.init = f"{r.randint(-40, 40) * 0.25}"
        elif self.op == '*':
            self.init = f"{r.randint(1, 9)}ul"
        else:
            self.init = f"({self.ty}){r.randint(-500, 500)}"
        self.salt = r.randint(1, 1000)

    def names(self):
        k = self.k
        return f"scan_x{k}", f"scan_out{k}"

    def loop_header(self):
        a, s, n = self.start, self.step, self.trip
        if s > 0:
            return f"for (int i = {a}; i < {a + n * s}; i += {s})", f"(i - ({a})) / {s}"
        return f"for (int i = {a}; i > {a + n * s}; i -= {-s})", f"(({a}) - i) / {-s}"

    def body(self, x, out):
        """The loop's body: the input and scan phases around the directive."""
        header, index = self.loop_header()
        idx = 'k' if self.local_index else index
        value = f"mix({idx}, {self.salt})"
        update = self.update.replace('x', x).replace('v', '(long)vv')
        if self.local_input:
            inp = ["{", f"  long vv = {value};", f"  {update}", "}"]
        else:
            inp = [update.replace('(long)vv', f"(long){value}").replace('vv', value)]
        scan = [f"{out}[{idx}] = {x};"]
        first, second = (inp, scan) if self.inclusive else (scan, inp)
        lines = [header + " {"]
        if self.local_index:
            lines.append(f"  int k = {index};")
        lines += ['  ' + l for l in first]
        lines.append(f"#pragma omp scan {'inclusive' if self.inclusive else 'exclusive'}({x})")
        lines += ['  ' + l for l in second]
        lines.append("}")
        return lines

    def clause(self, x):
        return f"reduction(inscan, {self.op} : {x})"

    def report(self, x, out):
        fmt, val = ("%.2f", x) if self.ty == 'double' else ("%lu", f"(unsigned long){x}")
        acc = f"(unsigned long)(long)({out}[q] * 4)" if self.ty == 'double' else f"(unsigned long){out}[q]"
        return [
            "{",
            "  unsigned long ck = 0;",
            f"  for (int q = 0; q < {self.trip}; q++)",
            f"    ck = ck * 1000003ul + {acc};",
            f"  printf(\"scan{self.k} {self.kind} x={fmt} ck=%lu\\n\", {val}, ck);",
            "}",
        ]


class Scans:
    """The globals, helpers, test function and call of one seed (or none)."""

    def __init__(self, seed):
        r = random.Random(seed * 6151 + 29)
        self.wanted = r.random() < 0.3
        if not self.wanted:
            return
        self.clang_ok = r.random() < 0.5
        self.loops = [Loop(r, k, self.clang_ok) for k in range(r.randint(1, 4))]

    def marker(self):
        """The line that keeps clang -fopenmp out of the check, if needed."""
        if self.wanted and not self.clang_ok:
            return "// CLANG-16-WRONG: scan reductions (clang 16 gets some wrong)\n"
        return ""

    def globals(self):
        out = []
        for L in self.loops:
            x, o = L.names()
            out.append(f"static {L.ty} {o}[{max(L.trip, 1)}];")
            if L.kind == 'orphaned for':
                out.append(f"static {L.ty} {x};")
        return out

    def helpers(self):
        out = []
        for L in self.loops:
            if L.kind != 'orphaned for':
                continue
            x, o = L.names()
            out += [f"static void scan_orphaned{L.k}(void) {{", f"#pragma omp for {L.clause(x)}"]
            out += ['  ' + l for l in L.body(x, o)]
            out += ["}", ""]
        return out

    def function(self):
        lines = ["static void test_scan(void) {"]
        for L in self.loops:
            x, o = L.names()
            body = L.body(x, o)
            if L.kind == 'orphaned for':
                lines += [f"  {x} = {L.init};", "#pragma omp parallel", f"  scan_orphaned{L.k}();"]
            elif L.kind.startswith('team'):
                kind = 'for simd' if L.kind == 'team for simd' else 'for'
                wait = ' nowait' if L.kind == 'team for nowait' else ''
                lines += [f"  {L.ty} {x} = {L.init};", "#pragma omp parallel", "  {",
                          f"#pragma omp {kind} {L.clause(x)}{wait}"]
                lines += ['    ' + l for l in body]
                lines.append("  }")
            else:
                lines += [f"  {L.ty} {x} = {L.init};", f"#pragma omp {L.kind} {L.clause(x)}"]
                lines += ['  ' + l for l in body]
            lines += ['  ' + l for l in L.report(x, o)]
        lines.append("}")
        return '\n'.join(lines) + '\n'
