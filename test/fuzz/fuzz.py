#!/usr/bin/env python3
"""weft's structured fuzzer: seeded, reproducible mutations of directive IR.

Mutant I of seed S comes from random.Random(f"{S}:{I}") alone: it picks a
seed module (test/**.ll with directive intrinsics, split-file sections
split, plus test/fuzz/seeds/*.ll) and applies 1-4 named mutations to its
textual IR. Mutants opt rejects as IR are counted invalid and skipped; each
valid mutant runs through five configurations (opt print<wregions>, opt
weft -verify-each, opt default<O2>, clang -O0, clang -O2) and passes when
none crashes, hangs, panics, reports [rule: internal] or fails
verification, and each either succeeds without leaving a directive call in
its output IR or fails only with `error: weft: ... [rule: <id>]` lines.

Standard library only. See test/fuzz/README.md.
"""
import argparse
import collections
import copy
import os
import re
import random
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LLVM_BIN = "/usr/lib/llvm-16/bin"
DEFAULT_PLUGIN = os.path.join(REPO, "target", "release", "libweft.so")
DEFAULT_OUT = "/tmp/weft-fuzz-failures"
CONFIGS = ["print", "weft", "O2", "clang-O0", "clang-O2"]

# --------------------------------------------------------------------------
# vocabulary (README "Accepted vocabulary")
# --------------------------------------------------------------------------
DIRECTIVES = [
    "DIR.OMP.PARALLEL", "DIR.OMP.LOOP", "DIR.OMP.PARALLEL.LOOP", "DIR.OMP.SIMD",
    "DIR.OMP.PARALLEL.LOOP.SIMD", "DIR.OMP.LOOP.SIMD", "DIR.OMP.SECTIONS",
    "DIR.OMP.PARALLEL.SECTIONS", "DIR.OMP.SECTION", "DIR.OMP.SINGLE", "DIR.OMP.MASTER",
    "DIR.OMP.MASKED", "DIR.OMP.CRITICAL", "DIR.OMP.BARRIER", "DIR.OMP.TASKWAIT",
    "DIR.OMP.TASKYIELD", "DIR.OMP.ATOMIC", "DIR.OMP.FLUSH", "DIR.OMP.ORDERED",
    "DIR.OMP.TASK", "DIR.OMP.TASKGROUP", "DIR.OMP.TASKLOOP", "DIR.OMP.TARGET",
    "DIR.OMP.TARGET.DATA", "DIR.OMP.TARGET.UPDATE", "DIR.OMP.TARGET.ENTER.DATA",
    "DIR.OMP.TARGET.EXIT.DATA", "DIR.OMP.TEAMS", "DIR.OMP.DISTRIBUTE",
    "DIR.OMP.DISTRIBUTE.PARLOOP", "DIR.OMP.CANCEL", "DIR.OMP.CANCELLATION.POINT",
    "DIR.OMP.WORKSHARE", "DIR.OMP.PARALLEL.WORKSHARE", "DIR.OMP.THREADPRIVATE",
    "DIR.VPO.AUTO.VEC", "DIR.PRAGMA.IVDEP", "DIR.OMP.SCOPE",
]
LIST_END = "DIR.QUAL.LIST.END"
CLAUSES_NOARG = [
    "DEFAULT.NONE", "DEFAULT.SHARED", "DEFAULT.PRIVATE", "DEFAULT.FIRSTPRIVATE", "NOWAIT",
    "UNTIED", "MERGEABLE", "NOGROUP", "READ", "WRITE", "UPDATE", "CAPTURE", "READ.SEQ_CST",
    "WRITE.SEQ_CST", "UPDATE.SEQ_CST", "CAPTURE.SEQ_CST", "PROC.BIND.MASTER",
    "PROC.BIND.CLOSE", "PROC.BIND.SPREAD", "INBRANCH", "NOTINBRANCH", "CANCEL.PARALLEL",
    "CANCEL.LOOP", "CANCEL.SECTIONS", "CANCEL.TASKGROUP", "PROC_BIND.MASTER", "PROC_BIND.PRIMARY",
    "PROC.BIND.PRIMARY", "PROC_BIND.CLOSE", "PROC_BIND.SPREAD", "ORDERED.THREADS", "ORDERED.SIMD",
    "IMPLICIT", "DEFAULTMAP.TOFROM", "DEFAULTMAP.TO:SCALAR", "DEFAULTMAP.TOFROM.SCALAR",
    "DEFAULTMAP.FIRSTPRIVATE:AGGREGATE",
]
CLAUSES_ONE = [
    "IF", "NUM_THREADS", "COLLAPSE", "ORDERED", "SAFELEN", "SIMDLEN", "FINAL", "GRAINSIZE",
    "NUM_TASKS", "PRIORITY", "NUM_TEAMS", "THREAD_LIMIT", "DEVICE", "NAME", "HINT", "FILTER",
    "OFFLOAD.ENTRY.IDX", "NUM_TEAMS:TYPED", "THREAD_LIMIT:TYPED",
]
CLAUSES_LIST = [
    "SHARED", "PRIVATE", "FIRSTPRIVATE", "LASTPRIVATE", "COPYIN", "COPYPRIVATE", "LINEAR",
    "UNIFORM", "ALIGNED", "FLUSH", "THREADPRIVATE", "DEPEND.IN", "DEPEND.OUT", "DEPEND.INOUT",
    "DEPEND_IN", "DEPEND_OUT", "DEPEND_INOUT", "MAP.TO", "MAP.FROM", "MAP.TOFROM",
    "MAP.ALLOC", "MAP.RELEASE", "MAP.DELETE", "IS_DEVICE_PTR", "USE_DEVICE_PTR",
    "REDUCTION.ADD", "REDUCTION.SUB", "REDUCTION.MUL", "REDUCTION.AND", "REDUCTION.OR",
    "REDUCTION.BAND", "REDUCTION.BOR", "REDUCTION.BXOR", "REDUCTION.MAX", "REDUCTION.MIN",
    "REDUCTION.UDR", "SCHEDULE.STATIC", "SCHEDULE.DYNAMIC", "SCHEDULE.GUIDED",
    "SCHEDULE.AUTO", "SCHEDULE.RUNTIME", "DIST_SCHEDULE.STATIC", "NORMALIZED.IV",
    "NORMALIZED.UB",
]
MODIFIERS = [
    "TYPED", "NONPOD", "ARRSECT", "BYREF", "VARLEN", "UNSIGNED", "CMPLX", "INSCAN",
    "CONDITIONAL", "IV", "PTR_TO_PTR", "MONOTONIC", "NONMONOTONIC", "SIMD", "ARRSECT.TYPED",
    "UNSIGNED.TYPED", "IV.TYPED", "SCALAR", "AGGREGATE", "POINTER", "FZBOGUS",
]
_DATA = ["SHARED", "PRIVATE", "FIRSTPRIVATE"]
_RED = ["REDUCTION.ADD", "REDUCTION.MUL", "REDUCTION.MAX", "REDUCTION.MIN", "REDUCTION.BOR"]
_LOOP = ["PRIVATE", "FIRSTPRIVATE", "LASTPRIVATE", "LINEAR", "COLLAPSE", "ORDERED", "SCHEDULE.STATIC",
         "SCHEDULE.DYNAMIC", "SCHEDULE.GUIDED", "NORMALIZED.IV", "NORMALIZED.UB"] + _RED
# Clauses OpenMP lets each common directive take (a subset of DirKind::takes),
# so that add-clause often produces input weft accepts and lowers.
TAKES = {
    "DIR.OMP.PARALLEL": _DATA + _RED + ["IF", "NUM_THREADS", "DEFAULT.SHARED", "DEFAULT.NONE",
                                        "PROC.BIND.CLOSE", "COPYIN"],
    "DIR.OMP.LOOP": _LOOP + ["NOWAIT"],
    "DIR.OMP.PARALLEL.LOOP": _LOOP + _DATA + ["IF", "NUM_THREADS"],
    "DIR.OMP.SINGLE": ["PRIVATE", "FIRSTPRIVATE", "COPYPRIVATE", "NOWAIT"],
    "DIR.OMP.TASK": _DATA + ["IF", "FINAL", "UNTIED", "MERGEABLE", "DEPEND.IN", "DEPEND.OUT", "PRIORITY"],
    "DIR.OMP.CRITICAL": ["NAME", "HINT"],
    "DIR.OMP.MASKED": ["FILTER"],
    "DIR.OMP.SECTIONS": ["PRIVATE", "FIRSTPRIVATE", "LASTPRIVATE", "NOWAIT"] + _RED,
    "DIR.OMP.SIMD": ["SAFELEN", "SIMDLEN", "LINEAR", "ALIGNED", "PRIVATE", "LASTPRIVATE", "COLLAPSE"] + _RED,
    "DIR.OMP.ATOMIC": ["READ", "WRITE", "UPDATE", "CAPTURE", "UPDATE.SEQ_CST"],
    "DIR.OMP.TASKLOOP": _LOOP + ["GRAINSIZE", "NUM_TASKS", "NOGROUP"],
    "DIR.OMP.TARGET": ["MAP.TO", "MAP.FROM", "MAP.TOFROM", "DEVICE", "IF", "NOWAIT", "IS_DEVICE_PTR"],
    "DIR.OMP.TEAMS": ["NUM_TEAMS", "THREAD_LIMIT"] + _DATA + _RED,
    "DIR.OMP.SCOPE": ["PRIVATE", "FIRSTPRIVATE", "NOWAIT"] + _RED,
    "DIR.OMP.ORDERED": ["ORDERED.THREADS"],
}

GARBAGE_DIRS = [
    "DIR.OMP.FZBOGUS", "DIR.", "", "DIR.OMP.END.", "DIR.OMP.END.FZBOGUS", "dir.omp.parallel",
    "DIR.OMP.PARALLEL ", "DIR.OMP.PARALLEL\\00X", "QUAL.OMP.PRIVATE", "DIR.QUAL.LIST.END",
    "DIR.OMP.END.END.PARALLEL", "DIR.OMP." + "X" * 300, "DIR.OMP.\\C3\\A9", "DIR.OMP.PARALLEL.",
    "DIR.OMP..PARALLEL", "DIR.VPO.END.IVDEP", "DIR.PRAGMA.AUTO.VEC", "QUAL.OPND.NONPOD",
]
GARBAGE_CLAUSES = [
    "QUAL.OMP.FZBOGUS", "QUAL.", "", "QUAL.OMP.", "QUAL.OMP.PRIVATE:", "QUAL.OMP.PRIVATE::TYPED",
    "QUAL.OMP.PRIVATE:TYPED:TYPED", "QUAL.OMP.:TYPED", "qual.omp.private", "QUAL.OMP.SHARED ",
    "QUAL.OMP.REDUCTION.", "QUAL.OMP.REDUCTION.FZ", "QUAL.OMP.SCHEDULE.", "QUAL.OMP.DEFAULT.",
    "QUAL.OMP.PRIVATE\\00", "QUAL.OMP." + "Y" * 300, "QUAL.OPND.NONPOD", "QUAL.OPND.ARRSECT",
    "DIR.OMP.PARALLEL", "DIR.QUAL.LIST.END", "QUAL.OMP.MAP.", "QUAL.OMP.LINEAR:IV.IV",
]

# --------------------------------------------------------------------------
# IR text helpers
# --------------------------------------------------------------------------
LOCAL = r'%(?:[-\w.$]+|"[^"]*")'
LOCAL_RE = re.compile(LOCAL)
LABEL_USE_RE = re.compile(r'label (' + LOCAL + r')')
DEF_RE = re.compile(r'^(' + LOCAL + r') = ')
BLOCK_LABEL_RE = re.compile(r'^([-\w.$]+|"[^"]*"):(?:\s|$)')
CALL_HEAD_RE = re.compile(r'^(?:(' + LOCAL + r') = )?((?:tail |musttail |notail )?call|invoke) ')
CALLEE_RE = re.compile(r'@([-\w.$]+|"[^"]*")\(')
DIRNAME_RE = re.compile(r'^llvm\.(intel\.)?directive(\..*)?$')
TERMINATORS = ("br ", "ret", "switch ", "unreachable", "resume ", "indirectbr ", "callbr ",
               "cleanupret ", "catchret ", "catchswitch ", "invoke ")


def strip_comment(line):
    q = False
    for i, ch in enumerate(line):
        if ch == '"':
            q = not q
        elif ch == ';' and not q:
            return line[:i].rstrip()
    return line.rstrip()


def unquoted(s, start=0, brackets="([{<"):
    """(index, char, depth after it) for each character of s outside string
    literals from `start`; depth counts the open `brackets` (and their
    closing partners)."""
    closing = {"(": ")", "[": "]", "{": "}", "<": ">"}
    closers = "".join(closing[c] for c in brackets)
    d, q = 0, False
    for j in range(start, len(s)):
        ch = s[j]
        if ch == '"':
            q = not q
            continue
        if q:
            continue
        if ch in brackets:
            d += 1
        elif ch in closers:
            d -= 1
        yield j, ch, d


def depth_delta(s):
    d = 0
    for _, _, d in unquoted(s, brackets="([{"):
        pass
    return d


def match_close(s, i):
    """Index of the bracket closing the one at s[i]."""
    for j, ch, d in unquoted(s, i):
        if d == 0 and ch in ")]}>":
            return j
    return -1


def split_top(s):
    out, start = [], 0
    for j, ch, d in unquoted(s):
        if ch == "," and d == 0:
            out.append(s[start:j].strip())
            start = j + 1
    last = s[start:].strip()
    if last or out:
        out.append(last)
    return out


def split_typed(op):
    """'ptr %x' -> ('ptr', '%x'); '[2 x i32] [i32 1]' -> ('[2 x i32]', '[i32 1]')."""
    op = op.strip()
    if not op:
        return "", ""
    if op[0] in "[{<":
        j = match_close(op, 0)
        return op[:j + 1], op[j + 1:].strip()
    m = re.match(r'(ptr addrspace\(\d+\)|[^\s]+)\s*(.*)$', op)
    return m.group(1), m.group(2)


def is_terminator(inst):
    s = inst
    m = DEF_RE.match(s)
    if m:
        s = s[m.end():]
    return s.startswith(TERMINATORS) or s == "ret" or s == "unreachable"


class Call:
    """A call/invoke line taken apart: result, keyword, text before the callee
    (return type, explicit function type), callee, arguments, text between
    the arguments and the bundles, bundles [[tag, [ops]]], and the rest."""

    def __init__(self, line):
        m = CALL_HEAD_RE.match(line)
        if not m:
            raise ValueError(line)
        self.res, self.kw = m.group(1), m.group(2)
        rest = line[m.end():]
        cm = CALLEE_RE.search(rest)
        if not cm:
            raise ValueError(line)
        self.pre = rest[:cm.start()]
        self.callee = cm.group(1)
        p = cm.end() - 1
        e = match_close(rest, p)
        if e < 0:
            raise ValueError(line)
        self.args = split_top(rest[p + 1:e])
        tail = rest[e + 1:]
        self.bundles = None
        q, k = False, -1
        for i, ch in enumerate(tail):
            if ch == '"':
                q = not q
            elif ch == '[' and not q:
                k = i
                break
        if k >= 0:
            ke = match_close(tail, k)
            self.mid = tail[:k].strip()
            self.bundles = []
            for b in split_top(tail[k + 1:ke]):
                bm = re.match(r'^"((?:[^"])*)"\((.*)\)$', b.strip(), re.S)
                if not bm:
                    raise ValueError(line)
                self.bundles.append([bm.group(1), split_top(bm.group(2))])
            self.post = tail[ke + 1:].strip()
        else:
            self.mid = ""
            self.post = tail.strip()
            if self.kw != "invoke":
                self.mid, self.post = self.post, ""
            else:
                t = self.post.find("to label")
                self.mid, self.post = self.post[:t].strip(), self.post[t:].strip()

    def render(self):
        s = (self.res + " = " if self.res else "") + self.kw + " " + self.pre + "@" + self.callee
        s += "(" + ", ".join(self.args) + ")"
        if self.mid:
            s += " " + self.mid
        if self.bundles is not None:
            s += " [ " + ", ".join('"%s"(%s)' % (t, ", ".join(o)) for t, o in self.bundles) + " ]"
        if self.post:
            s += " " + self.post
        return s

    def ret_type(self):
        pre = self.pre.strip()
        if "(" in pre:
            pre = pre[:pre.index("(")].strip()
        return pre.split()[-1] if pre else "void"

    def explicit_fnty(self):
        pre = self.pre.strip()
        if "(" in pre:
            i = pre.index("(")
            return pre[:i].strip(), pre[i + 1:match_close(pre, i)].strip()
        return None


def dkind(callee):
    m = DIRNAME_RE.match(callee)
    if not m:
        return None
    suf = m.group(2) or ""
    if suf == "":
        return "dir"
    if suf == ".qual":
        return "qual"
    if suf.startswith(".qual.opndlist"):
        return "list"
    if suf.startswith(".qual.opnd"):
        return "opnd"
    if suf == ".region.entry":
        return "entry"
    if suf == ".region.exit":
        return "exit"
    return "other"


def try_call(line):
    if not CALL_HEAD_RE.match(line):
        return None
    try:
        return Call(line)
    except (ValueError, IndexError):
        return None


def end_of(name):
    parts = name.split(".")
    if len(parts) >= 3 and parts[0] == "DIR" and parts[2] != "END":
        return ".".join(parts[:2] + ["END"] + parts[2:])
    return name


def begin_of(name):
    parts = name.split(".")
    if len(parts) >= 4 and parts[0] == "DIR" and parts[2] == "END":
        return ".".join(parts[:2] + parts[3:])
    return name


def is_end_name(name):
    parts = name.split(".")
    return len(parts) >= 3 and parts[0] == "DIR" and parts[2] == "END"


# --------------------------------------------------------------------------
# the module model: header lines and functions of labelled blocks
# --------------------------------------------------------------------------
class Block:
    __slots__ = ("label", "insts")

    def __init__(self, label, insts):
        self.label, self.insts = label, insts


class Func:
    def __init__(self, header, blocks):
        self.header, self.blocks = header, blocks

    def name(self):
        m = re.search(r'@([-\w.$]+|"[^"]*")\(', self.header)
        return m.group(1) if m else "?"

    def labels(self):
        return [b.label for b in self.blocks]

    def index(self, label):
        for i, b in enumerate(self.blocks):
            if b.label == label:
                return i
        return -1

    def args(self):
        """[(type, name)] of the define line's parameters."""
        m = re.search(r'@(?:[-\w.$]+|"[^"]*")\(', self.header)
        p = m.end() - 1
        out = []
        for a in split_top(self.header[p + 1:match_close(self.header, p)]):
            if a == "...":
                continue
            ty, rest = split_typed(a)
            nm = LOCAL_RE.findall(rest)
            if nm:
                out.append((ty, nm[-1]))
        return out

    def ret_type(self):
        m = re.match(r'define\s+(.*?)\s*@', self.header)
        words = m.group(1).split() if m else ["void"]
        return words[-1] if words else "void"


def succ_labels(term):
    return [m[1:] for m in LABEL_USE_RE.findall(term)]


def first_body(block):
    i = 0
    while i < len(block.insts) and re.match(r'^(' + LOCAL + r' = )?(phi|landingpad) ', block.insts[i]):
        i += 1
    return i


class Module:
    def __init__(self, text):
        self.items = []
        self.md = {}
        self.fresh = 0
        lines = text.split("\n")
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("define ") and line.rstrip().endswith("{"):
                header = line.rstrip()
                body = []
                i += 1
                while i < len(lines) and lines[i].strip() != "}":
                    body.append(lines[i])
                    i += 1
                self.items.append(self._parse_func(header, body))
            else:
                m = re.match(r'^(!\d+) = !\{!"([^"]*)"\}', line)
                if m:
                    self.md[m.group(1)] = m.group(2)
                self.items.append(line)
            i += 1

    @staticmethod
    def _parse_func(header, body):
        blocks = []
        cur = None
        for raw in body:
            s = raw.strip()
            if not s:
                continue
            m = BLOCK_LABEL_RE.match(s)
            if m:
                cur = Block(m.group(1), [])
                blocks.append(cur)
                continue
            if cur is None:
                cur = Block("fz.entry", [])
                blocks.append(cur)
            cur.insts.append(s)
        return Func(header, blocks)

    def funcs(self):
        return [it for it in self.items if isinstance(it, Func)]

    def new_name(self, stem):
        self.fresh += 1
        return "fz.%s%d" % (stem, self.fresh)

    def render(self):
        out = []
        for it in self.items:
            if isinstance(it, Func):
                out.append(it.header)
                for b in it.blocks:
                    out.append(b.label + ":")
                    out.extend("  " + s for s in b.insts)
                out.append("}")
            else:
                out.append(it)
        return "\n".join(out).rstrip("\n") + "\n"

    def globals(self):
        out = []
        for it in self.items:
            if isinstance(it, str):
                m = re.match(r'^(@[-\w.$]+) = ', it)
                if m:
                    out.append(m.group(1))
        return out

    def type_names(self):
        return {m.group(1) for it in self.items if isinstance(it, str)
                for m in [re.match(r'^(' + LOCAL + r') = type ', it)] if m}

    def dir_string(self, arg):
        """The string of a paper-form metadata operand, or None."""
        ty, v = split_typed(arg)
        if ty != "metadata":
            return None
        m = re.match(r'^!"(.*)"$', v)
        if m:
            return m.group(1)
        return self.md.get(v)


# --------------------------------------------------------------------------
# seeds
# --------------------------------------------------------------------------
def clean_module(text):
    """Comments out, multi-line instructions joined, numbered locals and
    blocks renamed (so mutations can reorder them), entry block labelled."""
    lines, pend = [], None
    for raw in text.split("\n"):
        line = strip_comment(raw)
        if not line.strip():
            if pend is None:
                continue
            line = ""
        if pend is not None:
            pend = pend + " " + line.strip()
            if depth_delta(pend) <= 0:
                lines.append(pend)
                pend = None
            continue
        if depth_delta(line) > 0 and not line.rstrip().endswith("{"):
            pend = line
            continue
        lines.append(line)
    if pend is not None:
        lines.append(pend)
    text = "\n".join(lines)
    if not re.search(r'^%\d+ = type', text, re.M):
        text = re.sub(r'(?<![-\w.$%"])%(\d+)(?![-\w.$])', r'%fz.n\1', text)
        text = re.sub(r'^(\d+):', r'fz.n\1:', text, flags=re.M)
    return text


SPLIT_RE = re.compile(r'^(?:;|//)--- (\S+)\s*$', re.M)
HAS_DIRECTIVE_RE = re.compile(r'^declare .*@llvm\.(intel\.)?directive', re.M)


class Seed:
    def __init__(self, name, text):
        self.name, self.text = name, text


def corpus_fingerprint(seeds):
    """Mutant S:I depends on the seed corpus: this names the corpus."""
    import hashlib
    h = hashlib.sha1()
    for s in seeds:
        h.update(s.name.encode() + b"\0" + s.text.encode() + b"\0")
    return h.hexdigest()[:12]


def check_seeds(seeds, bin_dir=LLVM_BIN):
    """(valid seeds, names opt rejects as IR). Seeds must be valid IR; a lit
    test may hold a module that is deliberately not (a verifier test)."""
    ok, bad = [], []
    for s in seeds:
        p = subprocess.run([os.path.join(bin_dir, "opt"), "-disable-output", "-"], input=s.text.encode(),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        (ok if p.returncode == 0 else bad).append(s if p.returncode == 0 else s.name)
    return ok, bad


def load_seeds(repo=REPO):
    test = os.path.join(repo, "test")
    files = []
    for root, dirs, names in os.walk(test):
        rel = os.path.relpath(root, test)
        top = rel.split(os.sep)[0]
        dirs[:] = sorted(d for d in dirs if d != "Output")
        if top in ("genx", "bench"):
            continue
        if top == "fuzz" and rel != os.path.join("fuzz", "seeds"):
            continue
        for n in sorted(names):
            if n.endswith(".ll") or n.endswith(".test"):
                files.append(os.path.join(root, n))
    seeds = []
    for path in sorted(files):
        rel = os.path.relpath(path, repo)
        with open(path, errors="replace") as f:
            text = f.read()
        parts = []
        marks = list(SPLIT_RE.finditer(text))
        if marks:
            for k, m in enumerate(marks):
                end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
                if m.group(1).endswith(".ll"):
                    parts.append((rel + ":" + m.group(1), text[m.end():end]))
        elif path.endswith(".ll"):
            parts.append((rel, text))
        for name, body in parts:
            if HAS_DIRECTIVE_RE.search(body) and re.search(r'^define ', body, re.M):
                seeds.append(Seed(name, clean_module(body)))
    return seeds


# --------------------------------------------------------------------------
# analysis: CFG, dominators, sites, regions
# --------------------------------------------------------------------------
def cfg(fn):
    idx = {b.label: i for i, b in enumerate(fn.blocks)}
    succ = []
    for b in fn.blocks:
        t = b.insts[-1] if b.insts else ""
        succ.append([idx[l] for l in succ_labels(t) if l in idx])
    pred = [[] for _ in fn.blocks]
    for i, ss in enumerate(succ):
        for s in ss:
            pred[s].append(i)
    return succ, pred


def dominators(fn):
    succ, pred = cfg(fn)
    n = len(fn.blocks)
    order, seen = [], [False] * n
    stack = [(0, 0)]
    seen[0] = True
    while stack:
        v, k = stack.pop()
        if k < len(succ[v]):
            stack.append((v, k + 1))
            w = succ[v][k]
            if not seen[w]:
                seen[w] = True
                stack.append((w, 0))
        else:
            order.append(v)
    rpo = order[::-1]
    num = {v: i for i, v in enumerate(rpo)}
    idom = [None] * n
    idom[0] = 0
    changed = True
    while changed:
        changed = False
        for v in rpo[1:]:
            ps = [p for p in pred[v] if idom[p] is not None]
            if not ps:
                continue
            new = ps[0]
            for p in ps[1:]:
                a, b = p, new
                while a != b:
                    while num[a] > num[b]:
                        a = idom[a]
                    while num[b] > num[a]:
                        b = idom[b]
                new = a
            if idom[v] != new:
                idom[v] = new
                changed = True
    return idom, seen, succ, pred


def dominates(idom, a, b):
    if idom[b] is None:
        return True  # uses in unreachable blocks are fine
    while True:
        if b == a:
            return True
        if b == 0 or idom[b] is None:
            return False
        b = idom[b]


def sites(mod, fn, kinds=None):
    """[(bi, ii, Call, kind)] of directive calls."""
    out = []
    for bi, b in enumerate(fn.blocks):
        for ii, s in enumerate(b.insts):
            if "directive" not in s:
                continue
            c = try_call(s)
            if c is None:
                continue
            k = dkind(c.callee)
            if k and (kinds is None or k in kinds):
                out.append((bi, ii, c, k))
    return out


def site_name(mod, c, k):
    if k in ("entry", "exit"):
        return c.bundles[0][0] if c.bundles else "<no bundle>"
    if c.args:
        s = mod.dir_string(c.args[0])
        if s is not None:
            return s
        return c.args[0][:40]
    return "<no operand>"


def regions(mod, fn):
    """[(form, name, begin(bi,ii), end(bi,ii) or None)] in program order."""
    out = []
    ss = sites(mod, fn, ("dir", "entry", "exit"))
    exits = {}
    for bi, ii, c, k in ss:
        if k == "exit" and c.args:
            exits.setdefault(c.args[0].split()[-1], (bi, ii))
    stack = []
    for bi, ii, c, k in ss:
        if k == "entry" and c.res:
            out.append(("region", site_name(mod, c, k), (bi, ii), exits.get(c.res)))
        elif k == "dir":
            nm = site_name(mod, c, k)
            if nm == LIST_END:
                continue
            if is_end_name(nm):
                for j in range(len(stack) - 1, -1, -1):
                    if stack[j][1] == begin_of(nm):
                        r = stack.pop(j)
                        out[r[0]] = (r[2], r[1], r[3], (bi, ii))
                        break
            else:
                out.append(("paper", nm, (bi, ii), None))
                stack.append((len(out) - 1, nm, "paper", (bi, ii)))
    return out


def group_end(mod, fn, bi, ii):
    """Index of the DIR.QUAL.LIST.END closing the paper group at (bi, ii)."""
    b = fn.blocks[bi]
    for j in range(ii + 1, len(b.insts)):
        s = b.insts[j]
        if LIST_END in s or ("directive" in s and "!" in s):
            c = try_call(s)
            if c and dkind(c.callee) == "dir":
                nm = site_name(mod, c, "dir")
                if nm == LIST_END:
                    return j
                return None
    return None


def region_body(fn, begin_bi, end_bi, succ):
    """Blocks reachable from the begin block without passing the END block."""
    seen = {begin_bi}
    work = [begin_bi]
    while work:
        v = work.pop()
        if v == end_bi:
            continue
        for w in succ[v]:
            if w not in seen:
                seen.add(w)
                work.append(w)
    seen.discard(end_bi)
    return sorted(seen)


# --------------------------------------------------------------------------
# repair: keep mutants valid IR (phis match predecessors, uses dominated)
# --------------------------------------------------------------------------
PHI_RE = re.compile(r'^(' + LOCAL + r') = phi (.*?) (\[.*\])$')


def token_defs(fn):
    out = set()
    for b in fn.blocks:
        for s in b.insts:
            m = re.match(r'^(' + LOCAL + r') = (?:tail )?(?:call|invoke|phi|select) (?:\w+ )*token\b', s)
            if m:
                out.add(m.group(1))
    return out


def poison_for(name, toks):
    return "none" if name in toks else "poison"


def replace_name(s, name, repl):
    return re.sub(r'(?<![-\w.$%"])' + re.escape(name) + r'(?![-\w.$"])', repl, s)


def replace_uses(fn, name, repl, skip_def=True):
    for b in fn.blocks:
        for i, s in enumerate(b.insts):
            if skip_def and s.startswith(name + " = "):
                continue
            if name in s:
                b.insts[i] = replace_name(s, name, repl) if not s.startswith(name + " = ") else s


def repair(mod, fn):
    # every block ends in exactly one terminator
    for b in fn.blocks:
        if not b.insts or not is_terminator(b.insts[-1]):
            b.insts.append("unreachable")
    toks = token_defs(fn)
    succ, pred = cfg(fn)
    labels = fn.labels()
    # phis: one entry per predecessor edge
    for bi, b in enumerate(fn.blocks):
        np = first_body(b)
        for i in range(np):
            m = PHI_RE.match(b.insts[i])
            if not m:
                continue
            name, ty, inc = m.group(1), m.group(2), m.group(3)
            entries = {}
            for em in re.finditer(r'\[\s*(.*?),\s*(' + LOCAL + r')\s*\]', inc):
                entries.setdefault(em.group(2)[1:], em.group(1).strip())
            if not pred[bi]:
                b.insts[i] = "%s = freeze %s poison" % (name, ty) if ty != "token" else b.insts[i]
                continue
            parts = []
            for p in pred[bi]:
                v = entries.get(labels[p], "none" if ty == "token" else "poison")
                parts.append("[ %s, %%%s ]" % (v, labels[p]))
            b.insts[i] = "%s = phi %s %s" % (name, ty, ", ".join(parts))
    # uses must be dominated by their definitions (and be defined at all)
    idom, reach, succ, pred = dominators(fn)
    defs = {}
    for bi, b in enumerate(fn.blocks):
        for ii, s in enumerate(b.insts):
            m = DEF_RE.match(s)
            if m:
                defs[m.group(1)] = (bi, ii)
    args = {n for _, n in fn.args()}
    types = mod.type_names()
    for bi, b in enumerate(fn.blocks):
        for ii, s in enumerate(b.insts):
            m = DEF_RE.match(s)
            own = m.group(1) if m else None
            body = s[m.end():] if m else s
            pm = PHI_RE.match(s)
            if pm:
                parts = []
                changed = False
                for em in re.finditer(r'\[\s*(.*?),\s*(' + LOCAL + r')\s*\]', pm.group(3)):
                    v, pl = em.group(1).strip(), em.group(2)
                    pidx = fn.index(pl[1:])
                    if v.startswith("%") and v not in args and v not in types:
                        d = defs.get(v)
                        if d is None or (pidx >= 0 and reach[pidx] and not dominates(idom, d[0], pidx)):
                            v = poison_for(v, toks)
                            changed = True
                    parts.append("[ %s, %s ]" % (v, pl))
                if changed:
                    b.insts[ii] = "%s = phi %s %s" % (pm.group(1), pm.group(2), ", ".join(parts))
                continue
            scan = LABEL_USE_RE.sub("", body)
            bad = []
            for u in set(LOCAL_RE.findall(scan)):
                if u in args or u in types:
                    continue
                d = defs.get(u)
                if d is None or u == own:
                    bad.append(u)
                elif not reach[bi]:
                    continue
                elif d[0] == bi:
                    if d[1] >= ii:
                        bad.append(u)
                elif not dominates(idom, d[0], bi):
                    bad.append(u)
            if bad:
                for u in sorted(bad):
                    body = replace_name(body, u, poison_for(u, toks))
                b.insts[ii] = (own + " = " if own else "") + body
    drop_foreign_token_none(fn)


def drop_foreign_token_none(fn):
    """A non-directive call left with a `token none` operand (its token's
    definition was dropped or does not dominate it) crashes instruction
    selection with or without weft: remove it, it is not weft's to handle."""
    for b in fn.blocks:
        keep = []
        for s in b.insts:
            if "token none" in s and not DEF_RE.match(s) and s.startswith(("call ", "tail call ")):
                c = try_call(s)
                if c is not None and not dkind(c.callee) and any(a.strip() == "token none" for a in c.args):
                    continue
            keep.append(s)
        b.insts[:] = keep


def fix_decls(mod):
    """Regenerate the declarations of every directive intrinsic (and the
    fuzzer's helpers) from the calls; a call whose operand types conflict
    with an earlier one of the same name gets a type-suffixed name."""
    sigs = {}
    order = []
    for fn in mod.funcs():
        for b in fn.blocks:
            for i, s in enumerate(b.insts):
                if "@llvm." not in s:
                    continue
                c = try_call(s)
                if c is None or not (dkind(c.callee) or c.callee.startswith("llvm.fz.")):
                    continue
                ex = c.explicit_fnty()
                if ex:
                    fixed = [t.strip() for t in split_top(ex[1]) if t.strip() and t.strip() != "..."]
                    have = [split_typed(a)[0] for a in c.args[:len(fixed)]]
                    if have != fixed:
                        # the fixed parameters must match the first arguments
                        c.pre = "%s (%s) " % (ex[0], ", ".join(have + ["..."]))
                        b.insts[i] = s = c.render()
                        ex = c.explicit_fnty()
                    sig = (ex[0], ex[1])
                else:
                    sig = (c.ret_type(), ", ".join(split_typed(a)[0] for a in c.args))
                name = c.callee
                if name in sigs and sigs[name] != sig:
                    base = name
                    if dkind(name) == "opnd":
                        base = re.sub(r'^(llvm\.(?:intel\.)?directive\.qual\.opnd).*$', r'\1', name)
                        tys = [split_typed(a)[0] for a in c.args[1:]]
                        mangled = ".".join(mangle(t) for t in tys)
                        cand = base + ("." + mangled if mangled else "")
                    else:
                        cand = name + ".fz"
                    k = 0
                    nm = cand
                    while nm in sigs and sigs[nm] != sig:
                        k += 1
                        nm = "%s.fz%d" % (cand, k)
                    c.callee = nm
                    b.insts[i] = c.render()
                    name = nm
                if name not in sigs:
                    sigs[name] = sig
                    order.append(name)
    items = []
    for it in mod.items:
        if isinstance(it, str) and re.match(r'^declare .*@(llvm\.(intel\.)?directive|llvm\.fz\.|__fz_personality|__fz_sink)', it):
            continue
        items.append(it)
    while items and items[-1] == "":
        items.pop()
    mod.items = items
    for name in order:
        ret, params = sigs[name]
        mod.items.append("declare %s @%s(%s)" % (ret, name, params))
    if any(isinstance(it, Func) and any("@__fz_sink(" in x for b in it.blocks for x in b.insts) for it in mod.items):
        mod.items.append("declare void @__fz_sink(i32)")
    text_uses_pers = any(isinstance(it, Func) and "@__fz_personality" in it.header for it in mod.items)
    if text_uses_pers:
        mod.items.append("declare i32 @__fz_personality(...)")


def mangle(ty):
    if ty == "ptr":
        return "p0"
    if ty == "float":
        return "f32"
    if ty == "double":
        return "f64"
    if ty == "metadata":
        return "md"
    if re.match(r'^i\d+$', ty):
        return ty
    return re.sub(r'[^\w]', '', ty) or "x"


# --------------------------------------------------------------------------
# mutations
# --------------------------------------------------------------------------
class NA(Exception):
    """The mutation does not apply to this module."""


def ptr_values(mod, fn):
    vals = [n for t, n in fn.args() if t == "ptr"]
    for b in fn.blocks[:1]:
        for s in b.insts:
            m = re.match(r'^(' + LOCAL + r') = alloca ', s)
            if m:
                vals.append(m.group(1))
    vals += mod.globals()
    return vals


def int_values(fn):
    return [(t, n) for t, n in fn.args() if re.match(r'^i\d+$', t)]


def rand_operand(rng, mod, fn, allow_md=True):
    ptrs = ptr_values(mod, fn)
    ints = int_values(fn)
    choices = [
        lambda: "ptr " + rng.choice(ptrs) if ptrs else "ptr null",
        lambda: "ptr " + rng.choice(ptrs) if ptrs else "ptr null",
        lambda: "i32 7", lambda: "i32 0", lambda: "i32 -3", lambda: "ptr null",
        lambda: "i8 128", lambda: "i64 -1", lambda: "i128 5", lambda: "float 1.0",
        lambda: "token none", lambda: "ptr getelementptr (i8, ptr null, i64 1)",
        lambda: "i1 true", lambda: "ptr undef", lambda: "double 2.5",
        lambda: "<2 x i32> zeroinitializer", lambda: "{ i32, i32 } zeroinitializer",
        lambda: "%s %s" % rng.choice(ints) if ints else "i32 4",
        lambda: "i32 %d" % rng.choice([1, 2, 4, 8, 16, 3, 1 << 31 - 1, 64]),
        lambda: "ptr @" + fn.name(),
    ]
    if allow_md:
        choices += [lambda: 'metadata !"x"', lambda: 'metadata !"QUAL.OPND.NONPOD"',
                    lambda: 'metadata !"QUAL.OPND.ARRSECT"']
    return rng.choice(choices)()


def pick_fn(rng, mod, need_sites=True):
    fns = mod.funcs()
    if need_sites:
        with_sites = [f for f in fns if any("directive" in s for b in f.blocks for s in b.insts)]
        if with_sites:
            fns = with_sites
    if not fns:
        raise NA()
    return rng.choice(fns)


def pick_site(rng, mod, fn, kinds=None):
    ss = sites(mod, fn, kinds)
    if not ss:
        raise NA()
    return rng.choice(ss)


def insert_pos(rng, block):
    lo = first_body(block)
    hi = len(block.insts) - 1  # before the terminator
    if hi < lo:
        hi = lo
    return rng.randint(lo, hi)


def set_line(fn, bi, ii, s):
    fn.blocks[bi].insts[ii] = s


def paper_call(name, intel=False):
    return 'call void @llvm.%sdirective(metadata !"%s")' % ("intel." if intel else "", name)


def region_entry(res, name, clauses=()):
    b = ['"%s"()' % name] + ['"%s"(%s)' % (t, ", ".join(o)) for t, o in clauses]
    return "%s = call token @llvm.directive.region.entry() [ %s ]" % (res, ", ".join(b))


def region_exit(tok, name):
    return 'call void @llvm.directive.region.exit(token %s) [ "%s"() ]' % (tok, name)


def split_block(mod, fn, bi, ii):
    """Split block bi before instruction ii; returns the new block's index."""
    b = fn.blocks[bi]
    ii = max(ii, first_body(b))
    ii = min(ii, len(b.insts) - 1)
    new = mod.new_name("b")
    moved = b.insts[ii:]
    b.insts[ii:] = ["br label %" + new]
    fn.blocks.insert(bi + 1, Block(new, moved))
    for s in succ_labels(moved[-1]):
        k = fn.index(s)
        if k < 0:
            continue
        tb = fn.blocks[k]
        for j in range(first_body(tb)):
            tb.insts[j] = re.sub(r'(\[\s*[^\[\]]*?,\s*)%' + re.escape(b.label) + r'(\s*\])',
                                 r'\1%' + new + r'\2', tb.insts[j])
    return bi + 1


def is_lpad(block):
    return bool(block.insts) and bool(re.match(r'^(' + LOCAL + r' = )?landingpad', block.insts[0]))


def edge_targets(fn, exclude=()):
    return [i for i, b in enumerate(fn.blocks) if i != 0 and i not in exclude and not is_lpad(b)]


def add_edge(rng, mod, fn, src, dst):
    """Make block src also (or instead) branch to block dst."""
    b = fn.blocks[src]
    t = b.insts[-1]
    lab = "%" + fn.blocks[dst].label
    if t.startswith("br label "):
        old = t[len("br label "):]
        b.insts[-1] = rng.choice(["br i1 undef, label %s, label %s" % (old, lab),
                                  "br i1 undef, label %s, label %s" % (lab, old)])
    elif t.startswith("br i1 "):
        labs = LABEL_USE_RE.findall(t)
        k = rng.randrange(len(labs))
        parts = t.split(", label ")
        parts[1 + k] = lab
        b.insts[-1] = ", label ".join(parts)
    elif t == "unreachable" or t.startswith("ret"):
        if t.startswith("ret") and rng.random() < 0.7:
            rb = mod.new_name("ret")
            fn.blocks.append(Block(rb, [t]))
            b.insts[-1] = "br i1 undef, label %s, label %%%s" % (lab, rb)
        else:
            b.insts[-1] = "br label " + lab
    elif t.startswith("switch "):
        b.insts[-1] = re.sub(r'\]$', ' i32 %d, label %s ]' % (rng.randint(1000, 9999), lab), t) \
            if t.split()[1] == "i32" else t
    else:
        raise NA()


def m_drop(rng, mod, fn):
    bi, ii, c, k = pick_site(rng, mod, fn)
    if k == "dir" and rng.random() < 0.3 and site_name(mod, c, k) != LIST_END:
        e = group_end(mod, fn, bi, ii)
        if e is not None:
            del fn.blocks[bi].insts[ii:e + 1]
            return "drop-group(%s)" % site_name(mod, c, k)
    del fn.blocks[bi].insts[ii]
    if c.res:
        replace_uses(fn, c.res, "none" if c.ret_type() == "token" else "poison")
    return "drop(%s %s)" % (k, site_name(mod, c, k))


def m_duplicate(rng, mod, fn):
    bi, ii, c, k = pick_site(rng, mod, fn)
    if c.kw == "invoke":
        raise NA()
    if c.res:
        c.res = "%" + mod.new_name("t")
    b = fn.blocks[bi]
    if rng.random() < 0.5:
        pos = ii + 1
        where = "next"
    else:
        tb = rng.randrange(len(fn.blocks))
        b = fn.blocks[tb]
        pos = insert_pos(rng, b)
        where = "block %s" % b.label
    b.insts.insert(pos, c.render())
    return "duplicate(%s %s -> %s)" % (k, site_name(mod, c, k), where)


def m_move(rng, mod, fn):
    bi, ii, c, k = pick_site(rng, mod, fn)
    if c.kw == "invoke":
        raise NA()
    line = fn.blocks[bi].insts.pop(ii)
    if rng.random() < 0.5:
        tb = bi
    else:
        tb = rng.randrange(len(fn.blocks))
    b = fn.blocks[tb]
    b.insts.insert(insert_pos(rng, b), line)
    return "move(%s %s -> %s)" % (k, site_name(mod, c, k), "same block" if tb == bi else b.label)


def m_swap(rng, mod, fn):
    ss = [s for s in sites(mod, fn) if s[2].kw != "invoke"]
    if len(ss) < 2:
        raise NA()
    a, b = rng.sample(ss, 2)
    la, lb = fn.blocks[a[0]].insts[a[1]], fn.blocks[b[0]].insts[b[1]]
    fn.blocks[a[0]].insts[a[1]], fn.blocks[b[0]].insts[b[1]] = lb, la
    return "swap(%s, %s)" % (site_name(mod, a[2], a[3]), site_name(mod, b[2], b[3]))


def new_dir_name(rng, old):
    r = rng.random()
    if r < 0.35:
        return rng.choice(DIRECTIVES), "valid"
    if r < 0.55:
        return (begin_of(old) if is_end_name(old) else end_of(old)), "toggle-end"
    if r < 0.7:
        return end_of(rng.choice(DIRECTIVES)), "end"
    if r < 0.75:
        return LIST_END, "list-end"
    return rng.choice(GARBAGE_DIRS), "garbage"


def m_rename_directive(rng, mod, fn):
    ss = [s for s in sites(mod, fn, ("dir", "entry", "exit"))
          if s[3] != "dir" or site_name(mod, s[2], s[3]) != LIST_END or rng.random() < 0.15]
    if not ss:
        raise NA()
    bi, ii, c, k = rng.choice(ss)
    old = site_name(mod, c, k)
    new, how = new_dir_name(rng, old)
    if k == "dir":
        if not c.args:
            raise NA()
        c.args[0] = 'metadata !"%s"' % new
    else:
        if not c.bundles:
            c.bundles = [[new, []]]
        else:
            c.bundles[0][0] = new
    set_line(fn, bi, ii, c.render())
    return "rename-directive(%s -> %s, %s)" % (old, new[:40], how)


def new_clause_name(rng, old):
    r = rng.random()
    base = old.split(":")[0]
    if r < 0.4:
        return "QUAL.OMP." + rng.choice(CLAUSES_NOARG + CLAUSES_ONE + CLAUSES_LIST), "valid"
    if r < 0.6:
        return base + ":" + rng.choice(MODIFIERS), "modifier"
    if r < 0.7:
        return rng.choice(DIRECTIVES + [end_of(rng.choice(DIRECTIVES))]), "directive"
    return rng.choice(GARBAGE_CLAUSES), "garbage"


def clause_slots(mod, fn):
    """[(bi, ii, Call, kind, bundle index or None)] of clauses."""
    out = []
    for bi, ii, c, k in sites(mod, fn):
        if k in ("qual", "opnd", "list"):
            out.append((bi, ii, c, k, None))
        elif k in ("entry", "exit") and c.bundles:
            for j in range(1, len(c.bundles)):
                out.append((bi, ii, c, k, j))
    return out


def m_rename_clause(rng, mod, fn):
    cs = clause_slots(mod, fn)
    if not cs:
        raise NA()
    bi, ii, c, k, j = rng.choice(cs)
    if j is None:
        old = site_name(mod, c, k)
        new, how = new_clause_name(rng, old)
        if not c.args:
            c.args = ['metadata !"%s"' % new]
        else:
            c.args[0] = 'metadata !"%s"' % new
    else:
        old = c.bundles[j][0]
        new, how = new_clause_name(rng, old)
        c.bundles[j][0] = new
    set_line(fn, bi, ii, c.render())
    return "rename-clause(%s -> %s, %s)" % (old[:40], new[:40], how)


def m_clause_arity(rng, mod, fn):
    ss = [s for s in sites(mod, fn) if s[2].kw != "invoke"]
    if not ss:
        raise NA()
    bi, ii, c, k = rng.choice(ss)
    nm = site_name(mod, c, k)
    if k in ("entry", "exit") and c.bundles and (len(c.bundles) > 1 or rng.random() < 0.3):
        j = rng.randrange(len(c.bundles))
        ops = c.bundles[j][1]
        r = rng.random()
        if r < 0.45 or not ops:
            n = rng.choice([1, 1, 2, 3])
            for _ in range(n):
                ops.insert(rng.randint(0, len(ops)), rand_operand(rng, mod, fn, allow_md=False))
            what = "bundle %s +%d operand(s)" % (c.bundles[j][0], n)
        elif r < 0.8:
            del ops[rng.randrange(len(ops))]
            what = "bundle %s -1 operand" % c.bundles[j][0]
        elif r < 0.9:
            c.bundles[j][1] = []
            what = "bundle %s no operands" % c.bundles[j][0]
        else:
            c.bundles.insert(j, [c.bundles[j][0], list(ops)])
            what = "bundle %s twice" % c.bundles[j][0]
    elif k in ("entry", "exit"):
        if k == "exit" and c.args and rng.random() < 0.5:
            c.args = []
            what = "exit without token"
        else:
            c.args.append(rand_operand(rng, mod, fn))
            what = "%s extra argument" % k
    else:
        r = rng.random()
        if r < 0.35:
            n = rng.choice([1, 1, 2])
            for _ in range(n):
                c.args.insert(rng.randint(1, len(c.args)) if c.args else 0, rand_operand(rng, mod, fn))
            what = "+%d argument(s)" % n
        elif r < 0.6 and c.args:
            del c.args[rng.randrange(len(c.args)) if rng.random() < 0.2 else rng.randint(0, len(c.args) - 1)]
            what = "-1 argument"
        else:
            tgt = rng.choice(["qual", "opnd", "opndlist"])
            prefix = "llvm.intel.directive" if c.callee.startswith("llvm.intel.") else "llvm.directive"
            c.callee = prefix + ".qual" + ("" if tgt == "qual" else "." + tgt)
            c.pre = "void (metadata, ...) " if tgt == "opndlist" else "void "
            if tgt == "opndlist" and (not c.args or split_typed(c.args[0])[0] != "metadata"):
                c.args.insert(0, 'metadata !"QUAL.OMP.PRIVATE"')
            if tgt == "opnd" and len(c.args) < 2:
                c.args.append(rand_operand(rng, mod, fn, allow_md=False))
            what = "as .qual%s" % ("" if tgt == "qual" else "." + tgt)
        if k in ("qual", "opnd", "dir") and c.explicit_fnty() is None:
            pass  # declarations are regenerated from the call
    set_line(fn, bi, ii, c.render())
    return "clause-arity(%s: %s)" % (nm[:40], what)


def random_clause(rng, mod, fn, directive=None):
    cls = rng.random()
    ptrs = ptr_values(mod, fn) or ["null"]
    if directive in TAKES and rng.random() < 0.6:
        nm = rng.choice(TAKES[directive])
        if nm in CLAUSES_NOARG:
            return "QUAL.OMP." + nm, []
        if nm in CLAUSES_ONE:
            ints = [x for x in int_values(fn) if x[0] == "i32"]
            if nm == "NAME":
                return "QUAL.OMP.NAME", ['metadata !"lck"']
            if nm in ("COLLAPSE", "ORDERED", "SAFELEN", "SIMDLEN") or not ints or rng.random() < 0.5:
                return "QUAL.OMP." + nm, ["i32 %d" % rng.choice([1, 2, 4, 8])]
            return "QUAL.OMP." + nm, ["%s %s" % rng.choice(ints)]
        if nm.startswith("SCHEDULE"):
            return "QUAL.OMP." + nm, ["i32 %d" % rng.choice([0, 1, 4])]
        return "QUAL.OMP." + nm, ["ptr " + rng.choice(ptrs)]
    if cls < 0.3:
        return "QUAL.OMP." + rng.choice(CLAUSES_NOARG), []
    if cls < 0.55:
        nm = rng.choice(CLAUSES_ONE)
        if nm == "NAME":
            return "QUAL.OMP.NAME", ['metadata !"lck"'] if rng.random() < 0.5 else ["ptr " + rng.choice(ptrs)]
        ints = int_values(fn)
        v = rng.choice(["i32 %d" % rng.choice([1, 2, 4, 8, 0, -1]), "i64 16"] +
                       ["%s %s" % x for x in ints])
        return "QUAL.OMP." + nm, [v]
    nm = rng.choice(CLAUSES_LIST)
    return "QUAL.OMP." + nm, ["ptr " + rng.choice(ptrs) for _ in range(rng.choice([1, 1, 2, 3]))]


def m_add_clause(rng, mod, fn):
    ss = [s for s in sites(mod, fn, ("dir", "entry", "exit")) if s[2].kw != "invoke"
          and (s[3] != "dir" or site_name(mod, s[2], s[3]) != LIST_END)]
    if not ss:
        raise NA()
    bi, ii, c, k = rng.choice(ss)
    name, ops = random_clause(rng, mod, fn, site_name(mod, c, k))
    if k in ("entry", "exit"):
        if c.bundles is None:
            c.bundles = []
        ops = [o for o in ops if not o.startswith("metadata")]
        c.bundles.insert(rng.randint(1, len(c.bundles)) if c.bundles else 0, [name, ops])
        set_line(fn, bi, ii, c.render())
    else:
        md = 'metadata !"%s"' % name
        if not ops:
            line = "call void @llvm.directive.qual(%s)" % md
        elif len(ops) == 1 and rng.random() < 0.6:
            line = "call void @llvm.directive.qual.opnd.%s(%s, %s)" % (mangle(split_typed(ops[0])[0]), md, ops[0])
        else:
            line = "call void (metadata, ...) @llvm.directive.qual.opndlist(%s, %s)" % (md, ", ".join(ops))
        fn.blocks[bi].insts.insert(ii + 1, line)
    return "add-clause(%s on %s)" % (name, site_name(mod, c, k))


def m_operand_kind(rng, mod, fn):
    slots = []
    for bi, ii, c, k in sites(mod, fn):
        for a in range(len(c.args)):
            slots.append((bi, ii, c, k, None, a))
        for j, (t, ops) in enumerate(c.bundles or []):
            for a in range(len(ops)):
                slots.append((bi, ii, c, k, j, a))
    if not slots:
        raise NA()
    bi, ii, c, k, j, a = rng.choice(slots)
    nm = site_name(mod, c, k)
    if j is None:
        old = c.args[a]
        c.args[a] = new = rand_operand(rng, mod, fn)
        if c.explicit_fnty() is None and k == "opnd" and a >= 1:
            # keep the type suffix in step when weft would accept it
            c.callee = re.sub(r'^(llvm\.(?:intel\.)?directive\.qual\.opnd).*$', r'\1', c.callee) + \
                "." + ".".join(mangle(split_typed(x)[0]) for x in c.args[1:])
    else:
        old = c.bundles[j][1][a]
        c.bundles[j][1][a] = new = rand_operand(rng, mod, fn, allow_md=False)
    set_line(fn, bi, ii, c.render())
    return "operand-kind(%s: %s -> %s)" % (nm[:40], old[:30], new[:40])


def m_edge_cond(rng, mod, fn):
    cands = [i for i, b in enumerate(fn.blocks) if b.insts[-1].startswith("br ")]
    tg = edge_targets(fn)
    if not cands or not tg:
        raise NA()
    src, dst = rng.choice(cands), rng.choice(tg)
    add_edge(rng, mod, fn, src, dst)
    return "edge-add(%s -> %s)" % (fn.blocks[src].label, fn.blocks[dst].label)


def m_edge_retarget(rng, mod, fn):
    cands = [i for i, b in enumerate(fn.blocks) if b.insts[-1].startswith(("br ", "switch "))]
    tg = edge_targets(fn)
    if not cands or not tg:
        raise NA()
    src, dst = rng.choice(cands), rng.choice(tg)
    t = fn.blocks[src].insts[-1]
    labs = list(LABEL_USE_RE.finditer(t))
    m = rng.choice(labs)
    fn.blocks[src].insts[-1] = t[:m.start(1)] + "%" + fn.blocks[dst].label + t[m.end(1):]
    return "edge-retarget(%s: %s -> %s)" % (fn.blocks[src].label, m.group(1), fn.blocks[dst].label)


def pick_region(rng, mod, fn, need_end=True):
    rs = [r for r in regions(mod, fn) if r[3] is not None or not need_end]
    if not rs:
        raise NA()
    return rng.choice(rs)


def ensure_body_block(rng, mod, fn, r):
    """Make sure the region has a block of its own after the begin block."""
    form, name, (bbi, bii), (ebi, eii) = r
    if bbi == ebi:
        lo, hi = bii + 1, eii
        split_block(mod, fn, bbi, rng.randint(lo, hi))
        rr = [x for x in regions(mod, fn) if x[1] == name and x[2][0] == bbi and x[3] is not None]
        if not rr:
            raise NA()
        return rr[0]
    return r


def m_edge_into_region(rng, mod, fn):
    r = ensure_body_block(rng, mod, fn, pick_region(rng, mod, fn))
    form, name, (bbi, bii), (ebi, eii) = r
    succ, pred = cfg(fn)
    body = [b for b in region_body(fn, bbi, ebi, succ) if b != bbi]
    body += [ebi] if rng.random() < 0.3 else []
    outside = [i for i in range(len(fn.blocks)) if i not in body and i != bbi and i != ebi]
    if bbi == 0 or rng.random() < 0.3:
        # from the part of the begin block before the directive
        if bii > first_body(fn.blocks[bbi]) or bbi == 0:
            split_block(mod, fn, bbi, bii)
            outside = [bbi]
            body = [b + 1 if b > bbi else b for b in body]
    body = [b for b in body if b != 0 and not is_lpad(fn.blocks[b])]
    if not body or not outside:
        raise NA()
    src, dst = rng.choice(outside), rng.choice(body)
    add_edge(rng, mod, fn, src, dst)
    return "edge-into-region(%s: %s -> %s)" % (name, fn.blocks[src].label, fn.blocks[dst].label)


def m_edge_out_of_region(rng, mod, fn):
    r = ensure_body_block(rng, mod, fn, pick_region(rng, mod, fn))
    form, name, (bbi, bii), (ebi, eii) = r
    succ, pred = cfg(fn)
    body = region_body(fn, bbi, ebi, succ)
    outside = [i for i in edge_targets(fn) if i not in body and i != ebi]
    if rng.random() < 0.4 or not outside:
        nb = mod.new_name("out")
        fn.blocks.append(Block(nb, [rng.choice(["unreachable", "ret " + ("void" if fn.ret_type() == "void"
                                                                        else fn.ret_type() + " poison")])]))
        outside = [len(fn.blocks) - 1]
    src, dst = rng.choice(body), rng.choice(outside)
    add_edge(rng, mod, fn, src, dst)
    return "edge-out-of-region(%s: %s -> %s)" % (name, fn.blocks[src].label, fn.blocks[dst].label)


def m_edge_around_region(rng, mod, fn):
    form, name, (bbi, bii), (ebi, eii) = pick_region(rng, mod, fn)
    if bii > first_body(fn.blocks[bbi]) or bbi == 0:
        split_block(mod, fn, bbi, bii)
        src = bbi
        ebi += 1 if ebi >= bbi else 0
        if ebi == bbi + 1 - 1:
            ebi = bbi + 1
    else:
        succ, pred = cfg(fn)
        if not pred[bbi]:
            raise NA()
        src = rng.choice(pred[bbi])
    # after the END: split the END's block after its group (or take its successor)
    eb = fn.blocks[ebi]
    pos = None
    for j in range(len(eb.insts)):
        if j > 0 and LIST_END in eb.insts[j - 1] or (j > 0 and "region.exit" in eb.insts[j - 1]):
            pos = j
    if pos is not None and pos < len(eb.insts):
        dst = split_block(mod, fn, ebi, pos)
        if src > ebi:
            src += 1
    else:
        succ, pred = cfg(fn)
        if not succ[ebi]:
            raise NA()
        dst = rng.choice(succ[ebi])
    if dst == 0:
        raise NA()
    add_edge(rng, mod, fn, src, dst)
    return "edge-around-region(%s: %s -> %s)" % (name, fn.blocks[src].label, fn.blocks[dst].label)


def m_swap_ends(rng, mod, fn):
    ends = [s for s in sites(mod, fn, ("dir", "exit"))
            if s[3] == "exit" or is_end_name(site_name(mod, s[2], s[3]))]
    if len(ends) < 2:
        raise NA()
    a, b = rng.sample(ends, 2)
    la, lb = fn.blocks[a[0]].insts[a[1]], fn.blocks[b[0]].insts[b[1]]
    fn.blocks[a[0]].insts[a[1]], fn.blocks[b[0]].insts[b[1]] = lb, la
    return "swap-ends(%s, %s)" % (site_name(mod, a[2], a[3]), site_name(mod, b[2], b[3]))


def after_end(mod, fn, r):
    form, name, begin, (ebi, eii) = r
    if form == "paper":
        e = group_end(mod, fn, ebi, eii)
        return ebi, (e if e is not None else eii) + 1
    return ebi, eii + 1


def m_wrap_region_form(rng, mod, fn):
    r = pick_region(rng, mod, fn)
    form, name, (bbi, bii), (ebi, eii) = r
    ebi2, epos = after_end(mod, fn, r)
    epos = min(epos, len(fn.blocks[ebi2].insts) - 1)
    nm = name if rng.random() < 0.4 else rng.choice(DIRECTIVES)
    tok = "%" + mod.new_name("t")
    fn.blocks[ebi2].insts.insert(epos, region_exit(tok, end_of(nm)))
    fn.blocks[bbi].insts.insert(bii, region_entry(tok, nm))
    return "wrap-in-region-form(%s around %s %s)" % (nm, form, name)


def m_wrap_paper_form(rng, mod, fn):
    r = pick_region(rng, mod, fn)
    form, name, (bbi, bii), (ebi, eii) = r
    ebi2, epos = after_end(mod, fn, r)
    epos = min(epos, len(fn.blocks[ebi2].insts) - 1)
    nm = name if rng.random() < 0.4 else rng.choice(DIRECTIVES)
    intel = rng.random() < 0.2
    fn.blocks[ebi2].insts[epos:epos] = [paper_call(end_of(nm), intel), paper_call(LIST_END, intel)]
    fn.blocks[bbi].insts[bii:bii] = [paper_call(nm, intel), paper_call(LIST_END, intel)]
    return "wrap-in-paper-form(%s around %s %s)" % (nm, form, name)


def m_mix_end(rng, mod, fn):
    ends = [s for s in sites(mod, fn, ("dir", "exit"))
            if s[3] == "exit" or is_end_name(site_name(mod, s[2], s[3]))]
    if not ends:
        raise NA()
    bi, ii, c, k = rng.choice(ends)
    nm = site_name(mod, c, k)
    if k == "exit":
        fn.blocks[bi].insts[ii:ii + 1] = [paper_call(nm), paper_call(LIST_END)]
        return "end-to-paper-form(%s)" % nm
    toks = [s[2].res for s in sites(mod, fn, ("entry",)) if s[2].res]
    tok = rng.choice(toks) if toks and rng.random() < 0.8 else "none"
    e = group_end(mod, fn, bi, ii)
    if e is not None and rng.random() < 0.7:
        del fn.blocks[bi].insts[e]
    fn.blocks[bi].insts[ii] = region_exit(tok, nm)
    return "end-to-region-form(%s, token %s)" % (nm, tok)


def m_new_region(rng, mod, fn):
    idom, reach, succ, pred = dominators(fn)
    a = rng.randrange(len(fn.blocks))
    doms = [x for x in range(len(fn.blocks)) if reach[x] and dominates(idom, a, x)] or [a]
    c = rng.choice(doms) if rng.random() < 0.6 else a
    ba, bc = fn.blocks[a], fn.blocks[c]
    pa = insert_pos(rng, ba)
    pc = insert_pos(rng, bc)
    if a == c and pc < pa:
        pa, pc = pc, pa
    nm = rng.choice(DIRECTIVES)
    if rng.random() < 0.5:
        tok = "%" + mod.new_name("t")
        cl = [random_clause(rng, mod, fn, nm)] if rng.random() < 0.5 else []
        cl = [(t, [o for o in ops if not o.startswith("metadata")]) for t, ops in cl]
        bc.insts.insert(pc, region_exit(tok, end_of(nm)))
        ba.insts.insert(pa, region_entry(tok, nm, cl))
        form = "region"
    else:
        bc.insts[pc:pc] = [paper_call(end_of(nm)), paper_call(LIST_END)]
        ba.insts[pa:pa] = [paper_call(nm), paper_call(LIST_END)]
        form = "paper"
    return "new-region(%s %s: %s .. %s)" % (form, nm, ba.label, bc.label)


def pick_block_in_region(rng, mod, fn):
    try:
        form, name, (bbi, bii), end = pick_region(rng, mod, fn)
    except NA:
        return rng.randrange(len(fn.blocks))
    succ, pred = cfg(fn)
    body = region_body(fn, bbi, end[0], succ) + [end[0]]
    return rng.choice(body)


def m_unreachable(rng, mod, fn):
    bi = pick_block_in_region(rng, mod, fn) if rng.random() < 0.7 else rng.randrange(len(fn.blocks))
    t = fn.blocks[bi].insts[-1]
    if t.startswith("invoke") or DEF_RE.match(t) or t == "unreachable":
        raise NA()
    if rng.random() < 0.5:
        pos = insert_pos(rng, fn.blocks[bi])
        fn.blocks[bi].insts[pos:] = ["unreachable"]
        return "unreachable(%s, truncated)" % fn.blocks[bi].label
    fn.blocks[bi].insts[-1] = "unreachable"
    return "unreachable(%s)" % fn.blocks[bi].label


def m_self_loop(rng, mod, fn):
    bi = pick_block_in_region(rng, mod, fn) if rng.random() < 0.7 else rng.randrange(len(fn.blocks))
    if bi == 0:
        bi = split_block(mod, fn, 0, insert_pos(rng, fn.blocks[0]))
    b = fn.blocks[bi]
    t = b.insts[-1]
    if t.startswith("invoke") or DEF_RE.match(t) or is_lpad(b):
        raise NA()
    if rng.random() < 0.5 and t.startswith("br label "):
        b.insts[-1] = "br i1 undef, label %%%s, label %s" % (b.label, t[len("br label "):])
    else:
        b.insts[-1] = "br label %" + b.label
    return "self-loop(%s)" % b.label


def m_back_edge(rng, mod, fn):
    form, name, (bbi, bii), end = pick_region(rng, mod, fn)
    if bbi == 0 or bii > first_body(fn.blocks[bbi]) or is_lpad(fn.blocks[bbi]):
        tgt = split_block(mod, fn, bbi, bii)
        if end[0] > bbi or (end[0] == bbi and end[1] >= bii):
            end = (end[0] + 1, end[1] - (bii if end[0] == bbi else 0))
    else:
        tgt = bbi
    succ, pred = cfg(fn)
    body = region_body(fn, tgt, end[0], succ) + [end[0]]
    src = rng.choice(body)
    add_edge(rng, mod, fn, src, tgt)
    return "back-edge(%s: %s -> %s)" % (name, fn.blocks[src].label, fn.blocks[tgt].label)


def m_intel(rng, mod, fn):
    ss = sites(mod, fn)
    if not ss:
        raise NA()
    if rng.random() < 0.5:
        kind = rng.choice(sorted({s[3] for s in ss}))
        chosen = [s for s in ss if s[3] == kind]
        what = "all %s" % kind
    else:
        chosen = [rng.choice(ss)]
        what = "one %s" % chosen[0][3]
    for bi, ii, c, k in chosen:
        if c.callee.startswith("llvm.intel."):
            c.callee = "llvm." + c.callee[len("llvm.intel."):]
        else:
            c.callee = "llvm.intel." + c.callee[len("llvm."):]
        set_line(fn, bi, ii, c.render())
    return "intel-spelling(%s)" % what


def ensure_personality(fn):
    if " personality " not in fn.header:
        fn.header = fn.header[:-1].rstrip() + " personality ptr @__fz_personality {"


def m_invoke(rng, mod, fn):
    ss = [s for s in sites(mod, fn, ("dir", "qual", "opnd", "list")) if not s[2].res and s[2].kw != "invoke"]
    if not ss:
        raise NA()
    bi, ii, c, k = rng.choice(ss)
    nm = site_name(mod, c, k)
    # LLVM 16's verifier refuses an invoke of any llvm.* function, so a direct
    # invoke is always invalid input; it is kept rare. The usual form invokes
    # an internal wrapper holding the directive call, which the O2 inliner
    # turns into an invoke unless weft marked the intrinsic nounwind.
    direct = rng.random() < 0.1
    cont = split_block(mod, fn, bi, ii + 1)
    lp = mod.new_name("lp")
    lv = "%" + mod.new_name("lpv")
    b = fn.blocks[bi]
    b.insts.pop()  # the split's br
    if direct:
        c.kw = "invoke"
        c.post = "to label %%%s unwind label %%%s" % (fn.blocks[cont].label, lp)
        b.insts[ii] = c.render()
    else:
        wname = mod.new_name("wrap")
        params, actual = [], []
        inner = copy.deepcopy(c)
        for a in range(len(inner.args)):
            ty, v = split_typed(inner.args[a])
            if v.startswith("%"):
                p = "%%p%d" % len(params)
                params.append("%s %s" % (ty, p))
                actual.append("%s %s" % (ty, v))
                inner.args[a] = "%s %s" % (ty, p)
        mod.items.append(Func("define internal void @%s(%s) {" % (wname, ", ".join(params)),
                              [Block("entry", [inner.render(), "ret void"])]))
        b.insts[ii] = "invoke void @%s(%s) to label %%%s unwind label %%%s" % (
            wname, ", ".join(actual), fn.blocks[cont].label, lp)
    fn.blocks.append(Block(lp, ["%s = landingpad { ptr, i32 } cleanup" % lv, "resume { ptr, i32 } %s" % lv]))
    ensure_personality(fn)
    return "invoke(%s%s)" % (nm, ", direct" if direct else ", via wrapper")


def m_use_result(rng, mod, fn):
    ents = [s for s in sites(mod, fn, ("entry",)) if s[2].res]
    r = rng.random()
    if ents and r < 0.55:
        bi, ii, c, k = rng.choice(ents)
        tok = c.res
        how = rng.random()
        if how < 0.4:
            if rng.random() < 0.7:
                b = fn.blocks[bi]
                pos = rng.randint(ii + 1, len(b.insts) - 1)
            else:
                b = rng.choice(fn.blocks)
                pos = insert_pos(rng, b)
            b.insts.insert(pos, "call void @llvm.fz.use(token %s)" % tok)
            return "use-token(%s in call)" % site_name(mod, c, k)
        others = [s for s in sites(mod, fn, ("entry", "exit")) if s[2].bundles]
        if how < 0.7 and others:
            obi, oii, oc, ok_ = rng.choice(others)
            oc.bundles.append([rng.choice(["QUAL.OMP.PRIVATE", "QUAL.OMP.SHARED", "QUAL.OMP.IF"]), ["token " + tok]])
            set_line(fn, obi, oii, oc.render())
            return "use-token(%s in bundle of %s)" % (site_name(mod, c, k), site_name(mod, oc, ok_))
        b = rng.choice(fn.blocks)
        b.insts.insert(insert_pos(rng, b), region_exit(tok, end_of(site_name(mod, c, k))))
        return "use-token(%s in a second exit)" % site_name(mod, c, k)
    ss = [s for s in sites(mod, fn, ("dir", "qual", "opnd", "list")) if not s[2].res and s[2].kw != "invoke"]
    if not ss:
        raise NA()
    bi, ii, c, k = rng.choice(ss)
    res = "%" + mod.new_name("r")
    c.res = res
    if c.explicit_fnty():
        c.pre = "i32 " + c.pre[c.pre.index("("):]
    else:
        c.pre = "i32 "
    set_line(fn, bi, ii, c.render())
    succ, pred = cfg(fn)
    if succ[bi] and rng.random() < 0.6:
        t = rng.choice(succ[bi])
        tb = fn.blocks[t]
        tb.insts.insert(0, "%s = phi i32 [ %s, %%%s ]" % ("%" + mod.new_name("phi"), res, fn.blocks[bi].label))
        return "use-result(%s in a phi)" % site_name(mod, c, k)
    b = fn.blocks[bi]
    b.insts.insert(insert_pos(rng, b), "%s = add i32 %s, 1" % ("%" + mod.new_name("u"), res))
    return "use-result(%s in an add)" % site_name(mod, c, k)


def m_split(rng, mod, fn):
    bi = rng.randrange(len(fn.blocks))
    b = fn.blocks[bi]
    pos = rng.randint(first_body(b), len(b.insts) - 1)
    nb = split_block(mod, fn, bi, pos)
    return "split-block(%s at %d -> %s)" % (b.label, pos, fn.blocks[nb].label)


def region_positions(mod, fn, r):
    """(inside, after): insertion points (bi, ii) in the region's body and after its END."""
    form, name, (bbi, bii), (ebi, eii) = r
    succ, pred = cfg(fn)
    inside = []
    if form == "paper":
        e = group_end(mod, fn, bbi, bii)
        start = (e if e is not None else bii) + 1
    else:
        start = bii + 1
    if bbi == ebi:
        inside += [(bbi, j) for j in range(start, eii + 1)]
    else:
        inside += [(bbi, j) for j in range(start, len(fn.blocks[bbi].insts))]
        for b in region_body(fn, bbi, ebi, succ):
            if b != bbi:
                blk = fn.blocks[b]
                inside += [(b, j) for j in range(first_body(blk), len(blk.insts))]
        inside += [(ebi, j) for j in range(first_body(fn.blocks[ebi]), eii + 1)]
    abi, aii = after_end(mod, fn, r)
    after = [(abi, j) for j in range(aii, len(fn.blocks[abi].insts))]
    for b in succ[abi]:
        if b != 0 and not is_lpad(fn.blocks[b]):
            blk = fn.blocks[b]
            after += [(b, j) for j in range(first_body(blk), len(blk.insts))]
    return inside, after


def fresh_value(rng, mod, fn):
    """(lines defining an i32 %v, %v) from values in scope."""
    v = "%" + mod.new_name("v")
    ints = [n for t, n in int_values(fn) if t == "i32"]
    ptrs = ptr_values(mod, fn)
    opts = ["%s = add i32 %s, 1" % (v, rng.choice(ints) if ints else "7")]
    if ptrs:
        opts.append("%s = load i32, ptr %s, align 4" % (v, rng.choice(ptrs)))
    if ints:
        c = "%" + mod.new_name("c")
        return ["%s = icmp slt i32 %s, 10" % (c, rng.choice(ints)), "%s = zext i1 %s to i32" % (v, c)], v
    return [rng.choice(opts)], v


def use_value(rng, mod, fn, v):
    ptrs = ptr_values(mod, fn)
    opts = ["call void @__fz_sink(i32 %s)" % v]
    if ptrs:
        opts.append("store i32 %s, ptr %s, align 4" % (v, rng.choice(ptrs)))
    return rng.choice(opts)


def m_escape_value(rng, mod, fn):
    r = pick_region(rng, mod, fn)
    inside, after = region_positions(mod, fn, r)
    if not inside or not after:
        raise NA()
    (ub, ui) = rng.choice(after)
    use_line_holder = fn.blocks[ub]
    (db, di) = rng.choice(inside)
    defs, v = fresh_value(rng, mod, fn)
    use = use_value(rng, mod, fn, v)
    if ub == db and ui <= di:
        raise NA()
    use_line_holder.insts.insert(ui, use)
    fn.blocks[db].insts[di:di] = defs
    return "escape-value(%s: defined in %s, used after the END in %s)" % (r[1], fn.blocks[db].label, use_line_holder.label)


def m_use_outer(rng, mod, fn):
    r = pick_region(rng, mod, fn)
    inside, after = region_positions(mod, fn, r)
    if not inside:
        raise NA()
    db, di = rng.choice(inside)
    ints = [n for t, n in int_values(fn) if t == "i32"]
    ptrs = ptr_values(mod, fn)
    opts = []
    if ints:
        opts.append(["call void @__fz_sink(i32 %s)" % rng.choice(ints)])
    if ptrs:
        p = rng.choice(ptrs)
        v = "%" + mod.new_name("v")
        opts.append(["%s = load i32, ptr %s, align 4" % (v, p), "%s = add i32 %s, 1" % (v + "x", v),
                     "store i32 %s, ptr %s, align 4" % (v + "x", p)])
        opts.append(["store i32 %d, ptr %s, align 4" % (rng.randint(0, 9), p)])
    if not opts:
        raise NA()
    fn.blocks[db].insts[di:di] = rng.choice(opts)
    return "use-outer(%s: in %s)" % (r[1], fn.blocks[db].label)


def m_local_inside(rng, mod, fn):
    """A local variable (an alloca) created inside a region and written
    there, sometimes read after the region too."""
    r = pick_region(rng, mod, fn)
    inside, after = region_positions(mod, fn, r)
    if not inside:
        raise NA()
    db, di = rng.choice(inside)
    a = "%" + mod.new_name("local")
    v = "%" + mod.new_name("v")
    fn.blocks[db].insts[di:di] = ["%s = alloca i32, align 4" % a, "store i32 %d, ptr %s, align 4" % (rng.randint(0, 9), a),
                                  "%s = load i32, ptr %s, align 4" % (v, a)]
    where = "inside"
    if after and rng.random() < 0.5:
        (ub, ui) = rng.choice(after)
        if not (ub == db and ui <= di):
            fn.blocks[ub].insts.insert(ui, use_value(rng, mod, fn, v))
            where = "used after the END"
    return "local-inside(%s: in %s, %s)" % (r[1], fn.blocks[db].label, where)


MUTATIONS = [
    (m_drop, 4), (m_duplicate, 4), (m_move, 4), (m_swap, 3),
    (m_rename_directive, 5), (m_rename_clause, 4), (m_clause_arity, 5), (m_add_clause, 4),
    (m_operand_kind, 6), (m_edge_cond, 3), (m_edge_retarget, 3), (m_edge_into_region, 3),
    (m_edge_out_of_region, 3), (m_edge_around_region, 3), (m_swap_ends, 3),
    (m_wrap_region_form, 2), (m_wrap_paper_form, 2), (m_mix_end, 2), (m_new_region, 3),
    (m_unreachable, 2), (m_self_loop, 2), (m_back_edge, 3), (m_intel, 2), (m_invoke, 2),
    (m_use_result, 2), (m_split, 2), (m_escape_value, 4), (m_use_outer, 3), (m_local_inside, 2),
]
MUT_FUNCS = [m for m, _ in MUTATIONS]
MUT_WEIGHTS = [w for _, w in MUTATIONS]


def make_mutant(seeds, s, i):
    """Mutant i of seed s: (text, seed name, [mutation descriptions])."""
    rng = random.Random("%s:%s" % (s, i))
    seed = seeds[rng.randrange(len(seeds))]
    mod = Module(seed.text)
    n = rng.choices([1, 2, 3, 4], [4, 3, 2, 1])[0]
    applied = []
    tries = 0
    while len(applied) < n and tries < 40:
        tries += 1
        m = rng.choices(MUT_FUNCS, MUT_WEIGHTS)[0]
        snap = copy.deepcopy(mod)
        try:
            fn = pick_fn(rng, mod)
            desc = m(rng, mod, fn)
            repair(mod, fn)
            applied.append("%s@%s" % (desc, fn.name()))
        except NA:
            mod = snap
        except Exception:  # a corner the mutation does not handle: try another
            if os.environ.get("WEFT_FUZZ_DEBUG"):
                raise
            mod = snap
    for fn in mod.funcs():
        repair(mod, fn)
    fix_decls(mod)
    head = "; weft fuzz mutant %s:%s of %s\n" % (s, i, seed.name)
    head += "".join("; mutation: %s\n" % a for a in applied)
    return head + mod.render(), seed.name, applied


# --------------------------------------------------------------------------
# running and classifying
# --------------------------------------------------------------------------
def config_cmd(cfg_name, plugin, inp, irout, bin_dir=LLVM_BIN):
    opt = os.path.join(bin_dir, "opt")
    clang = os.path.join(bin_dir, "clang")
    lp = "-load-pass-plugin=" + plugin
    if cfg_name == "print":
        return [opt, lp, "-passes=print<wregions>", "-disable-output", inp]
    if cfg_name == "weft":
        return [opt, lp, "-passes=weft", "-verify-each", "-S", inp, "-o", irout]
    if cfg_name == "O2":
        return [opt, lp, "-passes=default<O2>", "-S", inp, "-o", irout]
    if cfg_name == "clang-O0":
        return [clang, "-O0", "-fpass-plugin=" + plugin, "-fno-crash-diagnostics", "-c", inp, "-o", "/dev/null"]
    if cfg_name == "clang-O2":
        return [clang, "-O2", "-fpass-plugin=" + plugin, "-fno-crash-diagnostics", "-c", inp, "-o", "/dev/null"]
    raise ValueError(cfg_name)


def writes_ir(cfg_name):
    return cfg_name in ("weft", "O2")


def load_rule_ids():
    path = os.path.join(REPO, "intrinsics", "src", "error.rs")
    try:
        with open(path) as f:
            ids = re.findall(r'Rule::\w+ => "([\w-]+)"', f.read())
    except OSError:
        ids = []
    if not ids:
        ids = ["unknown-directive", "unknown-clause", "unknown-modifier", "clause-not-allowed",
               "clause-arity", "operand-kind", "unterminated-group", "stray-clause", "missing-end",
               "unmatched-end", "not-single-entry-single-exit", "malformed-region-call",
               "not-yet-supported", "unlowered-directive", "genx", "internal"]
    return set(ids) - {"internal"}


RULE_IDS = load_rule_ids()
WEFT_ERR_RE = re.compile(r'error: weft: .*\[rule: ([\w-]+)\]')
VERIFIER_PATS = ["Broken module", "verification failed", "does not dominate", "Broken function",
                 "input module is broken", "PHINode should have", "Terminator found in the middle",
                 "Entry block to function must not have predecessors", "Referring to an instruction in another function",
                 "Instruction referencing instruction not embedded", "Basic Block in function",
                 "Cannot invoke an intrinsic", "Found return instr that returns"]
CRASH_PATS = ["PLEASE submit a bug report", "Stack dump"]
PARSE_ERR_RE = re.compile(r':\d+:\d+: error: (?!weft:)')
DIRECTIVE_CALL_RE = re.compile(r'^\s*(?:%\S+ = )?(?:tail |notail |musttail )?(?:call|invoke)\b.*@llvm\.(?:intel\.)?directive', re.M)


def input_rejected(out):
    return bool(PARSE_ERR_RE.search(out)) or "input module is broken" in out


def classify(cfg_name, rc, out, ir, timed_out, sig=None):
    """('ok'|'weft-error'|'fail', rules or (kind, key line))."""
    if timed_out:
        return "fail", ("hang", "timeout")
    lines = out.splitlines()
    if any(p in out for p in VERIFIER_PATS):
        # the verifier's own message comes first, then "Broken module found"
        msg = [l.strip() for l in lines if l.strip() and not l[0].isspace() and "warning:" not in l
               and not WEFT_ERR_RE.search(l)]
        return "fail", ("verifier", msg[0] if msg else first_line(lines, VERIFIER_PATS))
    if sig is not None or rc < 0 or rc >= 128 or any(p in out for p in CRASH_PATS):
        n = sig if sig is not None else (-rc if rc < 0 else rc - 128 if rc >= 128 else 0)
        return "fail", ("crash", crash_key(out, n))
    if "panicked" in out:
        return "fail", ("panic", first_line(lines, ["panicked"], after=1))
    if "[rule: internal]" in out:
        return "fail", ("internal", first_line(lines, ["[rule: internal]"]))
    rules, others = [], []
    for l in lines:
        m = WEFT_ERR_RE.search(l)
        if m:
            rules.append(m.group(1))
            if m.group(1) not in RULE_IDS:
                others.append(l)
        elif re.search(r'\berror\b:', l) or "LLVM ERROR" in l:
            others.append(l)
    if others:
        return "fail", ("other-error", others[0])
    if rc == 0:
        if rules:
            return "fail", ("error-exit-0", "weft error reported but exit 0: [rule: %s]" % rules[0])
        if writes_ir(cfg_name) and ir is not None and DIRECTIVE_CALL_RE.search(ir):
            m = DIRECTIVE_CALL_RE.search(ir)
            return "fail", ("directive-left", "directive call left in output: " + m.group(0).strip()[:120])
        return "ok", []
    if not rules:
        return "fail", ("exit-no-error", "exit %d without a weft error: %s" % (rc, lines[0] if lines else ""))
    return "weft-error", sorted(set(rules))


def first_line(lines, pats, after=0):
    for k, l in enumerate(lines):
        if any(p in l for p in pats):
            extra = [x.strip() for x in lines[k + 1:k + 1 + after] if x.strip()] if "panicked at" in l and l.rstrip().endswith(":") else []
            return " ".join([l.strip()] + extra)
    return lines[0].strip() if lines else ""


def crash_key(out, signo):
    lines = out.splitlines()
    key = "signal %d" % signo if signo else "crash"
    for l in lines:
        if re.search(r'Assertion .* failed|LLVM ERROR|UNREACHABLE executed|panicked', l):
            return key + ": " + l.strip()
    passes = [l.strip() for l in lines if re.match(r'^\s*\d+\.\s+Running pass', l)]
    frame = ""
    for l in lines:
        if re.match(r'^\s*#\d+ ', l) and ("weft" in l) and "PrintStackTrace" not in l and "SignalHandler" not in l:
            frame = re.sub(r'^\s*#\d+ 0x[0-9a-f]+ ', '', l.strip())
            break
    return key + ": " + (passes[-1] if passes else "") + (" | " + frame if frame else "")


def normalize(key, workdir):
    s = key.replace(workdir, "<dir>")
    s = re.sub(r"in function '[^']*'", "in function '_'", s)
    s = re.sub(r"'@[^']*'", "'@_'", s)
    s = re.sub(r'0x[0-9a-fA-F]+', '', s)
    s = re.sub(r'\d+', '', s)
    return s[:300]


class Driver:
    """Client for the fork-server driver (test/fuzz/fuzzd.cc): one request
    line per job, one reply line `exit N` / `signal N` / `timeout`."""

    def __init__(self, path, plugin, logpath, timeout):
        self.path, self.plugin, self.logpath = path, plugin, logpath
        self.timeout = timeout
        self.p = None
        self.buf = b""

    def start(self):
        self.log = open(self.logpath, "ab")
        env = dict(os.environ)
        env["FUZZD_TIMEOUT"] = str(max(1, int(self.timeout + 0.999)))
        self.p = subprocess.Popen([self.path, self.plugin], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=self.log, env=env)
        self.buf = b""

    def stop(self):
        if self.p is not None:
            try:
                self.p.stdin.close()
            except OSError:
                pass
            try:
                self.p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
            self.p = None
            self.log.close()

    def run(self, cfg_name, inp, errf, irout, timeout):
        """(rc, signal or None, timed_out, protocol problem or None)."""
        if self.p is None or self.p.poll() is not None:
            self.stop() if self.p is not None else None
            self.start()
        line = "%s %s %s %s\n" % (cfg_name, inp, errf, irout or "-")
        try:
            self.p.stdin.write(line.encode())
            self.p.stdin.flush()
        except OSError:
            self.stop()
            return 0, None, False, "driver died before the job was sent"
        deadline = time.time() + timeout + 30
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                self.p.kill()
                self.stop()
                return 0, None, False, "driver gave no reply"
            r, _, _ = select.select([fd], [], [], left)
            if r:
                chunk = os.read(fd, 4096)
                if not chunk:
                    self.stop()
                    return 0, None, False, "driver died (EOF)"
                self.buf += chunk
        reply, self.buf = self.buf.split(b"\n", 1)
        reply = reply.decode(errors="replace").strip()
        m = re.match(r'^(exit|signal) (-?\d+)$', reply)
        if m:
            if m.group(1) == "exit":
                return int(m.group(2)), None, False, None
            return 0, int(m.group(2)), False, None
        if reply == "timeout":
            return 0, None, True, None
        self.stop()
        return 0, None, False, "driver sent a malformed reply: %r" % reply[:80]


def run_process(cmd, timeout):
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode(errors="replace"), False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, _ = p.communicate()
        return p.returncode, out.decode(errors="replace"), True


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def evaluate(text, configs, plugin, workdir, timeout, driver=None):
    """None if the mutant is invalid IR, else {config: (status, detail, cmd, output)}."""
    inp = os.path.join(workdir, "m.ll")
    irout = os.path.join(workdir, "out.ll")
    errf = os.path.join(workdir, "stderr.txt")
    with open(inp, "w") as f:
        f.write(text)
    results = {}
    if driver is None and configs[0] not in ("print", "weft", "O2"):
        rc, out, to = run_process([os.path.join(LLVM_BIN, "opt"), "-disable-output", inp], timeout)
        if rc != 0 and input_rejected(out):
            return None
    for k, c in enumerate(configs):
        cmd = config_cmd(c, plugin, inp, irout)
        for p in (irout, errf):
            if os.path.exists(p):
                os.unlink(p)
        sig = None
        if driver is not None:
            rc, sig, to, problem = driver.run(c, inp, errf, irout if writes_ir(c) else None, timeout)
            out = read(errf) or ""
            if problem:
                results[c] = ("fail", ("driver", problem), cmd, out)
                continue
            if k == 0 and rc == 3 and sig is None and input_rejected(out):
                return None
        else:
            rc, out, to = run_process(cmd, timeout)
            if k == 0 and rc != 0 and input_rejected(out):
                return None
        ir = read(irout) if writes_ir(c) and rc == 0 and not to else None
        status, detail = classify(c, rc, out, ir, to, sig)
        results[c] = (status, detail, cmd, out)
    return results


# --------------------------------------------------------------------------
# the campaign
# --------------------------------------------------------------------------
class Stats:
    def __init__(self, configs):
        self.lock = threading.Lock()
        self.generated = self.valid = self.passed = self.failed = 0
        self.gen_errors = 0
        self.per_cfg = {c: collections.Counter() for c in configs}
        self.rules = {c: collections.Counter() for c in configs}
        self.fail_kinds = {c: collections.Counter() for c in configs}
        self.sigs = collections.OrderedDict()  # sig -> dict
        self.mutation_counts = collections.Counter()
        self.written = 0


def shell_cmd(cmd, inp_name="m.ll", workdir=None):
    out = []
    for a in cmd:
        if workdir and a.startswith(workdir):
            a = a.replace(os.path.join(workdir, "m.ll"), inp_name).replace(os.path.join(workdir, "out.ll"), "out.ll")
        out.append(shlex.quote(a))
    return " ".join(out)


def worker(k, args, seeds, stats, next_index, workroot):
    wd = os.path.join(workroot, "w%d" % k)
    os.makedirs(wd, exist_ok=True)
    driver = None
    if args.driver:
        driver = Driver(args.driver, args.plugin, os.path.join(workroot, "driver%d.log" % k), args.timeout)
    try:
        while True:
            i = next_index()
            if i is None:
                return
            try:
                text, seed_name, muts = make_mutant(seeds, args.seed, i)
            except Exception as e:  # a fuzzer bug: count it, keep going
                with stats.lock:
                    stats.gen_errors += 1
                    stats.generated += 1
                sys.stderr.write("fuzz: generator error on %s:%d: %r\n" % (args.seed, i, e))
                continue
            res = evaluate(text, args.configs, args.plugin, wd, args.timeout, driver)
            with stats.lock:
                stats.generated += 1
                for mu in muts:
                    stats.mutation_counts[mu.split("(")[0]] += 1
                if res is None:
                    continue
                stats.valid += 1
                failed = False
                new_sigs = []
                for c in args.configs:
                    status, detail, cmd, out = res[c]
                    stats.per_cfg[c][status] += 1
                    if status == "weft-error":
                        for r in detail:
                            stats.rules[c][r] += 1
                    elif status == "fail":
                        failed = True
                        kind, key = detail
                        stats.fail_kinds[c][kind] += 1
                        sig = "%s: %s: %s" % (c, kind, normalize(key, wd))
                        ent = stats.sigs.get(sig)
                        if ent is None:
                            ent = stats.sigs[sig] = {"count": 0, "first": (args.seed, i), "config": c,
                                                     "kind": kind, "key": key.replace(wd, "<dir>"),
                                                     "cmd": cmd, "intel_region": 0, "written": 0,
                                                     "out": out}
                            new_sigs.append(sig)
                        ent["count"] += 1
                        if "@llvm.intel.directive.region" in text:
                            ent["intel_region"] += 1
                        if ent["written"] < args.keep:
                            ent["written"] += 1
                            write_failure(args, i, text, seed_name, muts, res, wd)
                if failed:
                    stats.failed += 1
                else:
                    stats.passed += 1
            for sig in new_sigs:
                sys.stderr.write("\nfuzz: new failure %s\n  (mutant %s:%d)\n" % (sig[:200], args.seed, i))
    finally:
        if driver is not None:
            driver.stop()


def write_failure(args, i, text, seed_name, muts, res, wd):
    d = os.path.join(args.out, "%s-%d" % (args.seed, i))
    if os.path.isdir(d):
        return
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "m.ll"), "w") as f:
        f.write(text)
    with open(os.path.join(d, "info.txt"), "w") as f:
        f.write("mutant %s:%d (corpus %s)\nseed module: %s\nmutations:\n" % (args.seed, i, args.corpus, seed_name))
        f.writelines("  %s\n" % m for m in muts)
        f.write("replay: python3 test/fuzz/fuzz.py --replay %s:%d > m.ll\n" % (args.seed, i))
        for c, (status, detail, cmd, out) in res.items():
            f.write("%s: %s %s\n" % (c, status, detail))
    for c, (status, detail, cmd, out) in res.items():
        if status != "fail":
            continue
        with open(os.path.join(d, c + ".cmd"), "w") as f:
            f.write(shell_cmd(cmd, os.path.join(d, "m.ll"), wd) + "\n")
        with open(os.path.join(d, c + ".out"), "w") as f:
            f.write(out.replace(wd, d))


def summary(args, stats, wall):
    p = print
    p("fuzz summary: seed %s, %d seed modules (corpus %s), plugin %s%s" % (
        args.seed, args.nseeds, args.corpus, args.plugin, ", driver " + args.driver if args.driver else ""))
    if args.bad_seeds:
        p("  seed modules skipped (opt rejects them as IR): %s" % ", ".join(args.bad_seeds))
    ratio = 100.0 * stats.valid / stats.generated if stats.generated else 0.0
    p("  mutants generated: %d   valid: %d (%.1f%%)   invalid (rejected as IR): %d%s" % (
        stats.generated, stats.valid, ratio, stats.generated - stats.valid - stats.gen_errors,
        "   generator errors: %d" % stats.gen_errors if stats.gen_errors else ""))
    for c in args.configs:
        pc = stats.per_cfg[c]
        rules = ", ".join("%s %d" % kv for kv in sorted(stats.rules[c].items(), key=lambda x: (-x[1], x[0])))
        fails = ", ".join("%s %d" % kv for kv in sorted(stats.fail_kinds[c].items()))
        p("  %-9s ok %d | weft-error %d (%s) | failures %d%s" % (
            c, pc["ok"], pc["weft-error"], rules or "-", pc["fail"], " (%s)" % fails if fails else ""))
    p("  distinct failure signatures: %d" % len(stats.sigs))
    for sig, e in stats.sigs.items():
        s, i = e["first"]
        note = ""
        if e["intel_region"] == e["count"]:
            note = " [every such mutant uses llvm.intel.directive.region.*: the known strip use-after-free]"
        p("  - %s  (%d mutant%s)%s" % (sig, e["count"], "" if e["count"] == 1 else "s", note))
        p("      first line: %s" % e["key"][:300])
        p("      reproduce: python3 test/fuzz/fuzz.py --replay %s:%d > m.ll && %s" % (
            s, i, shell_cmd(config_cmd(e["config"], args.plugin, "m.ll", "out.ll"))))
    if stats.sigs:
        p("  failing mutants written under %s (up to %d per signature)" % (args.out, args.keep))
    rate = stats.generated / wall if wall > 0 else 0.0
    p("  wall time: %.1f s   throughput: %.2f mutants/s (%d jobs)" % (wall, rate, args.jobs))
    p("fuzz: %d passed, %d failed" % (stats.passed, stats.failed))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", default="1", help="campaign seed (any string; default 1)")
    ap.add_argument("--count", type=int, default=100, help="mutants to run (0: no limit, use --duration)")
    ap.add_argument("--start", type=int, default=0, help="first mutant index")
    ap.add_argument("--duration", type=float, default=0, help="stop starting new mutants after this many seconds")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=DEFAULT_OUT, help="where failing mutants are written (default %s)" % DEFAULT_OUT)
    ap.add_argument("--keep", type=int, default=3, help="failing mutants written per signature")
    ap.add_argument("--configs", nargs="+", default=CONFIGS, choices=CONFIGS)
    ap.add_argument("--plugin", default=DEFAULT_PLUGIN)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per configuration (more is a hang)")
    ap.add_argument("--driver", help="fork-server driver (target/fuzzd) to run the configurations through")
    ap.add_argument("--replay", metavar="S:I", help="write mutant I of seed S and exit")
    ap.add_argument("--replay-out", metavar="FILE", help="with --replay: write here instead of stdout")
    ap.add_argument("--list-seeds", action="store_true", help="list the seed modules and exit")
    args = ap.parse_args(argv)

    seeds, args.bad_seeds = check_seeds(load_seeds())
    args.corpus = corpus_fingerprint(seeds)
    if not seeds:
        sys.exit("fuzz: no seed modules found under %s/test" % REPO)
    args.nseeds = len(seeds)
    if args.list_seeds:
        for s in seeds:
            print(s.name)
        for n in args.bad_seeds:
            print("%s (rejected by opt as IR: not used)" % n)
        return 0
    if args.replay:
        s, _, i = args.replay.rpartition(":")
        text, seed_name, muts = make_mutant(seeds, s, int(i))
        if args.replay_out:
            with open(args.replay_out, "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        sys.stderr.write("mutant %s:%s of %s (corpus %s): %s\n" % (s, i, seed_name, args.corpus, "; ".join(muts)))
        return 0
    args.plugin = os.path.abspath(args.plugin)
    if not os.path.exists(args.plugin):
        sys.exit("fuzz: no plugin at %s" % args.plugin)
    if args.driver and not os.access(args.driver, os.X_OK):
        sys.exit("fuzz: driver %s is not an executable" % args.driver)
    args.jobs = max(1, args.jobs)
    args.out = os.path.abspath(args.out)
    workroot = tempfile.mkdtemp(prefix="weft-fuzz-")
    stats = Stats(args.configs)
    lock = threading.Lock()
    state = {"next": args.start}
    t0 = time.time()
    end = args.start + args.count if args.count > 0 else None
    if end is None and args.duration <= 0:
        sys.exit("fuzz: --count 0 needs --duration")

    def next_index():
        with lock:
            i = state["next"]
            if end is not None and i >= end:
                return None
            if args.duration > 0 and time.time() - t0 >= args.duration:
                return None
            state["next"] = i + 1
            return i

    threads = [threading.Thread(target=worker, args=(k, args, seeds, stats, next_index, workroot), daemon=True)
               for k in range(args.jobs)]
    for t in threads:
        t.start()
    tty = sys.stderr.isatty()
    last = -1
    try:
        while any(t.is_alive() for t in threads):
            for t in threads:
                t.join(timeout=1.0)
                break
            with stats.lock:
                g, v, f = stats.generated, stats.valid, stats.failed
                ns = len(stats.sigs)
            if g != last and (tty or g // 50 != last // 50):
                el = time.time() - t0
                msg = "fuzz: %d%s mutants, %d valid, %d failed, %d signatures, %.1f/s" % (
                    g, "/%d" % args.count if end is not None else "", v, f, ns, g / el if el else 0)
                sys.stderr.write(("\r" + msg + "   ") if tty else msg + "\n")
                last = g
    except KeyboardInterrupt:
        sys.stderr.write("\nfuzz: interrupted\n")
        with lock:
            state["next"] = end if end is not None else 1 << 62
    if tty:
        sys.stderr.write("\n")
    wall = time.time() - t0
    shutil.rmtree(workroot, ignore_errors=True)
    summary(args, stats, wall)
    return 1 if stats.failed else 0


if __name__ == "__main__":
    sys.exit(main())
