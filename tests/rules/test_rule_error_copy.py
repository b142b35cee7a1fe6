"""``copy.copy`` of a refusal (:meth:`pbem.rules.base.RuleError.__copy__`, nineteenth round) makes
what the generic copy made before: the same class, ``args`` and attributes, a hint still to be
made made the same, no traceback, cause or context."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.rules.base import (
    AmbiguousMove,
    IllegalMove,
    InvalidSyntax,
    NotYourDecision,
    RuleError,
)


def _generic(err: RuleError) -> Any:
    """The copy ``copy.copy`` made without ``__copy__``: the reduce of the exception, rebuilt."""
    rv = err.__reduce_ex__(4)
    return copy._reconstruct(err, None, *rv)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "cls", [RuleError, InvalidSyntax, IllegalMove, AmbiguousMove, NotYourDecision]
)
@pytest.mark.parametrize("kw", [{}, {"text": "M13 R1"}, {"text": "KB S", "hint": "KB N"}])
@pytest.mark.parametrize("later", [False, True])
def test_a_refusal_copied_is_the_generic_copy(
    cls: type[RuleError], kw: dict[str, str], later: bool
) -> None:
    err = cls("'M13 R1' is not a legal move now.", **kw)
    if later:
        err.hint_later(lambda: "Try: N13 R0")
    err.__dict__["seen"] = ["by a reader"]
    try:
        raise err
    except RuleError as caught:
        ours, theirs = copy.copy(caught), _generic(caught)
        assert ours is not caught and theirs is not caught
    assert type(ours) is type(theirs) is cls
    assert ours.args == theirs.args and vars(ours) == vars(theirs)
    assert ours.__traceback__ is None and ours.__cause__ is None and ours.__context__ is None
    assert (str(ours), repr(ours), ours.text) == (str(theirs), repr(theirs), theirs.text)
    assert ours.hint == theirs.hint == err.hint
    ours.text = "changed"
    assert err.text == kw.get("text", "")  # a copy of its own
