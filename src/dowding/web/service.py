"""The games a server holds: creating, loading, acting, resigning, replaying, computers moving.

One asyncio lock per game serialises everything that changes it. Each change is applied to a
scratch copy, stored (in a worker thread, one transaction), and only then taken into the live
game and acknowledged. Computer seats think in a thread pool, outside the lock and off the
event loop.

Several servers may share one PostgreSQL database. Every write names the version of the game it
was made from; when another server wrote first, the live copy catches up from the log and the
request is decided again on the fresh game. Each server hears the others' writes (LISTEN/NOTIFY,
storage/notify.py), catches up and pushes the change to its own sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Concatenate, ParamSpec, TypeVar

from anyio import to_thread

from dowding.bots import RandomPlayer
from dowding.engine import (
    Action,
    Chance,
    Decision,
    IllegalAction,
    LogError,
    Match,
    State,
    Terminal,
    get_game,
)
from dowding.storage import (
    GameRecord,
    Listener,
    Repository,
    SeatRecord,
    StepConflict,
    Summary,
    UnknownGame,
    hash_token,
)

from . import payload as payloads
from .errors import ApiError, bad_request, conflict, forbidden, not_found
from .live import CONTROLLERS, LiveGame, Pending, restore
from .lobby import computer_players, default_computer, resolve_options
from .schemas import CreateGame
from .thinkers import Thinkers

log = logging.getLogger("dowding.web")
R = TypeVar("R")
OWNER = ""  # in the new tokens: the owner's of a game only computers play
P = ParamSpec("P")
ATTEMPTS = 4  # a change refused because the game moved on elsewhere is decided again this often


class Stale(Exception):
    """The database had moved on from this copy of the game; the copy has caught up (or been
    dropped), and the change is to be decided again on the fresh game."""


def decided_on_fresh_game(
    change: Callable[Concatenate[GameService, P], Awaitable[R]],
) -> Callable[Concatenate[GameService, P], Awaitable[R]]:
    """Run a change again when another server wrote first: its checks then see the fresh game,
    so a retry of a step already stored is answered as applied, and a resigned game refuses."""

    async def run(service: GameService, /, *args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(ATTEMPTS):
            try:
                return await change(service, *args, **kwargs)
            except Stale:
                if attempt == ATTEMPTS - 1:
                    raise conflict("the game keeps changing elsewhere; reload it") from None
        raise AssertionError("unreachable")

    functools.update_wrapper(run, change)
    return run


class GameService:
    def __init__(
        self,
        repository: Repository,
        bot_workers: int = 2,
        batch_seconds: float = 0.05,
        max_live: int = 1000,
        work_workers: int = 2,
        takeover_seconds: float = 5.0,
        max_computer_games: int = 4,
        own_data: Mapping[str, str] | None = None,
    ) -> None:
        self.repository = repository
        # ruleset -> the folder of the server owner's own components (dowding serve --data)
        self.own_data: dict[str, str] = dict(own_data or {})
        # other servers on the database: heard through a listener (PostgreSQL); their computer
        # moves are left to them unless a game has stood still for ``takeover_seconds``
        self.listener: Listener | None = None
        self.takeover_seconds = takeover_seconds
        self._takeovers: dict[str, asyncio.TimerHandle] = {}
        # the newest version heard of per game whose catch-up has not begun (inf: look anyway),
        # and of games heard of while they were being read from the database
        self._wanted: dict[str, float] = {}
        self._early: dict[str, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.max_live = max_live
        self.batch_seconds = batch_seconds
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # computer moves: games with a person first, computer-only games in turn on the threads
        # but one (web/thinkers.py)
        self.bots = Thinkers(bot_workers)
        # games only computers play, running at once here (beyond it: 429); `dowding serve
        # --max-computer-games`
        self.max_computer_games = max_computer_games
        self._creating_computer_games = 0
        # Maps, payloads, replays and rules steps: few threads, so the database writer and the
        # event loop never queue behind dozens of threads for the interpreter.
        self.work = ThreadPoolExecutor(max_workers=work_workers, thread_name_prefix="dowding-work")
        self.pushes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dowding-push")
        self.closing = False

    async def start(self) -> None:
        """Listen for the other servers' writes (PostgreSQL; nothing to do on SQLite, which
        serves one server). Games loaded from now on are kept up to date."""
        loop = asyncio.get_running_loop()

        def heard(game_id: str, version: int) -> None:  # in the listener's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: shutting down
                loop.call_soon_threadsafe(self._heard, game_id, version)

        def resync() -> None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._resync)

        listener = self.repository.listener(heard, resync)
        if listener is not None:
            self.listener = listener
            if not await to_thread.run_sync(listener.start):
                log.warning("not yet listening for other servers' changes; still trying")

    async def close(self) -> None:
        self.closing = True
        for timer in self._takeovers.values():
            timer.cancel()
        if self.listener is not None:
            await to_thread.run_sync(self.listener.close)
        drivers = [g.driver for g in self.games.values() if g.driver is not None]
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self.bots.shutdown()
        self.work.shutdown(wait=False, cancel_futures=True)
        self.pushes.shutdown(wait=False, cancel_futures=True)
        await to_thread.run_sync(self.repository.close)

    # --- finding games and seats -------------------------------------------------------------
    async def live(self, game_id: str) -> LiveGame:
        """The game, rebuilt from its log on first access."""
        found = self.games.get(game_id)
        if found is not None:
            found.used = time.monotonic()
            return found
        if len(game_id) > 64:
            raise not_found("no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                found = self.games.get(game_id)
                if found is None:
                    found = await self._off_loop(functools.partial(self._restore, game_id))
                    self._remember(found)
                    early = self._early.pop(game_id, None)
                    if early is not None:  # written while being read: perhaps after the read
                        self._heard(game_id, early)
        finally:
            self._loading.pop(game_id, None)
        return found

    def _remember(self, live: LiveGame) -> None:
        """Hold a game in memory, unloading the idle ones least recently used beyond the limit
        (they are rebuilt from the database when next asked for)."""
        self.games[live.id] = live
        if len(self.games) <= self.max_live:
            return
        idle = sorted(
            (g for g in self.games.values() if g.idle and g is not live), key=lambda g: g.used
        )
        for game in idle[: len(self.games) - self.max_live]:
            del self.games[game.id]

    def _restore(self, game_id: str) -> LiveGame:
        try:
            record = self.repository.game(game_id)
        except UnknownGame:
            raise not_found(f"no game {game_id}") from None
        try:
            record, steps = self.repository.since(game_id, 0)  # the header and log of one moment
        except UnknownGame:
            raise not_found(f"no game {game_id}") from None
        try:
            return restore(record, steps)
        except LogError as exc:
            log.error("cannot restore game %s: %s", game_id, exc)
            raise ApiError(500, f"game {game_id} cannot be restored: {exc}") from None

    @staticmethod
    def seat_of(live: LiveGame, token: str | None) -> str | None:
        """The seat a token holds (None: the spectator's token); 403 for anything else."""
        if not token:
            raise forbidden("a token is needed: open the game from its link")
        digest = hash_token(token)
        if digest not in live.by_token:
            raise forbidden("this token does not belong to this game")
        return live.by_token[digest]

    def acting_seat(self, live: LiveGame, token: str) -> str:
        seat = self.seat_of(live, token)
        if seat is None:
            raise forbidden("spectators watch; they cannot act")
        return seat

    async def _off_loop(self, job: Callable[[], R], pool: ThreadPoolExecutor | None = None) -> R:
        return await asyncio.get_running_loop().run_in_executor(pool or self.work, job)

    # --- payloads ------------------------------------------------------------------------------
    async def payload(self, live: LiveGame, seat: str | None, push: bool = False) -> str:
        """The current payload for a seat, encoded once per change, built in a worker thread
        (drawing a map takes milliseconds the event loop should spend on other games).

        One build per seat and change: the answer to a request and the push to the seat's
        socket, asked for together after every change, wait for the same build. Pushes have
        their own thread, so they never queue ahead of a request; a request joins a push's
        build only once it is running (else it builds in the request threads, and the queued
        push, when its turn comes, finds the payload made or waits for it). ``live.build_lock``
        makes "is the push running yet?" and "has a request's build begun?" one answer."""
        snap = live.snapshot
        cached = live.payloads.get(seat)
        if cached is not None and cached[0] == snap.version:
            return cached[1]

        def build() -> str:
            with live.build_lock:
                other = live.building.get(seat)
            # read after ``building``: a request's build that has finished and left it stored
            # its payload first (read before, a build ending in between was built again)
            made = live.payloads.get(seat)
            if made is not None and made[0] == snap.version:
                return made[1]  # built meanwhile for a request
            if push and other is not None and other[0] == snap.version and not other[2]:
                return other[1].result()  # a request's build began while this push queued
            text = payloads.encode(payloads.build(live, seat, snap))
            # stored here, not after the await: a queued push that starts before the event
            # loop wakes finds it
            if live.payloads.get(seat, (-1, ""))[0] < snap.version:
                live.payloads[seat] = (snap.version, text)
            return text

        with live.build_lock:
            flight = live.building.get(seat)
            if (
                flight is None
                or flight[0] != snap.version
                or (flight[2] and not push and not flight[1].running() and not flight[1].done())
            ):
                flight = (snap.version, (self.pushes if push else self.work).submit(build), push)
                live.building[seat] = flight
        try:
            # shielded: a socket closing while it waits leaves the build to the others
            text = await asyncio.shield(asyncio.wrap_future(flight[1]))
        finally:
            with live.build_lock:
                if live.building.get(seat) is flight and flight[1].done():
                    del live.building[seat]
        return text  # stored by the build itself

    async def push_work(self, job: Callable[[], R]) -> R:
        """``job`` in the pushes' thread (after the payloads queued there): a socket's patch."""
        return await self._off_loop(job, self.pushes)

    async def replay_text(self, live: LiveGame, seat: str | None, step: int) -> str:
        snap = live.snapshot
        if step > snap.seq:
            raise bad_request(
                f"step {step} has not been played yet; the game is at step {snap.seq}"
            )

        def build() -> str:
            state = live.state_at(step)
            return payloads.encode(payloads.build(live, seat, snap, state=state, step=step))

        return await self._off_loop(build)

    # --- creating --------------------------------------------------------------------------------
    def computer_games(self) -> int:
        """Games only computers play that are running here (held in memory and active)."""
        return sum(1 for g in self.games.values() if g.status == "active" and not g.has_person)

    async def create(self, request: CreateGame, base_url: str) -> dict[str, Any]:
        if not _computer_only(request, self._seat_ids(request)):
            return await self._create(request, base_url)
        if self.computer_games() + self._creating_computer_games >= self.max_computer_games:
            raise ApiError(
                429,
                f"this server runs at most {self.max_computer_games} games only computers "
                "play at once; stop one of yours or try later",
            )
        self._creating_computer_games += 1
        try:
            return await self._create(request, base_url)
        finally:
            self._creating_computer_games -= 1

    def _seat_ids(self, request: CreateGame) -> list[str]:
        try:
            game = get_game(request.ruleset)
            return list(game.seat_ids(resolve_options(game, request.options, self.own_data)))
        except ValueError as exc:
            raise bad_request(str(exc)) from None

    async def _create(self, request: CreateGame, base_url: str) -> dict[str, Any]:
        record, tokens, spectator = self._new_record(request)

        def set_up() -> LiveGame:
            # in a worker thread: the rules' set-up and the computer players (a ruleset's first
            # game loads its data, a fifth of a second for bob) never hold up the other games
            match = Match(record.ruleset, record.scenario, record.options, record.seed, {})
            record.initial_hash = match.initial_hash
            try:
                live = LiveGame(record, match)
            except ValueError as exc:  # a computer player that cannot be made with these options
                raise bad_request(f"cannot seat the computer players: {exc}") from None
            # manual dice with someone invited: the game waits until every invited seat accepts
            summary = live.summary(None, "waiting" if live.awaiting_acceptance() else None)
            record.turn, record.to_move = summary.turn, summary.to_move
            record.status = summary.status
            return live

        live = await self._off_loop(set_up)
        live.touch()  # its snapshot holds the status
        await asyncio.wrap_future(self.repository.submit_create(record))
        self._remember(live)
        self.ensure_driver(live)
        base = base_url.rstrip("/")

        def link(token: str) -> str:
            return f"{base}/play/{record.id}#t={token}"

        mine = {s.seat: t for s in record.seats if (t := tokens.get(s.seat)) is not None}
        yours = {s: t for s, t in mine.items() if live.controller(s) in ("human", "hotseat")}
        invites = {s: link(t) for s, t in mine.items() if live.controller(s) == "invited"}
        first = next(iter(yours.values()), None)
        spectate = link(spectator) if spectator else None
        created: dict[str, Any] = {
            "game_id": record.id,
            "tokens": yours,
            "invites": invites,
            "spectate": spectate,
            "play_url": link(first) if first else spectate,
        }
        owner = tokens.get(OWNER)
        if owner is not None:  # a game only computers play: its creator may stop it
            created["owner_token"] = owner
        return created

    def _new_record(self, request: CreateGame) -> tuple[GameRecord, dict[str, str], str | None]:
        try:
            game = get_game(request.ruleset)
            scenario = game.scenario(request.scenario).id
            options = resolve_options(game, request.options, self.own_data)
        except ValueError as exc:
            raise bad_request(str(exc)) from None
        seat_ids = game.seat_ids(options)
        unknown = [s for s in request.seats if s not in seat_ids]
        if unknown:
            raise bad_request(
                f"{game.id} has no seat {unknown[0]!r} with these options; seats: {', '.join(seat_ids)}"
            )
        offered = computer_players(game.id)
        seats: list[SeatRecord] = []
        tokens: dict[str, str] = {}
        for seat in seat_ids:
            choice = request.seats.get(seat)
            kind = choice.kind if choice is not None else "computer"
            player = None
            if kind == "computer":
                player = (choice.player if choice is not None else None) or default_computer(
                    game.id
                )
                if player not in offered:
                    raise bad_request(
                        f"no computer player {player!r} for {game.id}; choose from: {', '.join(offered)}"
                    )
            elif choice is not None and choice.player is not None:
                raise bad_request(f"seat {seat} is not a computer seat: it takes no player")
            token = None
            if kind != "computer":
                tokens[seat] = secrets.token_urlsafe(24)
                token = hash_token(tokens[seat])
            elif OWNER not in tokens and _computer_only(request, seat_ids):
                # a game only computers play: the owner's token rides on its first computer seat
                # (it watches and may stop the game; it never acts for the seat)
                tokens[OWNER] = secrets.token_urlsafe(24)
                token = hash_token(tokens[OWNER])
            seats.append(SeatRecord(seat, CONTROLLERS[kind], player, token))
        # a game nobody here plays would have no page to land on: its creator gets a watch link
        watched = request.spectators or not any(s.controller in ("human", "hotseat") for s in seats)
        spectator = secrets.token_urlsafe(24) if watched else None
        record = GameRecord(
            id=secrets.token_urlsafe(9),
            ruleset=game.id,
            scenario=scenario,
            options=options,
            seed=secrets.randbelow(2**53),  # secret: it decides every die; never sent
            initial_hash="",
            dice=request.dice,
            spectators=watched,
            spectator_token_hash=hash_token(spectator) if spectator else None,
            seats=seats,
        )
        return record, tokens, spectator

    # --- changing a game ----------------------------------------------------------------------
    async def _store(
        self,
        live: LiveGame,
        work: Callable[[], Pending | None],
        status: str | None = None,
        result: Any = None,
        agreements: dict[str, list[str]] | None = None,
    ) -> None:
        """Run ``work`` (the scratch steps) and store its steps with the new summary (and the
        game's new agreements, if given), then take them into the live game. Call with the
        game's lock held."""

        def run() -> tuple[Pending | None, Summary]:
            pending = work()
            return pending, live.summary(pending, status, result, agreements)

        pending, summary = await self._off_loop(run)
        records = live.records(pending) if pending is not None else []
        try:
            version = await asyncio.wrap_future(
                self.repository.submit_append(live.id, records, summary, live.record.version)
            )
        except StepConflict as exc:
            # the database is ahead of this copy (another server, or another copy, wrote first):
            # catch up from the log, and let the caller decide the change again
            log.info("game %s: %s; catching up", live.id, exc)
            await self._catch_up(live)
            raise Stale(str(exc)) from None
        live.record.version = version  # first: the new snapshot carries it
        live.commit(pending, summary)
        live.notify()
        waiting = self._takeovers.pop(live.id, None)  # this server moves the game now
        if waiting is not None:
            waiting.cancel()

    async def _unless_behind(self, live: LiveGame) -> None:
        """Before refusing a request as ahead of this copy (a step it has not seen, a turn it
        gives to someone else): catch up, and if another server had moved the game on, have
        the request decided again on the fresh game (Stale). Call with the game's lock held."""
        before = live.record.version
        await self._catch_up(live)
        if live.stale or live.record.version != before:
            raise Stale(f"game {live.id}: this copy was behind the database")

    def _drop(self, live: LiveGame) -> None:
        """Forget a copy that cannot catch up, so that the next request rebuilds the game from
        its log; its sockets close (1012) and their clients reconnect to the rebuilt game."""
        if self.games.get(live.id) is live:
            del self.games[live.id]
        live.stale = True
        live.notify()

    async def _catch_up(self, live: LiveGame) -> None:
        """Bring the live copy up to the stored game: the steps stored since (checked hash by
        hash) and the stored status. Call with the game's lock held."""
        have = len(live.match.steps)
        try:
            record, steps = await self._off_loop(
                functools.partial(self.repository.since, live.id, max(have - 1, 0))
            )
        except UnknownGame:
            self._drop(live)
            return
        if record.version == live.record.version:
            return

        def work() -> Pending:
            newer = steps
            if have:  # the last step this copy holds must be the stored one
                last = live.match.steps[-1]
                if not steps or (steps[0].seq, steps[0].hash) != (have - 1, last.hash):
                    raise LogError(f"game {live.id}: the stored log is not this copy's")
                newer = steps[1:]
            pending = live.begin()
            live.replay(pending, newer)
            return pending

        try:
            pending = await self._off_loop(work)
        except LogError as exc:
            log.warning("game %s: rebuilt from the database: %s", live.id, exc)
            self._drop(live)
            return
        live.record.version = record.version  # first: the new snapshot carries it
        live.commit(
            pending,
            Summary(
                record.steps,
                record.turn,
                record.to_move,
                record.status,
                record.result,
                record.agreements,
            ),
        )
        live.notify()

    def _heard(self, game_id: str, version: float | None) -> None:
        """A write to a game was committed (by any server): a game held here and behind that
        version catches up and pushes the change to its sockets. ``None``: check regardless."""
        if self.closing:
            return
        wanted = math.inf if version is None else version
        live = self.games.get(game_id)
        if live is None:
            if game_id in self._loading:
                self._early[game_id] = max(self._early.get(game_id, 0), wanted)
            return
        if live.record.version >= wanted:
            return  # this server's own write, or one already caught up with
        queued = game_id in self._wanted
        self._wanted[game_id] = max(self._wanted.get(game_id, 0), wanted)
        if queued:
            return  # the catch-up already queued will look for this one too
        task = asyncio.get_running_loop().create_task(self._catch_up_heard(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up_heard(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                wanted = self._wanted.pop(live.id, math.inf)  # later news queues a new look
                before = live.record.version
                if before >= wanted:
                    return  # this server wrote it meanwhile
                await self._catch_up(live)
                moved = live.record.version != before
        except Exception:
            self._wanted.pop(live.id, None)
            log.exception("game %s: could not catch up with another server's change", live.id)
            return
        if moved:
            self._take_over_later(live)

    def _resync(self) -> None:
        """The listener was away and may have missed notifications: check every game held."""
        for game_id in list(self.games):
            self._heard(game_id, None)

    def _take_over_later(self, live: LiveGame) -> None:
        """Another server moved this game, so it moves the computers; this one steps in only if
        the game then stands still at a computer's turn for ``takeover_seconds`` (that server
        may have stopped). Two servers moving at once cost only a refused write."""
        if self.closing:
            return
        old = self._takeovers.pop(live.id, None)
        if old is not None:
            old.cancel()
        version = live.record.version

        def check() -> None:
            self._takeovers.pop(live.id, None)
            if self.games.get(live.id) is live and live.record.version == version:
                self.ensure_driver(live)

        self._takeovers[live.id] = asyncio.get_running_loop().call_later(
            self.takeover_seconds, check
        )

    def _check_active(self, live: LiveGame) -> None:
        if live.status == "waiting":
            waiting = ", ".join(_name(live, s) for s in live.awaiting_acceptance())
            raise conflict(
                f"the game has not started: waiting for {waiting or 'the players'} to accept "
                "manual dice",
                seq=live.snapshot.seq,
            )
        if live.status != "active":
            raise conflict(f"the game is {live.status}", seq=live.snapshot.seq)
        if isinstance(live.match.state.next(), Terminal):
            raise conflict("the game is over", seq=live.snapshot.seq)

    @decided_on_fresh_game
    async def act(self, game_id: str, token: str, seq: int, text: str) -> LiveGame:
        live = await self.live(game_id)
        seat = self.acting_seat(live, token)
        try:
            action = Action.parse(text)
        except ValueError as exc:
            raise bad_request(f"{text!r} is not an action: {exc}") from None
        async with live.lock:
            steps = live.match.steps
            if seq < len(steps):
                done = steps[seq]
                if (done.seat, done.action) == (seat, action.text):
                    return live  # a retry of an action already applied: applied once
                raise conflict(
                    f"step {seq} has already been played; the game is at step {len(steps)}",
                    seq=len(steps),
                )
            if seq > len(steps):
                await self._unless_behind(live)
                raise conflict(
                    f"step {seq} is ahead of the game, which is at step {len(steps)}",
                    seq=len(steps),
                )
            self._check_active(live)
            node = live.match.state.next()
            if not isinstance(node, Decision) or node.seat != seat:
                await self._unless_behind(live)
                raise conflict(_waiting_for(live, node), seq=len(steps))

            def work() -> Pending:
                pending = live.begin()
                try:
                    live.step(pending, action)
                except IllegalAction as exc:
                    raise bad_request(str(exc)) from None
                live.roll_automatic(pending)
                return pending

            await self._store(live, work)
        self.ensure_driver(live)
        return live

    @decided_on_fresh_game
    async def undo(self, game_id: str, token: str, seq: int) -> LiveGame:
        """Take back this seat's last step (``seq``: the steps the client has seen, the last of
        them the one taken back). Allowed while no die was rolled, nobody else decided and no
        other person was shown anything since (``LiveGame.undo_refusal``); stored like any
        write, under the version check, and pushed to every seat."""
        live = await self.live(game_id)
        seat = self.acting_seat(live, token)
        async with live.lock:
            steps = len(live.match.steps)
            if seq != steps:
                if live.last_undo == (seat, seq, steps):
                    return live  # a retry of the take-back just made: applied once
                if seq > steps:
                    await self._unless_behind(live)
                raise conflict(
                    f"you answered step {seq}, but the game is at step {steps}: nothing taken back",
                    seq=steps,
                )
            self._check_active(live)
            keep, refusal = await self._off_loop(functools.partial(live.undo_point, seat))
            if refusal is not None:
                await self._unless_behind(live)
                raise conflict(f"cannot take back: {refusal}", seq=steps)
            try:
                state = await self._off_loop(functools.partial(live.cut, keep))
            except LogError as exc:
                raise ApiError(500, f"cannot take back: {exc}") from None
            node = state.next()
            summary = Summary(
                steps=keep,
                turn=state.turn,
                to_move=node.seat if isinstance(node, Decision) else None,
                status=live.record.status,
                result=live.record.result,
            )
            try:
                version = await asyncio.wrap_future(
                    self.repository.submit_truncate(live.id, keep, summary, live.record.version)
                )
            except StepConflict as exc:
                log.info("game %s: %s; catching up", live.id, exc)
                await self._catch_up(live)
                raise Stale(str(exc)) from None
            live.record.version = version  # first: the new snapshot carries it
            live.truncate(keep, state, summary)
            live.last_undo = (seat, seq, keep)
            live.notify()
            log.info("game %s: %s took back step %d", live.id, seat, keep)
        self.ensure_driver(live)
        return live

    @decided_on_fresh_game
    async def type_dice(self, game_id: str, token: str, faces: str, seq: int | None) -> LiveGame:
        live = await self.live(game_id)
        seat = self.acting_seat(live, token)
        async with live.lock:
            steps = live.match.steps
            if seq is not None and seq != len(steps):
                if seq > len(steps):
                    await self._unless_behind(live)
                raise conflict(f"the game is at step {len(steps)}, not {seq}", seq=len(steps))
            self._check_active(live)
            node = live.match.state.next()
            if not isinstance(node, Chance) or seat not in live.manual_dice_seats(node):
                await self._unless_behind(live)
                raise conflict("no dice for you to roll now", seq=len(steps))
            try:
                outcome = node.parse(faces)
            except ValueError as exc:
                raise bad_request(f"not a roll: {exc}") from None

            def work() -> Pending:
                pending = live.begin()
                try:
                    live.step(pending, outcome)
                except IllegalAction as exc:
                    raise bad_request(f"not a roll: {exc}") from None
                live.roll_automatic(pending)
                return pending

            await self._store(live, work)
        self.ensure_driver(live)
        return live

    @decided_on_fresh_game
    async def resign(self, game_id: str, token: str, abandon: bool = False) -> LiveGame:
        live = await self.live(game_id)
        seat = self.acting_seat(live, token)
        async with live.lock:
            if live.status == "waiting":  # never started: anyone at it may call it off
                name = next((s.name for s in live.seats if s.id == seat), seat)
                called_off: dict[str, Any] = {
                    "winner": None,
                    "scores": {},
                    "reason": f"called off by {name}",
                }
                await self._store(live, lambda: None, "abandoned", called_off)
                return live
            self._check_active(live)
            name = next((s.name for s in live.seats if s.id == seat), seat)
            result: dict[str, Any]
            if abandon and live.other_people(seat):
                # against another person abandoning takes everyone's agreement: this seat's
                # request is its offer (or its acceptance); until all agree the game goes on.
                # The offer is stored with the game under the version check (a server holding
                # an older copy is refused and decides again) and pushed to every seat.
                agreed = live.abandon_agreed | {live.person_of(seat)}
                if live.other_people(seat) - agreed:
                    if agreed != live.abandon_agreed:
                        await self._store(live, lambda: None, agreements=live.agreements(agreed))
                    return live
                status, result = (
                    "abandoned",
                    {"winner": None, "scores": {}, "reason": "abandoned by agreement"},
                )
            elif abandon:
                status, result = (
                    "abandoned",
                    {"winner": None, "scores": {}, "reason": f"abandoned by {name}"},
                )
            else:
                winner = live.winner_if_resigned(seat)
                status, result = (
                    "resigned",
                    {"winner": winner, "scores": {}, "reason": f"{name} resigned"},
                )
            await self._store(live, lambda: None, status, result)
        return live

    @decided_on_fresh_game
    async def decline_abandon(self, game_id: str, token: str) -> LiveGame:
        """Withdraw one's own abandon offer, or refuse another's: the game goes on. Stored like
        the offer; with no offer in this copy, it first catches up (another server may hold
        one)."""
        live = await self.live(game_id)
        self.acting_seat(live, token)
        async with live.lock:
            self._check_active(live)
            if not live.abandon_agreed:
                await self._unless_behind(live)
            if live.abandon_agreed:
                await self._store(live, lambda: None, agreements=live.agreements(set()))
        return live

    @decided_on_fresh_game
    async def stop(self, game_id: str, token: str) -> tuple[LiveGame, int]:
        """The owner stops a game only computers play (status "abandoned"): (game, its step)."""
        live = await self.live(game_id)
        if not token or live.owner_hash is None or hash_token(token) != live.owner_hash:
            raise forbidden("only the owner's token of a game only computers play can stop it")
        async with live.lock:
            if live.status == "active":
                result: dict[str, Any] = {
                    "winner": None,
                    "scores": {},
                    "reason": "stopped by its owner",
                }
                await self._store(live, lambda: None, "abandoned", result)
            return live, live.snapshot.seq

    @decided_on_fresh_game
    async def accept(self, game_id: str, token: str, agree: bool = True) -> LiveGame:
        """An invited seat accepts (or declines) the manual dice the game was created with; the
        game starts once every invited seat has accepted, and ends if one declines."""
        live = await self.live(game_id)
        seat = self.acting_seat(live, token)
        async with live.lock:
            if live.status != "waiting":
                raise conflict(
                    f"the game is {live.status}: nothing to accept", seq=live.snapshot.seq
                )
            if seat not in live.awaiting_acceptance():
                raise conflict(
                    "the invited players accept the manual dice, not you", seq=live.snapshot.seq
                )
            if not agree:
                reason = f"{_name(live, seat)} declined manual dice"
                result: dict[str, Any] = {"winner": None, "scores": {}, "reason": reason}
                await self._store(live, lambda: None, "abandoned", result)
                return live
            # stored with the game under the version check, like the offer to abandon
            agreements = live.agreements(accepted=live.accepted | {seat})
            waiting = [s for s in live.awaiting_acceptance() if s != seat]
            await self._store(
                live, lambda: None, "waiting" if waiting else "active", None, agreements
            )
            if waiting:
                return live
        self.ensure_driver(live)
        return live

    # --- computer seats -------------------------------------------------------------------------
    def ensure_driver(self, live: LiveGame) -> None:
        """Start the task that moves the computer seats and rolls the dice, unless it runs (or
        another server is moving them: see ``_take_over_later``)."""
        if (
            live.driver is None
            and not self.closing
            and live.status == "active"
            and live.id not in self._takeovers
            and self._automatic(live, live.match.state)
        ):
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    async def _drive(self, live: LiveGame) -> None:
        try:
            while not self.closing:
                async with live.lock:
                    if live.status != "active" or not self._automatic(live, live.match.state):
                        return  # a human's turn, typed dice, or the end
                    seq, epoch, pending = len(live.match.steps), live.epoch, live.begin()
                # the computers think on a scratch copy, outside the lock and off the event loop
                # (queued: a game with a person first, computer-only games in turn)
                pending = await asyncio.wrap_future(
                    self.bots.submit(
                        functools.partial(self._think, live, pending), urgent=live.has_person
                    )
                )
                async with live.lock:
                    if (
                        live.status != "active"
                        or len(live.match.steps) != seq
                        or live.epoch != epoch
                    ):
                        continue  # resigned, abandoned or taken back: the thinking is dropped
                    await self._store(live, functools.partial(_same, pending))
        except asyncio.CancelledError:
            raise
        except Stale:  # another server moved first: it moves the computers from here
            self._take_over_later(live)
        except ApiError as exc:
            log.error("game %s: computer moves not stored: %s", live.id, exc.message)
        except Exception:
            log.exception("game %s: the computer players stopped", live.id)
        finally:
            live.driver = None

    @staticmethod
    def _automatic(live: LiveGame, state: State, pending: Pending | None = None) -> bool:
        """Whether the server plays the next step itself: a computer's decision or rolled dice."""
        node = state.next()
        if isinstance(node, Chance):
            return not live.manual_dice_seats(node, pending)
        return isinstance(node, Decision) and node.seat in live.players

    def _think(self, live: LiveGame, pending: Pending) -> Pending:
        """Play computer decisions and dice on the scratch copy until a person is needed, for at
        least one step and then while it takes under ``batch_seconds`` (one store, one push)."""
        started = time.monotonic()
        while self._automatic(live, pending.state, pending):
            node = pending.state.next()
            if isinstance(node, Chance):
                live.roll_automatic(pending)
                continue
            assert isinstance(node, Decision)
            player = live.players[node.seat]
            # the computer's own view, never sent anywhere; a player that reads less of it
            # names the view it needs (e.g. bob's heuristic: brief, without the infostate)
            options: dict[str, bool] = getattr(player, "view_options", {})
            seen = pending.state.view(node.seat, **options)
            try:
                action = player.choose(seen, node)
                live.step(pending, action)
            except Exception:
                log.exception(
                    "game %s: the %s player failed; it moves at random", live.id, node.seat
                )
                live.step(pending, RandomPlayer(live.seq_of(pending)).choose(seen, node))
            if pending.steps and time.monotonic() - started > self.batch_seconds:
                break
        return pending

    # --- listings -------------------------------------------------------------------------------
    async def my_games(self, tokens: list[str]) -> list[dict[str, Any]]:
        digests = [hash_token(t) for t in tokens]
        found = await to_thread.run_sync(self.repository.games_for_tokens, digests)
        return [
            {
                "game_id": record.id,
                "ruleset": record.ruleset,
                "scenario": record.scenario,
                "seat": seat,
                "status": record.status,
                "turn": record.turn,
                "steps": record.steps,
                "to_move": record.to_move,
                "result": record.result,
                "updated": record.updated.isoformat(),
            }
            for record, seat in found
        ]


def _same(pending: Pending) -> Pending:
    return pending


def _waiting_for(live: LiveGame, node: object) -> str:
    if isinstance(node, Decision):
        name = next((s.name for s in live.seats if s.id == node.seat), node.seat)
        return f"it is not your turn: waiting for {name}"
    if isinstance(node, Chance):
        return "it is not your turn: waiting for the dice"
    return "the game is over"


def _name(live: LiveGame, seat: str) -> str:
    return next((s.name for s in live.seats if s.id == seat), seat)


def _computer_only(request: CreateGame, seat_ids: Sequence[str]) -> bool:
    """Whether every seat of the requested game is a computer (a seat left out is one)."""
    return all(
        (choice := request.seats.get(seat)) is None or choice.kind == "computer"
        for seat in seat_ids
    )
