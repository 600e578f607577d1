#!/usr/bin/env python3
"""Build the deployable static site into site/, or build it and serve it.

    python build.py                                  # build site/
    python build.py serve [--port 8000] [--base /games/500/]

site/ is the whole site, with relative paths only, so it works from any
static host, at the root or under a subpath:

    index.html, main.py, page.js, pyscript.toml, ...  everything from web/ but web/app/ (index.html
                              with the start screen rendered in)
    pyscript/                 PyScript's core, less the plugins web/pyscript.toml disables
    pyodide/                  Pyodide's core files; pyodide-lock.json trimmed to the wheels
                              beside it: micropip (from PyPI, its sha256 rewritten), the
                              engine and bots (from pyproject) and the app (web/app/); our
                              wheels' names carry a hash of their sources, so no cache can
                              serve stale code; our modules, and the standard library's that
                              the worker imports at start, as bytecode (sitebuild/pyc.py: Node
                              runs the same Pyodide to compile them; cached in .cache/pyc/)
    build-manifest.json       every file's sha256 and size, and the site's version hash

index.html comes with the start screen already in it (the app's own Python renders it at
build time, with the default choices), so it is usable at first paint. PyScript runs main.py,
the whole app, in one worker (page.js draws what it answers); web/pyscript.toml points it at
the local Pyodide and names our two wheels as packages, which Pyodide
fetches from the lock while it boots ("passthrough": no micropip install, no IndexedDB
cache), nothing from a CDN. Nothing is rebuilt when its inputs did not change.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import importlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from sitebuild import pwa, pyc

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
SITE = ROOT / "site"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIST = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYSCRIPT_SOURCES = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
"""PyScript's own Python modules, which it writes as source where the worker starts."""
PYSCRIPT_BYTECODE = "pyodide/pyscript-pyc.zip"
"""Those modules compiled (sitebuild/pyc.py), unpacked beside them by web/pyscript.toml's [files]."""
APP = WEB / "app"
APP_NAME = "five-hundred-app"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
MANIFEST = "build-manifest.json"
# Debian's Chromium and its flags, for e2e/ and scripts/bench_load.py (`playwright install` cannot
# download browsers here).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage",
]
MIME_TYPES = {
    ".css": "text/css",
    ".html": "text/html",
    ".ico": "image/x-icon",
    ".js": "text/javascript",
    ".json": "application/json",
    ".mjs": "text/javascript",
    ".png": "image/png",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".toml": "application/toml",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
}

SiteFiles = dict[str, Path | bytes]  # path in site/ -> source file or content


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run(*command: str) -> None:
    subprocess.run(command, cwd=ROOT, check=True)


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def ensure_node_modules() -> None:
    """Run `npm ci` unless node_modules already matches package-lock.json."""
    installed = NODE_MODULES / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < (ROOT / "package-lock.json").stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")


def micropip_wheel(lock: Mapping[str, Any]) -> Path:
    """The micropip wheel that Pyodide's lock names, downloaded once from PyPI into .cache/."""
    entry = lock["packages"]["micropip"]
    wheel = CACHE / "micropip" / str(entry["file_name"])
    if not wheel.exists():
        python_version = ".".join(lock["info"]["python"].split(".")[:2])
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", python_version, "--dest", str(wheel.parent), f"micropip=={entry['version']}")
    return wheel


def pyscript_files(disabled_plugins: Iterable[str]) -> SiteFiles:
    """core.js and every chunk it can import, except those of disabled plugins."""
    skipped = re.compile("|".join(re.escape(p) + r"[-_]" for p in disabled_plugins) or "$^")
    files: SiteFiles = {}
    pending = ["core.js"]
    while pending:
        name = pending.pop()
        if name in files:
            continue
        source = PYSCRIPT_DIST / name
        files[name] = source
        imported = re.findall(r'(?:from|import)\s*\(?\s*"\./([^"]+\.js)"', source.read_text())
        pending += [i for i in imported if not skipped.match(i)]
    return {f"pyscript/{name}": path for name, path in files.items()}


def source_hash(sources: list[Path]) -> str:
    """A short hash of files' paths and contents: a wheel's build tag (which must start with a digit)."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(f"{source.relative_to(ROOT).as_posix()}\0".encode() + source.read_bytes())
    return "0" + digest.hexdigest()[:12]


def our_wheel(packages: list[str]) -> Path:
    """Our wheel (engine and bots), cached by a hash of its sources; the hash is its build tag."""
    sources = [ROOT / "pyproject.toml", *(f for package in packages for f in files_under(ROOT / package))]
    build_tag = source_hash(sources)
    folder = CACHE / "wheels"
    cached = list(folder.glob(f"*-{build_tag}-*.whl"))
    if cached:
        return cached[0]
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools would ship stale files left there
    with tempfile.TemporaryDirectory() as tmp:
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
            "--wheel-dir", tmp, str(ROOT))
        (built,) = Path(tmp).glob("*.whl")
        check_wheel_complete(built, sources)
        name, version, tags = built.name.split("-", 2)
        wheel = folder / f"{name}-{version}-{build_tag}-{tags}"
        folder.mkdir(parents=True)
        shutil.move(built, wheel)
    return wheel


def app_wheel(version: str) -> tuple[str, bytes]:
    """The app package (web/app/) as a pure-Python wheel: its file name and bytes, built in memory
    with fixed timestamps, so the same sources give the same bytes."""
    sources = [f for f in files_under(APP) if f.suffix == ".py"]
    dist = f"{APP_NAME.replace('-', '_')}-{version}"
    files = {f.relative_to(WEB).as_posix(): f.read_bytes() for f in sources}
    files[f"{dist}.dist-info/METADATA"] = f"Metadata-Version: 2.1\nName: {APP_NAME}\nVersion: {version}\n".encode()
    files[f"{dist}.dist-info/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\n"
                                        b"Tag: py3-none-any\n")
    record = "".join(f"{name},sha256={pyc.record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{dist}.dist-info/RECORD"] = (record + f"{dist}.dist-info/RECORD,,\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return f"{dist}-{source_hash(sources)}-py3-none-any.whl", buffer.getvalue()


def check_wheel_complete(wheel: Path, sources: list[Path]) -> None:
    """Fail when a module is left out, e.g. a subpackage missing from pyproject's packages."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    missing = [rel for s in sources if s.suffix == ".py" and (rel := s.relative_to(ROOT).as_posix()) not in shipped]
    if missing:
        sys.exit(f"build: not in the wheel (list subpackages in pyproject's packages): {missing}")


def pyodide_files(project: Mapping[str, Any], wheel: Path) -> SiteFiles:
    """Pyodide's core files, micropip and our two wheels, and a lock listing only those."""
    lock = json.loads((PYODIDE_DIST / "pyodide-lock.json").read_text())
    micropip = micropip_wheel(lock)
    version = project["project"]["version"]
    app_name, app_data = app_wheel(version)
    wheels = {
        project["project"]["name"]: (wheel.name, wheel.read_bytes(), project["tool"]["setuptools"]["packages"]),
        APP_NAME: (app_name, app_data, [APP.name]),
    }
    compiled = start_bytecode({file_name: data for file_name, data, _ in wheels.values()},
                              [p for *_, ps in wheels.values() for p in ps])
    wheels = {name: (file_name, pyc.compiled_in(data, compiled["site"], pyc.record_of(data)), imports)
              for name, (file_name, data, imports) in wheels.items()}
    lock["packages"] = {
        "micropip": {**lock["packages"]["micropip"], "sha256": sha256(micropip.read_bytes())},
    } | {
        name: {
            "name": name,
            "version": version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": sha256(data),
            "package_type": "package",
            "imports": imports,
            "depends": [],
            "unvendored_tests": False,
            "tool": {},
        } for name, (file_name, data, imports) in wheels.items()
    }
    files: SiteFiles = {f"pyodide/{f}": PYODIDE_DIST / f for f in PYODIDE_FILES}
    files["pyodide/python_stdlib.zip"] = pyc.compiled_in((PYODIDE_DIST / "python_stdlib.zip").read_bytes(),
                                                               compiled["stdlib"])
    files[PYSCRIPT_BYTECODE] = pyc.archive(compiled["pyscript"])
    files["pyodide/pyodide-lock.json"] = json.dumps(lock, indent=1).encode()
    files[f"pyodide/{micropip.name}"] = micropip
    files |= {f"pyodide/{file_name}": data for file_name, data, _ in wheels.values()}
    return files


def start_bytecode(wheels: Mapping[str, bytes], packages: list[str]) -> dict[str, dict[str, bytes]]:
    """sitebuild.pyc.compile_start's .pyc files, cached in .cache/ by a hash of all its inputs."""
    inputs = [*wheels.values(), (WEB / "main.py").read_bytes(), (PYODIDE_DIST / "package.json").read_bytes(),
              (ROOT / "sitebuild" / "pyc.py").read_bytes(), PYSCRIPT_SOURCES.read_bytes()]
    cached = CACHE / "pyc" / f"{sha256(b''.join(sha256(data).encode() for data in inputs))[:20]}.zip"
    if not cached.exists():
        compiled = pyc.compile_start(PYODIDE_DIST, wheels, WEB / "main.py", packages, PYSCRIPT_SOURCES)
        shutil.rmtree(cached.parent, ignore_errors=True)
        cached.parent.mkdir(parents=True)
        with zipfile.ZipFile(cached, "w") as archive:
            for area, found in compiled.items():
                for rel, data in found.items():
                    archive.writestr(f"{area}/{rel}", data)
    stored: dict[str, dict[str, bytes]] = {area: {} for area in pyc.AREAS}
    with zipfile.ZipFile(cached) as archive:
        for name in archive.namelist():
            area, rel = name.split("/", 1)
            stored[area][rel] = archive.read(name)
    return stored


PAGE_CHUNKS = ("core", "toml", "error")
"""The chunks of PyScript's core (core.js's, named NAME-HASH.js) the page imports before it starts the
worker: the page's resource timing shows them (e2e/site/test_smoke.py holds the list to it)."""


def preloads(page: str, pyscript: Iterable[str]) -> str:
    """The links that fetch what the page loads before the worker starts while the page parses,
    instead of one after another as each import is run: page.js's own imports, PyScript's core
    and its chunks of ``pyscript`` (the site's file names) the page needs, and what PyScript
    fetches on the page: the worker's script and config, as the ``page``'s worker tag names them."""
    modules = re.findall(r'^import .* from "\./([^"]+\.js)";$', (WEB / "page.js").read_text(), re.M)
    modules += sorted(name for name in pyscript
                      if name == "pyscript/core.js" or re.fullmatch(rf"pyscript/({'|'.join(PAGE_CHUNKS)})-[\w-]+\.js", name))
    worker = re.search(r'<script type="py" worker [^>]*src="\./(?P<src>[^"]+)" config="\./(?P<config>[^"]+)"', page)
    if worker is None:
        sys.exit('build: web/index.html needs its <script type="py" worker ... src="./..." config="./...">')
    links = [f'<link rel="modulepreload" href="./{name}">' for name in modules]
    links += [f'<link rel="preload" href="./{name}" as="fetch" crossorigin>' for name in worker.group("config", "src")]
    return "\n  ".join(links)


def index_page(pyscript: Iterable[str]) -> bytes:
    """web/index.html with the start screen (default choices, no saved games) and the cards'
    shapes rendered in, by the same Python the worker runs, and the preloads (``pyscript``: the
    site's PyScript files)."""
    sys.path.insert(0, str(WEB))
    try:
        start = importlib.import_module("app.worker.controller").App().regions()["start"]
        sprite = importlib.import_module("app.html.svg").sprite()
    finally:
        sys.path.remove(str(WEB))
    page = (WEB / "index.html").read_text()
    for mark, html in (("<!--start-->", start), ("<!--sprite-->", sprite), ("<!--preloads-->", preloads(page, pyscript))):
        if page.count(mark) != 1:
            sys.exit(f"build: web/index.html needs one {mark}")
        page = page.replace(mark, html)
    return page.encode()


def write_if_changed(target: Path, data: bytes) -> None:
    if not target.is_file() or target.read_bytes() != data:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def write_site(files: SiteFiles) -> dict[str, Any]:
    """Make site/ hold exactly `files` plus the manifest; rewrite only what changed."""
    entries: dict[str, dict[str, Any]] = {}
    for rel, source in sorted(files.items()):
        data = source.read_bytes() if isinstance(source, Path) else source
        write_if_changed(SITE / rel, data)
        entries[rel] = {"sha256": sha256(data), "size": len(data)}
    for stale in files_under(SITE):
        if stale.relative_to(SITE).as_posix() not in {*files, MANIFEST}:
            stale.unlink()
    for folder in sorted((p for p in SITE.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    listing = "".join(f"{rel} {entry['sha256']}\n" for rel, entry in entries.items())
    manifest = {"version": sha256(listing.encode())[:16], "files": entries}
    write_if_changed(SITE / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    return manifest


def build() -> dict[str, Any]:
    """Build site/ and return its manifest."""
    started = time.perf_counter()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    config = tomllib.loads((WEB / "pyscript.toml").read_text())
    disabled = [p[1:] for p in config.get("plugins", []) if p.startswith("!")]
    ensure_node_modules()
    wheel = our_wheel(project["tool"]["setuptools"]["packages"])
    files: SiteFiles = {p.relative_to(WEB).as_posix(): p for p in files_under(WEB) if APP not in p.parents}
    pyscript = pyscript_files(disabled)
    files |= pyscript
    files["index.html"] = index_page(pyscript)
    files |= pyodide_files(project, wheel)
    manifest = write_site(files)
    manifest = pwa.finish(SITE, manifest)  # PWA: the service worker's precache list
    size = sum(entry["size"] for entry in manifest["files"].values())
    print(f"site/ built: {len(files)} files, {size / 1e6:.1f} MB, version {manifest['version']}, "
          f"{wheel.name}, {time.perf_counter() - started:.1f} s")
    return manifest


@functools.lru_cache(maxsize=512)
def _etag(path: str, mtime_ns: int, size: int) -> str:
    """A file's entity tag: its content's hash (cached while its time and size stay)."""
    return f'"{sha256(Path(path).read_bytes())[:20]}"'


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves site/ under `base` (e.g. "/games/500/"); browsers revalidate every file, by its
    content's hash (an ETag): a modification time counts whole seconds, and a file rewritten
    within one (a new service worker, say) would be answered "304 Not Modified"."""

    base = "/"
    quiet = False
    extensions_map = MIME_TYPES
    bytes_sent = 0
    """Body bytes served so far by this server (the load benchmark reads it)."""
    etag = ""

    def send_head(self) -> Any:
        self.etag = ""
        if self.path.startswith(self.base):
            del self.headers["If-Modified-Since"]
            path = Path(self.translate_path(self.path))
            if path.is_file():
                stat = path.stat()
                self.etag = _etag(str(path), stat.st_mtime_ns, stat.st_size)
                if self.etag in self.headers.get("If-None-Match", ""):
                    self.send_response(304)
                    self.end_headers()
                    return None
            return super().send_head()
        if self.path in ("/", self.base.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", self.base)
            self.end_headers()
        else:
            self.send_error(404)
        return None

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base):])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.etag:
            self.send_header("ETag", self.etag)
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        type(self).bytes_sent += source.tell() - start

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(site: Path = SITE, port: int = 0, base: str = "/",
                quiet: bool = False) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A server for `site` on 127.0.0.1 (port 0: any free port) and the site's URL; call serve_forever()."""
    base = f"/{base.strip('/')}/".replace("//", "/")
    handler = type("Handler", (SiteHandler,), {"base": base, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(site)))
    return server, f"http://127.0.0.1:{server.server_address[1]}{base}"


@contextlib.contextmanager
def serving(site: Path = SITE, base: str = "/") -> Iterator[str]:
    """Serve `site` quietly from a background thread on a free port; yields the site's URL."""
    with serving_with_handler(site, base) as (url, _):
        yield url


@contextlib.contextmanager
def serving_with_handler(site: Path = SITE, base: str = "/") -> Iterator[tuple[str, type[SiteHandler]]]:
    """As `serving`, also yielding the handler class (its `bytes_sent` counts what was served)."""
    server, url = make_server(site, base=base, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield url, server.RequestHandlerClass.func  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="build, then serve site/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--base", default="/", help="URL path to serve the site under, e.g. /games/500/")
    args = parser.parse_args()
    build()
    if args.command == "serve":
        server, url = make_server(port=args.port, base=args.base)
        print(f"Serving site/ at {url}  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()


if __name__ == "__main__":
    main()
