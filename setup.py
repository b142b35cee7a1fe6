"""Packaging glue that ``pyproject.toml`` cannot express on its own.

The Jinja2 mail templates stay in the top-level ``templates/`` folder (their source), and are
installed as the package ``pbem.templates``: ``pyproject.toml``'s ``packages.find`` cannot add a
package that lives outside ``pbem/``, so the package list is computed here (every ``pbem``
subpackage, found anew on each build, plus the mapped ``pbem.templates``). Everything else about the
project is in ``pyproject.toml``.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["pbem", "pbem.*"]), "pbem.templates", "pbem.docs"],
    # The player guides travel with the package: GUIDE mails them (issue 31).
    package_dir={"pbem.templates": "templates", "pbem.docs": "docs"},
)
