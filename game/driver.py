"""Drive the app the way a person does: real pygame events through the event queue.

Used by `--smoke` (which must work inside the bundle) and by the scene tests.
"""
from __future__ import annotations

import pygame

FRAME = 1 / 60


def frames(app, n: int = 1, dt: float = FRAME) -> None:
    for _ in range(n):
        app.step(dt)


def settle(app, limit: int = 900) -> None:
    """Run frames until the top scene's cards stop moving."""
    for _ in range(limit):
        frames(app)
        table = getattr(app.top, "table", None)
        if table is None or not table.busy:
            return
    raise AssertionError("the cards never stopped moving")


def to_window(app, logical) -> tuple:
    """A logical point of the top scene (a table's reflowing space, or the design frame of a
    screen centred in the window) in window pixels."""
    return app.top.viewport.point(*logical)


def post(event_type, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app, logical) -> None:
    pos = to_window(app, logical)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 2)


def drag(app, start, end, steps: int = 6) -> None:
    a, b = to_window(app, start), to_window(app, end)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app, 2)


def key(app, k: int, mod: int = 0, unicode: str | None = None) -> None:
    if unicode is None:
        name = pygame.key.name(k)
        unicode = name if len(name) == 1 else ""
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    frames(app, 2)
