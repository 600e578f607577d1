"""Bytecode compiled at build time by the site's own Pyodide, so the worker does not compile
at start (build.py calls :func:`compile_start`).

Pyodide ships its standard library as source only, and our wheels are source: without this, the
worker compiles every module it imports, each time it starts, which was about half of its
import time. Here Node runs the Pyodide from node_modules, loads our wheels, runs web/main.py
to the first table (a deal where South bids first) and compiles, with that Python, every
module of our wheels and the standard library's modules imported by then. Each .pyc takes its
source's place in the wheel or in python_stdlib.zip, as in Pyodide's own packages: the site
grows by less than with both (tracebacks there give file and line, not the line's text).
The .pyc files are "unchecked hash" ones (PEP 552), which need no source beside them; they
are compiled by the Python that runs them (the cache key has Pyodide's version).
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""Every entry's time in the zips this writes: the same inputs give the same bytes."""
AREAS = ("stdlib", "site", "pyscript")
"""Where the .pyc files go (compile_start)."""
FIRST_TABLE = '{"op": "start", "local": {}, "session": {}, "path": "/", "queued": [["start", "1-3-1"]]}'
"""What main.py is asked at build time: a deal where South bids first, as the player's first table."""

# Runs in Pyodide under Node: the last argument is a JSON file naming the wheels, main.py and the output.
NODE = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "node:fs";
const job = JSON.parse(readFileSync(process.argv.at(-1), "utf8"));
const py = await loadPyodide({ indexURL: job.indexURL, stdout: (s) => console.error(s) });
await py.loadPackage(job.wheels, { checkIntegrity: false });  // as the worker does (its loader's imports count)
py.FS.writeFile("/home/pyodide/main.py", new Uint8Array(readFileSync(job.main)));
job.pyscript = (await import(job.pyscript)).default.pyscript;  // the modules PyScript writes at start
py.globals.set("job", py.toPy(job));
writeFileSync(job.out, py.runPython(%(python)s));
"""
PYTHON = '''
import base64, json, os, runpy, sys, sysconfig
main = runpy.run_path("/home/pyodide/main.py")
main["handle"](job["first"])
started = list(sys.modules.items())  # before this script's own imports below
import zipimport
stdlib = sys.path[1]  # /lib/python314.zip, on sys.path as Pyodide starts
site = sysconfig.get_path("purelib")
def pyc(source, shown, mode="UNCHECKED_HASH"):
    import py_compile
    os.makedirs("/tmp/pyc", exist_ok=True)
    with open("/tmp/pyc/source.py", "wb") as f:
        f.write(source)
    py_compile.compile("/tmp/pyc/source.py", "/tmp/pyc/out.pyc", shown, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode[mode])
    with open("/tmp/pyc/out.pyc", "rb") as f:
        return base64.b64encode(f.read()).decode()
out = {"stdlib": {}, "site": {}, "pyscript": {}}
for file, source in job["pyscript"].items():  # checked: a source PyScript writes otherwise is compiled anew
    cached = f"__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc"
    out["pyscript"][cached] = pyc(source.encode(), f"/home/pyodide/pyscript/{file}", "CHECKED_HASH")
for name, module in sorted(started):
    path = getattr(module, "__file__", None) or ""
    if isinstance(module.__loader__, zipimport.zipimporter) and path.startswith(stdlib + "/") and path.endswith(".py"):
        rel = path[len(stdlib) + 1:]
        out["stdlib"][rel] = pyc(module.__loader__.get_data(path), path)
for package in job["packages"]:
    for folder, _, files in os.walk(f"{site}/{package}"):
        for file in sorted(files):
            if file.endswith(".py"):
                path = f"{folder}/{file}"
                with open(path, "rb") as f:
                    out["site"][path[len(site) + 1:]] = pyc(f.read(), path)
json.dumps(out)
'''


def compile_start(pyodide_dist: Path, wheels: Mapping[str, bytes], main: Path, packages: list[str],
                  pyscript: Path) -> dict[str, dict[str, bytes]]:
    """The .pyc files, by path in python_stdlib.zip ("stdlib"), in our wheels ("site"), and in
    the folder where PyScript writes its own modules' sources at every start ("pyscript": the
    sources ``pyscript``, a module of PyScript's, holds; checked-hash .pyc files there, so that a
    source PyScript writes otherwise is compiled as before)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: Node is needed to compile the worker's bytecode (it runs npm already)")
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp) / "job.json"
        out = Path(tmp) / "out.json"
        paths = [Path(tmp) / name for name in wheels]
        for path, data in zip(paths, wheels.values()):
            path.write_bytes(data)
        job.write_text(json.dumps({"indexURL": f"{pyodide_dist}/", "wheels": [str(w) for w in paths],
                                   "main": str(main), "out": str(out), "first": FIRST_TABLE,
                                   "packages": packages, "pyscript": pyscript.as_uri()}))
        script = NODE % {"pyodide": json.dumps((pyodide_dist / "pyodide.mjs").as_uri()),
                         "python": json.dumps(PYTHON)}
        subprocess.run([node, "--input-type=module", "-e", script, "--", str(job)], check=True,
                       stdout=subprocess.DEVNULL)
        found = json.loads(out.read_text())
    return {area: {rel: base64.b64decode(data) for rel, data in found[area].items()} for area in AREAS}


def compiled_in(archive: bytes, compiled: Mapping[str, bytes], record: str | None = None) -> bytes:
    """A zip's bytes with each source named in ``compiled`` (by its path) replaced by its .pyc
    (in a wheel: in its RECORD file ``record`` too)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename in compiled:
                data = compiled[info.filename]
                info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
            elif info.filename == record:
                lines = data.decode().splitlines(keepends=True)
                data = "".join(_record_line(line, compiled) for line in lines).encode()
            target.writestr(info, data)
    return buffer.getvalue()


def archive(files: Mapping[str, bytes]) -> bytes:
    """A zip of ``files`` (by path), the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in sorted(files.items()):
            target.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _record_line(line: str, compiled: Mapping[str, bytes]) -> str:
    name = line.split(",", 1)[0]
    if name not in compiled:
        return line
    return f"{name[:-3]}.pyc,sha256={record_hash(compiled[name])},{len(compiled[name])}\n"


def record_hash(data: bytes) -> str:
    """A file's hash as a wheel's RECORD gives it."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def record_of(wheel: bytes) -> str:
    """The path of a wheel's RECORD file."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        (record,) = (n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
    return record
