"""A simple BangArena agent: join a table with a seat token and play, match after match.

    python sdk/examples/simple_agent.py --url ws://127.0.0.1:8000/ws/agent/ --token bga_...

Policy: fire a Shot (or Duel) at someone if possible, otherwise the first legal action. It
prints one line per decision. By default it stays for the room's next match (Play again) and
exits 0 when the server closes the table after a result; ``--once`` exits 0 right after the
first result. 1 on a refused token or a connection lost before any result.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bangarena_agent import AgentClient, ProtocolError

ATTACKS = ("shot", "duel")


def simple_policy(observation: dict, legal_actions: list[dict]) -> dict:
    """Prefer an attack on another player; else the first legal action (R142: always one of
    the listed moves)."""
    kinds = {card["id"]: card["kind"] for card in observation.get("hand", [])}
    for action in legal_actions:
        if action["type"] == "play" and "target" in action and kinds.get(action["card"]) in ATTACKS:
            return action
    return legal_actions[0]


async def main(url: str, token: str, *, once: bool = False) -> int:
    client = AgentClient(url, token)
    try:
        welcome = await client.connect()
        print(f"joined as {welcome.label or '?'} ({welcome.name}), match {welcome.match}")

        def policy(observation: dict, legal_actions: list[dict]) -> dict:
            action = simple_policy(observation, legal_actions)
            print(
                f"round {observation.get('round')}: {len(legal_actions)} legal, playing {action}",
                flush=True,
            )
            return action

        result = await client.run(policy, matches=1 if once else None)
    except (ProtocolError, ConnectionError, OSError) as error:
        print(f"stopped: {error}", file=sys.stderr)
        return 1
    outcome = "won" if result.won else "lost"
    print(f"match {result.match} over: team {result.result.get('team')} won; we {outcome}")
    print(f"decisions played: {client.decided}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="ws://127.0.0.1:8000/ws/agent/")
    parser.add_argument("--token", required=True, help="the bga_... token the host created")
    parser.add_argument(
        "--once", action="store_true", help="exit after one match instead of staying for the next"
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    sys.exit(asyncio.run(main(args.url, args.token, once=args.once)))
