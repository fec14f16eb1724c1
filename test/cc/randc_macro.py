"""How a random program (randc.py) is packaged, from a random stream of its
own (so that programs drawn without it are those the generator made
before): its executable pragmas written through macros, and its test
functions moved into a header of their own that it includes where they
were. weft-cc reads a `_Pragma` from a macro's expansion and rewrites the
OpenMP constructs of a user header (docs/weft-cc.md); the program's meaning
is unchanged, so the serial program stays the reference.

The macro forms, each pragma drawn on its own:
  OMP(parallel for ...)             `_Pragma` through a stringizing macro
  _Pragma("omp parallel for ...")   the operator written in the text
  OMPS(parallel for, for (...) {)   the pragma and the line after it (a
                                    loop's header or a block's `{`) in one
                                    macro: the construct's statement
                                    starts inside the macro's expansion
"""
import random

DEFINES = [
    "#define OMP_STR(x) #x",
    "#define OMP(x) _Pragma(OMP_STR(omp x))",
    "#define OMPS(p, ...) _Pragma(OMP_STR(omp p)) __VA_ARGS__",
]


class Packaging:
    def __init__(self, seed):
        self.rng = random.Random(seed * 49979687 + 13)
        self.macros = self.rng.random() < 0.35
        self.header = self.rng.random() < 0.3
        self.header_name = f"randc-{seed}-tests.h"

    def tests(self, lines):
        """The main file's lines in place of the test functions `lines`,
        and the header's text ('' when they stay)."""
        if not self.header:
            return lines, ''
        head = [f"/* randc.py: the test functions of {self.header_name[:-len('-tests.h')]} */"]
        return [f'#include "{self.header_name}"'], '\n'.join(head + lines) + '\n'

    def pragmas(self, text, define=True):
        """`text` with some of its executable pragmas written through
        macros (and, with `define`, the macros defined at its top, after
        its first lines of flags or markers)."""
        if not self.macros:
            return text
        r = self.rng
        lines = text.split('\n')
        out = []
        i = 0
        while i < len(lines):
            line = lines[i]
            body = line.strip()
            words = body.split()
            if (len(words) < 3 or words[0] != '#pragma' or words[1] != 'omp' or words[2] in ('threadprivate', 'declare')
                    or body.endswith('\\') or '"' in body or r.random() < 0.4):
                out.append(line)
                i += 1
                continue
            pad = line[:len(line) - len(line.lstrip())]
            directive = body[len('#pragma omp'):].strip()
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ''
            form = r.choice(['OMP', '_Pragma', 'OMPS'])
            if form == 'OMPS' and (nxt.startswith('for (') or nxt == '{') and nxt.count('(') == nxt.count(')'):
                out.append(f"{pad}OMPS({directive}, {nxt})")
                # (The next line joined the macro: an empty line keeps the count.)
                out.append('')
                i += 2
                continue
            if form == '_Pragma':
                out.append(f'{pad}_Pragma("omp {directive}")')
            else:
                out.append(f"{pad}OMP({directive})")
            i += 1
        at = 0
        while define and at < len(out) and out[at].startswith('//'):
            at += 1
        return '\n'.join(out[:at] + (DEFINES if define else []) + out[at:])
