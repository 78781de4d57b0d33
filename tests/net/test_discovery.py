"""Tables announced on the local network (zeroconf): what an announcement holds and how the
join screen reads one. Built in memory: no packet leaves the machine in the tests."""
from zeroconf import ServiceInfo

from game.net import discovery, protocol
from tests.net.harness import new_table


def test_an_announcement_says_where_the_table_is_and_nothing_of_the_game():
    table = new_table("pirate_rummy")
    info = discovery.service_info(table, "Mia", "192.168.1.20", 8765)
    assert info.type == discovery.SERVICE and info.port == 8765
    assert info.decoded_properties == {"v": str(protocol.VERSION), "game": "pirate_rummy",
                                       "code": table.code, "host": "Mia"}
    assert discovery.describe(info) == {
        "name": info.name, "address": "192.168.1.20:8765", "game": "pirate_rummy",
        "title": "Pirate Rummy", "code": table.code, "host": "Mia"}
    assert str(table.session.seed) not in str(info.properties) + info.name


def announcement(**props):
    base = {"v": str(protocol.VERSION), "game": "doubloons", "code": "ABC234", "host": "Ned"}
    base.update(props)
    base = {k: v for k, v in base.items() if v is not None}
    return ServiceInfo(discovery.SERVICE, f"x.{discovery.SERVICE}", addresses=[bytes([10, 0, 0, 7])],
                       port=8765, properties=base, server="x.local.")


def test_an_announcement_the_join_screen_cannot_use_is_left_out():
    assert discovery.describe(announcement())["address"] == "10.0.0.7:8765"
    assert discovery.describe(announcement(v="99")) is None         # another protocol
    assert discovery.describe(announcement(game="scoundrel")) is None
    assert discovery.describe(announcement(code=None)) is None
    assert discovery.describe(announcement(host=None)) is None


def test_a_closed_browser_leaves_no_thread_listening(monkeypatch):
    """Closing zeroconf left the browser's thread waiting for ever: one more thread for every
    visit to the join screen. (On 127.0.0.1 alone.)"""
    import functools
    import threading

    import zeroconf
    monkeypatch.setattr(zeroconf, "Zeroconf",
                        functools.partial(zeroconf.Zeroconf, interfaces=["127.0.0.1"]))
    browser = discovery.Browser()
    for _ in range(500):
        if browser.browser is not None:
            break
        threading.Event().wait(0.01)
    listening = browser.browser
    assert listening is not None and listening.is_alive()
    browser.close()
    listening.join(10)
    assert not listening.is_alive() and browser.browser is None


def test_a_table_heard_or_gone_wakes_a_sleeping_window(monkeypatch):
    """The join screen's list changes by itself: the window, asleep until input, looks at once."""
    from types import SimpleNamespace

    from game import wake
    monkeypatch.setattr(discovery.Browser, "start", lambda self: None)  # (no network)
    browser = discovery.Browser()
    heard = announcement()
    zeroconf = SimpleNamespace(get_service_info=lambda service_type, name, timeout: heard)
    wake.requested.clear()
    browser.resolve(zeroconf, discovery.SERVICE, heard.name)
    assert [t["code"] for t in browser.tables()] == ["ABC234"] and wake.requested.is_set()
    wake.requested.clear()
    browser.on_change(zeroconf, discovery.SERVICE, heard.name, SimpleNamespace(name="Removed"))
    assert browser.tables() == [] and wake.requested.is_set()
    wake.requested.clear()
