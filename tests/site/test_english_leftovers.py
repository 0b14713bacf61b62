"""Issue 10: no page shows English to a player who chose another language.

The list of "known English-only strings" is the catalogue itself: every source string whose
translation differs from it. Every page of the product (guest and player pages, the start
screen, a room, a live table seated and watched, the summary, history, statistics,
leaderboards, the library, the AI developers' page and the admin) is rendered in each of the
six other languages, and its visible text (text nodes and the alt/title/aria-label/placeholder
attributes a player meets) must contain none of those English strings. A template string
outside {% translate %}, a Python string without gettext, or a message missing from the
catalogues shows up here as English on a translated page.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game.services import SeatSpec
from lobby import services as lobby_services
from lobby.identity import Person
from stats.recording import record_match
from tests.game.conftest import FakeClock, JobQueue, bot_seats, clock, job_queue, start  # noqa: F401
from tests.stats.conftest import finished_match

from .pages import _TextAndAssets

pytestmark = pytest.mark.django_db

TRANSLATED = ["ru", "pl", "tr", "id", "nl", "de"]
LOCALE = Path(settings.BASE_DIR, "locale")
# A source fragment this short ("OK", "GG", "AI") is too likely to be a real word, a name or an
# abbreviation in the other language's own text to count as a leftover by itself.
MIN_LETTERS = 4
# What splits a source text into literal fragments: placeholders and HTML tags.
SPLITTERS = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|\{\{[^}]*\}\}|<[^>]*>")
# The language switch names each language in itself on every page, English included.
ENDONYMS = {"English"}


@cache
def english_leftovers(language: str) -> tuple[str, ...]:
    """Every English source text that this language translates
    differently: the literal parts between placeholders, each at least MIN_LETTERS letters.

    A fragment that also occurs inside some translation of this language (a loan word such
    as "Saloon", or a brand) is left out: seeing it proves nothing."""
    with (LOCALE / language / "LC_MESSAGES" / "django.po").open("rb") as po_file:
        catalogue = read_po(po_file, locale=language)
    translations = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalogue if m.id
    )
    fragments: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        if set(sources) & set(targets):
            continue
        for source in sources:
            for part in SPLITTERS.split(source):
                part = " ".join(part.split()).strip(" .,:;!?()·—-\"'")
                if sum(ch.isalpha() for ch in part) < MIN_LETTERS or part in ENDONYMS:
                    continue
                if not has_words(translations, part):
                    fragments.add(part)
    return tuple(sorted(fragments))


def has_words(text: str, words: str) -> bool:
    """``words`` occur in ``text`` as whole words ("Deck" is not in "Deckung")."""
    return words in text and re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None


class _ProseText(_TextAndAssets):
    """The visible text minus code and stored data: the AI developers' page quotes the
    protocol's JSON keys ("seat", "round"), English by design in every language, and the
    admin's permission list shows the names Django stored in the database when it created
    the permissions ("Can add match record"), which no catalogue translates."""

    CODE = {"code", "pre", "kbd", "samp"}
    DATA_SELECTS = {"user_permissions", "permissions"}
    in_data_select = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        if tag == "select" and dict(attrs).get("name") in self.DATA_SELECTS:
            self.in_data_select = True
            self._skip += 1
        if tag in self.CODE:
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        if tag == "select" and self.in_data_select:
            self.in_data_select = False
            self._skip -= 1
        if tag in self.CODE:
            self._skip -= 1


def prose(html: str) -> str:
    parser = _ProseText()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.text))


def leftovers_in(html: str, language: str, *, foreign: tuple[str, ...] = ()) -> list[str]:
    """The English source strings shown in ``html``; ``foreign`` texts (another project's
    English) are cut out first."""
    text = prose(html)
    for sentence in foreign:
        text = text.replace(sentence, " ")
    return [english for english in english_leftovers(language) if has_words(text, english)]


@pytest.fixture
def product(clock: FakeClock, job_queue: JobQueue) -> dict[str, object]:  # noqa: F811
    """One of everything a player can open: an account with a finished, recorded match, a
    running match where the account holds seat 1, a room it hosts, and an admin."""
    User = get_user_model()
    player = User.objects.create_user(username="calamity", password="Tumbleweed-Saloon-42")
    admin = User.objects.create_superuser("sheriff", "s@example.com", "Tumbleweed-Saloon-42")
    for seed in range(5):
        record_match(finished_match([{"user": player}], seed=seed, seats=5))
    finished = finished_match([{"user": player}], seed=7, seats=4)
    record_match(finished)
    running = start([SeatSpec(kind="human", name="calamity", user_id=player.pk), *bot_seats(4)])
    room_person = Person(player.pk, "")
    room = lobby_services.create_room(
        room_person, "calamity", lobby_services.RoomSettings(5, "classic", 30, "normal")
    )
    lobby_services.seat_bot(room.pk, room_person, 1)
    return {
        "player": player,
        "admin": admin,
        "finished": finished,
        "running": running,
        "room": room,
    }


def guest_urls(product: dict) -> list[str]:
    running, finished = product["running"], product["finished"]
    return [
        reverse("home"),
        reverse("login"),
        reverse("signup"),
        reverse("lobby:start"),
        reverse("library:index"),
        reverse("library:card", args=["toss"]),
        reverse("library:character", args=["stone_leopard"]),
        reverse("library:search") + "?q=bang",
        reverse("ai_docs:index"),
        reverse("stats:leaderboards"),
        reverse("stats:player", args=["calamity"]),
        reverse("game:table", args=[running.pk]),  # watched
        reverse("game:result", args=[finished.pk]),
    ]


def player_urls(product: dict) -> list[str]:
    running, finished, room = product["running"], product["finished"], product["room"]
    return [
        reverse("home"),
        reverse("profile"),
        reverse("password_change"),
        reverse("lobby:start"),
        reverse("lobby:room", args=[room.code]),
        reverse("game:table", args=[running.pk]),  # seated
        reverse("game:result", args=[finished.pk]),
        reverse("stats:history"),
        reverse("stats:player", args=["calamity"]),
        reverse("stats:leaderboards"),
    ]


ADMIN_URLS = [
    "/admin/",
    "/admin/game/match/",
    "/admin/game/tablesignal/",
    "/admin/stats/matchrecord/",
    "/admin/stats/userachievement/",
    "/admin/stats/leaderboardexclusion/add/",
    "/admin/ai/aimodel/add/",
    "/admin/agents/agenttoken/",
    "/admin/lobby/room/",
    "/admin/accounts/user/",
]


# Django 6.1 itself shows a few English texts on admin pages: the search icon's alt text
# (search_form.html), the "Filter by" label of the date drill-down (date_hierarchy.html) and,
# in some languages, the password help text of its user form. They are not ours to translate;
# they are cut out before the check, and every string of ours on those pages is still checked.
DJANGO_ADMIN_ENGLISH = (
    "Raw passwords are not stored, so there is no way to see the user’s password.",
    "Filter by",
    "Search",
)


def browse(
    client: Client, language: str, urls: list[str], *, foreign: tuple[str, ...] = ()
) -> dict[str, list[str]]:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert f'lang="{language}"' in html, url
        # Numbers inside CSS are never localised: "86,0%" is not a length (seats piled up).
        assert not re.search(r'style="[^"]*\d,\d', html), url
        leftovers = leftovers_in(html, language, foreign=foreign)
        if leftovers:
            found[url] = leftovers
    return found


def test_the_catalogue_yields_english_strings_to_look_for():
    """The check is only as good as its list: it must hold the site's real phrases."""
    strings = set(english_leftovers("de"))
    assert len(strings) > 500
    assert {"Seat an agent", "Players and moderation", "You are watching"} <= strings


def test_the_check_catches_an_english_string_on_a_translated_page():
    """A German page that still says "Seat an agent" is caught (the check can fail), and a
    word that merely contains an English one, or code, is not."""
    assert "Seat an agent" in leftovers_in("<main><p>Jetzt Seat an agent drücken</p></main>", "de")
    assert leftovers_in("<main><p>Deckung: 50 %</p><code>seat</code></main>", "de") == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_guest_pages_show_no_english(product: dict, language: str):
    assert browse(Client(), language, guest_urls(product)) == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_player_pages_show_no_english(product: dict, language: str):
    client = Client()
    client.force_login(product["player"])
    assert browse(client, language, player_urls(product)) == {}


@pytest.mark.parametrize("language", ["ru", "de", "tr"])
def test_admin_pages_show_no_english(product: dict, language: str):
    client = Client()
    client.force_login(product["admin"])
    running, finished = product["running"], product["finished"]
    change_pages = [
        f"/admin/accounts/user/{product['player'].pk}/change/",
        f"/admin/game/match/{running.pk}/change/",
        f"/admin/stats/matchrecord/{finished.record.pk}/change/",
        f"/admin/lobby/room/{product['room'].pk}/change/",
    ]
    urls = ADMIN_URLS + change_pages
    assert browse(client, language, urls, foreign=DJANGO_ADMIN_ENGLISH) == {}


@cache
def bot_game_logs() -> tuple[tuple[dict, ...], ...]:
    """The public logs of whole bot games, one per mode and table size, past High Noon where
    the game lasts that long: nearly every kind of event the table can tell."""
    from bangarena_engine import Game, GameConfig
    from machines.bots import BotMemory, choose

    logs = []
    for seed, seats, mode in [
        (1, 4, "classic"),
        (2, 5, "double_agent"),
        (3, 6, "partners"),
        (4, 7, "old_classic"),
        (5, 8, "classic"),
    ]:
        game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
        for step in range(5000):
            if game.result is not None:
                break
            [seat] = game.awaiting()
            view = game.view(seat)
            memory = BotMemory.from_log(seat, view["log"])
            game.apply(seat, choose(view, game.legal_actions(seat), memory, seed + step))
        logs.append(tuple(game.view(None)["log"]))
    return tuple(logs)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_table_log_tells_every_event_without_english(language: str):
    """R137: every sentence of the table's log (turns, cards, checks, High Noon, glory, the
    end) reads in the player's language."""
    from django.utils import translation

    from game.table.log import LogWriter

    writer = LogWriter({seat: f"Spieler{seat + 1}" for seat in range(8)})
    kinds, found = set(), {}
    with translation.override(language):
        for log in bot_game_logs():
            for event in log:
                kinds.add(event["type"])
                sentence = str(writer.sentence(event) or "")
                if leftovers := leftovers_in(f"<p>{sentence}</p>", language):
                    found[event["type"]] = (sentence, leftovers)
    assert {"round", "turn", "played", "damage", "eliminated", "game_over"} <= kinds, kinds
    assert found == {}
