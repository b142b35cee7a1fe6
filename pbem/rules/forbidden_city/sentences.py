"""Forbidden City's events in sentences, for the mails and the history."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.i18n import _, ngettext
from pbem.rules.base import Event, json_dict, json_int, json_list, json_str, plain_sentence
from pbem.rules.forbidden_city.notation import square_name
from pbem.rules.forbidden_city.state import colours

COLOUR = "colour"
"""The events' colour field (a name, not a text to extract: the colour is translated)."""


def describe_event(event: Event, names: Sequence[str] | None = None) -> str:
    """One sentence for people about an event (the seat colours are in the events)."""
    text = _sentence(event, names)
    return text[:1].upper() + text[1:]


def _sentence(event: Event, names: Sequence[str] | None) -> str:
    d = event.data
    kind = event.kind
    if kind == "placed":
        return _("%(who)s placed %(tile)s on %(square)s.") % {
            "who": _(json_str(d[COLOUR])),
            "tile": d["tile"],
            "square": d["notation"],
        }
    if kind == "room-closed":
        squares = [square_name(*map(json_int, json_list(xy))) for xy in json_list(d["squares"])]
        where = squares[0] if len(squares) == 1 else f"{squares[0]} .. {squares[-1]}"
        b = json_dict(d["breakdown"])
        tiles, dragons = json_int(b["tiles"]), json_int(b["dragons"])
        parts = [ngettext("%(num)d tile", "%(num)d tiles", tiles) % {"num": tiles}]
        if dragons:
            parts.append(ngettext("%(num)d dragon", "%(num)d dragons", dragons) % {"num": dragons})
        linked = json_list(b["adjacent"])
        adjacent = sum(json_int(json_dict(a)["value"]) for a in linked)
        if adjacent:
            n = len(linked)
            parts.append(
                ngettext(
                    "%(value)d for %(num)d linked room", "%(value)d for %(num)d linked rooms", n
                )
                % {"value": adjacent, "num": n}
            )
        payouts = {c: json_int(v) for c, v in json_dict(d["payouts"]).items()}
        ranked = sorted(payouts.items(), key=lambda cv: -cv[1])
        paid = ", ".join(f"{_(c)} {v}" for c, v in ranked) or _("nobody (no advisors)")
        return _(
            "The %(colour)s room at %(where)s is closed: worth %(value)s (%(parts)s); "
            "paid: %(paid)s."
        ) % {
            "colour": _(json_str(d[COLOUR])),
            "where": where,
            "value": d["value"],
            "parts": ", ".join(parts),
            "paid": paid,
        }
    if kind == "set-aside":
        return _("%(who)s's %(tile)s fits nowhere: it is shown and set aside.") % {
            "who": _(json_str(d[COLOUR])),
            "tile": d["tile"],
        }
    if kind == "drew":
        return _("You drew %(tile)s.") % {"tile": d["tile"]}
    if kind == "stopped":
        return _("%(who)s keeps the last 2 tiles and places no more.") % {
            "who": _(json_str(d[COLOUR]))
        }
    if kind == "game-over":
        scores = ", ".join(f"{_(c)} {v}" for c, v in json_dict(d["scores"]).items())
        won_by = [json_str(w) for w in json_list(d["winners"])]
        winners = _(" and ").join(_(w) for w in won_by)
        won = (_("%(who)s wins.") if len(won_by) == 1 else _("%(who)s share the victory.")) % {
            "who": winners
        }
        return _("Game over: %(scores)s.") % {"scores": scores} + " " + won[:1].upper() + won[1:]
    return plain_sentence(kind, d, names or colours(4))
