#!/usr/bin/env python3
"""Import cycles between the source files of a Rust crate.

Builds the file-level graph of which file names which: `crate::`, `super::`
and `self::` paths (in `use` items and in code), and a module file naming
one of its child modules (`child::...`). A parent that calls a child and a
child that uses `super::X` defined in the parent is a cycle too. Prints each
strongly connected component of more than one file, then `cycles: N`; exits
1 when there is one. Test code (`#[cfg(test)] mod tests`) is not counted.

    import_cycles.py CRATE_SRC_DIR...
"""
import os
import re
import sys

PATH = re.compile(r'\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)')
GROUP = re.compile(r'use\s+(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*)\};', re.S)


def modules(root):
    """Module path (a tuple) -> file, for every .rs file under root."""
    out = {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if not f.endswith('.rs'):
                continue
            p = os.path.join(d, f)
            parts = os.path.relpath(p, root)[:-3].split('/')
            if parts[-1] in ('lib', 'main', 'mod'):
                parts = parts[:-1]
            out[tuple(parts)] = p
    return out


def edges_of(mods):
    def resolve(path):
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in mods:
                return tuple(path[:k])
        return None

    edges = {m: set() for m in mods}
    for m, f in mods.items():
        src = re.split(r'#\[cfg\(test\)\]\s*mod tests', open(f).read())[0]
        owns_children = f.endswith(('mod.rs', 'lib.rs', 'main.rs')) or os.path.isdir(f[:-3])

        def absolute(kind, segs):
            if kind == 'crate':
                return segs
            if kind == 'self':
                return list(m) + segs
            out = list(m)[:-1]
            while segs and segs[0] == 'super':
                out, segs = out[:-1], segs[1:]
            return out + segs

        targets = []
        for g in GROUP.finditer(src):
            kind, pre, inner = g.groups()
            pre = [s for s in pre.split('::') if s]
            for item in inner.split(','):
                item = item.strip().split(' as ')[0]
                if item:
                    targets.append(absolute(kind, pre + re.findall(r'[A-Za-z_][A-Za-z0-9_]*', item.split('{')[0])))
        for g in PATH.finditer(src):
            kind, rest = g.groups()
            targets.append(absolute(kind, [s for s in rest.split('::') if s]))
        if owns_children:
            for k in mods:
                if len(k) == len(m) + 1 and k[:len(m)] == m and re.search(r'(?<![:\w])' + k[-1] + r'::', src):
                    targets.append(list(k))
        for t in targets:
            r = resolve(t)
            if r is not None and r != m and r != ():
                edges[m].add(r)
    return edges


def cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    sys.setrecursionlimit(10000)
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted('::'.join(x) or '<root>' for x in comp))

    for v in edges:
        if v not in index:
            visit(v)
    return out


def main():
    found = 0
    for root in sys.argv[1:]:
        for comp in cycles(edges_of(modules(root))):
            print(f'{root}: cycle: {" -> ".join(comp)}')
            found += 1
    print(f'cycles: {found}')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
