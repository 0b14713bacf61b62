"""The 📖 library pages (issue 8): the rules page with every card and character, a card's or a
character's own entry (a compact fragment when htmx or the table's dialog asks for it), and
search. All are public GET pages: the library holds no secrets and changes nothing."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from bangarena_site.request_types import HtmxRequest
from game import links
from game.table.cards import card_face
from library import rulespage, tables
from library.content import CARD_INFO, CHARACTER_INFO, Pip, cards_by_type
from library.search import search as run_search


def _answer(request: HtmxRequest, full: str, fragment: str, context: dict) -> HttpResponse:
    """The whole page for a visit, the bare entry for htmx; caches must keep them apart."""
    response = render(request, fragment if request.htmx else full, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


def index(request: HttpRequest) -> HttpResponse:
    page = rulespage.load()
    # Each block with the data table it places, if it is an @table directive.
    sections = [
        (
            section,
            [
                (block, tables.build(block.name, block.caption) if block.kind == "table" else None)
                for block in section.blocks
            ],
        )
        for section in page.sections
    ]
    return render(
        request,
        "library/index.html",
        {
            "page": page,
            "sections": sections,
            "card_groups": cards_by_type(),
            "characters": list(CHARACTER_INFO.values()),
        },
    )


def card(request: HtmxRequest, kind: str) -> HttpResponse:
    info = CARD_INFO.get(kind)
    if info is None:
        raise Http404("no such card")
    # The physical card the player tapped (R44, R139): its corner, drawn on the art too.
    pair = links.physical_card(request.GET.get("rank"), request.GET.get("suit"))
    this_card = Pip(*pair) if pair else None
    face = card_face({"kind": kind, "rank": pair[0], "suit": pair[1]}) if pair else info.face
    context = {"card": info, "this_card": this_card, "face": face}
    return _answer(request, "library/card_page.html", "library/_card_dialog.html", context)


def character(request: HtmxRequest, character_id: str) -> HttpResponse:
    info = CHARACTER_INFO.get(character_id)
    if info is None:
        raise Http404("no such character")
    context = {"character": info}
    return _answer(
        request, "library/character_page.html", "library/_character_dialog.html", context
    )


def search(request: HtmxRequest) -> HttpResponse:
    results = run_search(request.GET.get("q"))
    context = {"results": results, "query": results.query}
    return _answer(request, "library/search.html", "library/_results.html", context)
