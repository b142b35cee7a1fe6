"""``pbem init``, ``pbem verify-shuffle`` and the game master's ``pbem admin ...`` commands, one module
per GM task (issue 24: the former 1,600-line ``cli/admin.py``):

- :mod:`~pbem.cli.admin.init`: setting up a service and its signing key (init, pubkey, rotate-key);
- :mod:`~pbem.cli.admin.games`: games made and offered (new, open, unwatch, offer);
- :mod:`~pbem.cli.admin.views`: reading a game (list, show, history, replay);
- :mod:`~pbem.cli.admin.repair`: a running game put right by hand (move, undo, replace, pause,
  resume, end);
- :mod:`~pbem.cli.admin.policy`: a game's clock (deadline, policy, vacation);
- :mod:`~pbem.cli.admin.integrity`: checking and carrying games (verify, verify-shuffle, export);
- :mod:`~pbem.cli.admin.people`: each address's choices and troubles (lang, mail, bounces);
- :mod:`~pbem.cli.admin.common`: what they share (options, configuration, store, seats, JSON).

Each command is a thin skin over the library: it resolves the configuration, calls the library,
and turns its errors into one clear message and an exit status (1: the request failed or a check
found a problem; 2: configuration missing or wrong). The commands are registered here, in one
table, in the order ``pbem --help`` and ``pbem admin --help`` list them (the stored help texts of
:mod:`pbem.cli.helptext`); ``pbem.cli._ADMIN_MODULE`` names the admin ones for lazy loading.
"""

from __future__ import annotations

from pbem.cli.admin import games, init, integrity, people, policy, repair, views
from pbem.cli.apps import admin_app, app

app.command("init")(init.init)
app.command("verify-shuffle")(integrity.verify_shuffle_cmd)
admin_app.command("new")(games.new)
admin_app.command("open")(games.open_game)
admin_app.command("unwatch")(games.unwatch)
admin_app.command("list")(views.list_games)
admin_app.command("show")(views.show)
admin_app.command("history")(views.history)
admin_app.command("move")(repair.move)
admin_app.command("verify")(integrity.verify)
admin_app.command("replay")(views.replay)
admin_app.command("undo")(repair.undo)
admin_app.command("replace")(repair.replace)
admin_app.command("pause")(repair.pause)
admin_app.command("resume")(repair.resume)
admin_app.command("end")(repair.end)
admin_app.command("deadline")(policy.deadline)
admin_app.command("policy")(policy.policy)
admin_app.command("vacation")(policy.vacation)
admin_app.command("offer")(games.offer_seat)
admin_app.command("lang")(people.lang_pref)
admin_app.command("mail")(people.mail_pref)
admin_app.command("bounces")(people.bounces_cmd)
admin_app.command("export")(integrity.export)
admin_app.command("pubkey")(init.pubkey)
admin_app.command("rotate-key")(init.rotate_key)

__all__ = ["games", "init", "integrity", "people", "policy", "repair", "views"]
