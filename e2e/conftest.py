"""Browser tests of the built site, run with `pytest e2e` from the repo root.

The session builds site/ once (or serves the folder that FIVE_HUNDRED_SITE
names, already built), serves it on 127.0.0.1 under a subpath, so that every
path must be relative, and drives Debian's Chromium headless.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402

BASE_PATH = "/games/500/"


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    site = os.environ.get("FIVE_HUNDRED_SITE")
    if not site:
        build.build()
    with build.serving(Path(site) if site else build.SITE, BASE_PATH) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: `page.goto("./")` opens the site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": build.CHROMIUM, "args": build.CHROMIUM_ARGS}
