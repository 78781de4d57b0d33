"""Frame times and peak memory: the real App through a scripted session per scene.

Each (scene, window size, video driver, run) is a fresh child process
(`python -m tests.bench.bench_frames SCENE WxH`), so every run starts cold like a player's and its
peak RSS is that scene's alone. The child times each `app.step` (events, update, draw and
display.flip) and plays its frames back to back, but for the threads that work between frames:
while the card renders, the saving thread or a job (game/background.py: a deal judged for the
result screen) have work, a frame is followed by the rest of its 1/60 s, as App.run's paced loop
gives them (back to back, they got a fifth of that time, and a card the player's 60 Hz table
has ready in time was rendered inside a frame). It plays:
- menu: idle frames, then the pointer over every row;
- a solo game: the deal animation at 'normal' speed, a few moves made by dragging cards (or taken
  as its button or key would, where no drag does it), then a full table (the state showing the
  most cards found, dealt in one animation), the pointer over every card and a long drag across;
- a pass-and-play game: the same with two humans and two computers at the strongest level
  (hand-off screens and round summaries passed with Enter), playing until the humans have made a
  few moves and the computers a few more; the full table has eight seats (one human, seven
  computers), whose computers then play on for a few turns.
Then, in every scene, the window is dragged smaller and back, a new size each frame (the
"resize" phase: cards re-render within a frame budget, showing scaled stand-ins meanwhile;
its worst frame is reported on its own row, target under 50 ms).
Each child also measures the machine's pace (a 4K card blended onto the window, nanoseconds a
pixel) before its first frame and after its last: on a shared machine the same code's frame
times move with it by the hour. On Linux it also reads the share of the machine's CPU time its
host took while the frames before the resize phase were played ("steal", from /proc/stat): a
virtual machine's CPU held back by its host makes the frames of that moment late, whatever the
code does. A run in which the host took more than HOST_TOOK_AT_MOST is set aside and run again,
at most SET_ASIDE_AT_MOST times a row: its figures are still shown, apart, and kept in the JSON.
Frames where a computer is to act (`scene.thinking` set, a chosen action waiting, or a computer's
turn with the table on top) are also reported apart: the UI frame time while a bot thinks (like
the frame rows, without the resize phase, which has its own row).
"""
from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import background, memory
from game.app import App
from game.engine import abandon_ship, bots, lamarckian_poker, pirate_rummy, scoundrel, ships_and_sailors
from game.engine.session import Session
from game.scenes.dialogs import ResultScreen
from game.scenes.pass_and_play import PassAndPlayScene, Seat, default_seats
from game.scenes.registry import playable, scene_for
from game.store import later
from tests.scenes.driver import FRAME, drag, frames, key, post, settle, to_window

from .env import PYTHON, ROOT, child_env, cpu_ticks, drivers, stolen_percent
from .report import Row, percentile

SIZES = ((1280, 800), (1920, 1080), (3840, 2160),
         (900, 900), (1280, 1024), (2560, 1080), (1024, 1366))  # every shape a table reflows to
SEED = 4242
MOVES = 6               # human moves in the play phase
BOT_MOVES = 6           # and at least this many computer moves (pass-and-play games)
FULL_TABLE_BOT_MOVES = 8
PLAY_FRAMES = 6000      # a bound on a scripted phase, in frames (100 s of play at 60 Hz)
TARGET_P99 = {(3840, 2160): "<= 8"}  # 4K: 120 Hz; smaller windows: 144 Hz
TARGET_P99_SMALL = "<= 6.9"
TARGET_RSS = "< 150"
TARGET_RESIZE_MAX = "< 50"
HOST_TOOK_AT_MOST = 2.0  # % of the machine's CPU time while a run's frames were played
SET_ASIDE_AT_MOST = 3   # runs a row sets aside for it; after that every run counts
RESIZE_STEPS = 30       # frames from the window's size to three quarters of it, and as many back


def p99_target(size) -> str:
    return TARGET_P99.get(tuple(size), TARGET_P99_SMALL)


# -- the child: one scene, one size ---------------------------------------------------------
def child(scene_name: str, size) -> dict:
    app = App(size)
    app.settings.animation_speed = "normal"
    times, phases, bot_frames, think_frames = [], {}, [], []
    step = app.step

    def timed(dt):
        scene = app.current_game()
        table = isinstance(scene, PassAndPlayScene)
        bot = table and bot_to_act(app, scene)
        thinking = table and scene.thinking is not None
        waiting = table and scene.bot_choice is not None
        start = time.perf_counter()
        step(dt)
        times.append((time.perf_counter() - start) * 1000)
        if app.art.rendering or later.busy() or background.busy():  # their share, as paced
            time.sleep(max(0.0, start + FRAME - time.perf_counter()))
        if bot:
            bot_frames.append(len(times) - 1)
        # think ran in this frame: it was under way, is now, or just chose
        if table and (thinking or scene.thinking is not None
                      or (not waiting and scene.bot_choice is not None)):
            think_frames.append(len(times) - 1)
    app.step = timed

    def phase(name, script, *args):
        first = len(times)
        script(app, *args)
        phases[name] = (first, len(times))

    paces = [machine_pace(app)]  # (before the first frame, which repaints the window whole)
    frames(app)  # the first menu frame belongs to start-up
    memory.after_first_frame()  # as App.run does
    del times[:]
    ticks = cpu_ticks()
    if scene_name == "menu":
        phase("menu", menu_script)
    else:
        app.start_game(scene_name, SEED, None, **table_seats(scene_name))
        phase("deal", deal_script)
        phase("play", play_script, random.Random(SEED))
        phase("full table", full_table_script, random.Random(SEED + 1))
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the scene's own play
    stolen = stolen_percent(ticks, cpu_ticks())
    phase("resize", resize_script)
    resized_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    paces.append(machine_pace(app))
    return {"times_ms": times, "phases": phases, "rss_mb": rss_mb, "resize_rss_mb": resized_mb,
            "bot_frames": bot_frames, "think_frames": think_frames,
            "pace_ns": sum(paces) / len(paces), "stolen_pct": stolen}


PACE_CARD = (378, 529)  # Scoundrel's card at 3840x2160
PACE_BLITS = 120


def machine_pace(app) -> float:
    """Nanoseconds a pixel for blending a 4K card with round corners onto the window, the
    most of a busy frame's drawing: the same code's frame times move with it by the hour on
    a shared machine, so a report can tell a slow hour from slow code. Drawn into the window
    itself (a copy would add to the peak memory measured): before the first frame, or after
    the last, so no frame measured repaints it."""
    card = pygame.Surface(PACE_CARD, pygame.SRCALPHA)
    pygame.draw.rect(card, (240, 236, 224, 255), card.get_rect(), border_radius=25)
    card = card.convert_alpha()
    surface = app.surface
    span = (max(1, surface.get_width() - PACE_CARD[0]), max(1, surface.get_height() - PACE_CARD[1]))
    best = float("inf")
    for _ in range(3):  # the least of three: a pause of the machine inside one is not its pace
        start = time.perf_counter()
        for i in range(PACE_BLITS):
            surface.blit(card, (i * 97 % span[0], i * 61 % span[1]))
        best = min(best, time.perf_counter() - start)
    app.painter.invalidate()
    return best * 1e9 / (PACE_BLITS * PACE_CARD[0] * PACE_CARD[1])


def table_seats(game_id) -> dict:
    """Two humans and two computers at the strongest level for a pass-and-play game (a
    solitaire may have a computer player to watch, but no seats)."""
    levels = bots.levels(game_id)
    if not levels or not issubclass(scene_for(game_id), PassAndPlayScene):
        return {}
    return {"seats": [Seat("Anna"), Seat("Ben"), Seat("Cora", "computer", levels[-1]),
                      Seat("Dan", "computer", levels[-1])]}


def bot_to_act(app, scene) -> bool:
    if scene.thinking is not None or scene.bot_choice is not None:
        return True
    to_act = scene.session.state.to_act
    return (app.top is scene and to_act is not None and to_act < len(scene.seats)
            and not scene.seats[to_act].is_human)


def menu_script(app) -> None:
    frames(app, 60)
    for _, rect in app.top.rows:
        for x in range(rect.x, rect.right, 60):
            post(pygame.MOUSEMOTION, pos=to_window(app, (x, rect.centery)), rel=(0, 0),
                 buttons=(0, 0, 0))
            frames(app)


def resize_script(app) -> None:
    """Drag the window's corner in to three quarters of its size and out again, a new size
    every frame, as a window manager sends them; then the frames where the last cards catch up."""
    w, h = app.surface.get_size()
    for i in list(range(1, RESIZE_STEPS + 1)) + list(range(RESIZE_STEPS - 1, -1, -1)):
        f = 1 - 0.25 * i / RESIZE_STEPS
        size = (round(w * f), round(h * f))
        app.screen.resize(size)  # (after the frame on its way to the screen, ui/screen.py)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        frames(app)
    frames(app, 30)


def deal_script(app) -> None:
    settle(app)
    frames(app, 30)


def play_script(app, rnd) -> None:
    """A few moves as a player makes them: a drag where one does it, else the action itself."""
    scene = app.current_game()
    if isinstance(scene, PassAndPlayScene):
        table_play_script(app, scene, rnd, MOVES, BOT_MOVES)
        return
    for _ in range(MOVES):
        if app.top is not scene or scene.session.is_over():
            return
        human_move(app, scene, rnd)
        settle(app)


def human_move(app, scene, rnd) -> None:
    legal = scene.session.legal_actions()
    rnd.shuffle(legal)
    for action in legal:
        code = getattr(action, "card", None)
        sprite = scene.table.sprites.get(code) if code else None
        zones = [rect for zone, rect in scene.drop_zones().items()
                 if sprite and scene.can_drag(code)
                 and scene.drop_action(code, zone)[0] == str(action)]
        if zones:
            drag(app, centre(scene, code), zones[0].center, steps=12)
            return
    scene.act(legal[0])  # a button's or key's action (surrender, deal next round)


def table_play_script(app, scene, rnd, human_moves, bot_moves) -> None:
    """Play on with the seats as they are until the humans have made `human_moves` moves and
    the computers `bot_moves`: hand-offs and round summaries passed with Enter, the human at
    the screen moving by drag; stops at the result screen, then waits for the table to be idle
    (a Lamarckian round played back)."""
    humans = computers = 0
    for _ in range(PLAY_FRAMES):
        top = app.top
        if isinstance(top, ResultScreen) or scene.session.is_over():
            return
        if top is not scene:  # a hand-off screen or a round summary
            key(app, pygame.K_RETURN)
            continue
        done = humans >= human_moves and computers >= bot_moves
        if done and not scene.table.busy and not getattr(scene, "playback", None):
            return
        if not done and scene.accepts_moves() and not scene.table.busy:
            human_move(app, scene, rnd)
            humans += 1
            continue
        before, seat = len(scene.session.actions), scene.session.state.to_act
        frames(app)
        if len(scene.session.actions) > before and seat is not None \
                and not scene.seats[seat].is_human:
            computers += 1


def full_table_script(app, rnd) -> None:
    scene = app.stack[1]
    del app.stack[2:]  # a result screen from the play phase
    scene.use_session(fullest_session(scene))
    settle(app)
    frames(app, 30)
    for code in list(scene.table.sprites):
        if code not in scene.table.sprites:  # a computer's move took it away meanwhile
            continue
        post(pygame.MOUSEMOTION, pos=to_window(app, centre(scene, code)), rel=(0, 0),
             buttons=(0, 0, 0))
        frames(app)
    movable = [c for c in scene.table.sprites if scene.can_drag(c)]
    if movable:
        start = centre(scene, movable[0])
        w, h = app.viewport.logical
        drag(app, start, (w - start[0], h - start[1]), steps=40)  # across, dropped far away
        drag(app, (w - start[0], h - start[1]), start, steps=40)
        settle(app)
    if isinstance(scene, PassAndPlayScene):
        table_play_script(app, scene, rnd, 1, FULL_TABLE_BOT_MOVES)
    frames(app, 30)


def centre(scene, code) -> tuple:
    sprite = scene.table.sprites[code]
    x, y = sprite.pos
    return (x + sprite.size[0] / 2, y + sprite.size[1] / 2)


# A stacked deck and a policy reach the fullest table; other games play at random.
SCOUNDREL_DECK = ("10D AS AC 9H 8H KS KC 7H QS QC 6H JS JC 5H 10S 10C 4H 9S 9C 3H 8S 8C 2H 7S "
                  "7C 6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 9D 8D 7D 6D 5D 4D 3D 2D 10H").split()


def scoundrel_policy(session, rnd):
    """Slay with the weapon whenever allowed, else keep the most health: a long weapon stack."""
    state = session.state

    def cost(action):
        after = scoundrel.apply(state, action)
        return (after.status == scoundrel.DEAD, -len(after.slain), -after.health, rnd.random())
    return min(scoundrel.legal_actions(state), key=cost)


def random_policy(session, rnd):
    return rnd.choice(session.legal_actions())


def rummy_policy(session, rnd):
    """Lay melds: finish a meld begun this turn, extend a legitimate meld, else start a meld
    the hand can complete to three; then end the turn. Areas fill with legitimate melds."""
    legal = session.legal_actions()
    state = session.state
    me = state.turn
    hand = [c for c in state.hands[me] if c in pirate_rummy.NUMBER]
    adds = [a for a in legal if a.kind == "add"]
    for j, meld in enumerate(state.areas[me]):
        if not pirate_rummy.is_legit(meld):
            for c in hand:
                if any(pirate_rummy.is_legit(meld + (c, d)) or pirate_rummy.is_legit(meld + (c,))
                       for d in hand if d != c):
                    return next(a for a in adds if a.card == c and a.target == (me, j))
    extend = [a for a in adds if pirate_rummy.is_legit(state.areas[a.target[0]][a.target[1]])]
    if extend:
        return rnd.choice(extend)
    for i, a in enumerate(hand):
        for j, b in enumerate(hand[i + 1:], i + 1):
            for c in hand[j + 1:]:
                if pirate_rummy.is_legit((a, b, c)):
                    return f"play {a} to a new meld"
    return "end turn"


@dataclass(frozen=True)
class FullTable:
    """How to look for a game's fullest table: `tries` games from deal 0 up, played by `policy`
    from `deck` (None: shuffled) with `seats` (None: the scene's), among the states `keep`
    accepts, each game played until it is over or `until` says stop."""
    deck: tuple | None = None
    policy: Callable = random_policy
    tries: int = 20
    seats: int | None = None
    keep: Callable = lambda state: True
    until: Callable = lambda state: False


FULL_TABLES = {
    "scoundrel": FullTable(tuple(SCOUNDREL_DECK), scoundrel_policy, 1),
    # eight seats, two decks, mid-round (first round) with the lifeboats as full as they get
    "abandon_ship": FullTable(seats=8, keep=lambda s: s.phase in (abandon_ship.PLAY,
                                                                  abandon_ship.FIGHT),
                              until=lambda s: s.round > 1),
    # eight seats late in the game with big hands, the viewer still in it
    "lamarckian_poker": FullTable(tries=200, seats=8,
                                  keep=lambda s: s.phase == lamarckian_poker.MARKING and s.alive[0]),
    # six seats in the middle of a hand: hands, a trick and won piles all on the table
    "ships_and_sailors": FullTable(seats=6, keep=lambda s: s.phase == ships_and_sailors.PLAY),
    # six seats with crews hired, cards played and a Heave To! chain waiting
    "doubloons": FullTable(seats=6, tries=12),
    # five seats whose areas fill with melds, laid by a policy that only lays legitimate ones
    "pirate_rummy": FullTable(policy=rummy_policy, seats=5, tries=4),
}


def fullest_session(scene):
    """A session at the state, among some played games, whose table shows the most cards."""
    spec = FULL_TABLES.get(scene.game_id, FullTable())
    seats = spec.seats or scene.session.seats
    if isinstance(scene, PassAndPlayScene) and seats != len(scene.seats):
        scene.set_seats(default_seats(scene.game_id, seats))  # where each seat's cards go
    best = (-1, 0, [])
    for seed in range(spec.tries):
        session, rnd = Session(scene.game_id, seats, seed, None, spec.deck), random.Random(seed)
        while not session.is_over() and not spec.until(session.state):
            session.apply(spec.policy(session, rnd))
            if spec.keep(session.state):
                shown = len(scene.placements(session.view(scene.viewer)))
                if shown > best[0]:
                    best = (shown, seed, list(session.actions))
    _, seed, actions = best
    session = Session(scene.game_id, seats, seed, None, spec.deck)
    for text in actions:
        session.apply(text)
    return session


# -- the parent -----------------------------------------------------------------------------
def measure(scene_name, size, display) -> dict:
    cmd = [PYTHON, "-m", "tests.bench.bench_frames", scene_name, f"{size[0]}x{size[1]}"]
    proc = subprocess.run(cmd, cwd=ROOT, env=child_env(display), capture_output=True, text=True,
                          timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def scenes() -> list:
    return ["menu", *playable()]


def run(runs: int, display=None, sizes=SIZES) -> tuple[list, list, list, dict]:
    """(frame rows, memory rows, rows of frames while a bot thinks, per-phase detail)."""
    frame_rows, memory_rows, bot_rows, detail = [], [], [], {}
    paces: dict = {}
    for name in scenes():
        has_bots = name != "menu" and bool(bots.levels(name))
        for driver, disp in drivers(display):
            for size in sizes:
                label = f"{name} {size[0]}×{size[1]}"
                section = f"frames ({driver})"
                results, aside, error = [], [], ""
                while len(results) < runs:
                    try:
                        result = measure(name, size, disp)
                    except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
                        error = f"failed: {exc}"[:80]
                        break
                    disturbed = (result.get("stolen_pct") or 0) > HOST_TOOK_AT_MOST
                    (aside if disturbed and len(aside) < SET_ASIDE_AT_MOST else results).append(result)
                stats = [frame_stats(outside(r, "resize")) for r in results]
                stats_aside = [frame_stats(outside(r, "resize")) for r in aside]
                paces.setdefault(driver, []).extend(r["pace_ns"] for r in results + aside)
                for key_, target in (("p50", ""), ("p99", p99_target(size)), ("max", "")):
                    frame_rows.append(Row(section, f"{label} {key_}", "ms",
                                          [s[key_] for s in stats], target, note=error,
                                          set_aside=[s[key_] for s in stats_aside]))
                frame_rows.append(Row(section, f"{label} resize max", "ms",
                                      [phase_max(r, "resize") for r in results],
                                      TARGET_RESIZE_MAX, note=error,
                                      set_aside=[phase_max(r, "resize") for r in aside]))
                stolen = [r["stolen_pct"] for r in results if r.get("stolen_pct") is not None]
                if stolen:  # the host's share while those frames ran
                    frame_rows.append(Row(section, f"{label} CPU time the host took", "%", stolen,
                                          set_aside=[r["stolen_pct"] for r in aside]))
                memory_rows.append(Row(f"memory ({driver})", f"{label} peak RSS", "MB",
                                       [r["rss_mb"] for r in results], TARGET_RSS, note=error))
                memory_rows.append(Row(f"memory ({driver})", f"{label} peak RSS with a resize",
                                       "MB", [r["resize_rss_mb"] for r in results], note=error))
                detail[f"{driver} {label}"] = [
                    {**phase_stats(r), "stolen %": r.get("stolen_pct"), "set aside": set_aside}
                    for group, set_aside in ((results, False), (aside, True)) for r in group]
                if has_bots:
                    bot_stats = [frame_stats(subset(r, "bot_frames", outside_of="resize"))
                                 for r in results]
                    for key_, target in (("p50", ""), ("p99", p99_target(size)), ("max", "")):
                        bot_rows.append(Row(f"bot frames ({driver})", f"{label} {key_}", "ms",
                                            [s[key_] for s in bot_stats if s[key_] is not None],
                                            target, note=error or "no bot turn"))
    for driver, values in paces.items():
        frame_rows.append(Row(f"frames ({driver})", "machine's pace: a 4K card blended",
                              "ns/px", values))  # every child's: the spread is the section's
    return frame_rows, memory_rows, bot_rows, detail


def outside(result, name) -> list:
    """The frame times of every phase but `name`."""
    first, end = result["phases"].get(name, (0, 0))
    return result["times_ms"][:first] + result["times_ms"][end:]


def phase_max(result, name) -> float:
    first, end = result["phases"][name]
    return max(result["times_ms"][first:end])


def subset(result, key_, outside_of=None) -> list:
    """The frame times listed under `key_`, but for those of the phase `outside_of`."""
    times = result["times_ms"]
    first, end = result["phases"].get(outside_of, (0, 0))
    return [times[i] for i in result.get(key_, ()) if not first <= i < end]


def frame_stats(times) -> dict:
    if not times:
        return {"p50": None, "p99": None, "max": None, "frames": 0}
    return {"p50": percentile(times, 50), "p99": percentile(times, 99), "max": max(times),
            "frames": len(times)}


def phase_stats(result) -> dict:
    times = result["times_ms"]
    out = {name: frame_stats(times[a:b]) for name, (a, b) in result["phases"].items() if b > a}
    for key_, name in (("bot_frames", "a bot to act"), ("think_frames", "a bot's think ran")):
        if result.get(key_):
            out[name] = frame_stats(subset(result, key_))
            for phase_name, (a, b) in result["phases"].items():
                inside = [times[i] for i in result[key_] if a <= i < b]
                if inside:
                    out[f"{name}, {phase_name}"] = frame_stats(inside)
    return out


if __name__ == "__main__":
    w, h = (int(n) for n in sys.argv[2].split("x"))
    print(json.dumps(child(sys.argv[1], (w, h))))
