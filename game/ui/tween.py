"""dt-driven tweens with easing: values move over time, never per frame count."""
from __future__ import annotations


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.2
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


class Tween:
    """Interpolates a tuple of floats from `start` to `end` over `duration` seconds."""

    __slots__ = ("start", "end", "duration", "delay", "elapsed", "easing")

    def __init__(self, start, end, duration: float, delay: float = 0.0, easing=ease_out_cubic):
        self.start = tuple(start)
        self.end = tuple(end)
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.easing = easing

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    def update(self, dt: float) -> tuple:
        self.elapsed += dt
        return self.value

    def finish(self) -> tuple:
        self.elapsed = self.delay + self.duration
        return self.end

    @property
    def value(self) -> tuple:
        if self.duration <= 0 or self.done:
            return self.end
        if self.elapsed <= self.delay:  # (a dealt card waiting its turn: every easing starts at 0)
            return self.start
        t = (self.elapsed - self.delay) / self.duration
        k = self.easing(t)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end))
