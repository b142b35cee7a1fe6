"""Durations as players write them, in the four languages: ``7d``, ``2 weeks``, ``2 Wochen``,
``deux semaines``, ``10 giorni``, ``1 day 12 hours``, ``36 Stunden`` (issue 31).

:func:`read_duration` turns such a text into the service's short form (``14d``, ``36h``, ``90m``),
which :func:`pbem.service.community.parse_duration` reads. Pure.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["read_duration"]

_UNITS: dict[str, int] = {}
for _secs, _names in (
    (
        7 * 86400,
        "w wk wks week weeks semaine semaines sem settimana settimane sett woche wochen",
    ),
    (86400, "d day days jour jours j giorno giorni gg g tag tage tagen"),
    (3600, "h hr hrs hour hours heure heures ora ore stunde stunden std"),
    (60, "m min mins minute minutes minuto minuti minuten"),
):
    for _n in _names.split():
        _UNITS[_n] = _secs

_NUMBERS: dict[str, int] = {}
for _value, _names in (
    (1, "one a an un une uno una un' ein eine einen einem einer"),
    (2, "two deux due zwei"),
    (3, "three trois tre drei"),
    (4, "four quatre quattro vier"),
    (5, "five cinq cinque funf fuenf"),
    (6, "six sei sechs"),
    (7, "seven sept sette sieben"),
    (8, "eight huit otto acht"),
    (9, "nine neuf nove neun"),
    (10, "ten dix dieci zehn"),
    (11, "eleven onze undici elf"),
    (12, "twelve douze dodici zwolf zwoelf"),
    (14, "fourteen quatorze quattordici vierzehn"),
    (15, "fifteen quinze quindici funfzehn fuenfzehn"),
    (21, "twenty-one vingt-et-un ventuno einundzwanzig"),
    (30, "thirty trente trenta dreissig"),
):
    for _n in _names.split():
        _NUMBERS[_n] = _value
_NUMBERS.update({"half": 0, "demi": 0, "mezza": 0, "halb": 0})  # "half an hour": not read

_AND = {"and", "et", "e", "und", ",", "+"}
_PIECE = re.compile(r"(\d+|[^\W\d_]+'?|[,+])")


def _fold(text: str) -> str:
    t = text.casefold().replace("ß", "ss")
    t = "".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c))
    return t


def read_duration(text: str) -> str | None:
    """The short form (``14d``, ``36h``, ``90m``, ``0``) of a duration written in figures or words
    in English, French, Italian or German, or None when ``text`` is not one."""
    pieces = _PIECE.findall(_fold(text).replace("-", " - ").replace(" - ", "-"))
    if not pieces:
        return None
    if pieces == ["0"]:
        return "0"
    total = 0
    i = 0
    read_any = False
    while i < len(pieces):
        p = pieces[i]
        if p in _AND and read_any:
            i += 1
            continue
        m = re.fullmatch(r"(\d{1,4})([a-z]+)", p)
        if m and m.group(2) in _UNITS:  # "7d", "2w", "36h"
            total += int(m.group(1)) * _UNITS[m.group(2)]
            read_any = True
            i += 1
            continue
        if p.isdigit() and len(p) <= 4:
            n = int(p)
        elif p in _NUMBERS and _NUMBERS[p] > 0:
            n = _NUMBERS[p]
        else:
            return None
        if i + 1 >= len(pieces) or pieces[i + 1] not in _UNITS:
            return None
        total += n * _UNITS[pieces[i + 1]]
        read_any = True
        i += 2
    if not read_any or total <= 0:
        return None
    for unit, n in (("d", 86400), ("h", 3600)):
        if total % n == 0:
            return f"{total // n}{unit}"
    return f"{total // 60}m"
