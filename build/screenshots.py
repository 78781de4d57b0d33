"""Render Deckhand's screenshots from the app itself: `python build/screenshots.py [folder]`.

Plays a few hint-guided moves in each game and saves PNGs (docs/ by default). Runs
headless; the pictures are exactly what the window shows.
"""
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DECKHAND_HOME", tempfile.mkdtemp(prefix="deckhand-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402


def settle(app, frames=120):
    for _ in range(frames):
        app.step(1 / 60)
    app.art.wait()  # cards still rendering on the worker at a new size show in the picture
    app.step(1 / 60)


def play_hints(app, moves):
    scene = app.top
    for _ in range(moves):
        if scene.session.is_over():
            break
        hint = scene.hint()
        scene.act(hint.action)
        settle(app, 30)


def play_turns(app, turns):
    """Let the computer seats play; the seat at the screen plays its first legal action."""
    scene = app.top
    for _ in range(20000):
        app.step(1 / 60)
        if app.top is not scene:
            app.pop(app.top)  # a round summary: not for the picture
        elif scene.accepts_moves() and not scene.table.busy and not getattr(scene, "playback", None):
            if turns == 0:
                break
            turns -= 1
            scene.act(scene.session.legal_actions()[0])
    settle(app, 60)


def main(folder="docs", size=(1280, 800)):
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size)
    settle(app, 10)
    pygame.image.save(app.surface, out / "screenshot-menu.png")
    app.start_game("scoundrel", 2024)
    settle(app)
    play_hints(app, 7)
    scene = app.top
    scene.show_hint()
    settle(app, 20)
    pygame.image.save(app.surface, out / "screenshot.png")
    play_hints(app, 200)
    settle(app, 200)
    pygame.image.save(app.surface, out / "screenshot-result.png")
    app.start_game("bogey", 31)
    settle(app)
    play_hints(app, 40)
    settle(app, 60)
    pygame.image.save(app.surface, out / "screenshot-bogey.png")
    for game_id, seed, turns in (("abandon_ship", 12, 9), ("lamarckian_poker", 5, 4)):
        app.start_game(game_id, seed)
        play_turns(app, turns)
        pygame.image.save(app.surface, out / f"screenshot-{game_id.replace('_', '-')}.png")
    print("saved", ", ".join(sorted(p.name for p in out.glob("screenshot*.png"))), "in", out)


if __name__ == "__main__":
    main(*sys.argv[1:2])
