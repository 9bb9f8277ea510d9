"""Helpers of the online round robin tests: accounts, the tournament's view, a board's
room joined by its paired players, games played to a chosen end over the WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
from harness import Server, Socket, cookies_of, register, socket_to

from cotuong.tournament import Tournament

OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]


@contextlib.asynccontextmanager
async def accounts(srv: Server, names: list[str]
                   ) -> AsyncIterator[dict[str, httpx.AsyncClient]]:
    """A logged-in client per username, all closed on leaving."""
    clients: dict[str, httpx.AsyncClient] = {}
    try:
        for n in names:
            c = srv.client()
            clients[n] = c
            await register(c, n)
        yield clients
    finally:
        for c in clients.values():
            await c.aclose()


async def view(c: httpx.AsyncClient, tid: int) -> dict[str, Any]:
    r = await c.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def board(v: dict[str, Any], round_no: int, number: int) -> dict[str, Any]:
    rnd = v["rounds"][round_no - 1]
    return next(b for b in rnd["boards"] if b["board"] == number)  # type: ignore[no-any-return]


async def until(c: httpx.AsyncClient, tid: int, check: Any,
                timeout: float = 10) -> dict[str, Any]:
    """The view once ``check(view)`` holds (results arrive from a task after a game)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        v = await view(c, tid)
        if check(v):
            return v
        assert asyncio.get_running_loop().time() < deadline, v
        await asyncio.sleep(0.05)


async def join(c: httpx.AsyncClient, code: str) -> dict[str, Any]:
    r = await c.post(f"/api/rooms/{code}/join")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


@contextlib.asynccontextmanager
async def seated(srv: Server, red: httpx.AsyncClient, black: httpx.AsyncClient,
                 code: str) -> AsyncIterator[tuple[Socket, Socket]]:
    """Both paired players joined (their reserved seats) and connected."""
    r, b = await join(red, code), await join(black, code)
    assert (r["color"], b["color"]) == ("red", "black"), (r, b)
    async with socket_to(srv, code, r["secret"], cookies=cookies_of(red)) as rs, \
            socket_to(srv, code, b["secret"], cookies=cookies_of(black)) as bs:
        yield rs, bs


async def opening(red: Socket, black: Socket, plies: int = 4) -> dict[str, Any]:
    s: dict[str, Any] = {}
    for ply, mv in enumerate(OPENING[:plies]):
        await (red if ply % 2 == 0 else black).send(type="move", move=mv, ply=ply)
        s = await red.state(ply=ply + 1)
    return s


def expected_standings(order: list[str], results: list[tuple[int, str, str, str]],
                       double: bool = False) -> list[dict[str, Any]]:
    """What the tournament library computes from the same results (players in number
    order), as the server's standings rows."""
    t = Tournament(order, double=double)
    for round_no, red, black, result in results:
        t.record(round_no, red, black, result)
    return [{"rank": r.rank, "rank_text": r.rank_text, "number": r.number,
             "player": r.player, "points": r.points, "games": r.games, "wins": r.wins,
             "wins_black": r.wins_black, "tiebreaks": dict(r.tiebreaks), "lots": r.lots,
             "withdrawn": r.withdrawn} for r in t.standings()]
