"""Block a player (issue 23): a signed-in member blocks another player of the room; from then
on neither is ever seated with the other through the open tables (both ways, and the blocked
player is not told: the table is simply not offered). Only the blocker may lift a block;
everyone else gets 403, and every change needs the CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from lobby.models import PlayerBlock, Room
from tests.lobby.conftest import create_room, guest, host_post, join, player

pytestmark = pytest.mark.django_db


def block(browser: Client, room: Room, index: int, **extra: str) -> object:
    return browser.post(reverse("lobby:block", args=[room.code, index]), **extra)


def list_page(browser: Client) -> str:
    return browser.get(reverse("lobby:start")).content.decode()


def take_listed_seat(browser: Client, room: Room, name: str) -> object:
    return browser.post(reverse("lobby:join_open", args=[room.code]), {"name": name})


def names(room: Room) -> list[str]:
    return list(room.members.order_by("index").values_list("name", flat=True))


@pytest.fixture
def annie_and_rude(job_queue):  # noqa: ANN001, ANN201
    """Annie (an account) and Rude (an account) met at a friend's table."""
    annie, rude = player("annie"), player("rude")
    table = create_room(guest(), "Host")
    join(annie, table, "Annie")
    join(rude, table, "Rude")
    return annie, rude, table


def public_room(host_name: str = "Hoster", host: Client | None = None) -> tuple[Room, Client]:
    host = host or guest()
    room = create_room(host, host_name)
    host_post(host, room, "lobby:public", data={"public": "1"})
    return room, host


def test_a_member_blocks_another_player_from_the_room_page(annie_and_rude):
    annie, _rude, table = annie_and_rude
    page = annie.get(reverse("lobby:room", args=[table.code])).content.decode()
    assert reverse("lobby:block", args=[table.code, 2]) in page
    assert reverse("lobby:block", args=[table.code, 1]) not in page  # not on her own seat

    response = block(annie, table, 2, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "badge--blocked" in html
    assert reverse("lobby:unblock_seat", args=[table.code, 2]) in html
    stored = PlayerBlock.objects.get()
    assert stored.name == "Rude"
    assert stored.blocked_user.username == "rude"
    # Blocking changes nobody's seat at the friends' table.
    assert names(table) == ["Host", "Annie", "Rude"]


def test_the_blocked_player_never_sees_the_blockers_open_table_and_vice_versa(annie_and_rude):
    annie, rude, table = annie_and_rude
    block(annie, table, 2)
    annies_room, _ = public_room("Annie", host=annie)
    rudes_room, _ = public_room("Rude", host=rude)
    elsewhere, _ = public_room()

    for_rude = list_page(rude)
    assert annies_room.code not in for_rude
    assert elsewhere.code in for_rude
    assert rudes_room.code not in list_page(annie)
    # Someone else sees both tables.
    assert annies_room.code in list_page(player("third"))
    assert rudes_room.code in list_page(player("fourth"))

    # A stale list does not help: the seat is refused with the same words as a closed table.
    take_listed_seat(rude, annies_room, "Rude")
    assert names(annies_room) == ["Annie"]
    message = list_page(rude)
    assert "That table is no longer open to strangers." in message
    assert "blocked" not in message.lower()
    take_listed_seat(annie, rudes_room, "Annie")
    assert names(rudes_room) == ["Rude"]


def test_a_table_someone_blocked_sits_at_is_not_offered(annie_and_rude):
    annie, rude, table = annie_and_rude
    block(annie, table, 2)
    room, host = public_room()
    take_listed_seat(rude, room, "Rude")
    assert names(room) == ["Hoster", "Rude"]
    assert room.code not in list_page(annie)
    take_listed_seat(annie, room, "Annie")
    assert names(room) == ["Hoster", "Rude"]


def test_a_blocked_guest_stays_blocked(job_queue):
    annie, stranger = player("annie"), guest()
    table = create_room(annie, "Annie")
    join(stranger, table, "Pest")
    block(annie, table, 1)
    assert PlayerBlock.objects.get().blocked_guest_key
    host_post(annie, table, "lobby:public", data={"public": "1"})
    host_post(annie, table, "lobby:kick", 1)
    other, _ = public_room("Annie2", host=player("annie2"))
    assert table.code not in list_page(stranger)
    assert other.code in list_page(stranger)


@pytest.mark.parametrize("who", ["guest member", "outsider", "signed-in outsider"])
def test_only_signed_in_members_may_block_403(annie_and_rude, who):
    _annie, _rude, table = annie_and_rude
    guest_member = guest()
    join(guest_member, table, "Guesty")
    forger = {"guest member": guest_member, "outsider": guest()}.get(who) or player("nosy")
    assert block(forger, table, 2).status_code == 403
    assert forger.post(reverse("lobby:unblock_seat", args=[table.code, 2])).status_code == 403
    assert not PlayerBlock.objects.exists()


def test_nobody_blocks_himself_or_a_bot(annie_and_rude):
    annie, _rude, table = annie_and_rude
    host_post(Client(), table, "lobby:seat_bot", 3)  # refused: not the host
    assert block(annie, table, 1).status_code == 409
    assert block(annie, table, 4).status_code == 409
    assert not PlayerBlock.objects.exists()


def test_the_blocker_lists_and_lifts_his_blocks_and_nobody_else_can(annie_and_rude):
    annie, rude, table = annie_and_rude
    block(annie, table, 2)
    stored = PlayerBlock.objects.get()
    page = annie.get(reverse("lobby:blocked")).content.decode()
    assert "Rude" in page
    for forger in (rude, player("nosy"), guest()):
        response = forger.post(reverse("lobby:unblock", args=[stored.pk]))
        assert response.status_code == 403
    assert PlayerBlock.objects.exists()
    assert "Rude" not in rude.get(reverse("lobby:blocked")).content.decode()
    assert guest().get(reverse("lobby:blocked")).status_code == 302  # to log in

    annie.post(reverse("lobby:unblock", args=[stored.pk]))
    assert not PlayerBlock.objects.exists()
    assert "You have not blocked anyone." in annie.get(reverse("lobby:blocked")).content.decode()


def test_unblock_from_the_room_page(annie_and_rude):
    annie, _rude, table = annie_and_rude
    block(annie, table, 2)
    annie.post(reverse("lobby:unblock_seat", args=[table.code, 2]))
    assert not PlayerBlock.objects.exists()


@pytest.mark.parametrize("url_name", ["lobby:block", "lobby:unblock_seat"])
def test_block_and_unblock_need_the_csrf_token_and_a_post(annie_and_rude, url_name):
    annie, _rude, table = annie_and_rude
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = annie.cookies
    assert strict.post(reverse(url_name, args=[table.code, 2])).status_code == 403
    assert annie.get(reverse(url_name, args=[table.code, 2])).status_code == 405
    assert not PlayerBlock.objects.exists()


def test_unblock_by_id_needs_the_csrf_token(annie_and_rude):
    annie, _rude, table = annie_and_rude
    block(annie, table, 2)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = annie.cookies
    stored = PlayerBlock.objects.get()
    assert strict.post(reverse("lobby:unblock", args=[stored.pk])).status_code == 403
    assert PlayerBlock.objects.exists()


def test_the_block_question_and_the_list_escape_names(job_queue):
    annie, pest = player("annie"), player("pest")
    table = create_room(annie, "Annie")
    join(pest, table, '"><b x="1')
    page = annie.get(reverse("lobby:room", args=[table.code])).content.decode()
    assert '"><b x="1' not in page
    assert "Block &quot;&gt;&lt;b x=&quot;1?" in page
    block(annie, table, 1)
    listing = annie.get(reverse("lobby:blocked")).content.decode()
    assert '"><b x="1' not in listing
    assert "&quot;&gt;&lt;b x=&quot;1" in listing
