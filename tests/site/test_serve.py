"""`build.py serve`: a file rewritten within the same second is served anew (an ETag by content)."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from pathlib import Path

import build


def get(url: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as e:
        return e.code, b"", dict(e.headers)


def test_a_file_rewritten_within_the_same_second_is_not_answered_304(tmp_path: Path) -> None:
    sw = tmp_path / "sw.js"
    sw.write_text("// version 1\n")
    second = int(sw.stat().st_mtime)
    os.utime(sw, (second + 0.1, second + 0.1))
    with build.serving(tmp_path, "/games/500/") as url:
        status, body, headers = get(url + "sw.js")
        assert status == 200 and body == b"// version 1\n"
        last_modified, etag = headers["Last-Modified"], headers.get("ETag", "")
        sw.write_text("// version 2, longer\n")
        os.utime(sw, (second + 0.6, second + 0.6))  # the same second: Last-Modified cannot tell
        status, body, headers = get(url + "sw.js", **{"If-Modified-Since": last_modified})
        assert status == 200 and body == b"// version 2, longer\n"
        assert headers["ETag"] != etag and get(url + "sw.js", **{"If-None-Match": headers["ETag"]})[0] == 304
