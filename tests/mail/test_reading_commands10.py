"""Commands in words and prose, tenth round of issue 31: a leave's end given by reference ("torno
domenica. FERIE fino ad allora") or in the prose before VACATION, a leave asked in a question or
as the player's games paused, punctuation dictated before courtesy, NEXT with its conditions in
more words and asked in a question, commands asked with a reason or "when you can", standing
orders said in words, PREVIEW asked in prose, a fresh mail's request after a greeting; and the
neighbours each must leave alone (someone else's leave, a question about a command, a remark)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import pbem.service.commands  # noqa: F401  (registers the commands the reader looks up)
from pbem import i18n
from pbem.commands.durations import back_on, day_named, leave_before, parse_duration, read_until
from pbem.commands.grammar import read_commands
from pbem.commands.queued import alternatives, named_next
from pbem.commands.requests import (
    leave_in_words,
    my_games_paused,
    orders_in_words,
    preview_asked,
    requested,
)
from pbem.mail.reply import spoken_punctuation
from pbem.service import fresh_words

SAT = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # a Saturday


def _read(lang: str, *lines: str) -> list[tuple[str, str]]:
    with i18n.speaking(lang):
        reading = read_commands(list(lines), None)
    return [(c.kind, c.arg) for c in reading.commands] + [("error", e) for e, _x in reading.errors]


# ------------------------------------------------------------------ a leave's end by reference


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("it", "Ciao a tutti, sono via per lavoro, torno domenica. FERIE fino ad allora."),
        ("fr", "Bonjour, je pars en Bretagne, je rentre dimanche. VACANCES jusque-là svp."),
        ("de", "Hallo, bin auf Dienstreise, Sonntag bin ich wieder da. URLAUB bis dahin."),
        ("en", "Hi all, off to Wales for work, back Sunday. VACATION till then please."),
    ],
)
def test_until_then_is_the_return_day_named_before(lang: str, line: str) -> None:
    got = _read(lang, line)
    assert [k for k, _a in got] == ["vacation"], got
    assert read_until(got[0][1]) == "back sunday" or back_on(got[0][1]) == "back sunday"


def test_a_leave_up_to_the_return_day_ends_at_its_noon() -> None:
    # "back on Sunday" names no hour: half a day from either reading of it
    assert SAT + parse_duration("back sunday", now=SAT) == datetime(2026, 11, 22, 12, tzinfo=UTC)
    assert SAT + parse_duration("until sunday", now=SAT) == datetime(2026, 11, 23, tzinfo=UTC)


@pytest.mark.parametrize(
    "clause",
    ["je rentre dimanche", "torno domenica", "I return on Sunday", "sono di ritorno domenica",
     "dimanche je suis de retour", "Sonntag bin ich wieder da"],
)  # fmt: skip
def test_the_words_of_a_return(clause: str) -> None:
    assert back_on(clause) == "back sunday"


@pytest.mark.parametrize(
    "before",
    [
        "Meine Frau ist bis Sonntag weg. ",
        "Bea is away until Sunday. ",
        "Mon fils rentre dimanche. ",
    ],
)
def test_someone_elses_absence_names_no_day_of_the_player(before: str) -> None:
    assert leave_before("bis dahin", before) is None
    assert leave_before("", before) is None


def test_until_then_with_no_day_before_is_asked() -> None:
    assert _read("it", "FERIE fino ad allora.")[0][0] == "error"


@pytest.mark.parametrize(
    ("lang", "line", "day"),
    [
        ("en", "Away at a conference until Sunday - VACATION please.", "until sunday"),
        ("fr", "Absent jusqu'à dimanche, pas de réseau là-bas. VACANCES svp", "until sunday"),
        ("de", "Bin bis Freitag auf Montage. URLAUB bitte.", "until friday"),
        ("fr", "Je suis en déplacement jusqu'au 3 décembre. VACANCES svp", "until 12-03"),
    ],
)
def test_a_vacation_without_length_takes_the_day_named_before(
    lang: str, line: str, day: str
) -> None:
    assert _read(lang, line) == [("vacation", day)]


def test_an_end_left_open_is_asked_but_where_is_no_or() -> None:
    # French "ou" (or) leaves the end open; "où" (where) does not, in either Unicode form.
    assert leave_before("", "Absent jusqu'à dimanche ou lundi. ") is None
    for where in ("où", "ou\u0300"):
        before = f"Absent jusqu'à dimanche, là {where} je serai il n'y a pas de réseau. "
        assert leave_before("", before) == "jusqu'à dimanche"


def test_a_length_and_a_day_before_a_vacation_are_asked() -> None:
    assert day_named("Away for a week, back Monday. ") is None
    assert leave_before("", "Away for a week, back Monday. ") is None


# ------------------------------------------------------------------ a leave asked in words


@pytest.mark.parametrize(
    ("line", "length"),
    [
        ("Je serai absent pendant deux semaines, pouvez-vous me mettre en vacances ?", "14d"),
        ("I'll be away for ten days, could you put me on vacation?", "10d"),
        ("Sarò via per tre giorni, mi mettete in vacanza per favore?", "3d"),
        ("Ich bin zwei Wochen verreist, bitte setzt mich auf Urlaub.", "14d"),
    ],
)
def test_a_leave_said_then_asked_for(line: str, length: str) -> None:
    assert [(c.kind, a) for c, a in leave_in_words(line)] == [("vacation", length)]


@pytest.mark.parametrize(
    "line",
    [
        "Je serai absent deux semaines, c'est un problème pour la partie ?",
        "I'll be away for ten days from next Friday, could you put me on vacation then?",
        "I'll be away for ten days, should I put myself on vacation?",
    ],
)
def test_a_question_about_a_leave_is_no_leave(line: str) -> None:
    assert leave_in_words(line) == []


@pytest.mark.parametrize(
    ("line", "arg"),
    [
        ("Vado in ferie, sospendete le mie partite per dieci giorni per favore.", "10d"),
        ("Away on a work trip till the 5th of December, can you pause my deadlines until then?",
         "until 12-05"),
        ("Bitte meine Partien zwei Wochen pausieren.", "14d"),
        ("Pourriez-vous mettre en pause mes parties pendant une semaine ?", "7d"),
    ],
)  # fmt: skip
def test_the_players_games_paused_is_a_leave(line: str, arg: str) -> None:
    assert [(c.kind, a) for c, a in my_games_paused(line)] == [("vacation", arg)]


@pytest.mark.parametrize(
    "line",
    [
        "Please don't pause my games.",
        "Can you pause my games?",
        "My wife is away until Sunday, can you pause my games until then?",
    ],
)
def test_a_pause_without_length_or_denied_is_no_leave(line: str) -> None:
    assert my_games_paused(line) == []


# ------------------------------------------------------------------ dictation


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("Vacation seven days period thanks", "Vacation seven days. thanks"),
        ("Urlaub drei Tage Punkt danke", "Urlaub drei Tage. danke"),
        ("you have a point", "you have a point"),
        ("a trial period thanks", "a trial period thanks"),
    ],
)
def test_punctuation_dictated_before_courtesy(line: str, written: str) -> None:
    assert spoken_punctuation(line) == written


# ------------------------------------------------------------------ NEXT


@pytest.mark.parametrize(
    ("text", "alts"),
    [
        ("O13 R1, failing that M13 R0", ["O13 R1", "M13 R0"]),
        ("L12 R0, notfalls M13 R2", ["L12 R0", "M13 R2"]),
        ("M13 R1, or P10 R0 if someone nicks it first", ["M13 R1", "P10 R0"]),
        ("M13 R2 unless someone grabs it first", ["M13 R2"]),
        ("M13 R2, a meno che qualcuno non la prenda prima", ["M13 R2"]),
        ("M13 R2, es sei denn, jemand nimmt es vorher", ["M13 R2"]),
        ("M13 R2 à moins que quelqu'un la prenne avant", ["M13 R2"]),
    ],
)
def test_next_with_its_conditions_in_more_words(text: str, alts: list[str]) -> None:
    got = alternatives(text)
    assert got is not None
    assert [a.strip(" ,") for a in got.replace(" else ", " ELSE ").split(" ELSE ")] == alts


def test_next_unless_a_condition_the_service_cannot_check_is_asked() -> None:
    assert _read("en", "NEXT L9 R1 unless I change my mind") != [("next", "L9 R1")]
    assert alternatives("M13 R2 unless someone else plays there") is None


@pytest.mark.parametrize(
    ("line", "queued"),
    [
        ("Can you queue L10 R3 for my next turn?", "L10 R3"),
        ("Könnt ihr mir O9 R2 für meinen nächsten Zug vormerken?", "O9 R2"),
        ("Für meinen nächsten Zug schon mal vormerken: O13 R0", "O13 R0"),
        ("Mein nächster Zug, sobald ich dran bin: P12 R1.", "P12 R1."),
        ("Queue L12 R2 for next time, failing that M13 R2.", "L12 R2, failing that M13 R2"),
    ],
)
def test_the_next_turn_named_in_words(line: str, queued: str) -> None:
    assert named_next(line) == queued


def test_a_question_about_the_next_turn_queues_nothing() -> None:
    assert named_next("Can you tell me if M13 R1 is legal for my next turn?") is None


# ------------------------------------------------------------------ commands asked in prose


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("Well played all. Send me my STATS when you can.", "stats"),
        ("Pourriez-vous m'envoyer le classement du club ?", "standings"),
        ("While I wait for North, could you send me the history? I've lost track.", "history"),
        ("E mandatemi pure il tabellone che non ci capisco più niente.", "board"),
        ("Schickt mir das Brett, weil ich nichts sehe.", "board"),
        ("Newbie question: which squares can I actually use with this tile?", "legal"),
    ],
)
def test_a_command_asked_in_prose(line: str, kind: str) -> None:
    assert [c.kind for c, _a in requested(line)] == [kind]


@pytest.mark.parametrize(
    "line",
    [
        "When can you send the board?",
        "Send me the board because I played M13 R1",
        "Thanks for the board because it helped",
    ],
)
def test_what_only_looks_like_a_request(line: str) -> None:
    assert requested(line) == []


@pytest.mark.parametrize(
    ("line", "claim"),
    [
        ("Whenever someone makes a claim, please always believe it for me.", "believe"),
        ("Quand on m'annonce quelque chose, doutez toujours pour moi.", "doubt"),
        ("Quando qualcuno fa una dichiarazione, credete sempre per me.", "believe"),
        ("Bei Ansagen bitte immer für mich anzweifeln.", "doubt"),
        ("Et à l'avenir, croyez toutes les annonces pour moi sans me demander.", "believe"),
    ],
)
def test_a_standing_order_said_in_words(line: str, claim: str) -> None:
    from pbem.service.standing import parse

    got = orders_in_words(line)
    assert len(got) == 1
    orders = parse(got[0][1], 0, 4)
    assert orders is not None and orders.claim == claim


@pytest.mark.parametrize(
    "line",
    [
        "Je doute toujours de tout, c'est mon caractère !",
        "Please always believe me.",
        "Please never believe claims for me.",
        "Do you always believe claims?",
    ],
)
def test_a_remark_on_trust_is_no_standing_order(line: str) -> None:
    assert orders_in_words(line) == []


def test_a_standing_order_then_a_remark_that_says_it_again() -> None:
    line = "STANDING RESELECT KEEP - I never change my bribe anyway. Slide to follow later today."
    assert _read("en", line) == [("standing", "RESELECT KEEP")]


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("Thanks for the help. Before I commit to anything, can I get a preview of M13 R2?",
         "M13 R2"),
        ("Grazie. Prima di decidere, potete farmi vedere cosa succede con P12 R1?", "P12 R1"),
        ("Qu'est-ce que ça donnerait, BR W N ? Juste un aperçu, je ne joue pas encore.",
         "BR W N"),
    ],
)  # fmt: skip
def test_a_preview_asked_in_prose(line: str, move: str) -> None:
    assert preview_asked(line) == move


@pytest.mark.parametrize(
    "line",
    [
        "Thanks for the preview of M13 R2.",
        "Can you show me what happens with M13 R2? I play it.",
        "Thanks for the help. Can I get a preview of M13 R2? No, forget it.",
    ],
)
def test_no_preview_where_none_is_asked(line: str) -> None:
    assert preview_asked(line) is None


# ------------------------------------------------------------------ fresh mails


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("Hi, I'd like to watch fc-7k3q, my son is playing in it.", ("watch", ("fc-7k3q",))),
        ("Bonjour, je veux bien être remplaçant, pour n'importe quel jeu.", ("standby", ("any",))),
        ("Sono disponibile come riserva per qualsiasi gioco.", ("standby", ("any",))),
    ],
)
def test_a_fresh_request_after_a_greeting_or_before_a_remark(
    line: str, want: tuple[str, tuple[str, ...]]
) -> None:
    assert fresh_words.in_words(line) == want


def test_someone_elses_wish_after_a_fresh_request_is_asked() -> None:
    assert fresh_words.in_words("I'd like to watch fc-7k3q, my son wants to join") is None


def test_games_asked_beside_a_remark() -> None:
    assert fresh_words.games_in_words(
        "Ciao! In che partite sto giocando adesso? Non mi ricordo più"
    )
    assert not fresh_words.games_in_words("Which games am I in? I want to join fc-7k3q.")


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("until next week", datetime(2026, 11, 23, tzinfo=UTC)),
        ("jusqu'à la semaine prochaine", datetime(2026, 11, 23, tzinfo=UTC)),
        ("fino alla fine della prossima settimana", datetime(2026, 11, 30, tzinfo=UTC)),
        ("bis nächste Woche", datetime(2026, 11, 23, tzinfo=UTC)),
        ("for the weekend", datetime(2026, 11, 23, tzinfo=UTC)),
        ("übers Wochenende", datetime(2026, 11, 23, tzinfo=UTC)),
        ("per il fine settimana", datetime(2026, 11, 23, tzinfo=UTC)),
    ],
)
def test_next_week_and_the_weekend(text: str, end: datetime) -> None:
    until = read_until(text)
    assert until is not None
    assert SAT + parse_duration(until, now=SAT) == end


def test_the_weekend_said_early_in_the_week_is_asked() -> None:
    wednesday = datetime(2026, 11, 25, 12, tzinfo=UTC)
    with pytest.raises(ValueError):
        parse_duration("until weekend", now=wednesday)


def test_the_weekend_before_a_vacation_without_length() -> None:
    assert _read("en", "I'm away for the weekend, VACATION please") == [
        ("vacation", "until weekend")
    ]
    assert _read("en", "Have a nice weekend, VACATION please")[0][0] == "error"


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "VACANCES quelque temps, merci."),
        ("fr", "VACANCES jusqu'à nouvel ordre"),
        ("it", "VACANZA per un po', grazie"),
        ("de", "URLAUB bis auf Weiteres."),
        ("en", "VACATION until further notice please."),
    ],
)
def test_a_length_that_cannot_be_known_is_asked(lang: str, line: str) -> None:
    assert [k for k, _a in _read(lang, line)] == ["error"]
