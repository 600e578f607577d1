"""HTML's building blocks: tags, controls and the small pieces every screen uses; pure functions.

Every control is a real ``<button>`` (or form control) with a name for
screen readers.  ``data-action`` / ``data-value`` say what a control does
(``web/main.py`` turns them into :meth:`app.worker.controller.App.dispatch` calls);
``data-key`` names it so that focus survives a redraw; ``data-autofocus``
marks where focus goes when it was lost (the player's next decision).  No
inline styles: the site runs under a Content-Security-Policy without them.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, NamedTuple

from app.html.cards import minus

SUIT_COLOURS = {"♥": "red hearts", "♦": "red diamonds", "♠": "black spades", "♣": "black clubs"}
"""A suit symbol's classes: its colour, and its suit for the four-colour deck (style.css)."""


def attrs(**values: Any) -> str:
    """HTML attributes: '_' in names becomes '-' (a trailing one is dropped), True is a bare
    attribute, None and False are left out."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        elif value is not None and value is not False:
            out.append(f' {name}="{escape(str(value))}"')
    return "".join(out)


def tag(element: str, body: str = "", /, **values: Any) -> str:
    """An element: ``body`` is markup, already escaped."""
    return f"<{element}{attrs(**values)}>{body}</{element}>"


def void(element: str, /, **values: Any) -> str:
    """An element with no end tag: <input>."""
    return f"<{element}{attrs(**values)}>"


def text(element: str, words: str, /, **values: Any) -> str:
    """An element holding plain text."""
    return tag(element, escape(words), **values)


def button(words: str, action: str, value: Any = None, *, key: str = "", cls: str = "btn",
           label: str | None = None, disabled: bool = False, autofocus: bool = False, html: bool = False,
           pressed: bool | None = None, described: str | None = None) -> str:
    """A button that dispatches ``action`` with ``value``; ``html``: ``words`` is markup;
    ``pressed``: a toggle's state (aria-pressed), None for a plain button; ``described``: the id
    of the words that describe it."""
    return tag("button", words if html else escape(words), type="button", class_=cls, data_action=action,
               data_value=value, data_key=key or None, aria_label=label, disabled=disabled,
               data_autofocus=autofocus, aria_pressed=None if pressed is None else str(pressed).lower(),
               aria_describedby=described)


class Choice(NamedTuple):
    """A drop-down's choice: its value, its label, and whether it may be chosen."""

    value: str | int
    label: str
    enabled: bool = True


def select(label: str, key: str, action: str, choices: Iterable[Choice], current: object, **values: Any) -> str:
    """A labelled drop-down of its choices (those not enabled disabled)."""
    options = "".join(tag("option", escape(c.label), value=c.value, selected=c.value == current,
                          disabled=not c.enabled) for c in choices)
    return tag("div", text("label", label, for_=key) + tag("select", options, id=key, data_action=action,
                                                            data_key=key, **values), class_="field")


def checkbox(label: str, key: str, action: str, checked: bool, **values: Any) -> str:
    return tag("label", void("input", type="checkbox", checked=checked, data_action=action, data_key=key, **values)
               + text("span", label), class_="field check")



def points(n: int) -> str:
    """Points with their sign: '+200', '−300', '0'."""
    return f"+{n}" if n > 0 else minus(n)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bid_html(words: str) -> str:
    """A bid's short text, its suit symbol coloured: '7♥' -> 7<span class="red">♥</span>."""
    colour = SUIT_COLOURS.get(words[-1:])
    return escape(words[:-1]) + text("span", words[-1], class_=colour) if colour else escape(words)
