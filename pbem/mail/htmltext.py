"""HTML body -> plain lines, in time linear in the input and with a capped output.

An HTML-only reply is flattened to text so that the game's grammar can read it; ``<blockquote>``
becomes ``>`` quoted lines (the quote of our own mail), ``<pre>`` keeps its spacing, ``<script>``,
``<style>``, ``<head>``, ``<title>`` and ``<template>`` are dropped.

Why a hand-written tokenizer and not a library: the input comes from strangers, so the cost must be
bounded *by construction*. ``html.parser.HTMLParser`` (the stdlib) rescans its buffer on unclosed
constructs and is quadratic on an unclosed comment or thousands of unclosed tags (60 KB took 34 s).
Tree builders (lxml, selectolax/lexbor, html5-parser, justhtml) are linear in C or Python but build a
DOM with one node per unclosed tag (100,000 nested elements), have their own nesting limits and
quirks, and would add a compiled dependency, for a job that needs only the text and six tag names.
Here every step advances a position with ``str.find`` or an anchored regular expression whose
alternatives start with distinct characters (no backtracking), so each input character is looked at
a bounded number of times; the quote prefix is capped at :data:`MAX_QUOTE_DEPTH` levels and the output
at :data:`MAX_OUTPUT_CHARS` characters, so nested or repeated tags cannot blow up the result either.
"""

from __future__ import annotations

import html as _html
import re

__all__ = ["html_to_text", "MAX_OUTPUT_CHARS", "MAX_QUOTE_DEPTH"]

MAX_OUTPUT_CHARS = 200_000
"""The flattened text stops here: a move is a line; the rest would only cost time further on."""

MAX_QUOTE_DEPTH = 8
"""At most this many ``> `` per line, however deep the blockquotes nest."""

_BLOCK_TAGS = frozenset(
    "address article aside blockquote center dd div dl dt fieldset figure footer form h1 h2 h3 h4 "
    "h5 h6 header hr li main nav ol p pre section table tbody thead tfoot tr ul".split()
)
_SKIP_TAGS = frozenset({"head", "template"})
"""Containers whose text is dropped (counted, as they may contain tags)."""
_RAW_TEXT_TAGS = frozenset({"script", "style", "title", "textarea", "xmp", "noscript"})
"""Elements whose content is not markup: everything up to the matching end tag is dropped."""

_TAG_START = re.compile(r"<(/?)([A-Za-z][^\s/>\x00]*)")
_ATTR_CHUNK = re.compile(r"[^>\"']*")
_RAW_END = {t: re.compile(rf"</{t}[\s/>]", re.IGNORECASE) for t in _RAW_TEXT_TAGS}
_WS = re.compile(r"\s+")


class _Writer:
    """Collects lines; ``current`` is the line being built."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []
        self.size = 0
        self.quote_depth = 0
        self.pre_depth = 0
        self.skip_depth = 0

    @property
    def full(self) -> bool:
        return self.size >= MAX_OUTPUT_CHARS

    def flush(self, line_break: bool = False) -> None:
        # A block boundary ends the current line if there is one; only <br> makes an empty line.
        if not self.current and not line_break:
            return
        text = "".join(self.current)
        self.current = []
        prefix = "> " * min(self.quote_depth, MAX_QUOTE_DEPTH)
        for line in text.split("\n"):
            if self.pre_depth == 0:
                line = " ".join(line.split())
            if not line.strip() and not self.lines:
                continue
            out = (prefix + line).rstrip()
            self.lines.append(out)
            self.size += len(out) + 1

    def data(self, text: str) -> None:
        if self.skip_depth or not text:
            return
        text = _html.unescape(text)
        if self.pre_depth == 0:
            text = _WS.sub(" ", text)
        self.current.append(text)
        self.size += len(text)

    def start(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self.skip_depth += 1
            return
        if tag == "br":
            self.flush(line_break=True)
            return
        if tag in _BLOCK_TAGS:
            self.flush()
        if tag == "blockquote":
            self.quote_depth += 1
        elif tag == "pre":
            self.pre_depth += 1
        elif tag == "hr":
            self.lines.append("_" * 32)
            self.size += 33
        elif tag in ("td", "th"):
            self.current.append(" ")

    def end(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self.skip_depth = max(0, self.skip_depth - 1)
            return
        if tag in _BLOCK_TAGS:
            self.flush()
        if tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)
        elif tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)


def _tag_end(html: str, pos: int) -> int:
    """The index just after the ``>`` that closes the tag whose attributes start at ``pos``
    (``len(html)`` when the tag never closes). A quote opens a value only after ``=``."""
    n = len(html)
    while True:
        m = _ATTR_CHUNK.match(html, pos)
        assert m is not None  # the pattern matches the empty string
        pos = m.end()
        if pos >= n:
            return n
        if html[pos] == ">":
            return pos + 1
        # A quote character: a quoted value when it follows "=", else an ordinary character.
        if html[m.start() : pos].rstrip().endswith("="):
            close = html.find(html[pos], pos + 1)
            if close < 0:
                return n
            pos = close + 1
        else:
            pos += 1


def html_to_text(html: str) -> str:
    """Flatten an HTML body to plain lines; blockquotes become ``>`` lines. Linear time."""
    w = _Writer()
    n = len(html)
    pos = 0
    while pos < n and not w.full:
        lt = html.find("<", pos)
        if lt < 0:
            w.data(html[pos:])
            break
        if lt > pos:
            w.data(html[pos:lt])
        if html.startswith("<!--", lt):
            end = html.find("-->", lt + 4)
            pos = n if end < 0 else end + 3
            continue
        if html.startswith("<!", lt) or html.startswith("<?", lt):
            end = html.find(">", lt + 2)
            pos = n if end < 0 else end + 1
            continue
        m = _TAG_START.match(html, lt)
        if m is None:
            w.data("<")
            pos = lt + 1
            continue
        closing, tag = m.group(1) == "/", m.group(2).lower()
        pos = _tag_end(html, m.end())
        if closing:
            w.end(tag)
            continue
        w.start(tag)
        if tag in _RAW_TEXT_TAGS:
            found = _RAW_END[tag].search(html, pos)
            if found is None:
                break
            pos = _tag_end(html, found.end() - 1)
    w.flush()
    lines: list[str] = []
    for line in w.lines:  # collapse runs of blank lines left by nested blocks
        if line.strip(" >") == "" and lines and lines[-1].strip(" >") == "":
            continue
        lines.append(line)
    text = "\n".join(lines).strip("\n")
    return text[:MAX_OUTPUT_CHARS]
