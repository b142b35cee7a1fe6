"""Files a player keeps: the game record (a signed text, PGN-like), the replay page (one HTML file)
and reading them back (``pbem verify-record``, ``pbem play --from``). See docs/FILE-FORMATS.md,
"The game record".

Built over the store's public log: nothing here unseals a value. What a file may show is decided
line by line by :func:`pbem.gamefiles.record.public_line`; the service signs the file as a whole.
"""
