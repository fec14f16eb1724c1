#!/usr/bin/env bash
# A CUDA folder for building NVPTX device images without a GPU or a CUDA
# install (docs/offload-device.md): ptxas, nvlink and fatbinary from PyPI's
# nvidia-cuda-nvcc wheel (13.x) and libdevice.10.bc from
# nvidia-cuda-nvcc-cu12 (the 13.x wheel has none). Needs pip and the network.
# usage: scripts/cuda-tools.sh OUTDIR     (then --cuda-path=OUTDIR)
set -eu
out=${1:?usage: cuda-tools.sh OUTDIR}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 -m pip download -q --no-deps -d "$tmp/tools" nvidia-cuda-nvcc
python3 -m pip download -q --no-deps -d "$tmp/libdevice" nvidia-cuda-nvcc-cu12
# (clang wants include/ to exist in a CUDA folder.)
mkdir -p "$out/bin" "$out/include" "$out/nvvm/libdevice"
python3 - "$tmp" "$out" <<'PY'
import glob, os, sys, zipfile
tmp, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(glob.glob(f"{tmp}/tools/*.whl")[0]) as z:
    for name in z.namelist():
        base = os.path.basename(name)
        if name.endswith("/bin/" + base) and base in ("ptxas", "nvlink", "fatbinary"):
            path = os.path.join(out, "bin", base)
            with open(path, "wb") as f:
                f.write(z.read(name))
            os.chmod(path, 0o755)
with zipfile.ZipFile(glob.glob(f"{tmp}/libdevice/*.whl")[0]) as z:
    name = next(n for n in z.namelist() if n.endswith("libdevice.10.bc"))
    with open(os.path.join(out, "nvvm", "libdevice", "libdevice.10.bc"), "wb") as f:
        f.write(z.read(name))
PY
echo "CUDA tools in $out: $(ls "$out/bin" | tr '\n' ' ')"
