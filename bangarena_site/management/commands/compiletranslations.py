"""Compile every gettext catalogue under locale/ with Babel.

Django's compilemessages needs GNU gettext's msgfmt, which a fresh machine with only Python
does not have; Babel is a pure-Python dependency, so the set-up command can always compile.
Running it again just rewrites the same .mo files.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


def catalogue_paths(locale_dirs: list[Path]) -> list[Path]:
    return sorted(
        po_path
        for locale_dir in locale_dirs
        for po_path in Path(locale_dir).glob("*/LC_MESSAGES/*.po")
    )


def compile_catalogue(po_path: Path) -> Path:
    """Write the .mo beside the .po; fuzzy entries are left out, as msgfmt does."""
    locale = po_path.parent.parent.name
    with po_path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=locale)
    mo_path = po_path.with_suffix(".mo")
    # A temporary file of its own: two compilations may run at once (CI's two suites each start
    # bin/run), and with one shared name the first to finish moved the other's half-written
    # file into place.
    with tempfile.NamedTemporaryFile(
        dir=mo_path.parent, prefix=mo_path.name, suffix=".tmp", delete_on_close=False
    ) as mo_file:
        write_mo(mo_file, catalogue, use_fuzzy=False)
        mo_file.close()
        temporary = Path(mo_file.name)
        temporary.chmod(0o644)  # as a plain open() makes it, not a temporary file's 0600
        # Replace atomically: a running server never reads a half-written catalogue. (On an
        # error before this, leaving the block removes the temporary file.)
        temporary.replace(mo_path)
    return mo_path


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo files with Babel (no GNU gettext needed)."

    def handle(self, *args: Any, **options: Any) -> None:
        paths = catalogue_paths([Path(path) for path in settings.LOCALE_PATHS])
        if not paths:
            raise CommandError("No .po catalogues found under LOCALE_PATHS.")
        for po_path in paths:
            mo_path = compile_catalogue(po_path)
            if options["verbosity"] >= 2:
                self.stdout.write(f"compiled {mo_path}")
        self.stdout.write(self.style.SUCCESS(f"Compiled {len(paths)} catalogue(s)."))
