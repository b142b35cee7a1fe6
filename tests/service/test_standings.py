"""Standings: updated when a game ends, recomputed byte for byte from the signed exports alone."""

from __future__ import annotations

from pathlib import Path

from helpers import Env, drain, make_env, text_of

from pbem.rules.base import derive_rng
from pbem.standings import (
    encode,
    from_exports,
    game_result,
    load,
    path_of,
    rebuild,
)
from pbem.standings.ratings import Rating, Reliability
from pbem.store.entries import ActionEntry, End, Replace, Source

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Dee", "dee@example.org"),
]


def play_out(env: Env, gid: str, *, stop_after: int | None = None, source: Source = "mail") -> None:
    """Bots play ``gid`` straight into the store (all of it, or ``stop_after`` moves)."""
    i = 0
    while stop_after is None or i < stop_after:
        rec = env.store.load(gid)
        if rec.envelope.status != "active" or not rec.pending():
            break
        seat = rec.pending()[0].seat
        action = rec.game.bots()["greedy"].choose(rec.game, rec.state, seat, derive_rng(3, gid, i))
        env.store.commit(
            gid, rec.seq, [ActionEntry(seat, action=action, source=source)], env.clock()
        )
        i += 1


def new_game(env: Env, players: list[tuple[str, str]], seed: int) -> str:
    gid = env.store.create("forbidden-city", players, {"privacy": "plain"}, seed, env.clock())
    env.service.notify(gid)
    return gid


def test_a_finished_game_rates_its_players_and_the_mail_says_so(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = new_game(env, PLAYERS[:3], 5)
    drain(env)
    play_out(env, gid)
    env.service.notify(gid)
    mails = drain(env)
    st = load(env.data)
    pool = st.pools["forbidden-city/3-4"]
    assert sorted(pool) == ["ann@example.org", "bob@example.org", "cy@example.org"]
    assert all(r.games == 1 and r.last == gid and r.provisional for r in pool.values())
    # The winner's mean rises the most and its change is the largest.
    ranked = sorted(pool.values(), key=lambda r: r.mu)
    assert ranked[-1].wins == 1 and ranked[-1].change == max(r.change for r in ranked)
    assert ranked[-1].mu > 25 > ranked[0].mu
    for _name, addr in PLAYERS[:3]:
        text = text_of(next(m for m in mails if addr in str(m["To"])))
        assert all(len(line) <= 72 for line in text.splitlines())
        flat = " ".join(text.split())
        assert "Your rating (Forbidden City (Knizia 2018), 3-4 players) is now" in flat
        assert f"{pool[addr].rating:.2f} (provisional), {pool[addr].change:+.2f}" in flat
    assert st.reliability["ann@example.org"].games == 1
    assert st.reliability["ann@example.org"].finished == 1
    # Mailing the end again changes nothing.
    before = path_of(env.data).read_bytes()
    env.service.notify(gid)
    assert path_of(env.data).read_bytes() == before


def test_recompute_from_exports_equals_the_service_file(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    games = []
    for k in range(6):
        n = 2 + k % 3
        players = [PLAYERS[(k + j) % 4] for j in range(n)]
        games.append(new_game(env, players, 100 + k))
    running = new_game(env, PLAYERS[:2], 999)
    for gid in games:
        play_out(env, gid)
        env.service.notify(gid)
    play_out(env, running, stop_after=3)
    env.service.notify(running)
    drain(env)
    service_bytes = path_of(env.data).read_bytes()
    exports = tmp_path / "exports"
    exports.mkdir()
    for gid in [*games, running]:
        env.store.export(gid, exports / f"{gid}.tar.gz")
    key = env.store.keyring.public_key_text()
    st, problems = from_exports([exports], key)
    assert problems == []
    assert encode(st) == service_bytes
    assert len(st.games) == 6
    assert set(st.pools) == {"forbidden-city/2", "forbidden-city/3-4"}
    # The same from a full rebuild of the store.
    assert encode(rebuild(env.store)) == service_bytes


def test_a_tampered_export_is_left_out_and_named(tmp_path: Path) -> None:
    import io
    import tarfile

    env = make_env(tmp_path)
    gid = new_game(env, PLAYERS[:2], 8)
    play_out(env, gid)
    env.service.notify(gid)
    good = tmp_path / "good.tar.gz"
    env.store.export(gid, good)
    bad = tmp_path / "bad.tar.gz"
    with tarfile.open(good) as src, tarfile.open(bad, "w:gz") as dst:
        for m in src.getmembers():
            data = src.extractfile(m).read()  # type: ignore[union-attr]
            if m.name.endswith("log.jsonl"):
                data = data.replace(b'"reason":"finished"', b'"reason":"finishee"', 1)
            m.size = len(data)
            dst.addfile(m, io.BytesIO(data))
    st, problems = from_exports([bad], env.store.keyring.public_key_text())
    assert len(problems) == 1 and "bad.tar.gz" in problems[0]
    assert st.games == []


def test_a_game_the_gm_ended_is_not_rated_but_counts_for_reliability(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = new_game(env, PLAYERS[:2], 9)
    play_out(env, gid, stop_after=4)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [End(reason="gm")], env.clock())
    env.service.notify(gid)
    mails = drain(env)
    st = load(env.data)
    assert st.pools == {}
    assert [g.rated for g in st.games] == [False]
    assert st.reliability["ann@example.org"] == Reliability(on_time=2, games=1, finished=1)
    over = [m for m in mails if "game over" in str(m["Subject"])]
    assert over and all("This game is not rated" in text_of(m) for m in over)


def test_a_player_who_left_is_rated_last_and_the_newcomer_not_at_all(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = new_game(env, PLAYERS[:3], 10)
    play_out(env, gid, stop_after=5)
    rec = env.store.load(gid)
    env.store.commit(
        gid, rec.seq, [Replace(seat=0, name="Eve", email="eve@example.org")], env.clock()
    )
    play_out(env, gid, source="timer")
    result = game_result(list(env.store.load(gid).entries))
    assert result is not None and result.rated
    by = {s.address: s for s in result.seats}
    assert by["ann@example.org"].rank == 4 and by["ann@example.org"].left
    assert by["eve@example.org"].rank == 0 and by["eve@example.org"].finished
    assert by["eve@example.org"].missed > 0 and by["eve@example.org"].on_time == 0
    assert {by["bob@example.org"].rank, by["cy@example.org"].rank} <= {1, 2, 3}


def test_computer_seats_are_one_calibration_player_per_game(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    bot = ("Computer", "computer+x.1@pbem.test")
    gid = new_game(env, [PLAYERS[0], bot], 11)
    play_out(env, gid)
    env.service.notify(gid)
    st = load(env.data)
    assert set(st.pools["forbidden-city/2"]) == {"ann@example.org", "computer:forbidden-city"}
    assert "computer:forbidden-city" not in st.reliability


def test_each_computer_level_is_its_own_calibration_player(tmp_path: Path) -> None:
    """Seats given a level at creation (computer+LEVEL.SEAT) are rated per level; a label that
    names no bot stays the game's one computer player."""
    env = make_env(tmp_path)
    strong = ("Computer", "computer+strong.1@pbem.invalid")
    greedy = ("Computer", "computer+greedy.2@pbem.invalid")
    other = ("Computer", "computer+x.3@pbem.invalid")
    gid = new_game(env, [PLAYERS[0], strong, greedy, other], 12)
    play_out(env, gid)
    env.service.notify(gid)
    st = load(env.data)
    assert set(st.pools["forbidden-city/3-4"]) == {
        "ann@example.org",
        "computer:forbidden-city:strong",
        "computer:forbidden-city:greedy",
        "computer:forbidden-city",
    }
    assert not any(a.startswith("computer:") for a in st.reliability)


def test_a_game_ending_out_of_order_rebuilds_the_file(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    a = new_game(env, PLAYERS[:2], 20)
    b = new_game(env, PLAYERS[2:4], 21)
    play_out(env, a)
    play_out(env, b)
    env.service.notify(b)  # b ended later but is mailed first
    env.service.notify(a)
    st = load(env.data)
    assert [g.game_id for g in st.games] == [a, b]
    assert encode(st) == encode(rebuild(env.store))


def test_rating_numbers() -> None:
    r = Rating(name="x")
    assert r.rating == 0.0 and r.provisional
    assert Reliability(on_time=9, missed=1).percent == 90
    assert Reliability(on_time=10, left=1).percent == 50


def test_open_game_filters_who_may_join_by_reliability_and_rating(tmp_path: Path) -> None:
    from email.message import EmailMessage
    from email.utils import make_msgid

    from helpers import SERVICE

    from pbem.service.signup import SignupFiles
    from pbem.standings import save
    from pbem.standings.ratings import Standings

    env = make_env(tmp_path)
    save(
        env.data,
        Standings(
            pools={"forbidden-city/3-4": {"bob@example.org": Rating(name="Bob", mu=30, sigma=2)}},
            reliability={
                "ann@example.org": Reliability(on_time=6, missed=4, games=2),
                "cy@example.org": Reliability(on_time=9, missed=1, games=1),
            },
        ),
    )
    board = SignupFiles(env.data / "outbox")
    og = board.new_open(
        "forbidden-city", 3, 4, {}, None, ["eve@example.org"], env.clock(),
        min_reliability=80, max_rating=20,
    )  # fmt: skip

    def ask(addr: str, target: str) -> tuple[str, str]:
        msg = EmailMessage()
        msg["From"] = addr
        msg["To"] = SERVICE
        msg["Subject"] = "hello"
        msg["Message-ID"] = make_msgid(domain="client.test")
        msg.set_content(f"JOIN {target}\n")
        env.service.handle(msg.as_bytes())
        (answer,) = drain(env)
        return str(answer["Subject"]), " ".join(text_of(answer).split())

    subject, refused = ask("ann@example.org", og.open_id)
    assert "please confirm" not in subject
    assert "reliability is at least 80 percent" in refused and "yours is 60 percent" in refused
    subject, refused = ask("bob@example.org", "forbidden-city")
    assert "please confirm" not in subject
    assert "rated at most 20.00; your rating is 24.00" in refused
    # 90 percent; no record at all; invited (the filters do not apply).
    for addr in ("cy@example.org", "dan@example.org", "eve@example.org"):
        assert "please confirm" in ask(addr, og.open_id)[0], addr
    assert board.get_open(og.open_id).min_reliability == 80  # type: ignore[union-attr]


def test_standings_and_stats_by_mail_in_two_languages(tmp_path: Path) -> None:
    from helpers import reply

    env = make_env(tmp_path)
    env.service.prefs.set_lang("bob@example.org", "fr")
    done = new_game(env, PLAYERS[:3], 30)
    play_out(env, done)
    env.service.notify(done)
    new_game(env, PLAYERS[:2], 31)
    mails = drain(env)
    last = {a: [m for m in mails if a in str(m["To"])][-1] for _, a in PLAYERS[:2]}
    env.service.handle(reply(last["ann@example.org"], "ann@example.org", "STANDINGS\nSTATS"))
    answers = drain(env)
    st = load(env.data)
    standings = next(m for m in answers if "the standings" in str(m["Subject"]))
    text = text_of(standings)
    assert all(len(line) <= 72 for line in text.splitlines())
    assert "Forbidden City (Knizia 2018), 3-4 players:" in text
    for r in st.pools["forbidden-city/3-4"].values():
        assert f"{r.rating:>7.2f}? {r.change:>+6.2f}  {r.name}" in text
    assert "Ann (you)" in text and "@example.org" not in text.split("Hello")[1].split("--")[0]
    assert "Your reliability: 100 percent" in " ".join(text.split())
    stats = text_of(next(m for m in answers if "your statistics" in str(m["Subject"])))
    mine = st.totals["ann@example.org"]["forbidden-city"]
    assert "Forbidden City (Knizia 2018) (games: 1):" in stats
    assert f"  rooms closed: {mine['rooms_closed']}" in stats
    assert f"  advisors placed: {mine['advisors']}" in stats
    # In French, with the French words.
    env.service.handle(reply(last["bob@example.org"], "bob@example.org", "CLASSEMENT"))
    (fr,) = drain(env)
    assert "le classement" in str(fr["Subject"])
    assert "Bob (vous)" in text_of(fr) and "3-4 joueurs" in text_of(fr)
    env.service.handle(reply(last["bob@example.org"], "bob@example.org", "STATISTIQUES"))
    (fr,) = drain(env)
    assert "salles fermées" in text_of(fr)


def test_the_standings_table_keeps_its_rows_in_the_html_part(tmp_path: Path) -> None:
    from helpers import reply

    env = make_env(tmp_path)
    done = new_game(env, PLAYERS[:2], 40)
    play_out(env, done)
    env.service.notify(done)
    mails = drain(env)
    last = [m for m in mails if "ann@example.org" in str(m["To"])][-1]
    env.service.handle(reply(last, "ann@example.org", "STANDINGS"))
    (answer,) = drain(env)
    html = answer.get_body(preferencelist=("html",)).get_content()  # type: ignore[union-attr]
    pre = html.split("<pre", 1)[1].split("</pre>", 1)[0]
    assert "Forbidden City (Knizia 2018), 2 players:" in pre
    assert pre.count("\n") >= 2 and "Ann (you)" in pre
