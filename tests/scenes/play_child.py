"""A Deckhand process for the kill and signal tests: `python -m tests.scenes.play_child MODE GAME`.

It continues the saved game (the way Continue does), then:
- `final`: makes the final move, prints FINAL and runs the app's loop (the result animation)
  until the test kills it;
- `die-before-K`: makes the next move, killing itself with SIGKILL just before the K-th
  change on disk that the move makes (a file renamed into place or removed, by the saving
  thread too), K from 1; a K past the last change kills it just after the move's changes are
  on disk (an autosave is written on its own thread, a moment after the move);
- `loop`: makes one more move (not the final one), prints READY and runs the app's loop until
  the test signals it.
DECKHAND_HOME must be set; the game is the one `game_line` deals.
"""
from __future__ import annotations

import os
import random
import signal
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SEED = 7


def game_line(game_id: str) -> list:
    """The actions of one whole game of `game_id` on deal SEED, always the same."""
    from game.engine import games
    from game.engine.session import Session
    rules = games.get(game_id)
    session = Session(game_id, rules.SEATS[0], SEED)
    rnd = random.Random(SEED)
    while not session.is_over():
        session.apply(rnd.choice(session.legal_actions()))
    return session.actions


def seats_for(game_id: str):
    from game.engine import games
    count = games.get(game_id).SEATS[0]
    if count == 1:
        return None
    return [{"name": f"Sailor {i + 1}", "kind": "human", "level": "strong"} for i in range(count)]


def save_before(game_id: str, actions_left: int) -> None:
    """Keep the game `actions_left` actions short of its end, as autosave would have."""
    from game.engine import games
    from game.engine.session import Session
    from game.store import saves
    session = Session(game_id, games.get(game_id).SEATS[0], SEED)
    for text in game_line(game_id)[:-actions_left]:
        session.apply(text)
    saves.save(session, seats_for(game_id))


def die_before(step: int) -> None:
    """SIGKILL this process just before the `step`-th rename into place or removal."""
    count = [0]

    def wrap(real):
        def changed(*args, **kwargs):
            count[0] += 1
            if count[0] == step:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kwargs)
        return changed
    os.replace = wrap(os.replace)
    os.unlink = wrap(os.unlink)


def main(mode: str, game_id: str) -> None:
    from game.app import App
    from game.store import saves
    app = App((1280, 800))
    saved = saves.load(game_id)
    app.start_game(game_id, saved.session.seed, saved.session.options)
    scene = app.top
    scene.resume(saved)
    scene.table.finish_all()
    following = game_line(game_id)[len(saved.session.actions)]
    if mode == "loop":
        assert scene.act(following)
        print("READY", flush=True)
        app.run()
        return
    if mode.startswith("die-before-"):
        die_before(int(mode.removeprefix("die-before-")))
        scene.act(following)
        saves.settle()
        os.kill(os.getpid(), signal.SIGKILL)  # past the last change: just after the move
    assert scene.act(following) and scene.session.is_over()
    print("FINAL", flush=True)
    app.run()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
