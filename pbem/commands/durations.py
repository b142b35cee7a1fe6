"""Durations and times, read and said: the one module for them (issue 24).

Reading: :func:`read_duration` turns what players write, in the four languages (``7d``,
``2 weeks``, ``2 Wochen``, ``deux semaines``, ``10 giorni``, ``1 day 12 hours``, ``36 Stunden``;
issue 31), into the service's short form (``14d``, ``36h``, ``90m``); :func:`parse_short` reads
the short form alone (the GM's commands), :func:`parse_duration` either.

Saying: :func:`short_duration` (the short form back), :func:`say_duration` (``7 days``, ``1 day
6 hours``, in the mail's language), :func:`exact_span` (the GM's ``3 days``, English),
:func:`say_time` (a moment) and :func:`format_due` (a deadline, with how far off it is).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from pbem import i18n
from pbem.i18n import _, ngettext

__all__ = [
    "back_on",
    "day_named",
    "leave_before",
    "exact_span",
    "leading_duration",
    "format_due",
    "mentions_time",
    "parse_duration",
    "parse_short",
    "read_duration",
    "read_until",
    "say_duration",
    "say_time",
    "short_duration",
]

_UNITS: dict[str, int] = {}
for _secs, _names in (
    (
        7 * 86400,
        "w wk wks week weeks semaine semaines sem settimana settimane sett woche wochen",
    ),
    (14 * 86400, "fortnight fortnights"),
    (86400, "d day days jour jours j giorno giorni gg g tag tage tagen t tg"),
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
    (13, "thirteen treize tredici dreizehn"),
    (14, "fourteen quatorze quattordici vierzehn"),
    (15, "fifteen quinze quindici funfzehn fuenfzehn"),
    (16, "sixteen seize sedici sechzehn"),
    (17, "seventeen dix-sept diciassette siebzehn"),
    (18, "eighteen dix-huit diciotto achtzehn"),
    (19, "nineteen dix-neuf diciannove neunzehn"),
    (20, "twenty vingt venti zwanzig"),
    (21, "twenty-one vingt-et-un vingt-et-une ventuno einundzwanzig"),
    (25, "twenty-five vingt-cinq venticinque funfundzwanzig fuenfundzwanzig"),
    (28, "twenty-eight vingt-huit ventotto achtundzwanzig"),
    (30, "thirty trente trenta dreissig"),
    # the round tens of a leave in hours ("about sixty hours", "soixante heures", "sessanta
    # ore", "sechzig Stunden"; issue 31, sixteenth round)
    (40, "forty quarante quaranta vierzig"),
    (48, "forty-eight quarante-huit quarantotto achtundvierzig"),
    (50, "fifty cinquante cinquanta fuenfzig funfzig"),
    (60, "sixty soixante sessanta sechzig"),
    (70, "seventy soixante-dix settanta siebzig"),
    (72, "seventy-two soixante-douze settantadue zweiundsiebzig"),
    (80, "eighty quatre-vingts quatre-vingt ottanta achtzig"),
    (90, "ninety quatre-vingt-dix novanta neunzig"),
):
    for _n in _names.split():
        _NUMBERS[_n] = _value
# Every number from 21 to 39 in the four languages (ninth round: the closed class whole, not the
# few met): "twenty-three", "vingt-trois", "vingt et un", "ventitré", "dreiundzwanzig".
_UNITS_WORDS = (
    ("one", "un", "uno", "ein"), ("two", "deux", "due", "zwei"), ("three", "trois", "tre", "drei"),
    ("four", "quatre", "quattro", "vier"), ("five", "cinq", "cinque", "fuenf"),
    ("six", "six", "sei", "sechs"), ("seven", "sept", "sette", "sieben"),
    ("eight", "huit", "otto", "acht"), ("nine", "neuf", "nove", "neun"),
)  # fmt: skip
for _tens, (_en, _fr, _it, _de) in ((20, ("twenty", "vingt", "venti", "zwanzig")),
                                    (30, ("thirty", "trente", "trenta", "dreissig"))):  # fmt: skip
    for _k, (_u_en, _u_fr, _u_it, _u_de) in enumerate(_UNITS_WORDS, start=1):
        _it_word = (_it[:-1] if _u_it[0] in "uo" else _it) + _u_it  # ventuno, ventotto, trentatre
        for _n in (f"{_en}-{_u_en}", f"{_fr}-{_u_fr}", _it_word, f"{_u_de}und{_de}",
                   f"{_u_de}und{_de}".replace("ue", "u")):  # fmt: skip
            _NUMBERS[_n] = _tens + _k
    _NUMBERS[f"{_fr}-et-un"] = _NUMBERS[f"{_fr}-et-une"] = _tens + 1
_NUMBERS.update({"half": 0, "demi": 0, "mezza": 0, "halb": 0})  # "half an hour": not read
_HALVES = {"anderthalb": 1.5, "eineinhalb": 1.5, "einhalb": 1.5, "zweieinhalb": 2.5,
           "dreieinhalb": 3.5}  # fmt: skip
"""German numbers with a half ("anderthalb Wochen")."""
_HALF = {"half", "demi", "demie", "mezzo", "mezza", "halb", "halbe"}
"""The half after a unit: "a week and a half", "une semaine et demie", "una settimana e mezza"."""

_AND = {"and", "et", "e", "und", ",", "+"}
_PIECE = re.compile(r"(\d+(?:\.\d+)?|[^\W\d_]+(?:-[^\W\d_]+)*'?|[,+])")

_AROUND = frozenset(
    {
        "for",
        "during",
        "over",
        "pendant",
        "durant",
        "pour",
        "per",
        "durante",
        "fuer",
        "fur",
        "waehrend",
        "wahrend",
        "the",
        "les",
        "des",
        "i",
        "gli",
        "die",
        "next",
        "prochains",
        "prochaines",
        "prossimi",
        "prossime",
        "naechsten",
        "nachsten",
        "kommenden",
        "coming",
        "lang",
        "long",
        "off",
        "environ",
        "circa",
        "etwa",
        "about",
        "approx",
        "approximately",
        # issue 31, eighth round ("VACATION roughly a week", "URLAUB ungefähr zwei Wochen")
        "roughly",
        "around",
        "some",
        "approximativement",
        "approssimativamente",
        "ungefaehr",
        "ungefahr",
        "rund",
        "ca",
    }  # fmt: skip
)
"""Words a length may stand among ("for 2 weeks", "pendant deux semaines", "per i prossimi 10
giorni", "für die nächsten 10 Tage", "2 Wochen lang"; issue 31): passed over."""
_FROM_NOW = re.compile(
    r"\b(?:(?:from|starting|beginning|as\s+of)\s+(?:today|now|right\s+now)"
    r"|(?:a\s+partir\s+d\s*'?\s*aujourd\s*'?\s*hui|des\s+aujourd\s*'?\s*hui"
    r"|a\s+partir\s+de\s+maintenant|des\s+maintenant)"
    r"|(?:a\s+partire\s+da\s+(?:oggi|adesso|ora)|da\s+(?:oggi|adesso|ora)(?:\s+in\s+poi)?)"
    r"|(?:ab\s+(?:heute|sofort|jetzt)|von\s+heute\s+an)"
    r"|(?:de|di)\s+(?:vacances?|conges?|vacanza|vacanze|ferie)|urlaub)\b"
)
"""A leave starts when it is read: "from today", "à partir d'aujourd'hui", "da oggi", "ab
heute" say nothing more (a later start is not read: "from tomorrow" is no length)."""


_ROUND_NUMBERS = (
    # a week and two weeks as the French and Italians count them ("huit jours", "quinze jours",
    # "otto giorni", "quindici giorni"; twelfth round: "quinze jours" was 15 days)
    (re.compile(r"(?<![\w-])quinze\s+jours\b"), "14 jours"),
    (re.compile(r"(?<![\w-])huit\s+jours\b"), "7 jours"),
    (re.compile(r"(?<![\w-])quindici\s+giorni\b"), "14 giorni"),
    (re.compile(r"(?<![\w-])otto\s+giorni\b"), "7 giorni"),
    (re.compile(r"\b(?:a\s+)?couple\s+(?:of\s+)?"), "2 "),
    (re.compile(r"\b(?:a\s+)?dozen\s+"), "12 "),
    (re.compile(r"\bun\s+paio\s+di\s+"), "2 "),
    (re.compile(r"\b(?:une\s+)?(huit|diz|douz|quinz|vingt)aine\s+(?:de\s+|d\s*')"), r"<\1> "),
    (re.compile(r"\b(?:une\s+)?quinzaine\b"), "15 jours"),
    (re.compile(r"\b(?:una\s+)?(dec|dozz|quindic|vent)ina\s+(?:di\s+)?"), r"<\1> "),
    (re.compile(r"\b(?:ein\s+)?dutzend\s+"), "12 "),
    # words of "about" that are more than one word ("à peu près", "più o meno", "so um die")
    (
        re.compile(
            r"\b(?:a\s+peu\s+pres|plus\s+ou\s+moins|piu\s+o\s+meno|grosso\s+modo|in\s+etwa"
            r"|so\s+um\s+die|more\s+or\s+less|give\s+or\s+take)\b"
        ),
        " ",
    ),
)
"""A week and two weeks said as eight and fifteen days; round numbers said as a noun ("a couple of weeks", "une dizaine de jours", "una quindicina di
giorni", "un paio di settimane", "une quinzaine", "ein Dutzend Tage"; issue 31, eighth round):
the number itself (a length said so is near enough: the leave can be ended by BACK)."""
_ROUND_VALUES = {"huit": "8", "diz": "10", "douz": "12", "quinz": "15", "vingt": "20",
                 "dec": "10", "dozz": "12", "quindic": "15", "vent": "20"}  # fmt: skip


def _round_numbers(t: str) -> str:
    for pattern, out in _ROUND_NUMBERS:
        t = pattern.sub(out, t)
    return re.sub(r"<(\w+)>", lambda m: _ROUND_VALUES[m.group(1)], t)


def _fold(text: str) -> str:
    t = text.casefold().replace("ß", "ss")
    t = "".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c))
    return t


def _compounds(pieces: list[str]) -> list[str]:
    """Tens and a unit written apart as one number ("vingt et un", "twenty one", "trente et
    une"), and pieces of a hyphenated word that is no number read apart ("dix-sept" is one
    number; "mid-week" is two words)."""
    out: list[str] = []
    i = 0
    while i < len(pieces):
        p = pieces[i]
        if "-" in p and p not in _NUMBERS:
            out.extend(p.split("-"))
            i += 1
            continue
        if _NUMBERS.get(p) in (20, 30):
            step = 2 if pieces[i + 1 : i + 2] in (["et"], ["and"], ["e"]) else 1
            unit = pieces[i + step : i + step + 1]
            if (
                unit
                and unit[0] in _NUMBERS
                and 1 <= _NUMBERS[unit[0]] <= 9
                and (i + step + 1 < len(pieces) and pieces[i + step + 1] in _UNITS)
            ):
                out.append(str(_NUMBERS[p] + _NUMBERS[unit[0]]))
                i += step + 1
                continue
        out.append(p)
        i += 1
    return out


def read_duration(text: str) -> str | None:
    """The short form (``14d``, ``36h``, ``90m``, ``0``) of a duration written in figures or words
    in English, French, Italian or German, or None when ``text`` is not one."""
    t = _FROM_NOW.sub(" ", _round_numbers(_fold(text).replace("’", "'").replace("½", ".5")))
    t = re.sub(r"(\d),(\d)", r"\1.\2", t)  # "1,5 semaines"
    pieces = [p for p in _PIECE.findall(t.replace("-", " - ").replace(" - ", "-"))
              if p not in _AROUND]  # fmt: skip
    pieces = _compounds(pieces)
    if not pieces:
        return None
    if pieces == ["0"]:
        return "0"
    total = 0.0
    size = 0  # the last unit read
    i = 0
    read_any = False
    while i < len(pieces):
        p = pieces[i]
        if p in _AND and read_any:
            if (
                pieces[i + 1 : i + 2] in (["half"], ["demi"], ["demie"], ["mezzo"], ["mezza"])
                or pieces[i + 1 : i + 3] in (["a", "half"], ["un", "demi"], ["une", "demie"])
            ) and size:
                total += size / 2  # "a week and a half", "une semaine et demie"
                i += 2 if pieces[i + 1] in _HALF else 3
                continue
            i += 1
            continue
        m = re.fullmatch(r"(\d{1,4})([a-z]+)", p)
        if m and m.group(2) in _UNITS:  # "7d", "2w", "36h"
            size = _UNITS[m.group(2)]
            total += int(m.group(1)) * size
            read_any = True
            i += 1
            continue
        n: float
        if re.fullmatch(r"\d{1,4}(?:\.\d{1,2})?", p):
            n = float(p)
        elif p in _NUMBERS and _NUMBERS[p] > 0:
            n = _NUMBERS[p]
        elif p in _HALVES:
            n = _HALVES[p]
        else:
            return None
        if (
            pieces[i + 1 : i + 2]
            and pieces[i + 1] in _AND
            and (pieces[i + 2 : i + 4] in (["a", "half"],) or pieces[i + 2 : i + 3] == ["half"])
        ):
            # "two and a half days", "three and a half weeks" (sixteenth round)
            n += 0.5
            i += 3 if pieces[i + 2] == "half" else 4
            i -= 1
        if i + 1 >= len(pieces) or pieces[i + 1] not in _UNITS:
            return None
        size = _UNITS[pieces[i + 1]]
        total += n * size
        read_any = True
        i += 2
    secs = round(total / 60) * 60  # whole minutes
    if not read_any or secs <= 0:
        return None
    for unit, per in (("d", 86400), ("h", 3600)):
        if secs % per == 0:
            return f"{secs // per}{unit}"
    return f"{secs // 60}m"


_MONTHS: dict[str, int] = {}
for _month, _names in enumerate(
    (
        "january jan janvier janv gennaio genn gen januar jaenner janner",
        "february feb fevrier fev fevr febbraio febbr februar",
        "march mar mars marzo marz maerz",
        "april apr avril avr aprile",
        "may mai maggio magg mag",
        "june jun juin giugno giu juni",
        "july jul juillet juil luglio lug juli",
        "august aug aout agosto ago",
        "september sep sept septembre settembre sett set",
        "october oct octobre ottobre ott oktober okt",
        "november nov novembre novemb",
        "december dec decembre dicembre dic dezember dez",
    ),
    start=1,
):
    for _n in _names.split():
        _MONTHS[_n] = _month

_UNTIL = re.compile(
    r"^(?:until|till|til|through|thru|up\s+(?:to|until)|jusqu\s*'?\s*(?:au|a|à)|jusque|au"
    r"|(?:fino|sino)\s+(?:al|a|all|alla)|fino|sino|al"
    r"|bis\s+(?:zum|am|einschliesslich|inklusive|inkl)|bis)\b\s*'?\s*(.*)$"
)
_BACK_WORDS = (
    r"(?:back|(?:i|we)\s+return|returning|home\s+again|back\s+home"
    r"|de\s+retour|retour|rentre|rentree|rentrerai|rentrons|reviens|reviendrai|revenons"
    r"|di\s+ritorno|torno|tornero|rientro|rientrero|ritorno|di\s+nuovo\s+a\s+casa"
    r"|wieder\s+da|wieder\s+zurueck|wieder\s+zuruck|wieder\s+zu\s*hause|zurueck|zuruck)"
)
"""The words of a player's return, folded, in the four languages (issue 31, tenth round: one
closed list for :func:`read_until` and :func:`back_on`): "back", "I return", "de retour", "je
rentre", "je reviens", "di ritorno", "torno", "rientro", "wieder da", "zurück"."""
_BACK_SUBJECT = (
    r"(?:(?:i'm|i\s+am|i'll\s+be|i\s+will\s+be|i'll|we're|we\s+are|we'll\s+be|i|we"
    r"|je\s+suis|je\s+serai|je|nous\s+sommes|nous\s+serons|nous|io\s+sono|io\s+saro|sono|saro"
    r"|siamo|saremo|io|ich\s+bin|ich|wir\s+sind|wir|bin)\s+)?"
)
"""The player who comes back, before the word: "I'm back", "je rentre", "sono di ritorno"."""
_BACK = re.compile(
    r"^" + _BACK_SUBJECT + _BACK_WORDS
    + r"\s*(?:on|from|le|des|il|dal|am|ab|from)?\b\s*'?\s*(.*)$"
)  # fmt: skip
"""The day a player is back ("back on Monday", "de retour le 7 décembre", "di ritorno il 10",
"zurück am 3.12."): the leave ends as that day starts."""
_ARTICLE = r"(?:the\s+|le\s+|il\s+|den\s+|zum\s+|am\s+|l'\s*)?"
_YEAR = r"(?:\s*,?\s*(?:20)?\d\d)?"
_DAY_FIRST = re.compile(
    r"^" + _ARTICLE + r"(\d{1,2})\s*(?:(?:st|nd|rd|th|er|eme|e|o)(?![a-z])|°|\.)?"
    r"\s*(?:of\s+|de\s+|di\s+)?([a-z]+)\.?" + _YEAR + r"$"
)
_MONTH_FIRST = re.compile(r"^([a-z]+)\.?\s+(?:the\s+)?(\d{1,2})\s*(?:st|nd|rd|th)?" + _YEAR + "$")
_SLASHED = re.compile(r"^(?:le\s+|il\s+|den\s+|zum\s+)?(\d{1,2})/(\d{1,2})(?:/\d{2,4})?$")
"""Day/month, read after a French, Italian or German word only (in English the order is the
writer's habit)."""
_NUMERIC = re.compile(r"^(?:den\s+|zum\s+|le\s+|il\s+)?(\d{1,2})\.(\d{1,2})\.?(?:\d{2,4})?$")
_DAY_ONLY = re.compile(r"^(?:(the|le|il|den|zum|am|l')\s*)?(\d{1,2})\s*(st|nd|rd|th|er|eme|°|\.)?$")
"""A day of the month alone ("until the 5th", "jusqu'au 5", "fino al 5", "bis zum 5."): its next
coming. A bare figure needs an article (in the word or before it) or an ordinal: "until 5" may
be an hour."""
_RELATIVE = {
    "today": 0, "tonight": 0, "aujourd'hui": 0, "ce soir": 0, "oggi": 0, "stasera": 0,
    "heute": 0, "heute abend": 0,
    "tomorrow": 1, "demain": 1, "domani": 1, "morgen": 1, "tomorrow night": 1,
    "demain soir": 1, "domani sera": 1, "morgen abend": 1,
    "the day after tomorrow": 2, "apres-demain": 2, "apres demain": 2, "dopodomani": 2,
    "uebermorgen": 2, "ubermorgen": 2,
}  # fmt: skip
"""Days named from today: the leave lasts to the end of that day."""
_END_OF = re.compile(
    r"^(?:the\s+|la\s+|l'\s*)?(?:end|fin|fine|ende)\s+(?:of\s+|du\s+|de\s+|della\s+|del\s+"
    r"|di\s+|des\s+|dieses\s+|der\s+|dieser\s+)?(?:the\s+|this\s+|ce\s+|cette\s+|la\s+|questo\s+"
    r"|questa\s+)?([a-z]+)$"
)
"""The end of a month or a week ("until the end of the month", "jusqu'à fin décembre", "fino
alla fine del mese", "bis Ende der Woche")."""
_MONTH_WORDS = frozenset({"month", "mois", "mese", "monats", "monat"})
_WEEK_WORDS = frozenset({"week", "semaine", "settimana", "woche"})


_INCLUSIVE = re.compile(
    r"[\s,(]*\b(?:inclus|incluse|compris|comprise|inclusivement|compreso|compresa|incluso|"
    r"inclusa|inclusive|included|einschliesslich|inklusive|inkl)\b[\s.)]*$"
)
"""The day named is part of the leave ("jusqu'au 12 décembre inclus"): as it is without it."""


_WEEKDAYS: dict[str, int] = {}
for _wd, _names in enumerate(
    (
        "monday mon lundi lunedi montag mo",
        "tuesday tue tues mardi martedi dienstag di",
        "wednesday wed mercredi mercoledi mittwoch mi",
        "thursday thu thurs jeudi giovedi donnerstag do",
        "friday fri vendredi venerdi freitag fr",
        "saturday sat samedi sabato samstag sonnabend sa",
        "sunday sun dimanche domenica sonntag so",
    )
):
    for _n in _names.split():
        _WEEKDAYS[_n] = _wd
_WEEKDAY_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_LONG_WEEKDAYS = "|".join(n for n in _WEEKDAYS if len(n) > 3)
_WEEKDAY_HEAD = re.compile(
    r"^(?:(?:the|le|il|den|zum|am|next|this|coming|naechsten|nachsten|kommenden|diesen"
    r"|prochain|prossimo)\s+)*(" + _LONG_WEEKDAYS + r")\b[\s,.(]*"
    r"(?:(?:prochain|prochaine|qui\s+vient|prossimo|prossima|next)\b[\s,.]*)?"
)
"""A weekday, with "next"/"prochain"/"prossimo"/"nächsten" around it: its next coming."""


def read_until(text: str) -> str | None:
    """``until 12-03`` for a day written as the end of a leave, in English, French, Italian or
    German ("until December 5th", "jusqu'au 3 décembre", "fino al 10 dicembre", "bis 3.
    Dezember", "bis zum 3.12."; issue 31), or None. The day is resolved against the moment the
    leave starts (:func:`parse_duration` with ``now``): the leave lasts to the end of that day.
    A day in figures is day then month ("bis 3.12.", "jusqu'au 20/12"); after an English word
    only with dots: in "until 12/3" the order is the writer's habit. Also a weekday ("until
    next Monday": ``until monday``), a day from today ("jusqu'à demain": ``until +1``), a day of
    the month alone ("fino al 5": ``until day 05``), the end of the month or week, and the day
    the player is back ("back on Monday": ``back monday``, the leave ending as it starts)."""
    folded = " ".join(_fold(text).replace("’", "'").split())
    if _FROM_PLUS.fullmatch(folded):
        return folded  # a leave from a later day, as :func:`length_named` writes it
    if _FOR_THE_WEEKEND.fullmatch(folded.strip(" .!,")):
        return "until weekend"  # "VACATION for the weekend", "URLAUB übers Wochenende"
    if b := _BACK.match(folded):
        day = _the_day(b.group(1), True)
        return f"back {day[len('until ') :]}" if day and not day.startswith("until +") else None
    m = _UNTIL.match(folded)
    if m is None:
        return None
    article = m.group(0)[: m.start(1)].rstrip(" '").endswith(("au", "al", "zum", "am", "alla"))
    return _the_day(m.group(1), article, english=m.group(0).startswith(("until", "till", "til",
                                                                       "thr", "up")))  # fmt: skip


_THEN = re.compile(
    r"^\s*(?:(?:until|till|til|up\s+to)\s+then|jusque[- ]?l[aà]|d['’]ici\s+l[aà]|jusqu'?\s*[aà]\s+ce\s+moment(?:-l[aà])?"
    r"|fino\s+ad?\s+allora|sino\s+ad?\s+allora|bis\s+dahin|bis\s+dann"
    # (for as long: "Ich bin zwei Wochen weg, bitte meine Partien so lange anhalten"; fourteenth
    # round)
    r"|so\s+lange|solange|(?:for\s+)?that\s+long|aussi\s+longtemps|per\s+tutto\s+quel\s+tempo)\b[\s.!,]*$",
    re.I,
)
""""Until then" in the four languages: a leave that ends on a day named before it."""


def then_named(then: str, before: str) -> str | None:
    """The day that "until then" (``then``, the leave's argument as written) stands for: the one
    clause of ``before`` (the words before the command) that names the day the player is back or
    the leave's end ("Away at my sister's this weekend, back on Monday. VACATION until then";
    issue 31), as written; None when ``then`` is no "until then" or the clauses name no day, or
    more than one. A clause about someone else's absence ("Meine Frau ist bis Sonntag weg")
    names no day of the player's; one that names the return day before its words ("Sonntag
    bin ich wieder da") is the day (:func:`back_on`)."""
    if not _THEN.match(then):
        return None
    days = [
        d
        for c in _CLAUSE.split(before)
        if c.strip()
        and not _someone_else(c)
        and (d := _day_in(c.strip()) or (c.strip() if back_on(c) else None))
    ]
    return days[0] if len(days) == 1 else None


_FOR_WORD = re.compile(r"(?i)(?<![\w'’])(?:for|pendant|durant|pour|per|f[üu]r|fuer)\s+")
"""The word before a length in prose ("Away to Skye for a fortnight")."""
_AWAY_FOR = re.compile(
    r"(?i)(?:^|(?<=\s))(?:je\s+m['’]\s*absente|je\s+pars|je\s+serai\s+(?:absente?|parti[e]?)"
    r"|j['’]\s*en\s+ai\s+pour|(?:io\s+)?(?:star[òo]|sar[òo]|sto|resto|rimango)\s+(?:via|assente|fuori)"
    r"|(?:io\s+)?(?:vado\s+via|parto)|i['’]?m\s+(?:away|off|gone)|i\s+am\s+(?:away|off|gone)"
    r"|i['’]ll\s+be\s+(?:away|gone|off)|i\s+will\s+be\s+(?:away|gone|off))\s+"
)
"""The player's words of going away right before a length said without "for" ("Je m'absente
deux semaines", "starò via dieci giorni", "I'm away ten days"; fourteenth round)."""
_AWAY_AFTER_DE = re.compile(
    r"(?i)^\W*(?:ich\s+)?bin(?:\s+ich)?\s+(?P<len>(?:\S+\s+){1,4}?)(?:weg|unterwegs|verreist"
    r"|abwesend|im\s+urlaub|offline|nicht\s+da)\W*$"
)
"""The same in German, the length before the word of being away ("Ich bin zwei Wochen weg")."""
_ROUGHLY_FROM = frozenset(
    ("about", "around", "roughly", "environ", "circa", "etwa", "ungefähr", "ungefaehr", "tomorrow",
     "demain", "domani", "morgen")
)  # fmt: skip
"""Words of a leave's clause that deny nothing there, though they may elsewhere: a length said
roughly, the leave starting tomorrow ("Away with the kids for about 60 hours", "Parto domani e
starò via dieci giorni"; fourteenth round)."""


LATER_PERIOD = re.compile(
    r"(?i)(?<![\w'’])(?:(?:next|prochaine?|prossim[oa]|n(?:ä|ae)chste[nrs]?|kommende[nrs]?)\s+"
    r"(?:month|week|mois|semaine|mese|settimana|monat|woche)|(?:le\s+mois|la\s+semaine|il\s+mese|la\s+settimana)"
    r"\s+(?:prochaine?|prossim[oa])|later\s+(?:this|in\s+the)\s+(?:month|year))(?![\w'’])"
)
"""A later period when the leave starts ("I'm away ten days next month", "le mois prochain"):
a leave asked is from now, so one said for later is not read (fourteenth round)."""


def _clause_denies(clause: str) -> bool:
    """Does ``clause``, a leave's length said in it, deny (:func:`~pbem.mail.reply.denies`), its
    words of :data:`_ROUGHLY_FROM` aside?"""
    from pbem.mail.reply import denies

    skip = _ROUGHLY_FROM | (_NEXT_OF_DAY if start_named(clause) not in (None, "?") else set())
    return denies([w for w in clause.split() if w.casefold().strip(".,;:!?") not in skip])


_NEXT_OF_DAY = frozenset(
    ("next", "prochain", "prochaine", "prossimo", "prossima", "nächsten", "naechsten", "nächste")
)
"""The word "next" of the day a leave starts ("parto venerdì prossimo e starò via due
settimane"): no denial beside that day (fifteenth round)."""


_THIRD = frozenset(
    ("he", "she", "they", "his", "her", "their", "my", "il", "elle", "ils", "elles", "lui", "son",
     "sa", "ses", "leur", "mon", "ma", "mes", "lei", "loro", "suo", "sua", "mio", "mia", "er",
     "sie", "sein", "seine", "mein", "meine")
)  # fmt: skip
_THIRD_VERBS = frozenset(
    ("is", "was", "will", "has", "goes", "leaves", "est", "sera", "part", "a", "rentre", "è",
     "e", "sarà", "sara", "va", "parte", "ha", "torna", "ist", "wird", "fährt", "faehrt", "hat",
     "geht", "kommt")
)  # fmt: skip
"""A verb in the third person after a name ("Bea is away", "Carl part", "Anna ist weg")."""
_FIRST = frozenset(("i", "i'm", "i'll", "je", "j'", "io", "ich", "we", "nous", "noi", "wir"))
_TO_PLACE = frozenset(
    ("chez", "at", "to", "with", "avec", "per", "con", "da", "dai", "bei", "zu", "mit", "dans", "nel",
     "nella", "a", "à", "in", "en", "nach")
)  # fmt: skip
"""The prepositions before a place or the people one stays with ("chez ma sœur", "bei meinen
Eltern"): the possessive after one is no one else's leave."""
_PREPOSITIONS = frozenset(
    ("at", "in", "on", "au", "en", "da", "bei", "auf", "im", "am", "dans", "chez", "nel", "alla")
)
"""A clause's first word that is no one's name ("At a trade fair until Wednesday": "a" is no
French "has" there; twelfth round)."""


def _someone_else(clause: str) -> bool:
    """Is ``clause`` about someone else's leave ("Mon frère part pendant deux semaines"): a
    third person or a possessive, and no "I"?"""
    said = [w.strip(".,;:!?()") for w in clause.replace("’", "'").split()]
    words = {w.casefold() for w in said}
    words |= {"j'" for w in words if w.startswith("j'")}
    # a possessive or an article after a place's preposition is where the player goes, not who
    # ("pas de réseau chez ma belle-mère", "per il ponte", "bei meinen Eltern"; fourteenth round)
    words -= {b.casefold() for a, b in itertools.pairwise(said) if a.casefold() in _TO_PLACE}
    if (
        len(said) > 1
        and said[0][:1].isupper()
        and said[0].casefold() not in _FIRST
        and said[0].casefold() not in _PREPOSITIONS
        and said[1].casefold() in _THIRD_VERBS
    ):
        return True  # "Bea is away until Sunday", "Carl part dimanche"
    return bool(words & _THIRD) and not words & _FIRST


_START_WORD = re.compile(
    r"(?<![\w'])(?:from|starting(?:\s+(?:on|from))?|as\s+of|leaving(?:\s+on)?|i\s+leave(?:\s+on)?"
    r"|off\s+on|away\s+on|a\s+partir\s+d(?:u|e(?:s)?|')|des|a\s+compter\s+d(?:u|e|')"
    r"|(?:je\s+)?(?:pars|partirai)|a\s+partire\s+da(?:l|lla|ll')?|da|dal|dalla|dall'|parto"
    r"|partiro|ab|vom)(?:(?<=')|(?![\w']))\s*(?=\S)"
)
"""The words before the day a leave starts, folded, in the four languages (issue 31, fifteenth
round): "from the 3rd", "starting Monday", "leaving on Friday", "à partir du 3 décembre", "dès
lundi", "je pars vendredi", "da lunedì", "parto venerdì prossimo", "ab Freitag", "ab dem 3.
Dezember"."""
_START_ARTICLE = re.compile(r"^(?:dem|der|den|the|le|il|l'|lo)\s+")


def start_named(text: str) -> str | None:
    """The one later day on which the player's leave starts that ``text`` names after a word of
    :data:`_START_WORD` ("Je pars vendredi pour une semaine", "Da lunedì sto via due settimane",
    "ab Freitag eine Woche weg", "off from the 3rd for ten days"), in :func:`read_until`'s form
    after its word (``friday``, ``12-03``, ``day 03``); None when it names none, or today or
    tomorrow (a leave from tomorrow is one from now, within its day); ``?`` when it names more
    than one, or one that may be past (Italian "da lunedì")."""
    folded = " ".join(_fold(text).replace("’", "'").split())
    days = set()
    for m in _START_WORD.finditer(folded):
        words = _START_ARTICLE.sub("", folded[m.end() :]).split()
        for k in range(min(len(words), 4), 0, -1):
            got = _the_day(" ".join(words[:k]).strip(" .,;:!?"), True)
            if got is not None and k < len(words) and read_duration(" ".join(words[k - 1 : k + 1])):
                continue  # "je pars 3 semaines", "vendredi 3 jours": its figure is a length
            if got is not None:
                if re.fullmatch(r"until (?:[a-z]+day|\d\d-\d\d|day \d\d)", got):
                    since = m.group(0).strip() in ("da", "dal", "dalla") and got.endswith("day")
                    # Italian "da lunedì" is "since Monday" too ("sono in ospedale da lunedì"):
                    # a start only when "prossimo" says it is to come
                    days.add("?" if since and "prossim" not in " ".join(words[:k]) else got[6:])
                break
    return days.pop() if len(days) == 1 else ("?" if days else None)


def length_named(before: str) -> str | None:
    """The length of a leave that the prose before a VACATION with no length names (issue 31,
    eighth round: "Away to Skye for a fortnight, no signal up there. Vacation please"): the one
    clause of ``before`` with a length after "for/pendant/per/für" (read as a duration), a clause
    that denies nothing, as its short form; None when no clause or more than one names a length,
    or a clause names a day."""

    found = []
    if LATER_PERIOD.search(before):
        return None  # "Je m'absente deux semaines le mois prochain"
    for clause in _CLAUSE.split(before):
        if not clause.strip():
            continue
        if _day_in(clause.strip()) is not None:
            return None  # a day too ("for a week, until Monday"): not one length
        for m in _FOR_WORD.finditer(clause):
            words = clause[m.end() :].split()
            got = next(
                (
                    d
                    for k in range(min(len(words), 5), 0, -1)
                    if (d := read_duration(" ".join(words[:k])))
                ),
                None,
            )
            if got is not None:
                if _clause_denies(clause) or _someone_else(clause):
                    return None
                found.append(got)
        starts = [m.end() for m in _AWAY_FOR.finditer(clause)]
        if (de := _AWAY_AFTER_DE.match(clause)) is not None:
            starts.append(de.start("len"))
        for at in starts:
            words = clause[at:].split()
            if de is not None and at == de.start("len"):
                words = de["len"].split()
                if start_named(clause) is not None:
                    # "Ich bin ab Freitag eine Woche weg": the length after the start day
                    words = next(
                        (
                            words[j:]
                            for j in range(len(words))
                            if read_duration(" ".join(words[j:]))
                        ),
                        words,
                    )
            got = next(
                (
                    d
                    for k in range(min(len(words), 5), 0, -1)
                    if (d := read_duration(" ".join(words[:k])))
                ),
                None,
            )
            if got is not None and got not in found:
                if _clause_denies(clause) or _someone_else(clause):
                    return None
                found.append(got)
    if len(found) != 1:
        return None
    start = start_named(before)
    if start == "?":
        return None  # a start day that may be past, or two of them: asked back
    return f"from {start} +{found[0]}" if start is not None else found[0]


def _has_length(clause: str) -> bool:
    """Does ``clause`` say a length after "for/pendant/per/für" ("for a week")?"""
    for m in _FOR_WORD.finditer(clause):
        words = clause[m.end() :].split()
        if any(read_duration(" ".join(words[:k])) for k in range(min(len(words), 5), 0, -1)):
            return True
    return False


def day_named(before: str) -> str | None:
    """The end of a leave that the prose before a VACATION with no length names (issue 31,
    tenth round: "Away at a conference until Sunday - VACATION please", "Absent jusqu'à
    dimanche, pas de réseau là-bas. Mettez-moi en vacances"): the one clause of ``before`` that
    names the player's last day away or the day they are back, as written from its word on (what
    VACATION reads: "until Sunday", "back on Monday"); None
    when no clause or more than one names a day, a clause names a length too, or the clause
    denies, doubts or is about someone else."""
    from pbem.mail.reply import denies

    days = []
    for clause in _CLAUSE.split(before):
        clause = clause.strip()
        if not clause:
            continue
        if _has_length(clause):
            return None
        said = _day_in(clause)
        day = (
            leading_duration(said) if said is not None else back_on(clause)
        )  # "until Sunday", "back on Monday", "Sonntag bin ich wieder da"
        if day is None or read_duration(day):
            continue
        if _someone_else(clause) or denies(clause.split()):
            return None
        days.append((day, said if said is not None else clause))
    if not days:
        # "I'm away for the weekend, VACATION please" (the weekend only when no day is named)
        weekends = [c for c in _CLAUSE.split(before) if _AWAY_FOR_THE_WEEKEND.search(_fold(c))]
        if (
            len(weekends) == 1
            and not _someone_else(weekends[0])
            and not denies(weekends[0].split())
        ):
            return "for the weekend"
    return days[0][1] if len({d for d, _said in days}) == 1 else None


_UNSURE_END = re.compile(
    r"(?<![\w'])(?:or|o|oder|maybe|perhaps|probably|possibly|peut-etre|probablement|forse"
    r"|magari|probabilmente|vielleicht|eventuell|wahrscheinlich|longer|plus\s+longtemps"
    r"|di\s+piu|langer|laenger)(?![\w'])"
)
"""Words that leave the end of a leave open in the prose before VACATION ("away until Sunday or
Monday", "bis Sonntag, vielleicht auch eine Woche länger"): no end is taken from it. French "ou"
is looked for before the accents are folded (:data:`_OU`): "où" ("là où je serai") is no "or"."""
_OU = re.compile(r"(?i)(?<![\w'’])ou(?![\w'’])")


def leave_before(rest: str, before: str) -> str | None:
    """A VACATION's argument taken from the prose before its word, when what follows the word
    says nothing of its own (``rest``, courtesy off): "until then" and the day named before it
    (:func:`then_named`), or no argument and the one length (:func:`length_named`) or day
    (:func:`day_named`) the prose names. None otherwise."""
    if _UNSURE_END.search(_fold(before)) or _OU.search(unicodedata.normalize("NFC", before)):
        return None  # "until Sunday or Monday", "vielleicht auch eine Woche länger": asked back
    if (day := then_named(rest, before)) is not None:
        return day
    if _THEN.match(rest) and not day_named(before):
        return length_named(before)  # "Ich bin zwei Wochen weg, bitte ... so lange anhalten"
    if rest.strip(" .!,;:-–—"):
        return None
    return length_named(before) or day_named(before)


_UNTIL_WORD = re.compile(
    r"(?i)(?<![\w'’])(?:until|till|til|through|up\s+to|jusqu|fino|sino|bis|back|de\s+retour"
    r"|di\s+ritorno|zur[üu]ck)(?![\w])"
)


_NOT_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:can['’]?t|cannot|won['’]?t\s+be\s+able\s+to)\s+play"
    r"|(?:je\s+)?ne\s+(?:pourrai|peux)\s+pas\s+jouer|non\s+(?:potr[òo]|posso)\s+giocare"
    r"|ich\s+kann\s+nicht\s+spielen|kann\s+ich\s+nicht\s+spielen)\s+"
    r"(?:before|until|avant|prima\s+(?:di|del|della)|vor)(?![\w'’])\s*"
)
"""The player unable to play before a day: back that day ("je ne pourrai pas jouer avant le
dimanche 6 décembre", "I can't play before Friday"; nineteenth round)."""


def _day_in(clause: str) -> str | None:
    """The end of a leave that ``clause`` names, at its start or after other words ("I'm away at
    my sister's until Sunday", "Away till Tuesday"), as written from its word on."""
    if read_until(clause):
        return clause
    if (n := _NOT_BEFORE.search(clause)) and read_until(f"back {clause[n.end() :]}"):
        return f"back {clause[n.end() :]}"  # "je ne pourrai pas jouer avant le 6 décembre"
    for m in _UNTIL_WORD.finditer(clause):
        if read_until(clause[m.start() :]):
            return clause[m.start() :]
    for m in _UNTIL_WORD.finditer(clause):
        # "Bin bis Freitag auf Montage": the day, then what the player does till then
        words = clause[m.start() :].split()
        for k in range(min(len(words) - 1, 6), 1, -1):
            if read_until(" ".join(words[:k])):
                return " ".join(words[:k])
    return None


_NEXT_WEEK = re.compile(
    r"(?:the\s+|la\s+)?(?:next\s+week|semaine\s+prochaine|prochaine\s+semaine"
    r"|(?:la\s+)?prossima\s+settimana|settimana\s+prossima|n(?:ae|a)chste[rn]?\s+woche)"
)
"""A leave "until next week" ("jusqu'à la semaine prochaine", "fino alla prossima settimana",
"bis nächste Woche"; issue 31, tenth round): to the end of this week."""
_END_OF_NEXT_WEEK = re.compile(
    r"(?:the\s+|la\s+)?(?:end|fin|fine|ende)\s+(?:of\s+|de\s+|della\s+|der\s+)?(?:la\s+|the\s+)?"
    r"(?:next\s+week|semaine\s+prochaine|prochaine\s+semaine|prossima\s+settimana"
    r"|settimana\s+prossima|n(?:ae|a)chste[rn]?\s+woche)"
)
_WEEKEND = re.compile(
    r"(?:the\s+|this\s+|le\s+|ce\s+|il\s+|questo\s+|das\s+|dieses\s+|(?:the\s+)?end\s+of\s+the\s+)?"
    r"(?:weekend|week-end|week\s+end|fine\s*settimana|wochenende)"
)
"""The weekend ("VACATION for the weekend", "VACANCES ce week-end", "VACANZA per il fine
settimana", "URLAUB übers Wochenende"): to the end of Sunday, when it is read on a Friday, a
Saturday or a Sunday; on another day it may be the coming weekend alone, and is asked back."""


_FOR_THE_WEEKEND = re.compile(
    r"(?:(?:for|over|during|pendant|durant|pour|per|durante|uber|ueber|ubers|uebers|fur|fuer|furs"
    r"|fuers|am|in|nel|sur)\s+)?" + _WEEKEND.pattern
)


_AWAY_FOR_THE_WEEKEND = re.compile(
    r"(?<![\w'])(?:for|over|pendant|durant|per|durante|ubers|uebers|ueber|uber|am)\s+"
    + _WEEKEND.pattern
    + r"(?![\w'])"
)
"""The weekend said in the prose before VACATION, after its preposition ("away for the
weekend"; not "have a nice weekend")."""


def _the_day(text: str, article: bool, english: bool = False) -> str | None:
    """:func:`read_until`'s form of the day ``text`` names (folded), after its word."""
    rest = _INCLUSIVE.sub("", text).strip(" .,!")
    if "(" in rest and rest.endswith(")"):
        rest = rest[:-1].rstrip()  # "until next Friday (4 December)": the date in brackets
    if rest in _RELATIVE:
        return f"until +{_RELATIVE[rest]}"
    if _NEXT_WEEK.fullmatch(rest):
        return "until end-week"  # "until next week": back as it starts
    if _END_OF_NEXT_WEEK.fullmatch(rest):
        return "until end-next-week"
    if _WEEKEND.fullmatch(rest):
        return "until weekend"
    if e := _END_OF.match(rest):
        if e.group(1) in _MONTH_WORDS:
            return "until end-month"
        if e.group(1) in _WEEK_WORDS:
            return "until end-week"
        if e.group(1) in _MONTHS:
            return f"until end-{_MONTHS[e.group(1)]:02d}"
        return None
    if w := _WEEKDAY_HEAD.match(rest):
        # "until Sunday" (its next coming), "jusqu'au lundi 7 décembre" (the date)
        rest = rest[w.end() :]
        if not rest:
            return f"until {_WEEKDAY_EN[_WEEKDAYS[w.group(1)]]}"
        article = True
    dates: list[tuple[int, int]] = []
    if d := _DAY_FIRST.match(rest):
        dates.append((int(d.group(1)), _MONTHS.get(d.group(2), 0)))
    if d := _MONTH_FIRST.match(rest):
        dates.append((int(d.group(2)), _MONTHS.get(d.group(1), 0)))
    if d := _NUMERIC.match(rest):
        dates.append((int(d.group(1)), int(d.group(2))))
    if (d := _SLASHED.match(rest)) and not english:
        dates.append((int(d.group(1)), int(d.group(2))))  # "jusqu'au 20/12", "fino al 18/12"
    for day, month in dates:
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"until {month:02d}-{day:02d}"
    if (d := _DAY_ONLY.match(rest)) and (article or d.group(1) or d.group(3)):
        day = int(d.group(2))
        return f"until day {day:02d}" if 1 <= day <= 31 else None
    return None


def _until_length(text: str, now: datetime) -> timedelta | None:
    """The length from ``now`` to the end of the day :func:`read_until`'s form names (its next
    occurrence; ``back ...``: to that day's noon), or None when ``text`` is not that form or
    names no real day.

    The day a player is back names no hour: "back on Monday" may be the morning or the evening
    (issue 31, tenth round: "torno domenica. FERIE fino ad allora" was read as a leave ending as
    Sunday starts, the player meaning Sunday itself). The leave ends at that day's noon, half a
    day from either reading; the player who is back earlier sends BACK."""
    t = text.strip()
    if (begun := _FROM_PLUS.fullmatch(t)) is not None:
        # a leave from a later day for its length ("je pars vendredi pour une semaine"): it
        # starts now and covers the absence, to the start day's beginning plus the length
        to_end = _until_length("until " + begun.group(1), now)
        length = parse_short(begun.group(2))
        if to_end is None or length is None:
            return None
        return to_end - timedelta(days=1) + length
    if t.startswith("back "):
        length = _until_length("until " + t[len("back ") :], now)
        if length is None or length <= timedelta(days=1):
            return None
        return length - timedelta(hours=12)
    day0 = datetime(now.year, now.month, now.day, tzinfo=UTC)
    named = re.fullmatch(r"until ([a-z]+)", t)
    if named is not None and named.group(1) in _WEEKDAY_EN:
        ahead = (_WEEKDAY_EN.index(named.group(1)) - now.weekday()) % 7 or 7
        return day0 + timedelta(days=ahead + 1) - now
    if t in ("until end-week", "until end-next-week"):  # the end of this week's Sunday
        later = 7 if t == "until end-next-week" else 0
        return day0 + timedelta(days=7 - now.weekday() + later) - now
    if t == "until weekend":
        if now.weekday() < 4:
            return None  # on a Tuesday "this weekend" is a later leave: asked back
        return day0 + timedelta(days=7 - now.weekday()) - now
    if rel := re.fullmatch(r"until \+(\d)", t):
        return day0 + timedelta(days=int(rel.group(1)) + 1) - now
    if last := re.fullmatch(r"until end-(month|\d\d)", t):
        month = now.month if last.group(1) == "month" else int(last.group(1))
        year = now.year if month >= now.month else now.year + 1
        first_next = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
        return first_next - now
    if only := re.fullmatch(r"until day (\d\d)", t):
        for k in range(3):  # this month, else the next ones that have that day
            year, month = now.year + (now.month - 1 + k) // 12, (now.month - 1 + k) % 12 + 1
            try:
                end = datetime(year, month, int(only.group(1)), tzinfo=UTC) + timedelta(days=1)
            except ValueError:
                continue
            if end > now:
                return end - now
        return None
    m = re.fullmatch(r"until (\d\d)-(\d\d)", t)
    if m is None:
        return None
    month, day = int(m.group(1)), int(m.group(2))
    for year in (now.year, now.year + 1):
        try:
            end = datetime(year, month, day, tzinfo=UTC) + timedelta(days=1)
        except ValueError:
            return None
        if end > now:
            return end - now
    return None  # pragma: no cover - a day of next year always comes after now


_FROM_PLUS = re.compile(r"from ([a-z]+day|\d\d-\d\d|day \d\d) \+(\d{1,6}[dhm])")
""":func:`length_named`'s form of a leave from a later day for a length (``from friday +7d``,
``from 12-03 +10d``): read by :func:`read_until` and :func:`parse_duration` (fifteenth round)."""
_SHORT = re.compile(r"^\s*(\d{1,6})\s*([dhm])\s*$", re.I)
_UNIT = {"d": 86400, "h": 3600, "m": 60}


_CLAUSE = re.compile(r"\s*(?:[,;:.!?)]|\((?!\s*\d)|\s(?:--?|[–—])\s)\s*")
"""Where a clause ends: a stop, a dash ("a fortnight -- family stuff"), a bracket, but one that
opens a date stays with the day before it ("until next Friday (4 December)"; nineteenth
round)."""


def leading_duration(text: str, strip: Callable[[str], str] = str.strip) -> str | None:
    """The duration (:func:`read_duration`) or the day (:func:`read_until`) that ``text`` starts
    with, before the first punctuation that ends a clause ("trois jours svp, je suis en
    déplacement", "36h - travelling, back Saturday"); ``strip`` takes courtesy off that part.
    None when the part is neither."""
    text = text.strip()
    ends = [m.start() for m in _CLAUSE.finditer(text)][:4]
    for end in reversed([*ends[1:], len(text)] if ends else []):
        # "bis Montag, den 7. Dezember": a weekday, then its date (the longest day read)
        if (day := read_until(strip(text[:end]))) is not None:
            return day
    head = strip(text[: ends[0]] if ends else text)
    if not head:
        return None
    return read_duration(head) or read_until(head)


def parse_short(text: str) -> timedelta | None:
    """The short form alone (``7d``, ``12h``, ``90m``) as a timedelta; None for anything else."""
    m = _SHORT.match(text)
    if not m:
        return None
    return timedelta(seconds=int(m.group(1)) * _UNIT[m.group(2).lower()])


def parse_duration(text: str, now: datetime | None = None) -> timedelta:
    """``7d``, ``12h``, ``90m`` (or ``0``), or the same in words (``2 weeks``, ``2 Wochen``), as a
    timedelta; with ``now``, also ``until 12-03`` (:func:`read_until`), the length from ``now``
    to the end of that day; ``ValueError`` otherwise."""
    t = text.strip().lower()
    if t == "0":
        return timedelta(0)
    if now is not None and (until := _until_length(t, now)) is not None:
        return until
    td = parse_short(t)
    if td is None:
        short = read_duration(t)  # "2 weeks", "2 Wochen", "deux semaines" (issue 31)
        td = parse_short(short) if short and short != "0" else None
    if td is None:
        raise ValueError(f"{text!r} is not a duration like 7d, 12h or 90m")
    return td


def short_duration(td: timedelta) -> str:
    """The inverse of :func:`parse_duration`: ``14d``, ``36h``, ``90m`` or ``0``."""
    secs = int(td.total_seconds())
    if secs <= 0:
        return "0"
    for unit, n in (("d", 86400), ("h", 3600)):
        if secs % n == 0:
            return f"{secs // n}{unit}"
    return f"{secs // 60}m"


def say_duration(td: timedelta, *, seconds: bool = False) -> str:
    """A duration as people say it, in the language of the mail being built: ``7 days``, ``1 day
    6 hours``, ``45 minutes`` (the two largest units). Under a minute: ``0 minutes``, or with
    ``seconds`` the seconds (``30 seconds``, the log's sentences)."""
    secs = int(td.total_seconds())
    days, rest = divmod(secs, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, rest = divmod(rest, 60)
    parts = []
    if days:
        parts.append(ngettext("%(num)d day", "%(num)d days", days) % {"num": days})
    if hours:
        parts.append(ngettext("%(num)d hour", "%(num)d hours", hours) % {"num": hours})
    if minutes:
        parts.append(ngettext("%(num)d minute", "%(num)d minutes", minutes) % {"num": minutes})
    if parts:
        return " ".join(parts[:2])
    if seconds:
        return ngettext("%(num)d second", "%(num)d seconds", rest) % {"num": rest}
    return ngettext("%(num)d minute", "%(num)d minutes", 0) % {"num": 0}


def exact_span(seconds: int) -> str:
    """``3 days``, ``12 hours``, ``90 minutes``: a length in its largest exact unit, in English
    (the GM's commands say a deadline as the GM typed it)."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'' if n == 1 else 's'}"
    return f"{seconds} seconds"


def say_time(when: datetime) -> str:
    """``Tue 25 Nov 2026, 18:00 UTC`` in the language of the mail being built."""
    return i18n.say_datetime(when)


def format_due(when: datetime, now: datetime) -> str:
    """``"Tue 25 Nov 18:00 UTC, in 3 days"``: a deadline as a date and a duration, in the
    language of the mail being built (Babel's CLDR formats for French, Italian and German)."""
    delta = when - now
    secs = int(delta.total_seconds())
    if secs <= 0:
        rel = _("now")
    elif secs < 5400:
        mins = max(1, round(secs / 60))
        rel = ngettext("in %(num)d minute", "in %(num)d minutes", mins) % {"num": mins}
    elif secs < 36 * 3600:
        h = round(secs / 3600)
        rel = ngettext("in %(num)d hour", "in %(num)d hours", h) % {"num": h}
    else:
        d = round(secs / 86400)
        rel = ngettext("in %(num)d day", "in %(num)d days", d) % {"num": d}
    lang = i18n.current()
    if lang == i18n.DEFAULT:
        return f"{when.astimezone(UTC):%a %d %b %H:%M} UTC, {rel}"
    from babel.dates import format_datetime

    stamp = format_datetime(when.astimezone(UTC), "EEE d MMM HH:mm", tzinfo=UTC, locale=lang)
    return f"{stamp} UTC, {rel}"


_TIME_WORDS = frozenset(
    {w for w in _UNITS if len(w) > 2}
    | {w for w in _MONTHS if len(w) > 2}
    | {w for w in _WEEKDAYS if len(w) > 3}
    | {w for phrase in _RELATIVE for w in phrase.split() if len(w) > 3}
    | {
        "until",
        "till",
        "jusqu",
        "jusque",
        "jusqu'au",
        "fino",
        "sino",
        "bis",
        "from",
        "starting",
        "partir",
        "partire",
        "ab",
        "des",
        "dal",
        "vom",
        "du",
        "back",
        "retour",
        "ritorno",
        "zurueck",
        "zuruck",
    }  # fmt: skip
)


_VAGUE = re.compile(
    r"(?<![\w'])(?:for\s+(?:a\s+while|some\s+time)|until\s+further\s+notice|indefinitely"
    r"|quelque\s+temps|un\s+certain\s+temps|jusqu'?\s*a\s+nouvel\s+ordre|indefiniment|longtemps"
    r"|per\s+un\s+po'?|per\s+qualche\s+tempo|fino\s+a\s+nuovo\s+(?:avviso|ordine)"
    r"|a\s+tempo\s+indeterminato|indefinitamente|eine\s+weile|bis\s+auf\s+weiteres"
    r"|auf\s+unbestimmte\s+zeit|l(?:a|ae)ngere\s+zeit)(?![\w'])"
)
"""A length that cannot be known ("for a while", "quelque temps", "jusqu'à nouvel ordre", "per
un po'", "bis auf Weiteres"; issue 31, tenth round): VACATION asks for it rather than guesses."""


def mentions_time(text: str) -> bool:
    """Does ``text`` speak of a length or a day (a unit, a month, a weekday, "until", a number
    before a unit...), with nothing that looks like a move ("M13", "R1")? What VACATION refuses
    rather than passes over when it cannot read it (issue 31)."""
    folded = _fold(text).replace("’", "'")
    if _VAGUE.search(folded):
        return True  # "VACANCES quelque temps": a length that cannot be known, asked back
    tokens = re.findall(r"[a-z']+|\d+[a-z]*|\d+[./]\d+", folded)
    if not tokens or any(re.fullmatch(r"[a-z]{1,2}\d+", t) for t in re.findall(r"\w+", folded)):
        return False
    return any(
        t.strip("'") in _TIME_WORDS
        or t in _NUMBERS
        or re.fullmatch(r"\d+(?:[dhjgtw]|[./]\d+)?", t) is not None
        for t in tokens
    )


_BACK_THEN_DAY = re.compile(r"\b" + _BACK_WORDS + r"\s+(?:on\s+|le\s+|il\s+|am\s+|the\s+)?(.+)$")
_DAY_THEN_BACK = re.compile(r"\b(am|le|il|on|the|zum)\s+([^,;:!?]{1,30}?)\s+" + _BACK_WORDS + r"\b")
_WEEKDAY_THEN_BACK = re.compile(
    r"(?:^|[^\w'])(" + _LONG_WEEKDAYS + r")\s+(?:[a-z']+\s+){0,2}?" + _BACK_WORDS + r"\b"
)
"""A weekday, then the words of a return, without an article ("Sonntag bin ich wieder da",
"dimanche je suis de retour", "domenica sono di ritorno")."""


def back_on(text: str) -> str | None:
    """``back ...`` (:func:`read_until`'s form) for the day a sentence says the player is back,
    anywhere in it ("ich bin auf Dienstreise und am 3. wieder da", "je suis en déplacement, de
    retour le 7 décembre"; issue 31), or None."""
    folded = " ".join(_fold(text).replace("’", "'").split())
    if m := _DAY_THEN_BACK.search(folded):
        day = _the_day(f"{m.group(1)} {m.group(2)}", True)
        if day and not day.startswith("until +"):
            return "back " + day[len("until ") :]
    if (m := _WEEKDAY_THEN_BACK.search(folded)) and _WEEKDAYS.get(m.group(1)) is not None:
        return f"back {_WEEKDAY_EN[_WEEKDAYS[m.group(1)]]}"
    if m := _BACK_THEN_DAY.search(folded):
        words = re.split(r"[,;:!?]", m.group(1))[0].split()
        for n in range(min(5, len(words)), 0, -1):
            day = _the_day(" ".join(words[:n]), True)
            if day and not day.startswith("until +"):
                return "back " + day[len("until ") :]
    return None
