"""Quick match (issue 23): "Play with people" queues strangers for a range of seat counts and a
mode; the server forms tables as they come (an injected clock, the jobs seam instead of
timers: nothing sleeps). A full table of humans starts at once; otherwise the countdown of its
oldest player ends and bots take the free seats, so nobody waits more than about a minute.
Blocked players never share a table; people who left the queue page are not seated."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta

import pytest

from game.models import Match, MatchSeat
from lobby import quick_match
from lobby.identity import Person
from lobby.models import QueueTicket, Room
from tests.accounts.helpers import make_user
from tests.game.conftest import START, FakeClock, JobQueue

# Transactions commit for real, so the countdown jobs reach the job queue (on commit).
pytestmark = pytest.mark.django_db(transaction=True)

WAIT = quick_match.WAIT_BEFORE_BOTS.total_seconds()


def stranger(number: int, *, account: bool = False) -> Person:
    if account:
        return Person(make_user(f"stranger{number}").pk, "")
    return Person(None, f"guest-key-{number:03d}")


def waiting_people() -> list[Person]:
    return [quick_match.ticket_person(t) for t in QueueTicket.objects.filter(room__isnull=True)]


def keep_pages_open() -> None:
    """Every queue page still open beats (what presence.js does every 2 s)."""
    for person in waiting_people():
        quick_match.beat(person)


def run_jobs_until(queue: JobQueue, clock: FakeClock, until) -> None:  # noqa: ANN001
    """Run every job due by ``until`` in order, the queue pages beating meanwhile."""
    while queue.jobs and min(queue.jobs).due <= until:
        due = min(queue.jobs).due
        clock.now = max(clock.now, due)
        keep_pages_open()
        queue.run_next()
    clock.now = max(clock.now, until)
    keep_pages_open()


def humans_of(match: Match) -> list[str]:
    seats = match.seats.filter(kind=MatchSeat.Kind.HUMAN).order_by("seat")
    return list(seats.values_list("name", flat=True))


def test_two_strangers_wait_then_bots_fill_the_free_seats(clock, job_queue):
    annie, bill = stranger(1), stranger(2)
    quick_match.join_queue(annie, "Annie", min_seats=4, max_seats=4)
    clock.advance(10)
    quick_match.join_queue(bill, "Bill", min_seats=4, max_seats=5)
    assert not Match.objects.exists()
    status = quick_match.status_of(bill)
    assert (status.waiting, status.found, status.seats_lo, status.seats_hi) == (2, 2, 4, 4)
    assert status.starts_in == WAIT - 10  # Annie's countdown sets the table's

    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=WAIT))
    match = Match.objects.get()
    assert match.is_running
    assert humans_of(match) == ["Annie", "Bill"]
    assert match.seats.filter(kind=MatchSeat.Kind.BOT).count() == 2
    room = Room.objects.get(current_match=match)
    assert not room.is_public  # a quick table is never listed
    assert room.host.name == "Annie"
    assert quick_match.status_of(annie).table_url.endswith(f"/match/{match.pk}/")


def test_a_table_full_of_humans_starts_at_once(clock, job_queue):
    for number in range(1, 5):
        quick_match.join_queue(stranger(number), f"P{number}", min_seats=4, max_seats=4)
        clock.advance(1)
    match = Match.objects.get()
    assert humans_of(match) == ["P1", "P2", "P3", "P4"]
    assert not match.seats.filter(kind=MatchSeat.Kind.BOT).exists()


def test_different_modes_never_share_a_table_and_any_joins_either(clock, job_queue):
    quick_match.join_queue(stranger(1), "Classic fan", min_seats=4, max_seats=8, mode="classic")
    quick_match.join_queue(stranger(2), "Partner fan", min_seats=4, max_seats=8, mode="partners")
    quick_match.join_queue(stranger(3), "Easy going", min_seats=4, max_seats=8)
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=WAIT))
    tables = {Room.objects.get(current_match=m).mode: humans_of(m) for m in Match.objects.all()}
    assert tables == {"classic": ["Classic fan", "Easy going"], "partners": ["Partner fan"]}


def test_blocked_players_never_share_a_table(clock, job_queue):
    from lobby.models import PlayerBlock

    annie, rude = stranger(1, account=True), stranger(2, account=True)
    PlayerBlock.objects.create(
        blocker_id=annie.user_id, blocked_user_id=rude.user_id, name="Rude", created_at=clock()
    )
    quick_match.join_queue(annie, "Annie", min_seats=4, max_seats=8)
    quick_match.join_queue(rude, "Rude", min_seats=4, max_seats=8)
    quick_match.join_queue(stranger(3), "Carl", min_seats=4, max_seats=8)
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=WAIT))
    tables = sorted(humans_of(m) for m in Match.objects.all())
    assert tables == [["Annie", "Carl"], ["Rude"]]


def test_someone_who_closed_the_queue_page_is_not_seated(clock, job_queue):
    quick_match.join_queue(stranger(1), "Stays", min_seats=4, max_seats=4)
    quick_match.join_queue(stranger(2), "Leaves", min_seats=4, max_seats=4)
    for _ in range(int(WAIT // 5)):
        clock.advance(5)
        quick_match.beat(stranger(1))  # only the first page still beats
    quick_match.form_tables()
    assert humans_of(Match.objects.get()) == ["Stays"]
    assert not QueueTicket.objects.filter(name="Leaves").exists()


def test_leaving_the_queue(clock, job_queue):
    quick_match.join_queue(stranger(1), "Annie", min_seats=4, max_seats=4)
    quick_match.leave_queue(stranger(1))
    assert quick_match.status_of(stranger(1)) is None
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=WAIT))
    assert not Match.objects.exists()


def test_equal_names_at_one_table_are_told_apart(clock, job_queue):
    for number in range(1, 5):
        quick_match.join_queue(stranger(number), "Cowboy", min_seats=4, max_seats=4)
    assert humans_of(Match.objects.get()) == ["Cowboy", "Cowboy 2", "Cowboy 3", "Cowboy 4"]


def test_a_bad_seat_range_is_refused(clock, job_queue):
    for low, high in ((3, 5), (6, 5), (4, 9)):
        with pytest.raises(quick_match.QueueError):
            quick_match.join_queue(stranger(1), "Annie", min_seats=low, max_seats=high)
    assert not QueueTicket.objects.exists()


@dataclass(frozen=True)
class Wish:
    """What a stranger asked the queue for, and when (the clock's seconds)."""

    low: int
    high: int
    mode: str
    joined: float


@pytest.fixture
def seated_at(clock, monkeypatch) -> dict[str, float]:  # noqa: ANN001
    """When each player was seated (the clock's seconds), noted as each table starts."""
    times: dict[str, float] = {}
    start_table = quick_match._start_table

    def timed_start(group):  # noqa: ANN001, ANN202
        for member in group.members:
            times[member.name] = clock.seconds()
        return start_table(group)

    monkeypatch.setattr(quick_match, "_start_table", timed_start)
    return times


def assert_everyone_seated_as_wished(wishes: dict[str, Wish], seated_at: dict[str, float]) -> None:
    """Each player sits at exactly one table that suits them, within ~60 s of joining, the
    humans in the order they came and bots only in the seats nobody human took."""
    assert not QueueTicket.objects.filter(room__isnull=True).exists()
    seated: list[str] = []
    for match in Match.objects.all():
        room = Room.objects.get(current_match=match)
        humans = humans_of(match)
        seated.extend(humans)
        for name in humans:
            wish = wishes[name]
            assert wish.low <= room.seats <= wish.high, (name, room.seats)
            assert wish.mode in ("", room.mode)
            assert seated_at[name] - wish.joined <= 60
        assert humans == sorted(humans, key=lambda name: wishes[name].joined)
        bots = match.seats.exclude(kind=MatchSeat.Kind.HUMAN).count()
        assert bots == room.seats - len(humans)
    assert sorted(seated) == sorted(wishes)


@pytest.mark.parametrize("seed", range(12))
def test_strangers_arriving_at_random_moments_all_get_a_table_within_a_minute(
    clock, job_queue, seed, seated_at
):
    """2-8 people arrive at random moments with random seat ranges and modes: each ends up at
    exactly one table that suits them, within ~60 s of joining, with everyone seated in the
    order they came and bots only in the seats nobody human took."""
    rng = random.Random(seed)
    count = rng.randint(2, 8)
    modes = ["", "", "classic", "old_classic"]
    arrivals = sorted(rng.uniform(0, 90) for _ in range(count))
    start = clock.now
    wishes: dict[str, Wish] = {}
    for number, at in enumerate(arrivals, start=1):
        run_jobs_until(job_queue, clock, start + timedelta(seconds=at))
        low = rng.randint(4, 8)
        high = rng.randint(low, 8)
        mode = rng.choice(modes)
        name = f"P{number}"
        wishes[name] = Wish(low, high, mode, clock.seconds())
        quick_match.join_queue(stranger(number), name, min_seats=low, max_seats=high, mode=mode)
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=2 * WAIT))

    assert_everyone_seated_as_wished(wishes, seated_at)


def test_strangers_seated_from_the_queue_play_their_own_seats(clock, job_queue):
    """They come straight from the queue page: no seat starts on the autopilot (R121)."""
    for number in range(1, 5):
        quick_match.join_queue(stranger(number), f"P{number}", min_seats=4, max_seats=4)
    match = Match.objects.get()
    assert not match.seats.filter(kind=MatchSeat.Kind.HUMAN, autopilot=True).exists()


# --- move time (issue 23: quick tables are not always 30 s) ------------------------------------


def test_players_who_ask_for_a_move_time_play_at_it_and_any_joins_them(clock, job_queue):
    """R118, R129: the move time asked for in the queue is the table's; "any" sits with
    anyone, and different asked-for times never share a table."""
    quick_match.join_queue(stranger(1), "Slow hand", min_seats=4, max_seats=8, move_time=60)
    quick_match.join_queue(stranger(2), "Quick draw", min_seats=4, max_seats=8, move_time=15)
    quick_match.join_queue(stranger(3), "Easy going", min_seats=4, max_seats=8)
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=WAIT))
    tables = {m.move_time: humans_of(m) for m in Match.objects.all()}
    assert tables == {60: ["Slow hand", "Easy going"], 15: ["Quick draw"]}


def test_a_table_where_nobody_minds_plays_the_default_move_time_at_normal_tempo(clock, job_queue):
    for number in range(1, 5):
        quick_match.join_queue(stranger(number), f"P{number}", min_seats=4, max_seats=4)
    match = Match.objects.get()
    assert (match.move_time, match.tempo) == (quick_match.DEFAULT_MOVE_TIME, "normal")


def test_a_move_time_the_table_does_not_offer_is_refused(clock, job_queue):
    with pytest.raises(quick_match.QueueError):
        quick_match.join_queue(stranger(1), "Annie", min_seats=4, max_seats=4, move_time=5)
    assert not QueueTicket.objects.exists()


# --- rating bands (issue 23: "the queue may match by rating bands once enough people wait") ----


def rated_stranger(number: int, rating: int | None) -> Person:
    """An account with this displayed rating (None: not rated yet), as stats keeps it."""
    from stats.models import Rating
    from stats.queries import display_rating

    person = stranger(number, account=True)
    if rating is not None:
        ordinal = (rating - 1000) / 20
        Rating.objects.create(
            user_id=person.user_id, mu=ordinal + 3, sigma=1, ordinal=ordinal, updated_at=START
        )
        assert display_rating(ordinal) == rating
    return person


def test_rating_bands_are_centred_on_a_newcomer():
    band = quick_match.rating_band
    assert band(None) == band(1000) == band(1099) == band(901) == 0
    assert band(1100) == band(1299) == 1
    assert band(1500) == 3
    assert band(899) == -1


def test_a_busy_queue_seats_players_of_one_band_together(clock, job_queue):
    """Sixteen accounts arrive within a few seconds, strong and new in turn. Below BANDS_FROM
    waiting, everyone joins one table; from eight on, the queue forms a table per band: the
    eight strong players fill one, the eight newcomers (one a guest) the other."""
    arrivals = []
    for number in range(1, 17):
        strong = number % 2 == 1
        if number == 16:
            person = stranger(number)  # a guest: no rating, the newcomers' band
        else:
            person = rated_stranger(number, 1500 if strong else None)
        arrivals.append((person, f"{'Strong' if strong else 'New'} {number}"))
    for person, name in arrivals:
        quick_match.join_queue(person, name, min_seats=4, max_seats=8)
        clock.advance(0.5)
        if name == "New 8":
            # Eight waiting in two bands: neither band fills a table yet, so nobody starts.
            assert not Match.objects.exists()
    tables = sorted(humans_of(m) for m in Match.objects.all())
    assert [len(table) for table in tables] == [8, 8]
    for table in tables:
        assert len({name.split()[0] for name in table}) == 1, table


def test_bands_never_keep_anyone_past_the_countdown_nor_give_bots_a_humans_seat(clock, job_queue):
    """Eight wait in two bands of four; when the first one's countdown runs out the table
    forms without bands: all eight sit together at once, no bot takes a seat."""
    for number in range(1, 9):
        rating = 1500 if number % 2 else 1000
        quick_match.join_queue(
            rated_stranger(number, rating), f"P{number}", min_seats=4, max_seats=8
        )
        clock.advance(1)
    assert not Match.objects.exists()
    status = quick_match.status_of(quick_match.ticket_person(QueueTicket.objects.first()))
    assert status.found == 4  # the first player's band
    first_joined = QueueTicket.objects.order_by("joined_at").first().joined_at

    run_jobs_until(job_queue, clock, first_joined + timedelta(seconds=WAIT))

    match = Match.objects.get()
    assert humans_of(match) == [f"P{n}" for n in range(1, 9)]  # in the order they came
    assert not match.seats.filter(kind=MatchSeat.Kind.BOT).exists()


def test_below_the_threshold_bands_do_not_split_the_queue(clock, job_queue):
    for number in range(1, quick_match.BANDS_FROM):
        rating = 1800 if number % 2 else 900
        quick_match.join_queue(
            rated_stranger(number, rating), f"P{number}", min_seats=4, max_seats=8
        )
    status = quick_match.status_of(quick_match.ticket_person(QueueTicket.objects.first()))
    assert status.found == quick_match.BANDS_FROM - 1


@pytest.mark.parametrize("seed", range(6))
def test_rated_strangers_arriving_at_random_all_get_a_table_within_a_minute(
    clock, job_queue, seed, seated_at
):
    """8-16 accounts of random ratings arrive at random moments: bands or not, each ends up
    at exactly one table that suits them within ~60 s of joining, seated in the order they
    came, bots only in the seats nobody human took."""
    rng = random.Random(seed)
    start = clock.now
    arrivals = sorted(rng.uniform(0, 60) for _ in range(rng.randint(8, 16)))
    wishes: dict[str, Wish] = {}
    for number, at in enumerate(arrivals, start=1):
        run_jobs_until(job_queue, clock, start + timedelta(seconds=at))
        low = rng.randint(4, 6)
        high = rng.randint(low, 8)
        rating = rng.choice([None, 900, 1000, 1250, 1500, 1900])
        name = f"P{number}"
        wishes[name] = Wish(low, high, "", clock.seconds())
        person = rated_stranger(number, rating)
        quick_match.join_queue(person, name, min_seats=low, max_seats=high)
    run_jobs_until(job_queue, clock, clock.now + timedelta(seconds=2 * WAIT))

    assert_everyone_seated_as_wished(wishes, seated_at)
