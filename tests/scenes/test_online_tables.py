"""Online tables in the app, driven by real events: host a table from the menu, a friend joins
over loopback and they play it through; a friend drops and a computer takes the seat; join a
table from the list; a host's saved table opens again with Continue."""
import random
import socket
import time

import pygame
import pytest

from game.engine import bots
from game.net import hosting
from game.net.client import NetworkThread
from game.net.table import Table, TableSeat
from game.scenes.dialogs import ResultScreen
from game.scenes.host_table import HostTableScreen
from game.scenes.join_table import JoinTableScreen
from game.scenes.online_table import OnlineTable

from .driver import click, frames, key

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def computers_at_once(monkeypatch):
    """The host's computers play at once. (The tests stay on 127.0.0.1, with no announcement
    or search on the network, by tests/conftest.py's `loopback_only`: a fixture of that name
    here once hid it, and the join screen listened for tables on the machine's networks.)"""
    monkeypatch.setattr(hosting, "BOT_DELAY", 0.0)


def test_these_tests_stay_on_this_machine():
    from game.net import client, discovery
    assert not discovery.ENABLED and client.ALLOWED_HOSTS == {LOOPBACK}
    assert hosting.LISTEN_ON == LOOPBACK and hosting.lan_address() == LOOPBACK


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def type_text(app, text):
    for ch in text:
        key(app, getattr(pygame, f"K_{ch.lower()}", pygame.K_SPACE), unicode=ch)


def clear_and_type(app, field, text):
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)
    key(app, pygame.K_TAB)


def button(scene, text):
    return next(b for b in scene.row.buttons if b.text.startswith(text))


def until(app, condition, limit=3000, also=None):
    for _ in range(limit):
        frames(app)
        if also is not None:
            also()
        if condition():
            return
        time.sleep(0.001)  # the network threads get their turn
    raise AssertionError("timed out")


class Friend:
    """A friend's Deckhand, as far as the host can tell: a client on its own network thread
    that plays its seat from its view with the easy computer player."""

    def __init__(self, port, request):
        self.net = NetworkThread(f"ws://{LOOPBACK}:{port}")
        self.request = request
        self.update = None
        self.joined = None
        self.errors = []
        self.rng = random.Random(5)

    def step(self):
        for msg in self.net.poll():
            if msg["type"] == "welcome":
                self.net.send(self.request)
            elif msg["type"] == "joined":
                self.joined = msg
            elif msg["type"] == "update":
                self.update = msg
                if msg["legal"]:
                    action = bots.finish(bots.make(msg["game"], "easy").think(
                        msg["view"], msg["legal"], self.rng))
                    self.net.send({"type": "act", "action": str(action), "seq": msg["seq"]})
            elif msg["type"] == "error" and msg["code"] != "stale":
                self.errors.append(msg["message"])


def fewer(form):
    """Where to click for one seat less: the seat count's − arrow."""
    return form.count.sides()[0].center


def next_kind(form, seat):
    """Where to click for the next kind of `seat` (open, a computer of each level): its ›."""
    return form.seat_choosers[seat].sides()[1].center


def host_from_menu(app, game_id="lamarckian_poker", seats=("open", "computer")):
    app.settings.animation_speed = "instant"  # the games play through in seconds
    port = free_port()
    key(app, pygame.K_h)
    form = app.top
    assert isinstance(form, HostTableScreen)
    while form.game_id != game_id:
        key(app, pygame.K_g)
    while len(form.seats) > len(seats) + 1:
        click(app, fewer(form))
    for i, kind in enumerate(seats, start=1):
        while form.seats[i][0] != kind:
            click(app, next_kind(form, i))
    clear_and_type(app, form.name, "Mia")
    clear_and_type(app, form.port, str(port))
    key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.top, OnlineTable))
    return app.top, port


def play_host_seat(app, scene):
    """The host's own moves, by keys: 1 picks the first card, Enter marks with it."""
    if scene.accepts_moves() and not scene.table.busy:
        key(app, pygame.K_1)
        key(app, pygame.K_RETURN)


def test_host_a_table_a_friend_joins_by_code_and_they_play_it_through(app):
    scene, port = host_from_menu(app)
    assert scene.viewer == 0 and scene.role == "player" and not scene.remote.started
    assert scene.link.host is not None and f"{LOOPBACK}:{port}" == scene.link.invite
    assert scene.link.code in " ".join(scene.invite_lines())
    friend = Friend(port, {"type": "join", "table": scene.link.code, "name": "Ned"})
    until(app, lambda: scene.remote.started, also=friend.step)
    assert [s.name for s in scene.seats] == ["Mia", "Ned", "Computer 3"]
    assert scene.presence_of(1) == "connected" and scene.presence_of(2) == "computer"
    # the host's screen holds its own hand and no card of the friend's
    table = scene.link.host.table
    assert scene.session.view().hand == table.session.view(0).hand
    until(app, lambda: isinstance(app.top, ResultScreen),
          also=lambda: (friend.step(), play_host_seat(app, scene)), limit=20000)
    assert table.session.is_over() and friend.update["over"] and not friend.errors
    assert scene.remote.seq == table.seq
    friend.net.close()
    app.main_menu()
    assert scene.link.host.thread.join(3) is None and not scene.link.host.thread.is_alive()


def test_a_friend_drops_and_a_computer_takes_the_seat(app):
    scene, port = host_from_menu(app, seats=("open",))
    friend = Friend(port, {"type": "join", "table": scene.link.code, "name": "Ned"})
    until(app, lambda: scene.remote.started, also=friend.step)
    friend.net.close()
    until(app, lambda: scene.presence_of(1) == "waiting")
    assert "Waiting for Ned" in scene.table_notice()
    computer = next(b for b in scene.online_buttons.buttons if b.text == "Computer plays")
    click(app, computer.rect.center)
    until(app, lambda: scene.presence_of(1) == "computer")
    until(app, lambda: isinstance(app.top, ResultScreen),
          also=lambda: play_host_seat(app, scene), limit=20000)
    assert scene.link.host.table.session.is_over()


def test_join_a_table_from_the_list_and_watch_another(app):
    mine = Table("ships_and_sailors", [TableSeat("Seat 1"), TableSeat("Bo", "computer", "easy"),
                                       TableSeat("Cy", "computer", "easy"),
                                       TableSeat("Di", "computer", "easy")])
    host = hosting.HostThread(mine, port=0, host=LOOPBACK, saver=None)
    try:
        host.ready.wait(5)
        key(app, pygame.K_j)
        form = app.top
        assert isinstance(form, JoinTableScreen)
        clear_and_type(app, form.address, f"{LOOPBACK}:{host.port}")
        clear_and_type(app, form.name, "Eve")
        key(app, pygame.K_RETURN)
        until(app, lambda: form.tables is not None)
        assert [t["title"] for t in form.tables] == ["Ships and Sailors"]
        click(app, button(form, "Join").rect.center)
        until(app, lambda: isinstance(app.top, OnlineTable))
        scene = app.top
        assert scene.viewer == 0 and scene.seats[0].name == "Eve" and scene.remote.started
        assert scene.session.view().hand == mine.session.view(0).hand
        app.main_menu()  # leaving: the seat waits for Eve
        until(app, lambda: not mine.seats[0].connected)
        key(app, pygame.K_j)
        form = app.top
        key(app, pygame.K_RETURN)  # the address is remembered
        until(app, lambda: form.tables is not None)
        click(app, button(form, "Watch").rect.center)
        until(app, lambda: isinstance(app.top, OnlineTable))
        watcher = app.top
        assert watcher.role == "spectator" and watcher.session.view().hand == ()
        assert not watcher.accepts_moves()
    finally:
        app.main_menu()
        host.stop()


def test_a_hosted_table_continues_from_the_menu_after_the_host_left(app, monkeypatch):
    scene, _ = host_from_menu(app, seats=("computer",))
    until(app, lambda: scene.remote.seq >= 3, also=lambda: play_host_seat(app, scene))
    table = scene.link.host.table
    app.main_menu()  # the host's app closes the table: its autosave keeps it
    menu = app.top
    frames(app, 2)
    assert "lamarckian_poker" in menu.saved
    until(app, lambda: not scene.link.host.thread.is_alive())
    seq = table.seq  # read once the table has stopped: its computer plays until then
    # the computer waits this time, so the table is seen as it was saved, not a move later
    monkeypatch.setattr(hosting, "BOT_DELAY", 60.0)
    menu.continue_game("lamarckian_poker")
    until(app, lambda: isinstance(app.top, OnlineTable))
    again = app.top
    assert again is not scene and again.remote.seq == seq and again.viewer == 0
    assert again.link.code == scene.link.code and again.seats[0].name == "Mia"
    app.main_menu()


class QuietNet:
    """A network thread that never hears anything: the table as it first arrived."""

    def __init__(self):
        self.sent = []

    def send(self, msg):
        self.sent.append(msg)

    def poll(self):
        return []

    def close(self):
        pass


def table_scene(app, game_id, seats, seat=0, invite="192.168.1.20:8765"):
    from game.net import protocol
    from game.net.client import read_message
    from game.scenes.online_table import OnlineLink, open_table
    table = Table(game_id, seats, seed=7)
    update = read_message(protocol.dump(table.update(seat)))
    link = OnlineLink("ws://x", QuietNet(), table.id, "token", table.code, None, invite)
    open_table(app, link, update)
    frames(app, 2)
    return app.top, table


def test_the_online_screens_are_readable(app):
    from game.net.table import GAMES
    from tests.ui.test_readable import check
    found = []
    for game_id in GAMES:
        app.push(HostTableScreen(app, game_id))
        form = app.top
        while form.count.can(+1):
            form.resize(+1)
        found += check(app, f"host form of {game_id}, most seats")
        app.pop()
    app.push(JoinTableScreen(app, "192.168.1.20:8765"))
    form = app.top
    form.say("3 tables here.")
    form.can_create = True
    form.tables = [{"table": str(i), "game": "doubloons", "title": title, "open": i % 2,
                    "started": i == 2, "over": False,
                    "seats": [{"name": "Annabelle Smith", "kind": "human", "connected": i != 1,
                               "stand_in": False, "waiting": False},
                              {"name": "Seat 2", "kind": "open" if i % 2 else "computer",
                               "connected": False, "stand_in": False, "waiting": False}] * 3}
                   for i, title in enumerate(["Doubloons", "Ships and Sailors", "Pirate Rummy",
                                              "Abandon Ship", "Lamarckian Poker"])]
    form.layout_buttons()
    found += check(app, "join form with five tables")
    app.pop()
    for game_id in GAMES:
        scene, _ = table_scene(app, game_id, [TableSeat("Mia", "human"), TableSeat("Seat 2"),
                                                  TableSeat("Computer 3", "computer")]
                                   if game_id != "pirate_rummy" else
                                   [TableSeat("Mia", "human"), TableSeat("Seat 2"),
                                    TableSeat("Computer 3", "computer"), TableSeat("Seat 4")])
        found += check(app, f"{game_id} waiting for players")
        scene.lost = "The connection was lost."
        scene.layout_online_buttons()
        found += check(app, f"{game_id} with the connection lost")
        app.main_menu()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_a_player_whose_deckhand_stopped_takes_back_the_seat_with_its_kept_token(app):
    from game.store import seats
    mine = Table("doubloons", [TableSeat("Seat 1"), TableSeat("Bo", "computer", "easy")])
    host = hosting.HostThread(mine, port=0, host=LOOPBACK, saver=None, bot_delay=0.0)
    try:
        host.ready.wait(5)
        key(app, pygame.K_j)
        form = app.top
        assert form.kept is None
        clear_and_type(app, form.address, f"{LOOPBACK}:{host.port}")
        clear_and_type(app, form.name, "Eve")
        key(app, pygame.K_RETURN)
        until(app, lambda: form.tables is not None)
        click(app, button(form, "Join").rect.center)
        until(app, lambda: isinstance(app.top, OnlineTable))
        scene = app.top
        kept = seats.kept()
        assert (kept.table, kept.token, kept.title) == (mine.id, mine.seats[0].token, "Doubloons")
        # Deckhand stops without a word to the host: the connection just ends
        scene.link.net.close()
        del app.stack[1:]
        until(app, lambda: not mine.seats[0].connected)
        key(app, pygame.K_j)
        form = app.top
        assert form.kept == kept
        key(app, pygame.K_b)
        until(app, lambda: isinstance(app.top, OnlineTable))
        back = app.top
        assert back.viewer == 0 and back.seats[0].name == "Eve" and mine.seats[0].connected
        assert back.remote.seq == mine.seq
    finally:
        app.main_menu()
        host.stop()


def test_a_table_heard_on_the_network_is_joined_with_a_click(app, monkeypatch):
    from game.net import discovery
    mine = Table("doubloons", [TableSeat("Seat 1"), TableSeat("Bo", "computer", "easy")])
    host = hosting.HostThread(mine, port=0, host=LOOPBACK, saver=None, bot_delay=0.0)

    class HeardBrowser:
        """What zeroconf would have heard: the table above (the test sends no multicast)."""

        def __init__(self):
            self.closed = False

        def tables(self):
            return [{"name": "x", "address": f"{LOOPBACK}:{host.port}", "game": "doubloons",
                     "title": "Doubloons", "code": mine.code, "host": "Mia"}]

        def close(self):
            self.closed = True
    monkeypatch.setattr(discovery, "ENABLED", True)
    monkeypatch.setattr(discovery, "Browser", HeardBrowser)
    try:
        host.ready.wait(5)
        key(app, pygame.K_j)
        form = app.top
        frames(app, 2)
        assert [f["host"] for f in form.nearby] == ["Mia"]
        from tests.ui.test_readable import check
        assert check(app, "join form with a table heard on the network") == []
        browser = form.browser
        click(app, button(form, "Join").rect.center)
        until(app, lambda: isinstance(app.top, OnlineTable))
        assert app.top.viewer == 0 and mine.seats[0].connected and browser.closed
    finally:
        app.main_menu()
        host.stop()


@pytest.mark.parametrize("game_id", ["abandon_ship", "ships_and_sailors", "pirate_rummy",
                                     "doubloons"])
def test_each_game_s_own_scene_plays_a_whole_game_online(app, game_id):
    """The host's seat at each game's own table scene, fed by the host's updates; its moves
    are the easy computer player's, sent through the scene as a click's would be."""
    from game.scenes.base import Dialog
    app.settings.animation_speed = "instant"
    port = free_port()
    key(app, pygame.K_h)
    form = app.top
    while form.game_id != game_id:
        key(app, pygame.K_g)
    while len(form.seats) > 3:
        click(app, fewer(form))
    for i in (1, 2):
        while form.seats[i] != ("computer", "easy"):
            click(app, next_kind(form, i))
    if "target" in form.options:
        form.options["target"] = "100"
    clear_and_type(app, form.port, str(port))
    key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.top, OnlineTable))
    scene = app.top
    rng = random.Random(1)

    def play():
        top = app.top
        if isinstance(top, Dialog) and not isinstance(top, ResultScreen) and top is not scene:
            top.row.buttons[0].action()  # a round's summary, read: go on
        elif top is scene and scene.accepts_moves() and not scene.table.busy:
            legal = scene.session.legal_actions()
            scene.act(bots.finish(bots.make(game_id, "easy").think(scene.session.view(),
                                                                   legal, rng)))
    until(app, lambda: isinstance(app.top, ResultScreen), also=play, limit=60000)
    table = scene.link.host.table
    assert table.session.is_over() and scene.remote.seq == table.seq
    assert scene.session.view() == table.session.view(0)
    app.main_menu()


def test_a_dropped_connection_is_taken_up_again_by_itself(app, monkeypatch):
    from game.scenes import online_table
    monkeypatch.setattr(online_table, "RETRY_SECONDS", 0.2)
    mine = Table("abandon_ship", [TableSeat("Seat 1"), TableSeat("Bo", "computer", "easy")])
    host = hosting.HostThread(mine, port=0, host=LOOPBACK, saver=None, bot_delay=0.0)
    try:
        host.ready.wait(5)
        key(app, pygame.K_j)
        form = app.top
        clear_and_type(app, form.address, f"{LOOPBACK}:{host.port}")
        clear_and_type(app, form.name, "Eve")
        key(app, pygame.K_RETURN)
        until(app, lambda: form.tables is not None)
        click(app, button(form, "Join").rect.center)
        until(app, lambda: isinstance(app.top, OnlineTable))
        scene = app.top
        scene.link.net.close()  # the network goes away under the table
        until(app, lambda: scene.lost is not None)
        assert not scene.accepts_moves()
        from tests.ui.test_readable import check
        assert check(app, "the connection lost") == []
        until(app, lambda: scene.lost is None and mine.seats[0].connected)
        assert scene.attempts == 0 and scene.viewer == 0
        assert scene.session.view() == mine.session.view(0)
    finally:
        app.main_menu()
        host.stop()


def test_the_hint_thinks_from_this_seat_s_view_alone(app):
    scene, table = table_scene(app, "lamarckian_poker", [TableSeat("Mia", "human"),
                                                         TableSeat("Bo", "computer")])
    assert scene.remote.started and scene.accepts_moves()
    key(app, pygame.K_h)
    until(app, lambda: scene.status[0].startswith("Hint:"), limit=600)
    marked = scene.status[0]
    assert any(a.text.split()[-1] in str(scene.hinted) for a in table.session.legal_actions())
    assert "strongest computer player" in marked
    assert scene.link.net.sent == []  # a hint asks nothing of the host


def test_hosting_asks_before_it_replaces_a_game_in_progress_here(app):
    from game.scenes.dialogs import ConfirmDialog
    from game.scenes.pass_and_play import Seat
    from game.store import saves
    app.settings.animation_speed = "instant"
    app.start_game("lamarckian_poker", 7, None, seats=[Seat("Ann"), Seat("Bo", "computer")])
    scene = app.top
    scene.act(scene.session.legal_actions()[0])
    app.main_menu()
    assert saves.load("lamarckian_poker") is not None
    key(app, pygame.K_h)
    form = app.top
    while form.game_id != "lamarckian_poker":
        key(app, pygame.K_g)
    clear_and_type(app, form.name, "Mia")
    clear_and_type(app, form.port, str(free_port()))
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmDialog) and "in progress" in " ".join(app.top.lines)
    click(app, button(app.top, "Keep my game").rect.center)
    assert app.top is form
    kept = saves.load("lamarckian_poker")
    assert kept is not None and kept.session.actions == scene.session.actions


def test_the_host_form_is_made_of_controls_worked_by_keys(app):
    from game.ui.controls import Chooser, TextField
    key(app, pygame.K_h)
    form = app.top
    assert isinstance(form.game, Chooser) and isinstance(form.count, Chooser)
    assert isinstance(form.name, TextField) and isinstance(form.port, TextField)
    assert all(isinstance(c, Chooser) for c in form.seat_choosers)
    first = form.game_id
    key(app, pygame.K_RIGHT)  # the game row has the focus: Right is the next game
    assert form.game_id != first
    key(app, pygame.K_LEFT)
    assert form.game_id == first
    key(app, pygame.K_DOWN)  # the name: typing goes there, G too
    assert form.name.focused
    type_text(app, "g")
    assert form.name.text.endswith("g") and form.game_id == first
    key(app, pygame.K_TAB)  # the port takes digits alone
    assert form.port.focused
    type_text(app, "x1")
    assert form.port.text == f"{hosting.DEFAULT_PORT}1"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_DOWN)  # the seat count
    n = len(form.seats)
    key(app, pygame.K_LEFT if n > form.rules.SEATS[0] else pygame.K_RIGHT)
    assert len(form.seats) != n
    key(app, pygame.K_DOWN)  # the first seat that is not the host's: open, then a computer
    assert form.seats[1] == ("open", None)
    key(app, pygame.K_RIGHT)
    assert form.seats[1][0] == "computer"
    assert not form.seat_choosers[0].enabled  # the host's own seat stays the host's
    key(app, pygame.K_ESCAPE)
    assert app.top is not form


@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (1920, 1080)])
def test_a_seat_panel_s_connection_dot_touches_neither_edge_nor_name(app, monkeypatch, size):
    from game.scenes import online_table
    from tests.ui.test_readable import record_frame, resize
    resize(app, size)
    scene, _ = table_scene(app, "lamarckian_poker", [TableSeat("Mia", "human"),
                                                     TableSeat("Wilhelmina"),
                                                     TableSeat("Computer 3", "computer")])
    dots = []
    drawn = online_table.canvas.circle

    def circle(surface, colour, centre, radius, *rest):
        dots.append(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))
        return drawn(surface, colour, centre, radius, *rest)
    monkeypatch.setattr(online_table.canvas, "circle", circle)
    records = record_frame(app)
    vp = scene.viewport
    for seat, dot in zip(range(3), dots):
        panel = vp.rect(*scene.panel_of(seat).rect)
        border = vp.length(3)
        assert dot.left > panel.left + border and dot.top > panel.top + border, (seat, size)
        full = scene.seats[seat].name
        name = next(r for kind, r, words in records  # a long name may end in an ellipsis
                    if kind == "text" and panel.contains(r)
                    and (words == full or words.endswith("…") and full.startswith(words[:-1])))
        assert dot.right < name.left, (seat, size, dot, name)
    app.main_menu()


def test_a_server_lobby_s_new_table_form_has_no_port_and_creates_there(app):
    from types import SimpleNamespace
    made = []
    lobby = SimpleNamespace(name=SimpleNamespace(text="Eve"),
                            create=lambda *args: made.append(args))
    form = HostTableScreen(app, "doubloons", lobby=lobby)
    app.push(form)
    assert form.port not in form.controls and form.name.text == "Eve"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the seat count: one more
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # seat 2: a computer
    key(app, pygame.K_RETURN)
    assert app.top is not form
    game_id, seats, _options, name = made[0]
    assert game_id == "doubloons" and name == "Eve" and len(seats) == len(form.seats)
    assert seats[1]["kind"] == "computer" and seats[0] == {"kind": "open"}
