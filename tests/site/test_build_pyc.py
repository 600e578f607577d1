"""sitebuild/pyc.py: each compiled source takes its .pyc's place in a wheel, listed in its RECORD."""

from __future__ import annotations

import importlib.util
import io
import marshal
import py_compile
import zipfile
from pathlib import Path

from sitebuild import pyc as build_pyc


def test_a_compiled_source_is_replaced_by_its_bytecode_and_listed(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("ANSWER = 42\n")
    pyc = py_compile.compile(str(source), str(tmp_path / "mod.pyc"),
                             invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    assert pyc is not None
    compiled = Path(pyc).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        wheel.writestr("pkg/mod.py", source.read_text())
        wheel.writestr("pkg/other.py", "X = 1\n")
        wheel.writestr("pkg-1.dist-info/RECORD", "pkg/mod.py,sha256=abc,12\npkg/other.py,sha256=def,6\n"
                                                 "pkg-1.dist-info/RECORD,,\n")
    data = build_pyc.compiled_in(buffer.getvalue(), {"pkg/mod.py": compiled}, build_pyc.record_of(buffer.getvalue()))
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        assert wheel.namelist() == ["pkg/mod.pyc", "pkg/other.py", "pkg-1.dist-info/RECORD"]
        assert wheel.read("pkg-1.dist-info/RECORD").decode().splitlines() == [
            f"pkg/mod.pyc,sha256={build_pyc.record_hash(compiled)},{len(compiled)}",
            "pkg/other.py,sha256=def,6", "pkg-1.dist-info/RECORD,,"]
        code = wheel.read("pkg/mod.pyc")
    assert code[:4] == importlib.util.MAGIC_NUMBER
    namespace: dict[str, object] = {}
    exec(marshal.loads(code[16:]), namespace)  # noqa: S102 (the bytecode just compiled)
    assert namespace["ANSWER"] == 42
    assert build_pyc.compiled_in(buffer.getvalue(), {"pkg/mod.py": compiled}) == build_pyc.compiled_in(
        buffer.getvalue(), {"pkg/mod.py": compiled})  # the same bytes each build
