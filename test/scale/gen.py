#!/usr/bin/env python3
"""Writes directive-IR modules of given shapes for weft's scaling tests.

  gen.py [--form paper|region] [--no-directives] [-o OUT] SHAPE N [K]

Shapes:
  flat N        one function, N sequential sibling PARALLEL regions
                (5 blocks each: a loop with an if inside)
  module N [K]  K functions (default N) holding N regions in all (N/K each)
  nested D      one function, regions nested D deep (PARALLEL, SINGLE,
                PARALLEL, MASTER, PARALLEL, CRITICAL, ... repeating; each level
                adds a diamond before the inner region and a block after it)
  deep D        one function, regions nested D deep all in one block (no
                CFG work: a cheap stack-depth test for large D)
  blocks B      one function, one PARALLEL region of about B blocks
                (a chain of plain blocks and if-then diamonds)
  bigmod N      N functions of plain loops and arithmetic, one region in
                each (a large module for compile-time share; with
                --no-directives the same code without the directives)

Every PARALLEL region has a PRIVATE clause on a local alloca and a SHARED
clause on a pointer argument (SINGLE, MASTER, CRITICAL take none). The output
is valid LLVM 16 IR (opt -passes=verify) that `opt -passes=weft` lowers.
"""
import argparse
import sys

NESTED_KINDS = ["PARALLEL", "SINGLE", "PARALLEL", "MASTER", "PARALLEL", "CRITICAL"]


class Emitter:
    def __init__(self, form, directives=True):
        self.form = form
        self.directives = directives
        self.lines = []
        self.tok = 0

    def emit(self, s):
        self.lines.append(s)

    def begin(self, kind, clauses):
        """clauses: list of (QUAL name, [operand text])."""
        if not self.directives:
            return None
        if self.form == "paper":
            self.emit(f'  call void @llvm.directive(metadata !"DIR.OMP.{kind}")')
            for q, ops in clauses:
                args = "".join(", " + o for o in ops)
                self.emit(f'  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.{q}"{args})')
            self.emit('  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")')
            return None
        self.tok += 1
        t = f"%tok{self.tok}"
        bundles = "".join(f', "QUAL.OMP.{q}"({", ".join(ops)})' for q, ops in clauses)
        self.emit(f'  {t} = call token @llvm.directive.region.entry() [ "DIR.OMP.{kind}"(){bundles} ]')
        return t

    def end(self, kind, tok):
        if not self.directives:
            return
        if self.form == "paper":
            self.emit(f'  call void @llvm.directive(metadata !"DIR.OMP.END.{kind}")')
            self.emit('  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")')
        else:
            self.emit(f'  call void @llvm.directive.region.exit(token {tok}) [ "DIR.OMP.END.{kind}"() ]')

    def header(self):
        if not self.directives:
            return
        if self.form == "paper":
            self.emit("declare void @llvm.directive(metadata)")
            self.emit("declare void @llvm.directive.qual.opndlist(metadata, ...)")
        else:
            self.emit("declare token @llvm.directive.region.entry()")
            self.emit("declare void @llvm.directive.region.exit(token)")
        self.emit("")


def loop_region(e, p, x, nxt, kind="PARALLEL"):
    """One region (5 blocks) labelled p: a loop over %a[0..n) with an if inside.
    Falls through to label nxt. x is the private alloca."""
    e.emit(f"{p}:")
    tok = e.begin(kind, [("PRIVATE", [f"ptr {x}"]), ("SHARED", ["ptr %a"])])
    e.emit(f"  store i32 0, ptr {x}")
    e.emit(f"  br label %{p}.cond")
    e.emit(f"{p}.cond:")
    e.emit(f"  %{p}.i = phi i32 [ 0, %{p} ], [ %{p}.inc, %{p}.latch ]")
    e.emit(f"  %{p}.c = icmp slt i32 %{p}.i, %n")
    e.emit(f"  br i1 %{p}.c, label %{p}.body, label %{p}.end")
    e.emit(f"{p}.body:")
    e.emit(f"  %{p}.ix = sext i32 %{p}.i to i64")
    e.emit(f"  %{p}.ptr = getelementptr inbounds i32, ptr %a, i64 %{p}.ix")
    e.emit(f"  %{p}.v = load i32, ptr %{p}.ptr")
    e.emit(f"  %{p}.odd = trunc i32 %{p}.v to i1")
    e.emit(f"  br i1 %{p}.odd, label %{p}.then, label %{p}.latch")
    e.emit(f"{p}.then:")
    e.emit(f"  %{p}.m = mul i32 %{p}.v, 3")
    e.emit(f"  %{p}.s = add i32 %{p}.m, 1")
    e.emit(f"  store i32 %{p}.s, ptr {x}")
    e.emit(f"  store i32 %{p}.s, ptr %{p}.ptr")
    e.emit(f"  br label %{p}.latch")
    e.emit(f"{p}.latch:")
    e.emit(f"  %{p}.inc = add nsw i32 %{p}.i, 1")
    e.emit(f"  br label %{p}.cond")
    e.emit(f"{p}.end:")
    e.emit(f"  %{p}.xv = load i32, ptr {x}")
    e.emit(f"  %{p}.old = load i32, ptr %a")
    e.emit(f"  %{p}.new = add i32 %{p}.old, %{p}.xv")
    e.emit(f"  store i32 %{p}.new, ptr %a")
    e.end(kind, tok)
    e.emit(f"  br label %{nxt}")


def func_with_regions(e, name, nregions, linkage=""):
    e.emit(f"define {linkage}void @{name}(ptr %a, i32 %n) {{")
    e.emit("entry:")
    for i in range(nregions):
        e.emit(f"  %x{i} = alloca i32, align 4")
    e.emit("  br label %r0")
    for i in range(nregions):
        loop_region(e, f"r{i}", f"%x{i}", f"r{i + 1}")
    e.emit(f"r{nregions}:")
    e.emit("  ret void")
    e.emit("}")
    e.emit("")


def gen_flat(e, n):
    func_with_regions(e, "flat", n)


def gen_module(e, n, k):
    per, extra = divmod(n, k)
    for f in range(k):
        func_with_regions(e, f"f{f}", per + (1 if f < extra else 0))


def gen_nested(e, d):
    e.emit("define void @nested(ptr %a, i1 %c) {")
    e.emit("entry:")
    for i in range(d):
        e.emit(f"  %x{i} = alloca i32, align 4")
    e.emit("  br label %L0")
    toks = []
    for i in range(d):
        kind = NESTED_KINDS[i % len(NESTED_KINDS)]
        e.emit(f"L{i}:")
        if kind == "PARALLEL":
            clauses = [("PRIVATE", [f"ptr %x{i}"]), ("SHARED", ["ptr %a"])]
        else:
            clauses = []
        toks.append((kind, e.begin(kind, clauses)))
        e.emit(f"  store i32 {i}, ptr %x{i}")
        e.emit(f"  br i1 %c, label %L{i}.then, label %L{i}.join")
        e.emit(f"L{i}.then:")
        e.emit(f"  store i32 {i}, ptr %a")
        e.emit(f"  br label %L{i}.join")
        e.emit(f"L{i}.join:")
        e.emit(f"  br label %{'L' + str(i + 1) if i + 1 < d else 'core'}")
    e.emit("core:")
    e.emit("  store i32 -1, ptr %a")
    e.emit(f"  br label %E{d - 1}")
    for i in reversed(range(d)):
        kind, tok = toks[i]
        e.emit(f"E{i}:")
        e.emit(f"  %E{i}.v = load i32, ptr %x{i}")
        e.emit(f"  store i32 %E{i}.v, ptr %a")
        e.end(kind, tok)
        e.emit(f"  br label %{'E' + str(i - 1) if i > 0 else 'exit'}")
    e.emit("exit:")
    e.emit("  ret void")
    e.emit("}")
    e.emit("")


def gen_deep(e, d):
    e.emit("define void @deep(ptr %a) {")
    e.emit("entry:")
    e.emit("  %x = alloca i32, align 4")
    toks = []
    for i in range(d):
        kind = NESTED_KINDS[i % len(NESTED_KINDS)]
        clauses = [("PRIVATE", ["ptr %x"])] if kind == "PARALLEL" else []
        toks.append((kind, e.begin(kind, clauses)))
        e.emit(f"  store i32 {i}, ptr %a")
    for kind, tok in reversed(toks):
        e.end(kind, tok)
    e.emit("  ret void")
    e.emit("}")
    e.emit("")


def gen_blocks(e, b):
    """About b blocks inside one region: units of a plain block plus an
    if-then diamond (4 blocks each)."""
    units = max(1, (b - 3) // 4)
    e.emit("define void @blocks(ptr %a, i1 %c) {")
    e.emit("entry:")
    e.emit("  %x = alloca i32, align 4")
    e.emit("  br label %R")
    e.emit("R:")
    tok = e.begin("PARALLEL", [("PRIVATE", ["ptr %x"]), ("SHARED", ["ptr %a"])])
    e.emit("  br label %U0")
    for u in range(units):
        e.emit(f"U{u}:")
        e.emit(f"  store i32 {u}, ptr %x")
        e.emit(f"  br label %D{u}")
        e.emit(f"D{u}:")
        e.emit(f"  %D{u}.v = load i32, ptr %a")
        e.emit(f"  %D{u}.c = icmp sgt i32 %D{u}.v, {u}")
        e.emit(f"  br i1 %D{u}.c, label %D{u}.then, label %D{u}.join")
        e.emit(f"D{u}.then:")
        e.emit(f"  store i32 {u}, ptr %a")
        e.emit(f"  br label %D{u}.join")
        e.emit(f"D{u}.join:")
        e.emit(f"  br label %{'U' + str(u + 1) if u + 1 < units else 'Rend'}")
    e.emit("Rend:")
    e.emit("  %r = load i32, ptr %x")
    e.emit("  store i32 %r, ptr %a")
    e.end("PARALLEL", tok)
    e.emit("  br label %exit")
    e.emit("exit:")
    e.emit("  ret void")
    e.emit("}")
    e.emit("")


def gen_bigmod(e, n):
    """N functions with a loop nest and arithmetic each; one region per
    function around its outer loop. Functions call their predecessor so
    that the inliner has work too."""
    for f in range(n):
        e.emit(f"define i32 @g{f}(ptr %a, ptr %b, i32 %n) {{")
        e.emit("entry:")
        e.emit("  %x = alloca i32, align 4")
        e.emit("  %acc = alloca i32, align 4")
        e.emit("  store i32 0, ptr %acc")
        e.emit("  br label %R")
        e.emit("R:")
        tok = e.begin("PARALLEL", [("PRIVATE", ["ptr %x"]), ("SHARED", ["ptr %a", "ptr %b", "ptr %acc"])])
        e.emit("  br label %outer")
        e.emit("outer:")
        e.emit("  %i = phi i32 [ 0, %R ], [ %i.next, %outer.latch ]")
        e.emit("  %oc = icmp slt i32 %i, %n")
        e.emit("  br i1 %oc, label %inner.pre, label %Rend")
        e.emit("inner.pre:")
        e.emit("  %i64 = sext i32 %i to i64")
        e.emit("  %pa = getelementptr inbounds i32, ptr %a, i64 %i64")
        e.emit("  br label %inner")
        e.emit("inner:")
        e.emit("  %j = phi i32 [ 0, %inner.pre ], [ %j.next, %inner ]")
        e.emit("  %s = phi i32 [ 0, %inner.pre ], [ %s.next, %inner ]")
        e.emit("  %j64 = sext i32 %j to i64")
        e.emit("  %pb = getelementptr inbounds i32, ptr %b, i64 %j64")
        e.emit("  %vb = load i32, ptr %pb")
        e.emit(f"  %m1 = mul i32 %vb, {f % 97 + 3}")
        e.emit("  %m2 = xor i32 %m1, %j")
        e.emit("  %m3 = add i32 %m2, %i")
        e.emit("  %m4 = ashr i32 %m3, 2")
        e.emit("  %s.next = add i32 %s, %m4")
        e.emit("  store i32 %m4, ptr %x")
        e.emit("  %j.next = add nsw i32 %j, 1")
        e.emit("  %ic = icmp slt i32 %j.next, %n")
        e.emit("  br i1 %ic, label %inner, label %outer.latch")
        e.emit("outer.latch:")
        e.emit("  %old = load i32, ptr %pa")
        e.emit("  %new = add i32 %old, %s.next")
        e.emit("  store i32 %new, ptr %pa")
        e.emit("  %av = load i32, ptr %acc")
        e.emit("  %av2 = add i32 %av, %new")
        e.emit("  store i32 %av2, ptr %acc")
        e.emit("  %i.next = add nsw i32 %i, 1")
        e.emit("  br label %outer")
        e.emit("Rend:")
        e.end("PARALLEL", tok)
        if f % 4:
            e.emit(f"  %prev = call i32 @g{f - 1}(ptr %b, ptr %a, i32 %n)")
        else:
            e.emit("  %prev = add i32 0, 0")
        e.emit("  %r0 = load i32, ptr %acc")
        e.emit("  %r = add i32 %r0, %prev")
        e.emit("  ret i32 %r")
        e.emit("}")
        e.emit("")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--form", choices=["paper", "region"], default="paper")
    ap.add_argument("--no-directives", action="store_true", help="the same code without any directive call")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("shape", choices=["flat", "module", "nested", "deep", "blocks", "bigmod"])
    ap.add_argument("n", type=int)
    ap.add_argument("k", type=int, nargs="?", help="module: number of functions (default N)")
    args = ap.parse_args()
    if args.n < 1 or (args.k is not None and not 1 <= args.k <= args.n):
        ap.error("need N >= 1 and 1 <= K <= N")

    e = Emitter(args.form, not args.no_directives)
    e.emit(f"; generated by test/scale/gen.py --form {args.form} {args.shape} {args.n}"
           + (f" {args.k}" if args.k else "") + (" --no-directives" if args.no_directives else ""))
    e.emit("")
    e.header()
    if args.shape == "flat":
        gen_flat(e, args.n)
    elif args.shape == "module":
        gen_module(e, args.n, args.k or args.n)
    elif args.shape == "nested":
        gen_nested(e, args.n)
    elif args.shape == "deep":
        gen_deep(e, args.n)
    elif args.shape == "blocks":
        gen_blocks(e, args.n)
    else:
        gen_bigmod(e, args.n)
    text = "\n".join(e.lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
