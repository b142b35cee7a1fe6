"""HTML body -> plain lines, in time linear in the input and with a capped output.

An HTML-only reply is flattened to text so that the game's grammar can read it; ``<blockquote>``
becomes ``>`` quoted lines (the quote of our own mail), ``<pre>`` keeps its spacing, ``<br>`` and
block elements end lines, and comments, ``<script>``, ``<style>``, ``<title>``, ``<head>``...
are dropped.

Why not a library: the input comes from strangers, so the cost must be bounded *by construction*.
``html.parser.HTMLParser`` (the stdlib) rescans its buffer on unclosed constructs and is quadratic on
an unclosed comment or thousands of unclosed tags (60 KB took 34 s). The tree builders (lxml,
selectolax/lexbor, html5-parser, justhtml) parse in linear time, but they build one DOM node per
unclosed tag (100,000 nested elements: depth limits, recursion in the walk) and the text must then
be collected node by node in Python, for a job that needs the text and a dozen tag names; they would
also add a compiled dependency. Here the markup is reduced by a fixed sequence of regular-expression
substitutions with literal replacements, which run in C:

1. comments, raw-text elements (``<script>``...), declarations and processing instructions are
   removed; an unclosed comment or raw-text element extends to the end, as in a browser, and is
   recognised as such without scanning the rest once per opener (see :func:`html_to_text` and
   :func:`_drop_raw_text`);
2. (nothing is parsed twice: each search starts where the previous one ended);
3. tags become one-character markers (line end, quote in/out, pre in/out...) or nothing; a tag
   is ``<name ...>`` with no ``<`` or ``>`` inside, so a failed match stops at the next ``<`` and
   no character is scanned twice (a ``>`` inside a quoted attribute value ends the tag early:
   harmless for reading a move);
4. entities are decoded;
5. one Python pass over the text segments between runs of markers builds the lines.

Every pattern is a literal prefix followed by character classes or a lazy scan that is known to
succeed, so the work is linear in the input; the quote prefix is capped at :data:`MAX_QUOTE_DEPTH`
levels and the output at :data:`MAX_OUTPUT_CHARS` characters.
"""

from __future__ import annotations

import html as _html
import re
from itertools import accumulate

__all__ = ["html_to_text", "MAX_OUTPUT_CHARS", "MAX_QUOTE_DEPTH"]

MAX_OUTPUT_CHARS = 200_000
"""The flattened text stops here: a move is a line; the rest would only cost time further on."""

MAX_QUOTE_DEPTH = 8
"""At most this many ``> `` per line, however deep the blockquotes nest."""

_BLOCK_TAGS = [
    "address",
    "article",
    "aside",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "section",
    "table",
    "tbody",
    "thead",
    "tfoot",
    "tr",
    "ul",
]
_RAW_TEXT_TAGS = ("script", "style", "title", "textarea", "xmp", "noscript")

# Markers: Unicode noncharacters, removed from the input first (html.unescape never produces them).
FLUSH, BR, Q_IN, Q_OUT, PRE_IN, PRE_OUT, SKIP_IN, SKIP_OUT, HR = (chr(0xFDD0 + i) for i in range(9))
LT = "\ufdef"
"""A ``<`` that is text, until the end (so that no tag pattern tries it)."""
_ANY_MARKER = re.compile("[\ufdd0-\ufdef]")
_MARKER_RUNS = re.compile("([\ufdd0-\ufddf]+)")
_SPACE_BETWEEN_MARKERS = re.compile("(?<=[\ufdd0-\ufddf])\\s+(?=[\ufdd0-\ufddf])")
"""Only blank lines can come of it, and runs of blank lines are collapsed anyway."""

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_DECLARATION = re.compile(r"<[!?][^<>]*>")
_RAW_CLOSE = {t: re.compile(rf"</{t}\s*>", re.IGNORECASE) for t in _RAW_TEXT_TAGS}


def _trie(names: list[str]) -> str:
    """An alternation of ``names`` factored by first letters (``d(?:[dlt]|iv)``): the regex
    engine then decides at each ``<`` in a step or two instead of trying every name."""
    if names == [""]:
        return ""
    groups: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        groups.setdefault(name[:1], []).append(name[1:])
    branches = []
    for head, tails in groups.items():
        if head == "":
            continue
        rest = _trie(tails) if tails != [""] else ""
        optional = "" in tails and tails != [""]
        if rest and not optional:
            branches.append(f"{re.escape(head)}(?:{rest})")
        elif rest:
            branches.append(f"{re.escape(head)}(?:{rest})?")
        else:
            branches.append(re.escape(head))
    return "|".join(branches)


def _tag(names: str, closing: str = "/?") -> re.Pattern[str]:
    return re.compile(rf"<{closing}(?:{_trie(names.split('|'))})\b[^<>]*>", re.IGNORECASE)


_SUBSTITUTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (_tag("br"), BR),
    (_tag("blockquote", ""), FLUSH + Q_IN),
    (_tag("blockquote", "/"), FLUSH + Q_OUT),
    (_tag("pre", ""), FLUSH + PRE_IN),
    (_tag("pre", "/"), FLUSH + PRE_OUT),
    (_tag("head|template", ""), SKIP_IN),
    (_tag("head|template", "/"), SKIP_OUT),
    (_tag("hr"), FLUSH + HR),
    (_tag("td|th", ""), " "),
    (_tag("|".join(_BLOCK_TAGS)), FLUSH),
    (re.compile(r"</?[A-Za-z][^<>]*>"), ""),
)
_RAW_OPEN = re.compile(rf"<({_trie(list(_RAW_TEXT_TAGS))})\b[^<>]*>", re.IGNORECASE)
_NOT_A_TAG = re.compile(r"<(?!/?[A-Za-z][^<>]*>)")
"""A ``<`` that starts no complete tag is text; marking it (:data:`LT`) first leaves the tag
patterns only real tags to try (the lookahead scans to the next ``<`` or ``>``: each stretch
once)."""


MAX_ENTITIES = 20_000
"""Beyond this many ``&``, only the five common entities are decoded (in C, by str.replace):
``html.unescape`` calls Python once per entity."""

_COMMON_ENTITIES = (
    ("&nbsp;", "\xa0"),
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&quot;", '"'),
    ("&#39;", "'"),
    ("&amp;", "&"),
)


def _unescape(text: str) -> str:
    if text.count("&") <= MAX_ENTITIES:
        return _html.unescape(text)
    for entity, char in _COMMON_ENTITIES:
        text = text.replace(entity, char)
    return text


def _drop_raw_text(html: str) -> str:
    """``html`` without its raw-text elements (script, style...); one that is never closed runs to
    the end of the document, as in a browser. Each search starts where the last one ended."""
    out: list[str] = []
    pos = 0
    while True:
        opened = _RAW_OPEN.search(html, pos)
        if opened is None:
            out.append(html[pos:])
            break
        out.append(html[pos : opened.start()])
        closed = _RAW_CLOSE[opened.group(1).lower()].search(html, opened.end())
        if closed is None:
            break
        pos = closed.end()
    return "".join(out)


def _clamped_walk(start: int, run: str, up: str, down: str) -> int:
    """``start`` moved +1 for each ``up`` and -1 for each ``down`` in ``run``, never below 0."""
    if up not in run and down not in run:
        return start
    steps = [1 if c == up else -1 for c in run if c in (up, down)]
    lowest = min(accumulate(steps, initial=start))
    return start + sum(steps) - min(0, lowest)


class _Lines:
    """Builds the output lines; ``current`` is the line being built."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []
        self.size = 0
        self.quote = 0
        self.pre = 0
        self.skip = 0

    def flush(self, line_break: bool = False) -> None:
        # A block boundary ends the current line if there is one; only <br> makes an empty line.
        if not self.current:
            if line_break and self.lines and self.lines[-1].strip(" >"):
                self.lines.append("")
                self.size += 1
            return
        text = "".join(self.current)
        self.current = []
        prefix = "> " * min(self.quote, MAX_QUOTE_DEPTH)
        for line in text.split("\n"):
            if self.pre == 0:
                line = " ".join(line.split())
            if not line.strip() and (not self.lines or not self.lines[-1].strip(" >")):
                continue  # no leading blank line, and no run of them
            out = (prefix + line).rstrip()
            self.lines.append(out)
            self.size += len(out) + 1

    def markers(self, run: str) -> None:
        """A run of markers with no text between them, in time linear in its length.

        No text inside the run means: only its first line end can end a line of text (every
        quote or pre change is preceded by a line end, so that one uses the prefix from before the
        run), later ``<br>`` add at most one blank line (blank runs are collapsed), and for the
        depth counters only the final values matter: a walk clamped at zero, computed as
        ``start + sum - min(0, lowest prefix sum)``.
        """
        if len(run) == 1:
            self.marker(run, 1)
            return
        ends = [i for i in (run.find(FLUSH), run.find(BR), run.find(HR)) if i >= 0]
        if ends:
            first = min(ends)
            self.flush(line_break=run[first] == BR)
            if run.count(BR) - (run[first] == BR) > 0:
                self.flush(line_break=True)
        if HR in run:
            self.marker(HR, run.count(HR))
        self.quote = _clamped_walk(self.quote, run, Q_IN, Q_OUT)
        self.pre = _clamped_walk(self.pre, run, PRE_IN, PRE_OUT)
        self.skip = _clamped_walk(self.skip, run, SKIP_IN, SKIP_OUT)

    def marker(self, mark: str, count: int) -> None:
        if mark == FLUSH:
            self.flush()
        elif mark == BR:
            self.flush(line_break=True)
            if count > 1:
                self.flush(line_break=True)
        elif mark == Q_IN:
            self.quote += count
        elif mark == Q_OUT:
            self.quote = max(0, self.quote - count)
        elif mark == PRE_IN:
            self.pre += count
        elif mark == PRE_OUT:
            self.pre = max(0, self.pre - count)
        elif mark == SKIP_IN:
            self.skip += count
        elif mark == SKIP_OUT:
            self.skip = max(0, self.skip - count)
        elif mark == HR:
            for _ in range(min(count, MAX_OUTPUT_CHARS // 33 + 1)):
                self.lines.append("_" * 32)
            self.size += 33 * count

    def text(self, data: str) -> None:
        if self.skip or not data:
            return
        if self.pre == 0:  # flush() collapses the rest of the whitespace
            data = data.replace("\n", " ")
        self.current.append(data)
        self.size += len(data)


def html_to_text(html: str) -> str:
    """Flatten an HTML body to plain lines; blockquotes become ``>`` lines. Linear time."""
    html = _ANY_MARKER.sub("", html)
    # Comments: every "<!--" before the last "-->" has a "-->" after it, so the lazy pattern
    # never scans to the end in vain; a "<!--" after the last "-->" is never closed and hides
    # the rest of the document.
    last = html.rfind("-->") + 3 if "-->" in html else 0
    head, tail = html[:last], html[last:]
    unclosed = tail.find("<!--")
    html = _COMMENT.sub("", head) + (tail if unclosed < 0 else tail[:unclosed])
    html = _drop_raw_text(html)
    html = _NOT_A_TAG.sub(LT, _DECLARATION.sub("", html))
    for pattern, replacement in _SUBSTITUTIONS:
        html = pattern.sub(replacement, html)
    html = _SPACE_BETWEEN_MARKERS.sub("", _unescape(html).replace(LT, "<"))
    out = _Lines()
    for i, part in enumerate(_MARKER_RUNS.split(html)):
        if i % 2:
            out.markers(part)
        else:
            out.text(part)
        if out.size >= MAX_OUTPUT_CHARS:
            break
    out.flush()
    text = "\n".join(out.lines).strip("\n")
    return text[:MAX_OUTPUT_CHARS]
