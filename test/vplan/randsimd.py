#!/usr/bin/env python3
"""Random C programs with `#pragma omp simd` loops, for weft's vectorizer.

  randsimd.py K     prints program K (the same K always gives the same program)

Each program fills its arrays from a seed given on its command line (so one
program runs on many random inputs), runs 4-8 simd loops drawn from these
kinds, and prints a checksum of every array and scalar after each loop:
element-wise arithmetic with random expression trees; divergent branches
(if/else, nested ifs); conditional stores; integer division and remainder
under a condition (the paper's loop); reductions (+ * & | ^ min max on
integers of several widths, + on doubles holding integers, so any order of
summation gives the same bits); lastprivate; private temporaries; gathers
and scatters through a permutation; strided accesses; math calls (fabs,
sqrt of squares, fmin/fmax); simdlen/safelen clauses; an inner while loop
whose trip count differs per lane (early-exit free), with a Collatz while
loop, a reduction, loads and stores, a division inside it, or under a
branch only some lanes take (vectorized outer-loop style); linear integers
and pointers; lastprivate(conditional:); a quarter of the loops
as `parallel for simd` (threads first, then vectors). Programs are valid
OpenMP: no loop-carried dependence, no division by zero, no overflow of
signed types (values stay small), so their serial output is the truth.
"""
import random
import sys

TYPES = [("int", 32), ("long", 64), ("short", 16), ("unsigned", 32)]


class Gen:
    def __init__(self, k):
        self.r = random.Random(f"simd:{k}")
        self.k = k

    def pick(self, xs):
        return self.r.choice(xs)

    def expr(self, vars_, depth, ty):
        """An integer expression of small magnitude over `vars_`."""
        r = self.r
        if depth == 0 or r.random() < 0.3:
            return r.choice(vars_ + [str(r.randint(-9, 9)), "i", "(i % 7)"])
        a = self.expr(vars_, depth - 1, ty)
        b = self.expr(vars_, depth - 1, ty)
        op = r.choice(["+", "-", "*", "&", "|", "^", "min", "max", "shr", "cond"])
        if op == "min":
            return f"(({a}) < ({b}) ? ({a}) : ({b}))"
        if op == "max":
            return f"(({a}) > ({b}) ? ({a}) : ({b}))"
        if op == "shr":
            return f"(({a}) >> {r.randint(1, 3)})"
        if op == "cond":
            c = self.expr(vars_, 0, ty)
            return f"(({c}) > {r.randint(-5, 5)} ? ({a}) : ({b}))"
        if op == "*":
            # Keep products small: one side reduced first.
            return f"(({a}) * (({b}) % 5))"
        return f"(({a}) {op} ({b}))"

    def loop(self, n, j):
        r = self.r
        kind = r.choice(
            ["elementwise", "ifelse", "condstore", "divide", "reduce", "reduce", "lastprivate", "private", "gather",
             "scatter", "strided", "math", "nested", "while", "fpsum", "collatz", "innerreduce", "innerstore",
             "innerif", "innerdiv", "linear", "linearptr", "condlast"])
        # Threads first, then vectors: the same loop as `parallel for simd`.
        combined = r.random() < 0.25
        clauses = []
        safelen = r.choice([1, 2, 4]) if r.random() < 0.1 else None
        if r.random() < 0.2:
            clauses.append(f"simdlen({min(r.choice([2, 4, 8, 16]), safelen or 16)})")
        if safelen:
            clauses.append(f"safelen({safelen})")
        extra = ""
        after = ""
        body = []
        ty = self.pick(["int", "long"])
        if kind == "elementwise":
            body.append(f"c[i] = {self.expr(['a[i]', 'b[i]', 's0'], 3, ty)};")
        elif kind == "ifelse":
            body += [f"if ({self.expr(['a[i]', 'b[i]'], 1, ty)} > {r.randint(-20, 20)})",
                     f"  c[i] = {self.expr(['a[i]', 'b[i]'], 2, ty)};",
                     "else",
                     f"  c[i] = {self.expr(['a[i]', 'c[i]'], 2, ty)};"]
        elif kind == "condstore":
            body += [f"if (a[i] % {r.randint(2, 5)} == {r.randint(0, 1)})",
                     f"  c[i] = {self.expr(['a[i]', 'b[i]'], 2, ty)};"]
        elif kind == "divide":
            # m / y where y > m >= 0 (the paper's loop): never by zero.
            m = r.randint(0, 40)
            body += ["long y = a[i];",
                     f"if (y > {m})",
                     f"  y = {r.choice(['', '-'])}{m * 7 + 3} {r.choice(['/', '%'])} y;",
                     "c[i] = i + y;"]
            clauses.append("lastprivate(y0)")
            body.append("y0 = y;")
        elif kind == "reduce":
            op, init, upd = self.pick([
                ("+", "0", "acc += {e};"), ("*", "1", "acc *= ({e}) % 3 == 0 ? 2 : 1;"), ("&", "-1", "acc &= {e};"),
                ("|", "0", "acc |= {e};"), ("^", "0", "acc ^= {e};"), ("max", "-100000", "acc = ({e}) > acc ? ({e}) : acc;"),
                ("min", "100000", "acc = ({e}) < acc ? ({e}) : acc;")])
            e = self.expr(["a[i]", "b[i]"], 2, ty)
            if r.random() < 0.3:
                upd = f"if (b[i] > {r.randint(-20, 20)}) " + upd
            extra = f"acc = {init};"
            clauses.append(f"reduction({op}: acc)")
            body.append(upd.format(e=e))
            if op == "*":
                n = min(n, 60)  # 2^60 fits in a long
        elif kind == "fpsum":
            extra = "d = 0.0;"
            clauses.append("reduction(+: d)")
            body.append(f"d += (double)({self.expr(['a[i]', 'b[i]'], 2, ty)});")
        elif kind == "lastprivate":
            clauses.append("lastprivate(y0)")
            body += [f"y0 = {self.expr(['a[i]', 'b[i]'], 2, ty)};", "c[i] = y0 + 1;"]
        elif kind == "private":
            clauses.append("private(t)")
            body += [f"t = {self.expr(['a[i]', 'b[i]'], 2, ty)};", f"c[i] = t * 2 - (t >> 1) + {self.expr(['b[i]'], 1, ty)};"]
        elif kind == "gather":
            body.append(f"c[i] = a[p[i]] + {self.expr(['b[i]'], 1, ty)};")
        elif kind == "scatter":
            body.append(f"c[p[i]] = {self.expr(['a[i]', 'b[i]'], 2, ty)};")
        elif kind == "strided":
            n = n // 3
            body.append(f"c[2 * i] = a[3 * i] - {self.expr(['b[i]'], 1, ty)};")
        elif kind == "math":
            body += ["double x = (double)(a[i] % 50);",
                     f"f[i] = {self.pick(['fabs(x - 7.0)', 'sqrt(x * x)', 'fmin(x, 3.0)', 'fmax(x, -2.0)', 'floor(x / 4.0)'])};"]
        elif kind == "nested":
            body += [f"if (a[i] > {r.randint(-20, 20)}) {{",
                     f"  if (b[i] < {r.randint(-20, 20)})",
                     f"    c[i] = {self.expr(['a[i]', 'b[i]'], 2, ty)};",
                     "  else",
                     "    c[i] = a[i] - b[i];",
                     "}"]
        elif kind == "while":
            # An inner loop whose trip count differs per lane.
            clauses.append("private(w)")
            body += ["w = 0;", f"for (int q = 0; q < (a[i] & 7); q++)", "  w += q * b[i];", "c[i] = w;"]
        elif kind == "collatz":
            # A while loop no closed form replaces; its steps differ per lane.
            clauses.append("private(w)")
            body += [f"unsigned x = (unsigned)(a[i] & {r.choice([7, 15, 31])}) + 1;", "w = 0;",
                     "while (x != 1) {", "  x = (x & 1) ? 3 * x + 1 : x / 2;", "  w++;", "}",
                     f"c[i] = w + {self.expr(['b[i]'], 1, ty)};"]
        elif kind == "innerreduce":
            # A reduction updated inside the inner loop.
            op = self.pick(["+", "^", "max"])
            upd = {"+": "acc += {e};", "^": "acc ^= {e};", "max": "acc = ({e}) > acc ? ({e}) : acc;"}[op]
            extra = "acc = 0;"
            clauses.append(f"reduction({op}: acc)")
            body += [f"for (int q = 0; q < (b[i] & {r.choice([3, 7])}); q++)",
                     "  " + upd.format(e=self.expr(["a[i]", "q"], 2, ty))]
        elif kind == "innerstore":
            # Loads and stores of the lane's elements inside the inner loop, under a condition.
            body += [f"for (int q = 0; q < (a[i] & 3) + (b[i] & 1); q++) {{",
                     f"  if (c[i] > {r.randint(-20, 20)} - q)", f"    c[i] = (c[i] + {self.expr(['b[i]', 'q'], 1, ty)}) % 1000;",
                     f"  f[i] += (double)q;", "}"]
        elif kind == "innerif":
            # An inner loop in a branch only some lanes take.
            clauses.append("private(w)")
            body += [f"if (a[i] > {r.randint(-10, 10)}) {{", "  w = 1;",
                     f"  for (int q = 0; q < (b[i] & 7); q++)", f"    w = (w * 3 + {self.expr(['a[i]', 'q'], 1, ty)}) % 10007;",
                     "  c[i] = w;", "} else {", "  c[i] = -b[i];", "}"]
        elif kind == "innerdiv":
            # A division inside the inner loop, by values only active lanes may divide by.
            clauses.append("private(w)")
            body += ["w = a[i] * 11 + 500;", f"for (int q = 1; q <= (b[i] & 7); q++)",
                     "  w = w / q + w % (b[i] & 7);", "c[i] = w;"]
        elif kind == "linear":
            # Each iteration starts at w0 + i * k; the original ends with the last iteration's.
            k = r.choice([1, 2, 3, -1, -4])
            extra = f"w = {r.randint(-9, 9)};"
            clauses.append(f"linear(w: {k})")
            body += [f"c[i] = w * 3 + {self.expr(['a[i]', 'b[i]'], 1, ty)};", f"w += {k};"]
            after = "y0 = w;"
        elif kind == "linearptr":
            k = r.choice([1, 2])
            extra = f"pp = b + {r.randint(0, 5)};"
            clauses.append(f"linear(pp: {k})")
            body += [f"c[i] = *pp + {self.expr(['a[i]'], 1, ty)};", f"pp += {k};"]
            after = "y0 = pp - b;"
        elif kind == "condlast":
            # The value of the last iteration that assigns it (or the original's).
            extra = f"y0 = {r.randint(-9, 9)};"
            clauses.append("lastprivate(conditional: y0)")
            cond = self.pick([f"a[i] > {r.randint(10, 21)}", f"b[i] % {r.randint(3, 9)} == 1", f"a[i] > {r.randint(-20, 20)}"])
            # (Only assigned, never read: the private copy is undefined
            # until an iteration assigns it.)
            body += [f"if ({cond})", f"  y0 = {self.expr(['a[i]', 'b[i]'], 2, ty)};"]
            body.append(f"c[i] = a[i] + {self.expr(['b[i]'], 1, ty)};")
        head = "#pragma omp parallel for simd" if combined else "#pragma omp simd"
        if combined and kind in ("while", "collatz", "innerif", "innerdiv"):
            clauses = [c for c in clauses if not c.startswith("private")] + ["private(w)"]
        pragma = head + ("" if not clauses else " " + " ".join(clauses))
        out = [f"  /* loop {j}: {kind} */", f"  {extra}" if extra else "", pragma,
               f"  for (int i = 0; i < {n}; i++) {{"]
        out += ["    " + b for b in body]
        out += ["  }", f"  {after}" if after else "", f"  report({j}, acc, d, y0);", ""]
        return "\n".join(x for x in out if x)

    def program(self):
        r = self.r
        n = r.choice([1, 3, 7, 16, 33, 100, 257, 1000])
        loops = [self.loop(n, j) for j in range(r.randint(4, 8))]
        return PROLOGUE.replace("@N@", str(max(n, 1000) * 3 + 8)) + "\n".join(loops) + EPILOGUE


PROLOGUE = r"""#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define M @N@
static long a[M], b[M], c[M];
static double f[M];
static int p[M];
static unsigned long long seed;

static long next(void) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (long)((seed >> 33) % 41) - 20;
}

static void report(int j, long acc, double d, long y0) {
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < M; i++) {
    h = (h ^ (unsigned long long)c[i]) * 1099511628211ULL;
    h = (h ^ (unsigned long long)(long long)(f[i] * 8)) * 1099511628211ULL;
  }
  printf("loop %d: c %llx acc %ld d %.1f y0 %ld\n", j, h, acc, d, y0);
}

int main(int argc, char **argv) {
  seed = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
  for (int i = 0; i < M; i++) {
    a[i] = next();
    b[i] = next();
    c[i] = next();
    f[i] = 0;
    p[i] = i;
  }
  for (int i = M - 1; i > 0; i--) {
    int j = (int)((unsigned long long)(next() + 20) * 7919 % (unsigned long long)(i + 1));
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  long acc = 0, y0 = 0, t = 0, w = 0, s0 = next();
  long *pp = b;
  double d = 0;
  (void)pp;
  (void)t;
  (void)w;
  (void)s0;
"""

EPILOGUE = r"""  return 0;
}
"""

if __name__ == "__main__":
    print(Gen(int(sys.argv[1])).program())
