"""Synthesize Deckhand's sound effects: assets/sounds/*.wav (mono, 22050 Hz, 16-bit).

    python build/make_sounds.py [output folder]

Pure Python (math, random with fixed seeds, wave), so anyone can remake them exactly.
Card noises are shaped noise bursts; the jingles are soft bell tones.
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


# -- building blocks: lists of floats in -1..1 ---------------------------------------------
def silence(seconds: float) -> list:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> list:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: list, cutoff: float) -> list:
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def bandpass(x: list, centre, q: float = 1.5) -> list:
    """A state-variable band-pass; `centre` is Hz or a function of time in 0..1."""
    low = band = 0.0
    out, n = [], len(x)
    for i, s in enumerate(x):
        fc = centre(i / n) if callable(centre) else centre
        f = 2.0 * math.sin(math.pi * fc / RATE)
        low += f * band
        high = s - low - band / q
        band += f * high
        out.append(band)
    return out


def envelope(x: list, attack: float, decay: float) -> list:
    """Linear attack over `attack` seconds, then exponential decay with time constant `decay`."""
    a = max(1, int(attack * RATE))
    return [s * (i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i, s in enumerate(x)]


def swell(x: list) -> list:
    """Rise and fall like sin^2 over the whole sound."""
    n = len(x)
    return [s * math.sin(math.pi * i / n) ** 2 for i, s in enumerate(x)]


def tone(freq: float, seconds: float, decay: float, partials=((1, 1.0),), attack=0.006) -> list:
    """A bell-like note: partials (multiple, level) with higher ones dying faster."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        v = sum(level * math.sin(2 * math.pi * freq * k * t) * math.exp(-t * k / decay)
                for k, level in partials)
        out.append(v * min(1.0, t / attack))
    return out


def place(track: list, sound: list, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    if len(track) < start + len(sound):
        track.extend([0.0] * (start + len(sound) - len(track)))
    for i, s in enumerate(sound):
        track[start + i] += s * gain


def finish(x: list, peak: float, fade: float = 0.01) -> list:
    """Normalise to `peak`; a 2 ms fade in and a `fade` out, so nothing clicks."""
    top = max(abs(s) for s in x) or 1.0
    n, a, f = len(x), int(0.002 * RATE), max(1, int(fade * RATE))
    return [s / top * peak * min(1.0, i / a, (n - 1 - i) / f) for i, s in enumerate(x)]


# -- the sounds --------------------------------------------------------------------------
def tick(rng: random.Random, brightness: float = 3200) -> list:
    """One card touching another: a very short band of noise with a little body."""
    burst = noise(0.035, rng)
    crisp = bandpass(burst, brightness, q=2.0)
    body = lowpass(burst, 700)
    return envelope([c + 0.6 * b for c, b in zip(crisp, body)], 0.0015, 0.008)


def deal() -> list:
    rng = random.Random(1)
    track = silence(0.28)
    for at, gain, bright in ((0.004, 1.0, 2600), (0.08, 0.8, 2900), (0.155, 0.9, 2700)):
        place(track, tick(rng, bright), at, gain)
    return finish(track, 0.6)


def flip() -> list:
    rng = random.Random(2)
    fwip = swell(bandpass(noise(0.13, rng), lambda t: 900 + 3600 * t, q=2.5))
    track = silence(0.17)
    place(track, fwip, 0.0)
    place(track, tick(rng, 3000), 0.11, 0.3)
    return finish(track, 0.55)


def slide() -> list:
    rng = random.Random(3)
    hiss = lowpass(noise(0.3, rng), 2500)
    whoosh = swell(bandpass(hiss, lambda t: 1600 - 900 * t, q=1.2))
    return finish(whoosh, 0.45, 0.02)


def drop() -> list:
    rng = random.Random(4)
    knock = [0.0] * int(0.26 * RATE)
    for freq, level, decay in ((190, 1.0, 0.055), (520, 0.5, 0.03), (1130, 0.25, 0.015)):
        place(knock, tone(freq, 0.26, decay, attack=0.002), 0.003, level)
    place(knock, envelope(lowpass(noise(0.02, rng), 1800), 0.0005, 0.004), 0.003, 0.25)
    return finish(knock, 0.65)


def nope() -> list:
    track = silence(0.44)
    soft = ((1, 1.0), (2, 0.3), (3, 0.1))
    place(track, tone(196.0, 0.2, 0.25, soft, attack=0.015), 0.0)
    place(track, tone(164.8, 0.24, 0.25, soft, attack=0.015), 0.19)
    return finish(track, 0.5, 0.03)


def win() -> list:
    bell = ((1, 1.0), (2, 0.25), (3, 0.08))
    track = silence(1.15)
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        place(track, tone(freq, 1.15 - 0.11 * i, 0.35 if i < 3 else 0.5, bell), 0.11 * i, 0.8)
    return finish(track, 0.5, 0.08)


def loss() -> list:
    mellow = ((1, 1.0), (2, 0.15))
    track = silence(1.15)
    for i, freq in enumerate((329.63, 261.63, 220.0)):
        place(track, tone(freq, 1.15 - 0.2 * i, 0.45, mellow, attack=0.02), 0.2 * i)
    return finish(track, 0.5, 0.1)


SOUNDS = {"deal": deal, "flip": flip, "slide": slide, "drop": drop, "illegal": nope,
          "win": win, "loss": loss}


def write(path: Path, samples: list) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(samples)}h", *(round(s * 32767) for s in samples)))


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        samples = make()
        write(out / f"{name}.wav", samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
