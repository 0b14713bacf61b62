"""Issue 2, item 6: the set-up compiles the catalogues with Python alone (no GNU gettext)."""

import gettext
import shutil
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

SOURCE = Path(settings.BASE_DIR, "locale")


def test_compiles_every_catalogue_and_is_idempotent(tmp_path, settings):
    locale = tmp_path / "locale"
    shutil.copytree(SOURCE, locale, ignore=shutil.ignore_patterns("*.mo"))
    settings.LOCALE_PATHS = [locale]

    call_command("compiletranslations", verbosity=0)
    first = {path: path.read_bytes() for path in locale.glob("*/LC_MESSAGES/django.mo")}
    call_command("compiletranslations", verbosity=0)
    second = {path: path.read_bytes() for path in locale.glob("*/LC_MESSAGES/django.mo")}

    assert len(first) == 6
    assert first == second
    assert not list(locale.glob("**/*.tmp"))


def test_compiled_catalogue_translates_and_knows_its_plural_rule(tmp_path, settings):
    locale = tmp_path / "locale"
    shutil.copytree(SOURCE, locale, ignore=shutil.ignore_patterns("*.mo"))
    settings.LOCALE_PATHS = [locale]

    call_command("compiletranslations", verbosity=0)

    russian = gettext.translation("django", localedir=locale, languages=["ru"])
    assert russian.gettext("Log in") == "Войти"
    singular = "%(count)d user banned."
    plural = "%(count)d users banned."
    assert russian.ngettext(singular, plural, 2) == "%(count)d пользователя заблокированы."
    assert russian.ngettext(singular, plural, 5) == "%(count)d пользователей заблокировано."


def test_two_compilations_at_once_both_finish_with_a_whole_catalogue(tmp_path, monkeypatch):
    """CI runs two suites side by side and each starts bin/run, which compiles the catalogues:
    one compilation can run while the other is halfway through a file. Both shared one
    temporary name, so the first to finish moved the other's half-written file into place, and
    the other then failed to find its own to move."""
    from babel.messages import mofile

    from bangarena_site.management.commands import compiletranslations

    locale = tmp_path / "locale"
    shutil.copytree(SOURCE, locale, ignore=shutil.ignore_patterns("*.mo"))
    po_path = next(locale.glob("ru/LC_MESSAGES/django.po"))
    write_mo = mofile.write_mo
    interleaved = []

    def write_while_another_compiles(fileobj, catalogue, use_fuzzy=False):
        if not interleaved:  # halfway through the first file, the other compilation runs
            interleaved.append(True)
            compiletranslations.compile_catalogue(po_path)
        write_mo(fileobj, catalogue, use_fuzzy=use_fuzzy)

    monkeypatch.setattr(compiletranslations, "write_mo", write_while_another_compiles)
    compiletranslations.compile_catalogue(po_path)

    russian = gettext.translation("django", localedir=locale, languages=["ru"])
    assert russian.gettext("Log in") == "Войти"
    assert not list(locale.glob("**/*.tmp"))
