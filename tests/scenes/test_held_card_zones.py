"""The zones a held card may go to glow every frame it is held; they are worked out once per
state (Pirate Rummy's took 4 ms a frame at a full table) and again as soon as anything they
depend on changes."""
from game.engine import scoundrel as rules
from game.engine.session import Session

from .driver import settle


def test_a_held_cards_zones_are_worked_out_once_per_state_and_again_after_a_move(app, monkeypatch):
    app.settings.animation_speed = "instant"
    app.start_game("scoundrel", 1)
    scene = app.top
    scene.use_session(Session("scoundrel", 1, 1, None, rules.DECK))
    settle(app)
    asked = []
    drop_action = scene.drop_action
    monkeypatch.setattr(scene, "drop_action", lambda code, zone: asked.append(zone) or
                        drop_action(code, zone))
    card = scene.session.view(0).room[0]
    zones = scene.legal_zones(card)
    assert zones and asked
    asked.clear()
    assert scene.legal_zones(card) == zones
    assert not asked  # nothing changed: nothing asked again
    other = next(a for a in scene.session.legal_actions()
                 if card not in str(a) and not str(a).startswith("avoid"))
    scene.act(other)  # another room card faced: the state is new, the held card still there
    settle(app)
    assert card in scene.session.view(0).room
    after = scene.legal_zones(card)
    assert asked  # worked out again for the new state
    scene._legal_zones = None
    assert after == scene.legal_zones(card)
